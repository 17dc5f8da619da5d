//! Shared helpers of the game tests: configurations, scripted actions with the
//! player who takes them, refused actions that must change nothing, and a quick
//! way to end a game with five in a row.

#![allow(dead_code)] // Each test crate uses its own subset of these helpers.

use narabe_rules::{Action, Color, Game, GameConfig, Player, Point, Rejection, ResultReason};

/// The point named `name`.
pub fn point(name: &str) -> Point {
    name.parse()
        .unwrap_or_else(|error| panic!("{name}: {error}"))
}

/// The configuration for a game and opening with the defaults for the rest.
pub fn config(game: &str, opening: &str) -> GameConfig {
    GameConfig::from_words(game, None, Some(opening), None, false)
        .unwrap_or_else(|error| panic!("{game} {opening}: {error}"))
}

/// A new game of `game` with `opening`.
pub fn new_game(game: &str, opening: &str) -> Game {
    Game::new(config(game, opening))
}

/// The player written `A`/`first` or `B`/`second`.
pub fn player(word: &str) -> Player {
    match word {
        "A" | "first" => Player::First,
        "B" | "second" => Player::Second,
        _ => panic!("not a player: {word}"),
    }
}

/// Applies each line `A <action>` or `B <action>` of `script` (blank lines and
/// `#` comments skipped), panicking with the line when an action is refused.
pub fn play(game: &mut Game, script: &str) {
    for line in script.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (who, action) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("bad script line {line:?}"));
        let who = player(who);
        let action: Action = action
            .parse()
            .unwrap_or_else(|error| panic!("{line}: {error}"));
        take(game, who, action, line);
    }
}

/// Applies `action` by `who`, panicking with `context` (where the action was
/// written) unless `who` is the actor and the action is accepted.
pub fn take(game: &mut Game, who: Player, action: Action, context: &str) {
    assert_eq!(
        game.actor(),
        Some(who),
        "{context}: the actor is {:?} in phase {}",
        game.actor(),
        game.phase()
    );
    if let Err(rejection) = game.apply(who, action) {
        panic!("{context}: refused: {} ({rejection})", rejection.code());
    }
}

/// A game of `game`/`opening` after `script`.
pub fn played(game: &str, opening: &str, script: &str) -> Game {
    let mut played = new_game(game, opening);
    play(&mut played, script);
    played
}

/// Tries `action` by `who`, expecting a refusal, and checks that the game did
/// not change at all.
pub fn refuse(game: &mut Game, who: Player, action: &str) -> Rejection {
    let before = game.clone();
    let action: Action = action.parse().unwrap_or_else(|error| panic!("{error}"));
    let rejection = game
        .apply(who, action)
        .expect_err("the action should be refused");
    assert_eq!(*game, before, "a refused {action} changed the game");
    rejection
}

/// Like [`refuse`], by the current actor (or `first` once the game is over).
pub fn refuse_next(game: &mut Game, action: &str) -> Rejection {
    let who = game.actor().unwrap_or(Player::First);
    refuse(game, who, action)
}

/// Lets the actor (in normal play) win with five on the second line while the
/// other player answers on the line below the top, spaced out; returns the
/// winner. The points used must be empty.
pub fn finish_with_five(game: &mut Game) -> Player {
    let winner = game.actor().expect("the game goes on");
    let top = game.config().size().get() - 1;
    let own = ["c2", "d2", "e2", "f2", "g2"];
    let other = [(2, top), (4, top), (6, top), (8, top)];
    for (index, name) in own.iter().enumerate() {
        let script = format!("{} place {name}", letter(winner));
        play(game, &script);
        if let Some(&(col, row)) = other.get(index).filter(|_| index < 4) {
            let reply = Point::new(col, row - 1).expect("on the board");
            play(game, &format!("{} place {reply}", letter(winner.other())));
        }
    }
    let result = game.result().expect("five ends the game");
    assert_eq!(result.winner, Some(winner));
    assert_eq!(result.winner_color, Some(game.color_of(winner)));
    assert_eq!(result.reason.code(), "five");
    winner
}

/// `A` or `B`.
pub fn letter(player: Player) -> &'static str {
    match player {
        Player::First => "A",
        Player::Second => "B",
    }
}

/// Checks the basic facts of a finished game and that replaying its log gives
/// the same game.
pub fn check_finished(game: &Game) {
    assert!(game.is_over());
    assert_eq!(game.actor(), None);
    assert!(game.open_actions().is_empty());
    let replayed = Game::replay(*game.config(), game.log().actions())
        .unwrap_or_else(|(index, rejection)| panic!("replay refused action {index}: {rejection}"));
    assert_eq!(&replayed, game);
    let text = game.log().to_string();
    assert_eq!(
        text.parse::<narabe_rules::GameLog>().as_ref(),
        Ok(game.log())
    );
}

/// The colour `player` holds in `game`.
pub fn color(game: &Game, player: Player) -> Color {
    game.color_of(player)
}

/// Whether the game ended by resignation.
pub fn resigned(game: &Game) -> bool {
    game.result()
        .is_some_and(|result| result.reason == ResultReason::Resignation)
}

//! One game between two engine processes, judged by narabe's rules: the
//! referee trusts nothing the engines say and checks every answer itself.

use std::time::{Duration, Instant};

use narabe_engine::GomocupCoord;
use narabe_rules::{
    BoardSize, Color, IllegalMove, Move, Outcome, OutcomeReason, Point, Position, RuleSet,
};

use super::game_record::{EndReason, GameRecord, Side};
use super::openings::{Opening, opening_position};
use crate::gomocup::engine_process::{EngineFailure, EngineProcess};
use crate::gomocup::rule_value::rule_value;

/// What every game of a match shares.
#[derive(Debug, Clone)]
pub struct MatchSettings {
    /// The rule set.
    pub rules: RuleSet,
    /// The board.
    pub size: BoardSize,
    /// The time of one move (`INFO timeout_turn`).
    pub move_time: Duration,
    /// The time of a whole game for each engine (`INFO timeout_match`), if any.
    pub match_time: Option<Duration>,
    /// How late an answer may come before it loses: process start-up, pipes and
    /// a busy machine cost time the engine cannot see.
    pub tolerance: Duration,
    /// How long an engine may take to answer `START` (loading tables).
    pub start_timeout: Duration,
    /// The first engine's command line.
    pub first: String,
    /// The second engine's command line.
    pub second: String,
}

impl MatchSettings {
    fn command(&self, side: Side) -> &str {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }
}

/// One engine in a game.
struct Player {
    side: Side,
    color: Color,
    process: Option<EngineProcess>,
    /// How many moves of the game the engine has been told (0: never asked).
    moves_known: usize,
    /// What remains of its game time, with a match time.
    time_left: Option<Duration>,
}

impl Player {
    fn label(&self) -> String {
        format!("{} ({})", self.color, self.side.name())
    }
}

/// How a game ended before the record is made.
type Ending = (Option<Color>, EndReason);

fn loses(player: &Player, code: &'static str, detail: impl std::fmt::Display) -> Ending {
    (
        Some(!player.color),
        EndReason {
            code,
            detail: format!("{} loses: {detail}", player.label()),
        },
    )
}

/// Plays game `number` from `opening` with `black` holding Black, and ends both
/// engines (`END`, then a kill for an engine that stays).
#[must_use]
pub fn play_game(
    settings: &MatchSettings,
    number: usize,
    opening: &Opening,
    black: Side,
) -> GameRecord {
    let mut players = [Color::Black, Color::White].map(|color| Player {
        side: if color == Color::Black {
            black
        } else {
            black.other()
        },
        color,
        process: None,
        moves_known: 0,
        time_left: settings.match_time,
    });
    let mut moves: Vec<Move> = opening.moves.iter().copied().map(Move::Place).collect();
    let mut times: Vec<Option<u32>> = vec![None; moves.len()];
    let (winner, mut reason) = play(settings, opening, &mut players, &mut moves, &mut times);
    for player in &mut players {
        if let Some(process) = player.process.take()
            && process.finish()
        {
            reason.detail.push_str(&format!(
                "; {} did not exit after END and was killed",
                player.label()
            ));
        }
    }
    GameRecord {
        number,
        opening: opening.clone(),
        black,
        moves,
        times,
        winner,
        reason,
    }
}

/// Plays the game from the opening on, adding each move to `moves` and the
/// time its engine took to `times` (none for the referee's passes).
fn play(
    settings: &MatchSettings,
    opening: &Opening,
    players: &mut [Player; 2],
    moves: &mut Vec<Move>,
    times: &mut Vec<Option<u32>>,
) -> Ending {
    for player in players.iter_mut() {
        if let Err(ending) = start(settings, player) {
            return ending;
        }
    }
    let mut position = opening_position(opening, settings.rules, settings.size)
        .expect("openings are checked when the match is set up");
    loop {
        if let Some(outcome) = position.outcome() {
            let code = outcome.reason.code();
            let detail = describe_outcome(outcome, players);
            return (outcome.winner, EndReason { code, detail });
        }
        if only_fouls_left(&position) {
            // Black's only move is a pass, which the Gomocup protocol cannot
            // say: the referee passes for Black (RULES.md: renju allows passing
            // after the opening; two passes in a row draw).
            position
                .play_mut(Move::Pass)
                .expect("renju allows a pass once the opening is over");
            moves.push(Move::Pass);
            times.push(None);
            continue;
        }
        let player = &mut players[position.turn().index()];
        let (point, spent) = match ask_move(settings, player, moves) {
            Ok(answer) => answer,
            Err(ending) => return ending,
        };
        let coord = GomocupCoord::from_point(point, settings.size);
        match position.play_mut(Move::Place(point)) {
            Ok(()) => {}
            Err(IllegalMove::Occupied(_)) => {
                return loses(
                    player,
                    "illegal-move",
                    format!("answered {coord} ({point}), which is occupied"),
                );
            }
            Err(error) => {
                return loses(
                    player,
                    "illegal-move",
                    format!("answered {coord} ({point}): {error}"),
                );
            }
        }
        moves.push(Move::Place(point));
        times.push(Some(u32::try_from(spent.as_millis()).unwrap_or(u32::MAX)));
        player.moves_known = moves.len();
    }
}

/// Whether Black is to move in renju with every empty point forbidden.
fn only_fouls_left(position: &Position) -> bool {
    position.turn() == Color::Black
        && position.rules().has_forbidden_moves()
        && position.board().empty_points().all(|point| {
            position
                .black_verdict(point)
                .is_some_and(|verdict| verdict.is_foul())
        })
}

/// The end of the game on the board in words, naming the engines.
fn describe_outcome(outcome: Outcome, players: &[Player; 2]) -> String {
    let label = |color: Color| players[color.index()].label();
    match (outcome.winner, outcome.reason) {
        (Some(winner), OutcomeReason::Row(row)) if row.length == 5 => {
            format!("{} wins with five in a row", label(winner))
        }
        (Some(winner), OutcomeReason::Row(row)) => {
            format!("{} wins with {} in a row", label(winner), row.length)
        }
        (_, OutcomeReason::Foul { point, kind }) => format!(
            "{} wins: {} played the forbidden point {point} ({kind})",
            label(Color::White),
            label(Color::Black)
        ),
        _ => outcome.to_string(),
    }
}

/// Starts the player's engine and sets it up: `START`, then the settings.
fn start(settings: &MatchSettings, player: &mut Player) -> Result<(), Ending> {
    let command = settings.command(player.side);
    let mut process =
        EngineProcess::spawn(command).map_err(|error| loses(player, "start-failed", error))?;
    let size = settings.size.get();
    let answer = process
        .send(&format!("START {size}"))
        .and_then(|()| process.answer(Instant::now() + settings.start_timeout));
    match answer {
        Ok(line) if line.eq_ignore_ascii_case("OK") => {}
        Ok(line) => {
            return Err(loses(
                player,
                "start-failed",
                format!("answered {line:?} to START {size}"),
            ));
        }
        Err(EngineFailure::Timeout) => {
            return Err(loses(
                player,
                "start-failed",
                format!(
                    "no answer to START {size} within {} ms",
                    settings.start_timeout.as_millis()
                ),
            ));
        }
        Err(EngineFailure::Crashed(why)) => return Err(loses(player, "start-failed", why)),
    }
    let rule = rule_value(settings.rules).expect("the rule is checked at set-up");
    let mut infos = vec![
        format!("INFO timeout_turn {}", settings.move_time.as_millis()),
        format!(
            "INFO timeout_match {}",
            settings.match_time.map_or(0, |time| time.as_millis())
        ),
        "INFO game_type 1".to_owned(),
        format!("INFO rule {rule}"),
    ];
    if let Some(time) = settings.match_time {
        infos.push(format!("INFO time_left {}", time.as_millis()));
    }
    for info in &infos {
        if let Err(failure) = process.send(info) {
            return Err(loses(player, "crash", failure_text(&failure)));
        }
    }
    player.process = Some(process);
    Ok(())
}

fn failure_text(failure: &EngineFailure) -> String {
    match failure {
        EngineFailure::Timeout => "no answer in time".to_owned(),
        EngineFailure::Crashed(why) => why.clone(),
    }
}

/// Tells the player what it has not seen and waits for its move: `BEGIN` on an
/// empty board, `TURN` with the opponent's move when that is all it missed, else
/// the whole position with `BOARD` (its first move after an opening, or after
/// the referee passed for Black).
fn ask_move(
    settings: &MatchSettings,
    player: &mut Player,
    moves: &[Move],
) -> Result<(Point, Duration), Ending> {
    let size = settings.size;
    let mut lines = Vec::new();
    if let Some(left) = player.time_left {
        lines.push(format!("INFO time_left {}", left.as_millis()));
    }
    if moves.is_empty() {
        lines.push("BEGIN".to_owned());
    } else if let (true, Some(&Move::Place(last))) =
        (player.moves_known + 1 == moves.len(), moves.last())
    {
        lines.push(format!("TURN {}", GomocupCoord::from_point(last, size)));
    } else {
        lines.push("BOARD".to_owned());
        let first_color = settings.rules.first_color();
        // A pass is a move too: colours keep alternating through it.
        for (index, &point) in moves.iter().enumerate().filter_map(|(index, mv)| match mv {
            Move::Place(point) => Some((index, point)),
            Move::Pass => None,
        }) {
            let color = if index % 2 == 0 {
                first_color
            } else {
                !first_color
            };
            let field = if color == player.color { 1 } else { 2 };
            lines.push(format!("{},{field}", GomocupCoord::from_point(point, size)));
        }
        lines.push("DONE".to_owned());
    }
    let process = player.process.as_mut().expect("started");
    for line in &lines {
        if let Err(failure) = process.send(line) {
            return Err(loses(player, "crash", failure_text(&failure)));
        }
    }
    let move_limit = settings.move_time + settings.tolerance;
    let (limit, limit_code) = match player.time_left {
        Some(left) if left + settings.tolerance < move_limit => {
            (left + settings.tolerance, "match-time")
        }
        _ => (move_limit, "timeout"),
    };
    let asked = Instant::now();
    let mut answer = process.answer(asked + limit);
    // The protocol answers INFO with nothing, but some engines say OK to it:
    // a stray OK is no move and no reason to lose.
    while answer
        .as_ref()
        .is_ok_and(|line| line.eq_ignore_ascii_case("OK"))
    {
        answer = process.answer(asked + limit);
    }
    let spent = asked.elapsed();
    if let Some(left) = player.time_left.as_mut() {
        *left = left.saturating_sub(spent);
    }
    let line = match answer {
        Ok(line) => line,
        Err(EngineFailure::Timeout) => {
            let what = if limit_code == "timeout" {
                "move"
            } else {
                "game"
            };
            return Err(loses(
                player,
                limit_code,
                format!(
                    "no move within {} ms ({what} time plus {} ms tolerance)",
                    limit.as_millis(),
                    settings.tolerance.as_millis()
                ),
            ));
        }
        Err(EngineFailure::Crashed(why)) => return Err(loses(player, "crash", why)),
    };
    let keyword = line.split_whitespace().next().unwrap_or_default();
    if keyword.eq_ignore_ascii_case("ERROR") || keyword.eq_ignore_ascii_case("UNKNOWN") {
        return Err(loses(
            player,
            "engine-error",
            format!("answered {line:?} instead of a move"),
        ));
    }
    let coord: GomocupCoord = line.parse().map_err(|_| {
        loses(
            player,
            "unparsable",
            format!("answered {line:?}, which is not a move x,y"),
        )
    })?;
    let point = coord.to_point(size).ok_or_else(|| {
        loses(
            player,
            "illegal-move",
            format!("answered {coord}, which is off the {size} board"),
        )
    })?;
    Ok((point, spent))
}

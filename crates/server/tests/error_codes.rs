//! Every error code the server can answer with, over HTTP or the WebSocket,
//! has a sentence in each of the web client's four dictionaries
//! (`'error.<code>'` in `web/assets/js/strings.js` and
//! `web/assets/js/locales/{cs,et,ru}.js`) and a row in the table of error
//! codes of `docs/api.md`, with its statuses; the table lists nothing else.
//!
//! The codes come from two places: the error types (the refusals of the rules
//! and of the session, the errors of a live game and those of the HTTP edge,
//! listed below by exhaustive matches, so that a new variant does not compile
//! until it is listed), and the codes the WebSocket writes itself, read from
//! its source: the code argument of every `error_message(..)`. A code argument
//! that is not a literal must be one of the few expressions that pass a code
//! on.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use narabe_game::SessionRejection;
use narabe_rules::{ActionKind, FoulKind, IllegalMove, Phase, Player, Point, Rejection, Zone};
use narabe_server::{ApiError, BotError, GameError, StorageTrouble, TournamentError};
use narabe_tournament::PlayerId;
use narabe_tournament::session::Rejection as TournamentRejection;

/// The status column of a code only the WebSocket sends.
const WEBSOCKET_ONLY: &str = "WebSocket only";

/// Code arguments that pass on a code found elsewhere: the code of a
/// `GameError` or an `ApiError` (listed by the matches below).
const FORWARDED: [&str; 1] = ["error.code()"];

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn point(name: &str) -> Point {
    name.parse().expect("a point")
}

/// One rejection of every kind the rules have.
fn rule_rejections() -> Vec<Rejection> {
    vec![
        Rejection::NotYourTurn {
            player: Player::Second,
            expected: Player::First,
        },
        Rejection::WrongPhase {
            action: ActionKind::Swap,
            phase: Phase::Place,
        },
        Rejection::OutsideZone {
            point: point("a1"),
            zone: Zone::Exactly(point("h8")),
        },
        Rejection::SymmetricOffer {
            point: point("j9"),
            earlier: point("g9"),
        },
        Rejection::AlreadyOffered(point("j9")),
        Rejection::TooManyOffers(2),
        Rejection::NotOffered(point("k11")),
        Rejection::Illegal(IllegalMove::Occupied(point("h8"))),
        Rejection::Illegal(IllegalMove::OffBoard(point("s19"))),
        Rejection::Illegal(IllegalMove::Forbidden {
            point: point("j8"),
            kind: FoulKind::DoubleThree,
        }),
        Rejection::PassNotAllowed,
        Rejection::CountOutOfRange { count: 12, max: 10 },
        Rejection::GameOver,
    ]
}

/// The kind of a rules rejection. One arm per variant and no wildcard: a new
/// variant does not compile until it is listed here (and given a sample in
/// [`rule_rejections`], which the test checks covers every arm).
fn rule_kind(rejection: &Rejection) -> &'static str {
    match rejection {
        Rejection::NotYourTurn { .. } => "not-your-turn",
        Rejection::WrongPhase { .. } => "wrong-phase",
        Rejection::OutsideZone { .. } => "outside-zone",
        Rejection::SymmetricOffer { .. } => "symmetric-offer",
        Rejection::AlreadyOffered(_) => "already-offered",
        Rejection::TooManyOffers(_) => "too-many-offers",
        Rejection::NotOffered(_) => "not-offered",
        Rejection::Illegal(IllegalMove::Occupied(_)) => "occupied",
        Rejection::Illegal(IllegalMove::OffBoard(_)) => "off-board",
        Rejection::Illegal(IllegalMove::Forbidden { .. }) => "forbidden",
        Rejection::Illegal(IllegalMove::GameOver | IllegalMove::PassNotAllowed) => {
            unreachable!("the game refuses these as its own GameOver and PassNotAllowed")
        }
        Rejection::PassNotAllowed => "pass-not-allowed",
        Rejection::CountOutOfRange { .. } => "count-out-of-range",
        Rejection::GameOver => "game-over",
    }
}

/// One refusal of every kind the session has, the rules' among them.
fn session_rejections() -> Vec<SessionRejection> {
    let mut all: Vec<SessionRejection> = rule_rejections()
        .into_iter()
        .map(SessionRejection::Game)
        .collect();
    all.extend([
        SessionRejection::GameOver,
        SessionRejection::NotOver,
        SessionRejection::TimeUp(Player::First),
        SessionRejection::ServerOnly,
        SessionRejection::SeatOnly,
        SessionRejection::TimeNotUp(Player::Second),
        SessionRejection::NothingToCredit(Player::First),
        SessionRejection::NothingToAnswer("draw offer"),
        SessionRejection::NothingToWithdraw("draw offer"),
        SessionRejection::RequestLimit {
            request: "draw offer",
            limit: 10,
        },
        SessionRejection::AlreadyPending("takeback request"),
        SessionRejection::TakebacksDisabled,
        SessionRejection::NothingToTakeBack,
        SessionRejection::AbortTooLate,
        SessionRejection::ClaimUnavailable,
        SessionRejection::ClaimTooEarly,
        SessionRejection::OpponentNotGone { wait_ms: 12_000 },
        SessionRejection::RematchAgreed,
    ]);
    all
}

/// The kind of a session refusal: one arm per variant, no wildcard, as
/// [`rule_kind`].
fn session_kind(rejection: &SessionRejection) -> &'static str {
    match rejection {
        SessionRejection::Game(rule) => rule_kind(rule),
        SessionRejection::GameOver => "game-over",
        SessionRejection::NotOver => "not-over",
        SessionRejection::TimeUp(_) => "time-up",
        SessionRejection::ServerOnly => "server-only",
        SessionRejection::SeatOnly => "seat-only",
        SessionRejection::TimeNotUp(_) => "time-not-up",
        SessionRejection::NothingToCredit(_) => "nothing-to-credit",
        SessionRejection::NothingToAnswer(_) => "nothing-to-answer",
        SessionRejection::NothingToWithdraw(_) => "nothing-to-withdraw",
        SessionRejection::RequestLimit { .. } => "request-limit",
        SessionRejection::AlreadyPending(_) => "already-pending",
        SessionRejection::TakebacksDisabled => "takebacks-disabled",
        SessionRejection::NothingToTakeBack => "nothing-to-take-back",
        SessionRejection::AbortTooLate => "abort-too-late",
        SessionRejection::ClaimUnavailable => "claim-unavailable",
        SessionRejection::ClaimTooEarly => "claim-too-early",
        SessionRejection::OpponentNotGone { .. } => "opponent-not-gone",
        SessionRejection::RematchAgreed => "rematch-agreed",
    }
}

/// One error of every kind a live game has, the session's refusals among
/// them.
fn game_errors() -> Vec<GameError> {
    let mut all: Vec<GameError> = session_rejections()
        .into_iter()
        .map(GameError::Rejected)
        .collect();
    all.extend([
        GameError::NotFound,
        GameError::Malformed("unknown action".to_owned()),
        GameError::NotSeated,
        GameError::BadInvite,
        GameError::SeatTaken { watch: None },
        GameError::NoInvite,
        GameError::Conflict,
        GameError::Storage(StorageTrouble::MoveNotSaved),
        GameError::Gone,
        GameError::Damaged,
        GameError::TooLong { limit: 1_000 },
        GameError::AnalysisUnavailable,
        GameError::BadPly { moves: 3 },
        GameError::NothingToAnalyse,
        GameError::TooManyComputerGames { limit: 4 },
        GameError::NoRematchWithBots,
    ]);
    all
}

/// The code of a game error: one arm per variant, no wildcard, as
/// [`rule_kind`].
fn game_kind(error: &GameError) -> &'static str {
    match error {
        GameError::Rejected(rejection) => session_kind(rejection),
        GameError::NotFound => "not-found",
        GameError::Malformed(_) => "malformed",
        GameError::NotSeated => "unauthorized",
        GameError::BadInvite => "bad-invite",
        GameError::SeatTaken { .. } => "seat-taken",
        GameError::NoInvite => "no-invite",
        GameError::Conflict => "conflict",
        GameError::Storage(_) => "unavailable",
        GameError::Gone => "unavailable",
        GameError::Damaged => "game-damaged",
        GameError::TooLong { .. } => "game-too-long",
        GameError::AnalysisUnavailable => "analysis-unavailable",
        GameError::BadPly { .. } => "bad-ply",
        GameError::NothingToAnalyse => "game-over",
        GameError::TooManyComputerGames { .. } => "too-many-computer-games",
        GameError::NoRematchWithBots => "not-for-bots",
    }
}

/// One error of every kind a tournament has, its refusals among them.
fn tournament_errors() -> Vec<TournamentError> {
    let refusals = [
        TournamentRejection::BadName { max: 24 },
        TournamentRejection::NameTaken("Ann".to_owned()),
        TournamentRejection::Full { max: 8 },
        TournamentRejection::JoiningClosed,
        TournamentRejection::NoSuchPlayer(PlayerId(9)),
        TournamentRejection::PlayerState {
            player: PlayerId(1),
            why: "not paused",
        },
        TournamentRejection::TournamentState("it is over"),
        TournamentRejection::TooFewPlayers,
        TournamentRejection::Unpairable("every pairing repeats a game".to_owned()),
        TournamentRejection::Mismatch("no line 9 in round 1".to_owned()),
        TournamentRejection::BadText { max: 500 },
    ];
    let mut all: Vec<TournamentError> =
        refusals.into_iter().map(TournamentError::Refused).collect();
    all.extend([
        TournamentError::NotFound,
        TournamentError::NotAPlayer,
        TournamentError::NotOrganiser,
        TournamentError::Malformed("unknown action".to_owned()),
        TournamentError::Conflict,
        TournamentError::Storage,
        TournamentError::Damaged,
        TournamentError::Gone,
    ]);
    all
}

/// The code of a tournament error: one arm per variant, no wildcard.
fn tournament_kind(error: &TournamentError) -> &'static str {
    match error {
        TournamentError::Refused(rejection) => match rejection {
            TournamentRejection::BadName { .. } => "bad-name",
            TournamentRejection::NameTaken(_) => "name-taken",
            TournamentRejection::Full { .. } => "tournament-full",
            TournamentRejection::JoiningClosed => "joining-closed",
            TournamentRejection::NoSuchPlayer(_) => "no-such-player",
            TournamentRejection::PlayerState { .. } => "refused",
            TournamentRejection::TournamentState(_) => "refused",
            TournamentRejection::TooFewPlayers => "too-few-players",
            TournamentRejection::Unpairable(_) => "unpairable",
            TournamentRejection::Mismatch(_) => "refused",
            TournamentRejection::BadText { .. } => "bad-text",
        },
        TournamentError::NotFound => "not-found",
        TournamentError::NotAPlayer => "not-a-player",
        TournamentError::NotOrganiser => "not-organiser",
        TournamentError::Malformed(_) => "bad-request",
        TournamentError::Conflict => "conflict",
        TournamentError::Storage => "unavailable",
        TournamentError::Damaged => "tournament-damaged",
        TournamentError::Gone => "unavailable",
    }
}

/// The number of arms of [`tournament_kind`], its refusals' included.
const TOURNAMENT_KINDS: usize = 19;

/// One error of every kind the bots have.
fn bot_errors() -> Vec<BotError> {
    vec![
        BotError::BadName("a bot's name has 2 to 24 characters".to_owned()),
        BotError::NameTaken("Rapfi".to_owned()),
        BotError::BadProfile("unknown game".to_owned()),
        BotError::NoSuchBot,
        BotError::BadKey,
        BotError::WrongBot,
        BotError::Revoked,
        BotError::NoSuchChallenge,
        BotError::ChallengeClosed("declined"),
        BotError::NotYourChallenge("accept"),
        BotError::SelfChallenge,
        BotError::NotYourGame,
        BotError::Storage,
    ]
}

/// The code of a bot error: one arm per variant, no wildcard.
fn bot_kind(error: &BotError) -> &'static str {
    match error {
        BotError::BadName(_) => "bad-bot-name",
        BotError::NameTaken(_) => "bot-name-taken",
        BotError::BadProfile(_) => "bad-bot-profile",
        BotError::NoSuchBot => "not-found",
        BotError::BadKey => "unauthorized",
        BotError::WrongBot => "unauthorized",
        BotError::Revoked => "bot-revoked",
        BotError::NoSuchChallenge => "not-found",
        BotError::ChallengeClosed(_) => "challenge-closed",
        BotError::NotYourChallenge(_) => "not-your-challenge",
        BotError::SelfChallenge => "self-challenge",
        BotError::NotYourGame => "not-your-game",
        BotError::Storage => "unavailable",
    }
}

/// The number of arms of [`bot_kind`].
const BOT_KINDS: usize = 13;

/// One error of every kind the HTTP edge has, a live game's among them.
fn api_errors() -> Vec<ApiError> {
    let mut all: Vec<ApiError> = game_errors().into_iter().map(ApiError::Game).collect();
    all.extend(tournament_errors().into_iter().map(ApiError::Tournament));
    all.extend(bot_errors().into_iter().map(ApiError::Bot));
    all.extend([
        ApiError::BadRequest("invalid JSON body".to_owned()),
        ApiError::TooLarge { limit: 8192 },
        ApiError::TokenMissing("actions need a seat token"),
        ApiError::BadAuthorization,
        ApiError::BadSettings("no such game".to_owned()),
        ApiError::BadQrText("at most 512 bytes".to_owned()),
        ApiError::UnwritableRecord("a lib file holds a 15x15 board".to_owned()),
        ApiError::BadRecord("sgf: move 2: h8 is occupied".to_owned()),
        ApiError::RateLimited { wait_seconds: 3 },
        ApiError::TooManySockets { limit: 32 },
        ApiError::NoSuchEndpoint,
        ApiError::NoSuchFile,
        ApiError::AnalysesBusy,
        ApiError::AnalysisInProgress,
        ApiError::AnalysisFailed,
    ]);
    all
}

/// The code of an HTTP error: one arm per variant, no wildcard, as
/// [`rule_kind`].
fn api_kind(error: &ApiError) -> &'static str {
    match error {
        ApiError::Game(error) => game_kind(error),
        ApiError::Tournament(error) => tournament_kind(error),
        ApiError::Bot(error) => bot_kind(error),
        ApiError::BadRequest(_) => "bad-request",
        ApiError::TooLarge { .. } => "too-large",
        ApiError::TokenMissing(_) => "unauthorized",
        ApiError::BadAuthorization => "unauthorized",
        ApiError::BadSettings(_) => "bad-settings",
        ApiError::BadQrText(_) => "bad-qr-text",
        ApiError::UnwritableRecord(_) => "unwritable-record",
        ApiError::BadRecord(_) => "bad-record",
        ApiError::RateLimited { .. } => "rate-limited",
        ApiError::TooManySockets { .. } => "too-many-sockets",
        ApiError::NoSuchEndpoint => "not-found",
        ApiError::NoSuchFile => "not-found",
        ApiError::AnalysesBusy => "busy",
        ApiError::AnalysisInProgress => "analysis-in-progress",
        ApiError::AnalysisFailed => "unavailable",
    }
}

/// The number of arms of [`rule_kind`]: the samples must cover them all.
const RULE_KINDS: usize = 13;
/// The number of arms of [`session_kind`] besides `Game`: the samples must
/// cover them all.
const SESSION_KINDS: usize = 18;
/// The number of arms of [`game_kind`] besides `Rejected`.
const GAME_KINDS: usize = 16;
/// The number of arms of [`api_kind`] besides `Game`.
const API_KINDS: usize = 15;

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let text = fs::read_to_string(&path).expect("a source file");
            found.push((path, text));
        }
    }
    found
}

/// The arguments of a call whose opening parenthesis ends just before `text`,
/// split at its top-level commas (parentheses, brackets, braces and string
/// literals are skipped over).
fn arguments(text: &str) -> Vec<&str> {
    let (mut depth, mut begin) = (0_usize, 0);
    let (mut in_string, mut escaped) = (false, false);
    let mut found = Vec::new();
    for (at, c) in text.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth > 0 => depth -= 1,
            ')' => {
                found.push(text[begin..at].trim());
                return found;
            }
            ',' if depth == 0 => {
                found.push(text[begin..at].trim());
                begin = at + 1;
            }
            _ => {}
        }
    }
    panic!("a call that never closes: {}", &text[..text.len().min(80)]);
}

/// The arguments of every call of `callee` (a name ending in `(`) in `text`,
/// leaving out its definition and mentions in comments.
fn calls<'a>(text: &'a str, callee: &str) -> Vec<Vec<&'a str>> {
    let mut found = Vec::new();
    for (start, _) in text.match_indices(callee) {
        let line_start = text[..start].rfind('\n').map_or(0, |at| at + 1);
        let before = &text[line_start..start];
        let named = before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if before.contains("//") || before.ends_with("fn ") || named {
            continue;
        }
        found.push(arguments(&text[start + callee.len()..]));
    }
    found
}

/// The code of a code argument: its literal, or `None` for an expression that
/// passes a code on.
fn literal_code(argument: &str, path: &Path) -> Option<String> {
    if let Some(code) = argument
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
    {
        return Some(code.to_owned());
    }
    assert!(
        FORWARDED.contains(&argument),
        "{}: the error code `{argument}` is no literal: write it as one, or list the \
         expression in FORWARDED when the code it passes on is listed elsewhere",
        path.display()
    );
    None
}

/// Every code the server can send, with the HTTP statuses it comes with
/// (`WebSocket only` for the codes only the socket sends).
fn server_codes() -> BTreeMap<String, BTreeSet<String>> {
    let mut codes: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for error in api_errors() {
        codes
            .entry(error.code().to_owned())
            .or_default()
            .insert(error.status().as_u16().to_string());
    }
    let source = sources(&repository().join("crates/server/src"));
    let mut socket_codes = BTreeSet::new();
    let mut error_messages = 0;
    for (path, text) in &source {
        for call in calls(text, "error_message(") {
            assert!(
                call.len() >= 2,
                "{}: error_message({call:?})",
                path.display()
            );
            socket_codes.extend(literal_code(call[1], path));
        }
        error_messages += text.matches("ServerMessage::Error").count();
    }
    assert_eq!(
        error_messages, 1,
        "the WebSocket's error messages are built in http/api/socket.rs's error_message only, \
         so that this test sees their codes"
    );
    for code in socket_codes {
        codes.entry(code).or_default();
    }
    for statuses in codes.values_mut() {
        if statuses.is_empty() {
            statuses.insert(WEBSOCKET_ONLY.to_owned());
        }
    }
    codes
}

#[test]
fn the_samples_cover_every_kind_of_refusal() {
    let rules: BTreeSet<_> = rule_rejections().iter().map(rule_kind).collect();
    assert_eq!(rules.len(), RULE_KINDS, "a sample of every rules rejection");
    assert_eq!(
        rules,
        Rejection::CODES.into_iter().collect(),
        "Rejection::CODES"
    );
    assert_samples_cover(
        &session_rejections(),
        |rejection| (session_kind(rejection), rejection.code()),
        |rejection| !matches!(rejection, SessionRejection::Game(_)),
        SESSION_KINDS,
        "a sample of every session refusal",
    );
    assert_samples_cover(
        &game_errors(),
        |error| (game_kind(error), error.code()),
        |error| !matches!(error, GameError::Rejected(_)),
        GAME_KINDS,
        "a sample of every game error",
    );
    assert_samples_cover(
        &tournament_errors(),
        |error| (tournament_kind(error), error.code()),
        |_| true,
        TOURNAMENT_KINDS,
        "a sample of every tournament error",
    );
    assert_samples_cover(
        &bot_errors(),
        |error| (bot_kind(error), error.code()),
        |_| true,
        BOT_KINDS,
        "a sample of every bot error",
    );
    assert_samples_cover(
        &api_errors(),
        |error| (api_kind(error), error.code()),
        |error| {
            !matches!(
                error,
                ApiError::Game(_) | ApiError::Tournament(_) | ApiError::Bot(_)
            )
        },
        API_KINDS,
        "a sample of every HTTP error",
    );
}

/// Each sample's listed kind is its code, and the samples that are not
/// wrapped from the type below (`own`) number `kinds`, one per arm.
fn assert_samples_cover<T: std::fmt::Debug>(
    samples: &[T],
    kind_and_code: impl Fn(&T) -> (&'static str, &'static str),
    own: impl Fn(&T) -> bool,
    kinds: usize,
    what: &str,
) {
    for sample in samples {
        let (kind, code) = kind_and_code(sample);
        assert_eq!(kind, code, "{sample:?}");
    }
    assert_eq!(
        samples.iter().filter(|sample| own(sample)).count(),
        kinds,
        "{what}"
    );
}

#[test]
fn the_scan_finds_the_codes_of_http_and_the_websocket() {
    let codes = server_codes();
    for (code, status) in [
        ("not-found", "404"),
        ("rate-limited", "429"),
        ("seat-taken", "409"),
        ("bad-qr-text", "422"),
        ("busy", "503"),
        ("game-over", "422"),
        ("game-over", "409"),
        ("spectator", WEBSOCKET_ONLY),
    ] {
        assert!(
            codes
                .get(code)
                .is_some_and(|statuses| statuses.contains(status)),
            "{code} {status}: {codes:?}"
        );
    }
}

#[test]
fn every_code_has_a_sentence_in_every_language() {
    let web = repository().join("web/assets/js");
    for file in [
        "strings.js",
        "locales/cs.js",
        "locales/et.js",
        "locales/ru.js",
    ] {
        let dictionary = fs::read_to_string(web.join(file)).expect("a dictionary");
        let missing: Vec<_> = server_codes()
            .into_keys()
            .filter(|code| {
                !dictionary.contains(&format!("'error.{code}'"))
                    && !dictionary.contains(&format!("'error.{code}.other'"))
            })
            .collect();
        assert!(
            missing.is_empty(),
            "web/assets/js/{file} has no 'error.<code>' sentence for {missing:?} \
             (add them after 'error.generic', in every language)"
        );
    }
}

#[test]
fn the_api_documents_every_code_with_its_statuses() {
    let doc = fs::read_to_string(repository().join("docs/api.md")).expect("docs/api.md");
    let table = doc
        .split("\n## Error codes\n")
        .nth(1)
        .expect("docs/api.md has a section `## Error codes`");
    let table = table.split("\n## ").next().unwrap_or(table);
    let mut documented = BTreeMap::new();
    for row in table.lines().filter(|line| line.starts_with("| `")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let code = cells[1].trim_matches('`').to_owned();
        documented.insert(code, cells[2].to_owned());
    }
    let expected: BTreeMap<String, String> = server_codes()
        .into_iter()
        .map(|(code, statuses)| {
            let statuses: Vec<String> = statuses.into_iter().collect();
            (code, statuses.join(", "))
        })
        .collect();
    assert_eq!(
        documented, expected,
        "the rows of docs/api.md's error codes (code and status) are the codes the server sends"
    );
}

/// The web client reads a few numbers out of the server's messages (the
/// seconds to wait, the largest count: `web/assets/js/error_messages.js`);
/// their wording must stay what it reads.
#[test]
fn the_numbers_the_client_reads_keep_their_wording() {
    assert!(
        ApiError::RateLimited { wait_seconds: 3 }
            .to_string()
            .ends_with("try again in 3 s")
    );
    let not_gone = SessionRejection::OpponentNotGone { wait_ms: 12_000 }.to_string();
    assert!(not_gone.contains("(possible in 12000 ms)"), "{not_gone}");
    let count = Rejection::CountOutOfRange { count: 12, max: 10 }.to_string();
    assert!(count.ends_with("declare 1 to 10"), "{count}");
}

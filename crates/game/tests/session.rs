//! The session rules around a game, driven through the public API with explicit
//! times: clocks and flag falls, correspondence deadlines, draw offers,
//! takebacks, abort, claims against a vanished opponent, rematch, and the
//! guarantees that a refused action changes nothing and that a session rebuilt
//! from its log equals the original.

use narabe_game::{
    Actor, CLAIM_AFTER_MS, DAY_MS, Millis, Request, Session, SessionAction, SessionActionKind,
    SessionConfig, SessionEnd, SessionRejection, SessionSettings, SessionSnapshot, TimeControl,
};
use narabe_rules::{GameConfig, Player};
use proptest::prelude::*;

const FIRST: Actor = Actor::Seat(Player::First);
const SECOND: Actor = Actor::Seat(Player::Second);

fn config(json: &str) -> SessionConfig {
    serde_json::from_str::<SessionSettings>(json)
        .unwrap()
        .validate()
        .unwrap()
}

fn act(session: &mut Session, actor: Actor, text: &str, at: Millis) {
    let action: SessionAction = text.parse().unwrap();
    if let Err(error) = session.apply(actor, action, at) {
        panic!("{actor} {text} at {at}: {error}");
    }
}

/// Applies and expects a refusal with `code`, checking nothing changed.
fn refused(session: &mut Session, actor: Actor, text: &str, at: Millis, code: &str) {
    let before = session.clone();
    let action: SessionAction = text.parse().unwrap();
    match session.apply(actor, action, at) {
        Ok(_) => panic!("{actor} {text} was accepted, expected {code}"),
        Err(rejection) => assert_eq!(rejection.code(), code, "{actor} {text}: {rejection}"),
    }
    assert_eq!(*session, before, "a refused action changed the session");
}

/// A free gomoku game with a 1+2 clock (60 s, 2 s increment).
fn blitz() -> Session {
    Session::new(config(
        r#"{"game":"freestyle","time":"1+2","takebacks":true}"#,
    ))
}

#[test]
fn clocks_start_when_both_have_moved_and_charge_with_increment() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 5_000);
    assert_eq!(
        session.clocks().running(),
        None,
        "nobody's clock runs before both moved"
    );
    act(&mut session, SECOND, "place h9", 20_000);
    assert_eq!(session.clocks().running(), Some((Player::First, 20_000)));
    assert_eq!(
        session.clocks().remaining(Player::Second, 20_000),
        Some(60_000),
        "first moves are free"
    );
    act(&mut session, FIRST, "place i8", 30_000);
    assert_eq!(
        session.clocks().remaining(Player::First, 30_000),
        Some(52_000),
        "60 - 10 + 2"
    );
    assert_eq!(session.next_deadline(), Some(30_000 + 60_000));
}

#[test]
fn a_flag_falls_at_its_deadline_and_late_moves_are_refused() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    act(&mut session, SECOND, "place h9", 1_000);
    let deadline = session.next_deadline().unwrap();
    assert_eq!(session.due_timeout(deadline - 1), None);
    refused(&mut session, FIRST, "place i8", deadline, "time-up");
    refused(
        &mut session,
        FIRST,
        "timeout first",
        deadline,
        "server-only",
    );
    refused(
        &mut session,
        Actor::Server,
        "timeout first",
        deadline - 1,
        "time-not-up",
    );
    refused(
        &mut session,
        Actor::Server,
        "place i8",
        deadline,
        "seat-only",
    );
    let timeout = session.due_timeout(deadline).unwrap();
    assert_eq!(timeout, SessionAction::Timeout(Player::First));
    session.apply(Actor::Server, timeout, deadline).unwrap();
    let result = session.result().unwrap();
    assert_eq!(
        (result.winner, result.reason),
        (Some(Player::Second), SessionEnd::Timeout(Player::First))
    );
    assert_eq!(session.next_deadline(), None);
    refused(&mut session, SECOND, "place i8", deadline + 1, "game-over");
}

#[test]
fn correspondence_deadlines_are_days_per_move() {
    let mut session = Session::new(config(r#"{"game":"renju","opening":"free","time":"2d"}"#));
    act(&mut session, FIRST, "place h8", 0);
    act(&mut session, SECOND, "place h9", DAY_MS);
    assert_eq!(session.next_deadline(), Some(3 * DAY_MS));
    act(&mut session, FIRST, "place i9", 2 * DAY_MS);
    assert_eq!(session.next_deadline(), Some(4 * DAY_MS));
    assert_eq!(
        session.due_timeout(4 * DAY_MS),
        Some(SessionAction::Timeout(Player::Second))
    );
    refused(
        &mut session,
        FIRST,
        "claim win",
        2 * DAY_MS + 1,
        "claim-unavailable",
    );
    session.set_present(Player::Second, false, 2 * DAY_MS + 2);
    assert_eq!(
        session.claim_opens_at(Player::First),
        None,
        "deadlines replace claims"
    );
}

#[test]
fn draw_offers_are_accepted_declined_or_answered_by_a_move() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    refused(&mut session, FIRST, "draw accept", 1, "nothing-to-answer");
    act(&mut session, FIRST, "draw offer", 1);
    refused(&mut session, FIRST, "draw offer", 2, "already-pending");
    act(&mut session, SECOND, "draw decline", 3);
    assert_eq!(session.draw_offer(), None);
    act(&mut session, FIRST, "draw offer", 4);
    act(&mut session, SECOND, "place h9", 5);
    assert_eq!(
        session.draw_offer(),
        None,
        "a move declines the opponent's offer"
    );
    act(&mut session, SECOND, "draw offer", 6);
    act(&mut session, FIRST, "draw offer", 7);
    let result = session.result().unwrap();
    assert_eq!(
        (result.winner, result.reason),
        (None, SessionEnd::DrawAgreed)
    );
    assert_eq!(result.code(), "agreement");
}

#[test]
fn offers_and_requests_can_be_withdrawn_by_whoever_made_them() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    refused(
        &mut session,
        FIRST,
        "draw withdraw",
        1,
        "nothing-to-withdraw",
    );
    act(&mut session, FIRST, "draw offer", 1);
    assert!(
        session
            .open_actions(Player::First, 2)
            .contains(&SessionActionKind::DrawWithdraw)
    );
    assert!(
        !session
            .open_actions(Player::Second, 2)
            .contains(&SessionActionKind::DrawWithdraw)
    );
    refused(
        &mut session,
        SECOND,
        "draw withdraw",
        2,
        "nothing-to-withdraw",
    );
    act(&mut session, FIRST, "draw withdraw", 2);
    assert_eq!(session.draw_offer(), None);
    refused(&mut session, SECOND, "draw accept", 3, "nothing-to-answer");

    act(&mut session, SECOND, "place h9", 3);
    act(&mut session, SECOND, "takeback request", 4);
    assert!(
        session
            .open_actions(Player::Second, 5)
            .contains(&SessionActionKind::TakebackWithdraw)
    );
    act(&mut session, SECOND, "takeback withdraw", 5);
    assert_eq!(session.takeback_request(), None);
    refused(
        &mut session,
        FIRST,
        "takeback accept",
        6,
        "nothing-to-answer",
    );

    act(&mut session, FIRST, "resign first", 6);
    act(&mut session, SECOND, "rematch offer", 7);
    assert_eq!(
        session.open_actions(Player::Second, 8),
        ["rematch withdraw"]
    );
    act(&mut session, SECOND, "rematch withdraw", 8);
    assert_eq!(session.rematch_offer(), None);
    refused(
        &mut session,
        SECOND,
        "rematch withdraw",
        9,
        "nothing-to-withdraw",
    );
    let restored = Session::restore(*session.config(), session.log().iter().copied()).unwrap();
    assert_eq!(restored, session);
}

#[test]
fn each_player_may_ask_for_a_draw_or_a_takeback_ten_times_and_a_rematch_five() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    act(&mut session, SECOND, "place h9", 1);
    let mut at = 2;
    for _ in 0..Request::Draw.limit() {
        act(&mut session, FIRST, "draw offer", at);
        act(&mut session, SECOND, "draw decline", at + 1);
        at += 2;
    }
    assert!(
        !session
            .open_actions(Player::First, at)
            .contains(&SessionActionKind::DrawOffer)
    );
    refused(&mut session, FIRST, "draw offer", at, "request-limit");
    // The opponent's own offers are theirs to count, and agreeing still works.
    act(&mut session, SECOND, "draw offer", at);
    for _ in 0..Request::Takeback.limit() {
        act(&mut session, FIRST, "place i8", at);
        act(&mut session, FIRST, "takeback request", at + 1);
        act(&mut session, SECOND, "takeback accept", at + 2);
        at += 3;
    }
    act(&mut session, FIRST, "place i8", at);
    assert!(
        !session
            .open_actions(Player::First, at)
            .contains(&SessionActionKind::TakebackRequest)
    );
    refused(&mut session, FIRST, "takeback request", at, "request-limit");
    // A log that holds more (written before the limits) is restored as it was.
    let restored = Session::restore(*session.config(), session.log().iter().copied()).unwrap();
    assert_eq!(restored, session);
    act(&mut session, SECOND, "resign second", at);
    for _ in 0..Request::Rematch.limit() {
        act(&mut session, FIRST, "rematch offer", at);
        act(&mut session, SECOND, "rematch decline", at);
    }
    refused(&mut session, FIRST, "rematch offer", at, "request-limit");
    assert!(session.open_actions(Player::First, at).is_empty());
}

#[test]
fn a_claim_against_a_present_opponent_says_so_without_a_wait() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    act(&mut session, SECOND, "place h9", 1);
    let rejection = session
        .apply(SECOND, "claim win".parse().unwrap(), 2)
        .unwrap_err();
    assert_eq!(rejection.code(), "opponent-not-gone");
    assert_eq!(
        rejection.to_string(),
        "your opponent is still connected: a claim opens 30 s after they leave"
    );
}

#[test]
fn takebacks_undo_the_requesters_last_move_by_agreement() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    refused(
        &mut session,
        SECOND,
        "takeback request",
        1,
        "nothing-to-take-back",
    );
    act(&mut session, SECOND, "place h9", 2);
    act(&mut session, FIRST, "place i8", 3);
    act(&mut session, SECOND, "place i9", 4);
    // First asks to take back i8: i8 and the reply i9 go.
    act(&mut session, FIRST, "takeback request", 5);
    refused(
        &mut session,
        FIRST,
        "takeback accept",
        6,
        "nothing-to-answer",
    );
    act(&mut session, SECOND, "takeback accept", 7);
    assert_eq!(session.game().moves().len(), 2);
    assert_eq!(session.game().actor(), Some(Player::First));
    assert_eq!(session.clocks().running(), Some((Player::First, 7)));
    assert_eq!(session.version(), 6, "the log only grows");
    act(&mut session, FIRST, "place j8", 8);
    let disabled = &mut Session::new(config(r#"{"game":"freestyle"}"#));
    act(disabled, FIRST, "place h8", 0);
    refused(disabled, FIRST, "takeback request", 1, "takebacks-disabled");
}

#[test]
fn opening_steps_are_never_taken_back() {
    let mut session = Session::new(config(
        r#"{"game":"renju","opening":"rif","takebacks":true}"#,
    ));
    for point in ["h8", "h9", "j10"] {
        act(&mut session, FIRST, &format!("place {point}"), 0);
    }
    refused(
        &mut session,
        FIRST,
        "takeback request",
        1,
        "nothing-to-take-back",
    );
    assert!(
        !session
            .open_actions(Player::First, 1)
            .contains(&SessionActionKind::TakebackRequest)
    );
}

#[test]
fn abort_only_until_both_have_moved() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    assert!(
        session
            .open_actions(Player::Second, 1)
            .contains(&SessionActionKind::Abort)
    );
    let mut aborted = session.clone();
    act(&mut aborted, SECOND, "abort", 1);
    let result = aborted.result().unwrap();
    assert_eq!((result.winner, result.code()), (None, "aborted"));
    act(&mut session, SECOND, "place h9", 2);
    refused(&mut session, FIRST, "abort", 3, "abort-too-late");
}

#[test]
fn a_win_can_be_claimed_against_an_opponent_gone_long_enough() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    // Before both have moved, a vanished opponent means an abort, not a win.
    session.set_present(Player::Second, false, 0);
    refused(
        &mut session,
        FIRST,
        "claim win",
        CLAIM_AFTER_MS + 5,
        "claim-too-early",
    );
    assert_eq!(session.claim_opens_at(Player::First), None);
    assert!(
        !session
            .open_actions(Player::First, CLAIM_AFTER_MS + 5)
            .contains(&SessionActionKind::ClaimWin)
    );
    session.set_present(Player::Second, true, 1);
    act(&mut session, SECOND, "place h9", 1);
    refused(&mut session, SECOND, "claim win", 2, "opponent-not-gone");
    assert_eq!(
        session.claim_opens_at(Player::Second),
        None,
        "First is present"
    );
    session.set_present(Player::First, false, 10_000);
    assert_eq!(
        session.claim_opens_at(Player::Second),
        Some(10_000 + CLAIM_AFTER_MS)
    );
    assert_eq!(
        session.claim_opens_at(Player::First),
        None,
        "Second is present"
    );
    refused(
        &mut session,
        SECOND,
        "claim win",
        10_000 + CLAIM_AFTER_MS - 1,
        "opponent-not-gone",
    );
    session.set_present(Player::First, true, 20_000);
    session.set_present(Player::First, false, 25_000);
    let when = 25_000 + CLAIM_AFTER_MS;
    assert!(
        session
            .open_actions(Player::Second, when)
            .contains(&SessionActionKind::ClaimWin)
    );
    // The flag of the absent first player falls at 1 + 60 s; claim before that.
    act(&mut session, SECOND, "claim win", when);
    let result = session.result().unwrap();
    assert_eq!(
        (result.winner, result.code()),
        (Some(Player::Second), "abandonment")
    );
    // Replaying the log accepts the claim without presence data.
    let restored = Session::restore(*session.config(), session.log().iter().copied()).unwrap();
    assert_eq!(restored.result(), session.result());
}

#[test]
fn rematch_is_offered_and_accepted_after_the_end() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    refused(&mut session, FIRST, "rematch offer", 1, "not-over");
    act(&mut session, SECOND, "resign second", 1);
    assert_eq!(session.result().unwrap().code(), "resignation");
    act(&mut session, FIRST, "rematch offer", 2);
    refused(
        &mut session,
        FIRST,
        "rematch accept",
        3,
        "nothing-to-answer",
    );
    act(&mut session, SECOND, "rematch decline", 4);
    act(&mut session, SECOND, "rematch offer", 5);
    act(&mut session, FIRST, "rematch accept", 6);
    assert!(session.rematch_agreed());
    refused(&mut session, FIRST, "rematch offer", 7, "rematch-agreed");
}

#[test]
fn the_snapshot_carries_clocks_offers_and_the_session_result() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    act(&mut session, SECOND, "place h9", 1_000);
    act(&mut session, FIRST, "draw offer", 2_000);
    let snapshot = SessionSnapshot::of(&session, 11_000);
    assert_eq!(snapshot.version, 3);
    assert_eq!(snapshot.clock.first_ms, Some(50_000));
    assert_eq!(snapshot.clock.running, Some(Player::First));
    assert_eq!(snapshot.draw_offer, Some(Player::First));
    assert!(
        snapshot
            .open
            .second
            .contains(&SessionActionKind::DrawAccept)
    );
    assert!(snapshot.open.first.contains(&SessionActionKind::Place));
    let json = serde_json::to_value(&snapshot).unwrap();
    assert_eq!(json["clock"]["running"], "first");
    assert_eq!(json["open"]["second"][0], "resign");
    assert!(
        json["open"]["second"]
            .as_array()
            .unwrap()
            .contains(&"draw accept".into())
    );
    assert_eq!(json["phase"], "place", "the game snapshot is flattened in");
    assert_eq!(json["time"], "1+2");
    act(&mut session, SECOND, "draw accept", 12_000);
    let json = serde_json::to_value(SessionSnapshot::of(&session, 13_000)).unwrap();
    assert_eq!(json["result"]["reason"], "agreement");
    assert_eq!(json["actor"], serde_json::Value::Null);
}

#[test]
fn time_control_of_untimed_sessions_is_none() {
    let session = Session::new(SessionConfig::untimed(GameConfig::default()));
    assert_eq!(session.config().time, TimeControl::Unlimited);
    assert_eq!(session.next_deadline(), None);
}

/// Every action text a session knows, for random sequences.
fn any_action() -> impl Strategy<Value = (Actor, String)> {
    let actor = prop_oneof![Just(FIRST), Just(SECOND), Just(Actor::Server)];
    let col = prop::sample::select(vec!['f', 'g', 'h', 'i', 'j', 'k']);
    let row = 5u8..12;
    let text = prop_oneof![
        6 => (col, row).prop_map(|(c, r)| format!("place {c}{r}")),
        1 => prop::sample::select(vec![
            "pass", "swap", "keep", "draw offer", "draw accept", "draw decline",
            "takeback request", "takeback accept", "takeback decline", "abort",
            "claim win", "claim draw", "rematch offer", "rematch accept",
            "rematch decline", "draw withdraw", "takeback withdraw", "rematch withdraw",
            "timeout first", "timeout second", "credit first 700", "credit second 5000",
            "resign first",
            "resign second", "declare 2", "offer h10", "choose h10",
        ])
        .prop_map(str::to_owned),
    ];
    (actor, text)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Random action sequences never panic, a refused action changes nothing, and
    /// the log rebuilds an equal session.
    #[test]
    fn random_sessions_replay_from_their_log(
        game in prop::sample::select(vec![
            r#"{"game":"renju","opening":"rif","time":"1+1","takebacks":true}"#,
            r#"{"game":"freestyle","opening":"swap2","time":"1d","takebacks":true}"#,
            r#"{"game":"pente","time":"0.5+0"}"#,
            r#"{"game":"standard","opening":"pro"}"#,
        ]),
        steps in prop::collection::vec((any_action(), 0u64..20_000), 1..120),
    ) {
        let mut session = Session::new(config(game));
        let mut now = 0;
        for ((actor, text), delay) in steps {
            now += delay;
            let action: SessionAction = text.parse().unwrap();
            let before = session.clone();
            if session.apply(actor, action, now).is_err() {
                prop_assert_eq!(&session, &before);
            }
            if let Some(timeout) = session.due_timeout(now) {
                session.apply(Actor::Server, timeout, now).unwrap();
            }
        }
        let restored = Session::restore(*session.config(), session.log().iter().copied());
        prop_assert_eq!(restored.map_err(|(i, e)| (i, e.to_string())), Ok(session));
    }
}

#[test]
fn seat_only_and_server_only_codes() {
    let mut session = blitz();
    let rejection = session
        .apply(Actor::Server, SessionAction::DrawOffer, 0)
        .unwrap_err();
    assert_eq!(rejection, SessionRejection::SeatOnly);
}

#[test]
fn the_server_credits_time_to_the_running_clock_only() {
    let mut session = blitz();
    act(&mut session, FIRST, "place h8", 0);
    act(&mut session, SECOND, "place h9", 0);
    let credit: SessionAction = "credit first 1500".parse().unwrap();
    assert_eq!(
        session.apply(FIRST, credit, 1_000).unwrap_err(),
        SessionRejection::ServerOnly,
        "a seat cannot give itself time"
    );
    // The first player's minute ran out at 60 s; at 61 s the server gives back
    // the 1.5 s it owed: the flag stands again with half a second left.
    assert_eq!(
        session.due_timeout(61_000),
        Some("timeout first".parse().unwrap())
    );
    session.apply(Actor::Server, credit, 61_000).unwrap();
    assert_eq!(session.due_timeout(61_000), None);
    assert_eq!(session.clocks().remaining(Player::First, 61_000), Some(500));
    let wrong: SessionAction = "credit second 10".parse().unwrap();
    assert_eq!(
        session
            .apply(Actor::Server, wrong, 61_000)
            .unwrap_err()
            .code(),
        "nothing-to-credit"
    );
    let restored = Session::restore(*session.config(), session.log().iter().copied()).unwrap();
    assert_eq!(restored, session);
}

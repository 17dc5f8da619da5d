//! How a record is checked against its rules: the opening steps a file leaves
//! out, boards the platform does not offer, the end of a game and the result,
//! and variations.

use narabe_records::{GameTree, Location, NodeId, Problem, Record, RecordResult, Settings, check};
use narabe_rules::{
    Action, BoardSize, Color, FoulKind, FoulPolicy, IllegalMove, Opening, Rejection, RuleSet,
};

/// Actions separated by commas (`h8, offer e5, choose e5`), or points
/// separated by spaces.
fn stones(moves: &str) -> Vec<Action> {
    let words: Vec<&str> = if moves.contains(',') {
        moves.split(',').map(str::trim).collect()
    } else {
        moves.split_whitespace().collect()
    };
    words
        .into_iter()
        .map(|word| {
            word.parse::<Action>()
                .unwrap_or_else(|_| Action::Place(word.parse().expect("a point")))
        })
        .collect()
}

fn record(rules: RuleSet, opening: Option<Opening>, moves: &str) -> Record {
    let mut settings = Settings::new(rules);
    settings.opening = opening;
    Record::new(settings, GameTree::from_actions(&stones(moves)))
}

/// Black's five on the second line after a RIF opening whose swap and offers
/// the file does not record (as renju.net's database and `.pos` files).
const RIF_STONES: &str = "h8 h9 j10 m3 n13 k4 c2 c14 d2 e14 e2 g14 f2 i14 g2";

#[test]
fn missing_opening_steps_are_taken_as_the_file_implies() {
    assert_eq!(
        check(&record(RuleSet::Renju, Some(Opening::Rif), RIF_STONES)),
        Ok(())
    );
    // Yamaguchi: the missing declaration is the number of offers made.
    let yamaguchi = "h8, h9, j10, m3, offer e5, offer n13, choose n13, k4";
    assert_eq!(
        check(&record(RuleSet::Renju, Some(Opening::Yamaguchi), yamaguchi)),
        Ok(())
    );
    // Taraguchi-10 stones only: every swap step is a keep, and the zones hold.
    let taraguchi = "h8 h9 i10 k11 l12 a1";
    assert_eq!(
        check(&record(
            RuleSet::Renju,
            Some(Opening::Taraguchi10),
            taraguchi
        )),
        Ok(())
    );
}

#[test]
fn the_zones_of_the_opening_are_checked_even_when_the_steps_are_not_recorded() {
    // Taraguchi-10's fifth move must be within the central 9x9.
    let outside = record(
        RuleSet::Renju,
        Some(Opening::Taraguchi10),
        "h8 h9 i10 k11 a1",
    );
    let (location, problem) = check(&outside).unwrap_err();
    assert_eq!(location, Location::Move(5));
    assert!(
        matches!(problem, Problem::Illegal(Rejection::OutsideZone { .. })),
        "{problem}"
    );
    // Pro: the first player's second stone at least 3 from the centre.
    let pro = record(RuleSet::Freestyle, Some(Opening::Pro), "h8 a1 i9");
    assert!(matches!(
        check(&pro),
        Err((
            Location::Move(3),
            Problem::Illegal(Rejection::OutsideZone { .. })
        ))
    ));
}

#[test]
fn a_file_that_names_no_opening_may_follow_another_than_the_default() {
    // Pente's default rules put the first stone on the centre, its Swap2
    // anywhere: a PSQ file (which names no opening) of a Swap2 game reads.
    let moves = "g14 a1 b2 c3 d4";
    assert_eq!(check(&record(RuleSet::Pente, None, moves)), Ok(()));
    // Named, the opening rule is checked.
    assert!(matches!(
        check(&record(RuleSet::Pente, Some(Opening::Tournament), moves)),
        Err((
            Location::Move(1),
            Problem::Illegal(Rejection::OutsideZone { .. })
        ))
    ));
    // The board rules still hold after the fallback.
    let (location, problem) = check(&record(RuleSet::Pente, None, "g14 a1 g14")).unwrap_err();
    assert_eq!(location, Location::Move(3));
    assert!(
        matches!(
            problem,
            Problem::Illegal(Rejection::Illegal(IllegalMove::Occupied(_)))
        ),
        "{problem}"
    );
}

#[test]
fn a_refused_foul_and_a_lost_one() {
    // Black's double-three at h8 (g8 h7 h9 i8 black), White far away.
    let moves = "g8 a1 h7 a3 h9 a5 i8 a7 h8";
    let mut refused = record(RuleSet::Renju, None, moves);
    refused.settings.foul_policy = Some(FoulPolicy::Refused);
    assert_eq!(
        check(&refused),
        Err((
            Location::Move(9),
            Problem::Illegal(Rejection::Illegal(IllegalMove::Forbidden {
                point: "h8".parse().unwrap(),
                kind: FoulKind::DoubleThree
            }))
        ))
    );
    let mut lost = record(RuleSet::Renju, None, moves);
    assert_eq!(check(&lost), Ok(()));
    lost.settings.result = Some(RecordResult::win(Color::White));
    assert_eq!(check(&lost), Ok(()));
    lost.settings.result = Some(RecordResult::draw());
    assert!(matches!(
        check(&lost),
        Err((Location::Move(9), Problem::ResultContradicts { .. }))
    ));
}

#[test]
fn boards_the_platform_does_not_offer_follow_the_board_rules() {
    let mut settings = Settings::with_size(RuleSet::Freestyle, BoardSize::new(20).unwrap());
    settings.opening = Some(Opening::Swap2);
    // Freestyle: six in a row wins; the game is over after it.
    let moves = stones("a1 c2 a2 e2 a3 g2 a5 j2 a6 l2 a4 t20");
    let record = Record::new(settings, GameTree::from_actions(&moves));
    let (location, problem) = check(&record).unwrap_err();
    assert_eq!(location, Location::Move(12));
    assert!(
        matches!(&problem, Problem::PlayedOn { ended_at: 11, how } if how.contains("6 in a row")),
        "{problem}"
    );
    // Standard: a six neither wins nor loses, so the game goes on.
    let mut standard = record.clone();
    standard.settings.rules = RuleSet::Standard;
    assert_eq!(check(&standard), Ok(()));
    // A renju game on 20x20 cannot be played at all.
    let mut renju = record;
    renju.settings.rules = RuleSet::Renju;
    assert!(matches!(
        check(&renju),
        Err((Location::Whole, Problem::RulesSize { .. }))
    ));
}

#[test]
fn a_resignation_ends_the_game_and_decides_the_winner() {
    let resigned = record(RuleSet::Freestyle, None, "h8, h9, resign first, h10");
    assert!(matches!(
        check(&resigned),
        Err((Location::Move(3), Problem::PlayedOn { ended_at: 2, .. }))
    ));
    let mut claimed = record(RuleSet::Freestyle, None, "h8, h9, resign first");
    claimed.settings.result = Some(RecordResult::win(Color::Black));
    assert!(matches!(
        check(&claimed),
        Err((_, Problem::ResultContradicts { .. }))
    ));
    claimed.settings.result = Some(RecordResult::win(Color::White));
    assert_eq!(check(&claimed), Ok(()));
}

#[test]
fn variations_may_replay_captured_points() {
    // Pente's first colour is White.
    let mut settings = Settings::new(RuleSet::Pente);
    settings.opening = Some(Opening::Free);
    // W j10, B k10, W n10, B l10, W m10 captures k10 and l10 (flanked by j10, m10).
    let main = stones("j10 k10 n10 l10 m10");
    let mut tree = GameTree::from_actions(&main);
    let after_capture = *tree.main_line().last().unwrap();
    // A variation: Black plays on the emptied k10 again, White replies.
    let mut at = tree.add(after_capture, Action::Place("k10".parse().unwrap()));
    at = tree.add(at, Action::Place("a1".parse().unwrap()));
    assert_eq!(tree.move_number(at), 7);
    let record = Record::new(settings.clone(), tree.clone());
    assert_eq!(check(&record), Ok(()));
    // ... but a stone on a stone in a variation is refused, with its place.
    let fourth = tree.main_line()[3];
    tree.add(tree.parent(fourth), Action::Place("j10".parse().unwrap()));
    let (location, problem) = check(&Record::new(settings, tree)).unwrap_err();
    assert_eq!(
        location,
        Location::Variation {
            number: 4,
            after: 3
        }
    );
    assert_eq!(
        problem,
        Problem::Illegal(Rejection::Illegal(IllegalMove::Occupied(
            "j10".parse().unwrap()
        )))
    );
    // The root has one line: variations never count as the main line.
    assert_eq!(
        GameTree::from_actions(&main)
            .node(NodeId::ROOT)
            .children()
            .len(),
        1
    );
}

#[test]
fn a_variation_may_go_on_after_a_five() {
    let mut tree = GameTree::from_actions(&stones("h8 a1"));
    let mut at = NodeId::ROOT;
    // A second line from the start: Black's five on row 1, then more moves.
    for point in "b1 a15 c1 a14 d1 a13 e1 a12 f1 a11 g5".split_whitespace() {
        at = tree.add(at, Action::Place(point.parse().unwrap()));
    }
    let record = Record::new(Settings::new(RuleSet::Freestyle), tree);
    assert_eq!(check(&record), Ok(()));
}

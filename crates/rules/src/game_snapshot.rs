//! A plain-data picture of a game for JSON: everything a client draws.
//!
//! Every point is a string in renju notation (`h8`), every enum its stable name.
//! With the cargo feature `serde` every type here derives `serde::Serialize`
//! (and with `wire-types` also `ts_rs::TS`, for the web client's types);
//! `docs/game-log.md` documents the JSON fields.

use crate::foul_explanation::LineShape;
use crate::{
    ActionKind, Color, Direction, FoulKind, FoulPolicy, Game, Move, Opening, OutcomeReason, Phase,
    Player, ResultCode, ResultReason, Zone, ZoneKind,
};

/// The state of a game as plain data.
///
/// ```
/// use narabe_rules::{Color, Game, GameConfig, GameSnapshot, Phase, Player};
/// let game = Game::new(GameConfig::default());
/// let snapshot = GameSnapshot::of(&game);
/// assert_eq!(snapshot.phase, Phase::Place);
/// assert_eq!(snapshot.actor, Some(Player::First));
/// assert_eq!(snapshot.colors.first, Color::Black);
/// assert!(snapshot.result.is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct GameSnapshot {
    /// The configuration.
    pub config: ConfigSnapshot,
    /// The phase ([`crate::Phase::name`]).
    pub phase: Phase,
    /// Who acts now; `None` once the game is over.
    pub actor: Option<Player>,
    /// The colour each player holds now.
    pub colors: ColorsSnapshot,
    /// The colour of the next stone, whoever places it.
    pub turn: Color,
    /// The most fifth moves that may be declared now (Yamaguchi's N up to 10,
    /// Soosõrv's k up to 8), during a declaration only.
    pub declare_max: Option<u8>,
    /// The actions open to the actor; `resign` is always open to both players
    /// until the end and is not listed.
    pub open_actions: Vec<ActionKind>,
    /// Where a stone or an offer may go now, when one may.
    pub zone: Option<ZoneSnapshot>,
    /// How many fifth moves are still to be offered.
    pub offers_due: u8,
    /// The fifth moves offered so far.
    pub offers: Vec<String>,
    /// The empty points excluded because they are symmetric to an offer.
    pub excluded: Vec<String>,
    /// The declared number (Yamaguchi's N, Soosõrv's k).
    pub declared: Option<u8>,
    /// The canonical opening of moves 1-3 (renju opening rules other than free).
    pub opening_name: Option<OpeningNameSnapshot>,
    /// The stones on the board, each with the move that placed it, in move order.
    pub stones: Vec<StoneSnapshot>,
    /// The board moves played, stones and `pass`, in order.
    pub moves: Vec<String>,
    /// Every action in effect, in order, with who took it: the move list with
    /// the opening's swaps, declarations, offers and choice ([`Game::played`]).
    pub record: Vec<PlayedSnapshot>,
    /// The stones captured by each colour (Pente).
    pub captures: CapturesSnapshot,
    /// Black's forbidden points (renju, while the game goes on; else empty).
    pub forbidden: Vec<String>,
    /// Why each of `forbidden` is forbidden, in the same order: its kind and the
    /// lines that make it, for a UI to draw on hover or focus.
    pub fouls: Vec<FoulSnapshot>,
    /// The result, once the game has ended.
    pub result: Option<ResultSnapshot>,
    /// The number of actions in the log.
    pub ply: usize,
}

/// The configuration of a game as plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct ConfigSnapshot {
    /// `freestyle`, `standard`, `renju`, `caro` or `pente` (Keryo-Pente too).
    pub game: String,
    /// The number of lines of the board.
    pub size: u8,
    /// The opening rule.
    pub opening: Opening,
    /// What a foul does: `loses` or `refused`.
    pub foul_policy: FoulPolicy,
    /// Whether the Keryo option is on.
    pub keryo: bool,
    /// Whether the opening rule decides the colours by a swap, so that who
    /// plays Black is only known once the opening gets there.
    pub colors_by_swap: bool,
    /// The captured stones that win, in a game with captures (Pente 10,
    /// Keryo-Pente 15).
    pub capture_goal: Option<u16>,
}

/// The colour each player holds.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct ColorsSnapshot {
    /// The first player's.
    pub first: Color,
    /// The second player's.
    pub second: Color,
}

/// A [`Zone`] as plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct ZoneSnapshot {
    /// `anywhere`, `exactly`, `within` or `at-least` ([`Zone::kind`]).
    pub kind: ZoneKind,
    /// The only point (`exactly`) or the centre the distance is measured from.
    pub center: Option<String>,
    /// The largest (`within`) or smallest (`at-least`) Chebyshev distance.
    pub distance: Option<u8>,
}

impl From<Zone> for ZoneSnapshot {
    fn from(zone: Zone) -> ZoneSnapshot {
        let (center, distance) = match zone {
            Zone::Anywhere => (None, None),
            Zone::Exactly(point) => (Some(point.to_string()), None),
            Zone::Within { center, distance } | Zone::AtLeast { center, distance } => {
                (Some(center.to_string()), Some(distance))
            }
        };
        ZoneSnapshot {
            kind: zone.shape(),
            center,
            distance,
        }
    }
}

/// A canonical renju opening.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct OpeningNameSnapshot {
    /// `1D` .. `13D`, `1I` .. `13I`.
    pub code: String,
    /// The name, e.g. `Kyōgetsu`.
    pub name: String,
}

/// A stone on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct StoneSnapshot {
    /// Where it stands.
    pub point: String,
    /// Its colour.
    pub color: Color,
    /// The number of the move that placed it (move 1 is the first stone).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub move_number: usize,
}

/// An accepted action of the game ([`crate::PlayedAction`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct PlayedSnapshot {
    /// Who took it.
    pub player: Player,
    /// The action in the game-log text form (`place h8`, `swap`, `declare 3`).
    pub action: String,
    /// Its kind: `place`, `pass`, `swap`, `keep`, `declare`, `offer`, `choose`
    /// or `resign`.
    pub kind: ActionKind,
    /// The colour the player holds after it.
    pub color: Color,
    /// The board move it made (a stone or a pass), counting from 1.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub move_number: Option<usize>,
    /// The colour of the stone it placed, for a stone.
    pub stone: Option<Color>,
    /// The stones it captured (Pente).
    pub captured: Vec<String>,
}

impl PlayedSnapshot {
    fn of(played: &crate::PlayedAction) -> PlayedSnapshot {
        PlayedSnapshot {
            player: played.player,
            action: played.action.to_string(),
            kind: played.action.kind(),
            color: played.color_after,
            move_number: played.move_number,
            stone: played.stone,
            captured: played.captured.iter().map(ToString::to_string).collect(),
        }
    }
}

/// A forbidden point explained ([`crate::foul_explanation::explain`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct FoulSnapshot {
    /// The point.
    pub point: String,
    /// `overline`, `double-four` or `double-three` ([`crate::FoulKind::code`]).
    pub kind: FoulKind,
    /// The lines that make the foul.
    pub lines: Vec<FoulLineSnapshot>,
}

/// One line of a foul.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct FoulLineSnapshot {
    /// `overline`, `four` or `three`.
    pub shape: LineShape,
    /// `horizontal`, `vertical`, `diagonal` or `anti-diagonal`.
    pub direction: Direction,
    /// The black stones of the shape, the forbidden point included.
    pub stones: Vec<String>,
    /// The empty points that complete the shape: a four's five, a three's
    /// straight-four points.
    pub key_points: Vec<String>,
}

impl FoulSnapshot {
    /// The plain data of `foul`, for any board a client is shown (a game's,
    /// an analysis board's).
    #[must_use]
    pub fn of(foul: &crate::foul_explanation::FoulExplanation) -> FoulSnapshot {
        let names = |points: &[crate::Point]| -> Vec<String> {
            points.iter().map(ToString::to_string).collect()
        };
        FoulSnapshot {
            point: foul.point.to_string(),
            kind: foul.kind,
            lines: foul
                .lines
                .iter()
                .map(|line| FoulLineSnapshot {
                    shape: line.shape,
                    direction: line.direction,
                    stones: names(&line.stones),
                    key_points: names(&line.key_points),
                })
                .collect(),
        }
    }
}

/// Stones captured by each colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct CapturesSnapshot {
    /// Captured by Black.
    pub black: u16,
    /// Captured by White.
    pub white: u16,
}

/// The result of a game as plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct ResultSnapshot {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// The winner's colour, or `None` for a draw.
    pub winner_color: Option<Color>,
    /// Why the game ended: the board's reasons and a resignation here, the
    /// platform's too in a session's snapshot.
    pub reason: ResultCode,
    /// The points of the winning row (`h8 h9 h10 h11 h12`), the foul
    /// (`double-three at h8`), the captured stones (`10 stones`) or who resigned
    /// (`second resigned`); `None` for draws.
    pub detail: Option<String>,
    /// The points of the winning row, five or longer, for a UI to highlight;
    /// empty when the game did not end in a row.
    pub row: Vec<String>,
    /// The foul that lost the game, explained on the board it was played on;
    /// `None` unless the game ended in a foul.
    pub foul: Option<FoulSnapshot>,
}

impl GameSnapshot {
    /// The snapshot of `game`.
    #[must_use]
    pub fn of(game: &Game) -> GameSnapshot {
        let config = game.config();
        let position = game.position();
        let forbidden = if game.is_over() {
            Vec::new()
        } else {
            position.forbidden_points()
        };
        let names = |points: &[crate::Point]| -> Vec<String> {
            points.iter().map(ToString::to_string).collect()
        };
        GameSnapshot {
            config: ConfigSnapshot {
                game: config.game_name().to_owned(),
                size: config.size().get(),
                opening: config.opening(),
                foul_policy: config.foul_policy(),
                keryo: config.keryo(),
                colors_by_swap: game.colors_by_swap(),
                capture_goal: config.rules().capture_goal(),
            },
            phase: game.phase(),
            actor: game.actor(),
            colors: ColorsSnapshot {
                first: game.color_of(Player::First),
                second: game.color_of(Player::Second),
            },
            turn: position.turn(),
            declare_max: game.declare_max(),
            open_actions: game.open_actions(),
            zone: game.zone().map(ZoneSnapshot::from),
            offers_due: game.offers_due(),
            offers: names(game.offers()),
            excluded: names(&game.excluded_points()),
            declared: game.declared(),
            opening_name: game.opening_name().map(|opening| OpeningNameSnapshot {
                code: opening.code().to_owned(),
                name: opening.name().to_owned(),
            }),
            stones: stones(game),
            moves: game.moves().iter().map(ToString::to_string).collect(),
            record: game.played().iter().map(PlayedSnapshot::of).collect(),
            captures: CapturesSnapshot {
                black: position.captures(crate::Color::Black),
                white: position.captures(crate::Color::White),
            },
            forbidden: names(&forbidden),
            fouls: forbidden
                .iter()
                .filter_map(|&point| crate::foul_explanation::explain(position.board(), point))
                .map(|foul| FoulSnapshot::of(&foul))
                .collect(),
            result: game.result().map(|result| ResultSnapshot {
                winner: result.winner,
                winner_color: result.winner_color,
                reason: result.reason.into(),
                detail: detail(result.reason, result.winner),
                row: winning_row(result.reason),
                foul: losing_foul(game, result.reason),
            }),
            ply: game.log().actions().len(),
        }
    }
}

/// The stones of the board with the number of the move that last placed a stone
/// on their point (a point emptied by a capture may be played again).
fn stones(game: &Game) -> Vec<StoneSnapshot> {
    let board = game.board();
    let lines = usize::from(board.size().get());
    let mut placed_by = vec![0_usize; board.size().area()];
    for (index, mv) in game.moves().iter().enumerate() {
        if let Move::Place(point) = mv {
            let at = usize::from(point.row()) * lines + usize::from(point.col());
            if let Some(slot) = placed_by.get_mut(at) {
                *slot = index + 1;
            }
        }
    }
    let mut stones: Vec<StoneSnapshot> = board
        .stones()
        .map(|(point, color)| StoneSnapshot {
            point: point.to_string(),
            color,
            move_number: placed_by
                .get(usize::from(point.row()) * lines + usize::from(point.col()))
                .copied()
                .unwrap_or(0),
        })
        .collect();
    stones.sort_by_key(|stone| stone.move_number);
    stones
}

/// The points of the row that ended the game, if one did.
fn winning_row(reason: ResultReason) -> Vec<String> {
    match reason {
        ResultReason::Board(OutcomeReason::Row(row)) => {
            row.points().map(|point| point.to_string()).collect()
        }
        _ => Vec::new(),
    }
}

/// The foul that ended the game, explained on the board without its stone
/// (the stone stays on the board under the `loses` policy).
fn losing_foul(game: &Game, reason: ResultReason) -> Option<FoulSnapshot> {
    let ResultReason::Board(OutcomeReason::Foul { point, .. }) = reason else {
        return None;
    };
    let mut board = game.board().clone();
    board.remove(point);
    crate::foul_explanation::explain(&board, point).map(|foul| FoulSnapshot::of(&foul))
}

fn detail(reason: ResultReason, winner: Option<Player>) -> Option<String> {
    match reason {
        ResultReason::Board(OutcomeReason::Row(row)) => {
            let points: Vec<String> = row.points().map(|point| point.to_string()).collect();
            Some(points.join(" "))
        }
        ResultReason::Board(OutcomeReason::Foul { point, kind }) => {
            Some(format!("{} at {point}", kind.code()))
        }
        ResultReason::Board(OutcomeReason::Captures(stones)) => Some(format!("{stones} stones")),
        ResultReason::Board(OutcomeReason::DoublePass | OutcomeReason::FullBoard) => None,
        ResultReason::Resignation => winner.map(|winner| format!("{} resigned", winner.other())),
    }
}

//! Colour preferences and allocation (C.04.3 A.6, A.7 and E), where the
//! colour is the side: `First` (White) starts the opening.

use super::player::SwissPlayer;
use crate::Side;

/// How much a player wants a side next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    /// No games yet: no preference.
    None,
    /// Side difference 0: the other side from the last game.
    Mild,
    /// Side difference ±1.
    Strong,
    /// Side difference beyond ±1, or the same side in the last two games:
    /// the other side is a must.
    Absolute,
}

/// A player's colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Preference {
    /// How much.
    pub strength: Strength,
    /// For which side (meaningless with [`Strength::None`]).
    pub side: Side,
}

/// The preference of `player` (A.6).
pub(super) fn preference(player: &SwissPlayer) -> Preference {
    let Some(&last) = player.sides.last() else {
        return Preference {
            strength: Strength::None,
            side: Side::First,
        };
    };
    let difference = player.side_difference();
    let two_alike = player.sides.len() >= 2 && player.sides[player.sides.len() - 2] == last;
    let toward = |difference: i32| {
        if difference > 0 {
            Side::Second
        } else {
            Side::First
        }
    };
    if difference.abs() > 1 || two_alike {
        let side = if difference.abs() > 1 {
            toward(difference)
        } else {
            last.opposite()
        };
        return Preference {
            strength: Strength::Absolute,
            side,
        };
    }
    if difference != 0 {
        return Preference {
            strength: Strength::Strong,
            side: toward(difference),
        };
    }
    Preference {
        strength: Strength::Mild,
        side: last.opposite(),
    }
}

/// Whether `a` and `b` may meet as far as the sides go (C.3): not when both
/// must have the same side.
pub(super) fn sides_allow(a: &Preference, b: &Preference) -> bool {
    !(a.strength == Strength::Absolute && b.strength == Strength::Absolute && a.side == b.side)
}

/// Whether the pair leaves a preference ungranted (both want the same
/// side), and whether it is a strong or absolute one.
pub(super) fn conflict(a: &Preference, b: &Preference) -> (bool, bool) {
    let both = a.strength != Strength::None && b.strength != Strength::None && a.side == b.side;
    let strong = both && a.strength.min(b.strength) >= Strength::Strong;
    (both, strong)
}

/// Who starts (E.1 to E.5): `higher` is the higher-ranked of the pair.
/// Returns the player who gets `Side::First`.
pub(super) fn first_player<'a>(
    higher: &'a SwissPlayer,
    lower: &'a SwissPlayer,
    initial_side: Side,
) -> &'a SwissPlayer {
    let (ph, pl) = (preference(higher), preference(lower));
    let give_higher = |side: Side| {
        if side == Side::First { higher } else { lower }
    };
    // E.1: both preferences granted.
    if ph.strength != Strength::None && pl.strength != Strength::None && ph.side != pl.side {
        return give_higher(ph.side);
    }
    if ph.strength == Strength::None && pl.strength != Strength::None {
        return give_higher(pl.side.opposite());
    }
    if ph.strength != Strength::None && pl.strength == Strength::None {
        return give_higher(ph.side);
    }
    if ph.strength != Strength::None {
        // E.2: the stronger preference (with two absolute ones, the wider
        // side difference).
        if ph.strength != pl.strength {
            return if ph.strength > pl.strength {
                give_higher(ph.side)
            } else {
                give_higher(pl.side.opposite())
            };
        }
        if ph.strength == Strength::Absolute {
            let (dh, dl) = (
                higher.side_difference().abs(),
                lower.side_difference().abs(),
            );
            if dh != dl {
                return if dh > dl {
                    give_higher(ph.side)
                } else {
                    give_higher(pl.side.opposite())
                };
            }
        }
        // E.3: alternate from the latest round in which they differed.
        for (h, l) in higher.sides.iter().rev().zip(lower.sides.iter().rev()) {
            if h != l {
                return give_higher(h.opposite());
            }
        }
        // E.4: the higher-ranked player's preference.
        return give_higher(ph.side);
    }
    // E.5: nobody has played: the initial side to odd pairing numbers.
    if higher.number % 2 == 1 {
        give_higher(initial_side)
    } else {
        give_higher(initial_side.opposite())
    }
}

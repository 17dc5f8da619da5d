//! The FIDE Tournament Report File (TRF16, FIDE Handbook C.04 Annex 2):
//! the text file the pairing checkers read.
//!
//! Starting ranks are the initial ranking's places ([`History::initial_ranking`]),
//! colours are sides (`w` the player who starts the opening), results are
//! `1`, `=`, `0` over the board and `+`, `-` for forfeits, and a round without
//! a game is `0000 - U` (the pairing-allocated bye) or `0000 - Z` (absent,
//! and the rounds before a late entry).
//! Scores are written on the classic scale (1 a win) whatever the tournament
//! counts, since that is the scale TRF knows.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::pairing::ByeReason;
use crate::{GameResult, History, Outcome, Pairing, PlayerId, Scoring, Side};

/// What a TRF file says about the tournament besides its players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfHeader {
    /// The tournament's name (line 012).
    pub name: String,
    /// The first day, `YYYY/MM/DD` (line 042), when known.
    pub start_date: Option<String>,
    /// The system's name (line 092), e.g. "Swiss, FIDE Dutch".
    pub system: String,
    /// How many rounds the tournament has (line `XXR`).
    pub planned_rounds: usize,
    /// The side the first-ranked player had in round 1 (line `XXC`:
    /// `white1` or `black1`), when the tournament has started.
    pub initial_side: Option<Side>,
}

/// The whole file. `final_order` is the standings' order (their ranks go in
/// the rank column); a player missing from it gets no rank.
pub fn write(history: &History, header: &TrfHeader, final_order: &[PlayerId]) -> String {
    let ranking = history.initial_ranking();
    let start_rank: HashMap<PlayerId, usize> = ranking
        .iter()
        .enumerate()
        .map(|(place, &id)| (id, place + 1))
        .collect();
    let final_rank: HashMap<PlayerId, usize> = final_order
        .iter()
        .enumerate()
        .map(|(place, &id)| (id, place + 1))
        .collect();

    let mut out = String::new();
    writeln!(out, "012 {}", one_line(&header.name)).unwrap();
    if let Some(date) = &header.start_date {
        writeln!(out, "042 {date}").unwrap();
    }
    writeln!(out, "062 {}", history.entrants.len()).unwrap();
    writeln!(out, "092 {}", one_line(&header.system)).unwrap();
    writeln!(out, "XXR {}", header.planned_rounds).unwrap();
    if let Some(side) = header.initial_side {
        let word = match side {
            Side::First => "white1",
            Side::Second => "black1",
        };
        writeln!(out, "XXC {word}").unwrap();
    }
    for &id in &ranking {
        let entrant = history.entrant(id).expect("ranked players are entrants");
        let mut line = String::with_capacity(91 + 10 * history.rounds.len());
        line.push_str("001 ");
        write!(line, "{:>4}", start_rank[&id]).unwrap();
        line.push_str("      ");
        let name: String = one_line(&entrant.name).chars().take(33).collect();
        write!(line, "{name:<33}").unwrap();
        line.push(' ');
        if entrant.rating > 0 {
            write!(line, "{:>4}", entrant.rating.min(9999)).unwrap();
        } else {
            line.push_str("    ");
        }
        // Federation, FIDE id and birth date: none.
        line.push_str(&" ".repeat(28));
        write!(
            line,
            "{:>4}",
            history.score(id, Scoring::Classic).to_string()
        )
        .unwrap();
        line.push(' ');
        match final_rank.get(&id) {
            Some(rank) => write!(line, "{rank:>4}").unwrap(),
            None => line.push_str("    "),
        }
        debug_assert_eq!(line.chars().count(), 89, "the fixed columns end at 89");
        line.push_str("  ");
        for round in &history.rounds {
            line.push_str(&round_block(round.line_of(id), id, &start_rank));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The ten characters of one round of one player.
fn round_block(
    line: Option<&Pairing>,
    player: PlayerId,
    start_rank: &HashMap<PlayerId, usize>,
) -> String {
    match line {
        // A round before the player entered counts as an absence.
        None => "0000 - Z  ".to_owned(),
        Some(Pairing::Bye { reason, .. }) => {
            let code = match reason {
                ByeReason::PairingAllocated => 'U',
                ByeReason::Absent | ByeReason::Rest => 'Z',
            };
            format!("0000 - {code}  ")
        }
        Some(game @ Pairing::Game { result, .. }) => {
            let (opponent, side) = game.opponent_of(player).expect("the line is the player's");
            let colour = match side {
                Side::First => 'w',
                Side::Second => 'b',
            };
            let code = match result.map(|result| GameResult::outcome_for(result, side)) {
                None => ' ',
                Some(Outcome::Win) => '1',
                Some(Outcome::Draw) => '=',
                Some(Outcome::Loss) => '0',
                Some(Outcome::ForfeitWin) => '+',
                Some(Outcome::ForfeitLoss) => '-',
            };
            format!("{:>4} {colour} {code}  ", start_rank[&opponent])
        }
    }
}

/// A text on one line: line breaks become spaces.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

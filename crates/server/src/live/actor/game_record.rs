//! The game as a record to download (`narabe-records`): its configuration and
//! moves, the result with the platform's reason (time, agreement, abandonment),
//! the clock, the date it was created and the computer's or the bots' names.
//! People have no names on narabe: their seats stay unnamed.

use narabe_game::TimeControl;
use narabe_records::{Record, RecordResult};
use narabe_rules::Color;

use super::GameActor;

impl GameActor {
    /// The record of the game as it stands (finished or not).
    pub(super) fn game_record(&self) -> Record {
        let game = self.session.game();
        let mut record = Record::from_game(game);
        let settings = &mut record.settings;
        settings.place = Some("narabe".to_owned());
        settings.date = Some(utc_date(self.created_at));
        settings.time_control = Some(match self.session.config().time {
            TimeControl::Unlimited => narabe_records::TimeControl::Unlimited,
            TimeControl::RealTime {
                base_ms,
                increment_ms,
            } => narabe_records::TimeControl::Clock {
                base_seconds: u32::try_from(base_ms / 1_000).unwrap_or(u32::MAX),
                increment_seconds: u32::try_from(increment_ms / 1_000).unwrap_or(u32::MAX),
            },
            TimeControl::Correspondence { days_per_move } => {
                narabe_records::TimeControl::DaysPerMove(days_per_move)
            }
        });
        if let Some(result) = self.session.result() {
            settings.result = Some(RecordResult {
                winner: result.winner.map(|player| game.color_of(player)),
                reason: Some(result.result_code()),
            });
        }
        let computer = self.computer.map(|computer| {
            (
                computer.seat,
                format!("narabe computer, level {}", computer.level),
            )
        });
        let bots = narabe_rules::Player::ALL.into_iter().filter_map(|seat| {
            self.setup
                .bots
                .of(seat)
                .map(|name| (seat, format!("{name} (bot)")))
        });
        for (seat, name) in computer.into_iter().chain(bots) {
            // Records name the players by the colour they held at the end.
            match game.color_of(seat) {
                Color::Black => settings.black = Some(name),
                Color::White => settings.white = Some(name),
            }
        }
        record
    }
}

/// The UTC calendar date (`2026-12-02`) of a moment in milliseconds since the
/// Unix epoch (the civil-from-days algorithm of Howard Hinnant's date
/// library, proleptic Gregorian).
fn utc_date(millis: i64) -> String {
    let days = millis.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::utc_date;

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(utc_date(0), "1970-01-01");
        assert_eq!(utc_date(951_782_400_000), "2000-02-29");
        assert_eq!(utc_date(1_796_169_599_999), "2026-12-01");
        assert_eq!(utc_date(1_796_169_600_000), "2026-12-02");
        assert_eq!(utc_date(-1), "1969-12-31");
    }
}

//! The Elo difference a match score suggests, with a 95% interval.
//!
//! Each game scores 1, ½ or 0 for the first engine. With `n` games, `w` wins,
//! `d` draws and `l` losses the mean score is `s = (w + d/2) / n`. The games are
//! treated as independent draws from a trinomial distribution, whose variance per
//! game is estimated from the results themselves:
//! `σ² = (w(1-s)² + d(½-s)² + l(0-s)²) / n`, so the mean's standard error is
//! `σ/√n`. The 95% interval of the score is `s ± 1.96·σ/√n` (clamped to 0..1),
//! and every score maps to an Elo difference by the logistic model,
//! `Elo(s) = -400·log10(1/s - 1)`, so the interval is mapped end by end (it is
//! not symmetric in Elo). A score of 0 or 1 maps to an infinite difference.

/// The estimate from one match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// The first engine's mean score, 0..=1.
    pub score: f64,
    /// The standard error of the mean score.
    pub standard_error: f64,
    /// The Elo difference (first minus second).
    pub elo: f64,
    /// The low end of the 95% interval, in Elo.
    pub low: f64,
    /// The high end of the 95% interval, in Elo.
    pub high: f64,
}

/// The two-sided 95% quantile of the normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;

/// The estimate for `wins`, `draws` and `losses` of the first engine, or `None`
/// before any game.
#[must_use]
pub fn estimate_elo(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
    let games = f64::from(wins + draws + losses);
    if games == 0.0 {
        return None;
    }
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let score = (w + d / 2.0) / games;
    let variance =
        (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / games;
    let standard_error = (variance / games).sqrt();
    let margin = Z_95 * standard_error;
    Some(EloEstimate {
        score,
        standard_error,
        elo: elo_of_score(score),
        low: elo_of_score((score - margin).max(0.0)),
        high: elo_of_score((score + margin).min(1.0)),
    })
}

/// The Elo difference at which the expected score is `score` (logistic model).
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo difference with its sign, `+inf`/`-inf` at the ends.
#[must_use]
pub fn format_elo(elo: f64) -> String {
    if elo == f64::INFINITY {
        "+inf".to_owned()
    } else if elo == f64::NEG_INFINITY {
        "-inf".to_owned()
    } else if elo == 0.0 {
        // Never "-0.0": an even score is no difference at all.
        "0.0".to_owned()
    } else {
        format!("{elo:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64) {
        assert!(
            (actual - expected).abs() < 0.01,
            "{actual} is not {expected}"
        );
    }

    #[test]
    fn six_wins_two_draws_two_losses() {
        // By hand: s = 7/10 = 0.7; Elo = -400·log10(1/0.7 - 1) = 147.19.
        // σ² = (6·0.09 + 2·0.04 + 2·0.49)/10 = 0.16; σ/√n = √0.016 = 0.126491;
        // 1.96·0.126491 = 0.247921, so s lies in [0.452079, 0.947921]:
        // Elo(0.452079) = -33.40 and Elo(0.947921) = +504.03.
        let estimate = estimate_elo(6, 2, 2).expect("games");
        close(estimate.score, 0.7);
        close(estimate.standard_error, 0.126_491);
        close(estimate.elo, 147.19);
        close(estimate.low, -33.40);
        close(estimate.high, 504.03);
    }

    #[test]
    fn an_even_score_is_zero_with_a_symmetric_interval() {
        // s = 0.5, σ² = (3·0.25 + 4·0 + 3·0.25)/10 = 0.15, σ/√n = 0.122474,
        // margin 0.240045: Elo(0.259955) = -181.74 and Elo(0.740045) = +181.74.
        let estimate = estimate_elo(3, 4, 3).expect("games");
        close(estimate.elo, 0.0);
        close(estimate.low, -181.74);
        close(estimate.high, 181.74);
    }

    #[test]
    fn only_draws_have_no_spread_and_a_clean_sweep_is_infinite() {
        let draws = estimate_elo(0, 5, 0).expect("games");
        assert_eq!((draws.elo, draws.low, draws.high), (0.0, 0.0, 0.0));
        let sweep = estimate_elo(4, 0, 0).expect("games");
        assert_eq!(sweep.elo, f64::INFINITY);
        assert_eq!(format_elo(sweep.elo), "+inf");
        assert_eq!(format_elo(elo_of_score(0.0)), "-inf");
        assert_eq!(format_elo(147.19), "+147.2");
        assert_eq!(format_elo(-0.0), "0.0");
        assert_eq!(estimate_elo(0, 0, 0), None);
    }
}

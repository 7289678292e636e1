//! The records of scoring, in the product's words.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

impl Difficulty {
    pub const ALL: [Self; 3] = [Self::Easy, Self::Medium, Self::Hard];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Easy => "easy",
            Self::Medium => "medium",
            Self::Hard => "hard",
        }
    }

    /// The difficulty named `name` (as [`Self::as_str`] writes it).
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.as_str() == name)
    }
}

/// Percent = absolute / max × 100; a level worth nothing scores 0 %.
#[must_use]
pub fn percent(score: u32, max_score: u32) -> f64 {
    if max_score == 0 { 0.0 } else { f64::from(score) * 100.0 / f64::from(max_score) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_is_share_of_the_maximum() {
        assert!((percent(45, 60) - 75.0).abs() < f64::EPSILON);
        assert!(percent(0, 0).abs() < f64::EPSILON, "no division by zero");
    }
}

//! The records of scoring, in the product's words.

use kernel::{ApiClientId, ApproachId, AttemptId, ChapterId, LevelId, SkillId, UserId};
use time::OffsetDateTime;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chapter {
    pub id: ChapterId,
    pub number: u16,
    pub title: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skill {
    pub id: SkillId,
    pub name: String,
}

/// A way of playing a level that the game recognises (e.g. "collaborative").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approach {
    pub id: ApproachId,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub id: LevelId,
    pub chapter: ChapterId,
    pub number: u16,
    pub title: String,
    pub max_score: u32,
    pub difficulty: Difficulty,
    pub skills: Vec<SkillId>,
}

/// One play of one level by one trainee, as the game reported it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub id: AttemptId,
    /// The game client that sent it; `(client, external_id)` is the idempotency key.
    pub client: ApiClientId,
    pub external_id: String,
    pub user: UserId,
    pub level: LevelId,
    pub difficulty: Difficulty,
    pub approach: ApproachId,
    pub score: u32,
    pub max_score: u32,
    pub skill_points: Vec<(SkillId, u32)>,
    pub duration_seconds: u32,
    pub started_at: OffsetDateTime,
    pub completed_at: OffsetDateTime,
    /// When the portal took the report in, by its clock.
    pub received_at: OffsetDateTime,
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

//! An attempt: one play of one level by one trainee, as the game reported it, and the digest
//! that tells a resent report from a conflicting one.

use std::fmt::Write as _;

use kernel::{ApiClientId, ApproachId, AttemptId, CompanyId, LevelId, SkillId, UserId};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use crate::{Difficulty, reports::Earned};

/// What the game says happened, before the portal has judged it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptReport {
    /// The game's own id of the attempt: with the client, the idempotency key.
    pub external_id: String,
    pub trainee: UserId,
    pub level: LevelId,
    pub difficulty: Difficulty,
    pub approach: ApproachId,
    pub score: u32,
    pub max_score: u32,
    /// Points per skill, in the order the game sent them.
    pub skill_points: Vec<(SkillId, u32)>,
    pub duration_seconds: u32,
    pub started_at: OffsetDateTime,
    pub completed_at: OffsetDateTime,
    /// The chapter the client says the level is in (an xAPI statement's parent activity),
    /// checked against the catalogue; `None` when it does not say.
    pub chapter: Option<u16>,
    /// The xAPI statement the report was read from, when it came as one.
    pub statement: Option<XapiStatement>,
}

/// An xAPI statement an attempt came in as: kept beside the attempt, answered back on request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XapiStatement {
    /// The statement as JSON, as it is answered back (without `stored` and `authority`,
    /// which are added when it is read).
    pub json: String,
    /// The statement as xAPI compares two of them (what may differ between two sendings of one
    /// statement, such as the verb's display, left out). Part of the digest, so the same
    /// statement id with other content conflicts even where the attempt's fields agree.
    pub comparable: String,
}

/// A statement as it was kept, for reading it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredStatement {
    pub attempt: AttemptId,
    /// [`XapiStatement::json`].
    pub json: String,
    /// When the portal took the attempt in: the statement's `stored`.
    pub received_at: OffsetDateTime,
}

impl AttemptReport {
    /// SHA-256 (hex) of the content in a canonical form: skills sorted, instants in UTC
    /// nanoseconds, then the chapter and the statement's comparable form when there are.
    /// Two reports with the same digest say the same thing.
    #[must_use]
    pub fn digest(&self) -> String {
        let mut points = self.skill_points.clone();
        points.sort_unstable();
        let mut canonical = format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{}|{}",
            self.external_id,
            self.trainee,
            self.level,
            self.difficulty.as_str(),
            self.approach,
            self.score,
            self.max_score,
            self.duration_seconds,
            self.started_at.unix_timestamp_nanos(),
            self.completed_at.unix_timestamp_nanos(),
        );
        for (skill, points) in points {
            let _ = write!(canonical, "|{skill}={points}");
        }
        if let Some(chapter) = self.chapter {
            let _ = write!(canonical, "|chapter={chapter}");
        }
        if let Some(statement) = &self.statement {
            let _ = write!(canonical, "|xapi={}", statement.comparable);
        }
        Sha256::digest(canonical.as_bytes()).iter().fold(String::with_capacity(64), |mut hex, byte| {
            let _ = write!(hex, "{byte:02x}");
            hex
        })
    }
}

/// An attempt the portal accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub id: AttemptId,
    /// The game client that sent it.
    pub client: ApiClientId,
    /// The trainee's company when it came in.
    pub company: CompanyId,
    pub report: AttemptReport,
    /// What it earned in each skill it reported, out of that skill's maximum at the level when
    /// it came in (a later change to the catalogue leaves it as it was played).
    pub skills: Vec<(SkillId, Earned)>,
    /// When the portal took it in, by its clock.
    pub received_at: OffsetDateTime,
    /// [`AttemptReport::digest`] of the report.
    pub digest: String,
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    fn report() -> AttemptReport {
        AttemptReport {
            external_id: "a-1".into(),
            trainee: UserId::new(),
            level: LevelId::new(),
            difficulty: Difficulty::Medium,
            approach: ApproachId::new(),
            score: 40,
            max_score: 60,
            skill_points: vec![(SkillId::new(), 10), (SkillId::new(), 30)],
            duration_seconds: 300,
            started_at: datetime!(2026-11-20 10:00 UTC),
            completed_at: datetime!(2026-11-20 10:05 UTC),
            chapter: None,
            statement: None,
        }
    }

    #[test]
    fn the_digest_ignores_skill_order_and_time_zone_but_not_content() {
        let original = report();
        let mut reordered = original.clone();
        reordered.skill_points.reverse();
        reordered.completed_at = datetime!(2026-11-20 11:05 +01:00);
        assert_eq!(original.digest(), reordered.digest());
        assert_eq!(original.digest().len(), 64);

        let mut changed = original.clone();
        changed.score = 41;
        assert_ne!(original.digest(), changed.digest());
    }

    #[test]
    fn a_statement_and_a_chapter_are_part_of_the_content() {
        let original = report();
        let statement = XapiStatement { json: "{}".into(), comparable: "{\"a\":1}".into() };
        let from_xapi = AttemptReport { statement: Some(statement.clone()), ..original.clone() };
        assert_ne!(original.digest(), from_xapi.digest());
        let json_differs = AttemptReport {
            statement: Some(XapiStatement { json: "{ }".into(), ..statement.clone() }),
            ..original.clone()
        };
        assert_eq!(from_xapi.digest(), json_differs.digest(), "only the comparable form counts");
        let other = AttemptReport {
            statement: Some(XapiStatement { comparable: "{\"a\":2}".into(), ..statement }),
            ..original.clone()
        };
        assert_ne!(from_xapi.digest(), other.digest());
        assert_ne!(original.digest(), AttemptReport { chapter: Some(1), ..original.clone() }.digest());
    }
}

//! Ingestion: a batch of reported attempts judged item by item, the acceptable ones written
//! in one transaction, and an answer for every item.

use std::{
    collections::{HashMap, HashSet},
    hash::Hash,
};

use kernel::{AttemptId, Clock};

use crate::{Attempt, AttemptReport, AttemptStore, CallingClient, ClientKind, ItemProblem, Placement, judge};

/// The most attempts one request may carry.
pub const MAX_BATCH: usize = 1_000;

/// How one item of a batch ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Stored(AttemptId),
    /// Recorded before with the same content: nothing was written.
    Duplicate(AttemptId),
    /// Recorded before with other content: refused.
    Conflict(AttemptId),
    Invalid(Vec<ItemProblem>),
}

#[derive(Debug, thiserror::Error)]
pub enum IngestError {
    /// Only `game` clients post attempts.
    #[error("only game clients post attempts")]
    NotAGame,
    #[error("at most {MAX_BATCH} attempts per request")]
    TooMany,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// One item as the adapter read it: a report, or why it could not be read.
pub type Item = Result<AttemptReport, Vec<ItemProblem>>;

#[derive(Clone, Debug)]
pub struct Ingestion<S, C> {
    store: S,
    clock: C,
}

impl<S: AttemptStore, C: Clock> Ingestion<S, C> {
    pub const fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// Judges every item, records the acceptable ones (committed before this returns) and
    /// answers each item's outcome, in the items' order.
    ///
    /// # Errors
    /// `NotAGame`, `TooMany`; storage failures (then nothing of the batch was written).
    pub async fn ingest(&self, client: &CallingClient, items: Vec<Item>) -> Result<Vec<Outcome>, IngestError> {
        if client.kind != ClientKind::Game {
            return Err(IngestError::NotAGame);
        }
        if items.len() > MAX_BATCH {
            return Err(IngestError::TooMany);
        }
        let now = self.clock.now();
        let reports = || items.iter().filter_map(|item| item.as_ref().ok());
        let facts = self
            .store
            .facts(
                &client.scope,
                &distinct(reports().map(|r| r.trainee)),
                &distinct(reports().map(|r| r.level)),
                &distinct(reports().map(|r| r.approach)),
                &distinct(reports().flat_map(|r| r.skill_points.iter().map(|(skill, _)| *skill))),
            )
            .await?;

        // Judged items; the first acceptable one of each external id is the batch's to write.
        let mut judged: Vec<Result<Attempt, Vec<ItemProblem>>> = Vec::with_capacity(items.len());
        let mut to_write = Vec::new();
        let mut first_of: HashSet<String> = HashSet::new();
        for item in items {
            let verdict = item.and_then(|report| {
                let Placement { company, seat, seat_unused } = judge(&report, &facts, now)?;
                let digest = report.digest();
                Ok((
                    Attempt { id: AttemptId::new(), client: client.id, company, report, received_at: now, digest },
                    seat,
                    seat_unused,
                ))
            });
            judged.push(match verdict {
                Ok((attempt, seat, seat_unused)) => {
                    if first_of.insert(attempt.report.external_id.clone()) {
                        to_write.push((attempt.clone(), seat_unused.then_some(seat)));
                    }
                    Ok(attempt)
                }
                Err(problems) => Err(problems),
            });
        }
        // Sorted by key, so two batches sharing keys wait on each other in the same order
        // instead of deadlocking.
        to_write.sort_by(|(a, _), (b, _)| a.report.external_id.cmp(&b.report.external_id));
        let recorded = self.store.record(client.id, &to_write).await?;

        let mut winner: HashMap<&str, (AttemptId, &str)> = recorded
            .existing
            .iter()
            .map(|(external_id, (id, digest))| (external_id.as_str(), (*id, digest.as_str())))
            .collect();
        for (attempt, _) in &to_write {
            if recorded.inserted.contains(&attempt.id) {
                winner.insert(&attempt.report.external_id, (attempt.id, &attempt.digest));
            }
        }
        let mut outcomes = Vec::with_capacity(judged.len());
        for verdict in judged {
            outcomes.push(match verdict {
                Err(problems) => Outcome::Invalid(problems),
                Ok(attempt) if recorded.inserted.contains(&attempt.id) => Outcome::Stored(attempt.id),
                Ok(attempt) => match winner.get(attempt.report.external_id.as_str()) {
                    Some((id, digest)) if *digest == attempt.digest => Outcome::Duplicate(*id),
                    Some((id, _)) => Outcome::Conflict(*id),
                    None => {
                        return Err(anyhow::anyhow!("attempt {} neither written nor found", attempt.id).into());
                    }
                },
            });
        }
        Ok(outcomes)
    }
}

/// Each value once, in first-seen order.
fn distinct<T: Eq + Hash + Copy>(values: impl Iterator<Item = T>) -> Vec<T> {
    let mut seen = HashSet::new();
    values.filter(|v| seen.insert(*v)).collect()
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use kernel::{ApiClientId, ApproachId, CompanyId, LevelId, ManualClock, SeatId, SkillId, UserId};
    use time::macros::{date, datetime};

    use super::*;
    use crate::{ClientScope, Difficulty, Facts, LevelFacts, Recorded, SeatFacts, TraineeFacts};

    /// Attempts by (client, external id), as a unique index would keep them.
    #[derive(Clone, Default)]
    struct Fake {
        facts: Facts,
        rows: Arc<Mutex<HashMap<String, (AttemptId, String)>>>,
        activated: Arc<Mutex<Vec<SeatId>>>,
    }

    impl AttemptStore for Fake {
        async fn facts(
            &self,
            _: &ClientScope,
            _: &[UserId],
            _: &[LevelId],
            _: &[ApproachId],
            _: &[SkillId],
        ) -> anyhow::Result<Facts> {
            Ok(self.facts.clone())
        }

        async fn record(&self, _: ApiClientId, attempts: &[(Attempt, Option<SeatId>)]) -> anyhow::Result<Recorded> {
            let mut rows = self.rows.lock().unwrap();
            let mut recorded = Recorded::default();
            for (attempt, seat) in attempts {
                let key = attempt.report.external_id.clone();
                if let Some(existing) = rows.get(&key) {
                    recorded.existing.insert(key, existing.clone());
                } else {
                    rows.insert(key, (attempt.id, attempt.digest.clone()));
                    recorded.inserted.insert(attempt.id);
                    self.activated.lock().unwrap().extend(seat);
                }
            }
            Ok(recorded)
        }
    }

    fn setup() -> (Ingestion<Fake, ManualClock>, Fake, CallingClient, AttemptReport) {
        let (trainee, level, approach, skill, seat) =
            (UserId::new(), LevelId::new(), ApproachId::new(), SkillId::new(), SeatId::new());
        let facts = Facts {
            trainees: HashMap::from([(
                trainee,
                TraineeFacts {
                    company: CompanyId::new(),
                    seats: vec![SeatFacts {
                        id: seat,
                        starts_at: datetime!(2026-01-01 00:00 UTC),
                        valid_until: date!(2026 - 12 - 31),
                        ended_at: None,
                        activated: false,
                    }],
                },
            )]),
            levels: HashMap::from([(
                level,
                LevelFacts { max_score: 100, skills: HashSet::from([skill]), retired_at: None },
            )]),
            approaches: HashSet::from([approach]),
            skills: HashSet::from([skill]),
        };
        let store = Fake { facts, ..Fake::default() };
        let report = AttemptReport {
            external_id: "play-1".into(),
            trainee,
            level,
            difficulty: Difficulty::Hard,
            approach,
            score: 70,
            max_score: 100,
            skill_points: vec![(skill, 70)],
            duration_seconds: 600,
            started_at: datetime!(2026-11-20 09:00 UTC),
            completed_at: datetime!(2026-11-20 09:10 UTC),
        };
        let client = CallingClient { id: ApiClientId::new(), kind: ClientKind::Game, scope: ClientScope::All };
        let service = Ingestion::new(store.clone(), ManualClock::starting_at(datetime!(2026-11-25 12:00 UTC)));
        (service, store, client, report)
    }

    fn kinds(outcomes: &[Outcome]) -> Vec<&'static str> {
        outcomes
            .iter()
            .map(|o| match o {
                Outcome::Stored(_) => "stored",
                Outcome::Duplicate(_) => "duplicate",
                Outcome::Conflict(_) => "conflict",
                Outcome::Invalid(_) => "invalid",
            })
            .collect()
    }

    #[tokio::test]
    async fn each_item_gets_its_own_answer_and_valid_ones_are_kept() {
        let (service, store, client, report) = setup();
        let mut changed = report.clone();
        changed.score = 71;
        changed.skill_points[0].1 = 71;
        let mut second = report.clone();
        second.external_id = "play-2".into();
        let mut wrong = report.clone();
        wrong.external_id = "play-3".into();
        wrong.score = 101;
        let items = vec![
            Ok(report.clone()),
            Ok(report.clone()),
            Ok(changed.clone()),
            Err(vec![ItemProblem::malformed("level: not a UUID")]),
            Ok(second),
            Ok(wrong),
        ];
        let outcomes = service.ingest(&client, items).await.unwrap();
        assert_eq!(kinds(&outcomes), ["stored", "duplicate", "conflict", "invalid", "stored", "invalid"]);
        let Outcome::Stored(first) = outcomes[0] else { unreachable!() };
        assert_eq!(outcomes[1], Outcome::Duplicate(first), "a repeat points at the attempt kept");
        assert_eq!(store.rows.lock().unwrap().len(), 2);
        assert_eq!(store.activated.lock().unwrap().len(), 2, "the seat is marked beside each new attempt");

        let again = service.ingest(&client, vec![Ok(report), Ok(changed)]).await.unwrap();
        assert_eq!(again, vec![Outcome::Duplicate(first), Outcome::Conflict(first)]);
        assert_eq!(store.rows.lock().unwrap().len(), 2, "a resent batch writes nothing");
    }

    #[tokio::test]
    async fn partners_do_not_post_and_batches_have_a_ceiling() {
        let (service, _, client, report) = setup();
        let partner = CallingClient { kind: ClientKind::Partner, ..client.clone() };
        assert!(matches!(service.ingest(&partner, vec![Ok(report.clone())]).await, Err(IngestError::NotAGame)));
        let items = (0..=MAX_BATCH).map(|_| Ok(report.clone())).collect();
        assert!(matches!(service.ingest(&client, items).await, Err(IngestError::TooMany)));
    }
}

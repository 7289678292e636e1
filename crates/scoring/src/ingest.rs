//! Ingestion: a batch of reported attempts judged item by item, the acceptable ones written
//! in one transaction (all of them or, in [`Mode::AllOrNothing`], none when one is refused),
//! and an answer for every item.

use std::{
    collections::{HashMap, HashSet},
    hash::Hash,
};

use kernel::{AttemptId, Clock, Email, FieldCode, UserId};

use crate::{
    Attempt, AttemptReport, AttemptStore, CallingClient, ClientKind, ItemProblem, Placement, Recorded, StoredStatement,
    judge,
};

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

impl Outcome {
    /// The outcome's name, as answers and metrics give it.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::Stored(_) => "stored",
            Self::Duplicate(_) => "duplicate",
            Self::Conflict(_) => "conflict",
            Self::Invalid(_) => "invalid",
        }
    }
}

/// Whether a batch is kept item by item or as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every acceptable item is recorded, whatever becomes of the others (the game's batches).
    EachItem,
    /// Every item is recorded (or was before), or none is: one invalid or conflicting item
    /// refuses the whole batch (xAPI's batches).
    AllOrNothing,
}

#[derive(Debug, thiserror::Error)]
pub enum IngestError {
    /// Only `game` clients post attempts.
    #[error("only game clients post attempts")]
    NotAGame,
    #[error("at most {MAX_BATCH} attempts per request")]
    TooMany,
    /// [`Mode::AllOrNothing`]: nothing of the batch was written. The items refused, by
    /// their place in the batch: [`Outcome::Invalid`] or [`Outcome::Conflict`].
    #[error("{} item(s) refused, so none was recorded", .0.len())]
    Rejected(Vec<(usize, Outcome)>),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// One item as the adapter read it: a report, or why it could not be read.
pub type Item = Result<AttemptReport, Vec<ItemProblem>>;

/// Only `game` clients report attempts.
///
/// # Errors
/// `NotAGame` for any other client.
pub fn ensure_game(client: &CallingClient) -> Result<(), IngestError> {
    if client.kind == ClientKind::Game { Ok(()) } else { Err(IngestError::NotAGame) }
}

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
    /// answers each item's outcome, in the items' order. In [`Mode::AllOrNothing`] one
    /// invalid or conflicting item refuses the batch: nothing is written.
    ///
    /// # Errors
    /// `NotAGame`, `TooMany`, `Rejected`; storage failures (then nothing of the batch was
    /// written).
    pub async fn ingest(
        &self,
        client: &CallingClient,
        items: Vec<Item>,
        mode: Mode,
    ) -> Result<Vec<Outcome>, IngestError> {
        ensure_game(client)?;
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
        let mut first_of: HashMap<String, String> = HashMap::new();
        for item in items {
            let verdict = item.and_then(|report| {
                // Someone else's attempt is as unknown to a trainee's game as one outside a
                // client's companies.
                if client.acting_for.is_some_and(|trainee| trainee != report.trainee) {
                    return Err(vec![ItemProblem::new("trainee", FieldCode::Unknown)]);
                }
                let Placement { company, seat, seat_unused, skills } = judge(&report, &facts, now)?;
                let digest = report.digest();
                Ok((
                    Attempt {
                        id: AttemptId::new(),
                        client: client.id,
                        company,
                        report,
                        skills,
                        received_at: now,
                        digest,
                    },
                    seat,
                    seat_unused,
                ))
            });
            judged.push(match verdict {
                Ok((attempt, seat, seat_unused)) => match first_of.get(&attempt.report.external_id) {
                    None => {
                        first_of.insert(attempt.report.external_id.clone(), attempt.digest.clone());
                        to_write.push((attempt.clone(), seat_unused.then_some(seat)));
                        Ok(attempt)
                    }
                    // The same id twice in a batch kept whole: a batch cannot contradict itself.
                    Some(digest) if mode == Mode::AllOrNothing && *digest != attempt.digest => {
                        Err(vec![ItemProblem::new("external_id", FieldCode::Duplicate)])
                    }
                    Some(_) => Ok(attempt),
                },
                Err(problems) => Err(problems),
            });
        }
        if mode == Mode::AllOrNothing {
            let invalid: Vec<(usize, Outcome)> = judged
                .iter()
                .enumerate()
                .filter_map(|(index, verdict)| verdict.as_ref().err().map(|p| (index, Outcome::Invalid(p.clone()))))
                .collect();
            if !invalid.is_empty() {
                return Err(IngestError::Rejected(invalid));
            }
        }
        // Sorted by key, so two batches sharing keys wait on each other in the same order
        // instead of deadlocking.
        to_write.sort_by(|(a, _), (b, _)| a.report.external_id.cmp(&b.report.external_id));
        let whole = |recorded: &Recorded| {
            to_write.iter().all(|(attempt, _)| {
                recorded.inserted.contains(&attempt.id)
                    || recorded.existing.get(&attempt.report.external_id).is_some_and(|(_, d)| *d == attempt.digest)
            })
        };
        let keep = |recorded: &Recorded| mode == Mode::EachItem || whole(recorded);
        let recorded = self.store.record(client.id, &to_write, &keep).await?;

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
        if !keep(&recorded) {
            let conflicts =
                outcomes.into_iter().enumerate().filter(|(_, o)| matches!(o, Outcome::Conflict(_))).collect();
            return Err(IngestError::Rejected(conflicts));
        }
        Ok(outcomes)
    }

    /// The trainees inside the client's scope with these e-mail addresses, for reports that
    /// name their trainee by address (an xAPI `mbox`).
    ///
    /// # Errors
    /// `NotAGame`; storage failures.
    pub async fn trainees_by_email(
        &self,
        client: &CallingClient,
        emails: Vec<Email>,
    ) -> Result<HashMap<Email, UserId>, IngestError> {
        ensure_game(client)?;
        if emails.len() > MAX_BATCH {
            return Err(IngestError::TooMany);
        }
        Ok(self.store.trainees_by_email(&client.scope, &emails).await?)
    }

    /// The xAPI statement this client's attempt `external_id` came as; `None` when the
    /// client recorded no such attempt, or not from a statement.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn statement(
        &self,
        client: &CallingClient,
        external_id: String,
    ) -> Result<Option<StoredStatement>, IngestError> {
        Ok(self.store.statement(client.id, &external_id).await?)
    }

    /// Counts the attempts `trainee` has stored in the reports now: the game hands them over
    /// to the portal, where they look for the level they just played.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn count_now(&self, trainee: UserId) -> anyhow::Result<()> {
        self.store.count_now(trainee).await
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

    use kernel::{ApiClientId, ApproachId, CompanyId, LevelId, ManualClock, SeatId, SkillId};
    use time::macros::{date, datetime};

    use super::*;
    use crate::{ClientScope, Difficulty, Facts, LevelFacts, SeatFacts, TraineeFacts};

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

        async fn trainees_by_email(&self, _: &ClientScope, _: &[Email]) -> anyhow::Result<HashMap<Email, UserId>> {
            Ok(HashMap::new())
        }

        async fn record(
            &self,
            _: ApiClientId,
            attempts: &[(Attempt, Option<SeatId>)],
            keep: &(dyn Fn(&Recorded) -> bool + Sync),
        ) -> anyhow::Result<Recorded> {
            let mut rows = self.rows.lock().unwrap();
            let mut written = rows.clone();
            let mut activated: Vec<SeatId> = Vec::new();
            let mut recorded = Recorded::default();
            for (attempt, seat) in attempts {
                let key = attempt.report.external_id.clone();
                if let Some(existing) = written.get(&key) {
                    recorded.existing.insert(key, existing.clone());
                } else {
                    written.insert(key, (attempt.id, attempt.digest.clone()));
                    recorded.inserted.insert(attempt.id);
                    activated.extend(seat);
                }
            }
            if keep(&recorded) {
                *rows = written;
                self.activated.lock().unwrap().extend(activated);
            }
            Ok(recorded)
        }

        async fn statement(&self, _: ApiClientId, _: &str) -> anyhow::Result<Option<StoredStatement>> {
            Ok(None)
        }

        async fn count_now(&self, _: UserId) -> anyhow::Result<()> {
            Ok(())
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
                LevelFacts { chapter: 1, max_score: 100, skills: HashMap::from([(skill, 100)]), retired_at: None },
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
            chapter: None,
            statement: None,
        };
        let client =
            CallingClient { id: ApiClientId::new(), kind: ClientKind::Game, scope: ClientScope::All, acting_for: None };
        let service = Ingestion::new(store.clone(), ManualClock::starting_at(datetime!(2026-11-25 12:00 UTC)));
        (service, store, client, report)
    }

    fn kinds(outcomes: &[Outcome]) -> Vec<&'static str> {
        outcomes.iter().map(Outcome::kind).collect()
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
        let outcomes = service.ingest(&client, items, Mode::EachItem).await.unwrap();
        assert_eq!(kinds(&outcomes), ["stored", "duplicate", "conflict", "invalid", "stored", "invalid"]);
        let Outcome::Stored(first) = outcomes[0] else { unreachable!() };
        assert_eq!(outcomes[1], Outcome::Duplicate(first), "a repeat points at the attempt kept");
        assert_eq!(store.rows.lock().unwrap().len(), 2);
        assert_eq!(store.activated.lock().unwrap().len(), 2, "the seat is marked beside each new attempt");

        let again = service.ingest(&client, vec![Ok(report), Ok(changed)], Mode::EachItem).await.unwrap();
        assert_eq!(again, vec![Outcome::Duplicate(first), Outcome::Conflict(first)]);
        assert_eq!(store.rows.lock().unwrap().len(), 2, "a resent batch writes nothing");
    }

    #[tokio::test]
    async fn partners_do_not_post_and_batches_have_a_ceiling() {
        let (service, _, client, report) = setup();
        let partner = CallingClient { kind: ClientKind::Partner, ..client.clone() };
        assert!(matches!(
            service.ingest(&partner, vec![Ok(report.clone())], Mode::EachItem).await,
            Err(IngestError::NotAGame)
        ));
        let items = (0..=MAX_BATCH).map(|_| Ok(report.clone())).collect();
        assert!(matches!(service.ingest(&client, items, Mode::AllOrNothing).await, Err(IngestError::TooMany)));
    }

    #[tokio::test]
    async fn a_batch_kept_whole_writes_nothing_when_one_item_is_refused() {
        let (service, store, client, report) = setup();
        let mut second = report.clone();
        second.external_id = "play-2".into();
        let mut wrong = report.clone();
        wrong.external_id = "play-3".into();
        wrong.score = 101;
        let refused =
            service.ingest(&client, vec![Ok(report.clone()), Ok(wrong), Ok(second.clone())], Mode::AllOrNothing).await;
        let Err(IngestError::Rejected(refused)) = refused else { panic!("refused: {refused:?}") };
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].0, 1, "the refused item is named by its place");
        assert!(store.rows.lock().unwrap().is_empty(), "nothing of the batch was written");

        let mut contradicting = report.clone();
        contradicting.score = 1;
        contradicting.skill_points[0].1 = 1;
        let refused = service.ingest(&client, vec![Ok(report.clone()), Ok(contradicting)], Mode::AllOrNothing).await;
        assert!(matches!(refused, Err(IngestError::Rejected(r)) if r.len() == 1 && r[0].0 == 1));

        let stored = service.ingest(&client, vec![Ok(report.clone())], Mode::AllOrNothing).await.unwrap();
        assert_eq!(kinds(&stored), ["stored"]);
        let Outcome::Stored(first) = stored[0] else { unreachable!() };
        assert!(store.activated.lock().unwrap().len() == 1);

        // A conflict with what was recorded before is only found while writing: rolled back.
        let mut changed = report.clone();
        changed.score = 71;
        changed.skill_points[0].1 = 71;
        let refused = service.ingest(&client, vec![Ok(second.clone()), Ok(changed)], Mode::AllOrNothing).await;
        let Err(IngestError::Rejected(refused)) = refused else { panic!("refused: {refused:?}") };
        assert_eq!(refused, vec![(1, Outcome::Conflict(first))]);
        assert_eq!(store.rows.lock().unwrap().len(), 1, "the new item was rolled back with the batch");

        let again = service.ingest(&client, vec![Ok(second), Ok(report)], Mode::AllOrNothing).await.unwrap();
        assert_eq!(kinds(&again), ["stored", "duplicate"]);
        assert_eq!(again[1], Outcome::Duplicate(first));
    }
}

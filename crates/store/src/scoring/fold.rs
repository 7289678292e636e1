//! Folding stored attempts into their results and the report rollups, in a transaction of its
//! own after the one that stored them. Storing an attempt queues it (`fold_queue`); a fold
//! deletes the queue rows it takes and folds their attempts in one transaction, so a crash at
//! any point leaves every attempt either folded or still queued, and two processes never fold
//! one attempt twice: a queue row is taken by exactly one delete. Requests answer once their
//! attempts are stored; each process's folder, woken by them, folds the queue a company's
//! oldest batch at a time, and a trainee handed over to the portal has theirs folded first.

use std::collections::HashMap;

use kernel::{SkillId, UserId};
use scoring::{
    Attempt, Difficulty,
    reports::{Earned, Filter, Reader},
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbBackend, EntityTrait, QueryFilter, QuerySelect, Statement,
    TransactionTrait,
    sea_query::{Expr, ExprTrait, Order, Query, SelectStatement},
};
use time::{OffsetDateTime, UtcOffset};
use uuid::Uuid;

use super::results::{self, Stored};
use crate::{
    Store,
    db::Db,
    entities::{attempt_skill_points as points, attempts, fold_queue},
};

/// Attempts one fold takes at most. A fold writes each trainee's and company's rollup rows once
/// however many of their attempts it takes, so a queue that grew is worked off in big batches.
const FOLD_BATCH: usize = 10_000;
/// Queue rows a statement: three columns each.
const ROWS_PER_STATEMENT: usize = 5_000;

/// Queues `stored` (attempts written in `tx`) for folding, as of when each came in.
pub(super) async fn queue(tx: &DatabaseTransaction, stored: &[&Attempt]) -> anyhow::Result<()> {
    for chunk in stored.chunks(ROWS_PER_STATEMENT) {
        let mut insert = Query::insert();
        insert.into_table(fold_queue::Entity).columns([
            fold_queue::Column::AttemptId,
            fold_queue::Column::CompanyId,
            fold_queue::Column::QueuedAt,
        ]);
        for attempt in chunk {
            insert.values([
                Expr::val(attempt.id.as_uuid()),
                Expr::val(attempt.company.as_uuid()),
                Expr::val(attempt.received_at.to_offset(UtcOffset::UTC)),
            ])?;
        }
        tx.execute(&insert).await?;
    }
    Ok(())
}

impl Store {
    /// Folds up to a batch of the queued attempts of the company whose attempt has waited
    /// longest, skipping those another process is folding; how many it folded (0: nothing is
    /// queued).
    ///
    /// # Errors
    /// The database's.
    pub async fn fold_queued(&self) -> anyhow::Result<usize> {
        let backend = self.db.get_database_backend();
        let oldest = "SELECT company_id FROM fold_queue ORDER BY queued_at LIMIT 1";
        let sql = if backend == DbBackend::Postgres {
            // `= ANY(ARRAY(…))` evaluates the subquery once: `IN (SELECT … SKIP LOCKED)` may be
            // evaluated per row and take more than a batch.
            format!(
                "DELETE FROM fold_queue WHERE attempt_id = ANY(ARRAY(SELECT attempt_id FROM fold_queue \
                 WHERE company_id = ({oldest} FOR UPDATE SKIP LOCKED) \
                 ORDER BY queued_at LIMIT {FOLD_BATCH} FOR UPDATE SKIP LOCKED)) RETURNING attempt_id"
            )
        } else {
            // SQLite has one writer at a time: the statement is atomic as it stands.
            format!(
                "DELETE FROM fold_queue WHERE attempt_id IN (SELECT attempt_id FROM fold_queue \
                 WHERE company_id = ({oldest}) ORDER BY queued_at LIMIT {FOLD_BATCH}) RETURNING attempt_id"
            )
        };
        fold_taken(&self.db, Statement::from_string(backend, sql)).await
    }

    /// Waits until this process queues attempts, or `poll` passes (another process may have
    /// stored some and crashed before folding them).
    pub async fn until_queued(&self, poll: std::time::Duration) {
        // A wake-up sent while nobody waits is kept for the next wait: none is lost.
        let _ = tokio::time::timeout(poll, self.queued.notified()).await;
    }

    /// Tells this process's folder that attempts were queued.
    pub(super) fn wake_folder(&self) {
        self.queued.notify_one();
    }
}

/// Folds every queued attempt of `trainee` now, waiting for a fold that took some of them to
/// commit: when it returns, each attempt the trainee had stored is in the reports.
pub(super) async fn fold_trainee(db: &Db, trainee: UserId) -> anyhow::Result<usize> {
    let mut delete = Query::delete();
    delete
        .from_table(fold_queue::Entity)
        .and_where(Expr::col(fold_queue::Column::AttemptId).in_subquery(attempts_of(trainee)))
        .returning_col(fold_queue::Column::AttemptId);
    // Not `SKIP LOCKED`: a row another fold holds is waited for, then found gone.
    fold_taken(db, db.get_database_backend().build(&delete)).await
}

/// The time the oldest queued attempt the reader may see (within the filter's company and
/// trainee) came in: the reports count every attempt that came before it. `None`: they count
/// every attempt.
pub(super) async fn oldest_queued(db: &Db, reader: &Reader, filter: &Filter) -> anyhow::Result<Option<OffsetDateTime>> {
    let mut select = Query::select();
    select
        .column(fold_queue::Column::QueuedAt)
        .from(fold_queue::Entity)
        .order_by(fold_queue::Column::QueuedAt, Order::Asc)
        .limit(1);
    let mut trainees = vec![];
    match reader {
        Reader::All => {}
        Reader::Companies(own) => {
            select.and_where(Expr::col(fold_queue::Column::CompanyId).is_in(own.iter().map(|c| c.as_uuid())));
        }
        Reader::Trainee(user) => trainees.push(*user),
    }
    if let Some(company) = filter.company {
        select.and_where(Expr::col(fold_queue::Column::CompanyId).eq(company.as_uuid()));
    }
    trainees.extend(filter.user);
    for trainee in trainees {
        select.and_where(Expr::col(fold_queue::Column::AttemptId).in_subquery(attempts_of(trainee)));
    }
    let row = db.query_one(&select).await?;
    Ok(row.map(|row| row.try_get("", "queued_at")).transpose()?)
}

/// The ids of the trainee's attempts.
fn attempts_of(trainee: UserId) -> SelectStatement {
    Query::select()
        .column(attempts::Column::Id)
        .from(attempts::Entity)
        .and_where(Expr::col(attempts::Column::UserId).eq(trainee.as_uuid()))
        .take()
}

/// Takes the queue rows `delete` deletes and folds their attempts, in one transaction.
async fn fold_taken(db: &Db, delete: Statement) -> anyhow::Result<usize> {
    let tx = db.begin().await?;
    let taken = take(&tx, delete).await?;
    let folded = fold_stored(&tx, &taken).await?;
    tx.commit().await?;
    Ok(folded)
}

/// The attempt ids a queue-deleting statement returns.
async fn take(tx: &DatabaseTransaction, delete: Statement) -> anyhow::Result<Vec<Uuid>> {
    let rows = tx.query_all_raw(delete).await?;
    rows.iter().map(|row| Ok(row.try_get("", "attempt_id")?)).collect()
}

/// An attempt as a fold reads it back: id, trainee, level, company, difficulty, approach,
/// score, maximum, completed.
type AttemptRow = (Uuid, Uuid, Uuid, Uuid, String, Uuid, i32, i32, OffsetDateTime);

/// Folds the attempts `ids` (taken from the queue in `tx`), as stored.
async fn fold_stored(tx: &DatabaseTransaction, ids: &[Uuid]) -> anyhow::Result<usize> {
    if ids.is_empty() {
        return Ok(0);
    }
    let mut earned: HashMap<Uuid, Vec<(SkillId, Earned)>> = HashMap::new();
    let mut stored = Vec::with_capacity(ids.len());
    // Only the columns a result needs: a fold reads back thousands of attempts.
    for chunk in ids.chunks(ROWS_PER_STATEMENT) {
        let points: Vec<(Uuid, Uuid, i32, i32)> = points::Entity::find()
            .select_only()
            .columns([
                points::Column::AttemptId,
                points::Column::SkillId,
                points::Column::Points,
                points::Column::MaxPoints,
            ])
            .filter(points::Column::AttemptId.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(tx)
            .await?;
        for (attempt, skill, points, max) in points {
            earned
                .entry(attempt)
                .or_default()
                .push((skill.into(), Earned { points: u32::try_from(points)?, max: u32::try_from(max)? }));
        }
        let rows: Vec<AttemptRow> = attempts::Entity::find()
            .select_only()
            .columns([
                attempts::Column::Id,
                attempts::Column::UserId,
                attempts::Column::LevelId,
                attempts::Column::CompanyId,
                attempts::Column::Difficulty,
                attempts::Column::ApproachId,
                attempts::Column::Score,
                attempts::Column::MaxScore,
                attempts::Column::CompletedAt,
            ])
            .filter(attempts::Column::Id.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(tx)
            .await?;
        for (id, user, level, company, difficulty, approach, score, max_score, completed_at) in rows {
            let difficulty = Difficulty::parse(&difficulty)
                .ok_or_else(|| anyhow::anyhow!("attempt {id} has difficulty {difficulty:?}"))?;
            stored.push(Stored::new(
                user.into(),
                level.into(),
                company.into(),
                scoring::reports::Played {
                    attempt: id.into(),
                    score: u32::try_from(score)?,
                    max_score: u32::try_from(max_score)?,
                    completed_at,
                    difficulty,
                    approach: approach.into(),
                    skill_points: earned.remove(&id).unwrap_or_default(),
                },
            ));
        }
    }
    results::refresh(tx, &stored).await?;
    Ok(stored.len())
}

//! Folding stored attempts into their results and the report rollups, in a transaction of its
//! own after the one that stored them. Storing an attempt queues it (`fold_queue`); a fold
//! deletes the queue rows it takes and folds their attempts in one transaction, so a crash at
//! any point leaves every attempt either folded or still queued, and two processes never fold
//! one attempt twice: a queue row is taken by exactly one delete.

use std::collections::{HashMap, HashSet};

use kernel::SkillId;
use scoring::{Attempt, Difficulty, reports::Earned};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbBackend, EntityTrait, QueryFilter, Statement,
    TransactionTrait,
    sea_query::{Expr, ExprTrait, Query},
};
use time::UtcOffset;
use uuid::Uuid;

use super::results::{self, Stored};
use crate::{
    Store,
    db::Db,
    entities::{attempt_skill_points as points, attempts, fold_queue},
};

/// Attempts one fold takes at most: a few statements' worth of rows.
const FOLD_BATCH: usize = 2_000;
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

/// Folds those of `stored` (attempts just stored) still queued: another process's fold may
/// have taken some meanwhile. How many it folded.
pub(super) async fn fold_these(db: &Db, stored: &[&Attempt]) -> anyhow::Result<usize> {
    let mut folded = 0;
    for chunk in stored.chunks(FOLD_BATCH) {
        let tx = db.begin().await?;
        let mut delete = Query::delete();
        delete
            .from_table(fold_queue::Entity)
            .and_where(Expr::col(fold_queue::Column::AttemptId).is_in(chunk.iter().map(|a| a.id.as_uuid())))
            .returning_col(fold_queue::Column::AttemptId);
        let taken: HashSet<Uuid> = take(&tx, tx.get_database_backend().build(&delete)).await?.into_iter().collect();
        let taken: Vec<Stored> =
            chunk.iter().filter(|a| taken.contains(&a.id.as_uuid())).map(|a| Stored::of(a)).collect();
        results::refresh(&tx, &taken).await?;
        tx.commit().await?;
        folded += taken.len();
    }
    Ok(folded)
}

impl Store {
    /// Folds up to a batch of the queued attempts of the company whose attempt has waited
    /// longest, skipping those another process is folding; how many it folded (0: nothing is
    /// queued). A request folds its own attempts when it has stored them: this folds what a
    /// crash left queued.
    ///
    /// # Errors
    /// The database's.
    pub async fn fold_queued(&self) -> anyhow::Result<usize> {
        fold_next(&self.db).await
    }
}

async fn fold_next(db: &Db) -> anyhow::Result<usize> {
    let tx = db.begin().await?;
    let oldest = "SELECT company_id FROM fold_queue ORDER BY queued_at LIMIT 1";
    let sql = if tx.get_database_backend() == DbBackend::Postgres {
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
    let taken = take(&tx, Statement::from_string(tx.get_database_backend(), sql)).await?;
    let folded = fold_stored(&tx, &taken).await?;
    tx.commit().await?;
    Ok(folded)
}

/// The attempt ids a queue-deleting statement returns.
async fn take(tx: &DatabaseTransaction, delete: Statement) -> anyhow::Result<Vec<Uuid>> {
    let rows = tx.query_all_raw(delete).await?;
    rows.iter().map(|row| Ok(row.try_get("", "attempt_id")?)).collect()
}

/// Folds the attempts `ids` (taken from the queue in `tx`), as stored.
async fn fold_stored(tx: &DatabaseTransaction, ids: &[Uuid]) -> anyhow::Result<usize> {
    if ids.is_empty() {
        return Ok(0);
    }
    let mut earned: HashMap<Uuid, Vec<(SkillId, Earned)>> = HashMap::new();
    let mut stored = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(ROWS_PER_STATEMENT) {
        for point in
            points::Entity::find().filter(points::Column::AttemptId.is_in(chunk.iter().copied())).all(tx).await?
        {
            earned.entry(point.attempt_id).or_default().push((
                point.skill_id.into(),
                Earned { points: u32::try_from(point.points)?, max: u32::try_from(point.max_points)? },
            ));
        }
        for row in attempts::Entity::find().filter(attempts::Column::Id.is_in(chunk.iter().copied())).all(tx).await? {
            let difficulty = Difficulty::parse(&row.difficulty)
                .ok_or_else(|| anyhow::anyhow!("attempt {} has difficulty {:?}", row.id, row.difficulty))?;
            stored.push(Stored::new(
                row.user_id.into(),
                row.level_id.into(),
                row.company_id.into(),
                scoring::reports::Played {
                    attempt: row.id.into(),
                    score: u32::try_from(row.score)?,
                    max_score: u32::try_from(row.max_score)?,
                    completed_at: row.completed_at,
                    difficulty,
                    approach: row.approach_id.into(),
                    skill_points: earned.remove(&row.id).unwrap_or_default(),
                },
            ));
        }
    }
    results::refresh(tx, &stored).await?;
    Ok(stored.len())
}

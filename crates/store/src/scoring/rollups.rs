//! Writing what `scoring::reports::rollups` works out a set of result changes does to
//! `company_level_rollups` (per company and level), `trainee_rollups` (per trainee) and
//! `company_results` (trainees who played, per company), in the transaction that changed the
//! results: the amounts are added to their rows, and where a highest share or last play may
//! have fallen it is looked for again among the owner's results, in SQL.
//!
//! Rollup rows are written in key order after every result row is locked, so two processes
//! folding attempts of one owner wait for each other instead of deadlocking.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use kernel::{CompanyId, UserId};
use scoring::reports::{
    Pick,
    rollups::{self, Amount, Owner, PickAmount, ResultChange, RollupChanges, RowKey, Split},
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbBackend, EntityTrait, QueryFilter, QuerySelect,
    sea_query::{Alias, Cond, Expr, ExprTrait, OnConflict, Query, ValueTuple},
};
use time::UtcOffset;
use uuid::Uuid;

use super::reports::measures;
use crate::entities::{company_results, level_results};

/// Rollup rows a statement: 24 columns each.
const ROWS_PER_STATEMENT: usize = 1_000;
/// Owners a statement: at most two bound parameters each.
const OWNERS_PER_STATEMENT: usize = 2_000;

/// A rollup table: its rows are owned by a company and level, or by a trainee.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rollup {
    /// `company_level_rollups`.
    CompanyLevel,
    /// `trainee_rollups` (rows also name the trainee's company, for scoping).
    Trainee,
}

impl Rollup {
    const fn table(self) -> &'static str {
        match self {
            Self::CompanyLevel => "company_level_rollups",
            Self::Trainee => "trainee_rollups",
        }
    }

    /// The owner's columns, in this table and in `level_results`.
    const fn owner(self) -> &'static [&'static str] {
        match self {
            Self::CompanyLevel => &["company_id", "level_id"],
            Self::Trainee => &["user_id"],
        }
    }

    const fn holds(self, owner: Owner) -> bool {
        matches!((self, owner), (Self::CompanyLevel, Owner::CompanyLevel { .. }) | (Self::Trainee, Owner::Trainee(_)))
    }

    /// `owner`'s values of [`Self::owner`]'s columns (no allocation: one runs per rollup row).
    fn ids(owner: Owner) -> impl Iterator<Item = Uuid> {
        let (first, second) = match owner {
            Owner::CompanyLevel { company, level } => (company.as_uuid(), Some(level.as_uuid())),
            Owner::Trainee(user) => (user.as_uuid(), None),
        };
        std::iter::once(first).chain(second)
    }

    /// The owner of a row read with [`Self::owner`]'s columns.
    fn owner_of(self, row: &sea_orm::QueryResult) -> anyhow::Result<Owner> {
        Ok(match self {
            Self::CompanyLevel => Owner::CompanyLevel {
                company: CompanyId::from_uuid(row.try_get("", "company_id")?),
                level: kernel::LevelId::from_uuid(row.try_get("", "level_id")?),
            },
            Self::Trainee => Owner::Trainee(UserId::from_uuid(row.try_get("", "user_id")?)),
        })
    }
}

/// A split as the `split`, `item` and `difficulty` columns hold it; a split without an item of
/// its own names the owner's last id (the level, or the trainee).
fn split_columns(owner: Owner, split: Split) -> (&'static str, Uuid, &'static str) {
    let own = match owner {
        Owner::CompanyLevel { level, .. } => level.as_uuid(),
        Owner::Trainee(user) => user.as_uuid(),
    };
    match split {
        Split::Whole => ("", own, ""),
        Split::Difficulty(difficulty) => ("difficulty", own, difficulty.as_str()),
        Split::Approach(approach) => ("approach", approach.as_uuid(), ""),
        Split::Skill(skill) => ("skill", skill.as_uuid(), ""),
    }
}

/// Moves the rollups from what each result counted before to what it counts now.
pub(super) async fn apply(tx: &DatabaseTransaction, changes: &[ResultChange]) -> anyhow::Result<()> {
    let changed = rollups::changes(changes);
    for rollup in [Rollup::CompanyLevel, Rollup::Trainee] {
        let rows: Vec<_> = changed.rows.iter().filter(|(key, _)| rollup.holds(key.owner)).collect();
        upsert(tx, rollup, &changed, &rows, Resolve::Add).await?;
        recompute(tx, rollup, &changed).await?;
    }
    count_trainees(tx, &changed).await
}

/// How [`upsert`] meets a row that is there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Resolve {
    /// Adds the amounts (a row appears with its first result).
    Add,
    /// Sets the highest shares and last play, looked for again; the sums stay (the row is there).
    Replace,
}

/// A pick's column for `what` (`results`, `score`, `max` or `highest`).
fn pick_column(pick: Pick, what: &str) -> String {
    format!("{}_{what}", pick.as_str())
}

/// Writes amounts to their rows (all of `rollup`), as `resolve` says.
async fn upsert(
    tx: &DatabaseTransaction,
    rollup: Rollup,
    changed: &RollupChanges,
    rows: &[(&RowKey, &Amount)],
    resolve: Resolve,
) -> anyhow::Result<()> {
    let table = rollup.table();
    let greatest = if tx.get_database_backend() == DbBackend::Sqlite { "MAX" } else { "GREATEST" };
    let key: Vec<&str> = rollup.owner().iter().copied().chain(["split", "item", "difficulty"]).collect();
    let mut columns: Vec<String> = key.iter().map(|c| (*c).to_owned()).collect();
    if rollup == Rollup::Trainee {
        columns.push("company_id".to_owned());
    }
    columns.extend(["attempts".to_owned(), "last_played".to_owned()]);
    for pick in Pick::ALL {
        columns.extend(["results", "score", "max", "highest"].map(|what| pick_column(pick, what)));
    }
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let mut insert = Query::insert();
        insert.into_table(Alias::new(table)).columns(columns.iter().map(Alias::new));
        for (row, a) in chunk {
            let mut values: Vec<Expr> = Rollup::ids(row.owner).map(Expr::val).collect();
            let (split, item, difficulty) = split_columns(row.owner, row.split);
            values.extend([Expr::val(split), Expr::val(item), Expr::val(difficulty)]);
            if let Owner::Trainee(user) = row.owner {
                let company = changed.trainee_companies.get(&user).map(CompanyId::as_uuid);
                values.push(Expr::val(company.ok_or_else(|| anyhow::anyhow!("no company for a changed trainee"))?));
            }
            values.extend([Expr::val(a.attempts), Expr::val(a.last_played.map(|at| at.to_offset(UtcOffset::UTC)))]);
            for &PickAmount { results, score, max, highest } in &a.picks {
                values.extend([Expr::val(results), Expr::val(score), Expr::val(max), Expr::val(highest)]);
            }
            insert.values(values)?;
        }
        let mut on_conflict = OnConflict::columns(key.iter().map(|c| Alias::new(*c)));
        let highest = Pick::ALL.map(|pick| pick_column(pick, "highest"));
        if resolve == Resolve::Replace {
            on_conflict.update_columns(highest.iter().map(Alias::new).chain([Alias::new("last_played")]));
        } else {
            // As `Amount::add`.
            let add = |column: &str| Expr::cust(format!("{table}.{column} + excluded.{column}"));
            let sums =
                Pick::ALL.into_iter().flat_map(|pick| ["results", "score", "max"].map(|what| pick_column(pick, what)));
            for column in sums.chain(["attempts".to_owned()]) {
                on_conflict.value(Alias::new(&column), add(&column));
            }
            for column in &highest {
                on_conflict
                    .value(Alias::new(column), Expr::cust(format!("{greatest}({table}.{column}, excluded.{column})")));
            }
            // SQLite's two-argument MAX is NULL when either is; COALESCE makes both engines agree.
            on_conflict.value(
                Alias::new("last_played"),
                Expr::cust(format!(
                    "{greatest}(COALESCE({table}.last_played, excluded.last_played), \
                     COALESCE(excluded.last_played, {table}.last_played))"
                )),
            );
            if rollup == Rollup::Trainee {
                on_conflict.value(Alias::new("company_id"), Expr::cust("excluded.company_id"));
            }
        }
        insert.on_conflict(on_conflict);
        tx.execute(&insert).await?;
    }
    Ok(())
}

/// Looks again for the highest share and last play where the result that may have held them
/// fell or left: one read of those rows' highest shares, then for the owners where it was the
/// highest one aggregate over their results and one write, however many owners there are.
async fn recompute(tx: &DatabaseTransaction, rollup: Rollup, changed: &RollupChanges) -> anyhow::Result<()> {
    let table = rollup.table();
    let col = |table: &str, column: &str| Expr::col((Alias::new(table), Alias::new(column)));
    let fallen: BTreeMap<(Owner, Pick), f64> =
        changed.fallen.iter().filter(|((owner, _), _)| rollup.holds(*owner)).map(|(k, v)| (*k, *v)).collect();
    // The owners; each column's own list as well leads the database to an index (row values
    // alone are not indexed by every database).
    let owned_by = |alias: &str, chunk: &[Owner]| {
        let ids: Vec<Vec<Uuid>> = chunk.iter().map(|owner| Rollup::ids(*owner).collect()).collect();
        let mut cond = Cond::all().add(
            Expr::tuple(rollup.owner().iter().map(|column| col(alias, column)))
                .in_tuples(ids.iter().map(|ids| ValueTuple::Many(ids.iter().map(|id| (*id).into()).collect()))),
        );
        if rollup.owner().len() > 1 {
            for (i, column) in rollup.owner().iter().enumerate() {
                let side: BTreeSet<Uuid> = ids.iter().map(|ids| ids[i]).collect();
                cond = cond.add(col(alias, column).is_in(side));
            }
        }
        cond
    };
    let owners: Vec<Owner> = fallen.keys().map(|(owner, _)| *owner).collect::<BTreeSet<_>>().into_iter().collect();
    let mut highest: HashMap<(Owner, Pick), f64> = HashMap::new();
    for chunk in owners.chunks(OWNERS_PER_STATEMENT) {
        let mut select = Query::select();
        select
            .columns(rollup.owner().iter().map(|c| Alias::new(*c)))
            .columns(Pick::ALL.map(|pick| Alias::new(pick_column(pick, "highest"))));
        select.from(Alias::new(table)).and_where(col(table, "split").eq("")).cond_where(owned_by(table, chunk));
        for row in tx.query_all(&select).await? {
            let owner = rollup.owner_of(&row)?;
            for pick in Pick::ALL {
                highest.insert((owner, pick), row.try_get("", &pick_column(pick, "highest"))?);
            }
        }
    }
    // The owners where any pick's highest share fell: every pick's is looked for at once.
    let again = rollups::look_again(&fallen, &highest);
    let owners: Vec<Owner> = again.iter().map(|(owner, _)| *owner).collect::<BTreeSet<_>>().into_iter().collect();
    for chunk in owners.chunks(OWNERS_PER_STATEMENT) {
        // Per owner, the highest share in every pick (`Measured::share` of each result) and the
        // last play, over its results.
        let mut select = Query::select();
        select.columns(rollup.owner().iter().map(|c| (Alias::new("r"), Alias::new(*c))));
        for pick in Pick::ALL {
            let (score, max) = measures(pick, false);
            select.expr_as(
                Expr::cust(format!(
                    "CAST(COALESCE(MAX(CASE WHEN {max} > 0 THEN {score} * 100.0 / ({max}) ELSE 0 END), 0) AS DOUBLE PRECISION)"
                )),
                Alias::new(format!("best_{}", pick.as_str())),
            );
        }
        select.expr_as(Expr::cust("MAX(r.latest_at)"), Alias::new("last_played"));
        select.from_as(level_results::Entity, Alias::new("r")).cond_where(owned_by("r", chunk));
        for column in rollup.owner() {
            select.add_group_by([col("r", column)]);
        }
        let mut found: HashMap<Owner, Amount> = HashMap::new();
        for row in tx.query_all(&select).await? {
            let mut amount = Amount { last_played: row.try_get("", "last_played")?, ..Amount::default() };
            for (pick, counted) in Pick::ALL.into_iter().zip(&mut amount.picks) {
                counted.highest = row.try_get("", &format!("best_{}", pick.as_str()))?;
            }
            found.insert(rollup.owner_of(&row)?, amount);
        }
        // An owner with no result left has nothing to find: no highest share, no last play.
        let amounts: Vec<(RowKey, Amount)> = chunk
            .iter()
            .map(|owner| (RowKey { owner: *owner, split: Split::Whole }, found.get(owner).copied().unwrap_or_default()))
            .collect();
        let rows: Vec<_> = amounts.iter().map(|(key, amount)| (key, amount)).collect();
        upsert(tx, rollup, changed, &rows, Resolve::Replace).await?;
    }
    Ok(())
}

/// Counts a trainee in a company when their first result there appears, and no more when
/// their last one leaves.
async fn count_trainees(tx: &DatabaseTransaction, changed: &RollupChanges) -> anyhow::Result<()> {
    if changed.moved.is_empty() {
        return Ok(());
    }
    let users: BTreeSet<Uuid> = changed.moved.keys().map(|(user, _)| user.as_uuid()).collect();
    let mut after: HashMap<(UserId, CompanyId), i64> = HashMap::new();
    for chunk in users.into_iter().collect::<Vec<_>>().chunks(ROWS_PER_STATEMENT) {
        let found: Vec<(Uuid, Uuid, i64)> = level_results::Entity::find()
            .select_only()
            .column(level_results::Column::UserId)
            .column(level_results::Column::CompanyId)
            .column_as(Expr::cust("COUNT(*)"), "results")
            .filter(level_results::Column::UserId.is_in(chunk.iter().copied()))
            .group_by(level_results::Column::UserId)
            .group_by(level_results::Column::CompanyId)
            .into_tuple()
            .all(tx)
            .await?;
        after.extend(
            found.into_iter().map(|(user, company, n)| ((UserId::from_uuid(user), CompanyId::from_uuid(company)), n)),
        );
    }
    let trainees: Vec<_> = rollups::trainees_counted(&changed.moved, &after).into_iter().collect();
    for chunk in trainees.chunks(ROWS_PER_STATEMENT) {
        let mut insert = Query::insert();
        insert
            .into_table(company_results::Entity)
            .columns([company_results::Column::CompanyId, company_results::Column::Trainees]);
        for (company, change) in chunk {
            insert.values([Expr::val(company.as_uuid()), Expr::val(*change)])?;
        }
        insert.on_conflict(
            OnConflict::column(company_results::Column::CompanyId)
                .value(company_results::Column::Trainees, Expr::cust("company_results.trainees + excluded.trainees"))
                .to_owned(),
        );
        tx.execute(&insert).await?;
    }
    Ok(())
}

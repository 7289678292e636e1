//! Keeping `company_level_results` (per company and level), `trainee_results` (per trainee)
//! and `company_results` (trainees who played, per company) up to date with `level_results`,
//! in the same transaction: each changed result takes back what it counted before and adds
//! what it counts now. Sums move exactly; a highest share or last play that may have fallen
//! with a result is looked for again among the owner's results.
//!
//! Rollup rows are written in key order after every result row is locked, so two processes
//! folding attempts of one owner wait for each other instead of deadlocking.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use scoring::reports::{Earned, LevelResult, Pick};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbBackend, EntityTrait, QueryFilter, QuerySelect,
    sea_query::{Alias, Cond, Expr, ExprTrait, OnConflict, Query, ValueTuple},
};
use time::{OffsetDateTime, UtcOffset};
use uuid::Uuid;

use super::reports::measures;
use crate::entities::{company_results, level_results};

/// Rollup rows a statement: 12 columns each.
const ROWS_PER_STATEMENT: usize = 1_000;
/// Owners a statement: at most two bound parameters each.
const OWNERS_PER_STATEMENT: usize = 2_000;
/// Shares closer than this are the same (one side may come from SQL, the other from Rust).
const SAME_SHARE: f64 = 1e-9;

pub(super) type Pair = (Uuid, Uuid);

/// What one trainee's result at one level counts, in every mode.
#[derive(Clone, Debug)]
pub(super) struct Counted {
    company: Uuid,
    attempts: i64,
    latest_at: OffsetDateTime,
    /// Per mode of [`Pick::ALL`]: score, maximum, difficulty and approach.
    modes: [(f64, f64, String, Uuid); 4],
    /// Per skill: points and maximum per mode of [`Pick::ALL`] (maximum 0: the counted
    /// attempt did not report the skill, so the result counts nothing for it).
    skills: Vec<(Uuid, [(f64, f64); 4])>,
}

#[allow(clippy::cast_precision_loss, reason = "scores and sums are far below 2^52")]
impl Counted {
    /// What `r`, whose latest attempt was played in `company`, counts.
    pub(super) fn of_result(company: Uuid, r: &LevelResult) -> Self {
        let attempts = f64::from(r.attempts);
        let mode = |pick: Pick| -> (f64, f64, String, Uuid) {
            let played = match pick {
                Pick::First => &r.first,
                Pick::Best => &r.best,
                Pick::Latest | Pick::Average => &r.latest,
            };
            let (score, max) = match pick {
                Pick::Average => (r.score_sum as f64 / attempts, r.max_sum as f64 / attempts),
                _ => (f64::from(played.score), f64::from(played.max_score)),
            };
            (score, max, played.difficulty.as_str().to_owned(), played.approach.as_uuid())
        };
        Self {
            company,
            attempts: i64::from(r.attempts),
            latest_at: r.latest.completed_at,
            modes: Pick::ALL.map(mode),
            skills: r
                .skills
                .iter()
                .map(|s| {
                    let earned = |e: Earned| (f64::from(e.points), f64::from(e.max));
                    let points = Pick::ALL.map(|pick| match pick {
                        Pick::First => earned(s.first),
                        Pick::Latest => earned(s.latest),
                        Pick::Best => earned(s.best),
                        Pick::Average => (s.sum as f64 / attempts, s.max_sum as f64 / attempts),
                    });
                    (s.skill.as_uuid(), points)
                })
                .collect(),
        }
    }

    /// The share of the maximum the result counts in mode `m`, as the views compute it.
    fn share(&self, m: usize) -> f64 {
        let (score, max, ..) = &self.modes[m];
        if *max > 0.0 { score * 100.0 / max } else { 0.0 }
    }
}

/// A rollup table: its rows are owned by a company and level, or by a trainee.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rollup {
    /// `company_level_results`.
    CompanyLevel,
    /// `trainee_results` (rows also name the trainee's company, for scoping).
    Trainee,
}

impl Rollup {
    const fn table(self) -> &'static str {
        match self {
            Self::CompanyLevel => "company_level_results",
            Self::Trainee => "trainee_results",
        }
    }

    /// The owner's columns, then its results' columns in `level_results`.
    const fn owner(self) -> &'static [&'static str] {
        match self {
            Self::CompanyLevel => &["company_id", "level_id"],
            Self::Trainee => &["user_id"],
        }
    }
}

/// A rollup row's key: its owner (company and level, or trainee and nil), mode (index into
/// [`Pick::ALL`]), split, item, difficulty.
type Key = ([Uuid; 2], usize, &'static str, Uuid, String);

#[derive(Clone, Copy, Debug, Default)]
struct Amount {
    /// The trainee's company, for [`Rollup::Trainee`] rows.
    company: Uuid,
    results: i64,
    attempts: i64,
    score: f64,
    max: f64,
    best: f64,
    last_played: Option<OffsetDateTime>,
}

impl Amount {
    fn is_nothing(&self) -> bool {
        self.results == 0
            && self.attempts == 0
            && self.score == 0.0
            && self.max == 0.0
            && self.best == 0.0
            && self.last_played.is_none()
    }
}

/// Adds (`sign` 1) or takes back (`sign` -1) what `counted` counts, to the row of `owner`;
/// `item` stands for the owner where a split has no item of its own.
fn count(deltas: &mut BTreeMap<Key, Amount>, owner: [Uuid; 2], item: Uuid, counted: &Counted, sign: i64) {
    #[allow(clippy::cast_precision_loss, reason = "the sign")]
    let f = sign as f64;
    for (m, (score, max, difficulty, approach)) in counted.modes.iter().enumerate() {
        let keys = [
            ("", item, String::new(), (*score, *max)),
            ("difficulty", item, difficulty.clone(), (*score, *max)),
            ("approach", *approach, String::new(), (*score, *max)),
        ];
        let skills = counted
            .skills
            .iter()
            .filter(|(_, earned)| earned[m].1 > 0.0)
            .map(|(skill, earned)| ("skill", *skill, String::new(), earned[m]));
        for (split, item, difficulty, (score, max)) in keys.into_iter().chain(skills) {
            let amount = deltas.entry((owner, m, split, item, difficulty)).or_default();
            amount.company = counted.company;
            amount.results += sign;
            amount.score += f * score;
            amount.max += f * max;
            // Attempts, the highest share and the last play are only shown without a split.
            if split.is_empty() {
                amount.attempts += sign * counted.attempts;
                if sign > 0 {
                    amount.best = amount.best.max(counted.share(m));
                    amount.last_played = Ord::max(amount.last_played, Some(counted.latest_at));
                }
            }
        }
    }
}

/// Moves the rollups from what each pair's result counted (`None`: no result) to what it
/// counts now.
pub(super) async fn apply(
    tx: &DatabaseTransaction,
    changes: &[(Pair, Option<Counted>, Option<Counted>)],
) -> anyhow::Result<()> {
    for rollup in [Rollup::CompanyLevel, Rollup::Trainee] {
        let owner = |(user, level): Pair, counted: &Counted| match rollup {
            Rollup::CompanyLevel => ([counted.company, level], level),
            Rollup::Trainee => ([user, Uuid::nil()], user),
        };
        let mut deltas: BTreeMap<Key, Amount> = BTreeMap::new();
        // Owners and modes whose highest share or last play may have fallen, with the highest
        // share a fallen result had (infinite when one left): only if that was the highest must
        // it be looked for again.
        let mut fallen: BTreeMap<([Uuid; 2], usize), f64> = BTreeMap::new();
        for (pair, before, now) in changes {
            if let Some(before) = before {
                let (key, item) = owner(*pair, before);
                count(&mut deltas, key, item, before, -1);
                for m in 0..Pick::ALL.len() {
                    let moved = now.as_ref().is_none_or(|now| owner(*pair, now).0 != key);
                    if moved || now.as_ref().is_some_and(|now| now.share(m) < before.share(m)) {
                        let share = if moved { f64::INFINITY } else { before.share(m) };
                        let entry = fallen.entry((key, m)).or_insert(share);
                        *entry = entry.max(share);
                    }
                }
            }
            if let Some(now) = now {
                let (key, item) = owner(*pair, now);
                count(&mut deltas, key, item, now, 1);
            }
        }
        upsert(tx, rollup, &deltas, Resolve::Add).await?;
        recompute(tx, rollup, &fallen).await?;
    }
    count_trainees(tx, changes).await
}

/// How [`upsert`] meets a row that is there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Resolve {
    /// Adds the amounts (a row appears with its first result).
    Add,
    /// Sets the highest share and last play, looked for again; the sums stay (the row is there).
    Replace,
}

/// Writes amounts to their rows, as `resolve` says.
async fn upsert(
    tx: &DatabaseTransaction,
    rollup: Rollup,
    deltas: &BTreeMap<Key, Amount>,
    resolve: Resolve,
) -> anyhow::Result<()> {
    let table = rollup.table();
    let greatest = if tx.get_database_backend() == DbBackend::Sqlite { "MAX" } else { "GREATEST" };
    let owner = rollup.owner();
    let key: Vec<&str> = owner.iter().copied().chain(["mode", "split", "item", "difficulty"]).collect();
    let mut columns = key.clone();
    if rollup == Rollup::Trainee {
        columns.push("company_id");
    }
    columns.extend(["results", "attempts", "score", "max", "best", "last_played"]);
    // A result whose counted attempt in a mode did not change moves nothing there (x - x is
    // exactly 0); most of a new attempt's rows are such.
    let rows: Vec<_> = deltas.iter().filter(|(_, a)| resolve == Resolve::Replace || !a.is_nothing()).collect();
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let mut insert = Query::insert();
        insert.into_table(Alias::new(table)).columns(columns.iter().map(|c| Alias::new(*c)));
        for ((ids, m, split, item, difficulty), a) in chunk {
            let mut values: Vec<Expr> = ids[..owner.len()].iter().map(|id| Expr::val(*id)).collect();
            values.extend([
                Expr::val(Pick::ALL[*m].as_str()),
                Expr::val(*split),
                Expr::val(*item),
                Expr::val(difficulty.as_str()),
            ]);
            if rollup == Rollup::Trainee {
                values.push(Expr::val(a.company));
            }
            values.extend([
                Expr::val(a.results),
                Expr::val(a.attempts),
                Expr::val(a.score),
                Expr::val(a.max),
                Expr::val(a.best),
                Expr::val(a.last_played.map(|at| at.to_offset(UtcOffset::UTC))),
            ]);
            insert.values(values)?;
        }
        let mut on_conflict = OnConflict::columns(key.iter().map(|c| Alias::new(*c)));
        if resolve == Resolve::Replace {
            on_conflict.update_columns([Alias::new("best"), Alias::new("last_played")]);
        } else {
            let add = |column: &str| Expr::cust(format!("{table}.{column} + excluded.{column}"));
            for column in ["results", "attempts", "score", "max"] {
                on_conflict.value(Alias::new(column), add(column));
            }
            on_conflict
                .value(Alias::new("best"), Expr::cust(format!("{greatest}({table}.best, excluded.best)")))
                // SQLite's two-argument MAX is NULL when either is; COALESCE makes both engines agree.
                .value(
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
async fn recompute(
    tx: &DatabaseTransaction,
    rollup: Rollup,
    fallen: &BTreeMap<([Uuid; 2], usize), f64>,
) -> anyhow::Result<()> {
    let table = rollup.table();
    let col = |table: &str, column: &str| Expr::col((Alias::new(table), Alias::new(column)));
    let owners: BTreeSet<[Uuid; 2]> = fallen.keys().map(|(ids, _)| *ids).collect();
    let owners: Vec<[Uuid; 2]> = owners.into_iter().collect();
    let width = rollup.owner().len();
    // The owners; each column's own list as well leads the database to an index (row values
    // alone are not indexed by every database).
    let owned_by = |alias: &str, chunk: &[[Uuid; 2]]| {
        let mut cond =
            Cond::all().add(Expr::tuple(rollup.owner().iter().map(|column| col(alias, column))).in_tuples(
                chunk.iter().map(|ids| ValueTuple::Many(ids[..width].iter().map(|id| (*id).into()).collect())),
            ));
        if width > 1 {
            for (i, column) in rollup.owner().iter().enumerate() {
                let side: BTreeSet<Uuid> = chunk.iter().map(|ids| ids[i]).collect();
                cond = cond.add(col(alias, column).is_in(side));
            }
        }
        cond
    };
    let owner_of = |row: &sea_orm::QueryResult| -> anyhow::Result<[Uuid; 2]> {
        let mut ids = [Uuid::nil(); 2];
        for (id, column) in ids.iter_mut().zip(rollup.owner()) {
            *id = row.try_get("", column)?;
        }
        Ok(ids)
    };
    let mut highest: HashMap<([Uuid; 2], usize), f64> = HashMap::new();
    for chunk in owners.chunks(OWNERS_PER_STATEMENT) {
        let mut select = Query::select();
        select.columns(rollup.owner().iter().map(|c| Alias::new(*c))).columns([Alias::new("mode"), Alias::new("best")]);
        select.from(Alias::new(table)).and_where(col(table, "split").eq("")).cond_where(owned_by(table, chunk));
        for row in tx.query_all(&select).await? {
            let mode: String = row.try_get("", "mode")?;
            if let Some(m) = Pick::ALL.iter().position(|pick| pick.as_str() == mode) {
                highest.insert((owner_of(&row)?, m), row.try_get("", "best")?);
            }
        }
    }
    // Only where the fallen result held the highest share must it be looked for again.
    let again: BTreeSet<([Uuid; 2], usize)> = fallen
        .iter()
        .filter(|(key, share)| highest.get(key).is_none_or(|best| **share >= best - SAME_SHARE))
        .map(|(key, _)| *key)
        .collect();
    let owners: BTreeSet<[Uuid; 2]> = again.iter().map(|(ids, _)| *ids).collect();
    let owners: Vec<[Uuid; 2]> = owners.into_iter().collect();
    for chunk in owners.chunks(OWNERS_PER_STATEMENT) {
        // Per owner, the highest share in every mode and the last play, over its results.
        let mut select = Query::select();
        select.columns(rollup.owner().iter().map(|c| (Alias::new("r"), Alias::new(*c))));
        for (m, mode) in Pick::ALL.iter().enumerate() {
            let (score, max) = measures(*mode, false);
            select.expr_as(
                Expr::cust(format!(
                    "CAST(COALESCE(MAX(CASE WHEN {max} > 0 THEN {score} * 100.0 / ({max}) ELSE 0 END), 0) AS DOUBLE PRECISION)"
                )),
                Alias::new(format!("best_{m}")),
            );
        }
        select.expr_as(Expr::cust("MAX(r.latest_at)"), Alias::new("last_played"));
        select.from_as(level_results::Entity, Alias::new("r")).cond_where(owned_by("r", chunk));
        for column in rollup.owner() {
            select.add_group_by([col("r", column)]);
        }
        let mut found: HashMap<[Uuid; 2], ([f64; 4], Option<OffsetDateTime>)> = HashMap::new();
        for row in tx.query_all(&select).await? {
            let mut best = [0.0; 4];
            for (m, value) in best.iter_mut().enumerate() {
                *value = row.try_get("", &format!("best_{m}"))?;
            }
            found.insert(owner_of(&row)?, (best, row.try_get("", "last_played")?));
        }
        let mut amounts: BTreeMap<Key, Amount> = BTreeMap::new();
        for (ids, m) in again.iter().filter(|(ids, _)| chunk.binary_search(ids).is_ok()) {
            let (best, last_played) = found.get(ids).copied().unwrap_or_default();
            let item = ids[width - 1];
            amounts.insert(
                (*ids, *m, "", item, String::new()),
                Amount { best: best[*m], last_played, ..Amount::default() },
            );
        }
        upsert(tx, rollup, &amounts, Resolve::Replace).await?;
    }
    Ok(())
}

/// Counts a trainee in a company when their first result there appears, and no more when
/// their last one leaves.
async fn count_trainees(
    tx: &DatabaseTransaction,
    changes: &[(Pair, Option<Counted>, Option<Counted>)],
) -> anyhow::Result<()> {
    // Per trainee and company: results gained minus results lost.
    let mut net: BTreeMap<(Uuid, Uuid), i64> = BTreeMap::new();
    for ((user, _), before, now) in changes {
        let (before, now) = (before.as_ref().map(|c| c.company), now.as_ref().map(|c| c.company));
        if before != now {
            if let Some(company) = before {
                *net.entry((*user, company)).or_default() -= 1;
            }
            if let Some(company) = now {
                *net.entry((*user, company)).or_default() += 1;
            }
        }
    }
    if net.is_empty() {
        return Ok(());
    }
    let users: BTreeSet<Uuid> = net.keys().map(|(user, _)| *user).collect();
    let mut after: HashMap<(Uuid, Uuid), i64> = HashMap::new();
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
        after.extend(found.into_iter().map(|(user, company, n)| ((user, company), n)));
    }
    let mut trainees: BTreeMap<Uuid, i64> = BTreeMap::new();
    for ((user, company), gained) in net {
        let now = after.get(&(user, company)).copied().unwrap_or(0);
        let before = now - gained;
        let change = i64::from(now > 0) - i64::from(before > 0);
        if change != 0 {
            *trainees.entry(company).or_default() += change;
        }
    }
    for chunk in trainees.into_iter().collect::<Vec<_>>().chunks(ROWS_PER_STATEMENT) {
        let mut insert = Query::insert();
        insert
            .into_table(company_results::Entity)
            .columns([company_results::Column::CompanyId, company_results::Column::Trainees]);
        for (company, change) in chunk {
            insert.values([Expr::val(*company), Expr::val(*change)])?;
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

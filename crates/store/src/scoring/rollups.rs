//! Keeping `company_level_results` and `company_results` up to date with `level_results`, in
//! the same transaction: each changed result takes back what it counted before and adds what
//! it counts now. Sums move exactly; a highest share or last play that may have fallen with
//! a result is recomputed from that company's results at that level.
//!
//! Rollup rows are written in key order after every result row is locked, so two processes
//! folding attempts of one company and level wait for each other instead of deadlocking.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use scoring::reports::{LevelResult, Pick};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbBackend, EntityTrait, QueryFilter, QuerySelect,
    sea_query::{Alias, Cond, Expr, ExprTrait, OnConflict, Query},
};
use time::{OffsetDateTime, UtcOffset};
use uuid::Uuid;

use super::reports::measures;
use crate::entities::{
    company_level_results as rollups, company_results, level_result_skills as result_skills, level_results,
};

/// Rollup rows a statement: 12 columns each.
const ROWS_PER_STATEMENT: usize = 1_000;
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
    /// Per skill: points per mode of [`Pick::ALL`].
    skills: Vec<(Uuid, [f64; 4])>,
}

#[allow(clippy::cast_precision_loss, reason = "scores and sums are far below 2^52")]
impl Counted {
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
                    let points = Pick::ALL.map(|pick| match pick {
                        Pick::First => f64::from(s.first),
                        Pick::Latest => f64::from(s.latest),
                        Pick::Best => f64::from(s.best),
                        Pick::Average => s.sum as f64 / attempts,
                    });
                    (s.skill.as_uuid(), points)
                })
                .collect(),
        }
    }

    pub(super) fn of_row(r: &level_results::Model, skills: &[result_skills::Model]) -> Self {
        let attempts = f64::from(r.attempts);
        let mode = |pick: Pick| -> (f64, f64, String, Uuid) {
            match pick {
                Pick::First => {
                    (f64::from(r.first_score), f64::from(r.first_max), r.first_difficulty.clone(), r.first_approach_id)
                }
                Pick::Best => {
                    (f64::from(r.best_score), f64::from(r.best_max), r.best_difficulty.clone(), r.best_approach_id)
                }
                Pick::Latest => (
                    f64::from(r.latest_score),
                    f64::from(r.latest_max),
                    r.latest_difficulty.clone(),
                    r.latest_approach_id,
                ),
                Pick::Average => (
                    r.score_sum as f64 / attempts,
                    r.max_sum as f64 / attempts,
                    r.latest_difficulty.clone(),
                    r.latest_approach_id,
                ),
            }
        };
        Self {
            company: r.company_id,
            attempts: i64::from(r.attempts),
            latest_at: r.latest_at,
            modes: Pick::ALL.map(mode),
            skills: skills
                .iter()
                .map(|s| {
                    let points = Pick::ALL.map(|pick| match pick {
                        Pick::First => f64::from(s.first_points),
                        Pick::Latest => f64::from(s.latest_points),
                        Pick::Best => f64::from(s.best_points),
                        Pick::Average => s.points_sum as f64 / attempts,
                    });
                    (s.skill_id, points)
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

/// A rollup row's key: company, level, mode (index into [`Pick::ALL`]), split, item, difficulty.
type Key = (Uuid, Uuid, usize, &'static str, Uuid, String);

#[derive(Clone, Copy, Debug, Default)]
struct Amount {
    results: i64,
    attempts: i64,
    score: f64,
    max: f64,
    best: f64,
    last_played: Option<OffsetDateTime>,
}

/// Adds (`sign` 1) or takes back (`sign` -1) what `counted` counts at `level`.
fn count(deltas: &mut BTreeMap<Key, Amount>, level: Uuid, counted: &Counted, sign: i64) {
    #[allow(clippy::cast_precision_loss, reason = "the sign")]
    let f = sign as f64;
    for (m, (score, max, difficulty, approach)) in counted.modes.iter().enumerate() {
        let keys = [
            ("", level, String::new()),
            ("difficulty", level, difficulty.clone()),
            ("approach", *approach, String::new()),
        ];
        for (split, item, difficulty) in keys {
            let amount = deltas.entry((counted.company, level, m, split, item, difficulty)).or_default();
            amount.results += sign;
            amount.attempts += sign * counted.attempts;
            amount.score += f * score;
            amount.max += f * max;
            if sign > 0 && split.is_empty() {
                amount.best = amount.best.max(counted.share(m));
                amount.last_played = Ord::max(amount.last_played, Some(counted.latest_at));
            }
        }
        for (skill, points) in &counted.skills {
            let amount = deltas.entry((counted.company, level, m, "skill", *skill, String::new())).or_default();
            amount.results += sign;
            amount.attempts += sign * counted.attempts;
            amount.score += f * points[m];
            amount.max += f * max;
        }
    }
}

/// Moves the rollups from what each pair's result counted (`None`: no result) to what it
/// counts now.
pub(super) async fn apply(
    tx: &DatabaseTransaction,
    changes: &[(Pair, Option<Counted>, Option<Counted>)],
) -> anyhow::Result<()> {
    let mut deltas: BTreeMap<Key, Amount> = BTreeMap::new();
    // (company, level, mode) whose highest share or last play may have fallen, with the highest
    // share a fallen result had (infinite when one left): only if that was the highest must it
    // be looked for again.
    let mut fallen: BTreeMap<(Uuid, Uuid, usize), f64> = BTreeMap::new();
    for ((_, level), before, now) in changes {
        if let Some(before) = before {
            count(&mut deltas, *level, before, -1);
            for m in 0..Pick::ALL.len() {
                let moved = now.as_ref().is_none_or(|now| now.company != before.company);
                if moved || now.as_ref().is_some_and(|now| now.share(m) < before.share(m)) {
                    let share = if moved { f64::INFINITY } else { before.share(m) };
                    let entry = fallen.entry((before.company, *level, m)).or_insert(share);
                    *entry = entry.max(share);
                }
            }
        }
        if let Some(now) = now {
            count(&mut deltas, *level, now, 1);
        }
    }
    write(tx, &deltas).await?;
    recompute(tx, &fallen).await?;
    count_trainees(tx, changes).await
}

/// Adds the deltas to their rows (a row appears with its first result).
async fn write(tx: &DatabaseTransaction, deltas: &BTreeMap<Key, Amount>) -> anyhow::Result<()> {
    use rollups::Column as C;
    let greatest = if tx.get_database_backend() == DbBackend::Sqlite { "MAX" } else { "GREATEST" };
    let rows: Vec<_> = deltas.iter().collect();
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let mut insert = Query::insert();
        insert.into_table(rollups::Entity).columns([
            C::CompanyId,
            C::LevelId,
            C::Mode,
            C::Split,
            C::Item,
            C::Difficulty,
            C::Results,
            C::Attempts,
            C::Score,
            C::Max,
            C::Best,
            C::LastPlayed,
        ]);
        for ((company, level, m, split, item, difficulty), a) in chunk {
            insert.values([
                Expr::val(*company),
                Expr::val(*level),
                Expr::val(Pick::ALL[*m].as_str()),
                Expr::val(*split),
                Expr::val(*item),
                Expr::val(difficulty.as_str()),
                Expr::val(a.results),
                Expr::val(a.attempts),
                Expr::val(a.score),
                Expr::val(a.max),
                Expr::val(a.best),
                Expr::val(a.last_played.map(|at| at.to_offset(UtcOffset::UTC))),
            ])?;
        }
        let add = |column: &str| Expr::cust(format!("company_level_results.{column} + excluded.{column}"));
        // SQLite's two-argument MAX is NULL when either is; COALESCE makes both engines agree.
        let latest = Expr::cust(format!(
            "{greatest}(COALESCE(company_level_results.last_played, excluded.last_played), \
             COALESCE(excluded.last_played, company_level_results.last_played))"
        ));
        insert.on_conflict(
            OnConflict::columns([C::CompanyId, C::LevelId, C::Mode, C::Split, C::Item, C::Difficulty])
                .value(C::Results, add("results"))
                .value(C::Attempts, add("attempts"))
                .value(C::Score, add("score"))
                .value(C::Max, add("max"))
                .value(C::Best, Expr::cust(format!("{greatest}(company_level_results.best, excluded.best)")))
                .value(C::LastPlayed, latest)
                .to_owned(),
        );
        tx.execute(&insert).await?;
    }
    Ok(())
}

/// Looks again for the highest share and last play where the result that may have held them
/// fell or left.
async fn recompute(tx: &DatabaseTransaction, fallen: &BTreeMap<(Uuid, Uuid, usize), f64>) -> anyhow::Result<()> {
    use rollups::Column as C;
    for (&(company, level, m), &share) in fallen {
        let mode = Pick::ALL[m];
        let row = || {
            Cond::all()
                .add(C::CompanyId.eq(company))
                .add(C::LevelId.eq(level))
                .add(C::Mode.eq(mode.as_str()))
                .add(C::Split.eq(""))
        };
        let best: Option<f64> =
            rollups::Entity::find().select_only().column(C::Best).filter(row()).into_tuple().one(tx).await?;
        if best.is_some_and(|best| share < best - SAME_SHARE) {
            continue;
        }
        let (score, max) = measures(mode, false);
        let of_results = |aggregate: String| {
            let r = |column: level_results::Column| Expr::col((Alias::new("r"), column));
            let select = Query::select()
                .expr(Expr::cust(aggregate))
                .from_as(level_results::Entity, Alias::new("r"))
                .and_where(r(level_results::Column::CompanyId).eq(company))
                .and_where(r(level_results::Column::LevelId).eq(level))
                .to_owned();
            Expr::SubQuery(None, Box::new(select.into()))
        };
        let update = Query::update()
            .table(rollups::Entity)
            .value(
                C::Best,
                of_results(format!(
                    "CAST(COALESCE(MAX(CASE WHEN {max} > 0 THEN {score} * 100.0 / ({max}) ELSE 0 END), 0) AS DOUBLE PRECISION)"
                )),
            )
            .value(C::LastPlayed, of_results("MAX(r.latest_at)".to_owned()))
            .cond_where(row())
            .to_owned();
        tx.execute(&update).await?;
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

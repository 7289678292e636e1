//! Keeping `level_results` and `level_result_skills` up to date in the transaction that
//! records attempts, so that every report reads what counts instead of the raw attempts.
//!
//! Each touched (trainee, level) is recomputed from all of its attempts, which makes a late
//! or out-of-order attempt as right as a timely one. Two processes recording attempts of one
//! trainee and level must not each fold in only their own: the result rows are written
//! (locked) first, in key order, and the attempts read after, so on PostgreSQL the second
//! process waits for the first to commit and then reads both attempts.

use std::collections::{BTreeMap, HashMap, HashSet};

use kernel::{ApproachId, AttemptId, SkillId};
use scoring::{
    Attempt, Difficulty,
    reports::{LevelResult, Played},
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect,
    sea_query::{Expr, ExprTrait, IntoColumnRef, OnConflict, Query},
};
use time::OffsetDateTime;
use uuid::Uuid;

use super::rollups::{self, Counted, Pair};
use crate::entities::{attempt_skill_points as points, attempts, level_result_skills as result_skills, level_results};

/// Pairs a statement: two bound parameters each, well under SQLite's limit.
const PAIRS_PER_STATEMENT: usize = 2_000;
/// Result rows a statement: 24 columns each.
const RESULTS_PER_STATEMENT: usize = 1_000;

/// Recomputes the results of every trainee and level that `recorded` (attempts just written
/// in `tx`) touch.
pub(super) async fn refresh(tx: &DatabaseTransaction, recorded: &[&Attempt]) -> anyhow::Result<()> {
    let mut touched: BTreeMap<Pair, &Attempt> = BTreeMap::new();
    for attempt in recorded {
        touched.entry((attempt.report.trainee.as_uuid(), attempt.report.level.as_uuid())).or_insert(attempt);
    }
    if touched.is_empty() {
        return Ok(());
    }
    // Lock: each touched row exists and is ours until commit (a placeholder from one of the new
    // attempts where there was none; an existing row is left as it is).
    let placeholders: Vec<(Pair, Uuid, LevelResult)> = touched
        .iter()
        .filter_map(|(pair, attempt)| {
            LevelResult::of(&[played(attempt)]).map(|result| (*pair, attempt.company.as_uuid(), result))
        })
        .collect();
    write_results(tx, &placeholders, false).await?;

    let pairs: Vec<Pair> = touched.keys().copied().collect();
    let recorded_ids: HashSet<Uuid> = recorded.iter().map(|a| a.id.as_uuid()).collect();
    let before = counted_before(tx, &pairs, &recorded_ids).await?;
    let mut companies: HashMap<Pair, Uuid> = HashMap::new();
    let mut plays: HashMap<Pair, Vec<Played>> = HashMap::new();
    for chunk in pairs.chunks(PAIRS_PER_STATEMENT) {
        let (users, levels) = sides(chunk);
        // The lists lead the database to the (user, level) index; the pairs then narrow to
        // exactly the touched ones (row values alone are not indexed by every database).
        let rows = attempts::Entity::find()
            .filter(attempts::Column::UserId.is_in(users))
            .filter(attempts::Column::LevelId.is_in(levels))
            .filter(among(attempts::Column::UserId, attempts::Column::LevelId, chunk))
            .all(tx)
            .await?;
        let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
        let mut skill_points: HashMap<Uuid, Vec<(SkillId, u32)>> = HashMap::new();
        for ids in ids.chunks(PAIRS_PER_STATEMENT * 2) {
            let found: Vec<(Uuid, Uuid, i32)> = points::Entity::find()
                .select_only()
                .columns([points::Column::AttemptId, points::Column::SkillId, points::Column::Points])
                .filter(points::Column::AttemptId.is_in(ids.iter().copied()))
                .into_tuple()
                .all(tx)
                .await?;
            for (attempt, skill, points) in found {
                skill_points.entry(attempt).or_default().push((skill.into(), u32::try_from(points)?));
            }
        }
        for row in rows {
            let pair = (row.user_id, row.level_id);
            // The company the latest attempt was played in, as the attempts themselves keep it.
            let latest = plays.get(&pair).and_then(|p| p.iter().map(|p| p.completed_at).max());
            if latest.is_none_or(|latest| row.completed_at >= latest) {
                companies.insert(pair, row.company_id);
            }
            plays.entry(pair).or_default().push(Played {
                attempt: AttemptId::from(row.id),
                score: u32::try_from(row.score)?,
                max_score: u32::try_from(row.max_score)?,
                completed_at: row.completed_at,
                difficulty: Difficulty::parse(&row.difficulty)
                    .ok_or_else(|| anyhow::anyhow!("attempt {} has difficulty {:?}", row.id, row.difficulty))?,
                approach: ApproachId::from(row.approach_id),
                skill_points: skill_points.remove(&row.id).unwrap_or_default(),
            });
        }
    }
    let results: Vec<(Pair, Uuid, LevelResult)> = pairs
        .iter()
        .filter_map(|pair| {
            let result = LevelResult::of(plays.get(pair)?)?;
            Some((*pair, *companies.get(pair)?, result))
        })
        .collect();
    write_results(tx, &results, true).await?;

    for chunk in pairs.chunks(PAIRS_PER_STATEMENT) {
        let (users, levels) = sides(chunk);
        result_skills::Entity::delete_many()
            .filter(result_skills::Column::UserId.is_in(users))
            .filter(result_skills::Column::LevelId.is_in(levels))
            .filter(among(result_skills::Column::UserId, result_skills::Column::LevelId, chunk))
            .exec(tx)
            .await?;
    }
    let skill_rows: Vec<result_skills::ActiveModel> = results
        .iter()
        .flat_map(|((user, level), company, result)| {
            result.skills.iter().map(move |s| result_skills::ActiveModel {
                user_id: sea_orm::Set(*user),
                level_id: sea_orm::Set(*level),
                skill_id: sea_orm::Set(s.skill.as_uuid()),
                company_id: sea_orm::Set(*company),
                first_points: sea_orm::Set(points_column(s.first)),
                latest_points: sea_orm::Set(points_column(s.latest)),
                best_points: sea_orm::Set(points_column(s.best)),
                points_sum: sea_orm::Set(i64::try_from(s.sum).unwrap_or(i64::MAX)),
            })
        })
        .collect();
    for chunk in skill_rows.chunks(RESULTS_PER_STATEMENT * 2) {
        result_skills::Entity::insert_many(chunk.to_vec()).exec(tx).await?;
    }

    let mut now: HashMap<Pair, Counted> =
        results.iter().map(|(pair, company, result)| (*pair, Counted::of_result(*company, result))).collect();
    let mut before = before;
    let changes: Vec<_> = pairs.iter().map(|pair| (*pair, before.remove(pair), now.remove(pair))).collect();
    rollups::apply(tx, &changes).await
}

/// What the touched pairs' results counted before this transaction; a placeholder row (its
/// attempt is one just recorded) is no result.
async fn counted_before(
    tx: &DatabaseTransaction,
    pairs: &[Pair],
    recorded: &HashSet<Uuid>,
) -> anyhow::Result<HashMap<Pair, Counted>> {
    let mut before = HashMap::new();
    for chunk in pairs.chunks(PAIRS_PER_STATEMENT) {
        let (users, levels) = sides(chunk);
        let rows = level_results::Entity::find()
            .filter(level_results::Column::UserId.is_in(users.clone()))
            .filter(level_results::Column::LevelId.is_in(levels.clone()))
            .filter(among(level_results::Column::UserId, level_results::Column::LevelId, chunk))
            .all(tx)
            .await?;
        let mut skills: HashMap<Pair, Vec<result_skills::Model>> = HashMap::new();
        for skill in result_skills::Entity::find()
            .filter(result_skills::Column::UserId.is_in(users))
            .filter(result_skills::Column::LevelId.is_in(levels))
            .filter(among(result_skills::Column::UserId, result_skills::Column::LevelId, chunk))
            .all(tx)
            .await?
        {
            skills.entry((skill.user_id, skill.level_id)).or_default().push(skill);
        }
        for row in rows.into_iter().filter(|row| !recorded.contains(&row.best_attempt_id)) {
            let pair = (row.user_id, row.level_id);
            before.insert(pair, Counted::of_row(&row, skills.get(&pair).map_or(&[], Vec::as_slice)));
        }
    }
    Ok(before)
}

/// `(user, level) IN pairs`.
fn among<C: IntoColumnRef>(user: C, level: C, pairs: &[Pair]) -> Expr {
    Expr::tuple([Expr::col(user), Expr::col(level)]).in_tuples(pairs.iter().copied())
}

/// The distinct trainees and levels of `pairs`.
fn sides(pairs: &[Pair]) -> (Vec<Uuid>, Vec<Uuid>) {
    let mut users: Vec<Uuid> = pairs.iter().map(|(user, _)| *user).collect();
    let mut levels: Vec<Uuid> = pairs.iter().map(|(_, level)| *level).collect();
    for side in [&mut users, &mut levels] {
        side.sort_unstable();
        side.dedup();
    }
    (users, levels)
}

fn played(attempt: &Attempt) -> Played {
    let r = &attempt.report;
    Played {
        attempt: attempt.id,
        score: r.score,
        max_score: r.max_score,
        completed_at: r.completed_at,
        difficulty: r.difficulty,
        approach: r.approach,
        skill_points: r.skill_points.clone(),
    }
}

/// Scores and points are at most [`scoring::judge::MAX_SCORE`], so they fit.
fn points_column(points: u32) -> i32 {
    i32::try_from(points).unwrap_or(i32::MAX)
}

/// Writes result rows; `replace` overwrites existing ones, otherwise they are only locked.
async fn write_results(
    tx: &DatabaseTransaction,
    results: &[(Pair, Uuid, LevelResult)],
    replace: bool,
) -> anyhow::Result<()> {
    use level_results::Column as C;
    let picks = |prefix: &str| -> [C; 6] {
        match prefix {
            "first" => {
                [C::FirstAttemptId, C::FirstScore, C::FirstMax, C::FirstAt, C::FirstDifficulty, C::FirstApproachId]
            }
            "latest" => [
                C::LatestAttemptId,
                C::LatestScore,
                C::LatestMax,
                C::LatestAt,
                C::LatestDifficulty,
                C::LatestApproachId,
            ],
            _ => [C::BestAttemptId, C::BestScore, C::BestMax, C::BestAt, C::BestDifficulty, C::BestApproachId],
        }
    };
    let mut columns = vec![C::UserId, C::LevelId, C::CompanyId, C::Attempts, C::ScoreSum, C::MaxSum];
    for prefix in ["first", "latest", "best"] {
        columns.extend(picks(prefix));
    }
    for chunk in results.chunks(RESULTS_PER_STATEMENT) {
        let mut insert = Query::insert();
        insert.into_table(level_results::Entity).columns(columns.clone());
        for ((user, level), company, r) in chunk {
            let mut values = vec![
                Expr::val(*user),
                Expr::val(*level),
                Expr::val(*company),
                Expr::val(i64::from(r.attempts)),
                Expr::val(i64::try_from(r.score_sum)?),
                Expr::val(i64::try_from(r.max_sum)?),
            ];
            for p in [&r.first, &r.latest, &r.best] {
                values.extend(pick_values(p));
            }
            insert.values(values)?;
        }
        let mut on_conflict = OnConflict::columns([C::UserId, C::LevelId]);
        if replace {
            on_conflict.update_columns(columns.iter().skip(2).copied());
        } else {
            // A write that changes nothing, for its row lock.
            on_conflict.value(C::Attempts, Expr::col((level_results::Entity, C::Attempts)));
        }
        insert.on_conflict(on_conflict);
        tx.execute(&insert).await?;
    }
    Ok(())
}

fn pick_values(p: &Played) -> [Expr; 6] {
    // In UTC, so that SQLite, which compares instants as text, orders and filters them right.
    let at: OffsetDateTime = p.completed_at.to_offset(time::UtcOffset::UTC);
    [
        Expr::val(p.attempt.as_uuid()),
        Expr::val(i64::from(p.score)),
        Expr::val(i64::from(p.max_score)),
        Expr::val(at),
        Expr::val(p.difficulty.as_str()),
        Expr::val(p.approach.as_uuid()),
    ]
}

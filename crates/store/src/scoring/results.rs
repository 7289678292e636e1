//! Keeping `level_results` and `level_result_skills` up to date in the transaction that
//! records attempts, so that every report reads what counts instead of the raw attempts.
//!
//! Each touched (trainee, level) folds the new attempts into its stored result
//! ([`LevelResult::with`]): first, latest and best are decided by play order and share of
//! the maximum, so a late or out-of-order attempt is as right as a timely one, and recording
//! never reads a trainee's earlier attempts. Two processes recording attempts of one trainee
//! and level must not each fold in only their own: the result rows are written (locked)
//! first, in key order, and read after, so on PostgreSQL the second process waits for the
//! first to commit and then folds into its result.

use std::collections::{BTreeMap, HashMap, HashSet};

use kernel::{ApproachId, AttemptId, CompanyId, LevelId, UserId};
use scoring::{
    Difficulty,
    reports::{
        Earned, LevelResult, Played, SkillResult,
        rollups::{Counted, ResultChange},
    },
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    sea_query::{Expr, ExprTrait, IntoColumnRef, OnConflict, Query},
};
use time::OffsetDateTime;
use uuid::Uuid;

use super::rollups;
use crate::entities::{level_result_skills as result_skills, level_results};

/// Result keys a statement: two bound parameters each, well under SQLite's limit.
const KEYS_PER_STATEMENT: usize = 2_000;
/// Result rows a statement: 24 columns each.
const RESULTS_PER_STATEMENT: usize = 1_000;

/// A trainee's result at a level: the key of `level_results`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct ResultKey {
    trainee: UserId,
    level: LevelId,
}

/// A result row: whose, the company its latest attempt was played in, and the result.
struct Folded {
    key: ResultKey,
    company: CompanyId,
    result: LevelResult,
}

/// A stored attempt, as folding needs it.
pub(super) struct Stored {
    key: ResultKey,
    /// The trainee's company when it came in.
    company: CompanyId,
    played: Played,
}

impl Stored {
    pub(super) const fn new(trainee: UserId, level: LevelId, company: CompanyId, played: Played) -> Self {
        Self { key: ResultKey { trainee, level }, company, played }
    }
}

/// Folds `recorded` (attempts stored, not yet folded, and not being folded by another
/// transaction) into the results of every trainee and level they touch.
pub(super) async fn refresh(tx: &DatabaseTransaction, recorded: &[Stored]) -> anyhow::Result<()> {
    let mut touched: BTreeMap<ResultKey, Vec<&Stored>> = BTreeMap::new();
    for attempt in recorded {
        touched.entry(attempt.key).or_default().push(attempt);
    }
    if touched.is_empty() {
        return Ok(());
    }
    // Lock: each touched row exists and is ours until commit (a placeholder from one of the new
    // attempts where there was none; an existing row is left as it is).
    let placeholders: Vec<Folded> = touched
        .iter()
        .filter_map(|(key, attempts)| {
            let attempt = attempts.first()?;
            let result = LevelResult::of(std::slice::from_ref(&attempt.played))?;
            Some(Folded { key: *key, company: attempt.company, result })
        })
        .collect();
    write_results(tx, &placeholders, false).await?;

    let keys: Vec<ResultKey> = touched.keys().copied().collect();
    let recorded_ids: HashSet<Uuid> = recorded.iter().map(|a| a.played.attempt.as_uuid()).collect();
    let mut before = stored(tx, &keys, &recorded_ids).await?;
    let results: Vec<Folded> = touched
        .iter()
        .filter_map(|(key, attempts)| {
            let plays: Vec<Played> = attempts.iter().map(|a| a.played.clone()).collect();
            let kept = before.get(key);
            let result = kept.map_or_else(|| LevelResult::of(&plays), |kept| Some(kept.result.with(&plays)))?;
            let company = match attempts.iter().find(|a| a.played.attempt == result.latest.attempt) {
                Some(latest) => latest.company,
                None => kept?.company,
            };
            Some(Folded { key: *key, company, result })
        })
        .collect();
    write_results(tx, &results, true).await?;
    write_skills(tx, &results).await?;

    let changes: Vec<ResultChange> = results
        .iter()
        .map(|folded| ResultChange {
            trainee: folded.key.trainee,
            level: folded.key.level,
            before: before.remove(&folded.key).map(|kept| Counted::of_result(kept.company, &kept.result)),
            now: Counted::of_result(folded.company, &folded.result),
        })
        .collect();
    rollups::apply(tx, &changes).await
}

/// The touched results as they stood before this transaction; a placeholder row (its attempt
/// is one just recorded) is no result.
async fn stored(
    tx: &DatabaseTransaction,
    keys: &[ResultKey],
    recorded: &HashSet<Uuid>,
) -> anyhow::Result<HashMap<ResultKey, Folded>> {
    let mut found = HashMap::new();
    for chunk in keys.chunks(KEYS_PER_STATEMENT) {
        let (users, levels) = sides(chunk);
        // The lists lead the database to the primary key; the keys then narrow to exactly
        // the touched ones (row values alone are not indexed by every database).
        let rows = level_results::Entity::find()
            .filter(level_results::Column::UserId.is_in(users.clone()))
            .filter(level_results::Column::LevelId.is_in(levels.clone()))
            .filter(among(level_results::Column::UserId, level_results::Column::LevelId, chunk))
            .all(tx)
            .await?;
        let mut skills: HashMap<ResultKey, Vec<result_skills::Model>> = HashMap::new();
        for skill in result_skills::Entity::find()
            .filter(result_skills::Column::UserId.is_in(users))
            .filter(result_skills::Column::LevelId.is_in(levels))
            .filter(among(result_skills::Column::UserId, result_skills::Column::LevelId, chunk))
            .all(tx)
            .await?
        {
            skills.entry(ResultKey::of(skill.user_id, skill.level_id)).or_default().push(skill);
        }
        for row in rows.into_iter().filter(|row| !recorded.contains(&row.best_attempt_id)) {
            let key = ResultKey::of(row.user_id, row.level_id);
            let result = result_of(&row, skills.remove(&key).unwrap_or_default())?;
            found.insert(key, Folded { key, company: row.company_id.into(), result });
        }
    }
    Ok(found)
}

/// A stored result as [`LevelResult`]; its picks' points are in `skills`.
fn result_of(row: &level_results::Model, mut skills: Vec<result_skills::Model>) -> anyhow::Result<LevelResult> {
    let pick = |attempt: Uuid, score: i32, max: i32, at: OffsetDateTime, difficulty: &str, approach: Uuid| {
        anyhow::Ok(Played {
            attempt: AttemptId::from(attempt),
            score: u32::try_from(score)?,
            max_score: u32::try_from(max)?,
            completed_at: at,
            difficulty: Difficulty::parse(difficulty)
                .ok_or_else(|| anyhow::anyhow!("result of attempt {attempt} has difficulty {difficulty:?}"))?,
            approach: ApproachId::from(approach),
            skill_points: Vec::new(),
        })
    };
    let r = row;
    skills.sort_unstable_by_key(|s| s.skill_id);
    Ok(LevelResult {
        first: pick(
            r.first_attempt_id,
            r.first_score,
            r.first_max,
            r.first_at,
            &r.first_difficulty,
            r.first_approach_id,
        )?,
        latest: pick(
            r.latest_attempt_id,
            r.latest_score,
            r.latest_max,
            r.latest_at,
            &r.latest_difficulty,
            r.latest_approach_id,
        )?,
        best: pick(r.best_attempt_id, r.best_score, r.best_max, r.best_at, &r.best_difficulty, r.best_approach_id)?,
        attempts: u32::try_from(r.attempts)?,
        score_sum: u64::try_from(r.score_sum)?,
        max_sum: u64::try_from(r.max_sum)?,
        skills: skills
            .iter()
            .map(|s| {
                let earned = |points: i32, max: i32| {
                    anyhow::Ok(Earned { points: u32::try_from(points)?, max: u32::try_from(max)? })
                };
                anyhow::Ok(SkillResult {
                    skill: s.skill_id.into(),
                    first: earned(s.first_points, s.first_max)?,
                    latest: earned(s.latest_points, s.latest_max)?,
                    best: earned(s.best_points, s.best_max)?,
                    sum: u64::try_from(s.points_sum)?,
                    max_sum: u64::try_from(s.max_sum)?,
                })
            })
            .collect::<anyhow::Result<_>>()?,
    })
}

/// Writes the results' points per skill (a result's skills only ever grow).
async fn write_skills(tx: &DatabaseTransaction, results: &[Folded]) -> anyhow::Result<()> {
    use result_skills::Column as C;
    let rows: Vec<[Expr; 12]> = results
        .iter()
        .flat_map(|Folded { key, company, result }| {
            result.skills.iter().map(move |s| {
                [
                    Expr::val(key.trainee.as_uuid()),
                    Expr::val(key.level.as_uuid()),
                    Expr::val(s.skill.as_uuid()),
                    Expr::val(company.as_uuid()),
                    Expr::val(points_column(s.first.points)),
                    Expr::val(points_column(s.latest.points)),
                    Expr::val(points_column(s.best.points)),
                    Expr::val(i64::try_from(s.sum).unwrap_or(i64::MAX)),
                    Expr::val(points_column(s.first.max)),
                    Expr::val(points_column(s.latest.max)),
                    Expr::val(points_column(s.best.max)),
                    Expr::val(i64::try_from(s.max_sum).unwrap_or(i64::MAX)),
                ]
            })
        })
        .collect();
    let columns = [
        C::UserId,
        C::LevelId,
        C::SkillId,
        C::CompanyId,
        C::FirstPoints,
        C::LatestPoints,
        C::BestPoints,
        C::PointsSum,
        C::FirstMax,
        C::LatestMax,
        C::BestMax,
        C::MaxSum,
    ];
    for chunk in rows.chunks(RESULTS_PER_STATEMENT * 2) {
        let mut insert = Query::insert();
        insert.into_table(result_skills::Entity).columns(columns);
        for row in chunk {
            insert.values(row.clone())?;
        }
        insert.on_conflict(
            OnConflict::columns([C::UserId, C::LevelId, C::SkillId])
                .update_columns(columns.into_iter().skip(3))
                .to_owned(),
        );
        tx.execute(&insert).await?;
    }
    Ok(())
}

impl ResultKey {
    fn of(user: Uuid, level: Uuid) -> Self {
        Self { trainee: user.into(), level: level.into() }
    }
}

/// `(user, level) IN keys`.
fn among<C: IntoColumnRef>(user: C, level: C, keys: &[ResultKey]) -> Expr {
    Expr::tuple([Expr::col(user), Expr::col(level)])
        .in_tuples(keys.iter().map(|key| (key.trainee.as_uuid(), key.level.as_uuid())))
}

/// The distinct trainees and levels of `keys`.
fn sides(keys: &[ResultKey]) -> (Vec<Uuid>, Vec<Uuid>) {
    let mut users: Vec<Uuid> = keys.iter().map(|key| key.trainee.as_uuid()).collect();
    let mut levels: Vec<Uuid> = keys.iter().map(|key| key.level.as_uuid()).collect();
    for side in [&mut users, &mut levels] {
        side.sort_unstable();
        side.dedup();
    }
    (users, levels)
}

/// Scores and points are at most [`scoring::judge::MAX_SCORE`], so they fit.
fn points_column(points: u32) -> i32 {
    i32::try_from(points).unwrap_or(i32::MAX)
}

/// Writes result rows; `replace` overwrites existing ones, otherwise they are only locked.
async fn write_results(tx: &DatabaseTransaction, results: &[Folded], replace: bool) -> anyhow::Result<()> {
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
        for Folded { key, company, result: r } in chunk {
            let mut values = vec![
                Expr::val(key.trainee.as_uuid()),
                Expr::val(key.level.as_uuid()),
                Expr::val(company.as_uuid()),
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

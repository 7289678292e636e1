//! Each skill on its own scale: a level says how many points each skill it trains can earn
//! there (`level_skills.max_points`), an attempt keeps the maximum of each skill it reported as
//! it was when the attempt came in (`attempt_skill_points.max_points`), and a result keeps the
//! counted attempts' maxima beside their points (`level_result_skills.*_max`, `max_sum`). A
//! skill's percent becomes its points over its own maxima instead of over the whole level's.
//!
//! Existing catalogues get, for each skill a level trains, an even share of the level's maximum
//! (by skill id, the remainder to the first skills, at least 1), raised to the most points any
//! attempt reported in it there, so that no stored result reads above 100 %. Existing attempts
//! take their level's maximum for each skill, or the level's whole maximum (the old scale) for
//! a skill the level no longer trains. Results and the skill rollups are then folded again.

use sea_orm_migration::{
    prelude::*,
    schema::*,
    sea_orm::{ConnectionTrait, Statement, prelude::Uuid},
};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The modes a result counts in; the first three keep their attempt's points and maximum.
const MODES: [&str; 4] = ["first", "latest", "best", "average"];

/// Folds `level_result_skills` again from `attempt_skill_points`, with each skill's maxima:
/// what this migration does to existing results, and what tests and benchmarks do after
/// [`crate::m20261126_000012_create_level_results::result_statements`].
#[must_use]
pub fn skill_statements() -> Vec<String> {
    let picked =
        |pick: &str, column: &str| format!("SUM(CASE WHEN a.id = r.{pick}_attempt_id THEN p.{column} ELSE 0 END)");
    vec![
        "DELETE FROM level_result_skills".to_owned(),
        format!(
            "INSERT INTO level_result_skills (user_id, level_id, skill_id, company_id,
                first_points, latest_points, best_points, points_sum, first_max, latest_max, best_max, max_sum)
            SELECT a.user_id, a.level_id, p.skill_id, r.company_id, {}, {}, {}, SUM(p.points), {}, {}, {}, SUM(p.max_points)
            FROM attempt_skill_points p
            JOIN attempts a ON a.id = p.attempt_id
            JOIN level_results r ON r.user_id = a.user_id AND r.level_id = a.level_id
            GROUP BY a.user_id, a.level_id, p.skill_id, r.company_id",
            picked("first", "points"),
            picked("latest", "points"),
            picked("best", "points"),
            picked("first", "max_points"),
            picked("latest", "max_points"),
            picked("best", "max_points"),
        ),
    ]
}

/// Folds `level_result_skills` and the skill rows of `company_level_results` and
/// `trainee_results` again from `attempt_skill_points`, once every attempt's skill points have
/// their maximum: what this migration does to existing results.
fn refold_statements() -> Vec<String> {
    let mut statements = skill_statements();
    // Per rollup: its table, its owner's columns and, for trainees, the trainee's company.
    for (table, owner, company) in
        [("company_level_results", "r.company_id, r.level_id", ""), ("trainee_results", "r.user_id", ", r.company_id")]
    {
        statements.push(format!("DELETE FROM {table} WHERE split = 'skill'"));
        let columns = format!(
            "{}, mode, split, item, difficulty{}, results, attempts, score, max, best, last_played",
            owner.replace("r.", ""),
            company.replace("r.", ""),
        );
        for mode in MODES {
            // A counted attempt that did not report the skill (maximum 0) counts nothing for it.
            let (points, max, reported) = if mode == "average" {
                (
                    "s.points_sum * 1.0 / r.attempts".to_owned(),
                    "s.max_sum * 1.0 / r.attempts".to_owned(),
                    "s.max_sum > 0".to_owned(),
                )
            } else {
                (format!("s.{mode}_points"), format!("s.{mode}_max"), format!("s.{mode}_max > 0"))
            };
            statements.push(format!(
                "INSERT INTO {table} ({columns})
                SELECT {owner}, '{mode}', 'skill', s.skill_id, ''{company}, COUNT(*), 0, SUM({points}), SUM({max}), 0, NULL
                FROM level_results r
                JOIN level_result_skills s ON s.user_id = r.user_id AND s.level_id = r.level_id
                WHERE {reported}
                GROUP BY {owner}{company}, s.skill_id"
            ));
        }
    }
    statements
}

/// Each level's skills, their even shares of its maximum raised to the most points reported.
async fn share_out_maxima(db: &SchemaManagerConnection<'_>) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let rows = db
        .query_all_raw(Statement::from_string(
            backend,
            "SELECT ls.level_id, ls.skill_id, l.max_score,
                (SELECT MAX(p.points) FROM attempt_skill_points p JOIN attempts a ON a.id = p.attempt_id
                 WHERE a.level_id = ls.level_id AND p.skill_id = ls.skill_id) AS reported
            FROM level_skills ls JOIN levels l ON l.id = ls.level_id",
        ))
        .await?;
    let mut trained: Vec<(Uuid, Uuid, i64, i64)> = rows
        .iter()
        .map(|row| {
            Ok((
                row.try_get::<Uuid>("", "level_id")?,
                row.try_get::<Uuid>("", "skill_id")?,
                row.try_get::<i64>("", "max_score").or_else(|_| row.try_get::<i32>("", "max_score").map(i64::from))?,
                row.try_get::<Option<i64>>("", "reported")
                    .or_else(|_| row.try_get::<Option<i32>>("", "reported").map(|r| r.map(i64::from)))?
                    .unwrap_or(0),
            ))
        })
        .collect::<Result<_, DbErr>>()?;
    trained.sort_unstable();
    for level in trained.chunk_by(|a, b| a.0 == b.0) {
        let count = <i64 as TryFrom<usize>>::try_from(level.len()).unwrap_or(i64::MAX);
        for (k, &(level_id, skill_id, max_score, reported)) in (0..).zip(level) {
            let share = Ord::max(max_score / count + i64::from(k < max_score % count), 1);
            let update = Query::update()
                .table("level_skills")
                .value("max_points", Ord::max(share, reported))
                .and_where(Expr::col("level_id").eq(level_id))
                .and_where(Expr::col("skill_id").eq(skill_id))
                .to_owned();
            db.execute(&update).await?;
        }
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One column an ALTER: SQLite adds no more at once.
        for (table, column, big) in [
            ("level_skills", "max_points", false),
            ("attempt_skill_points", "max_points", false),
            ("level_result_skills", "first_max", false),
            ("level_result_skills", "latest_max", false),
            ("level_result_skills", "best_max", false),
            ("level_result_skills", "max_sum", true),
        ] {
            let column = if big { big_integer(column).default(0).take() } else { integer(column).default(0).take() };
            m.alter_table(Table::alter().table(table).add_column(column).take()).await?;
        }
        let db = m.get_connection();
        share_out_maxima(db).await?;
        db.execute_unprepared(
            "UPDATE attempt_skill_points SET max_points = COALESCE(
                (SELECT ls.max_points FROM attempts a JOIN level_skills ls ON ls.level_id = a.level_id
                 WHERE a.id = attempt_skill_points.attempt_id AND ls.skill_id = attempt_skill_points.skill_id),
                (SELECT a.max_score FROM attempts a WHERE a.id = attempt_skill_points.attempt_id))",
        )
        .await?;
        for statement in refold_statements() {
            db.execute_unprepared(&statement).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, column) in [
            ("level_result_skills", "max_sum"),
            ("level_result_skills", "best_max"),
            ("level_result_skills", "latest_max"),
            ("level_result_skills", "first_max"),
            ("attempt_skill_points", "max_points"),
            ("level_skills", "max_points"),
        ] {
            m.alter_table(Table::alter().table(table).drop_column(column).take()).await?;
        }
        Ok(())
    }
}

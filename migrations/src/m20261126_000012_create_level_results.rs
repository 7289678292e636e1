//! Report data kept at ingest: for each trainee and level, the attempts that count in every
//! "which attempt counts" mode (first, latest, best, and the sums the average needs), and the
//! same for each skill's points. Views aggregate these rows and never scan raw attempts.
//!
//! Rolled up from those, per company and level and per trainee (and per difficulty, approach or
//! skill of the counted attempt), what every mode counts, and per company how many trainees
//! played: views across companies, batches or trainees read these few rows instead of every
//! result.
//!
//! Also an index of attempts by completion, for the dashboards' recent activity.
//!
//! Existing attempts are folded in by the same rules as ingestion: first and latest by
//! completion (then id), best by the highest share of the maximum (then the earliest).

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::{fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The attempts each mode picks, in the order the columns are named.
const PICKS: [&str; 3] = ["first", "latest", "best"];

/// One pick's columns: the attempt, its score and maximum, when it was completed, and its
/// difficulty and approach (the difficulty and approach views group by them).
fn pick_columns(table: &mut TableCreateStatement, pick: &str) {
    table
        .col(uuid(format!("{pick}_attempt_id")))
        .col(integer(format!("{pick}_score")))
        .col(integer(format!("{pick}_max")))
        .col(timestamp_with_time_zone(format!("{pick}_at")))
        .col(string_len(format!("{pick}_difficulty"), 16))
        .col(uuid(format!("{pick}_approach_id")));
}

/// Each pick's order within a trainee and level: the attempt it picks comes first.
const PICK_ORDERS: [(&str, &str); 3] = [
    ("first", "completed_at, id"),
    ("latest", "completed_at DESC, id DESC"),
    ("best", "score * 1.0 / max_score DESC, completed_at, id"),
];

/// What a pick keeps of its attempt: the attempt's column, and the result's after the pick's
/// name (`pick_columns`).
const PICKED: [(&str, &str); 6] = [
    ("id", "attempt_id"),
    ("score", "score"),
    ("max_score", "max"),
    ("completed_at", "at"),
    ("difficulty", "difficulty"),
    ("approach_id", "approach_id"),
];

/// Folds every attempt into empty `level_results` and `level_result_skills`, by the rules
/// ingestion keeps them: what this migration does to existing attempts (before rolling them
/// up), and what tests and benchmarks do to the attempts they generate.
///
/// One pass over the attempts: each pick's values are the first of its window, and the row of
/// a trainee and level is its latest attempt's. (Joining a ranked set to itself once per pick
/// let PostgreSQL nest loops over it: over 24 minutes for 100,000 attempts.)
#[must_use]
pub fn result_statements() -> Vec<String> {
    let list = |items: Vec<String>| items.join(", ");
    let picks = || PICK_ORDERS.iter().flat_map(|(pick, _)| PICKED.iter().map(move |column| (*pick, *column)));
    let picked =
        list(picks().map(|(pick, (from, to))| format!("FIRST_VALUE({from}) OVER {pick} AS {pick}_{to}")).collect());
    let pick_names = list(picks().map(|(pick, (_, to))| format!("{pick}_{to}")).collect());
    let windows = list(
        PICK_ORDERS
            .iter()
            .map(|(pick, order)| format!("{pick} AS (PARTITION BY user_id, level_id ORDER BY {order})"))
            .collect(),
    );
    let results = format!(
        "INSERT INTO level_results (user_id, level_id, company_id, attempts, score_sum, max_sum, {pick_names})
        SELECT user_id, level_id, company_id, attempts, score_sum, max_sum, {pick_names}
        FROM (
            SELECT user_id, level_id, company_id,
                ROW_NUMBER() OVER latest AS latest_rank,
                COUNT(*) OVER whole AS attempts,
                SUM(score) OVER whole AS score_sum,
                SUM(max_score) OVER whole AS max_sum,
                {picked}
            FROM attempts
            WINDOW whole AS (PARTITION BY user_id, level_id), {windows}
        ) ranked
        WHERE latest_rank = 1"
    );
    let skills = "INSERT INTO level_result_skills
            (user_id, level_id, skill_id, company_id, first_points, latest_points, best_points, points_sum)
        SELECT a.user_id, a.level_id, p.skill_id, r.company_id,
            SUM(CASE WHEN a.id = r.first_attempt_id THEN p.points ELSE 0 END),
            SUM(CASE WHEN a.id = r.latest_attempt_id THEN p.points ELSE 0 END),
            SUM(CASE WHEN a.id = r.best_attempt_id THEN p.points ELSE 0 END),
            SUM(p.points)
        FROM attempt_skill_points p
        JOIN attempts a ON a.id = p.attempt_id
        JOIN level_results r ON r.user_id = a.user_id AND r.level_id = a.level_id
        GROUP BY a.user_id, a.level_id, p.skill_id, r.company_id"
        .to_owned();
    vec![results, skills]
}

/// The score and maximum one result counts in a mode, as SQL over `level_results r` (and
/// `level_result_skills s` for a skill's points); the average keeps the latest's difficulty
/// and approach.
fn counted(mode: &str, skill: bool) -> (String, String, &'static str) {
    match (mode, skill) {
        ("average", false) => {
            ("r.score_sum * 1.0 / r.attempts".into(), "r.max_sum * 1.0 / r.attempts".into(), "latest")
        }
        ("average", true) => {
            ("s.points_sum * 1.0 / r.attempts".into(), "r.max_sum * 1.0 / r.attempts".into(), "latest")
        }
        (pick, false) => (format!("r.{pick}_score"), format!("r.{pick}_max"), pick_name(pick)),
        (pick, true) => (format!("s.{pick}_points"), format!("r.{pick}_max"), pick_name(pick)),
    }
}

fn pick_name(pick: &str) -> &'static str {
    PICKS.into_iter().find(|p| *p == pick).unwrap_or("latest")
}

/// Fills `company_level_results`, `trainee_results` and `company_results` from
/// `level_results`.
fn rollup_statements() -> Vec<String> {
    let mut statements = Vec::new();
    // Per owner: its table, its columns, the trainee's company, and what stands for an item
    // where a split has none (one of the owner's columns).
    for (table, owner, company, own_item) in [
        ("company_level_results", "r.company_id, r.level_id", "", "r.level_id"),
        ("trainee_results", "r.user_id", ", r.company_id", "r.user_id"),
    ] {
        let owner_columns = owner.replace("r.", "");
        let company_column = company.replace("r.", "");
        let columns = format!(
            "{owner_columns}, mode, split, item, difficulty{company_column}, results, attempts, score, max, best, last_played"
        );
        // Postgres wants every selected column grouped; a trainee has one company.
        let group = |more: &str| format!("GROUP BY {owner}{company}{more}");
        for mode in ["first", "latest", "best", "average"] {
            let (score, max, pick) = counted(mode, false);
            let sums = format!("COUNT(*), SUM(r.attempts), SUM({score}), SUM({max})");
            // Attempts are only shown without a split.
            let split_sums = format!("COUNT(*), 0, SUM({score}), SUM({max})");
            statements.push(format!(
                "INSERT INTO {table} ({columns})
                SELECT {owner}, '{mode}', '', {own_item}, ''{company}, {sums},
                    MAX(CASE WHEN {max} > 0 THEN {score} * 100.0 / ({max}) ELSE 0 END), MAX(r.latest_at)
                FROM level_results r {}",
                group(""),
            ));
            statements.push(format!(
                "INSERT INTO {table} ({columns})
                SELECT {owner}, '{mode}', 'difficulty', {own_item}, r.{pick}_difficulty{company}, {split_sums}, 0, NULL
                FROM level_results r {}",
                group(&format!(", r.{pick}_difficulty")),
            ));
            statements.push(format!(
                "INSERT INTO {table} ({columns})
                SELECT {owner}, '{mode}', 'approach', r.{pick}_approach_id, ''{company}, {split_sums}, 0, NULL
                FROM level_results r {}",
                group(&format!(", r.{pick}_approach_id")),
            ));
            let (points, max, _) = counted(mode, true);
            statements.push(format!(
                "INSERT INTO {table} ({columns})
                SELECT {owner}, '{mode}', 'skill', s.skill_id, ''{company},
                    COUNT(*), 0, SUM({points}), SUM({max}), 0, NULL
                FROM level_results r
                JOIN level_result_skills s ON s.user_id = r.user_id AND s.level_id = r.level_id {}",
                group(", s.skill_id"),
            ));
        }
    }
    statements.push(company_results_statement().to_owned());
    statements
}

/// Fills `company_results` from `level_results`.
#[must_use]
pub fn company_results_statement() -> &'static str {
    "INSERT INTO company_results (company_id, trainees)
        SELECT company_id, COUNT(DISTINCT user_id) FROM level_results GROUP BY company_id"
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut results = Table::create()
            .table("level_results")
            .col(uuid("user_id"))
            .col(uuid("level_id"))
            .col(uuid("company_id"))
            .col(integer("attempts"))
            .col(big_integer("score_sum"))
            .col(big_integer("max_sum"))
            .primary_key(Index::create().col("user_id").col("level_id"))
            .foreign_key(&mut fk("level_results", "user_id", "users", ForeignKeyAction::Cascade))
            .foreign_key(&mut fk("level_results", "level_id", "levels", ForeignKeyAction::Cascade))
            .foreign_key(&mut fk("level_results", "company_id", "companies", ForeignKeyAction::Cascade))
            .take();
        for pick in PICKS {
            pick_columns(&mut results, pick);
        }
        m.create_table(results).await?;
        m.create_index(index("level_results", &["company_id", "level_id"], false)).await?;
        m.create_index(index("level_results", &["level_id"], false)).await?;

        m.create_table(
            Table::create()
                .table("level_result_skills")
                .col(uuid("user_id"))
                .col(uuid("level_id"))
                .col(uuid("skill_id"))
                .col(uuid("company_id"))
                .col(integer("first_points"))
                .col(integer("latest_points"))
                .col(integer("best_points"))
                .col(big_integer("points_sum"))
                .primary_key(Index::create().col("user_id").col("level_id").col("skill_id"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_level_result_skills_result")
                        .from("level_result_skills", ("user_id", "level_id"))
                        .to("level_results", ("user_id", "level_id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(&mut fk("level_result_skills", "skill_id", "skills", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("level_result_skills", &["company_id", "skill_id"], false)).await?;

        // Per company, level, mode and split (none, difficulty, approach, skill): the counted
        // results' sums. `item` is the approach or skill, else the level; `difficulty` is the
        // difficulty split's key, else empty. `best` and `last_played` are kept without a split.
        m.create_table(
            Table::create()
                .table("company_level_results")
                .col(uuid("company_id"))
                .col(uuid("level_id"))
                .col(string_len("mode", 8))
                .col(string_len("split", 10))
                .col(uuid("item"))
                .col(string_len("difficulty", 16))
                .col(big_integer("results"))
                .col(big_integer("attempts"))
                .col(double("score"))
                .col(double("max"))
                .col(double("best"))
                .col(timestamp_with_time_zone_null("last_played"))
                .primary_key(
                    Index::create()
                        .col("company_id")
                        .col("level_id")
                        .col("mode")
                        .col("split")
                        .col("item")
                        .col("difficulty"),
                )
                .foreign_key(&mut fk("company_level_results", "company_id", "companies", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("company_level_results", "level_id", "levels", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("company_level_results", &["mode", "split"], false)).await?;
        // The same per trainee, across levels, with the trainee's company for scoping.
        m.create_table(
            Table::create()
                .table("trainee_results")
                .col(uuid("user_id"))
                .col(string_len("mode", 8))
                .col(string_len("split", 10))
                .col(uuid("item"))
                .col(string_len("difficulty", 16))
                .col(uuid("company_id"))
                .col(big_integer("results"))
                .col(big_integer("attempts"))
                .col(double("score"))
                .col(double("max"))
                .col(double("best"))
                .col(timestamp_with_time_zone_null("last_played"))
                .primary_key(Index::create().col("user_id").col("mode").col("split").col("item").col("difficulty"))
                .foreign_key(&mut fk("trainee_results", "user_id", "users", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("trainee_results", "company_id", "companies", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("trainee_results", &["company_id", "mode", "split"], false)).await?;
        // Per company: the trainees who played any level.
        m.create_table(
            Table::create()
                .table("company_results")
                .col(uuid("company_id").primary_key())
                .col(big_integer("trainees"))
                .foreign_key(&mut fk("company_results", "company_id", "companies", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        // The dashboards' "this week" and "last 30 days" across companies.
        m.create_index(index("attempts", &["completed_at"], false)).await?;

        let db = m.get_connection();
        for statement in result_statements().into_iter().chain(rollup_statements()) {
            db.execute_unprepared(&statement).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("ix_attempts_completed_at").table("attempts").to_owned()).await?;
        for table in
            ["company_results", "trainee_results", "company_level_results", "level_result_skills", "level_results"]
        {
            m.drop_table(Table::drop().table(table).take()).await?;
        }
        Ok(())
    }
}

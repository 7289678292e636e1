//! The report rollups keep every pick side by side: a row per owner and split (whole,
//! difficulty, approach, skill) with each pick's counted results, score, maximum and highest
//! share in columns of its own, instead of a row per pick. A fold writes a quarter of the rows
//! it wrote (most of a fold's time went to these rows), and a view reads the same number.
//!
//! `company_level_rollups` and `trainee_rollups` replace `company_level_results` and
//! `trainee_results`; they are folded from `level_results` and `level_result_skills` by the
//! rules ingestion keeps them (`scoring::reports::rollups`).

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::{fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The picks, in the order of `scoring::reports::Pick::ALL`.
const PICKS: [&str; 4] = ["best", "latest", "first", "average"];

/// A rollup table: its name, its owner's columns, and what stands for an item where a split
/// has none (one of the owner's columns).
struct Rollup {
    table: &'static str,
    owner: &'static [&'static str],
    own_item: &'static str,
}

const COMPANY_LEVEL: Rollup =
    Rollup { table: "company_level_rollups", owner: &["company_id", "level_id"], own_item: "level_id" };
const TRAINEE: Rollup = Rollup { table: "trainee_rollups", owner: &["user_id"], own_item: "user_id" };

/// Each pick's columns.
fn pick_columns(table: &mut TableCreateStatement) {
    for pick in PICKS {
        table
            .col(big_integer(format!("{pick}_results")))
            .col(double(format!("{pick}_score")))
            .col(double(format!("{pick}_max")))
            .col(double(format!("{pick}_highest")));
    }
}

/// What a pick counts of a result in `level_results r`: its score and maximum, and the pick
/// whose difficulty and approach it keeps (the average keeps the latest's). Mirrors
/// `scoring::reports::rollups::Counted::of_result`.
fn counted(pick: &str) -> (String, String, &'static str) {
    match pick {
        "average" => ("r.score_sum * 1.0 / r.attempts".into(), "r.max_sum * 1.0 / r.attempts".into(), "latest"),
        "best" => ("r.best_score".into(), "r.best_max".into(), "best"),
        "first" => ("r.first_score".into(), "r.first_max".into(), "first"),
        _ => ("r.latest_score".into(), "r.latest_max".into(), "latest"),
    }
}

/// What a pick counts of a skill's points in `level_result_skills s`, and when the counted
/// attempt reported the skill (another counts nothing for it).
fn counted_skill(pick: &str) -> (String, String, String) {
    if pick == "average" {
        ("s.points_sum * 1.0 / r.attempts".into(), "s.max_sum * 1.0 / r.attempts".into(), "s.max_sum > 0".into())
    } else {
        (format!("s.{pick}_points"), format!("s.{pick}_max"), format!("s.{pick}_max > 0"))
    }
}

/// Folds `company_level_rollups` and `trainee_rollups` (empty) from `level_results` and
/// `level_result_skills`: what this migration does to existing results, and what tests and
/// benchmarks do after [`crate::m20261128_000019_add_skill_maxima::skill_statements`].
#[must_use]
pub fn rollup_statements() -> Vec<String> {
    // A trainee's rows name the company of their last played result (then the last level).
    let trainee_company = "JOIN (SELECT l.user_id, l.company_id FROM level_results l WHERE NOT EXISTS (
            SELECT 1 FROM level_results n WHERE n.user_id = l.user_id
            AND (n.latest_at > l.latest_at OR (n.latest_at = l.latest_at AND n.level_id > l.level_id)))) tc
        ON tc.user_id = x.user_id";
    let mut statements = Vec::new();
    for rollup in [COMPANY_LEVEL, TRAINEE] {
        let trainee = rollup.table == TRAINEE.table;
        let owner: Vec<String> = rollup.owner.iter().map(|c| format!("x.{c}")).collect();
        let owner = owner.join(", ");
        let r_owner: Vec<String> = rollup.owner.iter().map(|c| format!("r.{c}")).collect();
        let r_owner = r_owner.join(", ");
        let (company_column, company, join) =
            if trainee { (", company_id", ", tc.company_id", trainee_company) } else { ("", "", "") };
        let pick_names: Vec<String> =
            PICKS.iter().flat_map(|p| ["results", "score", "max", "highest"].map(|c| format!("{p}_{c}"))).collect();
        let columns = format!(
            "{}, split, item, difficulty{company_column}, attempts, last_played, {}",
            rollup.owner.join(", "),
            pick_names.join(", ")
        );
        let own_item = format!("x.{}", rollup.own_item);

        // Whole: every result counts in every pick.
        let whole: Vec<String> = PICKS
            .iter()
            .map(|pick| {
                let (score, max, _) = counted(pick);
                let (score, max) = (score.replace("r.", "x."), max.replace("r.", "x."));
                format!(
                    "COUNT(*), SUM({score}), SUM({max}), MAX(CASE WHEN {max} > 0 THEN {score} * 100.0 / ({max}) ELSE 0 END)"
                )
            })
            .collect();
        statements.push(format!(
            "INSERT INTO {} ({columns})
            SELECT {owner}, '', {own_item}, ''{company}, SUM(x.attempts), MAX(x.latest_at), {}
            FROM level_results x {join}
            GROUP BY {owner}{company}",
            rollup.table,
            whole.join(", "),
        ));

        // A split: each pick's counted play gives the key; `x.pick` says whose sums a row adds to.
        let split_sums: Vec<String> = PICKS
            .iter()
            .map(|pick| {
                let mine = format!("CASE WHEN x.pick = '{pick}'");
                format!("SUM({mine} THEN 1 ELSE 0 END), SUM({mine} THEN x.score ELSE 0 END), SUM({mine} THEN x.max ELSE 0 END), 0")
            })
            .collect();
        let split_sums = split_sums.join(", ");
        for (split, key, item, difficulty) in
            [("difficulty", "difficulty", own_item.as_str(), "x.k"), ("approach", "approach_id", "x.k", "''")]
        {
            let per_pick: Vec<String> = PICKS
                .iter()
                .map(|pick| {
                    let (score, max, keeps) = counted(pick);
                    format!(
                        "SELECT {r_owner}, '{pick}' AS pick, r.{keeps}_{key} AS k, {score} AS score, {max} AS max FROM level_results r"
                    )
                })
                .collect();
            statements.push(format!(
                "INSERT INTO {} ({columns})
                SELECT {owner}, '{split}', {item}, {difficulty}{company}, 0, NULL, {split_sums}
                FROM ({}) x {join}
                GROUP BY {owner}{company}, x.k",
                rollup.table,
                per_pick.join(" UNION ALL "),
            ));
        }
        let per_pick: Vec<String> = PICKS
            .iter()
            .map(|pick| {
                let (score, max, reported) = counted_skill(pick);
                format!(
                    "SELECT {r_owner}, '{pick}' AS pick, s.skill_id AS k, {score} AS score, {max} AS max
                    FROM level_results r JOIN level_result_skills s ON s.user_id = r.user_id AND s.level_id = r.level_id
                    WHERE {reported}"
                )
            })
            .collect();
        statements.push(format!(
            "INSERT INTO {} ({columns})
            SELECT {owner}, 'skill', x.k, ''{company}, 0, NULL, {split_sums}
            FROM ({}) x {join}
            GROUP BY {owner}{company}, x.k",
            rollup.table,
            per_pick.join(" UNION ALL "),
        ));
    }
    statements
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // Per company, level and split: `item` is the approach or skill, else the level;
        // `difficulty` is the difficulty split's key, else empty. Attempts, the highest shares
        // and the last play are kept without a split.
        let mut company_level = Table::create()
            .table(COMPANY_LEVEL.table)
            .col(uuid("company_id"))
            .col(uuid("level_id"))
            .col(string_len("split", 10))
            .col(uuid("item"))
            .col(string_len("difficulty", 16))
            .col(big_integer("attempts"))
            .col(timestamp_with_time_zone_null("last_played"))
            .primary_key(Index::create().col("company_id").col("level_id").col("split").col("item").col("difficulty"))
            .foreign_key(&mut fk(COMPANY_LEVEL.table, "company_id", "companies", ForeignKeyAction::Cascade))
            .foreign_key(&mut fk(COMPANY_LEVEL.table, "level_id", "levels", ForeignKeyAction::Cascade))
            .take();
        pick_columns(&mut company_level);
        m.create_table(company_level).await?;
        m.create_index(index(COMPANY_LEVEL.table, &["split"], false)).await?;
        // The same per trainee, across levels, with the trainee's company for scoping.
        let mut trainee = Table::create()
            .table(TRAINEE.table)
            .col(uuid("user_id"))
            .col(string_len("split", 10))
            .col(uuid("item"))
            .col(string_len("difficulty", 16))
            .col(uuid("company_id"))
            .col(big_integer("attempts"))
            .col(timestamp_with_time_zone_null("last_played"))
            .primary_key(Index::create().col("user_id").col("split").col("item").col("difficulty"))
            .foreign_key(&mut fk(TRAINEE.table, "user_id", "users", ForeignKeyAction::Cascade))
            .foreign_key(&mut fk(TRAINEE.table, "company_id", "companies", ForeignKeyAction::Cascade))
            .take();
        pick_columns(&mut trainee);
        m.create_table(trainee).await?;
        m.create_index(index(TRAINEE.table, &["company_id", "split"], false)).await?;

        let db = m.get_connection();
        for statement in rollup_statements() {
            db.execute_unprepared(&statement).await?;
        }
        for table in ["company_level_results", "trainee_results"] {
            m.drop_table(Table::drop().table(table).take()).await?;
        }
        Ok(())
    }

    async fn down(&self, _: &SchemaManager) -> Result<(), DbErr> {
        // The rows per pick would be folded again from the results: migrate down from a backup.
        Err(DbErr::Migration("the rollups cannot be taken back to a row per pick; restore a backup".into()))
    }
}

//! Attempts' and results' instants in UTC on SQLite. SQLite keeps an instant as RFC 3339 text with the
//! offset it was written with, and compares text: an attempt sent at 23:30-05:00 sorted and
//! filtered as the 28th although it was the 29th in UTC. Ingestion now writes UTC (as results
//! always were); this rewrites the attempts stored before. PostgreSQL's `timestamptz` keeps
//! instants, so there is nothing to do there.

use sea_orm_migration::{
    prelude::*,
    sea_orm::{ConnectionTrait, DbBackend, Statement, prelude::Uuid},
};
use time::{OffsetDateTime, UtcOffset};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Attempts rewritten a statement.
const CHUNK: usize = 1_000;

/// Rewrites every instant of `columns` in `table` (rows keyed by `key`) that is not in UTC.
async fn to_utc(db: &SchemaManagerConnection<'_>, table: &str, key: &[&str], columns: &[&str]) -> Result<(), DbErr> {
    let not_utc = columns.iter().map(|c| format!("{c} NOT LIKE '%Z'")).collect::<Vec<_>>().join(" OR ");
    let select =
        format!("SELECT {}, {} FROM {table} WHERE {not_utc} LIMIT {CHUNK}", key.join(", "), columns.join(", "));
    loop {
        let rows = db.query_all_raw(Statement::from_string(DbBackend::Sqlite, select.clone())).await?;
        if rows.is_empty() {
            return Ok(());
        }
        for row in rows {
            let mut update = Query::update();
            update.table(Alias::new(table));
            for column in columns {
                let at = row.try_get::<OffsetDateTime>("", column)?.to_offset(UtcOffset::UTC);
                update.value(Alias::new(*column), at);
            }
            for column in key {
                update.and_where(Expr::col(Alias::new(*column)).eq(row.try_get::<Uuid>("", column)?));
            }
            db.execute(&update).await?;
        }
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        if db.get_database_backend() != DbBackend::Sqlite {
            return Ok(());
        }
        to_utc(db, "attempts", &["id"], &["started_at", "completed_at", "received_at"]).await?;
        // Migration 12 copied the attempts' text into results, and took the rollups' last plays
        // as the greatest text.
        to_utc(db, "level_results", &["user_id", "level_id"], &["first_at", "latest_at", "best_at"]).await?;
        for (table, owner) in [
            ("company_level_results", "r.company_id = t.company_id AND r.level_id = t.level_id"),
            ("trainee_results", "r.user_id = t.user_id"),
        ] {
            db.execute_unprepared(&format!(
                "UPDATE {table} AS t SET last_played = (SELECT MAX(r.latest_at) FROM level_results r WHERE {owner})
                WHERE t.split = ''"
            ))
            .await?;
        }
        Ok(())
    }

    async fn down(&self, _: &SchemaManager) -> Result<(), DbErr> {
        // The same instants; nothing to undo.
        Ok(())
    }
}

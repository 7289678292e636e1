//! What ingestion needs: API clients with a kind, a scope (all companies or a list), a hashed
//! secret, a per-client rate limit and usage; attempts that keep their trainee's company and
//! the digest of their content (so a resent attempt is told from a conflicting one); levels
//! that retire; and the catalogue's titles in every language.
//!
//! No API wrote `api_clients` or `attempts` before this migration (only the demo seeding did),
//! so both are dropped and made anew rather than altered; SQLite cannot drop a column that a
//! foreign key names.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::{fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Catalogue tables and the column holding their English title or name.
const TRANSLATED: [&str; 4] = ["chapters", "levels", "skills", "approaches"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in ["attempt_skill_points", "attempts", "api_clients"] {
            m.drop_table(Table::drop().table(table).take()).await?;
        }
        for table in TRANSLATED {
            // `{"zh": "…", "ar": "…"}`: the other languages' titles; English is the column.
            m.alter_table(Table::alter().table(table).add_column(text("translations").default("{}")).take()).await?;
        }
        m.alter_table(Table::alter().table("levels").add_column(timestamp_with_time_zone_null("retired_at")).take())
            .await?;
        m.create_table(
            Table::create()
                .table("api_clients")
                .col(pk_uuid("id"))
                .col(string_len("name", 120))
                .col(string_len("kind", 16))
                .col(boolean("all_companies"))
                .col(string_len_uniq("secret_hash", 64))
                .col(string_len("secret_hint", 8))
                .col(integer("rate_limit_per_minute"))
                .col(big_integer("window_minute").default(0))
                .col(integer("window_count").default(0))
                .col(big_integer("use_count").default(0))
                .col(timestamp_with_time_zone_null("last_used_at"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("rotated_at"))
                .col(timestamp_with_time_zone_null("revoked_at"))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("api_client_companies")
                .col(uuid("api_client_id"))
                .col(uuid("company_id"))
                .primary_key(Index::create().col("api_client_id").col("company_id"))
                .foreign_key(&mut fk("api_client_companies", "api_client_id", "api_clients", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("api_client_companies", "company_id", "companies", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("attempts")
                .col(pk_uuid("id"))
                .col(uuid("api_client_id"))
                .col(string_len("external_id", 128))
                .col(uuid("user_id"))
                .col(uuid("company_id"))
                .col(uuid("level_id"))
                .col(string_len("difficulty", 16))
                .col(uuid("approach_id"))
                .col(integer("score"))
                .col(integer("max_score"))
                .col(integer("duration_seconds"))
                .col(timestamp_with_time_zone("started_at"))
                .col(timestamp_with_time_zone("completed_at"))
                .col(timestamp_with_time_zone("received_at"))
                .col(string_len("content_hash", 64))
                .foreign_key(&mut fk("attempts", "api_client_id", "api_clients", ForeignKeyAction::Restrict))
                .foreign_key(&mut fk("attempts", "user_id", "users", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("attempts", "company_id", "companies", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("attempts", "level_id", "levels", ForeignKeyAction::Restrict))
                .foreign_key(&mut fk("attempts", "approach_id", "approaches", ForeignKeyAction::Restrict))
                .take(),
        )
        .await?;
        // The idempotency key: a resent attempt can never count twice.
        m.create_index(index("attempts", &["api_client_id", "external_id"], true)).await?;
        // A trainee's attempts at a level in the order they were played (first, latest, best).
        m.create_index(index("attempts", &["user_id", "level_id", "completed_at"], false)).await?;
        m.create_index(index("attempts", &["company_id", "completed_at"], false)).await?;
        m.create_index(index("attempts", &["level_id"], false)).await?;
        m.create_table(
            Table::create()
                .table("attempt_skill_points")
                .col(uuid("attempt_id"))
                .col(uuid("skill_id"))
                .col(integer("points"))
                .primary_key(Index::create().col("attempt_id").col("skill_id"))
                .foreign_key(&mut fk("attempt_skill_points", "attempt_id", "attempts", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("attempt_skill_points", "skill_id", "skills", ForeignKeyAction::Restrict))
                .take(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in ["attempt_skill_points", "attempts", "api_client_companies", "api_clients"] {
            m.drop_table(Table::drop().table(table).take()).await?;
        }
        m.alter_table(Table::alter().table("levels").drop_column("retired_at").take()).await?;
        for table in TRANSLATED {
            m.alter_table(Table::alter().table(table).drop_column("translations").take()).await?;
        }
        Ok(())
    }
}

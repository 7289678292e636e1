//! The game's sign-in (OAuth 2.0 authorization code with PKCE): the API client a game app's
//! attempts are recorded under, sessions that a game app holds for a trainee (with the scopes
//! granted), the one-time authorization codes, and the rotating refresh tokens of each such
//! session.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::{fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// A nullable column that refers to `target`. SQLite cannot add a foreign key to a table
/// later, but accepts `REFERENCES` on a column added with no default, as PostgreSQL does.
fn reference(column: &'static str, target: &'static str) -> ColumnDef {
    uuid_null(column).extra(format!("REFERENCES {target} (id)")).take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table("game_apps").add_column(reference("api_client_id", "api_clients")).take())
            .await?;
        m.alter_table(Table::alter().table("sessions").add_column(reference("game_app_id", "game_apps")).take())
            .await?;
        // Space-separated, as OAuth writes scopes.
        m.alter_table(Table::alter().table("sessions").add_column(string_len_null("scopes", 64)).take()).await?;

        m.create_table(
            Table::create()
                .table("oauth_codes")
                .col(pk_uuid("id"))
                .col(string_len_uniq("code_hash", 64))
                .col(uuid("game_app_id"))
                .col(uuid("user_id"))
                .col(text("redirect_uri"))
                .col(string_len("code_challenge", 64))
                .col(string_len("scopes", 64))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("consumed_at"))
                // The session its exchange opened: a second use of the code ends it.
                .col(uuid_null("session_id"))
                .foreign_key(&mut fk("oauth_codes", "game_app_id", "game_apps", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("oauth_codes", "user_id", "users", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("oauth_codes", "session_id", "sessions", ForeignKeyAction::SetNull))
                .take(),
        )
        .await?;
        m.create_index(index("oauth_codes", &["expires_at"], false)).await?;

        m.create_table(
            Table::create()
                .table("refresh_tokens")
                .col(pk_uuid("id"))
                .col(uuid("session_id"))
                .col(string_len_uniq("token_hash", 64))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("used_at"))
                .foreign_key(&mut fk("refresh_tokens", "session_id", "sessions", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("refresh_tokens", &["session_id"], false)).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("refresh_tokens").take()).await?;
        m.drop_table(Table::drop().table("oauth_codes").take()).await?;
        for (table, column) in [("sessions", "scopes"), ("sessions", "game_app_id"), ("game_apps", "api_client_id")] {
            m.alter_table(Table::alter().table(table).drop_column(column).take()).await?;
        }
        Ok(())
    }
}

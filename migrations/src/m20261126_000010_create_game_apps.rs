//! Game apps: the public OAuth clients (no secret) through which a game signs trainees in.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("game_apps")
                .col(pk_uuid("id"))
                .col(string_len("name", 120))
                .col(string_len_uniq("client_id", 64))
                // JSON arrays: a handful of entries, always read with the app.
                .col(text("redirect_uris"))
                .col(text("scopes"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("disabled_at"))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("game_apps").take()).await
    }
}

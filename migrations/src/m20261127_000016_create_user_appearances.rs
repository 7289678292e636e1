//! Each person's chosen appearance (theme type, colour theme, navigation style, layout), kept
//! so that it follows them to any browser. One row per person, written by an upsert.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::fk;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("user_appearances")
                .col(uuid("user_id").primary_key())
                .col(string_len("theme_type", 16))
                .col(string_len("colour_theme", 16))
                .col(string_len("nav_style", 16))
                .col(string_len("layout_type", 16))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk("user_appearances", "user_id", "users", ForeignKeyAction::Cascade))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("user_appearances").take()).await
    }
}

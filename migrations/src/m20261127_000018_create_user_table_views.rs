//! Each person's view of each table (hidden columns, row density), kept so that it follows them
//! to any browser. One row per person and table, written by an upsert.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::fk;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("user_table_views")
                .col(uuid("user_id"))
                .col(string_len("table_name", 32))
                .col(string_len("density", 16))
                // A JSON array of field names.
                .col(text("hidden_columns"))
                .col(timestamp_with_time_zone("updated_at"))
                .primary_key(Index::create().col("user_id").col("table_name"))
                .foreign_key(&mut fk("user_table_views", "user_id", "users", ForeignKeyAction::Cascade))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("user_table_views").take()).await
    }
}

//! Profile photos, one per person, kept apart from `users` so that reading a person never
//! reads their picture.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::fk;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("user_photos")
                .col(uuid("user_id").primary_key())
                .col(string_len("content_type", 32))
                .col(blob("bytes"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk("user_photos", "user_id", "users", ForeignKeyAction::Cascade))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("user_photos").take()).await
    }
}

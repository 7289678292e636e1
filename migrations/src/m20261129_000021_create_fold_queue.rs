//! The fold queue: attempts stored but not yet folded into their trainee's results and the
//! report rollups. A row is written in the attempt's transaction and deleted in the one that
//! folds it, so a crash between the two leaves it here for the next fold.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::fk;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("fold_queue")
                .col(uuid("attempt_id").primary_key())
                // The attempt's company: a folder takes one company's attempts at a time.
                .col(uuid("company_id"))
                .col(timestamp_with_time_zone("queued_at"))
                .foreign_key(&mut fk("fold_queue", "attempt_id", "attempts", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("fold_queue", "company_id", "companies", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_fold_queue_company_queued")
                .table("fold_queue")
                .col("company_id")
                .col("queued_at")
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("fold_queue").take()).await
    }
}

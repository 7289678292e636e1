//! Enrolment keys (a batch's sign-up link) and the sign-ups waiting for their address to be
//! confirmed. Uses are counted on the key's row, so one guarded update decides the last one.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::fk;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("enrolment_keys")
                .col(uuid("id").primary_key())
                .col(uuid("company_id"))
                .col(uuid("batch_id"))
                // The hash only: the key itself is a secret, shown once.
                .col(string_len("key_hash", 64).unique_key())
                .col(integer("max_uses"))
                .col(integer("uses").default(0))
                // A JSON array of lower-case domains; empty for any.
                .col(text("domains"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("revoked_at"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk("enrolment_keys", "company_id", "companies", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("enrolment_keys", "batch_id", "batches", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(Index::create().name("ix_enrolment_keys_batch").table("enrolment_keys").col("batch_id").take())
            .await?;
        m.create_table(
            Table::create()
                .table("sign_ups")
                .col(uuid("id").primary_key())
                .col(string_len("token_hash", 64).unique_key())
                .col(uuid("enrolment_key_id"))
                .col(string_len("email", 254))
                .col(string_len("name", 200))
                .col(string_len("locale", 8))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("consumed_at"))
                .foreign_key(&mut fk("sign_ups", "enrolment_key_id", "enrolment_keys", ForeignKeyAction::Cascade))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("sign_ups").take()).await?;
        m.drop_table(Table::drop().table("enrolment_keys").take()).await
    }
}

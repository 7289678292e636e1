//! Sign-ins through a company's identity provider, kept from leaving for the provider until
//! the callback uses them up.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::fk;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("sso_sign_ins")
                .col(uuid("id").primary_key())
                // Hashes only: the state and the browser's binding cookie are secrets.
                .col(string_len("state_hash", 64).unique_key())
                .col(string_len("binding_hash", 64))
                .col(uuid("company_id"))
                .col(string_len("nonce", 128))
                .col(text("pkce_verifier_sealed"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("consumed_at"))
                .foreign_key(&mut fk("sso_sign_ins", "company_id", "companies", ForeignKeyAction::Cascade))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("sso_sign_ins").take()).await
    }
}

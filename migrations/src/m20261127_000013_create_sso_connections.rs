//! SSO connections: one OpenID Connect provider per company, and the e-mail domains it may
//! vouch for — each domain belongs to one company, which the primary key enforces.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::fk;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("sso_connections")
                .col(uuid("company_id").primary_key())
                .col(string_len("issuer", 2048))
                .col(string_len("client_id", 255))
                // Sealed with the configured key; never the secret itself.
                .col(text("client_secret_sealed"))
                // A JSON array of the scopes asked for besides `openid email profile`.
                .col(text("scopes"))
                .col(string_len("email_claim", 32))
                .col(boolean("create_users"))
                .col(uuid_null("batch_id"))
                .col(boolean("assign_seat"))
                .col(boolean("password_sign_in"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk("sso_connections", "company_id", "companies", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("sso_connections", "batch_id", "batches", ForeignKeyAction::SetNull))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("sso_domains")
                .col(string_len("domain", 253).primary_key())
                .col(uuid("company_id"))
                .foreign_key(&mut fk("sso_domains", "company_id", "companies", ForeignKeyAction::Cascade))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("sso_domains").take()).await?;
        m.drop_table(Table::drop().table("sso_connections").take()).await
    }
}

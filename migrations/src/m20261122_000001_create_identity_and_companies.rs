//! Reference data, companies, batches, users and everything sign-in keeps: sessions,
//! one-time tokens, EULA versions and acceptances, password policies, the audit log.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::{fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("countries")
                .col(pk_uuid("id"))
                .col(string("name"))
                .col(char_len_uniq("iso_code", 2))
                .col(boolean("active").default(true))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("industries")
                .col(pk_uuid("id"))
                .col(string_uniq("name"))
                .col(boolean("active").default(true))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("companies")
                .col(pk_uuid("id"))
                .col(string_uniq("name"))
                .col(string("email"))
                .col(string("contact_person"))
                .col(uuid("industry_id"))
                .col(uuid("country_id"))
                .col(text("remark"))
                .col(small_integer("session_minutes"))
                .col(blob_null("logo"))
                .col(string_null("logo_content_type"))
                .col(boolean("active").default(true))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk("companies", "industry_id", "industries", ForeignKeyAction::Restrict))
                .foreign_key(&mut fk("companies", "country_id", "countries", ForeignKeyAction::Restrict))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("batches")
                .col(pk_uuid("id"))
                .col(uuid("company_id"))
                .col(string("name"))
                .col(date_null("starts_on"))
                .col(date_null("ends_on"))
                .col(boolean("active").default(true))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk("batches", "company_id", "companies", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("batches", &["company_id", "name"], true)).await?;
        m.create_table(
            Table::create()
                .table("users")
                .col(pk_uuid("id"))
                // Stored normalised (trimmed, lower-case), so a plain unique index is a
                // case-insensitive one.
                .col(string_uniq("email"))
                .col(string("name"))
                .col(string_len("role", 16))
                .col(uuid_null("company_id"))
                .col(string_len("status", 16))
                .col(string_null("password_hash"))
                .col(boolean("mfa_required").default(false))
                .col(string_len("locale", 8).default("en"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk("users", "company_id", "companies", ForeignKeyAction::Restrict))
                .take(),
        )
        .await?;
        m.create_index(index("users", &["company_id"], false)).await?;
        m.create_table(
            Table::create()
                .table("batch_members")
                .col(uuid("batch_id"))
                .col(uuid("user_id"))
                .col(timestamp_with_time_zone("added_at"))
                .primary_key(Index::create().col("batch_id").col("user_id"))
                .foreign_key(&mut fk("batch_members", "batch_id", "batches", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("batch_members", "user_id", "users", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("batch_members", &["user_id"], false)).await?;
        m.create_table(
            Table::create()
                .table("sessions")
                .col(pk_uuid("id"))
                .col(uuid("user_id"))
                .col(string_len("kind", 16))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("last_seen_at"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("revoked_at"))
                .col(string_null("ip"))
                .col(string_null("user_agent"))
                .foreign_key(&mut fk("sessions", "user_id", "users", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("sessions", &["user_id"], false)).await?;
        m.create_table(
            Table::create()
                .table("one_time_tokens")
                .col(pk_uuid("id"))
                .col(string_len("purpose", 16))
                .col(uuid("user_id"))
                // SHA-256 of the random token: a leaked table grants nothing.
                .col(string_uniq("token_hash"))
                // For an OTP challenge: the hash of the e-mailed code, and the tries used.
                .col(string_null("secret_hash"))
                .col(small_integer("attempts").default(0))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("consumed_at"))
                .foreign_key(&mut fk("one_time_tokens", "user_id", "users", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("one_time_tokens", &["user_id", "purpose"], false)).await?;
        m.create_table(
            Table::create()
                .table("eula_versions")
                .col(pk_uuid("id"))
                .col(integer_uniq("version"))
                .col(timestamp_with_time_zone("published_at"))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("eula_texts")
                .col(uuid("eula_version_id"))
                .col(string_len("locale", 8))
                .col(text("body"))
                .primary_key(Index::create().col("eula_version_id").col("locale"))
                .foreign_key(&mut fk("eula_texts", "eula_version_id", "eula_versions", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("eula_acceptances")
                .col(pk_uuid("id"))
                .col(uuid("user_id"))
                .col(uuid("eula_version_id"))
                .col(timestamp_with_time_zone("accepted_at"))
                .col(string_null("ip"))
                .col(string_null("user_agent"))
                .foreign_key(&mut fk("eula_acceptances", "user_id", "users", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk(
                    "eula_acceptances",
                    "eula_version_id",
                    "eula_versions",
                    ForeignKeyAction::Restrict,
                ))
                .take(),
        )
        .await?;
        m.create_index(index("eula_acceptances", &["user_id", "eula_version_id"], true)).await?;
        m.create_table(
            Table::create()
                .table("password_policies")
                .col(pk_uuid("id"))
                // NULL: the global policy.
                .col(uuid_null("company_id"))
                .col(boolean("digits"))
                .col(boolean("letters"))
                .col(boolean("lowercase"))
                .col(boolean("uppercase"))
                .col(boolean("symbols"))
                .col(boolean("special_characters"))
                .col(small_integer("minimum_length"))
                .col(small_integer("maximum_length"))
                .col(boolean("active").default(true))
                .foreign_key(&mut fk("password_policies", "company_id", "companies", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("password_policies", &["company_id"], true)).await?;
        m.create_table(
            Table::create()
                .table("audit_events")
                .col(pk_uuid("id"))
                .col(timestamp_with_time_zone("at"))
                .col(uuid_null("actor_id"))
                .col(string_len("action", 64))
                .col(string_len("target_type", 32))
                .col(string_null("target_id"))
                .col(uuid_null("company_id"))
                .col(json("details"))
                .col(string_null("ip"))
                .take(),
        )
        .await?;
        m.create_index(index("audit_events", &["company_id", "at"], false)).await?;
        m.create_index(index("audit_events", &["at"], false)).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "audit_events",
            "password_policies",
            "eula_acceptances",
            "eula_texts",
            "eula_versions",
            "one_time_tokens",
            "sessions",
            "batch_members",
            "users",
            "batches",
            "companies",
            "industries",
            "countries",
        ] {
            m.drop_table(Table::drop().table(table).take()).await?;
        }
        Ok(())
    }
}

//! The level catalogue (chapters, levels, skills, approaches), the game clients that report
//! attempts, and the attempts with their per-skill points.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::{fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("chapters")
                .col(pk_uuid("id"))
                .col(integer_uniq("number"))
                .col(string("title"))
                .take(),
        )
        .await?;
        m.create_table(Table::create().table("skills").col(pk_uuid("id")).col(string_uniq("name")).take()).await?;
        m.create_table(Table::create().table("approaches").col(pk_uuid("id")).col(string_uniq("name")).take()).await?;
        m.create_table(
            Table::create()
                .table("levels")
                .col(pk_uuid("id"))
                .col(uuid("chapter_id"))
                .col(integer("number"))
                .col(string("title"))
                .col(integer("max_score"))
                .col(string_len("difficulty", 16))
                .foreign_key(&mut fk("levels", "chapter_id", "chapters", ForeignKeyAction::Restrict))
                .take(),
        )
        .await?;
        m.create_index(index("levels", &["chapter_id", "number"], true)).await?;
        m.create_table(
            Table::create()
                .table("level_skills")
                .col(uuid("level_id"))
                .col(uuid("skill_id"))
                .primary_key(Index::create().col("level_id").col("skill_id"))
                .foreign_key(&mut fk("level_skills", "level_id", "levels", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("level_skills", "skill_id", "skills", ForeignKeyAction::Restrict))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("api_clients")
                .col(pk_uuid("id"))
                .col(string("name"))
                .col(string_len("kind", 16))
                .col(uuid_null("company_id"))
                .col(string_uniq("key_hash"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("revoked_at"))
                .foreign_key(&mut fk("api_clients", "company_id", "companies", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("attempts")
                .col(pk_uuid("id"))
                .col(uuid("api_client_id"))
                .col(string("external_id"))
                .col(uuid("user_id"))
                .col(uuid("level_id"))
                .col(string_len("difficulty", 16))
                .col(uuid("approach_id"))
                .col(integer("score"))
                .col(integer("max_score"))
                .col(integer("duration_seconds"))
                .col(timestamp_with_time_zone("started_at"))
                .col(timestamp_with_time_zone("completed_at"))
                .col(timestamp_with_time_zone("received_at"))
                .foreign_key(&mut fk("attempts", "api_client_id", "api_clients", ForeignKeyAction::Restrict))
                .foreign_key(&mut fk("attempts", "user_id", "users", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("attempts", "level_id", "levels", ForeignKeyAction::Restrict))
                .foreign_key(&mut fk("attempts", "approach_id", "approaches", ForeignKeyAction::Restrict))
                .take(),
        )
        .await?;
        // The game's retry of an attempt must not count twice.
        m.create_index(index("attempts", &["api_client_id", "external_id"], true)).await?;
        m.create_index(index("attempts", &["user_id", "level_id"], false)).await?;
        m.create_table(
            Table::create()
                .table("attempt_skill_points")
                .col(uuid("attempt_id"))
                .col(uuid("skill_id"))
                .col(integer("points"))
                .primary_key(Index::create().col("attempt_id").col("skill_id"))
                .foreign_key(&mut fk("attempt_skill_points", "attempt_id", "attempts", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("attempt_skill_points", "skill_id", "skills", ForeignKeyAction::Restrict))
                .take(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "attempt_skill_points",
            "attempts",
            "api_clients",
            "level_skills",
            "levels",
            "approaches",
            "skills",
            "chapters",
        ] {
            m.drop_table(Table::drop().table(table).take()).await?;
        }
        Ok(())
    }
}

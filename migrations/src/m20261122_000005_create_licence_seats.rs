//! Licence allocations and their seats. An allocation keeps a running count of the seats it
//! has given out, guarded by a CHECK, so no race of concurrent assignments can hand out more
//! seats than were bought: the database refuses the update that would.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::{fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("licence_allocations")
                .col(pk_uuid("id"))
                .col(uuid("company_id"))
                .col(uuid_null("batch_id"))
                .col(integer("seats"))
                // Seats held (assigned or activated) right now; revoked seats give theirs back.
                .col(integer("taken").default(0))
                .col(date("valid_from"))
                .col(date("valid_until"))
                .col(uuid_null("created_by"))
                .col(timestamp_with_time_zone("created_at"))
                .check((Expr::col("taken").gte(0)).and(Expr::col("taken").lte(Expr::col("seats"))))
                .check(Expr::col("valid_from").lte(Expr::col("valid_until")))
                .foreign_key(&mut fk("licence_allocations", "company_id", "companies", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("licence_allocations", "batch_id", "batches", ForeignKeyAction::Restrict))
                .take(),
        )
        .await?;
        m.create_index(index("licence_allocations", &["company_id", "valid_until"], false)).await?;
        m.create_table(
            Table::create()
                .table("seats")
                .col(pk_uuid("id"))
                .col(uuid("allocation_id"))
                .col(uuid("user_id"))
                .col(timestamp_with_time_zone("assigned_at"))
                .col(timestamp_with_time_zone_null("activated_at"))
                .col(timestamp_with_time_zone_null("revoked_at"))
                .foreign_key(&mut fk("seats", "allocation_id", "licence_allocations", ForeignKeyAction::Cascade))
                .foreign_key(&mut fk("seats", "user_id", "users", ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        m.create_index(index("seats", &["user_id"], false)).await?;
        // One live seat per trainee and allocation; revoked rows stay as history.
        m.get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX ux_seats_allocation_user_live ON seats (allocation_id, user_id) \
                 WHERE revoked_at IS NULL",
            )
            .await?;
        m.create_index(index("audit_events", &["target_type", "target_id"], false)).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("ix_audit_events_target_type_target_id").table("audit_events").to_owned())
            .await?;
        m.drop_table(Table::drop().table("seats").take()).await?;
        m.drop_table(Table::drop().table("licence_allocations").take()).await
    }
}

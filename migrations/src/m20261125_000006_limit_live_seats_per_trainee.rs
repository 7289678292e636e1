//! One live seat per trainee, enforced by the database. The old unique index was per
//! allocation, so two requests racing for one trainee of a company with two allocations could
//! each take a seat of a different one. A trainee belongs to one company, so a partial unique
//! index on `user_id` over live seats is "one live seat per trainee per company".
//!
//! A seat of an expired allocation used to stay live beside the seat that followed it; such a
//! seat is now `replaced_at` the moment its successor was assigned (still shown as expired),
//! so "live" — neither revoked nor replaced — needs no date and can be indexed.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The best live seat of the trainee of the outer `seats` row: valid before expired, used
/// before unused, then the newest. Everything else of theirs is retired.
const KEPT: &str = "(SELECT s2.id FROM seats s2 JOIN licence_allocations a2 ON a2.id = s2.allocation_id \
     WHERE s2.user_id = seats.user_id AND s2.revoked_at IS NULL AND s2.replaced_at IS NULL \
     ORDER BY CASE WHEN a2.valid_until >= CURRENT_DATE THEN 0 ELSE 1 END, \
     CASE WHEN s2.activated_at IS NULL THEN 1 ELSE 0 END, s2.assigned_at DESC, s2.id LIMIT 1)";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table("seats").add_column(timestamp_with_time_zone_null("replaced_at")).take())
            .await?;
        let db = m.get_connection();
        // Existing doubles: a seat that expired or was used is replaced by the kept one (when
        // that was assigned); an unused valid double — a lost race — goes back to the pool.
        let kept_at = format!("(SELECT k.assigned_at FROM seats k WHERE k.id = {KEPT})");
        let retire = |column: &str, which: &str| {
            format!(
                "UPDATE seats SET {column} = {kept_at} \
                 WHERE revoked_at IS NULL AND replaced_at IS NULL AND id <> {KEPT} AND ({which})"
            )
        };
        db.execute_unprepared(&retire(
            "replaced_at",
            "activated_at IS NOT NULL OR allocation_id IN \
             (SELECT id FROM licence_allocations WHERE valid_until < CURRENT_DATE)",
        ))
        .await?;
        db.execute_unprepared(&retire("revoked_at", "1 = 1")).await?;
        db.execute_unprepared(
            "UPDATE licence_allocations SET taken = (SELECT COUNT(*) FROM seats \
             WHERE seats.allocation_id = licence_allocations.id \
             AND seats.revoked_at IS NULL AND seats.replaced_at IS NULL)",
        )
        .await?;
        db.execute_unprepared("DROP INDEX ux_seats_allocation_user_live").await?;
        db.execute_unprepared(
            "CREATE UNIQUE INDEX ux_seats_user_live ON seats (user_id) \
             WHERE revoked_at IS NULL AND replaced_at IS NULL",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        db.execute_unprepared("DROP INDEX ux_seats_user_live").await?;
        // Without the column a replaced seat would be live again and count twice: it is
        // revoked instead, which leaves every allocation's count as it is.
        db.execute_unprepared("UPDATE seats SET revoked_at = replaced_at WHERE replaced_at IS NOT NULL").await?;
        db.execute_unprepared(
            "CREATE UNIQUE INDEX ux_seats_allocation_user_live ON seats (allocation_id, user_id) \
             WHERE revoked_at IS NULL",
        )
        .await?;
        m.alter_table(Table::alter().table("seats").drop_column("replaced_at").take()).await
    }
}

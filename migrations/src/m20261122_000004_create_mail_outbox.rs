//! The mail outbox: every mail is stored before it is sent and a worker sends it, retrying
//! with back-off, so a mail server that is down loses nothing.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("mail_outbox")
                .col(pk_uuid("id"))
                .col(string("recipient"))
                .col(string("subject"))
                .col(text("body_text"))
                .col(text("body_html"))
                .col(timestamp_with_time_zone("created_at"))
                .col(small_integer("attempts").default(0))
                .col(timestamp_with_time_zone("next_attempt_at"))
                // A worker's claim: another process skips the mail until this passes.
                .col(timestamp_with_time_zone_null("locked_until"))
                .col(timestamp_with_time_zone_null("sent_at"))
                .col(timestamp_with_time_zone_null("abandoned_at"))
                .col(text_null("last_error"))
                .take(),
        )
        .await?;
        m.create_index(index("mail_outbox", &["sent_at", "next_attempt_at"], false)).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("mail_outbox").take()).await
    }
}

//! The mail outbox: the [`identity::MailQueue`] port. Claims are compare-and-set updates, so
//! several processes can drain one outbox without sending a mail twice.

use anyhow::Context;
use identity::{MailQueue, OutgoingMail, QueuedMail};
use kernel::Email;
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    prelude::{Expr, Uuid},
    sea_query::ExprTrait,
};
use time::{Duration, OffsetDateTime};

use super::failed;
use crate::{Store, entities::mail_outbox as outbox};

impl MailQueue for Store {
    async fn enqueue(&self, mail: OutgoingMail, at: OffsetDateTime) -> anyhow::Result<()> {
        outbox::Entity::insert(outbox::ActiveModel {
            id: Set(Uuid::now_v7()),
            recipient: Set(mail.to.to_string()),
            subject: Set(mail.subject),
            body_text: Set(mail.text),
            body_html: Set(mail.html),
            created_at: Set(at),
            attempts: Set(0),
            next_attempt_at: Set(at),
            locked_until: Set(None),
            sent_at: Set(None),
            abandoned_at: Set(None),
            last_error: Set(None),
        })
        .exec_without_returning(&self.db)
        .await
        .map_err(failed("queueing a mail"))?;
        Ok(())
    }

    async fn claim_due(&self, now: OffsetDateTime, lease: Duration) -> anyhow::Result<Option<QueuedMail>> {
        let free = || outbox::Column::LockedUntil.is_null().or(outbox::Column::LockedUntil.lt(now));
        let candidates: Vec<Uuid> = outbox::Entity::find()
            .select_only()
            .column(outbox::Column::Id)
            .filter(outbox::Column::SentAt.is_null())
            .filter(outbox::Column::AbandonedAt.is_null())
            .filter(outbox::Column::NextAttemptAt.lte(now))
            .filter(free())
            .order_by_asc(outbox::Column::NextAttemptAt)
            .limit(8)
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(failed("finding due mail"))?;
        for id in candidates {
            let claimed = outbox::Entity::update_many()
                .col_expr(outbox::Column::LockedUntil, Expr::value(now + lease))
                .filter(outbox::Column::Id.eq(id))
                .filter(free())
                .exec(&self.db)
                .await
                .map_err(failed("claiming a mail"))?;
            if claimed.rows_affected == 1 {
                let row = outbox::Entity::find_by_id(id).one(&self.db).await.map_err(failed("reading a mail"))?;
                let row = row.context("a claimed mail vanished")?;
                return Ok(Some(QueuedMail {
                    id,
                    attempts: u16::try_from(row.attempts)?,
                    mail: OutgoingMail {
                        to: Email::parse(&row.recipient)?,
                        subject: row.subject,
                        text: row.body_text,
                        html: row.body_html,
                    },
                }));
            }
        }
        Ok(None)
    }

    async fn mark_sent(&self, id: Uuid, at: OffsetDateTime) -> anyhow::Result<()> {
        outbox::Entity::update_many()
            .col_expr(outbox::Column::SentAt, Expr::value(at))
            .col_expr(outbox::Column::LockedUntil, Expr::value(Option::<OffsetDateTime>::None))
            .col_expr(outbox::Column::Attempts, Expr::col(outbox::Column::Attempts).add(1))
            .filter(outbox::Column::Id.eq(id))
            .exec(&self.db)
            .await
            .map_err(failed("marking a mail sent"))?;
        Ok(())
    }

    async fn mark_failed(&self, id: Uuid, error: &str, retry_at: Option<OffsetDateTime>) -> anyhow::Result<()> {
        let mut update = outbox::Entity::update_many()
            .col_expr(outbox::Column::LastError, Expr::value(error.chars().take(1000).collect::<String>()))
            .col_expr(outbox::Column::LockedUntil, Expr::value(Option::<OffsetDateTime>::None))
            .col_expr(outbox::Column::Attempts, Expr::col(outbox::Column::Attempts).add(1));
        update = match retry_at {
            Some(at) => update.col_expr(outbox::Column::NextAttemptAt, Expr::value(at)),
            None => update.col_expr(outbox::Column::AbandonedAt, Expr::value(OffsetDateTime::now_utc())),
        };
        update.filter(outbox::Column::Id.eq(id)).exec(&self.db).await.map_err(failed("recording a failed mail"))?;
        Ok(())
    }
}

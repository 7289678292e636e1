//! The mail outbox: the [`identity::MailQueue`] port. A claim is one leasing update of an
//! unsent mail, so several processes can drain one outbox without sending a mail twice.

use identity::{MailQueue, OutgoingMail, QueuedMail};
use kernel::Email;
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
    prelude::{Expr, Uuid},
    sea_query::{ExprTrait, LockBehavior, LockType, SimpleExpr},
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
        // One statement picks and leases the oldest due, unsent mail. On PostgreSQL the
        // subquery skips rows another process holds (`FOR UPDATE SKIP LOCKED`), and the outer
        // filter repeats every condition, so a mail sent meanwhile is never claimed again;
        // SQLite has one writer at a time, so the statement is atomic there as it stands.
        let due = || {
            Condition::all()
                .add(outbox::Column::SentAt.is_null())
                .add(outbox::Column::AbandonedAt.is_null())
                .add(outbox::Column::NextAttemptAt.lte(now))
                .add(outbox::Column::LockedUntil.is_null().or(outbox::Column::LockedUntil.lt(now)))
        };
        let next = outbox::Entity::find()
            .select_only()
            .column(outbox::Column::Id)
            .filter(due())
            .order_by_asc(outbox::Column::NextAttemptAt)
            .limit(1)
            .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
            .into_query();
        let claimed = outbox::Entity::update_many()
            .col_expr(outbox::Column::LockedUntil, Expr::value(now + lease))
            // `= (SELECT …)` is evaluated once; `IN (SELECT … SKIP LOCKED)` may be evaluated
            // per row by PostgreSQL and then leases every due mail at once.
            .filter(outbox::Column::Id.into_expr().eq(SimpleExpr::SubQuery(None, Box::new(next.into()))))
            .filter(due())
            .exec_with_returning(&self.db)
            .await
            .map_err(failed("claiming a due mail"))?;
        let Some(row) = claimed.into_iter().next() else { return Ok(None) };
        Ok(Some(QueuedMail {
            id: row.id,
            attempts: u16::try_from(row.attempts)?,
            mail: OutgoingMail {
                to: Email::parse(&row.recipient)?,
                subject: row.subject,
                text: row.body_text,
                html: row.body_html,
            },
        }))
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

    async fn mark_failed(
        &self,
        id: Uuid,
        error: &str,
        retry_at: Option<OffsetDateTime>,
        at: OffsetDateTime,
    ) -> anyhow::Result<()> {
        let mut update = outbox::Entity::update_many()
            .col_expr(outbox::Column::LastError, Expr::value(error.chars().take(1000).collect::<String>()))
            .col_expr(outbox::Column::LockedUntil, Expr::value(Option::<OffsetDateTime>::None))
            .col_expr(outbox::Column::Attempts, Expr::col(outbox::Column::Attempts).add(1));
        update = match retry_at {
            Some(retry_at) => update.col_expr(outbox::Column::NextAttemptAt, Expr::value(retry_at)),
            None => update.col_expr(outbox::Column::AbandonedAt, Expr::value(at)),
        };
        update.filter(outbox::Column::Id.eq(id)).exec(&self.db).await.map_err(failed("recording a failed mail"))?;
        Ok(())
    }
}

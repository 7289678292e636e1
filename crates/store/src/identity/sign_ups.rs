//! Pending sign-ups: the [`identity::sign_up::SignUpStore`] port.

use anyhow::Context;
use identity::sign_up::{PendingSignUp, SignUpStore};
use kernel::Email;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, prelude::Expr};
use time::OffsetDateTime;

use crate::{Store, entities::sign_ups};

impl SignUpStore for Store {
    async fn open_sign_up(&self, sign_up: &PendingSignUp) -> anyhow::Result<()> {
        sign_ups::Entity::insert(sign_ups::ActiveModel {
            id: Set(sign_up.id),
            token_hash: Set(sign_up.token_hash.clone()),
            enrolment_key_id: Set(sign_up.enrolment_key.as_uuid()),
            email: Set(sign_up.email.to_string()),
            name: Set(sign_up.name.clone()),
            locale: Set(sign_up.locale.clone()),
            created_at: Set(sign_up.created_at),
            expires_at: Set(sign_up.expires_at),
            consumed_at: Set(None),
        })
        .exec_without_returning(&self.db)
        .await
        .context("opening a sign-up")?;
        Ok(())
    }

    async fn live_sign_up(&self, token_hash: &str, now: OffsetDateTime) -> anyhow::Result<Option<PendingSignUp>> {
        let row = sign_ups::Entity::find()
            .filter(sign_ups::Column::TokenHash.eq(token_hash))
            .filter(sign_ups::Column::ConsumedAt.is_null())
            .filter(sign_ups::Column::ExpiresAt.gt(now))
            .one(&self.db)
            .await
            .context("reading a sign-up")?;
        row.map(to_sign_up).transpose()
    }

    async fn take_sign_up(&self, token_hash: &str, now: OffsetDateTime) -> anyhow::Result<Option<PendingSignUp>> {
        // The guarded update decides which of two racing confirmations uses it up; writing
        // first also has SQLite take the write lock before anything is read.
        let taken = sign_ups::Entity::update_many()
            .col_expr(sign_ups::Column::ConsumedAt, Expr::value(now))
            .filter(sign_ups::Column::TokenHash.eq(token_hash))
            .filter(sign_ups::Column::ConsumedAt.is_null())
            .filter(sign_ups::Column::ExpiresAt.gt(now))
            .exec(&self.db)
            .await
            .context("using up a sign-up")?
            .rows_affected;
        if taken == 0 {
            return Ok(None);
        }
        let row = sign_ups::Entity::find()
            .filter(sign_ups::Column::TokenHash.eq(token_hash))
            .one(&self.db)
            .await
            .context("reading a sign-up")?
            .context("a sign-up just used up")?;
        to_sign_up(row).map(Some)
    }
}

fn to_sign_up(row: sign_ups::Model) -> anyhow::Result<PendingSignUp> {
    Ok(PendingSignUp {
        id: row.id,
        token_hash: row.token_hash,
        enrolment_key: row.enrolment_key_id.into(),
        email: Email::parse(&row.email).context("a stored sign-up's e-mail")?,
        name: row.name,
        locale: row.locale,
        created_at: row.created_at,
        expires_at: row.expires_at,
    })
}

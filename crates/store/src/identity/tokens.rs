//! One-time tokens: the [`identity::TokenRepository`] port.

use anyhow::Context;
use identity::{OneTimeToken, TokenPurpose, TokenRepository};
use kernel::{TokenId, UserId};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, prelude::Expr, sea_query::ExprTrait};
use time::OffsetDateTime;

use super::failed;
use crate::{Store, entities::one_time_tokens as tokens};

const PURPOSES: [TokenPurpose; 7] = [
    TokenPurpose::Reset,
    TokenPurpose::Invite,
    TokenPurpose::GameHandoff,
    TokenPurpose::OtpChallenge,
    TokenPurpose::EulaChallenge,
    TokenPurpose::GameEulaChallenge,
    TokenPurpose::SsoEulaChallenge,
];

impl TokenRepository for Store {
    async fn issue(&self, token: OneTimeToken) -> anyhow::Result<()> {
        tokens::Entity::insert(tokens::ActiveModel {
            id: Set(token.id.as_uuid()),
            purpose: Set(token.purpose.as_str().to_owned()),
            user_id: Set(token.user.as_uuid()),
            token_hash: Set(token.token_hash),
            secret_hash: Set(token.secret_hash),
            attempts: Set(i16::try_from(token.attempts)?),
            created_at: Set(token.created_at),
            expires_at: Set(token.expires_at),
            consumed_at: Set(token.consumed_at),
        })
        .exec_without_returning(&self.db)
        .await
        .map_err(failed("issuing a token"))?;
        Ok(())
    }

    async fn find_token(&self, purpose: TokenPurpose, token_hash: &str) -> anyhow::Result<Option<OneTimeToken>> {
        let row = tokens::Entity::find()
            .filter(tokens::Column::TokenHash.eq(token_hash))
            .filter(tokens::Column::Purpose.eq(purpose.as_str()))
            .one(&self.db)
            .await
            .map_err(failed("reading a token"))?;
        row.map(|row| {
            Ok(OneTimeToken {
                id: row.id.into(),
                purpose: PURPOSES.into_iter().find(|p| p.as_str() == row.purpose).context("stored token purpose")?,
                user: row.user_id.into(),
                token_hash: row.token_hash,
                secret_hash: row.secret_hash,
                attempts: u16::try_from(row.attempts)?,
                created_at: row.created_at,
                expires_at: row.expires_at,
                consumed_at: row.consumed_at,
            })
        })
        .transpose()
    }

    async fn count_attempt(&self, id: TokenId) -> anyhow::Result<u16> {
        tokens::Entity::update_many()
            .col_expr(tokens::Column::Attempts, Expr::col(tokens::Column::Attempts).add(1))
            .filter(tokens::Column::Id.eq(id.as_uuid()))
            .exec(&self.db)
            .await
            .map_err(failed("counting a try"))?;
        let row = tokens::Entity::find_by_id(id.as_uuid()).one(&self.db).await.map_err(failed("reading tries"))?;
        Ok(u16::try_from(row.context("the token disappeared")?.attempts)?)
    }

    async fn replace_secret(&self, id: TokenId, secret_hash: &str, expires_at: OffsetDateTime) -> anyhow::Result<()> {
        tokens::Entity::update_many()
            .col_expr(tokens::Column::SecretHash, Expr::value(secret_hash))
            .col_expr(tokens::Column::ExpiresAt, Expr::value(expires_at))
            .col_expr(tokens::Column::Attempts, Expr::value(0))
            .filter(tokens::Column::Id.eq(id.as_uuid()))
            .exec(&self.db)
            .await
            .map_err(failed("replacing a code"))?;
        Ok(())
    }

    async fn consume(&self, id: TokenId, at: OffsetDateTime) -> anyhow::Result<bool> {
        // The `consumed_at IS NULL` guard makes this a compare-and-set: of two racing
        // requests, exactly one sees a row change.
        let result = tokens::Entity::update_many()
            .col_expr(tokens::Column::ConsumedAt, Expr::value(at))
            .filter(tokens::Column::Id.eq(id.as_uuid()))
            .filter(tokens::Column::ConsumedAt.is_null())
            .exec(&self.db)
            .await
            .map_err(failed("consuming a token"))?;
        Ok(result.rows_affected == 1)
    }

    async fn consume_all(&self, user: UserId, purpose: TokenPurpose, at: OffsetDateTime) -> anyhow::Result<()> {
        tokens::Entity::update_many()
            .col_expr(tokens::Column::ConsumedAt, Expr::value(at))
            .filter(tokens::Column::UserId.eq(user.as_uuid()))
            .filter(tokens::Column::Purpose.eq(purpose.as_str()))
            .filter(tokens::Column::ConsumedAt.is_null())
            .exec(&self.db)
            .await
            .map_err(failed("consuming tokens"))?;
        Ok(())
    }
}

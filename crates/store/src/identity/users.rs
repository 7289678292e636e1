//! Users: the [`identity::UserRepository`] port.

use anyhow::Context;
use identity::{CreateUserError, Credentials, NewUser, PasswordHash, User, UserRepository, UserStatus};
use kernel::{Email, UserId};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, SqlErr, prelude::Expr,
};

use super::failed;
use crate::{
    Store,
    entities::{companies, users},
};

impl UserRepository for Store {
    async fn create(&self, new: NewUser) -> Result<User, CreateUserError> {
        if new.company.is_none() && new.role != kernel::Role::SuperAdmin {
            return Err(CreateUserError::CompanyRequired { role: new.role });
        }
        let row = users::ActiveModel {
            id: Set(UserId::new().as_uuid()),
            email: Set(new.email.as_str().to_owned()),
            name: Set(new.name),
            role: Set(new.role.as_str().to_owned()),
            company_id: Set(new.company.map(Into::into)),
            status: Set(new.status.as_str().to_owned()),
            password_hash: Set(new.password.map(|h| h.as_str().to_owned())),
            mfa_required: Set(new.mfa_required),
            locale: Set(new.locale),
            created_at: Set(new.created_at),
        };
        match row.insert(&self.db).await {
            Ok(model) => Ok(to_user(model)?),
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                Err(CreateUserError::EmailTaken(new.email))
            }
            Err(e) => Err(CreateUserError::Unknown(failed("inserting a user")(e))),
        }
    }

    async fn find_credentials(&self, email: &Email) -> anyhow::Result<Option<Credentials>> {
        let found = users::Entity::find()
            .filter(users::Column::Email.eq(email.as_str()))
            .find_also_related(companies::Entity)
            .one(&self.db)
            .await
            .map_err(failed("reading credentials"))?;
        let Some((row, company)) = found else { return Ok(None) };
        let password = row.password_hash.clone().map(PasswordHash::from_stored);
        Ok(Some(Credentials {
            user: to_user(row)?,
            password,
            company_requires_otp: company.is_some_and(|c| c.mfa_required),
        }))
    }

    async fn find(&self, id: UserId) -> anyhow::Result<Option<User>> {
        users::Entity::find_by_id(id.as_uuid())
            .one(&self.db)
            .await
            .map_err(failed("reading a user"))?
            .map(to_user)
            .transpose()
    }

    async fn count_users(&self) -> anyhow::Result<u64> {
        users::Entity::find().count(&self.db).await.map_err(failed("counting users"))
    }

    async fn set_password(&self, id: UserId, hash: &PasswordHash) -> anyhow::Result<()> {
        let active = UserStatus::Active.as_str();
        // An invited user is activated by choosing a password; a disabled one stays disabled.
        let status = Expr::case(users::Column::Status.eq(UserStatus::Invited.as_str()), active)
            .finally(Expr::col(users::Column::Status));
        users::Entity::update_many()
            .col_expr(users::Column::PasswordHash, Expr::value(hash.as_str()))
            .col_expr(users::Column::Status, status.into())
            .filter(users::Column::Id.eq(id.as_uuid()))
            .exec(&self.db)
            .await
            .map_err(failed("setting a password"))?;
        Ok(())
    }
}

pub(crate) fn to_user(row: users::Model) -> anyhow::Result<User> {
    Ok(User {
        id: row.id.into(),
        email: Email::parse(&row.email).context("stored e-mail")?,
        name: row.name,
        role: row.role.parse().context("stored role")?,
        company: row.company_id.map(Into::into),
        status: UserStatus::parse(&row.status).with_context(|| format!("stored status `{}`", row.status))?,
        mfa_required: row.mfa_required,
        locale: row.locale,
        created_at: row.created_at,
    })
}

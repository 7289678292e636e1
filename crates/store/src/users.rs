//! Users: the [`identity::UserRepository`] port.

use anyhow::Context;
use identity::{CreateUserError, NewUser, User, UserRepository, UserStatus};
use kernel::{Email, UserId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, SqlErr};
use time::OffsetDateTime;

use crate::{Store, entities::users};

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
            created_at: Set(OffsetDateTime::now_utc()),
        };
        match row.insert(&self.db).await {
            Ok(model) => to_user(model),
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                Err(CreateUserError::EmailTaken(new.email))
            }
            Err(e) => Err(CreateUserError::Unknown(anyhow::Error::new(e).context("inserting a user"))),
        }
    }
}

fn to_user(row: users::Model) -> Result<User, CreateUserError> {
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

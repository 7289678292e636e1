//! Password policies: the [`identity::PolicyRepository`] port.

use identity::PolicyRepository;
use kernel::CompanyId;
use password_policy::PasswordPolicy;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, sea_query::ExprTrait};

use super::failed;
use crate::{
    Store,
    entities::{password_policies as policies, sso_connections},
};

impl PolicyRepository for Store {
    async fn password_sign_in(&self, company: CompanyId) -> anyhow::Result<bool> {
        let connection = sso_connections::Entity::find_by_id(company.as_uuid())
            .one(&self.db)
            .await
            .map_err(failed("reading whether a company signs in with passwords"))?;
        Ok(connection.is_none_or(|c| c.password_sign_in))
    }

    async fn invitation_policy(&self, company: Option<CompanyId>) -> anyhow::Result<Option<PasswordPolicy>> {
        let rows = policies::Entity::find()
            .filter(policies::Column::Active.eq(true))
            .filter(match company {
                Some(company) => {
                    policies::Column::CompanyId.eq(company.as_uuid()).or(policies::Column::CompanyId.is_null())
                }
                None => policies::Column::CompanyId.is_null(),
            })
            .all(&self.db)
            .await
            .map_err(failed("reading password policies"))?;
        // The company's own policy wins over the global one.
        let row = rows.iter().find(|r| r.company_id.is_some()).or_else(|| rows.first());
        row.map(|r| {
            Ok(PasswordPolicy {
                company: r.company_id.map(Into::into),
                digits: r.digits,
                letters: r.letters,
                lowercase: r.lowercase,
                uppercase: r.uppercase,
                symbols: r.symbols,
                special_characters: r.special_characters,
                minimum_length: u8::try_from(r.minimum_length)?,
                maximum_length: u8::try_from(r.maximum_length)?,
                active: r.active,
            })
        })
        .transpose()
    }
}

//! Companies: the [`licensing::Companies`] port.

use anyhow::Context;
use kernel::{CompanyId, Email, Page, PageRequest, Scope, SessionMinutes};
use licensing::{Companies, Company, CompanyFilter, FindError, Logo, SaveError};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, Order, QueryFilter, QuerySelect, prelude::Expr};
use time::OffsetDateTime;

use super::{failed, in_scope, upsert};
use crate::{
    Store,
    entities::companies,
    listing::{contains, page_of, search_term, sorted},
};

impl Companies for Store {
    async fn list_companies(
        &self,
        scope: Scope,
        filter: &CompanyFilter,
        page: &PageRequest,
    ) -> anyhow::Result<Page<Company>> {
        let mut query = companies::Entity::find();
        if let Some(condition) = in_scope(companies::Column::Id, scope) {
            query = query.filter(condition);
        }
        if let Some(search) = search_term(filter.search.as_ref()) {
            query = query.filter(contains(companies::Column::Name, search));
        }
        if let Some(active) = filter.active {
            query = query.filter(companies::Column::Active.eq(active));
        }
        if let Some(industry) = filter.industry {
            query = query.filter(companies::Column::IndustryId.eq(industry.as_uuid()));
        }
        if let Some(country) = filter.country {
            query = query.filter(companies::Column::CountryId.eq(country.as_uuid()));
        }
        let sortable = [
            ("name", companies::Column::Name),
            ("email", companies::Column::Email),
            ("contact_person", companies::Column::ContactPerson),
            ("session_minutes", companies::Column::SessionMinutes),
            ("active", companies::Column::Active),
            ("created_at", companies::Column::CreatedAt),
        ];
        let query = sorted(query, page, &sortable, (companies::Column::Name, Order::Asc), companies::Column::Id);
        page_of(&self.db, query, page, to_company).await
    }

    async fn find_company(&self, scope: Scope, id: CompanyId) -> Result<Company, FindError> {
        if !scope.sees_company(id) {
            return Err(FindError::NotFound);
        }
        let row = companies::Entity::find_by_id(id.as_uuid())
            .one(&self.db)
            .await
            .map_err(failed("reading a company"))?
            .ok_or(FindError::NotFound)?;
        Ok(to_company(row)?)
    }

    async fn save_company(&self, company: &Company, at: OffsetDateTime) -> Result<(), SaveError> {
        let row = companies::ActiveModel {
            id: Set(company.id.as_uuid()),
            name: Set(company.name.clone()),
            email: Set(company.email.as_str().to_owned()),
            contact_person: Set(company.contact_person.clone()),
            industry_id: Set(company.industry.as_uuid()),
            country_id: Set(company.country.as_uuid()),
            remark: Set(company.remark.clone()),
            session_minutes: Set(i16::from(company.session_minutes.get())),
            active: Set(company.active),
            ..Default::default()
        };
        let insert = companies::ActiveModel { created_at: Set(at), mfa_required: Set(false), ..row.clone() };
        upsert::<companies::Entity>(self, row, insert, companies::Column::Id, company.id.as_uuid(), "name").await
    }

    async fn company_logo(&self, id: CompanyId) -> anyhow::Result<Option<Logo>> {
        let row: Option<(Option<Vec<u8>>, Option<String>)> = companies::Entity::find_by_id(id.as_uuid())
            .select_only()
            .column(companies::Column::Logo)
            .column(companies::Column::LogoContentType)
            .into_tuple()
            .one(&self.db)
            .await
            .map_err(failed("reading a logo"))?;
        Ok(match row {
            Some((Some(bytes), Some(content_type))) => Some(Logo { content_type, bytes }),
            _ => None,
        })
    }

    async fn set_company_logo(&self, id: CompanyId, logo: Option<&Logo>) -> anyhow::Result<()> {
        companies::Entity::update_many()
            .col_expr(companies::Column::Logo, Expr::value(logo.map(|l| l.bytes.clone())))
            .col_expr(companies::Column::LogoContentType, Expr::value(logo.map(|l| l.content_type.clone())))
            .filter(companies::Column::Id.eq(id.as_uuid()))
            .exec(&self.db)
            .await
            .map_err(failed("storing a logo"))?;
        Ok(())
    }
}

fn to_company(row: companies::Model) -> anyhow::Result<Company> {
    Ok(Company {
        id: row.id.into(),
        name: row.name,
        email: Email::parse(&row.email).context("stored company e-mail")?,
        contact_person: row.contact_person,
        industry: row.industry_id.into(),
        country: row.country_id.into(),
        remark: row.remark,
        session_minutes: SessionMinutes::new(i64::from(row.session_minutes)).context("stored session time")?,
        active: row.active,
    })
}

//! Countries and industries: the [`licensing::ReferenceData`] port.

use kernel::{CountryId, IndustryId, Page, PageRequest};
use licensing::{Country, FindError, Industry, ReferenceData, ReferenceFilter, SaveError};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, Order, QueryFilter, sea_query::ExprTrait};

use super::{failed, upsert};
use crate::{
    Store,
    entities::{countries, industries},
    listing::{contains, page_of, search_term, sorted},
};

impl ReferenceData for Store {
    async fn list_countries(&self, filter: &ReferenceFilter, page: &PageRequest) -> anyhow::Result<Page<Country>> {
        let mut query = countries::Entity::find();
        if let Some(search) = search_term(filter.search.as_ref()) {
            query = query
                .filter(contains(countries::Column::Name, search).or(contains(countries::Column::IsoCode, search)));
        }
        if let Some(active) = filter.active {
            query = query.filter(countries::Column::Active.eq(active));
        }
        let sortable = [
            ("name", countries::Column::Name),
            ("iso_code", countries::Column::IsoCode),
            ("active", countries::Column::Active),
        ];
        let query = sorted(query, page, &sortable, (countries::Column::Name, Order::Asc), countries::Column::Id);
        page_of(&self.db, query, page, |r| Ok(to_country(r))).await
    }

    async fn find_country(&self, id: CountryId) -> Result<Country, FindError> {
        let row =
            countries::Entity::find_by_id(id.as_uuid()).one(&self.db).await.map_err(failed("reading a country"))?;
        row.map(to_country).ok_or(FindError::NotFound)
    }

    async fn save_country(&self, country: &Country) -> Result<(), SaveError> {
        let row = countries::ActiveModel {
            id: Set(country.id.as_uuid()),
            name: Set(country.name.clone()),
            iso_code: Set(country.iso_code.clone()),
            active: Set(country.active),
        };
        upsert::<countries::Entity>(self, row.clone(), row, countries::Column::Id, country.id.as_uuid(), "iso_code")
            .await
    }

    async fn list_industries(&self, filter: &ReferenceFilter, page: &PageRequest) -> anyhow::Result<Page<Industry>> {
        let mut query = industries::Entity::find();
        if let Some(search) = search_term(filter.search.as_ref()) {
            query = query.filter(contains(industries::Column::Name, search));
        }
        if let Some(active) = filter.active {
            query = query.filter(industries::Column::Active.eq(active));
        }
        let sortable = [("name", industries::Column::Name), ("active", industries::Column::Active)];
        let query = sorted(query, page, &sortable, (industries::Column::Name, Order::Asc), industries::Column::Id);
        page_of(&self.db, query, page, |r| Ok(to_industry(r))).await
    }

    async fn find_industry(&self, id: IndustryId) -> Result<Industry, FindError> {
        let row =
            industries::Entity::find_by_id(id.as_uuid()).one(&self.db).await.map_err(failed("reading an industry"))?;
        row.map(to_industry).ok_or(FindError::NotFound)
    }

    async fn save_industry(&self, industry: &Industry) -> Result<(), SaveError> {
        let row = industries::ActiveModel {
            id: Set(industry.id.as_uuid()),
            name: Set(industry.name.clone()),
            active: Set(industry.active),
        };
        upsert::<industries::Entity>(self, row.clone(), row, industries::Column::Id, industry.id.as_uuid(), "name")
            .await
    }
}

fn to_country(row: countries::Model) -> Country {
    Country { id: row.id.into(), name: row.name, iso_code: row.iso_code.trim().to_owned(), active: row.active }
}

fn to_industry(row: industries::Model) -> Industry {
    Industry { id: row.id.into(), name: row.name, active: row.active }
}

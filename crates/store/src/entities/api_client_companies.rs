//! The `api_client_companies` table: the companies an API client is scoped to.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "api_client_companies")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub api_client_id: Uuid,
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: Uuid,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

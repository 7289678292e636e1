//! The `company_results` table: per company, the trainees who played any level.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "company_results")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: Uuid,
    pub trainees: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

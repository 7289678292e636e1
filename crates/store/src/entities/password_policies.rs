//! The `password_policies` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "password_policies")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub company_id: Option<Uuid>,
    pub digits: bool,
    pub letters: bool,
    pub lowercase: bool,
    pub uppercase: bool,
    pub symbols: bool,
    pub special_characters: bool,
    pub minimum_length: i16,
    pub maximum_length: i16,
    pub active: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

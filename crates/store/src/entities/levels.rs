//! The `levels` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "levels")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub chapter_id: Uuid,
    pub number: i32,
    pub title: String,
    pub max_score: i32,
    pub difficulty: String,
    /// The other languages' titles as JSON (`{"zh": "…"}`); English is the column above.
    pub translations: String,
    /// Retired levels take no new attempts and keep their history.
    pub retired_at: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

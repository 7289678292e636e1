//! The `companies` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "companies")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub contact_person: String,
    pub industry_id: Uuid,
    pub country_id: Uuid,
    pub remark: String,
    pub session_minutes: i16,
    pub logo: Option<Vec<u8>>,
    pub logo_content_type: Option<String>,
    pub active: bool,
    pub mfa_required: bool,
    pub created_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

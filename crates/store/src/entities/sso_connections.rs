//! The `sso_connections` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sso_connections")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: Uuid,
    pub issuer: String,
    pub client_id: String,
    pub client_secret_sealed: String,
    /// A JSON array of scope names.
    pub scopes: String,
    pub email_claim: String,
    pub create_users: bool,
    pub batch_id: Option<Uuid>,
    pub assign_seat: bool,
    pub password_sign_in: bool,
    pub created_at: TimeDateTimeWithTimeZone,
    pub updated_at: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `attempts` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "attempts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub api_client_id: Uuid,
    pub external_id: String,
    pub user_id: Uuid,
    /// The trainee's company when the attempt came in.
    pub company_id: Uuid,
    pub level_id: Uuid,
    pub difficulty: String,
    pub approach_id: Uuid,
    pub score: i32,
    pub max_score: i32,
    pub duration_seconds: i32,
    pub started_at: TimeDateTimeWithTimeZone,
    pub completed_at: TimeDateTimeWithTimeZone,
    pub received_at: TimeDateTimeWithTimeZone,
    /// SHA-256 (hex) of the attempt's content: a resend with the same digest is a duplicate.
    pub content_hash: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `api_clients` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "api_clients")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub name: String,
    pub kind: String,
    /// Every company; otherwise those in `api_client_companies`.
    pub all_companies: bool,
    /// SHA-256 (hex) of the secret.
    pub secret_hash: String,
    /// The secret's last characters, to tell keys apart on screen.
    pub secret_hint: String,
    pub rate_limit_per_minute: i32,
    /// The rate limit's current window (minutes since the Unix epoch) and the requests in it.
    pub window_minute: i64,
    pub window_count: i32,
    pub use_count: i64,
    pub last_used_at: Option<TimeDateTimeWithTimeZone>,
    pub created_at: TimeDateTimeWithTimeZone,
    pub rotated_at: Option<TimeDateTimeWithTimeZone>,
    pub revoked_at: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

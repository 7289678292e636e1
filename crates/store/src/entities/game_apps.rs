//! The `game_apps` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "game_apps")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub name: String,
    pub client_id: String,
    /// A JSON array of strings.
    pub redirect_uris: String,
    /// A JSON array of scope names.
    pub scopes: String,
    pub created_at: TimeDateTimeWithTimeZone,
    pub disabled_at: Option<TimeDateTimeWithTimeZone>,
    /// The game's API client its attempts are recorded under.
    pub api_client_id: Option<Uuid>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `company_level_rollups` table: per company, level and split, what every pick counts of
//! the results (`level_results` rolled up), for the views across companies. Written by
//! `scoring::rollups` as `scoring::reports::rollups` works it out.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "company_level_rollups")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub company_id: Uuid,
    #[sea_orm(primary_key, auto_increment = false)]
    pub level_id: Uuid,
    /// Empty, `difficulty`, `approach` or `skill`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub split: String,
    /// The approach or skill; the level otherwise.
    #[sea_orm(primary_key, auto_increment = false)]
    pub item: Uuid,
    /// The difficulty split's key; empty otherwise.
    #[sea_orm(primary_key, auto_increment = false)]
    pub difficulty: String,
    /// Kept without a split, as `last_played` and each pick's `highest`.
    pub attempts: i64,
    pub last_played: Option<TimeDateTimeWithTimeZone>,
    pub best_results: i64,
    pub best_score: f64,
    pub best_max: f64,
    pub best_highest: f64,
    pub latest_results: i64,
    pub latest_score: f64,
    pub latest_max: f64,
    pub latest_highest: f64,
    pub first_results: i64,
    pub first_score: f64,
    pub first_max: f64,
    pub first_highest: f64,
    pub average_results: i64,
    pub average_score: f64,
    pub average_max: f64,
    pub average_highest: f64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

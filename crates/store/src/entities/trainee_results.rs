//! The `trainee_results` table: per trainee, mode and split, the sums of the counted results
//! across levels (`level_results` rolled up), for views whose rows are trainees or batches.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "trainee_results")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: Uuid,
    /// `first`, `latest`, `best` or `average`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub mode: String,
    /// Empty, `difficulty`, `approach` or `skill`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub split: String,
    /// The approach or skill; the trainee otherwise.
    #[sea_orm(primary_key, auto_increment = false)]
    pub item: Uuid,
    /// The difficulty split's key; empty otherwise.
    #[sea_orm(primary_key, auto_increment = false)]
    pub difficulty: String,
    pub company_id: Uuid,
    pub results: i64,
    pub attempts: i64,
    pub score: f64,
    pub max: f64,
    pub best: f64,
    pub last_played: Option<TimeDateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

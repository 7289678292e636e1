//! The `level_results` table: per trainee and level, the attempts each mode counts.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "level_results")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: Uuid,
    #[sea_orm(primary_key, auto_increment = false)]
    pub level_id: Uuid,
    pub company_id: Uuid,
    pub attempts: i32,
    pub score_sum: i64,
    pub max_sum: i64,
    pub first_attempt_id: Uuid,
    pub first_score: i32,
    pub first_max: i32,
    pub first_at: TimeDateTimeWithTimeZone,
    pub first_difficulty: String,
    pub first_approach_id: Uuid,
    pub latest_attempt_id: Uuid,
    pub latest_score: i32,
    pub latest_max: i32,
    pub latest_at: TimeDateTimeWithTimeZone,
    pub latest_difficulty: String,
    pub latest_approach_id: Uuid,
    pub best_attempt_id: Uuid,
    pub best_score: i32,
    pub best_max: i32,
    pub best_at: TimeDateTimeWithTimeZone,
    pub best_difficulty: String,
    pub best_approach_id: Uuid,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

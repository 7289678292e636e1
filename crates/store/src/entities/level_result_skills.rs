//! The `level_result_skills` table: per trainee, level and skill, the points each mode counts out
//! of the skill's maxima.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "level_result_skills")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: Uuid,
    #[sea_orm(primary_key, auto_increment = false)]
    pub level_id: Uuid,
    #[sea_orm(primary_key, auto_increment = false)]
    pub skill_id: Uuid,
    pub company_id: Uuid,
    pub first_points: i32,
    pub latest_points: i32,
    pub best_points: i32,
    pub points_sum: i64,
    /// The skill's maximum in the first, latest and best attempt (0: it did not report the
    /// skill), and its sum over the attempts.
    pub first_max: i32,
    pub latest_max: i32,
    pub best_max: i32,
    pub max_sum: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! The `mail_outbox` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_outbox")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub recipient: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
    pub created_at: TimeDateTimeWithTimeZone,
    pub attempts: i16,
    pub next_attempt_at: TimeDateTimeWithTimeZone,
    pub locked_until: Option<TimeDateTimeWithTimeZone>,
    pub sent_at: Option<TimeDateTimeWithTimeZone>,
    pub abandoned_at: Option<TimeDateTimeWithTimeZone>,
    pub last_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

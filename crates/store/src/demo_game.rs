//! What the demo game knows of the portal it plays against, as a studio knows its players and
//! its own levels: the trainees who hold a live seat, the levels in play order, the approaches.

use kernel::{ApproachId, LevelId, Role, SkillId, UserId};
use scoring::Difficulty;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::{
    Store,
    entities::{approaches, chapters, level_skills, levels, seats, users},
};

#[derive(Clone, Debug)]
pub struct DemoLevel {
    pub id: LevelId,
    pub max_score: u32,
    pub difficulty: Difficulty,
    /// The skills it trains, with the most points each can earn there.
    pub skills: Vec<(SkillId, u32)>,
}

#[derive(Clone, Debug, Default)]
pub struct GameWorld {
    /// Each trainee with a live seat, and when the seat was assigned.
    pub trainees: Vec<(UserId, OffsetDateTime)>,
    /// Levels not retired, chapter by chapter.
    pub levels: Vec<DemoLevel>,
    pub approaches: Vec<ApproachId>,
    /// The first super admin: who the demo's own game client is created by.
    pub super_admin: Option<UserId>,
}

/// Reads the world the demo game plays in.
///
/// # Errors
/// Database failures, or a level whose stored values are out of range.
pub async fn world(store: &Store) -> anyhow::Result<GameWorld> {
    let trainees: Vec<(Uuid, OffsetDateTime)> = seats::Entity::find()
        .select_only()
        .columns([seats::Column::UserId, seats::Column::AssignedAt])
        .inner_join(users::Entity)
        .filter(users::Column::Role.eq(Role::User.as_str()))
        .filter(users::Column::Status.eq("active"))
        .filter(seats::Column::RevokedAt.is_null())
        .filter(seats::Column::ReplacedAt.is_null())
        .order_by_asc(users::Column::Email)
        .into_tuple()
        .all(&store.db)
        .await?;
    let chapter_numbers: Vec<(Uuid, i32)> = chapters::Entity::find()
        .select_only()
        .columns([chapters::Column::Id, chapters::Column::Number])
        .into_tuple()
        .all(&store.db)
        .await?;
    let number_of = |chapter: Uuid| chapter_numbers.iter().find(|(id, _)| *id == chapter).map_or(0, |(_, n)| *n);
    let mut rows = levels::Entity::find().filter(levels::Column::RetiredAt.is_null()).all(&store.db).await?;
    rows.sort_by_key(|level| (number_of(level.chapter_id), level.number));
    let trained: Vec<(Uuid, Uuid, i32)> = level_skills::Entity::find()
        .select_only()
        .columns([level_skills::Column::LevelId, level_skills::Column::SkillId, level_skills::Column::MaxPoints])
        .into_tuple()
        .all(&store.db)
        .await?;
    let mut levels = Vec::with_capacity(rows.len());
    for level in rows {
        let difficulty = Difficulty::parse(&level.difficulty)
            .ok_or_else(|| anyhow::anyhow!("level {} has difficulty {:?}", level.id, level.difficulty))?;
        levels.push(DemoLevel {
            id: level.id.into(),
            max_score: u32::try_from(level.max_score)?,
            difficulty,
            skills: trained
                .iter()
                .filter(|(l, ..)| *l == level.id)
                .map(|(_, skill, max)| Ok(((*skill).into(), u32::try_from(*max)?)))
                .collect::<anyhow::Result<_>>()?,
        });
    }
    let approaches: Vec<Uuid> = approaches::Entity::find()
        .select_only()
        .column(approaches::Column::Id)
        .order_by_asc(approaches::Column::Name)
        .into_tuple()
        .all(&store.db)
        .await?;
    let super_admin: Option<Uuid> = users::Entity::find()
        .select_only()
        .column(users::Column::Id)
        .filter(users::Column::Role.eq(Role::SuperAdmin.as_str()))
        .order_by_asc(users::Column::CreatedAt)
        .into_tuple()
        .one(&store.db)
        .await?;
    Ok(GameWorld {
        trainees: trainees.into_iter().map(|(user, at)| (user.into(), at)).collect(),
        levels,
        approaches: approaches.into_iter().map(Into::into).collect(),
        super_admin: super_admin.map(Into::into),
    })
}

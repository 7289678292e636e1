//! What the demo game knows of the portal it plays against, as a studio knows its players and
//! its own levels: the trainees who hold a live seat (by e-mail and batch, as the demo's story
//! is told in them), the levels in play order, the approaches.

use kernel::{ApproachId, LevelId, Role, SkillId, UserId};
use scoring::Difficulty;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::{
    Store,
    entities::{approaches, batch_members, batches, chapters, level_skills, levels, seats, users},
};

/// A trainee the game plays as.
#[derive(Clone, Debug)]
pub struct DemoTrainee {
    pub id: UserId,
    pub email: String,
    /// The name of their batch (the first by name, when in several).
    pub batch: Option<String>,
    /// When their seat was assigned: no play before it.
    pub seat_from: OffsetDateTime,
}

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
    /// Each trainee with a live seat, by e-mail.
    pub trainees: Vec<DemoTrainee>,
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
    let trainees: Vec<(Uuid, String, OffsetDateTime)> = seats::Entity::find()
        .select_only()
        .column(seats::Column::UserId)
        .column(users::Column::Email)
        .column(seats::Column::AssignedAt)
        .inner_join(users::Entity)
        .filter(users::Column::Role.eq(Role::User.as_str()))
        .filter(users::Column::Status.eq("active"))
        .filter(seats::Column::RevokedAt.is_null())
        .filter(seats::Column::ReplacedAt.is_null())
        .order_by_asc(users::Column::Email)
        .into_tuple()
        .all(&store.db)
        .await?;
    let batch_names: std::collections::HashMap<Uuid, String> = batches::Entity::find()
        .select_only()
        .columns([batches::Column::Id, batches::Column::Name])
        .into_tuple::<(Uuid, String)>()
        .all(&store.db)
        .await?
        .into_iter()
        .collect();
    let memberships: Vec<(Uuid, Uuid)> = batch_members::Entity::find()
        .select_only()
        .columns([batch_members::Column::UserId, batch_members::Column::BatchId])
        .into_tuple()
        .all(&store.db)
        .await?;
    let mut batch_of: std::collections::HashMap<Uuid, String> = std::collections::HashMap::new();
    for (user, batch) in memberships {
        if let Some(name) = batch_names.get(&batch) {
            let kept = batch_of.entry(user).or_insert_with(|| name.clone());
            if name < kept {
                kept.clone_from(name);
            }
        }
    }
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
        trainees: trainees
            .into_iter()
            .map(|(user, email, seat_from)| DemoTrainee {
                id: user.into(),
                batch: batch_of.get(&user).cloned(),
                email,
                seat_from,
            })
            .collect(),
        levels,
        approaches: approaches.into_iter().map(Into::into).collect(),
        super_admin: super_admin.map(Into::into),
    })
}

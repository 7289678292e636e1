//! The level catalogue the game is built from: chapters of levels, the skills levels train and
//! the approaches a level can be played with, each titled in the portal's languages. The
//! super admin edits it one entry at a time or imports a whole file; everyone signed in reads it.

mod import;
mod model;
mod rules;

pub use import::{
    EntryAction, EntryKind, ImportedCatalogue, ImportedChapter, ImportedLevel, ImportedName, ImportedSkill, PlanEntry,
};
pub use model::{Approach, Catalogue, Chapter, Level, LevelSkill, Skill, Translated};
pub use rules::{MAX_IMPORT_ENTRIES, MAX_LEVEL_NUMBER, MAX_SKILLS_PER_LEVEL, MAX_TITLE_CHARS};

use kernel::{Actor, ApproachId, AuditAction, AuditEvent, ChapterId, Clock, LevelId, Scope, SkillId};
use serde_json::json;

use crate::{CatalogueStore, Difficulty, ItemProblem};

/// A chapter as the super admin describes it.
#[derive(Clone, Debug)]
pub struct ChapterDraft {
    pub number: u32,
    pub title: Translated,
}

/// A level as the super admin describes it.
#[derive(Clone, Debug)]
pub struct LevelDraft {
    pub chapter: ChapterId,
    pub number: u32,
    pub title: Translated,
    pub max_score: u32,
    pub difficulty: Difficulty,
    /// The skills it trains, each with the most points it can earn here (`None`: an even share
    /// of the level's maximum).
    pub skills: Vec<(SkillId, Option<u32>)>,
    /// Retired levels take no new attempts; their history stays in the reports.
    pub retired: bool,
}

/// One write the store makes inside a catalogue change: an entry put (inserted or updated by
/// its id) or deleted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Chapter(Chapter),
    Level(Level),
    Skill(Skill),
    Approach(Approach),
    DeleteChapter(ChapterId),
    DeleteLevel(LevelId),
    DeleteSkill(SkillId),
    DeleteApproach(ApproachId),
}

/// What a catalogue change writes: its entries and its audit lines, in one transaction.
#[derive(Clone, Debug, Default)]
pub struct Changes {
    pub changes: Vec<Change>,
    pub audit: Vec<AuditEvent>,
}

#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    #[error("forbidden")]
    Forbidden,
    #[error("not found")]
    NotFound,
    #[error("invalid entry")]
    Invalid(Vec<ItemProblem>),
    /// Something still refers to the entry: levels to a chapter, attempts to a level (retire
    /// it instead), levels or attempts to a skill or approach.
    #[error("still in use")]
    InUse,
    /// Some entries of an import are wrong; nothing was written.
    #[error("import rejected")]
    ImportRejected(Vec<PlanEntry>),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

type Result<T> = std::result::Result<T, CatalogueError>;

#[derive(Clone, Debug)]
pub struct CatalogueService<S, C> {
    store: S,
    clock: C,
}

impl<S: CatalogueStore, C: Clock> CatalogueService<S, C> {
    pub const fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// The whole catalogue: chapters and levels by number, skills and approaches by name.
    ///
    /// # Errors
    /// Only the store's.
    pub async fn catalogue(&self) -> Result<Catalogue> {
        Ok(self.store.catalogue().await?)
    }

    /// Adds a chapter (`id` none) or edits one.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound`; `Invalid` naming the fields at fault.
    pub async fn save_chapter(&self, actor: &Actor, id: Option<ChapterId>, draft: ChapterDraft) -> Result<Chapter> {
        super_admin(actor)?;
        let draft = rules::check_chapter(draft)?;
        let at = self.clock.now();
        self.store
            .change_catalogue(move |current| {
                let before = find(&current.chapters, id, |c| c.id)?;
                let chapter = Chapter { id: id.unwrap_or_default(), number: draft.number, title: draft.title };
                if current.chapters.iter().any(|c| c.number == chapter.number && c.id != chapter.id) {
                    return Err(taken("number"));
                }
                let audit = changed(actor, at, "chapter", chapter.id, before, &chapter);
                Ok((Changes { changes: vec![Change::Chapter(chapter.clone())], audit: vec![audit] }, chapter))
            })
            .await
    }

    /// Adds a level (`id` none) or edits, moves, retires or restores one.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound`; `Invalid` naming the fields at fault.
    pub async fn save_level(&self, actor: &Actor, id: Option<LevelId>, draft: LevelDraft) -> Result<Level> {
        super_admin(actor)?;
        let (draft, skills) = rules::check_level(draft)?;
        let at = self.clock.now();
        self.store
            .change_catalogue(move |current| {
                let before = find(&current.levels, id, |l| l.id)?;
                let mut problems = Vec::new();
                if !current.chapters.iter().any(|c| c.id == draft.chapter) {
                    problems.push(ItemProblem::new("chapter_id", kernel::FieldCode::Unknown));
                }
                if skills.iter().any(|s| !current.skills.iter().any(|known| known.id == s.skill)) {
                    problems.push(ItemProblem::new("skills", kernel::FieldCode::Unknown));
                }
                let id = id.unwrap_or_default();
                if current.levels.iter().any(|l| l.chapter == draft.chapter && l.number == draft.number && l.id != id) {
                    problems.push(ItemProblem::new("number", kernel::FieldCode::Taken));
                }
                if !problems.is_empty() {
                    return Err(CatalogueError::Invalid(problems));
                }
                let retired_at = match (draft.retired, before.as_ref().and_then(|l| l.retired_at)) {
                    (true, Some(since)) => Some(since),
                    (true, None) => Some(at),
                    (false, _) => None,
                };
                let level = Level {
                    id,
                    chapter: draft.chapter,
                    number: draft.number,
                    title: draft.title,
                    max_score: draft.max_score,
                    difficulty: draft.difficulty,
                    skills,
                    retired_at,
                };
                let audit = changed(actor, at, "level", level.id, before, &level);
                Ok((Changes { changes: vec![Change::Level(level.clone())], audit: vec![audit] }, level))
            })
            .await
    }

    /// Adds a skill (`id` none) or renames one.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound`; `Invalid` naming the fields at fault.
    pub async fn save_skill(&self, actor: &Actor, id: Option<SkillId>, name: Translated) -> Result<Skill> {
        super_admin(actor)?;
        let name = rules::check_title("name", name)?;
        let at = self.clock.now();
        self.store
            .change_catalogue(move |current| {
                let before = find(&current.skills, id, |s| s.id)?;
                let skill = Skill { id: id.unwrap_or_default(), name };
                if current.skills.iter().any(|s| s.name.same_english(&skill.name) && s.id != skill.id) {
                    return Err(taken("name.en"));
                }
                let audit = changed(actor, at, "skill", skill.id, before, &skill);
                Ok((Changes { changes: vec![Change::Skill(skill.clone())], audit: vec![audit] }, skill))
            })
            .await
    }

    /// Adds an approach (`id` none) or renames one.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound`; `Invalid` naming the fields at fault.
    pub async fn save_approach(&self, actor: &Actor, id: Option<ApproachId>, name: Translated) -> Result<Approach> {
        super_admin(actor)?;
        let name = rules::check_title("name", name)?;
        let at = self.clock.now();
        self.store
            .change_catalogue(move |current| {
                let before = find(&current.approaches, id, |a| a.id)?;
                let approach = Approach { id: id.unwrap_or_default(), name };
                if current.approaches.iter().any(|a| a.name.same_english(&approach.name) && a.id != approach.id) {
                    return Err(taken("name.en"));
                }
                let audit = changed(actor, at, "approach", approach.id, before, &approach);
                Ok((Changes { changes: vec![Change::Approach(approach.clone())], audit: vec![audit] }, approach))
            })
            .await
    }

    /// Deletes an entry nothing refers to; the database tells what still does.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound`; `InUse`.
    pub async fn delete(&self, actor: &Actor, entry: Change) -> Result<()> {
        super_admin(actor)?;
        let at = self.clock.now();
        self.store
            .change_catalogue(move |current| {
                let (kind, id, exists) = match &entry {
                    Change::DeleteChapter(id) => {
                        ("chapter", id.to_string(), current.chapters.iter().any(|c| c.id == *id))
                    }
                    Change::DeleteLevel(id) => ("level", id.to_string(), current.levels.iter().any(|l| l.id == *id)),
                    Change::DeleteSkill(id) => ("skill", id.to_string(), current.skills.iter().any(|s| s.id == *id)),
                    Change::DeleteApproach(id) => {
                        ("approach", id.to_string(), current.approaches.iter().any(|a| a.id == *id))
                    }
                    _ => return Err(CatalogueError::NotFound),
                };
                if !exists {
                    return Err(CatalogueError::NotFound);
                }
                let audit = actor.event(at, AuditAction::CatalogueChanged, kind, id, None, json!({ "deleted": true }));
                Ok((Changes { changes: vec![entry], audit: vec![audit] }, ()))
            })
            .await
    }

    /// What importing `file` would do, entry by entry, against the catalogue as it is now;
    /// with `apply`, does it — all or nothing — unless an entry is wrong.
    ///
    /// # Errors
    /// `Forbidden`; `ImportRejected` with the plan when `apply` meets a wrong entry.
    pub async fn import(&self, actor: &Actor, file: ImportedCatalogue, apply: bool) -> Result<Vec<PlanEntry>> {
        super_admin(actor)?;
        let at = self.clock.now();
        self.store
            .change_catalogue(move |current| {
                let (plan, changes) = import::plan(current, &file, at);
                if !apply {
                    return Ok((Changes::default(), plan));
                }
                if plan.iter().any(|entry| !entry.problems.is_empty()) {
                    return Err(CatalogueError::ImportRejected(plan));
                }
                let counts = import::counts(&plan);
                let audit = actor.event(at, AuditAction::CatalogueImported, "catalogue", "catalogue", None, counts);
                Ok((Changes { changes, audit: vec![audit] }, plan))
            })
            .await
    }
}

fn super_admin(actor: &Actor) -> Result<()> {
    if actor.scope == Scope::All { Ok(()) } else { Err(CatalogueError::Forbidden) }
}

fn taken(field: &str) -> CatalogueError {
    CatalogueError::Invalid(vec![ItemProblem::new(field, kernel::FieldCode::Taken)])
}

/// The entry with this id as it was (`None` for a new one).
fn find<T: Clone, I: PartialEq>(entries: &[T], id: Option<I>, id_of: impl Fn(&T) -> I) -> Result<Option<T>> {
    id.map(|id| entries.iter().find(|e| id_of(e) == id).cloned().ok_or(CatalogueError::NotFound)).transpose()
}

fn changed<T: serde::Serialize>(
    actor: &Actor,
    at: time::OffsetDateTime,
    kind: &'static str,
    id: impl ToString,
    before: Option<T>,
    after: &T,
) -> AuditEvent {
    actor.event(at, AuditAction::CatalogueChanged, kind, id, None, json!({ "before": before, "after": after }))
}

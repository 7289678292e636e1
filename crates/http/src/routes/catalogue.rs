//! The level catalogue: everyone signed in reads it; the super admin edits chapters, levels,
//! skills and approaches, deletes what nothing refers to, retires levels, and exports or
//! imports the whole catalogue as JSON or CSV (a preview first, then all or nothing).

use std::collections::BTreeMap;

use actix_web::{HttpResponse, delete, get, http::header, post, put, web};
use kernel::{ApproachId, ChapterId, LevelId, SkillId};
use scoring::{Change, ChapterDraft, Difficulty, EntryAction, EntryKind, LevelDraft, PlanEntry, Translated};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::{
    catalogue_file::{self, CatalogueFile, saturated},
    list::whole_number,
};
use crate::{
    ApiError, AppState, FieldError, Problem,
    auth::extract::{Acting, PersonOrPlayer},
};

/// An import file's largest size.
const BODY_LIMIT: usize = 4 << 20;

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_catalogue)
        .service(export_catalogue)
        .service(preview_catalogue_import)
        .service(import_catalogue)
        .service(create_chapter)
        .service(update_chapter)
        .service(delete_chapter)
        .service(create_level)
        .service(update_level)
        .service(delete_level)
        .service(create_skill)
        .service(update_skill)
        .service(delete_skill)
        .service(create_approach)
        .service(update_approach)
        .service(delete_approach);
}

/// A text by language code: `en` always, `zh`, `ar`, `it`, `es` and `fr` where translated
/// (screens fall back to English).
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(transparent)]
pub struct TitleDto(BTreeMap<String, String>);

impl utoipa::PartialSchema for TitleDto {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
        let mut title = utoipa::openapi::ObjectBuilder::new()
            .description(Some("A text by language code: `en` always, the others where translated."))
            .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::FreeForm(false)))
            .required("en");
        for locale in kernel::LOCALES {
            let mut text = super::dto::text_schema(scoring::catalogue::MAX_TITLE_CHARS);
            if locale != "en" {
                // A blank translation is dropped: the screens fall back to English.
                text.min_length = None;
                text.pattern = Some(r"^[\t\n\x0b\x0c\r ]*[^\x00-\x1f\x7f-\x9f]*[\t\n\x0b\x0c\r ]*$".to_owned());
            }
            title = title.property(locale, text);
        }
        title.into()
    }
}

impl utoipa::ToSchema for TitleDto {}

impl From<&Translated> for TitleDto {
    fn from(t: &Translated) -> Self {
        Self(t.iter().map(|(l, s)| (l.to_owned(), s.to_owned())).collect())
    }
}

impl From<TitleDto> for Translated {
    fn from(t: TitleDto) -> Self {
        Self::new(t.0)
    }
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LevelDifficulty {
    Easy,
    Medium,
    Hard,
}

impl From<LevelDifficulty> for Difficulty {
    fn from(d: LevelDifficulty) -> Self {
        match d {
            LevelDifficulty::Easy => Self::Easy,
            LevelDifficulty::Medium => Self::Medium,
            LevelDifficulty::Hard => Self::Hard,
        }
    }
}

impl From<Difficulty> for LevelDifficulty {
    fn from(d: Difficulty) -> Self {
        match d {
            Difficulty::Easy => Self::Easy,
            Difficulty::Medium => Self::Medium,
            Difficulty::Hard => Self::Hard,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Chapter {
    id: Uuid,
    number: u32,
    title: TitleDto,
}

impl From<scoring::Chapter> for Chapter {
    fn from(c: scoring::Chapter) -> Self {
        Self { id: c.id.as_uuid(), number: c.number, title: (&c.title).into() }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Level {
    id: Uuid,
    chapter_id: Uuid,
    number: u32,
    title: TitleDto,
    max_score: u32,
    difficulty: LevelDifficulty,
    skill_ids: Vec<Uuid>,
    /// The most points each skill it trains can earn here, by skill id: a skill's percent is
    /// its points over these maxima.
    skill_max_points: BTreeMap<Uuid, u32>,
    /// Since when the level takes no new attempts; `null` while it is in play.
    #[serde(with = "time::serde::rfc3339::option")]
    retired_at: Option<OffsetDateTime>,
}

impl From<scoring::Level> for Level {
    fn from(l: scoring::Level) -> Self {
        Self {
            id: l.id.as_uuid(),
            chapter_id: l.chapter.as_uuid(),
            number: l.number,
            title: (&l.title).into(),
            max_score: l.max_score,
            difficulty: l.difficulty.into(),
            skill_ids: l.skills.iter().map(|s| s.skill.as_uuid()).collect(),
            skill_max_points: l.skills.iter().map(|s| (s.skill.as_uuid(), s.max_points)).collect(),
            retired_at: l.retired_at,
        }
    }
}

/// A skill or an approach.
#[derive(Serialize, ToSchema)]
pub struct Named {
    id: Uuid,
    name: TitleDto,
}

/// The whole catalogue: chapters and levels by number, skills and approaches by English name.
#[derive(Serialize, ToSchema)]
pub struct Catalogue {
    chapters: Vec<Chapter>,
    levels: Vec<Level>,
    skills: Vec<Named>,
    approaches: Vec<Named>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChapterInput {
    /// From 1 to 999, once in the catalogue.
    #[schema(minimum = 1, maximum = 999)]
    #[serde(deserialize_with = "whole_number::int")]
    number: i64,
    title: TitleDto,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LevelInput {
    chapter_id: Uuid,
    /// From 1 to 999, once in its chapter.
    #[schema(minimum = 1, maximum = 999)]
    #[serde(deserialize_with = "whole_number::int")]
    number: i64,
    title: TitleDto,
    #[schema(minimum = 1, maximum = 1_000_000)]
    #[serde(deserialize_with = "whole_number::int")]
    max_score: i64,
    difficulty: LevelDifficulty,
    /// The skills it trains: 1 to 20.
    skill_ids: Vec<Uuid>,
    /// The most points a skill of `skill_ids` can earn here (1 to `max_score`), by skill id; a
    /// skill left out takes an even share of `max_score`.
    #[serde(default, deserialize_with = "whole_number::map")]
    #[schema(value_type = BTreeMap<Uuid, u32>)]
    skill_max_points: BTreeMap<Uuid, i64>,
    /// A retired level takes no new attempts; its history stays in the reports.
    #[serde(default)]
    retired: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NamedInput {
    /// Its English name is unique in its list.
    name: TitleDto,
}

#[derive(Clone, Copy, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FileFormat {
    Json,
    Csv,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `json` (the default) or `csv`.
    #[param(inline)]
    format: Option<FileFormat>,
}

#[derive(Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImportKind {
    /// A CSV row whose `type` is none of the others.
    Unknown,
    Skill,
    Approach,
    Chapter,
    Level,
}

#[derive(Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImportAction {
    Create,
    Update,
    Unchanged,
}

/// What importing one entry of the file does, or why it cannot.
#[derive(Serialize, ToSchema)]
pub struct ImportEntry {
    /// The CSV line, or the entry's position in a JSON file (from 1).
    line: usize,
    kind: ImportKind,
    /// `3` for chapter 3, `3.2` for its level 2, a skill's or approach's English name.
    key: String,
    /// The English title or name.
    title: String,
    action: ImportAction,
    /// Empty when the entry can be imported.
    problems: Vec<FieldError>,
}

impl From<PlanEntry> for ImportEntry {
    fn from(e: PlanEntry) -> Self {
        Self {
            line: e.line,
            kind: match e.kind {
                EntryKind::Unknown => ImportKind::Unknown,
                EntryKind::Skill => ImportKind::Skill,
                EntryKind::Approach => ImportKind::Approach,
                EntryKind::Chapter => ImportKind::Chapter,
                EntryKind::Level => ImportKind::Level,
            },
            key: e.key,
            title: e.title,
            action: match e.action {
                EntryAction::Create => ImportAction::Create,
                EntryAction::Update => ImportAction::Update,
                EntryAction::Unchanged => ImportAction::Unchanged,
            },
            problems: e.problems.into_iter().map(|p| FieldError::new(&p.field, p.code)).collect(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ImportPlan {
    entries: Vec<ImportEntry>,
    created: usize,
    updated: usize,
    unchanged: usize,
    /// Entries with a problem; the import takes the file only when there are none.
    invalid: usize,
}

impl From<Vec<PlanEntry>> for ImportPlan {
    fn from(plan: Vec<PlanEntry>) -> Self {
        let count = |action| plan.iter().filter(|e| e.problems.is_empty() && e.action == action).count();
        let (created, updated, unchanged) =
            (count(EntryAction::Create), count(EntryAction::Update), count(EntryAction::Unchanged));
        let invalid = plan.iter().filter(|e| !e.problems.is_empty()).count();
        Self { entries: plan.into_iter().map(ImportEntry::from).collect(), created, updated, unchanged, invalid }
    }
}

/// The whole catalogue, with every title in every language it has (anyone signed in, and a
/// trainee's game with the `play` scope).
#[utoipa::path(
    operation_id = "getCatalogue", tag = "catalogue", security(("bearer" = []), ("game_token" = ["play"])),
    responses(
        (status = OK, description = "The catalogue", body = Catalogue),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/catalogue")]
async fn get_catalogue(state: web::Data<AppState>, _: PersonOrPlayer) -> Result<web::Json<Catalogue>, ApiError> {
    let c = state.catalogue.catalogue().await?;
    let named = |id: Uuid, name: &Translated| Named { id, name: name.into() };
    Ok(web::Json(Catalogue {
        skills: c.skills.iter().map(|s| named(s.id.as_uuid(), &s.name)).collect(),
        approaches: c.approaches.iter().map(|a| named(a.id.as_uuid(), &a.name)).collect(),
        chapters: c.chapters.into_iter().map(Chapter::from).collect(),
        levels: c.levels.into_iter().map(Level::from).collect(),
    }))
}

/// The whole catalogue as a file to keep or to import elsewhere (super admin): JSON, or CSV
/// with a `type` column (`skill`, `approach`, `chapter`, `level`) and one column per language.
#[utoipa::path(
    operation_id = "exportCatalogue", tag = "catalogue", security(("bearer" = [])),
    params(ExportQuery),
    responses(
        (status = OK, description = "The file, as an attachment", content(
            (CatalogueFile = "application/json"),
            (String = "text/csv"),
        )),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/catalogue/export")]
async fn export_catalogue(
    state: web::Data<AppState>,
    who: Acting,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, ApiError> {
    if who.actor.scope != kernel::Scope::All {
        return Err(scoring::CatalogueError::Forbidden.into());
    }
    let catalogue = state.catalogue.catalogue().await?;
    let (body, content_type, name) = match query.format.unwrap_or(FileFormat::Json) {
        FileFormat::Json => (
            serde_json::to_vec_pretty(&catalogue_file::to_json(&catalogue)).map_err(ApiError::internal)?,
            "application/json",
            "catalogue.json",
        ),
        FileFormat::Csv => (
            catalogue_file::to_csv(&catalogue).map_err(ApiError::internal)?,
            "text/csv; charset=utf-8",
            "catalogue.csv",
        ),
    };
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")))
        .body(body))
}

/// Reads an uploaded catalogue file (the request body, JSON or CSV as the export writes
/// them, at most 4 MiB and 5,000 entries) and says what importing it would do, entry by
/// entry; writes nothing.
#[utoipa::path(
    operation_id = "previewCatalogueImport", tag = "catalogue", security(("bearer" = [])),
    request_body(content = CatalogueFile, content_type = "application/json", description = "Or the CSV file as `text/csv`"),
    responses(
        (status = OK, description = "Each entry's verdict", body = ImportPlan),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
        (status = PAYLOAD_TOO_LARGE, description = "`PAYLOAD_TOO_LARGE`: over 4 MiB", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED` on `file`: `FILE_UNREADABLE`, `COLUMN_MISSING`, `TOO_MANY_ROWS`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/catalogue/import/preview")]
async fn preview_catalogue_import(
    state: web::Data<AppState>,
    who: Acting,
    body: web::Payload,
) -> Result<web::Json<ImportPlan>, ApiError> {
    let file = read_file(body).await?;
    Ok(web::Json(state.catalogue.import(&who.actor, file, false).await?.into()))
}

/// Imports an uploaded catalogue file, all or nothing: entries are matched by chapter number,
/// chapter and level number, or English name, and created or updated; entries the file
/// leaves out stay as they are.
#[utoipa::path(
    operation_id = "importCatalogue", tag = "catalogue", security(("bearer" = [])),
    request_body(content = CatalogueFile, content_type = "application/json", description = "Or the CSV file as `text/csv`"),
    responses(
        (status = OK, description = "What was done, entry by entry", body = ImportPlan),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
        (status = PAYLOAD_TOO_LARGE, description = "`PAYLOAD_TOO_LARGE`: over 4 MiB", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED` on `file` as for the preview; `IMPORT_REJECTED`: nothing was written, the entries' problems are in `errors` as `entries.<line>.<field>`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/catalogue/import")]
async fn import_catalogue(
    state: web::Data<AppState>,
    who: Acting,
    body: web::Payload,
) -> Result<web::Json<ImportPlan>, ApiError> {
    let file = read_file(body).await?;
    Ok(web::Json(state.catalogue.import(&who.actor, file, true).await?.into()))
}

async fn read_file(body: web::Payload) -> Result<scoring::ImportedCatalogue, ApiError> {
    let bytes = super::body::limited(body, BODY_LIMIT).await?;
    let file = catalogue_file::read(&bytes)
        .map_err(|e| ApiError::invalid(vec![FieldError::new("file", e.code)]).with_detail(e.detail))?;
    if file.len() > scoring::catalogue::MAX_IMPORT_ENTRIES {
        return Err(ApiError::invalid(vec![FieldError::new("file", kernel::FieldCode::TooManyRows)]));
    }
    Ok(file)
}

fn chapter_draft(input: ChapterInput) -> ChapterDraft {
    ChapterDraft { number: saturated(input.number), title: input.title.into() }
}

fn level_draft(mut input: LevelInput) -> Result<LevelDraft, ApiError> {
    let skills = input
        .skill_ids
        .iter()
        .map(|id| (SkillId::from(*id), input.skill_max_points.remove(id).map(saturated)))
        .collect();
    if let Some(untrained) = input.skill_max_points.keys().next() {
        let field = format!("skill_max_points.{untrained}");
        return Err(ApiError::invalid(vec![FieldError::new(&field, kernel::FieldCode::NotTrained)]));
    }
    Ok(LevelDraft {
        chapter: input.chapter_id.into(),
        number: saturated(input.number),
        title: input.title.into(),
        max_score: saturated(input.max_score),
        difficulty: input.difficulty.into(),
        skills,
        retired: input.retired,
    })
}

/// Declares a catalogue entry's create, update and delete operations, which differ only in
/// their types and the service call.
macro_rules! entry_routes {
    (
        $path:literal, $item:literal, $tag:literal,
        docs: [$create_doc:literal, $update_doc:literal, $delete_doc:literal],
        create: $create:ident = $create_op:literal,
        update: $update:ident = $update_op:literal,
        delete: $delete:ident = $delete_op:literal,
        input: $input:ty, answer: $answer:ty, id: $id:ty,
        save: |$state:ident, $actor:ident, $id_arg:ident, $in:ident| $save:expr,
        remove: |$rid:ident| $remove:expr,
        in_use: $in_use:literal $(,)?
    ) => {
        #[doc = $create_doc]
        #[utoipa::path(
            operation_id = $create_op, tag = $tag, security(("bearer" = [])),
            request_body = $input,
            responses(
                (status = CREATED, description = "Created", body = $answer),
                (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
                (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `TOO_LONG`, `CONTROL_CHARACTER`, `UNKNOWN_LANGUAGE`, `OUT_OF_RANGE`, `UNKNOWN`, `TAKEN`", body = Problem, content_type = "application/problem+json"),
            ),
        )]
        #[post($path)]
        async fn $create(
            $state: web::Data<AppState>,
            who: Acting,
            input: web::Json<$input>,
        ) -> Result<HttpResponse, ApiError> {
            let ($actor, $id_arg, $in) = (&who.actor, None, input.into_inner());
            Ok(HttpResponse::Created().json(<$answer>::from($save)))
        }

        #[doc = $update_doc]
        #[utoipa::path(
            operation_id = $update_op, tag = $tag, security(("bearer" = [])),
            params(("id" = Uuid, Path)),
            request_body = $input,
            responses(
                (status = OK, description = "The record", body = $answer),
                (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
                (status = NOT_FOUND, description = "`NOT_FOUND`", body = Problem, content_type = "application/problem+json"),
                (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: see `errors`", body = Problem, content_type = "application/problem+json"),
            ),
        )]
        #[put($item)]
        async fn $update(
            $state: web::Data<AppState>,
            who: Acting,
            id: web::Path<Uuid>,
            input: web::Json<$input>,
        ) -> Result<web::Json<$answer>, ApiError> {
            let ($actor, $id_arg, $in) = (&who.actor, Some(<$id>::from(id.into_inner())), input.into_inner());
            Ok(web::Json(<$answer>::from($save)))
        }

        #[doc = $delete_doc]
        #[utoipa::path(
            operation_id = $delete_op, tag = $tag, security(("bearer" = [])),
            params(("id" = Uuid, Path)),
            responses(
                (status = NO_CONTENT, description = "Deleted"),
                (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
                (status = NOT_FOUND, description = "`NOT_FOUND`", body = Problem, content_type = "application/problem+json"),
                (status = CONFLICT, description = $in_use, body = Problem, content_type = "application/problem+json"),
            ),
        )]
        #[delete($item)]
        async fn $delete(state: web::Data<AppState>, who: Acting, id: web::Path<Uuid>) -> Result<HttpResponse, ApiError> {
            let $rid = <$id>::from(id.into_inner());
            state.catalogue.delete(&who.actor, $remove).await?;
            Ok(HttpResponse::NoContent().finish())
        }
    };
}

entry_routes! {
    "/chapters", "/chapters/{id}", "catalogue",
    docs: ["Adds a chapter (super admin).", "Edits a chapter (super admin).", "Deletes a chapter without levels (super admin)."],
    create: create_chapter = "createChapter",
    update: update_chapter = "updateChapter",
    delete: delete_chapter = "deleteChapter",
    input: ChapterInput, answer: Chapter, id: ChapterId,
    save: |state, actor, id, input| state.catalogue.save_chapter(actor, id, chapter_draft(input)).await?,
    remove: |id| Change::DeleteChapter(id),
    in_use: "`IN_USE`: the chapter has levels",
}

entry_routes! {
    "/levels", "/levels/{id}", "catalogue",
    docs: ["Adds a level (super admin).", "Edits, moves, retires or restores a level (super admin).", "Deletes a level without attempts (super admin)."],
    create: create_level = "createLevel",
    update: update_level = "updateLevel",
    delete: delete_level = "deleteLevel",
    input: LevelInput, answer: Level, id: LevelId,
    save: |state, actor, id, input| state.catalogue.save_level(actor, id, level_draft(input)?).await?,
    remove: |id| Change::DeleteLevel(id),
    in_use: "`IN_USE`: the level has attempts; retire it instead",
}

entry_routes! {
    "/skills", "/skills/{id}", "catalogue",
    docs: ["Adds a skill (super admin).", "Renames a skill (super admin).", "Deletes a skill that no level trains (super admin)."],
    create: create_skill = "createSkill",
    update: update_skill = "updateSkill",
    delete: delete_skill = "deleteSkill",
    input: NamedInput, answer: Named, id: SkillId,
    save: |state, actor, id, input| {
        let s = state.catalogue.save_skill(actor, id, input.name.into()).await?;
        Named { id: s.id.as_uuid(), name: (&s.name).into() }
    },
    remove: |id| Change::DeleteSkill(id),
    in_use: "`IN_USE`: levels train it or attempts scored it",
}

entry_routes! {
    "/approaches", "/approaches/{id}", "catalogue",
    docs: ["Adds an approach (super admin).", "Renames an approach (super admin).", "Deletes an approach no attempt was played with (super admin)."],
    create: create_approach = "createApproach",
    update: update_approach = "updateApproach",
    delete: delete_approach = "deleteApproach",
    input: NamedInput, answer: Named, id: ApproachId,
    save: |state, actor, id, input| {
        let a = state.catalogue.save_approach(actor, id, input.name.into()).await?;
        Named { id: a.id.as_uuid(), name: (&a.name).into() }
    },
    remove: |id| Change::DeleteApproach(id),
    in_use: "`IN_USE`: attempts were played with it",
}

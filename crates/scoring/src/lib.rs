//! Scoring: the level catalogue the game is built from, the API clients that report and read
//! scores, the attempts the game reports, and the reports that read them.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod attempt;
pub mod catalogue;
pub mod clients;
pub mod ingest;
pub mod judge;
pub mod model;
pub mod ports;
pub mod reports;

pub use attempt::{Attempt, AttemptReport, StoredStatement, XapiStatement};
pub use catalogue::{
    Approach, Catalogue, CatalogueError, CatalogueService, Change, Changes, Chapter, ChapterDraft, EntryAction,
    EntryKind, ImportedCatalogue, ImportedChapter, ImportedLevel, ImportedName, ImportedSkill, Level, LevelDraft,
    LevelSkill, PlanEntry, Skill, Translated,
};
pub use clients::{
    ApiClient, ApiClientDraft, ApiClients, CallingClient, ClientAuthError, ClientError, ClientKind, ClientScope,
    IssuedSecret,
};
pub use ingest::{IngestError, Ingestion, Item, MAX_BATCH, Mode, Outcome, ensure_game};
pub use judge::{Facts, ItemProblem, LevelFacts, Placement, SeatFacts, TraineeFacts, judge};
pub use model::{Difficulty, percent};
pub use ports::{
    AttemptLine, AttemptStore, CatalogueStore, CellQuery, ClientStore, ClientUse, Recorded, ReportStore,
    SaveClientError, Split,
};

//! Game apps: the games the super admin registers so they can sign trainees in through the
//! portal. A game app is a public OAuth client — a name, a client id, the redirect URIs it
//! may come back to and the scopes it may ask for — and has no secret, since a game on a
//! trainee's device cannot keep one (RFC 8252 §8.4).

use std::future::Future;

use kernel::{Actor, ApiClientId, AuditAction, AuditEvent, Clock, FieldCode, GameAppId, Scope, secret};
use serde::Serialize;
use serde_json::json;
use time::OffsetDateTime;

use crate::oauth::RedirectUri;

pub use kernel::FieldProblem;

const MAX_NAME_CHARS: usize = 120;
const MAX_REDIRECT_URIS: usize = 10;

/// What a game app may ask a trainee to grant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameScope {
    /// The licence check, the catalogue, and the trainee's own attempts.
    Play,
    /// The trainee's own reports.
    Reports,
}

impl GameScope {
    pub const ALL: [Self; 2] = [Self::Play, Self::Reports];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Play => "play",
            Self::Reports => "reports",
        }
    }

    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == name)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameApp {
    pub id: GameAppId,
    pub name: String,
    /// Public: the game sends it with every request.
    pub client_id: String,
    #[serde(serialize_with = "uris")]
    pub redirect_uris: Vec<RedirectUri>,
    pub scopes: Vec<GameScope>,
    /// The game's API client (kind `game`) its trainees' attempts are recorded under, so an
    /// attempt sent by the device and again by the game's server is one attempt. `None` only
    /// for apps registered before apps named one: they post no attempts until they do.
    pub api_client: Option<ApiClientId>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    pub disabled_at: Option<OffsetDateTime>,
}

fn uris<S: serde::Serializer>(uris: &[RedirectUri], s: S) -> std::result::Result<S::Ok, S::Error> {
    s.collect_seq(uris.iter().map(RedirectUri::as_str))
}

/// A game app as the super admin describes it.
#[derive(Clone, Debug)]
pub struct GameAppDraft {
    pub name: String,
    pub redirect_uris: Vec<String>,
    pub scopes: Vec<String>,
    pub api_client: Option<ApiClientId>,
    /// A disabled app signs nobody in.
    pub disabled: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum GameAppError {
    #[error("forbidden")]
    Forbidden,
    #[error("not found")]
    NotFound,
    #[error("invalid game app")]
    Invalid(Vec<FieldProblem>),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

pub trait GameAppStore: Clone + Send + Sync + 'static {
    /// Every game app, newest first.
    fn game_apps(&self) -> impl Future<Output = anyhow::Result<Vec<GameApp>>> + Send;

    fn game_app(&self, id: GameAppId) -> impl Future<Output = anyhow::Result<Option<GameApp>>> + Send;

    /// Inserts or updates the app (by id) and writes the audit line, in one transaction;
    /// `false` (and nothing written) when its API client is not a live `game` client.
    fn save_game_app(&self, app: &GameApp, audit: AuditEvent) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

type Result<T> = std::result::Result<T, GameAppError>;

#[derive(Clone, Debug)]
pub struct GameApps<S, C> {
    store: S,
    clock: C,
}

impl<S: GameAppStore, C: Clock> GameApps<S, C> {
    pub const fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// # Errors
    /// `Forbidden` for anyone but the super admin.
    pub async fn list(&self, actor: &Actor) -> Result<Vec<GameApp>> {
        super_admin(actor)?;
        Ok(self.store.game_apps().await?)
    }

    /// Registers a game app (`id` none) with a new client id, or changes one.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound`; `Invalid` naming the fields at fault.
    pub async fn save(&self, actor: &Actor, id: Option<GameAppId>, draft: GameAppDraft) -> Result<GameApp> {
        super_admin(actor)?;
        let (name, redirect_uris, scopes, api_client) = check(&draft)?;
        let now = self.clock.now();
        let before = match id {
            Some(id) => Some(self.store.game_app(id).await?.ok_or(GameAppError::NotFound)?),
            None => None,
        };
        let app = GameApp {
            id: id.unwrap_or_default(),
            name,
            client_id: before.as_ref().map_or_else(|| format!("game_{}", secret::new_token()), |b| b.client_id.clone()),
            redirect_uris,
            scopes,
            api_client: Some(api_client),
            created_at: before.as_ref().map_or(now, |b| b.created_at),
            disabled_at: draft.disabled.then(|| before.as_ref().and_then(|b| b.disabled_at).unwrap_or(now)),
        };
        let action = if before.is_some() { AuditAction::GameAppUpdated } else { AuditAction::GameAppCreated };
        let audit = actor.event(now, action, "game_app", app.id, None, json!({ "before": before, "after": app }));
        if self.store.save_game_app(&app, audit).await? {
            Ok(app)
        } else {
            Err(GameAppError::Invalid(vec![FieldProblem::new("api_client_id", FieldCode::Unknown)]))
        }
    }
}

fn super_admin(actor: &Actor) -> Result<()> {
    if actor.scope == Scope::All { Ok(()) } else { Err(GameAppError::Forbidden) }
}

fn check(draft: &GameAppDraft) -> Result<(String, Vec<RedirectUri>, Vec<GameScope>, ApiClientId)> {
    let mut problems = Vec::new();
    let name = draft.name.trim().to_owned();
    problems.extend(kernel::text_problem(&name, MAX_NAME_CHARS).map(|code| FieldProblem::new("name", code)));
    let mut redirect_uris: Vec<RedirectUri> = Vec::new();
    for (index, raw) in draft.redirect_uris.iter().enumerate() {
        match RedirectUri::parse(raw) {
            Ok(uri) if redirect_uris.contains(&uri) => {
                problems.push(FieldProblem::new(format!("redirect_uris.{index}"), FieldCode::Duplicate));
            }
            Ok(uri) => redirect_uris.push(uri),
            Err(_) => problems.push(FieldProblem::new(format!("redirect_uris.{index}"), FieldCode::RedirectUri)),
        }
    }
    if draft.redirect_uris.is_empty() {
        problems.push(FieldProblem::new("redirect_uris", FieldCode::Required));
    } else if draft.redirect_uris.len() > MAX_REDIRECT_URIS {
        problems.push(FieldProblem::new("redirect_uris", FieldCode::OutOfRange));
    }
    let mut scopes = Vec::new();
    for name in &draft.scopes {
        match GameScope::parse(name) {
            Some(scope) => scopes.push(scope),
            None => problems.push(FieldProblem::new("scopes", FieldCode::Unknown)),
        }
    }
    scopes.sort_unstable();
    scopes.dedup();
    if draft.scopes.is_empty() {
        problems.push(FieldProblem::new("scopes", FieldCode::Required));
    }
    if draft.api_client.is_none() {
        problems.push(FieldProblem::new("api_client_id", FieldCode::Required));
    }
    match draft.api_client {
        Some(api_client) if problems.is_empty() => Ok((name, redirect_uris, scopes, api_client)),
        _ => Err(GameAppError::Invalid(problems)),
    }
}

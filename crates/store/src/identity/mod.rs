//! Identity's ports on the database.

mod appearance;
mod audit;
mod directory;
mod eula;
mod game_apps;
mod grants;
mod mail_queue;
mod policies;
mod profile;
mod sessions;
mod settings;
mod sign_ups;
mod table_views;
mod throttle;
mod tokens;
mod users;

/// Wraps a database error with what was being done, for the log's cause chain.
fn failed(doing: &'static str) -> impl FnOnce(sea_orm::DbErr) -> anyhow::Error {
    move |e| anyhow::Error::new(e).context(doing)
}

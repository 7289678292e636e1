//! Playtrack's database migrations: one file per change, named `mYYYYMMDD_NNNNNN_verb_noun`,
//! never edited once landed. They run on SQLite and PostgreSQL alike.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub use sea_orm_migration::prelude::*;

mod helpers;
mod m20261122_000001_create_identity_and_companies;
mod m20261122_000002_create_level_catalogue_and_attempts;
mod m20261122_000003_add_sign_in_state;
mod m20261122_000004_create_mail_outbox;
mod m20261122_000005_create_licence_seats;
mod m20261125_000006_limit_live_seats_per_trainee;
mod m20261125_000007_rebuild_api_clients_and_attempts;
mod m20261125_000009_create_xapi_statements;
mod m20261126_000010_create_game_apps;
mod m20261126_000011_create_game_sign_in;
mod m20261126_000012_create_level_results;
mod m20261127_000013_create_sso_connections;
mod m20261127_000014_create_sso_sign_ins;
mod m20261127_000015_create_enrolment_keys;
mod m20261127_000016_create_user_appearances;
mod m20261127_000017_create_user_photos;
mod m20261127_000018_create_user_table_views;
mod m20261128_000019_add_skill_maxima;
mod m20261128_000020_keep_attempt_times_in_utc;
mod m20261129_000021_create_fold_queue;
mod m20261129_000022_roll_up_picks_side_by_side;

/// Folds every attempt into empty report tables by the rules ingestion keeps them: what
/// tests and benchmarks do to attempts they write directly (with their skills' maxima).
#[must_use]
pub fn fold_attempts_into_results() -> Vec<String> {
    let mut statements = m20261126_000012_create_level_results::result_statements();
    statements.extend(m20261128_000019_add_skill_maxima::skill_statements());
    statements.extend(m20261129_000022_roll_up_picks_side_by_side::rollup_statements());
    statements.push(m20261126_000012_create_level_results::company_results_statement().to_owned());
    statements
}

#[derive(Debug)]
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_create_identity_and_companies::Migration),
            Box::new(m20261122_000002_create_level_catalogue_and_attempts::Migration),
            Box::new(m20261122_000003_add_sign_in_state::Migration),
            Box::new(m20261122_000004_create_mail_outbox::Migration),
            Box::new(m20261122_000005_create_licence_seats::Migration),
            Box::new(m20261125_000006_limit_live_seats_per_trainee::Migration),
            Box::new(m20261125_000007_rebuild_api_clients_and_attempts::Migration),
            Box::new(m20261125_000009_create_xapi_statements::Migration),
            Box::new(m20261126_000010_create_game_apps::Migration),
            Box::new(m20261126_000011_create_game_sign_in::Migration),
            Box::new(m20261126_000012_create_level_results::Migration),
            Box::new(m20261127_000013_create_sso_connections::Migration),
            Box::new(m20261127_000014_create_sso_sign_ins::Migration),
            Box::new(m20261127_000015_create_enrolment_keys::Migration),
            Box::new(m20261127_000016_create_user_appearances::Migration),
            Box::new(m20261127_000017_create_user_photos::Migration),
            Box::new(m20261127_000018_create_user_table_views::Migration),
            Box::new(m20261128_000019_add_skill_maxima::Migration),
            Box::new(m20261128_000020_keep_attempt_times_in_utc::Migration),
            Box::new(m20261129_000021_create_fold_queue::Migration),
            Box::new(m20261129_000022_roll_up_picks_side_by_side::Migration),
        ]
    }
}

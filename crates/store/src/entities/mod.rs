//! sea-orm entities, one per table; the migrations are the source of truth for the schema.

pub mod api_clients;
pub mod approaches;
pub mod attempt_skill_points;
pub mod attempts;
pub mod audit_events;
pub mod batch_members;
pub mod batches;
pub mod chapters;
pub mod companies;
pub mod countries;
pub mod eula_acceptances;
pub mod eula_texts;
pub mod eula_versions;
pub mod industries;
pub mod level_skills;
pub mod levels;
pub mod licence_allocations;
pub mod mail_outbox;
pub mod one_time_tokens;
pub mod password_policies;
pub mod seats;
pub mod server_settings;
pub mod sessions;
pub mod skills;
pub mod throttle_hits;
pub mod users;

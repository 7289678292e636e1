//! HTTP integration tests: the real application on a random port, against SQLite and against
//! a fresh PostgreSQL database per test.

mod architecture;
mod audit;
mod catalogue;
mod cli;
mod demo;
mod game;
mod game_apps;
mod game_sign_in;
mod health;
mod helpers;
mod ingest_crash;
mod licences;
mod lockout;
mod logs;
mod outbox;
mod passwords;
mod people;
mod preferences;
mod profile;
mod reports;
mod request_limits;
mod seats;
mod sessions;
mod sessions_cookie;
mod setup;
mod sign_in;
mod sign_up;
mod skill_maxima;
mod spec;
mod sso;
mod sso_sign_in;
mod store;
mod uploads;
mod web_ui;
mod xapi;

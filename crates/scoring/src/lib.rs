//! Scoring: the level catalogue the game is built from, the attempts it reports, and the
//! reports that read them.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod model;
pub mod ports;

pub use model::{Approach, Attempt, Chapter, Difficulty, Level, Skill, percent};
pub use ports::{AttemptRepository, RecordAttemptError};

//! Scoring's ports on the database.

mod attempts;
mod catalogue;
mod clients;
mod fold;
mod reports;
mod results;
mod rollups;

//! Score reports: which attempts count (kept per trainee and level at ingest), what a report
//! asks, and the table it answers.

mod context;
mod dashboard;
mod insight;
mod labels;
mod query;
mod results;
pub mod rollups;
mod service;
mod table;

pub use context::{Context, Fact, FactValue};
pub use dashboard::{
    BEHIND_BY, Behind, Dashboard, Member, NUDGES_SHOWN, NextLevel, Nudge, Summary, TREND_WEEKS, Trend, Week, WeekScore,
};
pub use insight::{Insight, PERIOD_DAYS, Period, QUIET_DAYS, Standing};
pub use labels::header;
pub use query::{Filter, Group, Measure, Pick, Reader, ReportQuery, View};
pub use results::{Earned, LevelResult, Played, SkillResult};
pub use service::{Export, Exporter, Reports};
pub use table::{
    Cell, Column, Row, Table, Unit, Value, assemble, by_chapter, columns, group_key, levels_in_order, measured,
};

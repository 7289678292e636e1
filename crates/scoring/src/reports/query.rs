//! What a report asks: the view, how scores are shown, which attempt counts, what its rows
//! are, and the filters; and who reads it.

use kernel::{BatchId, ChapterId, CompanyId, LevelId, Scope, UserId};
use time::Date;

/// Which of a trainee's attempts at a level counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pick {
    #[default]
    Best,
    Latest,
    First,
    /// Every attempt, averaged per trainee and level.
    Average,
}

impl Pick {
    pub const ALL: [Self; 4] = [Self::Best, Self::Latest, Self::First, Self::Average];

    /// Where this pick is in [`Self::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Self::Best => 0,
            Self::Latest => 1,
            Self::First => 2,
            Self::Average => 3,
        }
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Best => "best",
            Self::Latest => "latest",
            Self::First => "first",
            Self::Average => "average",
        }
    }
}

/// Percent of the maximum, or points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Measure {
    #[default]
    Percent,
    Absolute,
}

/// The seed's report views; each but `Attempts` is rows × columns of scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// `score`: levels played, attempts, score, best, last played.
    #[default]
    Overview,
    /// `score/skill`: a column per skill.
    Skill,
    /// `score/difficulty`: a column per difficulty.
    Difficulty,
    /// `score/lor`: a column per level.
    Level,
    /// `score/approach`: a column per approach.
    Approach,
    /// `chapterwise`: a column per chapter.
    Chapter,
    /// `userdetails`: the attempts themselves, newest first.
    Attempts,
}

impl View {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Overview => "overview",
            Self::Skill => "skill",
            Self::Difficulty => "difficulty",
            Self::Level => "level",
            Self::Approach => "approach",
            Self::Chapter => "chapter",
            Self::Attempts => "attempts",
        }
    }
}

/// What a row is. Drilling down goes company → batch → trainee → the trainee's attempts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    Company,
    Batch,
    Trainee,
    /// `viewlevel`: a row per level.
    Level,
    /// One row: everything the reader sees (dashboards' averages).
    All,
}

/// Who reads: what they may see, whatever the filters ask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reader {
    All,
    Companies(Vec<CompanyId>),
    Trainee(UserId),
}

impl Reader {
    #[must_use]
    pub fn of(scope: Scope) -> Self {
        match scope {
            Scope::All => Self::All,
            Scope::Company(company) => Self::Companies(vec![company]),
            Scope::User { user, .. } => Self::Trainee(user),
        }
    }
}

/// The filters every view takes. Dates are days in UTC, both included.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub company: Option<CompanyId>,
    pub batch: Option<BatchId>,
    pub user: Option<UserId>,
    pub chapter: Option<ChapterId>,
    pub level: Option<LevelId>,
    pub from: Option<Date>,
    pub to: Option<Date>,
    pub pick: Pick,
}

/// A whole report request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportQuery {
    pub view: View,
    pub measure: Measure,
    /// `None`: the natural rows for the reader and filters ([`ReportQuery::rows`]).
    pub group: Option<Group>,
    pub filter: Filter,
}

impl ReportQuery {
    /// The rows the report has: as asked, or one level below the narrowest filter — levels of
    /// one trainee, trainees of a batch or company, companies for a reader who sees several.
    #[must_use]
    pub fn rows(&self, reader: &Reader) -> Group {
        if let Some(group) = self.group {
            return group;
        }
        let several_companies = match reader {
            Reader::All => true,
            Reader::Companies(companies) => companies.len() > 1,
            Reader::Trainee(_) => false,
        };
        if self.filter.user.is_some() || matches!(reader, Reader::Trainee(_)) {
            Group::Level
        } else if self.filter.batch.is_some() || self.filter.company.is_some() || !several_companies {
            Group::Trainee
        } else {
            Group::Company
        }
    }
}

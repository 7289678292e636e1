//! The catalogue's entries, titled in every language the portal speaks.

use std::collections::BTreeMap;

use kernel::{ApproachId, ChapterId, LevelId, SkillId};
use serde::Serialize;
use time::OffsetDateTime;

use crate::Difficulty;

/// A title in the portal's languages: English always, the others where translated (a screen
/// in a language without its own falls back to English).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Translated(BTreeMap<String, String>);

impl Translated {
    /// A title from language → text pairs, as given: [`crate::catalogue`]'s rules check it.
    #[must_use]
    pub fn new(texts: impl IntoIterator<Item = (String, String)>) -> Self {
        Self(texts.into_iter().collect())
    }

    /// An English-only title.
    #[must_use]
    pub fn english(text: impl Into<String>) -> Self {
        Self(BTreeMap::from([("en".to_owned(), text.into())]))
    }

    #[must_use]
    pub fn en(&self) -> &str {
        self.0.get("en").map_or("", String::as_str)
    }

    /// The text in `locale`, or English when it has none.
    #[must_use]
    pub fn get(&self, locale: &str) -> &str {
        self.0.get(locale).map_or_else(|| self.en(), String::as_str)
    }

    /// Every language's text, English included.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(locale, text)| (locale.as_str(), text.as_str()))
    }

    /// The translations besides English.
    #[must_use]
    pub fn others(&self) -> BTreeMap<String, String> {
        self.0.iter().filter(|(locale, _)| *locale != "en").map(|(l, t)| (l.clone(), t.clone())).collect()
    }

    /// Whether both have the same English text, ignoring case: skills and approaches are
    /// known by their English name, so two may not share it.
    #[must_use]
    pub fn same_english(&self, other: &Self) -> bool {
        self.en().to_lowercase() == other.en().to_lowercase()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chapter {
    pub id: ChapterId,
    pub number: u32,
    pub title: Translated,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Level {
    pub id: LevelId,
    pub chapter: ChapterId,
    pub number: u32,
    pub title: Translated,
    pub max_score: u32,
    pub difficulty: Difficulty,
    /// The skills it trains (by id), each with the most points it can earn here.
    pub skills: Vec<LevelSkill>,
    /// Since when it takes no new attempts.
    pub retired_at: Option<OffsetDateTime>,
}

impl Level {
    /// The most points `skill` can earn at this level; `None` when the level does not train it.
    #[must_use]
    pub fn skill_max(&self, skill: SkillId) -> Option<u32> {
        self.skills.iter().find(|s| s.skill == skill).map(|s| s.max_points)
    }
}

/// A skill a level trains and the most points an attempt can earn in it there: a skill's
/// percent is its points over these maxima, on its own scale rather than the level's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LevelSkill {
    pub skill: SkillId,
    pub max_points: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Skill {
    pub id: SkillId,
    pub name: Translated,
}

/// A way of playing a level that the game recognises (e.g. "collaborative").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Approach {
    pub id: ApproachId,
    pub name: Translated,
}

/// The whole catalogue: chapters and levels by number, skills and approaches by English name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalogue {
    pub chapters: Vec<Chapter>,
    pub levels: Vec<Level>,
    pub skills: Vec<Skill>,
    pub approaches: Vec<Approach>,
}

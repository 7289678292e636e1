//! Importing a whole catalogue file: each entry is matched to the catalogue by its natural
//! key (a chapter's number, a level's chapter and number, a skill's or approach's English
//! name) and planned as a creation, an update or nothing to do. Entries the file leaves out
//! stay as they are; an import never deletes.

use std::collections::{HashMap, HashSet};

use kernel::{ApproachId, ChapterId, FieldCode, LevelId, SkillId};
use serde::Serialize;
use serde_json::json;
use time::OffsetDateTime;

use super::{
    Approach, Catalogue, Change, Chapter, Level, Skill, Translated,
    rules::{level_problems, number_problems, skill_maxima, tidy, title_problems},
};
use crate::{Difficulty, ItemProblem};

/// A skill or approach as a file names it.
#[derive(Clone, Debug)]
pub struct ImportedName {
    /// Where it stands in the file: the line of a CSV, the position in a JSON list.
    pub line: usize,
    pub name: Translated,
}

#[derive(Clone, Debug)]
pub struct ImportedChapter {
    pub line: usize,
    pub number: u32,
    pub title: Translated,
    /// What the file's reader could not make sense of (a number that is not one).
    pub unreadable: Vec<ItemProblem>,
}

#[derive(Clone, Debug)]
pub struct ImportedLevel {
    pub line: usize,
    pub chapter: u32,
    pub number: u32,
    pub title: Translated,
    pub max_score: u32,
    pub difficulty: String,
    /// The skills it trains, by English name.
    pub skills: Vec<ImportedSkill>,
    pub retired: bool,
    /// What the file's reader could not make sense of (a number that is not one).
    pub unreadable: Vec<ItemProblem>,
}

/// A skill a level of a file trains: its English name, and the most points it can earn there
/// when the file says (otherwise an even share of the level's maximum).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedSkill {
    pub name: String,
    pub max_points: Option<u32>,
}

/// A catalogue file as read.
#[derive(Clone, Debug, Default)]
pub struct ImportedCatalogue {
    pub skills: Vec<ImportedName>,
    pub approaches: Vec<ImportedName>,
    pub chapters: Vec<ImportedChapter>,
    pub levels: Vec<ImportedLevel>,
    /// The lines of rows that are none of these (an unknown `type`).
    pub unplaced: Vec<usize>,
}

impl ImportedCatalogue {
    #[must_use]
    pub fn len(&self) -> usize {
        self.skills.len() + self.approaches.len() + self.chapters.len() + self.levels.len() + self.unplaced.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    /// A row that names no kind the catalogue has.
    Unknown,
    Skill,
    Approach,
    Chapter,
    Level,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryAction {
    Create,
    Update,
    Unchanged,
}

/// What importing one entry does, or why it cannot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanEntry {
    pub line: usize,
    pub kind: EntryKind,
    /// Its natural key: `3` for chapter 3, `3.2` for its second level, a skill's name.
    pub key: String,
    /// Its English title or name.
    pub title: String,
    pub action: EntryAction,
    pub problems: Vec<ItemProblem>,
}

/// The plan of importing `file` into `current`, and the writes it takes when no entry has
/// a problem.
pub(super) fn plan(
    current: &Catalogue,
    file: &ImportedCatalogue,
    now: OffsetDateTime,
) -> (Vec<PlanEntry>, Vec<Change>) {
    let mut planner = Planner::default();
    let skills = planner.names(
        EntryKind::Skill,
        &file.skills,
        current.skills.iter().map(|s| (s.id, &s.name)),
        SkillId::new,
        |id, name| Change::Skill(Skill { id, name }),
    );
    planner.names(
        EntryKind::Approach,
        &file.approaches,
        current.approaches.iter().map(|a| (a.id, &a.name)),
        ApproachId::new,
        |id, name| Change::Approach(Approach { id, name }),
    );
    let chapters = planner.chapters(&file.chapters, &current.chapters);
    planner.levels(&file.levels, &current.levels, &chapters, &skills, now);
    for line in &file.unplaced {
        let problems = vec![ItemProblem::new("type", FieldCode::Unknown)];
        let judged = Judged {
            kind: EntryKind::Unknown,
            line: *line,
            key: String::new(),
            title: String::new(),
            unchanged: None,
            problems,
        };
        planner.plan.push(judged.into_entry());
    }
    planner.plan.sort_by_key(|entry| entry.line);
    (planner.plan, planner.changes)
}

/// The audit line's figures.
pub(super) fn counts(plan: &[PlanEntry]) -> serde_json::Value {
    let count = |action| plan.iter().filter(|e| e.action == action).count();
    json!({
        "created": count(EntryAction::Create),
        "updated": count(EntryAction::Update),
        "unchanged": count(EntryAction::Unchanged),
    })
}

#[derive(Default)]
struct Planner {
    plan: Vec<PlanEntry>,
    changes: Vec<Change>,
}

/// One entry of the file, judged.
struct Judged {
    kind: EntryKind,
    line: usize,
    key: String,
    title: String,
    /// Whether the catalogue holds it already, and if so unchanged.
    unchanged: Option<bool>,
    problems: Vec<ItemProblem>,
}

impl Judged {
    /// One problem a field: the first says what is wrong (a cell that is not a number is
    /// not also out of range).
    fn into_entry(mut self) -> PlanEntry {
        let mut seen = HashSet::new();
        self.problems.retain(|p| seen.insert(p.field.clone()));
        let action = match self.unchanged {
            None => EntryAction::Create,
            Some(false) => EntryAction::Update,
            Some(true) => EntryAction::Unchanged,
        };
        let Self { kind, line, key, title, problems, .. } = self;
        PlanEntry { line, kind, key, title, action, problems }
    }
}

impl Planner {
    fn add(&mut self, entry: Judged, change: Change) {
        let entry = entry.into_entry();
        if entry.problems.is_empty() && entry.action != EntryAction::Unchanged {
            self.changes.push(change);
        }
        self.plan.push(entry);
    }

    /// Skills or approaches, known by their English name (in any case). Returns the ids of
    /// every one known after the import, the catalogue's and the file's.
    fn names<'a, I: Copy>(
        &mut self,
        kind: EntryKind,
        file: &[ImportedName],
        current: impl Iterator<Item = (I, &'a Translated)>,
        new_id: impl Fn() -> I,
        make: impl Fn(I, Translated) -> Change,
    ) -> HashMap<String, I> {
        let current: HashMap<String, (I, &Translated)> =
            current.map(|(id, name)| (name.en().to_lowercase(), (id, name))).collect();
        let mut known: HashMap<String, I> = current.iter().map(|(key, (id, _))| (key.clone(), *id)).collect();
        let mut seen = HashSet::new();
        for entry in file {
            let name = tidy(&entry.name);
            let key = name.en().to_lowercase();
            let mut problems = title_problems("name", &name);
            if !key.is_empty() && !seen.insert(key.clone()) {
                problems.push(ItemProblem::new("name.en", FieldCode::Duplicate));
            }
            let existing = current.get(&key);
            let id = existing.map_or_else(&new_id, |(id, _)| *id);
            known.entry(key).or_insert(id);
            let judged = Judged {
                kind,
                line: entry.line,
                key: name.en().to_owned(),
                title: name.en().to_owned(),
                unchanged: existing.map(|(_, before)| **before == name),
                problems,
            };
            self.add(judged, make(id, name));
        }
        known
    }

    /// Returns every chapter known after the import by number.
    fn chapters(&mut self, file: &[ImportedChapter], current: &[Chapter]) -> HashMap<u32, ChapterId> {
        let mut known: HashMap<u32, ChapterId> = current.iter().map(|c| (c.number, c.id)).collect();
        let mut seen = HashSet::new();
        for entry in file {
            let title = tidy(&entry.title);
            let mut problems = entry.unreadable.clone();
            problems.extend(title_problems("title", &title));
            problems.extend(number_problems("number", entry.number));
            if !seen.insert(entry.number) {
                problems.push(ItemProblem::new("number", FieldCode::Duplicate));
            }
            let existing = current.iter().find(|c| c.number == entry.number);
            let chapter = Chapter { id: existing.map_or_else(ChapterId::new, |c| c.id), number: entry.number, title };
            known.entry(entry.number).or_insert(chapter.id);
            let judged = Judged {
                kind: EntryKind::Chapter,
                line: entry.line,
                key: entry.number.to_string(),
                title: chapter.title.en().to_owned(),
                unchanged: existing.map(|before| *before == chapter),
                problems,
            };
            self.add(judged, Change::Chapter(chapter));
        }
        known
    }

    fn levels(
        &mut self,
        file: &[ImportedLevel],
        current: &[Level],
        chapters: &HashMap<u32, ChapterId>,
        skills: &HashMap<String, SkillId>,
        now: OffsetDateTime,
    ) {
        let mut seen = HashSet::new();
        for entry in file {
            let title = tidy(&entry.title);
            let mut problems = entry.unreadable.clone();
            problems.extend(title_problems("title", &title));
            problems.extend(number_problems("number", entry.number));
            let chapter = chapters.get(&entry.chapter).copied();
            if chapter.is_none() {
                problems.push(ItemProblem::new("chapter", FieldCode::Unknown));
            }
            let difficulty = Difficulty::parse(entry.difficulty.trim().to_lowercase().as_str());
            if difficulty.is_none() {
                problems.push(ItemProblem::new("difficulty", FieldCode::Unknown));
            }
            let named: Vec<(String, Option<u32>)> = entry
                .skills
                .iter()
                .map(|s| (s.name.trim().to_lowercase(), s.max_points))
                .filter(|(name, _)| !name.is_empty())
                .collect();
            let known: Vec<(SkillId, Option<u32>)> = named
                .iter()
                .filter_map(|(name, max_points)| {
                    let id = skills.get(name).copied();
                    if id.is_none() {
                        problems.push(ItemProblem::new("skills", FieldCode::Unknown));
                    }
                    Some((id?, *max_points))
                })
                .collect();
            let (level_skills, maxima_problems) = skill_maxima(entry.max_score, &known);
            // Skills it names count, known or not: an unknown one is its own problem.
            problems.extend(level_problems(entry.max_score, level_skills.len().max(named.len().min(1))));
            problems.extend(maxima_problems);
            if !seen.insert((entry.chapter, entry.number)) {
                problems.push(ItemProblem::new("number", FieldCode::Duplicate));
            }
            let existing = chapter.and_then(|c| current.iter().find(|l| l.chapter == c && l.number == entry.number));
            let level = Level {
                id: existing.map_or_else(LevelId::new, |l| l.id),
                chapter: chapter.unwrap_or_default(),
                number: entry.number,
                title,
                max_score: entry.max_score,
                difficulty: difficulty.unwrap_or(Difficulty::Easy),
                skills: level_skills,
                retired_at: entry.retired.then(|| existing.and_then(|l| l.retired_at).unwrap_or(now)),
            };
            let judged = Judged {
                kind: EntryKind::Level,
                line: entry.line,
                key: format!("{}.{}", entry.chapter, entry.number),
                title: level.title.en().to_owned(),
                unchanged: existing.map(|before| *before == level),
                problems,
            };
            self.add(judged, Change::Level(level));
        }
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;
    use crate::catalogue::LevelSkill;

    const NOW: OffsetDateTime = datetime!(2026-11-26 12:00 UTC);

    fn level(line: usize, chapter: u32, number: u32, skills: &[&str]) -> ImportedLevel {
        ImportedLevel {
            line,
            chapter,
            number,
            title: Translated::english("Meet the team"),
            max_score: 100,
            difficulty: "Easy".into(),
            skills: skills.iter().map(|s| ImportedSkill { name: (*s).to_owned(), max_points: None }).collect(),
            retired: false,
            unreadable: Vec::new(),
        }
    }

    fn file() -> ImportedCatalogue {
        ImportedCatalogue {
            skills: vec![ImportedName { line: 1, name: Translated::english("Leadership") }],
            chapters: vec![ImportedChapter {
                line: 2,
                number: 1,
                title: Translated::english("First day"),
                unreadable: vec![],
            }],
            levels: vec![level(3, 1, 1, &["leadership"])],
            ..ImportedCatalogue::default()
        }
    }

    #[test]
    fn a_new_file_creates_everything_in_order_and_again_changes_nothing() {
        let (first, changes) = plan(&Catalogue::default(), &file(), NOW);
        assert!(first.iter().all(|e| e.action == EntryAction::Create && e.problems.is_empty()));
        let mut catalogue = Catalogue::default();
        for change in changes {
            match change {
                Change::Skill(s) => catalogue.skills.push(s),
                Change::Chapter(c) => catalogue.chapters.push(c),
                Change::Level(l) => catalogue.levels.push(l),
                other => panic!("unexpected {other:?}"),
            }
        }
        let trained = LevelSkill { skill: catalogue.skills[0].id, max_points: 100 };
        assert_eq!(catalogue.levels[0].skills, [trained], "the new skill is trained by its id, with all the points");
        let (again, changes) = plan(&catalogue, &file(), NOW);
        assert!(again.iter().all(|e| e.action == EntryAction::Unchanged), "{again:?}");
        assert!(changes.is_empty());
    }

    #[test]
    fn a_level_that_names_what_does_not_exist_is_refused_and_writes_nothing() {
        let mut file = file();
        file.levels.push(level(4, 2, 1, &["Cooking"]));
        file.levels.push(level(5, 1, 1, &["Leadership"]));
        let (verdicts, changes) = plan(&Catalogue::default(), &file, NOW);
        let problems: Vec<Vec<(&str, FieldCode)>> =
            verdicts.iter().map(|e| e.problems.iter().map(|p| (p.field.as_str(), p.code)).collect()).collect();
        assert_eq!(problems[3], [("chapter", FieldCode::Unknown), ("skills", FieldCode::Unknown)]);
        assert_eq!(problems[4], [("number", FieldCode::Duplicate)]);
        assert_eq!(changes.len(), 3, "only the sound entries have writes, and the import refuses them all");
    }
}

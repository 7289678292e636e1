//! The catalogue as a file, for export and import: JSON (chapters holding their levels) or
//! CSV (one row per skill, approach, chapter or level, told apart by the `type` column, with
//! one column per language). Both round-trip: an exported file imports as "unchanged".

use std::collections::BTreeMap;

use kernel::{FieldCode, LOCALES};
use scoring::{
    Catalogue, ImportedCatalogue, ImportedChapter, ImportedLevel, ImportedName, ImportedSkill, ItemProblem, LevelSkill,
    Translated,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{list::whole_number, spreadsheet};

/// Separates a level's skills in a CSV cell; a comma or semicolon may separate the cells.
const SKILL_SEPARATOR: char = '|';
/// Separates a skill's English name from the most points it can earn at the level.
const MAX_POINTS_SEPARATOR: char = '=';
const CSV_COLUMNS: [&str; 7] = ["type", "chapter", "number", "max_score", "difficulty", "skills", "retired"];

/// The whole catalogue as a JSON file.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CatalogueFile {
    #[serde(default)]
    skills: Vec<NamedEntry>,
    #[serde(default)]
    approaches: Vec<NamedEntry>,
    #[serde(default)]
    chapters: Vec<ChapterEntry>,
}

/// A title by language code (`en` required; `zh`, `ar`, `it`, `es`, `fr` optional).
type Title = BTreeMap<String, String>;

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NamedEntry {
    name: Title,
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ChapterEntry {
    #[serde(deserialize_with = "whole_number::int")]
    number: i64,
    title: Title,
    #[serde(default)]
    levels: Vec<LevelEntry>,
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LevelEntry {
    #[serde(deserialize_with = "whole_number::int")]
    number: i64,
    title: Title,
    #[serde(deserialize_with = "whole_number::int")]
    max_score: i64,
    /// `easy`, `medium` or `hard`.
    difficulty: String,
    /// The skills it trains: each skill's English name, then `=` and the most points it can
    /// earn at this level (e.g. `Communication=40`); without them, an even share of `max_score`.
    skills: Vec<String>,
    #[serde(default)]
    retired: bool,
}

/// Why a file cannot be read at all.
#[derive(Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub code: FieldCode,
    pub detail: String,
}

fn title(t: &Translated) -> Title {
    t.iter().map(|(l, s)| (l.to_owned(), s.to_owned())).collect()
}

/// A number as a request or file gave it, as the domain takes it: one below or beyond any
/// range reads as 0 or the largest, which the rules refuse.
pub fn saturated(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

pub fn to_json(catalogue: &Catalogue) -> CatalogueFile {
    let skill_entry = |trained: &LevelSkill| {
        let skill = catalogue.skills.iter().find(|s| s.id == trained.skill)?;
        Some(format!("{}{MAX_POINTS_SEPARATOR}{}", skill.name.en(), trained.max_points))
    };
    CatalogueFile {
        skills: catalogue.skills.iter().map(|s| NamedEntry { name: title(&s.name) }).collect(),
        approaches: catalogue.approaches.iter().map(|a| NamedEntry { name: title(&a.name) }).collect(),
        chapters: catalogue
            .chapters
            .iter()
            .map(|c| ChapterEntry {
                number: c.number.into(),
                title: title(&c.title),
                levels: catalogue
                    .levels
                    .iter()
                    .filter(|l| l.chapter == c.id)
                    .map(|l| LevelEntry {
                        number: l.number.into(),
                        title: title(&l.title),
                        max_score: l.max_score.into(),
                        difficulty: l.difficulty.as_str().to_owned(),
                        skills: l.skills.iter().filter_map(skill_entry).collect(),
                        retired: l.retired_at.is_some(),
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The CSV file: a header, then skills, approaches, chapters and levels. It starts with a
/// byte order mark, without which spreadsheets read UTF-8 (Chinese, Arabic) as Latin-1.
pub fn to_csv(catalogue: &Catalogue) -> anyhow::Result<Vec<u8>> {
    let file = to_json(catalogue);
    let mut csv = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    csv.write_record(CSV_COLUMNS.iter().take(3).chain(&LOCALES).chain(CSV_COLUMNS.iter().skip(3)))?;
    let mut row = |kind: &str, chapter: String, number: String, title: &Title, level: Option<&LevelEntry>| {
        let texts = LOCALES.iter().map(|l| title.get(*l).cloned().unwrap_or_default());
        let rest = level.map_or_else(
            || vec![String::new(); 4],
            |l| {
                let skills = l.skills.join(&SKILL_SEPARATOR.to_string());
                vec![l.max_score.to_string(), l.difficulty.clone(), skills, l.retired.to_string()]
            },
        );
        let cells: Vec<String> = [kind.to_owned(), chapter, number].into_iter().chain(texts).chain(rest).collect();
        csv.write_record(cells.iter().map(|c| spreadsheet::safe(c)))
    };
    for skill in &file.skills {
        row("skill", String::new(), String::new(), &skill.name, None)?;
    }
    for approach in &file.approaches {
        row("approach", String::new(), String::new(), &approach.name, None)?;
    }
    for chapter in &file.chapters {
        row("chapter", String::new(), chapter.number.to_string(), &chapter.title, None)?;
    }
    for chapter in &file.chapters {
        for level in &chapter.levels {
            row("level", chapter.number.to_string(), level.number.to_string(), &level.title, Some(level))?;
        }
    }
    csv.into_inner().map_err(|e| anyhow::anyhow!("{e}"))
}

/// A catalogue file, JSON (it starts with `{`) or CSV (UTF-8, comma or semicolon).
///
/// # Errors
/// [`Unreadable`] for a file that is neither, or a CSV without a required column.
pub fn read(bytes: &[u8]) -> Result<ImportedCatalogue, Unreadable> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let unreadable = |detail: String| Unreadable { code: FieldCode::FileUnreadable, detail };
    let text = std::str::from_utf8(bytes).map_err(|_| unreadable("the file is not UTF-8 text".into()))?;
    if text.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r')) {
        return Err(unreadable("the file holds binary data, not text".into()));
    }
    if text.trim_start().starts_with('{') {
        let file: CatalogueFile = serde_json::from_str(text).map_err(|e| unreadable(e.to_string()))?;
        Ok(from_json(file))
    } else {
        from_csv(text)
    }
}

fn from_json(file: CatalogueFile) -> ImportedCatalogue {
    let mut position = 0;
    let mut next = || {
        position += 1;
        position
    };
    let named = |entries: Vec<NamedEntry>, next: &mut dyn FnMut() -> usize| -> Vec<ImportedName> {
        entries.into_iter().map(|e| ImportedName { line: next(), name: Translated::new(e.name) }).collect()
    };
    let mut imported = ImportedCatalogue {
        skills: named(file.skills, &mut next),
        approaches: named(file.approaches, &mut next),
        ..ImportedCatalogue::default()
    };
    for chapter in file.chapters {
        let number = saturated(chapter.number);
        imported.chapters.push(ImportedChapter {
            line: next(),
            number,
            title: Translated::new(chapter.title),
            unreadable: Vec::new(),
        });
        for level in chapter.levels {
            imported.levels.push(ImportedLevel {
                line: next(),
                chapter: number,
                number: saturated(level.number),
                title: Translated::new(level.title),
                max_score: saturated(level.max_score),
                difficulty: level.difficulty,
                skills: level.skills.iter().map(|s| imported_skill(s)).collect(),
                retired: level.retired,
                unreadable: Vec::new(),
            });
        }
    }
    imported
}

fn from_csv(text: &str) -> Result<ImportedCatalogue, Unreadable> {
    let first_line = text.lines().next().unwrap_or_default();
    let delimiter = if first_line.matches(';').count() > first_line.matches(',').count() { b';' } else { b',' };
    let mut reader =
        csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delimiter).from_reader(text.as_bytes());
    let mut records = reader.records();
    let unreadable = |e: csv::Error| Unreadable { code: FieldCode::FileUnreadable, detail: e.to_string() };
    let header: Vec<String> = records
        .next()
        .transpose()
        .map_err(unreadable)?
        .map(|h| h.iter().map(|c| c.trim().to_lowercase()).collect())
        .unwrap_or_default();
    let column = |name: &str| header.iter().position(|h| h == name);
    let kind = column("type").ok_or_else(|| missing("type"))?;
    if column("en").is_none() {
        return Err(missing("en"));
    }
    let mut imported = ImportedCatalogue::default();
    for record in records {
        let record = record.map_err(unreadable)?;
        let line = record.position().map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX));
        let cell = |name: &str| {
            column(name)
                .and_then(|i| record.get(i))
                .map(|c| spreadsheet::unescaped(c.trim()).to_owned())
                .unwrap_or_default()
        };
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let title = Translated::new(LOCALES.iter().map(|l| ((*l).to_owned(), cell(l))));
        let mut unreadable = Vec::new();
        let mut number = |name: &str| {
            let text = cell(name);
            text.parse::<i64>().map(saturated).unwrap_or_else(|_| {
                unreadable.push(ItemProblem::new(name, FieldCode::NotANumber));
                0
            })
        };
        match record.get(kind).map(|k| k.trim().to_lowercase()).as_deref() {
            Some("skill") => imported.skills.push(ImportedName { line, name: title }),
            Some("approach") => imported.approaches.push(ImportedName { line, name: title }),
            Some("chapter") => {
                let number = number("number");
                imported.chapters.push(ImportedChapter { line, number, title, unreadable });
            }
            Some("level") => {
                let (chapter, level_number, max_score) = (number("chapter"), number("number"), number("max_score"));
                let retired = matches!(cell("retired").to_lowercase().as_str(), "true" | "yes" | "1");
                let skills = cell("skills").split(SKILL_SEPARATOR).map(imported_skill).collect();
                imported.levels.push(ImportedLevel {
                    line,
                    chapter,
                    number: level_number,
                    title,
                    max_score,
                    difficulty: cell("difficulty"),
                    skills,
                    retired,
                    unreadable,
                });
            }
            _ => imported.unplaced.push(line),
        }
    }
    Ok(imported)
}

/// `Name` or `Name=points`: a skill a level trains, with its maximum there when given.
fn imported_skill(entry: &str) -> ImportedSkill {
    let given = entry.rsplit_once(MAX_POINTS_SEPARATOR).and_then(|(name, points)| {
        let points = points.trim();
        (!points.is_empty() && points.bytes().all(|b| b.is_ascii_digit()))
            .then(|| (name, points.parse::<i64>().map_or(u32::MAX, saturated)))
    });
    match given {
        Some((name, points)) => ImportedSkill { name: name.trim().to_owned(), max_points: Some(points) },
        None => ImportedSkill { name: entry.trim().to_owned(), max_points: None },
    }
}

fn missing(column: &str) -> Unreadable {
    Unreadable { code: FieldCode::ColumnMissing, detail: format!("the header has no `{column}` column") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skill_entry_names_the_skill_and_maybe_its_maximum() {
        let read = |entry| {
            let s = imported_skill(entry);
            (s.name, s.max_points)
        };
        assert_eq!(read(" Communication = 40 "), ("Communication".to_owned(), Some(40)));
        assert_eq!(read("Communication"), ("Communication".to_owned(), None));
        assert_eq!(read("A=B"), ("A=B".to_owned(), None), "only a number after the last `=` is a maximum");
        assert_eq!(read("Big=99999999999"), ("Big".to_owned(), Some(u32::MAX)), "the rules refuse it");
    }
}

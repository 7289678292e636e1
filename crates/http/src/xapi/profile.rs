//! The Playtrack xAPI profile (`docs/xapi-profile.md`): which statements become attempts and
//! how. A statement that xAPI accepts ([`super::validate`]) but this profile does not take
//! is [`NotSupported`], naming the property and what the profile takes instead; everything
//! else becomes a [`Reading`], an attempt report whose trainee may still have to be looked
//! up by e-mail.
//!
//! The IRIs are Playtrack's, the same for every installation, so a studio's statements do
//! not depend on where the portal runs; only an `account` actor names the portal (its
//! `homePage` is the portal's public address).

use std::collections::HashMap;

use kernel::{Email, FieldCode, UserId};
use scoring::{AttemptReport, Difficulty, Item, ItemProblem, XapiStatement};
use serde_json::{Map, Value};
use time::{OffsetDateTime, UtcOffset, format_description::well_known::Rfc3339};
use uuid::Uuid;

use super::{
    Version,
    validate::{Duration, Timestamp, parse_uuid},
};

/// The base of every IRI the profile coins.
pub const BASE: &str = "https://playtrack.dev/xapi";
/// A level is the activity `LEVEL_IRI{level id}`.
pub const LEVEL_IRI: &str = "https://playtrack.dev/xapi/levels/";
/// A chapter is the activity `CHAPTER_IRI{chapter number}`.
pub const CHAPTER_IRI: &str = "https://playtrack.dev/xapi/chapters/";
pub const LEVEL_TYPE: &str = "https://playtrack.dev/xapi/activity-types/level";
pub const CHAPTER_TYPE: &str = "https://playtrack.dev/xapi/activity-types/chapter";
/// Context extension: `easy`, `medium` or `hard`.
pub const DIFFICULTY: &str = "https://playtrack.dev/xapi/extensions/difficulty";
/// Context extension: the approach's id.
pub const APPROACH: &str = "https://playtrack.dev/xapi/extensions/approach";
/// Result extension: `{ "<skill id>": points, … }`.
pub const SKILL_POINTS: &str = "https://playtrack.dev/xapi/extensions/skill-points";
/// ADL's verbs the profile takes; each statement with one of them is one played level.
pub const VERBS: [&str; 4] = [
    "http://adlnet.gov/expapi/verbs/completed",
    "http://adlnet.gov/expapi/verbs/passed",
    "http://adlnet.gov/expapi/verbs/failed",
    "http://adlnet.gov/expapi/verbs/scored",
];

/// A valid xAPI statement the profile does not take: the property at fault and what the
/// profile takes there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotSupported {
    pub path: String,
    pub reason: String,
}

fn not_supported(path: impl Into<String>, reason: impl Into<String>) -> NotSupported {
    NotSupported { path: path.into(), reason: reason.into() }
}

/// `base[iri]`: how an extension's path is written.
#[must_use]
pub fn extension(base: &str, iri: &str) -> String {
    format!("{base}[{iri}]")
}

/// Whom a statement is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trainee {
    /// An `account` of this portal naming a user id.
    Id(UserId),
    /// An `mbox`, to be looked up among the client's trainees.
    Email(Email),
    /// An `account` of this portal whose name is no user id.
    Unknown,
}

/// A statement within the profile: the attempt it reports, but for the trainee.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub id: Uuid,
    pub trainee: Trainee,
    level: Uuid,
    chapter: Option<u16>,
    difficulty: Difficulty,
    approach: Uuid,
    score: u32,
    max_score: u32,
    skill_points: Vec<(Uuid, u32)>,
    duration_seconds: u32,
    completed_at: OffsetDateTime,
    statement: XapiStatement,
}

impl Reading {
    /// The report, with the trainee the statement names (`found` holds those looked up by
    /// e-mail), or why it names none the client may report on.
    pub fn item(self, found: &HashMap<Email, UserId>) -> Item {
        let trainee = match &self.trainee {
            Trainee::Id(id) => *id,
            Trainee::Email(email) => {
                *found.get(email).ok_or_else(|| vec![ItemProblem::new("trainee", FieldCode::Unknown)])?
            }
            Trainee::Unknown => return Err(vec![ItemProblem::new("trainee", FieldCode::Unknown)]),
        };
        let started_at = self.completed_at - time::Duration::seconds(i64::from(self.duration_seconds));
        Ok(AttemptReport {
            external_id: self.id.to_string(),
            trainee,
            level: self.level.into(),
            difficulty: self.difficulty,
            approach: self.approach.into(),
            score: self.score,
            max_score: self.max_score,
            skill_points: self.skill_points.into_iter().map(|(skill, points)| (skill.into(), points)).collect(),
            duration_seconds: self.duration_seconds,
            started_at,
            completed_at: self.completed_at,
            chapter: self.chapter,
            statement: Some(self.statement),
        })
    }
}

/// Reads a statement that passed [`super::validate::statement`] and has an `id`.
///
/// # Errors
/// The first thing the profile does not take.
pub fn read(mut statement: Value, version: Version, public_url: &str) -> Result<Reading, NotSupported> {
    normalise(&mut statement, version);
    let id = statement["id"].as_str().and_then(parse_uuid).ok_or_else(|| not_supported("id", "a UUID"))?;

    let verb = statement["verb"]["id"].as_str().unwrap_or_default();
    if !VERBS.contains(&verb) {
        let shown: String = verb.chars().take(200).collect();
        return Err(not_supported("verb.id", format!("{}, not {shown}", VERBS.join(", "))));
    }
    let trainee = trainee(&statement["actor"], public_url)?;

    let object = &statement["object"];
    if object.get("objectType").is_some_and(|kind| kind != "Activity") {
        return Err(not_supported("object.objectType", "an Activity: the level played"));
    }
    let level = object["id"]
        .as_str()
        .and_then(|iri| iri.strip_prefix(LEVEL_IRI))
        .and_then(parse_uuid)
        .ok_or_else(|| not_supported("object.id", format!("a level, {LEVEL_IRI}{{level id}}")))?;
    if object.pointer("/definition/type").is_some_and(|kind| kind != LEVEL_TYPE) {
        return Err(not_supported("object.definition.type", format!("{LEVEL_TYPE}, or none")));
    }
    if statement.get("attachments").is_some() {
        return Err(not_supported("attachments", "no attachments"));
    }
    let completed_at = match statement.get("timestamp").and_then(Value::as_str).and_then(Timestamp::parse) {
        Some(Timestamp::Zoned(at)) => at,
        Some(Timestamp::Local(_)) => {
            return Err(not_supported("timestamp", "the moment the level was completed, with its time zone"));
        }
        None => return Err(not_supported("timestamp", "the moment the level was completed")),
    };

    let score =
        statement.pointer("/result/score").ok_or_else(|| not_supported("result.score", "a score with raw and max"))?;
    let points = |key: &str| {
        score
            .get(key)
            .and_then(whole)
            .ok_or_else(|| not_supported(format!("result.score.{key}"), "whole points from 0"))
    };
    let (raw, max) = (points("raw")?, points("max")?);
    if score.get("min").is_some_and(|min| min.as_f64() != Some(0.0)) {
        return Err(not_supported("result.score.min", "0, or none"));
    }
    let duration_seconds = duration(statement.pointer("/result/duration"))?;

    let extensions = statement.pointer("/context/extensions");
    let difficulty_path = extension("context.extensions", DIFFICULTY);
    let difficulty = extensions
        .and_then(|e| e.get(DIFFICULTY))
        .and_then(Value::as_str)
        .and_then(Difficulty::parse)
        .ok_or_else(|| not_supported(difficulty_path, "easy, medium or hard"))?;
    let approach_path = extension("context.extensions", APPROACH);
    let approach = extensions
        .and_then(|e| e.get(APPROACH))
        .and_then(Value::as_str)
        .and_then(parse_uuid)
        .ok_or_else(|| not_supported(approach_path, "the approach's id, a UUID"))?;
    let chapter = chapter(statement.pointer("/context/contextActivities/parent"))?;
    let skill_points = skill_points(statement.pointer("/result/extensions").and_then(|e| e.get(SKILL_POINTS)))?;

    let comparable = comparable(&statement);
    let json = statement.to_string();
    Ok(Reading {
        id,
        trainee,
        level,
        chapter,
        difficulty,
        approach,
        score: raw,
        max_score: max,
        skill_points,
        duration_seconds,
        completed_at,
        statement: XapiStatement { json, comparable },
    })
}

/// The statement as it is kept: the id in lower case, the version filled in, `stored` and
/// `authority` left out (the portal sets them when answering), every context activity list
/// an array (as xAPI answers them) and the timestamp in UTC.
fn normalise(statement: &mut Value, version: Version) {
    let Some(map) = statement.as_object_mut() else { return };
    if let Some(Value::String(id)) = map.get_mut("id") {
        *id = id.to_lowercase();
    }
    map.entry("version").or_insert_with(|| Value::from(version.statement_default()));
    map.remove("stored");
    map.remove("authority");
    if let Some(Value::Object(activities)) = map.get_mut("context").and_then(|c| c.get_mut("contextActivities")) {
        for list in activities.values_mut() {
            if !list.is_array() {
                *list = Value::Array(vec![list.take()]);
            }
        }
    }
    if let Some(Value::String(text)) = map.get_mut("timestamp")
        && let Some(Timestamp::Zoned(at)) = Timestamp::parse(text)
        && let Ok(utc) = at.to_offset(UtcOffset::UTC).format(&Rfc3339)
    {
        *text = utc;
    }
}

/// What two sendings of one statement must share to be the same statement (xAPI's
/// comparison: the version, the verb's display and activity definitions may differ, an
/// e-mail address's case does not count), as canonical JSON (keys sorted).
fn comparable(statement: &Value) -> String {
    let mut copy = statement.clone();
    if let Some(map) = copy.as_object_mut() {
        map.remove("version");
        if let Some(Value::Object(verb)) = map.get_mut("verb") {
            verb.remove("display");
        }
        if let Some(Value::Object(object)) = map.get_mut("object") {
            object.remove("definition");
        }
        if let Some(Value::String(mbox)) = map.get_mut("actor").and_then(|a| a.get_mut("mbox")) {
            *mbox = mbox.to_lowercase();
        }
        if let Some(Value::Object(lists)) = map.get_mut("context").and_then(|c| c.get_mut("contextActivities")) {
            for activity in lists.values_mut().filter_map(Value::as_array_mut).flatten() {
                if let Some(activity) = activity.as_object_mut() {
                    activity.remove("definition");
                }
            }
        }
    }
    sorted(&copy).to_string()
}

/// The value with every object's keys in order, whatever map `serde_json` was built with.
fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            Value::Object(keys.into_iter().map(|k| (k.clone(), sorted(&map[k]))).collect::<Map<_, _>>())
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

fn trainee(actor: &Value, public_url: &str) -> Result<Trainee, NotSupported> {
    const FORMS: &str = "one trainee: an Agent with an account of this portal or an mbox";
    if actor.get("objectType").is_some_and(|kind| kind == "Group") {
        return Err(not_supported("actor", FORMS));
    }
    if let Some(account) = actor.get("account") {
        let home = account["homePage"].as_str().unwrap_or_default();
        let portal = public_url.trim_end_matches('/');
        if !home.trim_end_matches('/').eq_ignore_ascii_case(portal) {
            return Err(not_supported("actor.account.homePage", format!("{portal}, this portal's address")));
        }
        let name = account["name"].as_str().unwrap_or_default();
        return Ok(Uuid::parse_str(name).map_or(Trainee::Unknown, |id| Trainee::Id(id.into())));
    }
    if let Some(mbox) = actor.get("mbox").and_then(Value::as_str) {
        let email = mbox.strip_prefix("mailto:").and_then(|address| Email::parse(address).ok());
        return email.map(Trainee::Email).ok_or_else(|| not_supported("actor.mbox", "mailto: and an address"));
    }
    let form = ["mbox_sha1sum", "openid"].into_iter().find(|key| actor.get(key).is_some()).unwrap_or_default();
    Err(not_supported(format!("actor.{form}"), FORMS))
}

/// Whole points: a whole number from 0 (`5.0` counts as `5`, as JSON cannot tell them apart).
fn whole(value: &Value) -> Option<u32> {
    if let Some(n) = value.as_u64() {
        return u32::try_from(n).ok();
    }
    let n = value.as_f64()?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    (n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n)).then_some(n as u32)
}

/// Whole seconds (fractions dropped) of an ISO 8601 duration without years or months, whose
/// length depends on the calendar.
fn duration(value: Option<&Value>) -> Result<u32, NotSupported> {
    const PATH: &str = "result.duration";
    let text =
        value.and_then(Value::as_str).ok_or_else(|| not_supported(PATH, "how long the play took, e.g. PT10M"))?;
    let d = Duration::parse(text).ok_or_else(|| not_supported(PATH, "an ISO 8601 duration"))?;
    if d.years != 0.0 || d.months != 0.0 {
        return Err(not_supported(PATH, "weeks, days, hours, minutes and seconds: no years or months"));
    }
    let seconds = d.weeks * 604_800.0 + d.days * 86_400.0 + d.hours * 3_600.0 + d.minutes * 60.0 + d.seconds;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(seconds.floor().min(f64::from(u32::MAX)) as u32)
}

/// The chapter among the parent activities, if one is there.
fn chapter(parents: Option<&Value>) -> Result<Option<u16>, NotSupported> {
    const PATH: &str = "context.contextActivities.parent";
    let mut chapters = parents
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|activity| activity["id"].as_str())
        .filter_map(|iri| iri.strip_prefix(CHAPTER_IRI));
    let Some(number) = chapters.next() else { return Ok(None) };
    if chapters.next().is_some() {
        return Err(not_supported(PATH, "one chapter"));
    }
    let number = number
        .parse::<u16>()
        .ok()
        .filter(|n| *n > 0 && !number.starts_with(['0', '+']))
        .ok_or_else(|| not_supported(PATH, format!("a chapter, {CHAPTER_IRI}{{chapter number}}")))?;
    Ok(Some(number))
}

fn skill_points(value: Option<&Value>) -> Result<Vec<(Uuid, u32)>, NotSupported> {
    let Some(value) = value else { return Ok(Vec::new()) };
    let shape =
        || not_supported(extension("result.extensions", SKILL_POINTS), "an object of skill ids and whole points");
    let map = value.as_object().ok_or_else(shape)?;
    map.iter()
        .map(|(skill, points)| Ok((parse_uuid(skill).ok_or_else(shape)?, whole(points).ok_or_else(shape)?)))
        .collect()
}

/// The statement as the `ids` format answers it: Agents, Activities and the Verb by their
/// identifiers only (no names, displays or definitions).
pub fn ids_only(statement: &mut Value) {
    let Some(map) = statement.as_object_mut() else { return };
    for key in ["actor", "authority"] {
        if let Some(Value::Object(agent)) = map.get_mut(key) {
            agent.remove("name");
        }
    }
    if let Some(Value::Object(verb)) = map.get_mut("verb") {
        verb.remove("display");
    }
    if let Some(Value::Object(object)) = map.get_mut("object") {
        object.remove("definition");
    }
    if let Some(Value::Object(lists)) = map.get_mut("context").and_then(|c| c.get_mut("contextActivities")) {
        for activity in lists.values_mut().filter_map(Value::as_array_mut).flatten() {
            if let Some(activity) = activity.as_object_mut() {
                activity.remove("definition");
            }
        }
    }
}

/// Where in a statement the problem the judge found with an attempt's field lies.
#[must_use]
pub fn statement_field(field: &str) -> String {
    let skill_points = extension("result.extensions", SKILL_POINTS);
    match field {
        "" => String::new(),
        "external_id" => "id".into(),
        "trainee" => "actor".into(),
        "level" => "object.id".into(),
        "chapter" => "context.contextActivities.parent".into(),
        "difficulty" => extension("context.extensions", DIFFICULTY),
        "approach" => extension("context.extensions", APPROACH),
        "score" => "result.score.raw".into(),
        "max_score" => "result.score.max".into(),
        "duration_seconds" | "started_at" => "result.duration".into(),
        "completed_at" => "timestamp".into(),
        "skill_points" => skill_points,
        other => match other.strip_prefix("skill_points.") {
            Some(skill) => format!("{skill_points}.{skill}"),
            None => other.to_owned(),
        },
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use time::macros::datetime;

    use super::*;

    const PORTAL: &str = "https://portal.orbis.example";
    const LEVEL: &str = "0192f3a4-5b6c-7d8e-9f01-23456789abcd";
    const APPROACH_ID: &str = "0192f3a4-0000-7000-8000-00000000a001";
    const SKILL: &str = "0192f3a4-0000-7000-8000-00000000b001";
    const TRAINEE: &str = "0192f3a4-0000-7000-8000-00000000c001";

    fn statement() -> Value {
        json!({
            "id": "6F1C8E9A-3B2D-4C5E-8F70-123456789ABC",
            "actor": { "objectType": "Agent", "account": { "homePage": "https://portal.orbis.example/", "name": TRAINEE } },
            "verb": { "id": "http://adlnet.gov/expapi/verbs/passed", "display": { "en-US": "passed" } },
            "object": { "objectType": "Activity", "id": format!("{LEVEL_IRI}{LEVEL}"), "definition": { "type": LEVEL_TYPE } },
            "result": {
                "score": { "raw": 45, "min": 0, "max": 60.0 }, "success": true, "duration": "PT10M30.5S",
                "extensions": { SKILL_POINTS: { SKILL: 30 } },
            },
            "context": {
                "contextActivities": { "parent": { "id": format!("{CHAPTER_IRI}2"), "definition": { "type": CHAPTER_TYPE } } },
                "extensions": { DIFFICULTY: "hard", APPROACH: APPROACH_ID, "https://studio.example/build": "1.4.2" },
            },
            "timestamp": "2026-11-20T11:05:00+01:00",
            "stored": "2030-01-01T00:00:00Z",
            "authority": { "mbox": "mailto:someone@else.example" },
        })
    }

    fn read_one(value: Value) -> Result<Reading, NotSupported> {
        read(value, Version::V1, PORTAL)
    }

    fn path(value: Value) -> String {
        read_one(value).expect_err("not supported").path
    }

    #[test]
    fn a_statement_of_the_profile_becomes_an_attempt_report() {
        let reading = read_one(statement()).unwrap();
        assert_eq!(reading.trainee, Trainee::Id(Uuid::parse_str(TRAINEE).unwrap().into()));
        let report = reading.item(&HashMap::new()).unwrap();
        assert_eq!(report.external_id, "6f1c8e9a-3b2d-4c5e-8f70-123456789abc");
        assert_eq!(report.level, Uuid::parse_str(LEVEL).unwrap().into());
        assert_eq!((report.difficulty, report.chapter), (Difficulty::Hard, Some(2)));
        assert_eq!(report.approach, Uuid::parse_str(APPROACH_ID).unwrap().into());
        assert_eq!((report.score, report.max_score, report.duration_seconds), (45, 60, 630));
        assert_eq!(report.skill_points, vec![(Uuid::parse_str(SKILL).unwrap().into(), 30)]);
        assert_eq!(report.completed_at, datetime!(2026-11-20 10:05 UTC));
        assert_eq!(report.started_at, datetime!(2026-11-20 09:54:30 UTC));

        let kept: Value = serde_json::from_str(&report.statement.as_ref().unwrap().json).unwrap();
        assert_eq!(kept["id"], "6f1c8e9a-3b2d-4c5e-8f70-123456789abc");
        assert_eq!(kept["version"], "1.0.0", "a statement without a version is kept as 1.0.0");
        assert_eq!(kept["timestamp"], "2026-11-20T10:05:00Z");
        assert!(kept.get("stored").is_none() && kept.get("authority").is_none(), "the portal sets both when answering");
        assert!(kept["context"]["contextActivities"]["parent"].is_array(), "context activities are kept as arrays");
        assert_eq!(kept["context"]["extensions"]["https://studio.example/build"], "1.4.2", "other extensions are kept");
    }

    #[test]
    fn the_trainee_is_an_account_of_this_portal_or_an_mbox() {
        let mut by_mail = statement();
        by_mail["actor"] = json!({ "mbox": "mailto:Tess@Orbis.example" });
        let reading = read_one(by_mail).unwrap();
        let tess = Email::parse("tess@orbis.example").unwrap();
        assert_eq!(reading.trainee, Trainee::Email(tess.clone()));
        let someone = UserId::new();
        assert_eq!(reading.clone().item(&HashMap::from([(tess, someone)])).unwrap().trainee, someone);
        let unknown = reading.item(&HashMap::new()).unwrap_err();
        assert_eq!((unknown[0].field.as_str(), unknown[0].code), ("trainee", FieldCode::Unknown));

        let mut not_a_user = statement();
        not_a_user["actor"]["account"]["name"] = json!("tess");
        assert_eq!(read_one(not_a_user).unwrap().trainee, Trainee::Unknown);

        let mut elsewhere = statement();
        elsewhere["actor"]["account"]["homePage"] = json!("https://lms.example");
        assert_eq!(path(elsewhere), "actor.account.homePage");
        let mut group = statement();
        group["actor"] = json!({ "objectType": "Group", "member": [{ "mbox": "mailto:a@b.example" }] });
        assert_eq!(path(group), "actor");
        let mut hashed = statement();
        hashed["actor"] = json!({ "mbox_sha1sum": "a".repeat(40) });
        assert_eq!(path(hashed), "actor.mbox_sha1sum");
    }

    #[test]
    fn what_lies_outside_the_profile_is_named() {
        let change = |pointer: &str, new: Value| {
            let mut value = statement();
            let (parent, key) = pointer.rsplit_once('/').unwrap();
            let parent = value.pointer_mut(parent).unwrap().as_object_mut().unwrap();
            if new.is_null() {
                parent.remove(key);
            } else {
                parent.insert(key.to_owned(), new);
            }
            value
        };
        let experienced = change("/verb/id", json!("http://adlnet.gov/expapi/verbs/experienced"));
        let refused = read_one(experienced).unwrap_err();
        assert_eq!(refused.path, "verb.id");
        assert!(refused.reason.contains("experienced") && refused.reason.contains("/completed"), "{}", refused.reason);
        let cases = [
            (change("/object/id", json!("https://studio.example/levels/1")), "object.id".to_owned()),
            (change("/object/id", json!(format!("{LEVEL_IRI}level-1"))), "object.id".to_owned()),
            (change("/object/objectType", json!("StatementRef")), "object.objectType".to_owned()),
            (
                change("/object/definition", json!({ "type": "http://adlnet.gov/expapi/activities/lesson" })),
                "object.definition.type".to_owned(),
            ),
            (change("/timestamp", Value::Null), "timestamp".to_owned()),
            (change("/timestamp", json!("2026-11-20T10:05:00")), "timestamp".to_owned()),
            (change("/result/score", Value::Null), "result.score".to_owned()),
            (change("/result/score", json!({ "raw": 45.5, "max": 60 })), "result.score.raw".to_owned()),
            (change("/result/score", json!({ "raw": -1, "min": -5, "max": 60 })), "result.score.raw".to_owned()),
            (change("/result/score", json!({ "raw": 45 })), "result.score.max".to_owned()),
            (change("/result/score", json!({ "raw": 45, "min": 10, "max": 60 })), "result.score.min".to_owned()),
            (change("/result/duration", Value::Null), "result.duration".to_owned()),
            (change("/result/duration", json!("P1M")), "result.duration".to_owned()),
            (
                change("/result/extensions", json!({ SKILL_POINTS: { "speed": 3 } })),
                extension("result.extensions", SKILL_POINTS),
            ),
            (change("/result/extensions", json!({ SKILL_POINTS: [3] })), extension("result.extensions", SKILL_POINTS)),
            (
                change("/context/extensions", json!({ DIFFICULTY: "Hard", APPROACH: APPROACH_ID })),
                extension("context.extensions", DIFFICULTY),
            ),
            (change("/context/extensions", json!({ DIFFICULTY: "hard" })), extension("context.extensions", APPROACH)),
            (
                change(
                    "/context/contextActivities",
                    json!({ "parent": [{ "id": format!("{CHAPTER_IRI}1") }, { "id": format!("{CHAPTER_IRI}2") }] }),
                ),
                "context.contextActivities.parent".to_owned(),
            ),
            (
                change("/context/contextActivities", json!({ "parent": [{ "id": format!("{CHAPTER_IRI}02") }] })),
                "context.contextActivities.parent".to_owned(),
            ),
            (change("/attachments", json!([])), "attachments".to_owned()),
        ];
        for (value, expected) in cases {
            assert_eq!(path(value.clone()), expected, "{value}");
        }
        let no_chapter =
            change("/context/contextActivities", json!({ "grouping": [{ "id": "https://studio.example/course" }] }));
        assert_eq!(read_one(no_chapter).unwrap().chapter, None, "the chapter may be left out");
        let weeks = change("/result/duration", json!("P1W"));
        assert_eq!(read_one(weeks).unwrap().duration_seconds, 604_800);
    }

    #[test]
    fn two_sendings_compare_equal_when_only_what_xapi_ignores_differs() {
        let first = read_one(statement()).unwrap().statement;
        let mut resent = statement();
        resent["verb"]["display"] = json!({ "fr": "réussi" });
        resent["object"]["definition"] = json!({ "name": { "en": "The lift pitch" } });
        resent["timestamp"] = json!("2026-11-20T10:05:00Z");
        resent["version"] = json!("1.0.3");
        resent["context"]["contextActivities"]["parent"] = json!([{ "id": format!("{CHAPTER_IRI}2") }]);
        let second = read_one(resent.clone()).unwrap().statement;
        assert_eq!(first.comparable, second.comparable);
        assert_ne!(first.json, second.json, "but what is kept is what was sent");

        resent["result"]["success"] = json!(false);
        assert_ne!(read_one(resent).unwrap().statement.comparable, first.comparable);
    }

    #[test]
    fn the_worked_example_of_the_profile_reads_as_documented() {
        let doc = include_str!("../../../../docs/xapi-profile.md");
        let example = doc.split("<!-- worked-example -->\n```json\n").nth(1).unwrap().split("\n```").next().unwrap();
        let example: Value = serde_json::from_str(example).unwrap();
        crate::xapi::validate::statement(&example, Version::V1).unwrap();
        let report =
            read(example, Version::V1, "https://playtrack.orbis.example").unwrap().item(&HashMap::new()).unwrap();
        assert_eq!(report.external_id, "6f1c8e9a-3b2d-4c5e-8f70-123456789abc");
        assert_eq!(report.trainee, Uuid::parse_str("0193a5c2-7e41-7b3d-9c10-5d2e8f4a6b01").unwrap().into());
        assert_eq!(report.level, Uuid::parse_str("0193a5c2-8f10-7c44-a1b2-3c4d5e6f7081").unwrap().into());
        assert_eq!((report.chapter, report.difficulty), (Some(2), Difficulty::Hard));
        assert_eq!(report.approach, Uuid::parse_str("0193a5c2-a5b6-7c8d-9e0f-1a2b3c4d5e01").unwrap().into());
        assert_eq!((report.score, report.max_score, report.duration_seconds), (45, 60, 750));
        assert_eq!(report.skill_points.len(), 2);
        assert_eq!(
            (report.started_at, report.completed_at),
            (datetime!(2026-11-20 09:30 UTC), datetime!(2026-11-20 09:42:30 UTC))
        );
    }

    #[test]
    fn the_judges_fields_are_named_as_the_statement_names_them() {
        assert_eq!(statement_field("trainee"), "actor");
        assert_eq!(statement_field("max_score"), "result.score.max");
        assert_eq!(statement_field("started_at"), "result.duration");
        assert_eq!(
            statement_field(&format!("skill_points.{SKILL}")),
            format!("result.extensions[{SKILL_POINTS}].{SKILL}")
        );
    }
}

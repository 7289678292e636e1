//! What xAPI says a Learning Record Store must refuse with `400 Bad Request` (xAPI 1.0.3,
//! Part Two, and its conformance requirements): properties it does not define or in another
//! case, `null` or `{}` outside extensions, wrong types, ids that are not UUIDs in standard
//! form, IRIs without a scheme, an Agent without exactly one identifier, a score outside its
//! range, a malformed timestamp or duration, a statement version other than 1.0.x (or 2.0.x
//! under 2.0), a SubStatement inside a SubStatement. Structure only: whether a statement
//! means something the portal takes is the profile's question ([`super::profile`]).

use serde_json::{Map, Value};
use time::{OffsetDateTime, PrimitiveDateTime, format_description::well_known::Rfc3339, macros::format_description};
use uuid::Uuid;

use super::Version;

/// Where a statement breaks xAPI's rules (a path such as `actor.account.homePage` or
/// `context.contextActivities.parent[0].id`; empty for the statement itself), and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub path: String,
    pub reason: String,
}

type Checked<T = ()> = Result<T, Invalid>;

/// Checks one statement as a request of `version` carries it.
///
/// # Errors
/// The first rule it breaks.
pub fn statement(value: &Value, version: Version) -> Checked {
    Walker { version }.statement(value, "", false)
}

pub const VOIDED: &str = "http://adlnet.gov/expapi/verbs/voided";

const INTERACTION_TYPES: [&str; 10] = [
    "true-false",
    "choice",
    "fill-in",
    "long-fill-in",
    "matching",
    "performance",
    "sequencing",
    "likert",
    "numeric",
    "other",
];

/// The interaction component lists, and the interaction types each belongs to.
const COMPONENT_LISTS: [(&str, &[&str]); 5] = [
    ("choices", &["choice", "sequencing"]),
    ("scale", &["likert"]),
    ("source", &["matching"]),
    ("target", &["matching"]),
    ("steps", &["performance"]),
];

fn invalid(path: &str, reason: impl Into<String>) -> Invalid {
    Invalid { path: path.to_owned(), reason: reason.into() }
}

/// `path.key`, or `key` at the top.
#[must_use]
pub fn at(path: &str, key: &str) -> String {
    if path.is_empty() { key.to_owned() } else { format!("{path}.{key}") }
}

fn item(path: &str, index: usize) -> String {
    format!("{path}[{index}]")
}

struct Walker {
    version: Version,
}

impl Walker {
    fn statement(&self, value: &Value, path: &str, sub: bool) -> Checked {
        let map = if sub {
            object(
                value,
                path,
                &["objectType", "actor", "verb", "object", "result", "context", "timestamp", "attachments"],
                &["objectType", "actor", "verb", "object"],
            )?
        } else {
            object(
                value,
                path,
                &[
                    "id",
                    "actor",
                    "verb",
                    "object",
                    "result",
                    "context",
                    "timestamp",
                    "stored",
                    "authority",
                    "version",
                    "attachments",
                ],
                &["actor", "verb", "object"],
            )?
        };
        let field = |key: &str| map.get(key).map(|v| (v, at(path, key)));
        if let Some((v, p)) = field("id") {
            uuid(v, &p)?;
        }
        let (actor, p) = (&map["actor"], at(path, "actor"));
        self.actor(actor, &p)?;
        let verb = self.verb(&map["verb"], &at(path, "verb"))?;
        let object_path = at(path, "object");
        let kind = self.object(&map["object"], &object_path, sub)?;
        if verb == VOIDED && kind != "StatementRef" {
            return Err(invalid(
                &at(&object_path, "objectType"),
                "a voiding statement's object must be a StatementRef",
            ));
        }
        if let Some((v, p)) = field("result") {
            self.result(v, &p)?;
        }
        if let Some((v, p)) = field("context") {
            self.context(v, &p, kind == "Activity")?;
        }
        if let Some((v, p)) = field("timestamp") {
            timestamp(v, &p)?;
        }
        if let Some((v, p)) = field("stored") {
            timestamp(v, &p)?;
        }
        if let Some((v, p)) = field("authority") {
            self.actor(v, &p)?;
        }
        if let Some((v, p)) = field("version") {
            let version = string(v, &p)?;
            if !self.version.accepts_statement(version) {
                let allowed = match self.version {
                    Version::V1 => "1.0.x",
                    Version::V2 => "1.0.x or 2.0.x",
                };
                return Err(invalid(&p, format!("a statement's version must be {allowed}")));
            }
        }
        if let Some((v, p)) = field("attachments") {
            for (index, attachment) in array(v, &p)?.iter().enumerate() {
                self.attachment(attachment, &item(&p, index))?;
            }
        }
        Ok(())
    }

    /// An Agent or a Group (as an actor, instructor or authority).
    fn actor(&self, value: &Value, path: &str) -> Checked {
        match value.get("objectType") {
            Some(Value::String(kind)) if kind == "Group" => self.group(value, path),
            None => self.agent(value, path, false),
            Some(Value::String(kind)) if kind == "Agent" => self.agent(value, path, false),
            Some(_) => Err(invalid(&at(path, "objectType"), "must be \"Agent\" or \"Group\"")),
        }
    }

    fn agent(&self, value: &Value, path: &str, object_type_required: bool) -> Checked {
        let required: &[&str] = if object_type_required { &["objectType"] } else { &[] };
        let map = object(value, path, &["objectType", "name", "mbox", "mbox_sha1sum", "openid", "account"], required)?;
        if let Some(kind) = map.get("objectType")
            && string(kind, &at(path, "objectType"))? != "Agent"
        {
            return Err(invalid(&at(path, "objectType"), "must be \"Agent\""));
        }
        if let Some(name) = map.get("name") {
            string(name, &at(path, "name"))?;
        }
        match self.identifiers(map, path)? {
            1 => Ok(()),
            0 => Err(invalid(path, "an Agent needs one identifier: mbox, mbox_sha1sum, openid or account")),
            _ => Err(invalid(path, "an Agent has exactly one identifier: mbox, mbox_sha1sum, openid or account")),
        }
    }

    fn group(&self, value: &Value, path: &str) -> Checked {
        let map = object(
            value,
            path,
            &["objectType", "name", "member", "mbox", "mbox_sha1sum", "openid", "account"],
            &["objectType"],
        )?;
        if string(&map["objectType"], &at(path, "objectType"))? != "Group" {
            return Err(invalid(&at(path, "objectType"), "must be \"Group\""));
        }
        if let Some(name) = map.get("name") {
            string(name, &at(path, "name"))?;
        }
        let identified = match self.identifiers(map, path)? {
            0 => false,
            1 => true,
            _ => return Err(invalid(path, "a Group has at most one identifier")),
        };
        match map.get("member") {
            None if !identified => Err(invalid(&at(path, "member"), "an anonymous Group lists its members")),
            None => Ok(()),
            Some(members) => {
                let p = at(path, "member");
                let members = array(members, &p)?;
                if members.is_empty() && !identified {
                    return Err(invalid(&p, "an anonymous Group lists its members"));
                }
                for (index, member) in members.iter().enumerate() {
                    let p = item(&p, index);
                    if member.get("objectType").and_then(Value::as_str) == Some("Group") {
                        return Err(invalid(&p, "a Group's members are Agents"));
                    }
                    self.agent(member, &p, false)?;
                }
                Ok(())
            }
        }
    }

    /// Checks the inverse functional identifiers present and counts them.
    fn identifiers(&self, map: &Map<String, Value>, path: &str) -> Checked<usize> {
        let mut count = 0;
        if let Some(v) = map.get("mbox") {
            mbox(v, &at(path, "mbox"))?;
            count += 1;
        }
        if let Some(v) = map.get("mbox_sha1sum") {
            let p = at(path, "mbox_sha1sum");
            let sum = string(v, &p)?;
            if sum.len() != 40 || !sum.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(invalid(&p, "must be the 40 hexadecimal digits of a SHA-1"));
            }
            count += 1;
        }
        if let Some(v) = map.get("openid") {
            iri(v, &at(path, "openid"))?;
            count += 1;
        }
        if let Some(v) = map.get("account") {
            let p = at(path, "account");
            let account = object(v, &p, &["homePage", "name"], &["homePage", "name"])?;
            iri(&account["homePage"], &at(&p, "homePage"))?;
            string(&account["name"], &at(&p, "name"))?;
            count += 1;
        }
        Ok(count)
    }

    /// The verb's id.
    fn verb<'a>(&self, value: &'a Value, path: &str) -> Checked<&'a str> {
        let map = object(value, path, &["id", "display"], &["id"])?;
        if let Some(display) = map.get("display") {
            language_map(display, &at(path, "display"))?;
        }
        iri(&map["id"], &at(path, "id"))
    }

    /// The object's kind: `Activity`, `Agent`, `Group`, `StatementRef` or `SubStatement`.
    fn object(&self, value: &Value, path: &str, sub: bool) -> Checked<&'static str> {
        let kind = match value.get("objectType") {
            None => "Activity",
            Some(Value::String(kind)) => match kind.as_str() {
                "Activity" => "Activity",
                "Agent" => "Agent",
                "Group" => "Group",
                "StatementRef" => "StatementRef",
                "SubStatement" => "SubStatement",
                _ => {
                    return Err(invalid(
                        &at(path, "objectType"),
                        "must be Activity, Agent, Group, StatementRef or SubStatement",
                    ));
                }
            },
            Some(_) => return Err(invalid(&at(path, "objectType"), "expected a string")),
        };
        match kind {
            "Activity" => self.activity(value, path)?,
            "Agent" => self.agent(value, path, true)?,
            "Group" => self.group(value, path)?,
            "StatementRef" => statement_ref(value, path)?,
            _ if sub => return Err(invalid(&at(path, "objectType"), "a SubStatement cannot hold another")),
            _ => self.statement(value, path, true)?,
        }
        Ok(kind)
    }

    fn activity(&self, value: &Value, path: &str) -> Checked {
        let map = object(value, path, &["objectType", "id", "definition"], &["id"])?;
        iri(&map["id"], &at(path, "id"))?;
        if let Some(definition) = map.get("definition") {
            self.definition(definition, &at(path, "definition"))?;
        }
        Ok(())
    }

    fn definition(&self, value: &Value, path: &str) -> Checked {
        let map = object(
            value,
            path,
            &[
                "name",
                "description",
                "type",
                "moreInfo",
                "extensions",
                "interactionType",
                "correctResponsesPattern",
                "choices",
                "scale",
                "source",
                "target",
                "steps",
            ],
            &[],
        )?;
        for key in ["name", "description"] {
            if let Some(v) = map.get(key) {
                language_map(v, &at(path, key))?;
            }
        }
        for key in ["type", "moreInfo"] {
            if let Some(v) = map.get(key) {
                iri(v, &at(path, key))?;
            }
        }
        if let Some(v) = map.get("extensions") {
            extensions(v, &at(path, "extensions"))?;
        }
        let interaction = match map.get("interactionType") {
            None => None,
            Some(v) => {
                let p = at(path, "interactionType");
                let kind = string(v, &p)?;
                if !INTERACTION_TYPES.contains(&kind) {
                    return Err(invalid(&p, format!("must be one of {}", INTERACTION_TYPES.join(", "))));
                }
                Some(kind)
            }
        };
        if let Some(v) = map.get("correctResponsesPattern") {
            let p = at(path, "correctResponsesPattern");
            if interaction.is_none() {
                return Err(invalid(&p, "only an interaction (with an interactionType) has one"));
            }
            for (index, pattern) in array(v, &p)?.iter().enumerate() {
                string(pattern, &item(&p, index))?;
            }
        }
        for (list, kinds) in COMPONENT_LISTS {
            let Some(v) = map.get(list) else { continue };
            let p = at(path, list);
            if !interaction.is_some_and(|kind| kinds.contains(&kind)) {
                return Err(invalid(&p, format!("only an interaction of type {} has {list}", kinds.join(" or "))));
            }
            let mut ids = std::collections::HashSet::new();
            for (index, component) in array(v, &p)?.iter().enumerate() {
                let p = item(&p, index);
                let component = object(component, &p, &["id", "description"], &["id"])?;
                if !ids.insert(string(&component["id"], &at(&p, "id"))?) {
                    return Err(invalid(&at(&p, "id"), "the ids of a component list are distinct"));
                }
                if let Some(description) = component.get("description") {
                    language_map(description, &at(&p, "description"))?;
                }
            }
        }
        Ok(())
    }

    fn result(&self, value: &Value, path: &str) -> Checked {
        let map = object(value, path, &["score", "success", "completion", "response", "duration", "extensions"], &[])?;
        if let Some(v) = map.get("score") {
            score(v, &at(path, "score"))?;
        }
        for key in ["success", "completion"] {
            if map.get(key).is_some_and(|v| !v.is_boolean()) {
                return Err(invalid(&at(path, key), "expected true or false"));
            }
        }
        if let Some(v) = map.get("response") {
            string(v, &at(path, "response"))?;
        }
        if let Some(v) = map.get("duration") {
            let p = at(path, "duration");
            if Duration::parse(string(v, &p)?).is_none() {
                return Err(invalid(&p, "expected an ISO 8601 duration such as PT10M or PT1H5M30.5S"));
            }
        }
        if let Some(v) = map.get("extensions") {
            extensions(v, &at(path, "extensions"))?;
        }
        Ok(())
    }

    fn context(&self, value: &Value, path: &str, about_an_activity: bool) -> Checked {
        let mut allowed = vec![
            "registration",
            "instructor",
            "team",
            "contextActivities",
            "revision",
            "platform",
            "language",
            "statement",
            "extensions",
        ];
        if self.version == Version::V2 {
            allowed.extend(["contextAgents", "contextGroups"]);
        }
        let map = object(value, path, &allowed, &[])?;
        if let Some(v) = map.get("registration") {
            uuid(v, &at(path, "registration"))?;
        }
        if let Some(v) = map.get("instructor") {
            self.actor(v, &at(path, "instructor"))?;
        }
        if let Some(v) = map.get("team") {
            self.group(v, &at(path, "team"))?;
        }
        if let Some(v) = map.get("contextActivities") {
            let p = at(path, "contextActivities");
            let activities = object(v, &p, &["parent", "grouping", "category", "other"], &[])?;
            for (kind, value) in activities {
                let p = at(&p, kind);
                match value {
                    Value::Array(list) => {
                        for (index, activity) in list.iter().enumerate() {
                            self.context_activity(activity, &item(&p, index))?;
                        }
                    }
                    single => self.context_activity(single, &p)?,
                }
            }
        }
        for key in ["revision", "platform"] {
            if let Some(v) = map.get(key) {
                let p = at(path, key);
                string(v, &p)?;
                if !about_an_activity {
                    return Err(invalid(&p, "only a statement about an Activity has one"));
                }
            }
        }
        if let Some(v) = map.get("language") {
            let p = at(path, "language");
            if !is_language_tag(string(v, &p)?) {
                return Err(invalid(&p, "expected an RFC 5646 language tag"));
            }
        }
        if let Some(v) = map.get("statement") {
            statement_ref(v, &at(path, "statement"))?;
        }
        if let Some(v) = map.get("extensions") {
            extensions(v, &at(path, "extensions"))?;
        }
        for (key, kind, member) in
            [("contextAgents", "contextAgent", "agent"), ("contextGroups", "contextGroup", "group")]
        {
            let Some(v) = map.get(key) else { continue };
            let p = at(path, key);
            for (index, entry) in array(v, &p)?.iter().enumerate() {
                let p = item(&p, index);
                let entry = object(entry, &p, &["objectType", member, "relevantTypes"], &["objectType", member])?;
                if string(&entry["objectType"], &at(&p, "objectType"))? != kind {
                    return Err(invalid(&at(&p, "objectType"), format!("must be \"{kind}\"")));
                }
                if member == "agent" {
                    self.agent(&entry[member], &at(&p, member), false)?;
                } else {
                    self.group(&entry[member], &at(&p, member))?;
                }
                if let Some(types) = entry.get("relevantTypes") {
                    let p = at(&p, "relevantTypes");
                    let types = array(types, &p)?;
                    if types.is_empty() {
                        return Err(invalid(&p, "lists at least one type"));
                    }
                    for (index, kind) in types.iter().enumerate() {
                        iri(kind, &item(&p, index))?;
                    }
                }
            }
        }
        Ok(())
    }

    fn context_activity(&self, value: &Value, path: &str) -> Checked {
        match value.get("objectType") {
            None => self.activity(value, path),
            Some(Value::String(kind)) if kind == "Activity" => self.activity(value, path),
            Some(_) => Err(invalid(&at(path, "objectType"), "a context activity is an Activity")),
        }
    }

    fn attachment(&self, value: &Value, path: &str) -> Checked {
        let map = object(
            value,
            path,
            &["usageType", "display", "description", "contentType", "length", "sha2", "fileUrl"],
            &["usageType", "display", "contentType", "length", "sha2"],
        )?;
        iri(&map["usageType"], &at(path, "usageType"))?;
        language_map(&map["display"], &at(path, "display"))?;
        if let Some(v) = map.get("description") {
            language_map(v, &at(path, "description"))?;
        }
        string(&map["contentType"], &at(path, "contentType"))?;
        if map["length"].as_u64().is_none() {
            return Err(invalid(&at(path, "length"), "expected a whole number of octets"));
        }
        let sha2 = string(&map["sha2"], &at(path, "sha2"))?;
        if sha2.is_empty() || !sha2.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(invalid(&at(path, "sha2"), "expected a hexadecimal SHA-2 hash"));
        }
        if let Some(v) = map.get("fileUrl") {
            iri(v, &at(path, "fileUrl"))?;
        }
        Ok(())
    }
}

/// An object with only `allowed` keys (in that case), `required` among them, no `null`
/// value, and not empty.
fn object<'a>(value: &'a Value, path: &str, allowed: &[&str], required: &[&str]) -> Checked<&'a Map<String, Value>> {
    let Value::Object(map) = value else { return Err(invalid(path, "expected an object")) };
    if map.is_empty() {
        return Err(invalid(path, "an empty object is not allowed"));
    }
    for (key, value) in map {
        if !allowed.contains(&key.as_str()) {
            let shown: String = key.chars().take(60).collect();
            return Err(invalid(&at(path, &shown), "not a property xAPI defines here (names are case-sensitive)"));
        }
        if value.is_null() {
            return Err(invalid(&at(path, key), "null is not allowed outside extensions"));
        }
    }
    match required.iter().find(|key| !map.contains_key(**key)) {
        Some(key) => Err(invalid(&at(path, key), "required")),
        None => Ok(map),
    }
}

fn array<'a>(value: &'a Value, path: &str) -> Checked<&'a Vec<Value>> {
    value.as_array().ok_or_else(|| invalid(path, "expected an array"))
}

fn string<'a>(value: &'a Value, path: &str) -> Checked<&'a str> {
    value.as_str().ok_or_else(|| invalid(path, "expected a string"))
}

fn uuid(value: &Value, path: &str) -> Checked<Uuid> {
    parse_uuid(string(value, path)?)
        .ok_or_else(|| invalid(path, "expected a UUID in standard form (8-4-4-4-12 hexadecimal digits)"))
}

/// A UUID in standard string form (`8-4-4-4-12` hexadecimal digits, either case) of the RFC
/// 4122 variant, as xAPI requires; not the braced, URN or hyphen-less forms.
#[must_use]
pub fn parse_uuid(text: &str) -> Option<Uuid> {
    let standard = text.len() == 36
        && text
            .bytes()
            .enumerate()
            .all(|(i, b)| if [8, 13, 18, 23].contains(&i) { b == b'-' } else { b.is_ascii_hexdigit() });
    let uuid = Uuid::parse_str(text).ok().filter(|_| standard)?;
    (uuid.get_variant() == uuid::Variant::RFC4122).then_some(uuid)
}

fn iri<'a>(value: &'a Value, path: &str) -> Checked<&'a str> {
    let text = string(value, path)?;
    if is_iri(text) { Ok(text) } else { Err(invalid(path, "expected an absolute IRI (with a scheme, such as https:)")) }
}

/// Best effort, as xAPI allows: a scheme, something after it, and no whitespace, control
/// or other character an IRI cannot hold.
#[must_use]
pub fn is_iri(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once(':') else { return false };
    let mut scheme_chars = scheme.chars();
    scheme_chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme_chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        && !rest.is_empty()
        && !text.chars().any(|c| c.is_whitespace() || c.is_control() || "<>\"{}|\\^`".contains(c))
}

fn mbox(value: &Value, path: &str) -> Checked {
    let text = string(value, path)?;
    let address = text.strip_prefix("mailto:").ok_or_else(|| invalid(path, "expected mailto: and an address"))?;
    if address.trim() != address || kernel::Email::parse(address).is_err() {
        return Err(invalid(path, "expected mailto: and an address"));
    }
    Ok(())
}

fn language_map(value: &Value, path: &str) -> Checked {
    let Value::Object(map) = value else { return Err(invalid(path, "expected an object")) };
    if map.is_empty() {
        return Err(invalid(path, "an empty object is not allowed"));
    }
    for (tag, text) in map {
        let p = at(path, tag);
        if !is_language_tag(tag) {
            return Err(invalid(&p, "expected an RFC 5646 language tag"));
        }
        string(text, &p)?;
    }
    Ok(())
}

fn extensions(value: &Value, path: &str) -> Checked {
    let Value::Object(map) = value else { return Err(invalid(path, "expected an object")) };
    match map.keys().find(|key| !is_iri(key)) {
        Some(key) => Err(invalid(&at(path, key), "an extension's key is an absolute IRI")),
        None => Ok(()),
    }
}

fn statement_ref(value: &Value, path: &str) -> Checked {
    let map = object(value, path, &["objectType", "id"], &["objectType", "id"])?;
    if string(&map["objectType"], &at(path, "objectType"))? != "StatementRef" {
        return Err(invalid(&at(path, "objectType"), "must be \"StatementRef\""));
    }
    uuid(&map["id"], &at(path, "id")).map(|_| ())
}

fn score(value: &Value, path: &str) -> Checked {
    let map = object(value, path, &["scaled", "raw", "min", "max"], &[])?;
    let number = |key: &str| -> Checked<Option<f64>> {
        map.get(key).map(|v| v.as_f64().ok_or_else(|| invalid(&at(path, key), "expected a number"))).transpose()
    };
    let (scaled, raw, min, max) = (number("scaled")?, number("raw")?, number("min")?, number("max")?);
    if scaled.is_some_and(|s| !(-1.0..=1.0).contains(&s)) {
        return Err(invalid(&at(path, "scaled"), "must lie between -1 and 1"));
    }
    if let (Some(min), Some(max)) = (min, max)
        && min >= max
    {
        return Err(invalid(&at(path, "min"), "must be less than max"));
    }
    if let Some(raw) = raw
        && (min.is_some_and(|min| raw < min) || max.is_some_and(|max| raw > max))
    {
        return Err(invalid(&at(path, "raw"), "must lie between min and max"));
    }
    Ok(())
}

fn timestamp(value: &Value, path: &str) -> Checked {
    match Timestamp::parse(string(value, path)?) {
        Some(_) => Ok(()),
        None => Err(invalid(path, "expected an ISO 8601 timestamp such as 2026-11-20T10:05:00.000Z")),
    }
}

/// An xAPI timestamp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timestamp {
    /// With its time zone (RFC 3339).
    Zoned(OffsetDateTime),
    /// Without a time zone, which xAPI allows but does not recommend.
    Local(PrimitiveDateTime),
}

impl Timestamp {
    /// RFC 3339 (a zone other than `-00:00`, "unknown"), or the same without a zone.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        if let Ok(moment) = OffsetDateTime::parse(text, &Rfc3339) {
            return (!text.ends_with("-00:00")).then_some(Self::Zoned(moment));
        }
        let local = format_description!("[year]-[month]-[day]T[hour]:[minute]:[second][optional [.[subsecond]]]");
        PrimitiveDateTime::parse(text, local).ok().map(Self::Local)
    }
}

/// An ISO 8601 duration (`PnYnMnDTnHnMnS` or `PnW`), each part as given.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Duration {
    pub years: f64,
    pub months: f64,
    pub weeks: f64,
    pub days: f64,
    pub hours: f64,
    pub minutes: f64,
    pub seconds: f64,
}

impl Duration {
    /// ISO 8601's format with designators (not the alternative `PYYYY-MM-DD…`); only the
    /// last part given may have a decimal fraction, weeks stand alone.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let rest = text.strip_prefix('P')?;
        let (date, time) = match rest.split_once('T') {
            Some((date, time)) => (date, Some(time)),
            None => (rest, None),
        };
        if time == Some("") {
            return None;
        }
        // (designator, in the time part, value, has a fraction)
        let mut parts: Vec<(char, bool, f64, bool)> = Vec::new();
        for (section, in_time) in [(date, false), (time.unwrap_or_default(), true)] {
            let mut number = String::new();
            for c in section.chars() {
                if c.is_ascii_digit() || c == '.' || c == ',' {
                    number.push(if c == ',' { '.' } else { c });
                    continue;
                }
                if number.is_empty()
                    || number.starts_with('.')
                    || number.ends_with('.')
                    || number.matches('.').count() > 1
                {
                    return None;
                }
                parts.push((c, in_time, number.parse().ok()?, number.contains('.')));
                number.clear();
            }
            if !number.is_empty() {
                return None;
            }
        }
        let mut duration = Self::default();
        let mut previous = None;
        let count = parts.len();
        for (index, (designator, in_time, value, fraction)) in parts.into_iter().enumerate() {
            if fraction && index + 1 != count {
                return None;
            }
            let (rank, slot) = match (in_time, designator) {
                (false, 'Y') => (0, &mut duration.years),
                (false, 'M') => (1, &mut duration.months),
                (false, 'W') if count == 1 => (2, &mut duration.weeks),
                (false, 'D') => (3, &mut duration.days),
                (true, 'H') => (4, &mut duration.hours),
                (true, 'M') => (5, &mut duration.minutes),
                (true, 'S') => (6, &mut duration.seconds),
                _ => return None,
            };
            if previous.is_some_and(|p| p >= rank) {
                return None;
            }
            previous = Some(rank);
            *slot = value;
        }
        (count > 0).then_some(duration)
    }
}

/// RFC 5646's shape, best effort as xAPI allows: a language of 2–8 letters, then extended
/// languages, script, region, variants, extensions and private use in that order (or a
/// private-use or grandfathered tag starting with `x-` or `i-`).
#[must_use]
pub fn is_language_tag(tag: &str) -> bool {
    let parts: Vec<&str> = tag.split('-').collect();
    if parts.iter().any(|p| p.is_empty() || p.len() > 8 || !p.bytes().all(|b| b.is_ascii_alphanumeric())) {
        return false;
    }
    let alpha = |p: &str| p.bytes().all(|b| b.is_ascii_alphabetic());
    let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    let first = parts[0];
    if first.eq_ignore_ascii_case("x") || first.eq_ignore_ascii_case("i") {
        return parts.len() > 1;
    }
    if !(2..=8).contains(&first.len()) || !alpha(first) {
        return false;
    }
    let mut i = 1;
    if first.len() <= 3 {
        let mut extlangs = 0;
        while i < parts.len() && extlangs < 3 && parts[i].len() == 3 && alpha(parts[i]) {
            i += 1;
            extlangs += 1;
        }
    }
    if i < parts.len() && parts[i].len() == 4 && alpha(parts[i]) {
        i += 1;
    }
    if i < parts.len() && ((parts[i].len() == 2 && alpha(parts[i])) || (parts[i].len() == 3 && digits(parts[i]))) {
        i += 1;
    }
    while i < parts.len()
        && ((5..=8).contains(&parts[i].len()) || (parts[i].len() == 4 && parts[i].as_bytes()[0].is_ascii_digit()))
    {
        i += 1;
    }
    while i < parts.len() && parts[i].len() == 1 && !parts[i].eq_ignore_ascii_case("x") {
        i += 1;
        let start = i;
        while i < parts.len() && parts[i].len() >= 2 {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    if i < parts.len() && parts[i].eq_ignore_ascii_case("x") {
        return parts.len() > i + 1;
    }
    i == parts.len()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn sound() -> Value {
        json!({
            "id": "0192f3a4-5b6c-7d8e-9f01-23456789abcd",
            "actor": { "objectType": "Agent", "name": "Tess", "mbox": "mailto:tess@orbis.example" },
            "verb": { "id": "http://adlnet.gov/expapi/verbs/completed", "display": { "en-US": "completed" } },
            "object": {
                "objectType": "Activity", "id": "https://playtrack.dev/xapi/levels/0192f3a4-5b6c-7d8e-9f01-23456789abcd",
                "definition": { "name": { "en": "Level 1" }, "type": "https://playtrack.dev/xapi/activity-types/level" },
            },
            "result": { "score": { "raw": 45, "min": 0, "max": 60, "scaled": 0.75 }, "duration": "PT10M", "extensions": {} },
            "context": {
                "contextActivities": { "parent": { "id": "https://playtrack.dev/xapi/chapters/1" } },
                "extensions": { "https://playtrack.dev/xapi/extensions/difficulty": "medium", "https://x.example/null": null },
                "platform": "Playtrack Game", "language": "en-GB",
            },
            "timestamp": "2026-11-20T10:05:00.000Z",
            "version": "1.0.0",
        })
    }

    fn refused(value: &Value) -> Invalid {
        statement(value, Version::V1).err().unwrap_or_else(|| panic!("accepted: {value}"))
    }

    /// `value` with the property at `pointer` set (added when absent).
    fn with(mut value: Value, pointer: &str, new: Value) -> Value {
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        value.pointer_mut(parent).unwrap().as_object_mut().unwrap().insert(key.to_owned(), new);
        value
    }

    fn without(mut value: Value, pointer: &str) -> Value {
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        value.pointer_mut(parent).unwrap().as_object_mut().unwrap().remove(key);
        value
    }

    #[test]
    fn a_sound_statement_passes_and_the_three_parts_are_required() {
        statement(&sound(), Version::V1).unwrap();
        for part in ["actor", "verb", "object"] {
            assert_eq!(refused(&without(sound(), &format!("/{part}"))), invalid(part, "required"));
        }
    }

    #[test]
    fn what_xapi_refuses_is_refused_with_the_path_at_fault() {
        let cases = [
            (with(sound(), "/id", json!("0192F3A45B6C7D8E9F0123456789ABCD")), "id"),
            (with(sound(), "/id", json!("{0192f3a4-5b6c-7d8e-9f01-23456789abcd}")), "id"),
            (with(sound(), "/id", json!(42)), "id"),
            (with(sound(), "/actor/mbox", json!("tess@orbis.example")), "actor.mbox"),
            (with(sound(), "/actor/objectType", json!("agent")), "actor.objectType"),
            (with(sound(), "/actor/name", Value::Null), "actor.name"),
            (with(sound(), "/actor/account", json!({ "homePage": "https://p.example", "name": "1" })), "actor"),
            (without(sound(), "/actor/mbox"), "actor"),
            (with(sound(), "/verb/id", json!("completed")), "verb.id"),
            (with(sound(), "/verb/display", json!({})), "verb.display"),
            (with(sound(), "/verb/display", json!({ "en_US": "completed" })), "verb.display.en_US"),
            (with(sound(), "/verb/Display", json!({ "en": "completed" })), "verb.Display"),
            (with(sound(), "/object/objectType", json!("Level")), "object.objectType"),
            (with(sound(), "/object/definition/interactionType", json!("essay")), "object.definition.interactionType"),
            (with(sound(), "/result/score/raw", json!("45")), "result.score.raw"),
            (with(sound(), "/result/score/raw", json!(61)), "result.score.raw"),
            (with(sound(), "/result/score/scaled", json!(1.5)), "result.score.scaled"),
            (with(sound(), "/result/duration", json!("10 minutes")), "result.duration"),
            (with(sound(), "/result/success", json!("true")), "result.success"),
            (with(sound(), "/context/language", json!("english language")), "context.language"),
            (with(sound(), "/context/registration", json!("not-a-uuid")), "context.registration"),
            (
                with(sound(), "/context/contextActivities/parent", json!([{ "id": "chapter 1" }])),
                "context.contextActivities.parent[0].id",
            ),
            (with(sound(), "/context/contextActivities/grouping", json!([])), ""),
            (with(sound(), "/context/extensions", json!({ "difficulty": "medium" })), "context.extensions.difficulty"),
            (with(sound(), "/timestamp", json!("20 November 2026")), "timestamp"),
            (with(sound(), "/timestamp", json!("2026-11-20T10:05:00-00:00")), "timestamp"),
            (with(sound(), "/version", json!("2.0.0")), "version"),
            (with(sound(), "/version", json!("0.95")), "version"),
            (with(sound(), "/stored", json!("yesterday")), "stored"),
            (with(sound(), "/authority", json!({ "name": "nobody" })), "authority"),
            (with(sound(), "/attachments", json!([{ "usageType": "https://x.example/u" }])), "attachments[0].display"),
        ];
        for (statement_value, path) in cases {
            if path.is_empty() {
                statement(&statement_value, Version::V1).expect("an empty list is allowed");
                continue;
            }
            assert_eq!(refused(&statement_value).path, path, "{statement_value}");
        }
        let voiding = with(sound(), "/verb/id", json!(VOIDED));
        assert_eq!(refused(&voiding).path, "object.objectType");
    }

    #[test]
    fn sub_statements_are_statements_that_nest_no_further() {
        let sub = json!({
            "objectType": "SubStatement",
            "actor": { "mbox": "mailto:a@b.example" },
            "verb": { "id": "https://x.example/verbs/planned" },
            "object": { "id": "https://x.example/activity" },
        });
        let about_a_statement = || without(sound(), "/context/platform");
        statement(&with(about_a_statement(), "/object", sub.clone()), Version::V1).unwrap();
        let nested = with(about_a_statement(), "/object", with(sub.clone(), "/object", sub.clone()));
        assert_eq!(refused(&nested).path, "object.object.objectType");
        assert_eq!(
            refused(&with(about_a_statement(), "/object", with(sub.clone(), "/id", json!("x")))).path,
            "object.id"
        );
        assert_eq!(refused(&with(sound(), "/object", sub)).path, "context.platform", "only about an Activity");
    }

    #[test]
    fn two_point_zero_adds_context_agents() {
        let agents = json!([{ "objectType": "contextAgent", "agent": { "mbox": "mailto:coach@orbis.example" }, "relevantTypes": ["https://x.example/coach"] }]);
        let statement_value = with(sound(), "/context/platform", json!("web"));
        let mut two = statement_value.clone();
        two["context"]["contextAgents"] = agents;
        assert_eq!(refused(&two).path, "context.contextAgents");
        statement(&two, Version::V2).unwrap();
        statement(&with(sound(), "/version", json!("2.0.0")), Version::V2).unwrap();
    }

    #[test]
    fn durations_follow_iso_8601() {
        let d = Duration::parse("PT1H5M30.5S").unwrap();
        assert_eq!((d.hours, d.minutes, d.seconds), (1.0, 5.0, 30.5));
        assert_eq!(Duration::parse("P4W").unwrap().weeks, 4.0);
        assert_eq!(Duration::parse("P1Y2M3DT4H").unwrap().months, 2.0);
        assert_eq!(Duration::parse("PT0,5H").unwrap().hours, 0.5);
        for wrong in
            ["", "P", "PT", "T10M", "PT10", "P4W1D", "PT1.5H10M", "PT10M5H", "P1DT", "PT.5S", "PT-1S", "PT1M1M", "10M"]
        {
            assert_eq!(Duration::parse(wrong), None, "{wrong}");
        }
    }

    #[test]
    fn language_tags_and_iris_are_checked_for_their_shape() {
        for tag in [
            "en",
            "en-US",
            "zh-Hans-CN",
            "es-419",
            "sl-rozaj-biske",
            "de-CH-1901",
            "x-private",
            "en-a-bbb-x-ccc",
            "zh-yue-HK",
        ] {
            assert!(is_language_tag(tag), "{tag}");
        }
        for tag in ["", "e", "toolonglanguage", "en_US", "en-", "1en", "en-a", "en-x"] {
            assert!(!is_language_tag(tag), "{tag}");
        }
        assert!(is_iri("https://playtrack.dev/xapi/levels/1") && is_iri("urn:uuid:1") && is_iri("mailto:a@b.c"));
        for wrong in ["playtrack.dev/levels", ":x", "https:", "1http://x", "http://a b", "http://x/<y>"] {
            assert!(!is_iri(wrong), "{wrong}");
        }
        assert!(Timestamp::parse("2026-11-20T10:05:00+01:00").is_some());
        assert!(matches!(Timestamp::parse("2026-11-20T10:05:00.123"), Some(Timestamp::Local(_))));
    }
}

//! JSON as xAPI reads it: a property may occur once in an object. `serde_json` keeps the
//! last of a repeated key silently; xAPI's conformance tests expect the statement refused.

use serde::{
    Deserialize, Deserializer,
    de::{self, MapAccess, SeqAccess, Visitor},
};
use serde_json::{Map, Number, Value};

/// Parses `bytes` as JSON, refusing an object that repeats a key.
///
/// # Errors
/// Invalid JSON, a repeated key, or nesting deeper than `serde_json` allows.
pub fn parse(bytes: &[u8]) -> Result<Value, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let Strict(value) = Strict::deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(Strict(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                let shown: String = key.chars().take(60).collect();
                return Err(de::Error::custom(format!("the property {shown:?} occurs twice in one object")));
            }
            let Strict(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn json_is_read_as_serde_json_reads_it_but_a_key_may_occur_once() {
        let text = br#"{"a": [1, -2, 2.5, "x", null, true, {"b": {}}], "c": "\u00e9"}"#;
        assert_eq!(parse(text).unwrap(), json!({"a": [1, -2, 2.5, "x", null, true, {"b": {}}], "c": "é"}));
        let twice = parse(br#"{"actor": {"mbox": "mailto:a@b.c", "mbox": "mailto:d@e.f"}}"#).unwrap_err();
        assert!(twice.to_string().contains("\"mbox\" occurs twice"), "{twice}");
        assert!(parse(br#"{"a": 1} x"#).is_err(), "trailing characters");
        assert!(parse(b"").is_err());
    }
}

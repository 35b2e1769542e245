//! A small JSON Schema builder for tool arguments and results, and the
//! argument check the SDK runs before a tool sees its arguments.
//!
//! Object schemas are closed by default (`additionalProperties: false`
//! plus a `required` list): an unknown or missing argument is refused with
//! `invalidParams` before the tool runs, and the model reading the error
//! can correct itself.

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value, json};

/// A JSON Schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Schema(Value);

impl Schema {
    /// `{"type": "string"}`.
    pub fn string() -> Schema {
        Schema(json!({"type": "string"}))
    }

    /// `{"type": "integer"}`.
    pub fn integer() -> Schema {
        Schema(json!({"type": "integer"}))
    }

    /// `{"type": "number"}`.
    pub fn number() -> Schema {
        Schema(json!({"type": "number"}))
    }

    /// `{"type": "boolean"}`.
    pub fn boolean() -> Schema {
        Schema(json!({"type": "boolean"}))
    }

    /// An array of `items`.
    pub fn array(items: impl Into<Schema>) -> Schema {
        Schema(json!({"type": "array", "items": items.into().0}))
    }

    /// A string that must be one of `values`.
    pub fn one_of(values: &[&str]) -> Schema {
        Schema(json!({"type": "string", "enum": values}))
    }

    /// A closed object schema with no properties yet; add them with
    /// [`ObjectSchema::required`] and [`ObjectSchema::optional`].
    pub fn object() -> ObjectSchema {
        ObjectSchema::default()
    }

    /// Any JSON value described by raw JSON Schema, for what the builder
    /// does not cover.
    pub fn raw(schema: Value) -> Schema {
        Schema(schema)
    }

    /// Adds a `description`.
    pub fn describe(self, text: impl Into<String>) -> Schema {
        self.with("description", Value::String(text.into()))
    }

    /// Sets any other keyword, e.g. `minimum` or `default`.
    pub fn with(mut self, keyword: &str, value: Value) -> Schema {
        if let Value::Object(map) = &mut self.0 {
            map.insert(keyword.to_string(), value);
        }
        self
    }

    /// The schema as JSON.
    pub fn as_json(&self) -> &Value {
        &self.0
    }
}

/// An object schema under construction. Closed unless [`ObjectSchema::open`]
/// is called.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectSchema {
    properties: Map<String, Value>,
    required: Vec<String>,
    closed: bool,
    description: Option<String>,
}

impl Default for ObjectSchema {
    fn default() -> Self {
        ObjectSchema {
            properties: Map::new(),
            required: Vec::new(),
            closed: true,
            description: None,
        }
    }
}

impl ObjectSchema {
    /// Adds a property that must be present.
    pub fn required(mut self, name: &str, schema: impl Into<Schema>) -> ObjectSchema {
        self.properties.insert(name.to_string(), schema.into().0);
        if !self.required.iter().any(|r| r == name) {
            self.required.push(name.to_string());
        }
        self
    }

    /// Adds a property that may be absent.
    pub fn optional(mut self, name: &str, schema: impl Into<Schema>) -> ObjectSchema {
        self.properties.insert(name.to_string(), schema.into().0);
        self
    }

    /// Allows properties beyond the declared ones.
    pub fn open(mut self) -> ObjectSchema {
        self.closed = false;
        self
    }

    /// Adds a `description`.
    pub fn describe(mut self, text: impl Into<String>) -> ObjectSchema {
        self.description = Some(text.into());
        self
    }
}

impl From<ObjectSchema> for Schema {
    fn from(o: ObjectSchema) -> Schema {
        let mut map = Map::new();
        map.insert("type".into(), json!("object"));
        if let Some(d) = o.description {
            map.insert("description".into(), Value::String(d));
        }
        map.insert("properties".into(), Value::Object(o.properties));
        if !o.required.is_empty() {
            map.insert("required".into(), json!(o.required));
        }
        if o.closed {
            map.insert("additionalProperties".into(), Value::Bool(false));
        }
        Schema(Value::Object(map))
    }
}

/// The JSON types a property's `type` keyword can name.
#[derive(Debug, Clone, Copy, PartialEq)]
enum JsonType {
    String,
    Integer,
    Number,
    Boolean,
    Array,
    Object,
    Null,
}

impl JsonType {
    fn named(name: &str) -> Option<JsonType> {
        Some(match name {
            "string" => JsonType::String,
            "integer" => JsonType::Integer,
            "number" => JsonType::Number,
            "boolean" => JsonType::Boolean,
            "array" => JsonType::Array,
            "object" => JsonType::Object,
            "null" => JsonType::Null,
            _ => return None,
        })
    }

    fn matches(self, value: &Value) -> bool {
        match self {
            JsonType::String => value.is_string(),
            JsonType::Integer => value.is_i64() || value.is_u64(),
            JsonType::Number => value.is_number(),
            JsonType::Boolean => value.is_boolean(),
            JsonType::Array => value.is_array(),
            JsonType::Object => value.is_object(),
            JsonType::Null => value.is_null(),
        }
    }

    /// Whether a value of `kind` is of this type, as [`JsonType::matches`]
    /// judges the parsed value.
    fn admits(self, kind: Kind) -> bool {
        match self {
            JsonType::String => kind == Kind::String,
            JsonType::Integer => kind == Kind::Integer,
            JsonType::Number => matches!(kind, Kind::Integer | Kind::Float),
            JsonType::Boolean => kind == Kind::Boolean,
            JsonType::Array => kind == Kind::Array,
            JsonType::Object => kind == Kind::Object,
            JsonType::Null => kind == Kind::Null,
        }
    }

    /// The type as an error message names what was expected.
    fn expected(self) -> &'static str {
        match self {
            JsonType::String => "a string",
            JsonType::Integer => "an integer",
            JsonType::Number => "a number",
            JsonType::Boolean => "a boolean",
            JsonType::Array => "an array",
            JsonType::Object => "an object",
            JsonType::Null => "null",
        }
    }
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// One declared property of an [`ArgumentCheck`].
#[derive(Debug, Clone)]
struct Property {
    name: String,
    /// Its `type`, if it names one of JSON's types.
    kind: Option<JsonType>,
    /// Its `enum`, if it has one.
    allowed: Option<Vec<Value>>,
}

/// The top level of an object schema, read once when a tool is declared,
/// which a call's arguments are checked against: they must be an object,
/// have every required property, no undeclared property when the schema is
/// closed, and each declared property of its declared `type` and among its
/// `enum` values. Nested schemas are the tool's to check.
///
/// Why read ahead: looking each keyword up in the schema's JSON on every
/// call was a quarter of a trivial plug-in call's instructions.
#[derive(Debug, Clone)]
pub(crate) struct ArgumentCheck {
    properties: Vec<Property>,
    /// Each required name with its index in `properties`, if declared there.
    required: Vec<(String, Option<usize>)>,
    closed: bool,
}

impl ArgumentCheck {
    /// Reads the check out of `schema`.
    pub(crate) fn new(schema: &Value) -> ArgumentCheck {
        let properties: Vec<Property> = schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(name, property)| Property {
                name: name.clone(),
                kind: property
                    .get("type")
                    .and_then(Value::as_str)
                    .and_then(JsonType::named),
                allowed: property.get("enum").and_then(Value::as_array).cloned(),
            })
            .collect();
        let required = schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(|name| {
                let index = properties.iter().position(|p| p.name == name);
                (name.to_string(), index)
            })
            .collect();
        ArgumentCheck {
            properties,
            required,
            closed: schema.get("additionalProperties") == Some(&Value::Bool(false)),
        }
    }

    /// Checks the `arguments` of a call of `tool`; the error says what is
    /// wrong, naming the argument. A missing argument is reported before
    /// any other fault.
    pub(crate) fn check(&self, tool: &str, arguments: &Value) -> Result<(), String> {
        let Some(args) = arguments.as_object() else {
            return Err(format!(
                "the arguments of `{tool}` must be a JSON object, not {}",
                type_name(arguments)
            ));
        };
        // Which of the first 64 declared properties are present, for the
        // required check (a later one is looked up in the arguments).
        let mut present: u64 = 0;
        let mut fault = None;
        for (name, value) in args {
            let Some(index) = self.index_of(name) else {
                if self.closed && fault.is_none() {
                    fault = Some(self.unknown(tool, name));
                }
                continue;
            };
            if index < 64 {
                present |= 1 << index;
            }
            if fault.is_none() {
                fault = self.properties[index].fault(tool, value);
            }
        }
        for (name, index) in &self.required {
            let found = match index {
                Some(i) if *i < 64 => present & (1 << i) != 0,
                _ => args.contains_key(name),
            };
            if !found {
                return Err(format!("`{tool}` needs the argument `{name}`"));
            }
        }
        fault.map_or(Ok(()), Err)
    }

    /// Whether `arguments`, the call's JSON text, certainly passes
    /// [`ArgumentCheck::check`], read without building a value. `false`
    /// when it fails, and whenever the probe cannot tell cheaply: a
    /// property with an `enum`, a name given twice or written with
    /// escapes, more than 64 declared properties. The caller then parses
    /// the text and runs the full check, whose message says what is wrong.
    ///
    /// Why: parsing the arguments into a value, checking it and then
    /// deserialising the tool's own type from that value was most of a
    /// trivial tool's work; on this path the text is read twice and
    /// nothing but the tool's own type is built.
    pub(crate) fn passes(&self, arguments: &str) -> bool {
        if self.properties.len() > 64 {
            return false;
        }
        let mut reader = serde_json::Deserializer::from_str(arguments);
        matches!(Probe(self).deserialize(&mut reader), Ok(true)) && reader.end().is_ok()
    }

    /// Where the property `name` is declared, if it is.
    fn index_of(&self, name: &str) -> Option<usize> {
        self.properties.iter().position(|p| p.name == name)
    }

    fn unknown(&self, tool: &str, name: &str) -> String {
        let mut known: Vec<String> = self
            .properties
            .iter()
            .map(|p| format!("`{}`", p.name))
            .collect();
        known.sort();
        if known.is_empty() {
            format!("`{tool}` takes no arguments, but was given `{name}`")
        } else {
            format!(
                "`{tool}` has no argument `{name}`; its arguments are {}",
                known.join(", ")
            )
        }
    }
}

/// Reads an arguments object for [`ArgumentCheck::passes`].
struct Probe<'a>(&'a ArgumentCheck);

impl<'de> DeserializeSeed<'de> for Probe<'_> {
    type Value = bool;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Probe<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an arguments object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
        let check = self.0;
        let mut present: u64 = 0;
        // Undeclared names (an open schema), to see one given twice; no
        // allocation unless there are any.
        let mut undeclared: Vec<&'de str> = Vec::new();
        // A name with escapes fails to borrow: an error, so `false`.
        while let Some(name) = map.next_key::<&'de str>()? {
            let Some(index) = check.index_of(name) else {
                if check.closed || undeclared.contains(&name) {
                    return Ok(false);
                }
                undeclared.push(name);
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            let property = &check.properties[index];
            if property.allowed.is_some() || present & (1 << index) != 0 {
                return Ok(false);
            }
            present |= 1 << index;
            let kind = map.next_value::<Kind>()?;
            if property.kind.is_some_and(|k| !k.admits(kind)) {
                return Ok(false);
            }
        }
        Ok(check.required.iter().all(|(name, index)| match index {
            Some(i) => present & (1 << i) != 0,
            None => undeclared.contains(&name.as_str()),
        }))
    }
}

/// What kind of JSON value an argument is, read without keeping it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    String,
    Integer,
    Float,
    Boolean,
    Array,
    Object,
    Null,
}

impl<'de> serde::Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Kind, D::Error> {
        d.deserialize_any(KindVisitor)
    }
}

struct KindVisitor;

impl<'de> Visitor<'de> for KindVisitor {
    type Value = Kind;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Kind, E> {
        Ok(Kind::Boolean)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Kind, E> {
        Ok(Kind::Integer)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Kind, E> {
        Ok(Kind::Integer)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Kind, E> {
        Ok(Kind::Float)
    }

    fn visit_str<E>(self, _: &str) -> Result<Kind, E> {
        Ok(Kind::String)
    }

    fn visit_unit<E>(self) -> Result<Kind, E> {
        Ok(Kind::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Kind, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Kind::Array)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Kind, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Kind::Object)
    }
}

impl Property {
    /// What is wrong with `value` for this property, if anything.
    fn fault(&self, tool: &str, value: &Value) -> Option<String> {
        let name = &self.name;
        if let Some(kind) = self.kind
            && !kind.matches(value)
        {
            return Some(format!(
                "argument `{name}` of `{tool}` must be {}, not {}",
                kind.expected(),
                type_name(value)
            ));
        }
        if let Some(allowed) = &self.allowed
            && !allowed.contains(value)
        {
            let allowed: Vec<String> = allowed.iter().map(Value::to_string).collect();
            return Some(format!(
                "argument `{name}` of `{tool}` must be one of {}, not {value}",
                allowed.join(", ")
            ));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Value {
        Schema::from(
            Schema::object()
                .required("name", Schema::string())
                .optional("count", Schema::integer())
                .optional("mode", Schema::one_of(&["fast", "slow"])),
        )
        .0
    }

    #[test]
    fn object_schemas_are_closed_with_a_required_list() {
        assert_eq!(
            schema(),
            json!({
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "count": {"type": "integer"},
                    "mode": {"type": "string", "enum": ["fast", "slow"]},
                },
                "required": ["name"],
                "additionalProperties": false,
            })
        );
    }

    #[test]
    fn arguments_are_checked_with_messages_naming_the_argument() {
        let s = ArgumentCheck::new(&schema());
        assert!(s.check("t", &json!({"name": "x", "count": 2})).is_ok());
        let err = |args: Value| s.check("t", &args).unwrap_err();
        assert_eq!(err(json!({})), "`t` needs the argument `name`");
        // A missing argument is reported before an unknown or wrong one.
        assert_eq!(
            err(json!({"colour": 1, "count": "2"})),
            "`t` needs the argument `name`"
        );
        assert_eq!(
            err(json!({"name": "x", "colour": 1})),
            "`t` has no argument `colour`; its arguments are `count`, `mode`, `name`"
        );
        assert_eq!(
            err(json!({"name": "x", "count": "2"})),
            "argument `count` of `t` must be an integer, not a string"
        );
        assert_eq!(
            err(json!({"name": "x", "mode": "medium"})),
            "argument `mode` of `t` must be one of \"fast\", \"slow\", not \"medium\""
        );
        assert_eq!(
            err(json!([1])),
            "the arguments of `t` must be a JSON object, not an array"
        );
    }

    #[test]
    fn the_probe_passes_only_what_the_check_passes() {
        let typed = ArgumentCheck::new(
            &Schema::from(
                Schema::object()
                    .required("name", Schema::string())
                    .optional("count", Schema::integer())
                    .optional("ratio", Schema::number())
                    .optional("tags", Schema::array(Schema::string())),
            )
            .0,
        );
        let open = ArgumentCheck::new(&json!({
            "type": "object",
            "properties": {"n": {"type": "number"}},
            "required": ["token"],
        }));
        let cases = [
            (&typed, r#"{"name":"x"}"#, true),
            (
                &typed,
                r#" { "name" : "x\n" , "count" : -2, "ratio": 1, "tags": ["a"] } "#,
                true,
            ),
            (&typed, r#"{"name":"x","ratio":0.5}"#, true),
            (&typed, r#"{"name":"x","count":1.0}"#, false),
            (&typed, r#"{"name":"x","count":"1"}"#, false),
            (&typed, r#"{"name":null}"#, false),
            (&typed, r#"{"count":1}"#, false),
            (&typed, r#"{"name":"x","colour":1}"#, false),
            (&typed, r#"["x"]"#, false),
            (&typed, r#"{"name":"x"} trailing"#, false),
            // Given twice: the parsed value keeps the last, a type's own
            // deserialiser may refuse it; left to the full check.
            (&typed, r#"{"name":"x","name":"y"}"#, false),
            // A name with escapes: left to the full check.
            (&typed, r#"{"n\u0061me":"x"}"#, false),
            (&open, r#"{"token":{"a":[1,{}]},"n":2,"extra":null}"#, true),
            (&open, r#"{"token":1,"token":2}"#, false),
            (&open, r#"{"n":2}"#, false),
        ];
        for (check, text, expected) in cases {
            assert_eq!(check.passes(text), expected, "{text}");
            if expected {
                let value: Value = serde_json::from_str(text).unwrap();
                assert!(check.check("t", &value).is_ok(), "{text}");
            }
        }
        // A property with an `enum` is always left to the full check.
        let s = ArgumentCheck::new(&schema());
        assert!(!s.passes(r#"{"name":"x","mode":"fast"}"#));
        assert!(s.passes(r#"{"name":"x"}"#));
    }

    #[test]
    fn raw_schemas_are_checked_by_the_same_rules() {
        // Required without a declared property, an open object, a type
        // the check does not know (left to the tool).
        let s = ArgumentCheck::new(&json!({
            "type": "object",
            "properties": {"when": {"type": "date"}, "n": {"type": "number"}},
            "required": ["token"],
        }));
        assert!(
            s.check("t", &json!({"token": 1, "when": 3, "extra": []}))
                .is_ok()
        );
        assert_eq!(
            s.check("t", &json!({"when": 3})).unwrap_err(),
            "`t` needs the argument `token`"
        );
        assert_eq!(
            s.check("t", &json!({"token": 1, "n": true})).unwrap_err(),
            "argument `n` of `t` must be a number, not a boolean"
        );
        let closed = ArgumentCheck::new(&json!({"type": "object", "additionalProperties": false}));
        assert_eq!(
            closed.check("t", &json!({"x": 1})).unwrap_err(),
            "`t` takes no arguments, but was given `x`"
        );
    }
}

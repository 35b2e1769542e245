//! A small JSON Schema builder for tool arguments and results, and the
//! argument check the SDK runs before a tool sees its arguments.
//!
//! Object schemas are closed by default (`additionalProperties: false`
//! plus a `required` list): an unknown or missing argument is refused with
//! `invalidParams` before the tool runs, and the model reading the error
//! can correct itself.

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
            let Some(index) = self.properties.iter().position(|p| p.name == *name) else {
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

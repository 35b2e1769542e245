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

fn type_matches(expected: &str, value: &Value) -> bool {
    match expected {
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "null" => value.is_null(),
        _ => true,
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

/// Checks `arguments` against the top level of an object `schema`: it must
/// be an object, have every required property, no undeclared property
/// when the schema is closed, and each declared property of its declared
/// type (and `enum`). The message names the argument and what is expected.
pub(crate) fn check_arguments(tool: &str, schema: &Value, arguments: &Value) -> Result<(), String> {
    let Some(args) = arguments.as_object() else {
        return Err(format!(
            "the arguments of `{tool}` must be a JSON object, not {}",
            type_name(arguments)
        ));
    };
    let empty = Map::new();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    if let Some(required) = schema.get("required").and_then(Value::as_array) {
        for name in required.iter().filter_map(Value::as_str) {
            if !args.contains_key(name) {
                return Err(format!("`{tool}` needs the argument `{name}`"));
            }
        }
    }
    let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
    for (name, value) in args {
        let Some(property) = properties.get(name) else {
            if closed {
                let mut known: Vec<String> = properties.keys().map(|k| format!("`{k}`")).collect();
                known.sort();
                return Err(if known.is_empty() {
                    format!("`{tool}` takes no arguments, but was given `{name}`")
                } else {
                    format!(
                        "`{tool}` has no argument `{name}`; its arguments are {}",
                        known.join(", ")
                    )
                });
            }
            continue;
        };
        if let Some(expected) = property.get("type").and_then(Value::as_str)
            && !type_matches(expected, value)
        {
            return Err(format!(
                "argument `{name}` of `{tool}` must be {}, not {}",
                match expected {
                    "integer" => "an integer",
                    "object" => "an object",
                    "array" => "an array",
                    other => other,
                },
                type_name(value)
            ));
        }
        if let Some(allowed) = property.get("enum").and_then(Value::as_array)
            && !allowed.contains(value)
        {
            let allowed: Vec<String> = allowed.iter().map(Value::to_string).collect();
            return Err(format!(
                "argument `{name}` of `{tool}` must be one of {}, not {value}",
                allowed.join(", ")
            ));
        }
    }
    Ok(())
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
        let s = schema();
        assert!(check_arguments("t", &s, &json!({"name": "x", "count": 2})).is_ok());
        let err = |args: Value| check_arguments("t", &s, &args).unwrap_err();
        assert_eq!(err(json!({})), "`t` needs the argument `name`");
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
}

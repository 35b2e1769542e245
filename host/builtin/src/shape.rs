//! Shapes several tools share: a method reference, a list of them with its
//! true total, and their JSON Schemas — so every tool that answers methods
//! answers them the same way.

use serde_json::{Value, json};

/// `Account>>deposit:` or `Account class>>new`, as Smalltalk tools print a
/// method.
pub fn method_label(class_name: &str, meta: bool, selector: &str) -> String {
    if meta {
        format!("{class_name} class>>{selector}")
    } else {
        format!("{class_name}>>{selector}")
    }
}

/// One method reference as structured content.
pub fn method_ref(class_name: &str, meta: bool, selector: &str) -> Value {
    json!({"className": class_name, "meta": meta, "selector": selector})
}

/// The schema of [`method_ref`].
pub fn method_ref_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "className": {"type": "string"},
            "meta": {"type": "boolean"},
            "selector": {"type": "string"}
        },
        "required": ["className", "meta", "selector"],
        "additionalProperties": false
    })
}

/// The schema of an object with exactly `properties`, all required.
pub fn closed_object(properties: Value) -> Value {
    let required: Vec<String> = properties
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false
    })
}

/// The schema of an array of `items`.
pub fn array_of(items: Value) -> Value {
    json!({"type": "array", "items": items})
}

/// The schema of a string.
pub fn string() -> Value {
    json!({"type": "string"})
}

/// The schema of a boolean.
pub fn boolean() -> Value {
    json!({"type": "boolean"})
}

/// The schema of a non-negative integer.
pub fn count() -> Value {
    json!({"type": "integer", "minimum": 0})
}

/// The schema of a string or null.
pub fn nullable_string() -> Value {
    json!({"type": ["string", "null"]})
}

/// The schema of an array of strings.
pub fn strings() -> Value {
    array_of(string())
}

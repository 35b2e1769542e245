//! The subset of JSON Schema the built-in tools' output schemas use, for
//! the tests that check answers against them.

use serde_json::Value;

/// Checks `value` against the subset of JSON Schema the built-in tools'
/// output schemas use (type, properties, required, additionalProperties,
/// items, enum, anyOf), naming the path of the first mismatch.
pub fn conforms(schema: &Value, value: &Value, path: &str) -> Result<(), String> {
    if let Some(alternatives) = schema.get("anyOf").and_then(Value::as_array) {
        let failures: Vec<String> = alternatives
            .iter()
            .filter_map(|alt| conforms(alt, value, path).err())
            .collect();
        if failures.len() == alternatives.len() {
            return Err(format!(
                "{path}: matches no alternative: {}",
                failures.join(" | ")
            ));
        }
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        let matches = types.iter().any(|t| match *t {
            "object" => value.is_object(),
            "array" => value.is_array(),
            "string" => value.is_string(),
            "boolean" => value.is_boolean(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            "null" => value.is_null(),
            _ => false,
        });
        if !matches {
            return Err(format!("{path}: {value} is not of type {types:?}"));
        }
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array)
        && !options.contains(value)
    {
        return Err(format!("{path}: {value} is not one of {options:?}"));
    }
    if let Some(min) = schema.get("minimum").and_then(Value::as_i64)
        && value.as_i64().is_some_and(|v| v < min)
    {
        return Err(format!("{path}: {value} is below {min}"));
    }
    if let Some(obj) = value.as_object() {
        let props = schema.get("properties").and_then(Value::as_object);
        for req in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let req = req.as_str().unwrap();
            if !obj.contains_key(req) {
                return Err(format!("{path}: missing required property {req}"));
            }
        }
        for (k, v) in obj {
            match props.and_then(|p| p.get(k)) {
                Some(s) => conforms(s, v, &format!("{path}.{k}"))?,
                None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    return Err(format!("{path}: property {k} is not in the schema"));
                }
                None => {}
            }
        }
    }
    if let (Some(items), Some(arr)) = (schema.get("items"), value.as_array()) {
        for (i, v) in arr.iter().enumerate() {
            conforms(items, v, &format!("{path}[{i}]"))?;
        }
    }
    Ok(())
}

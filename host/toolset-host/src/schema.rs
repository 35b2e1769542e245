//! JSON Schema as the host enforces it on what a plug-in declares and
//! answers: [`check`] refuses at load a schema whose keywords have the
//! wrong form (`"properties": 42`, `"required": "nope"`), so clients never
//! see it; [`validate`] checks structured content against a tool's own
//! output schema before it reaches the client.
//!
//! The validator covers the keywords tool schemas use: `type`, `enum`,
//! `const`, `properties`, `required`, `additionalProperties`, `items`,
//! `minItems`/`maxItems`, `minLength`/`maxLength`, `minimum`/`maximum`,
//! `exclusiveMinimum`/`exclusiveMaximum`,
//! `allOf`/`anyOf`/`oneOf`/`not`. Keywords it does not know (`$ref`,
//! `format`, annotations) constrain nothing here, as JSON Schema treats
//! unknown keywords.

use serde_json::{Map, Value};

/// The names `type` may give.
const TYPES: [&str; 7] = [
    "null", "boolean", "object", "array", "number", "string", "integer",
];

/// Deepest schema nesting checked; deeper schemas are refused.
const MAX_DEPTH: usize = 64;

/// Checks that `schema` is a well-formed JSON Schema in the keywords
/// [`validate`] knows. The error names the keyword's place.
pub(crate) fn check(schema: &Value) -> Result<(), String> {
    check_at(schema, "#", 0)
}

fn check_at(schema: &Value, at: &str, depth: usize) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!("{at} nests deeper than {MAX_DEPTH} levels"));
    }
    let obj = match schema {
        Value::Bool(_) => return Ok(()),
        Value::Object(o) => o,
        _ => return Err(format!("{at} must be a schema (an object or a boolean)")),
    };
    let sub = |key: &str| format!("{at}/{key}");
    if let Some(t) = obj.get("type") {
        let names: Vec<&Value> = match t {
            Value::Array(a) => a.iter().collect(),
            one => vec![one],
        };
        for n in names {
            if !n.as_str().is_some_and(|n| TYPES.contains(&n)) {
                return Err(format!(
                    "{} is {n}; a type is one of {}",
                    sub("type"),
                    TYPES.join(", ")
                ));
            }
        }
    }
    if let Some(p) = obj.get("properties") {
        let Value::Object(props) = p else {
            return Err(format!(
                "{} must be an object of schemas",
                sub("properties")
            ));
        };
        for (name, s) in props {
            check_at(s, &format!("{at}/properties/{name}"), depth + 1)?;
        }
    }
    if let Some(r) = obj.get("required")
        && !r.as_array().is_some_and(|a| a.iter().all(Value::is_string))
    {
        return Err(format!(
            "{} must be an array of property names",
            sub("required")
        ));
    }
    if let Some(e) = obj.get("enum")
        && !e.is_array()
    {
        return Err(format!("{} must be an array", sub("enum")));
    }
    for key in ["additionalProperties", "items", "not"] {
        if let Some(s) = obj.get(key) {
            check_at(s, &sub(key), depth + 1)?;
        }
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        if let Some(list) = obj.get(key) {
            let Some(list) = list.as_array().filter(|l| !l.is_empty()) else {
                return Err(format!("{} must be a non-empty array of schemas", sub(key)));
            };
            for (i, s) in list.iter().enumerate() {
                check_at(s, &format!("{at}/{key}/{i}"), depth + 1)?;
            }
        }
    }
    for key in ["minItems", "maxItems", "minLength", "maxLength"] {
        if let Some(n) = obj.get(key)
            && n.as_u64().is_none()
        {
            return Err(format!("{} must be a non-negative integer", sub(key)));
        }
    }
    for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
        if let Some(n) = obj.get(key)
            && !n.is_number()
        {
            return Err(format!("{} must be a number", sub(key)));
        }
    }
    Ok(())
}

/// Checks `value` against `schema` (already [`check`]ed). The error says
/// where the value breaks which keyword.
pub(crate) fn validate(value: &Value, schema: &Value) -> Result<(), Mismatch> {
    validate_at(value, schema, "$")
}

/// Where a value breaks its schema and how: `at` is the value's path
/// (`$`, `$.order.qty`, `$.tags[0]`), `problem` what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mismatch {
    pub at: String,
    pub problem: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.at, self.problem)
    }
}

fn mismatch(at: &str, problem: String) -> Mismatch {
    Mismatch {
        at: at.to_string(),
        problem,
    }
}

fn validate_at(value: &Value, schema: &Value, at: &str) -> Result<(), Mismatch> {
    let obj = match schema {
        Value::Bool(true) => return Ok(()),
        Value::Bool(false) => return Err(mismatch(at, "is not allowed".to_string())),
        Value::Object(o) => o,
        _ => return Ok(()),
    };
    if let Some(t) = obj.get("type") {
        let ok = match t {
            Value::Array(a) => a.iter().any(|n| is_type(value, n)),
            one => is_type(value, one),
        };
        if !ok {
            return Err(mismatch(at, format!("is {}, not of type {t}", kind(value))));
        }
    }
    if let Some(Value::Array(options)) = obj.get("enum")
        && !options.contains(value)
    {
        let allowed: Vec<String> = options.iter().take(20).map(Value::to_string).collect();
        return Err(mismatch(
            at,
            format!(
                "is {value}, not one of the schema's `enum` values ({}{})",
                allowed.join(", "),
                if options.len() > 20 { ", …" } else { "" }
            ),
        ));
    }
    if let Some(c) = obj.get("const")
        && c != value
    {
        return Err(mismatch(
            at,
            "is not the schema's `const` value".to_string(),
        ));
    }
    match value {
        Value::Object(fields) => validate_object(fields, obj, at)?,
        Value::Array(items) => {
            if let Some(s) = obj.get("items") {
                for (i, item) in items.iter().enumerate() {
                    validate_at(item, s, &format!("{at}[{i}]"))?;
                }
            }
            bound(items.len(), obj, "minItems", "maxItems", at, "items")?;
        }
        Value::String(text) => bound(
            text.chars().count(),
            obj,
            "minLength",
            "maxLength",
            at,
            "characters",
        )?,
        Value::Number(number) => {
            let n = number.as_f64().unwrap_or(f64::NAN);
            let limit = |k: &str| obj.get(k).filter(|v| v.is_number());
            for (keyword, breaks, relation) in [
                ("minimum", (|n, m| n < m) as fn(f64, f64) -> bool, "below"),
                ("maximum", |n, m| n > m, "above"),
                ("exclusiveMinimum", |n, m| n <= m, "not above"),
                ("exclusiveMaximum", |n, m| n >= m, "not below"),
            ] {
                if let Some(m) = limit(keyword)
                    && breaks(n, m.as_f64().unwrap_or(f64::NAN))
                {
                    return Err(mismatch(
                        at,
                        format!("is {number}, {relation} the schema's `{keyword}` of {m}"),
                    ));
                }
            }
        }
        _ => {}
    }
    validate_combinators(value, obj, at)
}

fn validate_object(
    fields: &Map<String, Value>,
    obj: &Map<String, Value>,
    at: &str,
) -> Result<(), Mismatch> {
    if let Some(Value::Array(required)) = obj.get("required") {
        for name in required.iter().filter_map(Value::as_str) {
            if !fields.contains_key(name) {
                return Err(mismatch(
                    at,
                    format!("lacks the required property `{name}`"),
                ));
            }
        }
    }
    let props = obj.get("properties").and_then(Value::as_object);
    for (name, v) in fields {
        let place = format!("{at}.{name}");
        match props.and_then(|p| p.get(name)) {
            Some(s) => validate_at(v, s, &place)?,
            None => {
                if let Some(extra) = obj.get("additionalProperties") {
                    validate_at(v, extra, &place)?;
                }
            }
        }
    }
    Ok(())
}

fn validate_combinators(value: &Value, obj: &Map<String, Value>, at: &str) -> Result<(), Mismatch> {
    let list = |key: &str| obj.get(key).and_then(Value::as_array);
    if let Some(all) = list("allOf") {
        for s in all {
            validate_at(value, s, at)?;
        }
    }
    if let Some(any) = list("anyOf")
        && !any.iter().any(|s| validate_at(value, s, at).is_ok())
    {
        return Err(mismatch(
            at,
            "matches none of the schema's `anyOf`".to_string(),
        ));
    }
    if let Some(one) = list("oneOf") {
        let n = one
            .iter()
            .filter(|s| validate_at(value, s, at).is_ok())
            .count();
        if n != 1 {
            return Err(mismatch(
                at,
                format!("matches {n} of the schema's `oneOf`, not exactly one"),
            ));
        }
    }
    if let Some(not) = obj.get("not")
        && validate_at(value, not, at).is_ok()
    {
        return Err(mismatch(at, "matches the schema's `not`".to_string()));
    }
    Ok(())
}

fn bound(
    n: usize,
    obj: &Map<String, Value>,
    min: &str,
    max: &str,
    at: &str,
    what: &str,
) -> Result<(), Mismatch> {
    let get = |k: &str| obj.get(k).and_then(Value::as_u64);
    if get(min).is_some_and(|m| (n as u64) < m) {
        return Err(mismatch(
            at,
            format!("has {n} {what}, fewer than the schema's `{min}`"),
        ));
    }
    if get(max).is_some_and(|m| (n as u64) > m) {
        return Err(mismatch(
            at,
            format!("has {n} {what}, more than the schema's `{max}`"),
        ));
    }
    Ok(())
}

fn is_type(value: &Value, name: &Value) -> bool {
    match name.as_str() {
        Some("null") => value.is_null(),
        Some("boolean") => value.is_boolean(),
        Some("object") => value.is_object(),
        Some("array") => value.is_array(),
        Some("number") => value.is_number(),
        Some("string") => value.is_string(),
        Some("integer") => {
            value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        _ => false,
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn malformed_keywords_are_named() {
        assert_eq!(
            check(&json!({"type": "object", "properties": 42})).unwrap_err(),
            "#/properties must be an object of schemas"
        );
        assert_eq!(
            check(&json!({"type": "object", "required": "nope"})).unwrap_err(),
            "#/required must be an array of property names"
        );
        assert_eq!(
            check(&json!({"properties": {"a": {"type": 7}}})).unwrap_err(),
            "#/properties/a/type is 7; a type is one of null, boolean, object, array, number, \
             string, integer"
        );
        assert!(check(&json!({"type": "object", "properties": {"a": {"$ref": "#/x"}}})).is_ok());
    }

    #[test]
    fn values_are_checked_against_the_keywords() {
        let schema = json!({
            "type": "object",
            "properties": {"n": {"type": "integer", "minimum": 0}, "tags": {"type": "array", "items": {"type": "string"}}},
            "required": ["n"],
            "additionalProperties": false
        });
        assert!(validate(&json!({"n": 3, "tags": ["a"]}), &schema).is_ok());
        assert_eq!(
            validate(&json!({"n": "x"}), &schema)
                .unwrap_err()
                .to_string(),
            "$.n is a string, not of type \"integer\""
        );
        assert_eq!(
            validate(&json!({}), &schema).unwrap_err().to_string(),
            "$ lacks the required property `n`"
        );
        assert_eq!(
            validate(&json!({"n": 1, "tags": [1]}), &schema)
                .unwrap_err()
                .to_string(),
            "$.tags[0] is a number, not of type \"string\""
        );
        assert_eq!(
            validate(&json!({"n": 1, "x": 1}), &schema)
                .unwrap_err()
                .to_string(),
            "$.x is not allowed"
        );
        assert_eq!(
            validate(&json!({"n": -1}), &schema)
                .unwrap_err()
                .to_string(),
            "$.n is -1, below the schema's `minimum` of 0"
        );
        let nested = json!({
            "type": "object",
            "properties": {"order": {"type": "object", "properties": {
                "qty": {"type": "integer", "exclusiveMinimum": 0},
                "size": {"enum": ["S", "M"]},
                "note": {"type": "string", "maxLength": 3}
            }}}
        });
        assert_eq!(
            validate(&json!({"order": {"qty": 0}}), &nested)
                .unwrap_err()
                .to_string(),
            "$.order.qty is 0, not above the schema's `exclusiveMinimum` of 0"
        );
        assert_eq!(
            validate(&json!({"order": {"size": "XL"}}), &nested)
                .unwrap_err()
                .to_string(),
            "$.order.size is \"XL\", not one of the schema's `enum` values (\"S\", \"M\")"
        );
        assert_eq!(
            validate(&json!({"order": {"note": "long"}}), &nested)
                .unwrap_err()
                .to_string(),
            "$.order.note has 4 characters, more than the schema's `maxLength`"
        );
    }
}

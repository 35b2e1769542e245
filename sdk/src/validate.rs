//! A JSON value checked against a tool's JSON Schema: the one validator
//! both sides use. The SDK runs it in the guest (arguments before a tool
//! runs, structured content before it leaves the guest); the host includes
//! this very file (`host/toolset-host/src/schema.rs`, by `#[path]`) and
//! runs it on every call's arguments and structured content. One source,
//! so the two can never disagree on what a schema admits.
//!
//! The keywords enforced: `type`, `enum`, `const`, `properties`,
//! `required`, `additionalProperties`, `minProperties`/`maxProperties`,
//! `items`, `minItems`/`maxItems`, `uniqueItems`, `minLength`/`maxLength`,
//! `minimum`/`maximum`, `exclusiveMinimum`/`exclusiveMaximum`,
//! `allOf`/`anyOf`/`oneOf`/`not`. Keywords it does not know (`$ref`,
//! `format`, annotations) constrain nothing here, as JSON Schema treats
//! unknown keywords; the SDK refuses a derived schema that holds one which
//! would constrain (see `sdk/src/schema.rs`).
//!
//! Depends on serde_json alone, so that the host can include it.

use serde_json::{Map, Value};

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

/// Checks `value` against `schema`. The error says where the value breaks
/// which keyword.
pub(crate) fn validate(value: &Value, schema: &Value) -> Result<(), Mismatch> {
    validate_at(value, schema, &Path::Root)
}

/// A value's place, rendered only when a mismatch is reported: building
/// the text for every property checked was most of a passing check's cost.
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl Path<'_> {
    fn render(&self) -> String {
        match self {
            Path::Root => "$".to_string(),
            Path::Key(parent, key) => format!("{}.{key}", parent.render()),
            Path::Index(parent, i) => format!("{}[{i}]", parent.render()),
        }
    }
}

fn mismatch(at: &Path<'_>, problem: String) -> Mismatch {
    Mismatch {
        at: at.render(),
        problem,
    }
}

fn validate_at(value: &Value, schema: &Value, at: &Path<'_>) -> Result<(), Mismatch> {
    let obj = match schema {
        Value::Bool(true) => return Ok(()),
        Value::Bool(false) => return Err(mismatch(at, "is not allowed".to_string())),
        Value::Object(o) => o,
        _ => return Ok(()),
    };
    if let Some(t) = obj.get("type")
        && !type_admits(t, value)
    {
        return Err(mismatch(at, format!("is {}, not of type {t}", kind(value))));
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
            format!("is {value}, not the schema's `const` value {c}"),
        ));
    }
    match value {
        Value::Object(fields) => validate_object(fields, obj, at)?,
        Value::Array(items) => {
            if let Some(s) = obj.get("items") {
                for (i, item) in items.iter().enumerate() {
                    validate_at(item, s, &Path::Index(at, i))?;
                }
            }
            bound(items.len(), obj, "minItems", "maxItems", at, "items")?;
            if obj.get("uniqueItems") == Some(&Value::Bool(true)) {
                unique(items, at)?;
            }
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
    at: &Path<'_>,
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
        let place = Path::Key(at, name);
        match props.and_then(|p| p.get(name)) {
            Some(s) => validate_at(v, s, &place)?,
            None => match obj.get("additionalProperties") {
                // Said with the names that are allowed, so that a model
                // reading the error can correct itself.
                Some(Value::Bool(false)) => {
                    let mut known: Vec<String> = props
                        .into_iter()
                        .flat_map(|p| p.keys())
                        .map(|k| format!("`{k}`"))
                        .collect();
                    known.sort();
                    return Err(mismatch(
                        &place,
                        if known.is_empty() {
                            "is not allowed: the object takes no properties".to_string()
                        } else {
                            format!(
                                "is not allowed; the object's properties are {}",
                                known.join(", ")
                            )
                        },
                    ));
                }
                Some(extra) => validate_at(v, extra, &place)?,
                None => {}
            },
        }
    }
    bound(
        fields.len(),
        obj,
        "minProperties",
        "maxProperties",
        at,
        "properties",
    )
}

fn validate_combinators(
    value: &Value,
    obj: &Map<String, Value>,
    at: &Path<'_>,
) -> Result<(), Mismatch> {
    let list = |key: &str| obj.get(key).and_then(Value::as_array);
    if let Some(all) = list("allOf") {
        for s in all {
            validate_at(value, s, at)?;
        }
    }
    if let Some(any) = list("anyOf")
        && !any.iter().any(|s| validate_at(value, s, at).is_ok())
    {
        return Err(the_one_of_its_type(value, any, at)
            .unwrap_or_else(|| mismatch(at, "matches none of the schema's `anyOf`".to_string())));
    }
    if let Some(one) = list("oneOf") {
        let n = one
            .iter()
            .filter(|s| validate_at(value, s, at).is_ok())
            .count();
        if n == 0
            && let Some(e) = the_one_of_its_type(value, one, at)
        {
            return Err(e);
        }
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

/// When exactly one of `branches` (none of which `value` matched) is of
/// the value's type, its own mismatch: the deeper place and problem say
/// more than "matches none" does, e.g. for an `Option` of a struct.
fn the_one_of_its_type(value: &Value, branches: &[Value], at: &Path<'_>) -> Option<Mismatch> {
    let mut typed = branches
        .iter()
        .filter(|s| s.get("type").is_some_and(|t| type_admits(t, value)));
    let only = typed.next()?;
    if typed.next().is_some() {
        return None;
    }
    validate_at(value, only, at).err()
}

fn unique(items: &[Value], at: &Path<'_>) -> Result<(), Mismatch> {
    for (i, item) in items.iter().enumerate() {
        if let Some(j) = items[..i].iter().position(|earlier| earlier == item) {
            return Err(mismatch(
                at,
                format!(
                    "has {item} at [{j}] and again at [{i}]; the schema's `uniqueItems` allows \
                     each item once"
                ),
            ));
        }
    }
    Ok(())
}

fn bound(
    n: usize,
    obj: &Map<String, Value>,
    min: &str,
    max: &str,
    at: &Path<'_>,
    what: &str,
) -> Result<(), Mismatch> {
    let get = |k: &str| obj.get(k).and_then(Value::as_u64);
    if let Some(m) = get(min).filter(|m| (n as u64) < *m) {
        return Err(mismatch(
            at,
            format!("has {n} {what}, fewer than the schema's `{min}` of {m}"),
        ));
    }
    if let Some(m) = get(max).filter(|m| (n as u64) > *m) {
        return Err(mismatch(
            at,
            format!("has {n} {what}, more than the schema's `{max}` of {m}"),
        ));
    }
    Ok(())
}

/// Whether `value` is of the type (or one of the types) `t` names.
fn type_admits(t: &Value, value: &Value) -> bool {
    match t {
        Value::Array(a) => a.iter().any(|n| is_type(value, n)),
        one => is_type(value, one),
    }
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

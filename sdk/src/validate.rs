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

/// A schema object's keywords, found in one pass over its entries: looking
/// each up by name was most of the cost of checking a small value.
#[derive(Default)]
struct Keywords<'s> {
    kind: Option<&'s Value>,
    allowed: Option<&'s Vec<Value>>,
    constant: Option<&'s Value>,
    properties: Option<&'s Map<String, Value>>,
    required: Option<&'s Vec<Value>>,
    additional: Option<&'s Value>,
    min_properties: Option<u64>,
    max_properties: Option<u64>,
    items: Option<&'s Value>,
    min_items: Option<u64>,
    max_items: Option<u64>,
    unique_items: bool,
    min_length: Option<u64>,
    max_length: Option<u64>,
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`.
    limits: [Option<&'s Value>; 4],
    all_of: Option<&'s Vec<Value>>,
    any_of: Option<&'s Vec<Value>>,
    one_of: Option<&'s Vec<Value>>,
    not: Option<&'s Value>,
}

impl<'s> Keywords<'s> {
    fn of(obj: &'s Map<String, Value>) -> Keywords<'s> {
        let mut k = Keywords::default();
        for (key, v) in obj {
            match key.as_str() {
                "type" => k.kind = Some(v),
                "enum" => k.allowed = v.as_array(),
                "const" => k.constant = Some(v),
                "properties" => k.properties = v.as_object(),
                "required" => k.required = v.as_array(),
                "additionalProperties" => k.additional = Some(v),
                "minProperties" => k.min_properties = v.as_u64(),
                "maxProperties" => k.max_properties = v.as_u64(),
                "items" => k.items = Some(v),
                "minItems" => k.min_items = v.as_u64(),
                "maxItems" => k.max_items = v.as_u64(),
                "uniqueItems" => k.unique_items = v == &Value::Bool(true),
                "minLength" => k.min_length = v.as_u64(),
                "maxLength" => k.max_length = v.as_u64(),
                "minimum" => k.limits[0] = Some(v).filter(|v| v.is_number()),
                "maximum" => k.limits[1] = Some(v).filter(|v| v.is_number()),
                "exclusiveMinimum" => k.limits[2] = Some(v).filter(|v| v.is_number()),
                "exclusiveMaximum" => k.limits[3] = Some(v).filter(|v| v.is_number()),
                "allOf" => k.all_of = v.as_array(),
                "anyOf" => k.any_of = v.as_array(),
                "oneOf" => k.one_of = v.as_array(),
                "not" => k.not = Some(v),
                _ => {}
            }
        }
        k
    }
}

fn validate_at(value: &Value, schema: &Value, at: &Path<'_>) -> Result<(), Mismatch> {
    let obj = match schema {
        Value::Bool(true) => return Ok(()),
        Value::Bool(false) => return Err(mismatch(at, "is not allowed".to_string())),
        Value::Object(o) => o,
        _ => return Ok(()),
    };
    let k = Keywords::of(obj);
    if let Some(t) = k.kind
        && !type_admits(t, value)
    {
        return Err(mismatch(at, format!("is {}, not of type {t}", kind(value))));
    }
    if let Some(options) = k.allowed
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
    if let Some(c) = k.constant
        && c != value
    {
        return Err(mismatch(
            at,
            format!("is {value}, not the schema's `const` value {c}"),
        ));
    }
    match value {
        Value::Object(fields) => validate_object(fields, &k, at)?,
        Value::Array(items) => {
            if let Some(s) = k.items {
                for (i, item) in items.iter().enumerate() {
                    validate_at(item, s, &Path::Index(at, i))?;
                }
            }
            let names = ("minItems", "maxItems");
            bound(items.len(), (k.min_items, k.max_items), names, at, "items")?;
            if k.unique_items {
                unique(items, at)?;
            }
        }
        Value::String(text) if k.min_length.is_some() || k.max_length.is_some() => bound(
            text.chars().count(),
            (k.min_length, k.max_length),
            ("minLength", "maxLength"),
            at,
            "characters",
        )?,
        Value::Number(number) if k.limits.iter().any(Option::is_some) => {
            let n = number.as_f64().unwrap_or(f64::NAN);
            for (limit, (keyword, breaks, relation)) in k.limits.iter().zip([
                ("minimum", (|n, m| n < m) as fn(f64, f64) -> bool, "below"),
                ("maximum", |n, m| n > m, "above"),
                ("exclusiveMinimum", |n, m| n <= m, "not above"),
                ("exclusiveMaximum", |n, m| n >= m, "not below"),
            ]) {
                if let Some(m) = limit
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
    validate_combinators(value, &k, at)
}

fn validate_object(
    fields: &Map<String, Value>,
    k: &Keywords<'_>,
    at: &Path<'_>,
) -> Result<(), Mismatch> {
    if let Some(required) = k.required {
        for name in required.iter().filter_map(Value::as_str) {
            if !fields.contains_key(name) {
                return Err(mismatch(
                    at,
                    format!("lacks the required property `{name}`"),
                ));
            }
        }
    }
    let props = k.properties;
    for (name, v) in fields {
        let place = Path::Key(at, name);
        match props.and_then(|p| p.get(name)) {
            Some(s) => validate_at(v, s, &place)?,
            None => match k.additional {
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
        (k.min_properties, k.max_properties),
        ("minProperties", "maxProperties"),
        at,
        "properties",
    )
}

fn validate_combinators(value: &Value, k: &Keywords<'_>, at: &Path<'_>) -> Result<(), Mismatch> {
    if let Some(all) = k.all_of {
        for s in all {
            validate_at(value, s, at)?;
        }
    }
    if let Some(any) = k.any_of
        && !any.iter().any(|s| validate_at(value, s, at).is_ok())
    {
        return Err(the_one_of_its_type(value, any, at)
            .unwrap_or_else(|| mismatch(at, "matches none of the schema's `anyOf`".to_string())));
    }
    if let Some(one) = k.one_of {
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
    if let Some(not) = k.not
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
    (min, max): (Option<u64>, Option<u64>),
    (min_name, max_name): (&str, &str),
    at: &Path<'_>,
    what: &str,
) -> Result<(), Mismatch> {
    if let Some(m) = min.filter(|m| (n as u64) < *m) {
        return Err(mismatch(
            at,
            format!("has {n} {what}, fewer than the schema's `{min_name}` of {m}"),
        ));
    }
    if let Some(m) = max.filter(|m| (n as u64) > *m) {
        return Err(mismatch(
            at,
            format!("has {n} {what}, more than the schema's `{max_name}` of {m}"),
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

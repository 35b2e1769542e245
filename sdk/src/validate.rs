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
//! A check does at most [`WORK_BUDGET`] steps (a value checked against
//! one schema, an item hashed, two values compared, a schema's keyword
//! read), so no value can make it run long: `uniqueItems` hashes each
//! item once, a large `enum` is looked up in a set, and what `anyOf`,
//! `oneOf` and nested schemas multiply is counted. Past the budget the
//! check fails with [`Rejection::TooCostly`], whatever the value.
//!
//! Depends on serde_json and std alone, so that the host can include it.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hash, Hasher};

use serde_json::{Map, Value};

/// The most steps one check may take: far more than any value a client
/// or a tool sends in earnest needs (a check takes about two steps per
/// value in it, and hashing for `uniqueItems` one more per item), and
/// a fraction of a second of the host's time at most.
pub(crate) const WORK_BUDGET: u64 = 10_000_000;

/// `enum`s of at most this many values are searched in order; larger ones
/// are looked up in a set built once per check.
const SMALL_ENUM: usize = 16;

/// How many bytes of a string one step stands for, where a string is read
/// whole (hashed, compared, its characters counted).
const BYTES_PER_STEP: usize = 64;

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

/// Why a value was not admitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Rejection {
    /// It breaks its schema, where and how the mismatch says.
    Breaks(Mismatch),
    /// Checking it would take more than [`WORK_BUDGET`] steps.
    TooCostly,
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rejection::Breaks(m) => m.fmt(f),
            Rejection::TooCostly => write!(
                f,
                "$ takes more than {WORK_BUDGET} steps to check against its schema"
            ),
        }
    }
}

impl Rejection {
    /// What the client is told of arguments `tool`'s input schema refused,
    /// in the same words by the host and the SDK.
    pub(crate) fn of_arguments(&self, tool: &str) -> String {
        match self {
            Rejection::Breaks(e) => match e.at.strip_prefix("$.") {
                Some(path) => format!("argument `{path}` of `{tool}` {}", e.problem),
                None => format!("the arguments of `{tool}` do not match its input schema: {e}"),
            },
            Rejection::TooCostly => format!(
                "the arguments of `{tool}` take more than {WORK_BUDGET} steps to check against \
                 its input schema (many items under `uniqueItems` or a large `enum`, or many \
                 `anyOf` or `oneOf` branches); send fewer or smaller arguments"
            ),
        }
    }

    /// What the client is told of structured content `tool`'s output
    /// schema refused, in the same words by the host and the SDK.
    pub(crate) fn of_output(&self, tool: &str) -> String {
        match self {
            Rejection::Breaks(e) => format!(
                "tool `{tool}` returned structured content that breaks its own output schema \
                 ({e}); this is a bug in the toolset"
            ),
            Rejection::TooCostly => format!(
                "tool `{tool}` returned structured content that takes more than {WORK_BUDGET} \
                 steps to check against its output schema; ask it for less, or report it to \
                 the toolset's vendor"
            ),
        }
    }
}

impl From<Mismatch> for Rejection {
    fn from(m: Mismatch) -> Rejection {
        Rejection::Breaks(m)
    }
}

/// Checks `value` against `schema` within [`WORK_BUDGET`] steps. The error
/// says where the value breaks which keyword, or that it was too costly
/// to check.
pub(crate) fn validate(value: &Value, schema: &Value) -> Result<(), Rejection> {
    Checker::new(WORK_BUDGET).validate_at(value, schema, &Path::Root)
}

/// The state of one check: the steps it has left, and the large `enum`s
/// it has turned into sets.
struct Checker<'s> {
    left: u64,
    hashing: RandomState,
    /// By the address of the `enum`'s array in the schema: its values by
    /// their hash.
    enums: HashMap<*const Vec<Value>, HashMap<u64, Vec<&'s Value>>>,
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

impl<'s> Checker<'s> {
    fn new(budget: u64) -> Checker<'s> {
        Checker {
            left: budget,
            hashing: RandomState::new(),
            enums: HashMap::new(),
        }
    }

    /// Takes `steps` from the budget, or fails the check when it has not
    /// that many left.
    fn spend(&mut self, steps: usize) -> Result<(), Rejection> {
        spend_from(&mut self.left, steps)
    }

    /// Whether `value` matches `schema`: a mismatch is an answer, running
    /// out of steps is not.
    fn matches(
        &mut self,
        value: &Value,
        schema: &'s Value,
        at: &Path<'_>,
    ) -> Result<bool, Rejection> {
        match self.validate_at(value, schema, at) {
            Ok(()) => Ok(true),
            Err(Rejection::Breaks(_)) => Ok(false),
            Err(Rejection::TooCostly) => Err(Rejection::TooCostly),
        }
    }

    fn validate_at(
        &mut self,
        value: &Value,
        schema: &'s Value,
        at: &Path<'_>,
    ) -> Result<(), Rejection> {
        let obj = match schema {
            Value::Bool(true) => return Ok(()),
            Value::Bool(false) => return Err(mismatch(at, "is not allowed".to_string()).into()),
            Value::Object(o) => o,
            _ => return Ok(()),
        };
        self.spend(1 + obj.len())?;
        let k = Keywords::of(obj);
        if let Some(t) = k.kind
            && !type_admits(t, value)
        {
            return Err(mismatch(at, format!("is {}, not of type {t}", kind(value))).into());
        }
        if let Some(options) = k.allowed
            && !self.is_one_of(value, options)?
        {
            let allowed: Vec<String> = options.iter().take(20).map(Value::to_string).collect();
            return Err(mismatch(
                at,
                format!(
                    "is {value}, not one of the schema's `enum` values ({}{})",
                    allowed.join(", "),
                    if options.len() > 20 { ", …" } else { "" }
                ),
            )
            .into());
        }
        if let Some(c) = k.constant
            && !self.same(c, value)?
        {
            return Err(mismatch(
                at,
                format!("is {value}, not the schema's `const` value {c}"),
            )
            .into());
        }
        match value {
            Value::Object(fields) => self.validate_object(fields, &k, at)?,
            Value::Array(items) => {
                if let Some(s) = k.items {
                    for (i, item) in items.iter().enumerate() {
                        self.validate_at(item, s, &Path::Index(at, i))?;
                    }
                }
                let names = ("minItems", "maxItems");
                bound(items.len(), (k.min_items, k.max_items), names, at, "items")?;
                if k.unique_items {
                    self.unique(items, at)?;
                }
            }
            Value::String(text) if k.min_length.is_some() || k.max_length.is_some() => {
                self.spend(text.len() / BYTES_PER_STEP)?;
                bound(
                    text.chars().count(),
                    (k.min_length, k.max_length),
                    ("minLength", "maxLength"),
                    at,
                    "characters",
                )?
            }
            Value::Number(number) if k.limits.iter().any(Option::is_some) => {
                check_limits(number, &k.limits, at)?
            }
            _ => {}
        }
        self.validate_combinators(value, &k, at)
    }

    fn validate_object(
        &mut self,
        fields: &Map<String, Value>,
        k: &Keywords<'s>,
        at: &Path<'_>,
    ) -> Result<(), Rejection> {
        if let Some(required) = k.required {
            self.spend(required.len())?;
            for name in required.iter().filter_map(Value::as_str) {
                if !fields.contains_key(name) {
                    return Err(
                        mismatch(at, format!("lacks the required property `{name}`")).into(),
                    );
                }
            }
        }
        let props = k.properties;
        for (name, v) in fields {
            let place = Path::Key(at, name);
            match props.and_then(|p| p.get(name)) {
                Some(s) => self.validate_at(v, s, &place)?,
                None => match k.additional {
                    Some(Value::Bool(false)) => return Err(not_allowed(props, &place).into()),
                    Some(extra) => self.validate_at(v, extra, &place)?,
                    None => {}
                },
            }
        }
        Ok(bound(
            fields.len(),
            (k.min_properties, k.max_properties),
            ("minProperties", "maxProperties"),
            at,
            "properties",
        )?)
    }

    fn validate_combinators(
        &mut self,
        value: &Value,
        k: &Keywords<'s>,
        at: &Path<'_>,
    ) -> Result<(), Rejection> {
        if let Some(all) = k.all_of {
            for s in all {
                self.validate_at(value, s, at)?;
            }
        }
        if let Some(any) = k.any_of {
            let mut matched = false;
            for s in any {
                if self.matches(value, s, at)? {
                    matched = true;
                    break;
                }
            }
            if !matched {
                return Err(match self.the_one_of_its_type(value, any, at)? {
                    Some(e) => e,
                    None => mismatch(at, "matches none of the schema's `anyOf`".to_string()),
                }
                .into());
            }
        }
        if let Some(one) = k.one_of {
            let mut n = 0;
            for s in one {
                n += usize::from(self.matches(value, s, at)?);
            }
            if n == 0
                && let Some(e) = self.the_one_of_its_type(value, one, at)?
            {
                return Err(e.into());
            }
            if n != 1 {
                return Err(mismatch(
                    at,
                    format!("matches {n} of the schema's `oneOf`, not exactly one"),
                )
                .into());
            }
        }
        if let Some(not) = k.not
            && self.matches(value, not, at)?
        {
            return Err(mismatch(at, "matches the schema's `not`".to_string()).into());
        }
        Ok(())
    }

    /// When exactly one of `branches` (none of which `value` matched) is of
    /// the value's type, its own mismatch: the deeper place and problem say
    /// more than "matches none" does, e.g. for an `Option` of a struct.
    fn the_one_of_its_type(
        &mut self,
        value: &Value,
        branches: &'s [Value],
        at: &Path<'_>,
    ) -> Result<Option<Mismatch>, Rejection> {
        self.spend(branches.len())?;
        let mut typed = branches
            .iter()
            .filter(|s| s.get("type").is_some_and(|t| type_admits(t, value)));
        let Some(only) = typed.next() else {
            return Ok(None);
        };
        if typed.next().is_some() {
            return Ok(None);
        }
        match self.validate_at(value, only, at) {
            Ok(()) => Ok(None),
            Err(Rejection::Breaks(m)) => Ok(Some(m)),
            Err(Rejection::TooCostly) => Err(Rejection::TooCostly),
        }
    }

    /// Whether `value` is one of an `enum`'s `options`: in order for a few,
    /// else in a set of them made at the first look.
    fn is_one_of(&mut self, value: &Value, options: &'s Vec<Value>) -> Result<bool, Rejection> {
        if options.len() <= SMALL_ENUM {
            for option in options {
                if self.same(option, value)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        let key: *const Vec<Value> = options;
        if !self.enums.contains_key(&key) {
            let mut set: HashMap<u64, Vec<&'s Value>> = HashMap::with_capacity(options.len());
            for option in options {
                let hash = self.fingerprint(option)?;
                set.entry(hash).or_default().push(option);
            }
            self.enums.insert(key, set);
        }
        let hash = self.fingerprint(value)?;
        let candidates = self.enums[&key].get(&hash).cloned().unwrap_or_default();
        for option in candidates {
            if self.same(option, value)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Fails at the first item equal to an earlier one, naming both places:
    /// each item is hashed once and compared only with the earlier items of
    /// its hash.
    fn unique(&mut self, items: &[Value], at: &Path<'_>) -> Result<(), Rejection> {
        // By hash: the first item of that hash, and any later ones that
        // differ from it (rare, so they cost no allocation until then).
        let mut seen: HashMap<u64, (usize, Vec<usize>)> = HashMap::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let hash = self.fingerprint(item)?;
            let Some((first, more)) = seen.get_mut(&hash) else {
                seen.insert(hash, (i, Vec::new()));
                continue;
            };
            for j in std::iter::once(*first).chain(more.iter().copied()) {
                if same_within(&mut self.left, &items[j], item)? {
                    return Err(mismatch(
                        at,
                        format!(
                            "has {item} at [{j}] and again at [{i}]; the schema's `uniqueItems` \
                             allows each item once"
                        ),
                    )
                    .into());
                }
            }
            more.push(i);
        }
        Ok(())
    }

    /// Whether `a` equals `b` as JSON Schema's `enum`, `const` and
    /// `uniqueItems` compare them (as serde_json does), a step per value
    /// compared.
    fn same(&mut self, a: &Value, b: &Value) -> Result<bool, Rejection> {
        same_within(&mut self.left, a, b)
    }

    /// A hash of `value` that equal values share (whatever the order of
    /// an object's keys), a step per value hashed.
    fn fingerprint(&mut self, value: &Value) -> Result<u64, Rejection> {
        let mut h = self.hashing.build_hasher();
        self.spend(1)?;
        match value {
            Value::Null => 0u8.hash(&mut h),
            Value::Bool(b) => (1u8, b).hash(&mut h),
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    (2u8, u).hash(&mut h);
                } else if let Some(i) = n.as_i64() {
                    (3u8, i).hash(&mut h);
                } else {
                    // 0.0 and -0.0 are equal numbers.
                    let f = n.as_f64().unwrap_or(0.0);
                    (4u8, if f == 0.0 { 0 } else { f.to_bits() }).hash(&mut h);
                }
            }
            Value::String(t) => {
                self.spend(t.len() / BYTES_PER_STEP)?;
                (5u8, t).hash(&mut h);
            }
            Value::Array(items) => {
                (6u8, items.len()).hash(&mut h);
                for item in items {
                    self.fingerprint(item)?.hash(&mut h);
                }
            }
            Value::Object(fields) => {
                // Summed, so that the order of the keys does not count.
                let mut sum = 0u64;
                for (k, v) in fields {
                    self.spend(k.len() / BYTES_PER_STEP)?;
                    let entry = (k, self.fingerprint(v)?);
                    sum = sum.wrapping_add(self.hashing.hash_one(entry));
                }
                (7u8, fields.len(), sum).hash(&mut h);
            }
        }
        Ok(h.finish())
    }
}

/// Takes `steps` from `left`, or fails the check when it has not that many.
fn spend_from(left: &mut u64, steps: usize) -> Result<(), Rejection> {
    let steps = steps as u64;
    if steps > *left {
        *left = 0;
        return Err(Rejection::TooCostly);
    }
    *left -= steps;
    Ok(())
}

/// [`Checker::same`], spending from `left`.
fn same_within(left: &mut u64, a: &Value, b: &Value) -> Result<bool, Rejection> {
    spend_from(left, 1)?;
    Ok(match (a, b) {
        (Value::String(x), Value::String(y)) => {
            if x.len() == y.len() {
                spend_from(left, x.len() / BYTES_PER_STEP)?;
            }
            x == y
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.iter().zip(y) {
                if !same_within(left, p, q)? {
                    return Ok(false);
                }
            }
            true
        }
        (Value::Object(x), Value::Object(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (k, p) in x {
                match y.get(k) {
                    Some(q) if same_within(left, p, q)? => {}
                    _ => return Ok(false),
                }
            }
            true
        }
        (Value::Array(_) | Value::Object(_), _) | (_, Value::Array(_) | Value::Object(_)) => false,
        (x, y) => x == y,
    })
}

/// Checks a number against the schema's `minimum`, `maximum`,
/// `exclusiveMinimum` and `exclusiveMaximum`.
fn check_limits(
    number: &serde_json::Number,
    limits: &[Option<&Value>; 4],
    at: &Path<'_>,
) -> Result<(), Mismatch> {
    let n = number.as_f64().unwrap_or(f64::NAN);
    for (limit, (keyword, breaks, relation)) in limits.iter().zip([
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
    Ok(())
}

/// The mismatch of a property the schema does not allow, said with the
/// names that are allowed, so that a model reading the error can correct
/// itself.
fn not_allowed(props: Option<&Map<String, Value>>, place: &Path<'_>) -> Mismatch {
    let mut known: Vec<String> = props
        .into_iter()
        .flat_map(|p| p.keys())
        .map(|k| format!("`{k}`"))
        .collect();
    known.sort();
    mismatch(
        place,
        if known.is_empty() {
            "is not allowed: the object takes no properties".to_string()
        } else {
            format!(
                "is not allowed; the object's properties are {}",
                known.join(", ")
            )
        },
    )
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn breaks(value: &Value, schema: &Value) -> String {
        match validate(value, schema) {
            Err(Rejection::Breaks(m)) => m.to_string(),
            other => panic!("expected a mismatch, got {other:?}"),
        }
    }

    #[test]
    fn unique_items_are_compared_as_values_whatever_their_keys_order() {
        let schema = json!({"uniqueItems": true});
        let many: Vec<u64> = (0..80_000).collect();
        assert_eq!(validate(&json!(many), &schema), Ok(()));
        let mut twice = many.clone();
        twice.push(41_999);
        assert_eq!(
            breaks(&json!(twice), &schema),
            "$ has 41999 at [41999] and again at [80000]; the schema's `uniqueItems` allows each \
             item once"
        );
        let objects = serde_json::from_str::<Value>(r#"[{"a":1,"b":[2]},{"b":[2],"a":1}]"#);
        assert!(breaks(&objects.unwrap(), &schema).contains("at [0] and again at [1]"));
        assert!(breaks(&json!([0.0, -0.0]), &schema).contains("again"));
        // As serde_json compares them: an integer is not a float.
        assert_eq!(
            validate(&json!([1, 1.0, "1", [1], {"1": 1}]), &schema),
            Ok(())
        );
    }

    #[test]
    fn a_large_enum_is_a_set() {
        let options: Vec<Value> = (0..10_000).map(|i| json!({"id": i})).collect();
        let schema = json!({"items": {"enum": options}});
        let items: Vec<Value> = (0..50_000).map(|i| json!({"id": i % 10_000})).collect();
        assert_eq!(validate(&json!(items), &schema), Ok(()));
        assert_eq!(
            breaks(&json!([{"id": 3}, {"id": 10_000}]), &schema),
            "$[1] is {\"id\":10000}, not one of the schema's `enum` values ({\"id\":0}, \
             {\"id\":1}, {\"id\":2}, {\"id\":3}, {\"id\":4}, {\"id\":5}, {\"id\":6}, {\"id\":7}, \
             {\"id\":8}, {\"id\":9}, {\"id\":10}, {\"id\":11}, {\"id\":12}, {\"id\":13}, \
             {\"id\":14}, {\"id\":15}, {\"id\":16}, {\"id\":17}, {\"id\":18}, {\"id\":19}, …)"
        );
    }

    #[test]
    fn a_check_that_would_take_more_than_its_budget_is_too_costly() {
        // Every item matches the last of 3,000 branches, 2,000 times.
        let branches: Vec<Value> = (0..3_000).map(|i| json!({"const": i})).collect();
        let schema = json!({"items": {"anyOf": branches}});
        let items = vec![2_999; 2_000];
        assert_eq!(validate(&json!(items), &schema), Err(Rejection::TooCostly));
        assert_eq!(
            Rejection::TooCostly.of_arguments("t"),
            "the arguments of `t` take more than 10000000 steps to check against its input \
             schema (many items under `uniqueItems` or a large `enum`, or many `anyOf` or \
             `oneOf` branches); send fewer or smaller arguments"
        );
        // A few items are checked as ever.
        assert!(breaks(&json!([-1]), &schema).contains("matches none of the schema's `anyOf`"));
        // A budget counts every step, `not` and `oneOf` included.
        let nested = json!({"not": {"oneOf": [true, {"items": {"type": "string"}}]}});
        let mut small = Checker::new(5);
        let value = json!(["a", "b", "c", "d", "e"]);
        assert_eq!(
            small.validate_at(&value, &nested, &Path::Root),
            Err(Rejection::TooCostly)
        );
        assert_eq!(small.left, 0);
    }
}

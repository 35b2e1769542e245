//! JSON Schemas for tool arguments and results — derived from the tool's
//! own Rust types ([`Schema::of`]) or built by hand — and the argument
//! check the SDK runs before a tool sees its arguments.
//!
//! Object schemas are closed by default (`additionalProperties: false`
//! plus a `required` list): an unknown or missing argument is refused with
//! `invalidParams` before the tool runs, and the model reading the error
//! can correct itself.
//!
//! # Why schemars derives the schemas
//!
//! A derive of our own (syn and quote) was the alternative. schemars won
//! on what a vendor meets:
//!
//! - it reads the serde attributes the type already has (`rename_all`,
//!   `rename`, `default`, `skip_serializing_if`, `flatten`, `untagged`,
//!   `deny_unknown_fields`), so the schema says what serde accepts and
//!   writes; a derive of our own would have to re-implement serde's
//!   naming rules and could drift from them;
//! - its attributes (`#[schemars(range(min = 1, max = 100))]`,
//!   `#[schemars(length(max = 200))]`) and errors are documented and known
//!   from other MCP SDKs, and a misspelt attribute is a compile error
//!   pointing at it;
//! - it is an ordinary crates.io dependency, so this crate stays
//!   publishable on its own (a proc-macro crate of ours would have to be
//!   published first, in step with it).
//!
//! What schemars emits beyond the keywords the host and this SDK check is
//! turned into checked keywords or refused: [`Schema::of`] inlines nested
//! types, closes objects as the builder does, writes a unit enum's
//! documented variants as a string `enum` (their docs join the
//! description), gives integer widths their bounds, and panics — in the
//! first test that builds the toolset, naming the type, the place and what
//! to change — on a keyword nobody would enforce (`pattern` from a
//! `regex` attribute, `$ref` from a recursive type, `prefixItems` from a
//! tuple). Nothing a schema advertises goes unchecked.

use std::fmt;

use schemars::JsonSchema;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value, json};

use crate::validate::validate;

/// The keywords the validator (`validate.rs`, run by this SDK and by the
/// host) enforces. `tests::every_enforced_keyword_is_enforced` keeps this
/// list honest.
const ENFORCED: &[&str] = &[
    "type",
    "enum",
    "const",
    "properties",
    "required",
    "additionalProperties",
    "minProperties",
    "maxProperties",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
];

/// Keywords that only describe (JSON Schema's annotations): a derived
/// schema may hold them, nothing need enforce them.
const ANNOTATIONS: &[&str] = &[
    "description",
    "title",
    "default",
    "examples",
    "format",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$comment",
];

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

    /// The schema of `T`, derived from the type: its doc comments become
    /// descriptions, `Option<T>` fields are optional, nested structs,
    /// `Vec`s, sets and maps are described in place, an enum of unit
    /// variants is a string `enum`, and `#[schemars(range(min = …, max =
    /// …))]` / `#[schemars(length(min = …, max = …))]` give numeric bounds
    /// and string (or list) lengths. Objects are closed, as the builder's
    /// are. Serde's attributes on the type are followed, so the schema
    /// admits what the type deserialises.
    ///
    /// [`Tool::typed`](crate::Tool::typed) uses it for both a tool's
    /// arguments and its result; use it directly for one property of a
    /// hand-built schema, or with [`Tool::input`](crate::Tool::input).
    ///
    /// ```
    /// use gs_mcp_sdk::{Schema, schemars::JsonSchema};
    /// use serde::Deserialize;
    /// use serde_json::json;
    ///
    /// /// What `sales` takes.
    /// #[derive(Deserialize, JsonSchema)]
    /// struct Sales {
    ///     /// How many products to list.
    ///     #[schemars(range(min = 1, max = 100))]
    ///     limit: Option<i64>,
    /// }
    ///
    /// assert_eq!(
    ///     Schema::of::<Sales>().as_json(),
    ///     &json!({
    ///         "description": "What `sales` takes.",
    ///         "type": "object",
    ///         "properties": {"limit": {
    ///             "description": "How many products to list.",
    ///             "type": ["integer", "null"],
    ///             "minimum": 1,
    ///             "maximum": 100,
    ///         }},
    ///         "additionalProperties": false,
    ///     })
    /// );
    /// ```
    ///
    /// # Panics
    ///
    /// When the derived schema holds a keyword neither this SDK nor the
    /// host would enforce, so that no schema promises a check nobody makes:
    /// a recursive type (`$ref`), a `regex`/`pattern` attribute, a tuple
    /// (`prefixItems`). The message names the type, the place in the
    /// schema and what to change; it shows in the first test that builds
    /// the toolset.
    #[track_caller]
    pub fn of<T: JsonSchema>() -> Schema {
        match derive::<T>() {
            Ok(schema) => schema,
            Err(problem) => panic!("{problem}"),
        }
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

/// [`Schema::of`]'s work: the schema schemars derives for `T`, made of
/// keywords this SDK and the host enforce.
pub(crate) fn derive<T: JsonSchema>() -> Result<Schema, String> {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .with(|s| {
            // Nested types in place: the checkers follow no `$ref`.
            s.inline_subschemas = true;
            s.meta_schema = None;
        })
        .into_generator();
    let mut value = generator.into_root_schema_for::<T>().to_value();
    if let Value::Object(root) = &mut value {
        // The Rust type's name; the tool's own title says more.
        root.remove("title");
    }
    normalise(&mut value, "#").map_err(|(at, problem)| {
        format!(
            "the schema derived from `{}` {problem} (at {at})",
            std::any::type_name::<T>()
        )
    })?;
    Ok(Schema(value))
}

/// The bounds of the integer `format`s schemars writes, which it leaves
/// out (but for `uint8`): what the type would refuse, said in the schema.
fn integer_bounds(format: &str) -> Option<(i64, u64)> {
    Some(match format {
        "int8" => (i8::MIN.into(), i8::MAX as u64),
        "int16" => (i16::MIN.into(), i16::MAX as u64),
        "int32" => (i32::MIN.into(), i32::MAX as u64),
        "int64" | "int" => (i64::MIN, i64::MAX as u64),
        "uint8" => (0, u8::MAX.into()),
        "uint16" => (0, u16::MAX.into()),
        "uint32" => (0, u32::MAX.into()),
        "uint64" | "uint" => (0, u64::MAX),
        _ => return None,
    })
}

/// Rewrites a derived (sub)schema at `at` into checked keywords, or says
/// which keyword cannot be, and what to do.
fn normalise(schema: &mut Value, at: &str) -> Result<(), (String, String)> {
    let Value::Object(map) = schema else {
        return Ok(());
    };
    unit_variants_as_enum(map);
    if let Some(format) = map.get("format").and_then(Value::as_str)
        && let Some((min, max)) = integer_bounds(format)
    {
        // 64-bit widths are JSON's own integers: nothing to add.
        if !matches!(format, "int64" | "int" | "uint64" | "uint") {
            map.entry("minimum").or_insert(json!(min));
            map.entry("maximum").or_insert(json!(max));
        } else if min == 0 {
            map.entry("minimum").or_insert(json!(0));
        }
        map.remove("format");
    }
    // schemars names Rust's widths as formats JSON Schema does not define
    // (`uint32`, `double`, …); clients' validators warn of each one they
    // meet, and what an integer width means is in the bounds above.
    if map
        .get("format")
        .is_some_and(|f| f == "float" || f == "double")
    {
        map.remove("format");
    }
    for key in map.keys() {
        if ENFORCED.contains(&key.as_str()) || ANNOTATIONS.contains(&key.as_str()) {
            continue;
        }
        let problem = match key.as_str() {
            "$ref" | "$defs" | "definitions" => "refers to itself: the type is recursive (it \
                contains itself, directly or through another type), and a tool's schema must be \
                finite; give each level a type of its own, or take the nested part as a list of \
                names"
                .to_string(),
            "pattern" => "has `pattern` (from a `regex` attribute), which gs-mcp does not \
                check; drop the attribute, check the text in the tool and answer \
                Error::invalid_params naming what is wrong"
                .to_string(),
            "prefixItems" => "describes a tuple (`prefixItems`), which gs-mcp does not check; \
                use a struct with named fields"
                .to_string(),
            other => format!(
                "has `{other}`, which gs-mcp does not check (it checks {}); drop the attribute \
                 that adds it and check the value in the tool",
                ENFORCED.join(", ")
            ),
        };
        return Err((at.to_string(), problem));
    }
    // A struct's schema, closed as the builder's are (a map's says what
    // its values are, `true` for any).
    let object = match map.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(ts)) => ts.iter().any(|t| t == "object"),
        _ => map.contains_key("properties"),
    };
    if object && !map.contains_key("additionalProperties") {
        map.insert("additionalProperties".into(), Value::Bool(false));
    }
    for (key, sub) in map.iter_mut() {
        match (key.as_str(), sub) {
            ("properties", Value::Object(props)) => {
                for (name, s) in props {
                    normalise(s, &format!("{at}/properties/{name}"))?;
                }
            }
            ("items" | "additionalProperties" | "not", s) => normalise(s, &format!("{at}/{key}"))?,
            ("allOf" | "anyOf" | "oneOf", Value::Array(list)) => {
                for (i, s) in list.iter_mut().enumerate() {
                    normalise(s, &format!("{at}/{key}/{i}"))?;
                }
            }
            _ => {}
        }
    }
    nullable_in_place(map);
    Ok(())
}

/// An `anyOf` of one typed schema and `{"type": "null"}` (how schemars
/// writes an `Option` of an enum) as that schema with `null` among its
/// types (and its `enum`): the SDK's top-level check then reads its
/// values, and an error lists them.
fn nullable_in_place(map: &mut Map<String, Value>) {
    let Some(Value::Array(options)) = map.get("anyOf") else {
        return;
    };
    let null = json!({"type": "null"});
    let [a, b] = options.as_slice() else { return };
    let inner = match (a == &null, b == &null) {
        (false, true) => a,
        (true, false) => b,
        _ => return,
    };
    let Some(Value::String(kind)) = inner.get("type") else {
        return;
    };
    if map
        .keys()
        .any(|k| k != "anyOf" && !ANNOTATIONS.contains(&k.as_str()))
        || inner
            .as_object()
            .is_some_and(|o| o.keys().any(|k| map.contains_key(k) && k != "description"))
    {
        return;
    }
    let mut merged = inner.as_object().cloned().unwrap_or_default();
    merged.insert("type".into(), json!([kind, "null"]));
    if let Some(Value::Array(values)) = merged.get_mut("enum") {
        values.push(Value::Null);
    }
    let own = map.get("description").and_then(Value::as_str);
    let theirs = merged.get("description").and_then(Value::as_str);
    if let Some(own) = own {
        let description = match theirs {
            Some(theirs) => format!("{}. {theirs}", own.trim_end_matches('.')),
            None => own.to_string(),
        };
        merged.insert("description".into(), Value::String(description));
    }
    map.remove("anyOf");
    map.remove("description");
    for (k, v) in merged {
        map.insert(k, v);
    }
}

/// A `oneOf` of constants (how schemars writes an enum of unit variants
/// with doc comments) as a string `enum`, the variants' docs joined to the
/// description: an error then lists the values allowed, where "matches 0
/// of the schema's `oneOf`" would not.
fn unit_variants_as_enum(map: &mut Map<String, Value>) {
    let Some(Value::Array(options)) = map.get("oneOf") else {
        return;
    };
    let mut values = Vec::with_capacity(options.len());
    let mut docs = Vec::new();
    for option in options {
        let Some(o) = option.as_object() else { return };
        let only_describes = o
            .keys()
            .all(|k| matches!(k.as_str(), "const" | "type" | "description" | "title"));
        let Some(value @ Value::String(name)) = o.get("const").filter(|_| only_describes) else {
            return;
        };
        if let Some(doc) = o.get("description").and_then(Value::as_str) {
            docs.push(format!("`{name}`: {doc}"));
        }
        values.push(value.clone());
    }
    map.remove("oneOf");
    map.insert("type".into(), json!("string"));
    map.insert("enum".into(), Value::Array(values));
    if !docs.is_empty() {
        let doc = docs.join("; ");
        let description = match map.get("description").and_then(Value::as_str) {
            Some(own) => format!("{own} ({doc})"),
            None => doc,
        };
        map.insert("description".into(), Value::String(description));
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
    /// Whether its schema says no more than its `type` (annotations
    /// aside), so that [`ArgumentCheck::passes`] can judge it.
    simple: bool,
}

/// Whether `schema`, a property's, constrains nothing but its single
/// `type`.
fn is_simple(schema: &Value) -> bool {
    schema.as_object().is_some_and(|o| {
        o.iter().all(|(k, v)| {
            // A `type` the SDK does not know is the tool's to check, as
            // before (the host refuses such a schema at load).
            (k == "type" && v.is_string()) || ANNOTATIONS.contains(&k.as_str())
        })
    })
}

/// An object schema read once when a tool is declared, which a call's
/// arguments are checked against: they must be an object, have every
/// required property, no undeclared property when the schema is closed,
/// and each declared property of its declared `type` and among its `enum`
/// values — said in the words of the built-in tools —, and then match the
/// rest of the schema (nested properties, bounds, lengths), as the host
/// checks them.
///
/// Why read ahead: looking each keyword up in the schema's JSON on every
/// call was a quarter of a trivial plug-in call's instructions.
#[derive(Debug, Clone)]
pub(crate) struct ArgumentCheck {
    properties: Vec<Property>,
    /// Each required name with its index in `properties`, if declared there.
    required: Vec<(String, Option<usize>)>,
    closed: bool,
    /// Whether the object's own keywords are only those read above
    /// (`type`, `properties`, `required`, a boolean
    /// `additionalProperties`, annotations).
    top_level_only: bool,
    /// The whole schema, when it says more than the top level above reads
    /// (a property that is not [`Property::simple`], or keywords of the
    /// object's own beyond those): checked after the top level.
    deep: Option<Value>,
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
                simple: is_simple(property),
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
        let top_level_only = schema.as_object().is_some_and(|o| {
            o.iter().all(|(k, v)| match k.as_str() {
                "type" => v == "object",
                "properties" | "required" => true,
                "additionalProperties" => v.is_boolean(),
                other => ANNOTATIONS.contains(&other),
            })
        });
        let deep =
            (!top_level_only || properties.iter().any(|p| !p.simple)).then(|| schema.clone());
        ArgumentCheck {
            properties,
            required,
            closed: schema.get("additionalProperties") == Some(&Value::Bool(false)),
            top_level_only,
            deep,
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
        if let Some(fault) = fault {
            return Err(fault);
        }
        match &self.deep {
            // Worded as the host words it.
            Some(schema) => validate(arguments, schema).map_err(|e| e.of_arguments(tool)),
            None => Ok(()),
        }
    }

    /// Whether `arguments`, the call's JSON text, certainly passes
    /// [`ArgumentCheck::check`], read without building a value. `false`
    /// when it fails, and whenever the probe cannot tell cheaply: a
    /// property whose schema says more than its type (an `enum`, bounds,
    /// nested properties), an object schema with keywords of its own
    /// beyond the top level's, a name given twice or written with escapes,
    /// more than 64 declared properties. The caller then parses
    /// the text and runs the full check, whose message says what is wrong.
    ///
    /// Why: parsing the arguments into a value, checking it and then
    /// deserialising the tool's own type from that value was most of a
    /// trivial tool's work; on this path the text is read twice and
    /// nothing but the tool's own type is built.
    pub(crate) fn passes(&self, arguments: &str) -> bool {
        if self.properties.len() > 64 || !self.top_level_only {
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
            if !property.simple || present & (1 << index) != 0 {
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
    use crate::test_support::panic_of;

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
                r#" { "name" : "x\n" , "count" : -2, "ratio": 1 } "#,
                true,
            ),
            // An array's items have a schema of their own: left to the
            // full check, which reads them.
            (&typed, r#"{"name":"x","tags":["a"]}"#, false),
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
        assert_eq!(
            typed
                .check("t", &json!({"name": "x", "tags": ["a", 1]}))
                .unwrap_err(),
            "argument `tags[1]` of `t` is a number, not of type \"string\""
        );
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

    mod derived {
        //! The shapes a vendor's types take, derived.
        #![allow(dead_code)]

        use schemars::JsonSchema;
        use serde::{Deserialize, Serialize};
        use std::collections::{BTreeMap, BTreeSet};

        /// An order.
        #[derive(Deserialize, Serialize, JsonSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct Order {
            /// Who ordered.
            #[schemars(length(min = 1, max = 200))]
            pub customer_name: String,
            /// How many; 1 by default.
            #[schemars(range(min = 1, max = 100))]
            pub quantity: Option<i64>,
            #[serde(default)]
            pub gift: bool,
            pub speed: Speed,
            pub size: Size,
            /// Overrides `speed`.
            pub rush: Option<Speed>,
            pub address: Address,
            pub billing: Option<Address>,
            pub lines: Vec<Line>,
            pub tags: BTreeSet<String>,
            pub notes: BTreeMap<String, String>,
            pub weight: u16,
            pub ratio: f64,
        }

        #[derive(Deserialize, Serialize, JsonSchema)]
        #[serde(rename_all = "camelCase")]
        pub enum Speed {
            Standard,
            NextDay,
        }

        /// Parcel size.
        #[derive(Deserialize, Serialize, JsonSchema)]
        pub enum Size {
            /// Fits a letter box
            S,
            /// Needs a signature
            L,
        }

        /// Where to.
        #[derive(Deserialize, Serialize, JsonSchema)]
        pub struct Address {
            pub street: String,
            pub zip: Option<String>,
        }

        #[derive(Deserialize, Serialize, JsonSchema)]
        pub struct Line {
            pub sku: String,
            #[schemars(range(min = 1))]
            pub units: u32,
        }

        #[derive(Deserialize, JsonSchema)]
        pub struct Tree {
            pub children: Vec<Tree>,
        }

        #[derive(Deserialize, JsonSchema)]
        pub struct Coded {
            #[schemars(regex(pattern = r"^[A-Z]+$"))]
            pub code: String,
        }

        #[derive(Deserialize, JsonSchema)]
        pub struct Pair {
            pub at: (i32, i32),
        }
    }

    #[test]
    fn every_shape_derives_checked_keywords() {
        let schema = Schema::of::<derived::Order>();
        let props = &schema.as_json()["properties"];
        assert_eq!(schema.as_json()["description"], "An order.");
        assert_eq!(schema.as_json()["additionalProperties"], false);
        assert!(schema.as_json().get("title").is_none());
        assert_eq!(
            schema.as_json()["required"],
            json!([
                "customerName",
                "speed",
                "size",
                "address",
                "lines",
                "tags",
                "notes",
                "weight",
                "ratio"
            ])
        );
        assert_eq!(
            props["customerName"],
            json!({"description": "Who ordered.", "type": "string", "minLength": 1, "maxLength": 200})
        );
        assert_eq!(
            props["quantity"],
            json!({
                "description": "How many; 1 by default.",
                "type": ["integer", "null"], "minimum": 1, "maximum": 100
            })
        );
        assert_eq!(props["gift"], json!({"type": "boolean", "default": false}));
        assert_eq!(
            props["speed"],
            json!({"type": "string", "enum": ["standard", "nextDay"]})
        );
        // Documented unit variants: still a string enum, their docs joined.
        assert_eq!(
            props["size"],
            json!({
                "description": "Parcel size. (`S`: Fits a letter box; `L`: Needs a signature)",
                "type": "string",
                "enum": ["S", "L"]
            })
        );
        // An optional enum: its values and null.
        assert_eq!(
            props["rush"],
            json!({
                "description": "Overrides `speed`.",
                "type": ["string", "null"],
                "enum": ["standard", "nextDay", null]
            })
        );
        let address = json!({
            "description": "Where to.",
            "type": "object",
            "properties": {"street": {"type": "string"}, "zip": {"type": ["string", "null"]}},
            "required": ["street"],
            "additionalProperties": false
        });
        assert_eq!(props["address"], address);
        let mut billing = address.clone();
        billing["type"] = json!(["object", "null"]);
        assert_eq!(props["billing"], billing);
        assert_eq!(
            props["lines"],
            json!({"type": "array", "items": {
                "type": "object",
                "properties": {
                    "sku": {"type": "string"},
                    "units": {"type": "integer", "minimum": 1, "maximum": 4294967295u64}
                },
                "required": ["sku", "units"],
                "additionalProperties": false
            }})
        );
        assert_eq!(
            props["tags"],
            json!({"type": "array", "items": {"type": "string"}, "uniqueItems": true})
        );
        assert_eq!(
            props["notes"],
            json!({"type": "object", "additionalProperties": {"type": "string"}})
        );
        assert_eq!(
            props["weight"],
            json!({"type": "integer", "minimum": 0, "maximum": 65535})
        );
        assert_eq!(props["ratio"], json!({"type": "number"}));
        // Every keyword in it is one the validator knows.
        fn keys(v: &Value, out: &mut Vec<String>) {
            if let Value::Object(m) = v {
                for (k, sub) in m {
                    if !["properties", "enum", "required", "default"].contains(&k.as_str()) {
                        out.push(k.clone());
                    }
                    match k.as_str() {
                        "properties" => {
                            sub.as_object().unwrap().values().for_each(|s| keys(s, out))
                        }
                        "items" | "additionalProperties" => keys(sub, out),
                        _ => {}
                    }
                }
            }
        }
        let mut all = Vec::new();
        keys(schema.as_json(), &mut all);
        for k in all {
            assert!(
                ENFORCED.contains(&k.as_str()) || ANNOTATIONS.contains(&k.as_str()),
                "{k}"
            );
        }
    }

    #[test]
    fn what_nobody_would_enforce_is_refused_naming_type_place_and_remedy() {
        let m = panic_of(Schema::of::<derived::Tree>);
        assert!(
            m.starts_with(
                "the schema derived from `gs_mcp_sdk::schema::tests::derived::Tree` refers to \
                 itself: the type is recursive"
            ) && m.ends_with("(at #/properties/children/items)"),
            "{m}"
        );
        let m = panic_of(Schema::of::<derived::Coded>);
        assert!(
            m.contains("has `pattern` (from a `regex` attribute), which gs-mcp does not check")
                && m.contains("Error::invalid_params")
                && m.ends_with("(at #/properties/code)"),
            "{m}"
        );
        let m = panic_of(Schema::of::<derived::Pair>);
        assert!(m.contains("use a struct with named fields"), "{m}");
    }

    #[test]
    fn every_enforced_keyword_is_enforced() {
        // For each keyword of ENFORCED, a schema using it and a value it
        // refuses (and that `true` in its place would admit).
        let cases = [
            ("type", json!({"type": "string"}), json!(1)),
            ("enum", json!({"enum": [1]}), json!(2)),
            ("const", json!({"const": 1}), json!(2)),
            (
                "properties",
                json!({"properties": {"a": false}}),
                json!({"a": 1}),
            ),
            ("required", json!({"required": ["a"]}), json!({})),
            (
                "additionalProperties",
                json!({"additionalProperties": false}),
                json!({"a": 1}),
            ),
            ("minProperties", json!({"minProperties": 1}), json!({})),
            (
                "maxProperties",
                json!({"maxProperties": 0}),
                json!({"a": 1}),
            ),
            ("items", json!({"items": false}), json!([1])),
            ("minItems", json!({"minItems": 1}), json!([])),
            ("maxItems", json!({"maxItems": 0}), json!([1])),
            ("uniqueItems", json!({"uniqueItems": true}), json!([1, 1])),
            ("minLength", json!({"minLength": 1}), json!("")),
            ("maxLength", json!({"maxLength": 0}), json!("a")),
            ("minimum", json!({"minimum": 1}), json!(0)),
            ("maximum", json!({"maximum": 0}), json!(1)),
            ("exclusiveMinimum", json!({"exclusiveMinimum": 0}), json!(0)),
            ("exclusiveMaximum", json!({"exclusiveMaximum": 0}), json!(0)),
            ("allOf", json!({"allOf": [false]}), json!(1)),
            ("anyOf", json!({"anyOf": [false]}), json!(1)),
            ("oneOf", json!({"oneOf": [false]}), json!(1)),
            ("not", json!({"not": true}), json!(1)),
        ];
        let covered: Vec<&str> = cases.iter().map(|c| c.0).collect();
        assert_eq!(covered, ENFORCED);
        for (keyword, schema, value) in cases {
            assert!(validate(&value, &schema).is_err(), "{keyword}");
            assert!(validate(&value, &json!({})).is_ok(), "{keyword}");
        }
    }

    #[test]
    fn derived_arguments_are_checked_in_full_naming_the_place() {
        let s = ArgumentCheck::new(Schema::of::<derived::Order>().as_json());
        let good = json!({
            "customerName": "Wile", "speed": "nextDay", "size": "S",
            "address": {"street": "Mesa 1"}, "lines": [{"sku": "ANV", "units": 1}],
            "tags": [], "notes": {}, "weight": 3, "ratio": 0.5
        });
        assert!(s.check("order", &good).is_ok());
        let err = |change: Value| {
            let mut v = good.clone();
            for (k, x) in change.as_object().unwrap() {
                v[k] = x.clone();
            }
            s.check("order", &v).unwrap_err()
        };
        assert_eq!(
            err(json!({"quantity": 0})),
            "argument `quantity` of `order` is 0, below the schema's `minimum` of 1"
        );
        assert_eq!(
            err(json!({"customerName": ""})),
            "argument `customerName` of `order` has 0 characters, fewer than the schema's \
             `minLength` of 1"
        );
        assert_eq!(
            err(json!({"address": {"street": "x", "zip": 1}})),
            "argument `address.zip` of `order` is a number, not of type [\"string\",\"null\"]"
        );
        assert_eq!(
            err(json!({"address": {"street": "x", "town": "y"}})),
            "argument `address.town` of `order` is not allowed; the object's properties are \
             `street`, `zip`"
        );
        assert_eq!(
            err(json!({"lines": [{"sku": "A", "units": 0}]})),
            "argument `lines[0].units` of `order` is 0, below the schema's `minimum` of 1"
        );
        assert_eq!(
            err(json!({"weight": 70000})),
            "argument `weight` of `order` is 70000, above the schema's `maximum` of 65535"
        );
        // The top level's own words come first.
        assert_eq!(
            err(json!({"speed": "warp"})),
            "argument `speed` of `order` must be one of \"standard\", \"nextDay\", not \"warp\""
        );
        // The probe leaves every bounded or nested property to the check …
        assert!(!s.passes(&good.to_string()));
        // … but still passes a derived schema of plain properties.
        let plain = ArgumentCheck::new(Schema::of::<derived::Address>().as_json());
        assert!(plain.passes(r#"{"street": "Mesa 1"}"#));
        assert!(!plain.passes(r#"{"street": "Mesa 1", "zip": "1"}"#));
        assert!(
            plain
                .check("a", &json!({"street": "x", "zip": null}))
                .is_ok()
        );
    }
}

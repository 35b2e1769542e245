//! JSON Schema as the host enforces it on what a plug-in declares and
//! answers: [`check`] refuses at load a schema whose keywords have the
//! wrong form (`"properties": 42`, `"required": "nope"`), so clients never
//! see it; [`validate()`] checks structured content against a tool's own
//! output schema before it reaches the client.
//!
//! The validator is the SDK's own (`sdk/src/validate.rs`, included here
//! as source: the host depends on no SDK crate), so that the host and a
//! plug-in built with the SDK judge a value alike; it covers the keywords
//! tool schemas use — derived ones included — `type`, `enum`, `const`,
//! `properties`, `required`, `additionalProperties`,
//! `minProperties`/`maxProperties`, `items`, `minItems`/`maxItems`,
//! `uniqueItems`, `minLength`/`maxLength`, `minimum`/`maximum`,
//! `exclusiveMinimum`/`exclusiveMaximum`, `allOf`/`anyOf`/`oneOf`/`not`.
//! Keywords it does not know (`$ref`, `format`, annotations) constrain
//! nothing here, as JSON Schema treats unknown keywords.

use serde_json::Value;

#[path = "../../../sdk/src/validate.rs"]
mod validate;

pub(crate) use validate::validate;

/// The names `type` may give.
const TYPES: [&str; 7] = [
    "null", "boolean", "object", "array", "number", "string", "integer",
];

/// Deepest schema nesting checked; deeper schemas are refused.
const MAX_DEPTH: usize = 64;

/// Checks that `schema` is a well-formed JSON Schema in the keywords
/// [`validate()`] knows. The error names the keyword's place.
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
    if let Some(u) = obj.get("uniqueItems")
        && !u.is_boolean()
    {
        return Err(format!("{} must be true or false", sub("uniqueItems")));
    }
    for key in [
        "minItems",
        "maxItems",
        "minLength",
        "maxLength",
        "minProperties",
        "maxProperties",
    ] {
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
            "$.x is not allowed; the object's properties are `n`, `tags`"
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
            "$.order.note has 4 characters, more than the schema's `maxLength` of 3"
        );
    }

    /// What a schema derived by the SDK (`Schema::of`, schemars) holds:
    /// optional fields as `["T", "null"]`, nested closed objects, unit
    /// enums, sets (`uniqueItems`), maps (`additionalProperties` of a
    /// schema, sized by `minProperties`/`maxProperties`), untagged enums
    /// (`anyOf`), integer widths (`format` and bounds).
    fn derived() -> Value {
        json!({
            "type": "object",
            "properties": {
                "limit": {"type": ["integer", "null"], "format": "int64", "minimum": 1, "maximum": 100},
                "small": {"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255},
                "mode": {"type": "string", "enum": ["fast", "slow"]},
                "inner": {
                    "type": ["object", "null"],
                    "properties": {"a": {"type": "integer"}, "name": {"type": "string", "minLength": 1}},
                    "required": ["a"],
                    "additionalProperties": false
                },
                "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
                "counts": {
                    "type": "object",
                    "additionalProperties": {"type": "integer"},
                    "minProperties": 1,
                    "maxProperties": 2
                },
                "rows": {"type": "array", "items": {"anyOf": [
                    {"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"], "additionalProperties": false},
                    {"type": "string", "maxLength": 2}
                ]}}
            },
            "required": ["mode"],
            "additionalProperties": false
        })
    }

    #[test]
    fn derived_schemas_are_well_formed_and_every_keyword_of_them_is_enforced() {
        let schema = derived();
        assert!(check(&schema).is_ok());
        let good = json!({
            "limit": null, "small": 7, "mode": "fast",
            "inner": {"a": 1, "name": "x"}, "tags": ["a", "b"],
            "counts": {"x": 1}, "rows": [{"sku": "A"}, "ok"]
        });
        assert!(validate(&good, &schema).is_ok());
        let fault = |change: Value| {
            let mut v = good.clone();
            for (k, x) in change.as_object().unwrap() {
                v[k] = x.clone();
            }
            validate(&v, &schema).unwrap_err().to_string()
        };
        assert_eq!(
            fault(json!({"limit": 101})),
            "$.limit is 101, above the schema's `maximum` of 100"
        );
        assert_eq!(
            fault(json!({"small": 256})),
            "$.small is 256, above the schema's `maximum` of 255"
        );
        assert_eq!(
            fault(json!({"mode": "medium"})),
            "$.mode is \"medium\", not one of the schema's `enum` values (\"fast\", \"slow\")"
        );
        assert_eq!(
            fault(json!({"inner": {"a": 1, "name": ""}})),
            "$.inner.name has 0 characters, fewer than the schema's `minLength` of 1"
        );
        assert_eq!(
            fault(json!({"inner": {"a": 1, "b": 2}})),
            "$.inner.b is not allowed; the object's properties are `a`, `name`"
        );
        assert_eq!(
            fault(json!({"tags": ["a", "b", "a"]})),
            "$.tags has \"a\" at [0] and again at [2]; the schema's `uniqueItems` allows each \
             item once"
        );
        assert_eq!(
            fault(json!({"counts": {}})),
            "$.counts has 0 properties, fewer than the schema's `minProperties` of 1"
        );
        assert_eq!(
            fault(json!({"counts": {"a": 1, "b": 2, "c": 3}})),
            "$.counts has 3 properties, more than the schema's `maxProperties` of 2"
        );
        assert_eq!(
            fault(json!({"counts": {"a": "1"}})),
            "$.counts.a is a string, not of type \"integer\""
        );
        // Of an `anyOf`, the one branch of the value's type says where.
        assert_eq!(
            fault(json!({"rows": [{"sku": 5}]})),
            "$.rows[0].sku is a number, not of type \"string\""
        );
        assert_eq!(
            fault(json!({"rows": ["long"]})),
            "$.rows[0] has 4 characters, more than the schema's `maxLength` of 2"
        );
        assert_eq!(
            fault(json!({"rows": [true]})),
            "$.rows[0] matches none of the schema's `anyOf`"
        );
    }

    #[test]
    fn the_added_keywords_are_checked_for_form() {
        assert_eq!(
            check(&json!({"uniqueItems": "yes"})).unwrap_err(),
            "#/uniqueItems must be true or false"
        );
        assert_eq!(
            check(&json!({"maxProperties": -1})).unwrap_err(),
            "#/maxProperties must be a non-negative integer"
        );
    }
}

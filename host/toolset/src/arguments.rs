//! A tool call's arguments, as the client sent them.

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::ToolError;

/// The arguments of one tool call: the text of one JSON object, kept as
/// the client wrote it so that a toolset taking text (a WebAssembly guest)
/// receives it without a parse and a re-serialisation.
///
/// Every way to make one checks that the text is an object, so no toolset
/// checks it again: the rule "arguments are an object" is enforced where
/// the arguments are made (the router, for an MCP client's call).
#[derive(Clone)]
pub struct Arguments(Option<Box<RawValue>>);

impl Arguments {
    /// No arguments: the same as `{}`.
    pub fn none() -> Arguments {
        Arguments(None)
    }

    /// Takes raw JSON as the arguments if it is an object every reader
    /// can read whole; otherwise says why not ("must be a JSON object, not
    /// an array", …), for the caller to refuse in its own protocol's form.
    ///
    /// Raw text is only scanned when it is taken from a request, so an
    /// object nested deeper than a parse allows, a number out of range or
    /// an unpaired surrogate would pass; it is parsed here, once, so that
    /// no toolset ever meets arguments it cannot read.
    pub fn from_raw(raw: Box<RawValue>) -> Result<Arguments, String> {
        match serde_json::from_str::<Value>(raw.get()) {
            Ok(Value::Object(_)) => Ok(Arguments(Some(raw))),
            Ok(other) => Err(format!(
                "must be a JSON object, not {}",
                json_type_name(&other)
            )),
            Err(e) => Err(format!(
                "are not JSON this server reads ({e}): nesting deeper than 128, a number out \
                 of range or an unpaired surrogate"
            )),
        }
    }

    /// Parses `text` as the arguments of `tool`: `invalidParams` unless it
    /// is one JSON object.
    pub fn parse(tool: &str, text: &str) -> Result<Arguments, ToolError> {
        let raw: Box<RawValue> = serde_json::from_str(text).map_err(|e| {
            ToolError::invalid_params(format!("the arguments of `{tool}` are not JSON: {e}"))
        })?;
        Arguments::from_raw(raw)
            .map_err(|why| ToolError::invalid_params(format!("the arguments of `{tool}` {why}")))
    }

    /// The arguments of an object built in code.
    pub fn from_object(object: &Map<String, Value>) -> Arguments {
        // Serialising a value into raw JSON cannot fail.
        Arguments(serde_json::value::to_raw_value(object).ok())
    }

    /// The arguments of `tool` given as a value: `invalidParams` unless it
    /// is an object.
    pub fn from_value(tool: &str, value: &Value) -> Result<Arguments, ToolError> {
        match value {
            Value::Object(object) => Ok(Arguments::from_object(object)),
            other => Err(not_an_object(tool, &other.to_string())),
        }
    }

    /// The object's JSON text (`{}` when there are none).
    pub fn text(&self) -> &str {
        self.0.as_deref().map_or("{}", RawValue::get)
    }

    /// The arguments as a value, for a toolset that reads them as one.
    pub fn to_value(&self) -> Value {
        // Every constructor parsed the text as a JSON object, so this
        // parse cannot fail; the fallback is never taken.
        serde_json::from_str(self.text()).unwrap_or_else(|_| Value::Object(Map::new()))
    }
}

impl std::fmt::Debug for Arguments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Arguments").field(&self.text()).finish()
    }
}

fn not_an_object(tool: &str, text: &str) -> ToolError {
    ToolError::invalid_params(format!(
        "the arguments of `{tool}` must be a JSON object, not {}",
        serde_json::from_str::<Value>(text).map_or("not JSON", |v| json_type_name(&v))
    ))
}

/// The JSON type of `value` as a refusal names it ("an array", "null", …).
pub fn json_type_name(value: &Value) -> &'static str {
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

    #[test]
    fn only_an_object_makes_arguments() {
        assert_eq!(
            Arguments::parse("t", r#" {"a": 1}"#).unwrap().text(),
            r#"{"a": 1}"#
        );
        for (text, kind) in [("[1]", "an array"), ("\"x\"", "a string"), ("null", "null")] {
            let e = Arguments::parse("t", text).unwrap_err();
            assert_eq!(
                e.message,
                format!("the arguments of `t` must be a JSON object, not {kind}")
            );
        }
        let e = Arguments::parse("t", "{").unwrap_err();
        assert!(e.message.starts_with("the arguments of `t` are not JSON"));
        // Text a scan passes but no parse reads is refused, never read as
        // no arguments at all.
        let deep = format!("{{\"a\": {}1{}}}", "[".repeat(130), "]".repeat(130));
        for text in [deep.as_str(), r#"{"a": 1e400}"#, r#"{"\ud800": 1}"#] {
            let e = Arguments::parse("t", text).unwrap_err();
            assert!(
                e.message
                    .starts_with("the arguments of `t` are not JSON this server reads"),
                "{text}: {}",
                e.message
            );
        }
        assert_eq!(Arguments::none().text(), "{}");
        assert_eq!(Arguments::none().to_value(), serde_json::json!({}));
    }
}

//! JSON-RPC and MCP: the supported revisions, the envelope checks every
//! body passes, and the answers to each method. Transport-independent, so
//! HTTP and stdio read a message the same way and answer it the same way.

use serde_json::{Map, Value, json};

/// The MCP revisions this server speaks, oldest first: the one list both
/// `initialize` negotiation and the `MCP-Protocol-Version` header check
/// read, so the two cannot drift.
pub const SUPPORTED_VERSIONS: [&str; 2] = ["2025-06-18", "2025-11-25"];

/// The revision offered when the client asks for one not supported.
pub const LATEST_VERSION: &str = "2025-11-25";

/// JSON-RPC: the body is not JSON.
pub const PARSE_ERROR: i64 = -32700;
/// JSON-RPC: the body is JSON but not a valid request.
pub const INVALID_REQUEST: i64 = -32600;
/// JSON-RPC: no such method (or, for a hidden tool, not callable here).
pub const METHOD_NOT_FOUND: i64 = -32601;
/// JSON-RPC: bad parameters.
pub const INVALID_PARAMS: i64 = -32602;
/// JSON-RPC: the server failed.
pub const INTERNAL_ERROR: i64 = -32603;
/// Server-defined: the request ran past the configured deadline.
pub const REQUEST_TIMEOUT: i64 = -32001;

/// The revision to answer `initialize` with: the client's when supported,
/// else the latest.
pub fn negotiate(requested: Option<&str>) -> &'static str {
    requested
        .and_then(|r| SUPPORTED_VERSIONS.iter().find(|v| **v == r))
        .copied()
        .unwrap_or(LATEST_VERSION)
}

/// A JSON-RPC error response.
pub fn error(id: &Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// A JSON-RPC error response with `data`.
pub fn error_with(id: &Value, code: i64, message: &str, data: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message, "data": data}})
}

/// A JSON-RPC result response.
pub fn result(id: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// What a well-formed message is.
#[derive(Debug)]
pub enum Message {
    /// A request: it has a method and an id, and wants an answer.
    Request {
        /// Its id (a string or an integer).
        id: Value,
        /// Its method.
        method: String,
        /// Its params (an object), if any.
        params: Option<Map<String, Value>>,
    },
    /// A notification: a method and no id.
    Notification {
        /// Its method.
        method: String,
        /// Its params (an object), if any.
        params: Option<Map<String, Value>>,
    },
    /// A response to a request the server sent: an id and a result or error.
    Response {
        /// The id of the server's request.
        id: Value,
        /// The `result`, or the `error` object.
        outcome: Result<Value, Value>,
    },
}

/// A body refused before dispatch: the JSON-RPC code and message, and the
/// request's id when it could be read.
#[derive(Debug)]
pub struct Refusal {
    /// The JSON-RPC error code.
    pub code: i64,
    /// What is wrong and what to send instead.
    pub message: String,
    /// The id, if the body had a usable one.
    pub id: Value,
}

fn refuse(code: i64, message: impl Into<String>, id: &Value) -> Refusal {
    Refusal {
        code,
        message: message.into(),
        id: id.clone(),
    }
}

/// Reads one message, applying every envelope check: JSON, an object, not a
/// batch, `jsonrpc` "2.0", a string or integer id, a string method, object
/// params, and for `tools/call` object arguments.
pub fn parse(body: &[u8]) -> Result<Message, Refusal> {
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        refuse(
            PARSE_ERROR,
            format!("Parse error: the body is not a JSON value ({e}); send one JSON-RPC object"),
            &Value::Null,
        )
    })?;
    let mut obj = match value {
        Value::Object(obj) => obj,
        Value::Array(_) => {
            return Err(refuse(
                INVALID_REQUEST,
                "Invalid Request: JSON-RPC batches are not supported at the MCP revisions this \
                 server speaks; send one object per request",
                &Value::Null,
            ));
        }
        _ => {
            return Err(refuse(
                INVALID_REQUEST,
                "Invalid Request: the body must be a JSON-RPC object",
                &Value::Null,
            ));
        }
    };
    let id = match obj.get("id") {
        None => None,
        Some(id @ Value::String(_)) => Some(id.clone()),
        Some(id @ Value::Number(n)) if n.is_i64() || n.is_u64() => Some(id.clone()),
        Some(other) => {
            return Err(refuse(
                INVALID_REQUEST,
                format!("Invalid Request: id {other} must be a string or an integer"),
                &Value::Null,
            ));
        }
    };
    let id_or_null = id.clone().unwrap_or(Value::Null);
    match obj.get("jsonrpc") {
        Some(Value::String(v)) if v == "2.0" => {}
        Some(other) => {
            return Err(refuse(
                INVALID_REQUEST,
                format!("Invalid Request: jsonrpc is {other}; it must be \"2.0\""),
                &id_or_null,
            ));
        }
        None => {
            return Err(refuse(
                INVALID_REQUEST,
                "Invalid Request: the jsonrpc member is missing; add \"jsonrpc\": \"2.0\"",
                &id_or_null,
            ));
        }
    }
    let method = match obj.get("method") {
        None => None,
        Some(Value::String(m)) => Some(m.clone()),
        Some(other) => {
            return Err(refuse(
                INVALID_REQUEST,
                format!("Invalid Request: method {other} must be a string"),
                &id_or_null,
            ));
        }
    };
    let params = match obj.remove("params") {
        None => None,
        Some(Value::Object(p)) => Some(p),
        Some(other) => {
            return Err(refuse(
                INVALID_PARAMS,
                format!(
                    "Invalid params: params must be an object, not {}",
                    type_name(&other)
                ),
                &id_or_null,
            ));
        }
    };
    if method.as_deref() == Some("tools/call")
        && let Some(args) = params.as_ref().and_then(|p| p.get("arguments"))
        && !args.is_object()
    {
        return Err(refuse(
            INVALID_PARAMS,
            format!(
                "Invalid params: arguments must be an object, not {}",
                type_name(args)
            ),
            &id_or_null,
        ));
    }
    match (method, id) {
        (Some(method), Some(id)) => Ok(Message::Request { id, method, params }),
        (Some(method), None) => Ok(Message::Notification { method, params }),
        (None, Some(id)) if obj.contains_key("result") || obj.contains_key("error") => {
            let outcome = match obj.get("result") {
                Some(r) => Ok(r.clone()),
                None => Err(obj.get("error").cloned().unwrap_or(Value::Null)),
            };
            Ok(Message::Response { id, outcome })
        }
        (None, _) => Err(refuse(
            INVALID_REQUEST,
            "Invalid Request: the object has no method; a request needs \"method\"",
            &id_or_null,
        )),
    }
}

/// A JSON type's name, for messages.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A tool descriptor as `tools/list` shows it.
pub fn tool_json(d: &gs_toolset::ToolDescriptor) -> Value {
    let mut t = Map::new();
    t.insert("name".into(), Value::String(d.name.clone()));
    if let Some(title) = &d.title {
        t.insert("title".into(), Value::String(title.clone()));
    }
    t.insert("description".into(), Value::String(d.description.clone()));
    t.insert("inputSchema".into(), d.input_schema.clone());
    if let Some(out) = &d.output_schema {
        t.insert(
            "outputSchema".into(),
            gs_toolset::advertised_output_schema(out),
        );
    }
    t.insert(
        "annotations".into(),
        json!({"readOnlyHint": d.read_only_safe}),
    );
    Value::Object(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negotiation_echoes_supported_and_falls_back_to_latest() {
        assert_eq!(negotiate(Some("2025-06-18")), "2025-06-18");
        assert_eq!(negotiate(Some("2025-11-25")), "2025-11-25");
        assert_eq!(negotiate(Some("2025-03-26")), "2025-11-25");
        assert_eq!(negotiate(Some("2026-07-28")), "2025-11-25");
        assert_eq!(negotiate(None), "2025-11-25");
    }
}

//! JSON-RPC and MCP: the supported revisions, the envelope checks every
//! body passes, and the answers to each method. Transport-independent, so
//! HTTP and stdio read a message the same way and answer it the same way.

use gs_toolset::{Arguments, json_type_name};
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
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

/// A JSON-RPC response, serialised once where it is made: the transports
/// only write its bytes (an HTTP body, an SSE event, a stdio line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer(Vec<u8>);

impl Answer {
    /// An answer of the JSON text `json` (one JSON-RPC response).
    pub(crate) fn from_json(json: Vec<u8>) -> Answer {
        Answer(json)
    }

    /// The response's JSON text.
    pub fn json(&self) -> &[u8] {
        &self.0
    }

    /// The response's JSON text, owned.
    pub fn into_json(self) -> Vec<u8> {
        self.0
    }
}

#[derive(Serialize)]
struct ResultEnvelope<'a, R> {
    jsonrpc: &'static str,
    id: &'a Value,
    result: R,
}

#[derive(Serialize)]
struct ErrorEnvelope<'a> {
    jsonrpc: &'static str,
    /// Left out when the request's id could not be read: MCP's schema has
    /// an error response's id optional, and a string or a number when given.
    #[serde(skip_serializing_if = "Value::is_null")]
    id: &'a Value,
    error: ErrorObject<'a>,
}

#[derive(Serialize)]
struct ErrorObject<'a> {
    code: i64,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<&'a Value>,
}

// Serialising these envelopes cannot fail: their members are JSON values,
// strings and integers, and maps keyed by strings.
fn answer(envelope: &impl Serialize) -> Answer {
    Answer(serde_json::to_vec(envelope).unwrap_or_default())
}

/// A JSON-RPC error response.
pub fn error(id: &Value, code: i64, message: &str) -> Answer {
    // Every invalid-params answer carries a kind, as a tool's own errors
    // do, so a client branches on `data.kind` rather than on the message.
    let data = (code == INVALID_PARAMS).then(|| json!({"kind": "invalidParams"}));
    error_object(id, code, message, data.as_ref())
}

/// The refusal of a request whose id is already that of a request in
/// flight (in the session, or on the stdio connection): an id names one
/// request until it is answered, so that cancelling it stops that one.
/// The id is not echoed in the message.
pub fn id_in_flight(id: &Value) -> Answer {
    error_with(
        id,
        INVALID_REQUEST,
        "Invalid Request: the id is already the id of a request in flight; give each \
         request an id of its own",
        &json!({"kind": "invalidRequest"}),
    )
}

/// Where the page a list request's `cursor` names starts, in a list of
/// `total` items served `page` at a time: 0 without a cursor, else only a
/// cursor this server gave (a later page's start, in decimal digits);
/// `None` for any other, which the request is refused for (-32602).
pub(crate) fn page_start(
    params: Option<&Map<String, Value>>,
    total: usize,
    page: usize,
) -> Option<usize> {
    match params.and_then(|p| p.get("cursor")) {
        None | Some(Value::Null) => Some(0),
        Some(Value::String(c)) if !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()) => {
            let start: usize = c.parse().ok()?;
            (start > 0 && start < total && start.is_multiple_of(page)).then_some(start)
        }
        Some(_) => None,
    }
}

/// The -32602 answer to a `method` whose cursor this server never gave.
pub(crate) fn bad_cursor(id: &Value, method: &str) -> Answer {
    error(
        id,
        INVALID_PARAMS,
        &format!(
            "Invalid params: cursor is not one this server gave; pass the `nextCursor` of the \
             previous {method} page, or no cursor for the first page"
        ),
    )
}

/// A JSON-RPC error response with `data`.
pub fn error_with(id: &Value, code: i64, message: &str, data: &Value) -> Answer {
    error_object(id, code, message, Some(data))
}

fn error_object(id: &Value, code: i64, message: &str, data: Option<&Value>) -> Answer {
    answer(&ErrorEnvelope {
        jsonrpc: "2.0",
        id,
        error: ErrorObject {
            code,
            message,
            data,
        },
    })
}

/// A JSON-RPC result response; `result` is written straight into it.
pub fn result(id: &Value, result: impl Serialize) -> Answer {
    answer(&ResultEnvelope {
        jsonrpc: "2.0",
        id,
        result,
    })
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
        /// Its params (an object), if any; a `tools/call`'s without
        /// `arguments`.
        params: Option<Map<String, Value>>,
        /// A `tools/call`'s `params.arguments`, if present, as the client's
        /// JSON text (checked to be an object): they go to the toolset
        /// unparsed.
        arguments: Option<Arguments>,
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

/// The members of a JSON-RPC object this server reads, each as sent
/// (`Some(Value::Null)` for an explicit `null`, `None` when absent).
#[derive(Default, Deserialize)]
struct Members {
    #[serde(default, deserialize_with = "present")]
    jsonrpc: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    id: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    method: Option<Value>,
    #[serde(default, deserialize_with = "present_params")]
    params: Option<Params>,
    #[serde(default, deserialize_with = "present")]
    result: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    error: Option<Value>,
}

/// A member that is present, even when it is `null`.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

fn present_params<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Params>, D::Error> {
    Params::deserialize(d).map(Some)
}

/// `params` as read: an object's members with its `arguments` kept apart
/// as the client's text, or, for anything but an object, the name of its
/// type (which `check` refuses).
enum Params {
    Object {
        members: Map<String, Value>,
        arguments: Option<Box<RawValue>>,
    },
    Other(&'static str),
}

impl Params {
    fn from_value(value: Value) -> Params {
        match value {
            Value::Object(mut members) => {
                // Serialising a value into raw JSON cannot fail.
                let arguments = members
                    .remove("arguments")
                    .and_then(|a| serde_json::value::to_raw_value(&a).ok());
                Params::Object { members, arguments }
            }
            other => Params::Other(json_type_name(&other)),
        }
    }
}

impl<'de> Deserialize<'de> for Params {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Params, D::Error> {
        d.deserialize_any(ParamsVisitor)
    }
}

struct ParamsVisitor;

impl<'de> Visitor<'de> for ParamsVisitor {
    type Value = Params;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JSON-RPC params")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Params, A::Error> {
        let mut members = Map::new();
        let mut arguments = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "arguments" {
                arguments = Some(map.next_value::<Box<RawValue>>()?);
            } else {
                members.insert(key, map.next_value::<Value>()?);
            }
        }
        Ok(Params::Object { members, arguments })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Params, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Params::Other("an array"))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Params, E> {
        Ok(Params::Other("a boolean"))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Params, E> {
        Ok(Params::Other("a number"))
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Params, E> {
        Ok(Params::Other("a number"))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Params, E> {
        Ok(Params::Other("a number"))
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Params, E> {
        Ok(Params::Other("a string"))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Params, E> {
        Ok(Params::Other("null"))
    }
}

impl Members {
    /// Takes the members out of a parsed object.
    fn from_object(mut obj: Map<String, Value>) -> Members {
        Members {
            jsonrpc: obj.remove("jsonrpc"),
            id: obj.remove("id"),
            method: obj.remove("method"),
            params: obj.remove("params").map(Params::from_value),
            result: obj.remove("result"),
            error: obj.remove("error"),
        }
    }
}

/// Reads one message, applying every envelope check: JSON, an object, not a
/// batch, `jsonrpc` "2.0", a string or integer id, a string method, object
/// params, and for `tools/call` object arguments.
pub fn parse(body: &[u8]) -> Result<Message, Refusal> {
    // The usual body, one object naming each member once, is read straight
    // into its members, without a map for the envelope. Anything else (not
    // an object, a member twice, not JSON) is read whole as a value, which
    // classifies it as before and lets the last of repeated members win.
    let object = body
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|b| *b == b'{');
    if object && let Ok(members) = serde_json::from_slice::<Members>(body) {
        return check(members);
    }
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        refuse(
            PARSE_ERROR,
            format!("Parse error: the body is not a JSON value ({e}); send one JSON-RPC object"),
            &Value::Null,
        )
    })?;
    match value {
        Value::Object(obj) => check(Members::from_object(obj)),
        Value::Array(_) => Err(refuse(
            INVALID_REQUEST,
            "Invalid Request: JSON-RPC batches are not supported at the MCP revisions this \
             server speaks; send one object per request",
            &Value::Null,
        )),
        _ => Err(refuse(
            INVALID_REQUEST,
            "Invalid Request: the body must be a JSON-RPC object",
            &Value::Null,
        )),
    }
}

/// The longest string id a message may carry, in bytes.
pub const MAX_ID_BYTES: usize = 256;

/// The envelope checks on an object's members.
fn check(members: Members) -> Result<Message, Refusal> {
    let id = match members.id {
        None => None,
        Some(Value::String(id)) if id.len() > MAX_ID_BYTES => {
            return Err(refuse(
                INVALID_REQUEST,
                format!(
                    "Invalid Request: the id is {} bytes; this server takes ids of at most \
                     {MAX_ID_BYTES} bytes, since what it sends about a request (a \
                     subscription's every notification) repeats its id",
                    id.len()
                ),
                &Value::Null,
            ));
        }
        Some(id @ Value::String(_)) => Some(id),
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => Some(Value::Number(n)),
        Some(Value::Number(n))
            if n.as_f64()
                .is_some_and(|f| f.fract() == 0.0 && f.abs() >= 9.2e18) =>
        {
            return Err(refuse(
                INVALID_REQUEST,
                format!(
                    "Invalid Request: id {n} is an integer past 64 bits; this server takes \
                     integer ids from -2^63 to 2^64-1, or a string id"
                ),
                &Value::Null,
            ));
        }
        Some(other) => {
            return Err(refuse(
                INVALID_REQUEST,
                format!("Invalid Request: id {other} must be a string or an integer"),
                &Value::Null,
            ));
        }
    };
    let id_or_null = id.clone().unwrap_or(Value::Null);
    match members.jsonrpc {
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
    let method = match members.method {
        None => None,
        Some(Value::String(m)) => Some(m),
        Some(other) => {
            return Err(refuse(
                INVALID_REQUEST,
                format!("Invalid Request: method {other} must be a string"),
                &id_or_null,
            ));
        }
    };
    let (mut params, arguments) = match members.params {
        None => (None, None),
        Some(Params::Object { members, arguments }) => (Some(members), arguments),
        Some(Params::Other(kind)) => {
            return Err(refuse(
                INVALID_PARAMS,
                format!("Invalid params: params must be an object, not {kind}"),
                &id_or_null,
            ));
        }
    };
    // The one check of "a tool call's arguments are an object": an
    // `Arguments` holds nothing else, so no layer below checks again.
    let arguments = match arguments {
        Some(raw) if id.is_some() && method.as_deref() == Some("tools/call") => {
            match Arguments::from_raw(raw) {
                Ok(arguments) => Some(arguments),
                Err(why) => {
                    return Err(refuse(
                        INVALID_PARAMS,
                        format!("Invalid params: arguments {why}"),
                        &id_or_null,
                    ));
                }
            }
        }
        Some(raw) => {
            // Any other message's params are read whole.
            if let Some(p) = params.as_mut()
                && let Ok(a) = serde_json::from_str(raw.get())
            {
                p.insert("arguments".into(), a);
            }
            None
        }
        None => None,
    };
    match (method, id, members.result, members.error) {
        (Some(method), Some(id), ..) => Ok(Message::Request {
            id,
            method,
            params,
            arguments,
        }),
        (Some(method), None, ..) => Ok(Message::Notification { method, params }),
        (None, Some(id), Some(result), _) => Ok(Message::Response {
            id,
            outcome: Ok(result),
        }),
        (None, Some(id), None, Some(error)) => Ok(Message::Response {
            id,
            outcome: Err(error),
        }),
        // The client could not read one of the server's requests well
        // enough to name it: acknowledged, and settles nothing.
        (None, None, None, Some(error)) => Ok(Message::Response {
            id: Value::Null,
            outcome: Err(error),
        }),
        (None, ..) => Err(refuse(
            INVALID_REQUEST,
            "Invalid Request: the object has no method; a request needs \"method\"",
            &id_or_null,
        )),
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

    fn request(body: &str) -> (Value, String, Option<Map<String, Value>>) {
        let (id, method, params, _) = request_with_arguments(body);
        (id, method, params)
    }

    fn request_with_arguments(
        body: &str,
    ) -> (Value, String, Option<Map<String, Value>>, Option<String>) {
        match parse(body.as_bytes()) {
            Ok(Message::Request {
                id,
                method,
                params,
                arguments,
            }) => (id, method, params, arguments.map(|a| a.text().to_string())),
            other => panic!("not read as a request: {other:?}"),
        }
    }

    fn refusal(body: &str) -> Refusal {
        match parse(body.as_bytes()) {
            Err(r) => r,
            Ok(m) => panic!("accepted: {m:?}"),
        }
    }

    #[test]
    fn a_request_is_read_with_its_members() {
        let (id, method, params) = request(
            r#" {"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"x","arguments":{}},"extra":[1]}"#,
        );
        assert_eq!(id, json!("a"));
        assert_eq!(method, "tools/call");
        assert_eq!(params.unwrap()["name"], json!("x"));
    }

    #[test]
    fn tool_arguments_are_kept_as_the_clients_text() {
        let (_, _, params, arguments) = request_with_arguments(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments": 
 {"b": [1, 2.50], "a":"\u00e9"} }}"#,
        );
        assert_eq!(
            arguments.as_deref(),
            Some(r#"{"b": [1, 2.50], "a":"\u00e9"}"#)
        );
        let params = params.unwrap();
        assert_eq!(params["name"], json!("x"));
        assert!(!params.contains_key("arguments"));
        // Read whole (a repeated member), the arguments are kept as JSON too.
        let (_, _, _, arguments) = request_with_arguments(
            r#"{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/call","params":{"name":"x","arguments":{"a":1}}}"#,
        );
        assert_eq!(arguments.as_deref(), Some(r#"{"a":1}"#));
        let (_, _, _, arguments) = request_with_arguments(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#,
        );
        assert_eq!(arguments, None);
        // A notification's params are whole.
        match parse(br#"{"jsonrpc":"2.0","method":"n","params":{"arguments":{"a":1},"k":2}}"#) {
            Ok(Message::Notification { params, .. }) => {
                assert_eq!(
                    params,
                    json!({"arguments":{"a":1},"k":2}).as_object().cloned()
                );
            }
            other => panic!("not read as a notification: {other:?}"),
        }
    }

    #[test]
    fn non_object_params_are_refused_by_type() {
        for (params, kind) in [
            ("[1, {}]", "an array"),
            ("3", "a number"),
            ("\"p\"", "a string"),
            ("true", "a boolean"),
        ] {
            let r = refusal(&format!(
                r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{params}}}"#
            ));
            assert_eq!((r.code, r.id), (INVALID_PARAMS, json!(1)));
            assert_eq!(
                r.message,
                format!("Invalid params: params must be an object, not {kind}")
            );
        }
    }

    #[test]
    fn a_repeated_member_counts_once_with_its_last_value() {
        let (id, method, _) = request(r#"{"jsonrpc":"2.0","id":1,"id":7,"method":"ping"}"#);
        assert_eq!((id, method.as_str()), (json!(7), "ping"));
        let r = refusal(r#"{"jsonrpc":"2.0","id":1,"method":"ping","method":3}"#);
        assert_eq!(r.code, INVALID_REQUEST);
        assert!(
            r.message.contains("method 3 must be a string"),
            "{}",
            r.message
        );
    }

    #[test]
    fn null_members_are_refused_not_ignored() {
        let r = refusal(r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#);
        assert_eq!(r.code, INVALID_REQUEST);
        assert!(r.message.contains("id null"), "{}", r.message);
        let r = refusal(r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":null}"#);
        assert_eq!((r.code, r.id), (INVALID_PARAMS, json!(1)));
        let r = refusal(r#"{"jsonrpc":null,"id":1,"method":"ping"}"#);
        assert!(r.message.contains("jsonrpc is null"), "{}", r.message);
    }

    #[test]
    fn ids_past_64_bits_and_fractional_ids_are_refused_saying_which() {
        let r = refusal(r#"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}"#);
        assert_eq!(r.code, INVALID_REQUEST);
        assert!(
            r.message.contains("an integer past 64 bits"),
            "{}",
            r.message
        );
        let r = refusal(r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#);
        assert!(
            r.message.contains("id 1.5 must be a string or an integer"),
            "{}",
            r.message
        );
        let r = refusal(r#"{"jsonrpc":"2.0","id":2.0,"method":"ping"}"#);
        assert!(
            r.message.contains("must be a string or an integer"),
            "{}",
            r.message
        );
    }

    #[test]
    fn non_objects_and_bad_json_are_classified() {
        assert_eq!(
            refusal(r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#).code,
            INVALID_REQUEST
        );
        assert!(refusal("[]").message.contains("batches"));
        assert_eq!(refusal("\"ping\"").code, INVALID_REQUEST);
        assert_eq!(refusal(r#"{"jsonrpc":"2.0","id":1"#).code, PARSE_ERROR);
        assert_eq!(refusal(r#"{"jsonrpc":"2.0","id":1} x"#).code, PARSE_ERROR);
    }

    #[test]
    fn a_client_answer_is_read_as_a_response() {
        match parse(br#"{"jsonrpc":"2.0","id":"srv-1","result":null}"#) {
            Ok(Message::Response { id, outcome }) => {
                assert_eq!((id, outcome), (json!("srv-1"), Ok(Value::Null)));
            }
            other => panic!("{other:?}"),
        }
        match parse(br#"{"jsonrpc":"2.0","id":2,"error":{"code":1}}"#) {
            Ok(Message::Response { outcome, .. }) => assert_eq!(outcome, Err(json!({"code": 1}))),
            other => panic!("{other:?}"),
        }
        // An error answer without an id (MCP's schema allows one) is still
        // an answer, not a request missing its method.
        match parse(br#"{"jsonrpc":"2.0","error":{"code":-32700,"message":"x"}}"#) {
            Ok(Message::Response { id, .. }) => assert_eq!(id, Value::Null),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn answers_are_written_as_json_rpc() {
        let ok = result(&json!(4), json!({"tools": []}));
        assert_eq!(
            ok.json(),
            br#"{"jsonrpc":"2.0","id":4,"result":{"tools":[]}}"#
        );
        let err = error_with(
            &json!("x"),
            METHOD_NOT_FOUND,
            "no",
            &json!({"kind": "readOnly"}),
        );
        let v: Value = serde_json::from_slice(err.json()).unwrap();
        assert_eq!(
            v,
            json!({"jsonrpc": "2.0", "id": "x", "error": {"code": -32601, "message": "no", "data": {"kind": "readOnly"}}})
        );
        let plain: Value =
            serde_json::from_slice(error(&Value::Null, PARSE_ERROR, "bad").json()).unwrap();
        assert_eq!(plain["error"].get("data"), None);
    }
}

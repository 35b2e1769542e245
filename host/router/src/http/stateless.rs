//! Revision 2026-07-28 over Streamable HTTP: the stateless era, served on
//! the same `/mcp` endpoint beside the legacy sessions.
//!
//! A POST without `Mcp-Session-Id` whose `MCP-Protocol-Version` header is
//! not a legacy revision comes here ([`is_modern`]). Every request carries
//! its own `_meta` (protocol version, client capabilities, client info);
//! the routing headers (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`,
//! and `Mcp-Param-*` for parameters a tool marks with `x-mcp-header`) must
//! agree with the body. `server/discover` and `tools/list` are answered
//! without an image session; every other method runs in a throwaway
//! session opened under the same caps as a legacy session (and as the
//! authenticated user), with the same deadline and escalation, and closed
//! when the request ends — even when the client hangs up first. Results
//! carry `resultType`, the server's identity in `_meta`, and on cacheable
//! results `ttlMs` and `cacheScope`. The client's W3C trace context
//! (`traceparent`, `tracestate` in `_meta`) goes into the message trace.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use base64::Engine as _;
use gs_auth::Principal;
use http_body_util::{BodyExt, Limited};
use hyper::body::Incoming;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Request, Response, StatusCode};
use serde_json::{Map, Value, json};

use super::gates::{accepts, content_type_refusal, refused};
use super::handles::{self, Route};
use super::{Caller, ResponseBody, VERSION_HEADER, empty, json_error, json_response};
use crate::dispatch::parse_level;
use crate::input::{ASKING_METHODS, Binding, InputRound};
use crate::protocol::{
    self, Answer, INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, Message,
    SUPPORTED_VERSIONS,
};
use crate::{NoteSink, OpenRefused, RESOURCE_NOT_FOUND, Router, TOOLS_PAGE};

/// The stateless revisions this server speaks.
pub const MODERN_VERSIONS: [&str; 1] = ["2026-07-28"];

/// JSON-RPC error: an HTTP header disagrees with the body, or a required
/// header is missing or malformed (HTTP 400).
pub const HEADER_MISMATCH: i64 = -32020;
/// JSON-RPC error: serving the request needs a client capability its
/// `_meta` did not declare (HTTP 400); `data.requiredCapabilities` names it.
pub const MISSING_CLIENT_CAPABILITY: i64 = -32021;
/// JSON-RPC error: the request's protocol version is not served (HTTP 400);
/// `data.supported` lists the versions that are.
pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;

/// How long a client may cache the tool list and the discovery result: the
/// tool surface is fixed while the server runs.
const LIST_TTL_MS: u64 = 60_000;

const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const META_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
const META_CLIENT: &str = "io.modelcontextprotocol/clientInfo";
const META_SERVER: &str = "io.modelcontextprotocol/serverInfo";
const META_LOG_LEVEL: &str = "io.modelcontextprotocol/logLevel";

/// Methods a legacy session has and the stateless revision removed: they
/// are answered 404 / -32601 in the stateless era.
const REMOVED: [&str; 5] = [
    "initialize",
    "ping",
    "logging/setLevel",
    "resources/subscribe",
    "resources/unsubscribe",
];

/// Results clients may cache, which carry `ttlMs` and `cacheScope`.
const CACHEABLE: [&str; 6] = [
    "server/discover",
    "tools/list",
    "prompts/list",
    "resources/list",
    "resources/templates/list",
    "resources/read",
];

/// Every revision this server speaks, newest first: the `supported` list of
/// an [`UNSUPPORTED_PROTOCOL_VERSION`] error and of `server/discover`.
pub fn all_versions() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = MODERN_VERSIONS.to_vec();
    v.extend(SUPPORTED_VERSIONS.iter().rev());
    v
}

/// True when a request belongs to the stateless era: a POST without a
/// session whose `MCP-Protocol-Version` header names no legacy revision
/// (a modern one, or one this server does not know, which is answered in
/// the modern era's own error form).
pub(super) fn is_modern(headers: &HeaderMap, has_session: bool) -> bool {
    if has_session {
        return false;
    }
    match headers.get(&VERSION_HEADER) {
        None => false,
        Some(v) => {
            let v = v.to_str().unwrap_or("").trim();
            !SUPPORTED_VERSIONS.contains(&v)
        }
    }
}

/// The HTTP status for a stateless answer: 404 for an unknown method
/// (-32601 without `data`; a tool hidden from a read-only caller is -32601
/// with `data.kind` and stays 200), 400 for the revision's request errors,
/// 200 otherwise.
fn status_of(answer: &Value) -> StatusCode {
    let error = answer.get("error");
    match error.and_then(|e| e.get("code")).and_then(Value::as_i64) {
        Some(METHOD_NOT_FOUND) if error.is_some_and(|e| e.get("data").is_none()) => {
            StatusCode::NOT_FOUND
        }
        Some(HEADER_MISMATCH | UNSUPPORTED_PROTOCOL_VERSION | MISSING_CLIENT_CAPABILITY) => {
            StatusCode::BAD_REQUEST
        }
        _ => StatusCode::OK,
    }
}

fn bad_request(id: &Value, code: i64, message: &str) -> Response<ResponseBody> {
    json_error(StatusCode::BAD_REQUEST, id, code, message)
}

/// Serves one stateless POST.
pub(super) async fn post(
    router: Arc<Router>,
    req: Request<Incoming>,
    caller: Caller,
    what: String,
) -> Response<ResponseBody> {
    let limit = router.settings.http.body_limit;
    let (json_ok, sse_ok) = accepts(req.headers());
    if !json_ok && !sse_ok {
        router.tracer.line("-->", &what, None, b"");
        return json_error(
            StatusCode::NOT_ACCEPTABLE,
            &Value::Null,
            INVALID_REQUEST,
            "Not Acceptable: Accept must include application/json or text/event-stream",
        );
    }
    if let Some(why) = content_type_refusal(req.headers()) {
        router.tracer.line("-->", &what, None, b"");
        return json_error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &Value::Null,
            INVALID_REQUEST,
            &format!("Unsupported Media Type: {why}"),
        );
    }
    let (parts, body) = req.into_parts();
    let body = match Limited::new(body, limit).collect().await {
        Ok(b) => b.to_bytes(),
        Err(e) => {
            router.tracer.line("-->", &what, None, b"");
            if e.downcast_ref::<http_body_util::LengthLimitError>()
                .is_some()
            {
                return json_error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    &Value::Null,
                    INVALID_REQUEST,
                    &format!(
                        "Payload Too Large: the body exceeds the server's limit of {limit} bytes"
                    ),
                );
            }
            return json_error(
                StatusCode::BAD_REQUEST,
                &Value::Null,
                protocol::PARSE_ERROR,
                "Bad Request: the body could not be read",
            );
        }
    };
    let message = match protocol::parse(&body) {
        Ok(m) => m,
        Err(refusal) => {
            router.tracer.line("-->", &what, None, &body);
            return bad_request(&refusal.id, refusal.code, &refusal.message);
        }
    };
    let (id, method, params, arguments) = match message {
        Message::Request {
            id,
            method,
            params,
            arguments,
        } => (id, method, params.unwrap_or_default(), arguments),
        Message::Notification { .. } => {
            // On HTTP the stateless revision defines no client
            // notifications (closing a stream cancels its request): an
            // accepted notification changes nothing.
            router.tracer.line("-->", &what, None, &body);
            return empty(StatusCode::ACCEPTED);
        }
        Message::Response { id, .. } => {
            router.tracer.line("-->", &what, None, &body);
            return bad_request(
                &id,
                INVALID_REQUEST,
                "Invalid Request: at revision 2026-07-28 a client sends no JSON-RPC responses; \
                 answer an input request by retrying the original request",
            );
        }
    };
    let meta = params.get("_meta").and_then(Value::as_object);
    if router.tracer.enabled() {
        router.tracer.line(
            "-->",
            &format!("{what}{}", trace_context(meta)),
            None,
            &body,
        );
    }
    if let Err(r) = check_request(&router, &parts.headers, &id, &method, &params, &arguments) {
        return r;
    }
    let principal = caller.principal.clone();
    if method == "tools/call"
        && let (Some(auth), Some(p)) = (router.auth(), &principal)
        && let Some(tool) = params.get("name").and_then(Value::as_str)
        && let Err(denied) = auth.check_tool(p, tool)
    {
        return refused(&router, &denied, &id);
    }
    let answer = match method.as_str() {
        "server/discover" => protocol::result(&id, discover(&router)),
        "tools/list" => tools_list(&router, &id, principal.as_deref(), &params),
        "subscriptions/listen" => {
            let expires = principal.as_ref().map(|p| p.expires_at);
            return super::listen::listen(&router, id, &params, sse_ok, expires);
        }
        m if REMOVED.contains(&m) => protocol::error(
            &id,
            METHOD_NOT_FOUND,
            &format!(
                "Method not found: `{m}` is not part of revision 2026-07-28 (it belongs to the \
                 session revisions {}, which start with initialize and no MCP-Protocol-Version \
                 header)",
                SUPPORTED_VERSIONS.join(" and ")
            ),
        ),
        _ => {
            // The call's notifications stream only to a client that takes
            // a stream; the answer is then the stream's last event.
            let notes = NoteSink::default();
            let mut request = Stateless {
                id,
                method: method.clone(),
                params,
                arguments,
                notes: sse_ok.then(|| notes.clone()),
            };
            let kept = match handles::route(&router, &caller, &mut request).await {
                Ok(Route::Answered(answer)) => {
                    return finish(&router, &method, principal.is_some(), answer);
                }
                Ok(Route::Kept(session)) => Some(session),
                Ok(Route::Throwaway) => None,
                Err(r) => return r,
            };
            let call = match kept {
                Some(session) => in_kept(&router, &caller, session, request),
                None => in_throwaway(&router, &caller, request).await,
            };
            let call = match call {
                Ok(call) => call,
                Err(r) => return r,
            };
            let authenticated = principal.is_some();
            let shaping = (router.clone(), method.clone());
            return super::stream_answer(
                call,
                notes,
                move |answer| match answer {
                    Some(a) => finish(&router, &method, authenticated, a),
                    None => empty(StatusCode::ACCEPTED),
                },
                move |a| shaped(&shaping.0, &shaping.1, authenticated, a).1,
            )
            .await;
        }
    };
    finish(&router, &method, principal.is_some(), answer)
}

/// The trace's note of a request's W3C trace context, if it sent one.
fn trace_context(meta: Option<&Map<String, Value>>) -> String {
    let mut s = String::new();
    for key in ["traceparent", "tracestate"] {
        if let Some(v) = meta.and_then(|m| m.get(key)).and_then(Value::as_str) {
            s.push_str(&format!(" {key}={v}"));
        }
    }
    s
}

/// Every check the revision puts on a request before it is served: its
/// `_meta` (-32602), the version header against it (-32020), the version
/// (-32022), the `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` headers
/// (-32020). All are answered HTTP 400.
#[allow(clippy::result_large_err)]
fn check_request(
    router: &Router,
    headers: &HeaderMap,
    id: &Value,
    method: &str,
    params: &Map<String, Value>,
    arguments: &Option<gs_toolset::Arguments>,
) -> Result<(), Response<ResponseBody>> {
    let meta = params.get("_meta").and_then(Value::as_object);
    let Some(meta) = meta else {
        return Err(bad_request(
            id,
            INVALID_PARAMS,
            &format!(
                "Invalid params: params._meta is missing; at revision 2026-07-28 every request \
                 carries `{META_VERSION}` and `{META_CAPABILITIES}` there (clients of {} start \
                 with initialize instead)",
                SUPPORTED_VERSIONS.join(" or ")
            ),
        ));
    };
    let Some(version) = meta.get(META_VERSION).and_then(Value::as_str) else {
        return Err(bad_request(
            id,
            INVALID_PARAMS,
            &format!("Invalid params: params._meta needs `{META_VERSION}` as a string"),
        ));
    };
    if !meta.get(META_CAPABILITIES).is_some_and(Value::is_object) {
        return Err(bad_request(
            id,
            INVALID_PARAMS,
            &format!(
                "Invalid params: params._meta needs `{META_CAPABILITIES}` as an object ({{}} \
                 for none)"
            ),
        ));
    }
    if let Some(info) = meta.get(META_CLIENT)
        && !info.is_object()
    {
        return Err(bad_request(
            id,
            INVALID_PARAMS,
            &format!("Invalid params: `{META_CLIENT}` must be an object with name and version"),
        ));
    }
    let header_version = header_text(headers, &VERSION_HEADER).unwrap_or_default();
    if header_version != version {
        return Err(bad_request(
            id,
            HEADER_MISMATCH,
            &format!(
                "Header mismatch: MCP-Protocol-Version header `{header_version}` does not match \
                 `{META_VERSION}` `{version}` in the body"
            ),
        ));
    }
    if !MODERN_VERSIONS.contains(&version) {
        let answer = protocol::error_with(
            id,
            UNSUPPORTED_PROTOCOL_VERSION,
            &format!(
                "Unsupported protocol version `{version}`: this server speaks {}",
                all_versions().join(", ")
            ),
            &json!({"supported": all_versions(), "requested": version}),
        );
        return Err(json_response(StatusCode::BAD_REQUEST, answer));
    }
    match header_text(headers, &METHOD_HEADER) {
        None => {
            return Err(bad_request(
                id,
                HEADER_MISMATCH,
                &format!("Header mismatch: the Mcp-Method header is missing; send `{method}`"),
            ));
        }
        Some(m) if m != method => {
            return Err(bad_request(
                id,
                HEADER_MISMATCH,
                &format!(
                    "Header mismatch: Mcp-Method header `{m}` does not match the body's method \
                     `{method}` (values are case-sensitive)"
                ),
            ));
        }
        Some(_) => {}
    }
    let name_field = match method {
        "tools/call" | "prompts/get" => Some("name"),
        "resources/read" => Some("uri"),
        _ => None,
    };
    if let Some(field) = name_field
        && let Some(body_name) = params.get(field).and_then(Value::as_str)
    {
        match header_text(headers, &NAME_HEADER).map(decode_header) {
            None => {
                return Err(bad_request(
                    id,
                    HEADER_MISMATCH,
                    &format!(
                        "Header mismatch: the Mcp-Name header is missing; send params.{field} \
                         (`{body_name}`) in it"
                    ),
                ));
            }
            Some(Err(why)) => {
                return Err(bad_request(
                    id,
                    HEADER_MISMATCH,
                    &format!("Header mismatch: Mcp-Name {why}"),
                ));
            }
            Some(Ok(h)) if h != body_name => {
                return Err(bad_request(
                    id,
                    HEADER_MISMATCH,
                    &format!(
                        "Header mismatch: Mcp-Name header `{h}` does not match params.{field} \
                         `{body_name}`"
                    ),
                ));
            }
            Some(Ok(_)) => {}
        }
    }
    if method == "tools/call"
        && let Some(tool) = params.get("name").and_then(Value::as_str)
        && let Some((_, descriptor)) = router.broker.surface().lookup(tool)
    {
        check_param_headers(headers, id, &descriptor.input_schema, arguments)?;
    }
    Ok(())
}

static METHOD_HEADER: header::HeaderName = header::HeaderName::from_static("mcp-method");
static NAME_HEADER: header::HeaderName = header::HeaderName::from_static("mcp-name");

/// A header's value as text with surrounding whitespace removed; `None`
/// when absent or not visible ASCII.
fn header_text(headers: &HeaderMap, name: &header::HeaderName) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim_matches([' ', '\t']).to_string())
}

/// A header value in the revision's encoding: as sent, or the UTF-8 text
/// Base64-encoded between `=?base64?` and `?=`.
fn decode_header(v: String) -> Result<String, String> {
    match v
        .strip_prefix("=?base64?")
        .and_then(|rest| rest.strip_suffix("?="))
    {
        None => Ok(v),
        // Standard Base64 with its padding: SEP-2243 refuses a value
        // whose padding or alphabet is wrong rather than guess.
        Some(b64) => base64::engine::general_purpose::STANDARD
            .decode(b64)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .ok_or_else(|| format!("`{v}` is not valid Base64 of UTF-8 text")),
    }
}

/// The parameters a tool's input schema mirrors into headers: each
/// `x-mcp-header` name with the chain of `properties` keys leading to it.
fn header_params(schema: &Value) -> Vec<(String, Vec<String>)> {
    fn walk(schema: &Value, path: &mut Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
        let Some(props) = schema.get("properties").and_then(Value::as_object) else {
            return;
        };
        for (key, sub) in props {
            path.push(key.clone());
            if let Some(name) = sub.get("x-mcp-header").and_then(Value::as_str) {
                out.push((name.to_string(), path.clone()));
            }
            walk(sub, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(schema, &mut Vec::new(), &mut out);
    out
}

/// Checks the `Mcp-Param-{Name}` headers of a call against its arguments:
/// every annotated parameter with a non-null value must be in its header,
/// equal after decoding (integers compared as numbers).
#[allow(clippy::result_large_err)]
fn check_param_headers(
    headers: &HeaderMap,
    id: &Value,
    schema: &Value,
    arguments: &Option<gs_toolset::Arguments>,
) -> Result<(), Response<ResponseBody>> {
    let mirrored = header_params(schema);
    if mirrored.is_empty() {
        return Ok(());
    }
    let args = arguments
        .as_ref()
        .map(gs_toolset::Arguments::to_value)
        .unwrap_or(Value::Null);
    for (name, path) in mirrored {
        let value = path.iter().try_fold(&args, |v, k| v.get(k));
        let header_name = format!("mcp-param-{}", name.to_ascii_lowercase());
        let sent = headers.get(header_name.as_str());
        let expected = match value {
            None | Some(Value::Null) => continue,
            Some(v) => v,
        };
        let mismatch = |why: String| bad_request(id, HEADER_MISMATCH, &why);
        let Some(sent) = sent else {
            return Err(mismatch(format!(
                "Header mismatch: the Mcp-Param-{name} header is missing; the tool mirrors \
                 argument `{}` into it",
                path.join(".")
            )));
        };
        let text = match sent.to_str() {
            Ok(t) => decode_header(t.trim_matches([' ', '\t']).to_string())
                .map_err(|why| mismatch(format!("Header mismatch: Mcp-Param-{name} {why}")))?,
            Err(_) => {
                return Err(mismatch(format!(
                    "Header mismatch: Mcp-Param-{name} has characters a header value may not \
                     hold; Base64-encode it as =?base64?…?="
                )));
            }
        };
        let equal = match expected {
            Value::String(s) => *s == text,
            Value::Bool(b) => text == b.to_string(),
            Value::Number(n) => text
                .parse::<f64>()
                .ok()
                .zip(n.as_f64())
                .is_some_and(|(a, b)| a == b),
            _ => false,
        };
        if !equal {
            return Err(mismatch(format!(
                "Header mismatch: Mcp-Param-{name} header `{text}` does not match argument `{}` \
                 ({expected})",
                path.join(".")
            )));
        }
    }
    Ok(())
}

/// The `server/discover` result: versions, capabilities (those a legacy
/// session's `initialize` would declare), and instructions.
fn discover(router: &Router) -> Value {
    let legacy = router.initialize_result(None);
    let mut capabilities = legacy.get("capabilities").cloned().unwrap_or(json!({}));
    if let Some(c) = capabilities.as_object_mut() {
        // Logging is per request in this revision (`_meta` names the
        // level), with no logging/setLevel to declare.
        c.remove("logging");
    }
    // Resource subscriptions and list changes, as a session has them,
    // reach a stateless client through subscriptions/listen.
    json!({
        "supportedVersions": all_versions(),
        "capabilities": capabilities,
        "instructions": "gs-mcp serves a GemStone/S Smalltalk image. Without a session \
                         handle, read-only tools see the newest committed state and tools \
                         that change the image commit at once.",
    })
}

/// One page of the tools the caller may see, in name order.
fn tools_list(
    router: &Router,
    id: &Value,
    principal: Option<&Principal>,
    params: &Map<String, Value>,
) -> Answer {
    let start = match params.get("cursor") {
        None | Some(Value::Null) => 0,
        Some(c) => match c.as_str().and_then(|c| c.parse::<usize>().ok()) {
            Some(start) => start,
            None => {
                return protocol::error(
                    id,
                    INVALID_PARAMS,
                    "Invalid params: cursor is not one this server gave; pass the `nextCursor` \
                     of the previous tools/list page, or no cursor for the first page",
                );
            }
        },
    };
    let read_only = router.broker.read_only()
        || match (router.auth(), principal) {
            (Some(auth), Some(p)) => auth.read_only_for(p),
            _ => false,
        };
    // Every tool takes the optional `session` argument of a kept image
    // session, which the router's own two tools open and close.
    let mut tools: Vec<Value> = router
        .broker
        .surface()
        .tools(read_only)
        .filter(|t| match (router.auth(), principal) {
            (Some(auth), Some(p)) => auth.check_tool(p, &t.name).is_ok(),
            _ => true,
        })
        .map(|t| handles::with_session_argument(protocol::tool_json(t)))
        .chain(handles::tools())
        .collect();
    let name = |t: &Value| t["name"].as_str().unwrap_or("").to_string();
    tools.sort_by_key(name);
    let page: Vec<Value> = tools.iter().skip(start).take(TOOLS_PAGE).cloned().collect();
    let mut answer = json!({ "tools": page });
    if tools.len() > start.saturating_add(TOOLS_PAGE) {
        answer["nextCursor"] = json!((start + TOOLS_PAGE).to_string());
    }
    protocol::result(id, answer)
}

/// Closes a throwaway session however its request ends: answered, or
/// dropped because the client closed the connection (which cancels the
/// request at this revision).
struct Throwaway {
    router: Arc<Router>,
    id: String,
}

impl Drop for Throwaway {
    fn drop(&mut self) {
        self.router.close(&self.id);
    }
}

/// A stateless request's call, as a future answering it.
type Served = Pin<Box<dyn Future<Output = Option<Answer>> + Send>>;

/// A request served in an image session of its own, as a future: the
/// session is opened now, under the server's caps for the caller (as its
/// user when authenticated), used for this one request, and closed when
/// the future ends or is dropped.
async fn in_throwaway(
    router: &Arc<Router>,
    caller: &Caller,
    request: Stateless,
) -> Result<Served, Response<ResponseBody>> {
    let prepared = prepare(router, caller, &request)?;
    let session = match router
        .open_session_as(Some(caller.peer.ip()), caller.principal.as_ref())
        .await
    {
        Ok(s) => s,
        Err(refusal) => return Err(open_refused(&request.id, refusal)),
    };
    let guard = Throwaway {
        router: router.clone(),
        id: session.id().to_string(),
    };
    let router = router.clone();
    Ok(Box::pin(async move {
        let _guard = guard;
        serve_in(&router, &session, request, prepared).await
    }))
}

/// A request served in a kept session (`session` argument, see
/// `handles`), after the session's earlier stateless requests.
#[allow(clippy::result_large_err)]
pub(super) fn in_kept(
    router: &Arc<Router>,
    caller: &Caller,
    session: Arc<crate::Session>,
    request: Stateless,
) -> Result<Served, Response<ResponseBody>> {
    let prepared = prepare(router, caller, &request)?;
    let router = router.clone();
    Ok(Box::pin(async move {
        let _turn = session.turn.lock().await;
        serve_in(&router, &session, request, prepared).await
    }))
}

/// One stateless request as the router reads it.
pub(super) struct Stateless {
    pub id: Value,
    pub method: String,
    pub params: Map<String, Value>,
    pub arguments: Option<gs_toolset::Arguments>,
    /// Where its notifications go, when the client takes a stream.
    pub notes: Option<NoteSink>,
}

/// What a request brings besides its call: its input round (for the
/// methods that may ask the client) and what it binds a request state to.
struct Prepared {
    binding: Binding,
    round: Option<InputRound>,
}

/// Reads the request's `inputResponses` and `requestState`; a bad one is
/// refused (-32602) before any image session is opened or taken.
#[allow(clippy::result_large_err)]
fn prepare(
    router: &Router,
    caller: &Caller,
    request: &Stateless,
) -> Result<Prepared, Response<ResponseBody>> {
    let binding = Binding::of(
        &request.method,
        &request.params,
        caller.principal.as_ref().map(|p| p.user.as_str()),
    );
    let round = if ASKING_METHODS.contains(&request.method.as_str()) {
        match InputRound::start(&router.state_key, &binding, &request.params) {
            Ok(round) => Some(round),
            Err(message) => {
                return Err(json_error(
                    StatusCode::OK,
                    &request.id,
                    INVALID_PARAMS,
                    &message,
                ));
            }
        }
    } else {
        None
    };
    Ok(Prepared { binding, round })
}

/// Serves `request` in `session`: the request's log level and client
/// capabilities (from its `_meta`) and input round set on the session for
/// the request's time, then the dispatch every request takes. Log lines
/// go to the request's stream only at or above the level its `_meta`
/// names (`io.modelcontextprotocol/logLevel`), and none without one.
async fn serve_in(
    router: &Arc<Router>,
    session: &Arc<crate::Session>,
    request: Stateless,
    prepared: Prepared,
) -> Option<Answer> {
    let Stateless {
        id,
        method,
        params,
        arguments,
        notes,
    } = request;
    let meta = params.get("_meta");
    let level = meta
        .and_then(|m| m.get(META_LOG_LEVEL))
        .and_then(Value::as_str)
        .and_then(parse_level);
    {
        let mut st = session.state();
        st.log_level = level;
        st.logs_off = level.is_none();
        st.stateless = true;
        st.client_capabilities = meta.and_then(|m| m.get(META_CAPABILITIES)).cloned();
        st.input = prepared.round;
        st.missing_capability = None;
    }
    let params = (!params.is_empty()).then_some(params);
    let answer = router
        .handle_request(session, id.clone(), &method, params, arguments, notes)
        .await;
    let (missing, round) = {
        let mut st = session.state();
        (st.missing_capability.take(), st.input.take())
    };
    // A call that asked its client is answered for its questions,
    // whatever it made of their failing; one that asked only for what
    // the client cannot give is refused for that.
    if let Some(round) = round {
        if let Some(why) = round.invalid() {
            return Some(protocol::error(&id, INVALID_PARAMS, why));
        }
        if let Some(result) = round.input_required(&router.state_key, &prepared.binding) {
            return Some(protocol::result(&id, result));
        }
    }
    if let Some(capability) = missing {
        return Some(protocol::error_with(
            &id,
            MISSING_CLIENT_CAPABILITY,
            &format!(
                "Missing required client capability: this request needs the client's \
                 `{capability}` capability, which its _meta did not declare"
            ),
            &json!({"requiredCapabilities": {capability: {}}}),
        ));
    }
    answer
}

/// The answer when no image session could be opened for a request.
fn open_refused(id: &Value, refusal: OpenRefused) -> Response<ResponseBody> {
    match refusal {
        OpenRefused::ServerFull(cap) => json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            id,
            INTERNAL_ERROR,
            &format!(
                "Service Unavailable: the server holds its maximum of {cap} image sessions; \
                 retry later (the operator can raise http.max_sessions)"
            ),
        ),
        OpenRefused::CallerFull(cap, wait) => {
            let mut r = json_error(
                StatusCode::TOO_MANY_REQUESTS,
                id,
                INTERNAL_ERROR,
                &format!(
                    "Too Many Requests: this caller holds its maximum of {cap} image sessions; \
                     retry in {wait} s"
                ),
            );
            if let Ok(v) = HeaderValue::from_str(&wait.to_string()) {
                r.headers_mut().insert(header::RETRY_AFTER, v);
            }
            r
        }
        OpenRefused::Failed(why) => json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            id,
            INTERNAL_ERROR,
            &format!("no image session could be opened for the request: {why}"),
        ),
    }
}

/// The answer in the revision's form: a result gains `resultType`, the
/// server's identity in `_meta`, and (when cacheable) `ttlMs` and
/// `cacheScope` — private when answers depend on the caller's token; an
/// unknown method is HTTP 404; an unknown resource is -32602.
fn finish(
    router: &Router,
    method: &str,
    authenticated: bool,
    answer: Answer,
) -> Response<ResponseBody> {
    let (status, answer) = shaped(router, method, authenticated, answer);
    json_response(status, answer)
}

/// The answer in the revision's form (see [`finish`]) with the HTTP status
/// it is sent with when it is not the last event of a stream.
fn shaped(
    router: &Router,
    method: &str,
    authenticated: bool,
    answer: Answer,
) -> (StatusCode, Answer) {
    let Ok(mut value) = serde_json::from_slice::<Value>(answer.json()) else {
        return (StatusCode::OK, answer);
    };
    let status = status_of(&value);
    // SEP-2164: from this revision an unknown resource is invalid params,
    // with the URI still in `data`.
    if let Some(code) = value.pointer_mut("/error/code")
        && code.as_i64() == Some(RESOURCE_NOT_FOUND)
    {
        *code = json!(INVALID_PARAMS);
    }
    if let Some(result) = value.get_mut("result").and_then(Value::as_object_mut) {
        let complete = !result
            .get("resultType")
            .is_some_and(|t| t == "input_required");
        if complete {
            result.insert("resultType".into(), json!("complete"));
        }
        let identity = &router.settings.identity;
        let mut info = json!({"name": identity.name, "version": identity.version});
        if let Some(title) = &identity.title {
            info["title"] = json!(title);
        }
        let meta = result
            .entry("_meta")
            .or_insert_with(|| Value::Object(Map::new()));
        if let Some(meta) = meta.as_object_mut() {
            meta.insert(META_SERVER.into(), info);
        }
        if complete && CACHEABLE.contains(&method) {
            let ttl = if method.starts_with("resources/") {
                0
            } else {
                LIST_TTL_MS
            };
            result.entry("ttlMs").or_insert(json!(ttl));
            let scope = if authenticated || method.starts_with("resources/") {
                "private"
            } else {
                "public"
            };
            result.entry("cacheScope").or_insert(json!(scope));
        }
    }
    (
        status,
        Answer::from_json(serde_json::to_vec(&value).unwrap_or_default()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_sentinel_values_decode() {
        assert_eq!(
            decode_header("=?base64?SGVsbG8sIOS4lueVjA==?=".into()).unwrap(),
            "Hello, 世界"
        );
        assert_eq!(decode_header("plain".into()).unwrap(), "plain");
        assert!(decode_header("=?base64?***?=".into()).is_err());
        // Unpadded: refused, not guessed.
        assert!(decode_header("=?base64?SGVsbG8?=".into()).is_err());
    }

    #[test]
    fn header_params_follow_properties_only() {
        let schema = json!({"type": "object", "properties": {
            "region": {"type": "string", "x-mcp-header": "Region"},
            "nested": {"type": "object", "properties": {
                "n": {"type": "integer", "x-mcp-header": "N"}}},
            "list": {"type": "array", "items": {"properties": {
                "x": {"type": "string", "x-mcp-header": "X"}}}}
        }});
        let mut found = header_params(&schema);
        found.sort();
        assert_eq!(
            found,
            vec![
                ("N".to_string(), vec!["nested".to_string(), "n".to_string()]),
                ("Region".to_string(), vec!["region".to_string()]),
            ]
        );
    }

    #[test]
    fn versions_list_modern_first() {
        assert_eq!(all_versions()[0], "2026-07-28");
        assert!(all_versions().contains(&"2025-11-25"));
    }
}

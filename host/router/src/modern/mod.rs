//! Revision 2026-07-28, the stateless era, whatever the transport.
//!
//! The revision's semantics are the same on every binding: each request
//! carries its own `_meta` (protocol version, client capabilities, client
//! info); `server/discover` and `tools/list` are answered without an image
//! session; every other method runs in a throwaway image session opened
//! under the same caps as a legacy session (and as the authenticated user),
//! with the same deadline and escalation, and closed when the request ends,
//! or in a kept session named by handle ([`handles`]); `subscriptions/listen`
//! is a stream of change notifications ([`listen`]). Results carry
//! `resultType`, the server's identity in `_meta`, and on cacheable results
//! `ttlMs` and `cacheScope`.
//!
//! What differs by binding stays with the binding: Streamable HTTP checks
//! its routing headers against the body and answers with HTTP statuses
//! (`http/stateless.rs`); stdio writes the same answers as lines and stops
//! a request on `notifications/cancelled` (`stdio.rs`). A refusal here
//! carries the HTTP status the revision gives it, which stdio ignores.

pub(crate) mod handles;
pub(crate) mod listen;
pub(crate) mod tasks;

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;

use gs_auth::Principal;
use hyper::StatusCode;
use serde_json::{Map, Value, json};

use crate::dispatch::{LOG_LEVEL_NAMES, method_not_found, parse_level};
use crate::input::{ASKING_METHODS, Binding, InputRound};
use crate::protocol::{
    self, Answer, INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, SUPPORTED_VERSIONS,
};
use crate::session::{Caller, ClientCapabilities};
use crate::{NoteSink, OpenRefused, RESOURCE_NOT_FOUND, Router, Session, TOOLS_PAGE};

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

/// The `_meta` key of a request's protocol version.
pub(crate) const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const META_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
const META_CLIENT: &str = "io.modelcontextprotocol/clientInfo";
const META_SERVER: &str = "io.modelcontextprotocol/serverInfo";
const META_LOG_LEVEL: &str = "io.modelcontextprotocol/logLevel";

/// Methods a legacy session has and the stateless revision removed: they
/// are answered -32601 (HTTP 404) in the stateless era.
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

/// Who sent a stateless request: where from (for the per-caller cap) and,
/// when authenticated, as whom.
#[derive(Clone, Default)]
pub(crate) struct Requester {
    pub peer: Option<IpAddr>,
    pub principal: Option<Arc<Principal>>,
}

impl Requester {
    /// The authenticated user, if any.
    pub(crate) fn user(&self) -> Option<&str> {
        self.principal.as_ref().map(|p| p.user.as_str())
    }

    /// Who it is for the per-caller caps.
    pub(crate) fn caller(&self) -> Caller {
        Caller::of(self.principal.as_deref(), self.peer)
    }
}

/// A request refused before it is served: the answer, the HTTP status the
/// revision gives it, and how long to wait before retrying when the refusal
/// is a cap.
#[derive(Debug)]
pub(crate) struct Refusal {
    pub status: StatusCode,
    pub answer: Answer,
    pub retry_after: Option<u64>,
}

impl Refusal {
    /// A refusal with `status` of the JSON-RPC error `code`.
    pub(crate) fn new(status: StatusCode, id: &Value, code: i64, message: &str) -> Refusal {
        Refusal {
            status,
            answer: protocol::error(id, code, message),
            retry_after: None,
        }
    }

    fn bad_request(id: &Value, code: i64, message: &str) -> Refusal {
        Refusal::new(StatusCode::BAD_REQUEST, id, code, message)
    }
}

/// One stateless request as the router reads it.
pub(crate) struct Stateless {
    pub id: Value,
    pub method: String,
    pub params: Map<String, Value>,
    pub arguments: Option<gs_toolset::Arguments>,
    /// Where its notifications go, when the client takes them.
    pub notes: Option<NoteSink>,
}

/// The protocol version a request's `_meta` names, if it names one: what
/// tells a stateless request from a legacy one on a transport without
/// headers.
pub(crate) fn requested_version(params: Option<&Map<String, Value>>) -> Option<&str> {
    params?
        .get("_meta")?
        .as_object()?
        .get(META_VERSION)?
        .as_str()
}

/// Checks a request's `_meta` (-32602): the protocol version as a string,
/// the client capabilities as an object, the client info, if sent, as an
/// object. Answers the version it names, which [`check_version`] checks.
#[allow(clippy::result_large_err)]
pub(crate) fn check_meta<'a>(
    id: &Value,
    params: &'a Map<String, Value>,
) -> Result<&'a str, Refusal> {
    let Some(meta) = params.get("_meta").and_then(Value::as_object) else {
        let what = match params.get("_meta") {
            None => "is missing",
            Some(_) => "is not an object",
        };
        return Err(Refusal::bad_request(
            id,
            INVALID_PARAMS,
            &format!(
                "Invalid params: params._meta {what}; at revision 2026-07-28 every request \
                 carries `{META_VERSION}` and `{META_CAPABILITIES}` there (clients of {} start \
                 with initialize instead)",
                SUPPORTED_VERSIONS.join(" or ")
            ),
        ));
    };
    let Some(version) = meta.get(META_VERSION).and_then(Value::as_str) else {
        return Err(Refusal::bad_request(
            id,
            INVALID_PARAMS,
            &format!("Invalid params: params._meta needs `{META_VERSION}` as a string"),
        ));
    };
    if !meta.get(META_CAPABILITIES).is_some_and(Value::is_object) {
        return Err(Refusal::bad_request(
            id,
            INVALID_PARAMS,
            &format!(
                "Invalid params: params._meta needs `{META_CAPABILITIES}` as an object ({{}} \
                 for none)"
            ),
        ));
    }
    if meta.get(META_CLIENT).is_some_and(|info| !info.is_object()) {
        return Err(Refusal::bad_request(
            id,
            INVALID_PARAMS,
            &format!("Invalid params: `{META_CLIENT}` must be an object with name and version"),
        ));
    }
    // A level the request asked for but that is none would silently send
    // no log lines at all.
    if let Some(level) = meta.get(META_LOG_LEVEL)
        && level.as_str().and_then(parse_level).is_none()
    {
        return Err(Refusal::bad_request(
            id,
            INVALID_PARAMS,
            &format!(
                "Invalid params: `{META_LOG_LEVEL}` is {}, not a log level; use \
                 {LOG_LEVEL_NAMES}",
                match level.as_str() {
                    Some(name) => format!("`{}`", name.chars().take(40).collect::<String>()),
                    None => gs_toolset::json_type_name(level).to_string(),
                }
            ),
        ));
    }
    Ok(version)
}

/// Refuses a version this server does not serve statelessly (-32022, with
/// the versions it does).
#[allow(clippy::result_large_err)]
pub(crate) fn check_version(id: &Value, version: &str) -> Result<(), Refusal> {
    if MODERN_VERSIONS.contains(&version) {
        return Ok(());
    }
    let answer = protocol::error_with(
        id,
        UNSUPPORTED_PROTOCOL_VERSION,
        &format!(
            "Unsupported protocol version `{version}`: this server speaks {}",
            all_versions().join(", ")
        ),
        &json!({"supported": all_versions(), "requested": version}),
    );
    Err(Refusal {
        status: StatusCode::BAD_REQUEST,
        answer,
        retry_after: None,
    })
}

/// A stateless request's call, as a future answering it (`None`: it was
/// cancelled and gets no answer).
pub(crate) type Served = Pin<Box<dyn Future<Output = Option<Answer>> + Send>>;

/// Where a routed request goes next.
pub(crate) enum Routed {
    /// Answered already.
    Answered(Answer),
    /// `subscriptions/listen`, which each binding streams its own way
    /// ([`listen::open`]).
    Listen(Stateless),
    /// A call running in `session` when polled.
    Call {
        session: Arc<Session>,
        served: Served,
    },
}

/// Routes one checked stateless request: what needs no image session is
/// answered here, a method no session would serve included (so it opens
/// none: on a stone, a login); the rest becomes a call in a kept or
/// throwaway session.
#[allow(clippy::result_large_err)]
pub(crate) async fn route(
    router: &Arc<Router>,
    requester: &Requester,
    mut request: Stateless,
) -> Result<Routed, Refusal> {
    let answer = match request.method.as_str() {
        "server/discover" => protocol::result(&request.id, discover(router)),
        "tools/list" => tools_list(router, requester, &request.id, &request.params),
        "subscriptions/listen" => return Ok(Routed::Listen(request)),
        m if REMOVED.contains(&m) => protocol::error(
            &request.id,
            METHOD_NOT_FOUND,
            &format!(
                "Method not found: `{m}` is not part of revision 2026-07-28 (it belongs to the \
                 session revisions {}, which start with initialize)",
                SUPPORTED_VERSIONS.join(" and ")
            ),
        ),
        m if tasks::METHODS.contains(&m) => tasks::answer(router, requester, &request),
        m if !router.serves(m) => method_not_found(&request.id, m),
        _ => {
            let route = handles::route(router, requester, &mut request).await?;
            let as_task = match tasks::may_become_task(router, &request) {
                Ok(as_task) => as_task,
                Err(refused) => return Ok(Routed::Answered(refused)),
            };
            return match route {
                handles::Route::Answered(answer) => Ok(Routed::Answered(answer)),
                handles::Route::Kept(session) => {
                    in_kept(router, requester, session, request, as_task)
                }
                handles::Route::Throwaway => match refused_unopened(router, requester, &request) {
                    Some(answer) => Ok(Routed::Answered(answer)),
                    None => in_throwaway(router, requester, request, as_task).await,
                },
            };
        }
    };
    Ok(Routed::Answered(answer))
}

/// The `server/discover` result: versions, capabilities (those a legacy
/// session's `initialize` would declare), and instructions.
fn discover(router: &Router) -> Value {
    let legacy = router.initialize_result(None);
    let mut capabilities = legacy.get("capabilities").cloned().unwrap_or(json!({}));
    // `instructions` are this revision's own, below, not a session's.
    if let Some(c) = capabilities.as_object_mut() {
        // Logging is per request in this revision (`_meta` names the
        // level), with no logging/setLevel to declare.
        c.remove("logging");
        c.insert("extensions".into(), json!({tasks::EXTENSION: {}}));
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
    requester: &Requester,
    id: &Value,
    params: &Map<String, Value>,
) -> Answer {
    let principal = requester.principal.as_deref();
    let read_only = router.read_only_for(principal);
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
    let Some(start) = protocol::page_start(Some(params), tools.len(), TOOLS_PAGE) else {
        return protocol::bad_cursor(id, "tools/list");
    };
    let page: Vec<Value> = tools.iter().skip(start).take(TOOLS_PAGE).cloned().collect();
    let mut answer = json!({ "tools": page });
    if tools.len() > start.saturating_add(TOOLS_PAGE) {
        answer["nextCursor"] = json!((start + TOOLS_PAGE).to_string());
    }
    protocol::result(id, answer)
}

/// The refusal of a `tools/call` that no session would run (no such tool,
/// one hidden from a read-only caller, no valid name), so that it opens
/// none: on a stone, a session is a login.
fn refused_unopened(router: &Router, requester: &Requester, request: &Stateless) -> Option<Answer> {
    if request.method != "tools/call" {
        return None;
    }
    let read_only = router.read_only_for(requester.principal.as_deref());
    router.call_refused(&request.id, &request.params, read_only)
}

/// Closes a throwaway session however its request ends: answered, or
/// dropped because the client cancelled it.
struct Throwaway {
    router: Arc<Router>,
    id: String,
}

impl Drop for Throwaway {
    fn drop(&mut self) {
        self.router.close(&self.id);
    }
}

/// A request served in an image session of its own: the session is opened
/// now, under the server's caps for the caller (as its user when
/// authenticated), used for this one request, and closed when the future
/// ends or is dropped (or, `as_task`, when its task ends).
async fn in_throwaway(
    router: &Arc<Router>,
    requester: &Requester,
    request: Stateless,
    as_task: bool,
) -> Result<Routed, Refusal> {
    let prepared = prepare(router, requester, &request)?;
    let session = router
        .open_session_as(requester.peer, requester.principal.as_ref())
        .await
        .map_err(|refusal| open_refused(&request.id, refusal))?;
    let guard = Throwaway {
        router: router.clone(),
        id: session.id().to_string(),
    };
    if as_task {
        return serve_as_task(router, requester, session, request, prepared, Some(guard));
    }
    let router = router.clone();
    let serving = session.clone();
    Ok(Routed::Call {
        session,
        served: Box::pin(async move {
            let _guard = guard;
            serve_in(&router, &serving, request, prepared).await
        }),
    })
}

/// A request served in a kept session (`session` argument, see
/// [`handles`]), after the session's earlier stateless requests; one that
/// may become a task (`as_task`) holds the session's turn until its task
/// ends.
#[allow(clippy::result_large_err)]
fn in_kept(
    router: &Arc<Router>,
    requester: &Requester,
    session: Arc<Session>,
    request: Stateless,
    as_task: bool,
) -> Result<Routed, Refusal> {
    let prepared = prepare(router, requester, &request)?;
    if as_task {
        return serve_as_task(router, requester, session, request, prepared, None);
    }
    let router = router.clone();
    let serving = session.clone();
    Ok(Routed::Call {
        session,
        served: Box::pin(async move {
            let _turn = serving.turn.lock().await;
            serve_in(&router, &serving, request, prepared).await
        }),
    })
}

/// A request whose call may become a task, served in `session` (holding
/// `throwaway`, or in turn when kept) by [`tasks::serve`].
#[allow(clippy::result_large_err)]
fn serve_as_task(
    router: &Arc<Router>,
    requester: &Requester,
    session: Arc<Session>,
    request: Stateless,
    prepared: Prepared,
    throwaway: Option<Throwaway>,
) -> Result<Routed, Refusal> {
    let id = request.id.clone();
    let served = tasks::serve(
        router.clone(),
        session.clone(),
        requester,
        request,
        prepared,
        throwaway,
    )
    .map_err(|why| Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, &id, INTERNAL_ERROR, &why))?;
    Ok(Routed::Call { session, served })
}

/// What a request brings besides its call: its input round (for the
/// methods that may ask the client) and what it binds a request state to.
struct Prepared {
    binding: Binding,
    round: Option<InputRound>,
    /// The task the call may start, when it may start one.
    task: Option<Arc<tasks::TaskRun>>,
}

/// Reads the request's `inputResponses` and `requestState`; a bad one is
/// refused (-32602) before any image session is opened or taken.
#[allow(clippy::result_large_err)]
fn prepare(
    router: &Router,
    requester: &Requester,
    request: &Stateless,
) -> Result<Prepared, Refusal> {
    let binding = Binding::of(&request.method, &request.params, requester.user());
    let round = if ASKING_METHODS.contains(&request.method.as_str()) {
        match InputRound::start(&router.state_key, &binding, &request.params) {
            Ok(round) => Some(round),
            Err(message) => {
                return Err(Refusal::new(
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
    Ok(Prepared {
        binding,
        round,
        task: None,
    })
}

/// Serves `request` in `session`: the request's log level and client
/// capabilities (from its `_meta`) and input round set on the session for
/// the request's time, then the dispatch every request takes. Log lines
/// go to the request's notifications only at or above the level its
/// `_meta` names (`io.modelcontextprotocol/logLevel`), and none without
/// one.
async fn serve_in(
    router: &Arc<Router>,
    session: &Arc<Session>,
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
        st.client_capabilities =
            ClientCapabilities::of(meta.and_then(|m| m.get(META_CAPABILITIES)));
        st.input = prepared.round;
        st.task = prepared.task;
        st.missing_capability = None;
    }
    let params = (!params.is_empty()).then_some(params);
    let answer = router
        .handle_request(session, id.clone(), &method, params, arguments, notes)
        .await;
    let (missing, round) = {
        let mut st = session.state();
        st.task = None;
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

/// The refusal when no image session could be opened for a request.
fn open_refused(id: &Value, refusal: OpenRefused) -> Refusal {
    match refusal {
        OpenRefused::ServerFull(cap) => Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            id,
            INTERNAL_ERROR,
            &format!(
                "Service Unavailable: the server holds its maximum of {cap} image sessions; \
                 retry later (the operator can raise http.max_sessions)"
            ),
        ),
        OpenRefused::CallerFull(cap, wait) => Refusal {
            retry_after: Some(wait),
            ..Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                id,
                INTERNAL_ERROR,
                &format!(
                    "Too Many Requests: this caller holds its maximum of {cap} image sessions; \
                     retry in {wait} s"
                ),
            )
        },
        OpenRefused::Failed(why) => Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            id,
            INTERNAL_ERROR,
            &format!("no image session could be opened for the request: {why}"),
        ),
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

/// The answer to `method` in the revision's form, with the HTTP status it
/// is sent with when it is not the last event of a stream: a result gains
/// `resultType`, the server's identity in `_meta`, and (when cacheable)
/// `ttlMs` and `cacheScope` — private when answers depend on the caller's
/// token; an unknown method is HTTP 404; an unknown resource is -32602.
pub(crate) fn shaped(
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
        // A CreateTaskResult (the tasks extension) keeps its `task`.
        let complete = !result
            .get("resultType")
            .is_some_and(|t| t == "input_required" || t == "task");
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
    fn versions_list_modern_first() {
        assert_eq!(all_versions()[0], "2026-07-28");
        assert!(all_versions().contains(&"2025-11-25"));
    }

    #[test]
    fn the_meta_version_tells_the_eras_apart() {
        let modern = json!({"_meta": {META_VERSION: "2026-07-28"}});
        assert_eq!(requested_version(modern.as_object()), Some("2026-07-28"));
        let legacy = json!({"protocolVersion": "2025-11-25"});
        assert_eq!(requested_version(legacy.as_object()), None);
        assert_eq!(requested_version(None), None);
    }
}

//! Streamable HTTP at `/mcp` over hyper 1: the protected-resource
//! metadata, the gates every request passes in order — path, Origin,
//! Host, authentication, HTTP method, protocol version, media types, body
//! size, envelope, session (which only its own user may use), per-tool
//! scopes — and the session era's POST, GET (server-to-client SSE stream)
//! and DELETE handlers. The gates' own checks are in `gates`; accepting
//! connections (TCP_NODELAY on every socket; TLS when configured, plain
//! HTTP on a TLS port answered 400 and closed) in `serving`; reading a
//! body under the limits in `bodies`; the response bodies in `responses`;
//! the stateless era's binding in `stateless`.

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;

use gs_auth::Principal;
use hyper::body::Incoming;
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use serde_json::Value;

use crate::notifications::Out;
use crate::protocol::{self, Answer, INVALID_REQUEST, Message, SUPPORTED_VERSIONS};
use crate::{NoteSink, OpenRefused, Router, Session};

mod bodies;
mod cors;
mod gates;
mod responses;
mod serving;
mod stateless;
use bodies::body_of;
use gates::{accepts, content_type_refusal, refused, session_gate};
use responses::{
    CallStream, ResponseBody, SseStream, closing, empty, event_stream, full, json_error,
    json_response, no_answer, sse_response,
};
pub use serving::{serve, serve_tls};

// The MCP headers, as names made once: a name given as text is parsed
// and checked again at every lookup.
/// The session header.
static SESSION_HEADER: HeaderName = HeaderName::from_static("mcp-session-id");
/// The protocol version header.
static VERSION_HEADER: HeaderName = HeaderName::from_static("mcp-protocol-version");

fn header_str<'a>(h: &'a HeaderMap, name: &HeaderName) -> Option<&'a str> {
    h.get(name).and_then(|v| v.to_str().ok())
}

/// The DNS-rebinding gates: a present Origin must be loopback or allowed,
/// and the host the request is for — an absolute-form target's authority,
/// else its one Host header, which HTTP/1.1 requires (RFC 9112 section
/// 3.2) — must be this server.
#[allow(clippy::result_large_err)]
fn check_origin_and_host(
    router: &Router,
    req: &Request<Incoming>,
) -> Result<(), Response<ResponseBody>> {
    let headers = req.headers();
    let mut origins = headers.get_all(header::ORIGIN).iter();
    if let Some(origin) = origins.next() {
        let ok =
            origins.next().is_none() && origin.to_str().is_ok_and(|o| router.origin_allowed(o));
        if !ok {
            return Err(json_error(
                StatusCode::FORBIDDEN,
                &Value::Null,
                INVALID_REQUEST,
                "Forbidden: the request's Origin is not allowed (or it has more than one); add \
                 its host to http.allowed_origin_hosts in toolsets.toml",
            ));
        }
    }
    let mut hosts = headers.get_all(header::HOST).iter();
    let (first, second) = (hosts.next(), hosts.next());
    if second.is_some() || (first.is_none() && req.version() == hyper::Version::HTTP_11) {
        return Err(json_error(
            StatusCode::BAD_REQUEST,
            &Value::Null,
            INVALID_REQUEST,
            "Bad Request: an HTTP/1.1 request needs exactly one Host header",
        ));
    }
    // A Host that is not text is no host of this server's either.
    let host = match req.uri().authority() {
        Some(target) => Some(target.as_str()),
        None => first.map(|h| h.to_str().unwrap_or("")),
    };
    if let Some(host) = host
        && !router.host_allowed(host)
    {
        let shown: String = host.chars().take(100).collect();
        return Err(json_error(
            StatusCode::FORBIDDEN,
            &Value::Null,
            INVALID_REQUEST,
            &format!(
                "Forbidden: the request's Host {shown:?} is not this server's; add its host to \
                 http.allowed_hosts in toolsets.toml"
            ),
        ));
    }
    Ok(())
}

async fn handle(
    router: Arc<Router>,
    req: Request<Incoming>,
    peer: SocketAddr,
) -> Response<ResponseBody> {
    let headers = req.headers();
    // An id that is not text names no session: kept, to be answered 404
    // as unknown rather than 400 as missing.
    let session_id = headers
        .get(&SESSION_HEADER)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    // Only the trace reads it: no allocation per request when it is off.
    let what = if router.tracer.enabled() {
        format!("{} {}", req.method(), req.uri().path())
    } else {
        String::new()
    };

    if let Some(auth) = router.auth()
        && auth.is_metadata_path(req.uri().path())
    {
        router.tracer.line("-->", &what, None, b"");
        return metadata(auth, req.method());
    }
    if req.uri().path() != "/mcp" {
        router.tracer.line("-->", &what, session_id.as_deref(), b"");
        return full(
            StatusCode::NOT_FOUND,
            Some("text/plain"),
            b"not found: the MCP endpoint is /mcp\n".to_vec(),
        );
    }
    if let Err(refusal) = check_origin_and_host(&router, &req) {
        router.tracer.line("-->", &what, session_id.as_deref(), b"");
        return refusal;
    }
    // A preflight carries no credentials: answered before authentication.
    if req.method() == Method::OPTIONS
        && headers.contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
        && let Some(origin) = cors::configured_origin(&router, headers)
    {
        router.tracer.line("-->", &what, session_id.as_deref(), b"");
        return cors::preflight(origin, headers);
    }
    let (authorization, given) = authorizations(headers);
    let principal = match router.auth() {
        None => None,
        Some(auth) => match auth.authenticate(&authorization[..given]).await {
            Ok(p) => Some(p),
            Err(denied) => {
                router.tracer.line("-->", &what, session_id.as_deref(), b"");
                return refused(&router, &denied, &Value::Null);
            }
        },
    };
    let method = req.method().clone();
    // Revision 2026-07-28: no session, a version header of no legacy
    // revision — served statelessly, on the same endpoint.
    if method == Method::POST && stateless::is_modern(headers, session_id.is_some()) {
        let caller = Caller {
            peer,
            principal,
            session_id: None,
        };
        return stateless::post(router, req, caller, what).await;
    }
    if method != Method::POST && method != Method::GET && method != Method::DELETE {
        router.tracer.line("-->", &what, session_id.as_deref(), b"");
        let mut r = json_error(
            StatusCode::METHOD_NOT_ALLOWED,
            &Value::Null,
            INVALID_REQUEST,
            &format!("Method not allowed: /mcp serves POST, GET and DELETE, not {method}"),
        );
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, POST, DELETE"));
        return r;
    }
    if let Some(v) = headers.get(&VERSION_HEADER) {
        let v = v.to_str().unwrap_or("");
        if !SUPPORTED_VERSIONS.contains(&v) {
            router.tracer.line("-->", &what, session_id.as_deref(), b"");
            return unsessioned_version(v, &method);
        }
    }
    let caller = Caller {
        peer,
        principal,
        session_id,
    };
    match method {
        Method::POST => post(router, req, caller, what).await,
        Method::GET => get(router, req, caller, what),
        _ => delete(router, caller, what),
    }
}

/// The refusal of a request without a session whose body's `_meta` names
/// a stateless revision while its `MCP-Protocol-Version` header is
/// missing or names another (so it came the legacy way): the headers
/// disagree with the body (-32020), which tells the client what to fix,
/// where a missing session would tell it to initialize.
fn stateless_body_on_the_legacy_path(
    headers: &HeaderMap,
    id: &Value,
    params: Option<&serde_json::Map<String, Value>>,
) -> Option<Response<ResponseBody>> {
    let meta = params?
        .get("_meta")?
        .get(crate::modern::META_VERSION)?
        .as_str()?;
    if !crate::modern::MODERN_VERSIONS.contains(&meta) {
        return None;
    }
    let header = match headers.get("mcp-protocol-version").map(|v| v.to_str()) {
        Some(Ok(v)) => format!("says `{}`", v.chars().take(40).collect::<String>()),
        Some(Err(_)) => "is not text".to_string(),
        None => "is missing".to_string(),
    };
    Some(json_error(
        StatusCode::BAD_REQUEST,
        id,
        crate::modern::HEADER_MISMATCH,
        &format!(
            "Bad Request: the body's _meta names protocol version `{meta}`, but the \
             MCP-Protocol-Version header {header}; send MCP-Protocol-Version: {meta} with a \
             stateless request"
        ),
    ))
}

/// The refusal of a request whose `MCP-Protocol-Version` no session
/// speaks. A stateless revision is served, but only as a POST without a
/// session: it has no GET stream and no session to DELETE (405), and a
/// POST of it names no session.
fn unsessioned_version(version: &str, method: &Method) -> Response<ResponseBody> {
    let sessions = SUPPORTED_VERSIONS.join(" and ");
    if !crate::modern::MODERN_VERSIONS.contains(&version) {
        return json_error(
            StatusCode::BAD_REQUEST,
            &Value::Null,
            INVALID_REQUEST,
            &format!(
                "Bad Request: MCP-Protocol-Version `{version}` is not supported; this server \
                 speaks {sessions} in sessions and {} statelessly",
                crate::modern::MODERN_VERSIONS.join(" and ")
            ),
        );
    }
    if method == Method::POST {
        return json_error(
            StatusCode::BAD_REQUEST,
            &Value::Null,
            INVALID_REQUEST,
            &format!(
                "Bad Request: a `{version}` request is stateless and names no session; send it \
                 without MCP-Session-Id, or speak {sessions} in the session"
            ),
        );
    }
    let mut r = json_error(
        StatusCode::METHOD_NOT_ALLOWED,
        &Value::Null,
        INVALID_REQUEST,
        &format!(
            "Method not allowed: at `{version}` there is no GET stream and no session to \
             DELETE; send each request as a POST (subscriptions/listen for notifications)"
        ),
    );
    r.headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("POST"));
    r
}

/// The request's first two Authorization values and how many there are
/// (more than one is refused anyway), kept on the stack: every
/// authenticated request reads them.
fn authorizations(headers: &HeaderMap) -> ([&[u8]; 2], usize) {
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let mut out: [&[u8]; 2] = [b"", b""];
    let mut n = 0;
    for slot in &mut out {
        let Some(v) = values.next() else { break };
        *slot = v.as_bytes();
        n += 1;
    }
    (out, n)
}

/// Who sent a request: the peer, the authenticated principal (with
/// `[auth]`) and the session it names.
struct Caller {
    peer: SocketAddr,
    principal: Option<Arc<Principal>>,
    session_id: Option<String>,
}

/// The protected-resource metadata (RFC 9728): public, readable from any
/// origin, `resource` from the configuration.
fn metadata(auth: &gs_auth::Authenticator, method: &Method) -> Response<ResponseBody> {
    if method != Method::GET && method != Method::HEAD {
        let mut r = full(
            StatusCode::METHOD_NOT_ALLOWED,
            Some("text/plain"),
            b"the protected-resource metadata is read with GET\n".to_vec(),
        );
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET"));
        return r;
    }
    let body = serde_json::to_vec(&auth.metadata()).unwrap_or_default();
    let mut r = full(StatusCode::OK, Some("application/json"), body);
    r.headers_mut().insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    r
}

fn delete(router: Arc<Router>, caller: Caller, what: String) -> Response<ResponseBody> {
    router
        .tracer
        .line("-->", &what, caller.session_id.as_deref(), b"");
    match session_gate(&router, &caller, &Value::Null) {
        Err(r) => r,
        Ok(s) => {
            router.close(s.id());
            empty(StatusCode::OK)
        }
    }
}

fn get(
    router: Arc<Router>,
    req: Request<Incoming>,
    caller: Caller,
    what: String,
) -> Response<ResponseBody> {
    router
        .tracer
        .line("-->", &what, caller.session_id.as_deref(), b"");
    let (_, sse) = accepts(req.headers());
    if !sse {
        return json_error(
            StatusCode::NOT_ACCEPTABLE,
            &Value::Null,
            INVALID_REQUEST,
            "Not Acceptable: the GET stream is text/event-stream; include it in Accept",
        );
    }
    let session = match session_gate(&router, &caller, &Value::Null) {
        Err(r) => return r,
        Ok(s) => s,
    };
    let generation = router.open_stream(&session);
    let expires_in = caller.principal.as_ref().map(|p| p.remaining());
    let stream = SseStream::new(router.clone(), session, generation, expires_in);
    event_stream(ResponseBody::Stream(stream))
}

async fn post(
    router: Arc<Router>,
    req: Request<Incoming>,
    caller: Caller,
    what: String,
) -> Response<ResponseBody> {
    let session_id = caller.session_id.clone();
    let (json_ok, sse_ok) = accepts(req.headers());
    if !json_ok && !sse_ok {
        router.tracer.line("-->", &what, session_id.as_deref(), b"");
        return json_error(
            StatusCode::NOT_ACCEPTABLE,
            &Value::Null,
            INVALID_REQUEST,
            "Not Acceptable: Accept must include application/json or text/event-stream",
        );
    }
    if let Some(why) = content_type_refusal(req.headers()) {
        router.tracer.line("-->", &what, session_id.as_deref(), b"");
        return json_error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &Value::Null,
            INVALID_REQUEST,
            &format!("Unsupported Media Type: {why}"),
        );
    }
    let (parts, body) = req.into_parts();
    // Held until the request is answered.
    let (body, _held) = match body_of(&router, &parts.headers, body).await {
        Ok(b) => b,
        Err(refused) => {
            router.tracer.line("-->", &what, session_id.as_deref(), b"");
            return refused;
        }
    };
    router
        .tracer
        .line("-->", &what, session_id.as_deref(), &body);
    let message = match protocol::parse(&body) {
        Ok(m) => m,
        Err(refusal) => {
            return json_error(
                StatusCode::BAD_REQUEST,
                &refusal.id,
                refusal.code,
                &refusal.message,
            );
        }
    };
    match message {
        Message::Request {
            id, method, params, ..
        } if method == "initialize" => initialize(&router, &caller, id, params).await,
        Message::Request {
            id,
            method,
            params,
            arguments,
        } => {
            if caller.session_id.is_none()
                && let Some(refusal) =
                    stateless_body_on_the_legacy_path(&parts.headers, &id, params.as_ref())
            {
                return refusal;
            }
            let session = match session_gate(&router, &caller, &id) {
                Err(r) => return r,
                Ok(s) => s,
            };
            if let Some(denied) =
                router.scope_denied(caller.principal.as_deref(), &method, params.as_ref())
            {
                return refused(&router, &denied, &id);
            }
            if !sse_ok || method != "tools/call" {
                return match router
                    .handle_request(&session, id, &method, params, arguments, None)
                    .await
                {
                    None => no_answer(sse_ok),
                    Some(answer) if !json_ok => sse_response(&answer),
                    Some(answer) => json_response(StatusCode::OK, answer),
                };
            }
            call_response(router, session, id, method, params, arguments, json_ok).await
        }
        Message::Notification { method, .. } if method == "initialize" => json_error(
            StatusCode::BAD_REQUEST,
            &Value::Null,
            INVALID_REQUEST,
            "Bad Request: initialize is a request and needs an id; send it with \"id\"",
        ),
        Message::Notification { method, params } => {
            let session = match session_gate(&router, &caller, &Value::Null) {
                Err(r) => return r,
                Ok(s) => s,
            };
            router.handle_notification(&session, &method, params.as_ref());
            empty(StatusCode::ACCEPTED)
        }
        Message::Response { id, outcome } => {
            let session = match session_gate(&router, &caller, &id) {
                Err(r) => return r,
                Ok(s) => s,
            };
            router.handle_response(&session, &id, outcome);
            empty(StatusCode::ACCEPTED)
        }
    }
}

/// The answer to a `tools/call` whose client accepts an SSE stream.
async fn call_response(
    router: Arc<Router>,
    session: Arc<Session>,
    id: Value,
    method: String,
    params: Option<serde_json::Map<String, Value>>,
    arguments: Option<gs_toolset::Arguments>,
    json_ok: bool,
) -> Response<ResponseBody> {
    let notes = NoteSink::default();
    let sink = notes.clone();
    let call = Box::pin(async move {
        router
            .handle_request(&session, id, &method, params, arguments, Some(sink))
            .await
    });
    stream_answer(
        call,
        notes,
        move |answer| match answer {
            Some(a) if json_ok => json_response(StatusCode::OK, a),
            Some(a) => sse_response(&a),
            None => no_answer(true),
        },
        |answer| answer,
    )
    .await
}

/// How many of a call's messages wait between its backlog and its SSE
/// stream; the backlog holds the rest.
const STREAM_AHEAD: usize = 8;

/// The answer to a call that may emit notifications into `notes`:
/// `respond` makes it when the call finishes first (as JSON, normally),
/// else it is an SSE stream of the notifications as they come and then
/// the call's answer, made final by `last`. The call runs on this task
/// until its first notification, so a quiet call costs no extra task.
pub(super) async fn stream_answer<C>(
    mut call: Pin<Box<C>>,
    notes: NoteSink,
    respond: impl FnOnce(Option<Answer>) -> Response<ResponseBody>,
    last: impl FnOnce(Answer) -> Answer + Send + 'static,
) -> Response<ResponseBody>
where
    C: Future<Output = Option<Answer>> + Send + ?Sized + 'static,
{
    let (first, finished) = tokio::select! {
        biased;
        n = notes.recv() => (n, None),
        answer = &mut call => match notes.try_recv() {
            Some(n) => (n, Some(answer)),
            None => return respond(answer),
        },
    };
    let (out_tx, out_rx) = tokio::sync::mpsc::channel::<Out>(STREAM_AHEAD);
    tokio::spawn(async move {
        let call = async move {
            match finished {
                Some(answer) => answer,
                None => call.await,
            }
        };
        let answer = notes.relay(call, &out_tx, |n| Some(Out::Note(n))).await;
        let _ = out_tx.send(Out::Done(answer.map(last))).await;
    });
    let stream = CallStream::new(first, out_rx);
    event_stream(ResponseBody::Call(stream))
}

async fn initialize(
    router: &Arc<Router>,
    caller: &Caller,
    id: Value,
    params: Option<serde_json::Map<String, Value>>,
) -> Response<ResponseBody> {
    // An initialize naming a session is a request containing its id: an
    // ended or unknown one must meet the 404 every such request meets
    // (2025-11-25 transports, session management), which tells the client
    // to start afresh without the header; opening a session instead would
    // answer the stale id as if it were still good, and the client would
    // not learn that its session, and the uncommitted work of its image
    // session, are gone. A live session was initialised once and is not
    // again.
    if caller.session_id.is_some() {
        return match session_gate(router, caller, &id) {
            Err(not_found) => not_found,
            Ok(_) => json_error(
                StatusCode::BAD_REQUEST,
                &id,
                INVALID_REQUEST,
                "Bad Request: this session is already initialized; to start a new session send \
                 initialize without MCP-Session-Id (and DELETE this one if it is no longer \
                 needed)",
            ),
        };
    }
    let requested = params
        .as_ref()
        .and_then(|p| p.get("protocolVersion"))
        .and_then(Value::as_str);
    match router
        .open_session_as(Some(caller.peer.ip()), caller.principal.as_ref())
        .await
    {
        Ok(session) => {
            router.client_declared(&session, params.as_ref());
            let answer = protocol::result(&id, router.initialize_result(requested));
            let mut r = json_response(StatusCode::OK, answer);
            if let Ok(v) = HeaderValue::from_str(session.id()) {
                r.headers_mut().insert(SESSION_HEADER.clone(), v);
            }
            r
        }
        Err(OpenRefused::ServerFull(cap)) => json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            &id,
            protocol::INTERNAL_ERROR,
            &format!(
                "Service Unavailable: the server holds its maximum of {cap} sessions; retry \
                 later (the operator can raise http.max_sessions)"
            ),
        ),
        Err(OpenRefused::CallerFull(cap, wait)) => {
            let mut r = json_error(
                StatusCode::TOO_MANY_REQUESTS,
                &id,
                protocol::INTERNAL_ERROR,
                &format!(
                    "Too Many Requests: this caller holds its maximum of {cap} sessions; end \
                     one with DELETE or retry in {wait} s"
                ),
            );
            if let Ok(v) = HeaderValue::from_str(&wait.to_string()) {
                r.headers_mut().insert(header::RETRY_AFTER, v);
            }
            r
        }
        Err(OpenRefused::Failed(why)) => {
            // The operator's to fix (a missing image user, a stone that
            // refuses logins), so said on their side too.
            let user = caller
                .principal
                .as_ref()
                .map_or(String::new(), |p| format!(" for user {}", p.user));
            eprintln!("gs-mcp: a session{user} could not be opened: {why}");
            // The server cannot serve now, through no fault of the client's
            // request: 503, and when to try again.
            let mut r = json_error(
                StatusCode::SERVICE_UNAVAILABLE,
                &id,
                protocol::INTERNAL_ERROR,
                &format!(
                    "the session could not be opened: {why} (the server's operator must see to \
                     this; retry later)"
                ),
            );
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
            r
        }
    }
}

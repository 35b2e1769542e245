//! Streamable HTTP at `/mcp` over hyper 1: the accept loop (TCP_NODELAY on
//! every socket; TLS when configured, plain HTTP on a TLS port answered 400
//! and closed), the protected-resource metadata, the gates every request
//! passes in order — path, Origin, Host, authentication, HTTP method,
//! protocol version, media types, body size, envelope, session (which only
//! its own user may use), per-tool scopes — and the POST, GET
//! (server-to-client SSE stream) and DELETE handlers. The gates' own
//! checks are in `gates`.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use gs_auth::Principal;
use http_body_util::{BodyExt, Limited};
use hyper::body::{Body, Frame, Incoming};
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::Value;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::notifications::Out;
use crate::protocol::{self, Answer, INVALID_REQUEST, Message, SUPPORTED_VERSIONS};
use crate::tls::Tls;
use crate::{Drained, NoteSink, OpenRefused, Router, Session};

mod gates;
mod stateless;
use crate::caps::{Cap, Held, KeyedCap, KeyedHeld};
use gates::{accepts, content_type_refusal, refused, session_gate};

// The MCP headers, as names made once: a name given as text is parsed
// and checked again at every lookup.
/// The session header.
static SESSION_HEADER: HeaderName = HeaderName::from_static("mcp-session-id");
/// The protocol version header.
static VERSION_HEADER: HeaderName = HeaderName::from_static("mcp-protocol-version");
/// Keepalive comment interval on the GET stream (sized to proxy and NAT
/// idle timeouts, not to sessions).
const KEEPALIVE: Duration = Duration::from_secs(15);

/// A response body: either a whole buffer or a server-sent event stream.
pub enum ResponseBody {
    /// A complete body, written with its headers (taken when written).
    Full(Option<Bytes>),
    /// The GET stream.
    Stream(SseStream),
    /// A POSTed call's notifications, then its answer.
    Call(CallStream),
}

/// The SSE answer to one POSTed call: its notifications as they come, then
/// its response, then the end of the stream.
pub struct CallStream {
    first: Option<Value>,
    out: tokio::sync::mpsc::UnboundedReceiver<Out>,
    ended: bool,
}

use crate::outbound::{event_json, frame as event};

impl CallStream {
    /// A stream that sends `first`, then what comes on `out`.
    fn new(first: Value, out: tokio::sync::mpsc::UnboundedReceiver<Out>) -> CallStream {
        CallStream {
            first: Some(first),
            out,
            ended: false,
        }
    }

    fn poll_next(
        &mut self,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        if let Some(first) = self.first.take() {
            return Poll::Ready(Some(Ok(Frame::data(event(&first)))));
        }
        if self.ended {
            return Poll::Ready(None);
        }
        match self.out.poll_recv(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Some(Out::Note(n))) => Poll::Ready(Some(Ok(Frame::data(event(&n))))),
            Poll::Ready(Some(Out::Done(answer))) => {
                self.ended = true;
                Poll::Ready(answer.map(|a| Ok(Frame::data(Bytes::from(event_json(a.json()))))))
            }
            Poll::Ready(None) => Poll::Ready(None),
        }
    }
}

impl Body for ResponseBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match self.get_mut() {
            ResponseBody::Full(f) => Poll::Ready(
                f.take()
                    .filter(|b| !b.is_empty())
                    .map(|b| Ok(Frame::data(b))),
            ),
            ResponseBody::Stream(s) => s.poll_next(cx),
            ResponseBody::Call(s) => s.poll_next(cx),
        }
    }

    fn is_end_stream(&self) -> bool {
        match self {
            ResponseBody::Full(f) => f.as_ref().is_none_or(Bytes::is_empty),
            ResponseBody::Stream(_) | ResponseBody::Call(_) => false,
        }
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        match self {
            ResponseBody::Full(f) => {
                hyper::body::SizeHint::with_exact(f.as_ref().map_or(0, |b| b.len() as u64))
            }
            ResponseBody::Stream(_) | ResponseBody::Call(_) => hyper::body::SizeHint::default(),
        }
    }
}

/// The standalone server-to-client stream of one session: messages from
/// the session's outbox, and a keepalive comment every 15 s. When the
/// client hangs up hyper drops the body, which records the loss.
pub struct SseStream {
    keepalive: tokio::time::Interval,
    router: Arc<Router>,
    session: Arc<Session>,
    generation: u64,
}

impl SseStream {
    fn poll_next(
        &mut self,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match self.session.drain(self.generation, cx.waker()) {
            Drained::Frame(msg) => {
                self.keepalive.reset();
                return Poll::Ready(Some(Ok(Frame::data(msg))));
            }
            // Superseded by a newer GET or the session ended.
            Drained::End => return Poll::Ready(None),
            Drained::Wait => {}
        }
        if self.keepalive.poll_tick(cx).is_ready() {
            return Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(
                b": keepalive\n\n",
            )))));
        }
        Poll::Pending
    }
}

impl Drop for SseStream {
    fn drop(&mut self) {
        self.router.stream_closed(&self.session, self.generation);
    }
}

fn full(
    status: StatusCode,
    content_type: Option<&'static str>,
    body: Vec<u8>,
) -> Response<ResponseBody> {
    let mut r = Response::new(ResponseBody::Full(Some(Bytes::from(body))));
    *r.status_mut() = status;
    if let Some(ct) = content_type {
        r.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(ct));
    }
    r
}

fn json_response(status: StatusCode, answer: Answer) -> Response<ResponseBody> {
    full(status, Some("application/json"), answer.into_json())
}

fn json_error(status: StatusCode, id: &Value, code: i64, message: &str) -> Response<ResponseBody> {
    json_response(status, protocol::error(id, code, message))
}

fn empty(status: StatusCode) -> Response<ResponseBody> {
    full(status, None, Vec::new())
}

/// Serves `listener` until the task is dropped. Each connection runs on its
/// own task, so a slow client never blocks the accept loop.
pub async fn serve(listener: TcpListener, router: Arc<Router>) -> std::io::Result<()> {
    accept_loop(listener, router, None).await
}

/// [`serve`] over TLS: every connection must start with a TLS handshake
/// (with the configuration `tls` holds at that moment).
pub async fn serve_tls(
    listener: TcpListener,
    router: Arc<Router>,
    tls: Arc<Tls>,
) -> std::io::Result<()> {
    accept_loop(listener, router, Some(tls)).await
}

/// How long a connection may take to send its first byte and finish the
/// TLS handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(8);

async fn accept_loop(
    listener: TcpListener,
    router: Arc<Router>,
    tls: Option<Arc<Tls>>,
) -> std::io::Result<()> {
    router.spawn_maintenance(Duration::from_secs(1));
    let connections = Cap::new(router.settings.http.max_connections);
    let per_address = router
        .settings
        .http
        .max_connections_per_address
        .map(KeyedCap::new);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(s) => s,
            // Running out of descriptors must not end the server.
            Err(e) => {
                eprintln!("gs-mcp: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Without it a response's second segment waits for the client's
        // delayed ACK (tens of milliseconds per call).
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let tls = tls.clone();
        let admission = admit(&connections, per_address.as_ref(), peer.ip());
        tokio::spawn(crate::repoll::Repoll::new(async move {
            match tls {
                None => connection(stream, router, peer, admission).await,
                Some(tls) => {
                    if let Some(s) = handshake(stream, &tls).await {
                        connection(s, router, peer, admission).await;
                    }
                }
            }
        }));
    }
}

/// The TLS side of a new connection. A client speaking plain HTTP (its
/// first byte is not a TLS handshake record) is answered 400 in clear
/// text, saying to use https, and the connection is closed.
async fn handshake(
    mut stream: TcpStream,
    tls: &Tls,
) -> Option<tokio_rustls::server::TlsStream<TcpStream>> {
    let mut first = [0u8; 1];
    match tokio::time::timeout(HANDSHAKE_TIMEOUT, stream.peek(&mut first)).await {
        Ok(Ok(1)) => {}
        _ => return None,
    }
    // 0x16: a TLS handshake record.
    if first[0] != 0x16 {
        let body = protocol::error(
            &Value::Null,
            INVALID_REQUEST,
            "Bad Request: this port speaks HTTPS only; connect with https://",
        )
        .into_json();
        let head = format!(
            "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: \
             {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        let _ = stream.write_all(head.as_bytes()).await;
        let _ = stream.write_all(&body).await;
        let _ = stream.shutdown().await;
        return None;
    }
    let acceptor = tokio_rustls::TlsAcceptor::from(tls.config());
    match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await {
        Ok(Ok(s)) => Some(s),
        _ => None,
    }
}

/// Serves HTTP/1.1 on one connection until it closes, holding its `slot`
/// under the cap of `max` connections; without one, every request is
/// answered 503 and the connection closed.
/// A connection's places under the caps on connections, held while it
/// is open, or the cap it would pass.
enum Admission {
    Served {
        _server: Held,
        _address: Option<KeyedHeld<IpAddr>>,
    },
    ServerFull(usize),
    AddressFull(usize),
}

/// Takes a place for a connection from `peer` under the server's cap and
/// its address's.
fn admit(
    connections: &Arc<Cap>,
    per_address: Option<&Arc<KeyedCap<IpAddr>>>,
    peer: IpAddr,
) -> Admission {
    let Some(server) = connections.try_take(1) else {
        return Admission::ServerFull(connections.max());
    };
    let address = match per_address {
        None => None,
        Some(cap) => match cap.try_take(crate::session::client_address(peer)) {
            Some(address) => Some(address),
            None => return Admission::AddressFull(cap.max()),
        },
    };
    Admission::Served {
        _server: server,
        _address: address,
    }
}

async fn connection<IO>(io: IO, router: Arc<Router>, peer: SocketAddr, admission: Admission)
where
    IO: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let read_timeout = router.settings.http.read_timeout;
    let refusal = match &admission {
        Admission::Served { .. } => None,
        Admission::ServerFull(max) => Some((*max, false)),
        Admission::AddressFull(max) => Some((*max, true)),
    };
    let service = hyper::service::service_fn(move |req| {
        let router = router.clone();
        // Held for as long as the connection serves requests.
        let _admission = &admission;
        async move {
            if let Some((max, per_address)) = refusal {
                return Ok::<_, Infallible>(too_many_connections(max, per_address));
            }
            let traced = router
                .tracer
                .enabled()
                .then(|| header_str(req.headers(), &SESSION_HEADER).map(str::to_string));
            let response = handle(router.clone(), req, peer).await;
            if let Some(sid) = traced {
                let sid = sid.or_else(|| {
                    header_str(response.headers(), &SESSION_HEADER).map(str::to_string)
                });
                let body = match response.body() {
                    ResponseBody::Full(Some(b)) => b.as_ref(),
                    _ => b"",
                };
                router
                    .tracer
                    .line("<--", response.status().as_str(), sid.as_deref(), body);
            }
            Ok::<_, Infallible>(response)
        }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(read_timeout)
        .serve_connection(
            TokioIo::new(crate::timed::TimedIo::new(io, crate::timed::WRITE_TIMEOUT)),
            service,
        )
        .await;
}

/// A POST's body, read under the server's limits (its size, the read
/// timeout, the bytes of all bodies being answered), with its hold on the
/// last; or the answer to give instead.
pub(super) async fn body_of(
    router: &Router,
    headers: &HeaderMap,
    body: Incoming,
) -> Result<(Bytes, Held), Response<ResponseBody>> {
    let limit = router.settings.http.body_limit;
    let idle = router.settings.http.read_timeout;
    let declared = header_str(headers, &header::CONTENT_LENGTH).and_then(|v| v.parse::<u64>().ok());
    let read = match declared {
        Some(n) if n > limit as u64 => Err(Unread::TooLarge),
        _ => read_body(body, limit, idle, &router.body_bytes).await,
    };
    read.map_err(|unread| match unread {
        Unread::TooLarge => json_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &Value::Null,
            INVALID_REQUEST,
            &format!("Payload Too Large: the body exceeds the server's limit of {limit} bytes"),
        ),
        Unread::Busy => closing(
            json_error(
                StatusCode::SERVICE_UNAVAILABLE,
                &Value::Null,
                protocol::INTERNAL_ERROR,
                &format!(
                    "Service Unavailable: the requests being answered hold the server's \
                     maximum of {} bytes of bodies; retry shortly (the operator can raise \
                     http.total_body_bytes)",
                    router.body_bytes.max()
                ),
            ),
            true,
        ),
        Unread::TimedOut => closing(
            json_error(
                StatusCode::REQUEST_TIMEOUT,
                &Value::Null,
                INVALID_REQUEST,
                &format!(
                    "Request Timeout: the body stopped arriving for {} s; send it whole",
                    idle.as_secs_f64()
                ),
            ),
            false,
        ),
        Unread::Failed => json_error(
            StatusCode::BAD_REQUEST,
            &Value::Null,
            protocol::PARSE_ERROR,
            "Bad Request: the body could not be read",
        ),
    })
}

/// `r` with the connection closed after it, and with `Retry-After: 1`
/// when `retry`.
fn closing(mut r: Response<ResponseBody>, retry: bool) -> Response<ResponseBody> {
    let h = r.headers_mut();
    if retry {
        h.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    }
    h.insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// Why a request's body was not read.
enum Unread {
    /// It is longer than the server's limit.
    TooLarge,
    /// The bodies being answered hold all the server allows.
    Busy,
    /// No piece of it arrived for the read timeout.
    TimedOut,
    /// The connection failed while it was read.
    Failed,
}

/// Reads a request's body whole, at most `limit` bytes, waiting at most
/// `idle` for each piece of it, holding its bytes under the cap of all
/// bodies (`bodies`) until what it answers is dropped.
async fn read_body(
    body: Incoming,
    limit: usize,
    idle: Duration,
    bodies: &Arc<Cap>,
) -> Result<(Bytes, Held), Unread> {
    let mut held = bodies.try_take(0).ok_or(Unread::Busy)?;
    let mut body = Limited::new(body, limit);
    let mut pieces: Vec<Bytes> = Vec::new();
    loop {
        let frame = match tokio::time::timeout(idle, body.frame()).await {
            Err(_) => return Err(Unread::TimedOut),
            Ok(None) => break,
            Ok(Some(Ok(frame))) => frame,
            Ok(Some(Err(e))) => {
                return Err(match e.downcast_ref::<http_body_util::LengthLimitError>() {
                    Some(_) => Unread::TooLarge,
                    None => Unread::Failed,
                });
            }
        };
        if let Ok(data) = frame.into_data() {
            if !held.grow(data.len()) {
                return Err(Unread::Busy);
            }
            pieces.push(data);
        }
    }
    // Most bodies arrive in one piece, which is kept as it came.
    let body = match pieces.len() {
        1 => pieces.pop().unwrap_or_default(),
        _ => Bytes::from(pieces.concat()),
    };
    Ok((body, held))
}

/// The answer to a request on a connection past a cap (`per_address`:
/// its address's, else the server's): 429 or 503, and the connection
/// closed once it is written.
fn too_many_connections(max: usize, per_address: bool) -> Response<ResponseBody> {
    let (status, message) = match per_address {
        false => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "Service Unavailable: the server is serving its maximum of {max} connections; \
                 retry shortly (the operator can raise http.max_connections)"
            ),
        ),
        true => (
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too Many Requests: this address holds its maximum of {max} connections open; \
                 close some, or retry shortly (the operator can raise \
                 http.max_connections_per_address)"
            ),
        ),
    };
    closing(
        json_error(status, &Value::Null, protocol::INTERNAL_ERROR, &message),
        true,
    )
}

fn header_str<'a>(h: &'a HeaderMap, name: &HeaderName) -> Option<&'a str> {
    h.get(name).and_then(|v| v.to_str().ok())
}

async fn handle(
    router: Arc<Router>,
    req: Request<Incoming>,
    peer: SocketAddr,
) -> Response<ResponseBody> {
    let headers = req.headers();
    let session_id = header_str(headers, &SESSION_HEADER).map(str::to_string);
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
    if let Some(origin) = headers.get(header::ORIGIN) {
        let ok = origin.to_str().is_ok_and(|o| router.origin_allowed(o));
        if !ok {
            router.tracer.line("-->", &what, session_id.as_deref(), b"");
            return json_error(
                StatusCode::FORBIDDEN,
                &Value::Null,
                INVALID_REQUEST,
                "Forbidden: the request's Origin is not allowed; add its host to \
                 http.allowed_origin_hosts in toolsets.toml",
            );
        }
    }
    if let Some(host) = headers.get(header::HOST) {
        let ok = host.to_str().is_ok_and(|h| router.host_allowed(h));
        if !ok {
            router.tracer.line("-->", &what, session_id.as_deref(), b"");
            return json_error(
                StatusCode::FORBIDDEN,
                &Value::Null,
                INVALID_REQUEST,
                "Forbidden: the request's Host is not this server; add it to http.allowed_hosts \
                 in toolsets.toml",
            );
        }
    }
    let principal = match router.auth() {
        None => None,
        Some(auth) => match auth
            .authenticate(
                headers
                    .get(header::AUTHORIZATION)
                    .map(HeaderValue::as_bytes),
            )
            .await
        {
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
            return json_error(
                StatusCode::BAD_REQUEST,
                &Value::Null,
                INVALID_REQUEST,
                &format!(
                    "Bad Request: MCP-Protocol-Version `{v}` is not supported; this server \
                     speaks {}",
                    SUPPORTED_VERSIONS.join(" and ")
                ),
            );
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
    let mut keepalive = tokio::time::interval(KEEPALIVE);
    keepalive.reset();
    let stream = SseStream {
        keepalive,
        router: router.clone(),
        session,
        generation,
    };
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
            let session = match session_gate(&router, &caller, &id) {
                Err(r) => return r,
                Ok(s) => s,
            };
            if method == "tools/call"
                && let (Some(auth), Some(p)) = (router.auth(), &caller.principal)
                && let Some(tool) = params
                    .as_ref()
                    .and_then(|p| p.get("name"))
                    .and_then(Value::as_str)
                && let Err(denied) = auth.check_tool(p, tool)
            {
                return refused(&router, &denied, &id);
            }
            if !sse_ok || method != "tools/call" {
                return match router
                    .handle_request(&session, id, &method, params, arguments, None)
                    .await
                {
                    None => empty(StatusCode::ACCEPTED),
                    Some(answer) if !json_ok => sse_response(&answer),
                    Some(answer) => json_response(StatusCode::OK, answer),
                };
            }
            call_response(router, session, id, method, params, arguments, json_ok).await
        }
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
            None => empty(StatusCode::ACCEPTED),
        },
        |answer| answer,
    )
    .await
}

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
    let (out_tx, out_rx) = tokio::sync::mpsc::unbounded_channel::<Out>();
    match finished {
        Some(answer) => {
            while let Some(n) = notes.try_recv() {
                let _ = out_tx.send(Out::Note(n));
            }
            let _ = out_tx.send(Out::Done(answer.map(last)));
        }
        None => {
            tokio::spawn(async move {
                loop {
                    tokio::select! {
                        biased;
                        n = notes.recv() => { let _ = out_tx.send(Out::Note(n)); }
                        answer = &mut call => {
                            while let Some(n) = notes.try_recv() {
                                let _ = out_tx.send(Out::Note(n));
                            }
                            let _ = out_tx.send(Out::Done(answer.map(last)));
                            break;
                        }
                    }
                }
            });
        }
    }
    let stream = CallStream::new(first, out_rx);
    event_stream(ResponseBody::Call(stream))
}

/// A response whose body is an SSE stream.
fn event_stream(body: ResponseBody) -> Response<ResponseBody> {
    let mut r = Response::new(body);
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

fn sse_response(answer: &Answer) -> Response<ResponseBody> {
    full(
        StatusCode::OK,
        Some("text/event-stream"),
        event_json(answer.json()),
    )
}

async fn initialize(
    router: &Arc<Router>,
    caller: &Caller,
    id: Value,
    params: Option<serde_json::Map<String, Value>>,
) -> Response<ResponseBody> {
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
        Err(OpenRefused::Failed(why)) => json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &id,
            protocol::INTERNAL_ERROR,
            &format!("the session could not be opened: {why}"),
        ),
    }
}

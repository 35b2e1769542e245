//! The MCP transport of gs-mcp: Streamable HTTP at `/mcp` and stdio.
//!
//! The router owns every protocol gate — Origin and Host (DNS rebinding),
//! `MCP-Protocol-Version`, body validation, session ids (128 random bits),
//! session caps (503 for the server, 429 per caller), the message trace —
//! and never runs a tool itself: tool calls go to the session broker.
//!
//! Core concepts:
//!
//! - [`Router`]: the state shared by every connection — the broker, the
//!   session table, the settings. [`Router::handle_message`] answers one
//!   JSON-RPC message for a session, whatever the transport.
//! - [`serve`]: the HTTP server (hyper 1 on tokio) for a bound listener;
//!   [`serve_stdio`]: one client over a reader and a writer.
//! - [`protocol`]: the supported revisions and the envelope checks.
//! - Session lifetime: a maintenance task reaps idle sessions (the
//!   streamless idle timeout, the idle timeout, the absolute cap), and a
//!   request past the request deadline is stopped (soft break, hard break,
//!   then the session ends) and answered -32001.
//! - Server-initiated messages: each session's outbox (drained by its GET
//!   stream, dropping the oldest message when full) and its table of
//!   server-to-client requests ([`Router::send_request`]), which a POSTed
//!   JSON-RPC response settles.
//!
//! - With `[auth]` ([`Router::with_auth`]): every HTTP request is
//!   authenticated by `gs-auth`; a session belongs to the user who opened
//!   it, is read-only without the write scope, and counts toward that
//!   user's per-caller cap. [`tls`] serves HTTPS.
//!
//! Architecture invariant: the router knows JSON-RPC, HTTP, the broker and
//! gs-auth's verdicts; it knows nothing of wasmtime or of any image backend.

mod http;
mod outbound;
pub mod protocol;
mod repoll;
mod stdio;
mod timed;
pub mod tls;
pub mod trace;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::Waker;
use std::time::{Duration, Instant};

use gs_auth::{Authenticator, Principal};
use gs_broker::{Broker, BrokerSession, CallControl, CallRefused, CallRequest, Stopped};
use gs_config::{HttpSettings, Identity, SessionLifetime, Trace};
use gs_toolset::{Arguments, CallResultJson, LogLevel, Notifier};
use serde_json::{Map, Value, json};

pub use http::{serve, serve_tls};
pub use outbound::{
    CallNotes, ClientAnswer, OUTBOX_CAP, PENDING_CAP, SERVER_REQUEST_TIMEOUT, SendRefused,
};
pub use stdio::serve_stdio;

use outbound::{Outbox, Pending, PendingTable, Queued};

use protocol::{
    Answer, INVALID_PARAMS, METHOD_NOT_FOUND, REQUEST_TIMEOUT, error, error_with, negotiate, result,
};

/// Everything the router needs besides the broker.
#[derive(Debug, Clone)]
pub struct RouterSettings {
    /// `serverInfo`.
    pub identity: Identity,
    /// The address the server listens on (its host is accepted in `Host`).
    pub listen: SocketAddr,
    /// HTTP limits and allowances.
    pub http: HttpSettings,
    /// Session lifetime policy.
    pub sessions: SessionLifetime,
    /// Message trace.
    pub trace: Trace,
}

/// Who holds a session, for the per-caller cap: the authenticated user,
/// else the client's address.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Caller {
    User(String),
    Addr(IpAddr),
    Unknown,
}

/// One MCP session as the router sees it.
pub struct Session {
    id: String,
    caller: Caller,
    /// The authenticated user who opened it; only their tokens may use it.
    user: Option<String>,
    /// The token of the session's latest request (scopes, expiry).
    principal: Mutex<Option<Arc<Principal>>>,
    broker: BrokerSession,
    created: Instant,
    state: Mutex<SessionState>,
}

#[derive(Default)]
struct SessionState {
    last_activity: Option<Instant>,
    in_flight: HashMap<String, (CallControl, Arc<tokio::sync::Notify>)>,
    stream_generation: u64,
    stream_open: bool,
    ever_streamed: bool,
    stream_lost_at: Option<Instant>,
    /// Messages waiting for the stream; they wait across a stream handover.
    outbox: Outbox,
    /// Server-to-client requests awaiting the client's answer.
    pending: PendingTable,
    /// The current stream's task, woken when the outbox gains a message or
    /// the stream is superseded.
    drainer: Option<Waker>,
    closed: bool,
    log_level: Option<LogLevel>,
    /// The `srv-N` number of the liveness ping awaiting an answer.
    probe: Option<u64>,
}

/// What a stream finds when it looks at its session's outbox.
pub(crate) enum Drained {
    /// The next message to write.
    Frame(bytes::Bytes),
    /// Nothing yet; the stream's task will be woken.
    Wait,
    /// The stream is superseded or the session ended.
    End,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("id", &self.id)
            .field("caller", &self.caller)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// The session id (the `MCP-Session-Id` header value).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The authenticated user who opened the session, if any.
    pub fn user(&self) -> Option<&str> {
        self.user.as_deref()
    }

    /// True if the session is read-only (by configuration or by scope).
    pub fn read_only(&self) -> bool {
        self.broker.read_only()
    }

    fn principal(&self) -> Option<Arc<Principal>> {
        self.principal
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Records the token a request of the session came with: a refreshed
    /// token's scopes and expiry take over.
    fn authenticated(&self, p: &Arc<Principal>) {
        *self
            .principal
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(p.clone());
    }

    fn state(&self) -> std::sync::MutexGuard<'_, SessionState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn touch(&self) {
        self.state().last_activity = Some(Instant::now());
    }

    /// Messages the outbox dropped for overflow (the oldest first) since
    /// the session opened.
    pub fn outbox_dropped(&self) -> u64 {
        self.state().outbox.dropped()
    }

    /// Server-to-client requests awaiting the client's answer.
    pub fn pending_requests(&self) -> usize {
        self.state().pending.len()
    }

    /// Queues `message` for the stream, dropping the oldest message if the
    /// outbox is full. A dropped request is settled as never delivered (a
    /// dropped liveness ping is simply forgotten, to be sent again: it
    /// proves nothing about the client).
    fn enqueue(&self, st: &mut SessionState, message: Queued) {
        if let Some(evicted) = st.outbox.push(message) {
            eprintln!(
                "gs-mcp: session {}: outbox full ({OUTBOX_CAP} messages), the oldest was dropped \
                 ({} dropped so far); the client is not reading its stream",
                self.id,
                st.outbox.dropped()
            );
            if let Some(n) = evicted.request {
                if st.probe == Some(n) {
                    st.probe = None;
                }
                if let Some(p) = st.pending.take(n) {
                    p.settle(ClientAnswer::Dropped);
                }
            }
        }
        if let Some(w) = st.drainer.take() {
            w.wake();
        }
    }

    /// The next message for stream `generation`, or why there is none.
    pub(crate) fn drain(&self, generation: u64, waker: &Waker) -> Drained {
        let mut st = self.state();
        if st.closed || st.stream_generation != generation {
            return Drained::End;
        }
        match st.outbox.pop() {
            Some(q) => {
                if let Some(n) = q.request {
                    st.pending.written(n, generation);
                }
                Drained::Frame(q.frame)
            }
            None => {
                if !st.drainer.as_ref().is_some_and(|w| w.will_wake(waker)) {
                    st.drainer = Some(waker.clone());
                }
                Drained::Wait
            }
        }
    }
}

/// A request the server sent its client, awaiting the answer.
#[derive(Debug)]
pub struct ServerRequest {
    id: String,
    answer: tokio::sync::oneshot::Receiver<ClientAnswer>,
}

impl ServerRequest {
    /// Its `srv-N` id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Waits for the client's answer (or the request's expiry, or the end
    /// of the session).
    pub async fn answer(self) -> ClientAnswer {
        self.answer.await.unwrap_or(ClientAnswer::SessionEnded)
    }
}

/// Why `initialize` could not open a session.
#[derive(Debug)]
pub enum OpenRefused {
    /// The server holds its maximum number of sessions (HTTP 503).
    ServerFull(usize),
    /// The caller holds its maximum (HTTP 429, Retry-After seconds).
    CallerFull(usize, u64),
    /// The image session could not be opened.
    Failed(String),
}

/// The state every connection shares.
pub struct Router {
    broker: Arc<Broker>,
    settings: RouterSettings,
    auth: Option<Arc<Authenticator>>,
    tracer: trace::Tracer,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    opened: AtomicU64,
    server_requests: AtomicU64,
}

impl std::fmt::Debug for Router {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Router")
            .field("settings", &self.settings)
            .field("sessions", &self.session_count())
            .finish_non_exhaustive()
    }
}

/// 128 random bits as 32 upper-case hex digits (visible ASCII, as MCP
/// requires of session ids).
fn new_session_id() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| format!("the system random number generator failed: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02X}")).collect())
}

impl Router {
    /// A router over `broker`.
    pub fn new(broker: Arc<Broker>, settings: RouterSettings) -> Arc<Router> {
        Router::with_auth(broker, settings, None)
    }

    /// A router over `broker` whose HTTP requests `auth` authenticates
    /// (`None`: unauthenticated).
    pub fn with_auth(
        broker: Arc<Broker>,
        settings: RouterSettings,
        auth: Option<Arc<Authenticator>>,
    ) -> Arc<Router> {
        Arc::new(Router {
            tracer: trace::Tracer::new(settings.trace),
            broker,
            settings,
            auth,
            sessions: Mutex::new(HashMap::new()),
            opened: AtomicU64::new(0),
            server_requests: AtomicU64::new(0),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &RouterSettings {
        &self.settings
    }

    /// The broker.
    pub fn broker(&self) -> &Broker {
        &self.broker
    }

    /// The resource server, when requests are authenticated.
    pub fn auth(&self) -> Option<&Arc<Authenticator>> {
        self.auth.as_ref()
    }

    /// Sessions open now.
    pub fn session_count(&self) -> usize {
        self.table().len()
    }

    fn table(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Session>>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The ids of the sessions open now.
    pub fn session_ids(&self) -> Vec<String> {
        self.table().keys().cloned().collect()
    }

    /// The session with `id`, if it is open.
    pub fn session(&self, id: &str) -> Option<Arc<Session>> {
        self.table().get(id).cloned()
    }

    /// Ends the session `id`; false if there was none. Its stream ends,
    /// its running call is broken, and its server-to-client requests are
    /// settled as [`ClientAnswer::SessionEnded`].
    pub fn close(&self, id: &str) -> bool {
        let removed = self.table().remove(id);
        if let Some(s) = &removed {
            let mut st = s.state();
            st.closed = true;
            drop(st.outbox.drain());
            st.probe = None;
            for (_, p) in st.pending.drain() {
                p.settle(ClientAnswer::SessionEnded);
            }
            for (control, notify) in st.in_flight.values() {
                control.cancel_token().cancel();
                notify.notify_one();
            }
            if let Some(w) = st.drainer.take() {
                w.wake();
            }
        }
        removed.is_some()
    }

    /// Sends `method` with `params` to the client of `session` as a
    /// request on its stream (queued until a GET stream takes it), and
    /// records it in the session's pending-request table. The answer comes
    /// from [`ServerRequest::answer`].
    pub fn send_request(
        &self,
        session: &Session,
        method: &str,
        params: Option<Value>,
    ) -> Result<ServerRequest, SendRefused> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let n = self.queue_request(session, method, params, Some(tx), Instant::now())?;
        Ok(ServerRequest {
            id: outbound::request_id(n),
            answer: rx,
        })
    }

    fn queue_request(
        &self,
        session: &Session,
        method: &str,
        params: Option<Value>,
        reply: Option<tokio::sync::oneshot::Sender<ClientAnswer>>,
        now: Instant,
    ) -> Result<u64, SendRefused> {
        let mut st = session.state();
        if st.closed {
            return Err(SendRefused::SessionEnded);
        }
        let n = self.server_requests.fetch_add(1, Ordering::Relaxed) + 1;
        st.pending.insert(
            n,
            Pending {
                sent: now,
                written: None,
                reply,
            },
        )?;
        let mut message = Map::new();
        message.insert("jsonrpc".into(), json!("2.0"));
        message.insert("id".into(), json!(outbound::request_id(n)));
        message.insert("method".into(), json!(method));
        if let Some(p) = params {
            message.insert("params".into(), p);
        }
        let frame = outbound::frame(&Value::Object(message));
        session.enqueue(
            &mut st,
            Queued {
                frame,
                request: Some(n),
            },
        );
        Ok(n)
    }

    /// Sends the notification `method` with `params` to the client of
    /// `session` on its stream (queued until a GET stream takes it; when
    /// the outbox is full the oldest message is dropped). False if the
    /// session has ended.
    pub fn send_notification(
        &self,
        session: &Session,
        method: &str,
        params: Option<Value>,
    ) -> bool {
        let mut st = session.state();
        if st.closed {
            return false;
        }
        let mut message = Map::new();
        message.insert("jsonrpc".into(), json!("2.0"));
        message.insert("method".into(), json!(method));
        if let Some(p) = params {
            message.insert("params".into(), p);
        }
        let frame = outbound::frame(&Value::Object(message));
        session.enqueue(
            &mut st,
            Queued {
                frame,
                request: None,
            },
        );
        true
    }

    /// Opens a session for `caller`, enforcing both caps. The new session
    /// is registered under a fresh id.
    pub async fn open_session(&self, caller: Option<IpAddr>) -> Result<Arc<Session>, OpenRefused> {
        self.open_session_as(caller, None).await
    }

    /// Opens a session for `caller`, authenticated as `principal` when
    /// given: its image session runs as the principal's user, it is
    /// read-only without the write scope, and the per-caller cap counts the
    /// user's sessions rather than the address's.
    pub async fn open_session_as(
        &self,
        caller: Option<IpAddr>,
        principal: Option<&Arc<Principal>>,
    ) -> Result<Arc<Session>, OpenRefused> {
        let caller = match (principal, caller) {
            (Some(p), _) => Caller::User(p.user.clone()),
            (None, Some(ip)) => Caller::Addr(ip),
            (None, None) => Caller::Unknown,
        };
        self.check_caps(&caller)?;
        let read_only = match (&self.auth, principal) {
            (Some(auth), Some(p)) => auth.read_only_for(p),
            _ => false,
        };
        let user = principal.map(|p| p.user.clone());
        let broker = self
            .broker
            .open_session_as(user.as_deref(), read_only)
            .await
            .map_err(OpenRefused::Failed)?;
        let id = new_session_id().map_err(OpenRefused::Failed)?;
        let session = Arc::new(Session {
            id: id.clone(),
            caller: caller.clone(),
            user,
            principal: Mutex::new(principal.cloned()),
            broker,
            created: Instant::now(),
            state: Mutex::new(SessionState {
                last_activity: Some(Instant::now()),
                ..SessionState::default()
            }),
        });
        // Checked again under the lock: another initialize may have won
        // the last slot while the image session was opening.
        let mut table = self.table();
        self.check_caps_in(&table, &caller)?;
        table.insert(id, session.clone());
        self.opened.fetch_add(1, Ordering::Relaxed);
        Ok(session)
    }

    fn check_caps(&self, caller: &Caller) -> Result<(), OpenRefused> {
        let table = self.table();
        self.check_caps_in(&table, caller)
    }

    fn check_caps_in(
        &self,
        table: &HashMap<String, Arc<Session>>,
        caller: &Caller,
    ) -> Result<(), OpenRefused> {
        let http = &self.settings.http;
        if table.len() >= http.max_sessions {
            return Err(OpenRefused::ServerFull(http.max_sessions));
        }
        if let Some(cap) = http.max_sessions_per_caller
            && *caller != Caller::Unknown
        {
            let held = table.values().filter(|s| s.caller == *caller).count();
            if held >= cap {
                let wait = self
                    .settings
                    .sessions
                    .streamless_idle_timeout
                    .or(self.settings.sessions.idle_timeout)
                    .map_or(60, |d| d.as_secs().max(1));
                return Err(OpenRefused::CallerFull(cap, wait));
            }
        }
        Ok(())
    }

    /// The `initialize` result for a client that asked for `requested`.
    pub fn initialize_result(&self, requested: Option<&str>) -> Value {
        let id = &self.settings.identity;
        let mut info = Map::new();
        info.insert("name".into(), Value::String(id.name.clone()));
        info.insert("version".into(), Value::String(id.version.clone()));
        if let Some(title) = &id.title {
            info.insert("title".into(), Value::String(title.clone()));
        }
        json!({
            "protocolVersion": negotiate(requested),
            "capabilities": {"tools": {"listChanged": false}, "logging": {}},
            "serverInfo": info,
        })
    }

    /// Handles a notification for `session` (cancellation stops the named
    /// call; everything else is acknowledged and dropped).
    ///
    /// A cancelled call's request gets no answer at all. The call is
    /// stopped the way a request deadline stops one: soft break, hard
    /// break, and if it still runs the session ends.
    pub fn handle_notification(
        self: &Arc<Self>,
        session: &Arc<Session>,
        method: &str,
        params: Option<&Map<String, Value>>,
    ) {
        session.touch();
        if method == "notifications/cancelled"
            && let Some(id) = params.and_then(|p| p.get("requestId"))
        {
            let key = id.to_string();
            let found = session.state().in_flight.get(&key).cloned();
            if let Some((control, notify)) = found {
                notify.notify_one();
                self.escalate(session, control);
            }
        }
    }

    /// Stops a call in the background; if neither break stops it, the
    /// session ends (its next request meets 404 and re-initializes).
    fn escalate(self: &Arc<Self>, session: &Arc<Session>, control: CallControl) {
        control.cancel_token().cancel();
        let router = self.clone();
        let session = session.clone();
        tokio::spawn(async move {
            match control.stop().await {
                Stopped::Soft => {}
                Stopped::Hard => eprintln!(
                    "gs-mcp: session {}: a call ignored the soft break and ended on the hard \
                     break; its toolset state for the session was reset",
                    session.id
                ),
                Stopped::Stuck => {
                    if router.close(&session.id) {
                        eprintln!(
                            "gs-mcp: session {} released: a call went on running through both \
                             breaks",
                            session.id
                        );
                    }
                }
            }
        });
    }

    /// Answers one request for `session`. `None` means the request was
    /// cancelled by the client and gets no response.
    pub async fn handle_request(
        self: &Arc<Self>,
        session: &Arc<Session>,
        id: Value,
        method: &str,
        params: Option<Map<String, Value>>,
        arguments: Option<Arguments>,
        notes: Option<NoteSink>,
    ) -> Option<Answer> {
        session.touch();
        let answer = match method {
            "ping" => result(&id, json!({})),
            "logging/setLevel" => {
                match params
                    .as_ref()
                    .and_then(|p| p.get("level"))
                    .and_then(Value::as_str)
                {
                    Some(name) => match parse_level(name) {
                        Some(level) => {
                            session.state().log_level = Some(level);
                            result(&id, json!({}))
                        }
                        None => error(
                            &id,
                            INVALID_PARAMS,
                            &format!(
                                "Invalid params: `{name}` is not a log level; use debug, info, \
                                 notice, warning, error, critical, alert or emergency"
                            ),
                        ),
                    },
                    None => error(
                        &id,
                        INVALID_PARAMS,
                        "Invalid params: logging/setLevel needs params.level",
                    ),
                }
            }
            "initialize" => {
                let requested = params
                    .as_ref()
                    .and_then(|p| p.get("protocolVersion"))
                    .and_then(Value::as_str);
                result(&id, self.initialize_result(requested))
            }
            "tools/list" => self.tools_list(&id, session, params.as_ref()),
            "tools/call" => {
                return self.call_tool(session, id, params, arguments, notes).await;
            }
            _ => error(
                &id,
                METHOD_NOT_FOUND,
                &format!("Method not found: `{method}` is not served by this server"),
            ),
        };
        session.touch();
        Some(answer)
    }

    /// True unless the session's token lacks a scope `tool` needs: such a
    /// tool is hidden from tools/list as a read-only session hides gated
    /// tools (a call to it is answered 403 at the HTTP gate).
    fn tool_visible(&self, principal: Option<&Principal>, tool: &str) -> bool {
        match (&self.auth, principal) {
            (Some(auth), Some(p)) => auth.check_tool(p, tool).is_ok(),
            _ => true,
        }
    }

    /// One page of the session's tools: [`TOOLS_PAGE`] of them from the
    /// cursor on, with `nextCursor` when more follow.
    fn tools_list(
        &self,
        id: &Value,
        session: &Arc<Session>,
        params: Option<&Map<String, Value>>,
    ) -> Answer {
        let start = match params.and_then(|p| p.get("cursor")) {
            None | Some(Value::Null) => 0,
            Some(c) => match c.as_str().and_then(|c| c.parse::<usize>().ok()) {
                Some(start) => start,
                None => {
                    return error(
                        id,
                        INVALID_PARAMS,
                        "Invalid params: cursor is not one this server gave; pass the \
                         `nextCursor` of the previous tools/list page, or no cursor for the \
                         first page",
                    );
                }
            },
        };
        let principal = session.principal();
        let surface = self.broker.surface();
        let mut tools = surface
            .tools(session.broker.read_only())
            .filter(|t| self.tool_visible(principal.as_deref(), &t.name))
            .skip(start);
        let page: Vec<Value> = tools
            .by_ref()
            .take(TOOLS_PAGE)
            .map(protocol::tool_json)
            .collect();
        let mut answer = json!({ "tools": page });
        if tools.next().is_some() {
            answer["nextCursor"] = json!((start + TOOLS_PAGE).to_string());
        }
        result(id, answer)
    }

    async fn call_tool(
        self: &Arc<Self>,
        session: &Arc<Session>,
        id: Value,
        params: Option<Map<String, Value>>,
        arguments: Option<Arguments>,
        notes: Option<NoteSink>,
    ) -> Option<Answer> {
        let mut params = params.unwrap_or_default();
        // Every refusal here carries `data.kind`, as a tool's own errors
        // do, so a client branches on it rather than on the message.
        let name = match params.remove("name") {
            Some(Value::String(n)) => n,
            Some(other) => {
                return Some(invalid_params(
                    &id,
                    &format!(
                        "Invalid params: name must be a string, not {}",
                        protocol::type_name(&other)
                    ),
                ));
            }
            None => {
                return Some(invalid_params(
                    &id,
                    "Invalid params: tools/call needs the tool's name in params.name",
                ));
            }
        };
        if name.len() > MAX_TOOL_NAME {
            return Some(error(
                &id,
                INVALID_PARAMS,
                &format!(
                    "Invalid params: the tool name is {} bytes, longer than any tool's ({} at \
                     most); tools/list shows the tools this server offers",
                    name.len(),
                    MAX_TOOL_NAME
                ),
            ));
        }
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_graphic()) {
            return Some(invalid_params(
                &id,
                &format!(
                    "Invalid params: tool name {:?} is not printable ASCII; tools/list shows \
                     the tools this server offers",
                    name
                ),
            ));
        }
        let arguments = arguments.unwrap_or_else(Arguments::none);
        let progress_token = params
            .get("_meta")
            .and_then(|m| m.get("progressToken"))
            .cloned();
        let control = CallControl::new();
        let notify = Arc::new(tokio::sync::Notify::new());
        let key = id.to_string();
        session
            .state()
            .in_flight
            .insert(key.clone(), (control.clone(), notify.clone()));
        // Removed however this future ends, including dropped by a
        // connection that closed before the answer.
        let _in_flight = InFlight { session, key };
        let timeout = self.settings.sessions.request_timeout;
        let request = CallRequest {
            tool: name,
            arguments,
            notifier: Arc::new(ChannelNotifier {
                sink: notes,
                progress_token: progress_token.filter(|t| t.is_string() || t.is_number()),
                min_level: session.state().log_level,
            }),
            control: control.clone(),
            deadline: timeout.map(|d| Instant::now() + d),
        };
        let call = session.broker.call(request);
        // In this order: a cancelled request gets no answer even when its
        // call, broken by the same cancellation, has already returned; an
        // answer that is ready wins over the deadline.
        let outcome = tokio::select! {
            biased;
            () = notify.notified() => None,
            r = call => Some(r),
            () = sleep_or_forever(timeout) => {
                // Answered at once; the call is stopped in the background
                // and costs the session only if both breaks fail.
                self.escalate(session, control);
                session.touch();
                return Some(error(
                    &id,
                    REQUEST_TIMEOUT,
                    &format!(
                        "Request timed out: the call ran past the server's request deadline of \
                         {:?} and was stopped",
                        timeout.unwrap_or_default()
                    ),
                ));
            }
        };
        session.touch();
        match outcome {
            None => None,
            Some(Err(refused)) => Some(refusal(&id, refused)),
            Some(Ok(r)) => Some(result(&id, CallResultJson(&r))),
        }
    }

    /// Records a newly opened GET stream for `session` and answers its
    /// generation; the previous stream (if any) ends at its next poll, so
    /// two streams never take from one outbox.
    fn open_stream(&self, session: &Session) -> u64 {
        let mut st = session.state();
        st.stream_generation += 1;
        st.stream_open = true;
        st.ever_streamed = true;
        st.stream_lost_at = None;
        st.last_activity = Some(Instant::now());
        if let Some(w) = st.drainer.take() {
            w.wake();
        }
        st.stream_generation
    }

    /// Records that stream `generation` of `session` ended. What is still
    /// in the outbox waits for the next stream.
    fn stream_closed(&self, session: &Session, generation: u64) {
        let mut st = session.state();
        if st.stream_generation == generation {
            st.stream_open = false;
            st.drainer = None;
            st.stream_lost_at = Some(Instant::now());
        }
    }

    /// One maintenance pass at `now`, `late` being how far past its
    /// schedule the pass runs. Answers the ids reaped.
    ///
    /// A pass that runs far later than scheduled (the host was suspended,
    /// the process stopped) reaps nobody and restarts every clock: the
    /// silence it measured was the server's, not the clients'.
    pub fn maintain(&self, now: Instant, late: Duration) -> Vec<String> {
        let policy = self.settings.sessions;
        let sessions: Vec<Arc<Session>> = self.table().values().cloned().collect();
        if late > Duration::from_secs(30) {
            for s in &sessions {
                let mut st = s.state();
                st.last_activity = Some(now);
                if st.stream_lost_at.is_some() {
                    st.stream_lost_at = Some(now);
                }
                st.pending.restart_clocks(now);
            }
            return Vec::new();
        }
        let mut reaped = Vec::new();
        for s in sessions {
            let over = |since: Instant, limit: Option<Duration>| {
                limit.is_some_and(|l| now.saturating_duration_since(since) >= l)
            };
            let verdict = {
                let mut st = s.state();
                let unanswered_probe = self.expire_requests(&mut st, now);
                let last = st.last_activity.unwrap_or(s.created);
                if over(s.created, policy.absolute_timeout) {
                    Some("it reached the absolute session cap")
                } else if self.token_expired(&s) {
                    Some("its token expired (auth.on_token_expiry = \"end\")")
                } else if s.broker.pending() > 0 {
                    None
                } else if over(last, policy.idle_timeout) {
                    Some("it was idle past the idle timeout")
                } else if unanswered_probe {
                    Some("it did not answer a liveness ping on its stream")
                } else if !st.ever_streamed && over(last, policy.streamless_idle_timeout) {
                    Some("it never opened a stream and was idle past the streamless timeout")
                } else if !st.stream_open
                    && st
                        .stream_lost_at
                        .is_some_and(|t| t >= last && over(t, Some(policy.stream_loss_grace)))
                {
                    Some("its stream closed and no new one opened within the grace")
                } else {
                    None
                }
            };
            if let Some(reason) = verdict {
                if self.close(&s.id) {
                    eprintln!("gs-mcp: session {} released: {reason}", s.id);
                    reaped.push(s.id.clone());
                }
            } else if s.broker.pending() == 0 {
                self.probe(&s, now);
            }
        }
        reaped
    }

    /// True if sessions end with their token and this session's latest
    /// token has expired.
    fn token_expired(&self, s: &Session) -> bool {
        let Some(auth) = &self.auth else { return false };
        if auth.config().on_token_expiry != gs_config::TokenExpiry::EndSession {
            return false;
        }
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        s.principal().is_some_and(|p| p.expires_at <= now)
    }

    /// Settles the session's server-to-client requests that waited past
    /// [`SERVER_REQUEST_TIMEOUT`] at `now`. Answers true if one of them was
    /// the liveness ping and it went unanswered on the stream the client
    /// is still on: the evidence that the client is gone. A ping written to
    /// a stream since superseded, or never written at all, proves nothing
    /// and is forgotten (the next pass sends another).
    fn expire_requests(&self, st: &mut SessionState, now: Instant) -> bool {
        let mut unanswered = false;
        for (n, p) in st.pending.expire(now) {
            if st.probe == Some(n) {
                st.probe = None;
                unanswered |= p.written == Some(st.stream_generation) && st.stream_open;
            }
            p.settle(ClientAnswer::TimedOut);
        }
        unanswered
    }

    /// Sends a liveness ping down the session's stream when it has been
    /// quiet past the probe interval. A probe written to a stream that has
    /// since been superseded proves nothing, so it is withdrawn and sent
    /// again down the current stream.
    fn probe(&self, s: &Session, now: Instant) {
        let Some(after) = self.settings.sessions.liveness_probe_after else {
            return;
        };
        {
            let mut st = s.state();
            if let Some(n) = st.probe {
                // An unwritten ping still waits in the outbox for the next
                // stream; a written one proves something only about the
                // stream that carried it, if that stream is still current.
                let written = st.pending.get(n).and_then(|p| p.written);
                let superseded =
                    written.is_some_and(|g| g != st.stream_generation || !st.stream_open);
                if superseded {
                    st.probe = None;
                    st.pending.take(n);
                }
            }
            let last = st.last_activity.unwrap_or(s.created);
            if st.probe.is_some() || !st.stream_open || now.saturating_duration_since(last) < after
            {
                return;
            }
        }
        // A full pending table means the client answers nothing; the
        // requests already waiting will decide.
        if let Ok(n) = self.queue_request(s, "ping", None, None, now) {
            s.state().probe = Some(n);
        }
    }

    /// Takes a JSON-RPC response the client POSTed (`outcome`: its result,
    /// or its error object) and settles the server-to-client request it
    /// answers. An id the table does not hold — an answer that came after
    /// its request expired, or to a request of another session — is
    /// accepted and ignored: the client did nothing wrong by answering.
    ///
    /// An answered liveness ping proves the client live, but deliberately
    /// does not count as activity: only real traffic keeps a session.
    pub fn handle_response(&self, session: &Session, id: &Value, outcome: Result<Value, Value>) {
        let Some(n) = outbound::request_number(id) else {
            return;
        };
        let mut st = session.state();
        if st.probe == Some(n) {
            st.probe = None;
        }
        if let Some(p) = st.pending.take(n) {
            p.settle(match outcome {
                Ok(result) => ClientAnswer::Result(result),
                Err(error) => ClientAnswer::Error(error),
            });
        }
    }

    /// Runs [`Router::maintain`] every `period` until the router is dropped
    /// by everyone else.
    pub fn spawn_maintenance(self: &Arc<Self>, period: Duration) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut expected = Instant::now() + period;
            loop {
                tokio::time::sleep_until(expected.into()).await;
                let Some(router) = weak.upgrade() else { return };
                let now = Instant::now();
                router.maintain(now, now.saturating_duration_since(expected));
                expected = now + period;
            }
        });
    }
}

/// A call's entry in its session's in-flight table, removed on drop.
struct InFlight<'a> {
    session: &'a Session,
    key: String,
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.session.state().in_flight.remove(&self.key);
    }
}

/// Where a call's notifications go: the queue of the transport answering
/// the request.
pub type NoteSink = Arc<outbound::CallNotes>;

/// Turns a call's log lines and progress into MCP notifications on the
/// request's own channel: progress only when the client asked for it with a
/// `progressToken`, log lines only at or above the session's level.
struct ChannelNotifier {
    sink: Option<NoteSink>,
    progress_token: Option<Value>,
    min_level: Option<LogLevel>,
}

impl Notifier for ChannelNotifier {
    fn log(&self, level: LogLevel, logger: &str, message: &str) {
        if let Some(sink) = &self.sink
            && self.min_level.is_none_or(|min| level >= min)
        {
            sink.send(json!({
                "jsonrpc": "2.0",
                "method": "notifications/message",
                "params": {"level": level.as_str(), "logger": logger, "data": message},
            }));
        }
    }

    fn progress(&self, progress: f64, total: Option<f64>, message: Option<&str>) {
        if let (Some(sink), Some(token)) = (&self.sink, &self.progress_token) {
            let mut params = Map::new();
            params.insert("progressToken".into(), token.clone());
            params.insert("progress".into(), json!(progress));
            if let Some(t) = total {
                params.insert("total".into(), json!(t));
            }
            if let Some(m) = message {
                params.insert("message".into(), json!(m));
            }
            sink.send(json!({
                "jsonrpc": "2.0",
                "method": "notifications/progress",
                "params": params,
            }));
        }
    }
}

fn parse_level(name: &str) -> Option<LogLevel> {
    [
        LogLevel::Debug,
        LogLevel::Info,
        LogLevel::Notice,
        LogLevel::Warning,
        LogLevel::Error,
        LogLevel::Critical,
        LogLevel::Alert,
        LogLevel::Emergency,
    ]
    .into_iter()
    .find(|l| l.as_str() == name)
}

async fn sleep_or_forever(d: Option<Duration>) {
    match d {
        Some(d) => tokio::time::sleep(d).await,
        None => std::future::pending().await,
    }
}

/// A -32602 answer to a `tools/call` whose envelope is wrong, with
/// `data.kind = "invalidParams"`.
fn invalid_params(id: &Value, message: &str) -> Answer {
    error(id, INVALID_PARAMS, message)
}

/// Most tools one tools/list page holds.
pub const TOOLS_PAGE: usize = 500;

/// Longest tool name MCP allows; a longer name in a call names no tool.
const MAX_TOOL_NAME: usize = 128;

fn refusal(id: &Value, refused: CallRefused) -> Answer {
    match refused {
        CallRefused::UnknownTool(name) => error_with(
            id,
            INVALID_PARAMS,
            &format!("Unknown tool: `{name}`; tools/list shows the tools this server offers"),
            // Not `readOnly`: there is no such tool at all.
            &json!({"kind": "notFound", "tool": name}),
        ),
        CallRefused::ReadOnly(name) => error_with(
            id,
            METHOD_NOT_FOUND,
            &format!(
                "Tool `{name}` may change the image and this server is read-only; connect to a \
                 read-write server to use it"
            ),
            &json!({"kind": "readOnly", "tool": name}),
        ),
    }
}

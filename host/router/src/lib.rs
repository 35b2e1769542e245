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
//!   request past the request deadline is cancelled and answered -32001.
//!
//! Architecture invariant: the router knows JSON-RPC, HTTP and the broker;
//! it knows nothing of wasmtime or of any image backend.

mod http;
pub mod protocol;
mod stdio;
mod timed;
pub mod trace;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use gs_broker::{Broker, BrokerSession, CallRefused, CallRequest};
use gs_config::{HttpSettings, Identity, SessionLifetime, Trace};
use gs_toolset::{CancelToken, LogLevel, Notifier, call_result_json};
use serde_json::{Map, Value, json};

pub use http::serve;
pub use stdio::serve_stdio;

use protocol::{
    INVALID_PARAMS, METHOD_NOT_FOUND, REQUEST_TIMEOUT, error, error_with, negotiate, result,
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

/// One MCP session as the router sees it.
pub struct Session {
    id: String,
    caller: Option<IpAddr>,
    broker: BrokerSession,
    created: Instant,
    state: Mutex<SessionState>,
}

#[derive(Default)]
struct SessionState {
    last_activity: Option<Instant>,
    in_flight: HashMap<String, (CancelToken, Arc<tokio::sync::Notify>)>,
    stream_generation: u64,
    stream_open: bool,
    ever_streamed: bool,
    stream_lost_at: Option<Instant>,
    outbox: Option<tokio::sync::mpsc::Sender<bytes::Bytes>>,
    log_level: Option<LogLevel>,
    probe: Option<Probe>,
}

/// A liveness ping sent down a session's stream and not yet answered.
#[derive(Clone)]
struct Probe {
    id: String,
    generation: u64,
    sent: Instant,
}

/// How long an unanswered liveness ping may wait before it counts as
/// evidence that the client is gone.
const PROBE_TIMEOUT: Duration = Duration::from_secs(30);

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

    fn state(&self) -> std::sync::MutexGuard<'_, SessionState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn touch(&self) {
        self.state().last_activity = Some(Instant::now());
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
    tracer: trace::Tracer,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    opened: AtomicU64,
    probes: AtomicU64,
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
        Arc::new(Router {
            tracer: trace::Tracer::new(settings.trace),
            broker,
            settings,
            sessions: Mutex::new(HashMap::new()),
            opened: AtomicU64::new(0),
            probes: AtomicU64::new(0),
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

    /// Sessions open now.
    pub fn session_count(&self) -> usize {
        self.table().len()
    }

    fn table(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Session>>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The session with `id`, if it is open.
    pub fn session(&self, id: &str) -> Option<Arc<Session>> {
        self.table().get(id).cloned()
    }

    /// Ends the session `id`; false if there was none.
    pub fn close(&self, id: &str) -> bool {
        let removed = self.table().remove(id);
        if let Some(s) = &removed {
            let mut st = s.state();
            st.outbox = None;
            for (token, notify) in st.in_flight.values() {
                token.cancel();
                notify.notify_one();
            }
        }
        removed.is_some()
    }

    /// Opens a session for `caller`, enforcing both caps. The new session
    /// is registered under a fresh id.
    pub async fn open_session(&self, caller: Option<IpAddr>) -> Result<Arc<Session>, OpenRefused> {
        self.check_caps(caller)?;
        let broker = self
            .broker
            .open_session()
            .await
            .map_err(OpenRefused::Failed)?;
        let id = new_session_id().map_err(OpenRefused::Failed)?;
        let session = Arc::new(Session {
            id: id.clone(),
            caller,
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
        self.check_caps_in(&table, caller)?;
        table.insert(id, session.clone());
        self.opened.fetch_add(1, Ordering::Relaxed);
        Ok(session)
    }

    fn check_caps(&self, caller: Option<IpAddr>) -> Result<(), OpenRefused> {
        let table = self.table();
        self.check_caps_in(&table, caller)
    }

    fn check_caps_in(
        &self,
        table: &HashMap<String, Arc<Session>>,
        caller: Option<IpAddr>,
    ) -> Result<(), OpenRefused> {
        let http = &self.settings.http;
        if table.len() >= http.max_sessions {
            return Err(OpenRefused::ServerFull(http.max_sessions));
        }
        if let (Some(cap), Some(ip)) = (http.max_sessions_per_caller, caller) {
            let held = table.values().filter(|s| s.caller == Some(ip)).count();
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
    pub fn handle_notification(
        &self,
        session: &Session,
        method: &str,
        params: Option<&Map<String, Value>>,
    ) {
        session.touch();
        if method == "notifications/cancelled"
            && let Some(id) = params.and_then(|p| p.get("requestId"))
        {
            let key = id.to_string();
            if let Some((token, notify)) = session.state().in_flight.get(&key) {
                token.cancel();
                notify.notify_one();
            }
        }
    }

    /// Answers one request for `session`. `None` means the request was
    /// cancelled by the client and gets no response.
    pub async fn handle_request(
        self: &Arc<Self>,
        session: &Arc<Session>,
        id: Value,
        method: &str,
        params: Option<Map<String, Value>>,
        notes: Option<NoteSink>,
    ) -> Option<Value> {
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
            "tools/list" => {
                if params
                    .as_ref()
                    .is_some_and(|p| p.get("cursor").is_some_and(|c| !c.is_null()))
                {
                    error(
                        &id,
                        INVALID_PARAMS,
                        "Invalid params: this server does not paginate, so there is no cursor \
                         to continue from; call tools/list without one",
                    )
                } else {
                    let tools: Vec<Value> = self
                        .broker
                        .surface()
                        .tools(session.broker.read_only())
                        .map(protocol::tool_json)
                        .collect();
                    result(&id, json!({"tools": tools}))
                }
            }
            "tools/call" => return self.call_tool(session, id, params, notes).await,
            _ => error(
                &id,
                METHOD_NOT_FOUND,
                &format!("Method not found: `{method}` is not served by this server"),
            ),
        };
        session.touch();
        Some(answer)
    }

    async fn call_tool(
        self: &Arc<Self>,
        session: &Arc<Session>,
        id: Value,
        params: Option<Map<String, Value>>,
        notes: Option<NoteSink>,
    ) -> Option<Value> {
        let params = params.unwrap_or_default();
        let name = match params.get("name") {
            Some(Value::String(n)) => n.clone(),
            Some(other) => {
                return Some(error(
                    &id,
                    INVALID_PARAMS,
                    &format!(
                        "Invalid params: name must be a string, not {}",
                        protocol::type_name(other)
                    ),
                ));
            }
            None => {
                return Some(error(
                    &id,
                    INVALID_PARAMS,
                    "Invalid params: tools/call needs the tool's name in params.name",
                ));
            }
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_graphic()) {
            return Some(error(
                &id,
                INVALID_PARAMS,
                &format!(
                    "Invalid params: tool name {:?} is not printable ASCII; tools/list shows \
                     the tools this server offers",
                    name
                ),
            ));
        }
        let arguments = params
            .get("arguments")
            .cloned()
            .unwrap_or_else(|| Value::Object(Map::new()));
        if let Err(refused) = session.broker.check(&name) {
            return Some(refusal(&id, refused));
        }
        let progress_token = params
            .get("_meta")
            .and_then(|m| m.get("progressToken"))
            .cloned();
        let cancel = CancelToken::new();
        let notify = Arc::new(tokio::sync::Notify::new());
        let key = id.to_string();
        session
            .state()
            .in_flight
            .insert(key.clone(), (cancel.clone(), notify.clone()));
        let timeout = self.settings.sessions.request_timeout;
        let request = CallRequest {
            tool: name,
            arguments,
            notifier: Arc::new(ChannelNotifier {
                sink: notes,
                progress_token: progress_token.filter(|t| t.is_string() || t.is_number()),
                min_level: session.state().log_level,
            }),
            cancel: cancel.clone(),
            deadline: timeout.map(|d| Instant::now() + d),
        };
        let call = session.broker.call(request);
        let outcome = tokio::select! {
            r = call => Some(r),
            () = notify.notified() => None,
            () = sleep_or_forever(timeout) => {
                // Soft break: ask the call to stop. If it has not stopped
                // after a grace, the session is closed (hard stop): its
                // next request meets 404 and re-initializes.
                cancel.cancel();
                let router = self.clone();
                let s = session.clone();
                tokio::spawn(async move {
                    let grace = Duration::from_secs(5);
                    if tokio::time::timeout(grace, s.broker.idle()).await.is_err() {
                        router.close(&s.id);
                    }
                });
                session.state().in_flight.remove(&key);
                session.touch();
                return Some(error(
                    &id,
                    REQUEST_TIMEOUT,
                    &format!(
                        "Request timed out: the call ran past the server's request deadline of \
                         {} s and was stopped",
                        timeout.map_or(0, |d| d.as_secs())
                    ),
                ));
            }
        };
        session.state().in_flight.remove(&key);
        session.touch();
        match outcome {
            None => None,
            Some(Err(refused)) => Some(refusal(&id, refused)),
            Some(Ok(r)) => Some(result(&id, call_result_json(&r))),
        }
    }

    /// Records a newly opened GET stream for `session`; the previous one
    /// (if any) ends. Answers the stream's generation and its receiver.
    fn open_stream(&self, session: &Session) -> (u64, tokio::sync::mpsc::Receiver<bytes::Bytes>) {
        let (tx, rx) = tokio::sync::mpsc::channel(256);
        let mut st = session.state();
        st.stream_generation += 1;
        st.stream_open = true;
        st.ever_streamed = true;
        st.stream_lost_at = None;
        st.outbox = Some(tx);
        st.last_activity = Some(Instant::now());
        (st.stream_generation, rx)
    }

    /// Records that stream `generation` of `session` ended.
    fn stream_closed(&self, session: &Session, generation: u64) {
        let mut st = session.state();
        if st.stream_generation == generation {
            st.stream_open = false;
            st.outbox = None;
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
            }
            return Vec::new();
        }
        let mut reaped = Vec::new();
        for s in sessions {
            let over = |since: Instant, limit: Option<Duration>| {
                limit.is_some_and(|l| now.saturating_duration_since(since) >= l)
            };
            let verdict = {
                let st = s.state();
                let last = st.last_activity.unwrap_or(s.created);
                if over(s.created, policy.absolute_timeout) {
                    Some("it reached the absolute session cap")
                } else if s.broker.pending() > 0 {
                    None
                } else if over(last, policy.idle_timeout) {
                    Some("it was idle past the idle timeout")
                } else if st.probe.as_ref().is_some_and(|p| {
                    p.generation == st.stream_generation
                        && st.stream_open
                        && now.saturating_duration_since(p.sent) >= PROBE_TIMEOUT
                }) {
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

    /// Sends a liveness ping down the session's stream when it has been
    /// quiet past the probe interval. A probe written to a stream that has
    /// since been superseded proves nothing, so it is dropped and re-sent
    /// down the current stream.
    fn probe(&self, s: &Session, now: Instant) {
        let Some(after) = self.settings.sessions.liveness_probe_after else {
            return;
        };
        let mut st = s.state();
        if st
            .probe
            .as_ref()
            .is_some_and(|p| p.generation != st.stream_generation || !st.stream_open)
        {
            st.probe = None;
        }
        let last = st.last_activity.unwrap_or(s.created);
        if st.probe.is_some() || !st.stream_open || now.saturating_duration_since(last) < after {
            return;
        }
        let id = format!("srv-{}", self.probes.fetch_add(1, Ordering::Relaxed) + 1);
        let ping = json!({"jsonrpc": "2.0", "id": id, "method": "ping"});
        let frame = format!("event: message\ndata: {ping}\n\n");
        if let Some(outbox) = &st.outbox
            && outbox.try_send(bytes::Bytes::from(frame)).is_ok()
        {
            st.probe = Some(Probe {
                id,
                generation: st.stream_generation,
                sent: now,
            });
        }
    }

    /// Takes a JSON-RPC response the client POSTed: the answer to a
    /// server-sent request. An answered liveness ping proves the client
    /// live, but deliberately does not count as activity: only real
    /// traffic keeps a session.
    pub fn handle_response(&self, session: &Session, id: &Value) {
        let mut st = session.state();
        if st
            .probe
            .as_ref()
            .is_some_and(|p| id.as_str() == Some(p.id.as_str()))
        {
            st.probe = None;
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

/// Where a call's notifications go: the transport's channel for the
/// request being answered. Unbounded because a notifier must never block a
/// tool call; the toolset host caps how many one call may send.
pub type NoteSink = tokio::sync::mpsc::UnboundedSender<Value>;

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
            let _ = sink.send(json!({
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
            let _ = sink.send(json!({
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

fn refusal(id: &Value, refused: CallRefused) -> Value {
    match refused {
        CallRefused::UnknownTool(name) => error(
            id,
            INVALID_PARAMS,
            &format!("Unknown tool: `{name}`; tools/list shows the tools this server offers"),
        ),
        CallRefused::ReadOnly(name) => error_with(
            id,
            METHOD_NOT_FOUND,
            &format!(
                "Tool `{name}` may change the image and this server is read-only; connect to a \
                 read-write server to use it"
            ),
            json!({"kind": "readOnly", "tool": name}),
        ),
    }
}

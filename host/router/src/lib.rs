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
//!   session table, the settings. [`Router::handle_request`] answers one
//!   JSON-RPC request for a session, whatever the transport.
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
//!
//! The code is laid out by concern: `settings` (the router's settings and
//! their defaults), `session` (the session record and its outbox),
//! `dispatch` (answering what a client sends), `lifetime` (opening,
//! closing and reaping sessions), `notifications` (what the server sends
//! unasked), `modern` (revision 2026-07-28, the stateless era, whatever
//! the transport), and the transports `http` (with its gates in
//! `http/gates.rs` and its stateless binding in `http/stateless.rs`) and
//! `stdio` (both eras).

mod caps;
mod dispatch;
mod ended;
mod http;
mod in_flight;
mod input;
mod lifetime;
mod modern;
mod notifications;
mod offers;
mod outbound;
pub mod protocol;
mod repoll;
mod scopes;
mod session;
mod settings;
mod stdio;
mod stopping;
mod timed;
pub mod tls;
pub mod trace;

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, PoisonError};

use gs_auth::Authenticator;
use gs_broker::Broker;

pub use dispatch::{MAX_CALLS_IN_FLIGHT, MAX_PROGRESS_TOKEN, TOOLS_PAGE};
pub use http::{serve, serve_tls};
pub use lifetime::OpenRefused;
pub use modern::{
    HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, MODERN_VERSIONS, UNSUPPORTED_PROTOCOL_VERSION,
};
pub use notifications::{NoteSink, ServerRequest};
pub use offers::{
    MAX_SUBSCRIBED_URI_BYTES, MAX_SUBSCRIPTIONS, RESOURCE_NOT_FOUND, RESOURCES_PAGE,
    SUBSCRIPTION_ENTRY_BYTES,
};
pub use outbound::{
    CALL_BACKLOG, CallNotes, ClientAnswer, OUTBOX_CAP, PENDING_CAP, SERVER_REQUEST_TIMEOUT,
    SendRefused,
};
pub(crate) use session::Drained;
pub use session::Session;
pub use settings::{HttpSettings, RouterSettings, SessionLifetime, StateSecret, TaskLimits, Trace};
pub use stdio::{MAX_STDIO_IN_FLIGHT, serve_stdio, serve_stdio_until};

/// The state every connection shares.
pub struct Router {
    broker: Arc<Broker>,
    settings: RouterSettings,
    auth: Option<Arc<Authenticator>>,
    tracer: trace::Tracer,
    sessions: Mutex<HashMap<String, lifetime::Entry>>,
    /// Why the server ended the sessions it ended lately.
    ended: Mutex<ended::EndedSessions>,
    /// The places under `http.max_sessions` and each caller's
    /// `http.max_sessions_per_caller`: a session holds one from the moment
    /// it starts opening (a stone login can take seconds) until it leaves
    /// the table, so a burst of `initialize` never opens more image
    /// sessions than the caps allow.
    session_places: caps::CallerCaps,
    opened: AtomicU64,
    /// Numbers the server's requests to clients (`srv-N`), shared with
    /// the notifiers of calls that ask their client something.
    server_requests: Arc<AtomicU64>,
    /// True when the image backend tells the router what each commit
    /// changed, so resource subscriptions are served.
    watching: bool,
    /// Seals the `requestState` of stateless requests that ask their
    /// client (see `input`).
    state_key: input::StateKey,
    /// What each commit changed, for the `subscriptions/listen` streams.
    changes: tokio::sync::broadcast::Sender<Arc<ResourceChange>>,
    /// The `subscriptions/listen` streams open, under `http.max_sessions`
    /// and each caller's under `http.max_sessions_per_caller`.
    listen_streams: caps::CallerCaps,
    /// Whether the server is stopping, and the requests it is answering.
    stopping: stopping::Stopping,
    /// The tasks of stateless calls (the tasks extension).
    tasks: Arc<modern::tasks::Tasks>,
    /// The bytes the request bodies being answered hold, under
    /// `http.total_body_bytes`.
    body_bytes: Arc<caps::Cap>,
    /// The bytes the subscriptions' URIs hold, under
    /// `http.total_subscription_bytes`.
    subscription_bytes: Arc<caps::Cap>,
}

/// The resources one commit changed, as the listen streams read it.
#[derive(Debug)]
pub(crate) struct ResourceChange {
    /// The URIs of resources whose contents changed.
    pub(crate) uris: std::collections::HashSet<String>,
    /// True if classes came or went, changing the resource list.
    pub(crate) list_changed: bool,
}

/// How many commits a listen stream may fall behind before it misses
/// some (they are not replayed).
const CHANGE_BACKLOG: usize = 256;

impl std::fmt::Debug for Router {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Router")
            .field("settings", &self.settings)
            .field("sessions", &self.session_count())
            .finish_non_exhaustive()
    }
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
        Arc::new_cyclic(|router: &std::sync::Weak<Router>| {
            let router = router.clone();
            let watching = broker.watch_commits(Arc::new(move |changes| {
                if let Some(router) = router.upgrade() {
                    router.resources_committed(changes);
                }
            }));
            let state_key = match &settings.http.request_state_key {
                Some(secret) => input::StateKey::shared(secret),
                None => input::StateKey::random(),
            };
            let tasks = Arc::new(modern::tasks::Tasks::new(settings.tasks));
            let body_bytes = caps::Cap::new(settings.http.total_body_bytes);
            let caller_caps = || {
                caps::CallerCaps::new(
                    settings.http.max_sessions,
                    settings.http.max_sessions_per_caller,
                )
            };
            let (session_places, listen_streams) = (caller_caps(), caller_caps());
            Router {
                body_bytes,
                subscription_bytes: caps::Cap::new(settings.http.total_subscription_bytes),
                tracer: trace::Tracer::new(settings.trace),
                broker,
                settings,
                auth,
                sessions: Mutex::new(HashMap::new()),
                ended: Mutex::new(ended::EndedSessions::default()),
                session_places,
                opened: AtomicU64::new(0),
                server_requests: Arc::new(AtomicU64::new(0)),
                watching,
                state_key,
                changes: tokio::sync::broadcast::channel(CHANGE_BACKLOG).0,
                listen_streams,
                stopping: stopping::Stopping::default(),
                tasks,
            }
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

    /// True when a request carrying `principal`'s token may not change the
    /// image: the server is read-only, or the token lacks the write scope.
    /// Decided for each request, so that the scopes of the token a request
    /// carries apply to it, whichever token opened the session.
    pub(crate) fn read_only_for(&self, principal: Option<&gs_auth::Principal>) -> bool {
        self.broker.read_only()
            || match (&self.auth, principal) {
                (Some(auth), Some(p)) => auth.read_only_for(p),
                _ => false,
            }
    }

    /// [`Router::read_only_for`] the token `session`'s latest request
    /// carried.
    pub(crate) fn read_only_in(&self, session: &Session) -> bool {
        self.read_only_for(session.principal().as_deref())
    }

    /// Sessions open now.
    pub fn session_count(&self) -> usize {
        self.table().len()
    }

    fn table(&self) -> std::sync::MutexGuard<'_, HashMap<String, lifetime::Entry>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The ids of the sessions open now.
    pub fn session_ids(&self) -> Vec<String> {
        self.table().keys().cloned().collect()
    }

    /// Refuses every HTTP request from now on (503, the connection
    /// closed), for a server that is stopping: the calls it is answering
    /// can then be drained ([`Router::requests_being_answered`],
    /// [`Router::calls_in_flight`]) without new ones starting behind them.
    pub fn stop_admitting(&self) {
        self.stopping.stop();
    }

    /// The HTTP requests being answered now (an answer on an event stream
    /// counts until the stream's response has begun; the call behind it
    /// counts in [`Router::calls_in_flight`]).
    pub fn requests_being_answered(&self) -> usize {
        self.stopping.answering()
    }

    /// Calls running now, in every session (a stateless request's
    /// throwaway session included): what a stopping server waits for.
    pub fn calls_in_flight(&self) -> usize {
        self.open_sessions()
            .iter()
            .map(|s| s.state().in_flight.len())
            .sum()
    }

    /// The sessions open now.
    pub(crate) fn open_sessions(&self) -> Vec<Arc<Session>> {
        self.table().values().map(|e| e.session.clone()).collect()
    }

    /// The session with `id`, if it is open.
    pub fn session(&self, id: &str) -> Option<Arc<Session>> {
        self.table().get(id).map(|e| e.session.clone())
    }
}

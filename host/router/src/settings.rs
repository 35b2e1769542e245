//! The router's own settings: what it needs to know besides the broker,
//! with the defaults a server gets when the operator says nothing.
//!
//! These are the router's types, not the configuration file's: the binary
//! fills them from `gs-config`'s values, so the router needs no knowledge
//! of `toolsets.toml` and can be built in a test or a benchmark from
//! [`Default`] alone. The defaults are the same as the configuration's, and
//! a test of the binary fails if the two ever differ.

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use gs_toolset::ServerIdentity;

/// Everything the router needs besides the broker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouterSettings {
    /// `serverInfo`. Default: name `gs-mcp`, this crate's version (which
    /// the workspace shares with the binary), no title.
    pub identity: ServerIdentity,
    /// The address the server listens on (its host is accepted in `Host`).
    /// Default `127.0.0.1:8000`: loopback only, as MCP asks of a local
    /// server.
    pub listen: SocketAddr,
    /// HTTP limits and allowances.
    pub http: HttpSettings,
    /// Session lifetime policy.
    pub sessions: SessionLifetime,
    /// Limits on the tasks of the tasks extension.
    pub tasks: TaskLimits,
    /// Message trace.
    pub trace: Trace,
}

impl Default for RouterSettings {
    fn default() -> Self {
        RouterSettings {
            identity: ServerIdentity {
                name: "gs-mcp".into(),
                version: env!("CARGO_PKG_VERSION").into(),
                title: None,
            },
            listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 8000)),
            http: HttpSettings::default(),
            sessions: SessionLifetime::default(),
            tasks: TaskLimits::default(),
            trace: Trace::default(),
        }
    }
}

/// HTTP transport limits and allowances.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpSettings {
    /// Largest request body accepted; larger ones get 413. Default 4 MiB.
    pub body_limit: usize,
    /// Most sessions open at once; past it `initialize` gets 503.
    /// Default 1000.
    pub max_sessions: usize,
    /// Most sessions one caller (the user with `[auth]`, else the client's
    /// IP address, an IPv6 client's /64) may hold; past it `initialize`
    /// gets 429. Default 100; `None` is no cap.
    pub max_sessions_per_caller: Option<usize>,
    /// Origin hosts accepted besides loopback (`localhost`, `127.0.0.1`,
    /// `[::1]`), e.g. a browser app's host, lower-case. Default none.
    pub allowed_origin_hosts: Vec<String>,
    /// Host header values accepted besides loopback names and the listen
    /// address (DNS-rebinding protection), lower-case. Default none.
    pub allowed_hosts: Vec<String>,
    /// The secret that seals stateless requests' `requestState`, shared by
    /// the processes behind one load balancer so that a retried request
    /// may reach any of them. Default none: a random key per process.
    pub request_state_key: Option<StateSecret>,
    /// Most connections served at once; past it each request on a new
    /// connection is answered 503 and the connection closed, so that
    /// clients holding connections open cannot take every descriptor the
    /// server has. Default 4096.
    pub max_connections: usize,
    /// Most connections one client address (an IPv6 client's /64) may
    /// hold at once; past it each request on one more is answered 429 and
    /// the connection closed, so that one host cannot take every
    /// connection the server allows. Default 512; `None` is no cap (behind
    /// a proxy, whose one address every client shares).
    pub max_connections_per_address: Option<usize>,
    /// The bytes of request bodies all connections together may hold while
    /// they read and answer them; a request whose body would pass it is
    /// answered 503, so that many connections posting large bodies cannot
    /// take the server's memory. Default 256 MiB; at least `body_limit`.
    pub total_body_bytes: usize,
    /// The bytes of resource URIs all subscriptions together may hold
    /// (`resources/subscribe` in sessions, `subscriptions/listen` streams),
    /// each URI counted with [`SUBSCRIPTION_ENTRY_BYTES`] for its entry; a
    /// subscription past it is refused until others end. Default 64 MiB.
    ///
    /// [`SUBSCRIPTION_ENTRY_BYTES`]: crate::SUBSCRIPTION_ENTRY_BYTES
    pub total_subscription_bytes: usize,
    /// How long a request's headers may take to arrive, and its body
    /// between one piece and the next (and four times this for the whole
    /// body): a connection slower with its headers is closed, and a
    /// request slower with its body is answered 408 and its connection
    /// closed. Default 8 s.
    pub read_timeout: Duration,
}

/// A secret key of at least [`StateSecret::MIN_BYTES`] bytes. Its `Debug`
/// form never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct StateSecret(Vec<u8>);

impl StateSecret {
    /// Fewest bytes a key may have: 256 bits, HMAC-SHA256's own strength.
    pub const MIN_BYTES: usize = 32;

    /// The key `bytes`, or why they cannot be one.
    pub fn new(bytes: Vec<u8>) -> Result<StateSecret, String> {
        if bytes.len() < Self::MIN_BYTES {
            return Err(format!(
                "is {} bytes, shorter than the {} a key must have; generate one with \
                 `openssl rand -hex 32`",
                bytes.len(),
                Self::MIN_BYTES
            ));
        }
        Ok(StateSecret(bytes))
    }

    /// The key's bytes.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.0
    }
}

impl std::fmt::Debug for StateSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StateSecret([redacted])")
    }
}

impl Default for HttpSettings {
    fn default() -> Self {
        HttpSettings {
            body_limit: 4 << 20,
            max_sessions: 1000,
            max_sessions_per_caller: Some(100),
            allowed_origin_hosts: Vec::new(),
            allowed_hosts: Vec::new(),
            request_state_key: None,
            max_connections: 4096,
            max_connections_per_address: Some(512),
            total_body_bytes: 256 << 20,
            total_subscription_bytes: 64 << 20,
            read_timeout: Duration::from_secs(8),
        }
    }
}

/// Limits on the tasks of the tasks extension (`docs/protocol.md`): each
/// finished task holds its result until it is forgotten, each unfinished
/// one an image session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskLimits {
    /// Most tasks the server holds, unfinished or finished. Default 1024.
    pub max: usize,
    /// Most unfinished tasks one caller (user, else address) has. Default
    /// 16.
    pub max_unfinished_per_caller: usize,
    /// How long a task is kept after its creation; a task still waiting
    /// for its client's input then is cancelled. Default 15 min.
    pub ttl: Duration,
    /// The bytes all tasks together may hold: each finished task's result
    /// or error, and the answers its client gave its questions. A result
    /// past it fails the task, and answers past it are refused, until
    /// other tasks are forgotten. Default 256 MiB.
    pub total_bytes: usize,
}

impl Default for TaskLimits {
    fn default() -> Self {
        TaskLimits {
            max: 1024,
            max_unfinished_per_caller: 16,
            ttl: Duration::from_secs(15 * 60),
            total_bytes: 256 << 20,
        }
    }
}

/// How long sessions live. A `None` duration means "off".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionLifetime {
    /// Silence after which a session is reaped. Default 30 min; `None`
    /// never reaps for idleness.
    pub idle_timeout: Option<Duration>,
    /// Silence after which a session that never opened a GET stream is
    /// reaped. Default 60 s; `None` leaves such sessions to `idle_timeout`.
    pub streamless_idle_timeout: Option<Duration>,
    /// How long a session whose stream closed may take to open another
    /// before it is released. Default 10 s; zero releases at once.
    pub stream_loss_grace: Duration,
    /// Longest any session may live, busy or not. Default off.
    pub absolute_timeout: Option<Duration>,
    /// Longest one request may run before it is stopped and answered
    /// -32001. Default off (a client that stops waiting says so).
    pub request_timeout: Option<Duration>,
    /// Silence after which a session holding a stream is sent a liveness
    /// ping. Default 25 min, before the default idle timeout; `None` never
    /// probes. A probe at or after `idle_timeout` is never sent, since the
    /// session is reaped first.
    pub liveness_probe_after: Option<Duration>,
}

impl Default for SessionLifetime {
    fn default() -> Self {
        SessionLifetime {
            idle_timeout: Some(Duration::from_secs(30 * 60)),
            streamless_idle_timeout: Some(Duration::from_secs(60)),
            stream_loss_grace: Duration::from_secs(10),
            absolute_timeout: None,
            request_timeout: None,
            liveness_probe_after: Some(Duration::from_secs(25 * 60)),
        }
    }
}

/// The message trace: every message received and answered written to
/// stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trace {
    /// On or off. Default off: a trace holds every argument of every call.
    pub enabled: bool,
    /// Longest body written, in characters; `None` writes whole bodies.
    /// Default 4096.
    pub limit: Option<usize>,
}

impl Default for Trace {
    fn default() -> Self {
        Trace {
            enabled: false,
            limit: Some(4096),
        }
    }
}

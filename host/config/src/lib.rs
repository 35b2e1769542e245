//! The operator configuration of gs-mcp: `toolsets.toml`.
//!
//! One file says what the server is: where it listens, what it calls itself,
//! whether it is read-only, which image it serves, how long sessions live,
//! the HTTP limits, the message trace, and the toolsets whose tools it
//! offers. Every setting has a default, so a missing file means "the
//! embedded image at its per-user location, the built-in toolset, on
//! 127.0.0.1:8000".
//!
//! Core concepts:
//!
//! - [`Config`]: the whole file, with defaults filled in and paths resolved
//!   against the file's directory. [`Config::load`] reads a file,
//!   [`Config::parse`] a string; both refuse unknown keys and bad values
//!   with a [`ConfigError`] naming the key, the bad value and the fix.
//! - [`Config::apply_env`]: the `GS_MCP_*` environment overrides (session
//!   lifetime, read-only, trace), applied after the file so a shell can
//!   adjust one run without editing it.
//! - Plain values only: the toolset host and the router get their own
//!   settings types built from these by the `gs-mcp` binary.
//!
//! Architecture invariant: this crate knows nothing of HTTP, wasmtime or the
//! image; it depends on serde and toml alone.

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod raw;

/// The default listen address: loopback only, as MCP asks of a local server.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8000";
/// The default server name in `serverInfo`.
pub const DEFAULT_NAME: &str = "gs-mcp";
/// The default server version in `serverInfo`: this crate's version, which
/// the workspace shares with the binary.
pub const DEFAULT_VERSION: &str = env!("CARGO_PKG_VERSION");

/// A configuration that could not be read or is not valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file, when the configuration came from one.
    pub file: Option<PathBuf>,
    /// The offending key path (`sessions.idle_timeout_secs`,
    /// `toolset[2].sha256`), or the variable for environment overrides.
    pub key: Option<String>,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl ConfigError {
    fn at(key: impl Into<String>, message: impl Into<String>) -> ConfigError {
        ConfigError {
            file: None,
            key: Some(key.into()),
            message: message.into(),
        }
    }

    fn in_file(mut self, file: &Path) -> ConfigError {
        self.file = Some(file.to_path_buf());
        self
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}: ", file.display())?;
        }
        if let Some(key) = &self.key {
            write!(f, "`{key}`: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The server's identity as `initialize` reports it in `serverInfo`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// Which software this is. Default `gs-mcp`.
    pub name: String,
    /// Which release of it. Default: the gs-mcp version.
    pub version: String,
    /// Which instance this is, for a human; sent only when set.
    pub title: Option<String>,
}

impl Default for Identity {
    fn default() -> Self {
        Identity {
            name: DEFAULT_NAME.into(),
            version: DEFAULT_VERSION.into(),
            title: None,
        }
    }
}

/// Which image the server serves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageBackend {
    /// The embedded image in one file (created on first use).
    Embedded {
        /// The image file.
        path: PathBuf,
    },
    /// A GemStone/S 64 stone reached through the GemStone C Interface
    /// (`libgcits`, loaded at run time): each MCP session a GCI session.
    GemStone(Box<GemStoneSettings>),
}

/// The `gemstone` backend's settings (`[image]` with `backend =
/// "gemstone"`). They hold where the password comes from, never the
/// password itself, so a `Config` can be printed or logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GemStoneSettings {
    /// The GemStone installation (`$GEMSTONE`): `image.gemstone`, else the
    /// `GEMSTONE` environment variable.
    pub gemstone: PathBuf,
    /// The library's version, e.g. `3.7.5`, when the installation's `lib`
    /// holds several (`image.version`); `None` takes the only one.
    pub version: Option<String>,
    /// The stone's name (`image.stone`), e.g. `gs64stone`.
    pub stone: String,
    /// The stone's host (`image.host`); `None` is this host.
    pub host: Option<String>,
    /// The netldi that forks the gems (`image.netldi`), a name or a port;
    /// `None` is the default netldi.
    pub netldi: Option<String>,
    /// The GemStone user the sessions log in as (`image.user`); with
    /// `[auth]`, the token's user instead.
    pub user: String,
    /// Where the password comes from.
    pub password: PasswordSource,
    /// What kind of secret the password is (`image.password_kind`).
    pub password_kind: PasswordKind,
    /// The host account the netldi forks gems as (`image.host_user`), and
    /// where its password comes from; `None` leaves it to the netldi.
    pub host_login: Option<(String, PasswordSource)>,
    /// How many logins may run at once (`image.login_concurrency`):
    /// each forks a gem, so a burst of `initialize` is held to it.
    /// Default [`DEFAULT_LOGIN_CONCURRENCY`].
    pub login_concurrency: usize,
    /// The operator's word that every GemStone user a read-only session
    /// logs in as (`image.user`, or with `[auth]` the user of a token
    /// without the write scope) has no write authorization, so that the
    /// stone itself refuses its commits
    /// (`image.read_only_users_cannot_commit`). Only then may read-only
    /// sessions run tests: nothing gs-mcp sends can stop a test's code
    /// from committing on a stone. Default false.
    pub read_only_users_cannot_commit: bool,
}

/// The default `image.login_concurrency`.
pub const DEFAULT_LOGIN_CONCURRENCY: usize = 4;

/// Where a secret comes from: never written in the configuration itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PasswordSource {
    /// An environment variable of the server's process (`password_env`).
    Env(String),
    /// A file whose first line is the secret (`password_file`).
    File(PathBuf),
}

impl PasswordSource {
    /// Reads the secret, or says which variable or file failed and how to
    /// fix it. The secret is never part of the message.
    pub fn read(&self, env: &dyn Fn(&str) -> Option<String>) -> Result<String, String> {
        self.read_as("password", env)
    }

    /// Reads the value, calling it `what` (`password`, `value of setting
    /// \`api_key\``) in the message that says which variable or file failed
    /// and how to fix it. The value is never part of the message.
    pub fn read_as(
        &self,
        what: &str,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<String, String> {
        match self {
            PasswordSource::Env(name) => env(name).ok_or_else(|| {
                format!("the environment variable `{name}` holding the {what} is not set; set it before starting gs-mcp")
            }),
            PasswordSource::File(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| {
                    format!("cannot read the file {} holding the {what} ({e}); check its path and permissions", path.display())
                })?;
                let line = text.lines().next().unwrap_or("");
                if line.is_empty() {
                    return Err(format!("the file {} holding the {what} is empty; write the {what} on its first line", path.display()));
                }
                Ok(line.to_string())
            }
        }
    }

    /// Where the value comes from, for messages: `environment variable
    /// \`NAME\`` or `file /path`.
    pub fn describe(&self) -> String {
        match self {
            PasswordSource::Env(name) => format!("environment variable `{name}`"),
            PasswordSource::File(path) => format!("file {}", path.display()),
        }
    }
}

/// What kind of secret a GemStone password is: GemStone's login flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PasswordKind {
    /// The user's password (`password`, the default).
    #[default]
    Password,
    /// A one-time password (`one-time`).
    OneTime,
    /// A JSON Web Token the stone accepts (`jwt`; GemStone 3.7.4.1 and later).
    Jwt,
}

/// Limits on the tasks of the tasks extension (`[tasks]`): each finished
/// task holds its result until it is forgotten, each unfinished one an
/// image session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskLimits {
    /// Most tasks the server holds, unfinished or finished. Default 1024.
    pub max: usize,
    /// Most unfinished tasks one caller (user, else address) has. Default
    /// 16.
    pub max_unfinished_per_caller: usize,
    /// How long a task is kept after its creation. Default 15 min.
    pub ttl: Duration,
    /// The bytes all tasks together may hold (results, errors, their
    /// clients' answers). Default 256 MiB.
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
    /// ping. Default 25 min, or five sixths of a shorter idle timeout;
    /// `None` never probes.
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

/// HTTP transport limits and allowances.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpSettings {
    /// Largest request body accepted; larger ones get 413. Default 4 MiB.
    pub body_limit: usize,
    /// Most sessions open at once; past it `initialize` gets 503.
    /// Default 1000.
    pub max_sessions: usize,
    /// Most sessions one caller (client IP address, an IPv6 client's /64,
    /// when unauthenticated) may hold; past it `initialize` gets 429.
    /// Default 100; `None` off.
    pub max_sessions_per_caller: Option<usize>,
    /// Most connections served at once (each session's GET stream holds
    /// one); past it a request on a new connection gets 503. Default 4096.
    pub max_connections: usize,
    /// Most connections one client address (an IPv6 client's /64) may hold
    /// at once; past it a request on one more gets 429. Default 512;
    /// `None` off.
    pub max_connections_per_address: Option<usize>,
    /// The bytes of request bodies all connections together may hold while
    /// they are answered; a request past it gets 503. Default 256 MiB, or
    /// `body_limit` if more; at least `body_limit`.
    pub total_body_bytes: usize,
    /// The bytes of resource URIs all subscriptions together may hold
    /// (`resources/subscribe`, `subscriptions/listen`); a subscription
    /// past it is refused. Default 64 MiB.
    pub total_subscription_bytes: usize,
    /// Origin hosts accepted besides loopback (`localhost`, `127.0.0.1`,
    /// `[::1]`), e.g. a browser app's host. Default none.
    pub allowed_origin_hosts: Vec<String>,
    /// Host header values accepted besides loopback names and the listen
    /// address (DNS-rebinding protection). Default none.
    pub allowed_hosts: Vec<String>,
    /// Where the secret that seals stateless requests' `requestState`
    /// comes from (`http.request_state_key`, by reference only), so that
    /// several processes behind one load balancer accept each other's.
    /// Default none: a random key per process.
    pub request_state_key: Option<PasswordSource>,
}

impl Default for HttpSettings {
    fn default() -> Self {
        HttpSettings {
            body_limit: 4 << 20,
            max_sessions: 1000,
            max_sessions_per_caller: Some(100),
            max_connections: 4096,
            max_connections_per_address: Some(512),
            total_body_bytes: 256 << 20,
            total_subscription_bytes: 64 << 20,
            allowed_origin_hosts: Vec::new(),
            allowed_hosts: Vec::new(),
            request_state_key: None,
        }
    }
}

/// The message trace: every message received written to the log.
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

/// What a session does when the token it last used expires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TokenExpiry {
    /// Keep the session; its next request must carry a fresh token (the
    /// default: a client refreshing its token keeps its transaction view).
    #[default]
    KeepUntilNextRequest,
    /// End the session as soon as its latest token expires.
    EndSession,
}

/// The OAuth 2.1 resource server: `[auth]`. When present, every HTTP
/// request must carry a bearer JWT issued by `issuer` for `audience`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthConfig {
    /// The authorization server's issuer identifier (`https://…`; plain
    /// `http://` only for a loopback issuer, as in tests).
    pub issuer: String,
    /// The canonical resource identifier tokens must name in `aud`, and
    /// the `resource` of the protected-resource metadata, e.g.
    /// `https://mcp.example.com/mcp`.
    pub audience: String,
    /// Where the issuer's keys are; `None` reads `jwks_uri` from the
    /// issuer's metadata.
    pub jwks_uri: Option<String>,
    /// Scopes every token must carry. Default `["mcp:use"]`.
    pub required_scopes: Vec<String>,
    /// The scope that makes a session read-write; without it the session
    /// is read-only. Default `mcp:write`.
    pub write_scope: String,
    /// Scopes advertised besides the ones the server checks (e.g. an
    /// identity provider's `profile`). Default none.
    pub extra_scopes: Vec<String>,
    /// The claim naming the image user the session runs as. Default `sub`.
    pub user_claim: String,
    /// The GemStone system users ([`SYSTEM_USERS`]) a token may name, each
    /// spelled exactly as GemStone does. Default none: a token naming a
    /// system user is refused, since a session as one holds the image's
    /// administrative powers and an identity provider may let anyone pick
    /// such a user name.
    pub allow_system_users: Vec<String>,
    /// Clock skew allowed on `exp` and `nbf`. Default 60 s.
    pub clock_skew: Duration,
    /// Least time between two fetches of the issuer's keys when a token
    /// names an unknown key id. Default 30 s.
    pub jwks_min_refresh: Duration,
    /// What a session does when its token expires.
    pub on_token_expiry: TokenExpiry,
}

/// GemStone's predefined system users, as `AllUsers` spells them (user ids
/// are case-sensitive): the owners of the kernel, the repository, garbage
/// collection, the symbol table, the host agent and the code library, and
/// the `Nameless` user. `HostAgentUser` and `CodeLibrarianUser` came with
/// GemStone 3.5; listing them for an older stone refuses names no person
/// should hold anyway.
pub const SYSTEM_USERS: [&str; 7] = [
    "SystemUser",
    "DataCurator",
    "GcUser",
    "SymbolUser",
    "Nameless",
    "HostAgentUser",
    "CodeLibrarianUser",
];

/// The system user `name` would be taken for, if any: one of
/// [`SYSTEM_USERS`], ignoring ASCII case and surrounding white space.
///
/// Wider than GemStone's own exact match on purpose. On a stone the token
/// itself is the password and the stone maps it to a user by its own rules,
/// which gs-mcp does not control (and which have not been tried against a
/// real stone); a name that differs from a system user only in case or
/// spacing is no one's personal user, so refusing it costs nobody anything
/// and leaves no look-alike to slip past a stone that folds case.
pub fn system_user_like(name: &str) -> Option<&'static str> {
    let name = name.trim();
    SYSTEM_USERS
        .into_iter()
        .find(|s| s.eq_ignore_ascii_case(name))
}

/// TLS: `[tls]`, the certificate chain and private key (PEM files), read
/// again when they change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsConfig {
    /// The certificate chain, leaf first (PEM).
    pub cert: PathBuf,
    /// The private key (PEM: PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}

/// Where a toolset comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolsetSource {
    /// The built-in Smalltalk-development toolset.
    Builtin,
    /// A WebAssembly component file.
    Wasm {
        /// The `.wasm` file, resolved against the config file's directory.
        path: PathBuf,
        /// The file's pinned SHA-256 (64 lowercase hex digits), if any.
        sha256: Option<String>,
    },
}

/// The image grants a toolset may hold.
pub const GRANTS: [&str; 3] = ["image:read", "image:execute", "image:write"];

/// A host directory a toolset may see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preopen {
    /// The directory on the host (resolved against the config file's
    /// directory).
    pub host: PathBuf,
    /// The path the plug-in sees it under (absolute, e.g. `/data`).
    pub guest: String,
    /// True if the plug-in may change files in it.
    pub writable: bool,
}

/// An origin a toolset may send HTTP requests to (`net = […]`): a
/// scheme, a host and a port, nothing else. A host given as an IP address
/// is granted by address, so it may be loopback or private; a host name
/// is granted only while it resolves to public addresses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetOrigin {
    /// True for `https`, false for `http`.
    pub https: bool,
    /// The host name (lowercase) or IP address (an IPv6 one without
    /// brackets).
    pub host: String,
    /// The port: as written, else 443 for `https` and 80 for `http`.
    pub port: u16,
}

impl NetOrigin {
    /// Reads an origin as `toolsets.toml` writes it, such as
    /// `https://api.acme.example` or `http://127.0.0.1:8080`. The error
    /// says what is wrong and what to write.
    pub fn parse(text: &str) -> Result<NetOrigin, String> {
        let form = "write an origin such as `https://api.acme.example` or `http://127.0.0.1:8080`";
        let (https, rest) = if let Some(r) = text.strip_prefix("https://") {
            (true, r)
        } else if let Some(r) = text.strip_prefix("http://") {
            (false, r)
        } else {
            return Err(format!("`{text}` is not an http or https origin; {form}"));
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.is_empty() || rest.contains(['/', '?', '#', '@', '*']) {
            return Err(format!(
                "`{text}` is not an origin (a scheme, a host and a port, with no path, \
                 user or wildcard); {form}"
            ));
        }
        let (host, port) = match rest.strip_prefix('[') {
            Some(v6) => {
                let (addr, after) = v6
                    .split_once(']')
                    .ok_or_else(|| format!("`{text}` opens `[` without closing it; {form}"))?;
                if addr.parse::<std::net::Ipv6Addr>().is_err() {
                    return Err(format!("`{addr}` in `{text}` is not an IPv6 address"));
                }
                match after {
                    "" => (addr.to_string(), None),
                    p => match p.strip_prefix(':') {
                        Some(p) => (addr.to_string(), Some(p)),
                        None => return Err(format!("`{text}` has text after `]`; {form}")),
                    },
                }
            }
            None => match rest.rsplit_once(':') {
                Some((h, p)) => (h.to_ascii_lowercase(), Some(p)),
                None => (rest.to_ascii_lowercase(), None),
            },
        };
        let port = match port {
            None => {
                if https {
                    443
                } else {
                    80
                }
            }
            Some(p) => match p.parse::<u16>() {
                Ok(p) if p > 0 => p,
                _ => return Err(format!("`{p}` in `{text}` is not a port (1 to 65535)")),
            },
        };
        let name_ok = |h: &str| {
            !h.is_empty()
                && h.split('.').all(|label| {
                    !label.is_empty()
                        && label.len() <= 63
                        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                })
        };
        if host.parse::<std::net::IpAddr>().is_err() && !name_ok(&host) {
            return Err(format!(
                "`{host}` in `{text}` is not a host name or IP address"
            ));
        }
        Ok(NetOrigin { https, host, port })
    }
}

impl std::fmt::Display for NetOrigin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let scheme = if self.https { "https" } else { "http" };
        if self.host.contains(':') {
            write!(f, "{scheme}://[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{scheme}://{}:{}", self.host, self.port)
        }
    }
}

/// Per-call limits of a WebAssembly toolset; `None` keeps the toolset
/// host's default (64 MiB, 30 s, 4 MiB; 8 MiB per HTTP response).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ToolsetLimits {
    /// Linear-memory cap per instance, in bytes.
    pub memory: Option<usize>,
    /// Wall-clock deadline per call.
    pub deadline: Option<Duration>,
    /// Cap on one call's result, in bytes.
    pub output: Option<usize>,
    /// Cap on the body of one HTTP response the toolset receives, in bytes.
    pub net_response: Option<usize>,
    /// The most its writable granted directories may hold together, in
    /// bytes (`limits.disk_bytes`).
    pub disk: Option<u64>,
}

/// A value the operator gives a toolset setting (`[toolset.config]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingValue {
    /// Written in the file. Never a secret: the toolset host refuses an
    /// inline value for a setting the toolset declares secret.
    Inline(InlineValue),
    /// Read from an environment variable or a file when the toolset
    /// loads: `{ env = "NAME" }` or `{ file = "path" }`.
    From(PasswordSource),
}

/// A setting's value as written in `toolsets.toml`: its TOML type and its
/// text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineValue {
    /// The TOML type it was written as.
    pub kind: InlineKind,
    /// The value as text: a string as written, an integer in decimal, a
    /// float as a decimal fraction, a boolean as `true` or `false`.
    pub text: String,
}

/// The TOML type of an [`InlineValue`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InlineKind {
    /// A string.
    String,
    /// An integer.
    Integer,
    /// A float.
    Float,
    /// A boolean.
    Boolean,
}

/// One `[[toolset]]` entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolsetEntry {
    /// Where it comes from.
    pub source: ToolsetSource,
    /// The image grants it holds (a subset of [`GRANTS`]).
    pub grants: Vec<String>,
    /// Directories it may see.
    pub preopen: Vec<Preopen>,
    /// The origins it may send HTTP requests to; none by default.
    pub net: Vec<NetOrigin>,
    /// Its per-call limits.
    pub limits: ToolsetLimits,
    /// The tools to expose by name; `None` exposes all.
    pub tools: Option<Vec<String>>,
    /// Scopes a token needs for any tool of this toolset (with `[auth]`).
    pub scopes: Vec<String>,
    /// Scopes a token needs for one tool, by tool name, besides `scopes`.
    pub tool_scopes: Vec<(String, Vec<String>)>,
    /// The values of the toolset's settings (`[toolset.config]`), by key,
    /// sorted. Checked against the toolset's declaration when it loads.
    pub config: Vec<(String, SettingValue)>,
}

/// Engine-wide settings of the WebAssembly toolset host, shared by every
/// plug-in. The defaults match the toolset host's own (`HostConfig`), which
/// this crate cannot name: it knows nothing of wasmtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineSettings {
    /// Most plug-in instances alive at once, over all toolsets and
    /// sessions: the pooling allocator reserves this many slots at start,
    /// and a session needing an instance when all are taken is answered
    /// `unavailable`. Default 1000; 1 to [`MAX_ENGINE_INSTANCES`].
    pub max_instances: u32,
    /// The pool's memory slot size: the largest linear memory any plug-in
    /// may be given (`limits.memory_bytes` of a toolset may not exceed it).
    /// Address space, not resident memory, is reserved per slot. Default
    /// 1 GiB; 64 KiB to 4 GiB.
    pub max_memory: usize,
    /// How often deadlines and cancellation are checked; a stopped call
    /// overshoots its deadline by about this much. Default 10 ms; 1 to
    /// 1000 ms.
    pub epoch_tick: Duration,
    /// The most linear memory all plug-in instances together may hold; an
    /// instance growing past it is stopped (`outOfMemory`). Default 4 GiB;
    /// at least 1 MiB.
    pub total_memory: usize,
    /// The largest component file read at load; a larger one (or a
    /// device) is refused. Default 64 MiB; 1 KiB to 1 GiB.
    pub max_component_bytes: u64,
    /// How many long plug-in calls (still running at their first epoch tick)
    /// run at once, the others taking turns a tick at a time, so that short
    /// calls always find a processor. `None` (the default): one fewer than
    /// the machine's processors, at least one. 1 to 1024.
    pub long_call_lanes: Option<usize>,
    /// True to give clients a crashed plug-in call's WebAssembly backtrace
    /// (`backtrace` in the error's `structuredContent.error`). The server's
    /// log has it either way. Default false.
    pub client_backtraces: bool,
    /// The free disk plug-ins' writes may not take: while a writable
    /// granted directory's file system has less free, their writes to
    /// files and their new files, directories and links are refused, so
    /// that no plug-in fills the disk the image commits to (new entries
    /// also while under one in 32 of its inodes are free). Default
    /// 256 MiB; 0 turns both checks off.
    pub disk_reserve: u64,
    /// The files, directories and connections all plug-in instances
    /// together may hold open: each is a descriptor of the server's own.
    /// `None` (the default): half the server's descriptor limit. At least
    /// 16, and no more than that limit (the engine refuses to start).
    pub max_descriptors: Option<usize>,
}

/// The most instances `engine.max_instances` may ask for. Every pool slot
/// reserves several GiB of address space for its memories up front, and
/// 20,000 slots no longer fit in a 64-bit process's 128 TiB.
pub const MAX_ENGINE_INSTANCES: u32 = 10_000;

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            max_instances: 1000,
            max_memory: 1 << 30,
            epoch_tick: Duration::from_millis(10),
            total_memory: 4 << 30,
            max_component_bytes: 64 << 20,
            long_call_lanes: None,
            client_backtraces: false,
            disk_reserve: 256 << 20,
            max_descriptors: None,
        }
    }
}

/// The default of [`Config::memory_ceiling`]: 4 GiB.
pub const DEFAULT_MEMORY_CEILING: usize = 4 << 30;

/// The default of [`Config::max_uncommitted_bytes`]: 128 MiB, what the
/// embedded image itself defaults to.
pub const DEFAULT_MAX_UNCOMMITTED_BYTES: usize = 128 << 20;

/// The default of [`Config::max_uncommitted_total_bytes`]: 2 GiB, what the
/// embedded image itself defaults to. A fixed amount, as
/// [`DEFAULT_MEMORY_CEILING`] is for the sessions' objects: together the
/// two hold a server of any number of sessions (1,000 of them, say) to
/// about 6 GiB, room a machine of 8 GiB has, where the per-session limit
/// alone would let 1,000 sessions hold 125 GiB uncommitted.
pub const DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES: usize = 2 << 30;

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The file it came from, if any.
    pub file: Option<PathBuf>,
    /// Where to listen. Default 127.0.0.1:8000.
    pub listen: SocketAddr,
    /// The server's identity.
    pub identity: Identity,
    /// True to hide and refuse every tool that is not read-only-safe (and
    /// to mount every plug-in's preopened directory read-only).
    pub read_only: bool,
    /// The most memory the Smalltalk objects of all sessions together may
    /// hold; past it, calls that allocate more fail with an error naming
    /// the ceiling (`memory_ceiling_bytes`). Default
    /// [`DEFAULT_MEMORY_CEILING`].
    pub memory_ceiling: usize,
    /// The image backend.
    pub image: ImageBackend,
    /// The most bytes of uncommitted changes one session of the embedded
    /// image may hold (`image.max_uncommitted_bytes`); past it, a change is
    /// refused until the session commits or aborts. Default
    /// [`DEFAULT_MAX_UNCOMMITTED_BYTES`].
    pub max_uncommitted_bytes: usize,
    /// The most bytes of uncommitted changes all sessions of the embedded
    /// image may hold together (`image.max_uncommitted_total_bytes`); past
    /// it, a change is refused until sessions commit or abort. Default
    /// [`DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES`], or `max_uncommitted_bytes`
    /// when that is larger; never less than it.
    pub max_uncommitted_total_bytes: usize,
    /// Session lifetime policy.
    pub sessions: SessionLifetime,
    /// Limits on tasks.
    pub tasks: TaskLimits,
    /// HTTP limits.
    pub http: HttpSettings,
    /// Message trace.
    pub trace: Trace,
    /// The WebAssembly engine's settings.
    pub engine: EngineSettings,
    /// The toolsets, in the order their tools are listed. Default: the
    /// built-in toolset alone.
    pub toolsets: Vec<ToolsetEntry>,
    /// The OAuth resource server; `None` serves without authentication.
    pub auth: Option<AuthConfig>,
    /// TLS; `None` serves plain HTTP.
    pub tls: Option<TlsConfig>,
    /// `dangerously_allow_unauthenticated_network`: serve a non-loopback
    /// address without `[auth]` and `[tls]` (behind a proxy that does both).
    pub allow_unauthenticated_network: bool,
}

impl Config {
    /// Refuses to serve `listen` when it is not loopback and the server
    /// lacks `[auth]` or `[tls]`, unless the operator set the override.
    /// The one place this rule lives: `serve` and `check` both ask it.
    pub fn check_exposure(&self, listen: SocketAddr) -> Result<(), ConfigError> {
        if listen.ip().is_loopback() || self.allow_unauthenticated_network {
            return Ok(());
        }
        let missing: Vec<&str> = [
            ("[auth]", self.auth.is_none()),
            ("[tls]", self.tls.is_none()),
        ]
        .into_iter()
        .filter_map(|(name, absent)| absent.then_some(name))
        .collect();
        if missing.is_empty() {
            return Ok(());
        }
        Err(ConfigError::at(
            "listen",
            format!(
                "{listen} is not a loopback address and the configuration has no {}: anyone \
                 who can reach the port could run Smalltalk in the image; add {} (see \
                 docs/auth.md), listen on 127.0.0.1, or -- only behind a proxy that terminates \
                 TLS and authenticates -- set `dangerously_allow_unauthenticated_network = true`",
                missing.join(" or "),
                missing.join(" and ")
            ),
        ))
    }

    /// Warnings about the per-caller caps under `[auth]`: a per-caller
    /// session cap that is off, or not below the server cap, lets one user
    /// take every session; a per-address connection cap not below the
    /// server's connection cap lets one host take every connection (one
    /// that is off is the documented setting behind a proxy, and is not
    /// warned of).
    pub fn cap_warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        let server = self.http.max_sessions;
        match self.http.max_sessions_per_caller {
            None => warnings.push(format!(
                "`http.max_sessions_per_caller` is off: one caller may hold all {server} \
                 sessions; set it below `http.max_sessions`"
            )),
            Some(cap) if cap >= server => warnings.push(format!(
                "`http.max_sessions_per_caller` ({cap}) is not below `http.max_sessions` \
                 ({server}): one caller may hold every session; lower it"
            )),
            Some(_) => {}
        }
        let connections = self.http.max_connections;
        if let Some(cap) = self.http.max_connections_per_address
            && cap >= connections
        {
            warnings.push(format!(
                "`http.max_connections_per_address` ({cap}) is not below \
                 `http.max_connections` ({connections}): one address may hold every \
                 connection; lower it"
            ));
        }
        warnings
    }
}

/// The default image file: `$XDG_DATA_HOME/gs-mcp/image.gsimage`, else
/// `$HOME/.local/share/gs-mcp/image.gsimage`. `None` when neither variable
/// is set (the configuration must then name a path).
pub fn default_image_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let nonempty = |k: &str| env(k).filter(|v| !v.is_empty());
    let base = match nonempty("XDG_DATA_HOME") {
        Some(data) => PathBuf::from(data),
        None => PathBuf::from(nonempty("HOME")?).join(".local/share"),
    };
    Some(base.join("gs-mcp").join("image.gsimage"))
}

fn process_env(key: &str) -> Option<String> {
    std::env::var(key).ok()
}

impl Config {
    /// The configuration used when there is no file, for an environment
    /// given as a lookup function (so tests need not touch the process
    /// environment).
    pub fn defaults_with(env: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        Config::parse_with("", None, env)
    }

    /// The configuration used when there is no file.
    pub fn defaults() -> Result<Config, ConfigError> {
        Config::defaults_with(&process_env)
    }

    /// Reads and validates `path`. Relative paths inside it are resolved
    /// against its directory.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        Config::load_with(path, &process_env)
    }

    /// [`Config::load`] with an explicit environment lookup.
    pub fn load_with(
        path: &Path,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            file: Some(path.to_path_buf()),
            key: None,
            message: format!(
                "cannot read the configuration ({e}); check the path given to --config"
            ),
        })?;
        let base = path.parent().filter(|p| !p.as_os_str().is_empty());
        let base = base.unwrap_or(Path::new("."));
        Config::parse_with(&text, Some(base), env)
            .map_err(|e| e.in_file(path))
            .map(|mut c| {
                c.file = Some(path.to_path_buf());
                c
            })
    }

    /// Parses and validates `text`; relative paths are resolved against
    /// `base` (the current directory when `None`).
    pub fn parse(text: &str, base: Option<&Path>) -> Result<Config, ConfigError> {
        Config::parse_with(text, base, &process_env)
    }

    /// [`Config::parse`] with an explicit environment lookup (used only for
    /// the default image location).
    pub fn parse_with(
        text: &str,
        base: Option<&Path>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let raw: raw::File = toml::from_str(text).map_err(|e| ConfigError {
            file: None,
            key: None,
            message: raw::describe_toml_error(&e, text),
        })?;
        raw.validate(base.unwrap_or(Path::new("")), env)
    }

    /// Applies the `GS_MCP_*` environment overrides from the process
    /// environment. See [`Config::apply_env_with`].
    pub fn apply_env(&mut self) -> Result<(), ConfigError> {
        self.apply_env_with(&process_env)
    }

    /// Applies environment overrides read through `env`:
    ///
    /// | variable | setting | value |
    /// |---|---|---|
    /// | `GS_MCP_READONLY` | `read_only` | `1`/`true`/`0`/`false` |
    /// | `GS_MCP_IDLE_TIMEOUT` | `sessions.idle_timeout_secs` | seconds, 0 = off |
    /// | `GS_MCP_STREAMLESS_IDLE_TIMEOUT` | `sessions.streamless_idle_timeout_secs` | seconds, 0 = off |
    /// | `GS_MCP_STREAM_LOSS_GRACE` | `sessions.stream_loss_grace_secs` | seconds |
    /// | `GS_MCP_ABSOLUTE_TIMEOUT` | `sessions.absolute_timeout_secs` | seconds, 0 = off |
    /// | `GS_MCP_REQUEST_TIMEOUT` | `sessions.request_timeout_secs` | seconds, 0 = off |
    /// | `GS_MCP_LIVENESS_PROBE` | `sessions.liveness_probe_after_secs` | seconds, 0 = off |
    /// | `GS_MCP_TRACE` | `trace.enabled` | `1`/`true`/`0`/`false` |
    /// | `GS_MCP_TRACE_LIMIT` | `trace.limit` | characters, or `none` |
    pub fn apply_env_with(
        &mut self,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<(), ConfigError> {
        let get = |k: &str| env(k).filter(|v| !v.trim().is_empty());
        if let Some(v) = get("GS_MCP_READONLY") {
            self.read_only = env_bool("GS_MCP_READONLY", &v)?;
        }
        let s = &mut self.sessions;
        for (var, slot) in [
            ("GS_MCP_IDLE_TIMEOUT", &mut s.idle_timeout),
            (
                "GS_MCP_STREAMLESS_IDLE_TIMEOUT",
                &mut s.streamless_idle_timeout,
            ),
            ("GS_MCP_ABSOLUTE_TIMEOUT", &mut s.absolute_timeout),
            ("GS_MCP_REQUEST_TIMEOUT", &mut s.request_timeout),
            ("GS_MCP_LIVENESS_PROBE", &mut s.liveness_probe_after),
        ] {
            if let Some(v) = get(var) {
                let secs = env_secs(var, &v)?;
                *slot = (secs > 0).then(|| Duration::from_secs(secs));
            }
        }
        if get("GS_MCP_LIVENESS_PROBE").is_none()
            && let (Some(probe), Some(idle)) = (s.liveness_probe_after, s.idle_timeout)
            && probe >= idle
        {
            s.liveness_probe_after = default_probe(s.idle_timeout);
        }
        if let Some(v) = get("GS_MCP_STREAM_LOSS_GRACE") {
            s.stream_loss_grace = Duration::from_secs(env_secs("GS_MCP_STREAM_LOSS_GRACE", &v)?);
        }
        check_probe(&self.sessions).map_err(|m| ConfigError::at("environment", m))?;
        if let Some(v) = get("GS_MCP_TRACE") {
            self.trace.enabled = env_bool("GS_MCP_TRACE", &v)?;
        }
        if let Some(v) = get("GS_MCP_TRACE_LIMIT") {
            let v = v.trim();
            self.trace.limit = if v.eq_ignore_ascii_case("none") {
                None
            } else {
                match v.parse::<usize>() {
                    Ok(n) if n > 0 => Some(n),
                    _ => {
                        return Err(ConfigError::at(
                            "GS_MCP_TRACE_LIMIT",
                            format!(
                                "`{v}` is not a limit; give a positive number of characters, \
                                 or `none` for whole bodies"
                            ),
                        ));
                    }
                }
            };
        }
        Ok(())
    }
}

fn env_bool(var: &str, v: &str) -> Result<bool, ConfigError> {
    match v.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        other => Err(ConfigError::at(
            var,
            format!("`{other}` is not a switch; set it to 1 or 0"),
        )),
    }
}

fn env_secs(var: &str, v: &str) -> Result<u64, ConfigError> {
    let secs = v.trim().parse::<u64>().map_err(|_| {
        ConfigError::at(
            var,
            format!(
                "`{}` is not a number of seconds; give a whole number such as 60 (0 turns it off)",
                v.trim()
            ),
        )
    })?;
    raw::check_secs(var, secs)
}

/// The probe interval when none is configured: 25 minutes, or five sixths
/// of a shorter idle timeout (so the probe always precedes the reaping).
fn default_probe(idle: Option<Duration>) -> Option<Duration> {
    let standard = Duration::from_secs(25 * 60);
    match idle {
        Some(idle) if idle <= standard => Some(idle * 5 / 6),
        _ => Some(standard),
    }
}

/// The liveness probe must come before the idle deadline, or it would never
/// be sent.
fn check_probe(s: &SessionLifetime) -> Result<(), String> {
    if let (Some(probe), Some(idle)) = (s.liveness_probe_after, s.idle_timeout)
        && probe >= idle
    {
        return Err(format!(
            "the liveness probe ({} s) must come before the idle timeout ({} s), or it is never \
             sent; lower `sessions.liveness_probe_after_secs` or raise \
             `sessions.idle_timeout_secs`",
            probe.as_secs(),
            idle.as_secs()
        ));
    }
    Ok(())
}

/// True for hosts that name this machine: `localhost`, `127.0.0.1` (any
/// 127/8 address) and `::1`, with or without brackets.
///
/// gs-router has the same predicate for its Origin and Host gates: it may
/// not depend on this crate, nor this crate on anything that knows MCP.
pub fn is_loopback_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    host.parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
}

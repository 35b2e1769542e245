//! The file as written: serde structures that refuse unknown keys, and the
//! validation that turns them into a [`Config`] with defaults filled in,
//! naming the key, the bad value and the fix for anything it refuses.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::{
    AuthConfig, Config, ConfigError, DEFAULT_LOGIN_CONCURRENCY, EngineSettings, GRANTS,
    GemStoneSettings, HttpSettings, Identity, ImageBackend, InlineKind, InlineValue,
    MAX_ENGINE_INSTANCES, NetOrigin, PasswordKind, PasswordSource, Preopen, SessionLifetime,
    SettingValue, TaskLimits, TlsConfig, TokenExpiry, ToolsetEntry, ToolsetLimits, ToolsetSource,
    Trace, check_probe, default_image_path,
};

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct File {
    listen: Option<String>,
    read_only: Option<bool>,
    memory_ceiling_bytes: Option<u64>,
    identity: Option<RawIdentity>,
    image: Option<RawImage>,
    sessions: Option<RawSessions>,
    tasks: Option<RawTasks>,
    http: Option<RawHttp>,
    trace: Option<RawTrace>,
    engine: Option<RawEngine>,
    toolset: Option<Vec<RawToolset>>,
    auth: Option<RawAuth>,
    tls: Option<RawTls>,
    dangerously_allow_unauthenticated_network: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAuth {
    issuer: String,
    audience: String,
    jwks_uri: Option<String>,
    required_scopes: Option<Vec<String>>,
    write_scope: Option<String>,
    extra_scopes: Option<Vec<String>>,
    user_claim: Option<String>,
    clock_skew_secs: Option<u64>,
    jwks_min_refresh_secs: Option<u64>,
    on_token_expiry: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTls {
    cert: String,
    key: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawIdentity {
    name: Option<String>,
    version: Option<String>,
    title: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawImage {
    backend: Option<String>,
    path: Option<String>,
    // The `gemstone` backend's settings.
    gemstone: Option<String>,
    version: Option<String>,
    stone: Option<String>,
    host: Option<String>,
    netldi: Option<String>,
    user: Option<String>,
    password_env: Option<String>,
    password_file: Option<String>,
    password_kind: Option<String>,
    host_user: Option<String>,
    host_password_env: Option<String>,
    host_password_file: Option<String>,
    login_concurrency: Option<u64>,
}

impl RawImage {
    /// The `gemstone` backend's keys that are set, for the embedded
    /// backend's refusal.
    fn gemstone_keys(&self) -> Vec<&'static str> {
        [
            ("image.gemstone", self.gemstone.is_some()),
            ("image.version", self.version.is_some()),
            ("image.stone", self.stone.is_some()),
            ("image.host", self.host.is_some()),
            ("image.netldi", self.netldi.is_some()),
            ("image.user", self.user.is_some()),
            ("image.password_env", self.password_env.is_some()),
            ("image.password_file", self.password_file.is_some()),
            ("image.password_kind", self.password_kind.is_some()),
            ("image.host_user", self.host_user.is_some()),
            ("image.host_password_env", self.host_password_env.is_some()),
            (
                "image.host_password_file",
                self.host_password_file.is_some(),
            ),
            ("image.login_concurrency", self.login_concurrency.is_some()),
        ]
        .into_iter()
        .filter_map(|(key, set)| set.then_some(key))
        .collect()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSessions {
    idle_timeout_secs: Option<u64>,
    streamless_idle_timeout_secs: Option<u64>,
    stream_loss_grace_secs: Option<u64>,
    absolute_timeout_secs: Option<u64>,
    request_timeout_secs: Option<u64>,
    liveness_probe_after_secs: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTasks {
    max: Option<u64>,
    max_unfinished_per_caller: Option<u64>,
    ttl_secs: Option<u64>,
    total_bytes: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHttp {
    body_limit_bytes: Option<u64>,
    max_sessions: Option<u64>,
    max_sessions_per_caller: Option<u64>,
    max_connections: Option<u64>,
    max_connections_per_address: Option<u64>,
    total_body_bytes: Option<u64>,
    total_subscription_bytes: Option<u64>,
    allowed_origin_hosts: Option<Vec<String>>,
    allowed_hosts: Option<Vec<String>>,
    request_state_key: Option<toml::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrace {
    enabled: Option<bool>,
    limit: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEngine {
    max_instances: Option<u64>,
    max_memory_bytes: Option<u64>,
    epoch_tick_ms: Option<u64>,
    total_memory_bytes: Option<u64>,
    max_component_bytes: Option<u64>,
    long_call_lanes: Option<u64>,
    client_backtraces: Option<bool>,
    disk_reserve_bytes: Option<u64>,
    max_descriptors: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawToolset {
    builtin: Option<bool>,
    path: Option<String>,
    sha256: Option<String>,
    grants: Option<Vec<String>>,
    preopen: Option<Vec<RawPreopen>>,
    net: Option<Vec<String>>,
    limits: Option<RawLimits>,
    tools: Option<Vec<String>>,
    scopes: Option<Vec<String>>,
    tool_scopes: Option<std::collections::BTreeMap<String, Vec<String>>>,
    config: Option<std::collections::BTreeMap<String, toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPreopen {
    host: String,
    guest: String,
    mode: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLimits {
    memory_bytes: Option<u64>,
    deadline_ms: Option<u64>,
    output_bytes: Option<u64>,
    net_response_bytes: Option<u64>,
    disk_bytes: Option<u64>,
}

/// A toml error as one line: where, what, and (for unknown keys) the fix.
pub(crate) fn describe_toml_error(e: &toml::de::Error, text: &str) -> String {
    let message = e.message().trim_end();
    let fix = if message.starts_with("unknown field") {
        "; remove the key or correct its spelling (toolsets.example.toml lists every key)"
    } else if message.starts_with("invalid type") {
        "; give the value the type the key documents"
    } else {
        ""
    };
    match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: {message}{fix}")
        }
        None => format!("{message}{fix}"),
    }
}

fn secs(v: Option<u64>, default: Option<Duration>) -> Option<Duration> {
    match v {
        None => default,
        Some(0) => None,
        Some(n) => Some(Duration::from_secs(n)),
    }
}

fn check_text(key: &str, value: &str) -> Result<(), ConfigError> {
    if value.trim().is_empty() {
        return Err(ConfigError::at(
            key,
            "is empty; give a value or leave the key out for the default",
        ));
    }
    if value.chars().any(char::is_control) {
        return Err(ConfigError::at(
            key,
            format!("{value:?} contains a control character; use printable text"),
        ));
    }
    Ok(())
}

fn check_host(key: &str, host: &str) -> Result<String, ConfigError> {
    let h = host.trim();
    let ok = !h.is_empty()
        && h.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    if !ok || h.contains("://") {
        return Err(ConfigError::at(
            key,
            format!(
                "`{host}` is not a host name; give the bare host, such as `app.example.com` \
                 (no scheme, no path)"
            ),
        ));
    }
    Ok(h.to_ascii_lowercase())
}

fn resolve(base: &Path, p: &str) -> PathBuf {
    let path = Path::new(p);
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        base.join(path)
    }
}

impl File {
    pub(crate) fn validate(
        self,
        base: &Path,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let listen_text = self.listen.as_deref().unwrap_or(crate::DEFAULT_LISTEN);
        let listen: SocketAddr = listen_text.parse().map_err(|_| {
            ConfigError::at(
                "listen",
                format!(
                    "`{listen_text}` is not an address and port; write it like `127.0.0.1:8000` \
                     or `[::1]:8000`"
                ),
            )
        })?;

        let mut identity = Identity::default();
        if let Some(id) = self.identity {
            if let Some(name) = id.name {
                check_text("identity.name", &name)?;
                identity.name = name;
            }
            if let Some(version) = id.version {
                check_text("identity.version", &version)?;
                identity.version = version;
            }
            if let Some(title) = id.title {
                check_text("identity.title", &title)?;
                identity.title = Some(title);
            }
        }

        let image = validate_image(self.image, base, env)?;
        let sessions = validate_sessions(self.sessions)?;
        let tasks = validate_tasks(self.tasks)?;
        let http = validate_http(self.http, base)?;

        let mut trace = Trace::default();
        if let Some(t) = self.trace {
            trace.enabled = t.enabled.unwrap_or(false);
            trace.limit = match t.limit {
                None => trace.limit,
                Some(0) => None,
                Some(n) => Some(n as usize),
            };
        }

        let engine = validate_engine(self.engine)?;
        let auth = self.auth.map(validate_auth).transpose()?;
        if let (Some(_), ImageBackend::GemStone(stone)) = (&auth, &image)
            && stone.password_kind != PasswordKind::Jwt
        {
            return Err(ConfigError::at(
                "image.password_kind",
                "must be `jwt` with [auth]: each session logs in to the stone as its token's \
                 user, with the token as a JWT password the stone checks (see docs/auth.md)",
            ));
        }
        let tls = match self.tls {
            None => None,
            Some(t) => {
                check_text("tls.cert", &t.cert)?;
                check_text("tls.key", &t.key)?;
                Some(TlsConfig {
                    cert: resolve(base, &t.cert),
                    key: resolve(base, &t.key),
                })
            }
        };
        let memory_ceiling = validate_memory_ceiling(self.memory_ceiling_bytes)?;

        let toolsets = match self.toolset {
            None => vec![ToolsetEntry {
                source: ToolsetSource::Builtin,
                grants: Vec::new(),
                preopen: Vec::new(),
                net: Vec::new(),
                limits: ToolsetLimits::default(),
                tools: None,
                scopes: Vec::new(),
                tool_scopes: Vec::new(),
                config: Vec::new(),
            }],
            Some(list) => {
                let mut out = Vec::with_capacity(list.len());
                for (i, t) in list.into_iter().enumerate() {
                    out.push(validate_toolset(i, t, base, &engine)?);
                }
                let builtins = out
                    .iter()
                    .filter(|t| t.source == ToolsetSource::Builtin)
                    .count();
                if builtins > 1 {
                    return Err(ConfigError::at(
                        "toolset",
                        "the built-in toolset is listed more than once; keep one \
                         `builtin = true` entry",
                    ));
                }
                out
            }
        };

        Ok(Config {
            file: None,
            listen,
            identity,
            read_only: self.read_only.unwrap_or(false),
            memory_ceiling,
            image,
            sessions,
            tasks,
            http,
            trace,
            engine,
            toolsets,
            auth,
            tls,
            allow_unauthenticated_network: self
                .dangerously_allow_unauthenticated_network
                .unwrap_or(false),
        })
    }
}

/// A scope as RFC 6749 allows it: printable ASCII without space, `"` or `\`.
fn check_scopes(key: &str, scopes: &[String]) -> Result<Vec<String>, ConfigError> {
    let mut out: Vec<String> = Vec::new();
    for (i, s) in scopes.iter().enumerate() {
        let ok = !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\');
        if !ok {
            return Err(ConfigError::at(
                format!("{key}[{i}]"),
                format!(
                    "{s:?} is not a scope; a scope is printable ASCII without spaces, quotes or \
                     backslashes, such as `mcp:use`"
                ),
            ));
        }
        if !out.contains(s) {
            out.push(s.clone());
        }
    }
    Ok(out)
}

/// An `https` URL (or `http` to a loopback host, for a local identity
/// provider), without fragment.
fn check_url(key: &str, url: &str) -> Result<(), ConfigError> {
    let rest = url.strip_prefix("https://").or_else(|| {
        url.strip_prefix("http://").filter(|r| {
            let authority = r.split('/').next().unwrap_or("");
            let host = match authority.rsplit_once(':') {
                Some((h, p)) if p.bytes().all(|b| b.is_ascii_digit()) => h,
                _ => authority,
            };
            crate::is_loopback_host(host)
        })
    });
    match rest {
        Some(r)
            if !r.is_empty()
                && !r.starts_with('/')
                && !url.contains('#')
                && !url.chars().any(char::is_whitespace) =>
        {
            Ok(())
        }
        _ => Err(ConfigError::at(
            key,
            format!(
                "`{url}` is not an https URL; give one such as `https://idp.example.com/realms/mcp` \
                 (plain http is accepted only for a loopback host)"
            ),
        )),
    }
}

fn validate_auth(r: RawAuth) -> Result<AuthConfig, ConfigError> {
    let issuer = r.issuer.trim().to_string();
    check_url("auth.issuer", &issuer)?;
    let audience = r.audience.trim().to_string();
    check_url("auth.audience", &audience)?;
    if let Some(j) = &r.jwks_uri {
        check_url("auth.jwks_uri", j)?;
    }
    let required_scopes = match r.required_scopes {
        None => vec!["mcp:use".to_string()],
        Some(s) => check_scopes("auth.required_scopes", &s)?,
    };
    let write_scope = r.write_scope.unwrap_or_else(|| "mcp:write".into());
    check_scopes("auth.write_scope", std::slice::from_ref(&write_scope))
        .map_err(|e| ConfigError::at("auth.write_scope", e.message))?;
    let extra_scopes = check_scopes("auth.extra_scopes", &r.extra_scopes.unwrap_or_default())?;
    let user_claim = r.user_claim.unwrap_or_else(|| "sub".into());
    check_text("auth.user_claim", &user_claim)?;
    let clock_skew = Duration::from_secs(r.clock_skew_secs.unwrap_or(60));
    if clock_skew > Duration::from_secs(300) {
        return Err(ConfigError::at(
            "auth.clock_skew_secs",
            format!(
                "{} s would accept tokens long expired; give at most 300 (default 60)",
                clock_skew.as_secs()
            ),
        ));
    }
    let jwks_min_refresh = Duration::from_secs(r.jwks_min_refresh_secs.unwrap_or(30));
    if jwks_min_refresh.is_zero() {
        return Err(ConfigError::at(
            "auth.jwks_min_refresh_secs",
            "0 would let every forged key id fetch the issuer's keys again; give at least 1 \
             (default 30)",
        ));
    }
    let on_token_expiry = match r.on_token_expiry.as_deref().unwrap_or("keep") {
        "keep" => TokenExpiry::KeepUntilNextRequest,
        "end" => TokenExpiry::EndSession,
        other => {
            return Err(ConfigError::at(
                "auth.on_token_expiry",
                format!(
                    "`{other}` is not a choice; use `keep` (the session waits for a request \
                     with a fresh token, the default) or `end` (the session ends when its token \
                     expires)"
                ),
            ));
        }
    };
    Ok(AuthConfig {
        issuer,
        audience,
        jwks_uri: r.jwks_uri,
        required_scopes,
        write_scope,
        extra_scopes,
        user_claim,
        clock_skew,
        jwks_min_refresh,
        on_token_expiry,
    })
}

fn validate_image(
    raw: Option<RawImage>,
    base: &Path,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<ImageBackend, ConfigError> {
    let raw = raw.unwrap_or_default();
    match raw.backend.as_deref().unwrap_or("embedded") {
        "embedded" => {
            if let Some(key) = raw.gemstone_keys().first() {
                return Err(ConfigError::at(
                    *key,
                    "is a setting of the `gemstone` backend, but `image.backend` is \
                     `embedded`; remove it, or set `backend = \"gemstone\"`",
                ));
            }
            let path = match raw.path {
                Some(p) => {
                    check_text("image.path", &p)?;
                    resolve(base, &p)
                }
                None => default_image_path(env).ok_or_else(|| {
                    ConfigError::at(
                        "image.path",
                        "no default image location: neither XDG_DATA_HOME nor HOME is set; \
                         set `image.path` (or pass --image)",
                    )
                })?,
            };
            Ok(ImageBackend::Embedded { path })
        }
        "gemstone" => {
            validate_gemstone(raw, base, env).map(|s| ImageBackend::GemStone(Box::new(s)))
        }
        other => Err(ConfigError::at(
            "image.backend",
            format!("`{other}` is not a backend; use `embedded` or `gemstone`"),
        )),
    }
}

fn validate_gemstone(
    raw: RawImage,
    base: &Path,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<GemStoneSettings, ConfigError> {
    if raw.path.is_some() {
        return Err(ConfigError::at(
            "image.path",
            "is the embedded backend's image file; the `gemstone` backend serves the stone \
             named by `image.stone`: remove `path`",
        ));
    }
    let text = |key: &str, v: Option<String>| -> Result<Option<String>, ConfigError> {
        match v {
            Some(v) => check_text(key, &v).map(|()| Some(v.trim().to_string())),
            None => Ok(None),
        }
    };
    let path = |key: &str, v: Option<String>| -> Result<Option<PathBuf>, ConfigError> {
        Ok(text(key, v)?.map(|p| resolve(base, &p)))
    };
    let gemstone = match path("image.gemstone", raw.gemstone)? {
        Some(dir) => Some(dir),
        None => env("GEMSTONE")
            .filter(|v| !v.trim().is_empty())
            .map(PathBuf::from),
    };
    let gemstone = gemstone.ok_or_else(|| {
        ConfigError::at(
            "image.gemstone",
            "is needed to find GemStone's C library: set it to the GemStone installation \
             (the directory holding lib/libgcits-<version>-64.so), or set GEMSTONE in the \
             environment",
        )
    })?;
    let stone = text("image.stone", raw.stone)?.ok_or_else(|| {
        ConfigError::at(
            "image.stone",
            "is required with `backend = \"gemstone\"`: the stone's name, e.g. `gs64stone`",
        )
    })?;
    let user = text("image.user", raw.user)?.ok_or_else(|| {
        ConfigError::at(
            "image.user",
            "is required with `backend = \"gemstone\"`: the GemStone user sessions log in \
             as, e.g. `DataCurator`",
        )
    })?;
    let password = password_source(
        "image.password_env",
        raw.password_env,
        "image.password_file",
        raw.password_file,
        base,
    )?
    .ok_or_else(|| {
        ConfigError::at(
            "image.password_env",
            "or `image.password_file` is required with `backend = \"gemstone\"`: name the \
             environment variable or the file holding the user's password (never the \
             password itself)",
        )
    })?;
    let password_kind = match raw.password_kind.as_deref() {
        None | Some("password") => PasswordKind::Password,
        Some("one-time") => PasswordKind::OneTime,
        Some("jwt") => PasswordKind::Jwt,
        Some(other) => {
            return Err(ConfigError::at(
                "image.password_kind",
                format!("`{other}` is not a kind of password; use `password`, `one-time` or `jwt`"),
            ));
        }
    };
    let host_password = password_source(
        "image.host_password_env",
        raw.host_password_env,
        "image.host_password_file",
        raw.host_password_file,
        base,
    )?;
    let host_login = match (text("image.host_user", raw.host_user)?, host_password) {
        (Some(user), Some(source)) => Some((user, source)),
        (None, None) => None,
        (Some(_), None) => {
            return Err(ConfigError::at(
                "image.host_user",
                "needs `image.host_password_env` or `image.host_password_file` too",
            ));
        }
        (None, Some(_)) => {
            return Err(ConfigError::at(
                "image.host_user",
                "is missing: a host password is set without the host account it is for",
            ));
        }
    };
    let login_concurrency = match raw.login_concurrency {
        None => DEFAULT_LOGIN_CONCURRENCY,
        Some(n @ 1..=1024) => n as usize,
        Some(n) => {
            return Err(ConfigError::at(
                "image.login_concurrency",
                format!("{n} is out of range; use 1 to 1024 (default {DEFAULT_LOGIN_CONCURRENCY})"),
            ));
        }
    };
    Ok(GemStoneSettings {
        gemstone,
        version: text("image.version", raw.version)?,
        stone,
        host: text("image.host", raw.host)?
            .map(|h| check_host("image.host", &h))
            .transpose()?,
        netldi: text("image.netldi", raw.netldi)?,
        user,
        password,
        password_kind,
        host_login,
        login_concurrency,
    })
}

/// A secret named by an environment variable or a file, one or neither.
fn password_source(
    env_key: &str,
    env_name: Option<String>,
    file_key: &str,
    file: Option<String>,
    base: &Path,
) -> Result<Option<PasswordSource>, ConfigError> {
    match (env_name, file) {
        (Some(_), Some(_)) => Err(ConfigError::at(
            file_key,
            format!("and `{env_key}` are both set; keep one"),
        )),
        (Some(name), None) => {
            check_text(env_key, &name)?;
            Ok(Some(PasswordSource::Env(name.trim().to_string())))
        }
        (None, Some(file)) => {
            check_text(file_key, &file)?;
            Ok(Some(PasswordSource::File(resolve(base, file.trim()))))
        }
        (None, None) => Ok(None),
    }
}

fn validate_sessions(raw: Option<RawSessions>) -> Result<SessionLifetime, ConfigError> {
    let d = SessionLifetime::default();
    let Some(r) = raw else { return Ok(d) };
    let s = SessionLifetime {
        idle_timeout: secs(r.idle_timeout_secs, d.idle_timeout),
        streamless_idle_timeout: secs(r.streamless_idle_timeout_secs, d.streamless_idle_timeout),
        stream_loss_grace: r
            .stream_loss_grace_secs
            .map_or(d.stream_loss_grace, Duration::from_secs),
        absolute_timeout: secs(r.absolute_timeout_secs, d.absolute_timeout),
        request_timeout: secs(r.request_timeout_secs, d.request_timeout),
        liveness_probe_after: None,
    };
    let s = SessionLifetime {
        liveness_probe_after: match r.liveness_probe_after_secs {
            None => crate::default_probe(s.idle_timeout),
            Some(v) => secs(Some(v), None),
        },
        ..s
    };
    check_probe(&s).map_err(|m| ConfigError::at("sessions.liveness_probe_after_secs", m))?;
    Ok(s)
}

fn validate_tasks(raw: Option<RawTasks>) -> Result<TaskLimits, ConfigError> {
    let d = TaskLimits::default();
    let Some(r) = raw else { return Ok(d) };
    let count = |key: &str, value: Option<u64>, default: usize| match value {
        None => Ok(default),
        Some(0) => Err(ConfigError::at(
            key,
            format!(
                "0 would keep no task, so none could start; give at least 1 (default {default})"
            ),
        )),
        Some(n) => Ok(usize::try_from(n).unwrap_or(usize::MAX)),
    };
    let t = TaskLimits {
        max: count("tasks.max", r.max, d.max)?,
        max_unfinished_per_caller: count(
            "tasks.max_unfinished_per_caller",
            r.max_unfinished_per_caller,
            d.max_unfinished_per_caller,
        )?,
        ttl: match r.ttl_secs {
            None => d.ttl,
            Some(s) if s < 10 => {
                return Err(ConfigError::at(
                    "tasks.ttl_secs",
                    format!(
                        "{s} s is too short for a client to poll a task even once; give at least \
                         10 (default {})",
                        d.ttl.as_secs()
                    ),
                ));
            }
            Some(s) => Duration::from_secs(s),
        },
        total_bytes: match r.total_bytes {
            None => d.total_bytes,
            Some(b) if b < 1 << 20 => {
                return Err(ConfigError::at(
                    "tasks.total_bytes",
                    format!(
                        "{b} would leave no room for an ordinary task's result; give at least \
                         1048576, 1 MiB (default {})",
                        d.total_bytes
                    ),
                ));
            }
            Some(b) => usize::try_from(b).unwrap_or(usize::MAX),
        },
    };
    if t.max_unfinished_per_caller > t.max {
        return Err(ConfigError::at(
            "tasks.max_unfinished_per_caller",
            format!(
                "{} is more than tasks.max ({}); lower it, or raise tasks.max",
                t.max_unfinished_per_caller, t.max
            ),
        ));
    }
    Ok(t)
}

fn validate_http(raw: Option<RawHttp>, base: &Path) -> Result<HttpSettings, ConfigError> {
    let mut h = HttpSettings::default();
    let Some(r) = raw else { return Ok(h) };
    if let Some(b) = r.body_limit_bytes {
        if b < 1024 {
            return Err(ConfigError::at(
                "http.body_limit_bytes",
                format!(
                    "{b} is too small for any MCP message; give at least 1024 (default 4194304)"
                ),
            ));
        }
        h.body_limit = usize::try_from(b).unwrap_or(usize::MAX);
    }
    if let Some(m) = r.max_sessions {
        if m == 0 {
            return Err(ConfigError::at(
                "http.max_sessions",
                "0 would refuse every client; give at least 1 (default 1000)",
            ));
        }
        h.max_sessions = usize::try_from(m).unwrap_or(usize::MAX);
    }
    if let Some(m) = r.max_sessions_per_caller {
        h.max_sessions_per_caller = (m > 0).then(|| usize::try_from(m).unwrap_or(usize::MAX));
    }
    if let Some(m) = r.max_connections {
        if m == 0 {
            return Err(ConfigError::at(
                "http.max_connections",
                "0 would refuse every client; give at least 1 (default 4096)",
            ));
        }
        h.max_connections = usize::try_from(m).unwrap_or(usize::MAX);
    }
    if let Some(m) = r.max_connections_per_address {
        h.max_connections_per_address = (m > 0).then(|| usize::try_from(m).unwrap_or(usize::MAX));
    }
    match r.total_body_bytes {
        Some(t) => h.total_body_bytes = usize::try_from(t).unwrap_or(usize::MAX),
        // Room for at least one largest body.
        None => h.total_body_bytes = h.total_body_bytes.max(h.body_limit),
    }
    if h.total_body_bytes < h.body_limit {
        return Err(ConfigError::at(
            "http.total_body_bytes",
            format!(
                "{} is less than one request's body may be (http.body_limit_bytes = {}); give \
                 at least that (default 268435456, 256 MiB)",
                h.total_body_bytes, h.body_limit
            ),
        ));
    }
    if let Some(t) = r.total_subscription_bytes {
        h.total_subscription_bytes = usize::try_from(t).unwrap_or(usize::MAX);
    }
    for (i, host) in r
        .allowed_origin_hosts
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        h.allowed_origin_hosts.push(check_host(
            &format!("http.allowed_origin_hosts[{i}]"),
            host,
        )?);
    }
    for (i, host) in r.allowed_hosts.unwrap_or_default().iter().enumerate() {
        h.allowed_hosts
            .push(check_host(&format!("http.allowed_hosts[{i}]"), host)?);
    }
    if let Some(v) = r.request_state_key {
        let key = "http.request_state_key";
        h.request_state_key = match setting_value(key, v, base)? {
            SettingValue::From(source) => Some(source),
            SettingValue::Inline(_) => {
                return Err(ConfigError::at(
                    key,
                    "is a secret, so it is never written inline; read it from an environment \
                     variable or a file: `{ env = \"GS_MCP_STATE_KEY\" }` or `{ file = \"path\" }`",
                ));
            }
        };
    }
    Ok(h)
}

fn validate_engine(raw: Option<RawEngine>) -> Result<EngineSettings, ConfigError> {
    let mut e = EngineSettings::default();
    let Some(r) = raw else { return Ok(e) };
    if let Some(n) = r.max_instances {
        if n == 0 || n > u64::from(MAX_ENGINE_INSTANCES) {
            return Err(ConfigError::at(
                "engine.max_instances",
                format!(
                    "{n} is out of range; give 1 to {MAX_ENGINE_INSTANCES} instances (default \
                     1000; each session holds one per WebAssembly toolset it uses, and each \
                     reserves address space up front)"
                ),
            ));
        }
        e.max_instances = u32::try_from(n).unwrap_or(MAX_ENGINE_INSTANCES);
    }
    if let Some(m) = r.max_memory_bytes {
        if !(65536..=(4 << 30)).contains(&m) {
            return Err(ConfigError::at(
                "engine.max_memory_bytes",
                format!(
                    "{m} is out of range; give 65536 (one WebAssembly page) to 4294967296 \
                     (4 GiB, the most a 32-bit memory can address) bytes (default 1073741824, \
                     1 GiB)"
                ),
            ));
        }
        e.max_memory = usize::try_from(m).unwrap_or(usize::MAX);
    }
    if let Some(t) = r.epoch_tick_ms {
        if !(1..=1000).contains(&t) {
            return Err(ConfigError::at(
                "engine.epoch_tick_ms",
                format!(
                    "{t} is out of range; give 1 to 1000 milliseconds (default 10; a stopped \
                     call overshoots its deadline by about this much)"
                ),
            ));
        }
        e.epoch_tick = Duration::from_millis(t);
    }
    if let Some(m) = r.total_memory_bytes {
        if m < (1 << 20) {
            return Err(ConfigError::at(
                "engine.total_memory_bytes",
                format!(
                    "{m} is too small for any plug-in; give at least 1048576 (1 MiB) bytes \
                     (default 4294967296, 4 GiB, shared by all plug-in instances)"
                ),
            ));
        }
        e.total_memory = usize::try_from(m).unwrap_or(usize::MAX);
    }
    if let Some(b) = r.disk_reserve_bytes {
        e.disk_reserve = b;
    }
    if let Some(n) = r.max_descriptors {
        if n < 16 {
            return Err(ConfigError::at(
                "engine.max_descriptors",
                format!(
                    "{n} is too few for a plug-in to open its granted directories; give at \
                     least 16 (leave it out for half the server's descriptor limit)"
                ),
            ));
        }
        e.max_descriptors = Some(usize::try_from(n).unwrap_or(usize::MAX));
    }
    if let Some(m) = r.max_component_bytes {
        if !(1024..=(1 << 30)).contains(&m) {
            return Err(ConfigError::at(
                "engine.max_component_bytes",
                format!(
                    "{m} is out of range; give 1024 to 1073741824 (1 GiB) bytes (default \
                     67108864, 64 MiB)"
                ),
            ));
        }
        e.max_component_bytes = m;
    }
    if let Some(n) = r.long_call_lanes {
        if !(1..=1024).contains(&n) {
            return Err(ConfigError::at(
                "engine.long_call_lanes",
                format!(
                    "{n} is out of range; give 1 to 1024 (leave it out for one fewer than the \
                     machine's processors)"
                ),
            ));
        }
        e.long_call_lanes = Some(n as usize);
    }
    if let Some(b) = r.client_backtraces {
        e.client_backtraces = b;
    }
    Ok(e)
}

fn validate_memory_ceiling(raw: Option<u64>) -> Result<usize, ConfigError> {
    match raw {
        None => Ok(crate::DEFAULT_MEMORY_CEILING),
        Some(m) if m < (16 << 20) => Err(ConfigError::at(
            "memory_ceiling_bytes",
            format!(
                "{m} is too small to run Smalltalk; give at least 16777216 (16 MiB) bytes \
                 (default 4294967296, 4 GiB, shared by the objects of all sessions)"
            ),
        )),
        Some(m) => Ok(usize::try_from(m).unwrap_or(usize::MAX)),
    }
}

fn validate_toolset(
    i: usize,
    t: RawToolset,
    base: &Path,
    engine: &EngineSettings,
) -> Result<ToolsetEntry, ConfigError> {
    let key = |k: &str| format!("toolset[{i}].{k}");
    let source = match (t.builtin, t.path) {
        (Some(true), None) => {
            for (k, present) in [
                ("sha256", t.sha256.is_some()),
                ("grants", t.grants.is_some()),
                ("preopen", t.preopen.is_some()),
                ("net", t.net.is_some()),
                ("limits", t.limits.is_some()),
                ("config", t.config.is_some()),
            ] {
                if present {
                    return Err(ConfigError::at(
                        key(k),
                        "applies only to WebAssembly toolsets (`path = …`); the built-in \
                         toolset is not sandboxed, so remove it",
                    ));
                }
            }
            ToolsetSource::Builtin
        }
        (Some(true), Some(_)) => {
            return Err(ConfigError::at(
                key("path"),
                "an entry is either `builtin = true` or `path = \"x.wasm\"`, not both; \
                 split it into two entries",
            ));
        }
        (_, Some(p)) => {
            check_text(&key("path"), &p)?;
            let sha256 = match t.sha256 {
                None => None,
                Some(d) => {
                    let d = d.trim().to_ascii_lowercase();
                    if d.len() != 64 || !d.chars().all(|c| c.is_ascii_hexdigit()) {
                        return Err(ConfigError::at(
                            key("sha256"),
                            format!(
                                "`{d}` is not a SHA-256 digest; give 64 hex digits, as \
                                 `sha256sum {p}` prints them"
                            ),
                        ));
                    }
                    Some(d)
                }
            };
            ToolsetSource::Wasm {
                path: resolve(base, &p),
                sha256,
            }
        }
        (_, None) => {
            return Err(ConfigError::at(
                format!("toolset[{i}]"),
                "says neither where the toolset comes from; add `builtin = true` or \
                 `path = \"x.wasm\"`",
            ));
        }
    };

    let mut grants = Vec::new();
    for (j, g) in t.grants.unwrap_or_default().into_iter().enumerate() {
        if !GRANTS.contains(&g.as_str()) {
            return Err(ConfigError::at(
                key(&format!("grants[{j}]")),
                format!(
                    "`{g}` is not a grant; valid grants are {} (directories go in `preopen`, HTTP origins in `net`)",
                    GRANTS.map(|n| format!("`{n}`")).join(", ")
                ),
            ));
        }
        if !grants.contains(&g) {
            grants.push(g);
        }
    }

    let mut preopen = Vec::new();
    for (j, p) in t.preopen.unwrap_or_default().into_iter().enumerate() {
        let pk = |k: &str| key(&format!("preopen[{j}].{k}"));
        check_text(&pk("host"), &p.host)?;
        if !p.guest.starts_with('/') {
            return Err(ConfigError::at(
                pk("guest"),
                format!(
                    "`{}` is not absolute; write the guest path like `/data`",
                    p.guest
                ),
            ));
        }
        let writable = match p.mode.as_deref().unwrap_or("ro") {
            "ro" => false,
            "rw" => true,
            other => {
                return Err(ConfigError::at(
                    pk("mode"),
                    format!("`{other}` is not a mode; use `ro` (read-only, the default) or `rw`"),
                ));
            }
        };
        preopen.push(Preopen {
            host: resolve(base, &p.host),
            guest: p.guest,
            writable,
        });
    }

    let mut net: Vec<NetOrigin> = Vec::new();
    for (j, text) in t.net.unwrap_or_default().into_iter().enumerate() {
        let origin =
            NetOrigin::parse(&text).map_err(|e| ConfigError::at(key(&format!("net[{j}]")), e))?;
        if !net.contains(&origin) {
            net.push(origin);
        }
    }

    let mut limits = ToolsetLimits::default();
    if let Some(l) = t.limits {
        if let Some(m) = l.memory_bytes {
            if m < 65536 {
                return Err(ConfigError::at(
                    key("limits.memory_bytes"),
                    format!(
                        "{m} is below one WebAssembly page; give at least 65536 (default 67108864, 64 MiB)"
                    ),
                ));
            }
            if m > engine.max_memory as u64 {
                return Err(ConfigError::at(
                    key("limits.memory_bytes"),
                    format!(
                        "{m} is more than the engine allows any plug-in ({}, \
                         `engine.max_memory_bytes`); lower it or raise `engine.max_memory_bytes`",
                        engine.max_memory
                    ),
                ));
            }
            limits.memory = Some(usize::try_from(m).unwrap_or(usize::MAX));
        }
        if let Some(d) = l.deadline_ms {
            if d == 0 {
                return Err(ConfigError::at(
                    key("limits.deadline_ms"),
                    "0 would stop every call at once; give milliseconds such as 30000 \
                     (leave it out for the default 30 s)",
                ));
            }
            limits.deadline = Some(Duration::from_millis(d));
        }
        if let Some(o) = l.output_bytes {
            if o == 0 {
                return Err(ConfigError::at(
                    key("limits.output_bytes"),
                    "0 would refuse every result; give bytes such as 4194304 (the default)",
                ));
            }
            limits.output = Some(usize::try_from(o).unwrap_or(usize::MAX));
        }
        if let Some(n) = l.net_response_bytes {
            if n == 0 {
                return Err(ConfigError::at(
                    key("limits.net_response_bytes"),
                    "0 would refuse every HTTP response; give bytes such as 8388608 (the default)",
                ));
            }
            limits.net_response = Some(usize::try_from(n).unwrap_or(usize::MAX));
        }
        if let Some(d) = l.disk_bytes {
            if d < 4096 {
                return Err(ConfigError::at(
                    key("limits.disk_bytes"),
                    format!(
                        "{d} is below one 4 KiB block, which each file and directory takes \
                         at least; give bytes such as 1073741824 (the default, 1 GiB)"
                    ),
                ));
            }
            limits.disk = Some(d);
        }
    }

    let tools = match t.tools {
        None => None,
        Some(list) => {
            if list.is_empty() {
                return Err(ConfigError::at(
                    key("tools"),
                    "is empty, which would expose nothing; list tools or remove the entry",
                ));
            }
            let mut seen: Vec<String> = Vec::new();
            for (j, name) in list.into_iter().enumerate() {
                check_text(&key(&format!("tools[{j}]")), &name)?;
                if seen.contains(&name) {
                    return Err(ConfigError::at(
                        key(&format!("tools[{j}]")),
                        format!("`{name}` is listed twice; list each tool once"),
                    ));
                }
                seen.push(name);
            }
            Some(seen)
        }
    };

    let scopes = check_scopes(&key("scopes"), &t.scopes.unwrap_or_default())?;
    let mut tool_scopes = Vec::new();
    for (tool, list) in t.tool_scopes.unwrap_or_default() {
        let k = key(&format!("tool_scopes.{tool}"));
        check_text(&k, &tool)?;
        tool_scopes.push((tool, check_scopes(&k, &list)?));
    }

    let mut config = Vec::new();
    for (name, value) in t.config.unwrap_or_default() {
        let k = key(&format!("config.{name}"));
        config.push((name, setting_value(&k, value, base)?));
    }

    Ok(ToolsetEntry {
        source,
        grants,
        preopen,
        net,
        limits,
        tools,
        scopes,
        tool_scopes,
        config,
    })
}

/// One `[toolset.config]` value: a string, integer, float or boolean
/// written inline, or `{ env = "NAME" }` / `{ file = "path" }`. Whether
/// the key is one the toolset declares, and of which type, the toolset
/// host checks when it loads the toolset.
fn setting_value(key: &str, value: toml::Value, base: &Path) -> Result<SettingValue, ConfigError> {
    let inline = |kind, text: String| Ok(SettingValue::Inline(InlineValue { kind, text }));
    let form = "write a string, an integer, a number, a boolean, `{ env = \"NAME\" }` or \
                `{ file = \"path\" }`";
    match value {
        toml::Value::String(v) => {
            if v.chars().any(char::is_control) {
                return Err(ConfigError::at(
                    key,
                    "contains a control character; use printable text, or read the value \
                     from a file with `{ file = \"path\" }`",
                ));
            }
            inline(InlineKind::String, v)
        }
        toml::Value::Integer(v) => inline(InlineKind::Integer, v.to_string()),
        toml::Value::Float(v) if v.is_finite() => inline(InlineKind::Float, v.to_string()),
        toml::Value::Float(_) => Err(ConfigError::at(
            key,
            "is not a finite number; write a number such as `1.5`",
        )),
        toml::Value::Boolean(v) => inline(InlineKind::Boolean, v.to_string()),
        toml::Value::Table(t) => {
            let mut entries = t.into_iter();
            let (Some((source, toml::Value::String(at))), None) = (entries.next(), entries.next())
            else {
                return Err(ConfigError::at(
                    key,
                    format!("is a table other than a reference; {form}"),
                ));
            };
            match source.as_str() {
                "env" => {
                    check_text(&format!("{key}.env"), &at)?;
                    Ok(SettingValue::From(PasswordSource::Env(
                        at.trim().to_string(),
                    )))
                }
                "file" => {
                    check_text(&format!("{key}.file"), &at)?;
                    Ok(SettingValue::From(PasswordSource::File(resolve(
                        base,
                        at.trim(),
                    ))))
                }
                other => Err(ConfigError::at(
                    key,
                    format!("reads from `{other}`, which is not a source; {form}"),
                )),
            }
        }
        toml::Value::Array(_) | toml::Value::Datetime(_) => Err(ConfigError::at(
            key,
            format!("is not a setting's value; {form}"),
        )),
    }
}

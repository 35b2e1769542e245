//! The file as written: serde structures that refuse unknown keys, and the
//! validation that turns them into a [`Config`] with defaults filled in,
//! naming the key, the bad value and the fix for anything it refuses.

mod auth;
mod engine;
mod image;
mod serving;
mod toolset;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::{
    Config, ConfigError, Identity, ImageBackend, InlineKind, InlineValue, PasswordKind,
    PasswordSource, SettingValue, TlsConfig, ToolsetEntry, ToolsetLimits, ToolsetSource, Trace,
};

use auth::{RawAuth, validate_auth};
use engine::{RawEngine, validate_engine};
use image::{RawImage, validate_image, validate_max_uncommitted, validate_max_uncommitted_total};
use serving::{RawHttp, RawSessions, RawTasks, validate_http, validate_sessions, validate_tasks};
use toolset::{RawToolset, validate_toolset};

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrace {
    enabled: Option<bool>,
    limit: Option<u64>,
}

/// A toml error as one line: where, the key it is about, what, and the fix.
pub(crate) fn describe_toml_error(e: &toml::de::Error, text: &str) -> String {
    let message = e.message().trim_end();
    let fix = if message.starts_with("unknown field") {
        "; remove the key or correct its spelling (toolsets.example.toml lists every key)"
    } else if message.starts_with("invalid type") || message.starts_with("invalid value") {
        "; give the value the type the key documents (toolsets.example.toml shows each)"
    } else if message.starts_with("missing field") {
        "; add the key (toolsets.example.toml shows each)"
    } else {
        ""
    };
    // An unknown field's key is the table holding it.
    let key = error_key(e)
        .map(|k| match message.starts_with("unknown field") {
            true => format!("in `{k}`: "),
            false => format!("`{k}`: "),
        })
        .unwrap_or_default();
    match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            // A syntax error names no key: the line itself shows which.
            // (An unknown field names itself.)
            let shown = if key.is_empty() && !message.starts_with("unknown field") {
                text.lines()
                    .nth(line - 1)
                    .map(|l| l.trim())
                    .filter(|l| !l.is_empty())
                    .map(|l| {
                        let cut: String = l.chars().take(60).collect();
                        let more = if cut.len() < l.len() { "…" } else { "" };
                        format!(" (`{cut}{more}`)")
                    })
                    .unwrap_or_default()
            } else {
                String::new()
            };
            format!("line {line}, column {column}{shown}: {key}{message}{fix}")
        }
        None => format!("{key}{message}{fix}"),
    }
}

/// The dotted key a deserialisation error is about, when toml knows it.
/// toml keeps it private but prints it, as `in `key``, when the error
/// shows no excerpt of the file.
fn error_key(e: &toml::de::Error) -> Option<String> {
    let mut bare = e.clone();
    bare.set_input(None);
    let shown = bare.to_string();
    let key = shown
        .lines()
        .find_map(|l| l.strip_prefix("in `")?.strip_suffix('`'))?;
    (!key.is_empty()).then(|| key.to_string())
}

/// The longest duration any `*_secs` key takes: a year. Nothing needs
/// more (0 turns a timeout off), and far past it a deadline computed from
/// the present overflows the clock.
pub(crate) const MAX_SECS: u64 = 365 * 24 * 60 * 60;

/// Refuses a number of seconds past [`MAX_SECS`] for `key`.
pub(crate) fn check_secs(key: &str, v: u64) -> Result<u64, ConfigError> {
    if v > MAX_SECS {
        return Err(ConfigError::at(
            key,
            format!(
                "{v} s is longer than the {MAX_SECS} s (one year) any duration may be; give at \
                 most {MAX_SECS}, or 0 where 0 turns it off"
            ),
        ));
    }
    Ok(v)
}

fn secs(
    key: &str,
    v: Option<u64>,
    default: Option<Duration>,
) -> Result<Option<Duration>, ConfigError> {
    Ok(match v {
        None => default,
        Some(0) => None,
        Some(n) => Some(Duration::from_secs(check_secs(key, n)?)),
    })
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

        let max_uncommitted_bytes = validate_max_uncommitted(self.image.as_ref())?;
        let max_uncommitted_total_bytes =
            validate_max_uncommitted_total(self.image.as_ref(), max_uncommitted_bytes)?;
        let image = validate_image(self.image, base, env)?;
        let sessions = validate_sessions(self.sessions)?;
        let tasks = validate_tasks(self.tasks)?;
        let mut http = validate_http(self.http, base)?;

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
        // The audience is the server's own public URL: requests naming its
        // host are to this server, whatever `http.allowed_hosts` lists.
        if let Some(host) = auth.as_ref().and_then(|a| url_host(&a.audience))
            && !http.allowed_hosts.contains(&host)
        {
            http.allowed_hosts.push(host);
        }
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
            max_uncommitted_bytes,
            max_uncommitted_total_bytes,
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
/// The host of an `http(s)://` URL, lower-cased, without its port (an
/// IPv6 address keeps its brackets, as a Host header writes it).
fn url_host(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split(['/', '?']).next()?;
    let authority = authority.rsplit_once('@').map_or(authority, |(_, a)| a);
    let host = match authority.strip_prefix('[') {
        Some(v6) => format!("[{}]", v6.split_once(']')?.0),
        None => authority.split(':').next()?.to_string(),
    };
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

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

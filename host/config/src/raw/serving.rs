//! The `[sessions]`, `[tasks]` and `[http]` sections: how long sessions and tasks live and what the transport accepts.

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use crate::{ConfigError, HttpSettings, SessionLifetime, SettingValue, TaskLimits, check_probe};

use super::{check_host, check_secs, secs, setting_value};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSessions {
    idle_timeout_secs: Option<u64>,
    streamless_idle_timeout_secs: Option<u64>,
    stream_loss_grace_secs: Option<u64>,
    absolute_timeout_secs: Option<u64>,
    request_timeout_secs: Option<u64>,
    liveness_probe_after_secs: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTasks {
    max: Option<u64>,
    max_unfinished_per_caller: Option<u64>,
    ttl_secs: Option<u64>,
    total_bytes: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawHttp {
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

pub(super) fn validate_sessions(raw: Option<RawSessions>) -> Result<SessionLifetime, ConfigError> {
    let d = SessionLifetime::default();
    let Some(r) = raw else { return Ok(d) };
    let s = SessionLifetime {
        idle_timeout: secs(
            "sessions.idle_timeout_secs",
            r.idle_timeout_secs,
            d.idle_timeout,
        )?,
        streamless_idle_timeout: secs(
            "sessions.streamless_idle_timeout_secs",
            r.streamless_idle_timeout_secs,
            d.streamless_idle_timeout,
        )?,
        stream_loss_grace: match r.stream_loss_grace_secs {
            None => d.stream_loss_grace,
            Some(v) => Duration::from_secs(check_secs("sessions.stream_loss_grace_secs", v)?),
        },
        absolute_timeout: secs(
            "sessions.absolute_timeout_secs",
            r.absolute_timeout_secs,
            d.absolute_timeout,
        )?,
        request_timeout: secs(
            "sessions.request_timeout_secs",
            r.request_timeout_secs,
            d.request_timeout,
        )?,
        liveness_probe_after: None,
    };
    let s = SessionLifetime {
        liveness_probe_after: match r.liveness_probe_after_secs {
            None => crate::default_probe(s.idle_timeout),
            Some(v) => secs("sessions.liveness_probe_after_secs", Some(v), None)?,
        },
        ..s
    };
    check_probe(&s).map_err(|m| ConfigError::at("sessions.liveness_probe_after_secs", m))?;
    Ok(s)
}

pub(super) fn validate_tasks(raw: Option<RawTasks>) -> Result<TaskLimits, ConfigError> {
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
            Some(s) => Duration::from_secs(check_secs("tasks.ttl_secs", s)?),
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

pub(super) fn validate_http(
    raw: Option<RawHttp>,
    base: &Path,
) -> Result<HttpSettings, ConfigError> {
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

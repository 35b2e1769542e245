//! Each `[[toolset]]`: where it comes from, its grants, limits, scopes and settings.

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use crate::{
    ConfigError, EngineSettings, GRANTS, NetOrigin, Preopen, ToolsetEntry, ToolsetLimits,
    ToolsetSource,
};

use super::{check_scopes, check_text, resolve, setting_value};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawToolset {
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
pub(super) struct RawPreopen {
    host: String,
    guest: String,
    mode: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLimits {
    memory_bytes: Option<u64>,
    deadline_ms: Option<u64>,
    output_bytes: Option<u64>,
    net_response_bytes: Option<u64>,
    disk_bytes: Option<u64>,
}

/// The key of one entry's field, such as `toolset[2].limits.deadline_ms`.
type Key = dyn Fn(&str) -> String;

pub(super) fn validate_toolset(
    i: usize,
    t: RawToolset,
    base: &Path,
    engine: &EngineSettings,
) -> Result<ToolsetEntry, ConfigError> {
    let key = move |k: &str| format!("toolset[{i}].{k}");
    let source = source(&key, &t, base)?;
    let grants = grants(&key, t.grants.unwrap_or_default())?;
    let preopen = preopens(&key, t.preopen.unwrap_or_default(), base)?;
    let net = net_origins(&key, t.net.unwrap_or_default())?;
    let limits = match t.limits {
        None => ToolsetLimits::default(),
        Some(l) => limits(&key, l, engine)?,
    };
    let tools = t.tools.map(|list| tool_list(&key, list)).transpose()?;

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

/// Where the toolset comes from: the built-in one (which takes none of a
/// plug-in's keys) or a WebAssembly file, with its digest if pinned.
fn source(key: &Key, t: &RawToolset, base: &Path) -> Result<ToolsetSource, ConfigError> {
    Ok(match (t.builtin, t.path.clone()) {
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
            let sha256 = match t.sha256.clone() {
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
                key("").trim_end_matches('.').to_string(),
                "says neither where the toolset comes from; add `builtin = true` or \
                 `path = \"x.wasm\"`",
            ));
        }
    })
}

/// The grants, each one the host knows, each once.
fn grants(key: &Key, list: Vec<String>) -> Result<Vec<String>, ConfigError> {
    let mut grants = Vec::new();
    for (j, g) in list.into_iter().enumerate() {
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
    Ok(grants)
}

/// The directories the plug-in sees: an absolute guest path each, read-only
/// unless `rw`.
fn preopens(key: &Key, list: Vec<RawPreopen>, base: &Path) -> Result<Vec<Preopen>, ConfigError> {
    let mut preopen = Vec::new();
    for (j, p) in list.into_iter().enumerate() {
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
    Ok(preopen)
}

/// The HTTP origins the plug-in may reach, each once.
fn net_origins(key: &Key, list: Vec<String>) -> Result<Vec<NetOrigin>, ConfigError> {
    let mut net: Vec<NetOrigin> = Vec::new();
    for (j, text) in list.into_iter().enumerate() {
        let origin =
            NetOrigin::parse(&text).map_err(|e| ConfigError::at(key(&format!("net[{j}]")), e))?;
        if !net.contains(&origin) {
            net.push(origin);
        }
    }
    Ok(net)
}

/// The plug-in's own limits, each within what the engine allows.
fn limits(key: &Key, l: RawLimits, engine: &EngineSettings) -> Result<ToolsetLimits, ConfigError> {
    let mut limits = ToolsetLimits::default();
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
        if d > super::MAX_SECS * 1000 {
            return Err(ConfigError::at(
                key("limits.deadline_ms"),
                format!(
                    "{d} ms is longer than the year any duration may be; give at most {} \
                     (leave it out for the default 30 s)",
                    super::MAX_SECS * 1000
                ),
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
    Ok(limits)
}

/// The tools offered, when only some are: each named once, and at least one.
fn tool_list(key: &Key, list: Vec<String>) -> Result<Vec<String>, ConfigError> {
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
    Ok(seen)
}

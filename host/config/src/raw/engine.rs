//! The `[engine]` section: the WebAssembly engine's pools and ceilings.

use std::time::Duration;

use serde::Deserialize;

use crate::{ConfigError, EngineSettings, MAX_ENGINE_INSTANCES};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEngine {
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

pub(super) fn validate_engine(raw: Option<RawEngine>) -> Result<EngineSettings, ConfigError> {
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

//! The on-disk cache of compiled components.
//!
//! Compiling a component with Cranelift takes from milliseconds to seconds;
//! loading a serialised artefact takes microseconds. An entry is keyed by
//! the SHA-256 of the component file and a hash of the engine's
//! compilation settings (wasmtime version, target, tunables), so a changed
//! file or an upgraded host never loads a stale artefact. Entries are
//! written to a temporary file and renamed into place, so a crash never
//! leaves a half-written entry under a valid name.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use wasmtime::Engine;
use wasmtime::component::Component;

/// A hash of everything in `engine` that affects compiled code.
pub(crate) fn engine_key(engine: &Engine) -> String {
    // `DefaultHasher::new()` uses fixed keys, so the value is stable across
    // runs of the same binary, which is all the cache needs: another build
    // of gs-mcp may hash differently and merely recompile once.
    let mut hasher = std::hash::DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// The SHA-256 of `bytes` as 64 lowercase hex digits.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The cache entry's path for a component of digest `sha256`.
fn entry_path(dir: &Path, sha256: &str, engine_key: &str) -> PathBuf {
    dir.join(format!("{sha256}-{engine_key}.cwasm"))
}

/// Loads the cached artefact for `sha256`, if there is a usable one.
///
/// A missing, unreadable or incompatible entry answers `None` (and the
/// caller recompiles and overwrites it): the cache only ever saves time.
pub(crate) fn load(engine: &Engine, dir: &Path, sha256: &str) -> Option<Component> {
    let path = entry_path(dir, sha256, &engine_key(engine));
    // Read into memory rather than map the file: a mapped entry that
    // someone truncates while the server runs would crash it (SIGBUS).
    let bytes = std::fs::read(&path).ok()?;
    // SAFETY: `deserialize` trusts the bytes to be an artefact that
    // wasmtime itself produced. Entries are written only by `store` below,
    // into the operator's cache directory, named after the digest of the
    // component they came from and the engine settings that compiled them;
    // wasmtime also checks its own header (version, target, settings) and
    // refuses a mismatched artefact. The directory must not be writable by
    // anyone the operator does not trust, like the component files
    // themselves.
    unsafe { Component::deserialize(engine, &bytes) }.ok()
}

/// Stores `component`'s compiled artefact for `sha256`. Failure to write
/// is reported to the caller, which treats the cache as best-effort.
pub(crate) fn store(
    engine: &Engine,
    dir: &Path,
    sha256: &str,
    component: &Component,
) -> Result<(), String> {
    let path = entry_path(dir, sha256, &engine_key(engine));
    let bytes = component
        .serialize()
        .map_err(|e| format!("cannot serialise the compiled component: {e}"))?;
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create cache directory {}: {e}", dir.display()))?;
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, &bytes)
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("cannot write cache entry {}: {e}", path.display())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_is_lowercase_hex() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}

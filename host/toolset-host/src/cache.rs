//! The on-disk cache of compiled components.
//!
//! Compiling a component with Cranelift takes from milliseconds to seconds;
//! loading a serialised artefact takes microseconds. An entry is keyed by
//! the SHA-256 of the component file and a hash of the engine's
//! compilation settings (wasmtime version, target, tunables), so a changed
//! file or an upgraded host never loads a stale artefact. Entries are
//! written to a temporary file and renamed into place, so a crash never
//! leaves a half-written entry under a valid name.
//!
//! A `.cwasm` is native code that wasmtime runs as it is, so the cache is
//! authenticated: beside each entry lies its tag, an HMAC-SHA256 under a
//! secret key of the cache (`key`, created on first use, readable by the
//! server's user only) over the component's digest, the engine key and
//! the artefact. An entry is deserialised only when its tag checks out, so
//! an entry copied over another's name, or written by anyone who cannot
//! read the key, is recompiled rather than run.

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

/// The file holding the cache's secret key.
const KEY_FILE: &str = "key";

/// The cache's key: read from `dir`, or created there (0600) when absent.
/// `None` when it can be neither read nor created: the cache is then off.
fn key(dir: &Path) -> Option<Vec<u8>> {
    let path = dir.join(KEY_FILE);
    if let Ok(key) = std::fs::read(&path) {
        return (key.len() == 32).then_some(key);
    }
    let mut key = vec![0u8; 32];
    getrandom::fill(&mut key).ok()?;
    std::fs::create_dir_all(dir).ok()?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options
        .open(&path)
        .and_then(|mut f| std::io::Write::write_all(&mut f, &key));
    match written {
        Ok(()) => Some(key),
        // Another server created it first: use theirs.
        Err(_) => std::fs::read(&path).ok().filter(|k| k.len() == 32),
    }
}

/// HMAC-SHA256 (RFC 2104) of `parts`, concatenated, under `key` (at most
/// one block long).
fn hmac(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut block = [0u8; 64];
    block[..key.len()].copy_from_slice(key);
    let mut inner = Sha256::new();
    inner.update(block.map(|b| b ^ 0x36));
    for part in parts {
        inner.update(part);
    }
    let mut outer = Sha256::new();
    outer.update(block.map(|b| b ^ 0x5c));
    outer.update(inner.finalize());
    outer.finalize().into()
}

/// The tag of an artefact for `sha256` compiled by an engine of
/// `engine_key`.
fn tag(key: &[u8], sha256: &str, engine_key: &str, artefact: &[u8]) -> [u8; 32] {
    hmac(
        key,
        &[
            b"gs-mcp cache v1\0",
            sha256.as_bytes(),
            b"\0",
            engine_key.as_bytes(),
            b"\0",
            artefact,
        ],
    )
}

/// Equality in time independent of where the tags differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn tag_path(entry: &Path) -> PathBuf {
    entry.with_extension("cwasm.tag")
}

/// Loads the cached artefact for `sha256`, if there is a usable one.
///
/// A missing, unreadable, unauthenticated or incompatible entry answers
/// `None` (and the caller recompiles and overwrites it): the cache only
/// ever saves time.
pub(crate) fn load(engine: &Engine, dir: &Path, sha256: &str) -> Option<Component> {
    let engine_key = engine_key(engine);
    let path = entry_path(dir, sha256, &engine_key);
    // Read into memory rather than map the file: a mapped entry that
    // someone truncates while the server runs would crash it (SIGBUS), and
    // the bytes checked must be the bytes deserialised.
    let bytes = std::fs::read(&path).ok()?;
    let recorded = std::fs::read(tag_path(&path)).ok()?;
    let key = key(dir)?;
    if !same(&recorded, &tag(&key, sha256, &engine_key, &bytes)) {
        return None;
    }
    // SAFETY: `deserialize` trusts the bytes to be an artefact that
    // wasmtime itself produced. These are: their tag, an HMAC under the
    // cache's secret key that only `store` below computes, binds them to
    // the digest of the component they were compiled from and to this
    // engine's settings, and was checked just now on the very bytes
    // deserialised. wasmtime also checks its own header (version, target,
    // settings) and refuses a mismatched artefact.
    unsafe { Component::deserialize(engine, &bytes) }.ok()
}

/// Stores `component`'s compiled artefact for `sha256`, with its tag.
/// Failure to write is reported to the caller, which treats the cache as
/// best-effort.
pub(crate) fn store(
    engine: &Engine,
    dir: &Path,
    sha256: &str,
    component: &Component,
) -> Result<(), String> {
    let engine_key = engine_key(engine);
    let path = entry_path(dir, sha256, &engine_key);
    let bytes = component
        .serialize()
        .map_err(|e| format!("cannot serialise the compiled component: {e}"))?;
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create cache directory {}: {e}", dir.display()))?;
    let key = key(dir)
        .ok_or_else(|| format!("cannot read or create {}", dir.join(KEY_FILE).display()))?;
    write_atomically(&tag_path(&path), &tag(&key, sha256, &engine_key, &bytes))?;
    write_atomically(&path, &bytes)
}

/// Writes `bytes` to a temporary file and renames it to `path`.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
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

    #[test]
    fn hmac_matches_rfc_4231_test_case_2() {
        let mac = hmac(b"Jefe", &[b"what do ya want ", b"for nothing?"]);
        let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex,
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}

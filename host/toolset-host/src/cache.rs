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
//!
//! The key is only as good as the hands that can write it: whoever could
//! replace the key file, or write the directory (and so replace the key),
//! could compute valid tags for artefacts of their own. So the cache is
//! used only when its directory and its key belong to the server's
//! effective user and no one else may write them; otherwise the host
//! says why at start, and compiles every toolset at load, storing
//! nothing. The directory is created at start (the server's user's
//! alone), so that where it is is known, its links resolved, before any
//! grant is checked against it; it is opened then, and its files are
//! read and written relative to that descriptor, never through a link.

use std::hash::{Hash, Hasher};
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

use rustix::fs::{AtFlags, Mode, OFlags};

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

/// The file holding the cache's secret key.
const KEY_FILE: &str = "key";

/// Mode bits that let others than the owner write.
const WRITABLE_BY_OTHERS: u32 = 0o022;

/// A host's compiled-artefact cache: its directory, opened once and
/// found to be the server's user's alone, and its key, read (or made)
/// once and found the same.
#[derive(Debug)]
pub(crate) struct Cache {
    /// The directory, its links resolved.
    path: PathBuf,
    dir: OwnedFd,
    key: Vec<u8>,
}

impl Cache {
    /// Opens the cache in `dir`, creating it (and its key) if need be; or
    /// says why it may not be used: a directory or a key that someone
    /// other than the server's user owns or may write.
    pub fn open(dir: &Path) -> Result<Cache, String> {
        let off = "the cache is not used, and every toolset is compiled at load";
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|e| {
                format!(
                    "cannot create the compiled-artefact cache {}: {e}; {off}",
                    dir.display()
                )
            })?;
        let path = std::fs::canonicalize(dir).map_err(|e| {
            format!(
                "cannot find the compiled-artefact cache {}: {e}; {off}",
                dir.display()
            )
        })?;
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let opened = rustix::fs::open(&path, flags, Mode::empty()).map_err(|e| {
            format!(
                "cannot open the compiled-artefact cache {}: {e}; {off}",
                path.display()
            )
        })?;
        let plant = "who could plant native code in it";
        let mend = "make it the server's user's alone";
        untrusted(
            &opened,
            &format!("the compiled-artefact cache {}", dir.display()),
            plant,
        )
        .map_or(Ok(()), |why| {
            Err(format!("{why}: {off}; {mend} (chown, chmod 700)"))
        })?;
        let key = key(&opened).map_err(|why| {
            let key = dir.join(KEY_FILE);
            let why = why.replace("{key}", &key.display().to_string());
            format!(
                "{why}: {off}; delete the key (the server makes a new one) or {mend} (chown, \
                 chmod 600)"
            )
        })?;
        Ok(Cache {
            path,
            dir: opened,
            key,
        })
    }

    /// The directory, its links resolved.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The cache entry's file name for a component of digest `sha256`.
    fn entry_name(sha256: &str, engine_key: &str) -> String {
        format!("{sha256}-{engine_key}.cwasm")
    }

    /// The file `name` of the cache, whole; never through a link.
    fn read(&self, name: &str) -> Option<Vec<u8>> {
        let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let fd = rustix::fs::openat(&self.dir, name, flags, Mode::empty()).ok()?;
        let mut bytes = Vec::new();
        std::fs::File::from(fd).read_to_end(&mut bytes).ok()?;
        Some(bytes)
    }

    /// Writes `bytes` to a temporary file of the cache and renames it to
    /// `name`.
    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), String> {
        let tmp = format!("{name}.tmp{}", std::process::id());
        let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::TRUNC | OFlags::NOFOLLOW;
        let written = rustix::fs::openat(&self.dir, &tmp, flags | OFlags::CLOEXEC, PRIVATE)
            .map_err(std::io::Error::from)
            .and_then(|fd| std::fs::File::from(fd).write_all(bytes))
            .and_then(|()| {
                rustix::fs::renameat(&self.dir, &tmp, &self.dir, name).map_err(Into::into)
            });
        written.map_err(|e| {
            let _ = rustix::fs::unlinkat(&self.dir, &tmp, AtFlags::empty());
            format!(
                "cannot write cache entry {}: {e}",
                self.path.join(name).display()
            )
        })
    }
}

/// The mode the cache's files are made with: the server's user's alone.
const PRIVATE: Mode = Mode::from_raw_mode(0o600);

/// Why what `fd` is (named `what`) may not be trusted, if it may not: it
/// belongs to another user than the server's, or others may write it,
/// who could then do `harm`.
fn untrusted(fd: &OwnedFd, what: &str, harm: &str) -> Option<String> {
    let stat = match rustix::fs::fstat(fd) {
        Ok(stat) => stat,
        Err(e) => return Some(format!("cannot read {what}: {e}")),
    };
    // SAFETY: geteuid has no preconditions and cannot fail.
    let euid = unsafe { libc::geteuid() };
    if stat.st_uid != euid {
        return Some(format!(
            "{what} belongs to uid {}, not to the server's user (uid {euid}), {harm}",
            stat.st_uid
        ));
    }
    let mode = stat.st_mode & 0o7777;
    (mode & WRITABLE_BY_OTHERS != 0)
        .then(|| format!("{what} may be written by others (mode {mode:o}), {harm}"))
}

/// The cache's key, read from the directory `dir`, or made there (0600)
/// when absent; or why the key there may not be used (`{key}` standing
/// for its path).
fn key(dir: &OwnedFd) -> Result<Vec<u8>, String> {
    let what = "the compiled-artefact cache's key {key}";
    let read = |fd: OwnedFd| -> Result<Vec<u8>, String> {
        if let Some(why) = untrusted(&fd, what, "who could forge entries with it") {
            return Err(why);
        }
        let mut key = Vec::new();
        std::fs::File::from(fd)
            .read_to_end(&mut key)
            .map_err(|e| format!("cannot read {what}: {e}"))?;
        if key.len() != 32 {
            return Err(format!("{what} is not a key of 32 bytes"));
        }
        Ok(key)
    };
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    match rustix::fs::openat(dir, KEY_FILE, flags, Mode::empty()) {
        Ok(fd) => return read(fd),
        Err(rustix::io::Errno::NOENT) => {}
        Err(e) => return Err(format!("cannot read {what}: {e}")),
    }
    let mut key = vec![0u8; 32];
    getrandom::fill(&mut key).map_err(|e| format!("cannot make {what}: {e}"))?;
    let create = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW;
    match rustix::fs::openat(dir, KEY_FILE, create | OFlags::CLOEXEC, PRIVATE) {
        Ok(fd) => {
            std::fs::File::from(fd)
                .write_all(&key)
                .map_err(|e| format!("cannot write {what}: {e}"))?;
            Ok(key)
        }
        // Another server made it first: use theirs.
        Err(rustix::io::Errno::EXIST) => read(
            rustix::fs::openat(dir, KEY_FILE, flags, Mode::empty())
                .map_err(|e| format!("cannot read {what}: {e}"))?,
        ),
        Err(e) => Err(format!("cannot make {what}: {e}")),
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

impl Cache {
    /// Loads the cached artefact for `sha256`, if there is a usable one.
    ///
    /// A missing, unreadable, unauthenticated or incompatible entry
    /// answers `None` (and the caller recompiles and overwrites it): the
    /// cache only ever saves time.
    pub fn load(&self, engine: &Engine, sha256: &str) -> Option<Component> {
        let engine_key = engine_key(engine);
        let name = Cache::entry_name(sha256, &engine_key);
        // Read into memory rather than map the file: a mapped entry that
        // someone truncates while the server runs would crash it (SIGBUS),
        // and the bytes checked must be the bytes deserialised.
        let bytes = self.read(&name)?;
        let recorded = self.read(&format!("{name}.tag"))?;
        if !same(&recorded, &tag(&self.key, sha256, &engine_key, &bytes)) {
            return None;
        }
        // SAFETY: `deserialize` trusts the bytes to be an artefact that
        // wasmtime itself produced. These are: their tag, an HMAC under the
        // cache's secret key that only `store` below computes (a key that
        // only the server's user can have written, in a directory only it
        // can write), binds them to the digest of the component they were
        // compiled from and to this engine's settings, and was checked just
        // now on the very bytes deserialised. wasmtime also checks its own
        // header (version, target, settings) and refuses a mismatched
        // artefact.
        unsafe { Component::deserialize(engine, &bytes) }.ok()
    }

    /// Stores `component`'s compiled artefact for `sha256`, with its tag.
    /// Failure to write is reported to the caller, which treats the cache
    /// as best-effort.
    pub fn store(
        &self,
        engine: &Engine,
        sha256: &str,
        component: &Component,
    ) -> Result<(), String> {
        let engine_key = engine_key(engine);
        let name = Cache::entry_name(sha256, &engine_key);
        let bytes = component
            .serialize()
            .map_err(|e| format!("cannot serialise the compiled component: {e}"))?;
        self.write(
            &format!("{name}.tag"),
            &tag(&self.key, sha256, &engine_key, &bytes),
        )?;
        self.write(&name, &bytes)
    }
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

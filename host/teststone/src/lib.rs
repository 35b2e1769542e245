//! The GCI-compatible test stone: **a test double for GemStone, never a
//! production store.** It serves an embedded image (gs-image, run by
//! gs-interp) to any number of clients of `gs-teststone-gci`, the shared
//! library with GemStone's `libgcits` C ABI, over a Unix-domain socket. Each
//! login is a session of its own with its own transaction view, as a gem
//! is, so the GemStone backend, gs-gci and several gs-mcp processes can be
//! tested against one stone where no GemStone is installed.
//!
//! - [`Stone`] runs a stone in this process ([`Stone::start`] with a
//!   [`StoneConfig`]); the `gs-teststone` binary runs one as a process of
//!   its own, and [`StoneProcess`] starts that binary from a test.
//! - A stone is found by name as GemStone's are: it writes
//!   `$GEMSTONE_GLOBAL_DIR/locks/<name>.teststone` ([`lock_file`]) naming
//!   its socket, and the client library reads it at login.
//! - [`Installation::create`] lays out a directory as a GemStone
//!   installation (`lib/libgcits-3.7.5-64.so` and `lib/libnetldi-3.7.5-64.so`,
//!   both the client library), for `gs_gci::Library::open`;
//!   [`client_library`] finds (and builds, when needed) that library.
//! - [`control`] sends a running stone a [`Command`]: drop every
//!   connection, refuse logins, count sessions, stop.
//!
//! `docs/teststone.md` says what it implements and what it does not.
//!
//! **Architecture invariant:** depends on gs-image and gs-interp only (no
//! gs-gci, no router, no broker, no wasmtime); shares the wire protocol
//! with gs-teststone-gci by compiling its `wire.rs`, not by depending on it.

#![cfg(unix)]

mod install;
mod server;
#[allow(missing_docs)]
#[path = "../../teststone-gci/src/wire.rs"]
mod wire;

use std::fmt;
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::Duration;

pub use install::{Installation, StoneProcess, client_library, stone_binary};
pub use server::{DEFAULT_PASSWORD, READY_LINE, Stone, StoneConfig, lock_file};
pub use wire::Command;

/// What went wrong starting, finding or commanding a stone, in words that
/// name the input and the fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    pub(crate) fn new(message: impl Into<String>) -> Error {
        Error {
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// `GEMSTONE_GLOBAL_DIR`, or GemStone's default `/opt/gemstone`.
pub fn default_global_dir() -> std::path::PathBuf {
    std::env::var_os("GEMSTONE_GLOBAL_DIR")
        .filter(|v| !v.is_empty())
        .map(Into::into)
        .unwrap_or_else(|| "/opt/gemstone".into())
}

/// A directory of its own under `base` for one test process's stones
/// (`base/<pid>`), made empty, after removing those of processes that are
/// gone. A stone's process may outlive a failed test, so a test process
/// removes nothing at its exit and the next one clears what it left:
/// scratch directories in the system's temporary directory, kept by
/// statics that never drop, grew by tens of megabytes a test run.
pub fn scratch_dir(base: &Path) -> std::io::Result<std::path::PathBuf> {
    if let Ok(entries) = std::fs::read_dir(base) {
        for e in entries.flatten() {
            let pid = e.file_name();
            if !Path::new("/proc").join(&pid).exists() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    let dir = base.join(std::process::id().to_string());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// Sends `command` to the stone `name` found under `global_dir` and answers
/// how many sessions it has logged in (after the command).
pub fn control(global_dir: &Path, name: &str, command: Command) -> Result<usize, Error> {
    use wire::{Reply, Request};
    let lock = lock_file(global_dir, name);
    let socket = server::socket_of(&lock).ok_or_else(|| {
        Error::new(format!(
            "no test stone named {name} under {}: cannot read a socket from {}; start it, or name its \
             GEMSTONE_GLOBAL_DIR",
            global_dir.display(),
            lock.display()
        ))
    })?;
    let failed = |e: &dyn fmt::Display| {
        Error::new(format!(
            "the test stone {name} (socket {}) did not take the command {command:?}: {e}",
            socket.display()
        ))
    };
    let mut stream = UnixStream::connect(&socket).map_err(|e| failed(&e))?;
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    wire::write_frame(&mut stream, &Request::Control(command).encode()).map_err(|e| failed(&e))?;
    let reply = wire::read_frame(&mut stream).map_err(|e| failed(&e))?;
    match Reply::decode(&reply).map_err(|e| failed(&e))? {
        Reply::Size(n) => Ok(usize::try_from(n).unwrap_or(0)),
        Reply::Ok => Ok(0),
        Reply::Error(e) => Err(failed(&e.message)),
        other => Err(failed(&format!("it answered {other:?}"))),
    }
}

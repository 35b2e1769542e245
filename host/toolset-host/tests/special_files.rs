//! A granted directory lets a plug-in open its regular files and
//! directories only: a FIFO, a socket or a device node in it is refused
//! at once (`access`, which the guest's libc reports as "Permission
//! denied"), where opening or reading one would block a thread of the
//! host that neither the call's deadline nor its cancellation can free.
//! Driven through `plugins/misbehave`'s `read_file`, which opens and
//! reads whatever path it is given.

#![cfg(unix)]

mod common;

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::time::Duration;

use common::*;
use gs_toolset_host::{Limits, WasmToolset};
use serde_json::json;

/// `plugins/misbehave` with `dir` granted read-only as `/data`, under the
/// tests' short deadline.
fn granted(dir: &Path) -> WasmToolset {
    load(
        gs_test_plugins::MISBEHAVE,
        data_dir(dir, false),
        Limits {
            deadline: DEADLINE,
            ..Limits::default()
        },
    )
}

/// Makes a FIFO at `path`, as another process of the server's machine
/// could (a plug-in cannot: WASI has no `mknod`).
fn mkfifo(path: &Path) {
    let name = CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: `name` is a NUL-terminated path that outlives the call.
    let made = unsafe { libc::mkfifo(name.as_ptr(), 0o600) };
    assert_eq!(made, 0, "mkfifo: {}", std::io::Error::last_os_error());
}

/// What `read_file` answers for `path`, run on a thread of its own so
/// that a call the host fails to refuse fails the test (after ten
/// seconds) rather than hanging it.
fn read(toolset: &WasmToolset, path: &str) -> String {
    let toolset = toolset.clone();
    let args = json!({ "path": path }).to_string();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let img = TestImage::new();
        let mut s = toolset.session();
        let _ = tx.send(text(&call(&mut s, &img.ctx(false), "read_file", &args)));
    });
    rx.recv_timeout(Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("reading {path} was never refused: it still blocks the host"))
}

/// True while some thread holds the FIFO at `path` open for reading (or
/// is blocked opening it): a writer's non-blocking open then succeeds,
/// and fails with `ENXIO` when no reader is there.
fn has_reader(path: &Path) -> bool {
    match std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
    {
        Ok(_) => true,
        Err(e) if e.raw_os_error() == Some(libc::ENXIO) => false,
        Err(e) => panic!("opening {} to write: {e}", path.display()),
    }
}

#[test]
fn a_fifo_in_a_granted_directory_is_refused_and_a_file_beside_it_reads() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    mkfifo(&fifo);
    std::os::unix::fs::symlink("fifo", dir.path().join("to-fifo")).unwrap();
    std::fs::write(dir.path().join("data.txt"), "twelve bytes").unwrap();
    let t = granted(dir.path());

    for path in ["/data/fifo", "/data/to-fifo"] {
        let said = read(&t, path);
        assert!(said.starts_with("denied: "), "{path}: {said}");
        assert!(said.contains("Permission denied"), "{path}: {said}");
    }
    assert!(
        !has_reader(&fifo),
        "a thread of the host still holds the FIFO open"
    );
    assert_eq!(read(&t, "/data/data.txt"), "read 12 bytes");
}

#[test]
fn a_socket_in_a_granted_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let _listener = std::os::unix::net::UnixListener::bind(dir.path().join("socket")).unwrap();
    let t = granted(dir.path());
    let said = read(&t, "/data/socket");
    assert!(said.contains("Permission denied"), "{said}");
}

#[test]
fn a_device_node_in_a_granted_directory_is_refused() {
    // A device node cannot be made without privileges, so `/dev` itself
    // is granted: `null` reads as empty and `zero` without end, and
    // neither may be opened.
    let t = granted(Path::new("/dev"));
    for path in ["/data/null", "/data/zero"] {
        let said = read(&t, path);
        assert!(said.contains("Permission denied"), "{path}: {said}");
    }
}

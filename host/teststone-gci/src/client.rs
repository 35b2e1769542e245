//! The sessions of this process: a table from handles to connections, and
//! each GCI operation as requests on a session's connection.

use std::collections::HashMap;
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError, TryLockError};
use std::time::Duration;

use crate::abi;
use crate::wire::{self, Reply, Request, WireError};

/// How long a login waits for the stone's answer.
const LOGIN_WAIT: Duration = Duration::from_secs(60);
/// How long a logout waits for the stone's answer.
const LOGOUT_WAIT: Duration = Duration::from_secs(5);

/// One session's connection and state.
struct Client {
    stream: UnixStream,
    /// Serialises writes: a break from another thread and a request.
    write: Mutex<()>,
    /// Held by every call but breaks, so calls on one session never
    /// overlap (a second one is GemStone's "call in progress").
    call: Mutex<()>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// A `GciTsNbExecute` was sent and its result not yet taken.
    in_flight: bool,
    /// The connection is gone.
    gone: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn table() -> &'static Mutex<HashMap<usize, Arc<Client>>> {
    static TABLE: OnceLock<Mutex<HashMap<usize, Arc<Client>>>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

/// Handles are numbers in this table, never addresses: 8-aligned, nonzero.
static NEXT_HANDLE: AtomicUsize = AtomicUsize::new(0x5_0000);

fn get(id: usize, function: &str) -> Result<Arc<Client>, WireError> {
    lock(table()).get(&id).cloned().ok_or_else(|| {
        WireError::new(
            abi::ERR_BAD_SESSION_ID,
            format!(
                "{function}: no session has the handle {id:#x}: it logged out or was never \
                 logged in; log in again"
            ),
        )
    })
}

fn lost(client: &Client, e: impl std::fmt::Display) -> WireError {
    let mut st = lock(&client.state);
    st.gone = true;
    st.in_flight = false;
    WireError::new(
        abi::ERR_NETWORK,
        format!(
            "the connection to the test stone was lost ({e}); the session is gone, log in again"
        ),
    )
}

fn gone() -> WireError {
    WireError::new(
        abi::ERR_BAD_SESSION_ID,
        "the session's connection to the test stone was lost earlier; log in again",
    )
}

/// Writes to a socket without raising SIGPIPE when the stone has gone
/// (`MSG_NOSIGNAL`): a C host that does not ignore SIGPIPE would die of it.
struct NoSigPipe<'a>(&'a UnixStream);

impl std::io::Write for NoSigPipe<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // SAFETY: `buf` is readable for its length, and the descriptor is
        // the stream's, open for as long as the stream is borrowed.
        let n = unsafe {
            libc::send(
                self.0.as_raw_fd(),
                buf.as_ptr().cast(),
                buf.len(),
                libc::MSG_NOSIGNAL,
            )
        };
        usize::try_from(n).map_err(|_| std::io::Error::last_os_error())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Client {
    fn send(&self, req: &Request) -> Result<(), WireError> {
        let _w = lock(&self.write);
        wire::write_frame(&mut NoSigPipe(&self.stream), &req.encode()).map_err(|e| lost(self, e))
    }

    fn receive(&self) -> Result<Reply, WireError> {
        let payload = wire::read_frame(&mut &self.stream).map_err(|e| lost(self, e))?;
        Reply::decode(&payload).map_err(|e| lost(self, e))
    }

    /// A request and its reply; the stone's error as an error.
    fn ask(&self, req: &Request) -> Result<Reply, WireError> {
        self.send(req)?;
        match self.receive()? {
            Reply::Error(e) => Err(e),
            r => Ok(r),
        }
    }
}

/// Runs `f` as the one call on session `id`, which must have no call in
/// flight (unless `in_flight` says it must have one) and be connected.
fn call<T>(
    id: usize,
    function: &str,
    in_flight: bool,
    f: impl FnOnce(&Client) -> Result<T, WireError>,
) -> Result<T, WireError> {
    let client = get(id, function)?;
    let _call = match client.call.try_lock() {
        Ok(g) => g,
        Err(TryLockError::Poisoned(p)) => p.into_inner(),
        Err(TryLockError::WouldBlock) => {
            return Err(WireError::new(
                abi::ERR_OP_IN_PROGRESS,
                format!(
                    "{function}: another GCI call is in progress on this session on another thread"
                ),
            ));
        }
    };
    {
        let st = lock(&client.state);
        if st.gone {
            return Err(gone());
        }
        match (st.in_flight, in_flight) {
            (true, false) => {
                return Err(WireError::new(
                    abi::ERR_OP_IN_PROGRESS,
                    format!(
                        "{function}: a non-blocking call is in progress on this session; \
                         take its result with GciTsNbResult (or break it) first"
                    ),
                ));
            }
            (false, true) => {
                return Err(WireError::new(
                    abi::ERR_NO_START_CMD,
                    format!(
                        "{function}: no call is in progress on this session; start one with GciTsNbExecute"
                    ),
                ));
            }
            _ => {}
        }
    }
    f(&client)
}

/// The stone's name in a network resource string: `name`, or the part
/// after the last `!` of `!@host!name` / `!tcp@host#server!name`.
fn stone_name(nrs: &str) -> &str {
    match nrs.rfind('!') {
        Some(i) => &nrs[i + 1..],
        None => nrs,
    }
    .trim()
}

/// Where stones' lock files are: `$GEMSTONE_GLOBAL_DIR/locks`, or, as
/// GemStone's default, `/opt/gemstone/locks`.
fn locks_dir() -> (PathBuf, String) {
    match std::env::var_os("GEMSTONE_GLOBAL_DIR").filter(|v| !v.is_empty()) {
        Some(d) => (
            PathBuf::from(&d).join("locks"),
            format!("GEMSTONE_GLOBAL_DIR={}", Path::new(&d).display()),
        ),
        None => (
            PathBuf::from("/opt/gemstone/locks"),
            "GEMSTONE_GLOBAL_DIR is not set, so /opt/gemstone".to_string(),
        ),
    }
}

/// The socket a stone's lock file names.
fn find_stone(name: &str) -> Result<PathBuf, WireError> {
    let (dir, whence) = locks_dir();
    let no_stone = |why: String| {
        WireError::new(
            abi::ERR_NO_SUCH_STONE,
            format!(
                "no test stone named {name:?} is running: {why} ({whence}); start \
                 `gs-teststone --name {name}` with the same GEMSTONE_GLOBAL_DIR, or set \
                 GEMSTONE_GLOBAL_DIR to the stone's"
            ),
        )
    };
    let valid = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && !name.starts_with('.');
    if !valid {
        return Err(no_stone("the name is not a stone name".into()));
    }
    let lock = dir.join(format!("{name}.teststone"));
    let text = std::fs::read_to_string(&lock)
        .map_err(|e| no_stone(format!("cannot read its lock file {}: {e}", lock.display())))?;
    text.lines()
        .find_map(|l| l.strip_prefix("socket="))
        .map(PathBuf::from)
        .ok_or_else(|| no_stone(format!("its lock file {} names no socket", lock.display())))
}

/// The password the login flags say to use: the text itself, or read from
/// the environment variable or file it names, as GemStone's library does.
fn resolve_password(password: &str, flags: std::ffi::c_uint) -> Result<String, WireError> {
    if flags & abi::LOGIN_PW_ENVVAR != 0 {
        return std::env::var(password).map_err(|_| {
            WireError::new(
                abi::ERR_LOGIN_DENIAL,
                format!("the password's environment variable {password} is not set (GCI_LOGIN_PW_ENVVAR); set it"),
            )
        });
    }
    if flags & abi::LOGIN_PW_FILE != 0 {
        let text = std::fs::read_to_string(password).map_err(|e| {
            WireError::new(
                abi::ERR_LOGIN_DENIAL,
                format!("cannot read the password file {password} (GCI_LOGIN_PW_FILE): {e}"),
            )
        })?;
        return Ok(text.trim_end_matches(['\n', '\r']).to_string());
    }
    // Plain, one-time and JWT passwords alike are compared as text by the
    // test stone.
    Ok(password.to_string())
}

/// `GciTsLogin`: the new session's handle.
pub fn login(
    stone: &str,
    user: &str,
    password: &str,
    flags: std::ffi::c_uint,
) -> Result<usize, WireError> {
    let name = stone_name(stone);
    let socket = find_stone(name)?;
    let password = resolve_password(password, flags)?;
    let stream = UnixStream::connect(&socket).map_err(|e| {
        WireError::new(
            abi::ERR_CONNECTION_REFUSED,
            format!(
                "the test stone {name:?} does not answer at {} ({e}): it is not running, and its \
                 lock file is stale; start it again",
                socket.display()
            ),
        )
    })?;
    let client = Client {
        stream,
        write: Mutex::new(()),
        call: Mutex::new(()),
        state: Mutex::new(State::default()),
    };
    let _ = client.stream.set_read_timeout(Some(LOGIN_WAIT));
    let reply = client.ask(&Request::Login {
        version: wire::PROTOCOL_VERSION,
        user: user.to_string(),
        password,
    });
    let reply = match reply {
        Err(e) if e.number == abi::ERR_NETWORK => {
            return Err(WireError::new(
                abi::ERR_NETWORK,
                format!(
                    "the test stone {name:?} hung up during the login: {}",
                    e.message
                ),
            ));
        }
        r => r?,
    };
    let Reply::LoggedIn { .. } = reply else {
        return Err(WireError::new(
            abi::ERR_NETWORK,
            format!("the test stone {name:?} answered the login with {reply:?}"),
        ));
    };
    let _ = client.stream.set_read_timeout(None);
    let id = NEXT_HANDLE.fetch_add(8, Ordering::Relaxed);
    lock(table()).insert(id, Arc::new(client));
    Ok(id)
}

/// `GciTsLogout`.
pub fn logout(id: usize) -> Result<(), WireError> {
    let client = lock(table()).remove(&id).ok_or_else(|| {
        WireError::new(
            abi::ERR_BAD_SESSION_ID,
            format!("GciTsLogout: no session has the handle {id:#x}; it logged out already"),
        )
    })?;
    if lock(&client.state).gone {
        return Ok(());
    }
    let _ = client.stream.set_read_timeout(Some(LOGOUT_WAIT));
    let result = (|| {
        client.send(&Request::Logout)?;
        // A result of a call still in flight may come first.
        loop {
            match client.receive()? {
                Reply::Ok => return Ok(()),
                Reply::Error(e)
                    if e.number != abi::ERR_OP_IN_PROGRESS && !lock(&client.state).in_flight =>
                {
                    return Err(e);
                }
                _ => lock(&client.state).in_flight = false,
            }
        }
    })();
    let _ = client.stream.shutdown(std::net::Shutdown::Both);
    match result {
        // The connection dropping during a logout ends the session too.
        Err(e) if e.number == abi::ERR_NETWORK => Ok(()),
        r => r,
    }
}

/// `GciTsNbExecute`.
pub fn execute(id: usize, source: String) -> Result<(), WireError> {
    call(id, "GciTsNbExecute", false, |c| {
        c.send(&Request::Execute { source })?;
        lock(&c.state).in_flight = true;
        Ok(())
    })
}

/// `GciTsExecuteFetchBytes`: executes `source` and answers at most `max`
/// bytes of its result, blocking until the stone answers. The call counts
/// as in flight meanwhile, so that `GciTsBreak` from another thread
/// reaches it.
pub fn execute_fetch_bytes(id: usize, source: String, max: usize) -> Result<Vec<u8>, WireError> {
    call(id, "GciTsExecuteFetchBytes", false, |c| {
        let max = max.min(wire::MAX_FETCH) as i64;
        c.send(&Request::ExecuteFetchBytes { source, max })?;
        lock(&c.state).in_flight = true;
        let reply = c.receive();
        lock(&c.state).in_flight = false;
        match reply? {
            Reply::Bytes(b) => Ok(b),
            Reply::Error(e) => Err(e),
            other => Err(lost(c, format!("it answered {other:?} to an execution"))),
        }
    })
}

/// `GciTsNbPoll`: whether the result has arrived, waiting up to
/// `timeout_ms` (negative: until it has).
pub fn poll(id: usize, timeout_ms: std::ffi::c_int) -> Result<bool, WireError> {
    call(id, "GciTsNbPoll", true, |c| {
        let fd = c.stream.as_raw_fd();
        let mut p = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        loop {
            // SAFETY: `p` is one valid pollfd and the count says one.
            let n = unsafe { libc::poll(&mut p, 1, timeout_ms.max(-1)) };
            if n >= 0 {
                break;
            }
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(lost(c, e));
            }
        }
        if p.revents == 0 {
            return Ok(false);
        }
        // Readable: the result, or the end of the connection.
        let mut byte = 0u8;
        // SAFETY: `byte` is writable for the one byte asked for; MSG_PEEK
        // leaves it in the socket.
        let n = unsafe {
            libc::recv(
                fd,
                (&raw mut byte).cast(),
                1,
                libc::MSG_PEEK | libc::MSG_DONTWAIT,
            )
        };
        match n {
            1 => Ok(true),
            0 => Err(lost(c, "the stone closed it")),
            _ => {
                let e = std::io::Error::last_os_error();
                match e.kind() {
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted => Ok(false),
                    _ => Err(lost(c, e)),
                }
            }
        }
    })
}

/// `GciTsSocket`.
pub fn socket(id: usize) -> Result<std::ffi::c_int, WireError> {
    Ok(get(id, "GciTsSocket")?.stream.as_raw_fd())
}

/// `GciTsNbResult`.
pub fn result(id: usize) -> Result<u64, WireError> {
    call(id, "GciTsNbResult", true, |c| {
        let reply = c.receive();
        lock(&c.state).in_flight = false;
        match reply? {
            Reply::Oop(oop) => Ok(oop),
            Reply::Error(e) => Err(e),
            other => Err(lost(c, format!("it answered {other:?} to an execution"))),
        }
    })
}

/// `GciTsBreak`: no effect without a call in flight.
pub fn break_(id: usize, hard: bool) -> Result<(), WireError> {
    let client = get(id, "GciTsBreak")?;
    {
        let st = lock(&client.state);
        if st.gone {
            return Err(gone());
        }
        if !st.in_flight {
            return Ok(());
        }
    }
    client.send(&Request::Break { hard })
}

/// Whether `oop` is a special object (nil, booleans, characters,
/// SmallIntegers…: `OOP_TAG_SPECIAL_MASK`, gcioop.ht).
fn is_special(oop: u64) -> bool {
    oop & 0x6 != 0
}

/// `GciTsFetchSize`.
pub fn fetch_size(id: usize, oop: u64) -> Result<i64, WireError> {
    call(id, "GciTsFetchSize", false, |c| {
        if is_special(oop) {
            return Ok(0);
        }
        match c.ask(&Request::FetchSize { oop })? {
            Reply::Size(n) => Ok(n),
            other => Err(lost(c, format!("it answered {other:?} to a size request"))),
        }
    })
}

/// `GciTsFetchBytes`: at most `want` bytes from one-based `start`.
pub fn fetch_bytes(id: usize, oop: u64, start: i64, want: usize) -> Result<Vec<u8>, WireError> {
    call(id, "GciTsFetchBytes", false, |c| {
        let max = want.min(wire::MAX_FETCH) as i64;
        match c.ask(&Request::FetchBytes { oop, start, max })? {
            Reply::Bytes(b) => Ok(b),
            other => Err(lost(c, format!("it answered {other:?} to a fetch"))),
        }
    })
}

/// `GciTsClearStack`.
pub fn clear_stack(id: usize, process: u64) -> Result<(), WireError> {
    call(id, "GciTsClearStack", false, |c| {
        c.ask(&Request::ClearStack { process }).map(|_| ())
    })
}

/// `GciTsReleaseObjs`.
pub fn release(id: usize, oops: Vec<u64>) -> Result<(), WireError> {
    call(id, "GciTsReleaseObjs", false, |c| {
        c.ask(&Request::Release { oops }).map(|_| ())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stone_names_come_out_of_network_resource_strings() {
        assert_eq!(stone_name("gs64stone"), "gs64stone");
        assert_eq!(stone_name("!@localhost!gs64stone"), "gs64stone");
        assert_eq!(stone_name("!tcp@host#server!teststone"), "teststone");
    }

    #[test]
    fn unknown_handles_are_bad_session_ids() {
        assert_eq!(get(12345, "GciTsNbPoll").err().unwrap().number, 4100);
    }
}

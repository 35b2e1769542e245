//! The stone: a listener on a Unix socket, a thread per connection, and
//! per session an executor thread that owns the session's transaction view
//! and interpreter.

use std::collections::HashMap;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use gs_image::Image;
use gs_interp::{Answer, BreakHandle, ExecError, ExecErrorKind, Interpreter, Limits};

use crate::Error;
use crate::wire::{self, Command, Reply, Request, WireError};

/// The password a stone accepts when none is configured: GemStone's
/// default password for `DataCurator` and `SystemUser`.
pub const DEFAULT_PASSWORD: &str = "swordfish";

/// The line the `gs-teststone` binary prints on standard output once it
/// accepts logins (followed by details).
pub const READY_LINE: &str = "gs-teststone: ready";

/// GemStone's error numbers the stone answers (gcierr.ht, 3.7.5).
mod num {
    pub const COMPILE_ERROR: i32 = 1001;
    pub const OFFSET_ERROR: i32 = 2003;
    pub const OP_IN_PROGRESS: i32 = 2203;
    pub const GENERIC_ERROR: i32 = 2710;
    pub const LOGIN_DENIAL: i32 = 4051;
    pub const LOGINS_DISABLED: i32 = 4053;
    pub const INCOMPATIBLE_GCI: i32 = 4040;
    pub const SOFT_BREAK: i32 = 6003;
    pub const HARD_BREAK: i32 = 6004;
}

/// `OOP_NIL`, `OOP_TRUE`, `OOP_FALSE` (gcioop.ht).
const OOP_NIL: u64 = 0x14;
const OOP_TRUE: u64 = 0x10C;
const OOP_FALSE: u64 = 0x0C;

/// How a stone is started.
#[derive(Clone, Debug)]
pub struct StoneConfig {
    /// The stone's name, which logins give (`GciTsLogin`'s stone NRS).
    pub name: String,
    /// The image file it serves.
    pub image: PathBuf,
    /// Create the image (with the kernel) if the file does not exist;
    /// otherwise a missing file is an error.
    pub create: bool,
    /// `GEMSTONE_GLOBAL_DIR`: the lock file is `<this>/locks/<name>.teststone`.
    pub global_dir: PathBuf,
    /// The password every user of the image logs in with.
    pub password: String,
    /// Where to put the socket; by default beside the lock file
    /// (`<name>.sock`), or in the temporary directory when that path is too
    /// long for a Unix socket.
    pub socket: Option<PathBuf>,
    /// The limits each execution runs under.
    pub limits: Limits,
    /// Users without write authorization: the stone refuses their
    /// sessions' commits and code changes (the image session's read-only
    /// mode), as a GemStone stone refuses the writes of a user that no
    /// object security policy lets write.
    pub read_only_users: Vec<String>,
}

impl StoneConfig {
    /// A stone named `name` serving `image`, found under `global_dir`, with
    /// the default password and limits, creating no image.
    pub fn new(
        name: impl Into<String>,
        image: impl Into<PathBuf>,
        global_dir: impl Into<PathBuf>,
    ) -> StoneConfig {
        StoneConfig {
            name: name.into(),
            image: image.into(),
            create: false,
            global_dir: global_dir.into(),
            password: DEFAULT_PASSWORD.to_string(),
            socket: None,
            limits: Limits::default(),
            read_only_users: Vec::new(),
        }
    }
}

/// The lock file naming stone `name`'s socket under `global_dir`.
pub fn lock_file(global_dir: &Path, name: &str) -> PathBuf {
    global_dir.join("locks").join(format!("{name}.teststone"))
}

/// Whether `name` can name a stone (and a file).
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// The socket a lock file names, if it names one.
pub(crate) fn socket_of(lock: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(lock).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("socket="))
        .map(PathBuf::from)
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What every connection of a stone shares.
struct Shared {
    name: String,
    image: Image,
    password: String,
    limits: Limits,
    read_only_users: Vec<String>,
    socket: PathBuf,
    refuse_logins: AtomicBool,
    stopping: AtomicBool,
    /// Session connections, to drop them all on command.
    conns: Mutex<HashMap<u64, UnixStream>>,
    next_conn: AtomicU64,
    sessions: AtomicUsize,
    /// Set when the stone stops; `Stone::wait` waits on it.
    stopped: (Mutex<bool>, Condvar),
}

impl Shared {
    fn stop(&self) {
        if self.stopping.swap(true, Ordering::SeqCst) {
            return;
        }
        self.drop_connections();
        // Wake the accept loop.
        let _ = UnixStream::connect(&self.socket);
        *lock(&self.stopped.0) = true;
        self.stopped.1.notify_all();
    }

    fn drop_connections(&self) {
        for (_, c) in lock(&self.conns).drain() {
            let _ = c.shutdown(std::net::Shutdown::Both);
        }
    }
}

/// A running test stone, in this process: it serves until
/// [`stop`](Stone::stop)ped, told to stop ([`Command::Stop`]) or dropped;
/// then it removes its lock file and socket.
pub struct Stone {
    shared: Arc<Shared>,
    lock: PathBuf,
    accept: Option<thread::JoinHandle<()>>,
}

impl std::fmt::Debug for Stone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stone")
            .field("name", &self.shared.name)
            .field("socket", &self.shared.socket)
            .finish()
    }
}

impl Stone {
    /// Opens the image, listens, writes the lock file and starts serving.
    /// Fails, naming what to fix, if the image cannot be opened, the name
    /// is taken by a running stone, or the socket cannot be made.
    pub fn start(config: StoneConfig) -> Result<Stone, Error> {
        if !valid_name(&config.name) {
            return Err(Error::new(format!(
                "{:?} is not a stone name; use letters, digits, '_', '-' and '.' (at most 64)",
                config.name
            )));
        }
        if !config.image.exists() && !config.create {
            return Err(Error::new(format!(
                "no image at {}; pass --create (StoneConfig::create) to create one, or name an existing image",
                config.image.display()
            )));
        }
        let locks = config.global_dir.join("locks");
        std::fs::create_dir_all(&locks).map_err(|e| {
            Error::new(format!(
                "cannot create the lock directory {}: {e}; set GEMSTONE_GLOBAL_DIR (--global-dir) to a writable directory",
                locks.display()
            ))
        })?;
        let lock_path = lock_file(&config.global_dir, &config.name);
        if let Some(old) = socket_of(&lock_path) {
            if UnixStream::connect(&old).is_ok() {
                return Err(Error::new(format!(
                    "a test stone named {} is already running (lock file {}, socket {}); stop it \
                     (`gs-teststone ctl --name {} stop`) or choose another name",
                    config.name,
                    lock_path.display(),
                    old.display(),
                    config.name
                )));
            }
            // A stale lock file from a stone that died: replace it.
            let _ = std::fs::remove_file(&old);
        }
        let options = gs_image::OpenOptions {
            stone_name: Some(config.name.clone()),
            ..gs_image::OpenOptions::default()
        };
        let image = Image::open_with(&config.image, options).map_err(|e| {
            Error::new(format!(
                "cannot open the image {}: {e}",
                config.image.display()
            ))
        })?;
        let socket = config
            .socket
            .clone()
            .unwrap_or_else(|| default_socket(&locks, &config.name));
        let _ = std::fs::remove_file(&socket);
        let listener = UnixListener::bind(&socket).map_err(|e| {
            Error::new(format!(
                "cannot listen on {}: {e}; name another socket path (--socket)",
                socket.display()
            ))
        })?;
        write_lock_file(&lock_path, &socket, &config.image)?;
        let shared = Arc::new(Shared {
            name: config.name.clone(),
            image,
            password: config.password.clone(),
            limits: config.limits,
            read_only_users: config.read_only_users.clone(),
            socket,
            refuse_logins: AtomicBool::new(false),
            stopping: AtomicBool::new(false),
            conns: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            sessions: AtomicUsize::new(0),
            stopped: (Mutex::new(false), Condvar::new()),
        });
        let accept_shared = shared.clone();
        let accept = thread::Builder::new()
            .name(format!("teststone-{}", config.name))
            .spawn(move || accept_loop(listener, accept_shared))
            .map_err(|e| Error::new(format!("cannot start the stone's thread: {e}")))?;
        Ok(Stone {
            shared,
            lock: lock_path,
            accept: Some(accept),
        })
    }

    /// The stone's name.
    pub fn name(&self) -> &str {
        &self.shared.name
    }

    /// The socket clients connect to.
    pub fn socket_path(&self) -> &Path {
        &self.shared.socket
    }

    /// The lock file naming the socket.
    pub fn lock_path(&self) -> &Path {
        &self.lock
    }

    /// How many sessions are logged in.
    pub fn sessions(&self) -> usize {
        self.shared.sessions.load(Ordering::SeqCst)
    }

    /// Performs a control command, as [`crate::control`] does over the socket.
    pub fn command(&self, command: Command) -> usize {
        perform(&self.shared, command)
    }

    /// Whether the stone has stopped (or is stopping).
    pub fn is_stopped(&self) -> bool {
        self.shared.stopping.load(Ordering::SeqCst)
    }

    /// Blocks until the stone stops ([`Command::Stop`] or [`Stone::stop`]).
    pub fn wait(&self) {
        let mut stopped = lock(&self.shared.stopped.0);
        while !*stopped {
            stopped = self
                .shared
                .stopped
                .1
                .wait(stopped)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Stops serving: every connection is dropped, the lock file and the
    /// socket removed.
    pub fn stop(&mut self) {
        self.shared.stop();
        if let Some(t) = self.accept.take() {
            let _ = t.join();
        }
        // Only our own lock file: a stone started later under the name
        // would have written its own socket into it.
        if socket_of(&self.lock).as_deref() == Some(self.shared.socket.as_path()) {
            let _ = std::fs::remove_file(&self.lock);
        }
        let _ = std::fs::remove_file(&self.shared.socket);
    }
}

impl Drop for Stone {
    fn drop(&mut self) {
        self.stop();
    }
}

/// `<locks>/<name>.sock`, or a short path in the temporary directory when
/// that one is too long for a Unix socket address (108 bytes on Linux).
fn default_socket(locks: &Path, name: &str) -> PathBuf {
    let beside = locks.join(format!("{name}.sock"));
    if beside.as_os_str().len() < 100 {
        return beside;
    }
    static N: AtomicU64 = AtomicU64::new(0);
    std::env::temp_dir().join(format!(
        "gs-teststone-{}-{}.sock",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ))
}

fn write_lock_file(lock_path: &Path, socket: &Path, image: &Path) -> Result<(), Error> {
    let text = format!(
        "socket={}\npid={}\nimage={}\n",
        socket.display(),
        std::process::id(),
        image.display()
    );
    let temp = lock_path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&temp, text)
        .and_then(|()| std::fs::rename(&temp, lock_path))
        .map_err(|e| {
            Error::new(format!(
                "cannot write the lock file {}: {e}",
                lock_path.display()
            ))
        })
}

fn accept_loop(listener: UnixListener, shared: Arc<Shared>) {
    for stream in listener.incoming() {
        if shared.stopping.load(Ordering::SeqCst) {
            break;
        }
        let Ok(stream) = stream else {
            // Out of descriptors, say: back off instead of spinning.
            thread::sleep(Duration::from_millis(10));
            continue;
        };
        let conn_shared = shared.clone();
        let id = shared.next_conn.fetch_add(1, Ordering::Relaxed);
        let spawned = thread::Builder::new()
            .name(format!("teststone-conn-{id}"))
            .spawn(move || connection(conn_shared, stream, id));
        if spawned.is_err() {
            // The stream was moved into the closure and dropped with it:
            // the client sees the connection close.
            continue;
        }
    }
}

fn send(w: &Mutex<UnixStream>, reply: &Reply) -> bool {
    let mut s = lock(w);
    wire::write_frame(&mut *s, &reply.encode()).is_ok()
}

/// Serves one connection: a login (then the session) or a control request.
fn connection(shared: Arc<Shared>, stream: UnixStream, id: u64) {
    let Ok(writer) = stream.try_clone() else {
        return;
    };
    let writer = Mutex::new(writer);
    // A client that connects and says nothing must not hold a thread forever.
    let _ = stream.set_read_timeout(Some(Duration::from_secs(60)));
    let mut reader = &stream;
    let Ok(first) = wire::read_frame(&mut reader) else {
        return;
    };
    let _ = stream.set_read_timeout(None);
    let request = match Request::decode(&first) {
        Ok(r) => r,
        Err(e) => {
            send(
                &writer,
                &Reply::Error(WireError::new(num::GENERIC_ERROR, e.to_string())),
            );
            return;
        }
    };
    match request {
        Request::Control(command) => {
            let n = perform(&shared, command);
            send(&writer, &Reply::Size(n as i64));
        }
        Request::Login {
            version,
            user,
            password,
        } => {
            let session = match admit(&shared, version, &user, &password) {
                Ok(s) => s,
                Err(e) => {
                    send(&writer, &Reply::Error(e));
                    return;
                }
            };
            if let Ok(c) = stream.try_clone() {
                lock(&shared.conns).insert(id, c);
            }
            if shared.stopping.load(Ordering::SeqCst) {
                lock(&shared.conns).remove(&id);
                return;
            }
            shared.sessions.fetch_add(1, Ordering::SeqCst);
            serve_session(&shared, session, &stream, Arc::new(writer), id);
            lock(&shared.conns).remove(&id);
            shared.sessions.fetch_sub(1, Ordering::SeqCst);
        }
        _ => {
            send(
                &writer,
                &Reply::Error(WireError::new(
                    num::GENERIC_ERROR,
                    "the first request on a connection must be a login or a control command",
                )),
            );
        }
    }
}

fn perform(shared: &Shared, command: Command) -> usize {
    match command {
        Command::DropConnections => shared.drop_connections(),
        Command::RefuseLogins(on) => shared.refuse_logins.store(on, Ordering::SeqCst),
        Command::Sessions => {}
        Command::Stop => shared.stop(),
    }
    shared.sessions.load(Ordering::SeqCst)
}

/// Checks a login: the answer is the user's new session.
fn admit(
    shared: &Shared,
    version: u32,
    user: &str,
    password: &str,
) -> Result<gs_image::Session, WireError> {
    if version != wire::PROTOCOL_VERSION {
        return Err(WireError::new(
            num::INCOMPATIBLE_GCI,
            format!(
                "the client library speaks version {version} of the test stone's protocol, the stone {}; \
                 use the gs-teststone-gci built with this gs-teststone",
                wire::PROTOCOL_VERSION
            ),
        ));
    }
    if shared.refuse_logins.load(Ordering::SeqCst) || shared.stopping.load(Ordering::SeqCst) {
        return Err(WireError::new(
            num::LOGINS_DISABLED,
            format!(
                "logins to the test stone {} are disabled; try again later",
                shared.name
            ),
        ));
    }
    let denied = |why: String| {
        WireError::new(
            num::LOGIN_DENIAL,
            format!("login denied for {user:?}: {why}"),
        )
    };
    let mut session = shared.image.session_for(user).map_err(|_| {
        denied(format!(
            "no such user in the test stone's image (its users: {})",
            shared.image.session().users().join(", ")
        ))
    })?;
    if password != shared.password {
        return Err(denied(
            "wrong password (the test stone's password is the one it was started with, --password)"
                .into(),
        ));
    }
    session.set_read_only(shared.read_only_users.iter().any(|u| u == user));
    Ok(session)
}

/// The objects a session holds for its client, by OOP.
#[derive(Default)]
struct Objects {
    next: u64,
    held: HashMap<u64, Held>,
}

enum Held {
    /// A byte object: its bytes.
    Bytes(Vec<u8>),
    /// Any other object (a result, an exception): its class, for messages.
    Object(String),
    /// The GsProcess of a failed execution, until its stack is cleared.
    Process,
}

impl Objects {
    /// A fresh OOP for `h`: as GemStone's, a number shifted past 8 tag bits
    /// with tag `2r001`, so clients take it for an object they must release.
    fn add(&mut self, h: Held) -> u64 {
        self.next += 1;
        let oop = ((0x10_0000 + self.next) << 8) | 1;
        self.held.insert(oop, h);
        oop
    }
}

/// One session's state shared by its connection thread and its executor.
struct Live {
    objects: Mutex<Objects>,
    /// An execution is running.
    busy: AtomicBool,
    brk: BreakHandle,
    /// The break that was asked for was a hard one.
    hard: AtomicBool,
}

fn error_reply(number: i32, message: impl Into<String>) -> Reply {
    Reply::Error(WireError::new(number, message))
}

fn serve_session(
    shared: &Arc<Shared>,
    session: gs_image::Session,
    stream: &UnixStream,
    writer: Arc<Mutex<UnixStream>>,
    id: u64,
) {
    let live = Arc::new(Live {
        objects: Mutex::new(Objects::default()),
        busy: AtomicBool::new(false),
        brk: BreakHandle::new(),
        hard: AtomicBool::new(false),
    });
    let (jobs, rx) = mpsc::channel::<Job>();
    let exec_live = live.clone();
    let exec_writer = writer.clone();
    let limits = shared.limits;
    let spawned = thread::Builder::new()
        .name(format!("teststone-gem-{id}"))
        .stack_size(gs_interp::WORKER_STACK_BYTES)
        .spawn(move || executor(session, rx, exec_live, exec_writer, limits));
    if spawned.is_err() {
        send(
            &writer,
            &error_reply(
                num::GENERIC_ERROR,
                "the test stone cannot start a thread for the session",
            ),
        );
        return;
    }
    if !send(&writer, &Reply::LoggedIn { session: id }) {
        return;
    }
    let mut reader = stream;
    // Until the client is gone, or sends a frame too large to trust the rest.
    while let Ok(payload) = wire::read_frame(&mut reader) {
        let request = match Request::decode(&payload) {
            Ok(r) => r,
            Err(e) => {
                send(
                    &writer,
                    &error_reply(num::GENERIC_ERROR, format!("the test stone got a {e}")),
                );
                continue;
            }
        };
        let busy = live.busy.load(Ordering::SeqCst);
        let reply = match request {
            Request::Break { hard } => {
                if busy {
                    if hard {
                        live.hard.store(true, Ordering::SeqCst);
                    }
                    live.brk.request();
                }
                continue;
            }
            Request::Logout => {
                if busy {
                    live.hard.store(true, Ordering::SeqCst);
                    live.brk.request();
                    let until = Instant::now() + Duration::from_secs(5);
                    while live.busy.load(Ordering::SeqCst) && Instant::now() < until {
                        thread::sleep(Duration::from_millis(5));
                    }
                }
                send(&writer, &Reply::Ok);
                break;
            }
            _ if busy => error_reply(
                num::OP_IN_PROGRESS,
                "an execution is in progress in this session; wait for its result first",
            ),
            Request::Execute { source } => {
                match start(
                    &live,
                    &jobs,
                    Job {
                        source,
                        fetch: None,
                    },
                ) {
                    Some(refused) => refused,
                    None => continue, // the executor answers
                }
            }
            Request::ExecuteFetchBytes { source, max } => {
                let fetch = Some(usize::try_from(max).unwrap_or(0).min(wire::MAX_FETCH));
                match start(&live, &jobs, Job { source, fetch }) {
                    Some(refused) => refused,
                    None => continue, // the executor answers
                }
            }
            Request::FetchSize { oop } => fetch_size(&live, oop),
            Request::FetchBytes { oop, start, max } => fetch_bytes(&live, oop, start, max),
            Request::ClearStack { process } => {
                let mut objects = lock(&live.objects);
                match objects.held.get(&process) {
                    Some(Held::Process) => {
                        objects.held.remove(&process);
                        Reply::Ok
                    }
                    _ => error_reply(
                        num::GENERIC_ERROR,
                        format!(
                            "GciTsClearStack: {process:#x} is not a GsProcess this session holds"
                        ),
                    ),
                }
            }
            Request::Release { oops } => {
                let mut objects = lock(&live.objects);
                for oop in oops {
                    objects.held.remove(&oop);
                }
                Reply::Ok
            }
            Request::Login { .. } | Request::Control(_) => error_reply(
                num::GENERIC_ERROR,
                "this connection is already a session; log in or send control commands on a new one",
            ),
        };
        if !send(&writer, &reply) {
            break;
        }
    }
    // The client is gone or logged out: stop what runs; the executor ends
    // when the job channel closes, dropping (aborting) the session.
    if live.busy.load(Ordering::SeqCst) {
        live.hard.store(true, Ordering::SeqCst);
        live.brk.request();
    }
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

/// One execution for a session's executor.
struct Job {
    source: String,
    /// `Some(max)` for `GciTsExecuteFetchBytes`: answer the result's
    /// bytes, at most `max`, instead of holding it.
    fetch: Option<usize>,
}

/// Hands `job` to the session's executor, which answers it; a reply here
/// only if the executor has ended.
fn start(live: &Live, jobs: &mpsc::Sender<Job>, job: Job) -> Option<Reply> {
    live.brk.clear();
    live.hard.store(false, Ordering::SeqCst);
    live.busy.store(true, Ordering::SeqCst);
    if jobs.send(job).is_err() {
        live.busy.store(false, Ordering::SeqCst);
        return Some(error_reply(
            num::GENERIC_ERROR,
            "the session's executor has ended",
        ));
    }
    None
}

fn no_object(oop: u64, function: &str) -> Reply {
    error_reply(
        num::GENERIC_ERROR,
        format!(
            "{function}: the session holds no object {oop:#x} (released, or never a result of this session)"
        ),
    )
}

/// The size of a byte object. (GemStone answers a pointer object's size
/// too; the test stone fetches byte objects only, and says so.)
fn fetch_size(live: &Live, oop: u64) -> Reply {
    match lock(&live.objects).held.get(&oop) {
        Some(Held::Bytes(b)) => Reply::Size(b.len() as i64),
        Some(Held::Object(class)) => not_bytes("GciTsFetchSize", oop, class),
        Some(Held::Process) => not_bytes("GciTsFetchSize", oop, "GsProcess"),
        None => no_object(oop, "GciTsFetchSize"),
    }
}

fn not_bytes(function: &str, oop: u64, class: &str) -> Reply {
    error_reply(
        num::GENERIC_ERROR,
        format!(
            "{function}: {oop:#x} is a {class}, not a byte object; the test stone fetches byte objects \
             only: answer a String or a Utf8 (encodeAsUTF8)"
        ),
    )
}

fn fetch_bytes(live: &Live, oop: u64, start: i64, max: i64) -> Reply {
    let objects = lock(&live.objects);
    let bytes = match objects.held.get(&oop) {
        Some(Held::Bytes(b)) => b,
        Some(Held::Object(class)) => return not_bytes("GciTsFetchBytes", oop, class),
        Some(Held::Process) => return not_bytes("GciTsFetchBytes", oop, "GsProcess"),
        None => return no_object(oop, "GciTsFetchBytes"),
    };
    let size = bytes.len() as i64;
    if start < 1 || start > size + 1 || max < 0 {
        return error_reply(
            num::OFFSET_ERROR,
            format!(
                "GciTsFetchBytes: start index {start} (count {max}) is out of range for an object of {size} bytes; \
                 start at 1 to {}",
                size + 1
            ),
        );
    }
    let from = (start - 1) as usize;
    let n = (max as usize).min(wire::MAX_FETCH).min(bytes.len() - from);
    Reply::Bytes(bytes[from..from + n].to_vec())
}

/// Runs a session's executions, one at a time, on a thread with the stack
/// the interpreter needs; ends (aborting the session) when the connection
/// does.
fn executor(
    mut session: gs_image::Session,
    jobs: mpsc::Receiver<Job>,
    live: Arc<Live>,
    writer: Arc<Mutex<UnixStream>>,
    limits: Limits,
) {
    let mut interp = Interpreter::new();
    let mut numbers: HashMap<String, (i32, String)> = HashMap::new();
    for Job { source, fetch } in jobs {
        let outcome = interp.execute_answer(&mut session, &source, &limits, &live.brk);
        let reply = match (outcome, fetch) {
            (Ok(answer), None) => Reply::Oop(oop_of(&live, answer)),
            (Ok(answer), Some(max)) => bytes_of(answer, max),
            (Err(e), _) => Reply::Error(gemstone_error(
                &live,
                &mut interp,
                &mut session,
                &mut numbers,
                &limits,
                e,
            )),
        };
        live.busy.store(false, Ordering::SeqCst);
        send(&writer, &reply);
    }
    interp.abort(&mut session);
}

/// The bytes of an execution's result, for `GciTsExecuteFetchBytes`: at
/// most `max` of them, as GemStone's fetch into a buffer of that size.
/// A result that is not a byte object is an error, as its bytes cannot
/// be fetched.
fn bytes_of(answer: Answer, max: usize) -> Reply {
    let what = match answer {
        Answer::Bytes { mut bytes, .. } => {
            bytes.truncate(max);
            return Reply::Bytes(bytes);
        }
        Answer::Object { class } => format!("a {class}"),
        Answer::Nil => "nil".into(),
        Answer::True | Answer::False => "a Boolean".into(),
        Answer::SmallInteger(_) => "a SmallInteger".into(),
    };
    error_reply(
        num::GENERIC_ERROR,
        format!(
            "GciTsExecuteFetchBytes: the result is {what}, not a byte object; answer a String or \
             a Utf8 (encodeAsUTF8)"
        ),
    )
}

fn oop_of(live: &Live, answer: Answer) -> u64 {
    match answer {
        Answer::Nil => OOP_NIL,
        Answer::True => OOP_TRUE,
        Answer::False => OOP_FALSE,
        // GCI_I32_TO_OOP (gcioop.ht): the value above 3 tag bits, tag 2r010.
        Answer::SmallInteger(i) => ((i as u64) << 3) | 0x2,
        Answer::Bytes { bytes, .. } => lock(&live.objects).add(Held::Bytes(bytes)),
        Answer::Object { class } => lock(&live.objects).add(Held::Object(class)),
    }
}

/// An execution's failure as GemStone reports it.
fn gemstone_error(
    live: &Live,
    interp: &mut Interpreter,
    session: &mut gs_image::Session,
    numbers: &mut HashMap<String, (i32, String)>,
    limits: &Limits,
    e: ExecError,
) -> WireError {
    let with_stack = |number: i32, message: String, reason: &str, class: Option<&str>| {
        let mut objects = lock(&live.objects);
        let mut w = WireError::new(number, message);
        w.reason = reason.to_string();
        w.context = objects.add(Held::Process);
        if let Some(class) = class {
            w.exception = objects.add(Held::Object(class.to_string()));
        }
        w
    };
    match &e.kind {
        ExecErrorKind::Compile(_) => {
            let mut w = WireError::new(num::COMPILE_ERROR, e.to_string());
            w.reason = "compileError".into();
            w
        }
        ExecErrorKind::Unhandled { class, description } => {
            let (number, reason) = numbers
                .entry(class.clone())
                .or_insert_with(|| number_of(interp, session, limits, class))
                .clone();
            with_stack(number, description.clone(), &reason, Some(class))
        }
        ExecErrorKind::Break => {
            let hard = live.hard.swap(false, Ordering::SeqCst);
            match hard {
                true => with_stack(
                    num::HARD_BREAK,
                    "a hard break stopped the execution".into(),
                    "hardBreak",
                    None,
                ),
                false => with_stack(
                    num::SOFT_BREAK,
                    "a soft break stopped the execution".into(),
                    "softBreak",
                    None,
                ),
            }
        }
        ExecErrorKind::Limit(_) | ExecErrorKind::Internal(_) => {
            with_stack(num::GENERIC_ERROR, e.to_string(), "", Some("Error"))
        }
    }
}

/// GemStone's error number and reason for exception class `class`, as the
/// kernel gives them (`number`, `reason`); 2710 (an `Error`'s) when the
/// class answers none.
fn number_of(
    interp: &mut Interpreter,
    session: &mut gs_image::Session,
    limits: &Limits,
    class: &str,
) -> (i32, String) {
    let fallback = (num::GENERIC_ERROR, String::new());
    if !class.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || class.is_empty() {
        return fallback;
    }
    let source = format!(
        "[| e n | e := {class} new. n := e number. \
         (n isKindOf: SmallInteger) ifFalse: [n := {generic}]. \
         n printString, ' ', e reason asString] on: Error do: [:x | '{generic} ']",
        generic = num::GENERIC_ERROR
    );
    match interp.execute_answer(session, &source, limits, &BreakHandle::new()) {
        Ok(Answer::Bytes { bytes, .. }) => {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let (n, reason) = text.split_once(' ').unwrap_or((&text, ""));
            match n.parse() {
                Ok(n) => (n, reason.to_string()),
                Err(_) => fallback,
            }
        }
        _ => fallback,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert!(valid_name("teststone"));
        assert!(valid_name("gs64stone_2.a-b"));
        assert!(!valid_name(""));
        assert!(!valid_name(".hidden"));
        assert!(!valid_name("a/b"));
        assert!(!valid_name(&"x".repeat(65)));
    }

    #[test]
    fn oops_are_held_objects_and_small_integers_are_encoded() {
        let mut o = Objects::default();
        let a = o.add(Held::Process);
        let b = o.add(Held::Process);
        assert_ne!(a, b);
        // Not special (OOP_TAG_SPECIAL_MASK 0x6 clear), not OOP_ILLEGAL.
        assert_eq!(a & 0x6, 0);
        assert_ne!(a, 1);
        let live = Live {
            objects: Mutex::new(o),
            busy: AtomicBool::new(false),
            brk: BreakHandle::new(),
            hard: AtomicBool::new(false),
        };
        assert_eq!(oop_of(&live, Answer::SmallInteger(7)), (7 << 3) | 2);
        assert_eq!(
            oop_of(&live, Answer::SmallInteger(-1)),
            0xFFFF_FFFF_FFFF_FFFA
        );
        assert_eq!(oop_of(&live, Answer::Nil), 0x14);
    }

    #[test]
    fn fetches_check_their_range() {
        let mut o = Objects::default();
        let s = o.add(Held::Bytes(b"hello".to_vec()));
        let live = Live {
            objects: Mutex::new(o),
            busy: AtomicBool::new(false),
            brk: BreakHandle::new(),
            hard: AtomicBool::new(false),
        };
        assert_eq!(fetch_bytes(&live, s, 2, 3), Reply::Bytes(b"ell".to_vec()));
        assert_eq!(fetch_bytes(&live, s, 6, 3), Reply::Bytes(Vec::new()));
        assert_eq!(fetch_bytes(&live, s, 4, 100), Reply::Bytes(b"lo".to_vec()));
        for (start, max) in [(0, 1), (7, 1), (1, -1)] {
            let Reply::Error(e) = fetch_bytes(&live, s, start, max) else {
                panic!("({start}, {max}) should fail");
            };
            assert_eq!(e.number, 2003);
        }
        assert_eq!(fetch_size(&live, s), Reply::Size(5));
        assert!(matches!(fetch_size(&live, 12345), Reply::Error(_)));
    }
}

//! A GCI session: login, the non-blocking execution protocol, breaks,
//! fetching results, logout.

use std::cell::Cell;
use std::ffi::{CString, c_int};
use std::fmt;
use std::marker::PhantomData;
use std::os::fd::RawFd;
use std::path::PathBuf;
use std::ptr::{self, NonNull};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::ffi::{self, GciErrSType, RawSession};
use crate::{Error, GciError, Library, Oop};

/// How many bytes one `GciTsFetchBytes` asks for.
const FETCH_PAGE: usize = 1 << 20;
/// How many bytes a result's first `GciTsFetchBytes` asks for, before its
/// size is known: a result shorter than this, most of them, crosses in that
/// one call, where asking its size first would cost a round trip to the
/// gem more.
const FIRST_FETCH: usize = 16 * 1024;
/// The largest result a session fetches unless told otherwise
/// ([`Session::set_fetch_limit`]): a result's buffer is sized by the
/// stone's word, so without a limit one answer could take any memory.
pub const DEFAULT_FETCH_LIMIT: usize = 64 << 20;
/// Results let go of with [`Session::release_soon`] are released together
/// once there are this many…
const RELEASE_BATCH: usize = 32;
/// …or once they hold this many bytes.
const RELEASE_BYTES: usize = 1 << 20;
/// How long `logout` waits for a call it hard-broke to end.
const LOGOUT_WAIT: Duration = Duration::from_secs(2);

/// How the password reaches GemStone. All but `Plain` are login flags of
/// the library (gci.ht); `EnvVar` and `File` need 3.7.4.1 or later, `Jwt`
/// too.
#[derive(Clone, PartialEq, Eq)]
pub enum Password {
    /// The password itself.
    Plain(String),
    /// A one-time password (`GCI_ONETIME_PASSWORD`).
    OneTime(String),
    /// A JSON Web Token (`GCI_JWT_PASSWORD`).
    Jwt(String),
    /// The name of an environment variable of this process holding it
    /// (`GCI_LOGIN_PW_ENVVAR`); the library reads it.
    EnvVar(String),
    /// A file holding it (`GCI_LOGIN_PW_FILE`); the library reads it.
    File(PathBuf),
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Password::Plain(_) => f.write_str("Plain(<redacted>)"),
            Password::OneTime(_) => f.write_str("OneTime(<redacted>)"),
            Password::Jwt(_) => f.write_str("Jwt(<redacted>)"),
            Password::EnvVar(name) => write!(f, "EnvVar({name:?})"),
            Password::File(path) => write!(f, "File({path:?})"),
        }
    }
}

impl Password {
    fn flag_and_text(&self) -> (std::ffi::c_uint, String) {
        match self {
            Password::Plain(p) => (0, p.clone()),
            Password::OneTime(p) => (ffi::LOGIN_ONETIME_PASSWORD, p.clone()),
            Password::Jwt(p) => (ffi::LOGIN_JWT_PASSWORD, p.clone()),
            Password::EnvVar(name) => (ffi::LOGIN_PW_ENVVAR, name.clone()),
            Password::File(path) => (ffi::LOGIN_PW_FILE, path.to_string_lossy().into_owned()),
        }
    }
}

/// What `GciTsLogin` needs. Its Debug form shows no password.
#[derive(Clone)]
pub struct Login {
    /// The stone's network resource string: its name (`gs64stone`), or
    /// `!@host!gs64stone` for a stone on another host.
    pub stone: String,
    /// The gem service's NRS; `None` is the library's default,
    /// `!@localhost!gemnetobject` (the netldi on this host forks the gem).
    /// Name a netldi other than the default one here, e.g.
    /// `!@localhost#netldi:mynetldi!gemnetobject`.
    pub gem_service: Option<String>,
    /// The host account the netldi forks the gem as; `None` for the
    /// netldi's own.
    pub host_user: Option<String>,
    /// That account's password.
    pub host_password: Option<String>,
    /// The GemStone user.
    pub user: String,
    /// The GemStone user's password.
    pub password: Password,
    /// `GEM_HALT_ON_ERROR` for the gem; 0 for none.
    pub halt_on_error: i32,
}

impl std::fmt::Debug for Login {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Login")
            .field("stone", &self.stone)
            .field("gem_service", &self.gem_service)
            .field("host_user", &self.host_user)
            .field(
                "host_password",
                &self.host_password.as_ref().map(|_| "<redacted>"),
            )
            .field("user", &self.user)
            .field("password", &self.password)
            .field("halt_on_error", &self.halt_on_error)
            .finish()
    }
}

/// A session handle as the library gave it.
#[derive(Clone, Copy)]
struct Handle(NonNull<std::ffi::c_void>);

// SAFETY: the thread-safe GCI lets a session be used from any thread, one
// call at a time (which `Session`'s `&mut self` enforces), and `GciTsBreak`
// from any thread while another call is in progress (gcits.hf). The handle
// is only an address; it is never dereferenced on this side.
unsafe impl Send for Handle {}
// SAFETY: as above; the only call made through a shared handle is
// `GciTsBreak`, under the lock that logout also takes.
unsafe impl Sync for Handle {}

/// What a session shares with its break handles.
struct Shared {
    lib: Library,
    /// The handle until logout, which takes it under this lock, so no
    /// break can reach a freed session.
    live: Mutex<Option<Handle>>,
}

impl Shared {
    fn break_(&self, hard: bool) -> Result<(), Error> {
        let live = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(handle) = *live else {
            return Err(Error::SessionEnded);
        };
        let mut err = GciErrSType::new();
        // SAFETY: the handle is live (logout needs this lock to end it),
        // `err` is a valid out-parameter, and GciTsBreak may be called
        // while another thread has a call in progress on the session.
        let ok = unsafe { (self.lib.inner.fns.break_)(handle.0.as_ptr(), hard as c_int, &mut err) };
        match ok != 0 {
            true => Ok(()),
            false => Err(failure(&err, "GciTsBreak")),
        }
    }
}

/// Sends breaks to a session from anywhere (another thread, a timer),
/// while a call is in flight in it. Cheap to clone; after the session
/// logs out it answers `Error::SessionEnded`.
#[derive(Clone)]
pub struct BreakHandle {
    shared: Arc<Shared>,
}

impl BreakHandle {
    /// A soft break (`hard == false`: the call fails with
    /// `RT_ERR_SOFT_BREAK`, the session goes on) or a hard one. Leave at
    /// least 300 ms between a soft break and a hard one.
    pub fn break_(&self, hard: bool) -> Result<(), Error> {
        self.shared.break_(hard)
    }
}

impl fmt::Debug for BreakHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("BreakHandle")
    }
}

/// One GCI session: one gem, one transaction view. One call is in flight
/// at a time, which `&mut self` enforces; `break_` and [`BreakHandle`]
/// reach it while one is. A session may move between threads (`Send`) but
/// is not shared between them (not `Sync`), so even its `&self` calls are
/// never made concurrently.
pub struct Session {
    shared: Arc<Shared>,
    handle: Handle,
    in_flight: bool,
    /// The source of the call in flight, kept until its result is taken:
    /// gcits.hf does not say that `GciTsNbExecute` is done with it when it
    /// returns.
    source: Option<CString>,
    ended: bool,
    executed_session_init: bool,
    warning: Option<GciError>,
    /// Results let go of and not yet released, with their bytes.
    unreleased: Vec<Oop>,
    unreleased_bytes: usize,
    /// The largest result [`Session::fetch_bytes`] fetches.
    fetch_limit: usize,
    _not_sync: PhantomData<Cell<()>>,
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("in_flight", &self.in_flight)
            .field("ended", &self.ended)
            .finish()
    }
}

/// GemStone's error in `err`, or, if the library failed without filling
/// it in, a protocol error naming the function.
fn failure(err: &GciErrSType, function: &str) -> Error {
    match err.number {
        0 => Error::Protocol {
            detail: format!("{function} failed without reporting an error"),
        },
        _ => Error::Gci(GciError::from_raw(err)),
    }
}

fn c_string(text: &str, what: &'static str) -> Result<CString, Error> {
    CString::new(text).map_err(|_| Error::InvalidArgument {
        what,
        reason: "contains a NUL character, which the GemStone C interface cannot pass",
    })
}

fn c_opt(text: &Option<String>, what: &'static str) -> Result<Option<CString>, Error> {
    text.as_deref().map(|t| c_string(t, what)).transpose()
}

fn ptr_of(text: &Option<CString>) -> *const std::ffi::c_char {
    text.as_ref().map_or(ptr::null(), |c| c.as_ptr())
}

/// `timeout` as `GciTsNbPoll`'s milliseconds: `None` blocks (-1).
fn poll_ms(timeout: Option<Duration>) -> c_int {
    match timeout {
        None => -1,
        Some(t) => c_int::try_from(t.as_millis()).unwrap_or(c_int::MAX),
    }
}

impl Library {
    /// Logs in: the netldi forks a gem, which logs into the stone. Blocks
    /// for as long as that takes (run it on a blocking thread). A session
    /// that logged in with a warning keeps it in [`Session::login_warning`].
    pub fn login(&self, login: &Login) -> Result<Session, Error> {
        let stone = c_string(&login.stone, "the stone name")?;
        let gem_service = c_opt(&login.gem_service, "the gem service")?;
        let host_user = c_opt(&login.host_user, "the host user")?;
        let host_password = c_opt(&login.host_password, "the host password")?;
        let user = c_string(&login.user, "the GemStone user name")?;
        let (flag, password) = login.password.flag_and_text();
        let password = c_string(&password, "the password")?;
        let mut init: ffi::BoolType = 0;
        let mut err = GciErrSType::new();
        // SAFETY: every string is NUL-terminated and outlives the call;
        // the optional ones are NULL, which gcits.hf allows for the gem
        // service and the host user/password; `init` and `err` are valid
        // out-parameters.
        let raw: RawSession = unsafe {
            (self.inner.fns.login)(
                stone.as_ptr(),
                ptr_of(&host_user),
                ptr_of(&host_password),
                0,
                ptr_of(&gem_service),
                user.as_ptr(),
                password.as_ptr(),
                ffi::LOGIN_QUIET | flag,
                login.halt_on_error,
                &mut init,
                &mut err,
            )
        };
        let Some(raw) = NonNull::new(raw) else {
            return Err(failure(&err, "GciTsLogin"));
        };
        let handle = Handle(raw);
        let shared = Arc::new(Shared {
            lib: self.clone(),
            live: Mutex::new(Some(handle)),
        });
        Ok(Session {
            shared,
            handle,
            in_flight: false,
            source: None,
            ended: false,
            executed_session_init: init != 0,
            warning: (err.number != 0).then(|| GciError::from_raw(&err)),
            unreleased: Vec::new(),
            unreleased_bytes: 0,
            fetch_limit: DEFAULT_FETCH_LIMIT,
            _not_sync: PhantomData,
        })
    }
}

impl Session {
    /// Runs `f` with the raw handle and a fresh error struct.
    fn call<T>(&self, f: impl FnOnce(RawSession, *mut GciErrSType) -> T) -> (T, GciErrSType) {
        let mut err = GciErrSType::new();
        let out = f(self.handle.0.as_ptr(), &mut err);
        (out, err)
    }

    fn idle(&self) -> Result<(), Error> {
        match self.in_flight {
            true => Err(Error::CallInFlight),
            false => Ok(()),
        }
    }

    /// Whether the login ran `GsCurrentSession initialize` in the gem.
    pub fn executed_session_init(&self) -> bool {
        self.executed_session_init
    }

    /// The warning a successful login came with, if any.
    pub fn login_warning(&self) -> Option<&GciError> {
        self.warning.as_ref()
    }

    /// Whether a call is in flight (started and its result not yet taken).
    pub fn in_flight(&self) -> bool {
        self.in_flight
    }

    /// A handle that sends breaks to this session from anywhere.
    pub fn break_handle(&self) -> BreakHandle {
        BreakHandle {
            shared: self.shared.clone(),
        }
    }

    /// A soft break (`hard == false`) or a hard one, to the call in
    /// flight; none in flight, no effect. Leave at least 300 ms between a
    /// soft and a hard break.
    pub fn break_(&self, hard: bool) -> Result<(), Error> {
        self.shared.break_(hard)
    }

    /// Starts executing `source` (Smalltalk, read as UTF-8, compiled
    /// against the user's symbol list with `self` nil) and returns at once.
    /// Watch [`socket`](Self::socket) or call [`poll`](Self::poll), then
    /// take the answer with [`result`](Self::result).
    pub fn start_execute(&mut self, source: &str) -> Result<(), Error> {
        self.idle()?;
        let source = c_string(source, "the Smalltalk source")?;
        let fns = &self.shared.lib.inner.fns;
        // SAFETY: the handle is live (not ended: `self` is not logged out),
        // `source` is NUL-terminated and kept until the call's result is
        // taken; `err` is a valid out-parameter. Source class Utf8, no context
        // object (OOP_NO_CONTEXT), default symbol list (nil), no flags,
        // environment 0, as gcits.hf describes GciTsNbExecute's arguments.
        let (ok, err) = self.call(|s, e| unsafe {
            (fns.nb_execute)(
                s,
                source.as_ptr(),
                Oop::CLASS_UTF8.raw(),
                Oop::ILLEGAL.raw(),
                Oop::NIL.raw(),
                ffi::PERFORM_FLAGS_NONE,
                0,
                e,
            )
        });
        if ok == 0 {
            return Err(self.after_error(&err, "GciTsNbExecute"));
        }
        self.in_flight = true;
        self.source = Some(source);
        Ok(())
    }

    /// Executes `source` (as [`start_execute`](Self::start_execute)) and
    /// answers the bytes of its result, which must be a byte object (a
    /// `Utf8`, a `String`), in the same round trip to the gem
    /// (`GciTsExecuteFetchBytes`): the result is never held, so there is
    /// nothing to release. Blocks until the gem answers; break it with a
    /// [`BreakHandle`] from another thread.
    ///
    /// The answer is fetched into a buffer of `buffer` bytes. One that
    /// fills it may have been cut and is refused
    /// ([`Error::FilledBuffer`]): size the buffer above the longest answer
    /// `source` gives. Only the bytes answered are ever touched, so a
    /// large buffer costs no more than the answer.
    pub fn execute_fetch_bytes(&mut self, source: &str, buffer: usize) -> Result<Vec<u8>, Error> {
        self.idle()?;
        let source = c_string(source, "the Smalltalk source")?;
        let size = isize::try_from(buffer).map_err(|_| Error::InvalidArgument {
            what: "the answer's buffer",
            reason: "is larger than the library can be told",
        })?;
        let mut answer: Vec<u8> = Vec::with_capacity(buffer);
        let fns = &self.shared.lib.inner.fns;
        // SAFETY: the handle is live and no call is in flight (`&mut self`,
        // `idle`); `source` is NUL-terminated (size -1: its strlen) and
        // outlives the call, which is over when it returns; `answer` has
        // room for `size` bytes, which is what the call is told; `err` is
        // a valid out-parameter. Source class Utf8, no context object,
        // the user's symbol list (nil), as gcits.hf describes the call.
        let (n, err) = self.call(|s, e| unsafe {
            (fns.execute_fetch_bytes)(
                s,
                source.as_ptr(),
                -1,
                Oop::CLASS_UTF8.raw(),
                Oop::ILLEGAL.raw(),
                Oop::NIL.raw(),
                answer.as_mut_ptr(),
                size,
                e,
            )
        });
        let Ok(n) = usize::try_from(n) else {
            return Err(self.after_error(&err, "GciTsExecuteFetchBytes"));
        };
        if n > buffer {
            return Err(Error::Protocol {
                detail: format!(
                    "GciTsExecuteFetchBytes answered {n} bytes into a buffer of {buffer}"
                ),
            });
        }
        if n == buffer {
            return Err(Error::FilledBuffer { buffer });
        }
        // SAFETY: the library wrote the first `n` bytes (its answer), and
        // `n` is within the capacity.
        unsafe { answer.set_len(n) };
        Ok(answer)
    }

    /// Whether the call in flight has its answer ready, waiting up to
    /// `timeout` (`Some(Duration::ZERO)` does not wait; `None` waits until
    /// it is). An error here (the connection is gone, say) ends the call.
    pub fn poll(&mut self, timeout: Option<Duration>) -> Result<bool, Error> {
        if !self.in_flight {
            return Err(Error::NoCallInFlight);
        }
        let fns = &self.shared.lib.inner.fns;
        // SAFETY: the handle is live and `err` a valid out-parameter.
        let (ready, err) = self.call(|s, e| unsafe { (fns.nb_poll)(s, poll_ms(timeout), e) });
        match ready {
            1 => Ok(true),
            0 => Ok(false),
            _ => {
                self.in_flight = false;
                self.source = None;
                Err(failure(&err, "GciTsNbPoll"))
            }
        }
    }

    /// The session's socket, readable when the call in flight has its
    /// answer (for `tokio::io::unix::AsyncFd`). The descriptor belongs to
    /// the session: never close it, and stop watching it before logout.
    pub fn socket(&self) -> Result<RawFd, Error> {
        let fns = &self.shared.lib.inner.fns;
        // SAFETY: the handle is live and `err` a valid out-parameter.
        let (fd, err) = self.call(|s, e| unsafe { (fns.socket)(s, e) });
        match fd >= 0 {
            true => Ok(fd),
            false => Err(failure(&err, "GciTsSocket")),
        }
    }

    /// The answer of the call in flight: the result object, which the
    /// session holds until [`release`](Self::release)d. Blocks until it is
    /// there (call it once [`poll`](Self::poll) or the socket says so).
    /// After a GemStone error the failed execution's stack is cleared and
    /// its process, exception and error arguments released before this
    /// returns: the error's message is what remains of it.
    pub fn result(&mut self) -> Result<Oop, Error> {
        if !self.in_flight {
            return Err(Error::NoCallInFlight);
        }
        self.in_flight = false;
        let fns = &self.shared.lib.inner.fns;
        let source = self.source.take();
        // SAFETY: the handle is live, a call is in flight (GciTsNbExecute
        // succeeded), and `err` is a valid out-parameter.
        let (oop, err) = self.call(|s, e| unsafe { (fns.nb_result)(s, e) });
        drop(source); // the call is over: the library is done with it
        match Oop::from_raw(oop) {
            Oop::ILLEGAL => Err(self.after_error(&err, "GciTsNbResult")),
            oop => Ok(oop),
        }
    }

    /// The error in `err`, after clearing the stack of the execution that
    /// raised it and releasing the objects the error names, so the session
    /// is ready for its next call. A failure to clean up is not reported:
    /// the error that matters is the one being returned.
    fn after_error(&mut self, err: &GciErrSType, function: &str) -> Error {
        let error = failure(err, function);
        if let Error::Gci(e) = &error
            && e.context.is_held()
            && !e.fatal
        {
            let fns = &self.shared.lib.inner.fns;
            let context = e.context.raw();
            // SAFETY: the handle is live, no call is in flight, `context`
            // is the GsProcess the library just reported, and `err` is a
            // valid out-parameter.
            let _ = self.call(|s, e| unsafe { (fns.clear_stack)(s, context, e) });
            let held: Vec<Oop> = [e.context, e.exception]
                .into_iter()
                .chain(e.args.iter().copied())
                .collect();
            let _ = self.release(&held);
        }
        error
    }

    /// The bytes of a byte object (a `Utf8`, a `String`, a `ByteArray`)
    /// without named instance variables, however large, each call
    /// fetching into a fresh buffer: a first fetch of up to 16 KiB, which
    /// is the whole of a shorter object; for a longer one, its size is
    /// asked and the rest fetched a page at a time into a buffer of that
    /// size.
    pub fn fetch_bytes(&mut self, oop: Oop) -> Result<Vec<u8>, Error> {
        self.idle()?;
        let mut first = vec![0u8; FIRST_FETCH];
        let n = self.fetch_page(oop, 0, &mut first)?;
        if n < FIRST_FETCH {
            first.truncate(n);
            return Ok(first);
        }
        let size = self.fetch_size(oop)?;
        if size > self.fetch_limit {
            return Err(Error::TooLarge {
                oop,
                size,
                limit: self.fetch_limit,
            });
        }
        if size < n {
            return Err(Error::Protocol {
                detail: format!("answered {n} bytes of {oop}, whose size is {size}"),
            });
        }
        let mut buf = first;
        buf.resize(size, 0);
        let mut got = n;
        while got < size {
            let n = self.fetch_page(oop, got, &mut buf[got..])?;
            if n == 0 {
                break;
            }
            got += n;
        }
        if got != size {
            return Err(Error::Protocol {
                detail: format!("answered {got} of the {size} bytes of {oop}"),
            });
        }
        Ok(buf)
    }

    /// Sets the largest result [`Session::fetch_bytes`] fetches (by
    /// default [`DEFAULT_FETCH_LIMIT`]); a larger one is
    /// [`Error::TooLarge`], and nothing past its first 16 KiB is read.
    pub fn set_fetch_limit(&mut self, bytes: usize) {
        self.fetch_limit = bytes.max(FIRST_FETCH);
    }

    /// `GciTsFetchSize`: the object's size in bytes, for a byte object.
    fn fetch_size(&mut self, oop: Oop) -> Result<usize, Error> {
        let fns = &self.shared.lib.inner.fns;
        // SAFETY: the handle is live, no call is in flight, and `err` is a
        // valid out-parameter.
        let (size, err) = self.call(|s, e| unsafe { (fns.fetch_size)(s, oop.raw(), e) });
        usize::try_from(size).map_err(|_| failure(&err, "GciTsFetchSize"))
    }

    /// One `GciTsFetchBytes` of the bytes after the first `done` into the
    /// front of `dest` (at most a page).
    fn fetch_page(&mut self, oop: Oop, done: usize, dest: &mut [u8]) -> Result<usize, Error> {
        let fns = &self.shared.lib.inner.fns;
        let want = dest.len().min(FETCH_PAGE);
        let start = done as i64 + 1; // one-based (gcits.hf)
        // SAFETY: the handle is live, no call is in flight, `dest` is
        // writable for `want` bytes, which is what the call is told, and
        // `err` is a valid out-parameter.
        let (n, err) = self.call(|s, e| unsafe {
            (fns.fetch_bytes)(s, oop.raw(), start, dest.as_mut_ptr(), want as i64, e)
        });
        match usize::try_from(n) {
            Ok(n) if n <= want => Ok(n),
            Ok(n) => Err(Error::Protocol {
                detail: format!("GciTsFetchBytes answered {n} bytes where {want} were asked for"),
            }),
            Err(_) => Err(failure(&err, "GciTsFetchBytes")),
        }
    }

    /// The text of a `Utf8` (or a `String` of ASCII): [`fetch_bytes`]
    /// decoded, refused if it is not UTF-8.
    ///
    /// [`fetch_bytes`]: Self::fetch_bytes
    pub fn fetch_string(&mut self, oop: Oop) -> Result<String, Error> {
        String::from_utf8(self.fetch_bytes(oop)?).map_err(|_| Error::NotUtf8 { oop })
    }

    /// Lets the session drop its hold on `oops` (results of calls); the
    /// special ones, which it never holds, are skipped.
    pub fn release(&mut self, oops: &[Oop]) -> Result<(), Error> {
        self.idle()?;
        let mut held: Vec<u64> = oops
            .iter()
            .filter(|o| o.is_held())
            .map(|o| o.raw())
            .collect();
        if held.is_empty() {
            return Ok(());
        }
        let count = c_int::try_from(held.len()).map_err(|_| Error::InvalidArgument {
            what: "the objects to release",
            reason: "are more than one call can take",
        })?;
        let fns = &self.shared.lib.inner.fns;
        // SAFETY: the handle is live, no call is in flight, `held` holds
        // `count` OOPs, and `err` is a valid out-parameter.
        let (ok, err) =
            self.call(|s, e| unsafe { (fns.release_objs)(s, held.as_mut_ptr(), count, e) });
        match ok != 0 {
            true => Ok(()),
            false => Err(failure(&err, "GciTsReleaseObjs")),
        }
    }

    /// Lets the session drop its hold on `oop`, a result of `bytes` bytes,
    /// with others rather than now: results let go of so are released
    /// together, in one `GciTsReleaseObjs`, once there are 32 of them or
    /// they hold 1 MiB, sparing a round trip to the gem for each. Until
    /// then the gem keeps them; logging out drops them all.
    pub fn release_soon(&mut self, oop: Oop, bytes: usize) -> Result<(), Error> {
        self.idle()?;
        if !oop.is_held() {
            return Ok(());
        }
        self.unreleased.push(oop);
        self.unreleased_bytes = self.unreleased_bytes.saturating_add(bytes);
        if self.unreleased.len() < RELEASE_BATCH && self.unreleased_bytes < RELEASE_BYTES {
            return Ok(());
        }
        let batch = std::mem::take(&mut self.unreleased);
        self.unreleased_bytes = 0;
        self.release(&batch)
    }

    /// Logs out, ending the gem. A call still in flight is hard-broken
    /// first and given a moment to end. Dropping a session logs out too,
    /// but silently; call this to see the error.
    pub fn logout(mut self) -> Result<(), Error> {
        self.end()
    }

    fn end(&mut self) -> Result<(), Error> {
        if self.ended {
            return Ok(());
        }
        if self.in_flight {
            let _ = self.break_(true);
            if let Ok(true) = self.poll(Some(LOGOUT_WAIT)) {
                let _ = self.result();
            }
        }
        self.ended = true;
        let mut live = self
            .shared
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let Some(handle) = live.take() else {
            return Ok(());
        };
        let mut err = GciErrSType::new();
        // SAFETY: the handle is live and taken under the lock, so no break
        // can use it after this; `err` is a valid out-parameter.
        let ok = unsafe { (self.shared.lib.inner.fns.logout)(handle.0.as_ptr(), &mut err) };
        match ok != 0 {
            true => Ok(()),
            false => Err(failure(&err, "GciTsLogout")),
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_show_in_debug_output() {
        let login = Login {
            stone: "gs64stone".into(),
            gem_service: None,
            host_user: None,
            host_password: Some("hostsecret".into()),
            user: "DataCurator".into(),
            password: Password::Plain("swordfish".into()),
            halt_on_error: 0,
        };
        let shown = format!("{login:?}");
        assert!(!shown.contains("swordfish"), "{shown}");
        assert!(!shown.contains("hostsecret"), "{shown}");
        assert!(format!("{:?}", Password::Jwt("eyJ".into())).contains("redacted"));
        assert!(format!("{:?}", Password::EnvVar("GS_PW".into())).contains("GS_PW"));
    }

    #[test]
    fn password_kinds_map_to_login_flags() {
        assert_eq!(Password::Plain("p".into()).flag_and_text(), (0, "p".into()));
        assert_eq!(Password::OneTime("p".into()).flag_and_text().0, 0x400);
        assert_eq!(Password::Jwt("p".into()).flag_and_text().0, 0x800);
        assert_eq!(
            Password::EnvVar("V".into()).flag_and_text(),
            (0x2000, "V".into())
        );
        assert_eq!(
            Password::File("/pw".into()).flag_and_text(),
            (0x1000, "/pw".into())
        );
    }

    #[test]
    fn poll_timeouts_become_milliseconds() {
        assert_eq!(poll_ms(None), -1);
        assert_eq!(poll_ms(Some(Duration::ZERO)), 0);
        assert_eq!(poll_ms(Some(Duration::from_millis(250))), 250);
        assert_eq!(poll_ms(Some(Duration::from_secs(u64::MAX))), c_int::MAX);
    }

    #[test]
    fn nul_characters_are_refused_with_the_argument_named() {
        let err = c_string("a\0b", "the Smalltalk source")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("the Smalltalk source contains a NUL"),
            "{err}"
        );
    }
}

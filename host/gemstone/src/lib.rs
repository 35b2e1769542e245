//! The `gemstone` image backend: one client's session on a GemStone/S 64
//! stone, over GemStone's thread-safe C interface (gs-gci), behind
//! gs-toolset's [`ImageSession`].
//!
//! A [`Stone`] loads the client library once and logs sessions in (at most
//! `login_concurrency` logins at a time); each [`GemStoneSession`] is one
//! GCI session — one gem, one transaction view — and logs out when
//! dropped. Every [`ImageSession`] operation is Smalltalk run in that
//! session (all of it in `smalltalk.rs`, each expression with the sources
//! of its messages), whose answer is one framed String (the framing is
//! documented there; `wire.rs` parses it). Failures become the
//! [`ToolError`]s the embedded backend answers, with the same words.
//! A doit waits on the session's socket, watched by the async runtime, so
//! a long one holds no thread ([`ImageSession::execute_waiting`]); other
//! operations are short and wait on a thread of the runtime's blocking
//! pool, polling the library (`run.rs`). A cancelled call gets a soft
//! break, then, 300 ms later, a hard break. A lost connection marks the session dead
//! ([`GemStoneSession::is_dead`]).
//!
//! Architecture: this crate joins gs-gci and the toolset contract. It must
//! not depend on the embedded image, the interpreter, the embedded
//! backend, the broker, the router, wasmtime or hyper (tests may).

#![cfg(unix)]

mod definition;
mod run;
#[doc(hidden)]
pub mod smalltalk;
#[doc(hidden)]
pub mod wire;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use gs_gci::{ErrorKind as GciKind, Library, Login, Password, Session};
use gs_toolset::{
    CancelToken, ClassCategories, ClassDefinition, ClassHierarchy, ClassInfo, ClassOverview,
    Committed, CompileProblem, DEFAULT_CATEGORY, DefinitionChange, DefinitionReport,
    DefinitionSource, DictionaryEntry, Doit, ErrorKind, FileOut, ImageFuture, ImageSession,
    MethodPage, MethodRef, MethodSource, RecompilePolicy, SessionStatus, SourceSearch, TestDefect,
    TestProgress, TestReport, ToolError,
};
use serde_json::{Map, Value as Json, json};

use run::{RunError, RunErrorKind};
pub use smalltalk::PRINT_CHARS;
use wire::{Fields, Value};

/// What a class-definition source must be, in the embedded backend's
/// words.
const ONE_DEFINITION: &str = "`source` must be one class-definition expression (with, if you \
                              like, `comment:` and `category:` statements for that class)";
/// The image worker's stack. No interpreter runs in this process, so the
/// backend itself needs little, but the broker polls a whole tool call
/// (the toolset's own work included) on that thread: Rust's default.
const WORKER_STACK_BYTES: usize = gs_toolset::DEFAULT_WORKER_STACK_BYTES;

/// Where the stone is and how to log in to it. Its `Debug` form shows no
/// password.
#[derive(Clone)]
pub struct StoneSettings {
    /// The GemStone/S 64 installation directory (`$GEMSTONE`); the client
    /// library is `lib/libgcits-<version>-64.so` in it.
    pub gemstone: PathBuf,
    /// The library version to load; `None` takes the only one there.
    pub version: Option<String>,
    /// The stone's name (its NRS, e.g. `gs64stone` or `!@host!gs64stone`).
    pub stone: String,
    /// The gem service's NRS; `None` for the library's default
    /// (`!@localhost!gemnetobject`).
    pub gem_service: Option<String>,
    /// The host account the netldi forks gems as, if not its own.
    pub host_user: Option<String>,
    /// That account's password.
    pub host_password: Option<String>,
    /// The GemStone user sessions log in as unless told otherwise.
    pub user: String,
    /// That user's password (or where it comes from).
    pub password: Password,
    /// How many logins may run at once (at least one); the rest wait.
    pub login_concurrency: usize,
}

impl std::fmt::Debug for StoneSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoneSettings")
            .field("gemstone", &self.gemstone)
            .field("version", &self.version)
            .field("stone", &self.stone)
            .field("gem_service", &self.gem_service)
            .field("host_user", &self.host_user)
            .field(
                "host_password",
                &self.host_password.as_ref().map(|_| "<redacted>"),
            )
            .field("user", &self.user)
            .field("password", &self.password)
            .field("login_concurrency", &self.login_concurrency)
            .finish()
    }
}

/// A failure to load the library or to log in, with what to do about it.
#[derive(Debug, Clone)]
pub struct BackendError {
    message: String,
    kind: Option<GciKind>,
}

impl BackendError {
    fn new(message: impl Into<String>) -> BackendError {
        BackendError {
            message: message.into(),
            kind: None,
        }
    }

    fn gci(context: &str, e: &gs_gci::Error) -> BackendError {
        BackendError {
            message: format!("{context}: {e}"),
            kind: e.gci().map(|g| g.kind()),
        }
    }

    /// GemStone's kind of the error, when GemStone reported it (e.g.
    /// `LoginDenied`, `NoSuchStone`).
    pub fn gci_kind(&self) -> Option<GciKind> {
        self.kind
    }

    /// The message, saying what to fix.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BackendError {}

/// What `Stone::check` learnt from the stone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoneFacts {
    /// The stone's GemStone version (`System stoneVersionAt: 'gsVersion'`).
    pub version: String,
    /// The stone's name (`System stoneName`).
    pub stone: String,
    /// The client library's version (`GciTsVersion`).
    pub library_version: String,
}

/// A counting gate: at most `limit` holders at once.
#[derive(Debug)]
struct Gate {
    busy: Mutex<usize>,
    freed: Condvar,
    limit: usize,
}

impl Gate {
    fn enter(&self) -> GateGuard<'_> {
        let mut busy = self.busy.lock().unwrap_or_else(PoisonError::into_inner);
        while *busy >= self.limit {
            busy = self
                .freed
                .wait(busy)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *busy += 1;
        GateGuard(self)
    }
}

struct GateGuard<'a>(&'a Gate);

impl Drop for GateGuard<'_> {
    fn drop(&mut self) {
        let mut busy = self.0.busy.lock().unwrap_or_else(PoisonError::into_inner);
        *busy -= 1;
        self.0.freed.notify_one();
    }
}

/// A stone to log sessions in to: the loaded client library and the login
/// settings. Cheap to share (`Send + Sync`).
#[derive(Debug)]
pub struct Stone {
    library: Library,
    settings: StoneSettings,
    gate: Gate,
}

impl Stone {
    /// Loads the client library of `settings.gemstone` (of
    /// `settings.version`, or the only one there).
    pub fn open(settings: StoneSettings) -> Result<Stone, BackendError> {
        let path = match &settings.version {
            Some(v) => gs_gci::library_path(&settings.gemstone, v),
            None => gs_gci::find_library(&settings.gemstone)
                .map_err(|e| BackendError::gci("cannot find the GemStone client library", &e))?,
        };
        let library = Library::open(&path)
            .map_err(|e| BackendError::gci("cannot load the GemStone client library", &e))?;
        Ok(Stone {
            library,
            gate: Gate {
                busy: Mutex::new(0),
                freed: Condvar::new(),
                limit: settings.login_concurrency.max(1),
            },
            settings,
        })
    }

    /// The loaded library's version text.
    pub fn library_version(&self) -> &str {
        self.library.version()
    }

    /// The settings the stone was opened with.
    pub fn settings(&self) -> &StoneSettings {
        &self.settings
    }

    fn login_raw(
        &self,
        user: Option<&str>,
        password: Option<&Password>,
    ) -> Result<Session, BackendError> {
        let login = Login {
            stone: self.settings.stone.clone(),
            gem_service: self.settings.gem_service.clone(),
            host_user: self.settings.host_user.clone(),
            host_password: self.settings.host_password.clone(),
            user: user.unwrap_or(&self.settings.user).to_string(),
            password: password.unwrap_or(&self.settings.password).clone(),
            halt_on_error: 0,
        };
        let _turn = self.gate.enter();
        self.library.login(&login).map_err(|e| {
            BackendError::gci(
                &format!(
                    "cannot log in to stone {} as {}",
                    self.settings.stone, login.user
                ),
                &e,
            )
        })
    }

    /// Logs in and out once, answering the stone's version and name.
    pub fn check(&self) -> Result<StoneFacts, BackendError> {
        let mut session = self.login_raw(None, None)?;
        let answer = run::program_blocking(&mut session, &smalltalk::stone_facts(), None)
            .map_err(|e| BackendError::new(format!("logged in, but {}", e.message)))?;
        let facts = (|| {
            let mut f = ok_fields(answer, "the stone's facts")?;
            Ok::<_, String>(StoneFacts {
                version: f.str()?,
                stone: f.str()?,
                library_version: self.library.version().to_string(),
            })
        })()
        .map_err(|e| BackendError::new(format!("logged in, but the stone's facts: {e}")))?;
        session
            .logout()
            .map_err(|e| BackendError::gci("logged in, but the logout failed", &e))?;
        Ok(facts)
    }

    /// Logs a session in as `user` (the settings' user if `None`), waiting
    /// while `login_concurrency` other logins run.
    pub fn login(&self, user: Option<&str>) -> Result<GemStoneSession, BackendError> {
        self.session(user, None)
    }

    /// Logs a session in as `user` with a password of its own (an
    /// authenticated caller's token as a JWT password), under the same
    /// limit.
    pub fn login_as(
        &self,
        user: &str,
        password: &Password,
    ) -> Result<GemStoneSession, BackendError> {
        self.session(Some(user), Some(password))
    }

    fn session(
        &self,
        user: Option<&str>,
        password: Option<&Password>,
    ) -> Result<GemStoneSession, BackendError> {
        let session = self.login_raw(user, password)?;
        let user = user.unwrap_or(&self.settings.user).to_string();
        Ok(GemStoneSession {
            inner: Mutex::new(Some(session)),
            dead: Arc::new(AtomicBool::new(false)),
            user,
            view: AtomicU64::new(1),
            programs: AtomicU64::new(0),
        })
    }
}

/// One client's GCI session on the stone. Logs out when dropped (a failed
/// logout is written to stderr).
#[derive(Debug)]
pub struct GemStoneSession {
    inner: Mutex<Option<Session>>,
    dead: Arc<AtomicBool>,
    user: String,
    /// Counts the transaction boundaries this session crossed (login,
    /// commit, abort, refresh): the `view` and `commit` numbers the
    /// toolset reports. GemStone has no commit counter a session can read
    /// cheaply; this one is this session's own.
    view: AtomicU64,
    /// Counts the programs this session has run (see
    /// [`GemStoneSession::programs_run`]).
    programs: AtomicU64,
}

impl Drop for GemStoneSession {
    fn drop(&mut self) {
        let session = self
            .inner
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(session) = session
            && let Err(e) = session.logout()
            && !self.dead.load(Ordering::Relaxed)
        {
            eprintln!("gs-mcp: logging out of the GemStone session failed: {e}");
        }
    }
}

/// A doit's answer: its printString, whether that was cut, its Transcript.
fn doit_of(mut f: Fields) -> Result<Doit, ToolError> {
    let mut read = || -> Result<Doit, String> {
        Ok(Doit {
            print_string: f.str()?,
            truncated: f.bool()?,
            transcript: f.str()?,
            class_name: f.str()?,
        })
    };
    read().map_err(malformed)
}

/// Refuses a program the stone cannot be sent (a NUL ends a C string), or
/// one whose call is already cancelled.
fn sendable(source: &str, cancel: Option<&CancelToken>) -> Result<(), ToolError> {
    if source.contains('\0') {
        return Err(ToolError::invalid_params(
            "the text contains a NUL character, which cannot be sent to GemStone",
        ));
    }
    if cancel.is_some_and(CancelToken::is_cancelled) {
        return Err(cancelled());
    }
    Ok(())
}

/// A GCI session taken out of its [`GemStoneSession`]'s slot for one
/// call. Given back when the call ends; dropped without that (the call's
/// future dropped mid-call), the session is marked dead and logged out.
struct Taken<'a> {
    owner: &'a GemStoneSession,
    session: Option<Session>,
}

impl Taken<'_> {
    /// Puts the session (if the call kept it) back in its slot.
    fn give_back(mut self) {
        let session = self.session.take();
        *self
            .owner
            .inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = session;
    }
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        if self.session.take().is_some() {
            self.owner.dead.store(true, Ordering::Relaxed);
        }
    }
}

/// The cancelled error, in the embedded backend's words.
fn cancelled() -> ToolError {
    ToolError::new(
        ErrorKind::Cancelled,
        "the Smalltalk call was stopped: the client cancelled it or its deadline passed",
    )
}

fn lost(message: &str) -> ToolError {
    ToolError::new(
        ErrorKind::Other,
        format!(
            "the connection to the GemStone stone was lost ({message}); this session has ended, \
             start a new one"
        ),
    )
}

/// The fields of an `ok` answer, or the error frame's message.
fn ok_fields(answer: Value, what: &'static str) -> Result<Fields, String> {
    let mut f = Fields::of(answer, what)?;
    match f.str()?.as_str() {
        "ok" => Ok(f),
        "error" => {
            let code = f.str()?;
            let args: Vec<String> = f
                .rest()
                .into_iter()
                .map(|v| match v {
                    Value::Str(s) => s,
                    other => format!("{other:?}"),
                })
                .collect();
            Err(format!("the stone answered {code} {args:?}"))
        }
        other => Err(format!("{what} starts with {other:?}, not ok or error")),
    }
}

/// A malformed answer as a ToolError.
/// The fields of [`smalltalk::class_facts`]: the class's facts, then its
/// kind (`bytes`, `indexable` or `pointers`).
fn read_facts(f: &mut Fields) -> Result<(ClassInfo, String), String> {
    let info = ClassInfo {
        name: f.str()?,
        superclass: f.opt_str()?,
        dictionary: f.opt_str()?.unwrap_or_default(),
        instance_variables: f.strs()?,
        class_variables: f.strs()?,
        class_instance_variables: f.strs()?,
        category: f.opt_str()?.filter(|c| !c.is_empty()),
        comment: f.opt_str()?.unwrap_or_default(),
        kernel: f.bool()?,
    };
    Ok((info, f.str()?))
}

/// The fields [`smalltalk::selectors`] writes: each selector of a side
/// with its category (empty for none).
fn read_side(f: &mut Fields) -> Result<Vec<(String, String)>, String> {
    let selectors = f.strs()?;
    let categories = f.strs()?;
    if selectors.len() != categories.len() {
        return Err(format!(
            "{} selectors came with {} categories",
            selectors.len(),
            categories.len()
        ));
    }
    Ok(selectors.into_iter().zip(categories).collect())
}

/// Selectors grouped by category, the categories sorted, each one's
/// selectors sorted.
fn by_category(selectors: Vec<(String, String)>) -> Vec<(String, Vec<String>)> {
    let mut by: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (selector, category) in selectors {
        by.entry(category).or_default().push(selector);
    }
    by.into_iter()
        .map(|(c, mut s)| {
            s.sort();
            (c, s)
        })
        .collect()
}

fn malformed(what: String) -> ToolError {
    ToolError::other(format!(
        "the GemStone backend could not read the stone's answer: {what}"
    ))
}

/// Compile problems from a compile error's description: each `line L,
/// column C: message` part (the form the embedded image and the test
/// stone give). A description without one is one problem at 1:1.
fn compile_problems(description: &str) -> Vec<CompileProblem> {
    let mut problems = Vec::new();
    let mut rest = description;
    while let Some(at) = rest.find("line ") {
        let part = &rest[at + 5..];
        let parsed = (|| {
            let (line, after) = part.split_once(", column ")?;
            let (column, after) = after.split_once(": ")?;
            let line: u32 = line.trim().parse().ok()?;
            let column: u32 = column.trim().parse().ok()?;
            let end = after.find("; line ").unwrap_or(after.len());
            Some((line, column, after[..end].to_string(), &after[end..]))
        })();
        match parsed {
            Some((line, column, message, after)) => {
                problems.push(CompileProblem {
                    line,
                    column,
                    message,
                });
                rest = after;
            }
            None => rest = part,
        }
    }
    if problems.is_empty() {
        problems.push(CompileProblem {
            line: 1,
            column: 1,
            message: description.to_string(),
        });
    }
    problems
}

fn compile_details(problems: &[CompileProblem]) -> Map<String, Json> {
    let list = problems
        .iter()
        .map(|p| json!({"line": p.line, "column": p.column, "message": p.message}))
        .collect();
    let mut d = Map::new();
    d.insert("errors".into(), Json::Array(list));
    d
}

fn problems_text(problems: &[CompileProblem]) -> String {
    problems
        .iter()
        .map(|p| format!("line {}, column {}: {}", p.line, p.column, p.message))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The ToolError of an `error` frame, in the embedded backend's words.
/// `doit` says the code was a doit (compile errors then read as the
/// interpreter's, `compile error; line …`).
fn frame_error(code: &str, args: &[String], user: &str, doit: bool) -> ToolError {
    let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    let rest = |i: usize| args.get(i..).unwrap_or(&[]).join(", ");
    match code {
        "noClass" => ToolError::not_found(format!(
            "no class named {} in the symbol list of user {} ({}); check the spelling or define \
             the class first",
            arg(0),
            arg(1),
            rest(2)
        )),
        "notAClass" => ToolError::not_found(format!(
            "{} is bound to a global value in {}, not to a class; name a class",
            arg(0),
            arg(1)
        )),
        "noDictionary" => ToolError::not_found(format!(
            "no symbol dictionary named {}; the image has {}",
            arg(0),
            rest(1)
        )),
        "noMethod" => {
            let side = if arg(1) == "class" { " class" } else { "" };
            ToolError::not_found(format!(
                "no method {}{side}>>{}; list the class's selectors to find the right one",
                arg(0),
                arg(2)
            ))
        }
        "noName" => no_such_name(arg(0)),
        "noSuperclass" => ToolError::not_found(format!(
            "superclass {} of class {} is not a class in the symbol list of user {}; define it \
             first or correct the name",
            arg(0),
            arg(1),
            arg(2)
        )),
        "compile" => {
            let problems = compile_problems(arg(0));
            let message = if doit {
                format!("compile error; {}", problems_text(&problems))
            } else {
                format!(
                    "compile failed with {} error(s): {}",
                    problems.len(),
                    problems_text(&problems)
                )
            };
            ToolError::compile_error(message).with_details(compile_details(&problems))
        }
        "exception" => {
            let mut d = Map::new();
            d.insert("exceptionClass".into(), json!(arg(0)));
            d.insert("description".into(), json!(arg(1)));
            let mut message = format!("unhandled {}: {}", arg(0), arg(1));
            if !arg(2).is_empty() {
                message.push_str("\nTranscript before the error:\n");
                message.push_str(arg(2));
            }
            ToolError::other(message).with_details(d)
        }
        "notTestCase" => ToolError::invalid_params(format!(
            "{} is not a TestCase subclass; name a test class (list_test_classes shows them)",
            arg(0)
        )),
        "pending" => ToolError::refused(
            "cannot refresh: this session has uncommitted changes; commit them or abort them first",
        ),
        "commitRefused" => ToolError::refused(arg(0).to_string()),
        "conflict" => {
            let mut d = Map::new();
            d.insert(
                "conflicts".into(),
                Json::Array(args.iter().map(|c| json!(c)).collect()),
            );
            ToolError::other(format!(
                "the commit conflicts with another session's: {}. Nothing was committed; abort \
                 to drop your changes and see the newest view, then redo them",
                args.join("; ")
            ))
            .with_details(d)
        }
        "defineRefused" => ToolError::refused(arg(0).to_string()),
        "notAClassValue" => ToolError::invalid_params(
            "`source` must be one class-definition expression (with, if you like, `comment:` \
             and `category:` statements for that class), but it does not answer a class. To run \
             any other code, use execute_code",
        ),
        "dictionaryExists" => ToolError::invalid_params(format!(
            "a symbol dictionary named {} already exists; choose another name",
            arg(0)
        )),
        "standardDictionary" => ToolError::refused(format!(
            "{} is a standard dictionary of the image and cannot be removed; remove the entries \
             you no longer need instead",
            arg(0)
        )),
        "homeOfClasses" => ToolError::refused(format!(
            "dictionary {} is the home of class(es) {}; remove those classes first",
            arg(0),
            rest(1)
        )),
        "hasSubclasses" => ToolError::refused(format!(
            "class {} has subclasses ({}); remove them first",
            arg(0),
            rest(1)
        )),
        other => ToolError::other(format!(
            "the stone answered the unknown error {other} ({}) to user {user}",
            args.join(", ")
        )),
    }
}

fn no_such_name(name: &str) -> ToolError {
    ToolError::not_found(format!(
        "no global, class, class variable or pool variable is named `{name}` in this image; \
         check the spelling (list_dictionary_entries shows the globals)"
    ))
}

/// A name the Smalltalk side can only resolve if it is an identifier.
fn is_identifier(name: &str) -> bool {
    name.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn method_page(mut refs: Vec<MethodRef>, limit: usize) -> MethodPage {
    refs.sort();
    refs.dedup();
    let total = refs.len();
    refs.truncate(limit);
    MethodPage {
        methods: refs,
        total,
    }
}

impl GemStoneSession {
    /// True once the connection to the stone is lost (or a call would not
    /// end even after a hard break): every later call fails at once, and
    /// the MCP session should end.
    pub fn is_dead(&self) -> bool {
        self.dead.load(Ordering::Relaxed)
    }

    /// How many of the backend's programs this session has run, each one
    /// execution and one fetch of its answer on the stone (the helpers'
    /// installation, once per session, not counted). What a tool costs on
    /// a stone is its programs' round trips; diagnostics and tests read it.
    pub fn programs_run(&self) -> u64 {
        self.programs.load(Ordering::Relaxed)
    }

    /// A flag that turns true when the session dies, for whoever watches
    /// it from elsewhere.
    pub fn dead_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.dead)
    }

    /// Runs one program and answers the fields of its `ok` answer, or the
    /// ToolError of its `error` frame, waiting on the calling thread.
    fn call_with(
        &self,
        source: &str,
        cancel: Option<&CancelToken>,
        what: &'static str,
        doit: bool,
    ) -> Result<Fields, ToolError> {
        sendable(source, cancel)?;
        let mut guard = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(session) = guard.as_mut().filter(|_| !self.is_dead()) else {
            return Err(lost("an earlier call lost it"));
        };
        self.programs.fetch_add(1, Ordering::Relaxed);
        let outcome = run::program_blocking(session, source, cancel);
        if self.lost_by(&outcome) {
            drop(guard.take()); // logs out, silently: the gem is gone
        }
        drop(guard);
        self.answer(outcome, cancel, what, doit)
    }

    /// As [`GemStoneSession::call_with`], waiting on the async runtime,
    /// which watches the session's socket: a long call holds no thread.
    ///
    /// The GCI session is taken out of its slot for the call (a std mutex
    /// cannot be held across an await). The broker runs one call of a
    /// session at a time, so no other call finds the slot empty; should
    /// this future be dropped mid-call, the session, whose call is still in
    /// flight, is given up as lost.
    async fn call_waiting(
        &self,
        source: &str,
        cancel: &CancelToken,
        what: &'static str,
        doit: bool,
    ) -> Result<Fields, ToolError> {
        sendable(source, Some(cancel))?;
        let mut taken = Taken {
            owner: self,
            session: self
                .inner
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        };
        let Some(session) = taken.session.as_mut().filter(|_| !self.is_dead()) else {
            taken.give_back();
            return Err(lost("an earlier call lost it"));
        };
        self.programs.fetch_add(1, Ordering::Relaxed);
        let outcome = run::program(session, source, Some(cancel), run::Wait::Runtime).await;
        if self.lost_by(&outcome) {
            drop(taken.session.take()); // logs out, silently: the gem is gone
        }
        taken.give_back();
        self.answer(outcome, Some(cancel), what, doit)
    }

    /// True if `outcome` lost the session, which is then marked dead.
    fn lost_by(&self, outcome: &Result<Value, RunError>) -> bool {
        let lost = matches!(
            outcome,
            Err(RunError {
                kind: RunErrorKind::Lost,
                ..
            })
        );
        if lost {
            self.dead.store(true, Ordering::Relaxed);
        }
        lost
    }

    /// A run's outcome as the fields of its `ok` answer or a ToolError.
    fn answer(
        &self,
        outcome: Result<Value, RunError>,
        cancel: Option<&CancelToken>,
        what: &'static str,
        doit: bool,
    ) -> Result<Fields, ToolError> {
        let answer = match outcome {
            Ok(answer) => answer,
            Err(RunError {
                kind: RunErrorKind::Broken,
                ..
            }) => {
                if let Some(c) = cancel {
                    c.cancel();
                }
                return Err(cancelled());
            }
            Err(RunError {
                kind: RunErrorKind::Lost,
                message,
            }) => return Err(lost(&message)),
            Err(RunError { message, .. }) => {
                return Err(ToolError::other(format!("GemStone: {message}")));
            }
        };
        let mut f = Fields::of(answer, what).map_err(malformed)?;
        match f.str().map_err(malformed)?.as_str() {
            "ok" => Ok(f),
            "error" => {
                let code = f.str().map_err(malformed)?;
                let args: Vec<String> = f
                    .rest()
                    .into_iter()
                    .map(|v| match v {
                        Value::Str(s) => s,
                        other => format!("{other:?}"),
                    })
                    .collect();
                Err(frame_error(&code, &args, &self.user, doit))
            }
            other => Err(malformed(format!(
                "{what} starts with {other:?}, not ok or error"
            ))),
        }
    }

    fn call(&self, source: &str, what: &'static str) -> Result<Fields, ToolError> {
        self.call_with(source, None, what, false)
    }

    fn refs(&self, source: &str, what: &'static str) -> Result<Vec<MethodRef>, ToolError> {
        let mut f = self.call(source, what)?;
        let list = f.list().map_err(malformed)?;
        list.into_iter()
            .map(|v| {
                let mut m = Fields::of(v, "a method reference")?;
                Ok(MethodRef {
                    class_name: m.str()?,
                    meta: m.bool()?,
                    selector: m.str()?,
                })
            })
            .collect::<Result<_, String>>()
            .map_err(malformed)
    }

    fn facts(&self, class_name: &str) -> Result<(ClassInfo, String), ToolError> {
        let mut f = self.call(&smalltalk::class_facts(class_name), "a class's facts")?;
        read_facts(&mut f).map_err(malformed)
    }

    fn side_selectors(
        &self,
        class_name: &str,
        meta: bool,
    ) -> Result<Vec<(String, String)>, ToolError> {
        let mut f = self.call(
            &smalltalk::selectors(class_name, meta),
            "a class's selectors",
        )?;
        read_side(&mut f).map_err(malformed)
    }

    /// Refuses, before anything changes, what the embedded backend
    /// refuses of a redefinition: reshaping a class that has subclasses,
    /// and, under [`RecompilePolicy::Refuse`], dropping a variable a method
    /// of the class still names (a whole-word look at each method's
    /// source: the stone's compiler is not asked).
    fn check_reshape(
        &self,
        new: &definition::Scanned,
        policy: RecompilePolicy,
    ) -> Result<(), ToolError> {
        let Ok((old, _)) = self.facts(&new.name) else {
            return Ok(());
        };
        let dictionary = new.dictionary.as_deref().unwrap_or("UserGlobals");
        if old.dictionary != dictionary || old.name != new.name {
            return Ok(());
        }
        let differs = |n: &Option<Vec<String>>, o: &[String]| n.as_deref().is_some_and(|n| n != o);
        let reshape = differs(&new.instance_variables, &old.instance_variables)
            || differs(&new.class_variables, &old.class_variables)
            || differs(&new.class_instance_variables, &old.class_instance_variables)
            || new.superclass != old.superclass;
        if !reshape {
            return Ok(());
        }
        let subclasses = self.hierarchy(&new.name)?.subclasses;
        if !subclasses.is_empty() {
            let name = &new.name;
            return Err(ToolError::refused(format!(
                "{name} has subclasses ({}), and this definition changes its shape; redefining it \
                 would leave them on the old shape. Delete or redefine the subclasses first, or \
                 keep {name}'s variables and superclass as they are",
                subclasses.join(", ")
            )));
        }
        if policy != RecompilePolicy::Refuse {
            return Ok(());
        }
        let dropped = |n: &Option<Vec<String>>, o: &[String]| -> Vec<String> {
            match n {
                Some(n) => o.iter().filter(|v| !n.contains(v)).cloned().collect(),
                None => Vec::new(),
            }
        };
        let mut gone = dropped(&new.instance_variables, &old.instance_variables);
        gone.extend(dropped(&new.class_variables, &old.class_variables));
        let gone_meta = dropped(&new.class_instance_variables, &old.class_instance_variables);
        if gone.is_empty() && gone_meta.is_empty() {
            return Ok(());
        }
        let mut f = self.call(&smalltalk::class_sources(&new.name), "a class's sources")?;
        let mut broken = Vec::new();
        for v in f.list().map_err(malformed)? {
            let mut m = Fields::of(v, "a method's source").map_err(malformed)?;
            let (meta, selector, source) =
                (|| Ok::<_, String>((m.bool()?, m.str()?, m.str()?)))().map_err(malformed)?;
            let candidates = if meta {
                gone.iter().chain(gone_meta.iter())
            } else {
                gone.iter().chain([].iter())
            };
            if let Some(var) = candidates
                .into_iter()
                .find(|v| definition::mentions(&source, v))
            {
                let side = if meta { " class" } else { "" };
                broken.push(format!(
                    "{}{side}>>{selector} (it names {var}, which the new definition drops)",
                    new.name
                ));
            }
        }
        if broken.is_empty() {
            return Ok(());
        }
        let mut d = Map::new();
        d.insert("reason".into(), json!("wouldBreakMethods"));
        Err(ToolError::refused(format!(
            "redefining {} would break {} method(s): {}; fix or remove them first, or redefine it \
             letting the methods that no longer compile be removed (their source is answered)",
            new.name,
            broken.len(),
            broken.join(", ")
        ))
        .with_details(d))
    }

    fn next_view(&self) -> u64 {
        self.view.fetch_add(1, Ordering::Relaxed) + 1
    }
}

/// The definition expression, as the embedded image writes it
/// (`gs_image::classdef::definition_source`): the same text, so both
/// backends answer alike.
fn definition_text(info: &ClassInfo, kind: &str) -> String {
    fn names(list: &[String]) -> String {
        let mut out = String::from("#(");
        for n in list {
            out.push(' ');
            if is_identifier(n) && !matches!(n.as_str(), "nil" | "true" | "false") {
                out.push_str(n);
            } else {
                out.push_str(&smalltalk::lit(n));
            }
        }
        out.push(')');
        out
    }
    let superclass = info.superclass.as_deref().unwrap_or("nil");
    let keyword = match kind {
        "bytes" => "byteSubclass:",
        "indexable" => "indexableSubclass:",
        _ => "subclass:",
    };
    let mut out = format!("{superclass} {keyword} {}\n", smalltalk::lit(&info.name));
    if kind != "bytes" {
        out.push_str(&format!(
            "  instVarNames: {}\n",
            names(&info.instance_variables)
        ));
    }
    out.push_str(&format!("  classVars: {}\n", names(&info.class_variables)));
    out.push_str(&format!(
        "  classInstVars: {}\n",
        names(&info.class_instance_variables)
    ));
    out.push_str("  poolDictionaries: #()\n");
    out.push_str(&format!("  inDictionary: {}\n", info.dictionary));
    out.push_str("  options: #()\n");
    out
}

impl ImageSession for GemStoneSession {
    fn dictionaries(&self) -> Result<Vec<String>, ToolError> {
        self.call(&smalltalk::dictionaries(), "the symbol list")?
            .strs()
            .map_err(malformed)
    }

    fn classes(&self, dictionary: &str) -> Result<Vec<String>, ToolError> {
        let mut names = self
            .call(&smalltalk::classes(dictionary), "a dictionary's classes")?
            .strs()
            .map_err(malformed)?;
        names.sort();
        Ok(names)
    }

    fn entries(&self, dictionary: &str) -> Result<Vec<DictionaryEntry>, ToolError> {
        let mut f = self.call(&smalltalk::entries(dictionary), "a dictionary's entries")?;
        let mut entries = f
            .list()
            .map_err(malformed)?
            .into_iter()
            .map(|v| {
                let mut e = Fields::of(v, "an entry")?;
                Ok(DictionaryEntry {
                    name: e.str()?,
                    class_name: e.opt_str()?,
                })
            })
            .collect::<Result<Vec<_>, String>>()
            .map_err(malformed)?;
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(entries)
    }

    fn describe_class(&self, class_name: &str) -> Result<ClassInfo, ToolError> {
        self.facts(class_name).map(|(info, _)| info)
    }

    /// One program: the class's facts and both sides' selectors.
    fn class_overview(&self, class_name: &str) -> Result<ClassOverview, ToolError> {
        let mut f = self.call(
            &smalltalk::class_overview(class_name),
            "a class's facts and selectors",
        )?;
        let mut read = || -> Result<ClassOverview, String> {
            let (info, _kind) = read_facts(&mut f)?;
            let mut instance_selectors = f.strs()?;
            let mut class_selectors = f.strs()?;
            instance_selectors.sort();
            class_selectors.sort();
            Ok(ClassOverview {
                info,
                instance_selectors,
                class_selectors,
            })
        };
        read().map_err(malformed)
    }

    /// One program: the class's facts and both sides' categories.
    fn class_categories(&self, class_name: &str) -> Result<ClassCategories, ToolError> {
        let mut f = self.call(
            &smalltalk::class_categories(class_name),
            "a class's facts and method categories",
        )?;
        let mut read = || -> Result<ClassCategories, String> {
            let (info, _kind) = read_facts(&mut f)?;
            Ok(ClassCategories {
                info,
                instance: by_category(read_side(&mut f)?),
                class: by_category(read_side(&mut f)?),
            })
        };
        read().map_err(malformed)
    }

    fn selectors(&self, class_name: &str, meta: bool) -> Result<Vec<String>, ToolError> {
        let mut list: Vec<String> = self
            .side_selectors(class_name, meta)?
            .into_iter()
            .map(|(s, _)| s)
            .collect();
        list.sort();
        Ok(list)
    }

    fn categories(
        &self,
        class_name: &str,
        meta: bool,
    ) -> Result<Vec<(String, Vec<String>)>, ToolError> {
        Ok(by_category(self.side_selectors(class_name, meta)?))
    }

    fn hierarchy(&self, class_name: &str) -> Result<ClassHierarchy, ToolError> {
        let mut f = self.call(&smalltalk::hierarchy(class_name), "a class's hierarchy")?;
        let mut read = || -> Result<ClassHierarchy, String> {
            let class_name = f.str()?;
            let mut superclasses = f.strs()?;
            superclasses.reverse();
            let mut subclasses = f.strs()?;
            subclasses.sort();
            Ok(ClassHierarchy {
                class_name,
                superclasses,
                subclasses,
            })
        };
        read().map_err(malformed)
    }

    fn definition_source(&self, class_name: &str) -> Result<DefinitionSource, ToolError> {
        let (info, kind) = self.facts(class_name)?;
        Ok(DefinitionSource {
            source: definition_text(&info, &kind),
            info,
        })
    }

    fn file_out(&self, class_name: &str) -> Result<FileOut, ToolError> {
        let mut f = self.call(&smalltalk::file_out(class_name), "a file-out")?;
        let mut read = || -> Result<FileOut, String> {
            Ok(FileOut {
                class_name: f.str()?,
                source: f.str()?,
            })
        };
        read().map_err(malformed)
    }

    fn method(
        &self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<MethodSource, ToolError> {
        let mut f = self.call(&smalltalk::method(class_name, meta, selector), "a method")?;
        let mut read = || -> Result<MethodSource, String> {
            Ok(MethodSource {
                class_name: f.str()?,
                source: f.str()?,
                category: f.opt_str()?.unwrap_or_default(),
            })
        };
        read().map_err(malformed)
    }

    fn method_source(
        &self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<String, ToolError> {
        self.method(class_name, meta, selector).map(|m| m.source)
    }

    fn implementors(&self, selector: &str, limit: usize) -> Result<MethodPage, ToolError> {
        let refs = self.refs(&smalltalk::implementors(selector), "implementors")?;
        Ok(method_page(refs, limit))
    }

    fn senders(&self, selector: &str, limit: usize) -> Result<MethodPage, ToolError> {
        let refs = self.refs(&smalltalk::senders(selector), "senders")?;
        Ok(method_page(refs, limit))
    }

    fn references_to(&self, name: &str, limit: usize) -> Result<MethodPage, ToolError> {
        if !is_identifier(name) {
            return Err(no_such_name(name));
        }
        let mut f = self.call(&smalltalk::references_to(name), "references")?;
        let read = |f: &mut Fields| -> Result<Vec<MethodRef>, String> {
            let by_source = f.str()? == "sources";
            let mut refs = Vec::new();
            for v in f.list()? {
                let mut m = Fields::of(v, "a method reference")?;
                let method = MethodRef {
                    class_name: m.str()?,
                    meta: m.bool()?,
                    selector: m.str()?,
                };
                if !by_source || definition::mentions(&m.str()?, name) {
                    refs.push(method);
                }
            }
            Ok(refs)
        };
        let refs = read(&mut f).map_err(malformed)?;
        Ok(method_page(refs, limit))
    }

    fn search_source(
        &self,
        search: &SourceSearch<'_>,
        limit: usize,
    ) -> Result<MethodPage, ToolError> {
        if search.text.is_empty() {
            return Err(ToolError::invalid_params(
                "the search pattern is empty; pass the text to look for",
            ));
        }
        // A class scope narrows the dictionary-wide search here: the class
        // is looked up first (an unknown one is `notFound`, in the embedded
        // backend's words), and its methods are those the search found.
        let class = match search.class_name {
            Some(name) => Some(self.describe_class(name)?.name),
            None => None,
        };
        let source = smalltalk::search_source(search.text, search.ignore_case, search.dictionary);
        let mut refs = self.refs(&source, "a source search")?;
        if let Some(class) = class {
            refs.retain(|r| r.class_name == class);
        }
        Ok(method_page(refs, limit))
    }

    fn is_kernel_class(&self, class_name: &str) -> Result<bool, ToolError> {
        self.call(
            &smalltalk::is_kernel_class(class_name),
            "the kernel-class test",
        )?
        .bool()
        .map_err(malformed)
    }

    fn execute(&self, code: &str, cancel: &CancelToken) -> Result<Doit, ToolError> {
        doit_of(self.call_with(&smalltalk::execute(code), Some(cancel), "a doit", true)?)
    }

    /// A doit waits on the session's socket, watched by the async runtime:
    /// a long one holds no thread. Outside a runtime, `None`: the caller
    /// then runs [`ImageSession::execute`] on a thread.
    fn execute_waiting<'a>(
        &'a self,
        code: &'a str,
        cancel: &'a CancelToken,
    ) -> Option<ImageFuture<'a, Doit>> {
        tokio::runtime::Handle::try_current().ok()?;
        Some(Box::pin(async move {
            doit_of(
                self.call_waiting(&smalltalk::execute(code), cancel, "a doit", true)
                    .await?,
            )
        }))
    }

    /// The stone bounds a gem's memory itself; the cap is not applied.
    fn execute_bounded(
        &self,
        code: &str,
        cancel: &CancelToken,
        _memory_bytes: usize,
    ) -> Result<Doit, ToolError> {
        self.execute(code, cancel)
    }

    fn test_classes(&self) -> Result<Vec<String>, ToolError> {
        let mut names = self
            .call(&smalltalk::test_classes(), "the test classes")?
            .strs()
            .map_err(malformed)?;
        names.sort();
        names.dedup();
        Ok(names)
    }

    fn run_tests(
        &self,
        class_name: &str,
        selectors: Option<&[String]>,
        cancel: &CancelToken,
        progress: &mut (dyn FnMut(&TestProgress) + Send),
    ) -> Result<TestReport, ToolError> {
        let mut f = self.call(&smalltalk::test_selectors(class_name), "a test class")?;
        let own = f.str().map_err(malformed)?;
        let all = f.strs().map_err(malformed)?;
        let selectors: Vec<String> = match selectors {
            Some(s) => s.to_vec(),
            None => all,
        };
        let mut report = TestReport {
            class: own.clone(),
            ..TestReport::default()
        };
        let resources = |start| {
            self.call_with(
                &smalltalk::test_resources(&own, start),
                Some(cancel),
                "test resources",
                false,
            )
        };
        resources(true)?;
        let total = selectors.len();
        for (done, selector) in selectors.iter().enumerate() {
            if cancel.is_cancelled() {
                return Err(cancelled());
            }
            let mut f = self.call_with(
                &smalltalk::run_test(&own, selector),
                Some(cancel),
                "a test's outcome",
                false,
            )?;
            let mut read = || -> Result<(String, String, String), String> {
                Ok((f.str()?, f.str()?, f.str()?))
            };
            let (outcome, exception_class, description) = read().map_err(malformed)?;
            let defect = TestDefect {
                selector: selector.clone(),
                exception_class,
                description,
            };
            match outcome.as_str() {
                "passed" => report.passed.push(selector.clone()),
                "failure" => report.failures.push(defect),
                _ => report.errors.push(defect),
            }
            progress(&TestProgress {
                done: done + 1,
                total,
                selector: selector.clone(),
            });
        }
        resources(false)?;
        Ok(report)
    }

    fn commit(&self) -> Result<Committed, ToolError> {
        let wrote = self
            .call(&smalltalk::commit(), "a commit")?
            .bool()
            .map_err(malformed)?;
        Ok(Committed {
            commit: self.next_view(),
            wrote,
        })
    }

    fn abort(&self) -> Result<(), ToolError> {
        self.call(&smalltalk::abort(), "an abort")?;
        self.next_view();
        Ok(())
    }

    fn refresh(&self) -> Result<(), ToolError> {
        self.call(&smalltalk::refresh(), "a refresh")?;
        self.next_view();
        Ok(())
    }

    fn status(&self) -> Result<SessionStatus, ToolError> {
        let mut f = self.call(&smalltalk::status(), "the session's status")?;
        let mut read = || -> Result<SessionStatus, String> {
            Ok(SessionStatus {
                user: f.str()?,
                session_id: u64::try_from(f.int()?).unwrap_or_default(),
                stone: f.str()?,
                view: self.view.load(Ordering::Relaxed),
                uncommitted_changes: f.bool()?,
            })
        };
        read().map_err(malformed)
    }

    fn compile_method(
        &self,
        class_name: &str,
        meta: bool,
        category: Option<&str>,
        source: &str,
    ) -> Result<MethodRef, ToolError> {
        let program = smalltalk::compile_method(
            class_name,
            meta,
            category.unwrap_or(DEFAULT_CATEGORY),
            source,
        );
        let mut f = self.call(&program, "a compiled method")?;
        let mut read = || -> Result<MethodRef, String> {
            Ok(MethodRef {
                class_name: f.str()?,
                meta,
                selector: f.str()?,
            })
        };
        read().map_err(malformed)
    }

    fn define_class(&self, definition: &ClassDefinition) -> Result<(), ToolError> {
        let program = smalltalk::define_class(
            &definition.name,
            definition.superclass.as_deref(),
            &definition.dictionary,
            &definition.instance_variables,
            &definition.class_variables,
            &definition.class_instance_variables,
            definition.category.as_deref(),
        );
        self.call(&program, "a class definition").map(|_| ())
    }

    /// The source is evaluated as it is; `policy` is not applied (the
    /// stone's own class-definition messages decide what happens to the
    /// methods of a reshaped class), and the report lists no recompiled or
    /// failed methods.
    fn define_class_from_source(
        &self,
        source: &str,
        policy: RecompilePolicy,
    ) -> Result<DefinitionReport, ToolError> {
        let scanned = definition::scan(source);
        let parsed = match scanned.as_slice() {
            [] => {
                return Err(ToolError::invalid_params(format!(
                    "{ONE_DEFINITION}, e.g. `Object subclass: 'Account' instVarNames: #(balance) \
                     classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: \
                     UserGlobals`; this source defines no class. To run any other code, use \
                     execute_code"
                )));
            }
            [first, second, ..] if first.name != second.name => {
                return Err(ToolError::invalid_params(format!(
                    "{ONE_DEFINITION}, but it also holds more than one class definition ({} and \
                     {}); compile them one at a time. To run any other code, use execute_code",
                    first.name, second.name
                )));
            }
            [first, ..] => first.clone(),
        };
        let name = parsed.name.clone();
        gs_toolset::refuse_kernel_class_in(self, &name, "redefine")?;
        if let Some(superclass) = &parsed.superclass
            && let Err(e) = self.facts(superclass)
        {
            return Err(match e.kind {
                ErrorKind::NotFound => ToolError::not_found(format!(
                    "superclass {superclass} of class {name} is not a class in the symbol list of \
                     user {}; define it first or correct the name",
                    self.user
                )),
                _ => e,
            });
        }
        if let Some(dictionary) = &parsed.dictionary {
            let names = self.dictionaries()?;
            if !names.contains(dictionary) {
                return Err(ToolError::not_found(format!(
                    "no symbol dictionary named {dictionary}; the image has {}",
                    names.join(", ")
                )));
            }
        }
        self.check_reshape(&parsed, policy)?;
        let program = smalltalk::define_class_from_source(&name, source);
        let mut f = self.call_with(&program, None, "a class definition", true)?;
        let mut read = || -> Result<DefinitionReport, String> {
            let class_name = f.str()?;
            let dictionary = f.opt_str()?.unwrap_or_default();
            let before = match f.next_is_nil() {
                true => {
                    f.skip()?;
                    None
                }
                false => Some(f.strs()?),
            };
            let after = f.strs()?;
            let change = match before {
                None => DefinitionChange::Created,
                Some(b) if b == after => DefinitionChange::Unchanged,
                Some(b) if b.first() == after.first() => DefinitionChange::Updated,
                Some(_) => DefinitionChange::Reshaped,
            };
            Ok(DefinitionReport {
                class_name,
                dictionary,
                change,
                recompiled: Vec::new(),
                failed: Vec::new(),
            })
        };
        read().map_err(malformed)
    }

    fn add_dictionary(&self, name: &str) -> Result<(), ToolError> {
        if !is_identifier(name) {
            return Err(ToolError::invalid_params(format!(
                "{name:?} is not a valid dictionary name; use letters, digits and underscores, \
                 starting with a letter"
            )));
        }
        self.call(&smalltalk::add_dictionary(name), "adding a dictionary")
            .map(|_| ())
    }

    fn remove_dictionary(&self, name: &str) -> Result<(), ToolError> {
        self.call(&smalltalk::remove_dictionary(name), "removing a dictionary")
            .map(|_| ())
    }

    fn delete_method(&self, class_name: &str, meta: bool, selector: &str) -> Result<(), ToolError> {
        self.call(
            &smalltalk::delete_method(class_name, meta, selector),
            "removing a method",
        )
        .map(|_| ())
    }

    fn delete_class(&self, class_name: &str) -> Result<(), ToolError> {
        self.call(&smalltalk::delete_class(class_name), "removing a class")
            .map(|_| ())
    }

    fn set_class_comment(&self, class_name: &str, comment: &str) -> Result<(), ToolError> {
        self.call(
            &smalltalk::set_class_comment(class_name, comment),
            "setting a comment",
        )
        .map(|_| ())
    }

    fn user(&self) -> String {
        self.user.clone()
    }

    /// No interpreter runs in this process: Rust's default stack will do.
    fn worker_stack_bytes(&self) -> usize {
        WORKER_STACK_BYTES
    }

    /// The Smalltalk runs in the gem: this process only waits for it.
    fn needs_own_worker(&self) -> bool {
        false
    }

    /// True once the connection to the stone is lost
    /// ([`GemStoneSession::is_dead`]).
    fn is_lost(&self) -> bool {
        self.is_dead()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_never_show_a_password() {
        let settings = StoneSettings {
            gemstone: "/opt/gs".into(),
            version: None,
            stone: "gs64stone".into(),
            gem_service: None,
            host_user: Some("gem".into()),
            host_password: Some("hostsecret".into()),
            user: "DataCurator".into(),
            password: Password::Plain("swordfish".into()),
            login_concurrency: 2,
        };
        let shown = format!("{settings:?}");
        assert!(
            !shown.contains("hostsecret") && !shown.contains("swordfish"),
            "{shown}"
        );
        assert!(shown.contains("gs64stone"), "{shown}");
    }

    #[test]
    fn compile_problems_are_read_from_the_description() {
        let p = compile_problems(
            "compile failed with 2 error(s): line 1, column 5: expected an expression; line 3, \
             column 12: undeclared variable 'x'",
        );
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].line, p[0].column), (1, 5));
        assert_eq!(p[0].message, "expected an expression");
        assert_eq!((p[1].line, p[1].column), (3, 12));
        assert_eq!(p[1].message, "undeclared variable 'x'");
        let p = compile_problems("something GemStone said");
        assert_eq!((p[0].line, p[0].column), (1, 1));
    }

    #[test]
    fn error_frames_read_as_the_embedded_backend_words_them() {
        let e = frame_error(
            "noClass",
            &[
                "Acount".into(),
                "DataCurator".into(),
                "UserGlobals".into(),
                "Globals".into(),
            ],
            "DataCurator",
            false,
        );
        assert_eq!(e.kind, ErrorKind::NotFound);
        assert_eq!(
            e.message,
            "no class named Acount in the symbol list of user DataCurator (UserGlobals, Globals); \
             check the spelling or define the class first"
        );
        let e = frame_error(
            "noMethod",
            &["Account".into(), "class".into(), "balance".into()],
            "u",
            false,
        );
        assert!(e.message.starts_with("no method Account class>>balance;"));
        let e = frame_error("compile", &["line 1, column 3: oops".into()], "u", true);
        assert_eq!(e.kind, ErrorKind::CompileError);
        assert_eq!(e.message, "compile error; line 1, column 3: oops");
        assert_eq!(e.details.unwrap()["errors"][0]["column"], 3);
        let e = frame_error(
            "exception",
            &["ZeroDivide".into(), "by zero".into()],
            "u",
            true,
        );
        assert_eq!(e.details.unwrap()["exceptionClass"], "ZeroDivide");
    }
}

//! The interpreter for the embedded image's Smalltalk.
//!
//! `gs-interp` runs the code of a [`gs_image::Session`]: the kernel class
//! library every image carries (whose contract with this crate is
//! `host/image/kernel/PRIMITIVES.md`), the classes and methods users define,
//! and expressions sent by `execute_code`. It provides
//!
//! - **[`Interpreter::execute`]**: evaluate an expression sequence and
//!   answer the `printString` of its value (capped) with the Transcript
//!   output it wrote, or an [`ExecError`]: compile errors with their line
//!   and column, an unhandled exception with its class and description, a
//!   break, or an exceeded limit;
//! - **[`Interpreter::run_tests`]**: run an SUnit `TestCase` class (or some
//!   of its selectors) with the kernel's SUnit and report passes, failures
//!   and errors as GemStone's SUnit tells them apart;
//! - **breaks and limits**: every call checks a [`BreakHandle`] at each
//!   send and loop back-branch, and runs under [`Limits`] on recursion
//!   depth, object memory and output, so runaway code ends with an error
//!   and the session stays usable.
//!
//! - **persistent objects**: [`Interpreter::commit`] writes the objects
//!   reachable from the session's symbol dictionaries that are new or
//!   changed into the image's object table and commits the session;
//!   [`Interpreter::abort`] and [`Interpreter::refresh`] move to the newest
//!   view. Objects are faulted in through an identity map, so identity and
//!   cycles hold, across views too: an object keeps its identity (and its
//!   identity hash, in every session) across commit, abort and refresh,
//!   and takes the new view's state in place.
//!
//! Objects live in a per-interpreter heap and are referred to by id; the
//! heap is the session's working copy of its persistent objects. Garbage
//! is collected between calls.
//!
//! This crate must never depend on MCP or WebAssembly: the server's tools
//! call it, not the other way round.
//!
//! # Example
//!
//! ```
//! use gs_interp::{BreakHandle, Interpreter, Limits};
//!
//! let dir = tempfile::tempdir()?;
//! let image = gs_image::Image::open(dir.path().join("app.image"))?;
//! let mut session = image.session();
//! let mut interp = Interpreter::new();
//! let out = interp
//!     .execute(&mut session, "3/4 + (1/4)", &Limits::default(), &BreakHandle::new())
//!     .expect("runs");
//! assert_eq!(out.print_string, "1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod compile;
mod file_in;
mod heap;
mod identity;
mod interp;
mod intrinsics;
mod persist;
mod prims;
mod system;
mod time;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use gs_image::filein::Expected;
use gs_image::{ImageError, Session};

pub use compile::CompileProblem;
pub use file_in::{DOIT_TIME_LIMIT, FileInDoits};
pub use heap::{memory_ceiling, memory_reserved, set_memory_ceiling};
pub use interp::{STACK_KEPT, StackFrame};

use crate::heap::{Body, Object, Value};
use crate::interp::{OWN_GLOBALS, Run, StackFloors, State, Unwind, memory_message};

/// The stack a call needs; the recursion limit keeps Smalltalk depth well
/// inside it.
const STACK_BYTES: usize = 1 << 30;

/// The stack to give a long-lived thread that runs interpreter calls: on
/// one with this much, calls run in place; on any other thread each call
/// gets a thread of 1 GiB of its own. The extra mebibyte is for
/// whatever the thread has on its stack when it calls.
pub const WORKER_STACK_BYTES: usize = STACK_BYTES + (1 << 20);

/// A flag another thread sets to break the running call.
///
/// Cloning gives another handle to the same flag. A call that ends because
/// of a break clears the flag, so the handle can be reused.
#[derive(Debug, Clone, Default)]
pub struct BreakHandle(Arc<AtomicBool>);

impl BreakHandle {
    /// A handle with the flag clear.
    pub fn new() -> BreakHandle {
        BreakHandle::default()
    }

    /// A handle over an existing flag, so a caller's own cancellation flag
    /// (a client's `notifications/cancelled`, a request deadline) breaks the
    /// call directly, with no thread relaying it.
    pub fn sharing(flag: Arc<AtomicBool>) -> BreakHandle {
        BreakHandle(flag)
    }

    /// Requests a soft break: the running call ends with
    /// [`ExecErrorKind::Break`] at its next send or loop iteration.
    pub fn request(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a break is pending.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }

    /// Clears a pending break.
    pub fn clear(&self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

/// The limits a call runs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Nested activations (method and block) allowed before the call gets a
    /// recursion-limit `Error`.
    pub max_depth: usize,
    /// Bytes of objects the session may hold (live objects plus what the
    /// current call allocated).
    pub memory_bytes: usize,
    /// Bytes of Transcript output one call may write.
    pub output_bytes: usize,
    /// Characters of the result's printString returned; longer ones are
    /// cut and flagged [`ExecOutcome::truncated`].
    pub print_chars: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_depth: 10_000,
            memory_bytes: 1 << 30,
            output_bytes: 1 << 20,
            print_chars: 100_000,
        }
    }
}

/// A successful call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecOutcome {
    /// The printString of the value of the last statement (capped).
    pub print_string: String,
    /// Whether `print_string` was cut at [`Limits::print_chars`].
    pub truncated: bool,
    /// What the call wrote to the Transcript.
    pub transcript: String,
    /// The name of the value's class (`Object class` for a metaclass).
    pub class_name: String,
}

/// The value a call answered, as a client on the other side of a wire
/// needs it (GemStone's C interface hands back objects, not their
/// printString): immediate values as themselves, byte objects with their
/// bytes, anything else by its class name. See
/// [`Interpreter::execute_answer`].
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// `nil`.
    Nil,
    /// `true`.
    True,
    /// `false`.
    False,
    /// A SmallInteger (-2^60 to 2^60 - 1, GemStone's range).
    SmallInteger(i64),
    /// A byte object without named instance variables (a String, Symbol,
    /// ByteArray, Utf8, …): its class name and its bytes, exactly.
    Bytes {
        /// The object's class name, e.g. `Utf8`.
        class: String,
        /// Its indexed bytes.
        bytes: Vec<u8>,
    },
    /// Any other object (a Character, a Float, a LargeInteger, a pointer
    /// object, a class): its class name.
    Object {
        /// The object's class name (`Foo class` for a class).
        class: String,
    },
}

/// Why a call did not answer a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExecErrorKind {
    /// The source does not compile; every error with its position.
    Compile(Vec<CompileProblem>),
    /// An exception nobody handled ended the call.
    Unhandled {
        /// The exception's class name, e.g. `ZeroDivide`.
        class: String,
        /// Its description, e.g. `attempt to divide 1 by zero`.
        description: String,
    },
    /// The break flag was set.
    Break,
    /// A limit (recursion, memory, output) was exceeded; the text says which.
    Limit(String),
    /// The interpreter could not go on; the text says why.
    Internal(String),
}

/// A call that did not answer a value, with the output it wrote first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecError {
    /// What went wrong.
    pub kind: ExecErrorKind,
    /// Transcript output written before the call ended.
    pub transcript: String,
    /// For an unhandled exception, the activations where it was signalled,
    /// innermost first (at most [`STACK_KEPT`]); otherwise empty.
    pub stack: Vec<StackFrame>,
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExecErrorKind::Compile(problems) => {
                write!(f, "compile error")?;
                for p in problems {
                    write!(f, "; line {}, column {}: {}", p.line, p.column, p.message)?;
                }
                Ok(())
            }
            ExecErrorKind::Unhandled { class, description } => {
                write!(f, "unhandled {class}: {description}")
            }
            ExecErrorKind::Break => write!(f, "the call was broken (interrupted) on request"),
            ExecErrorKind::Limit(m) => write!(f, "limit exceeded: {m}"),
            ExecErrorKind::Internal(m) => write!(f, "interpreter error: {m}"),
        }
    }
}

impl std::error::Error for ExecError {}

/// A test that did not pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestDefect {
    /// The test selector, e.g. `testAdd`.
    pub selector: String,
    /// The class of the exception that ended it, e.g. `TestFailure`.
    pub exception_class: String,
    /// The exception's description, e.g. `Expected 3 but was 4`.
    pub description: String,
    /// The activations where the exception was signalled, innermost first
    /// (at most [`STACK_KEPT`]); empty when it is not known.
    pub stack: Vec<StackFrame>,
}

/// The outcome of running tests of one class.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TestRunReport {
    /// The TestCase class.
    pub class: String,
    /// Selectors of the tests that passed, in run order.
    pub passed: Vec<String>,
    /// Tests whose assertions failed (`TestFailure`).
    pub failures: Vec<TestDefect>,
    /// Tests that raised any other `Error` (or a `Halt`).
    pub errors: Vec<TestDefect>,
}

impl TestRunReport {
    /// Number of tests run.
    pub fn run_count(&self) -> usize {
        self.passed.len() + self.failures.len() + self.errors.len()
    }
}

impl fmt::Display for TestRunReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} run, {} passes, {} failures, {} errors",
            self.run_count(),
            self.passed.len(),
            self.failures.len(),
            self.errors.len()
        )
    }
}

/// Progress of a test run, for callers that report it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestProgress {
    /// Tests finished so far.
    pub done: usize,
    /// Tests to run.
    pub total: usize,
    /// The selector just finished.
    pub selector: String,
}

/// One session's interpreter: its object memory and method caches.
///
/// Keep one per session and pass the session to every call; objects that
/// globals refer to survive from call to call.
#[derive(Default)]
pub struct Interpreter {
    state: Option<State>,
    /// A call ran since the last successful write-back: the heap may hold
    /// changes the session does not show yet.
    unwritten: bool,
    /// Why `System abortTransaction` is refused in calls, if it is
    /// ([`Interpreter::refuse_aborts`]).
    abort_refused: Option<String>,
}

// SAFETY: the state's `Rc`s form a graph owned entirely by this value: no
// clone is ever handed out (results leave as Rust strings and reports), no
// thread-local holds one, and every access goes through `&mut self`. Moving
// the whole graph to another thread is therefore sound; it is what lets a
// server keep one interpreter per client session (its objects survive from
// call to call) while calls arrive on whichever worker thread is free.
unsafe impl Send for Interpreter {}

impl fmt::Debug for Interpreter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Interpreter")
            .field("objects", &self.state.as_ref().map_or(0, |s| s.heap.live()))
            .finish()
    }
}

/// Moves a job to the big-stack thread.
struct Job<F>(F);

// SAFETY: the job owns or exclusively borrows everything it touches (the
// interpreter state with its `Rc`s, the session); the spawning thread waits
// for it to finish (scoped thread) and no `Rc` clone escapes the job, so the
// reference counts are only ever touched by one thread at a time.
unsafe impl<F> Send for Job<F> {}

impl<F: FnOnce() -> T, T> Job<F> {
    fn run(self) -> T {
        (self.0)()
    }
}

fn internal(message: impl Into<String>) -> ExecError {
    ExecError {
        kind: ExecErrorKind::Internal(message.into()),
        transcript: String::new(),
        stack: Vec::new(),
    }
}

impl Interpreter {
    /// An interpreter with an empty object memory.
    pub fn new() -> Interpreter {
        Interpreter::default()
    }

    /// Refuses `System abortTransaction` in this interpreter's calls from
    /// now on: it signals an `Error` saying `reason` (what the caller is
    /// and what to do instead) and the session keeps its changes.
    ///
    /// For a caller whose session holds work an abort must not throw away
    /// unseen, such as a file-in, which commits what it loaded once, at its
    /// end: an abort inside one of its doits would quietly discard every
    /// class and method loaded before it. [`Interpreter::abort`] between
    /// calls is not affected.
    pub fn refuse_aborts(&mut self, reason: impl Into<String>) {
        let reason = reason.into();
        if let Some(st) = self.state.as_mut() {
            st.abort_refused = Some(reason.clone());
        }
        self.abort_refused = Some(reason);
    }

    /// Runs `body` on a thread with a large stack, with the state ready.
    fn with_run<T: Send>(
        &mut self,
        session: &mut Session,
        limits: &Limits,
        brk: &BreakHandle,
        body: impl FnOnce(&mut Run) -> Result<T, ExecError>,
    ) -> Result<T, ExecError> {
        // Whatever the call does to objects and globals is the session's
        // change, not yet written into it.
        self.unwritten = true;
        let abort_refused = &self.abort_refused;
        let state = &mut self.state;
        let job = Job(move || {
            if state.is_none() {
                let mut st = State::new(session, limits.memory_bytes).map_err(internal)?;
                for (global, class) in OWN_GLOBALS {
                    let Ok(id) = session.class_id(class) else {
                        continue;
                    };
                    let ci = st.class_idx(session, id);
                    let made = st.heap.alloc(Object {
                        class: ci,
                        invariant: false,
                        watched: false,
                        hash: 0,
                        named: Vec::new(),
                        body: Body::None,
                    });
                    let Ok(t) = made else {
                        return Err(ExecError {
                            kind: ExecErrorKind::Limit(memory_message(st.heap.ceiling_hit)),
                            transcript: String::new(),
                            stack: Vec::new(),
                        });
                    };
                    st.overlay.insert(global.into(), Value::Obj(t));
                }
                st.abort_refused = abort_refused.clone();
                *state = Some(st);
            }
            let st = state.as_mut().expect("just made");
            st.heap.budget = limits.memory_bytes;
            st.heap.ceiling_hit = false;
            st.new_epoch_if_code_changed(session);
            let floors = StackFloors::here(stacker::remaining_stack());
            let mut run = Run {
                st,
                session,
                brk: &brk.0,
                max_depth: limits.max_depth,
                depth: 0,
                stack_soft_floor: floors.soft,
                stack_hard_floor: floors.hard,
                next_id: 0,
                handlers: Vec::new(),
                handling: Vec::new(),
                transcript: String::new(),
                output_cap: limits.output_bytes,
                transcript_full: false,
                recursion_signalled: false,
                scope_pool: Vec::new(),
                stack: Vec::new(),
                unwind_value: Value::Nil,
                unwind_text: String::new(),
                unwind_report: None,
                identity_class: std::cell::Cell::new(None),
                write_stream_class: std::cell::Cell::new(None),
                frames: Vec::new(),
                line: 0,
                signal_stacks: std::collections::VecDeque::new(),
            };
            // The heap takes the view the session moved to since the last
            // call, and classes a tool defined or removed since show in
            // the dictionary objects this view already made.
            let ready = run
                .refresh_objects()
                .and_then(|()| run.sync_proxies_if_code_changed());
            let result = match ready {
                Ok(()) => body(&mut run),
                Err(u) => Err(unwind_error(
                    &mut run,
                    u,
                    "bringing the session's objects and symbol dictionaries up to date: ",
                )),
            };
            let roots = run.st.roots();
            run.st.heap.collect(roots);
            run.st.prune_identity();
            result
        });
        // In place on a thread with the stack a call needs (a session's
        // long-lived worker); otherwise on a fresh thread that has it.
        let outcome = if stacker::remaining_stack().is_some_and(|left| left >= STACK_BYTES) {
            Ok(std::panic::catch_unwind(std::panic::AssertUnwindSafe(
                || job.run(),
            )))
        } else {
            std::thread::scope(|scope| {
                std::thread::Builder::new()
                    .name("gs-interp".into())
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(scope, move || job.run())
                    .map(|h| h.join())
            })
        };
        match outcome {
            Ok(Ok(r)) => {
                if matches!(
                    &r,
                    Err(ExecError {
                        kind: ExecErrorKind::Break,
                        ..
                    })
                ) {
                    brk.clear();
                }
                r
            }
            Ok(Err(_)) => {
                // A panic leaves the state unknown: start afresh next time.
                self.state = None;
                Err(internal(
                    "the interpreter failed unexpectedly; the session's objects were reset",
                ))
            }
            Err(e) => Err(internal(format!(
                "cannot start the interpreter thread: {e}"
            ))),
        }
    }

    /// Commits `session`: writes the objects reachable from its symbol
    /// dictionaries that are new or changed (and the globals bound to them)
    /// into the session, makes its changes durable and visible to other
    /// sessions, then moves it (and this interpreter) to the newest view.
    ///
    /// Fails with [`ImageError::Conflict`] naming each global or object
    /// another session committed a change to since this view began, and
    /// with [`ImageError::Refused`] when a global's value cannot be stored
    /// (it reaches a block). On failure nothing is committed and both keep
    /// their changes, so the caller can abort.
    pub fn commit(&mut self, session: &mut Session) -> Result<(), ImageError> {
        self.write_back(session)?;
        match self.state.as_mut() {
            Some(st) => st.commit_written(session),
            None => session.commit().map(|_| ()),
        }
    }

    /// Writes the objects reachable from the session's symbol dictionaries
    /// that are new or changed, and the globals Smalltalk bound, rebound or
    /// removed, into `session` without committing: afterwards the
    /// session's view (what its queries answer, [`Session::needs_commit`])
    /// is this interpreter's, as a GemStone session's own uncommitted
    /// changes are part of its view. Does nothing when no call ran since
    /// the last write-back. [`Interpreter::commit`] does this itself first.
    /// Fails like it when a global's value cannot be stored (the entries
    /// that can be are written all the same). When a limit on uncommitted
    /// changes refuses part of it, nothing is written and the changes stay
    /// this interpreter's, unwritten ([`ImageError::is_uncommitted_limit`]
    /// tells that failure; [`Interpreter::discard_unwritten`] drops them).
    pub fn write_back(&mut self, session: &mut Session) -> Result<(), ImageError> {
        if !self.unwritten {
            return Ok(());
        }
        if let Some(st) = self.state.as_mut() {
            st.flush(session)?;
        }
        self.unwritten = false;
        Ok(())
    }

    /// Drops the changes this interpreter has not written back into
    /// `session`: its globals and the persistent objects it holds take
    /// the session's view again before the next call (the session's own
    /// uncommitted changes included), as after an abort that kept them.
    /// For a caller whose write-back a limit refused, so that what the
    /// session holds and what Smalltalk sees agree again, and a commit no
    /// longer meets changes it cannot write.
    pub fn discard_unwritten(&mut self, session: &Session) {
        self.view_changed(session);
        self.unwritten = false;
    }

    /// True when a Smalltalk call ran since the last successful
    /// write-back, so the session may not show all of this interpreter's
    /// changes yet (see [`Interpreter::write_back`]).
    pub fn has_unwritten_changes(&self) -> bool {
        self.unwritten
    }

    /// Aborts `session`: drops its uncommitted changes (code and objects)
    /// and moves it to the newest view. As in GemStone, the objects this
    /// interpreter holds stay the same objects: each one standing for a
    /// persistent object shows that object's newest committed state from
    /// the next call on, and a change to it then is committed like any.
    pub fn abort(&mut self, session: &mut Session) {
        session.abort();
        if let Some(st) = self.state.as_mut() {
            st.commit_outcome = Default::default();
        }
        self.view_changed(session);
        self.unwritten = false;
    }

    /// Moves a session with no uncommitted changes to the newest view, as
    /// [`Session::refresh`] does, and makes this interpreter see that
    /// view's globals and objects. Refused (changing nothing visible) when
    /// the session or this interpreter's objects have uncommitted changes:
    /// commit or abort them first.
    pub fn refresh(&mut self, session: &mut Session) -> Result<(), ImageError> {
        // Writing the objects back is how their changes are found;
        // unchanged objects write nothing.
        self.write_back(session)?;
        session.refresh()?;
        self.view_changed(session);
        Ok(())
    }

    /// Drops what depends on the session's old view (global values,
    /// class variables), revalidates the class table and method caches
    /// against the new view, and has the next call bring the heap's
    /// persistent objects to it in place (see `Run::refresh_objects`).
    fn view_changed(&mut self, session: &Session) {
        if let Some(st) = self.state.as_mut() {
            st.new_view(session);
        }
    }

    /// Evaluates `source` (temporaries and statements, as `execute_code`
    /// receives it) with `nil` as receiver, and answers the printString of
    /// the last statement's value with the Transcript output.
    pub fn execute(
        &mut self,
        session: &mut Session,
        source: &str,
        limits: &Limits,
        brk: &BreakHandle,
    ) -> Result<ExecOutcome, ExecError> {
        let print_chars = limits.print_chars;
        self.with_run(session, limits, brk, |run| {
            let value = run_doit(run, source)?;
            let sel = run.st.sel_print_string;
            let printed = run
                .send(value, sel, &[], None)
                .map_err(|u| unwind_error(run, u, "while printing the result: "))?;
            let text = run.str_of(printed).ok_or_else(|| ExecError {
                kind: ExecErrorKind::Unhandled {
                    class: "Error".into(),
                    description: "printString did not answer a String".into(),
                },
                transcript: run.transcript.clone(),
                stack: Vec::new(),
            })?;
            let truncated = text.chars().count() > print_chars;
            let print_string = if truncated {
                text.chars().take(print_chars).collect()
            } else {
                text
            };
            Ok(ExecOutcome {
                print_string,
                truncated,
                transcript: std::mem::take(&mut run.transcript),
                class_name: run.class_name_of(value),
            })
        })
    }

    /// Evaluates `source` as [`Interpreter::execute`] does, but answers
    /// the value itself ([`Answer`]) instead of its printString: what a
    /// GemStone C-interface peer (the test stone) hands its client. The
    /// Transcript output is dropped.
    pub fn execute_answer(
        &mut self,
        session: &mut Session,
        source: &str,
        limits: &Limits,
        brk: &BreakHandle,
    ) -> Result<Answer, ExecError> {
        self.with_run(session, limits, brk, |run| {
            let value = run_doit(run, source)?;
            Ok(match value {
                Value::Nil => Answer::Nil,
                Value::True => Answer::True,
                Value::False => Answer::False,
                Value::Int(i) => Answer::SmallInteger(i),
                Value::Obj(id) => match &run.st.heap.get(id).body {
                    Body::Bytes(b) if run.st.heap.get(id).named.is_empty() => Answer::Bytes {
                        class: run.class_name_of(value),
                        bytes: b.clone(),
                    },
                    _ => Answer::Object {
                        class: run.class_name_of(value),
                    },
                },
                other => Answer::Object {
                    class: run.class_name_of(other),
                },
            })
        })
    }

    /// Evaluates `source` as [`Interpreter::execute`] does and checks its
    /// value against what a Topaz `expectvalue` line said it answers
    /// (`isKindOf:` the named class, or `=` the literal): `Ok(None)` when
    /// it does, `Ok(Some(why))` when it does not, in words for a file-in's
    /// report. The Transcript output is dropped.
    pub fn execute_expecting(
        &mut self,
        session: &mut Session,
        source: &str,
        expected: &Expected,
        limits: &Limits,
        brk: &BreakHandle,
    ) -> Result<Option<String>, ExecError> {
        self.with_run(session, limits, brk, |run| {
            let value = run_doit(run, source)?;
            let (wanted, selector) = match expected {
                Expected::KindOf(name) => (name.as_str(), "isKindOf:"),
                Expected::Equal(literal) => (literal.as_str(), "="),
            };
            let want = match run_doit(run, wanted) {
                Ok(Value::Class(c)) => Value::Class(c),
                Ok(w) if matches!(expected, Expected::Equal(_)) => w,
                _ => {
                    return Ok(Some(format!(
                        "`expectvalue {expected}` names no class of this image"
                    )));
                }
            };
            let sel = run.st.sym(selector);
            let met = run
                .send(value, sel, &[want], None)
                .map_err(|u| unwind_error(run, u, "while checking the result: "))?;
            if met == Value::True {
                return Ok(None);
            }
            let printed = run
                .send(value, run.st.sel_print_string, &[], None)
                .ok()
                .and_then(|p| run.str_of(p))
                .unwrap_or_else(|| "an object".into());
            let shown: String = printed.chars().take(EXPECTATION_SHOWN).collect();
            let more = if shown.len() < printed.len() {
                "…"
            } else {
                ""
            };
            Ok(Some(format!(
                "`expectvalue {expected}` not met: it answered {shown}{more} (a {})",
                run.class_name_of(value)
            )))
        })
    }

    /// Runs the tests of TestCase subclass `class_name`: the given
    /// selectors, or every test selector the class runs. Calls `progress`
    /// after each test.
    pub fn run_tests(
        &mut self,
        session: &mut Session,
        class_name: &str,
        selectors: Option<&[String]>,
        limits: &Limits,
        brk: &BreakHandle,
        progress: &mut (dyn FnMut(&TestProgress) + Send),
    ) -> Result<TestRunReport, ExecError> {
        if !class_name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(internal(format!(
                "{class_name:?} is not a class name; name a TestCase subclass"
            )));
        }
        let selectors: Option<Vec<String>> = selectors.map(|s| s.to_vec());
        let class_name = class_name.to_string();
        self.with_run(session, limits, brk, |run| {
            let check = format!("{class_name} inheritsFrom: TestCase");
            if run_doit(run, &check)? != Value::True {
                return Err(ExecError {
                    kind: ExecErrorKind::Unhandled {
                        class: "Error".into(),
                        description: format!(
                            "{class_name} is not a subclass of TestCase; name a test class"
                        ),
                    },
                    transcript: String::new(),
                    stack: Vec::new(),
                });
            }
            let selectors = match selectors {
                Some(s) => s,
                None => {
                    let v = run_doit(run, &format!("{class_name} allTestSelectors"))?;
                    array_strings(run, v)
                }
            };
            let mut report = TestRunReport {
                class: class_name.clone(),
                ..TestRunReport::default()
            };
            run_doit(
                run,
                &format!("{class_name} resources do: [:each | each current]"),
            )?;
            let total = selectors.len();
            for (done, sel) in selectors.iter().enumerate() {
                if !sel.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    report.errors.push(TestDefect {
                        selector: sel.clone(),
                        exception_class: "Error".into(),
                        description: format!("{sel:?} is not a unary test selector"),
                        stack: Vec::new(),
                    });
                    continue;
                }
                let source = format!(
                    "| case result ex |\n case := {class_name} selector: #{sel}.\n result := TestResult new.\n result runCase: case.\n ex := result exceptionFor: case.\n {{(result isFailure: case) ifTrue: [#failure] ifFalse: [(result isError: case) ifTrue: [#error] ifFalse: [#passed]]. ex == nil ifTrue: [''] ifFalse: [ex class name]. ex == nil ifTrue: [''] ifFalse: [ex description]. ex}}"
                );
                let v = run_doit(run, &source)?;
                let parts = array_strings(run, v);
                let stack = array_item(run, v, 3)
                    .and_then(|ex| run.signal_stack(ex))
                    .unwrap_or_default();
                let defect = || TestDefect {
                    selector: sel.clone(),
                    exception_class: parts.get(1).cloned().unwrap_or_default(),
                    description: parts.get(2).cloned().unwrap_or_default(),
                    stack: stack.clone(),
                };
                match parts.first().map(String::as_str) {
                    Some("passed") => report.passed.push(sel.clone()),
                    Some("failure") => report.failures.push(defect()),
                    _ => report.errors.push(defect()),
                }
                progress(&TestProgress {
                    done: done + 1,
                    total,
                    selector: sel.clone(),
                });
            }
            run_doit(
                run,
                &format!("{class_name} resources do: [:each | each reset]"),
            )?;
            Ok(report)
        })
    }
}

/// Evaluates `source` in `session` with a fresh interpreter: the one-shot
/// form of [`Interpreter::execute`]. Objects made by the call do not
/// outlive it; keep an [`Interpreter`] per session to keep them.
pub fn execute(
    session: &mut Session,
    source: &str,
    limits: &Limits,
    brk: &BreakHandle,
) -> Result<ExecOutcome, ExecError> {
    Interpreter::new().execute(session, source, limits, brk)
}

/// Runs tests of `class_name` with a fresh interpreter: the one-shot form
/// of [`Interpreter::run_tests`].
pub fn run_tests(
    session: &mut Session,
    class_name: &str,
    selectors: Option<&[String]>,
    limits: &Limits,
    brk: &BreakHandle,
    progress: &mut (dyn FnMut(&TestProgress) + Send),
) -> Result<TestRunReport, ExecError> {
    Interpreter::new().run_tests(session, class_name, selectors, limits, brk, progress)
}

/// The elements of an Array of Strings/Symbols as Rust strings.
fn array_strings(run: &Run, v: Value) -> Vec<String> {
    let Value::Obj(id) = v else { return Vec::new() };
    match &run.st.heap.get(id).body {
        Body::Slots(items) => items
            .iter()
            .map(|&x| run.str_of(x).unwrap_or_default())
            .collect(),
        _ => Vec::new(),
    }
}

/// Element `index` (0-based) of an Array.
fn array_item(run: &Run, v: Value, index: usize) -> Option<Value> {
    let Value::Obj(id) = v else { return None };
    match &run.st.heap.get(id).body {
        Body::Slots(items) => items.get(index).copied(),
        _ => None,
    }
}

/// Compiles and runs a doit in `run`.
fn run_doit(run: &mut Run, source: &str) -> Result<Value, ExecError> {
    if run.st.heap.check_room(Run::compile_cost(source)).is_err() {
        return Err(ExecError {
            kind: ExecErrorKind::Limit(format!(
                "compiling {} bytes of source would take more memory than the call's budget \
                 allows; send less source at a time",
                source.len()
            )),
            transcript: String::new(),
            stack: Vec::new(),
        });
    }
    let method = run.compile_doit(source).map_err(|problems| ExecError {
        kind: ExecErrorKind::Compile(problems),
        transcript: String::new(),
        stack: Vec::new(),
    })?;
    let method = std::rc::Rc::new(method);
    let r = run.invoke(&method, Value::Nil, &[]);
    // Keep the doit's literals alive until the value is printed.
    r.map_err(|u| unwind_error(run, u, ""))
}

/// How much of a result that did not meet its `expectvalue` a file-in's
/// report shows.
const EXPECTATION_SHOWN: usize = 80;

fn unwind_error(run: &mut Run, u: Unwind, context: &str) -> ExecError {
    let mut stack = Vec::new();
    let kind = match u.kind() {
        Unwind::TERMINATE => match run.unwind_report.take() {
            Some(t) => {
                stack = t.stack;
                ExecErrorKind::Unhandled {
                    class: t.class,
                    description: format!("{context}{}", t.description),
                }
            }
            None => ExecErrorKind::Internal("an unhandled error left no report".into()),
        },
        Unwind::BREAK => ExecErrorKind::Break,
        Unwind::LIMIT => ExecErrorKind::Limit(run.unwind_message(u)),
        Unwind::FATAL => ExecErrorKind::Internal(run.unwind_message(u)),
        Unwind::RETURN => ExecErrorKind::Internal(
            "a block returned (^) to a method that is no longer running".into(),
        ),
        _ => ExecErrorKind::Internal("an exception handler ended outside its on:do:".into()),
    };
    ExecError {
        kind,
        transcript: std::mem::take(&mut run.transcript),
        stack,
    }
}

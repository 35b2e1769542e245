//! The embedded image backend: one client's session on the embedded
//! image, with its own interpreter, behind gs-toolset's [`ImageSession`].
//!
//! A [`Workspace`] pairs the client's [`gs_image::Session`] (its transaction
//! view) with its [`gs_interp::Interpreter`] (its object memory), so objects
//! a doit leaves in globals are there for the next doit, and a client's
//! `notifications/cancelled` or request deadline breaks its running
//! Smalltalk: the call's [`CancelToken`] *is* the interpreter's break flag.
//! Both sit behind one mutex; the broker runs one call per session at a
//! time, so it is never contended, and it makes the session shareable.
//!
//! Richer operations than [`ImageSession`] offers — transactions, file-out,
//! the SUnit runner — are reached through [`EmbeddedSession::lock`] and the
//! methods here; the built-in toolset uses them.
//!
//! Architecture: this crate joins the image, the interpreter and the
//! toolset contract, and knows nothing of MCP, HTTP or WebAssembly.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

mod definition;
mod watch;

use gs_image::{ImageError, RemoveClassPolicy, Session, Side};
use gs_interp::{
    Answer, BreakHandle, ExecError, ExecErrorKind, ExecOutcome, Interpreter, Limits, TestProgress,
    TestRunReport,
};
use gs_toolset::{
    CancelToken, ClassDefinition, ClassHierarchy, ClassInfo, DefinitionReport, DefinitionSource,
    DictionaryEntry, Doit, ErrorKind, FileOut, ImageSession, MethodPage, MethodRef, MethodSource,
    SessionStatus, SourceSearch, ToolError,
};
use serde_json::{Map, Value, json};

pub use gs_toolset::DEFAULT_CATEGORY;

/// One client's working state: its transaction view and its object memory.
#[derive(Debug)]
pub struct Workspace {
    /// The client's image session (its transaction view).
    pub session: Session,
    /// The client's interpreter (its Smalltalk objects).
    pub interpreter: Interpreter,
}

pub use gs_toolset::Committed;
pub use watch::watch_commits;

/// One client's session on the embedded image.
#[derive(Debug)]
pub struct EmbeddedSession {
    workspace: Mutex<Workspace>,
    limits: Limits,
    id: u64,
}

/// Session numbers, like a stone's session ids: unique within the process.
static NEXT_SESSION_ID: AtomicU64 = AtomicU64::new(1);

impl EmbeddedSession {
    /// Wraps `session` with a fresh interpreter and the default limits.
    pub fn new(session: Session) -> EmbeddedSession {
        EmbeddedSession {
            workspace: Mutex::new(Workspace {
                session,
                interpreter: Interpreter::new(),
            }),
            limits: Limits::default(),
            id: NEXT_SESSION_ID.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// The session's number, unique among this server's sessions.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Sets the limits every Smalltalk call of this session runs under.
    pub fn with_limits(mut self, limits: Limits) -> EmbeddedSession {
        self.limits = limits;
        self
    }

    /// The limits Smalltalk calls run under.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Direct access to the session and interpreter, for what
    /// [`ImageSession`] does not cover.
    ///
    /// The session shows this client's own uncommitted Smalltalk changes,
    /// as a GemStone session's view does: what the interpreter changed
    /// since the last look (globals bound, rebound or removed, objects
    /// changed) is written into the session first. A value that cannot be
    /// stored is left out here; committing reports it. (The Smalltalk
    /// calls of this type write their changes back as they end, and a
    /// limit on uncommitted changes is refused to them, so nothing is left
    /// for this write-back to be refused.)
    pub fn lock(&self) -> MutexGuard<'_, Workspace> {
        let mut guard = self.workspace();
        let ws = &mut *guard;
        if ws.interpreter.has_unwritten_changes() {
            // Ignored here on purpose: `commit` and `status` write back
            // again and report the failure.
            let _ = ws.interpreter.write_back(&mut ws.session);
        }
        guard
    }

    /// The workspace as it is, for Smalltalk calls (the interpreter is the
    /// working copy they run on) and for transactions (which write back
    /// themselves).
    fn workspace(&self) -> MutexGuard<'_, Workspace> {
        // A panic while holding the lock cannot leave the session half
        // changed in a way later calls could observe: every gs-image
        // mutation is applied whole or not at all, and the interpreter
        // resets its object memory after a failure it cannot explain.
        self.workspace
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Evaluates `code` as a doit in this session; raising `cancel` breaks
    /// it at its next send or loop iteration.
    pub fn run_doit(&self, code: &str, cancel: &CancelToken) -> Result<ExecOutcome, ToolError> {
        self.run_doit_under(code, cancel, &self.limits)
    }

    fn run_doit_under(
        &self,
        code: &str,
        cancel: &CancelToken,
        limits: &Limits,
    ) -> Result<ExecOutcome, ToolError> {
        let brk = BreakHandle::sharing(cancel.shared_flag());
        let mut guard = self.workspace();
        let ws = &mut *guard;
        let result = ws.interpreter.execute(&mut ws.session, code, limits, &brk);
        keep_changes(ws, keep_cancelled(cancel, result))
    }

    /// Runs the tests of `class_name` (all, or just `selectors`), calling
    /// `progress` after each; raising `cancel` breaks the run.
    ///
    /// What the tests changed in globals and persistent objects is written
    /// into the session as the run ends. When a limit on uncommitted
    /// changes refuses it, those changes are discarded (as a doit's are)
    /// and the report, since the tests did run, carries the refusal as
    /// [`gs_toolset::TestReport::changes_discarded`].
    pub fn run_tests(
        &self,
        class_name: &str,
        selectors: Option<&[String]>,
        cancel: &CancelToken,
        progress: &mut (dyn FnMut(&TestProgress) + Send),
    ) -> Result<gs_toolset::TestReport, ToolError> {
        let brk = BreakHandle::sharing(cancel.shared_flag());
        let mut guard = self.workspace();
        let ws = &mut *guard;
        let result = ws.interpreter.run_tests(
            &mut ws.session,
            class_name,
            selectors,
            &self.limits,
            &brk,
            progress,
        );
        keep_test_changes(ws, class_name, keep_cancelled(cancel, result))
    }

    /// Runs tests as [`EmbeddedSession::run_tests`] does, for a read-only
    /// client: the session is in read-only mode for the run
    /// ([`Session::set_read_only`]), so a test that commits or changes
    /// code gets a Smalltalk error the report shows, and the run ends with
    /// an abort, so what the tests changed is gone and the session sees the
    /// newest committed view. Refused (`refused`) while the session has
    /// uncommitted changes of its own, which that abort would discard.
    pub fn run_tests_read_only(
        &self,
        class_name: &str,
        selectors: Option<&[String]>,
        cancel: &CancelToken,
        progress: &mut (dyn FnMut(&TestProgress) + Send),
    ) -> Result<gs_toolset::TestReport, ToolError> {
        let brk = BreakHandle::sharing(cancel.shared_flag());
        let mut guard = self.workspace();
        let ws = &mut *guard;
        if ws.interpreter.write_back(&mut ws.session).is_err() || ws.session.needs_commit() {
            return Err(gs_toolset::read_only_run_with_changes(class_name));
        }
        let run = ReadOnlyRun::begin(ws);
        let ws = &mut *run.0;
        let result = ws.interpreter.run_tests(
            &mut ws.session,
            class_name,
            selectors,
            &self.limits,
            &brk,
            progress,
        );
        drop(run);
        keep_cancelled(cancel, result).map(test_report)
    }

    /// Commits the session's changes (code and objects).
    pub fn commit(&self) -> Result<Committed, ToolError> {
        let mut guard = self.workspace();
        let ws = &mut *guard;
        // The interpreter writes back the objects reachable from globals
        // first, so code and objects commit together or not at all.
        // A commit that wrote something is newer than every commit before it.
        let newest_before = ws.session.image().newest_commit();
        ws.interpreter.commit(&mut ws.session).map_err(tool_error)?;
        let commit = ws.session.view();
        Ok(Committed {
            commit,
            wrote: commit > newest_before,
        })
    }

    /// True when the session has uncommitted changes, to code or to
    /// objects reachable from its globals.
    pub fn has_uncommitted_changes(&self) -> bool {
        let mut guard = self.workspace();
        let ws = &mut *guard;
        // Objects changed by doits are only known to the interpreter until
        // written back; a value that cannot be stored is a change too (one a
        // commit would refuse).
        ws.interpreter.write_back(&mut ws.session).is_err() || ws.session.needs_commit()
    }

    /// Discards the session's changes (code and objects) and moves it to
    /// the newest view.
    pub fn abort(&self) {
        let mut guard = self.workspace();
        let ws = &mut *guard;
        ws.interpreter.abort(&mut ws.session);
    }

    /// Moves a session without changes to the newest view.
    pub fn refresh(&self) -> Result<(), ToolError> {
        let mut guard = self.workspace();
        let ws = &mut *guard;
        ws.interpreter.refresh(&mut ws.session).map_err(tool_error)
    }
}

/// The interpreter's test progress passed on as the toolset's.
fn forward_progress(
    progress: &mut (dyn FnMut(&gs_toolset::TestProgress) + Send),
) -> impl FnMut(&TestProgress) + Send + '_ {
    move |p: &TestProgress| {
        progress(&gs_toolset::TestProgress {
            done: p.done,
            total: p.total,
            selector: p.selector.clone(),
        })
    }
}

/// An activation of where a test's exception was signalled, as the
/// toolset's: the runner's executed code counts as the kernel's, like the
/// SUnit methods it calls.
fn test_stack_frame(f: &gs_interp::StackFrame) -> gs_toolset::StackFrame {
    gs_toolset::StackFrame {
        method: f.method(),
        line: (f.line > 0).then_some(f.line),
        kernel: f.kernel || f.selector.is_empty(),
    }
}

/// The names of the test classes whose `isAbstract` answers true, one a
/// line; an `isAbstract` that fails counts as false.
const ABSTRACT_TEST_CLASSES: &str = "| out flat | out := WriteStream on: String new. \
    flat := [:t | t asString collect: [:ch | (ch = Character lf or: [ch = Character tab or: [ch = Character cr]]) ifTrue: [$ ] ifFalse: [ch]]]. \
    (ClassOrganizer new allSubclassesOf: TestCase) do: [:c | | failure | \
        failure := nil. \
        ([c isAbstract] on: Error do: [:e | failure := e. false]) == true \
            ifTrue: [out nextPutAll: 'A'; tab; nextPutAll: c name; lf]. \
        failure == nil ifFalse: [out nextPutAll: 'E'; tab; nextPutAll: c name; tab; \
            nextPutAll: (flat value: failure class name); tab; \
            nextPutAll: (flat value: failure description); lf]]. \
    out contents";

/// The interpreter's test report as the toolset's.
fn test_report(report: TestRunReport) -> gs_toolset::TestReport {
    let defects = |list: Vec<gs_interp::TestDefect>| {
        list.into_iter()
            .map(|d| gs_toolset::TestDefect {
                selector: d.selector,
                exception_class: d.exception_class,
                description: d.description,
                stack: d.stack.iter().map(test_stack_frame).collect(),
            })
            .collect()
    };
    gs_toolset::TestReport {
        class: report.class,
        passed: report.passed,
        failures: defects(report.failures),
        errors: defects(report.errors),
        changes_discarded: None,
    }
}

/// A workspace in read-only mode for one test run. Ending it, however
/// the run ends (a panic included), aborts what the run changed and turns
/// read-only mode off again.
struct ReadOnlyRun<'a>(&'a mut Workspace);

impl<'a> ReadOnlyRun<'a> {
    fn begin(ws: &'a mut Workspace) -> ReadOnlyRun<'a> {
        ws.session.set_read_only(true);
        ReadOnlyRun(ws)
    }
}

impl Drop for ReadOnlyRun<'_> {
    fn drop(&mut self) {
        let ws = &mut *self.0;
        ws.interpreter.abort(&mut ws.session);
        ws.session.set_read_only(false);
    }
}

/// Classifies a Smalltalk call's outcome. The interpreter clears its break
/// flag when a break ends a call (so the flag can be reused); here that flag
/// is the caller's cancel token, which must stay raised so the rest of the
/// tool — a second doit, the next test class — sees the cancellation too.
fn keep_cancelled<T>(cancel: &CancelToken, result: Result<T, ExecError>) -> Result<T, ToolError> {
    if let Err(ExecError {
        kind: ExecErrorKind::Break,
        ..
    }) = &result
    {
        cancel.cancel();
    }
    result.map_err(exec_error)
}

/// Writes a Smalltalk call's changes to globals and persistent objects into
/// the session as the call ends, so that a limit on uncommitted changes
/// that refuses them is refused to the call that made them, in its own
/// answer, rather than found out at a later commit. Refused, the
/// write-back writes nothing, and the interpreter drops the changes too
/// (its objects take the session's view again): the session is as it was
/// before the call, but for the classes and methods the call defined or
/// compiled itself (each checked against the limit as it was made), and a
/// commit no longer meets changes it cannot write. Any other failure to
/// write back (a value that cannot be stored) is left for the commit to
/// report, as before.
fn keep_changes<T>(ws: &mut Workspace, result: Result<T, ToolError>) -> Result<T, ToolError> {
    let Some(mut error) = write_back_or_discard(ws) else {
        return result;
    };
    error.message = format!(
        "the code ran, but its changes to globals and persistent objects could not be kept \
         and were discarded, so the session is as it was before it ran (classes and methods \
         it defined or compiled itself excepted): {}",
        error.message
    );
    if let Err(failed) = result {
        error.message = format!(
            "{}\nThe code itself also failed: {}",
            error.message, failed.message
        );
    }
    Err(error)
}

/// Writes the interpreter's changes back into the session; when a limit
/// on uncommitted changes refuses them, discards them (the interpreter's
/// objects take the session's view again) and answers the refusal.
fn write_back_or_discard(ws: &mut Workspace) -> Option<ToolError> {
    match ws.interpreter.write_back(&mut ws.session) {
        Err(e) if e.is_uncommitted_limit() => {
            ws.interpreter.discard_unwritten(&ws.session);
            Some(tool_error(e))
        }
        _ => None,
    }
}

/// [`keep_changes`] for a test run. Tests that ran to the end have a
/// report the user needs whether or not their changes can be kept, so a
/// refusal goes into the report rather than replacing it.
fn keep_test_changes(
    ws: &mut Workspace,
    class_name: &str,
    result: Result<TestRunReport, ToolError>,
) -> Result<gs_toolset::TestReport, ToolError> {
    let mut report = match result {
        Ok(report) => test_report(report),
        Err(_) => return keep_changes(ws, result).map(test_report),
    };
    report.changes_discarded = write_back_or_discard(ws).map(|mut refused| {
        refused.message = format!(
            "the tests of {class_name} ran, but their changes to globals and persistent \
             objects could not be kept and were discarded, so the session is as it was before \
             they ran (classes and methods they defined or compiled themselves excepted): {}",
            refused.message
        );
        refused
    });
    Ok(report)
}

/// An image error as the toolset contract classifies it. A compile error
/// carries every error's position in `details.errors`; a conflict names
/// every conflicting thing in `details.conflicts`.
pub fn tool_error(e: ImageError) -> ToolError {
    let kind = match &e {
        ImageError::NotFound(_) => ErrorKind::NotFound,
        // Committing or aborting is the way on, as for any refusal.
        ImageError::Refused(_)
        | ImageError::UncommittedLimit { .. }
        | ImageError::UncommittedTotalLimit { .. } => ErrorKind::Refused,
        ImageError::CompileError(_) => ErrorKind::CompileError,
        ImageError::InvalidArgument(_) => ErrorKind::InvalidParams,
        ImageError::Conflict(_) | ImageError::Store(_) | ImageError::InUse(_) => ErrorKind::Other,
    };
    let details = match &e {
        ImageError::CompileError(errors) => Some(compile_details(
            errors
                .iter()
                .map(|c| (c.line, c.column, c.message.as_str())),
        )),
        ImageError::Conflict(report) => {
            let mut d = Map::new();
            d.insert(
                "conflicts".into(),
                Value::Array(
                    report
                        .conflicts
                        .iter()
                        .map(|c| json!(c.what.clone()))
                        .collect(),
                ),
            );
            Some(d)
        }
        ImageError::UncommittedLimit { held, limit, .. } => {
            let mut d = Map::new();
            d.insert("uncommittedBytes".into(), json!(held));
            d.insert("maxUncommittedBytes".into(), json!(limit));
            Some(d)
        }
        ImageError::UncommittedTotalLimit {
            held, limit, own, ..
        } => {
            let mut d = Map::new();
            d.insert("uncommittedBytes".into(), json!(own));
            d.insert("serverUncommittedBytes".into(), json!(held));
            d.insert("maxServerUncommittedBytes".into(), json!(limit));
            Some(d)
        }
        _ => None,
    };
    let error = ToolError::new(kind, e.to_string());
    match details {
        Some(d) => error.with_details(d),
        None => error,
    }
}

/// `{"errors": [{line, column, message}, …]}` for a compile error.
fn compile_details<'a>(errors: impl Iterator<Item = (u32, u32, &'a str)>) -> Map<String, Value> {
    let list = errors
        .map(|(line, column, message)| json!({"line": line, "column": column, "message": message}))
        .collect();
    let mut d = Map::new();
    d.insert("errors".into(), Value::Array(list));
    d
}

/// A Smalltalk call's failure as the toolset contract classifies it. The
/// Transcript output written before the failure is kept in the message.
pub fn exec_error(e: ExecError) -> ToolError {
    let mut message = e.to_string();
    // Where an unhandled exception was signalled: the innermost
    // activation of the caller's code, past the kernel's.
    if let Some(at) = e.stack.iter().find(|f| !f.kernel) {
        message.push_str(&format!("\nat {at}"));
    }
    if !e.transcript.is_empty() {
        message.push_str("\nTranscript before the error:\n");
        message.push_str(&e.transcript);
    }
    match &e.kind {
        ExecErrorKind::Compile(problems) => {
            ToolError::compile_error(message).with_details(compile_details(
                problems
                    .iter()
                    .map(|p| (p.line, p.column, p.message.as_str())),
            ))
        }
        ExecErrorKind::Unhandled { class, description } => {
            let mut d = Map::new();
            d.insert("exceptionClass".into(), json!(class));
            d.insert("description".into(), json!(description));
            let stack: Vec<Value> = e
                .stack
                .iter()
                .map(|f| {
                    json!({
                        "method": f.method(),
                        "line": (f.line > 0).then_some(f.line),
                        "kernel": f.kernel
                    })
                })
                .collect();
            d.insert("stack".into(), Value::Array(stack));
            ToolError::other(message).with_details(d)
        }
        ExecErrorKind::Break => ToolError::new(
            ErrorKind::Cancelled,
            "the Smalltalk call was stopped: the client cancelled it or its deadline passed",
        ),
        ExecErrorKind::Limit(_) | ExecErrorKind::Internal(_) => ToolError::other(message),
    }
}

fn doit(out: ExecOutcome) -> Doit {
    Doit {
        print_string: out.print_string,
        truncated: out.truncated,
        transcript: out.transcript,
        class_name: out.class_name,
    }
}

fn page(page: gs_image::QueryPage) -> MethodPage {
    MethodPage {
        methods: page
            .items
            .into_iter()
            .map(|r| MethodRef {
                class_name: r.class_name,
                meta: r.side.is_meta(),
                selector: r.selector,
            })
            .collect(),
        total: page.total,
    }
}

/// What [`ImageSession::describe_class`] answers of a class's record.
fn class_info(record: gs_image::ClassRecord) -> ClassInfo {
    let d = record.definition;
    ClassInfo {
        name: d.name,
        superclass: d.superclass,
        dictionary: d.dictionary,
        instance_variables: d.inst_vars,
        class_variables: d.class_vars,
        class_instance_variables: d.class_inst_vars,
        category: d.category,
        comment: record.comment,
        kernel: record.kernel,
    }
}

impl ImageSession for EmbeddedSession {
    fn dictionaries(&self) -> Result<Vec<String>, ToolError> {
        Ok(self.lock().session.symbol_list())
    }

    fn classes(&self, dictionary: &str) -> Result<Vec<String>, ToolError> {
        self.lock()
            .session
            .classes_in(dictionary)
            .map_err(tool_error)
    }

    fn entries(&self, dictionary: &str) -> Result<Vec<DictionaryEntry>, ToolError> {
        let ws = self.lock();
        let s = &ws.session;
        Ok(s.entries(dictionary)
            .map_err(tool_error)?
            .into_iter()
            .map(|(name, entry)| DictionaryEntry {
                class_name: match entry {
                    gs_image::DictionaryEntry::Class(id) => s.class_name_of(id).map(str::to_owned),
                    _ => None,
                },
                name,
            })
            .collect())
    }

    fn categories(
        &self,
        class_name: &str,
        meta: bool,
    ) -> Result<Vec<(String, Vec<String>)>, ToolError> {
        let categories = self
            .lock()
            .session
            .categories(class_name, Side::from_meta(meta))
            .map_err(tool_error)?;
        Ok(categories.into_iter().collect())
    }

    fn hierarchy(&self, class_name: &str) -> Result<ClassHierarchy, ToolError> {
        let ws = self.lock();
        let s = &ws.session;
        let own = s.class(class_name).map_err(tool_error)?.definition.name;
        let mut superclasses = s.superclass_chain(class_name).map_err(tool_error)?;
        superclasses.retain(|c| *c != own);
        superclasses.reverse();
        let subclasses = s.subclasses(class_name).map_err(tool_error)?;
        Ok(ClassHierarchy {
            class_name: own,
            superclasses,
            subclasses,
        })
    }

    fn definition_source(&self, class_name: &str) -> Result<DefinitionSource, ToolError> {
        let record = self.lock().session.class(class_name).map_err(tool_error)?;
        Ok(DefinitionSource {
            source: gs_image::classdef::definition_source(&record.definition),
            info: class_info(record),
        })
    }

    fn file_out(&self, class_name: &str) -> Result<FileOut, ToolError> {
        let ws = self.lock();
        Ok(FileOut {
            class_name: ws
                .session
                .class(class_name)
                .map_err(tool_error)?
                .definition
                .name,
            source: gs_image::filein::file_out_class(&ws.session, class_name)
                .map_err(tool_error)?,
        })
    }

    fn method(
        &self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<MethodSource, ToolError> {
        let side = Side::from_meta(meta);
        let ws = self.lock();
        let s = &ws.session;
        let class_name = &s.class(class_name).map_err(tool_error)?.definition.name;
        let source = s
            .method_source(class_name, side, selector)
            .map_err(tool_error)?;
        let category = s
            .categories(class_name, side)
            .map_err(tool_error)?
            .into_iter()
            .find(|(_, selectors)| selectors.iter().any(|x| x == selector))
            .map(|(c, _)| c)
            .unwrap_or_default();
        Ok(MethodSource {
            class_name: class_name.clone(),
            source,
            category,
        })
    }

    fn describe_class(&self, class_name: &str) -> Result<ClassInfo, ToolError> {
        let record = self.lock().session.class(class_name).map_err(tool_error)?;
        Ok(class_info(record))
    }

    fn selectors(&self, class_name: &str, meta: bool) -> Result<Vec<String>, ToolError> {
        self.lock()
            .session
            .selectors(class_name, Side::from_meta(meta))
            .map_err(tool_error)
    }

    fn method_source(
        &self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<String, ToolError> {
        self.lock()
            .session
            .method_source(class_name, Side::from_meta(meta), selector)
            .map_err(tool_error)
    }

    fn implementors(&self, selector: &str, limit: usize) -> Result<MethodPage, ToolError> {
        Ok(page(
            self.lock().session.implementors_limited(selector, limit),
        ))
    }

    fn senders(&self, selector: &str, limit: usize) -> Result<MethodPage, ToolError> {
        Ok(page(self.lock().session.senders_limited(selector, limit)))
    }

    fn references_to(&self, name: &str, limit: usize) -> Result<MethodPage, ToolError> {
        let ws = self.lock();
        let found = ws.session.references_limited(name, limit);
        // A name nothing could refer to is a mistake to report; a name
        // that exists but is unused is an empty answer.
        if found.total == 0 && !ws.session.names_a_variable(name) {
            return Err(ToolError::not_found(format!(
                "no global, class, class variable or pool variable is named `{name}` in this \
                 image; check the spelling (list_dictionary_entries shows the globals)"
            )));
        }
        Ok(page(found))
    }

    fn search_source(
        &self,
        search: &SourceSearch<'_>,
        limit: usize,
    ) -> Result<MethodPage, ToolError> {
        self.lock()
            .session
            .search_source_limited(
                search.text,
                search.ignore_case,
                search.dictionary,
                search.class_name,
                limit,
            )
            .map(page)
            .map_err(tool_error)
    }

    fn is_kernel_class(&self, class_name: &str) -> Result<bool, ToolError> {
        match self.lock().session.class(class_name) {
            Ok(record) => Ok(record.kernel),
            Err(ImageError::NotFound(_)) => Ok(false),
            Err(e) => Err(tool_error(e)),
        }
    }

    fn execute(&self, code: &str, cancel: &CancelToken) -> Result<Doit, ToolError> {
        self.run_doit(code, cancel).map(doit)
    }

    fn execute_bounded(
        &self,
        code: &str,
        cancel: &CancelToken,
        memory_bytes: usize,
    ) -> Result<Doit, ToolError> {
        let limits = Limits {
            memory_bytes: memory_bytes.min(self.limits.memory_bytes),
            ..self.limits
        };
        self.run_doit_under(code, cancel, &limits).map(doit)
    }

    fn test_classes(&self) -> Result<Vec<String>, ToolError> {
        Ok(self.lock().session.test_classes())
    }

    fn abstract_test_classes(
        &self,
        cancel: &CancelToken,
    ) -> Result<gs_toolset::AbstractTestClasses, ToolError> {
        let brk = BreakHandle::sharing(cancel.shared_flag());
        let mut guard = self.workspace();
        let ws = &mut *guard;
        let answer = ws.interpreter.execute_answer(
            &mut ws.session,
            ABSTRACT_TEST_CLASSES,
            &self.limits,
            &brk,
        );
        Ok(match keep_cancelled(cancel, answer)? {
            Answer::Bytes { bytes, .. } => {
                gs_toolset::AbstractTestClasses::from_lines(String::from_utf8_lossy(&bytes).lines())
            }
            _ => gs_toolset::AbstractTestClasses::default(),
        })
    }

    fn run_tests(
        &self,
        class_name: &str,
        selectors: Option<&[String]>,
        cancel: &CancelToken,
        progress: &mut (dyn FnMut(&gs_toolset::TestProgress) + Send),
    ) -> Result<gs_toolset::TestReport, ToolError> {
        let mut forward = forward_progress(progress);
        EmbeddedSession::run_tests(self, class_name, selectors, cancel, &mut forward)
    }

    fn run_tests_read_only(
        &self,
        class_name: &str,
        selectors: Option<&[String]>,
        cancel: &CancelToken,
        progress: &mut (dyn FnMut(&gs_toolset::TestProgress) + Send),
    ) -> Result<gs_toolset::TestReport, ToolError> {
        let mut forward = forward_progress(progress);
        EmbeddedSession::run_tests_read_only(self, class_name, selectors, cancel, &mut forward)
    }

    // The inherent methods of the same names are the embedded backend's
    // own API; these delegate to them.
    fn commit(&self) -> Result<Committed, ToolError> {
        EmbeddedSession::commit(self)
    }

    fn abort(&self) -> Result<(), ToolError> {
        EmbeddedSession::abort(self);
        Ok(())
    }

    fn refresh(&self) -> Result<(), ToolError> {
        EmbeddedSession::refresh(self)
    }

    fn uncommitted_changes(&self) -> Result<Option<Vec<String>>, ToolError> {
        // `lock` writes the interpreter's changed objects back first, so
        // they are listed too.
        Ok(Some(self.lock().session.uncommitted_changes()))
    }

    fn status(&self) -> Result<SessionStatus, ToolError> {
        let uncommitted_changes = self.has_uncommitted_changes();
        let ws = self.lock();
        let s = &ws.session;
        Ok(SessionStatus {
            user: s.user().to_string(),
            session_id: self.id,
            stone: s.image().label().to_string(),
            view: s.view(),
            newest: Some(s.image().newest_commit()),
            uncommitted_changes,
        })
    }

    fn compile_method(
        &self,
        class_name: &str,
        meta: bool,
        category: Option<&str>,
        source: &str,
    ) -> Result<MethodRef, ToolError> {
        self.lock()
            .session
            .compile_method(
                class_name,
                Side::from_meta(meta),
                category.unwrap_or(DEFAULT_CATEGORY),
                source,
            )
            .map(|r| MethodRef {
                class_name: r.class_name,
                meta,
                selector: r.selector,
            })
            .map_err(tool_error)
    }

    fn define_class(&self, definition: &ClassDefinition) -> Result<(), ToolError> {
        let mut guard = self.lock();
        let session = &mut guard.session;
        // A redefinition keeps what this interface cannot express (pools,
        // options, indexed kind) from the class's current definition.
        let mut def = match session.class(&definition.name) {
            Ok(existing) if existing.definition.dictionary == definition.dictionary => {
                existing.definition
            }
            _ => gs_image::ClassDefinition::default(),
        };
        def.name = definition.name.clone();
        def.superclass = definition.superclass.clone();
        def.dictionary = definition.dictionary.clone();
        def.inst_vars = definition.instance_variables.clone();
        def.class_vars = definition.class_variables.clone();
        def.class_inst_vars = definition.class_instance_variables.clone();
        def.category = definition.category.clone();
        // A plug-in never silently loses methods: a redefinition that would
        // break some is refused instead.
        definition::define(session, def, gs_toolset::RecompilePolicy::Refuse).map(|_| ())
    }

    fn define_class_from_source(
        &self,
        source: &str,
        policy: gs_toolset::RecompilePolicy,
    ) -> Result<DefinitionReport, ToolError> {
        let parsed = definition::recognise(source)?;
        gs_toolset::refuse_kernel_class_in(self, &parsed.definition.name, "redefine")?;
        definition::apply(&mut self.lock().session, parsed, policy)
    }

    fn add_dictionary(&self, name: &str) -> Result<(), ToolError> {
        self.lock().session.add_dictionary(name).map_err(tool_error)
    }

    fn remove_dictionary(&self, name: &str) -> Result<(), ToolError> {
        self.lock()
            .session
            .remove_dictionary(name)
            .map_err(tool_error)
    }

    fn delete_method(&self, class_name: &str, meta: bool, selector: &str) -> Result<(), ToolError> {
        self.lock()
            .session
            .remove_method(class_name, Side::from_meta(meta), selector)
            .map_err(tool_error)
    }

    fn delete_class(&self, class_name: &str) -> Result<(), ToolError> {
        self.lock()
            .session
            .remove_class(class_name, RemoveClassPolicy::RefuseIfSubclasses)
            .map(|_| ())
            .map_err(tool_error)
    }

    fn set_class_comment(&self, class_name: &str, comment: &str) -> Result<(), ToolError> {
        self.lock()
            .session
            .set_class_comment(class_name, comment)
            .map_err(tool_error)
    }

    fn user(&self) -> String {
        self.lock().session.user().to_string()
    }

    /// The interpreter runs Smalltalk on the calling thread when it has
    /// this much stack, so a session's calls need no thread of their own.
    fn worker_stack_bytes(&self) -> usize {
        gs_interp::WORKER_STACK_BYTES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> (tempfile::TempDir, EmbeddedSession) {
        let dir = tempfile::tempdir().unwrap();
        let image = gs_image::Image::open(dir.path().join("t.image")).unwrap();
        let s = EmbeddedSession::new(image.session());
        (dir, s)
    }

    fn account(s: &EmbeddedSession) {
        s.define_class(&ClassDefinition {
            name: "Account".into(),
            superclass: Some("Object".into()),
            dictionary: "UserGlobals".into(),
            instance_variables: vec!["balance".into()],
            class_variables: vec![],
            class_instance_variables: vec![],
            category: Some("Bank".into()),
        })
        .unwrap();
    }

    #[test]
    fn defines_compiles_and_finds_methods() {
        let (_dir, s) = session();
        account(&s);
        let sel = s
            .compile_method(
                "Account",
                false,
                None,
                "deposit: amount\n\tbalance := balance + amount",
            )
            .unwrap();
        assert_eq!(sel.selector, "deposit:");
        let info = s.describe_class("Account").unwrap();
        assert_eq!(info.instance_variables, ["balance"]);
        assert_eq!(info.dictionary, "UserGlobals");
        assert!(!info.kernel);
        let refs = s.implementors("deposit:", 10).unwrap();
        assert_eq!((refs.methods.len(), refs.total), (1, 1));
        assert_eq!(refs.methods[0].class_name, "Account");
        let search = |ignore_case| SourceSearch {
            text: "BALANCE +",
            ignore_case,
            dictionary: None,
            class_name: None,
        };
        let hits = s.search_source(&search(true), 10).unwrap();
        assert_eq!(hits.methods.len(), 1);
        assert!(
            s.search_source(&search(false), 10)
                .unwrap()
                .methods
                .is_empty()
        );
        assert_eq!(
            s.selectors("Account", false).unwrap(),
            ["deposit:".to_string()]
        );
    }

    #[test]
    fn kernel_classes_are_known_and_errors_keep_their_kind() {
        let (_dir, s) = session();
        assert!(s.is_kernel_class("Object").unwrap());
        assert!(!s.is_kernel_class("NoSuchClass").unwrap());
        let e = s
            .compile_method("Object", false, None, "foo ^1")
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Refused);
        let e = s.describe_class("NoSuchClass").unwrap_err();
        assert_eq!(e.kind, ErrorKind::NotFound);
        account(&s);
        let e = s
            .compile_method("Account", false, None, "foo ^ ^")
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::CompileError);
        let e = s.execute("3 +", &CancelToken::new()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::CompileError);
        let errors = &e.details.as_ref().unwrap()["errors"];
        assert_eq!(errors[0]["line"], 1, "{e:?}");
    }

    #[test]
    fn doits_keep_their_objects_and_a_cancel_breaks_a_runaway_loop() {
        let (_dir, s) = session();
        let cancel = CancelToken::new();
        assert_eq!(s.execute("3 + 4", &cancel).unwrap().print_string, "7");
        s.execute(
            "UserGlobals at: #Seen put: (OrderedCollection with: 1)",
            &cancel,
        )
        .unwrap();
        assert_eq!(
            s.execute("(UserGlobals at: #Seen) add: 2; yourself", &cancel)
                .unwrap()
                .print_string,
            "anOrderedCollection( 1, 2)"
        );
        let runaway = CancelToken::new();
        let stopper = runaway.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            stopper.cancel();
        });
        let e = s
            .execute("[true] whileTrue: [3 + 4]", &runaway)
            .unwrap_err();
        t.join().unwrap();
        assert_eq!(e.kind, ErrorKind::Cancelled);
        assert_eq!(
            s.execute("1 + 1", &CancelToken::new())
                .unwrap()
                .print_string,
            "2"
        );
    }

    #[test]
    fn query_answers_are_capped() {
        let (_dir, s) = session();
        account(&s);
        for sel in ["a", "b", "c"] {
            s.compile_method(
                "Account",
                false,
                None,
                &format!("{sel}\n\t^ self printString"),
            )
            .unwrap();
        }
        let r = s.senders("printString", 2).unwrap();
        assert_eq!(r.methods.len(), 2);
        assert!(r.total > 2 && r.truncated(), "the true total: {}", r.total);
    }
}

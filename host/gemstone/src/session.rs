//! One client's GCI session ([`GemStoneSession`]): running a program in
//! it, on the calling thread or on the async runtime, and every
//! [`ImageSession`] operation as the programs of `smalltalk.rs`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use gs_gci::Session;
use gs_toolset::{
    CancelToken, ClassCategories, ClassDefinition, ClassHierarchy, ClassInfo, ClassOverview,
    Committed, CompileProblem, DEFAULT_CATEGORY, DefinitionChange, DefinitionReport,
    DefinitionSource, DictionaryEntry, Doit, ErrorKind, FailedMethod, FileOut, ImageFuture,
    ImageSession, MethodPage, MethodRef, MethodSource, RecompilePolicy, SessionStatus,
    SourceSearch, TestDefect, TestProgress, TestReport, ToolError,
};
use serde_json::{Map, json};

use crate::answers::{
    Frame, by_category, definition_text, doit_of, frame, frame_error, is_identifier, malformed,
    method_page, no_such_name, read_facts, read_side,
};
use crate::run::{RunError, RunErrorKind};
use crate::smalltalk::{self, Program};
use crate::wire::{Fields, Value};
use crate::{answers, definition, run};

/// What a class-definition source must be, in the embedded backend's
/// words.
const ONE_DEFINITION: &str = "`source` must be one class-definition expression (with, if you \
                              like, `comment:` and `category:` statements for that class)";
/// A class-definition source [`definition::parse`] refused, in the
/// embedded backend's words.
fn refused_source(refusal: definition::Refusal) -> ToolError {
    match refusal {
        definition::Refusal::Syntax(line, message) => {
            let mut d = Map::new();
            d.insert(
                "errors".into(),
                json!([{"line": line, "column": 1, "message": format!("syntax error: {message}")}]),
            );
            ToolError::compile_error(format!("line {line}: syntax error: {message}"))
                .with_details(d)
        }
        definition::Refusal::Shape(what) if what.is_empty() => ToolError::invalid_params(format!(
            "{ONE_DEFINITION}, e.g. `Object subclass: 'Account' instVarNames: #(balance) \
             classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: \
             UserGlobals`; this source defines no class. To run any other code, use execute_code"
        )),
        definition::Refusal::Shape(what) => ToolError::invalid_params(format!(
            "{ONE_DEFINITION}, but it also holds {what}. To run any other code, use execute_code"
        )),
        definition::Refusal::Part(why) => ToolError::invalid_params(format!(
            "{ONE_DEFINITION}: {why}. To run any other code, use execute_code"
        )),
    }
}

/// The image worker's stack. No interpreter runs in this process, so the
/// backend itself needs little, but the broker polls a whole tool call
/// (the toolset's own work included) on that thread: Rust's default.
const WORKER_STACK_BYTES: usize = gs_toolset::DEFAULT_WORKER_STACK_BYTES;

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
    /// The operator's word that the stone refuses this session's commits
    /// (see [`GemStoneSession::user_cannot_commit`]).
    user_cannot_commit: bool,
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

/// Refuses a program the stone cannot be sent (a NUL ends a C string), or
/// one whose call is already cancelled.
fn sendable(program: &Program, cancel: Option<&CancelToken>) -> Result<(), ToolError> {
    if program.holds_nul() {
        return Err(ToolError::invalid_params(
            "the text contains a NUL character, which cannot be sent to GemStone",
        ));
    }
    if cancel.is_some_and(CancelToken::is_cancelled) {
        return Err(cancelled());
    }
    Ok(())
}

/// What a call asking which classes are the kernel's is named in errors.
const KERNEL_CLASSES: &str = "the kernel classes of a stack";

/// The question to the stone of which classes of execution failure `e`'s
/// stack are kernel classes, if it has frames not yet marked.
fn kernel_question(e: &ToolError) -> Option<Program> {
    let names = answers::unmarked_stack_classes(e);
    (!names.is_empty()).then(|| smalltalk::kernel_classes_among(&names))
}

/// `e` with the kernel classes the stone named marked in its stack; as it
/// was if the stone could not answer.
fn with_kernel_answer(e: ToolError, answer: Result<Fields, ToolError>) -> ToolError {
    match answer.and_then(|mut f| f.strs().map_err(malformed)) {
        Ok(kernel) => answers::mark_kernel_frames(e, &kernel),
        Err(_) => e,
    }
}

/// One method of a class as [`smalltalk::class_sources`] answers it.
struct SourcedMethod {
    meta: bool,
    selector: String,
    source: String,
    category: String,
}

/// Why a method failed to compile: the compile error's problems, or the
/// error's message as one problem when it is not a compile error.
fn problems_of(e: &ToolError) -> Vec<CompileProblem> {
    let listed = e
        .details
        .as_ref()
        .and_then(|d| d.get("errors"))
        .and_then(|errors| errors.as_array())
        .map(|errors| {
            errors
                .iter()
                .map(|p| CompileProblem {
                    line: p["line"].as_u64().unwrap_or(0) as u32,
                    column: p["column"].as_u64().unwrap_or(0) as u32,
                    message: p["message"].as_str().unwrap_or_default().to_string(),
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    if listed.is_empty() {
        return vec![CompileProblem {
            line: 1,
            column: 1,
            message: e.message.clone(),
        }];
    }
    listed
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

/// The error of a call whose connection to the stone was lost: the
/// session is gone, and with it its uncommitted changes. A commit lost on
/// the way may or may not have reached the stone.
fn lost(message: &str, what: &str) -> ToolError {
    let doubt = if what == COMMIT {
        "; whether the commit reached the stone is unknown: in a new session, check what it \
         would have changed before committing it again"
    } else {
        ""
    };
    ToolError::new(
        ErrorKind::Other,
        format!(
            "the connection to the GemStone stone was lost ({message}); this session has ended \
             and its uncommitted changes are lost{doubt}; start a new one"
        ),
    )
}

/// What a commit's call is named, in its errors.
const COMMIT: &str = "a commit";

impl GemStoneSession {
    /// A session of `user`, logged in as `session`.
    pub(crate) fn new(session: Session, user: String) -> GemStoneSession {
        GemStoneSession {
            inner: Mutex::new(Some(session)),
            dead: Arc::new(AtomicBool::new(false)),
            user,
            view: AtomicU64::new(1),
            programs: AtomicU64::new(0),
            user_cannot_commit: false,
        }
    }

    /// This session, on the operator's word that its GemStone user has no
    /// write authorization, so that the stone itself refuses its commits
    /// (`image.read_only_users_cannot_commit`). Only then does it run
    /// tests for a read-only client
    /// ([`ImageSession::run_tests_read_only`]): nothing gs-mcp sends can
    /// stop a test's code from committing on a stone, so without that
    /// word it refuses them.
    pub fn user_cannot_commit(mut self, cannot: bool) -> GemStoneSession {
        self.user_cannot_commit = cannot;
        self
    }

    /// True once the connection to the stone is lost (or a call would not
    /// end even after a hard break): every later call fails at once, and
    /// the MCP session should end.
    pub fn is_dead(&self) -> bool {
        self.dead.load(Ordering::Relaxed)
    }

    /// How many of the backend's programs this session has run, each one
    /// round trip to the gem (a doit, or an answer over 256 KiB, one
    /// more; making the helpers and each program's block, once per
    /// session, not counted). What a tool costs on a stone is its
    /// programs' round trips; diagnostics and tests read it.
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
        program: &Program,
        cancel: Option<&CancelToken>,
        what: &'static str,
        doit: bool,
    ) -> Result<Fields, ToolError> {
        sendable(program, cancel)?;
        let mut guard = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(session) = guard.as_mut().filter(|_| !self.is_dead()) else {
            return Err(lost("an earlier call lost it", what));
        };
        self.programs.fetch_add(1, Ordering::Relaxed);
        let outcome = run::program_blocking(session, program, cancel);
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
        program: &Program,
        cancel: &CancelToken,
        what: &'static str,
        doit: bool,
    ) -> Result<Fields, ToolError> {
        sendable(program, Some(cancel))?;
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
            return Err(lost("an earlier call lost it", what));
        };
        self.programs.fetch_add(1, Ordering::Relaxed);
        let outcome = run::program(session, program, Some(cancel), run::Wait::Runtime).await;
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
            }) => return Err(lost(&message, what)),
            Err(RunError { message, .. }) => {
                return Err(ToolError::other(format!("GemStone: {message}")));
            }
        };
        match frame(answer, what).map_err(malformed)? {
            Frame::Ok(f) => Ok(f),
            Frame::Error(code, args) => Err(frame_error(&code, &args, &self.user, doit)),
        }
    }

    /// Runs a program under the cancel token of the tool call running on
    /// this thread ([`gs_toolset::call_cancel`]): the trait's methods take
    /// none, but every call must stop on a break when the client cancels
    /// or the deadline passes.
    fn call(&self, program: &Program, what: &'static str) -> Result<Fields, ToolError> {
        let cancel = gs_toolset::call_cancel();
        self.call_with(program, cancel.as_ref(), what, false)
    }

    fn refs(&self, program: &Program, what: &'static str) -> Result<Vec<MethodRef>, ToolError> {
        let mut f = self.call(program, what)?;
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

    /// Marks kernel the frames of `stack` whose class the stone says is a
    /// kernel class (its report does not say; the fixed list marks only
    /// the signalling and SUnit machinery).
    fn mark_kernel_frames(
        &self,
        stack: &mut [gs_toolset::StackFrame],
        cancel: &CancelToken,
    ) -> Result<(), ToolError> {
        let names =
            smalltalk::unmarked_classes(stack.iter().map(|f| (f.method.as_str(), f.kernel)));
        if names.is_empty() {
            return Ok(());
        }
        let program = smalltalk::kernel_classes_among(&names);
        let kernel = self
            .call_with(&program, Some(cancel), KERNEL_CLASSES, false)?
            .strs()
            .map_err(malformed)?;
        for f in stack.iter_mut() {
            f.kernel |= smalltalk::of_a_class_among(&f.method, &kernel);
        }
        Ok(())
    }

    /// Every method of `class_name`, both sides, with its source and
    /// category.
    fn method_sources(&self, class_name: &str) -> Result<Vec<SourcedMethod>, ToolError> {
        let mut f = self.call(&smalltalk::class_sources(class_name), "a class's sources")?;
        let list = f.list().map_err(malformed)?;
        list.into_iter()
            .map(|v| {
                let mut m = Fields::of(v, "a method's source")?;
                Ok(SourcedMethod {
                    meta: m.bool()?,
                    selector: m.str()?,
                    source: m.str()?,
                    category: m.str()?,
                })
            })
            .collect::<Result<_, String>>()
            .map_err(malformed)
    }

    /// Accounts in `report` for the methods a reshape recompiled, given
    /// the class's methods `before` it: the stone drops a method that no
    /// longer compiles, so each one gone is compiled again here, which
    /// answers why it fails (and restores it if it compiles after all),
    /// and is reported with its source, as the embedded image reports it.
    fn account_for_recompiles(
        &self,
        report: &mut DefinitionReport,
        before: Vec<SourcedMethod>,
    ) -> Result<(), ToolError> {
        let after = self.method_sources(&report.class_name)?;
        for m in before {
            let method = MethodRef {
                class_name: report.class_name.clone(),
                meta: m.meta,
                selector: m.selector.clone(),
            };
            if after
                .iter()
                .any(|a| a.meta == m.meta && a.selector == m.selector)
            {
                report.recompiled.push(method);
                continue;
            }
            let category = (!m.category.is_empty()).then_some(m.category.as_str());
            match self.compile_method(&report.class_name, m.meta, category, &m.source) {
                Ok(_) => report.recompiled.push(method),
                Err(e) => report.failed.push(FailedMethod {
                    method,
                    errors: problems_of(&e),
                    source: m.source,
                    category: m.category,
                }),
            }
        }
        Ok(())
    }

    /// Refuses, before anything changes, what the embedded backend
    /// refuses of a redefinition: reshaping a class that has subclasses,
    /// and, under [`RecompilePolicy::Refuse`], dropping a variable a method
    /// of the class still names ([`definition::mentions`] in each method's
    /// source: the stone's compiler is not asked). Answers whether the
    /// definition reshapes an existing class.
    fn check_reshape(
        &self,
        new: &definition::Scanned,
        policy: RecompilePolicy,
    ) -> Result<bool, ToolError> {
        let Ok((old, _)) = self.facts(&new.name) else {
            return Ok(false);
        };
        let dictionary = new.dictionary.as_deref().unwrap_or("UserGlobals");
        if old.dictionary != dictionary || old.name != new.name {
            return Ok(false);
        }
        let differs = |n: &Option<Vec<String>>, o: &[String]| n.as_deref().is_some_and(|n| n != o);
        let reshape = differs(&new.instance_variables, &old.instance_variables)
            || differs(&new.class_variables, &old.class_variables)
            || differs(&new.class_instance_variables, &old.class_instance_variables)
            || new.superclass != old.superclass;
        if !reshape {
            return Ok(false);
        }
        let subclasses = self.hierarchy(&new.name)?.subclasses;
        if !subclasses.is_empty() {
            return Err(gs_toolset::reshaping_a_superclass(&new.name, &subclasses));
        }
        if policy != RecompilePolicy::Refuse {
            return Ok(true);
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
            return Ok(true);
        }
        let mut broken = Vec::new();
        for SourcedMethod {
            meta,
            selector,
            source,
            ..
        } in self.method_sources(&new.name)?
        {
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
            return Ok(true);
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

    fn class_names(&self) -> Result<Vec<String>, ToolError> {
        let mut names = self
            .call(&smalltalk::class_names(), "the symbol list's classes")?
            .strs()
            .map_err(malformed)?;
        names.sort();
        names.dedup();
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
        let program = smalltalk::search_source(search.text, search.ignore_case, search.dictionary);
        let mut refs = self.refs(&program, "a source search")?;
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
        match self.call_with(&smalltalk::execute(code), Some(cancel), "a doit", true) {
            Ok(f) => doit_of(f),
            Err(e) => Err(match kernel_question(&e) {
                Some(program) => {
                    let answer = self.call_with(&program, Some(cancel), KERNEL_CLASSES, false);
                    with_kernel_answer(e, answer)
                }
                None => e,
            }),
        }
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
            match self
                .call_waiting(&smalltalk::execute(code), cancel, "a doit", true)
                .await
            {
                Ok(f) => doit_of(f),
                Err(e) => Err(match kernel_question(&e) {
                    Some(program) => {
                        let answer = self
                            .call_waiting(&program, cancel, KERNEL_CLASSES, false)
                            .await;
                        with_kernel_answer(e, answer)
                    }
                    None => e,
                }),
            }
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

    fn abstract_test_classes(
        &self,
        cancel: &CancelToken,
    ) -> Result<gs_toolset::AbstractTestClasses, ToolError> {
        let program = smalltalk::abstract_test_classes();
        let lines = self
            .call_with(&program, Some(cancel), "the abstract test classes", false)?
            .strs()
            .map_err(malformed)?;
        Ok(gs_toolset::AbstractTestClasses::from_lines(
            lines.iter().map(String::as_str),
        ))
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
            let mut read = || -> Result<(String, String, String, String), String> {
                Ok((f.str()?, f.str()?, f.str()?, f.str()?))
            };
            let (outcome, exception_class, description, stack) = read().map_err(malformed)?;
            let mut stack = smalltalk::test_stack(&stack);
            self.mark_kernel_frames(&mut stack, cancel)?;
            let defect = TestDefect {
                selector: selector.clone(),
                exception_class,
                description,
                stack,
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

    /// Refused unless the operator declared that the session's user cannot
    /// commit ([`GemStoneSession::user_cannot_commit`]); then the tests
    /// run as [`ImageSession::run_tests`] does, and an abort ends the run.
    fn run_tests_read_only(
        &self,
        class_name: &str,
        selectors: Option<&[String]>,
        cancel: &CancelToken,
        progress: &mut (dyn FnMut(&TestProgress) + Send),
    ) -> Result<TestReport, ToolError> {
        if !self.user_cannot_commit {
            return Err(ToolError::read_only(format!(
                "cannot run {class_name}'s tests: this session is read-only, and on a GemStone \
                 stone only the stone can keep a test's code from committing. To allow test \
                 runs in read-only sessions, log them in as a GemStone user without write \
                 authorization and declare it with `read_only_users_cannot_commit = true` in \
                 `[image]` (see docs/gemstone.md); or run the tests from a read-write session"
            )));
        }
        if self.status()?.uncommitted_changes {
            return Err(gs_toolset::read_only_run_with_changes(class_name));
        }
        let report = self.run_tests(class_name, selectors, cancel, progress);
        let aborted = self.abort();
        let report = report?;
        aborted.map(|()| report)
    }

    fn commit(&self) -> Result<Committed, ToolError> {
        let wrote = self
            .call(&smalltalk::commit(), COMMIT)?
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
                // The view is gs-mcp's count of this session's moves; a
                // stone numbers no commits to compare it with.
                newest: None,
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

    /// The source is parsed here (`definition::parse`): one definition
    /// message with literal arguments and its `comment:` / `category:`
    /// statements, anything else refused; the stone evaluates the
    /// definition rebuilt from the parsed parts. `policy` is applied by
    /// `check_reshape` before (the stone's own
    /// class-definition messages decide what happens to the methods of a
    /// reshaped class), and the report lists no recompiled or failed
    /// methods.
    fn define_class_from_source(
        &self,
        source: &str,
        policy: RecompilePolicy,
    ) -> Result<DefinitionReport, ToolError> {
        let definition::Parsed {
            scanned: parsed,
            text,
        } = definition::parse(source).map_err(refused_source)?;
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
        let before = match self.check_reshape(&parsed, policy)? {
            true => Some(self.method_sources(&name)?),
            false => None,
        };
        // The kernel-name guard runs in the defining program itself
        // (`smalltalk::kernel_name_guard`): only the stone knows what its
        // Globals binds, and nothing may come between the check and the
        // binding.
        let dictionary = parsed.dictionary.as_deref().unwrap_or("UserGlobals");
        let program = smalltalk::define_class_from_source(&name, dictionary, &text);
        let cancel = gs_toolset::call_cancel();
        let mut f = self.call_with(&program, cancel.as_ref(), "a class definition", true)?;
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
                Some(b) if b.first().map(|d| shape(d)) == after.first().map(|d| shape(d)) => {
                    DefinitionChange::Updated
                }
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
        let mut report = read().map_err(malformed)?;
        if let Some(before) = before
            && report.change == DefinitionChange::Reshaped
        {
            self.account_for_recompiles(&mut report, before)?;
        }
        Ok(report)
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

/// A class's definition text but for its options, which change how its
/// instances behave, not what they hold: two definitions of one shape
/// differ by an update, not a reshape.
fn shape(definition: &str) -> &str {
    definition
        .rfind("options:")
        .map_or(definition, |i| definition[..i].trim_end())
}

//! The image operations toolsets may use, as one interface every image
//! backend implements (the embedded image, a GemStone stone over GCI).
//!
//! The WebAssembly host forwards its image host functions here after its
//! own checks (grants, result caps); the built-in toolset calls it
//! directly. Both apply the kernel-class guard of [`crate::refuse_kernel_class`],
//! and a read-only session's image refuses changes itself
//! ([`crate::read_only_image`]). Methods take `&self` because a
//! session is shared (behind an `Arc`) between the broker and the call in
//! flight; backends serialise internally. Failures are [`ToolError`]s with
//! the kinds a tool would report (`notFound`, `compileError`, …), so a tool
//! can pass them on unchanged.

use std::future::Future;
use std::pin::Pin;

use crate::{CancelToken, ToolError};

/// An image operation that waits without holding a thread
/// ([`ImageSession::execute_waiting`]).
pub type ImageFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, ToolError>> + Send + 'a>>;

/// The category a method compiled without one goes to.
pub const DEFAULT_CATEGORY: &str = "as yet unclassified";

/// A reference to one method.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MethodRef {
    /// The class defining the method.
    pub class_name: String,
    /// True for a class-side method.
    pub meta: bool,
    /// Its selector.
    pub selector: String,
}

/// The first methods a search found, and how many it found in all.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MethodPage {
    /// The first methods, sorted by class name, side and selector.
    pub methods: Vec<MethodRef>,
    /// How many methods match in all.
    pub total: usize,
}

impl MethodPage {
    /// True if more methods match than the page holds.
    pub fn truncated(&self) -> bool {
        self.total > self.methods.len()
    }
}

/// A search of method source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceSearch<'a> {
    /// The text to look for (not empty).
    pub text: &'a str,
    /// True to let letters match in either case, compared by their
    /// lowercase forms (`gs_smalltalk::case`, the rule of Smalltalk's
    /// `asLowercase`).
    pub ignore_case: bool,
    /// Only classes whose home is this symbol dictionary, if given.
    pub dictionary: Option<&'a str>,
    /// Only the methods of this class (both sides), if given; an unknown
    /// class is `notFound`.
    pub class_name: Option<&'a str>,
}

impl SourceSearch<'_> {
    /// The 1-based numbers of the lines of `source` where the text starts,
    /// matched as the search matches (letters in either case when
    /// `ignore_case`), each once, in order. Folding keeps every newline, so
    /// the lines counted in the folded text are the source's own.
    pub fn lines_in(&self, source: &str) -> Vec<u32> {
        if self.text.is_empty() {
            return Vec::new();
        }
        let fold = |s: &str| {
            if self.ignore_case {
                gs_smalltalk::case::lowercase_str(s)
            } else {
                s.to_string()
            }
        };
        let (haystack, needle) = (fold(source), fold(self.text));
        // Matches come in order, so each counts only the newlines since
        // the one before it: one pass over the source.
        let (mut line, mut counted) = (1usize, 0usize);
        let mut lines: Vec<u32> = Vec::new();
        for (at, _) in haystack.match_indices(&needle) {
            line += haystack.as_bytes()[counted..at]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            counted = at;
            let number = u32::try_from(line).unwrap_or(u32::MAX);
            if lines.last() != Some(&number) {
                lines.push(number);
            }
        }
        lines
    }
}

/// One binding of a symbol dictionary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DictionaryEntry {
    /// The key it is bound under.
    pub name: String,
    /// For a binding of a class, that class's own name (which differs from
    /// `name` for an alias); `None` for any other global.
    pub class_name: Option<String>,
}

/// What the image knows about one class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassInfo {
    /// Its name.
    pub name: String,
    /// Its superclass's name, `None` for a root class.
    pub superclass: Option<String>,
    /// The symbol dictionary binding it.
    pub dictionary: String,
    /// Instance variables it defines.
    pub instance_variables: Vec<String>,
    /// Its class variables.
    pub class_variables: Vec<String>,
    /// Its class-instance variables.
    pub class_instance_variables: Vec<String>,
    /// Its category, if any.
    pub category: Option<String>,
    /// Its comment (empty if none).
    pub comment: String,
    /// True for a kernel class (the kernel-class guard protects it).
    pub kernel: bool,
}

/// A class's facts with the selectors of each side, as
/// [`ImageSession::class_overview`] answers them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassOverview {
    /// What [`ImageSession::describe_class`] answers.
    pub info: ClassInfo,
    /// The instance side's selectors, sorted.
    pub instance_selectors: Vec<String>,
    /// The class side's selectors, sorted.
    pub class_selectors: Vec<String>,
}

/// A class's facts with the selectors of each side by method category, as
/// [`ImageSession::class_categories`] answers them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassCategories {
    /// What [`ImageSession::describe_class`] answers.
    pub info: ClassInfo,
    /// The instance side's, as [`ImageSession::categories`] answers them.
    pub instance: Vec<(String, Vec<String>)>,
    /// The class side's, likewise.
    pub class: Vec<(String, Vec<String>)>,
}

/// A class's place in the hierarchy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassHierarchy {
    /// The class's own name, as [`ImageSession::describe_class`] names it
    /// (a name bound as an alias answers the class it binds).
    pub class_name: String,
    /// Its superclasses, the root first, the direct superclass last.
    pub superclasses: Vec<String>,
    /// Its direct subclasses, sorted.
    pub subclasses: Vec<String>,
}

/// A class's definition expression with the class's facts, as
/// [`ImageSession::definition_source`] answers them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionSource {
    /// What [`ImageSession::describe_class`] answers.
    pub info: ClassInfo,
    /// The expression that defines the class, as the image would print it.
    pub source: String,
}

impl DefinitionSource {
    /// The definition a client is shown (and may compile back): the
    /// expression, followed by the statement that sets the class's
    /// category when it has one. The expression carries no category, and
    /// without the statement a redefinition compiled from it would not
    /// say where the class belongs; the period between them makes the
    /// whole one source.
    pub fn with_category(&self) -> String {
        let mut definition = self.source.trim_end().to_string();
        if let Some(category) = &self.info.category {
            definition.push_str(&format!(
                ".\n{} category: '{}'",
                self.info.name,
                category.replace('\'', "''")
            ));
        }
        definition
    }
}

/// A class in Topaz file-out form, as [`ImageSession::file_out`] answers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileOut {
    /// The class's own name, as [`ImageSession::describe_class`] names it
    /// (a name bound as an alias answers the class it binds).
    pub class_name: String,
    /// Its definition, comment, category and every method, in Topaz form.
    pub source: String,
}

/// One method's source and category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodSource {
    /// The own name of the class it is in, as [`ImageSession::describe_class`]
    /// names it (a name bound as an alias answers the class it binds).
    pub class_name: String,
    /// The source as compiled.
    pub source: String,
    /// Its method category (empty if it has none).
    pub category: String,
}

/// What a doit answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doit {
    /// The printString of its last statement's value (capped).
    pub print_string: String,
    /// True if `print_string` was cut at the backend's cap.
    pub truncated: bool,
    /// What it wrote to the Transcript.
    pub transcript: String,
    /// The name of its last statement's value's class (`SmallInteger`;
    /// `Object class` for a metaclass).
    pub class_name: String,
}

/// What a commit did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Committed {
    /// The commit the session is now at (holding its changes, if any).
    pub commit: u64,
    /// False when there was nothing to commit.
    pub wrote: bool,
}

/// The facts of a session, as `status` reports them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionStatus {
    /// The image user the session runs as.
    pub user: String,
    /// The backend's number for the session.
    pub session_id: u64,
    /// The stone's (or the embedded image's) name.
    pub stone: String,
    /// The commit the session's view is at.
    pub view: u64,
    /// The image's newest commit, where the backend can tell (the
    /// embedded image can; a stone's commits are not numbered so). Past
    /// `view` when other sessions have committed since this session's
    /// view began: an abort, or a refresh without changes, shows their
    /// work.
    pub newest: Option<u64>,
    /// True if the session holds changes not yet committed.
    pub uncommitted_changes: bool,
}

/// What the test classes' class-side `isAbstract` answered: see
/// [`ImageSession::abstract_test_classes`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AbstractTestClasses {
    /// The classes whose `isAbstract` answered true, sorted.
    pub abstract_classes: Vec<String>,
    /// The classes whose `isAbstract` signalled an error, sorted by name.
    pub failed: Vec<IsAbstractFailure>,
}

/// A test class whose class-side `isAbstract` signalled an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IsAbstractFailure {
    /// The test class, e.g. `ShapeTest`.
    pub class_name: String,
    /// The class of the exception `isAbstract` signalled, e.g. `ZeroDivide`.
    pub exception_class: String,
    /// The exception's description.
    pub description: String,
}

impl AbstractTestClasses {
    /// Reads the lines the backends' Smalltalk writes, one per class:
    /// `A<tab>ClassName` for an abstract class, `E<tab>ClassName<tab>
    /// ExceptionClass<tab>description` for one whose `isAbstract` failed;
    /// anything else is ignored. Sorts and removes repeats.
    pub fn from_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> Self {
        let mut found = Self::default();
        for line in lines {
            let mut fields = line.splitn(4, '\t');
            match (fields.next(), fields.next()) {
                (Some("A"), Some(name)) if !name.is_empty() => {
                    found.abstract_classes.push(name.to_string());
                }
                (Some("E"), Some(name)) if !name.is_empty() => {
                    found.failed.push(IsAbstractFailure {
                        class_name: name.to_string(),
                        exception_class: fields.next().unwrap_or("Error").to_string(),
                        description: fields.next().unwrap_or("").trim_end().to_string(),
                    });
                }
                _ => {}
            }
        }
        found.abstract_classes.sort();
        found.abstract_classes.dedup();
        found.failed.sort_by(|a, b| a.class_name.cmp(&b.class_name));
        found.failed.dedup_by(|a, b| a.class_name == b.class_name);
        found
    }

    /// Whether `class_name`'s `isAbstract` answered true.
    pub fn is_abstract(&self, class_name: &str) -> bool {
        self.abstract_classes
            .binary_search_by(|c| c.as_str().cmp(class_name))
            .is_ok()
    }

    /// The error `class_name`'s `isAbstract` signalled, if it did.
    pub fn failure_of(&self, class_name: &str) -> Option<&IsAbstractFailure> {
        self.failed.iter().find(|f| f.class_name == class_name)
    }
}

/// A test that did not pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestDefect {
    /// The test selector, e.g. `testAdd`.
    pub selector: String,
    /// The class of the exception that ended it, e.g. `TestFailure`.
    pub exception_class: String,
    /// The exception's description, e.g. `Expected 3 but was 4`.
    pub description: String,
    /// The activations where the exception was signalled, innermost first,
    /// cut to about twenty; empty when the backend cannot tell.
    pub stack: Vec<StackFrame>,
}

impl TestDefect {
    /// The innermost activation of the tested code (the test method or
    /// the application's code it called), past the kernel's: where to
    /// look first.
    pub fn origin(&self) -> Option<&StackFrame> {
        self.stack.iter().find(|f| !f.kernel)
    }
}

/// One activation of a stack report (`GsProcess stackReportToLevel:`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackFrame {
    /// The method as GemStone's stack report names it:
    /// `AcmeOrder >> total`, `[] in AcmeOrder >> total` (a block of it),
    /// `AcmeOrder class >> new`, `Executed Code`.
    pub method: String,
    /// The line of the method's source the activation was at (the
    /// message it was sending), when known.
    pub line: Option<u32>,
    /// True for the kernel's code (signalling, SUnit's assertions, the
    /// test runner), false for the application's and the tests'.
    pub kernel: bool,
}

impl std::fmt::Display for StackFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.method)?;
        if let Some(line) = self.line {
            write!(f, " line {line}")?;
        }
        Ok(())
    }
}

/// The outcome of running tests of one class.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TestReport {
    /// The TestCase class.
    pub class: String,
    /// Selectors of the tests that passed, in run order.
    pub passed: Vec<String>,
    /// Tests whose assertions failed (`TestFailure`).
    pub failures: Vec<TestDefect>,
    /// Tests that raised anything else.
    pub errors: Vec<TestDefect>,
    /// Set when the tests ran but the session could not keep what they
    /// changed in globals and persistent objects (a limit on uncommitted
    /// changes refused it): those changes were discarded, and this is the
    /// refusal, with its figures in its details.
    pub changes_discarded: Option<ToolError>,
}

impl TestReport {
    /// Number of tests run.
    pub fn run_count(&self) -> usize {
        self.passed.len() + self.failures.len() + self.errors.len()
    }
}

impl std::fmt::Display for TestReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
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

/// Progress of a test run: one report after each test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestProgress {
    /// Tests finished so far.
    pub done: usize,
    /// Tests to run.
    pub total: usize,
    /// The selector just finished.
    pub selector: String,
}

/// What to do with methods a class redefinition would no longer compile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecompilePolicy {
    /// Remove them and answer their source and errors.
    RemoveFailing,
    /// Refuse the redefinition (`refused`, with `details.reason`
    /// `wouldBreakMethods`), changing nothing.
    Refuse,
}

/// What a class definition did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefinitionChange {
    /// A new class.
    Created,
    /// The class existed with exactly this definition.
    Unchanged,
    /// Only what its methods do not compile against changed (category,
    /// comment, options).
    Updated,
    /// Its variables or superclass changed, and its methods were
    /// recompiled.
    Reshaped,
}

impl DefinitionChange {
    /// Its name in tool answers: `created`, `unchanged`, `updated`,
    /// `reshaped`.
    pub fn as_str(self) -> &'static str {
        match self {
            DefinitionChange::Created => "created",
            DefinitionChange::Unchanged => "unchanged",
            DefinitionChange::Updated => "updated",
            DefinitionChange::Reshaped => "reshaped",
        }
    }
}

/// A compile error at a position of the source compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileProblem {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

/// A method a redefinition removed because it no longer compiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailedMethod {
    /// The method.
    pub method: MethodRef,
    /// Its source, to fix and compile again.
    pub source: String,
    /// Its method category, to compile it again into (empty if none).
    pub category: String,
    /// Why it failed.
    pub errors: Vec<CompileProblem>,
}

/// The full report of a class definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionReport {
    /// The class's name.
    pub class_name: String,
    /// The dictionary binding it.
    pub dictionary: String,
    /// What the definition did.
    pub change: DefinitionChange,
    /// Methods recompiled because of a reshape.
    pub recompiled: Vec<MethodRef>,
    /// Methods removed because they failed to recompile.
    pub failed: Vec<FailedMethod>,
}

/// A class definition to apply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassDefinition {
    /// The class name.
    pub name: String,
    /// The superclass name, `None` for a root class.
    pub superclass: Option<String>,
    /// The dictionary to bind the class in.
    pub dictionary: String,
    /// Instance variable names.
    pub instance_variables: Vec<String>,
    /// Class variable names.
    pub class_variables: Vec<String>,
    /// Class-instance variable names.
    pub class_instance_variables: Vec<String>,
    /// The class category, if any.
    pub category: Option<String>,
}

/// One client's session on an image: its own transaction view.
///
/// Searches answer at most `limit` methods with the true total
/// ([`MethodPage`]), so callers cap results without the backend
/// materialising them all.
pub trait ImageSession: Send + Sync {
    /// The symbol dictionaries in the session's symbol list, in search order.
    fn dictionaries(&self) -> Result<Vec<String>, ToolError>;
    /// The class names bound in `dictionary` (aliases included), sorted.
    fn classes(&self, dictionary: &str) -> Result<Vec<String>, ToolError>;
    /// Every binding of `dictionary`, sorted by name. An unknown
    /// dictionary is `notFound`.
    fn entries(&self, dictionary: &str) -> Result<Vec<DictionaryEntry>, ToolError>;
    /// Every class the symbol list binds under its own name, once, sorted
    /// (what a misspelt class name is compared with). The default reads
    /// every dictionary's entries; a backend where each read is a round
    /// trip answers it in one.
    fn class_names(&self) -> Result<Vec<String>, ToolError> {
        let mut names = Vec::new();
        for dictionary in self.dictionaries()? {
            for entry in self.entries(&dictionary)? {
                if entry.class_name.as_ref() == Some(&entry.name) {
                    names.push(entry.name);
                }
            }
        }
        names.sort();
        names.dedup();
        Ok(names)
    }
    /// What the image knows about the class named `class_name`.
    fn describe_class(&self, class_name: &str) -> Result<ClassInfo, ToolError>;
    /// The selectors a class (class side when `meta`) defines, sorted.
    fn selectors(&self, class_name: &str, meta: bool) -> Result<Vec<String>, ToolError>;
    /// [`describe_class`](Self::describe_class) and the
    /// [`selectors`](Self::selectors) of each side, all of the class named
    /// `class_name`. A backend that can answer them together overrides it
    /// (a stone: one round trip rather than three).
    fn class_overview(&self, class_name: &str) -> Result<ClassOverview, ToolError> {
        Ok(ClassOverview {
            info: self.describe_class(class_name)?,
            instance_selectors: self.selectors(class_name, false)?,
            class_selectors: self.selectors(class_name, true)?,
        })
    }
    /// [`describe_class`](Self::describe_class) and the
    /// [`categories`](Self::categories) of each side, all of the class
    /// named `class_name`; overridden as [`class_overview`](Self::class_overview) is.
    fn class_categories(&self, class_name: &str) -> Result<ClassCategories, ToolError> {
        Ok(ClassCategories {
            info: self.describe_class(class_name)?,
            instance: self.categories(class_name, false)?,
            class: self.categories(class_name, true)?,
        })
    }
    /// The selectors of one side of a class by method category, the
    /// categories sorted, each one's selectors sorted.
    fn categories(
        &self,
        class_name: &str,
        meta: bool,
    ) -> Result<Vec<(String, Vec<String>)>, ToolError>;
    /// The class's superclasses and direct subclasses.
    fn hierarchy(&self, class_name: &str) -> Result<ClassHierarchy, ToolError>;
    /// The expression that defines the class, as the image would print it,
    /// with what [`describe_class`](Self::describe_class) answers.
    fn definition_source(&self, class_name: &str) -> Result<DefinitionSource, ToolError>;
    /// The class in Topaz file-out form (its definition, comment, category
    /// and every method) with its own name.
    fn file_out(&self, class_name: &str) -> Result<FileOut, ToolError>;
    /// One method's source with its category and its class's own name. A
    /// class that is unknown is `notFound` naming the class; a missing
    /// method `notFound` naming it.
    fn method(
        &self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<MethodSource, ToolError>;
    /// The source of one method.
    fn method_source(
        &self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<String, ToolError>;
    /// Methods implementing `selector`.
    fn implementors(&self, selector: &str, limit: usize) -> Result<MethodPage, ToolError>;
    /// Methods sending `selector`.
    fn senders(&self, selector: &str, limit: usize) -> Result<MethodPage, ToolError>;
    /// Methods referring to the global, class, class variable or pool
    /// variable `name`. A name that is none of these is `notFound`; one
    /// that exists but is unused answers an empty page.
    fn references_to(&self, name: &str, limit: usize) -> Result<MethodPage, ToolError>;
    /// Methods whose source contains the search's text. An empty text is
    /// `invalidParams`; an unknown dictionary `notFound`.
    fn search_source(
        &self,
        search: &SourceSearch<'_>,
        limit: usize,
    ) -> Result<MethodPage, ToolError>;
    /// True if `class_name` names a kernel class, which no toolset may
    /// change. An unknown class is not a kernel class.
    fn is_kernel_class(&self, class_name: &str) -> Result<bool, ToolError>;

    /// Runs `code` as a doit. Raising `cancel` stops it (a `cancelled`
    /// error) at the backend's next safe point. Code that does not compile
    /// is `compileError` with each error's line and column in the details;
    /// an unhandled exception carries its class and description.
    fn execute(&self, code: &str, cancel: &CancelToken) -> Result<Doit, ToolError>;

    /// As [`ImageSession::execute`], with the session's objects held to at
    /// most `memory_bytes` while the code runs (or the session's own
    /// budget, if smaller): a WebAssembly toolset's Smalltalk runs under
    /// the toolset's memory cap, not the session's.
    fn execute_bounded(
        &self,
        code: &str,
        cancel: &CancelToken,
        memory_bytes: usize,
    ) -> Result<Doit, ToolError>;

    /// The TestCase subclasses the session can see, sorted.
    fn test_classes(&self) -> Result<Vec<String>, ToolError>;
    /// Of the TestCase subclasses, those whose class-side `isAbstract`
    /// answers true, sorted: SUnit runs no such class's tests on its own
    /// (they are its subclasses' to run), so a run of every test class
    /// leaves them out. `isAbstract` is Smalltalk a class may override:
    /// raising `cancel` stops it, and one that signals an error is in
    /// `failed` with that error, abstract or not being unknown.
    /// The default knows of none.
    fn abstract_test_classes(
        &self,
        cancel: &CancelToken,
    ) -> Result<AbstractTestClasses, ToolError> {
        let _ = cancel;
        Ok(AbstractTestClasses::default())
    }
    /// Runs the tests of `class_name` (only `selectors`, if given) in the
    /// session, calling `progress` after each. The run commits nothing
    /// itself, and leaves what the tests changed uncommitted (the tests'
    /// own code may commit). Raising `cancel` stops the run (`cancelled`).
    fn run_tests(
        &self,
        class_name: &str,
        selectors: Option<&[String]>,
        cancel: &CancelToken,
        progress: &mut (dyn FnMut(&TestProgress) + Send),
    ) -> Result<TestReport, ToolError>;

    /// Runs tests as [`ImageSession::run_tests`] does, for a read-only
    /// session ([`crate::read_only_image`]): the tests' code runs, but
    /// nothing it does can be committed or change code, and whatever it
    /// changed is discarded when the run ends (the session then sees the
    /// newest committed view). A session with uncommitted changes of its
    /// own is refused, since the run would discard them too.
    ///
    /// The default refuses (`readOnly`): a backend runs read-only tests
    /// only where it can guarantee all of that.
    fn run_tests_read_only(
        &self,
        class_name: &str,
        selectors: Option<&[String]>,
        cancel: &CancelToken,
        progress: &mut (dyn FnMut(&TestProgress) + Send),
    ) -> Result<TestReport, ToolError> {
        let _ = (selectors, cancel, progress);
        Err(ToolError::read_only(format!(
            "cannot run {class_name}'s tests: this session is read-only, and its image cannot \
             guarantee that tests commit nothing; run them from a read-write session"
        )))
    }

    /// Commits the session's changes (code and objects together, or
    /// nothing) and moves it to the newest view.
    fn commit(&self) -> Result<Committed, ToolError>;
    /// Discards the session's changes and moves it to the newest view.
    fn abort(&self) -> Result<(), ToolError>;
    /// Moves a session without changes to the newest view; one with
    /// changes is refused, naming commit and abort.
    fn refresh(&self) -> Result<(), ToolError>;
    /// The session's facts.
    fn status(&self) -> Result<SessionStatus, ToolError>;
    /// What the session changed and has not committed, each named as a
    /// commit conflict names it (`method Account>>balance`, `dictionary
    /// entry UserGlobals at #Scratch`). `None` from a backend that cannot
    /// list them ([`SessionStatus::uncommitted_changes`] still tells
    /// whether there are any).
    fn uncommitted_changes(&self) -> Result<Option<Vec<String>>, ToolError> {
        Ok(None)
    }

    /// Compiles a method (in `category`, or the backend's default one) and
    /// answers it, named by its class's own name also when `class_name` is
    /// an alias.
    fn compile_method(
        &self,
        class_name: &str,
        meta: bool,
        category: Option<&str>,
        source: &str,
    ) -> Result<MethodRef, ToolError>;
    /// Defines or redefines a class.
    fn define_class(&self, definition: &ClassDefinition) -> Result<(), ToolError>;
    /// Evaluates a class-definition source — one definition expression,
    /// optionally with `comment:` and `category:` statements for the same
    /// class, the shape of a file-out — under `policy`. Source that is
    /// anything else is `invalidParams`, a syntax error `compileError`;
    /// reshaping a class that has subclasses is `refused`.
    fn define_class_from_source(
        &self,
        source: &str,
        policy: RecompilePolicy,
    ) -> Result<DefinitionReport, ToolError>;
    /// Adds an empty symbol dictionary at the end of the symbol list.
    fn add_dictionary(&self, name: &str) -> Result<(), ToolError>;
    /// Removes a symbol dictionary from the symbol list.
    fn remove_dictionary(&self, name: &str) -> Result<(), ToolError>;
    /// Removes a method.
    fn delete_method(&self, class_name: &str, meta: bool, selector: &str) -> Result<(), ToolError>;
    /// Removes a class.
    fn delete_class(&self, class_name: &str) -> Result<(), ToolError>;
    /// Replaces a class comment.
    fn set_class_comment(&self, class_name: &str, comment: &str) -> Result<(), ToolError>;

    /// The image user the session runs as.
    fn user(&self) -> String;

    /// The stack the session's image worker needs ([`crate::ImageWorker`]):
    /// a backend that runs deep recursion on the calling thread (the
    /// embedded interpreter) asks for more than the default 2 MiB.
    fn worker_stack_bytes(&self) -> usize {
        DEFAULT_WORKER_STACK_BYTES
    }

    /// True (the default) if the session's blocking work needs a thread of
    /// its own, the session's [`crate::ImageWorker`]: the embedded image
    /// runs Smalltalk on the calling thread, with a large stack. A backend
    /// whose image runs elsewhere (a stone) answers false: its short
    /// blocking work then runs on the async runtime's shared blocking
    /// pool, and its calls are never parked on a thread of their own, so
    /// an idle session holds no thread.
    fn needs_own_worker(&self) -> bool {
        true
    }

    /// Runs `code` as [`ImageSession::execute`] does, but waits for the
    /// image without holding a thread: for a backend whose doits run
    /// elsewhere (a stone, whose session's socket the async runtime
    /// watches), so a long doit costs a socket, not a thread. `None` (the
    /// default) when the backend cannot; [`crate::CallContext::execute`]
    /// then runs `execute` as blocking work. A read-only session's image
    /// answers `None`, so its refusal applies.
    fn execute_waiting<'a>(
        &'a self,
        code: &'a str,
        cancel: &'a CancelToken,
    ) -> Option<ImageFuture<'a, Doit>> {
        let _ = (code, cancel);
        None
    }

    /// True once the session can do nothing more: its backend lost the
    /// image (a stone's connection gone). The server then ends the client's
    /// session, so that its next request is told to start a new one rather
    /// than failing call after call. An in-process image is never lost.
    fn is_lost(&self) -> bool {
        false
    }
}

/// The default of [`ImageSession::worker_stack_bytes`]: the stack Rust
/// gives a new thread.
pub const DEFAULT_WORKER_STACK_BYTES: usize = 2 << 20;

#[cfg(test)]
mod tests {
    use super::SourceSearch;

    #[test]
    fn lines_are_numbered_from_one_once_each_in_order() {
        let search = |text, ignore_case| SourceSearch {
            text,
            ignore_case,
            dictionary: None,
            class_name: None,
        };
        let source = "deposit: x\n\tbalance := balance + x.\n\t^ self\n\tBalance";
        assert_eq!(search("balance", false).lines_in(source), vec![2]);
        assert_eq!(search("BALANCE", true).lines_in(source), vec![2, 4]);
        assert_eq!(search("deposit", false).lines_in(source), vec![1]);
        assert!(search("nowhere", false).lines_in(source).is_empty());
        assert!(search("", false).lines_in(source).is_empty());
    }

    #[test]
    fn lines_ignoring_case_fold_every_script_and_count_through_length_changes() {
        let search = |text| SourceSearch {
            text,
            ignore_case: true,
            dictionary: None,
            class_name: None,
        };
        let source = "summer\n\t\"été\"\n\t\u{212A}elvin ÉTÉ\n\t^ 'жук'";
        assert_eq!(search("ÉTÉ").lines_in(source), vec![2, 3]);
        assert_eq!(search("ЖУК").lines_in(source), vec![4]);
        assert_eq!(search("kELVIN").lines_in(source), vec![3]);
    }
}

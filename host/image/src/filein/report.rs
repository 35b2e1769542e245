//! What a file-in reports, and the options and sources it is given.

use std::fmt;

/// One thing that did not load, and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The file, as it was named to the loader.
    pub file: String,
    /// The 1-based line in that file.
    pub line: usize,
    /// What went wrong and what to do.
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// A global whose value needs an interpreter (`Globals at: #Transcript
/// put: TranscriptStream new`). The file-in binds it to nil, so methods
/// naming it compile, and leaves the expression to whoever can evaluate it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deferred {
    /// The dictionary binding the global.
    pub dictionary: String,
    /// The global's name.
    pub name: String,
    /// The expression whose value the global should hold.
    pub expression: String,
    /// Where the binding was written.
    pub at: Failure,
}

/// What a file-in did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileInReport {
    /// The files read.
    pub files: Vec<String>,
    /// The classes defined or redefined, in the order they were defined.
    pub classes: Vec<String>,
    /// The number of methods compiled.
    pub methods: usize,
    /// What failed; everything else loaded.
    pub failures: Vec<Failure>,
    /// Globals bound to nil because their value needs an interpreter.
    pub deferred: Vec<Deferred>,
    /// Directives read but deliberately not acted on (`input`, `printit`
    /// results, …), for the curious.
    pub skipped: Vec<Failure>,
    /// How many of the compiled methods are extension methods added to (or
    /// replacing methods of) kernel classes; only non-zero when the load
    /// ran with [`FileInOptions::allow_kernel_extensions`].
    pub kernel_extensions: usize,
    /// How many doits a [`DoitRunner`](super::DoitRunner) ran (those that
    /// failed are in `failures`).
    pub doits_run: usize,
}

/// How far a load has got
/// ([`DoitRunner::progress`](super::DoitRunner::progress)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LoadProgress {
    /// Files read so far, of [`LoadProgress::files`].
    pub files_read: usize,
    /// Files in the load.
    pub files: usize,
    /// Methods compiled or failed so far, of [`LoadProgress::methods`]
    /// (known once every file is read; 0 before).
    pub methods_done: usize,
    /// Methods in the load.
    pub methods: usize,
    /// Failures so far.
    pub failures: usize,
}

/// How a file-in treats what it loads.
///
/// The kernel guard (no change to a kernel class, however it is named) is
/// the policy of the MCP mutation tools and of plug-ins. An operator filing
/// a project in may opt in to loading *extension methods* on kernel classes
/// (`method: Object` … in a category like `*mypackage`), as GemStone
/// projects do; kernel classes themselves are never redefined, reshaped,
/// recategorised or emptied by a file-in, whatever the options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FileInOptions {
    /// Let the load add methods to kernel classes and replace their
    /// methods. Off by default: each such method is then reported as a
    /// failure. The `gs-image load` command turns it on (its
    /// `--no-kernel-extensions` flag turns it off).
    pub allow_kernel_extensions: bool,
}

impl FileInReport {
    /// True when nothing failed.
    pub fn is_clean(&self) -> bool {
        self.failures.is_empty()
    }
}

impl fmt::Display for FileInReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} file(s): {} class(es) defined, {} method(s) compiled",
            self.files.len(),
            self.classes.len(),
            self.methods,
        )?;
        if self.kernel_extensions > 0 {
            write!(
                f,
                " ({} of them kernel extension method(s))",
                self.kernel_extensions
            )?;
        }
        if self.doits_run > 0 {
            write!(f, ", {} doit(s) run", self.doits_run)?;
        }
        write!(f, ", {} failure(s)", self.failures.len())
    }
}

/// A file to load: its name (for messages) and its text.
#[derive(Debug, Clone)]
pub struct Source {
    /// How messages name the file.
    pub name: String,
    /// The file's text.
    pub text: String,
}

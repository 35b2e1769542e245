//! Topaz file-in and file-out against a [`Session`].
//!
//! Filing in applies `.gs` files (GemStone `fileOutClass` output and the
//! like) to a session: dictionaries and globals first, then every class
//! definition ordered so that a superclass is defined before its
//! subclasses whatever file or position it comes from, then comments,
//! categories and `removeall…` lines, then the methods. Each failure is
//! recorded with its file and line (for a compile error, the file line of
//! the offending method line) and the rest still loads; nothing is
//! committed here, so the caller decides whether to commit or abort.
//!
//! Filing out writes a class, or every class of a dictionary, back as Topaz
//! text in `fileOutClass` layout that files in to the same classes and
//! method sources.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use gs_topaz::{CommandKind, MethodSide};

use crate::classdef::{self, FileDoit};
use crate::error::{ImageError, Result};
use crate::model::{ClassDefinition, DictionaryEntry, GlobalValue, Side};
use crate::session::{RecompilePolicy, Session};

mod expect;
mod fileout;
pub use expect::Expected;
pub use fileout::{file_out_class, file_out_dictionary};

/// The category of a method filed in before any `category:` line.
pub const DEFAULT_CATEGORY: &str = "as yet unclassified";

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
    /// How many doits a [`DoitRunner`] ran (those that failed are in
    /// `failures`).
    pub doits_run: usize,
}

/// Runs the doits a file-in cannot apply itself: anything but class
/// definitions and the other shapes the file-in recognises (creating a
/// dictionary, binding a literal global, a class comment or category).
///
/// The image crate knows no interpreter; a caller that has one passes it
/// to [`file_in_paths_running`], and each such doit runs at its place in
/// the files: everything before it in file order is loaded first.
pub trait DoitRunner {
    /// Runs `source` (a doit's text) in `session` and, when the file
    /// said what it answers (`expectvalue`), checks its result against
    /// `expected`. An error is the reason it failed or what it answered
    /// instead, as the report should show it.
    fn run(
        &mut self,
        session: &mut Session,
        source: &str,
        expected: Option<&Expected>,
    ) -> std::result::Result<(), String>;

    /// Told how far the load has got: after each file is read, and every
    /// [`PROGRESS_EVERY`] methods while they compile. For a caller that
    /// shows progress; the default ignores it.
    fn progress(&mut self, progress: &LoadProgress) {
        let _ = progress;
    }

    /// The most source one doit may have for the load to read it (see
    /// [`MAX_DOIT_BYTES`], the default): a runner whose doits run under a
    /// smaller budget may answer less, so that what it could never run is
    /// not parsed either.
    fn max_doit_bytes(&self) -> usize {
        MAX_DOIT_BYTES
    }
}

/// The most source one doit may have for a file-in to read it. The file-in
/// parses every doit to recognise what it applies itself (class
/// definitions and the like), and parsing holds the doit's whole syntax
/// tree: some 35 bytes of memory per byte of dense statements, more for
/// richer ones (measured: a 35 MB doit of 2 million statements peaked at
/// 1.2 GB; a 72 MB one of 6 million at 8.7 GB). A larger doit is reported
/// as a failure at its line, unread, and the load goes on. 16 MiB is also
/// what the interpreter compiles at most under its default budget (1 GiB,
/// 64 bytes per byte of source), so no doit it could run is turned away,
/// and reading one takes at most some 2 GiB.
pub const MAX_DOIT_BYTES: usize = 16 << 20;

/// How often, in methods compiled, [`DoitRunner::progress`] is told.
pub const PROGRESS_EVERY: usize = 250;

/// How far a load has got ([`DoitRunner::progress`]).
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

/// The kernel globals whose values only an interpreter can compute
/// (`Globals at: #Transcript put: TranscriptStream new`): every new image
/// binds them to nil, and whoever can evaluate Smalltalk should evaluate
/// each `expression` and bind the result when a session starts.
pub fn kernel_deferred_globals() -> Vec<Deferred> {
    crate::kernel::deferred_globals()
}

/// Files in one Topaz text.
pub fn file_in_text(session: &mut Session, name: &str, text: &str) -> FileInReport {
    file_in_sources(
        session,
        &[Source {
            name: name.to_string(),
            text: text.to_string(),
        }],
    )
}

/// Files in a `.gs` file, or every `.gs` file under a directory (searched
/// recursively, in path order), as one load: class definitions from all the
/// files are ordered by superclass before any method compiles.
///
/// Errors only when a path cannot be read at all; a file that is not text
/// is reported as a failure of that file.
pub fn file_in_path(session: &mut Session, path: &Path) -> Result<FileInReport> {
    file_in_paths(session, &[path.to_path_buf()])
}

/// Files in several files and directories as one load (see
/// [`file_in_path`]).
///
/// An `input other.gs` line in a file brings `other.gs` into the same load
/// (once, however many files name it), read at that line as Topaz reads
/// it, so a doit after the line sees what `other.gs` defines; its path is
/// looked up relative to the current directory, then to the including
/// file's directory and each directory above it, so a project's `load.gs`
/// can be loaded on its own.
pub fn file_in_paths(session: &mut Session, paths: &[PathBuf]) -> Result<FileInReport> {
    file_in_paths_with(session, paths, FileInOptions::default())
}

/// [`file_in_paths`] with explicit [`FileInOptions`] (e.g. to allow
/// extension methods on kernel classes).
pub fn file_in_paths_with(
    session: &mut Session,
    paths: &[PathBuf],
    options: FileInOptions,
) -> Result<FileInReport> {
    file_in_paths_inner(session, paths, options, None)
}

/// [`file_in_paths_with`], running every doit it cannot apply itself with
/// `runner`, at its place in file order, as Topaz does. A failing doit is
/// reported by file and line, and the load goes on.
pub fn file_in_paths_running(
    session: &mut Session,
    paths: &[PathBuf],
    options: FileInOptions,
    runner: &mut dyn DoitRunner,
) -> Result<FileInReport> {
    file_in_paths_inner(session, paths, options, Some(runner))
}

fn file_in_paths_inner(
    session: &mut Session,
    paths: &[PathBuf],
    options: FileInOptions,
    runner: Option<&mut dyn DoitRunner>,
) -> Result<FileInReport> {
    let mut pending = Vec::new();
    let mut visited = HashSet::new();
    let mut notes = Vec::new();
    for path in paths {
        collect_gs_files(path, &mut visited, &mut pending, &mut notes)?;
    }
    // Each file's source index, by canonical path, so a file named twice
    // (or by a link) loads once.
    let mut seen: HashMap<PathBuf, Option<usize>> = HashMap::new();
    let canonical =
        |file: &Path| std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    // The `input` lines found: the including source, the line, the file.
    let mut input_lines: Vec<(usize, usize, PathBuf)> = Vec::new();
    let mut sources = Vec::new();
    let mut failures = Vec::new();
    let mut next = 0;
    while next < pending.len() {
        let file: PathBuf = pending[next].clone();
        next += 1;
        let key = canonical(&file);
        if seen.contains_key(&key) {
            continue;
        }
        // Until it has been read there is no source to include.
        seen.insert(key.clone(), None);
        let name = file.display().to_string();
        let bytes = std::fs::read(&file).map_err(|e| {
            ImageError::InvalidArgument(format!("cannot read {name}: {e}; check the path"))
        })?;
        let text = match decode(&bytes) {
            Ok(text) => text,
            Err(message) => {
                failures.push(Failure {
                    file: name,
                    line: 1,
                    message,
                });
                continue;
            }
        };
        // Reading a file is a tenth of a large load; only read it twice
        // when it may hold an `input` line.
        let inputs = if may_have_input(&text) {
            gs_topaz::read(&text).commands
        } else {
            Vec::new()
        };
        for command in inputs {
            if let CommandKind::Input(input) = command.kind {
                match resolve_input(&file, &input) {
                    Input::Found(found) => {
                        input_lines.push((sources.len(), command.line, canonical(&found)));
                        pending.push(found);
                    }
                    Input::NotRegular(special) => failures.push(Failure {
                        file: name.clone(),
                        line: command.line,
                        message: format!(
                            "`input {input}`: {} is {NOT_REGULAR_FILE}",
                            special.display()
                        ),
                    }),
                    Input::Missing => failures.push(Failure {
                        file: name.clone(),
                        line: command.line,
                        message: format!(
                            "`input {input}`: no such file relative to the current directory \
                             or to {}; pass the files to load instead",
                            file.parent()
                                .filter(|dir| !dir.as_os_str().is_empty())
                                .unwrap_or(Path::new("."))
                                .display()
                        ),
                    }),
                }
            }
        }
        seen.insert(key, Some(sources.len()));
        sources.push(Source { name, text });
    }
    let inputs: Inputs = input_lines
        .into_iter()
        .filter_map(|(including, line, found)| {
            seen.get(&found)
                .copied()
                .flatten()
                .map(|included| ((including, line), included))
        })
        .collect();
    let mut report = file_in_sources_following(session, &sources, Some(&inputs), options, runner);
    for failure in failures {
        if !report.files.contains(&failure.file) {
            report.files.push(failure.file.clone());
        }
        report.failures.push(failure);
    }
    report.skipped.extend(notes);
    Ok(report)
}

/// True unless no line of `text` starts with `input` (any case): a cheap
/// superset of the lines the Topaz reader takes for `input` commands.
fn may_have_input(text: &str) -> bool {
    text.split(['\n', '\r']).any(|line| {
        line.trim_start()
            .get(..5)
            .is_some_and(|word| word.eq_ignore_ascii_case("input"))
    })
}

/// Why a FIFO, socket or device standing where a `.gs` file should is not
/// loaded, and what to do about it.
const NOT_REGULAR_FILE: &str =
    "not a regular file (a FIFO, socket or device); replace it with the .gs file it stands for";

/// What an `input` line names, as [`resolve_input`] finds it.
enum Input {
    /// A regular file (or a link to one), to load.
    Found(PathBuf),
    /// No regular file, but this FIFO, socket or device: reading it would
    /// block the load or read garbage, so it is reported, never opened.
    NotRegular(PathBuf),
    /// Nothing by that name.
    Missing,
}

/// Where an `input` line's file is: relative to the current directory,
/// then to the including file's directory and each one above it. The
/// first regular file wins; only file metadata is read, so a FIFO or
/// device on the way is not opened.
fn resolve_input(including: &Path, input: &str) -> Input {
    let input = Path::new(input);
    let candidates: Vec<PathBuf> = if input.is_absolute() {
        vec![input.to_path_buf()]
    } else {
        std::iter::once(input.to_path_buf())
            .chain(
                including
                    .parent()
                    .into_iter()
                    .flat_map(Path::ancestors)
                    .map(|dir| dir.join(input)),
            )
            .collect()
    };
    let mut special = None;
    for candidate in candidates {
        match std::fs::metadata(&candidate) {
            Ok(meta) if meta.is_file() => return Input::Found(candidate),
            Ok(meta) if !meta.is_dir() && special.is_none() => special = Some(candidate),
            _ => {}
        }
    }
    special.map_or(Input::Missing, Input::NotRegular)
}

/// Files in every `.gs` file under `dir` (recursively) as one load.
pub fn file_in_directory(session: &mut Session, dir: &Path) -> Result<FileInReport> {
    if !dir.is_dir() {
        return Err(ImageError::InvalidArgument(format!(
            "{} is not a directory; pass a directory of .gs files",
            dir.display()
        )));
    }
    file_in_path(session, dir)
}

/// Adds `path` (a file) or the `.gs` files under it (a directory, walked
/// in path order) to `out`.
///
/// A directory reached again through a symlink (`up -> ..`) is not walked
/// again: `visited` holds the canonical directories walked so far, since
/// without it two links to an ancestor make the walk grow without end. Only
/// regular files (or links to them) are loaded: reading a FIFO, socket or
/// device named `*.gs` would block the load or read garbage, so one found
/// in a directory is left out with a note in `notes`, and one named
/// directly is refused.
fn collect_gs_files(
    path: &Path,
    visited: &mut HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
    notes: &mut Vec<Failure>,
) -> Result<()> {
    let meta = std::fs::metadata(path).map_err(|e| {
        ImageError::InvalidArgument(format!(
            "cannot read {}: {e}; check the path",
            path.display()
        ))
    })?;
    if meta.is_file() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    if !meta.is_dir() {
        return Err(ImageError::InvalidArgument(format!(
            "{} is not a regular file or a directory (a FIFO, socket or device); pass .gs \
             files or directories of them",
            path.display()
        )));
    }
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    if !visited.insert(canonical) {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| ImageError::InvalidArgument(format!("cannot list {}: {e}", path.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        let is_gs = entry.extension().is_some_and(|e| e == "gs");
        let meta = match std::fs::metadata(&entry) {
            Ok(meta) => meta,
            Err(e) => {
                // A dangling link: nothing to load, but a `.gs` one is worth a word.
                if is_gs {
                    notes.push(Failure {
                        file: entry.display().to_string(),
                        line: 1,
                        message: format!("not loaded: {e}; fix or remove the link"),
                    });
                }
                continue;
            }
        };
        if meta.is_dir() {
            collect_gs_files(&entry, visited, out, notes)?;
        } else if is_gs {
            if meta.is_file() {
                out.push(entry);
            } else {
                notes.push(Failure {
                    file: entry.display().to_string(),
                    line: 1,
                    message: format!("not loaded: {NOT_REGULAR_FILE}"),
                });
            }
        }
    }
    Ok(())
}

/// The text of a file: UTF-8, or Latin-1 for older file-outs; binary data
/// is refused.
fn decode(bytes: &[u8]) -> std::result::Result<String, String> {
    let binary = |b: &u8| *b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c);
    if let Some(pos) = bytes.iter().position(binary) {
        return Err(format!(
            "not a text file (control byte 0x{:02x} at offset {pos}); file in Topaz .gs text only",
            bytes[pos]
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.trim_start_matches('\u{feff}').to_string()),
        Err(_) => Ok(bytes.iter().map(|&b| b as char).collect()),
    }
}

/// Where a queued item came from.
#[derive(Debug, Clone)]
struct At {
    file: usize,
    line: usize,
}

#[derive(Debug)]
enum Action {
    Comment(String, String),
    Category(String, String),
    ClassInstVars(String, Vec<String>),
    RemoveAll(String, Side),
}

#[derive(Debug)]
struct MethodItem {
    class: String,
    side: Side,
    category: String,
    source: String,
}

/// Adds the symbol dictionary `name` at `index` of the session's symbol
/// list (1 is first; `None`, or past the end, appends it), as GemStone's
/// `createDictionaryNamed:at:` does, so names resolve in the order the file
/// asked for.
fn add_dictionary_at(session: &mut Session, name: &str, index: Option<usize>) -> Result<()> {
    session.add_dictionary(name)?;
    let mut list = session.symbol_list();
    let Some(i) = index.filter(|i| (1..list.len()).contains(i)) else {
        return Ok(());
    };
    let added = list.pop().expect("the dictionary was just appended");
    list.insert(i - 1, added);
    let list: Vec<&str> = list.iter().map(String::as_str).collect();
    session.set_symbol_list(&list)
}

/// What one stretch of a load asks for, sorted into the phases of a load
/// (class definitions in dependency order), and the doit that ends the
/// stretch when a runner is to run it there. Without a runner (or without
/// such doits) the whole load is one stretch.
#[derive(Debug, Default)]
struct Plan {
    doit_after: Option<(At, String, Option<Expected>)>,
    dictionaries: Vec<(At, String, Option<usize>)>,
    globals: Vec<(At, String, String, GlobalValue)>,
    deferred: Vec<(At, String, String, String)>,
    definitions: Vec<(At, ClassDefinition)>,
    actions: Vec<(At, Action)>,
    methods: Vec<(At, MethodItem)>,
}

/// Files in already-read sources as one load. `input` lines are not
/// followed here (there is no file system in view); they are listed in
/// [`FileInReport::skipped`].
pub fn file_in_sources(session: &mut Session, sources: &[Source]) -> FileInReport {
    file_in_sources_with(session, sources, FileInOptions::default())
}

/// [`file_in_sources`] with explicit [`FileInOptions`].
pub fn file_in_sources_with(
    session: &mut Session,
    sources: &[Source],
    options: FileInOptions,
) -> FileInReport {
    file_in_sources_following(session, sources, None, options, None)
}

/// The files `input` lines bring in: by the including source's index and
/// the line, the included source's index.
type Inputs = HashMap<(usize, usize), usize>;

fn file_in_sources_following(
    session: &mut Session,
    sources: &[Source],
    inputs: Option<&Inputs>,
    options: FileInOptions,
    mut runner: Option<&mut dyn DoitRunner>,
) -> FileInReport {
    let mut report = FileInReport {
        files: sources.iter().map(|s| s.name.clone()).collect(),
        ..FileInReport::default()
    };
    let default_dictionary = session
        .symbol_list()
        .first()
        .cloned()
        .unwrap_or_else(|| "UserGlobals".to_string());
    let mut plans = vec![Plan::default()];
    let mut progress = LoadProgress {
        files: sources.len(),
        ..LoadProgress::default()
    };
    let mut planned = vec![false; sources.len()];
    // A file-in is an operator's load of a whole project before one
    // commit (no client can start one): the limit on what a session holds
    // uncommitted is lifted for it, its doits included.
    session.begin_exemption();
    for index in 0..sources.len() {
        // A file an `input` line named was planned at that line.
        if planned[index] {
            continue;
        }
        planned[index] = true;
        plan_file(
            index,
            sources,
            &default_dictionary,
            inputs,
            &mut planned,
            DoitLimits {
                running: runner.is_some(),
                max_bytes: runner
                    .as_deref()
                    .map_or(MAX_DOIT_BYTES, |r| r.max_doit_bytes()),
            },
            &mut plans,
            &mut report,
        );
        progress.files_read = planned.iter().filter(|p| **p).count();
        progress.failures = report.failures.len();
        if let Some(runner) = runner.as_deref_mut() {
            runner.progress(&progress);
        }
    }
    progress.methods = plans.iter().map(|p| p.methods.len()).sum();
    for plan in &plans {
        let before = progress.methods_done;
        apply_plan(
            session,
            sources,
            plan,
            options,
            &mut report,
            &mut |done, failures| {
                progress.methods_done = before + done;
                progress.failures = failures;
                if let Some(runner) = runner.as_deref_mut() {
                    runner.progress(&progress);
                }
            },
        );
        if let (Some((at, doit, expected)), Some(runner)) =
            (&plan.doit_after, runner.as_deref_mut())
        {
            match runner.run(session, doit, expected.as_ref()) {
                Ok(()) => report.doits_run += 1,
                Err(reason) => report.failures.push(Failure {
                    file: sources[at.file].name.clone(),
                    line: at.line,
                    message: format!("doit failed: {reason}"),
                }),
            }
        }
    }
    session.end_exemption();
    report
}

/// Applies one stretch of a load.
fn apply_plan(
    session: &mut Session,
    sources: &[Source],
    plan: &Plan,
    options: FileInOptions,
    report: &mut FileInReport,
    compiled: &mut dyn FnMut(usize, usize),
) {
    let fail = |report: &mut FileInReport, at: &At, message: String| {
        report.failures.push(Failure {
            file: sources[at.file].name.clone(),
            line: at.line,
            message,
        });
    };

    for (at, name, index) in &plan.dictionaries {
        if !session.dictionary_names().contains(name)
            && let Err(e) = add_dictionary_at(session, name, *index)
        {
            fail(report, at, e.to_string());
        }
    }
    let defined: HashSet<(&str, &str)> = plan
        .definitions
        .iter()
        .map(|(_, d)| (d.dictionary.as_str(), d.name.as_str()))
        .collect();
    for (at, dictionary, name, value) in &plan.globals {
        // `Dict at: #Foo put: nil` before `… subclass: 'Foo' … inDictionary: Dict`
        // only pre-declares the class; the definition binds it.
        if *value == GlobalValue::Nil && defined.contains(&(dictionary.as_str(), name.as_str())) {
            continue;
        }
        if let Err(e) = session.bind(dictionary, name, DictionaryEntry::Global(value.clone())) {
            fail(report, at, e.to_string());
        }
    }
    for (at, dictionary, name, expression) in &plan.deferred {
        let declared = session
            .entries(dictionary)
            .map(|entries| entries.iter().any(|(n, _)| n == name))
            .unwrap_or(false);
        let bound = if declared {
            Ok(())
        } else {
            session.bind(dictionary, name, DictionaryEntry::Global(GlobalValue::Nil))
        };
        match bound {
            Ok(()) => report.deferred.push(Deferred {
                dictionary: dictionary.clone(),
                name: name.clone(),
                expression: expression.clone(),
                at: Failure {
                    file: sources[at.file].name.clone(),
                    line: at.line,
                    message: format!(
                        "{dictionary} at: #{name} put: {expression} needs an interpreter; \
                         #{name} is bound to nil"
                    ),
                },
            }),
            Err(e) => fail(report, at, e.to_string()),
        }
    }

    for (at, def) in order_definitions(&plan.definitions) {
        let name = def.name.clone();
        // A name pre-declared as nil (`Dict at: #Foo put: nil`, here or in
        // an earlier load) gives way to the class.
        if let Some((dictionary, DictionaryEntry::Global(GlobalValue::Nil))) = session.lookup(&name)
            && dictionary == def.dictionary
        {
            let _ = session.unbind(&def.dictionary, &name);
        }
        match session.define_class(def.clone(), RecompilePolicy::RemoveFailing) {
            Ok(defined) => {
                report.classes.push(name);
                for removed in defined.removed {
                    fail(
                        report,
                        at,
                        format!(
                            "redefining {} removed {}, which no longer compiles: {}",
                            def.name,
                            removed.method,
                            compile_errors(&removed.errors)
                        ),
                    );
                }
            }
            Err(e) => fail(report, at, format!("class {name} not defined: {e}")),
        }
    }

    for (at, action) in &plan.actions {
        let result = match action {
            Action::Comment(class, comment) => session.set_class_comment(class, comment),
            Action::Category(class, category) => session.set_class_category(class, Some(category)),
            Action::ClassInstVars(class, names) => session.class(class).and_then(|record| {
                let mut def = record.definition;
                def.class_inst_vars = names.clone();
                session
                    .define_class(def, RecompilePolicy::RemoveFailing)
                    .map(|_| ())
            }),
            Action::RemoveAll(class, side) => remove_all(session, class, *side),
        };
        if let Err(e) = result {
            fail(report, at, e.to_string());
        }
    }

    // Compiling reads classes and dictionaries, never the method indexes:
    // build those once at the end rather than per method.
    session.begin_bulk_methods();
    for (done, (at, m)) in plan.methods.iter().enumerate() {
        if done > 0 && done % PROGRESS_EVERY == 0 {
            compiled(done, report.failures.len());
        }
        match session.compile_method_guarded(
            &m.class,
            m.side,
            &m.category,
            &m.source,
            options.allow_kernel_extensions,
        ) {
            Ok((_, kernel)) => {
                report.methods += 1;
                report.kernel_extensions += usize::from(kernel);
            }
            Err(ImageError::CompileError(errors)) => {
                // Point at the offending line of the file, not of the method.
                let line = errors
                    .first()
                    .map(|e| at.line + (e.line.max(1) as usize) - 1)
                    .unwrap_or(at.line);
                let target = match m.side {
                    Side::Instance => m.class.clone(),
                    Side::Class => format!("{} class", m.class),
                };
                fail(
                    report,
                    &At {
                        file: at.file,
                        line,
                    },
                    format!(
                        "method in {target} (starting at line {}) does not compile: {}",
                        at.line,
                        compile_errors(&errors)
                    ),
                );
            }
            Err(e @ ImageError::Refused(_))
                if !options.allow_kernel_extensions
                    && session.class(&m.class).is_ok_and(|r| r.kernel) =>
            {
                fail(
                    report,
                    at,
                    format!(
                        "method not compiled: {e}; this load refuses extension methods on kernel \
                         classes: load without --no-kernel-extensions (or with \
                         FileInOptions::allow_kernel_extensions) to add them"
                    ),
                )
            }
            Err(e) => fail(report, at, format!("method not compiled: {e}")),
        }
    }
    compiled(plan.methods.len(), report.failures.len());
    session.end_bulk_methods();
}

fn compile_errors(errors: &[crate::error::CompileError]) -> String {
    errors
        .iter()
        .map(|e| e.message.clone())
        .collect::<Vec<_>>()
        .join("; ")
}

fn remove_all(session: &mut Session, class: &str, side: Side) -> Result<()> {
    for selector in session.selectors(class, side)? {
        session.remove_method(class, side, &selector)?;
    }
    Ok(())
}

fn side_of(side: MethodSide) -> Side {
    match side {
        MethodSide::Instance => Side::Instance,
        MethodSide::Class => Side::Class,
    }
}

/// Reads one file into the plan, reporting what cannot be read. A file an
/// `input` line names (and `inputs` found) is read into the plan at that
/// line, as Topaz reads it, unless it is already `planned`.
#[allow(clippy::too_many_arguments)]
fn plan_file(
    index: usize,
    sources: &[Source],
    default_dictionary: &str,
    inputs: Option<&Inputs>,
    planned: &mut Vec<bool>,
    doits: DoitLimits,
    plans: &mut Vec<Plan>,
    report: &mut FileInReport,
) {
    let source = &sources[index];
    let file = FileReading {
        index,
        name: &source.name,
        default_dictionary,
        doits,
    };
    let reading = gs_topaz::read(&source.text);
    // This file's notes, put in line order at the end: an `expectvalue`
    // is found unchecked only when what follows it is read.
    let first_skipped = report.skipped.len();
    for e in &reading.errors {
        file.fail(report, e.line, e.message.clone());
    }
    let mut category = DEFAULT_CATEGORY.to_string();
    let mut set_class: Option<String> = None;
    // The `expectvalue` line waiting for the doit it speaks of.
    let mut pending: Option<(usize, String)> = None;
    for command in reading.commands {
        let at = At {
            file: index,
            line: command.line,
        };
        // An expectation a command other than a doit takes: Topaz would
        // check that command's result, which a file-in does not make.
        let not_a_doit = match &command.kind {
            CommandKind::Method { .. } | CommandKind::RemoveAllMethods { .. } => Some(
                "the next command compiles or removes methods, not a doit; the file-in reports \
                 what those do itself",
            ),
            CommandKind::Commit | CommandKind::Abort => Some(
                "it names the result of a `commit` or `abort`, and a load commits once, when \
                 it ends",
            ),
            _ => None,
        };
        if let Some(why) = not_a_doit
            && let Some((line, text)) = pending.take()
        {
            file.unchecked(report, line, &text, why);
        }
        match command.kind {
            CommandKind::Doit(body) | CommandKind::Run(body) | CommandKind::Printit(body) => {
                file.plan_doit_command(body, pending.take(), plans, report);
            }
            CommandKind::ExpectValue(text) => {
                if let Some((line, earlier)) = pending.replace((command.line, text)) {
                    file.unchecked(
                        report,
                        line,
                        &earlier,
                        "another `expectvalue` follows it before any doit",
                    );
                }
            }
            CommandKind::Category(name) => category = name,
            CommandKind::SetClass(name) => set_class = Some(name),
            CommandKind::Method { class, side, body } => {
                let Some(class) = class.or_else(|| set_class.clone()) else {
                    file.fail(
                        report,
                        command.line,
                        "`method:` names no class and no `set class` came before it; write \
                         `method: ClassName`"
                            .into(),
                    );
                    continue;
                };
                current(plans).methods.push((
                    At {
                        file: index,
                        line: body.first_line,
                    },
                    MethodItem {
                        class,
                        side: side_of(side),
                        category: category.clone(),
                        source: body.text,
                    },
                ));
            }
            CommandKind::RemoveAllMethods { class, side } => {
                match class.or_else(|| set_class.clone()) {
                    Some(class) => current(plans)
                        .actions
                        .push((at, Action::RemoveAll(class, side_of(side)))),
                    None => file.fail(
                        report,
                        command.line,
                        "`removeallmethods` names no class and no `set class` came before it"
                            .into(),
                    ),
                }
            }
            CommandKind::Input(_) if inputs.is_some() => {
                if let Some(&included) = inputs.and_then(|i| i.get(&(index, command.line)))
                    && !planned[included]
                {
                    planned[included] = true;
                    plan_file(
                        included,
                        sources,
                        default_dictionary,
                        inputs,
                        planned,
                        doits,
                        plans,
                        report,
                    );
                }
            }
            CommandKind::Input(path) => file.skip(
                report,
                command.line,
                format!("`input {path}` not followed; name that file to the loader"),
            ),
            CommandKind::Comment(_) => {}
            other => {
                if let Some(why) = not_obeyed(&other) {
                    file.skip(report, command.line, why);
                }
            }
        }
    }
    if let Some((line, text)) = pending {
        file.unchecked(report, line, &text, "no doit follows it in its file");
    }
    // In line order, this file's notes first; those of files its `input`
    // lines read keep their own order after them.
    report.skipped[first_skipped..].sort_by_key(|s| {
        if s.file == source.name {
            (0, s.line)
        } else {
            (1, 0)
        }
    });
}

/// How a load treats the doits it reads: whether a runner runs those it
/// cannot apply itself, and the most source one may have to be read.
#[derive(Debug, Clone, Copy)]
struct DoitLimits {
    running: bool,
    max_bytes: usize,
}

/// One file being read into the plan: where its reports go and what its
/// doits are read against.
struct FileReading<'a> {
    index: usize,
    name: &'a str,
    default_dictionary: &'a str,
    doits: DoitLimits,
}

impl FileReading<'_> {
    fn fail(&self, report: &mut FileInReport, line: usize, message: String) {
        report.failures.push(self.at(line, message));
    }

    fn skip(&self, report: &mut FileInReport, line: usize, message: String) {
        report.skipped.push(self.at(line, message));
    }

    fn unchecked(&self, report: &mut FileInReport, line: usize, text: &str, why: &str) {
        let message = format!("`expectvalue {text}` not checked: {why}");
        self.skip(report, line, message);
    }

    fn at(&self, line: usize, message: String) -> Failure {
        Failure {
            file: self.name.to_string(),
            line,
            message,
        }
    }

    /// Plans a `doit`, `run` or `printit`, with the `expectvalue` line
    /// before it (its line and text), if any: applied by the file-in when
    /// it recognises the doit, else left to the runner at its place in
    /// the files.
    fn plan_doit_command(
        &self,
        body: gs_topaz::Body,
        pending: Option<(usize, String)>,
        plans: &mut Vec<Plan>,
        report: &mut FileInReport,
    ) {
        if body.text.len() > self.doits.max_bytes {
            return self.too_large(&body, pending, report);
        }
        let at = At {
            file: self.index,
            line: body.first_line,
        };
        let expected = pending.and_then(|(line, text)| {
            let parsed = Expected::parse(&text);
            if parsed.is_none() {
                self.unchecked(
                    report,
                    line,
                    &text,
                    "a file-in checks `/ClassName`, `true`, `false`, `nil`, integers and \
                     quoted strings",
                );
            }
            parsed.map(|e| (line, e))
        });
        let recognised = classdef::recognise(&body.text, self.default_dictionary);
        // What the doits the file-in would apply answer against the
        // expectation: `None` with nothing to check, `Some(None)` when
        // only running the doit tells.
        let verdict = match (&recognised, &expected) {
            (Ok(doits), Some((_, e))) => Some(expect::check_applied(e, doits)),
            _ => None,
        };
        // With a runner, a doit the file-in cannot apply runs, and so does
        // one whose expected answer only running it tells, and a global
        // whose value is an expression, to bind the real value.
        let run_it = self.doits.running
            && match &recognised {
                Ok(doits) => {
                    matches!(verdict, Some(None))
                        || doits
                            .iter()
                            .any(|d| matches!(d, FileDoit::GlobalExpression { .. }))
                }
                Err(_) => true,
            };
        if run_it {
            current(plans).doit_after = Some((at, body.text, expected.map(|(_, e)| e)));
            plans.push(Plan::default());
            return;
        }
        let doits = match recognised {
            Ok(doits) => doits,
            Err(e) => {
                let line = body.first_line + e.line.max(1) as usize - 1;
                return self.fail(report, line, format!("doit skipped: {}", e.message));
            }
        };
        if let (Some((line, e)), Some(verdict)) = (&expected, verdict) {
            match verdict {
                Some(Ok(())) => {}
                Some(Err(why)) => self.fail(
                    report,
                    body.first_line,
                    format!("`expectvalue {e}` not met: {why}"),
                ),
                None => self.unchecked(
                    report,
                    *line,
                    &e.to_string(),
                    "only running the doit tells what it answers, and this load runs no doits",
                ),
            }
        }
        for doit in doits {
            plan_doit(&at, doit, current(plans));
        }
    }
}

impl FileReading<'_> {
    /// Reports a doit too large to read (see [`MAX_DOIT_BYTES`]) as a
    /// failure at its first line, without parsing or running it: its
    /// syntax tree alone could take more memory than the machine has.
    fn too_large(
        &self,
        body: &gs_topaz::Body,
        pending: Option<(usize, String)>,
        report: &mut FileInReport,
    ) {
        if let Some((line, text)) = pending {
            self.unchecked(
                report,
                line,
                &text,
                "the doit after it is too large to read",
            );
        }
        let last = body.first_line + body.text.lines().count().max(1) - 1;
        let max = crate::error::mib(self.doits.max_bytes);
        self.fail(
            report,
            body.first_line,
            format!(
                "doit skipped without being read: it is {} of source (lines {}-{last}), more \
                 than a file-in reads as one doit ({max}); split it into doits of at most {max} \
                 each (end one with `%` and begin the next with `run`), which load one after \
                 the other",
                crate::error::mib(body.text.len()),
                body.first_line,
            ),
        );
    }
}

/// Why a Topaz directive a file-in does not act on is left alone, or
/// `None` for one it obeys by its nature: every directive is obeyed or
/// reported, never skipped in silence.
fn not_obeyed(command: &CommandKind) -> Option<String> {
    let why = match command {
        CommandKind::Set(setting) => {
            let setting = setting.split_whitespace().collect::<Vec<_>>().join(" ");
            if setting == "compile_env: 0" {
                return None;
            }
            format!(
                "`set {setting}` not obeyed: a file-in has one compile environment (0) and no login settings"
            )
        }
        CommandKind::FileFormat(format) if format.eq_ignore_ascii_case("utf8") => return None,
        CommandKind::FileFormat(format) => {
            format!(
                "`fileformat {format}` not obeyed: files are read as UTF-8 (or Latin-1 when not UTF-8)"
            )
        }
        CommandKind::Commit => {
            "`commit` not obeyed on its own: the load commits once, when it ends".to_string()
        }
        CommandKind::Abort => {
            "`abort` not obeyed: the load commits once, when it ends, and never discards what \
             came before"
                .to_string()
        }
        CommandKind::Other(line) => {
            format!("`{line}` not obeyed: this Topaz command has no effect in a file-in")
        }
        _ => return None,
    };
    Some(why)
}

/// The stretch being planned: the last.
fn current(plans: &mut [Plan]) -> &mut Plan {
    plans.last_mut().expect("a load has a stretch")
}

fn plan_doit(at: &At, doit: FileDoit, plan: &mut Plan) {
    let at = at.clone();
    match doit {
        FileDoit::Define(def) => {
            let category = def.category.clone();
            let name = def.name.clone();
            plan.definitions.push((at.clone(), def));
            // A definition's `category:` keyword is the class category, and
            // a later `Foo category:` doit may still change it.
            if let Some(category) = category {
                plan.actions.push((at, Action::Category(name, category)));
            }
        }
        FileDoit::Comment { class, comment } => {
            plan.actions.push((at, Action::Comment(class, comment)))
        }
        FileDoit::Category { class, category } => {
            plan.actions.push((at, Action::Category(class, category)))
        }
        FileDoit::NoEffect { .. } => {}
        FileDoit::ClassInstVars { class, names } => {
            plan.actions.push((at, Action::ClassInstVars(class, names)))
        }
        FileDoit::CreateDictionary { name, at: index } => plan.dictionaries.push((at, name, index)),
        FileDoit::Global {
            dictionary,
            name,
            value,
        } => plan.globals.push((at, dictionary, name, value)),
        FileDoit::GlobalExpression {
            dictionary,
            name,
            expression,
        } => plan.deferred.push((at, dictionary, name, expression)),
    }
}

/// Orders definitions so that every class comes after the definition of
/// its superclass when that superclass is defined in the same load; the
/// relative order of unrelated definitions is kept. A class defined twice
/// keeps both definitions, in order.
fn order_definitions(defs: &[(At, ClassDefinition)]) -> Vec<(&At, &ClassDefinition)> {
    let mut first_index: HashMap<&str, usize> = HashMap::new();
    for (i, (_, d)) in defs.iter().enumerate() {
        first_index.entry(d.name.as_str()).or_insert(i);
    }
    let mut done = vec![false; defs.len()];
    let mut visiting = vec![false; defs.len()];
    let mut out = Vec::with_capacity(defs.len());
    fn visit<'a>(
        i: usize,
        defs: &'a [(At, ClassDefinition)],
        first_index: &HashMap<&str, usize>,
        done: &mut [bool],
        visiting: &mut [bool],
        out: &mut Vec<(&'a At, &'a ClassDefinition)>,
    ) {
        if done[i] || visiting[i] {
            // A superclass cycle: define_class will report it.
            return;
        }
        visiting[i] = true;
        if let Some(sup) = &defs[i].1.superclass
            && let Some(&j) = first_index.get(sup.as_str())
            && j != i
        {
            visit(j, defs, first_index, done, visiting, out);
        }
        visiting[i] = false;
        done[i] = true;
        out.push((&defs[i].0, &defs[i].1));
    }
    for i in 0..defs.len() {
        visit(i, defs, &first_index, &mut done, &mut visiting, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs no doit; keeps every progress report.
    #[derive(Default)]
    struct Watcher(Vec<LoadProgress>);

    impl DoitRunner for Watcher {
        fn run(
            &mut self,
            _: &mut Session,
            _: &str,
            _: Option<&Expected>,
        ) -> std::result::Result<(), String> {
            Ok(())
        }

        fn progress(&mut self, progress: &LoadProgress) {
            self.0.push(*progress);
        }
    }

    #[test]
    fn a_load_reports_its_progress_file_by_file_then_every_so_many_methods() {
        let dir = tempfile::tempdir().unwrap();
        let image = crate::Image::open(dir.path().join("p.image")).unwrap();
        let mut session = image.session();
        let mut class = String::from(
            "doit\nObject subclass: 'Many' instVarNames: #() classVars: #() classInstVars: #() \
             poolDictionaries: #() inDictionary: UserGlobals options: #()\n%\n",
        );
        for i in 0..(PROGRESS_EVERY + 10) {
            class.push_str(&format!("method: Many\nm{i}\n  ^{i}\n%\n"));
        }
        class.push_str("method: Many\nbroken ^^\n%\n");
        let files = [dir.path().join("a.gs"), dir.path().join("b.gs")];
        std::fs::write(&files[0], class).unwrap();
        std::fs::write(&files[1], "run\n3 + 4\n%\n").unwrap();
        let mut watcher = Watcher::default();
        let report =
            file_in_paths_running(&mut session, &files, FileInOptions::default(), &mut watcher)
                .unwrap();
        let seen = &watcher.0;
        assert_eq!(seen[0].files_read, 1);
        assert_eq!(seen[1].files_read, 2);
        let methods = PROGRESS_EVERY + 11;
        let last = seen.last().unwrap();
        assert_eq!(
            (
                last.files_read,
                last.files,
                last.methods_done,
                last.methods,
                last.failures
            ),
            (2, 2, methods, methods, 1),
            "{seen:?}"
        );
        assert!(
            seen.iter().any(|p| p.methods_done == PROGRESS_EVERY),
            "a report while methods compile: {seen:?}"
        );
        assert_eq!(report.methods, methods - 1);
    }

    #[test]
    fn a_created_dictionary_takes_the_place_in_the_symbol_list_the_file_asks_for() {
        let dir = tempfile::tempdir().unwrap();
        let image = crate::Image::open(dir.path().join("d.image")).unwrap();
        let mut session = image.session();
        let before = session.symbol_list();
        let text = "run\nSystem myUserProfile symbolList createDictionaryNamed: #Acme at: 1.\n\
                    System myUserProfile symbolList createDictionaryNamed: #Mid at: 3.\n\
                    System myUserProfile symbolList createDictionaryNamed: #Tail at: 99.\n\
                    System myUserProfile createDictionary: #Last.\n%\n";
        let report = file_in_text(&mut session, "d.gs", text);
        assert!(report.is_clean(), "{report:?}");
        let mut expected = vec!["Acme".to_string()];
        expected.extend(before.iter().cloned());
        expected.insert(2, "Mid".into());
        expected.extend(["Tail".into(), "Last".into()]);
        assert_eq!(session.symbol_list(), expected);
    }

    #[test]
    fn every_file_with_an_input_command_is_read_for_it() {
        for text in [
            "input a.gs\n",
            "! header\r\n  INPUT b.gs\r\n",
            "doit\n3\n%\n\tInput c.gs",
        ] {
            let has_input = gs_topaz::read(text)
                .commands
                .iter()
                .any(|c| matches!(c.kind, CommandKind::Input(_)));
            assert!(has_input, "{text:?}");
            assert!(may_have_input(text), "{text:?}");
        }
        assert!(!may_have_input("method: A\nfoo\n\t^self in put\n%\n"));
    }

    #[test]
    fn decode_accepts_utf8_latin1_and_refuses_binary() {
        assert_eq!(decode("caf\u{e9}\r\n".as_bytes()).unwrap(), "caf\u{e9}\r\n");
        assert_eq!(decode(b"\xef\xbb\xbfdoit\n").unwrap(), "doit\n");
        // An older file-out in Latin-1: é is one byte.
        assert_eq!(decode(b"! caf\xe9\n").unwrap(), "! caf\u{e9}\n");
        let err = decode(b"\x7fELF\x02\x01\x01\x00").unwrap_err();
        assert_eq!(
            err,
            "not a text file (control byte 0x02 at offset 4); file in Topaz .gs text only"
        );
    }
}

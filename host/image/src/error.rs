//! The one error type of the image crate.
//!
//! Every fallible call answers an [`ImageError`]. Its variants are the
//! distinctions a tool needs to report a failure the right way (the MCP
//! tools map them onto `not-found`, `refused`, `compile-error`, …), and
//! every message names the bad input and says what to do about it.

use std::fmt;

/// One problem found while compiling a method, with its position in the
/// source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// What is wrong, e.g. `undeclared variable 'balanse'`.
    pub message: String,
    /// 1-based line of the offending text.
    pub line: u32,
    /// 1-based column (in characters) of the offending text.
    pub column: u32,
    /// 0-based byte offset of the offending text in the source.
    pub offset: usize,
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

/// What kind of change a session made to one key, as a conflict report
/// names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChangeKind {
    /// The key did not exist in the view and was created.
    Added,
    /// The key existed and its value changed.
    Modified,
    /// The key existed and was removed.
    Removed,
}

impl fmt::Display for ChangeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChangeKind::Added => "added",
            ChangeKind::Modified => "modified",
            ChangeKind::Removed => "removed",
        })
    }
}

/// One key two sessions both touched: the reason a commit failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// What the key is, in words a user recognises, e.g.
    /// `method Account>>deposit:`, `class Account`,
    /// `dictionary entry UserGlobals at #Rate`.
    pub what: String,
    /// True when the key is code (a class, its definition or methods, a
    /// dictionary, a symbol list), false for a value (a global, an
    /// object, class variables): what the user must read again differs.
    pub code: bool,
    /// What this session did to it (or `None` when this session only
    /// depended on it, e.g. compiled a method into a class another session
    /// removed).
    pub ours: Option<ChangeKind>,
    /// What the other session committed since this session's view began.
    pub theirs: ChangeKind,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ours {
            Some(ours) => write!(
                f,
                "{}: {} here, {} by another session",
                self.what, ours, self.theirs
            ),
            None => write!(
                f,
                "{}: used here, {} by another session",
                self.what, self.theirs
            ),
        }
    }
}

/// Why a commit was refused: every conflicting key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConflictReport {
    /// The commit number this session's view began at.
    pub view: u64,
    /// The newest commit number at the time of the failed commit.
    pub newest: u64,
    /// Every conflicting key, sorted by description.
    pub conflicts: Vec<Conflict>,
}

impl fmt::Display for ConflictReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = self.conflicts.iter().any(|c| c.code);
        let values = self.conflicts.iter().any(|c| !c.code);
        let (subject, reread) = match (code, values) {
            (true, true) => (
                "code and objects",
                "get_method_source and get_class_definition for code, execute_code for objects \
                 and globals",
            ),
            (false, true) => ("objects or globals", "execute_code"),
            _ => ("code", "get_method_source, get_class_definition"),
        };
        write!(
            f,
            "commit conflict: another session committed changes to the same {subject} since \
             this view began (view {}, newest {}): ",
            self.view, self.newest
        )?;
        for (i, c) in self.conflicts.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{c}")?;
        }
        write!(
            f,
            ". Nothing was committed. Abort to drop your changes and see the newest view, then \
             read again what conflicted ({reread}) and apply your edits to what it is now: \
             redoing them as they were would overwrite the other session's change"
        )
    }
}

fn compile_errors_text(errors: &[CompileError]) -> String {
    let mut text = String::new();
    for (i, e) in errors.iter().enumerate() {
        if i > 0 {
            text.push_str("; ");
        }
        text.push_str(&e.to_string());
    }
    text
}

/// Everything that can go wrong in the image.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// A named class, method, dictionary or entry does not exist in the
    /// session's view.
    #[error("{0}")]
    NotFound(String),
    /// The request is well formed but the image will not do it: a kernel
    /// class, a class that still has subclasses, a refresh with pending
    /// changes, a recompile the caller asked to refuse, …
    #[error("{0}")]
    Refused(String),
    /// A method failed to compile. Every error found is listed, in source
    /// order; nothing was changed.
    #[error("compile failed with {} error(s): {}", .0.len(), compile_errors_text(.0))]
    CompileError(Vec<CompileError>),
    /// A commit failed because another session committed a change to the
    /// same keys; nothing was committed and this session keeps its changes.
    #[error("{0}")]
    Conflict(ConflictReport),
    /// An argument is malformed: an invalid name, a duplicate variable, an
    /// unknown superclass name, …
    #[error("{0}")]
    InvalidArgument(String),
    /// The image file could not be read or written: I/O, a damaged or
    /// foreign file, a file written by a newer format.
    #[error("{0}")]
    Store(String),
    /// The image file is open in another process, or through another
    /// `Image` in this one; nothing was read or changed.
    #[error("{0}")]
    InUse(String),
    /// The change would take the session's uncommitted changes past the
    /// most one session may hold ([`OpenOptions::max_uncommitted_bytes`]);
    /// nothing was changed. Committing or aborting empties the count.
    ///
    /// [`OpenOptions::max_uncommitted_bytes`]: crate::OpenOptions::max_uncommitted_bytes
    #[error(
        "cannot {what}: this session holds {} of uncommitted changes and this change adds {}, \
         but the most one session may hold is {}; commit or abort them, then continue",
        mib(*.held), mib(*.adding), mib(*.limit)
    )]
    UncommittedLimit {
        /// What was refused, e.g. `compile a method`.
        what: &'static str,
        /// Bytes of uncommitted changes the session holds.
        held: usize,
        /// Bytes the refused change would have added.
        adding: usize,
        /// The most one session may hold.
        limit: usize,
    },
    /// The change would take the uncommitted changes of all sessions
    /// together past the most the image holds for them
    /// ([`OpenOptions::max_uncommitted_total_bytes`]); nothing was changed.
    /// Any session's commit or abort makes room, this one's included.
    ///
    /// [`OpenOptions::max_uncommitted_total_bytes`]: crate::OpenOptions::max_uncommitted_total_bytes
    #[error(
        "cannot {what}: the server as a whole holds too much uncommitted work, {} across all \
         sessions, and this change adds {}, but the most the server holds is {}; this session \
         holds {} of it: commit or abort this session's changes to make room (or wait for \
         other sessions to commit theirs), then continue",
        mib(*.held), mib(*.adding), mib(*.limit), mib(*.own)
    )]
    UncommittedTotalLimit {
        /// What was refused, e.g. `compile a method`.
        what: &'static str,
        /// Bytes of uncommitted changes all sessions hold together.
        held: usize,
        /// Bytes the refused change would have added.
        adding: usize,
        /// The most all sessions may hold together.
        limit: usize,
        /// Bytes of uncommitted changes this session holds.
        own: usize,
    },
}

/// `bytes` for a message: in KiB below 1 MiB, else in MiB with one
/// decimal, cut rather than rounded so that a count just under a limit
/// never reads as the limit itself; whole MiB print without the decimal
/// (`128 MiB`), as limits are usually given.
pub(crate) fn mib(bytes: usize) -> String {
    let tenths = |b: usize, unit: usize| {
        let t = (b as u128 * 10 / unit as u128) as usize;
        format!("{}.{}", t / 10, t % 10)
    };
    if bytes < 1 << 20 {
        format!("{} KiB", tenths(bytes, 1 << 10))
    } else if bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} MiB", tenths(bytes, 1 << 20))
    }
}

impl ImageError {
    /// A short, stable name of the variant (`not-found`, `refused`,
    /// `compile-error`, `conflict`, `invalid-argument`, `store`, `in-use`,
    /// `uncommitted-limit`, `uncommitted-total-limit`), the way the tools
    /// name error kinds.
    pub fn kind(&self) -> &'static str {
        match self {
            ImageError::NotFound(_) => "not-found",
            ImageError::Refused(_) => "refused",
            ImageError::CompileError(_) => "compile-error",
            ImageError::Conflict(_) => "conflict",
            ImageError::InvalidArgument(_) => "invalid-argument",
            ImageError::Store(_) => "store",
            ImageError::InUse(_) => "in-use",
            ImageError::UncommittedLimit { .. } => "uncommitted-limit",
            ImageError::UncommittedTotalLimit { .. } => "uncommitted-total-limit",
        }
    }

    /// True for a refusal by a limit on uncommitted changes, the
    /// session's or the image's: one the session's commit or abort lifts.
    pub fn is_uncommitted_limit(&self) -> bool {
        matches!(
            self,
            ImageError::UncommittedLimit { .. } | ImageError::UncommittedTotalLimit { .. }
        )
    }
}

/// The result type of the image crate.
pub type Result<T, E = ImageError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::{ChangeKind, Conflict, ConflictReport};

    fn report(conflicts: &[(&str, bool)]) -> String {
        ConflictReport {
            view: 3,
            newest: 5,
            conflicts: conflicts
                .iter()
                .map(|(what, code)| Conflict {
                    what: what.to_string(),
                    code: *code,
                    ours: Some(ChangeKind::Modified),
                    theirs: ChangeKind::Modified,
                })
                .collect(),
        }
        .to_string()
    }

    #[test]
    fn a_conflict_report_says_whether_code_or_objects_collided_and_how_to_read_them() {
        let code = report(&[("method Account>>deposit:", true)]);
        assert!(code.contains("changes to the same code since"), "{code}");
        assert!(
            code.contains("read again what conflicted (get_method_source, get_class_definition)"),
            "{code}"
        );
        let objects = report(&[("object #5 (an instance of LibBook)", false)]);
        assert!(
            objects.contains("changes to the same objects or globals since"),
            "{objects}"
        );
        assert!(
            objects.contains("read again what conflicted (execute_code)"),
            "{objects}"
        );
        let both = report(&[
            ("class Account", true),
            ("dictionary entry UserGlobals at #Rate", false),
        ]);
        assert!(both.contains("the same code and objects since"), "{both}");
    }
}

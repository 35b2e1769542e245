//! GemStone Topaz `.gs` files: reading them into commands, writing them back.
//!
//! A Topaz file-out (what GemStone's `fileOutClass` writes, and what
//! `topaz` files in) is a line-oriented script: one-line directives such as
//! `category: 'accessing'` or `removeallmethods Account`, and block commands
//! (`doit`, `printit`, `run`, `method: Account`, `classmethod: Account`)
//! whose body runs up to a line holding only `%`.
//!
//! [`read`] turns such text into [`Command`]s, each carrying the line it
//! started on, and keeps every block body byte-exact so a loader can store a
//! method's source exactly as the file holds it. [`write()`] turns commands
//! back into text such that reading it again yields the same commands, and
//! [`write_class`] lays out one class the way `fileOutClass` does.
//!
//! This crate knows only the file format: it never parses Smalltalk and
//! depends on nothing of the image. Interpreting a `doit` (is it a class
//! definition?) and applying commands to an image is the image crate's job.

mod reader;
mod writer;

pub use reader::{ReadError, Reading, read};
pub use writer::{ClassFileOut, MethodFileOut, WriteError, write, write_class};

/// Which side of a class a `method:` / `classmethod:` or a
/// `removeallmethods` / `removeallclassmethods` command addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MethodSide {
    /// The instance side (`method:`, `removeallmethods`).
    Instance,
    /// The class side (`classmethod:`, `removeallclassmethods`).
    Class,
}

/// One command of a Topaz file, with the 1-based line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The line holding the command word (`doit`, `method: Foo`, …).
    pub line: usize,
    /// What the command is.
    pub kind: CommandKind,
}

/// A block command's body: the text between its opening line and its `%`
/// line, and where that text starts in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Body {
    /// The 1-based file line of the body's first line (the line after the
    /// command). A compile error on line `n` of the body is on file line
    /// `first_line + n - 1`.
    pub first_line: usize,
    /// The body exactly as the file holds it, without the line break that
    /// ends its last line (so `foo\n  ^1\n%` gives `foo\n  ^1`).
    pub text: String,
}

/// The commands the reader distinguishes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandKind {
    /// `doit` … `%`: Smalltalk statements to execute.
    Doit(Body),
    /// `printit` … `%`: statements to execute, printing the result.
    Printit(Body),
    /// `run` … `%`: statements to execute (an older spelling of `doit`).
    Run(Body),
    /// `method: Foo` or `classmethod: Foo` … `%`: a method to compile.
    /// `class` is `None` for the bare `method:` form, which compiles into
    /// the class named by an earlier `set class Foo`.
    Method {
        /// The class named on the command line, if any.
        class: Option<String>,
        /// Instance or class side.
        side: MethodSide,
        /// The method source, byte-exact.
        body: Body,
    },
    /// `category: 'name'` (or a bare `category: name`): the category for
    /// the methods that follow.
    Category(String),
    /// `removeallmethods Foo` / `removeallclassmethods Foo`; `class` is
    /// `None` for the bare form that relies on `set class`.
    RemoveAllMethods {
        /// The class named on the command line, if any.
        class: Option<String>,
        /// Which side to empty.
        side: MethodSide,
    },
    /// `set class Foo`: the class bare `method:` commands compile into.
    SetClass(String),
    /// Any other `set` line, e.g. `set compile_env: 0`: the text after
    /// `set `, trimmed.
    Set(String),
    /// `expectvalue …`: the expected value, trimmed.
    ExpectValue(String),
    /// `fileformat utf8`: the format name.
    FileFormat(String),
    /// `input path`: another file to read.
    Input(String),
    /// `commit`.
    Commit,
    /// `abort`.
    Abort,
    /// A `!` comment line: the text after the `!`, verbatim.
    Comment(String),
    /// Any other Topaz directive (`output push x`, `logout`, `time`, …),
    /// kept as its whole line, trimmed.
    Other(String),
}

impl CommandKind {
    /// The block body of a `doit`, `printit`, `run` or method command.
    pub fn body(&self) -> Option<&Body> {
        match self {
            CommandKind::Doit(b) | CommandKind::Printit(b) | CommandKind::Run(b) => Some(b),
            CommandKind::Method { body, .. } => Some(body),
            _ => None,
        }
    }
}

//! A session: one user's transaction view of the image, and every change
//! made through it.
//!
//! A [`Session`] starts from the newest committed state and changes its own
//! copy. It records which keys it wrote (to store and to validate at
//! commit), which keys it relied on (to validate only: a method compiled
//! into a class relies on that class's shape), and which it touched (whose
//! version moves so that others relying on them notice). Nothing it does is
//! seen by other sessions until [`Session::commit`] succeeds.
//!
//! Its parts: `transaction` (commit, abort, refresh, and the keys a
//! session records for them), `budget` (the limits on what a session, and
//! all sessions together, hold uncommitted, counted as each change is
//! recorded), `dictionaries` (users, symbol lists and
//! dictionary entries), `objects` (persistent objects), `classes` (class
//! definitions and the kernel guard) and `methods`.

mod budget;
mod classes;
mod dictionaries;
mod methods;
mod objects;
mod transaction;

use std::collections::{BTreeMap, BTreeSet};

use crate::error::{ChangeKind, ImageError, Result};
use crate::image::{Image, View};
use crate::sources::PrivateSources;
use crate::state::{Key, State};

pub use classes::{
    ClassDefined, DefinitionChange, RecompilePolicy, RemoveClassPolicy, RemovedMethod,
};
pub(crate) use dictionaries::lookup_in;

/// One user's transaction view of an image.
///
/// Reads answer from the session's own state: the committed view it began
/// with plus its own uncommitted changes. Changes become visible to other
/// sessions only after [`Session::commit`], and only to sessions that then
/// begin a new view ([`Session::abort`], [`Session::refresh`], a commit of
/// their own, or a new session).
pub struct Session {
    image: Image,
    user: String,
    base: View,
    pub(crate) state: State,
    writes: BTreeSet<Key>,
    touches: BTreeSet<Key>,
    reads: BTreeMap<Key, &'static [ChangeKind]>,
    kernel_install: bool,
    read_only: bool,
    uncommitted: budget::Uncommitted,
    /// While [`Session::whole_within_limits`] runs a change: what it needs
    /// to undo it.
    journal: Option<budget::Journal>,
    /// The method sources this session added and has not committed. Last,
    /// so that it is dropped after the views: it gives back what they no
    /// longer hold.
    private_sources: PrivateSources,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("user", &self.user)
            .field("view", &self.base.commit)
            .field("changes", &self.writes.len())
            .finish()
    }
}

/// True for a valid Smalltalk identifier (letters, digits, underscores,
/// not starting with a digit).
pub(crate) fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Session {
    pub(crate) fn begin(image: Image, user: String) -> Session {
        let base = image.newest_view();
        let private_sources = PrivateSources::new(image.clone());
        Session {
            state: base.state.clone(),
            image,
            user,
            base,
            writes: BTreeSet::new(),
            touches: BTreeSet::new(),
            reads: BTreeMap::new(),
            kernel_install: false,
            read_only: false,
            uncommitted: budget::Uncommitted::default(),
            journal: None,
            private_sources,
        }
    }

    /// Turns read-only mode on or off. While on, the session refuses to
    /// commit and to change code — classes, methods, symbol dictionaries,
    /// symbol lists, users — with [`ImageError::Refused`] saying so, for
    /// every caller (the interpreter's primitives included). Dictionary
    /// entries and persistent objects still change, as running code needs
    /// them to; they can never be committed, and the caller aborts them.
    /// This is how a read-only client runs tests: their code runs, and
    /// nothing they do outlives the run.
    pub fn set_read_only(&mut self, on: bool) {
        self.read_only = on;
    }

    /// True while the session is in read-only mode
    /// ([`Session::set_read_only`]).
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// Refuses `what` (`commit`, `compile a method`, …) in read-only mode.
    pub(crate) fn guard_read_only(&self, what: &str) -> Result<()> {
        if !self.read_only {
            return Ok(());
        }
        Err(ImageError::Refused(format!(
            "this session is read-only and cannot {what}: a read-only session may run tests, \
             but nothing they do changes code or is committed, and what they change is \
             discarded when the run ends. Do this in a read-write session"
        )))
    }

    /// Turns kernel-installation mode on or off. While on, every class the
    /// session defines is marked kernel and the kernel guard lets the
    /// session change kernel classes: this is how the kernel loader
    /// (`crate::kernel`) builds the kernel.
    pub(crate) fn set_kernel_install(&mut self, on: bool) {
        self.kernel_install = on;
    }

    /// Starts a bulk load of methods: until [`Session::end_bulk_methods`]
    /// the session's method indexes are stale, so nothing may query them
    /// (implementors, senders, references, a class's methods, a reshape's
    /// recompilation) in between; compiling methods is all a bulk load does.
    pub(crate) fn begin_bulk_methods(&mut self) {
        self.state.defer_method_indexes();
    }

    /// Ends a bulk load of methods: brings the indexes up to date.
    pub(crate) fn end_bulk_methods(&mut self) {
        self.state.build_deferred_indexes();
    }

    /// The image this session belongs to.
    pub fn image(&self) -> &Image {
        &self.image
    }

    /// The user whose symbol list this session looks names up in.
    pub fn user(&self) -> &str {
        &self.user
    }

    /// The commit number this session's view began at.
    pub fn view(&self) -> u64 {
        self.base.commit
    }

    /// A mark of the session's code as it is now, to ask later whether
    /// any of it changed ([`Session::code_unchanged_since`]). Holding one
    /// keeps that version of the code alive.
    pub fn code_mark(&self) -> CodeMark {
        CodeMark(self.state.code_parts())
    }

    /// True if no class, method, dictionary or symbol list of the session
    /// changed since `mark` was taken: a compile, a definition, a binding,
    /// or a commit, abort or refresh that brought in other sessions'
    /// changes to any of them all answer false, in constant time. Changes
    /// to persistent objects alone do not count. A change that put back
    /// what was there may still answer false.
    pub fn code_unchanged_since(&self, mark: &CodeMark) -> bool {
        self.state.same_code(&mark.0)
    }
}

/// A session's code at one moment (see [`Session::code_mark`]).
#[derive(Clone)]
pub struct CodeMark(crate::state::CodeParts);

impl std::fmt::Debug for CodeMark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CodeMark(..)")
    }
}

//! The embedded image: a persistent, transactional GemStone-style code image.
//!
//! An [`Image`] is one file on disk holding symbol dictionaries, classes,
//! metaclasses and methods. Many sessions use it at once, each through its
//! own transaction view, with GemStone's commit / abort / refresh semantics.
//!
//! This crate must never depend on MCP, HTTP or WebAssembly: it is the
//! image, usable alone (see the `gs-image` example binary), and the rest of
//! the server reaches it only through its public API.
//!
//! # Core concepts
//!
//! - **Symbol dictionaries** bind names to classes or global values. Each
//!   user has a *symbol list*, the dictionaries it looks names up in, in
//!   order; a new image has the user [`DEFAULT_USER`] with `UserGlobals`,
//!   `Globals`, `Published`. A class is bound by [`ClassId`], so one class
//!   may be bound under several names.
//! - **Classes** ([`ClassRecord`]) have a superclass, instance, class and
//!   class-instance variables, pools, a category, a comment, a home
//!   dictionary and a kind. The class side (the metaclass) holds class
//!   methods and class-instance variables; [`Side`] chooses between them.
//! - **Methods** ([`MethodRecord`]) are compiled from source: the selector
//!   comes from the source, and compiling checks syntax and names the way
//!   GemStone does, reporting every error with its line and column.
//! - **Kernel classes** ship with the image and are refused to every
//!   mutating call, by identity, whatever name they are reached by. The one
//!   opt-in is an operator's file-in with
//!   [`filein::FileInOptions::allow_kernel_extensions`], which may add or
//!   replace *methods* of kernel classes (GemStone-style extension
//!   methods), never the classes themselves.
//! - **Dictionary names** are globals: a symbol dictionary in the symbol
//!   list binds its own name, so methods may name `UserGlobals`.
//! - **Sessions** ([`Session`]) see a consistent committed view plus their
//!   own changes. [`Session::commit`] makes changes durable (fsynced before
//!   it returns) and visible to sessions that begin a new view, or reports
//!   every conflicting key when another session committed a change to the
//!   same key first. [`Session::abort`] drops changes; [`Session::refresh`]
//!   moves an unchanged session to the newest view.
//! - **Queries** (implementors, senders, references, source search, class
//!   listings, test classes) answer from the session's own view, from
//!   indexes kept with the state; the `_limited` variants answer the first
//!   results and the total as a [`QueryPage`].
//!
//! STORE.md beside this crate describes the state, the commit protocol and
//! the crash analysis.
//!
//! # Example
//!
//! ```
//! use gs_image::{ClassDefinition, Image, RecompilePolicy, Side};
//!
//! let dir = tempfile::tempdir()?;
//! let image = Image::open(dir.path().join("app.image"))?;
//! let mut session = image.session();
//! session.define_class(
//!     ClassDefinition {
//!         name: "Account".into(),
//!         superclass: Some("Object".into()),
//!         inst_vars: vec!["balance".into()],
//!         dictionary: "UserGlobals".into(),
//!         ..Default::default()
//!     },
//!     RecompilePolicy::Refuse,
//! )?;
//! session.compile_method(
//!     "Account",
//!     Side::Instance,
//!     "accessing",
//!     "deposit: amount\n\tbalance := balance + amount",
//! )?;
//! session.commit()?;
//!
//! // A new session sees the committed method.
//! let other = image.session();
//! assert_eq!(other.implementors("deposit:")[0].to_string(), "Account>>deposit:");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod classdef;
mod compile;
mod error;
mod file_identity;
pub mod filein;
mod image;
pub(crate) mod kernel;
pub mod model;
mod query;
mod session;
mod sources;
mod state;
mod store;
mod watch;

pub use error::{ChangeKind, CompileError, Conflict, ConflictReport, ImageError, Result};

/// The last character a String or Symbol of this image holds: they hold
/// bytes, so Latin-1 (code points 0 to 255). A String given a character
/// beyond it grows into a DoubleByteString or QuadByteString, and a string
/// literal holding one is one; a symbol literal holding one is a compile
/// error, never a different symbol.
pub const LAST_STRING_CHAR: char = '\u{ff}';
pub use image::{
    CommitInfo, DEFAULT_MAX_UNCOMMITTED_BYTES, DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES, DEFAULT_USER,
    Image, OpenOptions, STANDARD_DICTIONARIES, StoreFailureHook,
};
pub use kernel::KernelUpgrade;
pub use model::{
    CLASS_STATE_IDS, ClassDefinition, ClassId, ClassKind, ClassRecord, DictionaryEntry,
    GlobalValue, MethodRecord, MethodRef, ObjectBody, ObjectId, ObjectValue, Side, StoredObject,
};
pub use query::{QueryPage, TEST_CASE_CLASS};
pub use session::{
    ClassDefined, CodeMark, DefinitionChange, RecompilePolicy, RemoveClassPolicy, RemovedMethod,
    Session,
};
pub use store::panic_is_caught_as_damage;
pub use watch::{CommitListener, CommittedChange};

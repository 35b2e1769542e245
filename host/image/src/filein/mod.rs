//! Topaz file-in and file-out against a [`Session`](crate::Session).
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

mod apply;
mod carry;
mod expect;
mod fileout;
mod files;
mod load;
mod plan;
mod report;
mod runner;

pub(crate) use apply::REMOVED_BY_REDEFINITION;
pub use expect::Expected;
pub use fileout::{file_out_class, file_out_dictionary};
pub use files::{
    file_in_directory, file_in_path, file_in_paths, file_in_paths_running, file_in_paths_with,
};
pub use load::{file_in_sources, file_in_sources_with, file_in_text, kernel_deferred_globals};
pub use plan::DEFAULT_CATEGORY;
pub use report::{Deferred, Failure, FileInOptions, FileInReport, LoadProgress, Source};
pub use runner::{DoitRunner, MAX_DOIT_BYTES, PROGRESS_EVERY};

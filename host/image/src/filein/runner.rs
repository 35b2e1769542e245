//! The doits a file-in cannot apply itself: who runs them, and the limits
//! a load reads them under.

use super::{Expected, LoadProgress};
use crate::session::Session;

/// Runs the doits a file-in cannot apply itself: anything but class
/// definitions and the other shapes the file-in recognises (creating a
/// dictionary, binding a literal global, a class comment or category).
///
/// The image crate knows no interpreter; a caller that has one passes it
/// to [`file_in_paths_running`](super::file_in_paths_running), and each
/// such doit runs at its place in the files: everything before it in file
/// order is loaded first.
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

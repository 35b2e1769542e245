//! A file-in's doits, run as Topaz runs them.
//!
//! The image crate applies what it recognises in a Topaz file (class
//! definitions, methods, simple bindings) and hands every other doit to a
//! [`DoitRunner`]. [`FileInDoits`] is that runner: the one place that says
//! how an operator's load runs Smalltalk, for `gs-mcp image load` and for
//! the tests that load real code.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use gs_image::Session;
use gs_image::filein::{DoitRunner, Expected};

use crate::{BreakHandle, ExecErrorKind, Interpreter, Limits};

/// The longest one doit of a file-in may run before it is stopped and
/// reported: a file-in is an operator's batch job, and a doit that loops
/// must not hang it.
pub const DOIT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// Runs a file-in's doits with one interpreter for the whole load, so that
/// what one doit makes (a dictionary, a global, a class variable's value)
/// the next sees; writes each doit's changes into the session after it,
/// because the load's next steps (and its commit) read the session; and
/// stops a doit that runs longer than [`DOIT_TIME_LIMIT`].
#[derive(Debug)]
pub struct FileInDoits {
    interpreter: Interpreter,
    limits: Limits,
    /// Why an earlier doit's changes could not be written back (a stored
    /// block that uses its context, say). That object stays in the heap and
    /// every later write-back meets it again; a later doit failing with the
    /// same reason is not at fault, and is not reported for it.
    unkept: Option<String>,
}

impl FileInDoits {
    /// A runner with the interpreter's default limits.
    ///
    /// Its doits may commit part-way (Topaz does), but not abort: the
    /// load's work so far is uncommitted, and `System abortTransaction`
    /// would silently throw it away while the load went on and reported
    /// success. It signals an error instead, so the doit fails where it is
    /// and nothing before it is lost.
    pub fn new() -> FileInDoits {
        let mut interpreter = Interpreter::new();
        interpreter.refuse_aborts(
            "System abortTransaction is refused in a file-in: it would discard everything \
             loaded before this doit. Remove the abort from the file, or load the files \
             before it separately and abort between loads",
        );
        FileInDoits {
            interpreter,
            limits: Limits::default(),
            unkept: None,
        }
    }
}

impl Default for FileInDoits {
    fn default() -> FileInDoits {
        FileInDoits::new()
    }
}

impl DoitRunner for FileInDoits {
    fn run(
        &mut self,
        session: &mut Session,
        source: &str,
        expected: Option<&Expected>,
    ) -> Result<(), String> {
        let brk = BreakHandle::new();
        let (finished, watched) = mpsc::channel::<()>();
        let stopper = brk.clone();
        std::thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = watched.recv_timeout(DOIT_TIME_LIMIT) {
                stopper.request();
            }
        });
        let outcome = match expected {
            None => self
                .interpreter
                .execute(session, source, &self.limits, &brk)
                .map(|_| None),
            Some(expected) => {
                self.interpreter
                    .execute_expecting(session, source, expected, &self.limits, &brk)
            }
        };
        drop(finished);
        let unmet = match outcome {
            Ok(unmet) => unmet,
            // Only the watchdog breaks a file-in's doit.
            Err(e) if e.kind == ExecErrorKind::Break => {
                return Err(format!(
                    "it ran longer than {} s and was stopped",
                    DOIT_TIME_LIMIT.as_secs()
                ));
            }
            Err(e) => return Err(e.to_string()),
        };
        if let Err(e) = self.interpreter.write_back(session) {
            let reason = e.to_string();
            if self.unkept.as_ref() != Some(&reason) {
                self.unkept = Some(reason.clone());
                return Err(format!("its changes could not be kept: {reason}"));
            }
        }
        unmet.map_or(Ok(()), Err)
    }
}

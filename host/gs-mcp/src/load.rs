//! `gs-mcp image load`'s doits: the file-in (gs-image) applies class
//! definitions and methods itself and hands every other doit here, where
//! the interpreter runs it in the load's session, at its place in the
//! files, as Topaz would.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use gs_image::Session;
use gs_image::filein::DoitRunner;
use gs_interp::{BreakHandle, ExecErrorKind, Interpreter, Limits};

/// The longest one doit of a file-in may run before it is stopped and
/// reported: a file-in is an operator's batch job, and a doit that loops
/// must not hang it.
pub const DOIT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// Runs a file-in's doits with one interpreter, so that what one doit
/// makes (a dictionary, a global, a class variable's value) the next sees.
pub struct InterpreterDoits {
    interpreter: Interpreter,
    limits: Limits,
}

impl InterpreterDoits {
    /// A runner with the interpreter's default limits.
    pub fn new() -> InterpreterDoits {
        InterpreterDoits {
            interpreter: Interpreter::new(),
            limits: Limits::default(),
        }
    }
}

impl DoitRunner for InterpreterDoits {
    fn run(&mut self, session: &mut Session, source: &str) -> Result<(), String> {
        let brk = BreakHandle::new();
        let (finished, watched) = mpsc::channel::<()>();
        let stopper = brk.clone();
        std::thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = watched.recv_timeout(DOIT_TIME_LIMIT) {
                stopper.request();
            }
        });
        let outcome = self
            .interpreter
            .execute(session, source, &self.limits, &brk);
        drop(finished);
        match outcome {
            Ok(_) => {}
            // Only the watchdog breaks a file-in's doit.
            Err(e) if e.kind == ExecErrorKind::Break => {
                return Err(format!(
                    "it ran longer than {} s and was stopped",
                    DOIT_TIME_LIMIT.as_secs()
                ));
            }
            Err(e) => return Err(e.to_string()),
        }
        // The file-in's next steps (and its commit) read the session: the
        // doit's changes go into it now.
        self.interpreter
            .write_back(session)
            .map_err(|e| format!("its changes could not be kept: {e}"))
    }
}

//! Leaving an activation other than by answering a value: the [`Unwind`]
//! word and what a pending one carries, the limits, fatal errors, breaks
//! and signalled errors that start one, and the frames `on:do:` installs.
//!
//! Every part of the interpreter (evaluator, primitives, intrinsics,
//! persistence) makes and inspects unwinds, so they stand alone; the
//! exception machinery that acts on them (`on:do:`, `signal`, `ensure:`)
//! is in `prims`.

use std::sync::atomic::Ordering;

use super::Run;
use crate::heap::{Body, OverBudget, Value};

/// Why an activation is being left other than by answering a value.
///
/// An `Unwind` is one word (kind and id), so that `Result<Value, Unwind>`
/// fits in two registers: the evaluator returns one for every node, and
/// keeping it small is worth a fifth of the time of a send. The value or
/// text an unwind carries waits in the [`Run`] (see [`Run::unwind_value`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unwind(u64);

impl Unwind {
    /// `^`: return the pending value from the activation with this id.
    pub const RETURN: u64 = 1;
    /// A handler block completed: its `on:do:` (frame id) answers the
    /// pending value.
    pub const HANDLER: u64 = 2;
    /// `retry`: evaluate the `on:do:` (frame id) receiver again.
    pub const RETRY: u64 = 3;
    /// `resume:`: the `signal` with this id answers the pending value.
    pub const RESUME: u64 = 4;
    /// An unhandled error ends the call (report pending).
    pub const TERMINATE: u64 = 5;
    /// The break flag was set.
    pub const BREAK: u64 = 6;
    /// A limit was exceeded (message pending; id 1: the memory budget).
    pub const LIMIT: u64 = 7;
    /// The interpreter cannot go on (message pending).
    pub const FATAL: u64 = 8;

    /// An unwind of `kind` for activation, frame or signal `id`.
    pub fn new(kind: u64, id: u64) -> Unwind {
        Unwind((kind << 56) | (id & ((1 << 56) - 1)))
    }

    /// The kind (one of the constants).
    pub fn kind(self) -> u64 {
        self.0 >> 56
    }

    /// The id it is addressed to.
    pub fn id(self) -> u64 {
        self.0 & ((1 << 56) - 1)
    }

    /// True for this kind addressed to `id`.
    pub fn is(self, kind: u64, id: u64) -> bool {
        self == Unwind::new(kind, id)
    }

    /// True for the kinds no Smalltalk code may intercept.
    pub fn is_abort(self) -> bool {
        matches!(self.kind(), Unwind::BREAK | Unwind::LIMIT | Unwind::FATAL)
    }
}

/// An unhandled exception's report.
#[derive(Debug, Clone)]
pub struct Terminated {
    /// Its class name.
    pub class: String,
    /// Its description.
    pub description: String,
    /// The activations where it was signalled, innermost first (at most
    /// [`STACK_KEPT`]).
    pub stack: Vec<super::StackFrame>,
}

/// How many activations, innermost first, a report of where an exception
/// was signalled keeps.
pub const STACK_KEPT: usize = 20;

/// Result of evaluation.
pub type R<T> = Result<T, Unwind>;

/// The message of a memory-budget limit.
pub const MEMORY_MESSAGE: &str = "the memory budget for objects is exhausted; the call \
                                  allocated too much (raise the memory limit or allocate less)";

/// The message of a call that asked for more memory than it had: over its
/// own budget, or (`ceiling_hit`) over what all sessions may hold.
pub(crate) fn memory_message(ceiling_hit: bool) -> String {
    if ceiling_hit {
        format!(
            "the server's memory for the objects of all sessions is used up (its ceiling is {} \
             MiB); the call was stopped: retry later, free objects (e.g. remove large \
             globals), or the operator may raise the server's memory ceiling",
            crate::heap::memory_ceiling() >> 20
        )
    } else {
        MEMORY_MESSAGE.to_string()
    }
}

impl From<OverBudget> for Unwind {
    fn from(_: OverBudget) -> Unwind {
        Unwind::new(Unwind::LIMIT, 1)
    }
}

/// A handler frame installed by `on:do:`.
#[derive(Debug, Clone)]
pub struct HandlerFrame {
    pub(crate) id: u64,
    pub(crate) selector: Value,
    pub(crate) block: Value,
    pub(crate) enabled: bool,
}

/// An exception being handled.
#[derive(Debug, Clone)]
pub struct Handling {
    pub(crate) exception: Value,
    pub(crate) frame_index: usize,
    pub(crate) frame_id: u64,
    pub(crate) signal_id: u64,
}

impl<'a> Run<'a> {
    /// An unwind carrying `value` (RETURN, HANDLER or RESUME).
    pub(crate) fn unwind_with(&mut self, kind: u64, id: u64, value: Value) -> Unwind {
        self.unwind_value = value;
        Unwind::new(kind, id)
    }

    /// A limit unwind with its message.
    pub(crate) fn limit(&mut self, message: String) -> Unwind {
        self.unwind_text = message;
        Unwind::new(Unwind::LIMIT, 0)
    }

    /// A fatal unwind with its message.
    pub(crate) fn fatal(&mut self, message: String) -> Unwind {
        self.unwind_text = message;
        Unwind::new(Unwind::FATAL, 0)
    }

    /// The message of a LIMIT or FATAL unwind.
    pub(crate) fn unwind_message(&self, u: Unwind) -> String {
        if u.kind() == Unwind::LIMIT && u.id() == 1 {
            memory_message(self.st.heap.ceiling_hit)
        } else {
            self.unwind_text.clone()
        }
    }

    #[inline(always)]
    pub(super) fn check_interrupts(&mut self) -> R<()> {
        if self.brk.load(Ordering::Relaxed) {
            return Err(Unwind::new(Unwind::BREAK, 0));
        }
        Ok(())
    }

    /// Signals a new instance of the kernel exception class `class` with
    /// `text` as its messageText, answering what the signal answers.
    pub(crate) fn signal_error(&mut self, class: &str, text: &str) -> R<Value> {
        let id = self
            .session
            .class_id(class)
            .map_err(|e| format!("kernel class {class} missing: {e}"));
        let id = match id {
            Ok(id) => id,
            Err(m) => return Err(self.fatal(m)),
        };
        let ci = self.st.class_idx(self.session, id);
        let n = self.st.classes[ci as usize].inst_vars.len();
        let exc = self.alloc(ci, n, Body::None)?;
        let t = self.string(text)?;
        if let Value::Obj(o) = exc {
            self.st.heap.get_mut(o).named[0] = t;
        }
        let sel = self.st.sel_signal;
        self.send(exc, sel, &[], None)
    }
}

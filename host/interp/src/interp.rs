//! The evaluator: classes and method lookup, sends, blocks, non-local
//! return, and the unwinding that exceptions, breaks and limits use.
//!
//! Evaluation walks the compiled [`Node`](crate::compile::Node) tree with
//! Rust recursion. Every way of leaving an activation early (`^`, a handler
//! completing, `retry`, `resume:`, an unhandled error, a break, a limit) is
//! an [`Unwind`] value travelling up as the `Err` of a `Result`, so
//! `ensure:` blocks and handler frames see each one pass and act on it.
//! Depth is counted and limited well below what the (large, dedicated)
//! thread stack can hold, so deep recursion becomes a Smalltalk error,
//! never a stack overflow.
//!
//! An activation whose code creates no block keeps its arguments and
//! temporaries on the call's value stack ([`Run::stack`]), which costs
//! nothing to set up; one that creates blocks keeps them in a heap
//! [`Scope`] the blocks share, so a block that outlives its method still
//! reads and writes them.
//!
//! Its parts:
//!
//! - `state`: the [`State`] that outlives a call (the class table and the
//!   epochs that tell caches when to check the session again);
//! - `value`: making and reading values (objects, Strings, Integers,
//!   literals, the class of a value);
//! - `globals`: global and pool variables, and the dictionary objects that
//!   stand for the session's symbol dictionaries;
//! - `lookup`: method lookup and its caches, compiling stored methods and
//!   doits, and sends;
//! - `activation`: running a method or block (frames, variables, scopes,
//!   closures, the recursion limit);
//! - `eval`: evaluating the node tree, with the send sites' inline caches
//!   and fast paths;
//! - `unwind`: [`Unwind`] and what starts one (limits, fatal errors,
//!   breaks, signalled errors), with the frames `on:do:` installs.

mod activation;
mod eval;
mod globals;
mod lookup;
mod state;
mod unwind;
mod value;

use std::rc::Rc;
use std::sync::atomic::AtomicBool;

use gs_image::Session;

use crate::heap::{ClassIdx, Scope, Value};

pub(crate) use activation::ActiveFrame;
pub use activation::StackFrame;
pub use lookup::BuildFx;
pub use state::{OWN_GLOBALS, State};
pub(crate) use unwind::memory_message;
pub use unwind::{HandlerFrame, Handling, R, STACK_KEPT, Terminated, Unwind};

/// One call's running state.
pub struct Run<'a> {
    pub(crate) st: &'a mut State,
    pub(crate) session: &'a mut Session,
    pub(crate) brk: &'a AtomicBool,
    pub(crate) max_depth: usize,
    pub(crate) depth: usize,
    /// The lowest stack address an activation may start at before the
    /// recursion-limit error is signalled (see [`StackFloors`]).
    pub(crate) stack_soft_floor: usize,
    /// The lowest stack address an activation may start at at all: past
    /// it the call ends with a limit error.
    pub(crate) stack_hard_floor: usize,
    pub(crate) next_id: u64,
    pub(crate) handlers: Vec<HandlerFrame>,
    pub(crate) handling: Vec<Handling>,
    /// Transcript output captured during the call.
    pub(crate) transcript: String,
    pub(crate) output_cap: usize,
    /// True once the Transcript reached its cap: later output is dropped.
    pub(crate) transcript_full: bool,
    /// True once the recursion-limit error was signalled in this call.
    pub(crate) recursion_signalled: bool,
    /// Scopes to reuse, saving an allocation per activation.
    pub(crate) scope_pool: Vec<Rc<Scope>>,
    /// The variables of the running activations that create no blocks, each
    /// activation's from its frame's `base` (see
    /// [`Method::needs_scope`](crate::compile::Method::needs_scope)).
    pub(crate) stack: Vec<Value>,
    /// The value a pending `RETURN`, `HANDLER` or `RESUME` unwind carries.
    pub(crate) unwind_value: Value,
    /// The message of a pending `LIMIT` or `FATAL` unwind.
    pub(crate) unwind_text: String,
    /// The report of a pending `TERMINATE` unwind.
    pub(crate) unwind_report: Option<Terminated>,
    /// The last class asked whether it compares dictionary keys by
    /// identity, in which epoch, and the answer (dictionary intrinsics ask
    /// on every access).
    pub(crate) identity_class: std::cell::Cell<Option<(ClassIdx, u64, bool)>>,
    /// The same for whether a class is a plain WriteStream or
    /// ReadWriteStream (the stream intrinsics ask on every write).
    pub(crate) write_stream_class: std::cell::Cell<Option<(ClassIdx, u64, bool)>>,
    /// What stack reports need of the running method and block
    /// activations, each at its depth (see [`ActiveFrame`]): entries past
    /// [`Run::depth`] are stale.
    pub(crate) frames: Vec<ActiveFrame>,
    /// The source line of the last message the innermost activation sent
    /// (0: none yet); each outer activation's is its callee's
    /// [`ActiveFrame::caller_line`].
    pub(crate) line: u32,
    /// Where the last few exceptions a handler took were signalled: the
    /// exception, the innermost activation's line, and the innermost
    /// activations (see [`Run::signal_stack`]).
    pub(crate) signal_stacks: std::collections::VecDeque<(Value, u32, Vec<ActiveFrame>)>,
}

/// Where on the stack activations must stop, so that no input overflows
/// it (which aborts the whole process, every client's session with it).
///
/// The activation count alone does not bound the stack: one activation
/// may evaluate an expression nested [`gs_smalltalk::MAX_NESTING`] levels
/// deep (inlined `ifTrue:` blocks, braces, assignments), so ten thousand
/// of them can take several times the stack ten thousand plain ones do.
/// The stack actually used is therefore checked too, at the same place
/// (the start of an activation), against two floors below the call's
/// first frame.
pub(crate) struct StackFloors {
    /// Below it, the catchable recursion-limit error is signalled.
    pub soft: usize,
    /// Below it, the call ends.
    pub hard: usize,
}

/// Stack kept free below the soft floor, for the handlers of the
/// recursion-limit error and the activations they run.
const HANDLER_STACK: usize = 96 << 20;

/// Stack kept free below the hard floor: the most one activation may need
/// between two activation starts (an expression nested to the parser's
/// limit, a primitive, compiling a method).
const LAST_ACTIVATION_STACK: usize = 64 << 20;

impl StackFloors {
    /// The floors for a call starting here, on a stack with `remaining`
    /// bytes left below the caller's frame (`None`: unknown, in which case
    /// only the activation count limits recursion).
    pub(crate) fn here(remaining: Option<usize>) -> StackFloors {
        let Some(remaining) = remaining else {
            return StackFloors { soft: 0, hard: 0 };
        };
        let bottom = stack_address().saturating_sub(remaining);
        StackFloors {
            soft: bottom.saturating_add(LAST_ACTIVATION_STACK + HANDLER_STACK),
            hard: bottom.saturating_add(LAST_ACTIVATION_STACK),
        }
    }
}

/// An address in the caller's frame: how far down the stack the call is.
#[inline(always)]
pub(crate) fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

impl<'a> Run<'a> {
    pub(crate) fn next(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}

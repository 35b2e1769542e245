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

pub use lookup::BuildFx;
pub use state::{OWN_GLOBALS, State};
pub(crate) use unwind::memory_message;
pub use unwind::{HandlerFrame, Handling, R, Terminated, Unwind};

/// One call's running state.
pub struct Run<'a> {
    pub(crate) st: &'a mut State,
    pub(crate) session: &'a mut Session,
    pub(crate) brk: &'a AtomicBool,
    pub(crate) max_depth: usize,
    pub(crate) depth: usize,
    pub(crate) next_id: u64,
    pub(crate) handlers: Vec<HandlerFrame>,
    pub(crate) handling: Vec<Handling>,
    /// Transcript output captured during the call.
    pub(crate) transcript: String,
    pub(crate) output_cap: usize,
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
}

impl<'a> Run<'a> {
    pub(crate) fn next(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}

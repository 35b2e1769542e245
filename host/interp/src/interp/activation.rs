//! Running a method or a block: an activation's [`Frame`], its variables
//! (on the call's value stack, or in a heap [`Scope`] when blocks may
//! capture them), block closures, and the recursion limit checked on entry.

use std::cell::RefCell;
use std::rc::Rc;

use super::{R, Run, Unwind};
use crate::compile::{BlockCode, Method, Sel};
use crate::heap::{Body, ClassIdx, Closure, Home, Scope, Value};

/// What a stack report needs of one running activation, kept in
/// [`Run::frames`] at the activation's depth: plain values, so entering
/// an activation costs one store of two words and no reference count.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ActiveFrame {
    /// The (home) method's [`Method::frame_tag`].
    tag: u64,
    /// The line of the send in the calling activation that was running
    /// when this one started (0: none), with [`BLOCK_BIT`] for a block.
    caller_line: u32,
}

/// Set in [`ActiveFrame::caller_line`] for a block activation; source
/// lines stay far below it.
const BLOCK_BIT: u32 = 1 << 31;

/// The tag of a depth no method or block activation holds: a primitive's
/// nested send ([`Run::nested`]), or the activation the recursion limit
/// refused.
const NO_METHOD: u64 = u64::MAX;

/// How many handled exceptions' signal points [`Run::signal_stacks`]
/// keeps: enough for a test's failure to survive the handlers its
/// `tearDown` runs.
const SIGNALS_KEPT: usize = 8;

/// One activation of a stack report (`GsProcess stackReportToLevel:`).
///
/// It shows as GemStone's report does, without the instruction offset
/// (`@3`) and environment this interpreter has no use for:
/// `AcmeOrder >> total line 4`, `[] in AcmeOrder >> total line 5`,
/// `AcmeOrder class >> new line 2`, `Executed Code line 1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackFrame {
    /// The class that defines the method (empty for executed code).
    pub class: String,
    /// True for a class-side method.
    pub meta: bool,
    /// The method's selector (empty for executed code).
    pub selector: String,
    /// True for a block of the method.
    pub block: bool,
    /// The line (1-based, in the method's source) of the message the
    /// activation was sending, or of the error it raised; 0 when it had
    /// sent none yet.
    pub line: u32,
    /// True when the method belongs to a kernel class (the exception,
    /// SUnit and collection machinery), not to the application.
    pub kernel: bool,
}

impl StackFrame {
    /// The method part: `[] in AcmeOrder class >> total`.
    pub fn method(&self) -> String {
        let block = if self.block { "[] in " } else { "" };
        if self.selector.is_empty() {
            format!("{block}Executed Code")
        } else {
            let meta = if self.meta { " class" } else { "" };
            format!("{block}{}{meta} >> {}", self.class, self.selector)
        }
    }
}

impl std::fmt::Display for StackFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.method())?;
        if self.line > 0 {
            write!(f, " line {}", self.line)?;
        }
        Ok(())
    }
}

/// An activation's context for evaluation.
pub struct Frame<'m> {
    /// `self`.
    pub receiver: Value,
    /// The variables, when the code creates blocks that may capture them
    /// (see [`Method::needs_scope`]); otherwise they are on the value stack
    /// from `base`.
    pub scope: Option<Rc<Scope>>,
    /// Where the activation's variables start in [`Run::stack`] when it has
    /// no scope.
    pub base: usize,
    /// A block activation's defining scope (its closure's), which variables
    /// of enclosing activations are reached through.
    pub outer: Option<&'m Rc<Scope>>,
    /// The method (home method for a block).
    pub method: &'m Rc<Method>,
    /// The home activation's id.
    pub home_id: u64,
    /// A method activation's home marker, made when its first block is
    /// created.
    pub home: RefCell<Option<Rc<Home>>>,
    /// A block activation's home marker (its closure's).
    pub block_home: Option<&'m Rc<Home>>,
}

impl<'a> Run<'a> {
    #[inline(always)]
    fn enter(&mut self) -> R<()> {
        self.check_interrupts()?;
        self.depth += 1;
        if self.depth > self.max_depth || super::stack_address() < self.stack_soft_floor {
            return self.too_deep();
        }
        Ok(())
    }

    /// The recursion limit was passed (`depth` counts the new activation),
    /// by the number of activations or by the stack they use.
    #[cold]
    #[inline(never)]
    fn too_deep(&mut self) -> R<()> {
        if super::stack_address() < self.stack_hard_floor {
            self.depth -= 1;
            let m = format!(
                "recursion limit exceeded: {} nested activations used up the call's stack",
                self.depth
            );
            return Err(self.limit(m));
        }
        if !self.recursion_signalled {
            // One catchable error first, with head-room for its handlers;
            // past that the call ends.
            self.recursion_signalled = true;
            self.record(NO_METHOD, self.line);
            let what = if self.depth > self.max_depth {
                format!("more than {} nested activations", self.max_depth)
            } else {
                format!("{} nested activations used up the call's stack", self.depth)
            };
            let r = self.signal_error(
                "Error",
                &format!("recursion limit exceeded: {what} (infinite recursion?)"),
            );
            self.depth -= 1;
            return r.map(|_| ());
        }
        if self.depth > self.max_depth + 2000 {
            self.depth -= 1;
            let m = format!(
                "recursion limit exceeded: more than {} nested activations",
                self.max_depth
            );
            return Err(self.limit(m));
        }
        Ok(())
    }

    /// Runs `f` as one more nested activation: for a primitive that sends
    /// a message its arguments chose (`perform:withArguments:`), which no
    /// activation of its own counts, so that a chain of such primitives
    /// reaches the recursion limit instead of overflowing the stack.
    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        self.enter()?;
        self.record(NO_METHOD, self.line);
        let r = f(self);
        self.depth -= 1;
        r
    }

    /// Runs method `m` with receiver and arguments.
    pub(crate) fn invoke(&mut self, m: &Rc<Method>, rcv: Value, args: &[Value]) -> R<Value> {
        if let Some(p) = m.primitive {
            let r = if p >= crate::intrinsics::FIRST {
                self.intrinsic(p, rcv, args)?
            } else {
                self.primitive(p, rcv, args)?
            };
            if let Some(v) = r {
                return Ok(v);
            }
        }
        self.enter()?;
        let caller_line = self.line;
        self.record(m.frame_tag, caller_line);
        // Until it sends a message, the activation's line is unknown.
        self.line = 0;
        let id = self.next();
        let base = self.stack.len();
        let scope = if m.needs_scope {
            Some(self.new_scope(args, m.nslots, None))
        } else {
            self.push_locals(args, m.nslots);
            None
        };
        let frame = Frame {
            receiver: rcv,
            scope,
            base,
            outer: None,
            method: m,
            home_id: id,
            home: RefCell::new(None),
            block_home: None,
        };
        let result = self.method_body(&m.body, &frame, m.is_doit);
        self.depth -= 1;
        self.line = caller_line;
        if let Some(h) = frame.home.borrow().as_ref() {
            h.alive.set(false);
        }
        self.stack.truncate(base);
        if let Some(scope) = frame.scope {
            self.recycle(scope);
        }
        match result {
            Ok(v) => Ok(v),
            Err(u) if u.is(Unwind::RETURN, id) => Ok(self.unwind_value),
            Err(e) => Err(e),
        }
    }

    /// Records the activation just entered (at [`Run::depth`]): method
    /// `tag`, called from `caller_line`. The slot is overwritten, not
    /// pushed, so leaving costs nothing here.
    #[inline(always)]
    fn record(&mut self, tag: u64, caller_line: u32) {
        let f = ActiveFrame { tag, caller_line };
        match self.frames.get_mut(self.depth) {
            Some(slot) => *slot = f,
            None => self.record_deeper(f),
        }
    }

    #[cold]
    #[inline(never)]
    fn record_deeper(&mut self, f: ActiveFrame) {
        let none = ActiveFrame {
            tag: NO_METHOD,
            caller_line: 0,
        };
        self.frames.resize(self.depth + 1, none);
        self.frames[self.depth] = f;
    }

    /// The records of the running activations, outermost first.
    fn active(&self) -> &[ActiveFrame] {
        &self.frames[..(self.depth + 1).min(self.frames.len())]
    }

    /// The running activations, innermost first, at most `limit` of them.
    pub(crate) fn stack_frames(&self, limit: usize) -> Vec<StackFrame> {
        self.render_frames(self.line, self.active().iter().rev(), limit)
    }

    /// Remembers where exception `exc`, which a handler is about to take,
    /// was signalled: the handler may end the activations before anyone
    /// asks ([`Run::signal_stack`]). A `pass` or `outer` keeps the first
    /// signal's.
    pub(crate) fn keep_signal_stack(&mut self, exc: Value) {
        if self.signal_stacks.iter().any(|(e, _, _)| e.identical(exc)) {
            return;
        }
        if self.signal_stacks.len() == SIGNALS_KEPT {
            self.signal_stacks.pop_front();
        }
        let active = self.active();
        // Depths that hold no activation are left out of reports, so keep
        // a few more than a report shows.
        let from = active.len().saturating_sub(2 * super::STACK_KEPT);
        let kept = active[from..].to_vec();
        self.signal_stacks.push_back((exc, self.line, kept));
    }

    /// Where exception `exc` was signalled, innermost activation first, if
    /// it is one of the last few a handler took.
    pub(crate) fn signal_stack(&self, exc: Value) -> Option<Vec<StackFrame>> {
        let (_, line, frames) = self
            .signal_stacks
            .iter()
            .find(|(e, _, _)| e.identical(exc))?;
        Some(self.render_frames(*line, frames.iter().rev(), super::STACK_KEPT))
    }

    fn render_frames<'f>(
        &self,
        mut line: u32,
        frames: impl Iterator<Item = &'f ActiveFrame>,
        limit: usize,
    ) -> Vec<StackFrame> {
        let mut out = Vec::new();
        for f in frames {
            if out.len() == limit {
                break;
            }
            if f.tag == NO_METHOD {
                continue;
            }
            let class = (f.tag & u64::from(u32::MAX >> 2)) as ClassIdx;
            let selector = (f.tag >> 32) as Sel;
            let info = &self.st.classes[class as usize];
            let doit = f.tag & Method::DOIT_BIT != 0;
            out.push(StackFrame {
                class: if doit {
                    String::new()
                } else {
                    info.name.clone()
                },
                meta: f.tag & Method::META_BIT != 0,
                selector: if doit {
                    String::new()
                } else {
                    self.str_of(Value::Obj(selector)).unwrap_or_default()
                },
                block: f.caller_line & BLOCK_BIT != 0,
                line,
                kernel: !doit && info.record.kernel,
            });
            line = f.caller_line & !BLOCK_BIT;
        }
        out
    }

    /// `GsProcess stackReportToLevel:`: one line per activation,
    /// innermost first, each ended by a line feed.
    pub(crate) fn stack_report(&self, limit: usize) -> String {
        let mut report = String::new();
        for f in self.stack_frames(limit) {
            report.push_str(&f.to_string());
            report.push('\n');
        }
        report
    }

    /// Pushes an activation's variables onto the value stack: `args`, then
    /// nil up to `nslots`.
    #[inline(always)]
    fn push_locals(&mut self, args: &[Value], nslots: usize) {
        // One push per value rather than a memcpy: the body reads these
        // slots at once, and reading a value back from a memcpy's wider
        // stores before they reach the cache stalls (no store forwarding).
        for &a in args {
            self.stack.push(a);
        }
        for _ in args.len()..nslots {
            self.stack.push(Value::Nil);
        }
    }

    /// A scope holding `args` then nil up to `nslots`, reusing a pooled one.
    fn new_scope(&mut self, args: &[Value], nslots: usize, parent: Option<Rc<Scope>>) -> Rc<Scope> {
        if let Some(mut rc) = self.scope_pool.pop()
            && let Some(scope) = Rc::get_mut(&mut rc)
        {
            let vars = scope.vars.get_mut();
            vars.clear();
            // Value by value, as in `push_locals`.
            for &a in args {
                vars.push(a);
            }
            vars.resize(nslots.max(args.len()), Value::Nil);
            scope.parent = parent;
            return rc;
        }
        let mut vars = Vec::with_capacity(nslots.max(args.len()).max(4));
        for &a in args {
            vars.push(a);
        }
        vars.resize(nslots.max(args.len()), Value::Nil);
        Rc::new(Scope {
            vars: RefCell::new(vars),
            parent,
        })
    }

    /// Returns a scope no block captured to the pool.
    fn recycle(&mut self, mut scope: Rc<Scope>) {
        if self.scope_pool.len() < 256
            && let Some(s) = Rc::get_mut(&mut scope)
        {
            s.parent = None;
            self.scope_pool.push(scope);
        }
    }

    /// The closure of a block value, if `v` is one.
    pub(crate) fn closure_args(&self, v: Value) -> Option<usize> {
        let Value::Obj(id) = v else { return None };
        match &self.st.heap.get(id).body {
            Body::Block(c) => Some(c.code.nargs),
            _ => None,
        }
    }

    /// Evaluates block `blk` with `args` (the count must match).
    pub(crate) fn call_block(&mut self, blk: Value, args: &[Value]) -> R<Value> {
        let Value::Obj(id) = blk else {
            return Err(self.fatal("not a block".into()));
        };
        let closure = match &self.st.heap.get(id).body {
            Body::Block(c) => c.clone(),
            _ => return Err(self.fatal("not a block".into())),
        };
        self.enter()?;
        let caller_line = self.line;
        self.record(closure.method.frame_tag, caller_line | BLOCK_BIT);
        self.line = 0;
        let base = self.stack.len();
        let scope = if closure.code.needs_scope {
            Some(self.new_scope(args, closure.code.nslots, Some(closure.outer.clone())))
        } else {
            self.push_locals(args, closure.code.nslots);
            None
        };
        let frame = Frame {
            receiver: closure.receiver,
            scope,
            base,
            outer: Some(&closure.outer),
            method: &closure.method,
            home_id: closure.home.id,
            home: RefCell::new(None),
            block_home: Some(&closure.home),
        };
        let r = self.statements(&closure.code.body, &frame);
        self.depth -= 1;
        self.line = caller_line;
        self.stack.truncate(base);
        if let Some(scope) = frame.scope {
            self.recycle(scope);
        }
        r
    }

    pub(super) fn make_block(&mut self, code: &Rc<BlockCode>, f: &Frame) -> R<Value> {
        let home = match f.block_home {
            Some(h) => h.clone(),
            None => {
                let mut h = f.home.borrow_mut();
                h.get_or_insert_with(|| {
                    Rc::new(Home {
                        id: f.home_id,
                        alive: std::cell::Cell::new(true),
                    })
                })
                .clone()
            }
        };
        // The compiler gives every activation that creates a block a scope.
        let Some(outer) = f.scope.clone() else {
            return Err(self.fatal(format!(
                "internal error: a block was created in {} without a scope to capture",
                f.method.label
            )));
        };
        let closure = Closure {
            code: code.clone(),
            outer,
            receiver: f.receiver,
            home,
            method: f.method.clone(),
        };
        self.alloc(self.st.known.exec_block, 0, Body::Block(Rc::new(closure)))
    }

    /// The scope of the activation `depth` (≥ 1) levels out from a block
    /// activation.
    fn outer_scope<'f>(f: &'f Frame<'_>, depth: u16) -> &'f Scope {
        let mut s: &Scope = f.outer.expect("compiler-resolved depth");
        for _ in 1..depth {
            s = s.parent.as_deref().expect("compiler-resolved depth");
        }
        s
    }

    /// Variable `idx` of the running activation.
    #[inline(always)]
    pub(super) fn local(&self, f: &Frame, idx: u16) -> Value {
        match &f.scope {
            Some(s) => s.vars.borrow()[idx as usize],
            None => self.stack[f.base + idx as usize],
        }
    }

    /// Sets variable `idx` of the running activation.
    #[inline(always)]
    pub(super) fn set_local(&mut self, f: &Frame, idx: u16, v: Value) {
        match &f.scope {
            Some(s) => s.vars.borrow_mut()[idx as usize] = v,
            None => self.stack[f.base + idx as usize] = v,
        }
    }

    pub(super) fn get_temp(&self, f: &Frame, depth: u16, idx: u16) -> Value {
        if depth == 0 {
            self.local(f, idx)
        } else {
            Self::outer_scope(f, depth).vars.borrow()[idx as usize]
        }
    }

    pub(super) fn set_temp(&mut self, f: &Frame, depth: u16, idx: u16, v: Value) {
        if depth == 0 {
            self.set_local(f, idx, v);
        } else {
            Self::outer_scope(f, depth).vars.borrow_mut()[idx as usize] = v;
        }
    }
}

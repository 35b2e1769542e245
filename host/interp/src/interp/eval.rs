//! Evaluating the compiled node tree: statements, variables and
//! assignments, the inlined control structures, and send sites with their
//! inline caches and SmallInteger and Float fast paths.
//!
//! This is the interpreter's hot path: the leaf kinds and sends are
//! handled before the general evaluator, whose stack frame is large.

use super::activation::Frame;
use super::value::small;
use super::{R, Run, Unwind};
use crate::compile::{CascadeMessage, Method, Node, Sel, SendCache, Special};
use crate::heap::{ClassIdx, Value};

/// SmallInteger arithmetic and comparison for a [`Special`] operator;
/// `None` when the result is not a SmallInteger (or the divisor is 0).
#[inline(always)]
fn int_binary(op: Special, x: i64, y: i64) -> Option<Value> {
    match op {
        Special::Add => small(x + y),
        Special::Sub => small(x - y),
        Special::Mul => x.checked_mul(y).and_then(small),
        Special::Lt => Some(Value::bool(x < y)),
        Special::Gt => Some(Value::bool(x > y)),
        Special::Le => Some(Value::bool(x <= y)),
        Special::Ge => Some(Value::bool(x >= y)),
        Special::Eq => Some(Value::bool(x == y)),
        Special::Ne => Some(Value::bool(x != y)),
        Special::Mod if y != 0 => Some(Value::Int(
            x.rem_euclid(y) + if y < 0 && x.rem_euclid(y) != 0 { y } else { 0 },
        )),
        Special::Div if y != 0 => {
            small(x.div_euclid(y) - if y < 0 && x.rem_euclid(y) != 0 { 1 } else { 0 })
        }
        _ => None,
    }
}

impl<'a> Run<'a> {
    pub(super) fn method_body(&mut self, body: &[Node], f: &Frame, is_doit: bool) -> R<Value> {
        let mut last = Value::Nil;
        for stmt in body {
            match stmt {
                Node::Return(e) => return self.operand(e, f),
                Node::ReturnIf { cond, when, value } => match (self.operand(cond, f)?, when) {
                    (Value::True, true) | (Value::False, false) => {
                        return self.operand(value, f);
                    }
                    (Value::True | Value::False, _) => last = Value::Nil,
                    (other, _) => {
                        let sel = self.st.sel_must_be_boolean;
                        last = self.send(other, sel, &[], None)?;
                    }
                },
                _ => last = self.eval(stmt, f)?,
            }
        }
        Ok(if is_doit { last } else { f.receiver })
    }

    /// Evaluates statements, answering the last one's value (nil if none).
    pub(super) fn statements(&mut self, body: &[Node], f: &Frame) -> R<Value> {
        let mut last = Value::Nil;
        for s in body {
            last = self.eval(s, f)?;
        }
        Ok(last)
    }

    fn inst_var(&self, rcv: Value, i: u32) -> Value {
        match rcv {
            Value::Obj(id) => self
                .st
                .heap
                .get(id)
                .named
                .get(i as usize)
                .copied()
                .unwrap_or(Value::Nil),
            Value::Class(c) => self.st.classes[c as usize]
                .class_inst_vals
                .get(i as usize)
                .copied()
                .unwrap_or(Value::Nil),
            _ => Value::Nil,
        }
    }

    fn set_inst_var(&mut self, rcv: Value, i: u32, v: Value) -> R<()> {
        match rcv {
            Value::Obj(id) => {
                let o = self.st.heap.get_mut(id);
                if let Some(slot) = o.named.get_mut(i as usize) {
                    *slot = v;
                }
            }
            Value::Class(c) => {
                if let Some(slot) = self.st.classes[c as usize]
                    .class_inst_vals
                    .get_mut(i as usize)
                {
                    *slot = v;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn super_start(&self, m: &Method) -> Option<(ClassIdx, bool)> {
        match self.st.classes[m.class as usize].superclass {
            Some(s) => Some((s, m.meta)),
            None if m.meta => Some((self.st.known.class, false)),
            None => None,
        }
    }

    /// Evaluates a node, handling the leaf kinds inline so they cost no
    /// call of the (large) general evaluator.
    #[inline(always)]
    fn operand(&mut self, node: &Node, f: &Frame) -> R<Value> {
        match node {
            Node::Const(v) => Ok(*v),
            Node::SelfRef => Ok(f.receiver),
            Node::Temp(0, i) => Ok(self.local(f, *i)),
            Node::BinTempInt { op, slot, k, send } => {
                if let Value::Int(x) = self.local(f, *slot)
                    && let Some(v) = int_binary(*op, x, *k)
                {
                    return Ok(v);
                }
                self.eval(send, f)
            }
            // Sends skip the general evaluator's dispatch (and its large
            // stack frame): most operands that are not leaves are sends.
            Node::Send {
                recv,
                sel,
                args,
                sup,
                special,
                cache,
            } => {
                if *special != Special::None {
                    self.eval_special(*special, recv, &args[0], *sel, *sup, cache, f)
                } else {
                    self.eval_send(recv, *sel, args, *sup, cache, f)
                }
            }
            _ => self.eval(node, f),
        }
    }

    /// A binary send with a fast path for SmallInteger and Float operands
    /// (see [`Special`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn eval_special(
        &mut self,
        special: Special,
        recv: &Node,
        arg: &Node,
        sel: Sel,
        sup: bool,
        cache: &SendCache,
        f: &Frame,
    ) -> R<Value> {
        let r = self.operand(recv, f)?;
        let a = self.operand(arg, f)?;
        if let Some(v) = self.fast_binary(special, r, a) {
            return Ok(v);
        }
        self.line = cache.line;
        if sup {
            let start = self.super_start(f.method);
            return self.send(r, sel, &[a], start);
        }
        self.send_cached(r, sel, &[a], cache)
    }

    /// Evaluates one node.
    pub(crate) fn eval(&mut self, node: &Node, f: &Frame) -> R<Value> {
        match node {
            Node::Const(v) => Ok(*v),
            Node::SelfRef => Ok(f.receiver),
            Node::Temp(d, i) => Ok(self.get_temp(f, *d, *i)),
            Node::InstVar(i) => {
                if let Value::Class(c) = f.receiver
                    && !self.st.classes[c as usize].state_loaded
                {
                    self.class_state(c)?;
                }
                Ok(self.inst_var(f.receiver, *i))
            }
            Node::ClassVar(c, i) => {
                if !self.st.classes[*c as usize].state_loaded {
                    self.class_state(*c)?;
                }
                Ok(self.st.classes[*c as usize].class_vars[*i as usize])
            }
            Node::Global(g) => match self.global_value(*g) {
                Some(v) => Ok(v),
                None => {
                    let slot = &self.st.globals[*g as usize];
                    let text = match &slot.pool {
                        Some(pool) => format!(
                            "pool variable {} is no longer bound in the pool dictionary {pool}: \
                             bind it there again or recompile the method",
                            slot.name
                        ),
                        None => format!(
                            "undefined global {}: define it or check the spelling",
                            slot.name
                        ),
                    };
                    self.signal_error("Error", &text)
                }
            },
            Node::AssignTemp(d, i, e) => {
                let v = self.operand(e, f)?;
                self.set_temp(f, *d, *i, v);
                Ok(v)
            }
            Node::AssignInst(i, e) => {
                let v = self.eval(e, f)?;
                if let Value::Class(c) = f.receiver
                    && !self.st.classes[c as usize].state_loaded
                {
                    self.class_state(c)?;
                }
                self.set_inst_var(f.receiver, *i, v)?;
                Ok(v)
            }
            Node::AssignClassVar(c, i, e) => {
                let v = self.eval(e, f)?;
                if !self.st.classes[*c as usize].state_loaded {
                    self.class_state(*c)?;
                }
                self.st.classes[*c as usize].class_vars[*i as usize] = v;
                Ok(v)
            }
            Node::AssignGlobal(g, e) => {
                let v = self.eval(e, f)?;
                let name = self.st.globals[*g as usize].name.clone();
                let dictionary = match &self.st.globals[*g as usize].pool {
                    Some(pool) => Some(pool.clone()),
                    None => self.binding_dictionary(&name),
                };
                match dictionary {
                    // A name a dictionary binds is assigned there, so the
                    // new value commits with the session.
                    Some(dict) => {
                        let proxy = self.dictionary_proxy(&dict)?;
                        let key = self.symbol(&name);
                        let at_put = self.st.sym("at:put:");
                        self.send(proxy, at_put, &[key, v], None)?;
                    }
                    None => {
                        self.st.overlay.insert(name, v);
                    }
                }
                self.st.globals[*g as usize].cached = Some((self.st.epoch, v));
                Ok(v)
            }
            Node::Send {
                recv,
                sel,
                args,
                sup,
                special,
                cache,
            } => {
                if *special != Special::None {
                    self.eval_special(*special, recv, &args[0], *sel, *sup, cache, f)
                } else {
                    self.eval_send(recv, *sel, args, *sup, cache, f)
                }
            }
            Node::Cascade(recv, sup, parts) => self.eval_cascade(recv, *sup, parts, f),
            Node::Block(code) => self.make_block(code, f),
            Node::Brace(items) => {
                let mut vals = Vec::with_capacity(items.len());
                for i in items {
                    vals.push(self.eval(i, f)?);
                }
                self.array(vals)
            }
            Node::Return(e) => {
                let value = self.operand(e, f)?;
                Err(self.unwind_with(Unwind::RETURN, f.home_id, value))
            }
            Node::ReturnIf { cond, when, value } => match (self.operand(cond, f)?, when) {
                (Value::True, true) | (Value::False, false) => {
                    let value = self.operand(value, f)?;
                    Err(self.unwind_with(Unwind::RETURN, f.home_id, value))
                }
                (Value::True | Value::False, _) => Ok(Value::Nil),
                (other, _) => {
                    let sel = self.st.sel_must_be_boolean;
                    self.send(other, sel, &[], None)
                }
            },
            Node::NonLocalReturn(e) => {
                let value = self.eval(e, f)?;
                let alive = match f.block_home {
                    Some(h) => h.alive.get(),
                    None => f.home.borrow().as_ref().is_none_or(|h| h.alive.get()),
                };
                if !alive {
                    return self.signal_error(
                        "Error",
                        "block cannot return: its home method has already returned",
                    );
                }
                Err(self.unwind_with(Unwind::RETURN, f.home_id, value))
            }
            Node::If {
                cond,
                if_true,
                if_false,
            } => {
                let c = self.operand(cond, f)?;
                let branch = match c {
                    Value::True => if_true,
                    Value::False => if_false,
                    other => {
                        let sel = self.st.sel_must_be_boolean;
                        return self.send(other, sel, &[], None);
                    }
                };
                match branch {
                    Some(b) => self.statements(b, f),
                    None => Ok(Value::Nil),
                }
            }
            Node::AndOr(is_and, a, b) => {
                let c = self.eval(a, f)?;
                match (c, is_and) {
                    (Value::True, true) | (Value::False, false) => self.statements(b, f),
                    (Value::False, true) => Ok(Value::False),
                    (Value::True, false) => Ok(Value::True),
                    (other, _) => {
                        let sel = self.st.sel_must_be_boolean;
                        self.send(other, sel, &[], None)
                    }
                }
            }
            Node::While(want, cond, body) => loop {
                self.check_interrupts()?;
                let c = self.statements(cond, f)?;
                let b = match c {
                    Value::True => true,
                    Value::False => false,
                    other => {
                        let sel = self.st.sel_must_be_boolean;
                        self.send(other, sel, &[], None)?;
                        return Ok(Value::Nil);
                    }
                };
                if b != *want {
                    return Ok(Value::Nil);
                }
                self.statements(body, f)?;
            },
            Node::ToDo {
                from,
                to,
                by,
                var,
                limit_slot,
                body,
            } => self.eval_to_do(from, to, by.as_deref(), *var, *limit_slot, body, f),
            Node::IfNil {
                value,
                if_nil,
                if_not_nil,
            } => {
                let v = self.eval(value, f)?;
                if v == Value::Nil {
                    match if_nil {
                        Some(b) => self.statements(b, f),
                        None => Ok(Value::Nil),
                    }
                } else {
                    match if_not_nil {
                        Some((slot, b)) => {
                            if let Some(s) = slot {
                                self.set_local(f, *s, v);
                            }
                            self.statements(b, f)
                        }
                        None => Ok(v),
                    }
                }
            }
            Node::IsNil(is_nil, e) => {
                let v = self.operand(e, f)?;
                Ok(Value::bool((v == Value::Nil) == *is_nil))
            }
            Node::Identical(a, b) => {
                let x = self.operand(a, f)?;
                let y = self.operand(b, f)?;
                Ok(Value::bool(x.identical(y)))
            }
            Node::BinTempInt { .. } => self.operand(node, f),
        }
    }

    #[inline(never)]
    fn eval_send(
        &mut self,
        recv: &Node,
        sel: Sel,
        args: &[Node],
        sup: bool,
        cache: &SendCache,
        f: &Frame,
    ) -> R<Value> {
        // Sends to self are the most common: no dispatch for them.
        let r = match recv {
            Node::SelfRef => f.receiver,
            _ => self.operand(recv, f)?,
        };
        // Arrays of exactly the arity: no buffer to fill with nil first.
        // The line is recorded once the arguments' own sends are done.
        match args {
            [] => {
                self.line = cache.line;
                self.dispatch(r, sel, &[], sup, cache, f)
            }
            [a] => {
                let a = self.operand(a, f)?;
                self.line = cache.line;
                self.dispatch(r, sel, &[a], sup, cache, f)
            }
            [a, b] => {
                let a = self.operand(a, f)?;
                let b = self.operand(b, f)?;
                self.line = cache.line;
                self.dispatch(r, sel, &[a, b], sup, cache, f)
            }
            _ => {
                let mut argv = Vec::with_capacity(args.len());
                for a in args {
                    argv.push(self.operand(a, f)?);
                }
                self.line = cache.line;
                self.dispatch(r, sel, &argv, sup, cache, f)
            }
        }
    }

    /// Sends `sel` with evaluated receiver and arguments from a send site.
    #[inline(always)]
    fn dispatch(
        &mut self,
        r: Value,
        sel: Sel,
        argv: &[Value],
        sup: bool,
        cache: &SendCache,
        f: &Frame,
    ) -> R<Value> {
        if sup {
            match self.super_start(f.method) {
                Some(start) => self.send(r, sel, argv, Some(start)),
                None => self.not_understood(r, sel, argv),
            }
        } else {
            self.send_cached(r, sel, argv, cache)
        }
    }

    /// Sends `sel` to `r` from a send site with inline cache `cache`.
    #[inline(always)]
    fn send_cached(&mut self, r: Value, sel: Sel, argv: &[Value], cache: &SendCache) -> R<Value> {
        // `value`, `value:`, `value:value:` to a block of that many
        // parameters run it at once: ExecBlock is a kernel class, so
        // these are always primitives 20-22 and they cannot fail.
        if cache.block_value && self.closure_args(r) == Some(argv.len()) {
            return self.call_block(r, argv);
        }
        let (class, meta) = self.class_of(r);
        let key = (((class as u64) << 1) | meta as u64) + 1;
        if cache.key.get() == key && cache.epoch.get() == self.st.epoch {
            // Borrowed for the whole call (no reference count traffic): a
            // recursive send from this site reads the entry too, and one
            // that misses leaves it alone (below).
            let entry = cache.method.borrow();
            if let Some(m) = entry.as_ref() {
                return self.invoke(m, r, argv);
            }
        }
        match self.lookup(class, meta, sel) {
            Some(m) => {
                if let Ok(mut slot) = cache.method.try_borrow_mut() {
                    *slot = Some(m.clone());
                    cache.key.set(key);
                    cache.epoch.set(self.st.epoch);
                }
                self.invoke(&m, r, argv)
            }
            None => self.not_understood(r, sel, argv),
        }
    }

    #[inline(never)]
    fn eval_cascade(
        &mut self,
        recv: &Node,
        sup: bool,
        parts: &[Vec<CascadeMessage>],
        f: &Frame,
    ) -> R<Value> {
        let r = self.operand(recv, f)?;
        let mut last = Value::Nil;
        for chain in parts {
            let mut target = r;
            for (i, m) in chain.iter().enumerate() {
                let (mut one, mut long) = ([Value::Nil; 1], Vec::new());
                let argv: &[Value] = match &m.args[..] {
                    [] => &[],
                    [a] => {
                        one[0] = self.operand(a, f)?;
                        &one
                    }
                    more => {
                        for a in more {
                            long.push(self.operand(a, f)?);
                        }
                        &long
                    }
                };
                self.line = m.cache.line;
                // Only the messages sent to the cascade's receiver itself
                // start at the superclass; later ones in a part go to the
                // previous answer.
                target = if sup && i == 0 {
                    match self.super_start(f.method) {
                        Some(start) => self.send(target, m.sel, argv, Some(start))?,
                        None => self.not_understood(target, m.sel, argv)?,
                    }
                } else {
                    self.send_cached(target, m.sel, argv, &m.cache)?
                };
            }
            last = target;
        }
        Ok(last)
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn eval_to_do(
        &mut self,
        from: &Node,
        to: &Node,
        by: Option<&Node>,
        var: u16,
        limit_slot: u16,
        body: &[Node],
        f: &Frame,
    ) -> R<Value> {
        let start = self.eval(from, f)?;
        let limit = self.eval(to, f)?;
        let step = match by {
            Some(b) => self.eval(b, f)?,
            None => Value::Int(1),
        };
        self.set_local(f, limit_slot, limit);
        if let (Value::Int(s), Value::Int(l), Value::Int(st)) = (start, limit, step)
            && st != 0
        {
            let mut i = s;
            while (st > 0 && i <= l) || (st < 0 && i >= l) {
                self.check_interrupts()?;
                self.set_local(f, var, Value::Int(i));
                self.statements(body, f)?;
                i += st;
            }
            return Ok(start);
        }
        // Generic numbers: i <= limit, i := i + step, by sends.
        let le = self.st.sym(if matches!(step, Value::Int(n) if n < 0) {
            ">="
        } else {
            "<="
        });
        let plus = self.st.sym("+");
        let mut i = start;
        loop {
            self.check_interrupts()?;
            let c = self.send(i, le, &[limit], None)?;
            if c != Value::True {
                break;
            }
            self.set_local(f, var, i);
            self.statements(body, f)?;
            i = self.send(i, plus, &[step], None)?;
        }
        Ok(start)
    }

    /// SmallInteger and Float arithmetic without a send.
    #[inline(always)]
    fn fast_binary(&mut self, op: Special, a: Value, b: Value) -> Option<Value> {
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => int_binary(op, x, y),
            (Value::Float(x), Value::Float(y)) => match op {
                Special::Add => Some(Value::Float(x + y)),
                Special::Sub => Some(Value::Float(x - y)),
                Special::Mul => Some(Value::Float(x * y)),
                Special::Lt => Some(Value::bool(x < y)),
                Special::Gt => Some(Value::bool(x > y)),
                Special::Le => Some(Value::bool(x <= y)),
                Special::Ge => Some(Value::bool(x >= y)),
                Special::Eq => Some(Value::bool(x == y)),
                Special::Ne => Some(Value::bool(x != y)),
                _ => None,
            },
            _ => None,
        }
    }
}

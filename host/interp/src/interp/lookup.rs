//! Finding the method a message runs: the lookup cache, each class's
//! selector and method caches (checked against the session once per
//! epoch), compiling stored methods and doits with the names they resolve,
//! and sends, with `doesNotUnderstand:` when lookup finds nothing.
//!
//! The send sites' inline caches are the evaluator's (`eval`); these are
//! the caches behind them, shared by every send.

use std::collections::HashSet;
use std::rc::Rc;

use gs_image::{Session, Side};
use gs_smalltalk::ast::Literal;

use super::{R, Run};
use crate::compile::{CompileEnv, CompileProblem, Compiler, Method, Resolved, Sel};
use crate::heap::{Body, ClassIdx, Value};

/// A fast hasher for the integer keys of the lookup cache.
#[derive(Default, Clone, Copy)]
pub struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Builds [`Fx`] hashers.
pub type BuildFx = std::hash::BuildHasherDefault<Fx>;

/// Resolves names while compiling a method of one class.
pub(crate) struct Env<'s, 'r> {
    pub(crate) run: &'s mut Run<'r>,
    pub(crate) class: ClassIdx,
    pub(crate) meta: bool,
    pub(crate) strict: bool,
}

impl CompileEnv for Env<'_, '_> {
    fn symbol(&mut self, name: &str) -> Sel {
        self.run.st.sym(name)
    }

    fn literal(&mut self, literal: &Literal) -> Value {
        let v = self.run.literal(literal).unwrap_or(Value::Nil);
        // Method literals are invariant, as GemStone makes them; a doit is
        // compiled afresh for every execution, so its literals may change.
        if !self.strict {
            self.run.freeze(v);
        }
        v
    }

    fn resolve(&mut self, name: &str) -> Resolved {
        let st = &mut *self.run.st;
        let info = &st.classes[self.class as usize];
        let ivars = if self.meta {
            &info.class_inst_vars
        } else {
            &info.inst_vars
        };
        if let Some(i) = ivars.iter().position(|n| n == name) {
            return Resolved::InstVar(i as u32);
        }
        let mut c = Some(self.class);
        while let Some(ci) = c {
            let info = &st.classes[ci as usize];
            if let Some(i) = info.class_var_names.iter().position(|n| n == name) {
                return Resolved::ClassVar(ci, i as u32);
            }
            c = info.superclass;
        }
        // Pool dictionaries come before the symbol list, nearest class
        // first, as in GemStone.
        let mut pools: Vec<String> = Vec::new();
        let mut c = Some(self.class);
        while let Some(ci) = c {
            let info = &st.classes[ci as usize];
            pools.extend(info.record.definition.pool_dictionaries.iter().cloned());
            c = info.superclass;
        }
        if !pools.is_empty()
            && let Some(pool) = self.run.pool_binding(&pools, name)
        {
            return Resolved::Global(self.run.pool_slot(&pool, name));
        }
        // A doit may name a global it defines itself (a class made by an
        // earlier statement), so capitalised names bind late and fail at
        // run time if still undefined; a lower-case unknown name is a
        // misspelt temporary and a compile error.
        let g = self.run.global_slot(name);
        if self.strict
            && !name.starts_with(|c: char| c.is_ascii_uppercase())
            && self.run.global_value(g).is_none()
        {
            return Resolved::Unknown;
        }
        Resolved::Global(g)
    }
}

impl<'a> Run<'a> {
    /// The method `sel` for receivers of (class, meta), searching the
    /// superclass chain (for the class side, continuing into `Class`).
    pub(crate) fn lookup(&mut self, class: ClassIdx, meta: bool, sel: Sel) -> Option<Rc<Method>> {
        let key = ((class as u64) << 33) | ((meta as u64) << 32) | sel as u64;
        if let Some(m) = self.st.lookup_cache.get(&key) {
            return m.clone();
        }
        let mut found = None;
        let mut c = Some(class);
        let mut side_meta = meta;
        while let Some(ci) = c {
            if let Some(m) = self.local_method(ci, side_meta, sel) {
                found = Some(m);
                break;
            }
            c = self.st.classes[ci as usize].superclass;
            if c.is_none() && side_meta {
                side_meta = false;
                c = Some(self.st.known.class);
            }
        }
        self.st.lookup_cache.insert(key, found.clone());
        found
    }

    fn selectors_of(&mut self, ci: ClassIdx, meta: bool) -> &HashSet<String> {
        let epoch = self.st.epoch;
        let side = meta as usize;
        let stale =
            !matches!(&self.st.classes[ci as usize].selectors[side], Some((e, _)) if *e == epoch);
        if stale {
            // By the class's identity: a class the symbol list reaches by
            // another name, or none (removed, kept for its instances), has
            // its own methods.
            let id = self.st.classes[ci as usize].id;
            let set: HashSet<String> = self
                .session
                .selectors_of_class(id, Side::from_meta(meta))
                .into_iter()
                .collect();
            self.st.classes[ci as usize].selectors[side] = Some((epoch, set));
        }
        &self.st.classes[ci as usize].selectors[side]
            .as_ref()
            .expect("just filled")
            .1
    }

    fn local_method(&mut self, ci: ClassIdx, meta: bool, sel: Sel) -> Option<Rc<Method>> {
        let epoch = self.st.epoch;
        let side = meta as usize;
        let sel_name = self.st.text(sel);
        if !self.selectors_of(ci, meta).contains(&sel_name) {
            return None;
        }
        let id = self.st.classes[ci as usize].id;
        let source = self
            .session
            .method_source_of_class(id, Side::from_meta(meta), &sel_name)?;
        if let Some((e, m)) = self.st.classes[ci as usize].methods[side].get(&sel)
            && (*e == epoch || m.source == source)
        {
            let m = m.clone();
            self.st.classes[ci as usize].methods[side].insert(sel, (epoch, m.clone()));
            return Some(m);
        }
        let method = self.compile_method(ci, meta, &source).ok()?;
        let m = Rc::new(method);
        self.st.classes[ci as usize].methods[side].insert(sel, (epoch, m.clone()));
        Some(m)
    }

    /// The memory compiling `source` may take, to count against the
    /// budget before source a call built (`evaluate`, `compile:classified:`)
    /// is parsed: its syntax tree and compiled code live outside the heap,
    /// and are tens of times the size of the text.
    pub(crate) fn compile_cost(source: &str) -> usize {
        source.len().saturating_mul(COMPILE_BYTES_PER_SOURCE_BYTE)
    }

    /// Compiles a stored method of class `ci`.
    pub(crate) fn compile_method(
        &mut self,
        ci: ClassIdx,
        meta: bool,
        source: &str,
    ) -> Result<Method, Vec<CompileProblem>> {
        let node = gs_smalltalk::parse_method(source).map_err(|errs| {
            errs.into_iter()
                .map(|e| CompileProblem {
                    message: e.message,
                    line: e.line,
                    column: e.column,
                })
                .collect::<Vec<_>>()
        })?;
        refuse_wide_symbols(&node.body, source)?;
        let args: Vec<String> = node
            .pattern
            .arguments
            .iter()
            .map(|a| a.name.clone())
            .collect();
        let temps: Vec<String> = node.temporaries.iter().map(|t| t.name.clone()).collect();
        let primitive = node
            .primitive()
            .and_then(|p| p.parse::<u32>().ok())
            .or_else(|| {
                let info = &self.st.classes[ci as usize];
                if info.record.kernel {
                    crate::intrinsics::lookup(&info.name, meta, node.selector())
                } else {
                    None
                }
            });
        let label = format!(
            "{}{}>>{}",
            self.st.classes[ci as usize].name,
            if meta { " class" } else { "" },
            node.selector()
        );
        let mut env = Env {
            run: self,
            class: ci,
            meta,
            strict: false,
        };
        let compiled = Compiler::new(&mut env, source).compile_body(&args, &temps, &node.body)?;
        let selector = self.st.sym(node.selector());
        Ok(Method {
            class: ci,
            meta,
            label,
            frame_tag: Method::frame_tag(ci, selector, meta, false),
            nslots: compiled.nslots,
            needs_scope: compiled.needs_scope,
            primitive,
            body: compiled.body,
            literals: compiled.literals,
            source: source.to_string(),
            is_doit: false,
        })
    }

    /// Compiles a doit (executed with `nil` as receiver).
    pub(crate) fn compile_doit(&mut self, source: &str) -> Result<Method, Vec<CompileProblem>> {
        let node = gs_smalltalk::parse_doit(source).map_err(|errs| {
            errs.into_iter()
                .map(|e| CompileProblem {
                    message: e.message,
                    line: e.line,
                    column: e.column,
                })
                .collect::<Vec<_>>()
        })?;
        refuse_wide_symbols(&node.body, source)?;
        let temps: Vec<String> = node.temporaries.iter().map(|t| t.name.clone()).collect();
        let class = self.st.known.undefined;
        let mut env = Env {
            run: self,
            class,
            meta: false,
            strict: true,
        };
        let compiled = Compiler::new(&mut env, source).compile_body(&[], &temps, &node.body)?;
        Ok(Method {
            class,
            meta: false,
            label: "doit".into(),
            frame_tag: Method::frame_tag(class, 0, false, true),
            nslots: compiled.nslots,
            needs_scope: compiled.needs_scope,
            primitive: None,
            body: compiled.body,
            literals: compiled.literals,
            source: source.to_string(),
            is_doit: true,
        })
    }

    /// Forgets cached lookups after this call changed methods or classes.
    pub(crate) fn code_changed(&mut self) {
        let session: &Session = self.session;
        self.st.new_epoch(session);
    }

    /// Sends `sel` to `rcv`; `start` overrides where lookup begins (super).
    pub(crate) fn send(
        &mut self,
        rcv: Value,
        sel: Sel,
        args: &[Value],
        start: Option<(ClassIdx, bool)>,
    ) -> R<Value> {
        let (class, meta) = match start {
            Some(s) => s,
            None => self.class_of(rcv),
        };
        match self.lookup(class, meta, sel) {
            Some(m) => self.invoke(&m, rcv, args),
            None => self.not_understood(rcv, sel, args),
        }
    }

    pub(super) fn not_understood(&mut self, rcv: Value, sel: Sel, args: &[Value]) -> R<Value> {
        let (class, meta) = self.class_of(rcv);
        let dnu = self.st.sel_dnu;
        // A receiver outside Object's hierarchy (`nil subclass:`) that
        // does not understand #doesNotUnderstand: either still signals
        // MessageNotUnderstood, as GemStone's does: Object's method runs
        // for it, sending it nothing, so a handler can catch the error.
        let found = self
            .lookup(class, meta, dnu)
            .or_else(|| self.lookup(self.st.known.object, false, dnu));
        let Some(m) = found else {
            let m = format!(
                "{} does not understand #{} nor #doesNotUnderstand:",
                self.class_name_of(rcv),
                self.st.text(sel)
            );
            return Err(self.fatal(m));
        };
        let arr = self.array(args.to_vec())?;
        let msg = self.alloc(self.st.known.message, 2, Body::None)?;
        if let Value::Obj(id) = msg {
            let o = self.st.heap.get_mut(id);
            o.named[0] = Value::Obj(sel);
            o.named[1] = arr;
        }
        self.invoke(&m, rcv, &[msg])
    }
}

/// Bytes of syntax tree and compiled code one byte of source text may
/// become, at most: dense statements (`a := a + 1.`) measured about 45 for
/// the tree and 85 for tree and compiled code together, while the tree is
/// dropped once the code is made.
const COMPILE_BYTES_PER_SOURCE_BYTE: usize = 64;

/// A symbol literal this image's Symbols cannot hold is a compile problem
/// (see [`gs_image::LAST_STRING_CHAR`]): made into a Symbol, it would be
/// another symbol. (A string literal of such characters is a
/// DoubleByteString or QuadByteString.)
fn refuse_wide_symbols(
    body: &[gs_smalltalk::ast::Statement],
    source: &str,
) -> Result<(), Vec<CompileProblem>> {
    let found = gs_smalltalk::check::symbols_above(body, source, gs_image::LAST_STRING_CHAR);
    if found.is_empty() {
        return Ok(());
    }
    Err(found
        .into_iter()
        .map(|d| CompileProblem {
            message: d.message,
            line: d.line,
            column: d.column,
        })
        .collect())
}

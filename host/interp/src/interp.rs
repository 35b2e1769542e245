//! The evaluator: classes and method lookup, sends, blocks, non-local
//! return, and the unwinding that exceptions, breaks and limits use.
//!
//! Evaluation walks the compiled [`Node`] tree with Rust recursion. Every
//! way of leaving an activation early (`^`, a handler completing, `retry`,
//! `resume:`, an unhandled error, a break, a limit) is an [`Unwind`] value
//! travelling up as the `Err` of a `Result`, so `ensure:` blocks and handler
//! frames see each one pass and act on it. Depth is counted and limited
//! well below what the (large, dedicated) thread stack can hold, so deep
//! recursion becomes a Smalltalk error, never a stack overflow.
//!
//! An activation whose code creates no block keeps its arguments and
//! temporaries on the call's value stack ([`Run::stack`]), which costs
//! nothing to set up; one that creates blocks keeps them in a heap
//! [`Scope`] the blocks share, so a block that outlives its method still
//! reads and writes them.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use gs_image::{
    ClassId, ClassKind, ClassRecord, DictionaryEntry, GlobalValue, ObjectId, Session, Side,
};
use gs_smalltalk::ast::Literal;
use num_bigint::BigInt;
use num_traits::ToPrimitive;

use crate::compile::{
    BlockCode, CascadeMessage, CompileEnv, CompileProblem, Compiler, Method, Node, Resolved, Sel,
    SendCache, Special,
};
use crate::heap::{
    Body, ClassIdx, Closure, Heap, Home, ObjId, Object, OverBudget, SMALL_MAX, SMALL_MIN, Scope,
    Value,
};

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

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Builds [`Fx`] hashers.
pub type BuildFx = std::hash::BuildHasherDefault<Fx>;

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
}

/// Result of evaluation.
pub type R<T> = Result<T, Unwind>;

/// The message of a memory-budget limit.
pub const MEMORY_MESSAGE: &str = "the memory budget for objects is exhausted; the call \
                                  allocated too much (raise the memory limit or allocate less)";

impl From<OverBudget> for Unwind {
    fn from(_: OverBudget) -> Unwind {
        Unwind::new(Unwind::LIMIT, 1)
    }
}

/// What the interpreter knows about one class.
#[derive(Debug)]
pub struct ClassInfo {
    /// The image's id.
    pub id: ClassId,
    /// The class name.
    pub name: String,
    /// Superclass.
    pub superclass: Option<ClassIdx>,
    /// Instance kind.
    pub kind: ClassKind,
    /// All instance variable names, inherited first.
    pub inst_vars: Vec<String>,
    /// All class-instance variable names, inherited first.
    pub class_inst_vars: Vec<String>,
    /// Class-instance variable values.
    pub class_inst_vals: Vec<Value>,
    /// Class variables this class defines.
    pub class_var_names: Vec<String>,
    /// Their values.
    pub class_vars: Vec<Value>,
    /// The record the info was built from.
    pub record: ClassRecord,
    /// Whether the persistent class and class-instance variable values of
    /// the session's view were loaded (see `persist`).
    pub(crate) state_loaded: bool,
    selectors: [Option<(u64, HashSet<String>)>; 2],
    methods: [HashMap<Sel, (u64, Rc<Method>)>; 2],
}

/// Well-known kernel classes.
#[derive(Debug, Clone, Copy)]
pub struct Known {
    pub(crate) undefined: ClassIdx,
    pub(crate) boolean: ClassIdx,
    pub(crate) small_integer: ClassIdx,
    pub(crate) large_integer: ClassIdx,
    pub(crate) small_double: ClassIdx,
    pub(crate) character: ClassIdx,
    pub(crate) string: ClassIdx,
    pub(crate) symbol: ClassIdx,
    pub(crate) array: ClassIdx,
    pub(crate) byte_array: ClassIdx,
    pub(crate) exec_block: ClassIdx,
    pub(crate) message: ClassIdx,
    pub(crate) metaclass: ClassIdx,
    pub(crate) class: ClassIdx,
    pub(crate) scaled_decimal: ClassIdx,
    pub(crate) gs_method: ClassIdx,
    pub(crate) symbol_dictionary: ClassIdx,
}

/// A global name's binding cache.
#[derive(Debug)]
struct GlobalSlot {
    name: String,
    /// For a pool variable, the pool dictionary that binds it (read there
    /// rather than through the symbol list).
    pool: Option<String>,
    cached: Option<(u64, Value)>,
}

/// The interpreter's state that outlives one call: the heap, the class
/// table and the method caches.
#[derive(Debug)]
pub struct State {
    /// The object memory.
    pub heap: Heap,
    pub(crate) classes: Vec<ClassInfo>,
    by_id: HashMap<ClassId, ClassIdx>,
    pub(crate) known: Known,
    lookup_cache: HashMap<u64, Option<Rc<Method>>, BuildFx>,
    globals: Vec<GlobalSlot>,
    global_index: HashMap<String, u32>,
    /// Values given to globals by this interpreter (e.g. `Transcript`).
    pub(crate) overlay: HashMap<String, Value>,
    /// Proxy SymbolDictionary objects standing for the session's
    /// dictionaries, by name.
    pub(crate) dict_proxies: HashMap<String, ObjId>,
    /// For each dictionary object, the names of the session's entries it
    /// was filled with (see `persist`).
    pub(crate) proxy_base: HashMap<String, HashSet<String>>,
    /// For each dictionary object, the classes the session's dictionary
    /// bound when the object was last brought up to date (see
    /// `Run::sync_proxy_classes`), sorted by name.
    pub(crate) proxy_classes: HashMap<String, Vec<(String, ClassId)>>,
    /// The identity map of this view: persistent object id → heap object.
    pub(crate) oids: HashMap<ObjectId, ObjId>,
    /// Its inverse: heap object → persistent object id.
    pub(crate) oid_of: HashMap<ObjId, ObjectId>,
    /// For objects the last write-back stored, the global each was
    /// reached from (named in conflict reports).
    pub(crate) conflict_paths: HashMap<ObjectId, String>,
    /// The current epoch: cached methods and globals from older epochs are
    /// checked against the session before use.
    pub(crate) epoch: u64,
    /// Classes whose instances `basicNew` may not make (with subclasses).
    pub(crate) no_new: Vec<ClassIdx>,
    /// The kernel's IdentityKeyValueDictionary, whose subclasses compare
    /// keys by identity (looked up once: dictionary intrinsics need it on
    /// every access).
    pub(crate) identity_dictionary: Option<ClassIdx>,
    /// The kernel's Interval (the enumeration intrinsics handle it).
    pub(crate) interval: Option<ClassIdx>,
    pub(crate) sel_dnu: Sel,
    pub(crate) sel_handles: Sel,
    pub(crate) sel_description: Sel,
    pub(crate) sel_print_string: Sel,
    pub(crate) sel_must_be_boolean: Sel,
    pub(crate) sel_signal: Sel,
    pub(crate) sel_value: Sel,
    pub(crate) sel_value1: Sel,
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
    /// activation's from its frame's `base` (see [`Method::needs_scope`]).
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

fn small(n: i64) -> Option<Value> {
    (SMALL_MIN..=SMALL_MAX)
        .contains(&n)
        .then_some(Value::Int(n))
}

impl State {
    /// Builds the state for `session`'s image: resolves the kernel classes.
    pub fn new(session: &mut Session, budget: usize) -> Result<State, String> {
        let mut st = State {
            heap: Heap::with_budget(budget),
            classes: Vec::new(),
            by_id: HashMap::new(),
            known: Known {
                undefined: 0,
                boolean: 0,
                small_integer: 0,
                large_integer: 0,
                small_double: 0,
                character: 0,
                string: 0,
                symbol: 0,
                array: 0,
                byte_array: 0,
                exec_block: 0,
                message: 0,
                metaclass: 0,
                class: 0,
                scaled_decimal: 0,
                gs_method: 0,
                symbol_dictionary: 0,
            },
            lookup_cache: HashMap::default(),
            globals: Vec::new(),
            global_index: HashMap::new(),
            overlay: HashMap::new(),
            dict_proxies: HashMap::new(),
            proxy_base: HashMap::new(),
            proxy_classes: HashMap::new(),
            oids: HashMap::new(),
            oid_of: HashMap::new(),
            conflict_paths: HashMap::new(),
            epoch: 1,
            no_new: Vec::new(),
            identity_dictionary: None,
            interval: None,
            sel_dnu: 0,
            sel_handles: 0,
            sel_description: 0,
            sel_print_string: 0,
            sel_must_be_boolean: 0,
            sel_signal: 0,
            sel_value: 0,
            sel_value1: 0,
        };
        let mut k = |name: &str| -> Result<ClassIdx, String> {
            let id = session
                .class_id(name)
                .map_err(|e| format!("the kernel class {name} is missing: {e}"))?;
            Ok(st.class_idx(session, id))
        };
        let known = Known {
            undefined: k("UndefinedObject")?,
            boolean: k("Boolean")?,
            small_integer: k("SmallInteger")?,
            large_integer: k("LargeInteger")?,
            small_double: k("SmallDouble")?,
            character: k("Character")?,
            string: k("String")?,
            symbol: k("Symbol")?,
            array: k("Array")?,
            byte_array: k("ByteArray")?,
            exec_block: k("ExecBlock")?,
            message: k("Message")?,
            metaclass: k("Metaclass3")?,
            class: k("Class")?,
            scaled_decimal: k("ScaledDecimal")?,
            gs_method: k("GsNMethod")?,
            symbol_dictionary: k("SymbolDictionary")?,
        };
        st.known = known;
        for name in [
            "UndefinedObject",
            "Boolean",
            "SmallInteger",
            "LargeInteger",
            "Float",
            "SmallDouble",
            "BinaryFloat",
            "Character",
            "Symbol",
            "ExecBlock",
            "Behavior",
            "ClassDescription",
            "Class",
            "Metaclass3",
        ] {
            if let Ok(id) = session.class_id(name) {
                let ci = st.class_idx(session, id);
                st.no_new.push(ci);
            }
        }
        if let Ok(id) = session.class_id("IdentityKeyValueDictionary") {
            st.identity_dictionary = Some(st.class_idx(session, id));
        }
        if let Ok(id) = session.class_id("Interval") {
            st.interval = Some(st.class_idx(session, id));
        }
        st.sel_dnu = st.sym("doesNotUnderstand:");
        st.sel_handles = st.sym("handles:");
        st.sel_description = st.sym("description");
        st.sel_print_string = st.sym("printString");
        st.sel_must_be_boolean = st.sym("mustBeBoolean");
        st.sel_signal = st.sym("signal");
        st.sel_value = st.sym("value");
        st.sel_value1 = st.sym("value:");
        Ok(st)
    }

    /// The Symbol id for `name`.
    pub fn sym(&mut self, name: &str) -> Sel {
        let bytes: Vec<u8> = name.chars().map(|c| c as u32 as u8).collect();
        self.heap.symbol(self.known.symbol, &bytes)
    }

    /// The text of a Symbol or String object.
    pub fn text(&self, id: ObjId) -> String {
        match &self.heap.get(id).body {
            Body::Bytes(b) => b.iter().map(|&c| c as char).collect(),
            _ => String::new(),
        }
    }

    /// The class-table index of the class with image id `id`, loading it
    /// (and its superclasses) on first use.
    pub fn class_idx(&mut self, session: &Session, id: ClassId) -> ClassIdx {
        if let Some(&i) = self.by_id.get(&id) {
            return i;
        }
        let record = session
            .class_by_id(id)
            .expect("class ids come from the session's own view");
        let superclass = record.superclass.map(|s| self.class_idx(session, s));
        let idx = self.classes.len() as ClassIdx;
        let info = self.build_info(superclass, record);
        self.classes.push(info);
        self.by_id.insert(id, idx);
        idx
    }

    /// The class-table index of image class `id` if it was loaded, without
    /// asking the session (which may no longer have it).
    pub(crate) fn loaded_class(&self, id: ClassId) -> Option<ClassIdx> {
        self.by_id.get(&id).copied()
    }

    fn build_info(&self, superclass: Option<ClassIdx>, record: ClassRecord) -> ClassInfo {
        let (mut inst_vars, mut class_inst_vars) = match superclass {
            Some(s) => (
                self.classes[s as usize].inst_vars.clone(),
                self.classes[s as usize].class_inst_vars.clone(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        inst_vars.extend(record.definition.inst_vars.iter().cloned());
        class_inst_vars.extend(record.definition.class_inst_vars.iter().cloned());
        ClassInfo {
            id: record.id,
            name: record.definition.name.clone(),
            superclass,
            kind: record.definition.kind,
            class_inst_vals: vec![Value::Nil; class_inst_vars.len()],
            inst_vars,
            class_inst_vars,
            class_var_names: record.definition.class_vars.clone(),
            class_vars: vec![Value::Nil; record.definition.class_vars.len()],
            record,
            state_loaded: false,
            selectors: [None, None],
            methods: [HashMap::new(), HashMap::new()],
        }
    }

    /// Starts a new epoch: class shapes are re-read from the session and
    /// cached methods and globals are re-validated on next use.
    pub fn new_epoch(&mut self, session: &Session) {
        self.epoch += 1;
        self.lookup_cache.clear();
        let before: Vec<Vec<String>> = self.classes.iter().map(|c| c.inst_vars.clone()).collect();
        for i in 0..self.classes.len() {
            let id = self.classes[i].id;
            let Some(record) = session.class_by_id(id) else {
                continue;
            };
            if record != self.classes[i].record {
                let superclass = record.superclass.map(|s| self.class_idx(session, s));
                let mut info = self.build_info(superclass, record);
                let old = &self.classes[i];
                info.state_loaded = old.state_loaded;
                for (n, v) in old.class_var_names.iter().zip(&old.class_vars) {
                    if let Some(p) = info.class_var_names.iter().position(|x| x == n) {
                        info.class_vars[p] = *v;
                    }
                }
                for (n, v) in old.class_inst_vars.iter().zip(&old.class_inst_vals) {
                    if let Some(p) = info.class_inst_vars.iter().position(|x| x == n) {
                        info.class_inst_vals[p] = *v;
                    }
                }
                self.classes[i] = info;
            }
        }
        // Subclasses copied their superclass's variable lists; rebuild them
        // in table order (superclasses load before subclasses).
        for i in 0..self.classes.len() {
            if let Some(s) = self.classes[i].superclass {
                let mut iv = self.classes[s as usize].inst_vars.clone();
                iv.extend(self.classes[i].record.definition.inst_vars.iter().cloned());
                let mut civ = self.classes[s as usize].class_inst_vars.clone();
                civ.extend(
                    self.classes[i]
                        .record
                        .definition
                        .class_inst_vars
                        .iter()
                        .cloned(),
                );
                let c = &mut self.classes[i];
                c.inst_vars = iv;
                if c.class_inst_vars != civ {
                    c.class_inst_vals = vec![Value::Nil; civ.len()];
                    c.class_inst_vars = civ;
                }
            }
        }
        self.migrate_instances(&before);
    }

    /// Moves the instances of classes whose instance variables changed
    /// (a reshaping redefinition) to the new shape: each value goes to the
    /// variable of the same name, removed variables are dropped and new
    /// ones start as nil.
    fn migrate_instances(&mut self, before: &[Vec<String>]) {
        let changed: HashMap<ClassIdx, Vec<Option<usize>>> = before
            .iter()
            .enumerate()
            .filter(|(i, old)| self.classes[*i].inst_vars != **old)
            .map(|(i, old)| {
                let map = self.classes[i]
                    .inst_vars
                    .iter()
                    .map(|n| old.iter().position(|o| o == n))
                    .collect();
                (i as ClassIdx, map)
            })
            .collect();
        if changed.is_empty() {
            return;
        }
        self.heap.for_each_mut(|o| {
            if let Some(map) = changed.get(&o.class) {
                o.named = map
                    .iter()
                    .map(|from| {
                        from.and_then(|i| o.named.get(i).copied())
                            .unwrap_or(Value::Nil)
                    })
                    .collect();
            }
        });
    }

    /// Forgets everything taken from the session's previous view: global
    /// values and the dictionary objects standing for its dictionaries
    /// (the Transcript, which is this interpreter's own, stays), then
    /// starts a new epoch so classes and methods are checked again.
    pub fn forget_view(&mut self, session: &Session) {
        self.overlay.retain(|name, _| name == "Transcript");
        self.dict_proxies.clear();
        self.proxy_base.clear();
        self.proxy_classes.clear();
        self.oids.clear();
        self.oid_of.clear();
        self.conflict_paths.clear();
        // Application classes' variables come from the view; kernel
        // classes' stay this interpreter's own.
        for c in self.classes.iter_mut().filter(|c| !c.record.kernel) {
            c.state_loaded = false;
            c.class_vars.iter_mut().for_each(|v| *v = Value::Nil);
            c.class_inst_vals.iter_mut().for_each(|v| *v = Value::Nil);
        }
        for g in &mut self.globals {
            g.cached = None;
        }
        self.new_epoch(session);
    }

    /// Every value the collector must keep: globals, class variables,
    /// class-instance variables, literals of cached methods.
    pub fn roots(&self) -> Vec<Value> {
        let mut roots: Vec<Value> = self.overlay.values().copied().collect();
        roots.extend(self.dict_proxies.values().map(|&id| Value::Obj(id)));
        for c in &self.classes {
            roots.extend(c.class_vars.iter().copied());
            roots.extend(c.class_inst_vals.iter().copied());
            for side in &c.methods {
                for (_, m) in side.values() {
                    roots.extend(m.literals.iter().copied());
                }
            }
        }
        for g in &self.globals {
            if let Some((_, v)) = g.cached {
                roots.push(v);
            }
        }
        roots
    }
}

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
            if self.st.heap.ceiling_hit {
                format!(
                    "the server's memory for the objects of all sessions is used up (its \
                     ceiling is {} MiB); the call was stopped: retry later, free objects \
                     (e.g. remove large globals), or the operator may raise the \
                     server's memory ceiling",
                    crate::heap::memory_ceiling() >> 20
                )
            } else {
                MEMORY_MESSAGE.to_string()
            }
        } else {
            self.unwind_text.clone()
        }
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    // ------------------------------------------------------------------
    // Objects
    // ------------------------------------------------------------------

    pub(crate) fn alloc(&mut self, class: ClassIdx, named: usize, body: Body) -> R<Value> {
        Ok(Value::Obj(self.st.heap.alloc(Object {
            class,
            invariant: false,
            watched: false,
            named: vec![Value::Nil; named],
            body,
        })?))
    }

    /// A new String.
    pub(crate) fn string(&mut self, s: &str) -> R<Value> {
        let bytes = s.chars().map(|c| c as u32 as u8).collect();
        self.alloc(self.st.known.string, 0, Body::Bytes(bytes))
    }

    /// A new Array.
    pub(crate) fn array(&mut self, items: Vec<Value>) -> R<Value> {
        self.alloc(self.st.known.array, 0, Body::Slots(items))
    }

    pub(crate) fn symbol(&mut self, s: &str) -> Value {
        Value::Obj(self.st.sym(s))
    }

    /// An Integer for `n`, a SmallInteger when it fits.
    pub(crate) fn integer(&mut self, n: BigInt) -> R<Value> {
        if let Some(i) = n.to_i64()
            && let Some(v) = small(i)
        {
            return Ok(v);
        }
        self.alloc(self.st.known.large_integer, 0, Body::Large(n))
    }

    /// The integer value of an Integer, if `v` is one.
    pub(crate) fn int_of(&self, v: Value) -> Option<BigInt> {
        match v {
            Value::Int(i) => Some(BigInt::from(i)),
            Value::Obj(id) => match &self.st.heap.get(id).body {
                Body::Large(n) => Some(n.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The characters of a String or Symbol (any byte object), if `v` is one.
    pub(crate) fn str_of(&self, v: Value) -> Option<String> {
        match v {
            Value::Obj(id) => {
                let o = self.st.heap.get(id);
                match &o.body {
                    Body::Bytes(b) if self.is_string_class(o.class) => {
                        Some(b.iter().map(|&c| c as char).collect())
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    pub(crate) fn is_string_class(&self, class: ClassIdx) -> bool {
        self.inherits(class, self.st.known.string)
    }

    pub(crate) fn inherits(&self, class: ClassIdx, ancestor: ClassIdx) -> bool {
        let mut c = Some(class);
        while let Some(x) = c {
            if x == ancestor {
                return true;
            }
            c = self.st.classes[x as usize].superclass;
        }
        false
    }

    /// The Smalltalk value of a literal.
    pub(crate) fn literal(&mut self, literal: &Literal) -> R<Value> {
        Ok(match literal {
            Literal::Integer(n) => self.integer(n.clone())?,
            Literal::Float(f) => Value::Float(*f),
            Literal::ScaledDecimal {
                numerator,
                denominator,
                scale,
            } => {
                let scaled: BigInt = numerator * BigInt::from(10).pow(*scale);
                // Round half away from zero.
                let (q, r) =
                    num_integer::Integer::div_rem(&scaled.magnitude().clone().into(), denominator);
                let mut q: BigInt = q;
                let r: BigInt = r;
                if r * 2 >= *denominator {
                    q += 1;
                }
                let mantissa = if scaled.sign() == num_bigint::Sign::Minus {
                    -q
                } else {
                    q
                };
                let m = self.integer(mantissa)?;
                let v = self.alloc(self.st.known.scaled_decimal, 2, Body::None)?;
                if let Value::Obj(id) = v {
                    let o = self.st.heap.get_mut(id);
                    o.named[0] = m;
                    o.named[1] = Value::Int(*scale as i64);
                }
                v
            }
            Literal::Character(c) => Value::Char(*c as u32),
            Literal::String(s) => self.string(s)?,
            Literal::Symbol(s) => self.symbol(s),
            Literal::Array(items) => {
                let mut vals = Vec::with_capacity(items.len());
                for i in items {
                    vals.push(self.literal(i)?);
                }
                self.array(vals)?
            }
            Literal::ByteArray(bytes) => {
                self.alloc(self.st.known.byte_array, 0, Body::Bytes(bytes.clone()))?
            }
            Literal::Boolean(b) => Value::bool(*b),
            Literal::Nil => Value::Nil,
        })
    }

    /// Makes a literal and the literals nested in it invariant.
    fn freeze(&mut self, v: Value) {
        if let Value::Obj(id) = v {
            let o = self.st.heap.get_mut(id);
            o.invariant = true;
            if let Body::Slots(items) = &o.body {
                for item in items.clone() {
                    self.freeze(item);
                }
            }
        }
    }

    /// The class of a value and whether the lookup is on the class side.
    pub(crate) fn class_of(&self, v: Value) -> (ClassIdx, bool) {
        let k = &self.st.known;
        match v {
            Value::Nil => (k.undefined, false),
            Value::True | Value::False => (k.boolean, false),
            Value::Int(_) => (k.small_integer, false),
            Value::Char(_) => (k.character, false),
            Value::Float(_) => (k.small_double, false),
            Value::Obj(id) => (self.st.heap.get(id).class, false),
            Value::Class(c) => (c, true),
            Value::Meta(_) => (k.metaclass, false),
        }
    }

    /// The class object of a value (`x class`).
    pub(crate) fn class_value(&self, v: Value) -> Value {
        match v {
            Value::Class(c) => Value::Meta(c),
            other => Value::Class(self.class_of(other).0),
        }
    }

    /// The name of the class of `v`.
    pub(crate) fn class_name_of(&self, v: Value) -> String {
        match v {
            Value::Class(c) => format!("{} class", self.st.classes[c as usize].name),
            other => self.st.classes[self.class_of(other).0 as usize]
                .name
                .clone(),
        }
    }

    // ------------------------------------------------------------------
    // Globals
    // ------------------------------------------------------------------

    pub(crate) fn global_slot(&mut self, name: &str) -> u32 {
        if let Some(&g) = self.st.global_index.get(name) {
            return g;
        }
        let g = self.st.globals.len() as u32;
        self.st.globals.push(GlobalSlot {
            name: name.to_string(),
            pool: None,
            cached: None,
        });
        self.st.global_index.insert(name.to_string(), g);
        g
    }

    /// The slot of variable `name` of pool dictionary `pool`.
    pub(crate) fn pool_slot(&mut self, pool: &str, name: &str) -> u32 {
        // NUL cannot occur in a name, so pool keys never meet global ones.
        let key = format!("{pool}\0{name}");
        if let Some(&g) = self.st.global_index.get(&key) {
            return g;
        }
        let g = self.st.globals.len() as u32;
        self.st.globals.push(GlobalSlot {
            name: name.to_string(),
            pool: Some(pool.to_string()),
            cached: None,
        });
        self.st.global_index.insert(key, g);
        g
    }

    /// The first of `pools` (a class's pool dictionaries, nearest class
    /// first) that binds `name`, in this view's copy or in the session.
    pub(crate) fn pool_binding(&self, pools: &[String], name: &str) -> Option<String> {
        pools
            .iter()
            .find(|p| {
                let here = self
                    .st
                    .dict_proxies
                    .get(p.as_str())
                    .and_then(|&proxy| self.proxy_at(proxy, name));
                here.is_some() || self.session.entry(p, name).is_some()
            })
            .cloned()
    }

    /// The value pool `pool` binds `name` to in this view.
    fn resolve_pool(&mut self, pool: &str, name: &str) -> Option<Value> {
        if !self.session.dictionary_names().iter().any(|d| d == pool) {
            return None;
        }
        let Ok(Value::Obj(proxy)) = self.dictionary_proxy(pool) else {
            return None;
        };
        self.proxy_at(proxy, name)
    }

    /// The current value of global `g`, if it is bound.
    pub(crate) fn global_value(&mut self, g: u32) -> Option<Value> {
        let epoch = self.st.epoch;
        if let Some((e, v)) = self.st.globals[g as usize].cached
            && e == epoch
        {
            return Some(v);
        }
        let name = self.st.globals[g as usize].name.clone();
        let v = match self.st.globals[g as usize].pool.clone() {
            Some(pool) => self.resolve_pool(&pool, &name)?,
            None => self.resolve_global(&name)?,
        };
        self.st.globals[g as usize].cached = Some((epoch, v));
        Some(v)
    }

    fn resolve_global(&mut self, name: &str) -> Option<Value> {
        // The interpreter's own globals (the Transcript, names a doit
        // assigned that no dictionary binds) come first.
        if let Some(&v) = self.st.overlay.get(name) {
            return Some(v);
        }
        for dict in self.session.symbol_list() {
            let entry = self.session.entry(&dict, name);
            if let Some(&proxy) = self.st.dict_proxies.get(&dict) {
                // The dictionary object is this view's copy of the
                // dictionary's values: what it lacks was removed, unless
                // it is a class or was bound after the copy was made.
                if let Some(v) = self.proxy_at(proxy, name) {
                    return Some(v);
                }
                let copied = self
                    .st
                    .proxy_base
                    .get(&dict)
                    .is_some_and(|b| b.contains(name));
                if copied && !matches!(entry, Some(DictionaryEntry::Class(_))) {
                    continue;
                }
            }
            match entry {
                Some(DictionaryEntry::Class(id)) => {
                    return Some(Value::Class(self.st.class_idx(self.session, id)));
                }
                // A value is read through the dictionary's object, so the
                // objects it reaches are written back at commit.
                Some(DictionaryEntry::Global(_) | DictionaryEntry::Object(_)) => {
                    if !self.st.dict_proxies.contains_key(&dict) {
                        let Ok(Value::Obj(proxy)) = self.dictionary_proxy(&dict) else {
                            return None;
                        };
                        if let Some(v) = self.proxy_at(proxy, name) {
                            return Some(v);
                        }
                    }
                    // Bound after this view's copy was made (by a tool, not
                    // by Smalltalk): read it from the session.
                    return match self.session.entry(&dict, name) {
                        Some(DictionaryEntry::Global(g)) => self.global_literal(&g).ok(),
                        Some(DictionaryEntry::Object(v)) => self.fault_value(&v).ok(),
                        _ => None,
                    };
                }
                None => {}
            }
        }
        if self.session.dictionary_names().iter().any(|d| d == name) {
            return self.dictionary_proxy(name).ok();
        }
        None
    }

    pub(crate) fn global_literal(&mut self, g: &GlobalValue) -> R<Value> {
        Ok(match g {
            GlobalValue::Nil => Value::Nil,
            GlobalValue::Boolean(b) => Value::bool(*b),
            GlobalValue::Integer(s) => {
                let n: BigInt = s.parse().unwrap_or_default();
                self.integer(n)?
            }
            GlobalValue::Float(f) => Value::Float(*f),
            GlobalValue::String(s) => self.string(s)?,
            GlobalValue::Symbol(s) => self.symbol(s),
        })
    }

    /// The first dictionary of the symbol list binding `name` to a value
    /// other than a class (in this view's copy or in the session).
    fn binding_dictionary(&self, name: &str) -> Option<String> {
        if self.st.overlay.contains_key(name) {
            return None;
        }
        for dict in self.session.symbol_list() {
            if let Some(&proxy) = self.st.dict_proxies.get(&dict)
                && self.proxy_at(proxy, name).is_some()
            {
                return Some(dict);
            }
            match self.session.entry(&dict, name) {
                Some(DictionaryEntry::Class(_)) => return None,
                Some(_) => {
                    let copied = self
                        .st
                        .proxy_base
                        .get(&dict)
                        .is_some_and(|b| b.contains(name));
                    if !copied || !self.st.dict_proxies.contains_key(&dict) {
                        return Some(dict);
                    }
                }
                None => {}
            }
        }
        None
    }

    /// The SymbolDictionary object standing for session dictionary `name`.
    pub(crate) fn dictionary_proxy(&mut self, name: &str) -> R<Value> {
        if let Some(&id) = self.st.dict_proxies.get(name) {
            return Ok(Value::Obj(id));
        }
        let class = Value::Class(self.st.known.symbol_dictionary);
        let sel = self.st.sym("new");
        let v = self.send(class, sel, &[], None)?;
        if let Value::Obj(id) = v {
            // Registered before it is filled: a value inside may refer to
            // this very dictionary.
            self.st.dict_proxies.insert(name.to_string(), id);
            if let Err(u) = self.populate_proxy(name, v) {
                self.st.dict_proxies.remove(name);
                self.st.proxy_base.remove(name);
                self.st.proxy_classes.remove(name);
                return Err(u);
            }
        }
        Ok(v)
    }

    /// The name of the session dictionary a proxy stands for.
    pub(crate) fn proxy_name(&self, v: Value) -> Option<String> {
        let Value::Obj(id) = v else { return None };
        self.st
            .dict_proxies
            .iter()
            .find(|(_, p)| **p == id)
            .map(|(n, _)| n.clone())
    }

    /// Reads key `name` of a KeyValueDictionary (named variables tally,
    /// keys, values) by scanning its keys.
    pub(crate) fn proxy_at(&self, proxy: ObjId, name: &str) -> Option<Value> {
        let o = self.st.heap.get(proxy);
        let (Some(Value::Obj(keys)), Some(Value::Obj(values))) = (o.named.get(1), o.named.get(2))
        else {
            return None;
        };
        let (Body::Slots(ks), Body::Slots(vs)) = (
            &self.st.heap.get(*keys).body,
            &self.st.heap.get(*values).body,
        ) else {
            return None;
        };
        // Keys are Symbols (bytes); compare without making Strings, as
        // this runs for every global a call resolves.
        let wanted: Vec<u8> = name.chars().map(|c| c as u32 as u8).collect();
        ks.iter().zip(vs).find_map(|(k, v)| match k {
            Value::Obj(k) => match &self.st.heap.get(*k).body {
                Body::Bytes(b) if *b == wanted => Some(*v),
                _ => None,
            },
            _ => None,
        })
    }

    // ------------------------------------------------------------------
    // Lookup
    // ------------------------------------------------------------------

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
            let name = self.st.classes[ci as usize].name.clone();
            let set: HashSet<String> = match self.session.class_id(&name) {
                Ok(id) if id == self.st.classes[ci as usize].id => self
                    .session
                    .selectors(&name, Side::from_meta(meta))
                    .unwrap_or_default()
                    .into_iter()
                    .collect(),
                _ => HashSet::new(),
            };
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
        let name = self.st.classes[ci as usize].name.clone();
        let source = self
            .session
            .method_source(&name, Side::from_meta(meta), &sel_name)
            .ok()?;
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
        Ok(Method {
            class: ci,
            meta,
            label,
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

    // ------------------------------------------------------------------
    // Sends
    // ------------------------------------------------------------------

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

    fn not_understood(&mut self, rcv: Value, sel: Sel, args: &[Value]) -> R<Value> {
        let (class, meta) = self.class_of(rcv);
        let dnu = self.st.sel_dnu;
        let Some(m) = self.lookup(class, meta, dnu) else {
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

    #[inline(always)]
    fn check_interrupts(&mut self) -> R<()> {
        if self.brk.load(Ordering::Relaxed) {
            return Err(Unwind::new(Unwind::BREAK, 0));
        }
        Ok(())
    }

    #[inline(always)]
    fn enter(&mut self) -> R<()> {
        self.check_interrupts()?;
        self.depth += 1;
        if self.depth > self.max_depth {
            return self.too_deep();
        }
        Ok(())
    }

    /// The recursion limit was passed (`depth` counts the new activation).
    #[cold]
    #[inline(never)]
    fn too_deep(&mut self) -> R<()> {
        if !self.recursion_signalled {
            // One catchable error first, with head-room for its handlers;
            // past that the call ends.
            self.recursion_signalled = true;
            let r = self.signal_error(
                "Error",
                &format!(
                    "recursion limit exceeded: more than {} nested activations (infinite \
                     recursion?)",
                    self.max_depth
                ),
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

    fn method_body(&mut self, body: &[Node], f: &Frame, is_doit: bool) -> R<Value> {
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
        self.stack.truncate(base);
        if let Some(scope) = frame.scope {
            self.recycle(scope);
        }
        r
    }

    /// Evaluates statements, answering the last one's value (nil if none).
    fn statements(&mut self, body: &[Node], f: &Frame) -> R<Value> {
        let mut last = Value::Nil;
        for s in body {
            last = self.eval(s, f)?;
        }
        Ok(last)
    }

    fn make_block(&mut self, code: &Rc<BlockCode>, f: &Frame) -> R<Value> {
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
    fn local(&self, f: &Frame, idx: u16) -> Value {
        match &f.scope {
            Some(s) => s.vars.borrow()[idx as usize],
            None => self.stack[f.base + idx as usize],
        }
    }

    /// Sets variable `idx` of the running activation.
    #[inline(always)]
    fn set_local(&mut self, f: &Frame, idx: u16, v: Value) {
        match &f.scope {
            Some(s) => s.vars.borrow_mut()[idx as usize] = v,
            None => self.stack[f.base + idx as usize] = v,
        }
    }

    fn get_temp(&self, f: &Frame, depth: u16, idx: u16) -> Value {
        if depth == 0 {
            self.local(f, idx)
        } else {
            Self::outer_scope(f, depth).vars.borrow()[idx as usize]
        }
    }

    fn set_temp(&mut self, f: &Frame, depth: u16, idx: u16, v: Value) {
        if depth == 0 {
            self.set_local(f, idx, v);
        } else {
            Self::outer_scope(f, depth).vars.borrow_mut()[idx as usize] = v;
        }
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
        match args {
            [] => self.dispatch(r, sel, &[], sup, cache, f),
            [a] => {
                let a = self.operand(a, f)?;
                self.dispatch(r, sel, &[a], sup, cache, f)
            }
            [a, b] => {
                let a = self.operand(a, f)?;
                let b = self.operand(b, f)?;
                self.dispatch(r, sel, &[a, b], sup, cache, f)
            }
            _ => {
                let mut argv = Vec::with_capacity(args.len());
                for a in args {
                    argv.push(self.operand(a, f)?);
                }
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

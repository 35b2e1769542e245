//! The interpreter's state that outlives one call: the heap, the class
//! table built from the session's class records, and the epoch that tells
//! cached classes, methods and globals when to check the session again.
//!
//! It is what survives from call to call, what `persist` makes the
//! session's working copy and what the collector keeps alive; a call's own
//! running state is the [`Run`](super::Run).

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use gs_image::{ClassId, ClassKind, ClassRecord, ObjectId, Session, StoredObject};

use super::BuildFx;
use super::globals::GlobalSlot;
use crate::compile::{Method, Sel};
use crate::heap::{ClassIdx, Heap, ObjId, Value};

/// The kernel globals this interpreter binds itself (the kernel's
/// `Globals at: #… put: … new` doits, which the image cannot evaluate),
/// with the class each is an instance of: they belong to the
/// interpreter, not to a view.
pub const OWN_GLOBALS: [(&str, &str); 3] = [
    ("Transcript", "TranscriptStream"),
    ("AllUsers", "UserProfileSet"),
    ("Processor", "ProcessorScheduler"),
];

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
    pub(super) selectors: [Option<(u64, HashSet<String>)>; 2],
    pub(super) methods: [HashMap<Sel, (u64, Rc<Method>)>; 2],
}

/// Well-known kernel classes.
#[derive(Debug, Clone, Copy)]
pub struct Known {
    pub(crate) object: ClassIdx,
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

/// The string classes a String grows into when it is given a character
/// it cannot hold, as GemStone's do (Programming Guide, chapter 5): a
/// String into a DoubleByteString (code points to 65535) or a
/// QuadByteString (any), a Unicode7 into a Unicode16 or a Unicode32. Each
/// is `None` in an image whose kernel lacks it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct WideClasses {
    pub(crate) double_byte: Option<ClassIdx>,
    pub(crate) quad_byte: Option<ClassIdx>,
    pub(crate) unicode7: Option<ClassIdx>,
    pub(crate) unicode16: Option<ClassIdx>,
    pub(crate) unicode32: Option<ClassIdx>,
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
    pub(super) lookup_cache: HashMap<u64, Option<Rc<Method>>, BuildFx>,
    pub(super) globals: Vec<GlobalSlot>,
    pub(super) global_index: HashMap<String, u32>,
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
    /// The session's code when every dictionary object was last brought
    /// up to date at an execution's start (see
    /// `Run::sync_proxies_if_code_changed`).
    pub(crate) proxies_synced: Option<gs_image::CodeMark>,
    /// The identity map: persistent object id → heap object. A heap
    /// object keeps its persistent id for life, across views (see
    /// `persist`), and so its identity hash (see `identity`).
    pub(crate) oids: HashMap<ObjectId, ObjId, BuildFx>,
    /// Its inverse: heap object → persistent object id (also for objects
    /// given an id by their identity hash and not stored yet).
    pub(crate) oid_of: HashMap<ObjId, ObjectId, BuildFx>,
    /// The session moved to another view since the heap's persistent
    /// objects and dictionary objects were last brought to its state
    /// (see `Run::refresh_objects`).
    pub(crate) objects_stale: bool,
    /// The parts (the collection and its bucket arrays) of hashed
    /// collections an older build stored that reading rehashed (see
    /// `identity`), each with its collection and its stored form right
    /// after: a collection is written back only if some part changed
    /// since, so merely reading one leaves nothing to commit.
    pub(crate) rehashed: HashMap<ObjId, (ObjId, StoredObject)>,
    /// For objects the last write-back stored, the global each was
    /// reached from (named in conflict reports).
    pub(crate) conflict_paths: HashMap<ObjectId, String>,
    /// The current epoch: cached methods and globals from older epochs are
    /// checked against the session before use.
    pub(crate) epoch: u64,
    /// The session's code when the current epoch began.
    code_seen: Option<gs_image::CodeMark>,
    /// Classes whose instances `basicNew` may not make (with subclasses).
    pub(crate) no_new: Vec<ClassIdx>,
    /// The kernel's IdentityKeyValueDictionary, whose subclasses compare
    /// keys by identity (looked up once: dictionary intrinsics need it on
    /// every access).
    pub(crate) identity_dictionary: Option<ClassIdx>,
    /// The kernel's hashed collections, Set and KeyValueDictionary (with
    /// their subclasses), which reading an older build's objects may
    /// rehash (see `identity`).
    pub(crate) hashed: [Option<ClassIdx>; 2],
    /// The kernel's Interval (the enumeration intrinsics handle it).
    pub(crate) interval: Option<ClassIdx>,
    /// The kernel's Utf8, which `encodeAsUTF8` answers (an intrinsic).
    pub(crate) utf8: Option<ClassIdx>,
    /// The kernel's string classes of more than one byte per character
    /// and the Unicode ones, which a String grows into.
    pub(crate) wide: WideClasses,
    pub(crate) sel_dnu: Sel,
    pub(crate) sel_handles: Sel,
    pub(crate) sel_description: Sel,
    pub(crate) sel_print_string: Sel,
    pub(crate) sel_must_be_boolean: Sel,
    pub(crate) sel_signal: Sel,
    pub(crate) sel_value: Sel,
    pub(crate) sel_value1: Sel,
    /// This interpreter's session number (`System session`).
    pub(crate) session_number: i64,
    /// What the last commit or abort made in a call came to
    /// (`System transactionConflicts`).
    pub(crate) commit_outcome: crate::system::CommitOutcome,
    /// Why `System abortTransaction` is refused in this interpreter's
    /// calls, if it is ([`crate::Interpreter::refuse_aborts`]).
    pub(crate) abort_refused: Option<String>,
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
                object: 0,
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
            proxies_synced: None,
            oids: HashMap::default(),
            oid_of: HashMap::default(),
            objects_stale: false,
            rehashed: HashMap::new(),
            conflict_paths: HashMap::new(),
            epoch: 1,
            code_seen: None,
            no_new: Vec::new(),
            identity_dictionary: None,
            hashed: [None, None],
            interval: None,
            utf8: None,
            wide: WideClasses::default(),
            sel_dnu: 0,
            sel_handles: 0,
            sel_description: 0,
            sel_print_string: 0,
            sel_must_be_boolean: 0,
            sel_signal: 0,
            sel_value: 0,
            sel_value1: 0,
            session_number: crate::system::next_session_number(),
            commit_outcome: Default::default(),
            abort_refused: None,
        };
        let mut k = |name: &str| -> Result<ClassIdx, String> {
            let id = session
                .class_id(name)
                .map_err(|e| format!("the kernel class {name} is missing: {e}"))?;
            Ok(st.class_idx(session, id))
        };
        let known = Known {
            object: k("Object")?,
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
        for (i, name) in ["Set", "KeyValueDictionary"].into_iter().enumerate() {
            if let Ok(id) = session.class_id(name) {
                st.hashed[i] = Some(st.class_idx(session, id));
            }
        }
        if let Ok(id) = session.class_id("Interval") {
            st.interval = Some(st.class_idx(session, id));
        }
        if let Ok(id) = session.class_id("Utf8") {
            st.utf8 = Some(st.class_idx(session, id));
        }
        let mut class = |name: &str| {
            let id = session.class_id(name).ok()?;
            Some(st.class_idx(session, id))
        };
        st.wide = WideClasses {
            double_byte: class("DoubleByteString"),
            quad_byte: class("QuadByteString"),
            unicode7: class("Unicode7"),
            unicode16: class("Unicode16"),
            unicode32: class("Unicode32"),
        };
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

    /// Starts a new epoch unless the session's code (classes, methods,
    /// dictionaries, symbol lists) is the one the current epoch began with.
    /// An execution on an unchanged view so keeps the lookups and compiled
    /// methods of the one before, where a new epoch would re-read every
    /// class, and each selector list and method source it sends to, from
    /// the session: most of a short doit's time (`cargo bench -p
    /// gs-gemstone --bench versus_embedded`, where each tool is such a
    /// doit on the test stone).
    pub fn new_epoch_if_code_changed(&mut self, session: &Session) {
        if self
            .code_seen
            .as_ref()
            .is_some_and(|seen| session.code_unchanged_since(seen))
        {
            return;
        }
        self.new_epoch(session);
    }

    /// Starts a new epoch: class shapes are re-read from the session and
    /// cached methods and globals are re-validated on next use.
    pub fn new_epoch(&mut self, session: &Session) {
        self.epoch += 1;
        self.code_seen = Some(session.code_mark());
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

    /// The session moved to another view (abort, refresh, or a commit
    /// another session's commit preceded). What was taken from the old
    /// view goes: global values, the interpreter's unbound globals (the
    /// Transcript and the other [`OWN_GLOBALS`], which are this
    /// interpreter's own, stay) and application classes' variables; a new
    /// epoch begins so classes and methods are checked again. Heap objects
    /// keep standing for the persistent objects they stood for, as a
    /// GemStone object keeps its OOP: they, and the dictionary objects,
    /// take the new view's state in place before Smalltalk next runs
    /// (`Run::refresh_objects`), so whoever holds them sees it.
    pub fn new_view(&mut self, session: &Session) {
        self.overlay
            .retain(|name, _| OWN_GLOBALS.iter().any(|(g, _)| g == name));
        self.proxies_synced = None;
        self.conflict_paths.clear();
        self.objects_stale = true;
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

//! Persistent objects: the interpreter's heap as a session's working view
//! of the image's object table.
//!
//! The image stores objects (class, named slots with their names, indexed
//! part) by [`ObjectId`], and symbol dictionaries bind names to them
//! ([`DictionaryEntry::Object`]). The heap is the session's working copy:
//!
//! - **Faulting in.** The first time a call reaches a dictionary (a global
//!   name, or `UserGlobals` itself), the dictionary's object is filled with
//!   the session's entries, and every persistent object a value reaches is
//!   copied into the heap, transitively, through an identity map
//!   (`ObjectId` → heap id). So the same persistent object reached two ways
//!   is one heap object, and cycles close on themselves.
//! - **Writing back.** At commit, every object reachable from the
//!   dictionaries this view touched is encoded; objects new to the image
//!   get fresh ids. The session stores only objects that differ from its
//!   view and rebinds only entries that changed, so its write set is
//!   exactly what this session changed, and two sessions changing the same
//!   object or global conflict at the second commit, as code does.
//!   Persistent objects the dictionaries no longer reach but the heap
//!   still holds (in a temporary, in `SessionTemps`) are written back too,
//!   so a change to one is never silently dropped.
//! - **A new view** (abort, refresh, or a commit another session's commit
//!   preceded) keeps the identity map: a heap object stands for the same
//!   persistent object for life, as a GemStone object keeps its OOP. Before
//!   Smalltalk next runs, each such object takes the new view's contents in
//!   place and the dictionary objects are filled again, so whoever holds
//!   an object sees the newest committed state in it and its next changes
//!   commit. After a commit nobody else's preceded, the heap already is
//!   the new view and is kept.
//!
//! The class variables and class-instance variables of application
//! classes are one more object per class (see `ObjectId::class_state`),
//! loaded at their first use in a view and written back with the rest.
//!
//! A block is stored when it is clean (uses nothing of its context) as
//! the code it is part of and its ordinal there; faulting it in recompiles
//! that code. A block that uses its context makes the commit fail, naming
//! the global that reaches it.
//!
//! An object stored under an older shape of its class (the class was
//! since redefined with other instance variables) migrates when faulted
//! in: values move to the instance variables of the same name, removed
//! ones are dropped and new ones start as `nil`.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use gs_image::{
    DictionaryEntry, GlobalValue, ImageError, ObjectBody, ObjectId, ObjectValue, Session,
    StoredObject,
};
use num_bigint::BigInt;

use crate::compile::{BlockCode, Node};
use crate::heap::{
    Body, ClassIdx, Closure, Home, ObjId, Object, Scope, Value, same_codes, widened_codes,
};
use crate::interp::{R, Run, State};

impl Run<'_> {
    /// The heap value for a stored value, faulting in (once per view) the
    /// persistent objects it reaches.
    pub(crate) fn fault_value(&mut self, value: &ObjectValue) -> R<Value> {
        Ok(self.fault_values(std::slice::from_ref(value))?[0])
    }

    /// [`Run::fault_value`] for several values at once.
    fn fault_values(&mut self, values: &[ObjectValue]) -> R<Vec<Value>> {
        let mut pending: Vec<(ObjId, ObjectId)> = Vec::new();
        let mut out = Vec::with_capacity(values.len());
        for v in values {
            out.push(self.materialize(v, &mut pending)?);
        }
        self.fill_pending(pending)?;
        Ok(out)
    }

    /// Fills each pending heap object from the stored object it stands
    /// for (faulting in, newly allocated, what those reach), then rehashes
    /// the hashed collections among them an older build may have stored
    /// (see `identity`).
    fn fill_pending(&mut self, mut pending: Vec<(ObjId, ObjectId)>) -> R<()> {
        let mut filled = Vec::new();
        while let Some((hid, oid)) = pending.pop() {
            if self.fill_object(hid, oid, &mut pending)? {
                filled.push((hid, oid));
            }
        }
        self.rehash_moved(&filled)
    }

    /// Gives heap object `hid` the contents of stored object `oid` in
    /// place (its class must already be the stored object's), queueing in
    /// `pending` what it reaches that is new to the heap. False when the
    /// view has no such object.
    fn fill_object(
        &mut self,
        hid: ObjId,
        oid: ObjectId,
        pending: &mut Vec<(ObjId, ObjectId)>,
    ) -> R<bool> {
        let Some(stored) = self.session.object(oid).cloned() else {
            return Ok(false);
        };
        let class = self.st.heap.get(hid).class;
        let target = self.st.classes[class as usize].inst_vars.clone();
        let mut named = vec![Value::Nil; target.len()];
        if stored.names == target {
            for (slot, v) in named.iter_mut().zip(&stored.named) {
                *slot = self.materialize(v, pending)?;
            }
        } else {
            // The class was reshaped since the object was stored:
            // migrate by instance-variable name (as `StoredObject::reads_as`
            // compares).
            for (slot, name) in named.iter_mut().zip(&target) {
                if let Some(v) = stored.named_value(name) {
                    *slot = self.materialize(v, pending)?;
                }
            }
        }
        let body = self.stored_body(class, &stored.body, pending)?;
        let was = contents_bytes(&self.st.heap.get(hid).named, &self.st.heap.get(hid).body);
        let now = contents_bytes(&named, &body);
        self.st.heap.charge(now.saturating_sub(was))?;
        if !self.st.rehashed.is_empty() {
            self.st.rehashed.retain(|&p, (c, _)| p != hid && *c != hid);
        }
        let o = self.st.heap.get_mut(hid);
        o.named = named;
        o.body = body;
        o.invariant = stored.invariant;
        Ok(true)
    }

    /// The heap form of a stored object's indexed part.
    fn stored_body(
        &mut self,
        class: ClassIdx,
        body: &ObjectBody,
        pending: &mut Vec<(ObjId, ObjectId)>,
    ) -> R<Body> {
        Ok(match body {
            ObjectBody::None => Body::None,
            // A string of a wide class stored before such strings held
            // more than bytes: its bytes are its code points.
            ObjectBody::Bytes(b) if self.st.wide_limit(class).is_some() => {
                Body::Wide(widened_codes(b))
            }
            ObjectBody::Bytes(b) => Body::Bytes(b.clone()),
            ObjectBody::Wide(w) => Body::Wide(w.clone()),
            ObjectBody::LargeInteger(b) => Body::Large(BigInt::from_signed_bytes_le(b)),
            ObjectBody::Block {
                class,
                meta,
                doit,
                source,
                ordinal,
            } => match self.rebuild_block(*class, *meta, *doit, source, *ordinal) {
                Some(closure) => Body::Block(Rc::new(closure)),
                // Its code no longer compiles (a variable it used was
                // removed): an inert block that answers nothing.
                None => Body::None,
            },
            ObjectBody::Slots(items) => {
                let mut slots = Vec::with_capacity(items.len());
                for v in items {
                    slots.push(self.materialize(v, pending)?);
                }
                Body::Slots(slots)
            }
        })
    }

    /// Brings the heap to the session's view after the session moved to
    /// another one (see `State::new_view`): every heap object standing
    /// for a persistent object the view holds takes the view's contents
    /// in place, so it stays the same object to whoever holds it (a
    /// temporary of a running method, `SessionTemps`, a kernel class's
    /// variable) and its changes from then on are committed; one the view
    /// lacks (made by this session, never committed) is left as it is.
    /// The dictionary objects are filled again the same way. Nothing to
    /// do unless the view moved.
    pub(crate) fn refresh_objects(&mut self) -> R<()> {
        if !self.st.objects_stale {
            return Ok(());
        }
        let mut known: Vec<(ObjectId, ObjId)> =
            self.st.oids.iter().map(|(&o, &h)| (o, h)).collect();
        known.sort_unstable();
        let mut pending = Vec::with_capacity(known.len());
        for (oid, hid) in known {
            let Some(class) = self.session.object(oid).map(|o| o.class) else {
                continue;
            };
            if !self.st.heap.is_live(hid) || self.session.class_by_id(class).is_none() {
                continue;
            }
            let ci = self.st.class_idx(self.session, class);
            self.st.heap.get_mut(hid).class = ci;
            pending.push((hid, oid));
        }
        // Filled in id order (the pending list is a stack).
        pending.reverse();
        self.fill_pending(pending)?;
        self.refill_proxies()?;
        self.st.objects_stale = false;
        Ok(())
    }

    /// Fills each dictionary object again with its dictionary's entries
    /// in the session's view; one whose dictionary the view no longer has
    /// stops standing for it.
    fn refill_proxies(&mut self) -> R<()> {
        let names = self.session.dictionary_names();
        let mut proxies: Vec<(String, ObjId)> = self
            .st
            .dict_proxies
            .iter()
            .map(|(n, &id)| (n.clone(), id))
            .collect();
        proxies.sort();
        for (name, id) in proxies {
            self.st.proxy_base.remove(&name);
            self.st.proxy_classes.remove(&name);
            if !names.contains(&name) {
                self.st.dict_proxies.remove(&name);
                continue;
            }
            self.empty_dictionary(id);
            self.populate_proxy(&name, Value::Obj(id))?;
        }
        Ok(())
    }

    /// Empties a KeyValueDictionary (named variables tally, keys, values)
    /// in place, keeping its buckets.
    fn empty_dictionary(&mut self, id: ObjId) {
        let o = self.st.heap.get(id);
        let arrays = [o.named.get(1).copied(), o.named.get(2).copied()];
        for array in arrays.into_iter().flatten() {
            if let Value::Obj(a) = array
                && let Body::Slots(slots) = &mut self.st.heap.get_mut(a).body
            {
                slots.iter_mut().for_each(|v| *v = Value::Nil);
            }
        }
        if let Some(tally) = self.st.heap.get_mut(id).named.first_mut() {
            *tally = Value::Int(0);
        }
    }

    /// Loads the persistent class variables and class-instance variables
    /// of class `c` from the session, once per view, before their first
    /// use. Kernel classes keep theirs per interpreter.
    pub(crate) fn class_state(&mut self, c: ClassIdx) -> R<()> {
        let info = &mut self.st.classes[c as usize];
        if info.state_loaded {
            return Ok(());
        }
        info.state_loaded = true;
        if info.record.kernel {
            return Ok(());
        }
        let Some(stored) = self.session.object(ObjectId::class_state(info.id)).cloned() else {
            return Ok(());
        };
        let values = self.fault_values(&stored.named)?;
        let info = &mut self.st.classes[c as usize];
        for (name, v) in stored.names.iter().zip(values) {
            let slot = match name.strip_prefix('@') {
                Some(civ) => info
                    .class_inst_vars
                    .iter()
                    .position(|n| n == civ)
                    .and_then(|i| info.class_inst_vals.get_mut(i)),
                None => info
                    .class_var_names
                    .iter()
                    .position(|n| n == name)
                    .and_then(|i| info.class_vars.get_mut(i)),
            };
            if let Some(slot) = slot {
                *slot = v;
            }
        }
        Ok(())
    }

    /// Makes a clean block again from the code it is part of.
    fn rebuild_block(
        &mut self,
        class: gs_image::ClassId,
        meta: bool,
        doit: bool,
        source: &str,
        ordinal: u32,
    ) -> Option<Closure> {
        let method = if doit {
            self.compile_doit(source).ok()?
        } else {
            self.session.class_by_id(class)?;
            let ci = self.st.class_idx(self.session, class);
            self.compile_method(ci, meta, source).ok()?
        };
        let method = Rc::new(method);
        let mut blocks = Vec::new();
        blocks_in(&method.body, &mut blocks);
        let code = Rc::clone(blocks.get(ordinal as usize)?);
        let home = Rc::new(Home {
            id: self.next(),
            alive: Cell::new(false),
        });
        Some(Closure {
            code,
            // A clean block never reads its outer scope or receiver.
            outer: Rc::new(Scope {
                vars: RefCell::new(Vec::new()),
                parent: None,
            }),
            receiver: Value::Nil,
            home,
            method,
        })
    }

    /// The heap value for one stored value; a persistent object not yet in
    /// the heap is allocated empty and queued in `pending` to be filled.
    fn materialize(
        &mut self,
        value: &ObjectValue,
        pending: &mut Vec<(ObjId, ObjectId)>,
    ) -> R<Value> {
        Ok(match value {
            ObjectValue::Nil => Value::Nil,
            ObjectValue::Boolean(b) => Value::bool(*b),
            ObjectValue::Integer(i) => self.integer(BigInt::from(*i))?,
            ObjectValue::Character(c) => Value::Char(*c),
            ObjectValue::Float(bits) => Value::Float(f64::from_bits(*bits)),
            ObjectValue::Symbol(bytes) => {
                Value::Obj(self.st.heap.symbol(self.st.known.symbol, bytes))
            }
            ObjectValue::Class(id) | ObjectValue::Metaclass(id) => {
                // A class removed since the object was stored reads as nil.
                if self.session.class_by_id(*id).is_none() {
                    return Ok(Value::Nil);
                }
                let ci = self.st.class_idx(self.session, *id);
                if matches!(value, ObjectValue::Class(_)) {
                    Value::Class(ci)
                } else {
                    Value::Meta(ci)
                }
            }
            ObjectValue::Dictionary(name) => {
                if self.session.dictionary_names().iter().any(|d| d == name) {
                    self.dictionary_proxy(name)?
                } else {
                    Value::Nil
                }
            }
            ObjectValue::Object(oid) => {
                if let Some(&hid) = self.st.oids.get(oid) {
                    return Ok(Value::Obj(hid));
                }
                let Some(class) = self.session.object(*oid).map(|o| o.class) else {
                    return Ok(Value::Nil);
                };
                if self.session.class_by_id(class).is_none() {
                    return Ok(Value::Nil);
                }
                let ci = self.st.class_idx(self.session, class);
                let hid = self.st.heap.alloc(Object {
                    class: ci,
                    invariant: false,
                    watched: false,
                    hash: 0,
                    named: Vec::new(),
                    body: Body::None,
                })?;
                self.st.oids.insert(*oid, hid);
                self.st.oid_of.insert(hid, *oid);
                pending.push((hid, *oid));
                Value::Obj(hid)
            }
        })
    }

    /// Fills a new dictionary object with the session's entries for
    /// `name`, noting which values it was filled with so a commit can tell
    /// a removed entry from one bound by someone else meanwhile. Classes
    /// are filled in too (see [`Run::sync_proxy_classes`]), so the
    /// dictionary answers them to `keys`, `at:` and the rest.
    pub(crate) fn populate_proxy(&mut self, name: &str, proxy: Value) -> R<()> {
        let entries = self.session.entries(name).unwrap_or_default();
        let at_put = self.st.sym("at:put:");
        let mut base = HashSet::new();
        for (n, e) in entries {
            if self.st.overlay.contains_key(&n) {
                continue;
            }
            let v = match &e {
                DictionaryEntry::Class(_) => continue,
                DictionaryEntry::Global(g) => self.global_literal(g)?,
                DictionaryEntry::Object(ov) => self.fault_value(ov)?,
            };
            let key = self.symbol(&n);
            self.send(proxy, at_put, &[key, v], None)?;
            base.insert(n);
        }
        self.st.proxy_base.insert(name.to_string(), base);
        self.sync_proxy_classes(name, proxy)
    }

    /// Brings the classes a dictionary object holds up to date with the
    /// session's dictionary `name`: classes defined, redefined or removed
    /// since the last time (by this call, or by a tool between calls) are
    /// added, rebound or dropped. A name the view rebound to something
    /// else is left as the view has it.
    pub(crate) fn sync_proxy_classes(&mut self, name: &str, proxy: Value) -> R<()> {
        let Value::Obj(pid) = proxy else {
            return Ok(());
        };
        let mut current: Vec<(String, gs_image::ClassId)> = self
            .session
            .entries(name)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(n, e)| match e {
                DictionaryEntry::Class(id) => Some((n, id)),
                _ => None,
            })
            .collect();
        current.sort();
        let previous = self.st.proxy_classes.get(name).cloned().unwrap_or_default();
        if previous == current {
            return Ok(());
        }
        for (n, id) in &previous {
            if current.iter().any(|(c, _)| c == n) {
                continue;
            }
            // Dropped from the session: drop it here too, unless the view
            // bound the name to something else meanwhile.
            let was = self.st.loaded_class(*id).map(Value::Class);
            if was.is_some() && self.proxy_at(pid, n) == was {
                let key = self.symbol(n);
                let remove = self.st.sym("removeKey:");
                self.send(proxy, remove, &[key], None)?;
            }
        }
        let at_put = self.st.sym("at:put:");
        for (n, id) in &current {
            let v = Value::Class(self.st.class_idx(self.session, *id));
            if self.proxy_at(pid, n) == Some(v) || previous.contains(&(n.clone(), *id)) {
                // Already there, or unchanged in the session and rebound
                // (or removed) by the view, whose binding stands.
                continue;
            }
            let key = self.symbol(n);
            self.send(proxy, at_put, &[key, v], None)?;
        }
        self.st.proxy_classes.insert(name.to_string(), current);
        Ok(())
    }

    /// [`Run::sync_all_proxy_classes`], unless the session's code is the
    /// one it last brought them up to date with: an execution's start on
    /// an unchanged view then skips reading every entry of every dictionary
    /// it has an object for (Globals' hundreds among them).
    pub(crate) fn sync_proxies_if_code_changed(&mut self) -> R<()> {
        if self
            .st
            .proxies_synced
            .as_ref()
            .is_some_and(|synced| self.session.code_unchanged_since(synced))
        {
            return Ok(());
        }
        self.st.proxies_synced = None;
        self.sync_all_proxy_classes()?;
        self.st.proxies_synced = Some(self.session.code_mark());
        Ok(())
    }

    /// Brings every dictionary object of this view up to date with the
    /// classes of the session's dictionaries.
    pub(crate) fn sync_all_proxy_classes(&mut self) -> R<()> {
        let mut proxies: Vec<(String, ObjId)> = self
            .st
            .dict_proxies
            .iter()
            .map(|(n, &id)| (n.clone(), id))
            .collect();
        proxies.sort();
        for (name, id) in proxies {
            self.sync_proxy_classes(&name, Value::Obj(id))?;
        }
        Ok(())
    }
}

/// Objects found reachable while writing back, still to be stored.
#[derive(Default)]
struct Encoder {
    queued: HashSet<ObjId>,
    queue: Vec<ObjId>,
    proxies: HashMap<ObjId, String>,
    /// The global being written (e.g. `UserGlobals at: #Log`).
    path: String,
    /// For each object queued, the global it was first reached from.
    paths: HashMap<ObjectId, String>,
    /// For each rehashed collection met, whether it is only rehashed
    /// (see [`State::only_rehashed`]).
    only_rehashed: HashMap<ObjId, bool>,
}

impl State {
    /// Drops identity-map entries of heap objects the collector freed.
    pub(crate) fn prune_identity(&mut self) {
        let heap = &self.heap;
        self.oid_of.retain(|&hid, _| heap.is_live(hid));
        self.rehashed.retain(|&hid, _| heap.is_live(hid));
        let live = &self.oid_of;
        self.oids.retain(|_, hid| live.contains_key(hid));
    }

    /// After a commit no other session's commit preceded: the heap already
    /// is the new view, so only the record of which names each dictionary
    /// object was filled with moves on to what the commit wrote.
    pub(crate) fn keep_view(&mut self) {
        self.record_written();
        self.conflict_paths.clear();
    }

    /// After a write-back: the session's entries are what the dictionary
    /// objects hold, so each object's record of the names it was filled
    /// with moves on to what it holds now.
    fn record_written(&mut self) {
        let dicts: Vec<(String, ObjId)> = self
            .dict_proxies
            .iter()
            .map(|(n, &id)| (n.clone(), id))
            .collect();
        for (dict, proxy) in dicts {
            let names = self
                .proxy_pairs(proxy)
                .into_iter()
                .filter(|(_, v)| !matches!(v, Value::Class(_)))
                .map(|(n, _)| n)
                .collect();
            self.proxy_base.insert(dict, names);
        }
    }

    /// Commits `session`, whose changes this state has written into it
    /// (see [`State::flush`]), and moves this state to the new view. When
    /// no other session committed in between, the new view is exactly this
    /// state's objects, which are kept instead of being faulted in again.
    /// A conflict is reported with the global each conflicting object was
    /// reached from, and kept for `System transactionConflicts`; on failure
    /// nothing is committed and both keep their changes. What `Interpreter::commit` and `System commitTransaction`
    /// do once the heap is written back.
    pub(crate) fn commit_written(&mut self, session: &mut Session) -> Result<(), ImageError> {
        let view = session.view();
        let writes = session.needs_commit();
        if let Err(e) = session.commit() {
            let e = self.explain_conflicts(e);
            if let ImageError::Conflict(report) = &e {
                self.commit_outcome = crate::system::CommitOutcome {
                    failed: true,
                    conflicts: report.conflicts.iter().map(|c| c.what.clone()).collect(),
                };
            }
            return Err(e);
        }
        self.commit_outcome = Default::default();
        let alone = session.view() == if writes { view + 1 } else { view };
        if alone {
            self.keep_view();
        } else {
            self.new_view(session);
        }
        Ok(())
    }

    /// Writes this view's changed globals and objects into `session`
    /// (see the module documentation). Nothing is committed; the caller
    /// commits the session.
    ///
    /// Whole or not at all when a limit on uncommitted changes refuses
    /// part of it: then the session is as it was and the heap keeps the
    /// changes, so no value goes in without the others it was changed
    /// with, and the refusal is answered for the whole write-back.
    pub(crate) fn flush(&mut self, session: &mut Session) -> Result<(), ImageError> {
        self.conflict_paths.clear();
        if self.objects_stale {
            // The heap still holds the previous view's state, which every
            // move to a new view wrote back or dropped first: nothing of
            // it is this session's change, and writing it would undo
            // other sessions' commits.
            return Ok(());
        }
        session.whole_within_limits("keep the changes to globals and persistent objects", |s| {
            self.flush_into(s)
        })
    }

    /// Adds to each conflict on a persistent object the global it was
    /// reached from by the last write-back, so the report says which of
    /// the user's values collided.
    pub(crate) fn explain_conflicts(&self, error: ImageError) -> ImageError {
        let ImageError::Conflict(mut report) = error else {
            return error;
        };
        for c in &mut report.conflicts {
            let id = c
                .what
                .strip_prefix("object #")
                .map(|rest| {
                    rest.chars()
                        .take_while(char::is_ascii_digit)
                        .collect::<String>()
                })
                .and_then(|digits| digits.parse().ok())
                .map(ObjectId);
            if let Some(path) = id.and_then(|id| self.conflict_paths.get(&id)) {
                c.what = format!("{}, reached from {path}", c.what);
            }
        }
        ImageError::Conflict(report)
    }

    fn flush_into(&mut self, session: &mut Session) -> Result<(), ImageError> {
        let mut enc = Encoder {
            proxies: self
                .dict_proxies
                .iter()
                .map(|(n, &id)| (id, n.clone()))
                .collect(),
            ..Encoder::default()
        };
        let mut dicts: Vec<(String, ObjId)> = self
            .dict_proxies
            .iter()
            .map(|(n, &id)| (n.clone(), id))
            .collect();
        dicts.sort();
        let existing = session.dictionary_names();
        // Unchanged literal globals that are heap objects (Strings,
        // LargeIntegers), to rebind as objects if a stored object refers to
        // the very same one (so identity survives the commit).
        let mut literals: Vec<(String, String, ObjId)> = Vec::new();
        // An entry that cannot be written does not hold up the others, so
        // the session shows every change it can; the first failure is
        // reported.
        let mut first_error: Option<ImageError> = None;
        for (dict, proxy) in dicts {
            if !existing.contains(&dict) {
                continue;
            }
            let pairs = self.proxy_pairs(proxy);
            let present: HashSet<String> = pairs.iter().map(|(n, _)| n.clone()).collect();
            for (name, v) in pairs {
                // A dictionary naming itself (`name:`) is the dictionary
                // itself in the image: its name already says so.
                if name == dict && v == Value::Obj(proxy) {
                    continue;
                }
                if let Err(e) = self.flush_entry(&mut enc, session, &dict, &name, v, &mut literals)
                {
                    keep_first(&mut first_error, e);
                }
            }
            if let Err(e) = self.flush_removals(session, &dict, &present) {
                keep_first(&mut first_error, e);
            }
        }
        if let Some(e) = first_error {
            return Err(e);
        }
        self.flush_class_state(&mut enc, session)?;
        self.flush_held(&mut enc, session)?;
        for (dict, name, id) in literals {
            if enc.queued.contains(&id)
                && let Some(&oid) = self.oid_of.get(&id)
            {
                // Stored already: it was queued when the other reference
                // was encoded.
                session.bind(
                    &dict,
                    &name,
                    DictionaryEntry::Object(ObjectValue::Object(oid)),
                )?;
            }
        }
        self.conflict_paths = enc.paths;
        // The session now holds what the dictionary objects hold.
        self.record_written();
        Ok(())
    }

    /// Writes one entry of dictionary object `dict` into the session.
    fn flush_entry(
        &mut self,
        enc: &mut Encoder,
        session: &mut Session,
        dict: &str,
        name: &str,
        v: Value,
        literals: &mut Vec<(String, String, ObjId)>,
    ) -> Result<(), ImageError> {
        enc.path = format!("{dict} at: #{name}");
        let current = session.entry(dict, name);
        // A binding to what the image no longer has read as nil: still nil
        // is no change.
        if v == Value::Nil
            && let Some(DictionaryEntry::Object(stored)) = &current
            && session.reads_as_nil(stored)
        {
            return Ok(());
        }
        let place = |e: ImageError| match e {
            ImageError::InvalidArgument(m) => {
                ImageError::InvalidArgument(format!("{dict} at: #{name}: {m}"))
            }
            ImageError::Refused(m) => ImageError::Refused(format!("{dict} at: #{name}: {m}")),
            other => other,
        };
        if let Value::Class(ci) = v {
            let id = self.classes[ci as usize].id;
            // A class the dictionary object holds because the session
            // bound it is not this view's change: a tool may have removed
            // or moved it since.
            let synced = self
                .proxy_classes
                .get(dict)
                .is_some_and(|cs| cs.iter().any(|(n, c)| n == name && *c == id));
            let want = DictionaryEntry::Class(id);
            if !synced && current.as_ref() != Some(&want) {
                session.bind(dict, name, want).map_err(place)?;
            }
            if !synced {
                // The session binds it now, as the dictionary object does.
                self.note_class_binding(dict, name, Some(id));
            }
            return Ok(());
        }
        if let Some(DictionaryEntry::Global(g)) = &current
            && self.same_as_literal(v, g)
        {
            if let Value::Obj(id) = v {
                literals.push((dict.to_string(), name.to_string(), id));
            }
            return Ok(());
        }
        let unstorable = |m: &str| {
            ImageError::Refused(format!(
                "cannot store the value of {dict} at: #{name} in the image: {m}; remove it from \
                 the dictionary (or abort) and try again"
            ))
        };
        let ov = self.encode(v, enc, session).map_err(|m| unstorable(&m))?;
        self.store_queued(enc, session).map_err(|e| match e {
            ImageError::Refused(m) => unstorable(&m),
            other => other,
        })?;
        let want = DictionaryEntry::Object(ov);
        if current.as_ref() != Some(&want) {
            session.bind(dict, name, want).map_err(place)?;
        }
        if matches!(current, Some(DictionaryEntry::Class(_))) {
            self.note_class_binding(dict, name, None);
        }
        Ok(())
    }

    /// Unbinds in the session the names Smalltalk code removed from
    /// dictionary object `dict` (`present` is what it holds now): values it
    /// was filled with, and classes the session bound when it was last
    /// brought up to date (an alias, or a class's own name).
    fn flush_removals(
        &mut self,
        session: &mut Session,
        dict: &str,
        present: &HashSet<String>,
    ) -> Result<(), ImageError> {
        let mut removed: Vec<String> = self
            .proxy_base
            .get(dict)
            .into_iter()
            .flatten()
            .filter(|n| !present.contains(*n))
            .filter(|n| {
                matches!(
                    session.entry(dict, n),
                    Some(DictionaryEntry::Global(_) | DictionaryEntry::Object(_))
                )
            })
            .cloned()
            .collect();
        let classes: Vec<(String, gs_image::ClassId)> = self
            .proxy_classes
            .get(dict)
            .into_iter()
            .flatten()
            .filter(|(n, id)| {
                !present.contains(n) && session.entry(dict, n) == Some(DictionaryEntry::Class(*id))
            })
            .cloned()
            .collect();
        removed.extend(classes.iter().map(|(n, _)| n.clone()));
        removed.sort();
        for n in removed {
            session.unbind(dict, &n).map_err(|e| match e {
                ImageError::Refused(m) => ImageError::Refused(format!(
                    "{dict} removeKey: #{n}: {m}; put it back (or abort) and try again"
                )),
                other => other,
            })?;
            self.note_class_binding(dict, &n, None);
        }
        Ok(())
    }

    /// Records that the session's dictionary `dict` now binds `name` to
    /// class `id` (or to no class), as its dictionary object does, so the
    /// next bringing up to date ([`Run::sync_proxy_classes`]) sees no
    /// change and a later removal by Smalltalk is written back.
    fn note_class_binding(&mut self, dict: &str, name: &str, id: Option<gs_image::ClassId>) {
        let classes = self.proxy_classes.entry(dict.to_string()).or_default();
        classes.retain(|(n, _)| n != name);
        if let Some(id) = id {
            classes.push((name.to_string(), id));
            classes.sort();
        }
    }

    /// Stores the class variables and class-instance variables of the
    /// application classes this view loaded (see [`Run::class_state`]).
    fn flush_class_state(
        &mut self,
        enc: &mut Encoder,
        session: &mut Session,
    ) -> Result<(), ImageError> {
        for ci in 0..self.classes.len() {
            let info = &self.classes[ci];
            if !info.state_loaded || info.record.kernel || session.class_by_id(info.id).is_none() {
                continue;
            }
            let id = ObjectId::class_state(info.id);
            let class_name = info.name.clone();
            let mut names: Vec<String> = info.class_var_names.clone();
            names.extend(info.class_inst_vars.iter().map(|n| format!("@{n}")));
            let mut values: Vec<Value> = info.class_vars.clone();
            values.extend(info.class_inst_vals.iter().copied());
            values.resize(names.len(), Value::Nil);
            if session.object(id).is_none() && values.iter().all(|v| *v == Value::Nil) {
                continue;
            }
            let mut named = Vec::with_capacity(values.len());
            for (name, v) in names.iter().zip(values) {
                let place = name.strip_prefix('@').map_or_else(
                    || format!("class variable {name} of {class_name}"),
                    |n| format!("class-instance variable {n} of {class_name}"),
                );
                enc.path = place.clone();
                let unstorable = |m: &str| {
                    ImageError::Refused(format!(
                        "cannot store the value of {place} in the image: {m}; set it to \
                         another value (or abort) and try again"
                    ))
                };
                named.push(self.encode(v, enc, session).map_err(|m| unstorable(&m))?);
                self.store_queued(enc, session).map_err(|e| match e {
                    ImageError::Refused(m) => unstorable(&m),
                    other => other,
                })?;
            }
            session.store_object(
                id,
                StoredObject {
                    class: self.classes[ci].id,
                    invariant: false,
                    names,
                    named,
                    body: ObjectBody::None,
                },
            )?;
        }
        Ok(())
    }

    /// The (name, value) pairs of a dictionary object: a
    /// KeyValueDictionary's named variables are tally, keys, values.
    fn proxy_pairs(&self, proxy: ObjId) -> Vec<(String, Value)> {
        let o = self.heap.get(proxy);
        let (Some(Value::Obj(keys)), Some(Value::Obj(values))) = (o.named.get(1), o.named.get(2))
        else {
            return Vec::new();
        };
        let (Body::Slots(ks), Body::Slots(vs)) =
            (&self.heap.get(*keys).body, &self.heap.get(*values).body)
        else {
            return Vec::new();
        };
        ks.iter()
            .zip(vs)
            .filter_map(|(k, v)| {
                let Value::Obj(k) = k else { return None };
                match &self.heap.get(*k).body {
                    Body::Bytes(_) | Body::Wide(_) => Some((self.text(*k), *v)),
                    _ => None,
                }
            })
            .collect()
    }

    /// True when `v` is what the literal global `g` (as a file-in wrote
    /// it) reads as, so an untouched literal is not rewritten.
    fn same_as_literal(&self, v: Value, g: &GlobalValue) -> bool {
        let bytes_of = |v: Value| match v {
            Value::Obj(id) => match &self.heap.get(id).body {
                Body::Bytes(b) => Some((self.heap.get(id).class, b.clone())),
                _ => None,
            },
            _ => None,
        };
        let latin1 = |s: &str| -> Vec<u8> { s.chars().map(|c| c as u32 as u8).collect() };
        match g {
            GlobalValue::Nil => v == Value::Nil,
            GlobalValue::Boolean(b) => v == Value::bool(*b),
            GlobalValue::Float(f) => matches!(v, Value::Float(x) if x.to_bits() == f.to_bits()),
            GlobalValue::Integer(s) => match v {
                Value::Int(i) => i.to_string() == *s,
                Value::Obj(id) => {
                    matches!(&self.heap.get(id).body, Body::Large(n) if n.to_string() == *s)
                }
                _ => false,
            },
            GlobalValue::String(s) => match v {
                Value::Obj(id) => {
                    let class = self.heap.get(id).class;
                    (class == self.known.string || self.wide_limit(class).is_some())
                        && self.text(id) == *s
                }
                _ => false,
            },
            GlobalValue::Symbol(s) => {
                bytes_of(v).is_some_and(|(c, b)| c == self.known.symbol && b == latin1(s))
            }
        }
    }

    /// The stored form of `v`; a heap object gets an object id (a new one
    /// when it is new to the image) and is queued to be stored.
    fn encode(
        &mut self,
        v: Value,
        enc: &mut Encoder,
        session: &Session,
    ) -> Result<ObjectValue, String> {
        Ok(match v {
            Value::Nil => ObjectValue::Nil,
            Value::True => ObjectValue::Boolean(true),
            Value::False => ObjectValue::Boolean(false),
            Value::Int(i) => ObjectValue::Integer(i),
            Value::Char(c) => ObjectValue::Character(c),
            Value::Float(f) => ObjectValue::Float(f.to_bits()),
            Value::Class(ci) => ObjectValue::Class(self.classes[ci as usize].id),
            Value::Meta(ci) => ObjectValue::Metaclass(self.classes[ci as usize].id),
            Value::Obj(id) => {
                if let Some(name) = enc.proxies.get(&id) {
                    return Ok(ObjectValue::Dictionary(name.clone()));
                }
                let o = self.heap.get(id);
                if o.class == self.known.symbol
                    && let Body::Bytes(b) = &o.body
                {
                    return Ok(ObjectValue::Symbol(b.clone()));
                }
                if let Body::Block(c) = &o.body
                    && self.block_form(c).is_none()
                {
                    return Err(format!(
                        "it reaches a block made in {} that uses its context (self, instance \
                         variables, temporaries outside the block, or ^); only blocks that use \
                         none of these can be stored",
                        c.method.label
                    ));
                }
                let oid = self.persistent_id(id, session);
                if enc.queued.insert(id) {
                    enc.queue.push(id);
                    enc.paths.entry(oid).or_insert_with(|| enc.path.clone());
                }
                ObjectValue::Object(oid)
            }
        })
    }

    /// The stored form of a clean block: where its code is. `None` for a
    /// block that uses its context, which cannot be made again from code.
    fn block_form(&self, c: &Closure) -> Option<ObjectBody> {
        if !clean(&c.code.body, 0) {
            return None;
        }
        let mut blocks = Vec::new();
        blocks_in(&c.method.body, &mut blocks);
        let ordinal = blocks.iter().position(|b| Rc::ptr_eq(b, &c.code))?;
        Some(ObjectBody::Block {
            class: self.classes[c.method.class as usize].id,
            meta: c.method.meta,
            doit: c.method.is_doit,
            source: c.method.source.clone(),
            ordinal: u32::try_from(ordinal).ok()?,
        })
    }

    /// Stores every queued object (and those they reach) in `session`.
    fn store_queued(&mut self, enc: &mut Encoder, session: &mut Session) -> Result<(), ImageError> {
        while let Some(id) = enc.queue.pop() {
            let oid = self.oid_of[&id];
            if let Some(&(coll, _)) = self.rehashed.get(&id)
                && self.only_rehashed(coll, enc, session)
            {
                // The stored form, rehashed by whoever reads it, holds
                // the same elements.
                continue;
            }
            let object = self.stored_form(id, oid, enc, session)?;
            session.store_object(oid, object)?;
        }
        Ok(())
    }

    /// Whether every part of rehashed collection `coll` is as reading
    /// rehashed it (see [`State::rehashed`]): then no part is written, and
    /// if one changed every part is, so the stored parts always agree.
    fn only_rehashed(&mut self, coll: ObjId, enc: &mut Encoder, session: &Session) -> bool {
        if let Some(&known) = enc.only_rehashed.get(&coll) {
            return known;
        }
        let parts: Vec<(ObjId, StoredObject)> = self
            .rehashed
            .iter()
            .filter(|(_, (c, _))| *c == coll)
            .map(|(&p, (_, form))| (p, form.clone()))
            .collect();
        let same = parts
            .into_iter()
            .all(|(p, form)| self.stored_form_now(p, session) == Some(form));
        enc.only_rehashed.insert(coll, same);
        same
    }

    /// The stored form of heap object `id` (persistent id `oid`),
    /// queueing in `enc` the objects it refers to.
    fn stored_form(
        &mut self,
        id: ObjId,
        oid: ObjectId,
        enc: &mut Encoder,
        session: &Session,
    ) -> Result<StoredObject, ImageError> {
        let (class, invariant, named, body) = {
            let o = self.heap.get(id);
            let body = match &o.body {
                Body::None => Err(ObjectBody::None),
                Body::Block(c) => Err(self.block_form(c).unwrap_or(ObjectBody::None)),
                Body::Bytes(b) => Err(ObjectBody::Bytes(b.clone())),
                Body::Wide(w) => Err(wide_form(w, session.object(oid))),
                Body::Large(n) => Err(ObjectBody::LargeInteger(n.to_signed_bytes_le())),
                Body::Slots(s) => Ok(s.clone()),
            };
            (o.class, o.invariant, o.named.clone(), body)
        };
        let info = &self.classes[class as usize];
        let (class_id, class_name, names) = (info.id, info.name.clone(), info.inst_vars.clone());
        let refused = |m: String| ImageError::Refused(format!("{m} (held by a {class_name})"));
        let mut stored_named = Vec::with_capacity(names.len());
        for i in 0..names.len() {
            let v = named.get(i).copied().unwrap_or(Value::Nil);
            stored_named.push(self.encode(v, enc, session).map_err(refused)?);
        }
        let body = match body {
            Err(b) => b,
            Ok(slots) => {
                let mut out = Vec::with_capacity(slots.len());
                for v in slots {
                    out.push(self.encode(v, enc, session).map_err(refused)?);
                }
                ObjectBody::Slots(out)
            }
        };
        Ok(StoredObject {
            class: class_id,
            invariant,
            names,
            named: stored_named,
            body,
        })
    }

    /// The stored form heap object `id` has now, for comparing later (see
    /// [`State::rehashed`]); `None` for an object with no persistent id.
    pub(crate) fn stored_form_now(&mut self, id: ObjId, session: &Session) -> Option<StoredObject> {
        let oid = *self.oid_of.get(&id)?;
        let mut enc = Encoder {
            proxies: self
                .dict_proxies
                .iter()
                .map(|(n, &p)| (p, n.clone()))
                .collect(),
            ..Encoder::default()
        };
        self.stored_form(id, oid, &mut enc, session).ok()
    }

    /// Stores the changes of the persistent objects this session holds
    /// that the dictionaries did not reach (kept in a temporary or in
    /// `SessionTemps`, or unbound from their global by another session
    /// meanwhile): as in GemStone, a change to a persistent object is
    /// committed wherever it is held. Unchanged ones store nothing.
    fn flush_held(&mut self, enc: &mut Encoder, session: &mut Session) -> Result<(), ImageError> {
        let mut held: Vec<(ObjectId, ObjId)> = self
            .oids
            .iter()
            .filter(|(oid, hid)| !enc.queued.contains(*hid) && session.object(**oid).is_some())
            .map(|(&oid, &hid)| (oid, hid))
            .collect();
        held.sort_unstable();
        for (oid, hid) in held {
            if !enc.queued.insert(hid) {
                continue;
            }
            enc.queue.push(hid);
            self.store_queued(enc, session).map_err(|e| match e {
                ImageError::Refused(m) => ImageError::Refused(format!(
                    "cannot store persistent object #{} (held by this session) in the image: \
                     {m}; change it back (or abort) and try again",
                    oid.0
                )),
                other => other,
            })?;
        }
        Ok(())
    }
}

/// Keeps the first failure of a write-back, unless a later one is a limit
/// on uncommitted changes: that one decides that nothing is written (see
/// [`State::flush`]), so it is the one to report.
fn keep_first(first: &mut Option<ImageError>, e: ImageError) {
    match first {
        Some(f) if f.is_uncommitted_limit() || !e.is_uncommitted_limit() => {}
        _ => *first = Some(e),
    }
}

/// Bytes an object's contents count against the memory budget beyond its
/// header, as filling it from the image charges them.
fn contents_bytes(named: &[Value], body: &Body) -> usize {
    std::mem::size_of_val(named)
        + match body {
            Body::Slots(s) => std::mem::size_of_val(s.as_slice()),
            Body::Bytes(b) => b.len(),
            Body::Wide(w) => w.len() * 4,
            Body::Large(n) => n.bits() as usize / 8,
            _ => 0,
        }
}

/// The nodes directly inside `node` (a block's statements included).
fn children(node: &Node) -> Vec<&Node> {
    let mut out: Vec<&Node> = Vec::new();
    match node {
        Node::Const(_)
        | Node::SelfRef
        | Node::Temp(..)
        | Node::InstVar(_)
        | Node::ClassVar(..)
        | Node::Global(_) => {}
        Node::AssignTemp(_, _, e)
        | Node::AssignInst(_, e)
        | Node::AssignClassVar(_, _, e)
        | Node::AssignGlobal(_, e)
        | Node::Return(e)
        | Node::NonLocalReturn(e)
        | Node::IsNil(_, e)
        | Node::BinTempInt { send: e, .. } => out.push(e),
        Node::ReturnIf { cond, value, .. } => {
            out.push(cond);
            out.push(value);
        }
        Node::Send { recv, args, .. } => {
            out.push(recv);
            out.extend(args);
        }
        Node::Cascade(recv, _, parts) => {
            out.push(recv);
            for part in parts {
                for m in part {
                    out.extend(&m.args);
                }
            }
        }
        Node::Block(code) => out.extend(&code.body),
        Node::Brace(items) => out.extend(items),
        Node::If {
            cond,
            if_true,
            if_false,
        } => {
            out.push(cond);
            out.extend(if_true.iter().flatten());
            out.extend(if_false.iter().flatten());
        }
        Node::AndOr(_, first, rest) => {
            out.push(first);
            out.extend(rest);
        }
        Node::While(_, cond, body) => {
            out.extend(cond);
            out.extend(body);
        }
        Node::ToDo {
            from, to, by, body, ..
        } => {
            out.push(from);
            out.push(to);
            out.extend(by.as_deref());
            out.extend(body);
        }
        Node::IfNil {
            value,
            if_nil,
            if_not_nil,
        } => {
            out.push(value);
            out.extend(if_nil.iter().flatten());
            out.extend(if_not_nil.iter().flat_map(|(_, b)| b));
        }
        Node::Identical(a, b) => {
            out.push(a);
            out.push(b);
        }
    }
    out
}

/// Every real (not inlined) block of `nodes`, in source order: the
/// numbering a stored block's `ordinal` refers to.
fn blocks_in<'a>(nodes: &'a [Node], out: &mut Vec<&'a Rc<BlockCode>>) {
    for node in nodes {
        if let Node::Block(code) = node {
            out.push(code);
        }
        let inner: Vec<&Node> = children(node);
        for child in inner {
            blocks_in(std::slice::from_ref(child), out);
        }
    }
}

/// True when statements at block nesting `level` (0: the block itself)
/// use nothing outside the block: no `self`, instance variables, `super`,
/// `^`, or temporaries of scopes enclosing it.
fn clean(nodes: &[Node], level: u16) -> bool {
    nodes.iter().all(|node| match node {
        Node::SelfRef
        | Node::InstVar(_)
        | Node::AssignInst(..)
        | Node::Return(_)
        | Node::ReturnIf { .. }
        | Node::NonLocalReturn(_)
        | Node::Send { sup: true, .. } => false,
        Node::Temp(depth, _) if *depth > level => false,
        Node::AssignTemp(depth, _, _) if *depth > level => false,
        Node::Block(code) => clean(&code.body, level + 1),
        other => children(other)
            .into_iter()
            .all(|c| clean(std::slice::from_ref(c), level)),
    })
}

/// A wide string's stored form: its code points, or, for one stored as
/// bytes before wide strings held more (see `fault_values`), those bytes
/// while they are still its characters, so that reading such a string
/// leaves nothing to commit.
fn wide_form(codes: &[u32], stored: Option<&StoredObject>) -> ObjectBody {
    if let Some(StoredObject {
        body: ObjectBody::Bytes(bytes),
        ..
    }) = stored
        && same_codes(bytes, codes)
    {
        return ObjectBody::Bytes(bytes.clone());
    }
    ObjectBody::Wide(codes.to_vec())
}

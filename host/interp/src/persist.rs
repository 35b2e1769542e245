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
//! - **A new view** (commit, abort, refresh) drops the identity map and the
//!   dictionary objects, so the next call faults in the newest state.
//!
//! An object stored under an older shape of its class (the class was
//! since redefined with other instance variables) migrates when faulted
//! in: values move to the instance variables of the same name, removed
//! ones are dropped and new ones start as `nil`.

use std::collections::{HashMap, HashSet};

use gs_image::{
    DictionaryEntry, GlobalValue, ImageError, ObjectBody, ObjectId, ObjectValue, Session,
    StoredObject,
};
use num_bigint::BigInt;

use crate::heap::{Body, ObjId, Object, Value};
use crate::interp::{R, Run, State};

impl Run<'_> {
    /// The heap value for a stored value, faulting in (once per view) the
    /// persistent objects it reaches.
    pub(crate) fn fault_value(&mut self, value: &ObjectValue) -> R<Value> {
        let mut pending: Vec<(ObjId, ObjectId)> = Vec::new();
        let out = self.materialize(value, &mut pending)?;
        while let Some((hid, oid)) = pending.pop() {
            let Some(stored) = self.session.object(oid).cloned() else {
                continue;
            };
            let class = self.st.heap.get(hid).class;
            let target = self.st.classes[class as usize].inst_vars.clone();
            let mut named = vec![Value::Nil; target.len()];
            if stored.names == target {
                for (slot, v) in named.iter_mut().zip(&stored.named) {
                    *slot = self.materialize(v, &mut pending)?;
                }
            } else {
                // The class was reshaped since the object was stored:
                // migrate by instance-variable name.
                for (name, v) in stored.names.iter().zip(&stored.named) {
                    if let Some(i) = target.iter().position(|t| t == name) {
                        named[i] = self.materialize(v, &mut pending)?;
                    }
                }
            }
            let body = match &stored.body {
                ObjectBody::None => Body::None,
                ObjectBody::Bytes(b) => Body::Bytes(b.clone()),
                ObjectBody::LargeInteger(b) => Body::Large(BigInt::from_signed_bytes_le(b)),
                ObjectBody::Slots(items) => {
                    let mut slots = Vec::with_capacity(items.len());
                    for v in items {
                        slots.push(self.materialize(v, &mut pending)?);
                    }
                    Body::Slots(slots)
                }
            };
            let extra = named.len() * std::mem::size_of::<Value>()
                + match &body {
                    Body::Slots(s) => s.len() * std::mem::size_of::<Value>(),
                    Body::Bytes(b) => b.len(),
                    Body::Large(n) => n.bits() as usize / 8,
                    _ => 0,
                };
            self.st.heap.charge(extra)?;
            let o = self.st.heap.get_mut(hid);
            o.named = named;
            o.body = body;
            o.invariant = stored.invariant;
        }
        Ok(out)
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
    /// `name` (classes excepted: they resolve through the session), noting
    /// which names it was filled with so a commit can tell a removed entry
    /// from one bound by someone else meanwhile.
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
}

impl State {
    /// Drops identity-map entries of heap objects the collector freed.
    pub(crate) fn prune_identity(&mut self) {
        let heap = &self.heap;
        self.oid_of.retain(|&hid, _| heap.is_live(hid));
        let live: &HashMap<ObjId, ObjectId> = &self.oid_of;
        self.oids.retain(|_, hid| live.contains_key(hid));
    }

    /// Writes this view's changed globals and objects into `session`
    /// (see the module documentation). Nothing is committed; the caller
    /// commits the session.
    pub(crate) fn flush(&mut self, session: &mut Session) -> Result<(), ImageError> {
        self.conflict_paths.clear();
        self.flush_into(session)
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
        for (dict, proxy) in dicts {
            if !existing.contains(&dict) {
                continue;
            }
            let pairs = self.proxy_pairs(proxy);
            let mut present = HashSet::new();
            for (name, v) in pairs {
                present.insert(name.clone());
                enc.path = format!("{dict} at: #{name}");
                let current = session.entry(&dict, &name);
                let place = |e: ImageError| match e {
                    ImageError::InvalidArgument(m) => {
                        ImageError::InvalidArgument(format!("{dict} at: #{name}: {m}"))
                    }
                    ImageError::Refused(m) => {
                        ImageError::Refused(format!("{dict} at: #{name}: {m}"))
                    }
                    other => other,
                };
                if let Value::Class(ci) = v {
                    let want = DictionaryEntry::Class(self.classes[ci as usize].id);
                    if current.as_ref() != Some(&want) {
                        session.bind(&dict, &name, want).map_err(place)?;
                    }
                    continue;
                }
                if let Some(DictionaryEntry::Global(g)) = &current
                    && self.same_as_literal(v, g)
                {
                    if let Value::Obj(id) = v {
                        literals.push((dict.clone(), name.clone(), id));
                    }
                    continue;
                }
                let ov = self.encode(v, &mut enc, session).map_err(|m| {
                    ImageError::Refused(format!(
                        "cannot commit the value of {dict} at: #{name}: {m}; remove it from \
                         the dictionary (or abort) and commit again"
                    ))
                })?;
                self.store_queued(&mut enc, session).map_err(|e| match e {
                    ImageError::Refused(m) => ImageError::Refused(format!(
                        "cannot commit the value of {dict} at: #{name}: {m}; remove it \
                             from the dictionary (or abort) and commit again"
                    )),
                    other => other,
                })?;
                let want = DictionaryEntry::Object(ov);
                if current.as_ref() != Some(&want) {
                    session.bind(&dict, &name, want).map_err(place)?;
                }
            }
            if let Some(base) = self.proxy_base.get(&dict) {
                let mut removed: Vec<&String> =
                    base.iter().filter(|n| !present.contains(*n)).collect();
                removed.sort();
                for n in removed {
                    if matches!(
                        session.entry(&dict, n),
                        Some(DictionaryEntry::Global(_) | DictionaryEntry::Object(_))
                    ) {
                        session.unbind(&dict, n)?;
                    }
                }
            }
        }
        for (dict, name, id) in literals {
            if let Some(&oid) = self.oid_of.get(&id) {
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
                    Body::Bytes(b) => Some((b.iter().map(|&c| c as char).collect(), *v)),
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
            GlobalValue::String(s) => {
                bytes_of(v).is_some_and(|(c, b)| c == self.known.string && b == latin1(s))
            }
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
                if let Body::Block(c) = &o.body {
                    return Err(format!(
                        "it reaches a block (made in {}), and blocks cannot be stored in the \
                         image",
                        c.method.label
                    ));
                }
                let oid = match self.oid_of.get(&id) {
                    Some(&oid) => oid,
                    None => {
                        let oid = session.new_object_id();
                        self.oid_of.insert(id, oid);
                        self.oids.insert(oid, id);
                        oid
                    }
                };
                if enc.queued.insert(id) {
                    enc.queue.push(id);
                    enc.paths.entry(oid).or_insert_with(|| enc.path.clone());
                }
                ObjectValue::Object(oid)
            }
        })
    }

    /// Stores every queued object (and those they reach) in `session`.
    fn store_queued(&mut self, enc: &mut Encoder, session: &mut Session) -> Result<(), ImageError> {
        while let Some(id) = enc.queue.pop() {
            let oid = self.oid_of[&id];
            let (class, invariant, named, body) = {
                let o = self.heap.get(id);
                let body = match &o.body {
                    Body::None | Body::Block(_) => Err(ObjectBody::None),
                    Body::Bytes(b) => Err(ObjectBody::Bytes(b.clone())),
                    Body::Large(n) => Err(ObjectBody::LargeInteger(n.to_signed_bytes_le())),
                    Body::Slots(s) => Ok(s.clone()),
                };
                (o.class, o.invariant, o.named.clone(), body)
            };
            let info = &self.classes[class as usize];
            let (class_id, class_name, names) =
                (info.id, info.name.clone(), info.inst_vars.clone());
            let mut stored_named = Vec::with_capacity(names.len());
            for i in 0..names.len() {
                let v = named.get(i).copied().unwrap_or(Value::Nil);
                stored_named.push(
                    self.encode(v, enc, session).map_err(|m| {
                        ImageError::Refused(format!("{m} (held by a {class_name})"))
                    })?,
                );
            }
            let body = match body {
                Err(b) => b,
                Ok(slots) => {
                    let mut out = Vec::with_capacity(slots.len());
                    for v in slots {
                        out.push(self.encode(v, enc, session).map_err(|m| {
                            ImageError::Refused(format!("{m} (held by a {class_name})"))
                        })?);
                    }
                    ObjectBody::Slots(out)
                }
            };
            session.store_object(
                oid,
                StoredObject {
                    class: class_id,
                    invariant,
                    names,
                    named: stored_named,
                    body,
                },
            )?;
        }
        Ok(())
    }
}

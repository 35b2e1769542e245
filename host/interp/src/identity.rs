//! Identity hashes that hold across sessions and restarts, as GemStone's
//! do (they derive from the OOP), and the rehashing of hashed collections
//! an older build stored with hashes that did not.
//!
//! A collection that hashes by identity (an IdentitySet, an
//! IdentityDictionary, a SymbolDictionary, a Set or Dictionary of objects
//! whose `hash` is their `identityHash`) keeps each element in the bucket
//! its hash chose, and is stored that way. So the hash must be the same in
//! every session that reads the collection:
//!
//! - a heap object's hash derives from its persistent id. An object that
//!   has none when its hash is first asked for (a transient one) is given
//!   its persistent id then, as GemStone gives every object an OOP: ids
//!   are never reused, one never stored is simply skipped, and one stored
//!   later keeps it, so the hash a collection used is the hash its element
//!   has in every later session;
//! - a Symbol hashes by its characters, a dictionary object standing for
//!   one of the session's dictionaries by the dictionary's name, a class
//!   by its image id: none of these is stored as an object of its own.
//!
//! Each object keeps its hash once computed ([`Object::hash`]), so asking
//! again is one read. Objects an older build stored (whose hashes were
//! heap positions, different in every session) are found by
//! [`gs_image::Image::hashes_may_have_moved`]; a hashed collection among
//! them is checked when read and rehashed in place if an element is not
//! where its hash leads (which also drops the duplicates the old hashes
//! let in). The rehash alone is not a change to commit: see
//! `State::rehashed`.
//!
//! [`Object::hash`]: crate::heap::Object::hash

use gs_image::{ObjectId, Session};

use crate::heap::{Body, ObjId, Value};
use crate::interp::{R, Run, State};

/// Symbol and dictionary hashes lie above every hash derived from a
/// persistent id, so they never collide with one. A persistent id below
/// it is its object's hash, so an object given its id by its hash can
/// keep the id in the hash alone (see [`State::persistent_id`]).
const NAME_HASHES: i64 = 1 << 30;

/// The identity hash of the object with persistent id `oid`.
fn oid_hash(oid: ObjectId) -> i64 {
    (oid.0 & (NAME_HASHES as u64 - 1)) as i64
}

/// The hash of a Symbol's (or a name's) characters: `String>>hash`'s fold,
/// moved above the hashes of persistent ids.
fn name_hash(bytes: &[u8]) -> i64 {
    let mut h = bytes.len() as i64;
    for &c in bytes {
        h = (h * 31 + i64::from(c)) % 1_073_741_823;
    }
    NAME_HASHES | h
}

impl Run<'_> {
    /// `identityHash` (primitive 3): stable for the life of the object,
    /// in every session and across restarts (see the module
    /// documentation).
    pub(crate) fn identity_hash(&mut self, v: Value) -> i64 {
        match v {
            Value::Nil => 1,
            Value::True => 2,
            Value::False => 3,
            Value::Int(i) => i & ((1 << 40) - 1),
            Value::Char(c) => i64::from(c),
            Value::Float(f) => (f.to_bits() >> 4) as i64 & ((1 << 40) - 1),
            Value::Obj(id) => match self.st.heap.get(id).hash {
                0 => self.first_identity_hash(id),
                h => i64::from(h - 1),
            },
            Value::Class(c) => self.st.classes[c as usize].id.0 as i64 * 2 + 7_000_000,
            Value::Meta(c) => self.st.classes[c as usize].id.0 as i64 * 2 + 7_000_001,
        }
    }

    /// Computes and keeps the identity hash of heap object `id`.
    #[cold]
    fn first_identity_hash(&mut self, id: ObjId) -> i64 {
        let o = self.st.heap.get(id);
        let h = match &o.body {
            Body::Bytes(b) if o.class == self.st.known.symbol => name_hash(b),
            _ => match self.proxy_name(Value::Obj(id)) {
                Some(name) => name_hash(name.as_bytes()),
                None => oid_hash(self.st.id_for_hash(id, self.session)),
            },
        };
        // Below 2^31, so the kept value (plus one) fits.
        self.st.heap.get_mut_quiet(id).hash = h as u32 + 1;
        h
    }

    /// Rehashes the hashed collections among `filled` (objects just filled
    /// from the view) that an older build may have stored with hashes that
    /// no longer hold, when an element is not where its hash leads.
    pub(crate) fn rehash_moved(&mut self, filled: &[(ObjId, ObjectId)]) -> R<()> {
        for &(hid, oid) in filled {
            if !self.session.image().hashes_may_have_moved(oid) {
                continue;
            }
            let class = self.st.heap.get(hid).class;
            let layout: &[&str] = match self.st.hashed {
                [Some(set), _] if self.inherits(class, set) => &["buckets"],
                [_, Some(kvd)] if self.inherits(class, kvd) => &["keys", "values"],
                _ => continue,
            };
            let at = |name: &str| {
                self.st.classes[class as usize]
                    .inst_vars
                    .iter()
                    .position(|n| n == name)
            };
            let (Some(tally), Some(first)) = (at("tally"), at(layout[0])) else {
                continue;
            };
            let second = layout.get(1).and_then(|n| at(n));
            self.rehash_if_moved(hid, tally, first, second)?;
        }
        Ok(())
    }

    /// Checks one hashed collection (`tally` and its bucket arrays at
    /// `keys` and, for a dictionary, `values`, by named-variable index)
    /// with its own `_indexOf:`, and rehashes it in place if an element is
    /// not where that leads. Each part it changed is recorded with its
    /// stored form (see `State::rehashed`).
    fn rehash_if_moved(
        &mut self,
        coll: ObjId,
        tally: usize,
        keys: usize,
        values: Option<usize>,
    ) -> R<()> {
        let array = |run: &Self, at: Option<usize>| match at.map(|i| run.st.heap.get(coll).named[i])
        {
            Some(Value::Obj(a)) if matches!(run.st.heap.get(a).body, Body::Slots(_)) => Some(a),
            _ => None,
        };
        let Some(key_array) = array(self, Some(keys)) else {
            return Ok(());
        };
        let value_array = array(self, values);
        if values.is_some() && value_array.is_none() {
            return Ok(());
        }
        let slots = |run: &Self, a: Option<ObjId>| match a.map(|a| &run.st.heap.get(a).body) {
            Some(Body::Slots(s)) => s.clone(),
            _ => Vec::new(),
        };
        let old_keys = slots(self, Some(key_array));
        let old_values = slots(self, value_array);
        if old_values.len() != old_keys.len() && value_array.is_some() {
            return Ok(());
        }
        if self.all_in_place(coll, &old_keys)? {
            return Ok(());
        }
        for a in [Some(key_array), value_array].into_iter().flatten() {
            if let Body::Slots(s) = &mut self.st.heap.get_mut(a).body {
                s.iter_mut().for_each(|v| *v = Value::Nil);
            }
        }
        let index_of = self.st.sym("_indexOf:");
        let mut count = 0;
        for (i, &k) in old_keys.iter().enumerate() {
            if k == Value::Nil {
                continue;
            }
            let Value::Int(j) = self.send(Value::Obj(coll), index_of, &[k], None)? else {
                continue;
            };
            let j = self.bucket_for(key_array, j as usize - 1, k);
            let fresh = self.put_slot(key_array, j, k);
            count += usize::from(fresh);
            if let Some(va) = value_array {
                self.put_slot(va, j, old_values[i]);
            }
        }
        self.st.heap.get_mut(coll).named[tally] = Value::Int(count as i64);
        for part in [Some(coll), Some(key_array), value_array]
            .into_iter()
            .flatten()
        {
            if let Some(form) = self.st.stored_form_now(part, self.session) {
                self.st.rehashed.insert(part, (coll, form));
            }
        }
        Ok(())
    }

    /// Whether every element of `keys` (the collection's bucket array)
    /// is where the collection's `_indexOf:` looks for it.
    fn all_in_place(&mut self, coll: ObjId, keys: &[Value]) -> R<bool> {
        let index_of = self.st.sym("_indexOf:");
        for (i, &k) in keys.iter().enumerate() {
            if k == Value::Nil {
                continue;
            }
            let at = self.send(Value::Obj(coll), index_of, &[k], None)?;
            if at != Value::Int(i as i64 + 1) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Puts `v` in slot `i` of array `a`; true when the slot was empty (a
    /// new element, not a duplicate the old hashes let in).
    /// Where a rehash puts `k`, given the bucket `_indexOf:` chose (0-based
    /// `at`): there, unless it holds another object equal to `k`. Two
    /// equal elements are kept side by side, as GemStone keeps them until
    /// the collection's own code rehashes it (keys that became equal when
    /// one was changed after it was added): `k` goes to the next empty
    /// bucket, as linear probing would have put it. The same object twice
    /// (what an older build's unstable hashes let in) is one element.
    fn bucket_for(&self, keys: ObjId, at: usize, k: Value) -> usize {
        let Body::Slots(s) = &self.st.heap.get(keys).body else {
            return at;
        };
        let n = s.len();
        let mut j = at;
        for _ in 0..n {
            match s.get(j) {
                Some(&held) if held != Value::Nil && held != k => j = (j + 1) % n,
                _ => return j,
            }
        }
        at
    }

    fn put_slot(&mut self, a: ObjId, i: usize, v: Value) -> bool {
        match &mut self.st.heap.get_mut(a).body {
            Body::Slots(s) if i < s.len() => {
                let fresh = s[i] == Value::Nil;
                s[i] = v;
                fresh
            }
            _ => false,
        }
    }
}

impl State {
    /// The persistent id of heap object `id`, giving it one (never used
    /// before in the image) when it has none. An object keeps its id for
    /// life: its identity hash derives from it.
    pub(crate) fn persistent_id(&mut self, id: ObjId, session: &Session) -> ObjectId {
        if let Some(&oid) = self.oid_of.get(&id) {
            return oid;
        }
        let oid = match i64::from(self.heap.get(id).hash) - 1 {
            // Given by its identity hash, which holds it (see
            // `id_for_hash`). A hash from a name is no id: that of an
            // object that stood for a dictionary the view no longer has.
            h if (0..NAME_HASHES).contains(&h) => ObjectId(h as u64),
            _ => session.new_object_id(),
        };
        self.oid_of.insert(id, oid);
        self.oids.insert(oid, id);
        oid
    }

    /// The persistent id an identity hash derives from. A transient object
    /// is given a new id, kept (below [`NAME_HASHES`], as nearly all are)
    /// in its hash alone: an object hashed but never stored then costs no
    /// entry in the identity maps.
    fn id_for_hash(&mut self, id: ObjId, session: &Session) -> ObjectId {
        if let Some(&oid) = self.oid_of.get(&id) {
            return oid;
        }
        let oid = session.new_object_id();
        if oid.0 >= NAME_HASHES as u64 {
            self.oid_of.insert(id, oid);
            self.oids.insert(oid, id);
        }
        oid
    }
}

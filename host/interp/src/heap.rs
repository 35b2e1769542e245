//! The object memory: values, objects and the per-session heap.
//!
//! A [`Value`] is small and `Copy`: SmallIntegers, Characters, Floats,
//! `nil`, the Booleans and classes are immediates, and every other object is
//! an [`ObjId`] into the [`Heap`], an arena of slots. Referring to objects by
//! id (never by pointer) is what lets the heap be a cache of the image's
//! persistent objects: the interpreter maps persistent object ids to heap
//! ids (see `persist`) without changing how code reaches objects. The heap counts what it allocates against a budget, so a
//! runaway allocation ends the call instead of the process.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

use num_bigint::BigInt;

use crate::compile::{BlockCode, Method};

/// Index of a class in the interpreter's class table.
pub type ClassIdx = u32;

/// Index of an object in the heap.
pub type ObjId = u32;

/// Smallest SmallInteger: −2^60.
pub const SMALL_MIN: i64 = -(1 << 60);
/// Largest SmallInteger: 2^60 − 1.
pub const SMALL_MAX: i64 = (1 << 60) - 1;

/// A Smalltalk value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// `nil`.
    Nil,
    /// `true`.
    True,
    /// `false`.
    False,
    /// A SmallInteger (always within [`SMALL_MIN`] ..= [`SMALL_MAX`]).
    Int(i64),
    /// A Character by code point.
    Char(u32),
    /// A Float (class SmallDouble).
    Float(f64),
    /// A heap object.
    Obj(ObjId),
    /// A class (the instance side's object).
    Class(ClassIdx),
    /// A metaclass (`X class`).
    Meta(ClassIdx),
}

impl Value {
    /// The Boolean for `b`.
    pub fn bool(b: bool) -> Value {
        if b { Value::True } else { Value::False }
    }

    /// Identity, as primitive 1 (`==`) defines it.
    pub fn identical(self, other: Value) -> bool {
        match (self, other) {
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (a, b) => a == b,
        }
    }
}

/// An activation's variables, shared with the blocks created in it (only
/// activations whose code creates blocks have one; see `interp`).
#[derive(Debug)]
pub struct Scope {
    /// Arguments first, then temporaries (including those of inlined blocks).
    pub vars: RefCell<Vec<Value>>,
    /// The defining scope, for a block's scope.
    pub parent: Option<Rc<Scope>>,
}

/// Marks whether a method activation is still running, for `^` in blocks.
#[derive(Debug)]
pub struct Home {
    /// The activation's unique id.
    pub id: u64,
    /// False once the activation has returned.
    pub alive: std::cell::Cell<bool>,
}

/// A block closure: code plus the environment it was created in.
#[derive(Debug)]
pub struct Closure {
    /// The block's compiled code.
    pub code: Rc<BlockCode>,
    /// The scope the block was created in.
    pub outer: Rc<Scope>,
    /// `self` of the home method.
    pub receiver: Value,
    /// The home method activation.
    pub home: Rc<Home>,
    /// The home method (for `super` and instance variables).
    pub method: Rc<Method>,
}

/// The indexed part of an object, or its VM-level payload.
#[derive(Debug)]
pub enum Body {
    /// No indexed part.
    None,
    /// Indexed object slots.
    Slots(Vec<Value>),
    /// Indexed bytes (Strings, Symbols, ByteArrays).
    Bytes(Vec<u8>),
    /// Indexed characters, as code points, of the string classes of more
    /// than one byte per character (DoubleByteString, QuadByteString,
    /// Unicode16, Unicode32): what a String becomes when it is given a
    /// character past 255.
    Wide(Vec<u32>),
    /// A LargeInteger's value.
    Large(BigInt),
    /// A block closure.
    Block(Rc<Closure>),
}

/// The code points of a byte string's characters, for its wide form.
pub(crate) fn widened_codes(bytes: &[u8]) -> Vec<u32> {
    bytes.iter().map(|&b| u32::from(b)).collect()
}

/// Whether a byte string and a wide one hold the same characters.
pub(crate) fn same_codes(bytes: &[u8], codes: &[u32]) -> bool {
    bytes.len() == codes.len() && bytes.iter().zip(codes).all(|(&b, &c)| u32::from(b) == c)
}

/// A heap object.
#[derive(Debug)]
pub struct Object {
    /// Its class.
    pub class: ClassIdx,
    /// Invariant objects (Symbols, method literals) refuse stores.
    pub invariant: bool,
    /// A dictionary's key table (see `Heap::key_tables`) depends on this
    /// object's contents: [`Heap::get_mut`] reports it as changed.
    pub watched: bool,
    /// The object's identity hash plus one, once it was first asked for
    /// (0 before): kept with the object because computing it may assign
    /// the object its persistent id (see `identity`).
    pub hash: u32,
    /// Named instance variables, in `allInstVarNames` order.
    pub named: Vec<Value>,
    /// The indexed part.
    pub body: Body,
}

impl Object {
    /// Approximate bytes this object occupies, for the memory budget.
    pub fn footprint(&self) -> usize {
        let body = match &self.body {
            Body::None => 0,
            Body::Slots(s) => s.len() * std::mem::size_of::<Value>(),
            Body::Bytes(b) => b.len(),
            Body::Wide(w) => w.len() * 4,
            Body::Large(n) => n.bits() as usize / 8 + 8,
            Body::Block(_) => 64,
        };
        48 + self.named.len() * std::mem::size_of::<Value>() + body
    }
}

/// The per-session object memory.
#[derive(Debug, Default)]
pub struct Heap {
    objects: Vec<Option<Object>>,
    free: Vec<ObjId>,
    /// Symbols by their characters.
    symbols: HashMap<Vec<u8>, ObjId>,
    /// Bytes allocated since the budget was last reset.
    pub allocated: usize,
    /// Bytes allowed before allocation fails.
    pub budget: usize,
    /// The hashes of the keys of large equality dictionaries, by the id of
    /// their keys Array: entry `i` is the low 32 bits of the hash of the key
    /// in bucket `i`, or `u32::MAX` for an empty bucket (a hash with those
    /// bits is stored as `u32::MAX - 1`). Probing reads this compact table
    /// instead of the keys Array and touches a key object only when its
    /// hash matches; growing reuses the hashes of String keys (below 2^30,
    /// so stored whole) instead of hashing every key again. A table is valid while its keys Array and its key
    /// objects are unchanged: they are `watched`, and writes through
    /// [`Heap::get_mut`] list them in [`Heap::changed`], which the
    /// dictionary code checks before using a table.
    pub(crate) key_tables: HashMap<ObjId, Vec<u32>, crate::interp::BuildFx>,
    /// Watched objects changed since the key tables were last checked.
    pub(crate) changed: Vec<ObjId>,
    /// Byte buffers of small Strings the collector freed, for new small
    /// Strings (see [`Heap::small_bytes`]): a call that makes many short
    /// strings otherwise pays a malloc for each and, at the next
    /// collection, a free for each.
    spare_bytes: Vec<Vec<u8>>,
    /// What this heap holds of the process's memory ceiling (see
    /// [`set_memory_ceiling`]): `allocated` rounded up to whole chunks.
    reserved: usize,
    /// True once an allocation failed for the process's ceiling rather than
    /// this heap's budget (reset at each call).
    pub ceiling_hit: bool,
}

/// Bytes every heap of the process has reserved together.
static RESERVED: AtomicUsize = AtomicUsize::new(0);

/// The most all heaps together may reserve (`usize::MAX`: no ceiling).
static CEILING: AtomicUsize = AtomicUsize::new(usize::MAX);

/// Heaps reserve from the ceiling a chunk at a time, so the shared counter
/// is touched once per MiB allocated, not once per object.
const CHUNK: usize = 1 << 20;

/// Sets the most bytes of objects all sessions' heaps of this process may
/// hold together. Past it, allocation fails in whichever call asks for
/// more (a limit error naming the ceiling), so the server refuses new work
/// instead of growing until the machine stops it. One session's heap may
/// still hold up to its own budget.
pub fn set_memory_ceiling(bytes: usize) {
    CEILING.store(bytes, Ordering::Relaxed);
}

/// The process's ceiling (see [`set_memory_ceiling`]).
pub fn memory_ceiling() -> usize {
    CEILING.load(Ordering::Relaxed)
}

/// Bytes all heaps of the process hold against the ceiling.
pub fn memory_reserved() -> usize {
    RESERVED.load(Ordering::Relaxed)
}

/// Buffers of at most this capacity are kept for reuse.
const SPARE_CAPACITY: usize = 32;

/// At most this many buffers are kept (2 MiB at most).
const SPARE_MAX: usize = 65_536;

impl Drop for Heap {
    fn drop(&mut self) {
        RESERVED.fetch_sub(self.reserved, Ordering::AcqRel);
    }
}

/// Allocation would exceed the memory budget.
#[derive(Debug, Clone, Copy)]
pub struct OverBudget;

impl Heap {
    /// An empty heap allowing `budget` bytes.
    pub fn with_budget(budget: usize) -> Heap {
        let mut heap = Heap::default();
        heap.budget = budget;
        heap
    }

    /// Reserves from the process's ceiling what holding `total` bytes
    /// needs.
    #[inline]
    fn reserve(&mut self, total: usize) -> Result<(), OverBudget> {
        if total <= self.reserved {
            return Ok(());
        }
        self.reserve_more(total)
    }

    #[cold]
    fn reserve_more(&mut self, total: usize) -> Result<(), OverBudget> {
        let more = (total - self.reserved).next_multiple_of(CHUNK);
        let ceiling = memory_ceiling();
        let reserved = RESERVED.fetch_update(Ordering::AcqRel, Ordering::Acquire, |r| {
            r.checked_add(more).filter(|&n| n <= ceiling)
        });
        if reserved.is_err() {
            self.ceiling_hit = true;
            return Err(OverBudget);
        }
        self.reserved += more;
        Ok(())
    }

    /// Gives back to the ceiling what the heap holds beyond its live
    /// objects (after a collection).
    fn release_surplus(&mut self) {
        let keep = self.allocated.next_multiple_of(CHUNK);
        if self.reserved > keep {
            RESERVED.fetch_sub(self.reserved - keep, Ordering::AcqRel);
            self.reserved = keep;
        }
    }

    /// Adds an object, counting it against the budget.
    pub fn alloc(&mut self, object: Object) -> Result<ObjId, OverBudget> {
        let size = object.footprint();
        if self.allocated + size > self.budget {
            return Err(OverBudget);
        }
        self.reserve(self.allocated + size)?;
        self.allocated += size;
        Ok(self.insert(object))
    }

    fn insert(&mut self, object: Object) -> ObjId {
        if let Some(id) = self.free.pop() {
            self.objects[id as usize] = Some(object);
            id
        } else {
            self.objects.push(Some(object));
            (self.objects.len() - 1) as ObjId
        }
    }

    /// Counts `bytes` more against the budget (an object that grew).
    pub fn charge(&mut self, bytes: usize) -> Result<(), OverBudget> {
        if self.allocated + bytes > self.budget {
            return Err(OverBudget);
        }
        self.reserve(self.allocated + bytes)?;
        self.allocated += bytes;
        Ok(())
    }

    /// Gives back `bytes` an earlier [`Heap::charge`] counted for memory
    /// that is gone again (a compiled doit no closure kept).
    pub fn refund(&mut self, bytes: usize) {
        self.allocated = self.allocated.saturating_sub(bytes);
    }

    /// Fails as allocating `bytes` more would, without allocating: a
    /// huge request is a limit error, never an allocation failure of the
    /// process.
    pub fn check_room(&mut self, bytes: usize) -> Result<(), OverBudget> {
        let total = self.allocated.saturating_add(bytes);
        if total > self.budget {
            return Err(OverBudget);
        }
        self.reserve(total)
    }

    /// The object `id`. Ids handed out by [`Heap::alloc`] stay valid until
    /// a collection finds them unreachable, and only reachable ids are held.
    #[inline]
    pub fn get(&self, id: ObjId) -> &Object {
        self.objects[id as usize].as_ref().expect("live object id")
    }

    /// The object `id`, mutably (reporting a watched object as changed).
    #[inline]
    pub fn get_mut(&mut self, id: ObjId) -> &mut Object {
        let o = self.objects[id as usize].as_mut().expect("live object id");
        if o.watched {
            o.watched = false;
            self.changed.push(id);
        }
        o
    }

    /// The object `id`, mutably, without reporting a change: for the
    /// dictionary code, which keeps the key tables up to date itself.
    pub(crate) fn get_mut_quiet(&mut self, id: ObjId) -> &mut Object {
        self.objects[id as usize].as_mut().expect("live object id")
    }

    /// Sets whether object `id` is watched (see [`Object::watched`]).
    pub(crate) fn set_watched(&mut self, id: ObjId, watched: bool) {
        if let Some(Some(o)) = self.objects.get_mut(id as usize) {
            o.watched = watched;
        }
    }

    /// Drops every key table, so none depends on any object any more.
    pub(crate) fn drop_key_tables(&mut self) {
        let ids: Vec<ObjId> = self.key_tables.keys().copied().collect();
        for id in ids {
            self.set_watched(id, false);
        }
        self.key_tables.clear();
        self.changed.clear();
    }

    /// A byte buffer holding `bytes`, reusing one a collection freed when
    /// they fit.
    pub fn small_bytes(&mut self, bytes: &[u8]) -> Vec<u8> {
        if bytes.len() <= SPARE_CAPACITY
            && let Some(mut b) = self.spare_bytes.pop()
        {
            b.extend_from_slice(bytes);
            return b;
        }
        bytes.to_vec()
    }

    /// Copies the bytes of object `from` into those of object `to` at
    /// byte offset `at` (the two may be the same object). False, changing
    /// nothing, when either has no bytes or they would not fit.
    pub fn copy_bytes(&mut self, from: ObjId, to: ObjId, at: usize) -> bool {
        let (f, t) = (from as usize, to as usize);
        if f == t {
            // All of an object's bytes fit in itself only at offset 0,
            // where copying changes nothing.
            return at == 0
                && matches!(self.objects.get(t), Some(Some(o)) if matches!(o.body, Body::Bytes(_)));
        }
        let (src, dst) = if f < t {
            let (lo, hi) = self.objects.split_at_mut(t);
            (lo.get(f), hi.first_mut())
        } else {
            let (lo, hi) = self.objects.split_at_mut(f);
            (hi.first(), lo.get_mut(t))
        };
        match (
            src.and_then(Option::as_ref).map(|o| &o.body),
            dst.and_then(Option::as_mut),
        ) {
            (Some(Body::Bytes(s)), Some(d)) => {
                let Body::Bytes(bytes) = &mut d.body else {
                    return false;
                };
                if at.checked_add(s.len()).is_none_or(|end| end > bytes.len()) {
                    return false;
                }
                bytes[at..at + s.len()].copy_from_slice(s);
                if d.watched {
                    d.watched = false;
                    self.changed.push(to);
                }
                true
            }
            _ => false,
        }
    }

    /// The unique Symbol with these characters, made on first use. Symbols
    /// are never collected (selectors refer to them).
    pub fn symbol(&mut self, class: ClassIdx, bytes: &[u8]) -> ObjId {
        if let Some(&id) = self.symbols.get(bytes) {
            return id;
        }
        let id = self.insert(Object {
            class,
            invariant: true,
            watched: false,
            hash: 0,
            named: Vec::new(),
            body: Body::Bytes(bytes.to_vec()),
        });
        self.symbols.insert(bytes.to_vec(), id);
        id
    }

    /// The unique Symbol with these characters, as [`Heap::symbol`], but a
    /// new one is counted against the budget: for Symbols made from
    /// strings a call built (`asSymbol`), which would otherwise let a call
    /// hold any amount of memory its budget never saw, and keep it, since
    /// Symbols are never collected. The characters are counted twice:
    /// the Symbol holds them and so does the table that finds it.
    pub fn charged_symbol(&mut self, class: ClassIdx, bytes: &[u8]) -> Result<ObjId, OverBudget> {
        if let Some(&id) = self.symbols.get(bytes) {
            return Ok(id);
        }
        self.charge(48usize.saturating_add(bytes.len().saturating_mul(2)))?;
        Ok(self.symbol(class, bytes))
    }

    /// Calls `f` on every live object.
    pub fn for_each_mut(&mut self, f: impl FnMut(&mut Object)) {
        self.drop_key_tables();
        self.objects.iter_mut().flatten().for_each(f);
    }

    /// Whether `id` names a live object.
    pub fn is_live(&self, id: ObjId) -> bool {
        self.objects.get(id as usize).is_some_and(Option::is_some)
    }

    /// Number of live objects.
    pub fn live(&self) -> usize {
        self.objects.len() - self.free.len()
    }

    /// Frees every object not reachable from `roots` (Symbols are always
    /// kept). Runs only between calls, when no activation holds values.
    pub fn collect(&mut self, roots: impl IntoIterator<Item = Value>) {
        let mut marked = vec![false; self.objects.len()];
        let mut stack: Vec<ObjId> = roots
            .into_iter()
            .filter_map(|v| {
                if let Value::Obj(id) = v {
                    Some(id)
                } else {
                    None
                }
            })
            .collect();
        stack.extend(self.symbols.values().copied());
        let mut scopes: Vec<Rc<Scope>> = Vec::new();
        while let Some(id) = stack.pop() {
            let i = id as usize;
            if marked[i] {
                continue;
            }
            let Some(obj) = &self.objects[i] else {
                continue;
            };
            marked[i] = true;
            let push = |v: &Value, stack: &mut Vec<ObjId>| {
                if let Value::Obj(o) = v {
                    stack.push(*o);
                }
            };
            obj.named.iter().for_each(|v| push(v, &mut stack));
            match &obj.body {
                Body::Slots(s) => s.iter().for_each(|v| push(v, &mut stack)),
                Body::Block(c) => {
                    push(&c.receiver, &mut stack);
                    scopes.push(c.outer.clone());
                    c.method.literals.iter().for_each(|v| push(v, &mut stack));
                }
                _ => {}
            }
            while let Some(scope) = scopes.pop() {
                scope.vars.borrow().iter().for_each(|v| push(v, &mut stack));
                if let Some(p) = &scope.parent {
                    scopes.push(p.clone());
                }
            }
        }
        // Freed ids are reused, so no table may outlive a collection.
        self.key_tables.clear();
        self.changed.clear();
        // One pass frees, counts the survivors' bytes and lists the free
        // ids (ascending, so the highest is reused first, as before).
        self.free.clear();
        let mut allocated = 0;
        for (i, (slot, m)) in self.objects.iter_mut().zip(&marked).enumerate() {
            match slot {
                Some(o) if *m => {
                    o.watched = false;
                    allocated += o.footprint();
                }
                Some(_) => {
                    if let Some(Object {
                        body: Body::Bytes(mut b),
                        ..
                    }) = slot.take()
                        && b.capacity() <= SPARE_CAPACITY
                        && self.spare_bytes.len() < SPARE_MAX
                    {
                        b.clear();
                        self.spare_bytes.push(b);
                    }
                    self.free.push(i as ObjId);
                }
                None => self.free.push(i as ObjId),
            }
        }
        self.allocated = allocated;
        self.release_surplus();
        // Free ids at the end go, so later collections scan only up to the
        // highest live object.
        while let Some(None) = self.objects.last() {
            self.objects.pop();
        }
        let len = self.objects.len() as ObjId;
        while self.free.last().is_some_and(|&id| id >= len) {
            self.free.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Body, Heap, Object, Value};

    fn string(heap: &mut Heap, bytes: &[u8]) -> Value {
        let id = heap
            .alloc(Object {
                class: 0,
                invariant: false,
                watched: false,
                hash: 0,
                named: Vec::new(),
                body: Body::Bytes(bytes.to_vec()),
            })
            .expect("within budget");
        Value::Obj(id)
    }

    #[test]
    fn freed_small_strings_lend_their_buffers_to_new_ones() {
        let mut heap = Heap::with_budget(1 << 20);
        let kept = string(&mut heap, b"kept");
        for _ in 0..10 {
            string(&mut heap, b"garbage!");
        }
        heap.collect([kept]);
        assert_eq!(heap.live(), 1);
        // Reused buffers hold exactly the new bytes, however long the old.
        assert_eq!(heap.small_bytes(b"xy"), b"xy".to_vec());
        assert_eq!(heap.small_bytes(b""), Vec::<u8>::new());
        assert_eq!(heap.small_bytes(&[7; 40]), vec![7; 40]);
        let Value::Obj(id) = kept else {
            unreachable!("a heap object")
        };
        assert!(matches!(&heap.get(id).body, Body::Bytes(b) if b == b"kept"));
    }
}

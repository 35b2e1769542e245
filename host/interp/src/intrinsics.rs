//! Native versions of a few hot kernel methods.
//!
//! The kernel is written in Smalltalk over a small set of primitives, which
//! keeps it readable but makes the most common operations (indexing a
//! String, writing to a WriteStream, printing an Integer, enumerating an
//! Array) cost dozens of sends. For the kernel methods listed in
//! [`INTRINSICS`] the interpreter first tries a native implementation that
//! does exactly what the Smalltalk source does; like a primitive, it
//! answers `None` whenever its preconditions do not hold, and the method's
//! Smalltalk then runs. An intrinsic applies only when the receiver's class
//! is a kernel class, since user subclasses may override the messages the
//! Smalltalk source sends (`basicAt:`, `nextPut:`, …).

use crate::heap::{Body, ClassIdx, ObjId, Value};
use crate::interp::{R, Run};

/// First number used for intrinsics; below are PRIMITIVES.md's numbers.
pub const FIRST: u32 = 1000;

/// (class, class side?, selector, intrinsic number).
pub const INTRINSICS: &[(&str, bool, &str, u32)] = &[
    ("Object", false, "at:", 1001),
    ("Object", false, "at:put:", 1002),
    ("Object", false, "size", 1003),
    ("SequenceableCollection", false, "size", 1003),
    ("String", false, "size", 1003),
    ("String", false, "at:", 1004),
    ("String", false, "at:put:", 1005),
    ("Object", false, "isKindOf:", 1006),
    ("WriteStream", false, "nextPut:", 1008),
    ("WriteStream", false, "nextPutAll:", 1009),
    ("Integer", false, "printString", 1010),
    ("Integer", false, "printString:", 1011),
    ("Integer", false, "even", 1013),
    ("Interval", false, "do:", 1015),
    ("SequenceableCollection", false, "do:", 1016),
    ("OrderedCollection", false, "do:", 1017),
    ("SequenceableCollection", false, "copyFrom:to:", 1018),
    ("KeyValueDictionary", false, "_indexOf:", 1020),
    ("KeyValueDictionary", false, "at:put:", 1021),
    ("KeyValueDictionary", false, "at:ifAbsent:", 1022),
    ("SequenceableCollection", false, "select:", 1023),
    ("SequenceableCollection", false, "collect:", 1024),
    ("Collection", false, "inject:into:", 1025),
    ("CharacterCollection", false, "encodeAsUTF8", 1026),
];

/// The elements of an Array or of an Interval of SmallIntegers, as the
/// enumeration intrinsics walk them.
#[derive(Clone, Copy)]
enum Elements {
    /// `from + i * by` for i in 0..n.
    Interval { from: i64, by: i64, n: i64 },
    /// The slots of an Array, `n` of them when the enumeration began.
    Array { id: crate::heap::ObjId, n: usize },
}

impl Elements {
    fn len(self) -> usize {
        match self {
            Elements::Interval { n, .. } => n as usize,
            Elements::Array { n, .. } => n,
        }
    }
}

/// Dictionaries with fewer buckets than this keep no key table (see
/// `Heap::key_tables`): probing a few keys is cheap anyway.
const KEY_TABLE_MIN: usize = 64;

/// A key table's entry for an empty bucket (see `Heap::key_tables`).
const EMPTY: u32 = u32::MAX;

/// A key table's entry for a key of hash `h`: its low 32 bits, never
/// [`EMPTY`].
fn table_tag(h: i64) -> u32 {
    match h as u32 {
        EMPTY => EMPTY - 1,
        t => t,
    }
}

/// A key as `_indexOf:` sees it, for the kinds handled natively.
enum Key<'a> {
    Int(i64),
    Str(&'a [u8], bool),
}

/// The intrinsic for kernel method `class>>selector`, if there is one.
pub fn lookup(class: &str, meta: bool, selector: &str) -> Option<u32> {
    INTRINSICS
        .iter()
        .find(|(c, m, s, _)| *c == class && *m == meta && *s == selector)
        .map(|e| e.3)
}

/// The first bucket `_indexOf:` probes (0-based): `hash * 1000003 \\ n`.
fn start_bucket(hash: i64, n: i64) -> i64 {
    // Bucket counts are powers of two unless `new:` asked otherwise; for
    // those the remainder is a mask (in two's complement, also for a
    // negative product), sparing a division on every probe.
    if n > 0 && n & (n - 1) == 0 {
        return hash.wrapping_mul(1_000_003) & (n - 1);
    }
    match hash.checked_mul(1_000_003) {
        Some(p) => p.rem_euclid(n),
        None => ((hash as i128 * 1_000_003).rem_euclid(n as i128)) as i64,
    }
}

/// The decimal digits of `i`, with a leading `-` when negative, in a
/// buffer from `heap`.
fn decimal(i: i64, heap: &mut crate::heap::Heap) -> Vec<u8> {
    let mut buf = [0u8; 20];
    let mut pos = buf.len();
    let mut n = i.unsigned_abs();
    loop {
        pos -= 1;
        buf[pos] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if i < 0 {
        pos -= 1;
        buf[pos] = b'-';
    }
    heap.small_bytes(&buf[pos..])
}

fn digits(mut n: num_bigint::BigInt, base: u32) -> String {
    use num_traits::Signed;
    let neg = n.is_negative();
    if neg {
        n = -n;
    }
    let mut s = n.to_str_radix(base).to_uppercase();
    if neg {
        s.insert(0, '-');
    }
    s
}

impl Run<'_> {
    fn kernel_receiver(&self, v: Value) -> Option<ClassIdx> {
        let (c, meta) = self.class_of(v);
        (!meta && self.st.classes[c as usize].record.kernel).then_some(c)
    }

    /// Runs intrinsic `n`; `None` means "run the Smalltalk".
    pub(crate) fn intrinsic(&mut self, n: u32, rcv: Value, args: &[Value]) -> R<Option<Value>> {
        let Some(class) = self.kernel_receiver(rcv) else {
            return Ok(None);
        };
        let k = self.st.known;
        match n {
            1001 => self.primitive(4, rcv, args),
            1002 => self.primitive(5, rcv, args),
            1003 => {
                if matches!(rcv, Value::Obj(id) if matches!(self.st.heap.get(id).body, Body::Slots(_) | Body::Bytes(_)))
                {
                    self.primitive(6, rcv, args)
                } else {
                    Ok(None)
                }
            }
            1004 => {
                let (Value::Obj(id), Some(Value::Int(i))) = (rcv, args.first().copied()) else {
                    return Ok(None);
                };
                Ok(match &self.st.heap.get(id).body {
                    Body::Bytes(b) if i >= 1 && (i as usize) <= b.len() => {
                        Some(Value::Char(b[i as usize - 1] as u32))
                    }
                    _ => None,
                })
            }
            1005 => {
                let (Value::Obj(id), Some(Value::Int(i)), Some(Value::Char(c))) =
                    (rcv, args.first().copied(), args.get(1).copied())
                else {
                    return Ok(None);
                };
                let o = self.st.heap.get_mut(id);
                if o.invariant || c > 255 {
                    return Ok(None);
                }
                Ok(match &mut o.body {
                    Body::Bytes(b) if i >= 1 && (i as usize) <= b.len() => {
                        b[i as usize - 1] = c as u8;
                        Some(Value::Char(c))
                    }
                    _ => None,
                })
            }
            1006 => {
                let target = args.first().copied().unwrap_or(Value::Nil);
                let mut cls = self.class_value(rcv);
                loop {
                    if cls.identical(target) {
                        return Ok(Some(Value::True));
                    }
                    cls = match cls {
                        Value::Class(c) => match self.st.classes[c as usize].superclass {
                            Some(s) => Value::Class(s),
                            None => return Ok(Some(Value::False)),
                        },
                        Value::Meta(c) => match self.st.classes[c as usize].superclass {
                            Some(s) => Value::Meta(s),
                            None => Value::Class(k.class),
                        },
                        _ => return Ok(None),
                    };
                }
            }
            1008 => {
                if !self.is_plain_write_stream(class) {
                    return Ok(None);
                }
                let Value::Obj(sid) = rcv else {
                    return Ok(None);
                };
                let v = args.first().copied().unwrap_or(Value::Nil);
                let named = &self.st.heap.get(sid).named;
                let (Some(Value::Obj(cid)), Some(Value::Int(pos)), Some(&limit)) =
                    (named.first().copied(), named.get(1).copied(), named.get(2))
                else {
                    return Ok(None);
                };
                let ccls = self.st.heap.get(cid).class;
                let coll = self.st.heap.get_mut(cid);
                if coll.invariant || pos < 0 {
                    return Ok(None);
                }
                let p = pos as usize;
                let stored = match (&mut coll.body, v) {
                    (Body::Slots(s), _) if ccls == k.array && p < s.len() => {
                        s[p] = v;
                        true
                    }
                    (Body::Bytes(b), Value::Char(c))
                        if ccls == k.string && c <= 255 && p < b.len() =>
                    {
                        b[p] = c as u8;
                        true
                    }
                    _ => false,
                };
                if !stored {
                    return Ok(None);
                }
                let o = self.st.heap.get_mut(sid);
                o.named[1] = Value::Int(pos + 1);
                if !matches!(limit, Value::Int(l) if l > pos) {
                    o.named[2] = Value::Int(pos + 1);
                }
                Ok(Some(v))
            }
            1009 => self.write_all(class, rcv, args.first().copied().unwrap_or(Value::Nil)),
            1026 => self.encode_utf8(class, rcv),
            1010 | 1011 => {
                let base = match args.first() {
                    None => 10,
                    Some(Value::Int(b)) if (2..=36).contains(b) => *b as u32,
                    Some(_) => return Ok(None),
                };
                if let (Value::Int(i), 10) = (rcv, base) {
                    // The common case, without a BigInt or the formatter.
                    let bytes = decimal(i, &mut self.st.heap);
                    return self.alloc(k.string, 0, Body::Bytes(bytes)).map(Some);
                }
                let Some(n) = self.int_of(rcv) else {
                    return Ok(None);
                };
                let s = digits(n, base);
                self.string(&s).map(Some)
            }
            1013 => match rcv {
                Value::Int(i) => Ok(Some(Value::bool(i & 1 == 0))),
                _ => Ok(None),
            },
            1015 => self.interval_do(rcv, args.first().copied().unwrap_or(Value::Nil)),
            1016 => {
                let blk = args.first().copied().unwrap_or(Value::Nil);
                if self.closure_args(blk) != Some(1)
                    || !(class == k.array || class == k.string || class == k.symbol)
                {
                    return Ok(None);
                }
                let Value::Obj(id) = rcv else { return Ok(None) };
                let n = match &self.st.heap.get(id).body {
                    Body::Slots(s) => s.len(),
                    Body::Bytes(b) => b.len(),
                    _ => return Ok(None),
                };
                for i in 0..n {
                    let v = match &self.st.heap.get(id).body {
                        Body::Slots(s) if i < s.len() => s[i],
                        Body::Bytes(b) if i < b.len() => Value::Char(b[i] as u32),
                        _ => {
                            // The receiver shrank under the loop: let
                            // at: report the bad index as the Smalltalk does.
                            let at = self.st.sym("at:");
                            self.send(rcv, at, &[Value::Int(i as i64 + 1)], None)?
                        }
                    };
                    self.call_block(blk, &[v])?;
                }
                Ok(Some(rcv))
            }
            1017 => {
                let blk = args.first().copied().unwrap_or(Value::Nil);
                let Value::Obj(id) = rcv else { return Ok(None) };
                let named = &self.st.heap.get(id).named;
                let (Some(Value::Int(first)), Some(Value::Int(last))) =
                    (named.get(1).copied(), named.get(2).copied())
                else {
                    return Ok(None);
                };
                if self.closure_args(blk) != Some(1) {
                    return Ok(None);
                }
                let mut i = first;
                while i <= last {
                    let elements = self.st.heap.get(id).named[0];
                    let v = match elements {
                        Value::Obj(e) => match &self.st.heap.get(e).body {
                            Body::Slots(s) if i >= 1 && (i as usize) <= s.len() => {
                                s[i as usize - 1]
                            }
                            _ => {
                                let at = self.st.sym("at:");
                                self.send(elements, at, &[Value::Int(i)], None)?
                            }
                        },
                        _ => {
                            let at = self.st.sym("at:");
                            self.send(elements, at, &[Value::Int(i)], None)?
                        }
                    };
                    self.call_block(blk, &[v])?;
                    i += 1;
                }
                Ok(Some(rcv))
            }
            1018 => {
                let (Some(Value::Int(start)), Some(Value::Int(stop))) =
                    (args.first().copied(), args.get(1).copied())
                else {
                    return Ok(None);
                };
                if !(class == k.array || class == k.string || class == k.byte_array) {
                    return Ok(None);
                }
                let Value::Obj(id) = rcv else { return Ok(None) };
                let n = stop - start + 1;
                let body = match &self.st.heap.get(id).body {
                    _ if n < 0 => return Ok(None),
                    Body::Slots(s) if n == 0 || (start >= 1 && stop as usize <= s.len()) => {
                        Body::Slots(if n == 0 {
                            Vec::new()
                        } else {
                            s[start as usize - 1..stop as usize].to_vec()
                        })
                    }
                    Body::Bytes(b) if n == 0 || (start >= 1 && stop as usize <= b.len()) => {
                        Body::Bytes(if n == 0 {
                            Vec::new()
                        } else {
                            b[start as usize - 1..stop as usize].to_vec()
                        })
                    }
                    _ => return Ok(None),
                };
                self.alloc(class, 0, body).map(Some)
            }
            1023 => self.select(class, rcv, args.first().copied().unwrap_or(Value::Nil)),
            1024 => self.collect(class, rcv, args.first().copied().unwrap_or(Value::Nil)),
            1025 => {
                let (Some(&init), Some(&blk)) = (args.first(), args.get(1)) else {
                    return Ok(None);
                };
                self.inject(class, rcv, init, blk)
            }
            1020 => self.index_of(class, rcv, args.first().copied().unwrap_or(Value::Nil)),
            1021 | 1022 => self.dictionary_at(n == 1021, class, rcv, args),
            _ => Ok(None),
        }
    }

    fn key_of(&self, v: Value) -> Option<Key<'_>> {
        match v {
            Value::Int(i) => Some(Key::Int(i)),
            Value::Obj(id) => {
                let o = self.st.heap.get(id);
                let k = &self.st.known;
                // The common classes first: no walk up the superclasses.
                if let Body::Bytes(b) = &o.body {
                    if o.class == k.string {
                        return Some(Key::Str(b, false));
                    }
                    if o.class == k.symbol {
                        return Some(Key::Str(b, true));
                    }
                }
                match &o.body {
                    Body::Bytes(b) if self.is_string_class(o.class) => {
                        Some(Key::Str(b, self.inherits(o.class, self.st.known.symbol)))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `KeyValueDictionary>>_indexOf:` (linear probing from `hash \\ n`)
    /// for SmallInteger and String/Symbol keys, or any key in an identity
    /// dictionary. It has no side effects, so it may give up at any point.
    fn index_of(&mut self, class: ClassIdx, rcv: Value, key: Value) -> R<Option<Value>> {
        let Value::Obj(id) = rcv else { return Ok(None) };
        let Some(Value::Obj(keys)) = self.st.heap.get(id).named.get(1).copied() else {
            return Ok(None);
        };
        let Body::Slots(slots) = &self.st.heap.get(keys).body else {
            return Ok(None);
        };
        let n = slots.len() as i64;
        if n == 0 {
            return Ok(None);
        }
        if self.is_identity_dictionary(class) {
            let Some(Value::Int(h)) = self.primitive(3, key, &[])? else {
                return Ok(None);
            };
            let Body::Slots(slots) = &self.st.heap.get(keys).body else {
                return Ok(None);
            };
            let mut i = start_bucket(h, n);
            for _ in 0..n {
                let k = slots[i as usize];
                if k == Value::Nil || k.identical(key) {
                    return Ok(Some(Value::Int(i + 1)));
                }
                i = (i + 1) % n;
            }
            return Ok(None);
        }
        Ok(self
            .find_key(keys, key)
            .map(|(i, _, _)| Value::Int(i as i64 + 1)))
    }

    fn is_identity_dictionary(&self, class: ClassIdx) -> bool {
        let epoch = self.st.epoch;
        if let Some((c, e, answer)) = self.identity_class.get()
            && c == class
            && e == epoch
        {
            return answer;
        }
        let answer = self
            .st
            .identity_dictionary
            .is_some_and(|ik| self.inherits(class, ik));
        self.identity_class.set(Some((class, epoch, answer)));
        answer
    }

    /// The hash `_indexOf:` starts from for a key [`Run::key_of`] handles:
    /// a SmallInteger's value, or `String>>hash` of the characters.
    fn key_hash(key: &Key<'_>) -> i64 {
        match key {
            Key::Int(i) => *i,
            Key::Str(b, _) => {
                let mut h: i64 = b.len() as i64;
                for &c in *b {
                    h = (h * 31 + c as i64) % 1_073_741_823;
                }
                h
            }
        }
    }

    /// Whether stored key `stored` matches `key` as `stored = key` answers
    /// it for the kinds [`Run::key_of`] handles; `None` for other kinds.
    fn keys_match(&self, stored: Value, key: Value) -> Option<bool> {
        Some(match (self.key_of(stored)?, self.key_of(key)?) {
            (Key::Int(a), Key::Int(b)) => a == b,
            (Key::Int(_), Key::Str(..)) => false,
            (Key::Str(_, true), _) => stored.identical(key),
            (Key::Str(a, false), Key::Str(b, bsym)) => !bsym && a == b,
            (Key::Str(_, false), Key::Int(_)) => false,
        })
    }

    /// The bucket of `slots` (a KeyValueDictionary's keys) that holds
    /// `key` (whose hash is `h`), or the empty one where it would go, and
    /// whether the key is there, probing as `_indexOf:` does, for
    /// SmallInteger and String/Symbol keys in an equality dictionary;
    /// `None` when some key met is of another kind. With `table` (see
    /// `Heap::key_tables`) a key is looked at only when its hash matches:
    /// keys that are equal have equal hashes, so this finds the same bucket.
    fn probe(
        &self,
        slots: &[Value],
        table: Option<&[u32]>,
        key: Value,
        h: i64,
    ) -> Option<(usize, bool)> {
        let n = slots.len();
        if n == 0 {
            return None;
        }
        let mut i = start_bucket(h, n as i64) as usize;
        if let Some(t) = table {
            if t.len() != n {
                return None;
            }
            let tag = table_tag(h);
            for _ in 0..n {
                let e = t[i];
                if e == EMPTY {
                    return Some((i, false));
                }
                if e == tag && self.keys_match(slots[i], key)? {
                    return Some((i, true));
                }
                i += 1;
                if i == n {
                    i = 0;
                }
            }
            return None;
        }
        for _ in 0..n {
            let k = slots[i];
            if k == Value::Nil {
                return Some((i, false));
            }
            if self.keys_match(k, key)? {
                return Some((i, true));
            }
            i += 1;
            if i == n {
                i = 0;
            }
        }
        None
    }

    /// Drops the key tables that objects changed since the last check
    /// made stale (see `Heap::key_tables`).
    fn check_key_tables(&mut self) {
        let heap = &mut self.st.heap;
        if heap.changed.is_empty() {
            return;
        }
        let changed = std::mem::take(&mut heap.changed);
        for id in changed {
            if heap.key_tables.remove(&id).is_none() {
                // A changed key object: which tables hold it is unknown.
                heap.drop_key_tables();
                return;
            }
        }
    }

    /// Makes the key table of keys Array `keys` if it is large enough and
    /// every key is of a kind [`Run::key_of`] handles; true when it exists.
    fn ensure_key_table(&mut self, keys: ObjId) -> bool {
        if self.st.heap.key_tables.contains_key(&keys) {
            return true;
        }
        let Body::Slots(slots) = &self.st.heap.get(keys).body else {
            return false;
        };
        if slots.len() < KEY_TABLE_MIN {
            return false;
        }
        let mut table = Vec::with_capacity(slots.len());
        let mut objects = Vec::new();
        for &k in slots {
            if k == Value::Nil {
                table.push(EMPTY);
                continue;
            }
            let Some(key) = self.key_of(k) else {
                return false;
            };
            table.push(table_tag(Self::key_hash(&key)));
            if let Value::Obj(o) = k {
                objects.push(o);
            }
        }
        if self.st.heap.charge(table.len() * 4).is_err() {
            return false;
        }
        self.st.heap.set_watched(keys, true);
        for o in objects {
            self.st.heap.set_watched(o, true);
        }
        self.st.heap.key_tables.insert(keys, table);
        true
    }

    /// The bucket of keys Array `keys` holding `key` or where it would go,
    /// whether the key is there, and the key's hash (see [`Run::probe`]).
    fn find_key(&mut self, keys: ObjId, key: Value) -> Option<(usize, bool, i64)> {
        let h = Self::key_hash(&self.key_of(key)?);
        self.check_key_tables();
        self.ensure_key_table(keys);
        let Body::Slots(slots) = &self.st.heap.get(keys).body else {
            return None;
        };
        let table = self.st.heap.key_tables.get(&keys).map(Vec::as_slice);
        self.probe(slots, table, key, h)
            .map(|(i, found)| (i, found, h))
    }

    /// `KeyValueDictionary>>_grow` done natively when every key is one
    /// [`Run::probe`] handles: twice the buckets, the keys re-inserted in
    /// bucket order. `false` when some key is not (the Smalltalk runs).
    fn grow_natively(&mut self, id: ObjId) -> R<bool> {
        let named = &self.st.heap.get(id).named;
        let (Some(Value::Obj(keys)), Some(Value::Obj(values))) =
            (named.get(1).copied(), named.get(2).copied())
        else {
            return Ok(false);
        };
        self.check_key_tables();
        let (Body::Slots(old_k), Body::Slots(old_v)) =
            (&self.st.heap.get(keys).body, &self.st.heap.get(values).body)
        else {
            return Ok(false);
        };
        if old_k.len() != old_v.len() {
            return Ok(false);
        }
        let old_table = self
            .st
            .heap
            .key_tables
            .get(&keys)
            .filter(|t| t.len() == old_k.len());
        let size = old_k.len() * 2;
        let mut new_k = vec![Value::Nil; size];
        let mut new_v = vec![Value::Nil; size];
        let mut new_t = vec![EMPTY; size];
        let mut objects = Vec::new();
        let mut tally = 0;
        for (i, (&k, &v)) in old_k.iter().zip(old_v).enumerate() {
            let h = match (k, old_table) {
                (Value::Nil, _) => continue,
                (Value::Int(n), _) => n,
                // A String's hash is below 2^30: its entry is the whole hash.
                (_, Some(t)) => t[i] as i64,
                (_, None) => match self.key_of(k) {
                    Some(key) => Self::key_hash(&key),
                    None => return Ok(false),
                },
            };
            let Some((j, _)) = self.probe(&new_k, Some(&new_t), k, h) else {
                return Ok(false);
            };
            new_k[j] = k;
            new_v[j] = v;
            new_t[j] = table_tag(h);
            // With an old table the key objects are watched already (and
            // touching each one again costs a cache miss apiece).
            if let (Value::Obj(o), None) = (k, old_table) {
                objects.push(o);
            }
            tally += 1;
        }
        let array = self.st.known.array;
        let nk = self.alloc(array, 0, Body::Slots(new_k))?;
        let nv = self.alloc(array, 0, Body::Slots(new_v))?;
        let named = &mut self.st.heap.get_mut(id).named;
        named[0] = Value::Int(tally);
        named[1] = nk;
        named[2] = nv;
        if self.st.heap.key_tables.remove(&keys).is_some() {
            self.st.heap.set_watched(keys, false);
        }
        if let Value::Obj(nk) = nk
            && size >= KEY_TABLE_MIN
            && self.st.heap.charge(size * 4).is_ok()
        {
            self.st.heap.set_watched(nk, true);
            for o in objects {
                self.st.heap.set_watched(o, true);
            }
            self.st.heap.key_tables.insert(nk, new_t);
        }
        Ok(true)
    }

    /// `KeyValueDictionary>>at:put:` (`put`) and `at:ifAbsent:` for the
    /// keys [`Run::index_of`] handles; growth is the Smalltalk `_grow`.
    fn dictionary_at(
        &mut self,
        put: bool,
        class: ClassIdx,
        rcv: Value,
        args: &[Value],
    ) -> R<Option<Value>> {
        let (Some(&key), Some(&arg)) = (args.first(), args.get(1)) else {
            return Ok(None);
        };
        if key == Value::Nil {
            return Ok(None);
        }
        let Value::Obj(id) = rcv else { return Ok(None) };
        let named = &self.st.heap.get(id).named;
        let (Some(Value::Int(tally)), Some(Value::Obj(keys)), Some(Value::Obj(values))) = (
            named.first().copied(),
            named.get(1).copied(),
            named.get(2).copied(),
        ) else {
            return Ok(None);
        };
        let identity = self.is_identity_dictionary(class);
        let (slot, present, hash) = if identity {
            let Some(Value::Int(i)) = self.index_of(class, rcv, key)? else {
                return Ok(None);
            };
            let slot = i as usize - 1;
            let present = match &self.st.heap.get(keys).body {
                Body::Slots(k) if slot < k.len() => k[slot] != Value::Nil,
                _ => return Ok(None),
            };
            (slot, present, None)
        } else {
            match self.find_key(keys, key) {
                Some((i, found, h)) => (i, found, Some(h)),
                None => return Ok(None),
            }
        };
        if !put {
            if present {
                return match &self.st.heap.get(values).body {
                    Body::Slots(v) if slot < v.len() => Ok(Some(v[slot])),
                    _ => Ok(None),
                };
            }
            if self.closure_args(arg) == Some(0) {
                return self.call_block(arg, &[]).map(Some);
            }
            let sel = self.st.sel_value;
            return self.send(arg, sel, &[], None).map(Some);
        }
        let writable = |o: &crate::heap::Object| {
            !o.invariant && matches!(&o.body, Body::Slots(s) if slot < s.len())
        };
        if !writable(self.st.heap.get(keys)) || !writable(self.st.heap.get(values)) {
            return Ok(None);
        }
        if let Body::Slots(v) = &mut self.st.heap.get_mut(values).body {
            v[slot] = arg;
        }
        if present {
            return Ok(Some(arg));
        }
        // The key table (if any) is updated here, so the write is quiet.
        let size = match &mut self.st.heap.get_mut_quiet(keys).body {
            Body::Slots(k) => {
                k[slot] = key;
                k.len() as i64
            }
            _ => 0,
        };
        if let (Some(h), Some(table)) = (hash, self.st.heap.key_tables.get_mut(&keys))
            && slot < table.len()
        {
            table[slot] = table_tag(h);
            if let Value::Obj(o) = key {
                self.st.heap.set_watched(o, true);
            }
        }
        self.st.heap.get_mut(id).named[0] = Value::Int(tally + 1);
        if (tally + 1) * 4 > size * 3 && !identity && self.grow_natively(id)? {
            return Ok(Some(arg));
        }
        if (tally + 1) * 4 > size * 3 {
            let grow = self.st.sym("_grow");
            self.send(rcv, grow, &[], None)?;
        }
        Ok(Some(arg))
    }

    /// `CharacterCollection>>encodeAsUTF8` of a String or a Symbol, whose
    /// characters are its bytes (code points 0 to 255): a new Utf8 of their
    /// UTF-8 encoding. Every answer of the gemstone backend's programs
    /// passes through it, a send per character in Smalltalk.
    fn encode_utf8(&mut self, class: ClassIdx, rcv: Value) -> R<Option<Value>> {
        let k = self.st.known;
        let (Value::Obj(id), Some(utf8)) = (rcv, self.st.utf8) else {
            return Ok(None);
        };
        let w = self.st.wide;
        let wide_kernel = [w.double_byte, w.quad_byte, w.unicode16, w.unicode32];
        if class != k.string && class != k.symbol && !wide_kernel.contains(&Some(class)) {
            return Ok(None);
        }
        let encoded: Vec<u8> = match &self.st.heap.get(id).body {
            Body::Bytes(chars) if chars.is_ascii() => chars.clone(),
            Body::Bytes(chars) => chars
                .iter()
                .map(|&c| char::from(c))
                .collect::<String>()
                .into_bytes(),
            // A lone surrogate has no UTF-8 form: the Smalltalk encodes
            // it as it is.
            Body::Wide(codes) => match codes.iter().map(|&c| char::from_u32(c)).collect() {
                Some(text) => String::into_bytes(text),
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        self.alloc(utf8, 0, Body::Bytes(encoded)).map(Some)
    }

    fn is_plain_write_stream(&self, class: ClassIdx) -> bool {
        let epoch = self.st.epoch;
        if let Some((c, e, answer)) = self.write_stream_class.get()
            && c == class
            && e == epoch
        {
            return answer;
        }
        let name = &self.st.classes[class as usize].name;
        let answer = name == "WriteStream" || name == "ReadWriteStream";
        self.write_stream_class.set(Some((class, epoch, answer)));
        answer
    }

    /// `WriteStream>>nextPutAll:` of a String onto a String stream, growing
    /// the collection as `_grow` does (size * 2 + 16, copied).
    fn write_all(&mut self, class: ClassIdx, rcv: Value, arg: Value) -> R<Option<Value>> {
        let k = self.st.known;
        if !self.is_plain_write_stream(class) {
            return Ok(None);
        }
        let (Value::Obj(sid), Value::Obj(aid)) = (rcv, arg) else {
            return Ok(None);
        };
        if !self.is_string_class(self.st.heap.get(aid).class) {
            return Ok(None);
        }
        let named = &self.st.heap.get(sid).named;
        let (Some(Value::Obj(cid)), Some(Value::Int(pos)), Some(limit)) = (
            named.first().copied(),
            named.get(1).copied(),
            named.get(2).copied(),
        ) else {
            return Ok(None);
        };
        if self.st.heap.get(cid).class != k.string || self.st.heap.get(cid).invariant || pos < 0 {
            return Ok(None);
        }
        let add = match &self.st.heap.get(aid).body {
            Body::Bytes(b) => b.len(),
            _ => return Ok(None),
        };
        let p = pos as usize;
        let mut size = match &self.st.heap.get(cid).body {
            Body::Bytes(b) => b.len(),
            _ => return Ok(None),
        };
        let mut target = cid;
        if p + add > size {
            while p + add > size {
                size = size * 2 + 16;
            }
            let mut bytes = Vec::with_capacity(size);
            match &self.st.heap.get(cid).body {
                Body::Bytes(b) => bytes.extend_from_slice(b),
                _ => return Ok(None),
            }
            bytes.resize(size, 0);
            let v = self.alloc(k.string, 0, Body::Bytes(bytes))?;
            let Value::Obj(nid) = v else { return Ok(None) };
            target = nid;
            self.st.heap.get_mut(sid).named[0] = v;
        }
        if !self.st.heap.copy_bytes(aid, target, p) {
            // The room was checked above, so this is the buffer written
            // into itself: copy through a temporary.
            let bytes = match &self.st.heap.get(aid).body {
                Body::Bytes(b) => b.clone(),
                _ => return Ok(None),
            };
            if let Body::Bytes(b) = &mut self.st.heap.get_mut(target).body {
                b[p..p + add].copy_from_slice(&bytes);
            }
        }
        let end = (p + add) as i64;
        let o = self.st.heap.get_mut(sid);
        o.named[1] = Value::Int(end);
        if !matches!(limit, Value::Int(l) if l >= end) {
            o.named[2] = Value::Int(end);
        }
        Ok(Some(arg))
    }

    /// `Interval>>do:` for SmallInteger bounds and step.
    fn interval_do(&mut self, rcv: Value, blk: Value) -> R<Option<Value>> {
        if self.closure_args(blk) != Some(1) {
            return Ok(None);
        }
        let Some((from, by, n)) = self.interval_range(rcv) else {
            return Ok(None);
        };
        for i in 0..n {
            self.call_block(blk, &[Value::Int(from + i * by)])?;
        }
        Ok(Some(rcv))
    }

    /// An Interval's first element, step and size, when every element is
    /// a SmallInteger.
    fn interval_range(&self, rcv: Value) -> Option<(i64, i64, i64)> {
        let Value::Obj(id) = rcv else { return None };
        let named = &self.st.heap.get(id).named;
        let (Some(Value::Int(from)), Some(Value::Int(to)), Some(Value::Int(by))) = (
            named.first().copied(),
            named.get(1).copied(),
            named.get(2).copied(),
        ) else {
            return None;
        };
        if by == 0 {
            return None;
        }
        let n = if (by > 0 && to < from) || (by < 0 && from < to) {
            0
        } else {
            let (a, b) = (to - from, by);
            let q = a / b;
            (if a % b != 0 && ((a < 0) != (b < 0)) {
                q - 1
            } else {
                q
            }) + 1
        };
        // Every element must be a SmallInteger; check the last before
        // running any, so a fallback never repeats elements.
        let small = crate::heap::SMALL_MIN..=crate::heap::SMALL_MAX;
        match (n - 1).checked_mul(by).and_then(|x| x.checked_add(from)) {
            Some(last) if n == 0 || small.contains(&last) => Some((from, by, n)),
            _ => None,
        }
    }

    /// What the enumeration intrinsics walk: an Array, or an Interval of
    /// SmallIntegers (exactly these kernel classes, whose `do:` and
    /// `species` are known).
    fn elements(&self, class: ClassIdx, rcv: Value) -> Option<Elements> {
        if class == self.st.known.array {
            let Value::Obj(id) = rcv else { return None };
            return match &self.st.heap.get(id).body {
                Body::Slots(s) => Some(Elements::Array { id, n: s.len() }),
                _ => None,
            };
        }
        if Some(class) == self.st.interval {
            let (from, by, n) = self.interval_range(rcv)?;
            return Some(Elements::Interval { from, by, n });
        }
        None
    }

    /// Element `i` (0-based) of `e`, read afresh as `self at: i` does.
    fn element(&mut self, rcv: Value, e: Elements, i: usize) -> R<Value> {
        match e {
            Elements::Interval { from, by, .. } => Ok(Value::Int(from + i as i64 * by)),
            Elements::Array { id, .. } => match &self.st.heap.get(id).body {
                Body::Slots(s) if i < s.len() => Ok(s[i]),
                _ => {
                    // Let at: report the bad index as the Smalltalk does.
                    let at = self.st.sym("at:");
                    self.send(rcv, at, &[Value::Int(i as i64 + 1)], None)
                }
            },
        }
    }

    /// `SequenceableCollection>>select:` of an Array or Interval: the
    /// elements the block answers true for, in an Array (the species of
    /// both). A non-Boolean answer is sent `mustBeBoolean`, as the inlined
    /// `ifTrue:` of the Smalltalk does, and the element is left out.
    fn select(&mut self, class: ClassIdx, rcv: Value, blk: Value) -> R<Option<Value>> {
        if self.closure_args(blk) != Some(1) {
            return Ok(None);
        }
        let Some(e) = self.elements(class, rcv) else {
            return Ok(None);
        };
        let mut out = Vec::new();
        for i in 0..e.len() {
            let v = self.element(rcv, e, i)?;
            match self.call_block(blk, &[v])? {
                Value::True => out.push(v),
                Value::False => {}
                other => {
                    let sel = self.st.sel_must_be_boolean;
                    self.send(other, sel, &[], None)?;
                }
            }
        }
        self.array(out).map(Some)
    }

    /// `SequenceableCollection>>collect:` of an Array: a new Array of the
    /// block's answers. (Interval has its own `collect:`.)
    fn collect(&mut self, class: ClassIdx, rcv: Value, blk: Value) -> R<Option<Value>> {
        if class != self.st.known.array || self.closure_args(blk) != Some(1) {
            return Ok(None);
        }
        let Some(e) = self.elements(class, rcv) else {
            return Ok(None);
        };
        let mut out = Vec::with_capacity(e.len());
        for i in 0..e.len() {
            let v = self.element(rcv, e, i)?;
            out.push(self.call_block(blk, &[v])?);
        }
        self.array(out).map(Some)
    }

    /// `Collection>>inject:into:` of an Array or Interval.
    fn inject(&mut self, class: ClassIdx, rcv: Value, init: Value, blk: Value) -> R<Option<Value>> {
        if self.closure_args(blk) != Some(2) {
            return Ok(None);
        }
        let Some(e) = self.elements(class, rcv) else {
            return Ok(None);
        };
        let mut acc = init;
        for i in 0..e.len() {
            let v = self.element(rcv, e, i)?;
            acc = self.call_block(blk, &[acc, v])?;
        }
        Ok(Some(acc))
    }
}

#[cfg(test)]
mod tests {
    use super::{decimal, start_bucket};
    use crate::heap::{SMALL_MAX, SMALL_MIN};

    #[test]
    fn decimal_digits_match_the_formatter() {
        for i in [
            0,
            7,
            -7,
            10,
            -10,
            99_999,
            100_000,
            SMALL_MAX,
            SMALL_MIN,
            i64::MAX,
            i64::MIN,
        ] {
            let mut heap = crate::heap::Heap::with_budget(1 << 20);
            assert_eq!(decimal(i, &mut heap), i.to_string().into_bytes(), "{i}");
        }
    }

    #[test]
    fn start_buckets_are_the_euclidean_remainder_of_the_product() {
        for hash in [
            0,
            1,
            -1,
            12345,
            -98765,
            1 << 40,
            -(1 << 59),
            i64::MAX,
            i64::MIN,
        ] {
            for n in [1, 8, 16, 1 << 18, 200, 7, 1000] {
                let exact = (hash as i128 * 1_000_003).rem_euclid(n as i128) as i64;
                assert_eq!(start_bucket(hash, n), exact, "hash {hash}, {n} buckets");
            }
        }
    }
}

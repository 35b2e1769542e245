//! The image's state as one immutable value: classes, methods, dictionaries,
//! symbol lists and the query indexes over them.
//!
//! Every collection is a persistent map (imbl), so cloning a [`State`] is
//! O(1) and a session's view is just a clone of the committed state that the
//! session then changes freely. The indexes live inside the state, so a
//! session's uncommitted changes show in its own queries and a commit
//! publishes data and indexes together.
//!
//! All changes go through the `put_*` primitives, which keep the indexes in
//! step with the data. A commit replays a session's written keys onto the
//! newest committed state through the same primitives.

use std::collections::HashMap as StdHashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, RwLock};

use imbl::{OrdMap, Vector};

use crate::model::{
    ClassId, ClassRecord, DictionaryEntry, MethodRecord, ObjectId, Side, StoredObject,
};
use crate::sources::{SourceArena, SourceRef};

/// A fast multiply-rotate hasher for the integer keys of the bulk index
/// build (symbols and class ids, numbered in order), which hashes millions
/// of them when a large image opens. It suits integers only: the multiply
/// carries a word's low bytes into the bits that pick a bucket and never
/// its high ones, so names differing past their fourth character would
/// crowd into a few buckets.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A std hash map with [`FastHasher`].
type FastMap<K, V> = StdHashMap<K, V, BuildHasherDefault<FastHasher>>;

/// An interned string: a selector, a referenced name, a category.
///
/// Interning keeps the 100k-method image small (a method's sends and
/// references are a few 4-byte numbers, not strings) and makes index keys
/// cheap to hash and copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Sym(u32);

/// The image's string table. It only ever grows: a string interned by a
/// session that later aborts costs a few bytes and harms nothing, so the
/// table needs no transaction of its own.
#[derive(Debug, Default)]
pub(crate) struct Interner {
    /// Hashed by std's SipHash, seeded at random: the names come from
    /// clients' code, and with a hash anyone can compute a method of
    /// 100,000 sends could crowd its selectors into a few buckets, so that
    /// each new name is compared along all the others, uninterruptibly,
    /// inside one compile. Hashing is a few percent of an intern; the
    /// table's memory is the rest.
    ids: StdHashMap<Arc<str>, u32>,
    strings: Vec<Arc<str>>,
}

impl Interner {
    /// The symbol for `s`, creating it when new.
    pub(crate) fn intern(&mut self, s: &str) -> Sym {
        if let Some(&id) = self.ids.get(s) {
            return Sym(id);
        }
        let id = u32::try_from(self.strings.len()).expect("fewer than 2^32 distinct names");
        let shared: Arc<str> = Arc::from(s);
        self.strings.push(shared.clone());
        self.ids.insert(shared, id);
        Sym(id)
    }

    /// The symbol for `s` if it was ever interned.
    pub(crate) fn get(&self, s: &str) -> Option<Sym> {
        self.ids.get(s).map(|&id| Sym(id))
    }

    /// The string of a symbol.
    pub(crate) fn resolve(&self, sym: Sym) -> &str {
        &self.strings[sym.0 as usize]
    }
}

/// The image's shared interner.
pub(crate) type SharedInterner = Arc<RwLock<Interner>>;

/// Identifies one method: its class, side and selector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct MethodKey {
    pub(crate) class: ClassId,
    pub(crate) side: Side,
    pub(crate) selector: Sym,
}

/// A method as the state holds it: [`MethodRecord`] with its names interned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StoredMethod {
    pub(crate) category: Sym,
    pub(crate) source: SourceRef,
    /// The sent selectors, then the referenced names: one allocation
    /// instead of two per method.
    names: Box<[Sym]>,
    sends_len: u32,
    pub(crate) primitive: Option<Primitive>,
}

// A method is one `Arc` allocation of 16 bytes of counts and this record:
// at most 40 bytes keep it in the allocator's 64-byte size class instead
// of 80, which pays for the source arena's slot table (8 bytes a source)
// twice over. A `SourceRef` is one slot number for this reason too.
const _: () = assert!(std::mem::size_of::<StoredMethod>() <= 40);

/// A method's primitive (the number or name of its `<primitive: …>`
/// pragma) behind one thin pointer, to keep [`StoredMethod`] small: only
/// kernel methods have one.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(
    clippy::box_collection,
    reason = "the box is the thin pointer: a `String` or `Box<str>` in place is two or three words"
)]
pub(crate) struct Primitive(Box<String>);

impl std::ops::Deref for Primitive {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl StoredMethod {
    /// A method from its parts; `sends` and `references` are interned
    /// with `intern`.
    pub(crate) fn new<'s>(
        category: Sym,
        source: SourceRef,
        sends: impl ExactSizeIterator<Item = &'s str>,
        references: impl Iterator<Item = &'s str>,
        primitive: Option<Box<str>>,
        interner: &mut Interner,
    ) -> StoredMethod {
        let sends_len = u32::try_from(sends.len()).unwrap_or(u32::MAX);
        let names = sends
            .chain(references)
            .map(|s| interner.intern(s))
            .collect();
        StoredMethod {
            category,
            source,
            names,
            sends_len,
            primitive: primitive.map(|p| Primitive(Box::new(p.into_string()))),
        }
    }

    /// The selectors the method sends.
    pub(crate) fn sends(&self) -> &[Sym] {
        &self.names[..self.sends_len as usize]
    }

    /// The names the method references.
    pub(crate) fn references(&self) -> &[Sym] {
        &self.names[self.sends_len as usize..]
    }

    /// The plain record, names resolved.
    pub(crate) fn to_record(
        &self,
        key: MethodKey,
        interner: &Interner,
        sources: &SourceArena,
    ) -> MethodRecord {
        MethodRecord {
            class: key.class,
            side: key.side,
            selector: interner.resolve(key.selector).to_string(),
            category: interner.resolve(self.category).to_string(),
            source: sources.get(self.source).to_string(),
            sends: self
                .sends()
                .iter()
                .map(|&s| interner.resolve(s).to_string())
                .collect(),
            references: self
                .references()
                .iter()
                .map(|&s| interner.resolve(s).to_string())
                .collect(),
            primitive: self.primitive.as_deref().map(str::to_string),
        }
    }
}

/// Above this many entries an index list becomes a persistent set.
const SMALL_LIST: usize = 128;

/// The methods under one index key (one selector, one name, one class).
///
/// Most lists are short and kept as a sorted vector shared between views
/// and copied on write. A few selectors (`+`, `new`, `=`) have tens of
/// thousands of senders; copying those on every compile would cost
/// milliseconds, so long lists become persistent sets, updated in
/// O(log n).
#[derive(Debug, Clone)]
enum KeyList {
    /// Most selectors have one implementor: no allocation at all.
    One(MethodKey),
    Small(Arc<Vec<MethodKey>>),
    /// Boxed: an RRB vector is several words, and most lists are not
    /// large.
    Large(Box<Vector<MethodKey>>),
}

impl Default for KeyList {
    fn default() -> Self {
        KeyList::Small(Arc::default())
    }
}

impl KeyList {
    fn from_sorted(keys: Vec<MethodKey>) -> KeyList {
        if keys.len() == 1 {
            KeyList::One(keys[0])
        } else if keys.len() > SMALL_LIST {
            KeyList::Large(Box::new(keys.into_iter().collect()))
        } else {
            KeyList::Small(Arc::new(keys))
        }
    }

    fn insert(&mut self, key: MethodKey) {
        match self {
            KeyList::One(only) => {
                if *only != key {
                    let mut both = vec![*only, key];
                    both.sort_unstable();
                    *self = KeyList::Small(Arc::new(both));
                }
            }
            KeyList::Small(list) if list.is_empty() => *self = KeyList::One(key),
            KeyList::Small(list) => {
                if let Err(at) = list.binary_search(&key) {
                    let list = Arc::make_mut(list);
                    list.insert(at, key);
                    if list.len() > SMALL_LIST {
                        *self = KeyList::Large(Box::new(list.iter().copied().collect()));
                    }
                }
            }
            KeyList::Large(set) => {
                if let Err(at) = set.binary_search(&key) {
                    set.insert(at, key);
                }
            }
        }
    }

    fn remove(&mut self, key: &MethodKey) {
        match self {
            KeyList::One(only) => {
                if only == key {
                    *self = KeyList::default();
                }
            }
            KeyList::Small(list) => {
                if let Ok(at) = list.binary_search(key) {
                    Arc::make_mut(list).remove(at);
                }
            }
            KeyList::Large(set) => {
                if let Ok(at) = set.binary_search(key) {
                    set.remove(at);
                }
            }
        }
    }

    fn is_empty(&self) -> bool {
        match self {
            KeyList::One(_) => false,
            KeyList::Small(list) => list.is_empty(),
            KeyList::Large(set) => set.is_empty(),
        }
    }

    fn to_vec(&self) -> Vec<MethodKey> {
        match self {
            KeyList::One(only) => vec![*only],
            KeyList::Small(list) => list.as_ref().clone(),
            KeyList::Large(set) => set.iter().copied().collect(),
        }
    }
}

/// One user's symbol list: dictionary names in lookup order.
pub(crate) type SymbolList = Arc<Vec<String>>;

/// The entries of one symbol dictionary, by name.
pub(crate) type Dictionary = OrdMap<String, DictionaryEntry>;

/// The whole image, data and indexes, as one persistent value.
#[derive(Debug, Clone, Default)]
pub(crate) struct State {
    pub(crate) classes: OrdMap<ClassId, Arc<ClassRecord>>,
    pub(crate) methods: OrdMap<MethodKey, Arc<StoredMethod>>,
    pub(crate) dictionaries: OrdMap<String, Dictionary>,
    pub(crate) symbol_lists: OrdMap<String, SymbolList>,
    /// The object table: persistent application objects by id.
    pub(crate) objects: OrdMap<ObjectId, Arc<StoredObject>>,
    implementors: OrdMap<Sym, KeyList>,
    senders: OrdMap<Sym, KeyList>,
    references: OrdMap<Sym, KeyList>,
    class_methods: OrdMap<ClassId, KeyList>,
    subclasses: OrdMap<Option<ClassId>, Arc<Vec<ClassId>>>,
    /// Set while a bulk load defers the method indexes (see
    /// [`State::defer_method_indexes`]).
    deferred: Option<Box<DeferredIndexes>>,
}

/// The parts of a [`State`] that make up its code: classes, methods,
/// dictionaries and symbol lists. Persistent maps, so a mark costs four
/// reference counts, and comparing one with a state costs four pointer
/// comparisons: a state changed since has new roots, because the mark's
/// holding the old ones makes every change copy them.
#[derive(Clone)]
pub(crate) struct CodeParts {
    classes: OrdMap<ClassId, Arc<ClassRecord>>,
    methods: OrdMap<MethodKey, Arc<StoredMethod>>,
    dictionaries: OrdMap<String, Dictionary>,
    symbol_lists: OrdMap<String, SymbolList>,
}

impl State {
    /// The state's code as it is now.
    pub(crate) fn code_parts(&self) -> CodeParts {
        CodeParts {
            classes: self.classes.clone(),
            methods: self.methods.clone(),
            dictionaries: self.dictionaries.clone(),
            symbol_lists: self.symbol_lists.clone(),
        }
    }

    /// True if the state's code is the one `parts` was taken from. A
    /// change that put back what was there may still answer false.
    pub(crate) fn same_code(&self, parts: &CodeParts) -> bool {
        self.classes.ptr_eq(&parts.classes)
            && self.methods.ptr_eq(&parts.methods)
            && self.dictionaries.ptr_eq(&parts.dictionaries)
            && self.symbol_lists.ptr_eq(&parts.symbol_lists)
    }
}

/// What a bulk load changed while the method indexes were deferred.
#[derive(Debug, Clone)]
struct DeferredIndexes {
    /// The methods as they were when deferral began.
    before: OrdMap<MethodKey, Arc<StoredMethod>>,
    /// Every method key set or removed since (with repeats).
    changed: Vec<MethodKey>,
}

/// The method indexes, built in plain hash maps and then frozen.
struct MethodIndexes {
    implementors: OrdMap<Sym, KeyList>,
    senders: OrdMap<Sym, KeyList>,
    references: OrdMap<Sym, KeyList>,
    class_methods: OrdMap<ClassId, KeyList>,
}

impl MethodIndexes {
    /// Builds every method index from scratch, senders and references (most
    /// of the entries) on a second thread: far cheaper than one persistent
    /// insert per index entry.
    fn build(methods: &[(MethodKey, Arc<StoredMethod>)]) -> MethodIndexes {
        fn freeze_keys<K: std::hash::Hash + Ord + Clone>(
            m: FastMap<K, Vec<MethodKey>>,
        ) -> OrdMap<K, KeyList> {
            m.into_iter()
                .map(|(k, mut v)| {
                    v.sort_unstable();
                    v.dedup();
                    (k, KeyList::from_sorted(v))
                })
                .collect()
        }
        std::thread::scope(|scope| {
            let sent = scope.spawn(|| {
                let mut senders: FastMap<Sym, Vec<MethodKey>> = FastMap::default();
                let mut references: FastMap<Sym, Vec<MethodKey>> = FastMap::default();
                for (key, m) in methods {
                    for s in m.sends() {
                        senders.entry(*s).or_default().push(*key);
                    }
                    for r in m.references() {
                        references.entry(*r).or_default().push(*key);
                    }
                }
                (freeze_keys(senders), freeze_keys(references))
            });
            let mut implementors: FastMap<Sym, Vec<MethodKey>> = FastMap::default();
            let mut class_methods: FastMap<ClassId, Vec<MethodKey>> = FastMap::default();
            for (key, _) in methods {
                implementors.entry(key.selector).or_default().push(*key);
                class_methods.entry(key.class).or_default().push(*key);
            }
            let implementors = freeze_keys(implementors);
            let class_methods = freeze_keys(class_methods);
            // Only a bug in the index build itself could panic; surface it.
            let (senders, references) =
                sent.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            MethodIndexes {
                implementors,
                senders,
                references,
                class_methods,
            }
        })
    }
}

fn keys_insert<K: std::hash::Hash + Ord + Clone>(
    index: &mut OrdMap<K, KeyList>,
    at: K,
    key: MethodKey,
) {
    index.entry(at).or_default().insert(key);
}

fn keys_remove<K: std::hash::Hash + Ord + Clone>(
    index: &mut OrdMap<K, KeyList>,
    at: &K,
    key: &MethodKey,
) {
    let now_empty = match index.get_mut(at) {
        Some(list) => {
            list.remove(key);
            list.is_empty()
        }
        None => false,
    };
    if now_empty {
        index.remove(at);
    }
}

fn list_insert<K: std::hash::Hash + Ord + Clone, T: Ord + Clone>(
    index: &mut OrdMap<K, Arc<Vec<T>>>,
    key: K,
    item: T,
) {
    let list = index.entry(key).or_default();
    let list = Arc::make_mut(list);
    if let Err(at) = list.binary_search(&item) {
        list.insert(at, item);
    }
}

fn list_remove<K: std::hash::Hash + Ord + Clone, T: Ord + Clone>(
    index: &mut OrdMap<K, Arc<Vec<T>>>,
    key: &K,
    item: &T,
) {
    let now_empty = match index.get_mut(key) {
        Some(list) => {
            if let Ok(at) = list.binary_search(item) {
                Arc::make_mut(list).remove(at);
            }
            list.is_empty()
        }
        None => false,
    };
    if now_empty {
        index.remove(key);
    }
}

impl State {
    /// Sets or removes one class, keeping the subclass index in step: a
    /// removed class (kept for its instances) is no one's subclass there.
    pub(crate) fn put_class(&mut self, id: ClassId, record: Option<Arc<ClassRecord>>) {
        let old = match &record {
            Some(r) => self.classes.insert(id, r.clone()),
            None => self.classes.remove(&id),
        };
        let indexed = |r: Arc<ClassRecord>| (!r.removed).then_some(r.superclass);
        let old_super = old.and_then(indexed);
        let new_super = record.and_then(indexed);
        if old_super != new_super {
            if let Some(s) = old_super {
                list_remove(&mut self.subclasses, &s, &id);
            }
            if let Some(s) = new_super {
                list_insert(&mut self.subclasses, s, id);
            }
        }
    }

    /// Sets or removes one method, keeping every method index in step
    /// (or, while indexes are deferred, noting the key for
    /// [`State::build_deferred_indexes`]).
    pub(crate) fn put_method(&mut self, key: MethodKey, method: Option<Arc<StoredMethod>>) {
        let old = match &method {
            Some(m) => self.methods.insert(key, m.clone()),
            None => self.methods.remove(&key),
        };
        if let Some(deferred) = &mut self.deferred {
            deferred.changed.push(key);
            return;
        }
        self.index_method(key, old.as_ref(), method.as_ref());
    }

    /// Starts a bulk load: until [`State::build_deferred_indexes`],
    /// `put_method` only stores methods and the method indexes (and every
    /// query answered from them) are stale. A file-in compiling 100,000
    /// methods then pays for one index build instead of a million
    /// persistent-map updates.
    pub(crate) fn defer_method_indexes(&mut self) {
        if self.deferred.is_none() {
            self.deferred = Some(Box::new(DeferredIndexes {
                before: self.methods.clone(),
                changed: Vec::new(),
            }));
        }
    }

    /// Ends a bulk load: brings the method indexes up to date with the
    /// methods, rebuilding them in one pass when the load changed a large
    /// share of the image, updating them per changed method otherwise.
    pub(crate) fn build_deferred_indexes(&mut self) {
        let Some(deferred) = self.deferred.take() else {
            return;
        };
        let DeferredIndexes {
            before,
            mut changed,
        } = *deferred;
        changed.sort_unstable();
        changed.dedup();
        if changed.len() * 4 >= self.methods.len() {
            let all: Vec<(MethodKey, Arc<StoredMethod>)> =
                self.methods.iter().map(|(k, m)| (*k, m.clone())).collect();
            let built = MethodIndexes::build(&all);
            self.implementors = built.implementors;
            self.senders = built.senders;
            self.references = built.references;
            self.class_methods = built.class_methods;
        } else {
            for key in changed {
                let old = before.get(&key).cloned();
                let new = self.methods.get(&key).cloned();
                self.index_method(key, old.as_ref(), new.as_ref());
            }
        }
    }

    /// Moves one method's index entries from `old` to `method`.
    fn index_method(
        &mut self,
        key: MethodKey,
        old: Option<&Arc<StoredMethod>>,
        method: Option<&Arc<StoredMethod>>,
    ) {
        if let Some(old) = old
            && method.is_some_and(|new| Arc::ptr_eq(old, new))
        {
            return;
        }
        if let Some(old) = &old {
            for s in old.sends().iter() {
                keys_remove(&mut self.senders, s, &key);
            }
            for r in old.references().iter() {
                keys_remove(&mut self.references, r, &key);
            }
        }
        match (old, method) {
            (None, Some(_)) => {
                keys_insert(&mut self.implementors, key.selector, key);
                keys_insert(&mut self.class_methods, key.class, key);
            }
            (Some(_), None) => {
                keys_remove(&mut self.implementors, &key.selector, &key);
                keys_remove(&mut self.class_methods, &key.class, &key);
            }
            _ => {}
        }
        if let Some(new) = method {
            for s in new.sends().iter() {
                keys_insert(&mut self.senders, *s, key);
            }
            for r in new.references().iter() {
                keys_insert(&mut self.references, *r, key);
            }
        }
    }

    /// Creates (empty) or removes one symbol dictionary. Creating one that
    /// exists keeps its entries.
    pub(crate) fn put_dictionary(&mut self, name: &str, exists: bool) {
        if exists {
            if !self.dictionaries.contains_key(name) {
                self.dictionaries
                    .insert(name.to_string(), Dictionary::new());
            }
        } else {
            self.dictionaries.remove(name);
        }
    }

    /// Binds or unbinds one name in a dictionary. Binding in a dictionary
    /// that does not exist creates it, so a replayed commit never loses an
    /// entry (the commit protocol already refused the case where another
    /// session removed the dictionary).
    pub(crate) fn put_entry(
        &mut self,
        dictionary: &str,
        name: &str,
        entry: Option<DictionaryEntry>,
    ) {
        match entry {
            Some(e) => {
                self.dictionaries
                    .entry(dictionary.to_string())
                    .or_default()
                    .insert(name.to_string(), e);
            }
            None => {
                if let Some(d) = self.dictionaries.get_mut(dictionary) {
                    d.remove(name);
                }
            }
        }
    }

    /// Sets or removes one user's symbol list.
    pub(crate) fn put_symbol_list(&mut self, user: &str, list: Option<SymbolList>) {
        match list {
            Some(l) => {
                self.symbol_lists.insert(user.to_string(), l);
            }
            None => {
                self.symbol_lists.remove(user);
            }
        }
    }

    /// Stores or removes one persistent object.
    pub(crate) fn put_object(&mut self, id: ObjectId, object: Option<Arc<StoredObject>>) {
        match object {
            Some(o) => {
                self.objects.insert(id, o);
            }
            None => {
                self.objects.remove(&id);
            }
        }
    }

    /// The methods implementing a selector.
    pub(crate) fn implementors_of(&self, selector: Sym) -> Vec<MethodKey> {
        self.implementors
            .get(&selector)
            .map(KeyList::to_vec)
            .unwrap_or_default()
    }

    /// The methods sending a selector.
    pub(crate) fn senders_of(&self, selector: Sym) -> Vec<MethodKey> {
        self.senders
            .get(&selector)
            .map(KeyList::to_vec)
            .unwrap_or_default()
    }

    /// The methods referencing a name.
    pub(crate) fn references_to(&self, name: Sym) -> Vec<MethodKey> {
        self.references
            .get(&name)
            .map(KeyList::to_vec)
            .unwrap_or_default()
    }

    /// Every method of a class, both sides.
    pub(crate) fn methods_of(&self, class: ClassId) -> Vec<MethodKey> {
        self.class_methods
            .get(&class)
            .map(KeyList::to_vec)
            .unwrap_or_default()
    }

    /// The direct subclasses of a class (`None`: the root classes).
    pub(crate) fn subclasses_of(&self, class: Option<ClassId>) -> &[ClassId] {
        self.subclasses.get(&class).map_or(&[], |l| l.as_slice())
    }

    /// Builds a state from loaded data in one pass, with indexes built in
    /// plain maps first: far faster than one persistent insert per index
    /// entry, which matters for opening a 100k-method image.
    pub(crate) fn bulk(
        classes: Vec<ClassRecord>,
        methods: Vec<(MethodKey, StoredMethod)>,
        dictionaries: Vec<(String, Vec<(String, DictionaryEntry)>)>,
        symbol_lists: Vec<(String, Vec<String>)>,
        objects: Vec<(ObjectId, StoredObject)>,
    ) -> State {
        let methods: Vec<(MethodKey, Arc<StoredMethod>)> =
            methods.into_iter().map(|(k, m)| (k, Arc::new(m))).collect();
        let (indexes, map) = std::thread::scope(|scope| {
            let indexes = scope.spawn(|| MethodIndexes::build(&methods));
            let map: OrdMap<MethodKey, Arc<StoredMethod>> = methods.iter().cloned().collect();
            // Only a bug in the index build itself could panic; surface it.
            let indexes = indexes
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p));
            (indexes, map)
        });
        let mut subclasses: FastMap<Option<ClassId>, Vec<ClassId>> = FastMap::default();
        for c in classes.iter().filter(|c| !c.removed) {
            subclasses.entry(c.superclass).or_default().push(c.id);
        }
        let subclasses: OrdMap<Option<ClassId>, Arc<Vec<ClassId>>> = subclasses
            .into_iter()
            .map(|(k, mut v)| {
                v.sort_unstable();
                v.dedup();
                (k, Arc::new(v))
            })
            .collect();
        let MethodIndexes {
            implementors,
            senders,
            references,
            class_methods,
        } = indexes;
        State {
            classes: classes.into_iter().map(|c| (c.id, Arc::new(c))).collect(),
            dictionaries: dictionaries
                .into_iter()
                .map(|(name, entries)| (name, entries.into_iter().collect::<Dictionary>()))
                .collect(),
            symbol_lists: symbol_lists
                .into_iter()
                .map(|(u, l)| (u, Arc::new(l)))
                .collect(),
            objects: objects
                .into_iter()
                .map(|(id, o)| (id, Arc::new(o)))
                .collect(),
            implementors,
            senders,
            references,
            class_methods,
            subclasses,
            methods: map,
            deferred: None,
        }
    }
}

/// A key of the write, read and touch sets of a session: the unit of
/// conflict detection.
///
/// `ClassShape` and `MethodsOf` are not stored anywhere; they stand for
/// "what a method compiled into this class relied on" and "the set of
/// methods of this class", so that removing or reshaping a class conflicts
/// with a concurrent method edit in it, and so that a reshape conflicts
/// with a concurrently added method it did not recompile.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Key {
    Class(ClassId),
    ClassShape(ClassId),
    MethodsOf(ClassId),
    Method(MethodKey),
    Dictionary(String),
    Entry(String, String),
    SymbolList(String),
    Object(ObjectId),
}

impl Key {
    /// True for keys that name stored data (not a pseudo-key).
    pub(crate) fn is_stored(&self) -> bool {
        !matches!(self, Key::ClassShape(_) | Key::MethodsOf(_))
    }

    /// True for keys of code (classes, their definitions and methods,
    /// dictionaries, symbol lists); false for values: globals and
    /// objects, class variables among them.
    pub(crate) fn is_code(&self) -> bool {
        !matches!(self, Key::Entry(..) | Key::Object(_))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::hash::BuildHasher;

    use super::*;

    /// Names alike but for their last characters, as a generated method's
    /// selectors are (`a100000` … `a209999`), land in as many different
    /// buckets of the interner's table as random names would, not in a few
    /// long runs that every new name has to be compared along.
    #[test]
    fn names_alike_but_for_their_ends_spread_over_the_interner_s_buckets() {
        let interner = Interner::default();
        let names = 110_000;
        let buckets = 1u64 << 18;
        let used: HashSet<u64> = (100_000..100_000 + names)
            .map(|i| interner.ids.hasher().hash_one(format!("a{i}").as_str()) % buckets)
            .collect();
        // Random hashes fill 1 - e^(-110000/262144) of them: about 89,000.
        assert!(used.len() > 80_000, "{} distinct buckets", used.len());
        let used: HashSet<u64> = (100_000..100_000 + names)
            .map(|i| {
                interner
                    .ids
                    .hasher()
                    .hash_one(format!("at{i}:put:").as_str())
                    % buckets
            })
            .collect();
        assert!(used.len() > 80_000, "{} distinct buckets", used.len());
    }
}

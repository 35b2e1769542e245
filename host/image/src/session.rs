//! A session: one user's transaction view of the image, and every change
//! made through it.
//!
//! A [`Session`] starts from the newest committed state and changes its own
//! copy. It records which keys it wrote (to store and to validate at
//! commit), which keys it relied on (to validate only: a method compiled
//! into a class relies on that class's shape), and which it touched (whose
//! version moves so that others relying on them notice). Nothing it does is
//! seen by other sessions until [`Session::commit`] succeeds.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::Arc;

use crate::compile::{self, MethodScope};
use crate::error::{ChangeKind, CompileError, ImageError, Result};
use crate::image::{CommitInfo, Image, STANDARD_DICTIONARIES, View};
use crate::model::{
    ClassDefinition, ClassId, ClassRecord, DictionaryEntry, MethodRef, ObjectId, ObjectValue, Side,
    StoredObject,
};
use crate::sources::SourceRef;
use crate::state::{Key, MethodKey, State, StoredMethod};

/// What to do with methods that no longer compile after a class
/// redefinition changes what names they can see (an instance variable
/// removed, a superclass changed, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RecompilePolicy {
    /// Redefine the class, remove the methods that fail to recompile, and
    /// report them in [`ClassDefined::removed`] (GemStone leaves such
    /// methods uncompiled; here they are gone, with their source in the
    /// report).
    #[default]
    RemoveFailing,
    /// Refuse the redefinition, changing nothing, when any method would
    /// fail to recompile.
    Refuse,
}

/// Whether removing a class may remove its subclasses too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RemoveClassPolicy {
    /// Refuse when the class has subclasses.
    #[default]
    RefuseIfSubclasses,
    /// Remove the class and all its subclasses, transitively.
    WithSubclasses,
}

/// How a class definition changed the image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefinitionChange {
    /// A new class.
    Created,
    /// The class existed with exactly this definition; nothing changed.
    Unchanged,
    /// The class kept its id and methods; only category, options or kind
    /// changed, nothing its methods compile against.
    Updated,
    /// The class kept its id, but what its methods (and its subclasses'
    /// methods) compile against changed: instance, class or
    /// class-instance variables, pools or superclass. Its methods were
    /// recompiled.
    Reshaped,
}

/// A method removed because it no longer compiled after a redefinition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemovedMethod {
    /// The method.
    pub method: MethodRef,
    /// Its source, so it can be fixed and compiled again.
    pub source: String,
    /// Why it failed.
    pub errors: Vec<CompileError>,
}

/// The outcome of [`Session::define_class`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassDefined {
    /// The class's id (unchanged on redefinition).
    pub id: ClassId,
    /// What the definition did.
    pub change: DefinitionChange,
    /// Methods recompiled successfully because of a reshape.
    pub recompiled: Vec<MethodRef>,
    /// Methods removed because they failed to recompile.
    pub removed: Vec<RemovedMethod>,
}

/// Kinds of concurrent change that invalidate a method compiled against a
/// class: the class was reshaped or removed.
const SHAPE_CHANGES: &[ChangeKind] = &[ChangeKind::Modified, ChangeKind::Removed];
/// Kinds of concurrent change that invalidate a reshape's recompilation or
/// a removal: a method of the class was added, changed or removed.
const METHOD_SET_CHANGES: &[ChangeKind] = &[ChangeKind::Modified];
/// A concurrent removal.
const REMOVAL: &[ChangeKind] = &[ChangeKind::Removed];

/// One user's transaction view of an image.
///
/// Reads answer from the session's own state: the committed view it began
/// with plus its own uncommitted changes. Changes become visible to other
/// sessions only after [`Session::commit`], and only to sessions that then
/// begin a new view ([`Session::abort`], [`Session::refresh`], a commit of
/// their own, or a new session).
pub struct Session {
    image: Image,
    user: String,
    base: View,
    pub(crate) state: State,
    writes: BTreeSet<Key>,
    touches: BTreeSet<Key>,
    reads: BTreeMap<Key, &'static [ChangeKind]>,
    kernel_install: bool,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("user", &self.user)
            .field("view", &self.base.commit)
            .field("changes", &self.writes.len())
            .finish()
    }
}

/// True for a valid Smalltalk identifier (letters, digits, underscores,
/// not starting with a digit).
pub(crate) fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Session {
    pub(crate) fn begin(image: Image, user: String) -> Session {
        let base = image.newest_view();
        Session {
            state: base.state.clone(),
            image,
            user,
            base,
            writes: BTreeSet::new(),
            touches: BTreeSet::new(),
            reads: BTreeMap::new(),
            kernel_install: false,
        }
    }

    /// Turns kernel-installation mode on or off. While on, every class the
    /// session defines is marked kernel and the kernel guard lets the
    /// session change kernel classes: this is how the kernel loader
    /// (`crate::kernel`) builds the kernel.
    pub(crate) fn set_kernel_install(&mut self, on: bool) {
        self.kernel_install = on;
    }

    /// Starts a bulk load of methods: until [`Session::end_bulk_methods`]
    /// the session's method indexes are stale, so nothing may query them
    /// (implementors, senders, references, a class's methods, a reshape's
    /// recompilation) in between; compiling methods is all a bulk load does.
    pub(crate) fn begin_bulk_methods(&mut self) {
        self.state.defer_method_indexes();
    }

    /// Ends a bulk load of methods: brings the indexes up to date.
    pub(crate) fn end_bulk_methods(&mut self) {
        self.state.build_deferred_indexes();
    }

    /// The image this session belongs to.
    pub fn image(&self) -> &Image {
        &self.image
    }

    /// The user whose symbol list this session looks names up in.
    pub fn user(&self) -> &str {
        &self.user
    }

    /// The commit number this session's view began at.
    pub fn view(&self) -> u64 {
        self.base.commit
    }

    // ---------------------------------------------------------------
    // Transactions
    // ---------------------------------------------------------------

    /// True when the session has uncommitted changes.
    pub fn needs_commit(&self) -> bool {
        !self.writes.is_empty()
    }

    /// Makes this session's changes durable and visible to sessions that
    /// begin a new view, then moves this session to the newest view.
    ///
    /// Fails with [`ImageError::Conflict`], naming every conflicting class,
    /// method or dictionary entry, when another session committed a change
    /// to the same keys since this view began (or removed or reshaped a
    /// class this session compiled methods into). On any failure nothing is
    /// committed and the session keeps its changes, so it can abort. A
    /// session with no changes just moves to the newest view.
    pub fn commit(&mut self) -> Result<CommitInfo> {
        if self.writes.is_empty() {
            self.move_to_newest();
            return Ok(CommitInfo {
                commit: self.base.commit,
                changes: 0,
            });
        }
        let mut writes = Vec::with_capacity(self.writes.len());
        for key in &self.writes {
            let before = self.exists(&self.base.state, key);
            let after = self.exists(&self.state, key);
            let kind = match (before, after) {
                (false, false) => continue,
                (false, true) => ChangeKind::Added,
                (true, true) => ChangeKind::Modified,
                (true, false) => ChangeKind::Removed,
            };
            writes.push((key.clone(), kind));
        }
        if writes.is_empty() {
            // Everything it did, it undid: there is nothing to write.
            self.move_to_newest();
            return Ok(CommitInfo {
                commit: self.base.commit,
                changes: 0,
            });
        }
        let touches: Vec<Key> = self.touches.iter().cloned().collect();
        let reads: Vec<(Key, &'static [ChangeKind])> =
            self.reads.iter().map(|(k, v)| (k.clone(), *v)).collect();
        let describe = |key: &Key| self.describe(key);
        let view = self.image.commit(
            self.base.commit,
            &self.state,
            &writes,
            &touches,
            &reads,
            &describe,
        )?;
        let changes = writes.iter().filter(|(k, _)| k.is_stored()).count();
        self.base = view;
        self.reset();
        Ok(CommitInfo {
            commit: self.base.commit,
            changes,
        })
    }

    /// Drops every uncommitted change and moves to the newest view.
    pub fn abort(&mut self) {
        self.move_to_newest();
    }

    /// Moves a session with no uncommitted changes to the newest view.
    /// Refused when the session has changes: commit or abort them first.
    pub fn refresh(&mut self) -> Result<()> {
        if self.needs_commit() {
            return Err(ImageError::Refused(format!(
                "cannot refresh: this session has {} uncommitted change(s); commit them or abort \
                 them first",
                self.writes.len()
            )));
        }
        self.move_to_newest();
        Ok(())
    }

    fn move_to_newest(&mut self) {
        self.base = self.image.newest_view();
        self.reset();
    }

    fn reset(&mut self) {
        self.state = self.base.state.clone();
        self.writes.clear();
        self.touches.clear();
        self.reads.clear();
    }

    fn exists(&self, state: &State, key: &Key) -> bool {
        match key {
            Key::Class(id) | Key::ClassShape(id) | Key::MethodsOf(id) => {
                state.classes.contains_key(id)
            }
            Key::Method(k) => state.methods.contains_key(k),
            Key::Dictionary(d) => state.dictionaries.contains_key(d),
            Key::Entry(d, n) => state.dictionaries.get(d).is_some_and(|d| d.contains_key(n)),
            Key::SymbolList(u) => state.symbol_lists.contains_key(u),
            Key::Object(id) => state.objects.contains_key(id),
        }
    }

    /// Names a key for a conflict report.
    fn describe(&self, key: &Key) -> String {
        let newest = self.image.newest_view();
        let class_name = |id: &ClassId| {
            self.state
                .classes
                .get(id)
                .or_else(|| self.base.state.classes.get(id))
                .or_else(|| newest.state.classes.get(id))
                .map(|r| r.definition.name.clone())
                .unwrap_or_else(|| format!("#{}", id.0))
        };
        match key {
            Key::Class(id) => format!("class {}", class_name(id)),
            Key::ClassShape(id) => format!("class {} (definition)", class_name(id)),
            Key::MethodsOf(id) => format!("methods of class {}", class_name(id)),
            Key::Method(k) => {
                let interner = self
                    .image
                    .interner()
                    .read()
                    .unwrap_or_else(|p| p.into_inner());
                let r = MethodRef {
                    class_name: class_name(&k.class),
                    side: k.side,
                    selector: interner.resolve(k.selector).to_string(),
                };
                format!("method {r}")
            }
            Key::Dictionary(d) => format!("dictionary {d}"),
            Key::Entry(d, n) => format!("dictionary entry {d} at #{n}"),
            Key::SymbolList(u) => format!("symbol list of user {u}"),
            Key::Object(id) if id.class_of_state().is_some() => {
                let class = id.class_of_state().expect("just checked");
                format!("class variables of {}", class_name(&class))
            }
            Key::Object(id) => {
                let class = self
                    .state
                    .objects
                    .get(id)
                    .or_else(|| newest.state.objects.get(id))
                    .map(|o| class_name(&o.class));
                match class {
                    Some(c) => format!("object #{} (an instance of {c})", id.0),
                    None => format!("object #{}", id.0),
                }
            }
        }
    }

    fn write(&mut self, key: Key) {
        self.writes.insert(key);
    }

    fn rely_on(&mut self, key: Key, kinds: &'static [ChangeKind]) {
        self.reads.entry(key).or_insert(kinds);
    }

    // ---------------------------------------------------------------
    // Names and dictionaries
    // ---------------------------------------------------------------

    /// The session user's symbol list: dictionary names in lookup order.
    pub fn symbol_list(&self) -> Vec<String> {
        self.state
            .symbol_lists
            .get(&self.user)
            .map(|l| l.as_ref().clone())
            .unwrap_or_default()
    }

    /// Every symbol dictionary in the image, sorted by name (including
    /// dictionaries not in this user's symbol list).
    pub fn dictionary_names(&self) -> Vec<String> {
        self.state.dictionaries.keys().cloned().collect()
    }

    /// Looks `name` up through the symbol list: the first dictionary that
    /// binds it, and what it binds.
    pub fn lookup(&self, name: &str) -> Option<(String, DictionaryEntry)> {
        lookup_in(&self.state, self.symbol_list_ref(), name)
            .map(|(d, e)| (d.to_string(), e.clone()))
    }

    fn symbol_list_ref(&self) -> &[String] {
        self.state
            .symbol_lists
            .get(&self.user)
            .map_or(&[], |l| l.as_slice())
    }

    /// Every user of the image, sorted.
    pub fn users(&self) -> Vec<String> {
        self.state.symbol_lists.keys().cloned().collect()
    }

    /// Creates a user whose symbol list is `symbol_list` (existing
    /// dictionary names, in lookup order). Open its sessions with
    /// [`Image::session_for`] once this is committed.
    pub fn create_user(&mut self, user: &str, symbol_list: &[&str]) -> Result<()> {
        if !is_identifier(user) {
            return Err(ImageError::InvalidArgument(format!(
                "{user:?} is not a valid user name; use letters, digits and underscores, \
                 starting with a letter"
            )));
        }
        if self.state.symbol_lists.contains_key(user) {
            return Err(ImageError::InvalidArgument(format!(
                "user {user} already exists; choose another name or change its symbol list"
            )));
        }
        self.put_user_list(user, symbol_list)
    }

    /// Replaces the session user's symbol list (existing dictionary names,
    /// in lookup order), e.g. to put a dictionary first.
    pub fn set_symbol_list(&mut self, symbol_list: &[&str]) -> Result<()> {
        let user = self.user.clone();
        self.put_user_list(&user, symbol_list)
    }

    fn put_user_list(&mut self, user: &str, symbol_list: &[&str]) -> Result<()> {
        let mut seen = HashSet::new();
        for d in symbol_list {
            self.dictionary(d)?;
            if !seen.insert(*d) {
                return Err(ImageError::InvalidArgument(format!(
                    "dictionary {d} is listed twice in the symbol list; list it once"
                )));
            }
        }
        let list: Vec<String> = symbol_list.iter().map(|d| d.to_string()).collect();
        self.state.put_symbol_list(user, Some(Arc::new(list)));
        self.write(Key::SymbolList(user.to_string()));
        for d in symbol_list {
            self.rely_on(Key::Dictionary(d.to_string()), REMOVAL);
        }
        Ok(())
    }

    /// The entries of one dictionary, sorted by name.
    pub fn entries(&self, dictionary: &str) -> Result<Vec<(String, DictionaryEntry)>> {
        let dict = self.dictionary(dictionary)?;
        Ok(dict.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
    }

    fn dictionary(&self, name: &str) -> Result<&crate::state::Dictionary> {
        self.state.dictionaries.get(name).ok_or_else(|| {
            ImageError::NotFound(format!(
                "no symbol dictionary named {name}; the image has {}",
                self.dictionary_names().join(", ")
            ))
        })
    }

    /// Creates an empty symbol dictionary and appends it to the end of the
    /// session user's symbol list (so it shadows nothing).
    pub fn add_dictionary(&mut self, name: &str) -> Result<()> {
        if !is_identifier(name) {
            return Err(ImageError::InvalidArgument(format!(
                "{name:?} is not a valid dictionary name; use letters, digits and underscores, \
                 starting with a letter"
            )));
        }
        if self.state.dictionaries.contains_key(name) {
            return Err(ImageError::InvalidArgument(format!(
                "a symbol dictionary named {name} already exists; choose another name"
            )));
        }
        self.state.put_dictionary(name, true);
        self.write(Key::Dictionary(name.to_string()));
        let mut list = self.symbol_list();
        list.push(name.to_string());
        let user = self.user.clone();
        self.state.put_symbol_list(&user, Some(Arc::new(list)));
        self.write(Key::SymbolList(user));
        Ok(())
    }

    /// Removes an empty-of-classes symbol dictionary and takes it out of
    /// every symbol list. Refuses the standard dictionaries and a
    /// dictionary that is the home of any class (remove those classes
    /// first).
    pub fn remove_dictionary(&mut self, name: &str) -> Result<()> {
        let dict = self.dictionary(name)?.clone();
        if STANDARD_DICTIONARIES.contains(&name) {
            return Err(ImageError::Refused(format!(
                "{name} is a standard dictionary of the image and cannot be removed; remove the \
                 entries you no longer need instead"
            )));
        }
        let homed: Vec<String> = dict
            .iter()
            .filter_map(|(n, e)| match e {
                DictionaryEntry::Class(id) => self
                    .state
                    .classes
                    .get(id)
                    .filter(|r| r.definition.dictionary == name && &r.definition.name == n)
                    .map(|r| r.definition.name.clone()),
                DictionaryEntry::Global(_) | DictionaryEntry::Object(_) => None,
            })
            .collect();
        if !homed.is_empty() {
            return Err(ImageError::Refused(format!(
                "dictionary {name} is the home of class(es) {}; remove those classes first",
                homed.join(", ")
            )));
        }
        for entry in dict.keys() {
            self.write(Key::Entry(name.to_string(), entry.clone()));
        }
        self.state.put_dictionary(name, false);
        self.write(Key::Dictionary(name.to_string()));
        let users: Vec<(String, Vec<String>)> = self
            .state
            .symbol_lists
            .iter()
            .filter(|(_, l)| l.iter().any(|d| d == name))
            .map(|(u, l)| {
                (
                    u.clone(),
                    l.iter().filter(|d| *d != name).cloned().collect(),
                )
            })
            .collect();
        for (user, list) in users {
            self.state.put_symbol_list(&user, Some(Arc::new(list)));
            self.write(Key::SymbolList(user));
        }
        Ok(())
    }

    /// Binds `name` in `dictionary` to a class or a global value. Binding a
    /// class under a further name makes an alias; the class stays one
    /// class. Refused when it would rebind a kernel class's own name.
    pub fn bind(&mut self, dictionary: &str, name: &str, entry: DictionaryEntry) -> Result<()> {
        self.dictionary(dictionary)?;
        if !is_identifier(name) {
            return Err(ImageError::InvalidArgument(format!(
                "{name:?} is not a valid global name; use letters, digits and underscores, \
                 starting with a letter"
            )));
        }
        if let DictionaryEntry::Class(id) = &entry
            && !self.state.classes.contains_key(id)
        {
            return Err(ImageError::NotFound(format!(
                "no class with id {} in this view; bind an existing class",
                id.0
            )));
        }
        if let DictionaryEntry::Object(ObjectValue::Object(id)) = &entry
            && !self.state.objects.contains_key(id)
        {
            return Err(ImageError::NotFound(format!(
                "no persistent object #{} in this view; store it with store_object first",
                id.0
            )));
        }
        self.guard_home_binding(dictionary, name)?;
        self.guard_kernel_name(dictionary, name)?;
        self.state.put_entry(dictionary, name, Some(entry));
        self.write(Key::Entry(dictionary.to_string(), name.to_string()));
        self.rely_on(Key::Dictionary(dictionary.to_string()), REMOVAL);
        Ok(())
    }

    /// Removes the binding of `name` in `dictionary`. Refused for a kernel
    /// class's own name; removing an alias or an application class's
    /// binding is allowed (the class itself stays; use
    /// [`Session::remove_class`] to remove a class).
    pub fn unbind(&mut self, dictionary: &str, name: &str) -> Result<()> {
        let dict = self.dictionary(dictionary)?;
        if !dict.contains_key(name) {
            return Err(ImageError::NotFound(format!(
                "dictionary {dictionary} has no entry {name}"
            )));
        }
        self.guard_home_binding(dictionary, name)?;
        self.state.put_entry(dictionary, name, None);
        self.write(Key::Entry(dictionary.to_string(), name.to_string()));
        Ok(())
    }

    /// The kernel guard for names: a new binding may not shadow what every
    /// session relies on finding — the name of a symbol dictionary
    /// (`Globals`, `UserGlobals`, `Published`, …), or a kernel class's name
    /// bound in `Globals`, from a dictionary searched before it. Rebinding
    /// a name the dictionary already binds is left to the other guards.
    fn guard_kernel_name(&self, dictionary: &str, name: &str) -> Result<()> {
        let binds = |d: &str| {
            self.state
                .dictionaries
                .get(d)
                .is_some_and(|d| d.contains_key(name))
        };
        if self.kernel_install || binds(dictionary) {
            return Ok(());
        }
        if self.state.dictionaries.contains_key(name) {
            return Err(ImageError::Refused(format!(
                "{name} is the name of a symbol dictionary; binding it in {dictionary} would \
                 hide the dictionary from every session; choose another name"
            )));
        }
        if dictionary != "Globals"
            && let Some(DictionaryEntry::Class(id)) = self
                .state
                .dictionaries
                .get("Globals")
                .and_then(|g| g.get(name))
            && self.state.classes.get(id).is_some_and(|r| r.kernel)
        {
            return Err(ImageError::Refused(format!(
                "{name} is a kernel class; binding the name in {dictionary} would hide it from \
                 every session; choose another name"
            )));
        }
        Ok(())
    }

    fn guard_home_binding(&self, dictionary: &str, name: &str) -> Result<()> {
        if let Some(DictionaryEntry::Class(id)) = self
            .state
            .dictionaries
            .get(dictionary)
            .and_then(|d| d.get(name))
            && let Some(record) = self.state.classes.get(id)
            && record.definition.dictionary == dictionary
            && record.definition.name == name
        {
            self.guard_kernel(record)?;
        }
        Ok(())
    }

    // ---------------------------------------------------------------
    // Persistent objects
    // ---------------------------------------------------------------

    /// The persistent object `id` as this session's view (with its own
    /// uncommitted stores) holds it.
    pub fn object(&self, id: ObjectId) -> Option<&StoredObject> {
        self.state.objects.get(&id).map(|o| o.as_ref())
    }

    /// What `dictionary` binds `name` to in this session's view, if it
    /// exists and binds it.
    pub fn entry(&self, dictionary: &str, name: &str) -> Option<DictionaryEntry> {
        self.state.dictionaries.get(dictionary)?.get(name).cloned()
    }

    /// How many persistent objects this session's view holds.
    pub fn object_count(&self) -> usize {
        self.state.objects.len()
    }

    /// A new object id, never handed out before in this image. An id taken
    /// by a session that never stores it (or aborts) is simply skipped.
    pub fn new_object_id(&self) -> ObjectId {
        self.image.allocate_object_id()
    }

    /// Stores `object` as persistent object `id` (new, or a new state of
    /// an existing one). Storing exactly what the view already holds is
    /// not a change, so it neither commits nor conflicts. Two sessions
    /// storing the same object conflict at the second commit, as for code.
    /// Refused when the object's class does not exist in this view.
    pub fn store_object(&mut self, id: ObjectId, object: StoredObject) -> Result<()> {
        if !self.state.classes.contains_key(&object.class) {
            return Err(ImageError::NotFound(format!(
                "object #{}: no class with id {} in this view; store instances of existing \
                 classes",
                id.0, object.class.0
            )));
        }
        if object.names.len() != object.named.len() {
            return Err(ImageError::InvalidArgument(format!(
                "object #{}: {} instance variable names but {} values; give one value per name",
                id.0,
                object.names.len(),
                object.named.len()
            )));
        }
        if self.state.objects.get(&id).is_some_and(|o| **o == object) {
            return Ok(());
        }
        self.state.put_object(id, Some(Arc::new(object)));
        self.write(Key::Object(id));
        Ok(())
    }

    // ---------------------------------------------------------------
    // Classes
    // ---------------------------------------------------------------

    /// The kernel guard: refuses any change to a kernel class, by identity.
    fn guard_kernel(&self, record: &ClassRecord) -> Result<()> {
        if record.kernel && !self.kernel_install {
            return Err(ImageError::Refused(format!(
                "{} is a kernel class and cannot be changed; define a subclass or an extension \
                 in your own dictionary (e.g. UserGlobals) instead",
                record.definition.name
            )));
        }
        Ok(())
    }

    /// The id of the class `name` resolves to through the symbol list.
    pub fn class_id(&self, name: &str) -> Result<ClassId> {
        match lookup_in(&self.state, self.symbol_list_ref(), name) {
            Some((_, DictionaryEntry::Class(id))) => Ok(*id),
            Some((dict, DictionaryEntry::Global(_) | DictionaryEntry::Object(_))) => {
                Err(ImageError::NotFound(format!(
                    "{name} is bound to a global value in {dict}, not to a class; name a class"
                )))
            }
            None => Err(ImageError::NotFound(format!(
                "no class named {name} in the symbol list of user {} ({}); check the spelling \
                 or define the class first",
                self.user,
                self.symbol_list_ref().join(", ")
            ))),
        }
    }

    fn record(&self, id: ClassId) -> Result<&Arc<ClassRecord>> {
        self.state
            .classes
            .get(&id)
            .ok_or_else(|| ImageError::NotFound(format!("no class with id {} in this view", id.0)))
    }

    /// The class `name` resolves to through the symbol list.
    pub fn class(&self, name: &str) -> Result<ClassRecord> {
        let id = self.class_id(name)?;
        Ok(self.record(id)?.as_ref().clone())
    }

    /// The class with this id, if it exists in this view.
    pub fn class_by_id(&self, id: ClassId) -> Option<ClassRecord> {
        self.state.classes.get(&id).map(|r| r.as_ref().clone())
    }

    /// The own name of the class with identity `id`, if it exists in this
    /// view — without copying its record, for listings of many classes.
    pub fn class_name_of(&self, id: ClassId) -> Option<&str> {
        self.state
            .classes
            .get(&id)
            .map(|r| r.definition.name.as_str())
    }

    /// The class and its superclasses, nearest first.
    pub(crate) fn chain(state: &State, id: ClassId) -> Vec<ClassId> {
        let mut chain = Vec::new();
        let mut at = Some(id);
        while let Some(c) = at {
            if chain.contains(&c) {
                break;
            }
            chain.push(c);
            at = state.classes.get(&c).and_then(|r| r.superclass);
        }
        chain
    }

    /// The names of `name` and its superclasses, nearest first.
    pub fn superclass_chain(&self, name: &str) -> Result<Vec<String>> {
        let id = self.class_id(name)?;
        Ok(Session::chain(&self.state, id)
            .iter()
            .filter_map(|c| self.state.classes.get(c))
            .map(|r| r.definition.name.clone())
            .collect())
    }

    /// Every instance variable of instances of `name`: inherited ones
    /// first, in definition order.
    pub fn all_inst_vars(&self, name: &str) -> Result<Vec<String>> {
        let id = self.class_id(name)?;
        let mut chain = Session::chain(&self.state, id);
        chain.reverse();
        Ok(chain
            .iter()
            .filter_map(|c| self.state.classes.get(c))
            .flat_map(|r| r.definition.inst_vars.iter().cloned())
            .collect())
    }

    /// Every class below `id`, transitively, nearest first.
    pub(crate) fn descendants(state: &State, id: ClassId) -> Vec<ClassId> {
        let mut out = Vec::new();
        let mut queue = vec![id];
        let mut seen = HashSet::new();
        while let Some(c) = queue.pop() {
            for &s in state.subclasses_of(Some(c)) {
                if seen.insert(s) {
                    out.push(s);
                    queue.push(s);
                }
            }
        }
        out
    }

    fn validate_names(kind: &str, names: &[String]) -> Result<()> {
        let mut seen = HashSet::new();
        for n in names {
            if !is_identifier(n) {
                return Err(ImageError::InvalidArgument(format!(
                    "{n:?} is not a valid {kind} name; use letters, digits and underscores, \
                     starting with a letter"
                )));
            }
            if !seen.insert(n.as_str()) {
                return Err(ImageError::InvalidArgument(format!(
                    "{kind} {n} is listed twice; list each name once"
                )));
            }
        }
        Ok(())
    }

    /// Refuses names in `own` that a class of `chain` already defines in
    /// the same kind of variable.
    fn check_inherited(
        &self,
        kind: &str,
        own: &[String],
        chain: &[ClassId],
        field: fn(&ClassDefinition) -> &Vec<String>,
    ) -> Result<()> {
        for c in chain {
            if let Some(r) = self.state.classes.get(c)
                && let Some(n) = field(&r.definition).iter().find(|n| own.contains(n))
            {
                return Err(ImageError::InvalidArgument(format!(
                    "{kind} {n} is already defined by {}; choose another name",
                    r.definition.name
                )));
            }
        }
        Ok(())
    }

    /// Defines a new class, or redefines the class the definition's
    /// dictionary binds under its name.
    ///
    /// A redefinition keeps the class's id and methods. When it changes
    /// what methods compile against (variables, pools, superclass), the
    /// methods of the class and of its subclasses are recompiled; those
    /// that fail are removed and reported, or the whole redefinition is
    /// refused, as `policy` says. Refused for kernel classes.
    pub fn define_class(
        &mut self,
        definition: ClassDefinition,
        policy: RecompilePolicy,
    ) -> Result<ClassDefined> {
        let def = definition;
        if !is_identifier(&def.name) {
            return Err(ImageError::InvalidArgument(format!(
                "{:?} is not a valid class name; use letters, digits and underscores, starting \
                 with a letter",
                def.name
            )));
        }
        self.dictionary(&def.dictionary)?;
        Session::validate_names("instance variable", &def.inst_vars)?;
        Session::validate_names("class variable", &def.class_vars)?;
        Session::validate_names("class-instance variable", &def.class_inst_vars)?;
        Session::validate_names("pool dictionary", &def.pool_dictionaries)?;
        for pool in &def.pool_dictionaries {
            if !self.state.dictionaries.contains_key(pool) {
                return Err(ImageError::NotFound(format!(
                    "pool dictionary {pool} of class {} does not exist; create it first or \
                     remove it from the definition",
                    def.name
                )));
            }
        }
        if def.kind == crate::model::ClassKind::Bytes && !def.inst_vars.is_empty() {
            return Err(ImageError::InvalidArgument(format!(
                "byte class {} cannot have named instance variables ({}); remove them or make \
                 it a pointer class",
                def.name,
                def.inst_vars.join(", ")
            )));
        }
        let superclass = match &def.superclass {
            None => None,
            Some(s) => Some(self.class_id(s).map_err(|_| {
                ImageError::NotFound(format!(
                    "superclass {s} of class {} is not a class in the symbol list of user {}; \
                     define it first or correct the name",
                    def.name, self.user
                ))
            })?),
        };
        let existing = match self
            .state
            .dictionaries
            .get(&def.dictionary)
            .and_then(|d| d.get(&def.name))
        {
            Some(DictionaryEntry::Class(id)) => Some(*id),
            Some(DictionaryEntry::Global(_) | DictionaryEntry::Object(_)) => {
                return Err(ImageError::Refused(format!(
                    "{} in {} is bound to a global value, not a class; unbind it first or \
                     choose another class name",
                    def.name, def.dictionary
                )));
            }
            None => None,
        };
        if existing.is_none() {
            self.guard_kernel_name(&def.dictionary, &def.name)?;
        }
        let super_chain = superclass
            .map(|s| Session::chain(&self.state, s))
            .unwrap_or_default();
        if let Some(id) = existing {
            let record = self.record(id)?.clone();
            self.guard_kernel(&record)?;
            if super_chain.contains(&id) {
                return Err(ImageError::InvalidArgument(format!(
                    "class {} cannot have superclass {}: that class inherits from {} (a cycle); \
                     choose another superclass",
                    def.name,
                    def.superclass.as_deref().unwrap_or("nil"),
                    def.name
                )));
            }
        }
        self.check_inherited("instance variable", &def.inst_vars, &super_chain, |d| {
            &d.inst_vars
        })?;
        self.check_inherited("class variable", &def.class_vars, &super_chain, |d| {
            &d.class_vars
        })?;
        self.check_inherited(
            "class-instance variable",
            &def.class_inst_vars,
            &super_chain,
            |d| &d.class_inst_vars,
        )?;
        for c in &super_chain {
            self.rely_on(Key::ClassShape(*c), SHAPE_CHANGES);
        }
        match existing {
            None => self.create_class(def, superclass),
            Some(id) => self.redefine_class(id, def, superclass, policy),
        }
    }

    fn create_class(
        &mut self,
        def: ClassDefinition,
        superclass: Option<ClassId>,
    ) -> Result<ClassDefined> {
        let id = self.image.allocate_class_id();
        let (dict, name) = (def.dictionary.clone(), def.name.clone());
        let record = ClassRecord {
            id,
            superclass,
            definition: def,
            comment: String::new(),
            kernel: self.kernel_install,
        };
        self.state.put_class(id, Some(Arc::new(record)));
        self.state
            .put_entry(&dict, &name, Some(DictionaryEntry::Class(id)));
        self.write(Key::Class(id));
        self.write(Key::ClassShape(id));
        self.write(Key::Entry(dict.clone(), name));
        self.rely_on(Key::Dictionary(dict), REMOVAL);
        Ok(ClassDefined {
            id,
            change: DefinitionChange::Created,
            recompiled: Vec::new(),
            removed: Vec::new(),
        })
    }

    fn redefine_class(
        &mut self,
        id: ClassId,
        def: ClassDefinition,
        superclass: Option<ClassId>,
        policy: RecompilePolicy,
    ) -> Result<ClassDefined> {
        let old = self.record(id)?.clone();
        let reshaped = old.superclass != superclass
            || old.definition.inst_vars != def.inst_vars
            || old.definition.class_vars != def.class_vars
            || old.definition.class_inst_vars != def.class_inst_vars
            || old.definition.pool_dictionaries != def.pool_dictionaries;
        if !reshaped && old.definition == def {
            return Ok(ClassDefined {
                id,
                change: DefinitionChange::Unchanged,
                recompiled: Vec::new(),
                removed: Vec::new(),
            });
        }
        let affected: Vec<ClassId> = if reshaped {
            let mut v = vec![id];
            v.extend(Session::descendants(&self.state, id));
            v
        } else {
            Vec::new()
        };
        // A subclass may already use a name the new definition introduces.
        for sub in affected.iter().skip(1) {
            if let Some(r) = self.state.classes.get(sub) {
                self.guard_kernel(r)?;
                let clash = |own: &Vec<String>, new: &Vec<String>| {
                    own.iter().find(|n| new.contains(n)).cloned()
                };
                for (kind, own, new) in [
                    ("instance variable", &r.definition.inst_vars, &def.inst_vars),
                    ("class variable", &r.definition.class_vars, &def.class_vars),
                    (
                        "class-instance variable",
                        &r.definition.class_inst_vars,
                        &def.class_inst_vars,
                    ),
                ] {
                    if let Some(n) = clash(own, new) {
                        return Err(ImageError::InvalidArgument(format!(
                            "{kind} {n} is already defined by subclass {}; choose another name",
                            r.definition.name
                        )));
                    }
                }
            }
        }
        let record = ClassRecord {
            id,
            superclass,
            definition: def,
            comment: old.comment.clone(),
            kernel: old.kernel || self.kernel_install,
        };
        // Recompile in a trial copy (an O(1) clone), so a refusal leaves
        // the session exactly as it was.
        let mut trial = self.state.clone();
        trial.put_class(id, Some(Arc::new(record)));
        let mut recompiled = Vec::new();
        let mut removed = Vec::new();
        let mut method_writes = Vec::new();
        for class in &affected {
            for key in trial.methods_of(*class).to_vec() {
                let Some(method) = trial.methods.get(&key).cloned() else {
                    continue;
                };
                let mref = self.method_ref_in(&trial, key);
                let source = self.source_text(method.source);
                match self.compile_in(&trial, key.class, key.side, &source) {
                    Ok(compiled) => {
                        // Same text, so the arena entry is reused.
                        let stored = self.store_compiled(&compiled, method.category, method.source);
                        trial.put_method(key, Some(Arc::new(stored)));
                        recompiled.push(mref);
                    }
                    Err(errors) => {
                        trial.put_method(key, None);
                        removed.push(RemovedMethod {
                            method: mref,
                            source,
                            errors,
                        });
                    }
                }
                method_writes.push(key);
            }
        }
        if policy == RecompilePolicy::Refuse && !removed.is_empty() {
            let list: Vec<String> = removed
                .iter()
                .map(|r| {
                    format!(
                        "{} ({})",
                        r.method,
                        r.errors.first().map(|e| e.message.as_str()).unwrap_or("")
                    )
                })
                .collect();
            return Err(ImageError::Refused(format!(
                "redefining {} would break {} method(s): {}; fix or remove them first, or \
                 redefine it letting the methods that no longer compile be removed (their \
                 source is answered)",
                old.definition.name,
                removed.len(),
                list.join(", ")
            )));
        }
        self.state = trial;
        self.write(Key::Class(id));
        if reshaped {
            self.write(Key::ClassShape(id));
            for class in &affected {
                self.rely_on(Key::MethodsOf(*class), METHOD_SET_CHANGES);
            }
        }
        for key in method_writes {
            self.write(Key::Method(key));
        }
        if !removed.is_empty() {
            for class in &affected {
                self.touches.insert(Key::MethodsOf(*class));
            }
        }
        Ok(ClassDefined {
            id,
            change: if reshaped {
                DefinitionChange::Reshaped
            } else {
                DefinitionChange::Updated
            },
            recompiled,
            removed,
        })
    }

    /// Removes a class: its methods, its metaclass's methods and every
    /// binding of it. Refused for kernel classes, and for a class with
    /// subclasses unless `policy` says to remove them too. Answers the
    /// names of the removed classes.
    pub fn remove_class(&mut self, name: &str, policy: RemoveClassPolicy) -> Result<Vec<String>> {
        let id = self.class_id(name)?;
        let record = self.record(id)?.clone();
        self.guard_kernel(&record)?;
        let below = Session::descendants(&self.state, id);
        if !below.is_empty() && policy == RemoveClassPolicy::RefuseIfSubclasses {
            let mut names: Vec<String> = below
                .iter()
                .filter_map(|c| self.state.classes.get(c))
                .map(|r| r.definition.name.clone())
                .collect();
            names.sort();
            return Err(ImageError::Refused(format!(
                "class {name} has subclasses ({}); remove them first, or remove with \
                 RemoveClassPolicy::WithSubclasses",
                names.join(", ")
            )));
        }
        for c in &below {
            if let Some(r) = self.state.classes.get(c) {
                self.guard_kernel(r)?;
            }
        }
        let mut doomed = vec![id];
        doomed.extend(below);
        let doomed_set: HashSet<ClassId> = doomed.iter().copied().collect();
        let doomed_set = &doomed_set;
        let bindings: Vec<(String, String)> = self
            .state
            .dictionaries
            .iter()
            .flat_map(|(d, entries)| {
                entries.iter().filter_map(move |(n, e)| match e {
                    DictionaryEntry::Class(c) if doomed_set.contains(c) => {
                        Some((d.clone(), n.clone()))
                    }
                    _ => None,
                })
            })
            .collect();
        let mut names = Vec::new();
        // Subclasses first, so the subclass index never points at a
        // removed superclass mid-way.
        for c in doomed.iter().rev() {
            for key in self.state.methods_of(*c).to_vec() {
                self.state.put_method(key, None);
                self.write(Key::Method(key));
            }
            if let Some(r) = self.state.classes.get(c) {
                names.push(r.definition.name.clone());
            }
            self.state.put_class(*c, None);
            self.write(Key::Class(*c));
            self.write(Key::ClassShape(*c));
            self.rely_on(Key::MethodsOf(*c), METHOD_SET_CHANGES);
        }
        for (d, n) in bindings {
            self.state.put_entry(&d, &n, None);
            self.write(Key::Entry(d, n));
        }
        names.sort();
        Ok(names)
    }

    fn update_class(&mut self, name: &str, change: impl FnOnce(&mut ClassRecord)) -> Result<()> {
        let id = self.class_id(name)?;
        let record = self.record(id)?.clone();
        self.guard_kernel(&record)?;
        let mut new = record.as_ref().clone();
        change(&mut new);
        self.state.put_class(id, Some(Arc::new(new)));
        self.write(Key::Class(id));
        Ok(())
    }

    /// Sets a class's comment.
    pub fn set_class_comment(&mut self, name: &str, comment: &str) -> Result<()> {
        self.update_class(name, |r| r.comment = comment.to_string())
    }

    /// Sets (or clears) a class's category.
    pub fn set_class_category(&mut self, name: &str, category: Option<&str>) -> Result<()> {
        self.update_class(name, |r| {
            r.definition.category = category.map(str::to_string)
        })
    }

    // ---------------------------------------------------------------
    // Methods
    // ---------------------------------------------------------------

    pub(crate) fn method_ref_in(&self, state: &State, key: MethodKey) -> MethodRef {
        let interner = self
            .image
            .interner()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        MethodRef {
            class_name: state
                .classes
                .get(&key.class)
                .map(|r| r.definition.name.clone())
                .unwrap_or_else(|| format!("#{}", key.class.0)),
            side: key.side,
            selector: interner.resolve(key.selector).to_string(),
        }
    }

    fn compile_in(
        &self,
        state: &State,
        class: ClassId,
        side: Side,
        source: &str,
    ) -> std::result::Result<compile::Compiled, Vec<CompileError>> {
        let scope = MethodScope::new(state, self.symbol_list_ref(), class, side);
        compile::compile(source, &scope)
    }

    /// The text of a stored source.
    pub(crate) fn source_text(&self, source: SourceRef) -> String {
        self.image
            .sources()
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(source)
            .to_string()
    }

    fn store_compiled(
        &self,
        compiled: &compile::Compiled,
        category: crate::state::Sym,
        source: SourceRef,
    ) -> StoredMethod {
        let mut interner = self
            .image
            .interner()
            .write()
            .unwrap_or_else(|p| p.into_inner());
        StoredMethod::new(
            category,
            source,
            compiled.sends.iter().map(String::as_str),
            compiled.references.iter().map(String::as_str),
            compiled.primitive.clone().map(String::into_boxed_str),
            &mut interner,
        )
    }

    fn method_key(&self, class: ClassId, side: Side, selector: &str) -> Option<MethodKey> {
        let interner = self
            .image
            .interner()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        let key = MethodKey {
            class,
            side,
            selector: interner.get(selector)?,
        };
        self.state.methods.contains_key(&key).then_some(key)
    }

    fn no_method(&self, class: &str, side: Side, selector: &str) -> ImageError {
        let r = MethodRef {
            class_name: class.to_string(),
            side,
            selector: selector.to_string(),
        };
        ImageError::NotFound(format!(
            "no method {r}; list the class's selectors to find the right one"
        ))
    }

    /// Compiles `source` into class `class` (instance or class side) under
    /// `category`, replacing any method with the same selector.
    ///
    /// Checks what GemStone checks (syntax, undeclared variables,
    /// assignment to arguments, …) and on failure answers
    /// [`ImageError::CompileError`] with every error found, changing
    /// nothing. Refused for kernel classes.
    pub fn compile_method(
        &mut self,
        class: &str,
        side: Side,
        category: &str,
        source: &str,
    ) -> Result<MethodRef> {
        self.compile_method_guarded(class, side, category, source, false)
            .map(|(method, _)| method)
    }

    /// [`Session::compile_method`], except that with `kernel_extension` an
    /// operator's file-in may add or replace a method of a kernel class
    /// (never change the class itself). Also answers whether the class is
    /// a kernel class.
    pub(crate) fn compile_method_guarded(
        &mut self,
        class: &str,
        side: Side,
        category: &str,
        source: &str,
        kernel_extension: bool,
    ) -> Result<(MethodRef, bool)> {
        let id = self.class_id(class)?;
        let record = self.record(id)?.clone();
        if !kernel_extension {
            self.guard_kernel(&record)?;
        }
        let compiled = self
            .compile_in(&self.state, id, side, source)
            .map_err(ImageError::CompileError)?;
        let (category, selector) = {
            let mut interner = self
                .image
                .interner()
                .write()
                .unwrap_or_else(|p| p.into_inner());
            (
                interner.intern(category),
                interner.intern(&compiled.selector),
            )
        };
        let key = MethodKey {
            class: id,
            side,
            selector,
        };
        let source_ref = self
            .image
            .sources()
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .add(key, &compiled.source);
        let stored = self.store_compiled(&compiled, category, source_ref);
        self.state.put_method(key, Some(Arc::new(stored)));
        self.write(Key::Method(key));
        self.touches.insert(Key::MethodsOf(id));
        for c in Session::chain(&self.state, id) {
            self.rely_on(Key::ClassShape(c), SHAPE_CHANGES);
        }
        Ok((
            MethodRef {
                class_name: record.definition.name.clone(),
                side,
                selector: compiled.selector,
            },
            record.kernel,
        ))
    }

    /// Removes one method. Refused for kernel classes.
    pub fn remove_method(&mut self, class: &str, side: Side, selector: &str) -> Result<()> {
        let id = self.class_id(class)?;
        let record = self.record(id)?.clone();
        self.guard_kernel(&record)?;
        let key = self
            .method_key(id, side, selector)
            .ok_or_else(|| self.no_method(class, side, selector))?;
        self.state.put_method(key, None);
        self.write(Key::Method(key));
        self.touches.insert(Key::MethodsOf(id));
        Ok(())
    }

    /// Moves one method to another category. Refused for kernel classes.
    pub fn set_method_category(
        &mut self,
        class: &str,
        side: Side,
        selector: &str,
        category: &str,
    ) -> Result<()> {
        let id = self.class_id(class)?;
        let record = self.record(id)?.clone();
        self.guard_kernel(&record)?;
        let key = self
            .method_key(id, side, selector)
            .ok_or_else(|| self.no_method(class, side, selector))?;
        let mut method = self.state.methods[&key].as_ref().clone();
        method.category = self
            .image
            .interner()
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .intern(category);
        self.state.put_method(key, Some(Arc::new(method)));
        self.write(Key::Method(key));
        Ok(())
    }

    /// One method of a class (`side` chooses the class or instance side).
    pub fn method(
        &self,
        class: &str,
        side: Side,
        selector: &str,
    ) -> Result<crate::model::MethodRecord> {
        let id = self.class_id(class)?;
        let key = self
            .method_key(id, side, selector)
            .ok_or_else(|| self.no_method(class, side, selector))?;
        let interner = self
            .image
            .interner()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        let sources = self
            .image
            .sources()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        Ok(self.state.methods[&key].to_record(key, &interner, &sources))
    }

    /// The source of one method.
    pub fn method_source(&self, class: &str, side: Side, selector: &str) -> Result<String> {
        let id = self.class_id(class)?;
        let key = self
            .method_key(id, side, selector)
            .ok_or_else(|| self.no_method(class, side, selector))?;
        Ok(self.source_text(self.state.methods[&key].source))
    }
}

/// Looks a name up through a symbol list: the first dictionary binding it.
pub(crate) fn lookup_in<'s>(
    state: &'s State,
    symbol_list: &'s [String],
    name: &str,
) -> Option<(&'s str, &'s DictionaryEntry)> {
    symbol_list.iter().find_map(|d| {
        state
            .dictionaries
            .get(d)
            .and_then(|dict| dict.get(name))
            .map(|e| (d.as_str(), e))
    })
}

//! Classes: reading them and their hierarchy, defining, redefining (with
//! the recompilation a reshape needs) and removing them, and the kernel
//! guard that refuses changes to kernel classes by identity.

use std::collections::HashSet;
use std::sync::Arc;

use crate::error::{CompileError, ImageError, Result};
use crate::model::{
    ClassDefinition, ClassId, ClassRecord, DictionaryEntry, GlobalValue, MethodRef, ObjectValue,
};
use crate::state::{Key, State};

use super::transaction::{METHOD_SET_CHANGES, REMOVAL, SHAPE_CHANGES};
use super::{Session, budget, is_identifier, lookup_in};

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

impl Session {
    /// The kernel guard: refuses any change to a kernel class, by identity.
    pub(super) fn guard_kernel(&self, record: &ClassRecord) -> Result<()> {
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

    pub(super) fn record(&self, id: ClassId) -> Result<&Arc<ClassRecord>> {
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

    /// The class with this id, if it exists in this view (a removed class
    /// too, kept for its instances: see [`ClassRecord::removed`]).
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
        self.guard_read_only("define a class")?;
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
        check_options(&def.name, &def.options)?;
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
        // `subclass:` of an indexable or byte class makes a class of the
        // same format, as in GemStone: a subclass of Array or ByteArray is
        // sized with `new:`.
        let said = def.kind;
        let def = match superclass {
            Some(id) if said == crate::model::ClassKind::Pointers => ClassDefinition {
                kind: self.record(id)?.definition.kind,
                ..def
            },
            _ => def,
        };
        if def.kind == crate::model::ClassKind::Bytes && !def.inst_vars.is_empty() {
            let remedy = match said {
                crate::model::ClassKind::Bytes => "remove them or make it a pointer class",
                _ => "it is a byte class because its superclass is; remove them",
            };
            return Err(ImageError::InvalidArgument(format!(
                "byte class {} cannot have named instance variables ({}); {remedy}",
                def.name,
                def.inst_vars.join(", ")
            )));
        }
        let existing = match self
            .state
            .dictionaries
            .get(&def.dictionary)
            .and_then(|d| d.get(&def.name))
        {
            Some(DictionaryEntry::Class(id)) => Some(*id),
            // A name bound to nil is declared, not taken: GemStone code
            // declares the classes of a project so before defining them,
            // to let them refer to each other in any order.
            Some(
                DictionaryEntry::Global(GlobalValue::Nil)
                | DictionaryEntry::Object(ObjectValue::Nil),
            ) => None,
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
        let entry = DictionaryEntry::Class(ClassId(0));
        let (class_bytes, entry_bytes) = (
            budget::CHANGE_BYTES + budget::definition_bytes(&def),
            budget::entry_bytes(&def.name, &entry),
        );
        self.check_budget("define a class", class_bytes + entry_bytes)?;
        let id = self.image.allocate_class_id();
        let (dict, name) = (def.dictionary.clone(), def.name.clone());
        let record = ClassRecord {
            id,
            superclass,
            definition: def,
            comment: String::new(),
            kernel: self.kernel_install,
            removed: false,
        };
        self.state.put_class(id, Some(Arc::new(record)));
        self.state
            .put_entry(&dict, &name, Some(DictionaryEntry::Class(id)));
        self.write(Key::Class(id));
        self.write(Key::ClassShape(id));
        self.write(Key::Entry(dict.clone(), name.clone()));
        self.count_replace(Key::Class(id), class_bytes, 0);
        self.count_replace(Key::Entry(dict.clone(), name), entry_bytes, 0);
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
        let added: Vec<String> = def
            .inst_vars
            .iter()
            .filter(|n| !old.definition.inst_vars.contains(n))
            .cloned()
            .collect();
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
            removed: false,
        };
        // Recompiling replaces methods the image already has, so only the
        // definition counts.
        let class_bytes = budget::class_bytes(&record);
        self.check_replace("define a class", &Key::Class(id), class_bytes, 0)?;
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
        let stripped = self.without_removed_values(&affected, &added);
        self.check_budget("redefine a class", self.storing_bytes(&stripped))?;
        self.state = trial;
        self.put_objects(stripped);
        self.write(Key::Class(id));
        self.count_replace(Key::Class(id), class_bytes, 0);
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
                self.touch(Key::MethodsOf(*class));
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

    /// Removes a class from the image's code: every binding of it goes,
    /// and no query (by name, listing, implementors, senders, source
    /// search) finds it or its methods any more. As in GemStone, where
    /// removing a class from its dictionary leaves it alive for its
    /// instances, the class itself is kept ([`ClassRecord::removed`]) with
    /// its methods: stored instances, and instances other sessions make
    /// from views that still had it, stay instances of it and keep
    /// working. Refused for kernel classes, and for a class with
    /// subclasses unless `policy` says to remove them too. Answers the
    /// names of the removed classes.
    pub fn remove_class(&mut self, name: &str, policy: RemoveClassPolicy) -> Result<Vec<String>> {
        self.guard_read_only("remove a class")?;
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
        for c in doomed.iter().rev() {
            if let Some(r) = self.state.classes.get(c) {
                names.push(r.definition.name.clone());
            }
            self.set_hidden(*c, true);
        }
        for (d, n) in bindings {
            self.state.put_entry(&d, &n, None);
            self.write(Key::Entry(d, n));
        }
        names.sort();
        Ok(names)
    }

    /// Hides the class `id` from every query once no dictionary binds it
    /// (Smalltalk's `UserGlobals removeKey: #Foo`), as removing it does:
    /// GemStone finds classes through the symbol list, so one no
    /// dictionary binds is gone from browsing, while its instances keep
    /// it. A kernel class, or one with subclasses still shown, stays.
    pub(super) fn hide_if_unbound(&mut self, id: ClassId) {
        let Some(record) = self.state.classes.get(&id) else {
            return;
        };
        if record.kernel || record.removed {
            return;
        }
        let bound = self.state.dictionaries.values().any(|entries| {
            entries
                .values()
                .any(|e| matches!(e, DictionaryEntry::Class(c) if *c == id))
        });
        let shown_below = Session::descendants(&self.state, id)
            .iter()
            .any(|c| self.state.classes.get(c).is_some_and(|r| !r.removed));
        if !bound && !shown_below {
            self.set_hidden(id, true);
        }
    }

    /// Marks the class `id` removed (hidden from every query) or, when a
    /// binding brings it back, not.
    pub(super) fn set_hidden(&mut self, id: ClassId, hidden: bool) {
        let Some(record) = self.state.classes.get(&id) else {
            return;
        };
        if record.removed == hidden {
            return;
        }
        let mut kept = record.as_ref().clone();
        kept.removed = hidden;
        self.state.put_class(id, Some(Arc::new(kept)));
        self.write(Key::Class(id));
        self.write(Key::ClassShape(id));
        self.rely_on(Key::MethodsOf(id), METHOD_SET_CHANGES);
    }

    fn update_class(
        &mut self,
        what: &'static str,
        name: &str,
        change: impl FnOnce(&mut ClassRecord),
    ) -> Result<()> {
        self.guard_read_only("change a class")?;
        let id = self.class_id(name)?;
        let record = self.record(id)?.clone();
        self.guard_kernel(&record)?;
        let mut new = record.as_ref().clone();
        change(&mut new);
        let bytes = budget::class_bytes(&new);
        self.check_replace(what, &Key::Class(id), bytes, 0)?;
        self.state.put_class(id, Some(Arc::new(new)));
        self.write(Key::Class(id));
        self.count_replace(Key::Class(id), bytes, 0);
        Ok(())
    }

    /// Sets a class's comment.
    pub fn set_class_comment(&mut self, name: &str, comment: &str) -> Result<()> {
        self.update_class("set a class comment", name, |r| {
            r.comment = comment.to_string()
        })
    }

    /// Sets (or clears) a class's category.
    pub fn set_class_category(&mut self, name: &str, category: Option<&str>) -> Result<()> {
        self.update_class("set a class category", name, |r| {
            r.definition.category = category.map(str::to_string)
        })
    }
}

/// The class options GemStone 3.x accepts; a stone refuses any other, so
/// a misspelt one is refused here rather than when the code first meets a
/// stone.
const CLASS_OPTIONS: [&str; 9] = [
    "noInheritOptions",
    "subclassesDisallowed",
    "disallowGciStore",
    "modifiable",
    "traverseByCallback",
    "logCreation",
    "dbTransient",
    "instancesNonPersistent",
    "instancesInvariant",
];

/// Of these, a class has at most one.
const PERSISTENCE_OPTIONS: [&str; 3] = [
    "dbTransient",
    "instancesNonPersistent",
    "instancesInvariant",
];

/// Checks a definition's `options:` as GemStone does: known symbols,
/// `#noInheritOptions` only first, at most one persistence option.
fn check_options(class: &str, options: &[String]) -> Result<()> {
    if let Some(unknown) = options
        .iter()
        .find(|o| !CLASS_OPTIONS.contains(&o.as_str()))
    {
        return Err(ImageError::InvalidArgument(format!(
            "#{unknown} in the options of class {class} is not a class option; GemStone knows \
             #{}",
            CLASS_OPTIONS.join(", #")
        )));
    }
    if options.iter().skip(1).any(|o| o == "noInheritOptions") {
        return Err(ImageError::InvalidArgument(format!(
            "#noInheritOptions in the options of class {class} must come first; move it to the \
             start of the array"
        )));
    }
    let persistence: Vec<&str> = options
        .iter()
        .map(String::as_str)
        .filter(|o| PERSISTENCE_OPTIONS.contains(o))
        .collect();
    if persistence.len() > 1 {
        return Err(ImageError::InvalidArgument(format!(
            "the options of class {class} name #{}; a class takes at most one of #{}",
            persistence.join(" and #"),
            PERSISTENCE_OPTIONS.join(", #")
        )));
    }
    Ok(())
}

//! Users, their symbol lists, and symbol dictionaries with their entries:
//! looking names up, binding and unbinding them, and the kernel guard for
//! names (what every session relies on finding may not be shadowed).

use std::collections::HashSet;
use std::sync::Arc;

use crate::error::{ImageError, Result};
use crate::image::STANDARD_DICTIONARIES;
use crate::model::{DictionaryEntry, ObjectValue};
use crate::state::{Key, State};

use super::transaction::REMOVAL;
use super::{Session, budget, is_identifier};

impl Session {
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

    pub(super) fn symbol_list_ref(&self) -> &[String] {
        self.state
            .symbol_lists
            .get(&self.user)
            .map_or(&[], |l| l.as_slice())
    }

    /// What `dictionary` binds `name` to in this session's view, if it
    /// exists and binds it.
    pub fn entry(&self, dictionary: &str, name: &str) -> Option<DictionaryEntry> {
        self.state.dictionaries.get(dictionary)?.get(name).cloned()
    }

    /// Every user of the image, sorted.
    pub fn users(&self) -> Vec<String> {
        self.state.symbol_lists.keys().cloned().collect()
    }

    /// Creates a user whose symbol list is `symbol_list` (existing
    /// dictionary names, in lookup order). Open its sessions with
    /// [`Image::session_for`](crate::Image::session_for) once this is
    /// committed.
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
        self.guard_read_only("change a symbol list")?;
        let mut seen = HashSet::new();
        for d in symbol_list {
            self.dictionary(d)?;
            if !seen.insert(*d) {
                return Err(ImageError::InvalidArgument(format!(
                    "dictionary {d} is listed twice in the symbol list; list it once"
                )));
            }
        }
        let key = Key::SymbolList(user.to_string());
        let bytes = budget::CHANGE_BYTES
            + user.len()
            + symbol_list.iter().map(|d| d.len() + 24).sum::<usize>();
        self.check_replace("change a symbol list", &key, bytes, 0)?;
        let list: Vec<String> = symbol_list.iter().map(|d| d.to_string()).collect();
        self.state.put_symbol_list(user, Some(Arc::new(list)));
        self.write(key.clone());
        self.count_replace(key, bytes, 0);
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

    pub(super) fn dictionary(&self, name: &str) -> Result<&crate::state::Dictionary> {
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
        self.guard_read_only("add a symbol dictionary")?;
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
        // The dictionary, and its name in the symbol list.
        let bytes = budget::CHANGE_BYTES + 2 * (name.len() + 24);
        self.check_budget("add a symbol dictionary", bytes)?;
        self.state.put_dictionary(name, true);
        self.write(Key::Dictionary(name.to_string()));
        self.count_replace(Key::Dictionary(name.to_string()), bytes, 0);
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
        self.guard_read_only("remove a symbol dictionary")?;
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
        let key = Key::Entry(dictionary.to_string(), name.to_string());
        let bytes = budget::entry_bytes(name, &entry);
        self.check_replace("bind a global", &key, bytes, 0)?;
        let class = match &entry {
            DictionaryEntry::Class(id) => Some(*id),
            _ => None,
        };
        self.state.put_entry(dictionary, name, Some(entry));
        self.write(key.clone());
        self.count_replace(key, bytes, 0);
        self.rely_on(Key::Dictionary(dictionary.to_string()), REMOVAL);
        if let Some(id) = class {
            self.set_hidden(id, false);
        }
        Ok(())
    }

    /// Removes the binding of `name` in `dictionary`. Refused for a kernel
    /// class's own name; removing an alias or an application class's
    /// binding is allowed. A class no dictionary binds any more (and none
    /// of whose subclasses is shown) is hidden from every query, as
    /// [`Session::remove_class`] hides it, and shown again when bound.
    pub fn unbind(&mut self, dictionary: &str, name: &str) -> Result<()> {
        let dict = self.dictionary(dictionary)?;
        if !dict.contains_key(name) {
            return Err(ImageError::NotFound(format!(
                "dictionary {dictionary} has no entry {name}"
            )));
        }
        self.guard_home_binding(dictionary, name)?;
        let was = dict.get(name).cloned();
        self.state.put_entry(dictionary, name, None);
        let key = Key::Entry(dictionary.to_string(), name.to_string());
        self.write(key.clone());
        self.count_replace(key, 0, 0);
        if let Some(DictionaryEntry::Class(id)) = was {
            self.hide_if_unbound(id);
        }
        Ok(())
    }

    /// The kernel guard for names: a new binding may not shadow what every
    /// session relies on finding — the name of a symbol dictionary
    /// (`Globals`, `UserGlobals`, `Published`, …), or a name the kernel
    /// bound in `Globals` (a kernel class, or a kernel global such as
    /// `Transcript`), from a dictionary searched before it. Rebinding a
    /// name the dictionary already binds is left to the other guards.
    pub(super) fn guard_kernel_name(&self, dictionary: &str, name: &str) -> Result<()> {
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
        if dictionary != "Globals"
            && binds("Globals")
            && crate::kernel::global_names().contains(name)
        {
            return Err(ImageError::Refused(format!(
                "{name} is a kernel global; binding the name in {dictionary} would hide it from \
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

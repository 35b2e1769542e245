//! The limit on what one session holds uncommitted.
//!
//! A session's changes live in memory until it commits or aborts: its
//! working state, the keys it records, and, for methods, their sources in
//! the image's arena. Every change that adds to them is counted here, in
//! bytes of the memory it takes (measured: a method costs its source,
//! about 384 bytes of maps and records, and some 25 to 140 bytes for each
//! name it sends or references), and a change that would take the count
//! past [`OpenOptions::max_uncommitted_bytes`] is refused before it
//! changes anything. Commit and abort empty the count; a failed commit
//! keeps it, as it keeps the changes.
//!
//! A value that replaces the session's own earlier uncommitted value of
//! the same key (a comment set again, an object written back again after
//! each doit) gives back what the earlier one was counted: only the newest
//! is held. A method's source is the exception: the arena keeps every
//! source until the image is reopened, so a recompiled method counts its
//! source again. What a change can only add in proportion to the image
//! itself (recompiling a reshaped class's methods, removing a class) is
//! not counted, so that the limit never stands between a client and
//! undoing its own work.
//!
//! An operator's file-in is not held to the limit (nothing a client sends
//! starts one), nor is building the kernel.
//!
//! [`OpenOptions::max_uncommitted_bytes`]: crate::OpenOptions::max_uncommitted_bytes

use std::collections::HashMap;

use crate::error::{ImageError, Result};
use crate::model::{ClassDefinition, DictionaryEntry, GlobalValue, ObjectBody, ObjectValue};
use crate::model::{ClassRecord, StoredObject};
use crate::state::Key;

use super::Session;

/// What one change costs besides its text: its key in the session's sets
/// and the nodes of the persistent maps it copies (measured at about 380
/// bytes for a method of 100 bytes of source beyond the source itself).
pub(super) const CHANGE_BYTES: usize = 384;

/// What one name a method sends or references costs in the indexes.
pub(super) const NAME_BYTES: usize = 32;

/// A session's count of uncommitted bytes.
#[derive(Debug, Default)]
pub(super) struct Uncommitted {
    /// Bytes counted since the last commit or abort.
    total: usize,
    /// For each key whose value a later change replaces, what its current
    /// value was counted, to give back when it is replaced.
    held: HashMap<Key, usize>,
    /// Nesting depth of operator file-ins, during which nothing counts.
    exempt: u32,
}

impl Uncommitted {
    /// Empties the count: the changes were committed or dropped.
    pub(super) fn clear(&mut self) {
        self.total = 0;
        self.held.clear();
    }
}

impl Session {
    /// Bytes of uncommitted changes this session holds, as the limit
    /// counts them ([`crate::OpenOptions::max_uncommitted_bytes`]): the
    /// memory its changes take until it commits or aborts.
    pub fn uncommitted_bytes(&self) -> usize {
        self.uncommitted.total
    }

    /// Lifts the limit for an operator's file-in until the matching
    /// [`Session::end_exemption`]: a load of a whole project before one
    /// commit is what a file-in is for, and no client can start one.
    pub(crate) fn begin_exemption(&mut self) {
        self.uncommitted.exempt += 1;
    }

    /// Ends what [`Session::begin_exemption`] began.
    pub(crate) fn end_exemption(&mut self) {
        self.uncommitted.exempt = self.uncommitted.exempt.saturating_sub(1);
    }

    fn exempt(&self) -> bool {
        self.uncommitted.exempt > 0 || self.kernel_install
    }

    /// Refuses `what` when adding `adding` bytes would take the count
    /// past the limit. Changes nothing.
    pub(super) fn check_budget(&self, what: &'static str, adding: usize) -> Result<()> {
        if adding == 0 || self.exempt() {
            return Ok(());
        }
        let limit = self.image.max_uncommitted_bytes();
        let held = self.uncommitted.total;
        if held.saturating_add(adding) <= limit {
            return Ok(());
        }
        Err(ImageError::UncommittedLimit {
            what,
            held,
            adding,
            limit,
        })
    }

    /// What replacing `key`'s value by one of `bytes` adds to the count
    /// (nothing when it shrinks).
    pub(super) fn replacing(&self, key: &Key, bytes: usize) -> usize {
        let old = self.uncommitted.held.get(key).copied().unwrap_or(0);
        bytes.saturating_sub(old)
    }

    /// Refuses `what` when replacing `key`'s value by one of `bytes`, plus
    /// `kept` bytes no later change gives back, would take the count past
    /// the limit.
    pub(super) fn check_replace(
        &self,
        what: &'static str,
        key: &Key,
        bytes: usize,
        kept: usize,
    ) -> Result<()> {
        self.check_budget(what, self.replacing(key, bytes).saturating_add(kept))
    }

    /// Counts a change [`Session::check_replace`] let through: `key` now
    /// holds a value of `bytes`, and `kept` bytes more stay until commit or
    /// abort.
    pub(super) fn count_replace(&mut self, key: Key, bytes: usize, kept: usize) {
        if self.exempt() {
            return;
        }
        let u = &mut self.uncommitted;
        let old = if bytes == 0 {
            u.held.remove(&key).unwrap_or(0)
        } else {
            u.held.insert(key, bytes).unwrap_or(0)
        };
        u.total = (u.total + bytes + kept).saturating_sub(old);
    }
}

impl Session {
    /// Counts `kept` bytes a [`Session::check_budget`] let through, which
    /// stay until commit or abort.
    pub(super) fn count_kept(&mut self, kept: usize) {
        if !self.exempt() {
            self.uncommitted.total = self.uncommitted.total.saturating_add(kept);
        }
    }
}

/// The bytes of a class's definition and comment.
pub(super) fn class_bytes(record: &ClassRecord) -> usize {
    CHANGE_BYTES + definition_bytes(&record.definition) + record.comment.len()
}

/// The bytes of a class definition's names and texts.
pub(super) fn definition_bytes(def: &ClassDefinition) -> usize {
    let names = |v: &[String]| v.iter().map(|s| s.len() + 24).sum::<usize>();
    def.name.len()
        + def.superclass.as_ref().map_or(0, String::len)
        + names(&def.inst_vars)
        + names(&def.class_vars)
        + names(&def.class_inst_vars)
        + names(&def.pool_dictionaries)
        + def.dictionary.len()
        + def.category.as_ref().map_or(0, String::len)
        + names(&def.options)
}

/// The bytes of a dictionary entry bound under `name`.
pub(super) fn entry_bytes(name: &str, entry: &DictionaryEntry) -> usize {
    let value = match entry {
        DictionaryEntry::Class(_) => 0,
        DictionaryEntry::Global(g) => match g {
            GlobalValue::Nil | GlobalValue::Boolean(_) | GlobalValue::Float(_) => 0,
            GlobalValue::Integer(s) | GlobalValue::String(s) | GlobalValue::Symbol(s) => s.len(),
        },
        DictionaryEntry::Object(v) => value_bytes(v),
    };
    CHANGE_BYTES + name.len() + value
}

/// The bytes of a stored object.
pub(super) fn object_bytes(object: &StoredObject) -> usize {
    let names: usize = object.names.iter().map(|n| n.len() + 24).sum();
    let named: usize = object.named.iter().map(value_bytes).sum();
    let body = match &object.body {
        ObjectBody::None => 0,
        ObjectBody::Slots(slots) => slots.iter().map(value_bytes).sum(),
        ObjectBody::Bytes(b) | ObjectBody::LargeInteger(b) => b.len(),
        ObjectBody::Block { source, .. } => source.len(),
        ObjectBody::Wide(w) => w.len() * 4,
    };
    CHANGE_BYTES + names + named + body
}

/// The bytes of one slot: the value, and the text a Symbol or a
/// dictionary's name carries.
fn value_bytes(value: &ObjectValue) -> usize {
    std::mem::size_of::<ObjectValue>()
        + match value {
            ObjectValue::Symbol(s) => s.len(),
            ObjectValue::Dictionary(d) => d.len(),
            _ => 0,
        }
}

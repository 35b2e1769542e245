//! The limits on what sessions hold uncommitted: one session's, and all
//! sessions' together.
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
//! The same bytes count in the image's count of all sessions' uncommitted
//! changes, and a change that would take that past
//! [`OpenOptions::max_uncommitted_total_bytes`] is refused too: the
//! per-session limit alone lets a thousand sessions hold a thousand times
//! it. A check reserves what the change adds in the image's count in one
//! atomic step (so sessions changing at once cannot pass the ceiling
//! together), and counting the change settles the reservation; a session
//! gives its share back when it commits, aborts or is dropped.
//!
//! A value that replaces the session's own earlier uncommitted value of
//! the same key (a comment set again, an object written back again after
//! each doit) gives back what the earlier one was counted: only the newest
//! is held. A method's source is the exception: the arena keeps every
//! source a session compiled until that session commits or aborts (a
//! refused operation may put an earlier copy of the working state back,
//! still pointing at it), so a recompiled method counts its source again. What a change can only add in proportion to the image
//! itself (recompiling a reshaped class's methods, removing a class) is
//! not counted, so that the limit never stands between a client and
//! undoing its own work.
//!
//! An operator's file-in is not held to the limit (nothing a client sends
//! starts one), nor is building the kernel.
//!
//! [`OpenOptions::max_uncommitted_bytes`]: crate::OpenOptions::max_uncommitted_bytes
//! [`OpenOptions::max_uncommitted_total_bytes`]: crate::OpenOptions::max_uncommitted_total_bytes

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::{ImageError, Result};
use crate::model::{ClassDefinition, DictionaryEntry, GlobalValue, ObjectBody, ObjectValue};
use crate::model::{ClassRecord, StoredObject};
use crate::state::{Key, State};

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
    /// Bytes of the image's count a check reserved beyond `total`, for a
    /// change not counted yet (or one that failed after its check, until
    /// the next change uses them). The image's count holds `total +
    /// credit` for this session. Atomic because a check only reads the
    /// session.
    credit: AtomicUsize,
}

/// What [`Session::whole_within_limits`] needs to undo a change: the
/// state before it (a constant-time copy), and what the change added to
/// the session's records, noted as it adds it.
#[derive(Debug)]
pub(super) struct Journal {
    state: State,
    view: u64,
    total: usize,
    /// Keys the change first wrote, relied on or touched.
    writes: Vec<Key>,
    reads: Vec<Key>,
    touches: Vec<Key>,
    /// What `held` said of each key before the change first counted it.
    held: Vec<(Key, Option<usize>)>,
}

impl Session {
    /// Notes that `key` was first written by the change being journaled.
    pub(super) fn journal_write(&mut self, key: &Key) {
        if let Some(j) = &mut self.journal {
            j.writes.push(key.clone());
        }
    }

    /// Notes that `key` was first relied on by the change being journaled.
    pub(super) fn journal_read(&mut self, key: &Key) {
        if let Some(j) = &mut self.journal {
            j.reads.push(key.clone());
        }
    }

    /// Notes that `key` was first touched by the change being journaled.
    pub(super) fn journal_touch(&mut self, key: &Key) {
        if let Some(j) = &mut self.journal {
            j.touches.push(key.clone());
        }
    }

    /// Empties the count, giving this session's share of the image's
    /// back: the changes were committed or dropped.
    pub(super) fn clear_uncommitted(&mut self) {
        let u = &mut self.uncommitted;
        let share = u.total + std::mem::take(u.credit.get_mut());
        u.total = 0;
        u.held.clear();
        self.image.release_uncommitted(share);
    }

    /// Runs `change` as one change named `what`: when a limit on
    /// uncommitted changes (the session's or the image's) refuses any part
    /// of it, every part is undone, so the session is exactly as it was,
    /// and that refusal is answered for the whole (what the session held
    /// before, and what the parts counted so far and the refused one add,
    /// at least). Any other failure is answered as `change` left it.
    ///
    /// For a change made of many (writing an interpreter's objects and
    /// globals back into the session): a part refused half-way must not
    /// leave the others in, where nobody asked for them alone. What the
    /// image keeps whatever a session does (a method's source in the
    /// arena, an id handed out) stays, as after an abort.
    pub fn whole_within_limits<T>(
        &mut self,
        what: &'static str,
        change: impl FnOnce(&mut Session) -> Result<T>,
    ) -> Result<T> {
        // No limit refuses an exempt session (nor a nested change, which
        // the outer one undoes whole).
        if self.exempt() || self.journal.is_some() {
            return change(self);
        }
        self.journal = Some(Journal {
            state: self.state.clone(),
            view: self.base.commit,
            total: self.uncommitted.total,
            writes: Vec::new(),
            reads: Vec::new(),
            touches: Vec::new(),
            held: Vec::new(),
        });
        let result = change(self);
        let journal = self.journal.take().expect("set above");
        let e = match result {
            Err(e) if e.is_uncommitted_limit() && self.base.commit == journal.view => e,
            // A change that committed or aborted part-way has nothing
            // left to undo.
            other => return other,
        };
        let counted = self.uncommitted.total.saturating_sub(journal.total);
        self.undo(journal);
        let own = self.uncommitted.total;
        Err(match e {
            ImageError::UncommittedLimit { adding, limit, .. } => ImageError::UncommittedLimit {
                what,
                held: own,
                adding: counted.saturating_add(adding),
                limit,
            },
            ImageError::UncommittedTotalLimit { adding, limit, .. } => {
                ImageError::UncommittedTotalLimit {
                    what,
                    held: self.image.uncommitted_total_bytes(),
                    adding: counted.saturating_add(adding),
                    limit,
                    own,
                }
            }
            other => other,
        })
    }

    /// Puts the session back as `journal` found it.
    fn undo(&mut self, journal: Journal) {
        self.state = journal.state;
        for key in &journal.writes {
            self.writes.remove(key);
        }
        for key in &journal.reads {
            self.reads.remove(key);
        }
        for key in &journal.touches {
            self.touches.remove(key);
        }
        let u = &mut self.uncommitted;
        // Latest first, so a key counted twice gets its first value back.
        for (key, old) in journal.held.into_iter().rev() {
            match old {
                Some(bytes) => u.held.insert(key, bytes),
                None => u.held.remove(&key),
            };
        }
        let before = u.total;
        u.total = journal.total;
        self.settle(before);
    }

    /// Brings the image's count in line with this session's, which was
    /// `before` until the change just counted: what it added comes out of
    /// the credit its check reserved first, and is charged beyond that;
    /// what it gave back is released.
    fn settle(&mut self, before: usize) {
        let now = self.uncommitted.total;
        if now >= before {
            let credit = self.uncommitted.credit.get_mut();
            let from_credit = (now - before).min(*credit);
            *credit -= from_credit;
            let beyond = now - before - from_credit;
            if beyond > 0 {
                self.image.charge_uncommitted(beyond);
            }
        } else {
            self.image.release_uncommitted(before - now);
        }
    }
}

impl Drop for Session {
    /// A session dropped with uncommitted changes (its client went away)
    /// gives its share of the image's count back, as an abort would.
    fn drop(&mut self) {
        let share = self.uncommitted.total + *self.uncommitted.credit.get_mut();
        self.image.release_uncommitted(share);
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

    /// Refuses `what` when adding `adding` bytes would take the session's
    /// count past its limit, or the image's count of all sessions past
    /// the image's; otherwise reserves them in the image's count, for the
    /// change to use when it is counted. Changes nothing else.
    pub(super) fn check_budget(&self, what: &'static str, adding: usize) -> Result<()> {
        if adding == 0 || self.exempt() {
            return Ok(());
        }
        let limit = self.image.max_uncommitted_bytes();
        let held = self.uncommitted.total;
        if held.saturating_add(adding) > limit {
            return Err(ImageError::UncommittedLimit {
                what,
                held,
                adding,
                limit,
            });
        }
        // What an earlier check reserved and no change used is reused,
        // so a change refused after its check leaves at most one change's
        // reservation behind.
        let credit = self.uncommitted.credit.load(Ordering::Acquire);
        if adding > credit {
            if let Err(all) = self.image.reserve_uncommitted(adding - credit) {
                return Err(ImageError::UncommittedTotalLimit {
                    what,
                    held: all,
                    adding,
                    limit: self.image.max_uncommitted_total_bytes(),
                    own: held,
                });
            }
            self.uncommitted.credit.store(adding, Ordering::Release);
        }
        Ok(())
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
        let previous = if bytes == 0 {
            u.held.remove(&key)
        } else {
            u.held.insert(key.clone(), bytes)
        };
        let old = previous.unwrap_or(0);
        let before = u.total;
        u.total = (u.total + bytes + kept).saturating_sub(old);
        if let Some(j) = &mut self.journal {
            j.held.push((key, previous));
        }
        self.settle(before);
    }
}

impl Session {
    /// Counts `kept` bytes a [`Session::check_budget`] let through, which
    /// stay until commit or abort.
    pub(super) fn count_kept(&mut self, kept: usize) {
        if !self.exempt() {
            let before = self.uncommitted.total;
            self.uncommitted.total = before.saturating_add(kept);
            self.settle(before);
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

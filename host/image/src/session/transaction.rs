//! Commit, abort and refresh, and what a session records for them: the
//! keys it wrote, relied on and touched, and how a key is named in a
//! conflict report.
//!
//! Every change elsewhere in the session ends by recording its keys here;
//! the commit protocol itself is the image's (see STORE.md).

use crate::error::{ChangeKind, ImageError, Result};
use crate::image::CommitInfo;
use crate::model::{ClassId, MethodRef};
use crate::state::{Key, State};

use super::Session;

/// Kinds of concurrent change that invalidate a method compiled against a
/// class: the class was reshaped or removed.
pub(super) const SHAPE_CHANGES: &[ChangeKind] = &[ChangeKind::Modified, ChangeKind::Removed];
/// Kinds of concurrent change that invalidate a reshape's recompilation or
/// a removal: a method of the class was added, changed or removed.
pub(super) const METHOD_SET_CHANGES: &[ChangeKind] = &[ChangeKind::Modified];
/// A concurrent removal.
pub(super) const REMOVAL: &[ChangeKind] = &[ChangeKind::Removed];

impl Session {
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
        self.guard_read_only("commit")?;
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
        self.private_sources
            .keep_committed(self.base.commit, &self.base.state);
        self.reset();
        Ok(CommitInfo {
            commit: self.base.commit,
            changes,
        })
    }

    /// What the session changed and has not committed, each named as a
    /// conflict report names it, once each, in key order. A key it changed
    /// and changed back is still listed: the commit writes it.
    pub fn uncommitted_changes(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for key in self.writes.iter().filter(|k| k.is_stored()) {
            if !self.exists(&self.base.state, key) && !self.exists(&self.state, key) {
                continue;
            }
            let name = self.describe(key);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
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
        self.clear_uncommitted();
        // The old view and working state are gone: what only they held
        // goes back to the arena.
        self.private_sources.release();
    }

    fn exists(&self, state: &State, key: &Key) -> bool {
        match key {
            // A removed class kept for its instances is gone as code.
            Key::Class(id) | Key::ClassShape(id) | Key::MethodsOf(id) => {
                state.classes.get(id).is_some_and(|r| !r.removed)
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

    pub(super) fn write(&mut self, key: Key) {
        if self.journal.is_some() && !self.writes.contains(&key) {
            self.journal_write(&key);
        }
        self.writes.insert(key);
    }

    pub(super) fn rely_on(&mut self, key: Key, kinds: &'static [ChangeKind]) {
        if self.journal.is_some() && !self.reads.contains_key(&key) {
            self.journal_read(&key);
        }
        self.reads.entry(key).or_insert(kinds);
    }

    pub(super) fn touch(&mut self, key: Key) {
        if self.journal.is_some() && !self.touches.contains(&key) {
            self.journal_touch(&key);
        }
        self.touches.insert(key);
    }
}

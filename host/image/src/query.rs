//! Queries over a session's view: implementors, senders, references,
//! source search, class listings.
//!
//! Every query answers from the session's own state, so uncommitted
//! changes show. Implementors, senders and references read an index kept
//! in the state; source search scans the image's contiguous source arena
//! (see `sources.rs`) with one substring finder, over two threads on large
//! images. The `_limited` variants answer the first results and the total,
//! which is far cheaper than materialising a selector's 10,000 senders.

use std::collections::{BTreeMap, HashSet};

use memchr::memmem;

use crate::error::{ImageError, Result};
use crate::model::{ClassId, DictionaryEntry, MethodRef, Side};
use crate::session::Session;
use crate::state::{Interner, MethodKey, State, Sym};

/// The name of the class whose subclasses are test classes.
pub const TEST_CASE_CLASS: &str = "TestCase";

/// A capped query answer: the first results in order, and how many
/// there are in all (tools show at most a few hundred results but report
/// the true total).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryPage {
    /// The first results, sorted by class name, side and selector.
    pub items: Vec<MethodRef>,
    /// How many results there are in all.
    pub total: usize,
}

fn method_refs(state: &State, interner: &Interner, keys: &[MethodKey], limit: usize) -> QueryPage {
    // Sort borrowed names and allocate only the answer: for a selector
    // sent by thousands of methods, allocation and sorting are the cost.
    // Keys come sorted by class, so one class lookup serves a run of keys.
    // A removed class's methods (kept for its instances) are not listed.
    let mut last: Option<(ClassId, Option<&str>)> = None;
    let mut rows: Vec<(&str, Side, &str)> = Vec::with_capacity(keys.len());
    for k in keys {
        let name = match last {
            Some((id, name)) if id == k.class => name,
            _ => {
                let name = state
                    .classes
                    .get(&k.class)
                    .filter(|r| !r.removed)
                    .map(|r| r.definition.name.as_str());
                last = Some((k.class, name));
                name
            }
        };
        if let Some(name) = name {
            rows.push((name, k.side, interner.resolve(k.selector)));
        }
    }
    let total = rows.len();
    if limit < rows.len() {
        if limit > 0 {
            // Linear selection of the first `limit`, then sort only those.
            rows.select_nth_unstable(limit - 1);
        }
        rows.truncate(limit);
    }
    rows.sort_unstable();
    let items = rows
        .into_iter()
        .map(|(class, side, selector)| MethodRef {
            class_name: class.to_string(),
            side,
            selector: selector.to_string(),
        })
        .collect();
    QueryPage { items, total }
}

impl Session {
    pub(crate) fn with_interner<T>(&self, f: impl FnOnce(&Interner) -> T) -> T {
        let interner = self
            .image()
            .interner()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        f(&interner)
    }

    /// Every method implementing `selector`, sorted by class name, side
    /// and selector.
    pub fn implementors(&self, selector: &str) -> Vec<MethodRef> {
        self.implementors_limited(selector, usize::MAX).items
    }

    /// The first `limit` implementors of `selector`, and their total.
    pub fn implementors_limited(&self, selector: &str, limit: usize) -> QueryPage {
        self.indexed(selector, limit, State::implementors_of)
    }

    /// Every method that sends `selector` (or names it as a literal
    /// symbol, as in `perform: #foo`), sorted.
    pub fn senders(&self, selector: &str) -> Vec<MethodRef> {
        self.senders_limited(selector, usize::MAX).items
    }

    /// The first `limit` senders of `selector`, and their total.
    pub fn senders_limited(&self, selector: &str, limit: usize) -> QueryPage {
        self.indexed(selector, limit, State::senders_of)
    }

    /// Every method that references the global, class, class variable or
    /// pool variable `name`, sorted.
    pub fn references(&self, name: &str) -> Vec<MethodRef> {
        self.references_limited(name, usize::MAX).items
    }

    /// The first `limit` methods referencing `name`, and their total.
    pub fn references_limited(&self, name: &str, limit: usize) -> QueryPage {
        self.indexed(name, limit, State::references_to)
    }

    /// True when some method could refer to `name`: a symbol dictionary
    /// binds it (a global, a class, or a pool variable), it names a
    /// dictionary, or it is a class variable of some class. A search for
    /// references to a name that is none of these is a mistyped name, not
    /// an unused one.
    pub fn names_a_variable(&self, name: &str) -> bool {
        self.state.dictionaries.contains_key(name)
            || self
                .state
                .dictionaries
                .values()
                .any(|d| d.contains_key(name))
            || self
                .state
                .classes
                .values()
                .any(|r| !r.removed && r.definition.class_vars.iter().any(|v| v == name))
    }

    fn indexed(
        &self,
        name: &str,
        limit: usize,
        index: fn(&State, Sym) -> Vec<MethodKey>,
    ) -> QueryPage {
        self.with_interner(|i| match i.get(name) {
            Some(sym) => method_refs(&self.state, i, &index(&self.state, sym), limit),
            None => QueryPage {
                items: Vec::new(),
                total: 0,
            },
        })
    }

    /// Every method whose source contains `pattern` (case-sensitive),
    /// sorted; with `dictionary`, only methods of classes whose home is
    /// that dictionary (the dictionary that binds the class).
    pub fn search_source(&self, pattern: &str, dictionary: Option<&str>) -> Result<Vec<MethodRef>> {
        Ok(self
            .search_source_limited(pattern, false, dictionary, None, usize::MAX)?
            .items)
    }

    /// The first `limit` methods whose source contains `pattern`, and
    /// their total (see [`Session::search_source`]); with `ignore_case`,
    /// letters of every script match in either case (the source's and the
    /// pattern's lowercase forms are compared, as `asLowercase` answers
    /// them: one character for one, so `ß` matches only `ß`); with
    /// `class`, only that class's methods (both sides; an unknown class is
    /// `NotFound`).
    pub fn search_source_limited(
        &self,
        pattern: &str,
        ignore_case: bool,
        dictionary: Option<&str>,
        class: Option<&str>,
        limit: usize,
    ) -> Result<QueryPage> {
        if pattern.is_empty() {
            return Err(ImageError::InvalidArgument(
                "the search pattern is empty; pass the text to look for".to_string(),
            ));
        }
        let classes: Option<HashSet<ClassId>> = match dictionary {
            None => None,
            Some(d) => {
                if !self.state.dictionaries.contains_key(d) {
                    return Err(ImageError::NotFound(format!(
                        "no symbol dictionary named {d}; the image has {}",
                        self.dictionary_names().join(", ")
                    )));
                }
                Some(
                    self.state
                        .classes
                        .values()
                        .filter(|r| r.definition.dictionary == d)
                        .map(|r| r.id)
                        .collect(),
                )
            }
        };
        let class = match class {
            Some(name) => Some(self.class(name)?.id),
            None => None,
        };
        let needle = if ignore_case {
            gs_smalltalk::case::lowercase_str(pattern)
        } else {
            pattern.to_owned()
        };
        let finder = memmem::Finder::new(needle.as_bytes());
        let found = self
            .image()
            .sources()
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .search(&finder, ignore_case);
        // Keep only sources this view holds: the arena also has replaced
        // sources and other sessions' uncommitted ones.
        let mut hits: Vec<MethodKey> = found
            .into_iter()
            .filter(|(key, source)| {
                self.state
                    .methods
                    .get(key)
                    .is_some_and(|m| m.source == *source)
                    && classes.as_ref().is_none_or(|c| c.contains(&key.class))
                    && class.is_none_or(|c| c == key.class)
            })
            .map(|(key, _)| key)
            .collect();
        hits.sort_unstable();
        hits.dedup();
        Ok(self.with_interner(|i| method_refs(&self.state, i, &hits, limit)))
    }

    /// The names bound to classes in `dictionary` (aliases included),
    /// sorted.
    pub fn classes_in(&self, dictionary: &str) -> Result<Vec<String>> {
        let entries = self.entries(dictionary)?;
        Ok(entries
            .into_iter()
            .filter(|(_, e)| matches!(e, DictionaryEntry::Class(_)))
            .map(|(n, _)| n)
            .collect())
    }

    /// The names of every class in the image, sorted (removed classes,
    /// kept only for their instances, are not listed).
    pub fn all_classes(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .state
            .classes
            .values()
            .filter(|r| !r.removed)
            .map(|r| r.definition.name.clone())
            .collect();
        names.sort();
        names
    }

    fn class_names(&self, ids: &[ClassId]) -> Vec<String> {
        let mut names: Vec<String> = ids
            .iter()
            .filter_map(|c| self.state.classes.get(c))
            .map(|r| r.definition.name.clone())
            .collect();
        names.sort();
        names
    }

    /// The direct subclasses of class `name`, sorted.
    pub fn subclasses(&self, name: &str) -> Result<Vec<String>> {
        let id = self.class_id(name)?;
        Ok(self.class_names(self.state.subclasses_of(Some(id))))
    }

    /// Every class inheriting from class `name`, transitively, sorted.
    pub fn all_subclasses(&self, name: &str) -> Result<Vec<String>> {
        let id = self.class_id(name)?;
        Ok(self.class_names(&Session::descendants(&self.state, id)))
    }

    /// Every test class: every class inheriting, transitively, from a
    /// class named `TestCase` ([`TEST_CASE_CLASS`]), sorted. Empty when the
    /// image has no `TestCase`.
    pub fn test_classes(&self) -> Vec<String> {
        let roots: Vec<ClassId> = self
            .state
            .classes
            .values()
            .filter(|r| !r.removed && r.definition.name == TEST_CASE_CLASS)
            .map(|r| r.id)
            .collect();
        let mut all = Vec::new();
        for root in roots {
            all.extend(Session::descendants(&self.state, root));
        }
        all.sort();
        all.dedup();
        self.class_names(&all)
    }

    /// The selectors of one side of class `name`, sorted.
    pub fn selectors(&self, name: &str, side: Side) -> Result<Vec<String>> {
        Ok(self
            .categories(name, side)?
            .into_values()
            .flatten()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect())
    }

    /// The selectors of one side of class `name`, grouped by category;
    /// categories and selectors sorted.
    pub fn categories(&self, name: &str, side: Side) -> Result<BTreeMap<String, Vec<String>>> {
        let id = self.class_id(name)?;
        Ok(self.with_interner(|i| {
            let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
            for key in self.state.methods_of(id).iter().filter(|k| k.side == side) {
                if let Some(m) = self.state.methods.get(key) {
                    out.entry(i.resolve(m.category).to_string())
                        .or_default()
                        .push(i.resolve(key.selector).to_string());
                }
            }
            for list in out.values_mut() {
                list.sort();
            }
            out
        }))
    }

    /// The selectors of one side of class `name` in `category`, sorted
    /// (empty when no method has that category).
    pub fn selectors_in_category(
        &self,
        name: &str,
        side: Side,
        category: &str,
    ) -> Result<Vec<String>> {
        Ok(self
            .categories(name, side)?
            .remove(category)
            .unwrap_or_default())
    }

    /// The number of methods in this view (a removed class's, kept for
    /// its instances, included).
    pub fn method_count(&self) -> usize {
        self.state.methods.len()
    }

    /// The number of classes in this view (removed classes, kept only
    /// for their instances, are not counted).
    pub fn class_count(&self) -> usize {
        self.state.classes.values().filter(|r| !r.removed).count()
    }
}

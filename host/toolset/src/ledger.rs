//! The read ledger: what an MCP session's client was last shown of each
//! method and class, by any of the session's toolsets, so that an edit
//! made from a stale read cannot overwrite another session's committed
//! change unseen.
//!
//! An agent edits a method by reading it, changing the text and compiling
//! the result. If another session changed the method in between (and the
//! agent's view moved on, by a commit or an abort), compiling the edit
//! would silently put back the old text around the agent's change. The
//! ledger remembers a fingerprint of the source each read showed; a write
//! that would replace a method (or a class's definition or comment)
//! checks it first and is refused with [`ErrorKind::StaleRead`] when the
//! session now holds something else. A method the session never saw
//! compiles as before: there is no read to be stale.
//!
//! There is one ledger per MCP session, not per toolset
//! ([`CallContext::ledger`](crate::CallContext::ledger)): the built-in
//! tools and the WebAssembly host functions note their reads in it and
//! check their writes against it, so a read through one toolset guards a
//! write through another. Each toolset words its own refusal (the
//! built-in tools offer `force`; a plug-in reads again).

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::source_names::pattern_selector;
use crate::{ClassInfo, ErrorKind, ImageSession, MethodSource, ToolError};

/// The most methods the ledger remembers; past it, the oldest reads are
/// forgotten (those methods then compile as if never read).
const MAX_METHODS: usize = 100_000;

/// One method: the class's own name, the side (true for the class side)
/// and the selector.
type MethodKey = (String, bool, String);

/// What one session was last shown, by fingerprint. Cheap to clone: the
/// clones share one ledger, as every call context of a session does.
#[derive(Clone, Default)]
pub struct ReadLedger {
    inner: Arc<Mutex<Entries>>,
}

#[derive(Default)]
struct Entries {
    methods: HashMap<MethodKey, (u64, u64)>,
    classes: HashMap<String, u64>,
    /// For each method or class (by its label) whose edit was refused as
    /// stale, the refused source: sent again unchanged it is still an edit
    /// of the stale read, however often it is retried.
    refused: HashMap<String, u64>,
    /// A counter ordering the method reads, to forget the oldest first.
    clock: u64,
}

impl std::fmt::Debug for ReadLedger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let e = self.entries();
        f.debug_struct("ReadLedger")
            .field("methods", &e.methods.len())
            .field("classes", &e.classes.len())
            .finish()
    }
}

impl ReadLedger {
    fn entries(&self) -> MutexGuard<'_, Entries> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Notes that the session was shown `source` as `class>>selector`.
    pub fn saw_method(&self, class: &str, meta: bool, selector: &str, source: &str) {
        let mut e = self.entries();
        if e.methods.len() >= MAX_METHODS {
            forget_oldest(&mut e.methods);
        }
        e.clock += 1;
        let at = e.clock;
        e.methods.insert(
            (class.to_string(), meta, selector.to_string()),
            (fingerprint(source), at),
        );
    }

    /// True if the session was shown some source of a method `selector`
    /// on that side, in any class: only then is the method worth fetching
    /// to compare.
    pub fn knows_selector(&self, meta: bool, selector: &str) -> bool {
        self.entries()
            .methods
            .keys()
            .any(|(_, m, s)| *m == meta && s == selector)
    }

    /// True if the session was shown a source of `class>>selector` other
    /// than `current` (false when it was shown none).
    pub fn method_is_stale(&self, class: &str, meta: bool, selector: &str, current: &str) -> bool {
        let key = (class.to_string(), meta, selector.to_string());
        self.entries()
            .methods
            .get(&key)
            .is_some_and(|(seen, _)| *seen != fingerprint(current))
    }

    /// Notes that the session was shown the definition facts of a class.
    pub fn saw_class(&self, info: &ClassInfo) {
        self.entries()
            .classes
            .insert(info.name.clone(), class_fingerprint(info));
    }

    /// True if the session was shown the class with facts other than
    /// `current`'s (false when it was shown none).
    pub fn class_is_stale(&self, current: &ClassInfo) -> bool {
        self.entries()
            .classes
            .get(&current.name)
            .is_some_and(|seen| *seen != class_fingerprint(current))
    }

    /// True if the session was shown the class `name`'s facts.
    pub fn knows_class(&self, name: &str) -> bool {
        self.entries().classes.contains_key(name)
    }

    /// Notes that `source` was refused as an edit of a stale read of
    /// `what` (a method's or a class's label).
    pub fn refuse(&self, what: &str, source: &str) {
        let mut e = self.entries();
        if e.refused.len() >= MAX_METHODS {
            e.refused.clear();
        }
        e.refused.insert(what.to_string(), fingerprint(source));
    }

    /// True if `source` is the one last refused for `what`.
    pub fn was_refused(&self, what: &str, source: &str) -> bool {
        self.entries()
            .refused
            .get(what)
            .is_some_and(|f| *f == fingerprint(source))
    }

    /// Forgets the refusal of `what`: it was replaced on purpose.
    pub fn clear_refused(&self, what: &str) {
        self.entries().refused.remove(what);
    }

    /// Notes every method of a Topaz file-out of `class` (its own name).
    pub fn saw_file_out(&self, class: &str, text: &str) {
        for (meta, source) in file_out_methods(text) {
            if let Some(selector) = pattern_selector(source) {
                self.saw_method(class, meta, &selector, source);
            }
        }
    }

    /// The method `class_name>>selector` as `image` holds it now, when the
    /// session was shown it in another form; `None` when it was not
    /// (shown as it is, never shown, or absent: nothing to overwrite).
    /// The image is asked only when the session was shown some method of
    /// that selector, so a write of a method never read costs nothing.
    pub fn changed_method(
        &self,
        image: &dyn ImageSession,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<Option<MethodSource>, ToolError> {
        if !self.knows_selector(meta, selector) {
            return Ok(None);
        }
        let current = match image.method(class_name, meta, selector) {
            Ok(m) => m,
            // An unknown class is the write's own to report.
            Err(e) if e.kind == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let stale = self.method_is_stale(&current.class_name, meta, selector, &current.source);
        Ok(stale.then_some(current))
    }

    /// The class `name` as `image` describes it now, when the session was
    /// shown its facts in another form; `None` when it was not (or it is
    /// absent). As [`ReadLedger::changed_method`], the image is asked only
    /// about a class the session was shown.
    pub fn changed_class(
        &self,
        image: &dyn ImageSession,
        name: &str,
    ) -> Result<Option<ClassInfo>, ToolError> {
        if !self.knows_class(name) {
            return Ok(None);
        }
        let current = match image.describe_class(name) {
            Ok(info) => info,
            Err(e) if e.kind == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        Ok(self.class_is_stale(&current).then_some(current))
    }
}

fn forget_oldest(methods: &mut HashMap<MethodKey, (u64, u64)>) {
    let mut ages: Vec<u64> = methods.values().map(|(_, at)| *at).collect();
    ages.sort_unstable();
    let cut = ages[ages.len() / 10];
    methods.retain(|_, (_, at)| *at > cut);
}

/// A source's fingerprint. Trailing white space is left out: a backend or
/// a file-out may add or drop a final line break.
fn fingerprint(source: &str) -> u64 {
    let mut h = DefaultHasher::new();
    source.trim_end().hash(&mut h);
    h.finish()
}

/// The fingerprint of what a class definition can replace: superclass,
/// dictionary, variables, category and comment.
fn class_fingerprint(c: &ClassInfo) -> u64 {
    let mut h = DefaultHasher::new();
    (
        &c.superclass,
        &c.dictionary,
        &c.instance_variables,
        &c.class_variables,
        &c.class_instance_variables,
        &c.category,
        c.comment.trim_end(),
    )
        .hash(&mut h);
    h.finish()
}

/// The methods of a Topaz file-out: each `method:` or `classmethod:`
/// body, up to the unindented `%` line that ends it.
fn file_out_methods(text: &str) -> Vec<(bool, &str)> {
    let mut out = Vec::new();
    let mut offset = 0;
    let mut open: Option<(bool, usize)> = None;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let bare = line.trim_end();
        match open {
            Some((meta, body)) if bare == "%" => {
                out.push((meta, text[body..start].trim_end_matches(['\n', '\r'])));
                open = None;
            }
            Some(_) => {}
            None if bare.starts_with("method:") => open = Some((false, offset)),
            None if bare.starts_with("classmethod:") => open = Some((true, offset)),
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_out_gives_each_method_with_its_side() {
        let text = "doit\nx\n%\ncategory: 'a'\nmethod: Foo\nm1\n  %\n^1\n%\n\
                    classmethod: Foo\nm2 ^2\n%\n";
        assert_eq!(
            file_out_methods(text),
            vec![(false, "m1\n  %\n^1"), (true, "m2 ^2")]
        );
    }

    #[test]
    fn a_method_is_stale_only_when_seen_with_other_text() {
        let l = ReadLedger::default();
        assert!(!l.method_is_stale("Foo", false, "m", "m ^1"));
        l.saw_method("Foo", false, "m", "m ^1\n");
        assert!(!l.method_is_stale("Foo", false, "m", "m ^1"));
        assert!(l.method_is_stale("Foo", false, "m", "m ^2"));
        assert!(!l.method_is_stale("Foo", true, "m", "m ^2"));
        assert!(l.knows_selector(false, "m") && !l.knows_selector(true, "m"));
    }

    #[test]
    fn clones_share_one_ledger() {
        let l = ReadLedger::default();
        l.clone().saw_method("Foo", false, "m", "m ^1");
        assert!(l.method_is_stale("Foo", false, "m", "m ^2"));
    }

    #[test]
    fn past_its_limit_the_oldest_reads_are_forgotten() {
        let l = ReadLedger::default();
        for i in 0..MAX_METHODS {
            l.saw_method("Foo", false, &format!("m{i}"), "x");
        }
        l.saw_method("Foo", false, "newest", "x");
        assert!(
            !l.knows_selector(false, "m0"),
            "the oldest read is forgotten"
        );
        assert!(l.knows_selector(false, "newest"));
        assert!(l.knows_selector(false, &format!("m{}", MAX_METHODS - 1)));
    }
}

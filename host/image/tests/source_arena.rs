//! The source arena's memory follows what is live (STORE.md, "Method
//! sources"): the sources of aborted and dropped sessions, and the old
//! sources of methods replaced or removed by a commit once no open view
//! holds them, are given back, so a server whose clients compile and abort
//! or recompile and commit all day does not grow; and a session on an old
//! view still reads and finds its old sources after the arena was
//! compacted under it. The property test runs random compiles, removals,
//! commits, aborts, restarts and compactions by three sessions against a
//! model of what each session sees.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use gs_image::{Image, ImageError, OpenOptions, Session, Side};
use proptest::prelude::*;

/// Slack over the live sources that a bounded arena may hold: dead bytes
/// wait for a compaction until they pass both the live bytes and the
/// arena's minimum (4 MiB), plus the one large source in flight.
const SLACK: usize = 8 << 20;

/// An image without the kernel holding the committed empty class `C`.
fn image(dir: &std::path::Path) -> Image {
    let image = Image::open_with(
        dir.join("arena.gsimage"),
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    common::commit_root_class(&image, "C");
    image
}

/// A method `selector` answering a literal holding `tag`, about `bytes`
/// bytes long.
fn method(selector: &str, tag: &str, bytes: usize) -> String {
    format!("{selector}\n\t^ '<{tag}> {}'", "x".repeat(bytes))
}

fn compile(s: &mut Session, source: &str) {
    s.compile_method("C", Side::Instance, "arena", source)
        .unwrap();
}

fn found(s: &Session, pattern: &str) -> Vec<String> {
    s.search_source(pattern, None)
        .unwrap()
        .into_iter()
        .map(|m| m.selector)
        .collect()
}

#[test]
fn compiling_and_aborting_keeps_the_arena_near_its_live_sources() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let before = image.source_arena_bytes();
    let mut s = image.session();
    for i in 0..200 {
        compile(&mut s, &method("big", &format!("v{i}"), 1 << 20));
        s.abort();
    }
    let after = image.source_arena_bytes();
    assert!(
        after <= before + SLACK,
        "200 aborted 1 MiB methods left the arena at {after} bytes (it began at {before})"
    );
    // Dropping a session with uncommitted sources gives them back too.
    for i in 0..40 {
        let mut s = image.session();
        compile(&mut s, &method("big", &format!("d{i}"), 1 << 20));
    }
    let after = image.source_arena_bytes();
    assert!(
        after <= before + SLACK,
        "40 dropped sessions left the arena at {after} bytes (it began at {before})"
    );
    assert!(matches!(
        image.session().method_source("C", Side::Instance, "big"),
        Err(ImageError::NotFound(_))
    ));
}

#[test]
fn recompiling_and_committing_keeps_the_arena_near_its_live_sources() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let before = image.source_arena_bytes();
    // A session idling on the first view all along keeps what that view
    // holds, not the versions committed and replaced after it.
    let idle = image.session();
    let mut s = image.session();
    let mut last = String::new();
    for i in 0..100 {
        last = method("edited", &format!("v{i}"), 256 << 10);
        compile(&mut s, &last);
        // A method committed once and never replaced stays live.
        compile(&mut s, &method(&format!("kept{i}"), "kept", 10));
        s.commit().unwrap();
    }
    let after = image.source_arena_bytes();
    assert!(
        after <= before + last.len() + SLACK,
        "100 recompiled 256 KiB methods left the arena at {after} bytes (it began at {before})"
    );
    // Removing a method and committing gives its source back as well.
    s.remove_method("C", Side::Instance, "edited").unwrap();
    s.commit().unwrap();
    let reader = image.session();
    assert_eq!(found(&reader, "<kept>").len(), 100);
    assert_eq!(found(&idle, "<kept>"), Vec::<String>::new());
    assert_eq!(found(&reader, "<v99>"), Vec::<String>::new());
    assert_eq!(
        reader.method_source("C", Side::Instance, "kept7").unwrap(),
        method("kept7", "kept", 10)
    );
}

#[test]
fn a_session_on_an_old_view_reads_and_finds_its_old_sources_after_compaction() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut writer = image.session();
    let old = method("m", "old", 100);
    compile(&mut writer, &old);
    compile(&mut writer, &method("gone", "gone", 100));
    writer.commit().unwrap();

    // The old view: it holds `m`'s old source and `gone`.
    let old_view = image.session();

    let new = method("m", "new", 100);
    compile(&mut writer, &new);
    writer.remove_method("C", Side::Instance, "gone").unwrap();
    writer.commit().unwrap();

    // Garbage enough to compact the arena several times over.
    let peak = image.source_arena_bytes() + (40 << 20);
    let mut churn = image.session();
    for i in 0..40 {
        compile(&mut churn, &method("big", &format!("c{i}"), 1 << 20));
        churn.abort();
    }
    assert!(
        image.source_arena_bytes() < peak - (30 << 20),
        "no compaction ran: the arena holds {} bytes",
        image.source_arena_bytes()
    );

    assert_eq!(
        old_view.method_source("C", Side::Instance, "m").unwrap(),
        old
    );
    assert_eq!(
        old_view.method_source("C", Side::Instance, "gone").unwrap(),
        method("gone", "gone", 100)
    );
    assert_eq!(found(&old_view, "<old>"), ["m"]);
    assert_eq!(found(&old_view, "<new>"), Vec::<String>::new());
    assert_eq!(found(&old_view, "<gone>"), ["gone"]);
    assert_eq!(writer.method_source("C", Side::Instance, "m").unwrap(), new);
    assert_eq!(found(&writer, "<new>"), ["m"]);
    assert_eq!(found(&writer, "<old>"), Vec::<String>::new());
    assert_eq!(found(&writer, "<gone>"), Vec::<String>::new());

    // Once the old view moves on, its old sources are given back: a
    // large old version no longer weighs on the arena.
    let mut holder = image.session();
    compile(&mut writer, &method("m", "large", 16 << 20));
    writer.commit().unwrap();
    holder.abort();
    compile(&mut writer, &method("m", "small", 10));
    writer.commit().unwrap();
    drop(old_view);
    drop(holder);
    image.compact_sources_for_tests();
    assert!(
        image.source_arena_bytes() < 1 << 20,
        "the replaced 16 MiB source is still held: {} bytes",
        image.source_arena_bytes()
    );
    assert_eq!(found(&image.session(), "<small>"), ["m"]);
}

const SESSIONS: usize = 3;
const METHODS: usize = 4;
const TAGS: usize = 6;

#[derive(Debug, Clone)]
enum Op {
    Compile {
        session: usize,
        method: usize,
        tag: usize,
        pad: usize,
        /// Non-ASCII text (a Kelvin sign, `ß`), which the case-folding
        /// search lays out afresh.
        wide: bool,
    },
    Remove {
        session: usize,
        method: usize,
    },
    Commit(usize),
    Abort(usize),
    /// Drops the session and begins another in its place.
    Restart(usize),
    Compact,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        5 => (0..SESSIONS, 0..METHODS, 0..TAGS, 0..300usize, any::<bool>()).prop_map(
            |(session, method, tag, pad, wide)| Op::Compile {
                session,
                method,
                tag,
                pad,
                wide
            }
        ),
        1 => (0..SESSIONS, 0..METHODS).prop_map(|(session, method)| Op::Remove { session, method }),
        3 => (0..SESSIONS).prop_map(Op::Commit),
        2 => (0..SESSIONS).prop_map(Op::Abort),
        1 => (0..SESSIONS).prop_map(Op::Restart),
        2 => Just(Op::Compact),
    ]
}

fn source_of(method: usize, tag: usize, pad: usize, wide: bool) -> String {
    let filler = if wide { "Straße \u{212A} " } else { "" };
    format!("m{method}\n\t^ '<tag{tag}> {filler}{}'", "y".repeat(pad))
}

/// What one session sees: the committed methods of its view, and its own
/// uncommitted changes over them (`None`: removed).
#[derive(Debug, Clone, Default)]
struct SessionModel {
    view: u64,
    base: BTreeMap<usize, String>,
    pending: BTreeMap<usize, Option<String>>,
}

impl SessionModel {
    fn sees(&self, method: usize) -> Option<&String> {
        match self.pending.get(&method) {
            Some(change) => change.as_ref(),
            None => self.base.get(&method),
        }
    }
}

#[derive(Debug, Default)]
struct Model {
    commit: u64,
    committed: BTreeMap<usize, String>,
    /// The commit that last changed each method.
    changed_at: BTreeMap<usize, u64>,
}

impl Model {
    fn fresh(&self) -> SessionModel {
        SessionModel {
            view: self.commit,
            base: self.committed.clone(),
            pending: BTreeMap::new(),
        }
    }
}

fn check(sessions: &[Session], models: &[SessionModel]) -> Result<(), TestCaseError> {
    for (s, m) in sessions.iter().zip(models) {
        for method in 0..METHODS {
            let got = s
                .method_source("C", Side::Instance, &format!("m{method}"))
                .ok();
            prop_assert_eq!(got.as_ref(), m.sees(method), "source of m{}", method);
        }
        for tag in 0..TAGS {
            let needle = format!("<tag{tag}>");
            let want: BTreeSet<String> = (0..METHODS)
                .filter(|&i| m.sees(i).is_some_and(|t| t.contains(&needle)))
                .map(|i| format!("m{i}"))
                .collect();
            let got: BTreeSet<String> = found(s, &needle).into_iter().collect();
            prop_assert_eq!(&got, &want, "search for {}", needle);
            let got: BTreeSet<String> = s
                .search_source_limited(&needle.to_uppercase(), true, None, None, usize::MAX)
                .unwrap()
                .items
                .into_iter()
                .map(|m| m.selector)
                .collect();
            prop_assert_eq!(&got, &want, "search ignoring case for {}", needle);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn sources_and_searches_follow_the_model_through_compactions(
        ops in prop::collection::vec(op(), 1..60)
    ) {
        let dir = tempfile::tempdir().unwrap();
        let image = image(dir.path());
        let mut model = Model { commit: image.newest_commit(), ..Model::default() };
        let mut sessions: Vec<Session> = (0..SESSIONS).map(|_| image.session()).collect();
        let mut models: Vec<SessionModel> = (0..SESSIONS).map(|_| model.fresh()).collect();
        for op in ops {
            match op {
                Op::Compile { session, method, tag, pad, wide } => {
                    let source = source_of(method, tag, pad, wide);
                    compile(&mut sessions[session], &source);
                    models[session].pending.insert(method, Some(source));
                }
                Op::Remove { session, method } => {
                    let result = sessions[session].remove_method(
                        "C",
                        Side::Instance,
                        &format!("m{method}"),
                    );
                    prop_assert_eq!(result.is_ok(), models[session].sees(method).is_some());
                    if result.is_ok() {
                        models[session].pending.insert(method, None);
                    }
                }
                Op::Commit(session) => {
                    let m = &models[session];
                    let writes: Vec<usize> = m
                        .pending
                        .iter()
                        .filter(|(k, v)| v.is_some() || m.base.contains_key(k))
                        .map(|(k, _)| *k)
                        .collect();
                    let conflict = writes
                        .iter()
                        .any(|k| model.changed_at.get(k).is_some_and(|&at| at > m.view));
                    let result = sessions[session].commit();
                    if conflict {
                        prop_assert!(
                            matches!(result, Err(ImageError::Conflict(_))),
                            "expected a conflict: {:?}",
                            result
                        );
                        continue;
                    }
                    prop_assert!(result.is_ok(), "{:?}", result);
                    if !writes.is_empty() {
                        model.commit += 1;
                        for k in writes {
                            match m.sees(k) {
                                Some(text) => model.committed.insert(k, text.clone()),
                                None => model.committed.remove(&k),
                            };
                            model.changed_at.insert(k, model.commit);
                        }
                    }
                    prop_assert_eq!(image.newest_commit(), model.commit);
                    models[session] = model.fresh();
                }
                Op::Abort(session) => {
                    sessions[session].abort();
                    models[session] = model.fresh();
                }
                Op::Restart(session) => {
                    sessions[session] = image.session();
                    models[session] = model.fresh();
                }
                Op::Compact => image.compact_sources_for_tests(),
            }
            check(&sessions, &models)?;
        }
        // With every session gone, the arena holds exactly the committed
        // sources once compacted.
        drop(sessions);
        image.compact_sources_for_tests();
        let live: usize = model.committed.values().map(|t| t.len() + 1).sum();
        prop_assert_eq!(image.source_arena_bytes(), live);
        let fresh = image.session();
        check(std::slice::from_ref(&fresh), &[model.fresh()])?;
    }
}

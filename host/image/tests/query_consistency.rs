//! The indexes never disagree with the methods they index: after any
//! sequence of compiles, removals, commits and aborts by two interleaved
//! sessions, implementors, senders and references equal what a scan of
//! every method gives, in each session, in a new session, and after
//! reopening the file (where the indexes are rebuilt in bulk rather than
//! maintained step by step). File-ins, which defer the indexes to one
//! build at the end of the load, are among the operations.

use std::collections::BTreeSet;

use gs_image::{ClassDefinition, Image, MethodRef, OpenOptions, RecompilePolicy, Session, Side};
use proptest::prelude::*;

const CLASSES: [&str; 3] = ["C0", "C1", "C2"];
const NAMES: [&str; 5] = ["m0", "m1", "m2", "m3", "m4"];

#[derive(Debug, Clone)]
enum Op {
    Compile {
        class: usize,
        meta: bool,
        selector: usize,
        sends: Vec<usize>,
        reference: Option<usize>,
    },
    Remove {
        class: usize,
        meta: bool,
        selector: usize,
    },
    /// A file-in compiling several methods (each as `Compile` would).
    FileIn(Vec<Op>),
    Commit,
    Abort,
}

fn compile_op() -> impl Strategy<Value = Op> {
    (
        0..3usize,
        any::<bool>(),
        0..5usize,
        prop::collection::vec(0..5usize, 0..4),
        prop::option::of(0..3usize),
    )
        .prop_map(|(class, meta, selector, sends, reference)| Op::Compile {
            class,
            meta,
            selector,
            sends,
            reference,
        })
}

fn method_source(selector: usize, sends: &[usize], reference: Option<usize>) -> String {
    let mut body: Vec<String> = sends
        .iter()
        .map(|i| format!("self {}.", NAMES[*i]))
        .collect();
    if let Some(r) = reference {
        body.push(format!("^{}", CLASSES[r]));
    }
    format!("{}\n\t{}", NAMES[selector], body.join("\n\t"))
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => compile_op(),
        2 => prop::collection::vec(compile_op(), 1..10).prop_map(Op::FileIn),
        2 => (0..3usize, any::<bool>(), 0..5usize)
            .prop_map(|(class, meta, selector)| Op::Remove { class, meta, selector }),
        1 => Just(Op::Commit),
        1 => Just(Op::Abort),
    ]
}

fn apply(s: &mut Session, op: &Op) {
    match op {
        Op::Compile {
            class,
            meta,
            selector,
            sends,
            reference,
        } => {
            let source = method_source(*selector, sends, *reference);
            s.compile_method(CLASSES[*class], Side::from_meta(*meta), "gen", &source)
                .unwrap();
        }
        Op::FileIn(compiles) => {
            let mut text = String::from("category: 'gen'\n");
            for op in compiles {
                if let Op::Compile {
                    class,
                    meta,
                    selector,
                    sends,
                    reference,
                } = op
                {
                    let command = if *meta { "classmethod" } else { "method" };
                    text.push_str(&format!(
                        "{command}: {}\n{}\n%\n",
                        CLASSES[*class],
                        method_source(*selector, sends, *reference)
                    ));
                }
            }
            let report = gs_image::filein::file_in_text(s, "gen.gs", &text);
            assert!(report.is_clean(), "{:?}", report.failures);
            assert_eq!(report.methods, compiles.len());
        }
        Op::Remove {
            class,
            meta,
            selector,
        } => {
            // Removing a method that is not there is refused; that is fine here.
            let _ = s.remove_method(CLASSES[*class], Side::from_meta(*meta), NAMES[*selector]);
        }
        Op::Commit => {
            // With two sessions a commit may conflict; the loser aborts,
            // as a client would.
            if s.commit().is_err() {
                s.abort();
            }
        }
        Op::Abort => s.abort(),
    }
}

/// Implementors, senders and references of every name, by scanning.
fn scanned(s: &Session, name: &str) -> [Vec<MethodRef>; 3] {
    let mut out: [BTreeSet<MethodRef>; 3] = Default::default();
    for class in CLASSES {
        for side in [Side::Instance, Side::Class] {
            for selector in s.selectors(class, side).unwrap() {
                let m = s.method(class, side, &selector).unwrap();
                let r = MethodRef {
                    class_name: class.to_string(),
                    side,
                    selector: selector.clone(),
                };
                if m.selector == name {
                    out[0].insert(r.clone());
                }
                if m.sends.iter().any(|x| x == name) {
                    out[1].insert(r.clone());
                }
                if m.references.iter().any(|x| x == name) {
                    out[2].insert(r);
                }
            }
        }
    }
    out.map(|set| set.into_iter().collect())
}

fn check(s: &Session) -> Result<(), TestCaseError> {
    for name in NAMES.iter().chain(CLASSES.iter()) {
        let [implementors, senders, references] = scanned(s, name);
        prop_assert_eq!(
            s.implementors(name),
            implementors,
            "implementors of {}",
            name
        );
        prop_assert_eq!(s.senders(name), senders, "senders of {}", name);
        prop_assert_eq!(s.references(name), references, "references to {}", name);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn indexes_match_a_scan_of_the_methods(ops in prop::collection::vec((op(), any::<bool>()), 1..40)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.image");
        let image = Image::open_with(&path, OpenOptions { install_kernel: false, ..OpenOptions::default() }).unwrap();
        let mut s = image.session();
        for class in CLASSES {
            s.define_class(
                ClassDefinition {
                    name: class.into(),
                    dictionary: "UserGlobals".into(),
                    ..Default::default()
                },
                RecompilePolicy::Refuse,
            )
            .unwrap();
        }
        s.commit().unwrap();
        // Two sessions interleave, so commits also go through the rebase
        // onto a newer state, not only the fast path.
        let mut other = image.session();
        for (op, second) in &ops {
            let session = if *second { &mut other } else { &mut s };
            apply(session, op);
            check(session)?;
        }
        if other.commit().is_err() {
            other.abort();
        }
        if s.commit().is_err() {
            s.abort();
        }
        check(&image.session())?;
        drop(other);
        let expected: Vec<_> = NAMES.iter().map(|n| image.session().senders(n)).collect();
        drop(s);
        drop(image);
        let reopened = Image::open_with(&path, OpenOptions { install_kernel: false, ..OpenOptions::default() }).unwrap();
        let fresh = reopened.session();
        check(&fresh)?;
        let after: Vec<_> = NAMES.iter().map(|n| fresh.senders(n)).collect();
        prop_assert_eq!(after, expected);
    }
}

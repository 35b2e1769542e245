//! Queries on an image of 10,000 methods answer exactly what a scan would:
//! every index list, including the ones thousands of methods share, holds
//! every method once, live, after one large commit, and after a reopen
//! rebuilds the indexes in bulk.
//!
//! How fast they answer is the benchmark's business
//! (`cargo bench -p gs-image --bench image`, 100,000 methods); this test
//! only checks the answers, so it runs in every build.

use gs_image::{ClassDefinition, Image, OpenOptions, RecompilePolicy, Session, Side};

const CLASSES: usize = 100;
const METHODS_PER_CLASS: usize = 100;
const METHODS: usize = CLASSES * METHODS_PER_CLASS;

fn options() -> OpenOptions {
    OpenOptions {
        install_kernel: false,
        ..OpenOptions::default()
    }
}

/// A method that sends selectors shared across the image (`size` by all of
/// them, `common{k}:` by a tenth, `helper{m}` by a fiftieth) and references
/// the next generated class.
fn method_source(class: usize, n: usize) -> String {
    format!(
        "op{n}x{class}: anArgument with: another\n\
         \t\"Generated method {n} of class {class}.\"\n\
         \t| result |\n\
         \tresult := anArgument helper{m} + another size.\n\
         \tresult > {n} ifTrue: [^Gen{c2} new process: result].\n\
         \t^self common{k}: result",
        m = n % 50,
        c2 = (class + 1) % CLASSES,
        k = n % 10,
    )
}

fn names(refs: &[gs_image::MethodRef]) -> Vec<String> {
    refs.iter().map(ToString::to_string).collect()
}

/// What every session over the generated image must answer.
fn assert_answers(s: &Session, extra: usize) {
    assert_eq!(s.method_count(), METHODS + extra);
    assert_eq!(names(&s.implementors("op3x5:with:")), ["Gen5>>op3x5:with:"]);
    assert_eq!(s.senders("common3:").len(), METHODS / 10);
    assert_eq!(s.senders("helper17").len(), METHODS / 50);
    let widest = s.senders_limited("size", 200);
    assert_eq!((widest.items.len(), widest.total), (200, METHODS + extra));
    // The first page is the start of the sorted full answer.
    assert_eq!(widest.items, s.senders("size")[..200]);
    // Gen7 is referenced by every method of Gen6.
    let gen7 = s.references("Gen7");
    assert_eq!(gen7.len(), METHODS_PER_CLASS);
    assert!(gen7.iter().all(|m| m.class_name == "Gen6"), "{gen7:?}");
    assert_eq!(
        s.search_source("helper17 + another", None).unwrap().len(),
        METHODS / 50
    );
    assert_eq!(
        names(&s.search_source("op42x99:", None).unwrap()),
        ["Gen99>>op42x99:with:"]
    );
}

#[test]
fn queries_answer_exactly_on_ten_thousand_methods() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.image");
    {
        let image = Image::open_with(&path, options()).unwrap();
        let mut s = image.session();
        s.define_class(
            ClassDefinition {
                name: "Object".into(),
                dictionary: "Globals".into(),
                ..Default::default()
            },
            RecompilePolicy::Refuse,
        )
        .unwrap();
        for c in 0..CLASSES {
            s.define_class(
                ClassDefinition {
                    name: format!("Gen{c}"),
                    superclass: Some("Object".into()),
                    inst_vars: vec!["state".into()],
                    dictionary: "UserGlobals".into(),
                    ..Default::default()
                },
                RecompilePolicy::Refuse,
            )
            .unwrap();
        }
        for c in 0..CLASSES {
            for n in 0..METHODS_PER_CLASS {
                s.compile_method(
                    &format!("Gen{c}"),
                    Side::Instance,
                    "generated",
                    &method_source(c, n),
                )
                .unwrap();
            }
        }
        assert_answers(&s, 0);
        s.commit().unwrap();
        assert_answers(&image.session(), 0);
    }

    let image = Image::open_with(&path, options()).unwrap();
    let mut s = image.session();
    assert_answers(&s, 0);
    s.compile_method("Gen1", Side::Instance, "new", "fresh\n\t^state size")
        .unwrap();
    s.commit().unwrap();
    assert_answers(&image.session(), 1);
    assert_eq!(
        names(&image.session().senders_limited("size", 1).items),
        ["Gen0>>op0x0:with:"]
    );
}

//! Property test: every class definition the image can hold is written by
//! `definition_source` in a form `classdef` reads back unchanged, so a
//! file-out never loses a definition.

use gs_image::classdef::{FileDoit, definition_source, recognise};
use gs_image::{ClassDefinition, ClassKind};
use proptest::prelude::*;

fn ident() -> impl Strategy<Value = String> {
    "[a-zA-Z_][a-zA-Z0-9_]{0,10}".prop_filter("not a reserved word", |s| {
        !matches!(
            s.as_str(),
            "nil" | "true" | "false" | "self" | "super" | "thisContext"
        )
    })
}

fn class_name() -> impl Strategy<Value = String> {
    "[A-Z][a-zA-Z0-9_]{0,12}"
}

fn definition() -> impl Strategy<Value = ClassDefinition> {
    (
        class_name(),
        prop::option::of(class_name()),
        prop::collection::vec(ident(), 0..4),
        prop::collection::vec(class_name(), 0..3),
        prop::collection::vec(ident(), 0..3),
        prop::collection::vec(class_name(), 0..3),
        class_name(),
        prop::collection::vec("(modifiable|instancesInvariant|dbTransient)", 0..2),
        prop_oneof![
            Just(ClassKind::Pointers),
            Just(ClassKind::Indexable),
            Just(ClassKind::Bytes)
        ],
    )
        .prop_map(
            |(
                name,
                superclass,
                inst_vars,
                class_vars,
                class_inst_vars,
                pools,
                dictionary,
                options,
                kind,
            )| {
                ClassDefinition {
                    name,
                    superclass,
                    inst_vars: if kind == ClassKind::Bytes {
                        Vec::new()
                    } else {
                        inst_vars
                    },
                    class_vars,
                    class_inst_vars,
                    pool_dictionaries: pools,
                    dictionary,
                    category: None,
                    options,
                    kind,
                }
            },
        )
}

proptest! {
    #[test]
    fn filein_definition_source_reads_back_unchanged(def in definition()) {
        let text = definition_source(&def);
        let doits = recognise(&text, "UserGlobals").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(doits, vec![FileDoit::Define(def)]);
    }

    #[test]
    fn filein_recognise_never_panics(text in "[ -~\n]{0,120}") {
        let _ = recognise(&text, "UserGlobals");
    }
}

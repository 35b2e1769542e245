//! A source search that ignores case folds letters of every script, as
//! `asLowercase` does on a stone (one character for one), and still names
//! the right methods when folding changes a character's UTF-8 length.

use gs_image::{ClassDefinition, Image, OpenOptions, RecompilePolicy, Session, Side};

fn image() -> (tempfile::TempDir, Image) {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open_with(
        dir.path().join("case.image"),
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    (dir, image)
}

/// A session with `Object` and `Text`, `Text` holding `methods`.
fn with_methods(image: &Image, methods: &[&str]) -> Session {
    let mut s = image.session();
    for (name, superclass) in [("Object", None), ("Text", Some("Object"))] {
        s.define_class(
            ClassDefinition {
                name: name.into(),
                superclass: superclass.map(Into::into),
                dictionary: "UserGlobals".into(),
                ..Default::default()
            },
            RecompilePolicy::Refuse,
        )
        .unwrap();
    }
    for source in methods {
        s.compile_method("Text", Side::Instance, "words", source)
            .unwrap();
    }
    s
}

/// The selectors of the methods whose source holds `pattern`, ignoring
/// case or not.
fn found(s: &Session, pattern: &str, ignore_case: bool) -> Vec<String> {
    let page = s
        .search_source_limited(pattern, ignore_case, None, None, usize::MAX)
        .unwrap();
    assert_eq!(page.total, page.items.len());
    page.items.into_iter().map(|m| m.selector).collect()
}

#[test]
fn letters_of_every_script_match_in_either_case() {
    let (_dir, image) = image();
    let s = with_methods(
        &image,
        &[
            "french\n\t^'un été chaud'",
            "german\n\t^'Grüße'",
            "greek\n\t^'σοφια'",
            "russian\n\t^'Жук'",
            "kelvin\n\t^'degrees kelvin'",
        ],
    );
    assert_eq!(found(&s, "ÉTÉ", true), ["french"]);
    assert_eq!(found(&s, "ÉTÉ", false), Vec::<String>::new());
    assert_eq!(found(&s, "été", true), ["french"]);
    assert_eq!(found(&s, "GRÜ", true), ["german"]);
    assert_eq!(found(&s, "ΣΟΦΙΑ", true), ["greek"]);
    assert_eq!(found(&s, "жУК", true), ["russian"]);
    // The Kelvin sign lowercases to ASCII `k`.
    assert_eq!(found(&s, "\u{212A}ELVIN", true), ["kelvin"]);
    // One character for one, as `asLowercase`: ß has no one-character
    // uppercase, so `SS` is not its form; capital ẞ lowercases to ß.
    assert_eq!(found(&s, "GRÜSSE", true), Vec::<String>::new());
    assert_eq!(found(&s, "GRÜẞE", true), ["german"]);
}

/// Sources are searched in one buffer; lowercasing the Kelvin sign (three
/// bytes to one) or Ⱥ (two bytes to three) moves every later source in the
/// folded buffer, and a match must still be put to its own method.
#[test]
fn matches_are_put_to_their_own_method_when_folding_changes_lengths() {
    let (_dir, image) = image();
    let shrinking = format!("shrinks\n\t^'{}'", "\u{212A}".repeat(200));
    let growing = format!("grows\n\t^'{}'", "Ⱥ".repeat(200));
    let s = with_methods(
        &image,
        &[
            &shrinking,
            "first\n\t^'Zap'",
            &growing,
            "second\n\t^'zip'",
            "third\n\t^'other'",
            "last\n\t^'ÀÈ'",
        ],
    );
    assert_eq!(found(&s, "ZAP", true), ["first"]);
    assert_eq!(found(&s, "ZIP", true), ["second"]);
    assert_eq!(found(&s, "'OTHER'", true), ["third"]);
    // A match that ends its source, and one that would run past it.
    assert_eq!(found(&s, "àè'", true), ["last"]);
    assert_eq!(found(&s, "àè'x", true), Vec::<String>::new());
    // The folded forms themselves are found in the right sources.
    assert_eq!(found(&s, "kkk", true), ["shrinks"]);
    assert_eq!(found(&s, "ⱥⱥⱥ", true), ["grows"]);
    assert_eq!(found(&s, "'\u{212A}'", true), Vec::<String>::new());
    // A match never spans two sources.
    assert_eq!(found(&s, "ⱥ'zip", true), Vec::<String>::new());
}

/// An ASCII source added after non-ASCII ones, and a non-ASCII one after
/// ASCII ones, are found either way (the arena keeps whether its sources
/// are ASCII, to fold those quickly).
#[test]
fn ascii_and_non_ascii_sources_added_in_any_order_are_found() {
    let (_dir, image) = image();
    let mut s = with_methods(&image, &["plain\n\t^'Hello'"]);
    assert_eq!(found(&s, "HELLO", true), ["plain"]);
    s.compile_method("Text", Side::Instance, "words", "accent\n\t^'Ça'")
        .unwrap();
    assert_eq!(found(&s, "ÇA", true), ["accent"]);
    assert_eq!(found(&s, "HELLO", true), ["plain"]);
    s.compile_method("Text", Side::Instance, "words", "more\n\t^'Hello again'")
        .unwrap();
    assert_eq!(found(&s, "HELLO", true), ["more", "plain"]);
    // A recompiled method is found by its new source only.
    s.compile_method("Text", Side::Instance, "words", "accent\n\t^'Ol\u{e9}'")
        .unwrap();
    assert_eq!(found(&s, "ÇA", true), Vec::<String>::new());
    assert_eq!(found(&s, "OLÉ", true), ["accent"]);
}

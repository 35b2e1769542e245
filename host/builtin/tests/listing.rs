//! The listing family end to end, through the real server.
//!
//! Each tool's answers — `structuredContent`, text, errors, read-only
//! sessions — are cases in `cases/listing.json`, run without HTTP by
//! `tool_cases.rs`. This file keeps what a case cannot state: that
//! `list_all_classes` lists every class of the image once, sorted, with a
//! `count` equal to its length (a check over the whole kernel, not a fixed
//! answer), and that a dictionary one client adds shows up for another
//! client (two sessions).

mod common;

use common::{Client, Server, start};
use gs_image::{DictionaryEntry, GlobalValue};
use serde_json::{Value, json};

/// Binds `alias` in UserGlobals to the kernel class Object, and the global
/// `Limit` to 500 — committed, before any client connects.
fn bind_alias_and_global(server: &Server, alias: &str) {
    let mut s = server.image.session();
    let object = s.class_id("Object").unwrap();
    s.bind("UserGlobals", alias, DictionaryEntry::Class(object))
        .unwrap();
    s.bind(
        "UserGlobals",
        "Limit",
        DictionaryEntry::Global(GlobalValue::Integer("500".into())),
    )
    .unwrap();
    s.commit().unwrap();
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

#[test]
fn list_all_classes_lists_every_class_once_with_its_dictionary_sorted() {
    let server = start(false);
    bind_alias_and_global(&server, "ListAllAlias");
    let mut c = Client::connect(&server);
    let answer = c.call("list_all_classes", json!({}));
    let s = answer.ok();
    let classes = s["classes"].as_array().unwrap();
    assert_eq!(s["count"], classes.len());
    let pairs: Vec<(&str, &str)> = classes
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap(),
                c["dictionary"].as_str().unwrap(),
            )
        })
        .collect();
    for bank in ["Account", "AccountTest", "SavingsAccount"] {
        assert!(pairs.contains(&(bank, "Bank")), "{bank} in Bank: {pairs:?}");
    }
    assert!(
        pairs.iter().any(|(n, _)| *n == "Object"),
        "kernel classes are listed too"
    );
    assert!(
        !pairs.iter().any(|(n, _)| *n == "ListAllAlias"),
        "an alias is not a class of its own"
    );
    let mut sorted = pairs.clone();
    sorted.sort();
    assert_eq!(pairs, sorted, "sorted by name");
    assert!(
        answer
            .text
            .starts_with(&format!("{} classes:\n", classes.len())),
        "{}",
        &answer.text[..80]
    );
    assert!(
        answer.text.contains("\nAccount (Bank)\n"),
        "{}",
        answer.text
    );
}

#[test]
fn a_dictionary_one_client_adds_shows_up_for_another_last_in_lookup_order() {
    let server = start(false);
    let mut c = Client::connect(&server);
    // add_dictionary commits.
    c.call("add_dictionary", json!({"dictionaryName": "Extra"}))
        .ok();
    let mut other = Client::connect(&server);
    let answer = other.call("list_dictionaries", json!({}));
    let now = names(&answer.ok()["dictionaries"]);
    assert_eq!(now.last(), Some(&"Extra"), "appended: {now:?}");
    assert_eq!(now.len(), 5);
}

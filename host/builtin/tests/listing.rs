//! The listing family through the real server: the symbol dictionaries in
//! lookup order, the classes of one dictionary or of all, and a
//! dictionary's entries tagged (class) or (global), aliases included.

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
    let message = c
        .call("list_all_classes", json!({"dictionaryName": "Bank"}))
        .err("invalidParams")
        .to_string();
    assert!(message.contains("takes no arguments"), "{message}");
    assert!(
        answer.text.contains("\nAccount (Bank)\n"),
        "{}",
        answer.text
    );
}

#[test]
fn list_classes_answers_the_classes_bound_in_one_dictionary() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("list_classes", json!({"dictionaryName": "Bank"}));
    let s = answer.ok();
    assert_eq!(s["dictionary"], "Bank");
    assert_eq!(s["count"], 3);
    assert_eq!(
        names(&s["classes"]),
        ["Account", "AccountTest", "SavingsAccount"]
    );
    assert_eq!(
        answer.text,
        "3 classes in Bank:\nAccount\nAccountTest\nSavingsAccount"
    );
    // A dictionary without classes is an empty answer, not an error.
    let answer = c.call("list_classes", json!({"dictionaryName": "Published"}));
    assert_eq!(answer.ok()["count"], 0);
    assert_eq!(answer.text, "No classes in Published.");
    let answer = c.call(
        "list_dictionary_entries",
        json!({"dictionaryName": "Published"}),
    );
    assert_eq!(answer.ok()["entries"], json!([]));
    assert_eq!(answer.text, "No entries in Published.");
}

#[test]
fn list_classes_of_an_unknown_or_empty_dictionary_name_is_refused() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let message = c
        .call("list_classes", json!({"dictionaryName": "Bnak"}))
        .err("notFound")
        .to_string();
    assert!(message.contains("Bnak"), "{message}");
    let message = c
        .call("list_classes", json!({"dictionaryName": ""}))
        .err("invalidParams")
        .to_string();
    assert!(message.contains("`dictionaryName`"), "{message}");
}

#[test]
fn list_dictionaries_answers_the_symbol_list_in_lookup_order() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("list_dictionaries", json!({}));
    let s = answer.ok();
    let dictionaries = names(&s["dictionaries"]);
    let at = |name: &str| {
        dictionaries
            .iter()
            .position(|d| *d == name)
            .unwrap_or_else(|| panic!("{name} in {dictionaries:?}"))
    };
    assert!(at("UserGlobals") < at("Globals"), "{dictionaries:?}");
    assert!(at("Globals") < at("Published"), "{dictionaries:?}");
    at("Bank");
    assert_eq!(dictionaries.len(), 4, "{dictionaries:?}");
    assert_eq!(answer.text, dictionaries.join("\n"));
    // A dictionary a client adds (add_dictionary commits) shows up for
    // other clients, last in lookup order.
    c.call("add_dictionary", json!({"dictionaryName": "Extra"}))
        .ok();
    let mut other = Client::connect(&server);
    let answer = other.call("list_dictionaries", json!({}));
    let now = names(&answer.ok()["dictionaries"]);
    assert_eq!(now.last(), Some(&"Extra"), "appended: {now:?}");
    assert_eq!(now.len(), 5);
    let message = other
        .call("list_dictionaries", json!({"dictionaryName": "Bank"}))
        .err("invalidParams")
        .to_string();
    assert!(message.contains("takes no arguments"), "{message}");
}

#[test]
fn list_dictionary_entries_tags_classes_globals_and_aliases() {
    let server = start(false);
    bind_alias_and_global(&server, "EntryAlias");
    let mut c = Client::connect(&server);
    let answer = c.call(
        "list_dictionary_entries",
        json!({"dictionaryName": "UserGlobals"}),
    );
    let s = answer.ok();
    assert_eq!(s["dictionary"], "UserGlobals");
    let entries = s["entries"].as_array().unwrap();
    assert_eq!(s["count"], entries.len());
    let entry = |name: &str| {
        entries
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {entries:?}"))
            .clone()
    };
    assert_eq!(
        entry("EntryAlias"),
        json!({"name": "EntryAlias", "kind": "class", "className": "Object"})
    );
    assert_eq!(
        entry("Limit"),
        json!({"name": "Limit", "kind": "global", "className": null})
    );
    assert!(
        answer.text.contains("\nEntryAlias (class Object)"),
        "{}",
        answer.text
    );
    assert!(answer.text.contains("\nLimit (global)"), "{}", answer.text);
    assert!(
        answer
            .text
            .starts_with(&format!("{} entries in UserGlobals:\n", entries.len()))
    );

    let answer = c.call("list_dictionary_entries", json!({"dictionaryName": "Bank"}));
    assert_eq!(
        answer.text,
        "3 entries in Bank:\nAccount (class)\nAccountTest (class)\nSavingsAccount (class)"
    );
    assert_eq!(
        answer.ok()["entries"][0],
        json!({"name": "Account", "kind": "class", "className": "Account"})
    );
}

#[test]
fn list_dictionary_entries_shows_an_object_a_client_committed_as_a_global() {
    let server = start(false);
    let mut c = Client::connect(&server);
    c.call(
        "execute_code",
        json!({"code": "UserGlobals at: #Rates put: (Array with: 1 with: 2)"}),
    )
    .ok();
    c.call("commit", json!({})).ok();
    let answer = c.call(
        "list_dictionary_entries",
        json!({"dictionaryName": "UserGlobals"}),
    );
    assert!(answer.text.contains("\nRates (global)"), "{}", answer.text);
}

#[test]
fn list_dictionary_entries_of_an_unknown_or_empty_dictionary_name_is_refused() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let message = c
        .call(
            "list_dictionary_entries",
            json!({"dictionaryName": "NoSuchDict"}),
        )
        .err("notFound")
        .to_string();
    assert!(message.contains("NoSuchDict"), "{message}");
    c.call("list_dictionary_entries", json!({"dictionaryName": " "}))
        .err("invalidParams");
}

#[test]
fn the_listing_tools_work_in_a_read_only_session() {
    let server = start(true);
    let mut c = Client::connect(&server);
    assert!(
        c.call("list_all_classes", json!({})).ok()["count"]
            .as_u64()
            .unwrap()
            > 3
    );
    assert_eq!(
        c.call("list_classes", json!({"dictionaryName": "Bank"}))
            .ok()["count"],
        3
    );
    assert_eq!(
        c.call("list_dictionaries", json!({})).ok()["dictionaries"][0],
        "UserGlobals"
    );
    assert_eq!(
        c.call("list_dictionary_entries", json!({"dictionaryName": "Bank"}))
            .ok()["count"],
        3
    );
}

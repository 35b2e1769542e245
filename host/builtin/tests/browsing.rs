//! The browsing family through the real server, on the fixture's bank:
//! a class described, exported, defined, placed in its hierarchy, and its
//! methods listed and read (both sides).

mod common;

use common::{Client, start};
use serde_json::json;

/// Every browsing tool with arguments that name `class`.
fn calls(class: &str) -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("describe_class", json!({"className": class})),
        ("export_class_source", json!({"className": class})),
        ("get_class_definition", json!({"className": class})),
        ("get_class_hierarchy", json!({"className": class})),
        (
            "get_method_source",
            json!({"className": class, "selector": "balance"}),
        ),
        ("list_methods", json!({"className": class})),
    ]
}

#[test]
fn describe_class_gives_the_definition_comment_and_selectors() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("describe_class", json!({"className": "Account"}));
    assert_eq!(
        answer.ok(),
        &json!({
            "name": "Account",
            "superclass": "Object",
            "dictionary": "Bank",
            "category": "Bank-Core",
            "comment": "A bank account holding a balance.",
            "kernel": false,
            "instanceVariables": ["balance", "owner"],
            "classVariables": [],
            "classInstanceVariables": [],
            "instanceSelectors": ["balance", "deposit:", "setOwner:", "withdraw:"],
            "classSelectors": ["owner:"]
        })
    );
    assert_eq!(
        answer.text,
        "Account\n  superclass: Object\n  dictionary: Bank\n  category: Bank-Core\n  \
         instance variables: balance owner\n  class variables: (none)\n  \
         class-instance variables: (none)\n  instance selectors: balance deposit: setOwner: \
         withdraw:\n  class selectors: owner:\n  comment: A bank account holding a balance."
    );
    let answer = c.call("describe_class", json!({"className": "SavingsAccount"}));
    let s = answer.ok();
    assert_eq!(s["superclass"], "Account");
    assert_eq!(s["category"], serde_json::Value::Null);
    assert_eq!(s["instanceVariables"], json!(["rate"]));
    assert!(answer.text.contains("category: (none)"), "{}", answer.text);
}

#[test]
fn describe_class_marks_kernel_classes_even_through_an_alias() {
    let server = start(false);
    {
        let mut s = server.image.session();
        let object = s.class_id("Object").unwrap();
        s.bind(
            "UserGlobals",
            "DescribeThing",
            gs_image::DictionaryEntry::Class(object),
        )
        .unwrap();
        s.commit().unwrap();
    }
    let mut c = Client::connect(&server);
    let answer = c.call("describe_class", json!({"className": "DescribeThing"}));
    let s = answer.ok();
    assert_eq!(s["name"], "Object", "an alias describes the class it binds");
    assert_eq!(s["kernel"], true);
    assert_eq!(s["superclass"], serde_json::Value::Null);
    assert!(
        answer
            .text
            .contains("(kernel class: read-only to the tools)"),
        "{}",
        answer.text
    );
}

#[test]
fn export_class_source_is_a_topaz_file_in_that_recreates_the_class() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("export_class_source", json!({"className": "Account"}));
    let s = answer.ok();
    assert_eq!(s["className"], "Account");
    let source = s["source"].as_str().unwrap();
    assert_eq!(answer.text, source);
    for expected in [
        "subclass: 'Account'",
        "A bank account holding a balance.",
        "category: 'Bank-Core'",
        "method: Account\nbalance",
        "method: Account\ndeposit: amount",
        "classmethod: Account\nowner: aString",
        "category: 'instance creation'",
    ] {
        assert!(source.contains(expected), "{expected:?} in:\n{source}");
    }
    // Filed into a fresh image, it makes the same class.
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("copy.gsimage")).unwrap();
    let mut session = image.session();
    session.add_dictionary("Bank").unwrap();
    session
        .set_symbol_list(&["Bank", "UserGlobals", "Globals", "Published"])
        .unwrap();
    let report = gs_image::filein::file_in_text(&mut session, "Account.gs", source);
    assert!(report.is_clean(), "{report:?}");
    let copy = session.class("Account").unwrap();
    assert_eq!(copy.comment, "A bank account holding a balance.");
    assert_eq!(copy.definition.inst_vars, ["balance", "owner"]);
    assert_eq!(
        session
            .method_source("Account", gs_image::Side::Class, "owner:")
            .unwrap(),
        "owner: aString\n\t^ self new setOwner: aString"
    );
}

#[test]
fn get_class_definition_answers_the_expression_that_recreates_the_class() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("get_class_definition", json!({"className": "Account"}));
    let s = answer.ok();
    assert_eq!(s["className"], "Account");
    let definition = s["definition"].as_str().unwrap();
    assert_eq!(answer.text, definition);
    assert!(
        definition.starts_with("Object subclass: 'Account'"),
        "{definition}"
    );
    assert!(
        definition.contains("instVarNames: #( balance owner)"),
        "{definition}"
    );
    assert!(definition.contains("inDictionary: Bank"), "{definition}");
    assert!(
        definition.ends_with("\n  options: #().\nAccount category: 'Bank-Core'"),
        "{definition}"
    );
    // What it answers is what compile_class_definition accepts: compiled
    // back, the class is as it was.
    c.call("compile_class_definition", json!({"source": definition}))
        .ok();
    let described = c.call("describe_class", json!({"className": "Account"}));
    assert_eq!(described.ok()["category"], "Bank-Core");
    assert_eq!(
        described.ok()["instanceVariables"],
        json!(["balance", "owner"])
    );
    // As a doit it runs too.
    c.call("execute_code", json!({"code": definition})).ok();
    let described = c.call("describe_class", json!({"className": "Account"}));
    assert_eq!(described.ok()["category"], "Bank-Core");
    // No category, no category line.
    let answer = c.call(
        "get_class_definition",
        json!({"className": "SavingsAccount"}),
    );
    let definition = answer.ok()["definition"].as_str().unwrap();
    assert!(
        definition.starts_with("Account subclass: 'SavingsAccount'"),
        "{definition}"
    );
    assert!(!definition.contains("category:"), "{definition}");
    assert!(definition.ends_with("options: #()"), "{definition}");
}

#[test]
fn get_class_hierarchy_answers_the_chain_from_the_root_and_the_direct_subclasses() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("get_class_hierarchy", json!({"className": "Account"}));
    assert_eq!(
        answer.ok(),
        &json!({
            "className": "Account",
            "superclasses": ["Object"],
            "subclasses": ["SavingsAccount"]
        })
    );
    assert_eq!(answer.text, "Object\n  Account\n    SavingsAccount");
    let answer = c.call(
        "get_class_hierarchy",
        json!({"className": "SavingsAccount"}),
    );
    assert_eq!(
        answer.ok(),
        &json!({
            "className": "SavingsAccount",
            "superclasses": ["Object", "Account"],
            "subclasses": []
        })
    );
    assert_eq!(answer.text, "Object\n  Account\n    SavingsAccount");
    let answer = c.call("get_class_hierarchy", json!({"className": "AccountTest"}));
    let chain = answer.ok()["superclasses"].as_array().unwrap();
    assert_eq!(chain.first().unwrap(), "Object");
    assert_eq!(chain.last().unwrap(), "TestCase");
}

#[test]
fn get_method_source_reads_either_side_with_its_category() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "get_method_source",
        json!({"className": "Account", "selector": "deposit:"}),
    );
    let source = "deposit: amount\n\tamount <= 0 ifTrue: [^ self error: 'deposit must be \
                  positive'].\n\tbalance := self balance + amount";
    assert_eq!(
        answer.ok(),
        &json!({
            "className": "Account",
            "meta": false,
            "selector": "deposit:",
            "category": "operations",
            "source": source
        })
    );
    assert_eq!(
        answer.text,
        format!("\"Account>>deposit: (operations)\"\n{source}")
    );
    let answer = c.call(
        "get_method_source",
        json!({"className": "Account", "selector": "owner:", "meta": true}),
    );
    let s = answer.ok();
    assert_eq!(s["meta"], true);
    assert_eq!(s["category"], "instance creation");
    assert_eq!(
        s["source"],
        "owner: aString\n\t^ self new setOwner: aString"
    );
    assert!(
        answer
            .text
            .starts_with("\"Account class>>owner: (instance creation)\"\n"),
        "{}",
        answer.text
    );
    // meta: false is the instance side, as when omitted.
    let answer = c.call(
        "get_method_source",
        json!({"className": "Account", "selector": "balance", "meta": false}),
    );
    assert_eq!(answer.ok()["category"], "accessing");
}

#[test]
fn a_method_on_the_other_side_is_not_found_with_a_hint_where_to_look() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "get_method_source",
        json!({"className": "Account", "selector": "owner:"}),
    );
    let message = answer.err("notFound");
    assert!(message.contains("owner:"), "{message}");
    assert!(
        message.ends_with("(looked on the instance side; pass `meta: true` for a class method)"),
        "{message}"
    );
    let answer = c.call(
        "get_method_source",
        json!({"className": "Account", "selector": "balance", "meta": true}),
    );
    let message = answer.err("notFound");
    assert!(
        message.ends_with("(looked on the class side; omit `meta` for an instance method)"),
        "{message}"
    );
    // An unknown class is named, with no hint about sides.
    let answer = c.call(
        "get_method_source",
        json!({"className": "Acount", "selector": "balance"}),
    );
    let message = answer.err("notFound");
    assert!(message.contains("no class named Acount"), "{message}");
    assert!(!message.contains("meta"), "{message}");
    c.call(
        "get_method_source",
        json!({"className": "Account", "selector": ""}),
    )
    .err("invalidParams");
}

#[test]
fn list_methods_groups_both_sides_by_category() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("list_methods", json!({"className": "Account"}));
    assert_eq!(
        answer.ok(),
        &json!({
            "className": "Account",
            "instance": [
                {"category": "accessing", "selectors": ["balance"]},
                {"category": "operations", "selectors": ["deposit:", "withdraw:"]},
                {"category": "private", "selectors": ["setOwner:"]}
            ],
            "class": [
                {"category": "instance creation", "selectors": ["owner:"]}
            ]
        })
    );
    assert_eq!(
        answer.text,
        "instance side:\n  accessing\n    balance\n  operations\n    deposit:\n    withdraw:\n  \
         private\n    setOwner:\nclass side:\n  instance creation\n    owner:"
    );
    let answer = c.call("list_methods", json!({"className": "SavingsAccount"}));
    assert_eq!(answer.ok()["class"], json!([]));
    assert!(
        answer.text.ends_with("class side:\n  (no methods)"),
        "{}",
        answer.text
    );
}

#[test]
fn every_browsing_tool_names_an_unknown_class_and_refuses_an_empty_name() {
    let server = start(false);
    let mut c = Client::connect(&server);
    for (tool, args) in calls("NoSuchClass") {
        let answer = c.call(tool, args);
        let message = answer.err("notFound");
        assert!(message.contains("NoSuchClass"), "{tool}: {message}");
    }
    for (tool, args) in calls("") {
        let message = c.call(tool, args).err("invalidParams").to_string();
        assert!(message.contains("`className`"), "{tool}: {message}");
    }
}

#[test]
fn the_browsing_tools_work_in_a_read_only_session() {
    let server = start(true);
    let mut c = Client::connect(&server);
    for (tool, args) in calls("Account") {
        c.call(tool, args).ok();
    }
}

#[test]
fn a_name_bound_to_a_global_value_is_not_a_class() {
    let server = start(false);
    {
        let mut s = server.image.session();
        s.bind(
            "UserGlobals",
            "BrowseLimit",
            gs_image::DictionaryEntry::Global(gs_image::GlobalValue::Integer("7".into())),
        )
        .unwrap();
        s.commit().unwrap();
    }
    let mut c = Client::connect(&server);
    for (tool, args) in calls("BrowseLimit") {
        let answer = c.call(tool, args);
        let message = answer.err("notFound");
        assert!(
            message.contains("BrowseLimit is bound to a global value in UserGlobals"),
            "{tool}: {message}"
        );
    }
}

#[test]
fn a_class_reached_through_an_alias_is_answered_under_its_own_name() {
    let server = start(false);
    {
        let mut s = server.image.session();
        let account = s.class_id("Account").unwrap();
        s.bind(
            "UserGlobals",
            "Acct",
            gs_image::DictionaryEntry::Class(account),
        )
        .unwrap();
        s.commit().unwrap();
    }
    let mut c = Client::connect(&server);
    for (tool, args) in calls("Acct") {
        let answer = c.call(tool, args);
        let s = answer.ok();
        let name = s.get("className").unwrap_or(&s["name"]);
        assert_eq!(name, "Account", "{tool}: {s}");
        assert!(!answer.text.contains("Acct"), "{tool}: {}", answer.text);
    }
    let answer = c.call(
        "get_method_source",
        json!({"className": "Acct", "selector": "owner:", "meta": true}),
    );
    assert!(
        answer
            .text
            .starts_with("\"Account class>>owner: (instance creation)\""),
        "{}",
        answer.text
    );
}

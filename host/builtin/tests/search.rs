//! The search family through the real server: implementors, senders,
//! references and source search over the fixture's bank, the cap of 200
//! methods with the true total, and source search scoped to a dictionary.

mod common;

use common::{Client, Server, start};
use serde_json::{Value, json};

/// Files in class `Audit` (in UserGlobals) with `n` methods that each
/// send #auditTrail to the class `AuditLog` and mention `balance` in a
/// comment, and commits.
fn file_in_audit_methods(server: &Server, n: usize) {
    let mut text = String::new();
    for class in ["AuditLog", "Audit"] {
        text.push_str(&format!(
            "run\nObject subclass: '{class}' instVarNames: #() classVars: #() \
             classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals\n%\n"
        ));
    }
    for i in 0..n {
        text.push_str(&format!(
            "category: 'generated'\nmethod: Audit\ncheck{i:03}\n\t\"the balance\"\n\t\
             ^ AuditLog auditTrail\n%\n"
        ));
    }
    let mut s = server.image.session();
    let report = gs_image::filein::file_in_text(&mut s, "audit.gs", &text);
    assert!(report.is_clean(), "{report:?}");
    s.commit().unwrap();
}

fn labels(s: &Value) -> Vec<String> {
    s["methods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let class = m["className"].as_str().unwrap();
            let selector = m["selector"].as_str().unwrap();
            if m["meta"] == true {
                format!("{class} class>>{selector}")
            } else {
                format!("{class}>>{selector}")
            }
        })
        .collect()
}

#[test]
fn find_implementors_lists_the_methods_of_a_selector_on_either_side() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("find_implementors", json!({"selector": "deposit:"}));
    assert_eq!(
        answer.ok(),
        &json!({
            "query": "deposit:",
            "total": 1,
            "truncated": false,
            "methods": [{"className": "Account", "meta": false, "selector": "deposit:"}]
        })
    );
    assert_eq!(
        answer.text,
        "1 method implements #deposit:\nAccount>>deposit:"
    );
    let answer = c.call("find_implementors", json!({"selector": "owner:"}));
    assert_eq!(labels(answer.ok()), ["Account class>>owner:"]);
}

#[test]
fn find_senders_lists_every_method_sending_a_selector() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("find_senders", json!({"selector": "balance"}));
    let s = answer.ok();
    assert_eq!(s["query"], "balance");
    assert_eq!(s["truncated"], false);
    assert_eq!(
        labels(s),
        [
            "Account>>deposit:",
            "Account>>withdraw:",
            "AccountTest>>testDeposit",
            "AccountTest>>testWithdrawGoesNegative",
            "SavingsAccount>>interest"
        ]
    );
    assert_eq!(s["total"], 5);
    assert!(
        answer
            .text
            .starts_with("5 methods send #balance\nAccount>>deposit:\n"),
        "{}",
        answer.text
    );
    let answer = c.call("find_senders", json!({"selector": "setOwner:"}));
    assert_eq!(labels(answer.ok()), ["Account class>>owner:"]);
}

#[test]
fn find_references_to_lists_the_methods_naming_a_class() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("find_references_to", json!({"name": "Account"}));
    let s = answer.ok();
    assert_eq!(
        labels(s),
        [
            "AccountTest>>testBadDeposit",
            "AccountTest>>testDeposit",
            "AccountTest>>testWithdrawGoesNegative"
        ]
    );
    assert_eq!(s["total"], 3);
    assert!(
        answer.text.starts_with("3 methods refer to Account\n"),
        "{}",
        answer.text
    );
}

#[test]
fn a_search_that_finds_nothing_is_an_empty_answer_not_an_error() {
    let server = start(false);
    let mut c = Client::connect(&server);
    for (tool, args, text) in [
        (
            "find_implementors",
            json!({"selector": "zork:"}),
            "No methods implement #zork:.",
        ),
        (
            "find_senders",
            json!({"selector": "zork:"}),
            "No methods send #zork:.",
        ),
        (
            // A class nothing refers to: it exists, so this is no error.
            "find_references_to",
            json!({"name": "SavingsAccount"}),
            "No methods refer to SavingsAccount.",
        ),
        (
            "search_method_source",
            json!({"pattern": "zork zork"}),
            "No methods contain \"zork zork\".",
        ),
    ] {
        let answer = c.call(tool, args);
        let s = answer.ok();
        assert_eq!(s["total"], 0, "{tool}");
        assert_eq!(s["methods"], json!([]), "{tool}");
        assert_eq!(s["truncated"], false, "{tool}");
        assert_eq!(answer.text, text, "{tool}");
    }
}

#[test]
fn find_references_to_a_name_that_names_nothing_is_not_found() {
    let server = start(false);
    let mut c = Client::connect(&server);
    for name in ["Foo-Bar", "NoSuchGlobal"] {
        let answer = c.call("find_references_to", json!({"name": name}));
        let message = answer.err("notFound");
        assert_eq!(
            message,
            format!(
                "no global, class, class variable or pool variable is named `{name}` in this \
                 image; check the spelling (list_dictionary_entries shows the globals)"
            )
        );
    }
    // A global bound but used by no method is an empty answer.
    c.call(
        "execute_code",
        json!({"code": "UserGlobals at: #Unused put: 3. true"}),
    )
    .ok();
    let answer = c.call("find_references_to", json!({"name": "Unused"}));
    assert_eq!(answer.ok()["total"], 0);
    assert_eq!(answer.text, "No methods refer to Unused.");
}

#[test]
fn searches_are_capped_at_200_methods_and_state_the_true_total() {
    let server = start(false);
    file_in_audit_methods(&server, 230);
    let mut c = Client::connect(&server);
    for (tool, args, first_line) in [
        (
            "find_senders",
            json!({"selector": "auditTrail"}),
            "230 methods send #auditTrail",
        ),
        (
            "find_references_to",
            json!({"name": "AuditLog"}),
            "230 methods refer to AuditLog",
        ),
        (
            "search_method_source",
            json!({"pattern": "the balance", "dictionaryName": "UserGlobals"}),
            "230 methods contain \"the balance\" in UserGlobals",
        ),
    ] {
        let answer = c.call(tool, args);
        let s = answer.ok();
        assert_eq!(s["total"], 230, "{tool}");
        assert_eq!(s["methods"].as_array().unwrap().len(), 200, "{tool}");
        assert_eq!(s["truncated"], true, "{tool}");
        let listed = labels(s);
        assert_eq!(listed[0], "Audit>>check000", "{tool}");
        assert_eq!(listed[199], "Audit>>check199", "{tool}");
        let lines: Vec<&str> = answer.text.lines().collect();
        assert_eq!(lines[0], first_line, "{tool}");
        assert_eq!(lines[1], "Audit>>check000", "{tool}");
        assert_eq!(lines.len(), 1 + 200 + 1, "{tool}");
        assert_eq!(
            lines[201],
            "… [showing the first 200 of 230 methods; narrow the search to see the rest]",
            "{tool}"
        );
    }
    // Implementors too: 201 classes each implementing #auditTrail.
    let mut text = String::new();
    for i in 0..201 {
        text.push_str(&format!(
            "run\nObject subclass: 'Auditor{i:03}' instVarNames: #() classVars: #() \
             classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals\n%\n\
             category: 'auditing'\nmethod: Auditor{i:03}\nauditTrail\n\t^ {i}\n%\n"
        ));
    }
    let mut session = server.image.session();
    let report = gs_image::filein::file_in_text(&mut session, "auditors.gs", &text);
    assert!(report.is_clean(), "{report:?}");
    session.commit().unwrap();
    c.call("refresh", json!({})).ok();
    let answer = c.call("find_implementors", json!({"selector": "auditTrail"}));
    let s = answer.ok();
    assert_eq!((&s["total"], &s["truncated"]), (&json!(201), &json!(true)));
    assert_eq!(labels(s).len(), 200);
    assert_eq!(labels(s)[199], "Auditor199>>auditTrail");
    assert!(
        answer
            .text
            .starts_with("201 methods implement #auditTrail\n")
            && answer.text.ends_with(
                "… [showing the first 200 of 201 methods; narrow the search to see the rest]"
            ),
        "{}",
        &answer.text[..80]
    );

    // Under the cap nothing is cut and there is no marker.
    let answer = c.call(
        "search_method_source",
        json!({"pattern": "check1", "dictionaryName": "UserGlobals"}),
    );
    let s = answer.ok();
    assert_eq!(
        (s["total"].clone(), s["truncated"].clone()),
        (json!(100), json!(false))
    );
    assert!(
        !answer.text.contains("showing the first"),
        "{}",
        answer.text
    );
}

#[test]
fn search_method_source_is_case_sensitive_and_can_be_scoped_to_a_dictionary() {
    let server = start(false);
    file_in_audit_methods(&server, 2);
    let mut c = Client::connect(&server);
    let answer = c.call("search_method_source", json!({"pattern": "balance :="}));
    assert_eq!(
        labels(answer.ok()),
        ["Account>>deposit:", "Account>>withdraw:"]
    );
    assert_eq!(
        answer.text,
        "2 methods contain \"balance :=\"\nAccount>>deposit:\nAccount>>withdraw:"
    );
    let answer = c.call("search_method_source", json!({"pattern": "BALANCE :="}));
    assert_eq!(answer.ok()["total"], 0, "case-sensitive");

    // `balance` is in the bank's methods and in the Audit class's comments;
    // scoped to a dictionary, only that dictionary's classes answer.
    let bank = [
        "Account>>balance",
        "Account>>deposit:",
        "Account>>withdraw:",
        "AccountTest>>testDeposit",
        "AccountTest>>testWithdrawGoesNegative",
        "SavingsAccount>>interest",
    ];
    let answer = c.call("search_method_source", json!({"pattern": "balance"}));
    let mut all: Vec<String> = bank.iter().map(|s| s.to_string()).collect();
    all.extend(["Audit>>check000".into(), "Audit>>check001".into()]);
    all.sort();
    assert_eq!(labels(answer.ok()), all);
    let answer = c.call(
        "search_method_source",
        json!({"pattern": "balance", "dictionaryName": "Bank"}),
    );
    assert_eq!(labels(answer.ok()), bank);
    assert!(
        answer
            .text
            .starts_with("6 methods contain \"balance\" in Bank\nAccount>>balance\n"),
        "{}",
        answer.text
    );
    let answer = c.call(
        "search_method_source",
        json!({"pattern": "balance", "dictionaryName": "UserGlobals"}),
    );
    assert_eq!(labels(answer.ok()), ["Audit>>check000", "Audit>>check001"]);
    // Instance side before class side; one hit reads in the singular.
    let answer = c.call(
        "search_method_source",
        json!({"pattern": "setOwner: aString"}),
    );
    assert_eq!(
        answer.text,
        "2 methods contain \"setOwner: aString\"\nAccount>>setOwner:\nAccount class>>owner:"
    );
    let answer = c.call("search_method_source", json!({"pattern": "rate ifNil:"}));
    assert_eq!(
        answer.text,
        "1 method contains \"rate ifNil:\"\nSavingsAccount>>interest"
    );
}

#[test]
fn search_method_source_in_an_unknown_dictionary_is_not_found() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "search_method_source",
        json!({"pattern": "balance", "dictionaryName": "Bnak"}),
    );
    let message = answer.err("notFound");
    assert!(message.contains("Bnak"), "{message}");
    assert!(
        message.contains("Bank"),
        "names the dictionaries there are: {message}"
    );
}

#[test]
fn an_empty_selector_name_pattern_or_dictionary_is_invalid_params() {
    let server = start(false);
    let mut c = Client::connect(&server);
    for (tool, args, name) in [
        ("find_implementors", json!({"selector": ""}), "`selector`"),
        ("find_senders", json!({"selector": " "}), "`selector`"),
        ("find_references_to", json!({"name": ""}), "`name`"),
        ("search_method_source", json!({"pattern": ""}), "`pattern`"),
        (
            "search_method_source",
            json!({"pattern": "balance", "dictionaryName": ""}),
            "omit the argument to search every dictionary",
        ),
    ] {
        let message = c.call(tool, args).err("invalidParams").to_string();
        assert!(message.contains(name), "{tool}: {message}");
    }
}

#[test]
fn the_search_tools_work_in_a_read_only_session() {
    let server = start(true);
    let mut c = Client::connect(&server);
    assert_eq!(
        c.call("find_implementors", json!({"selector": "balance"}))
            .ok()["total"],
        1
    );
    assert_eq!(
        c.call("find_senders", json!({"selector": "balance"})).ok()["total"],
        5
    );
    assert_eq!(
        c.call("find_references_to", json!({"name": "Account"}))
            .ok()["total"],
        3
    );
    assert_eq!(
        c.call(
            "search_method_source",
            json!({"pattern": "balance", "dictionaryName": "Bank"})
        )
        .ok()["total"],
        6
    );
}

#[test]
fn find_references_to_finds_globals_and_class_variables_too() {
    let server = start(false);
    let text = "run\nObject subclass: 'Tariff' instVarNames: #() classVars: #( Default ) \
                classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals\n%\n\
                run\nUserGlobals at: #TariffLimit put: 500\n%\n\
                category: 'defaults'\nclassmethod: Tariff\ndefault\n\t^ Default ifNil: [TariffLimit]\n%\n\
                category: 'defaults'\nclassmethod: Tariff\nreset\n\tDefault := nil\n%\n";
    let mut s = server.image.session();
    let report = gs_image::filein::file_in_text(&mut s, "tariff.gs", text);
    assert!(report.is_clean(), "{report:?}");
    s.commit().unwrap();
    let mut c = Client::connect(&server);
    let answer = c.call("find_references_to", json!({"name": "Default"}));
    assert_eq!(
        labels(answer.ok()),
        ["Tariff class>>default", "Tariff class>>reset"]
    );
    let answer = c.call("find_references_to", json!({"name": "TariffLimit"}));
    assert_eq!(labels(answer.ok()), ["Tariff class>>default"]);
    assert_eq!(
        answer.text,
        "1 method refers to TariffLimit\nTariff class>>default"
    );
}

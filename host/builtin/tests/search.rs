//! The search family end to end, through the real server: the cap of 200
//! methods with the true total, on hundreds of methods and classes filed
//! in through Topaz before the client connects (and, for implementors,
//! after: a `refresh` makes them visible).
//!
//! Every other search check — each tool's `structuredContent`, text and
//! errors, scoping to a dictionary, class variables and globals, read-only
//! sessions — is a case in `cases/search.json`, run without HTTP by
//! `tool_cases.rs`. The cap stays here as the family's smoke test: its
//! setup is hundreds of methods, which as case steps would be hundreds of
//! `compile_method` calls.

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

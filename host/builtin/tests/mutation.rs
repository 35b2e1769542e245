//! The mutation family through the real server: `add_dictionary`,
//! `compile_class_definition`, `compile_method`, `delete_class`,
//! `delete_method`, `remove_dictionary` and `set_class_comment`.
//!
//! Every mutation commits, so each success test here checks what a second
//! client sees after `refresh`; that needs two clients. A read-only server
//! answers every mutation with a JSON-RPC error, which only the transport
//! shows. The refusals of a single session — unknown classes, selectors
//! and dictionaries, empty or ill-typed arguments, the kernel-class guard
//! by name and through an alias, classes with subclasses, standard
//! dictionaries, a source that is not one class definition, a reshape of
//! a class with subclasses — and that they change nothing are cases in
//! `cases/mutation.json`, run without HTTP by `tool_cases.rs`.
//!
//! Not yet moved (issue 16, item 3 is unfinished here): the
//! compile-error, reshape and definition tests below partly check one
//! session's answers too; each is still to be read for what a case can
//! state.

mod common;

use common::{Client, start};
use serde_json::{Value, json};

fn refresh(c: &mut Client) {
    c.call("refresh", json!({})).ok();
}

fn uncommitted(c: &mut Client) -> bool {
    c.call("status", json!({})).ok()["uncommittedChanges"]
        .as_bool()
        .unwrap()
}

fn method_source(c: &mut Client, class: &str, selector: &str, meta: bool) -> Option<String> {
    let answer = c.call(
        "get_method_source",
        json!({"className": class, "selector": selector, "meta": meta}),
    );
    if answer.is_error {
        answer.err("notFound");
        None
    } else {
        Some(answer.ok()["source"].as_str().unwrap().to_string())
    }
}

fn describe(c: &mut Client, class: &str) -> Option<Value> {
    let answer = c.call("describe_class", json!({"className": class}));
    if answer.is_error {
        answer.err("notFound");
        None
    } else {
        Some(answer.ok().clone())
    }
}

fn definition(class: &str, superclass: &str, inst_vars: &str, dictionary: &str) -> String {
    format!(
        "{superclass} subclass: '{class}'\n  instVarNames: #({inst_vars})\n  classVars: #()\n  \
         classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: {dictionary}"
    )
}

// ---------------------------------------------------------------------
// compile_method
// ---------------------------------------------------------------------

#[test]
fn compile_method_commits_and_a_second_client_sees_it_after_refresh() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let mut other = Client::connect(&server);
    let answer = c.call(
        "compile_method",
        json!({
            "className": "Account",
            "source": "owner\n\t^ owner",
            "category": "accessing"
        }),
    );
    let s = answer.ok();
    assert_eq!(s["className"], "Account");
    assert_eq!(s["selector"], "owner");
    assert_eq!(s["meta"], false);
    assert_eq!(s["category"], "accessing");
    assert_eq!(
        s["message"],
        "Compiled Account>>owner in category 'accessing'."
    );
    let commit = s["commit"].as_u64().unwrap();
    assert_eq!(
        answer.text,
        format!("Compiled Account>>owner in category 'accessing'. (commit {commit})")
    );
    assert!(!uncommitted(&mut c), "compile_method commits");

    // The other session's view predates the commit until it refreshes.
    assert_eq!(method_source(&mut other, "Account", "owner", false), None);
    refresh(&mut other);
    assert_eq!(
        method_source(&mut other, "Account", "owner", false).as_deref(),
        Some("owner\n\t^ owner")
    );

    // A class-side method, in the default category.
    let s = c
        .call(
            "compile_method",
            json!({
                "className": "Account",
                "source": "named: aString\n\t^ self owner: aString",
                "meta": true
            }),
        )
        .ok()
        .clone();
    assert_eq!(s["meta"], true);
    assert_eq!(s["category"], "as yet unclassified");
    assert_eq!(
        s["message"],
        "Compiled Account class>>named: in category 'as yet unclassified'."
    );
    assert!(s["commit"].as_u64().unwrap() > commit);
    refresh(&mut other);
    assert!(method_source(&mut other, "Account", "named:", true).is_some());
    assert_eq!(method_source(&mut other, "Account", "named:", false), None);

    // Compiling an existing selector replaces the method, and the new
    // code runs.
    c.call(
        "compile_method",
        json!({"className": "Account", "source": "balance\n\t^ (balance ifNil: [0]) + 1000"}),
    )
    .ok();
    refresh(&mut other);
    let run = other
        .call("execute_code", json!({"code": "Account new balance"}))
        .ok()
        .clone();
    assert_eq!(run["result"], "1000");

    // Through an alias, the answer names the class itself.
    let mut s = server.image.session();
    let account = s.class_id("Account").unwrap();
    s.bind("Bank", "Acct", gs_image::DictionaryEntry::Class(account))
        .unwrap();
    s.commit().unwrap();
    refresh(&mut c);
    let s = c
        .call(
            "compile_method",
            json!({"className": "Acct", "source": "isOpen\n\t^ true"}),
        )
        .ok()
        .clone();
    assert_eq!(s["className"], "Account");
    assert_eq!(
        s["message"],
        "Compiled Account>>isOpen in category 'as yet unclassified'."
    );
    assert!(method_source(&mut c, "Account", "isOpen", false).is_some());
}

/// Compiles `source` into Account (category `accessing`) as `c`.
fn compile(c: &mut Client, source: &str) -> common::ToolAnswer {
    c.call(
        "compile_method",
        json!({"className": "Account", "source": source, "category": "accessing"}),
    )
}

#[test]
fn an_edit_of_a_stale_read_is_refused_after_a_conflict_and_its_abort() {
    let server = start(false);
    let (mut a, mut b) = (Client::connect(&server), Client::connect(&server));
    let read = "balance\n\t^ balance ifNil: [0]";
    assert_eq!(
        method_source(&mut a, "Account", "balance", false).as_deref(),
        Some(read)
    );
    let fix = "balance\n\t\"B: never nil\"\n\t^ balance ifNil: [0.0]";
    compile(&mut b, fix).ok();

    // A's view predates B's commit: its edit conflicts, and the message
    // says to read again rather than redo.
    let edit = "balance\n\t\"A: cleanup\"\n\t^ balance ifNil: [0]";
    let conflict = compile(&mut a, edit);
    let message = conflict.err("other").to_string();
    assert!(message.contains("read again what conflicted"), "{message}");
    assert!(!message.contains("then redo them"), "{message}");
    // It says once what happened and once what to do: the change is kept
    // uncommitted, and the conflict's own remedy (abort, read again) is
    // not followed by a second, contradicting one.
    assert!(
        message.starts_with(
            "compiling Account>>balance took effect in this session but was not committed (it \
             stays in the session, uncommitted): "
        ),
        "{message}"
    );
    assert!(!message.contains("resolve the conflict"), "{message}");
    a.call("abort", json!({})).ok();

    // Repeating the same edit now is refused, showing B's source.
    let again = compile(&mut a, edit);
    let text = again.err("staleRead").to_string();
    assert!(
        text.contains("has changed since this session last read it"),
        "{text}"
    );
    assert!(text.ends_with(fix), "{text}");
    assert_eq!(again.structured["error"]["currentSource"], fix);
    assert_eq!(
        method_source(&mut b, "Account", "balance", false).as_deref(),
        Some(fix)
    );
    // Retried unchanged, it is still refused.
    compile(&mut a, edit).err("staleRead");

    // The edit applied to the current source goes through.
    let merged = "balance\n\t\"B: never nil\" \"A: cleanup\"\n\t^ balance ifNil: [0.0]";
    compile(&mut a, merged).ok();
    refresh(&mut b);
    assert_eq!(
        method_source(&mut b, "Account", "balance", false).as_deref(),
        Some(merged)
    );
}

#[test]
fn an_edit_of_a_stale_read_is_refused_when_the_view_moved_without_a_conflict() {
    let server = start(false);
    let (mut a, mut b) = (Client::connect(&server), Client::connect(&server));
    method_source(&mut a, "Account", "balance", false).unwrap();
    let fix = "balance\n\t^ balance ifNil: [-1]";
    compile(&mut b, fix).ok();
    // A commits something else first: its view moves past B's fix.
    compile(&mut a, "owner\n\t^ owner").ok();
    let stale = compile(&mut a, "balance\n\t^ balance ifNil: [0] \"A\"");
    stale.err("staleRead");
    assert_eq!(stale.structured["error"]["currentSource"], fix);
    refresh(&mut b);
    assert_eq!(
        method_source(&mut b, "Account", "balance", false).as_deref(),
        Some(fix)
    );

    // `force: true` replaces it knowingly; a method never read compiles.
    let forced = "balance\n\t^ 0";
    a.call(
        "compile_method",
        json!({"className": "Account", "source": forced, "force": true}),
    )
    .ok();
    compile(
        &mut a,
        "withdraw: amount\n\tbalance := self balance - amount - 1",
    )
    .ok();
    refresh(&mut b);
    assert_eq!(
        method_source(&mut b, "Account", "balance", false).as_deref(),
        Some(forced)
    );
}

#[test]
fn a_mutation_names_the_earlier_uncommitted_changes_its_commit_carried() {
    let server = start(false);
    let (mut c, mut other) = (Client::connect(&server), Client::connect(&server));
    c.call(
        "execute_code",
        json!({"code": "UserGlobals at: #Scratch put: 'experiment'. #done"}),
    )
    .ok();
    let answer = compile(&mut c, "hello\n\t^ 'hello'");
    let s = answer.ok();
    let also: Vec<&str> = s["alsoCommitted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(
        also.contains(&"dictionary entry UserGlobals at #Scratch"),
        "{also:?}"
    );
    let message = s["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!(
            "Compiled Account>>hello in category 'accessing'. The commit also carried {} other \
             uncommitted change(s)",
            also.len()
        )),
        "{message}"
    );
    assert!(
        message.contains("dictionary entry UserGlobals at #Scratch"),
        "{message}"
    );
    assert!(answer.text.starts_with(message), "{}", answer.text);
    // It was committed indeed: another session sees it.
    refresh(&mut other);
    let seen = other.call("execute_code", json!({"code": "UserGlobals at: #Scratch"}));
    assert_eq!(seen.ok()["result"], "'experiment'");
}

#[test]
fn compile_method_reports_every_compile_error_with_its_position_and_changes_nothing() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let original = method_source(&mut c, "Account", "withdraw:", false).unwrap();
    let answer = c.call(
        "compile_method",
        json!({
            "className": "Account",
            "source": "withdraw: amount\n\tbalance := self balance - amont.\n\t^ totl",
            "category": "operations"
        }),
    );
    let message = answer.err("compileError").to_string();
    let errors = answer.structured["error"]["errors"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(errors.len(), 2, "both errors are reported: {errors:?}");
    assert_eq!(errors[0]["line"], 2);
    assert_eq!(errors[0]["column"], 28);
    assert!(
        errors[0]["message"].as_str().unwrap().contains("amont"),
        "{errors:?}"
    );
    assert_eq!(errors[1]["line"], 3);
    assert_eq!(errors[1]["column"], 4);
    assert!(
        errors[1]["message"].as_str().unwrap().contains("totl"),
        "{errors:?}"
    );
    assert!(
        message.contains("amont") && message.contains("totl"),
        "{message}"
    );
    // Nothing changed, in this session or for anyone else.
    assert!(!uncommitted(&mut c));
    assert_eq!(
        method_source(&mut c, "Account", "withdraw:", false).as_deref(),
        Some(original.as_str())
    );
    let mut other = Client::connect(&server);
    assert_eq!(
        method_source(&mut other, "Account", "withdraw:", false).as_deref(),
        Some(original.as_str())
    );

    // A syntax error has a position too.
    let answer = c.call(
        "compile_method",
        json!({"className": "Account", "source": "broken\n\t^ (1 + "}),
    );
    answer.err("compileError");
    let errors = answer.structured["error"]["errors"].as_array().unwrap();
    assert!(!errors.is_empty());
    assert_eq!(errors[0]["line"], 2, "{errors:?}");
    assert!(errors[0]["column"].as_u64().unwrap() >= 1);
    assert_eq!(method_source(&mut c, "Account", "broken", false), None);
}

// ---------------------------------------------------------------------
// compile_class_definition
// ---------------------------------------------------------------------

#[test]
fn compile_class_definition_creates_a_class_that_a_second_client_sees_after_refresh() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let mut other = Client::connect(&server);
    let source = definition("Loan", "Object", "principal rate", "Bank");
    let answer = c.call("compile_class_definition", json!({"source": source}));
    let s = answer.ok().clone();
    let commit = s["commit"].as_u64().unwrap();
    assert_eq!(
        s,
        json!({
            "className": "Loan",
            "dictionary": "Bank",
            "change": "created",
            "recompiled": [],
            "failed": [],
            "message": "Class Loan created in Bank.",
            "commit": commit,
            "alsoCommitted": []
        })
    );
    assert_eq!(
        answer.text,
        format!("Class Loan created in Bank. (commit {commit})")
    );
    assert!(!uncommitted(&mut c));
    assert_eq!(describe(&mut other, "Loan"), None);
    // The other client is told how to see a class it cannot see yet.
    let unseen = other.call("describe_class", json!({"className": "Loan"}));
    let message = unseen.err("notFound").to_string();
    assert!(
        message.ends_with(
            "If another session has just defined it, `refresh` (or `abort`) to see the newest \
             commit"
        ),
        "{message}"
    );
    refresh(&mut other);
    let loan = describe(&mut other, "Loan").unwrap();
    assert_eq!(loan["dictionary"], "Bank");
    assert_eq!(loan["superclass"], "Object");
    assert_eq!(loan["instanceVariables"], json!(["principal", "rate"]));

    // The same definition again changes nothing.
    let s = c
        .call("compile_class_definition", json!({"source": source}))
        .ok()
        .clone();
    assert_eq!(s["change"], "unchanged");
    assert_eq!(s["message"], "Class Loan unchanged in Bank.");

    // Without inDictionary: the class goes to UserGlobals.
    let s = c
        .call(
            "compile_class_definition",
            json!({"source": "Object subclass: 'Scratch' instVarNames: #() classVars: #() \
                   classInstVars: #() poolDictionaries: #()"}),
        )
        .ok()
        .clone();
    assert_eq!(s["dictionary"], "UserGlobals");
    assert_eq!(s["change"], "created");
}

#[test]
fn compile_class_definition_updates_and_reshapes_recompiling_methods_and_reporting_failures() {
    let server = start(false);
    let mut c = Client::connect(&server);
    c.call(
        "compile_class_definition",
        json!({"source": definition("Teller", "Object", "name till", "Bank")}),
    )
    .ok();
    for source in [
        "name\n\t^ name",
        "till\n\t^ till ifNil: [0]",
        "greet\n\t^ 'hello'",
    ] {
        c.call(
            "compile_method",
            json!({"className": "Teller", "source": source, "category": "accessing"}),
        )
        .ok();
    }

    // A category only: the shape stays, nothing is recompiled.
    let s = c
        .call(
            "compile_class_definition",
            json!({"source": format!("{}\n  category: 'Bank-Staff'",
                definition("Teller", "Object", "name till", "Bank"))}),
        )
        .ok()
        .clone();
    assert_eq!(s["change"], "updated");
    assert_eq!(s["recompiled"], json!([]));
    assert_eq!(
        describe(&mut c, "Teller").unwrap()["category"],
        "Bank-Staff"
    );

    // A new instance variable: every method is recompiled onto the new shape.
    let s = c
        .call(
            "compile_class_definition",
            json!({"source": definition("Teller", "Object", "name till desk", "Bank")}),
        )
        .ok()
        .clone();
    assert_eq!(s["change"], "reshaped");
    let mut recompiled: Vec<&str> = s["recompiled"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["selector"].as_str().unwrap())
        .collect();
    recompiled.sort();
    assert_eq!(recompiled, ["greet", "name", "till"]);
    assert_eq!(s["failed"], json!([]));
    assert_eq!(
        s["message"],
        "Class Teller reshaped in Bank. 3 method(s) recompiled."
    );

    // Dropping `till`: the method using it no longer compiles, is reported
    // with its source and errors, and is removed; the others survive.
    let mut other = Client::connect(&server);
    let answer = c.call(
        "compile_class_definition",
        json!({"source": definition("Teller", "Object", "name desk", "Bank")}),
    );
    let s = answer.ok().clone();
    assert_eq!(s["change"], "reshaped");
    let failed = s["failed"].as_array().unwrap();
    assert_eq!(failed.len(), 1, "{s}");
    assert_eq!(failed[0]["className"], "Teller");
    assert_eq!(failed[0]["meta"], false);
    assert_eq!(failed[0]["selector"], "till");
    assert_eq!(failed[0]["source"], "till\n\t^ till ifNil: [0]");
    assert_eq!(
        failed[0]["category"], "accessing",
        "to compile it again into"
    );
    let error = failed[0]["errors"][0].as_str().unwrap();
    assert!(
        error.starts_with("line 2, column 4:") && error.contains("till"),
        "{error}"
    );
    assert!(
        answer
            .text
            .contains("1 method(s) no longer compile and were removed")
            && answer.text.contains("Teller>>till, line 2, column 4"),
        "{}",
        answer.text
    );
    assert_eq!(method_source(&mut c, "Teller", "till", false), None);
    assert!(method_source(&mut c, "Teller", "name", false).is_some());
    refresh(&mut other);
    assert_eq!(
        describe(&mut other, "Teller").unwrap()["instanceVariables"],
        json!(["name", "desk"])
    );
    assert_eq!(method_source(&mut other, "Teller", "till", false), None);
}

#[test]
fn compile_class_definition_without_recompiling_refuses_a_reshape_that_breaks_a_method() {
    let server = start(false);
    let mut c = Client::connect(&server);
    c.call(
        "compile_class_definition",
        json!({"source": definition("Vault", "Object", "gold", "Bank")}),
    )
    .ok();
    c.call(
        "compile_method",
        json!({"className": "Vault", "source": "gold\n\t^ gold"}),
    )
    .ok();
    let answer = c.call(
        "compile_class_definition",
        json!({
            "source": definition("Vault", "Object", "silver", "Bank"),
            "recompileMethods": false
        }),
    );
    let message = answer.err("refused");
    assert!(
        message.contains("would break 1 method(s): Vault>>gold"),
        "{message}"
    );
    assert!(
        message.contains("without `recompileMethods: false`")
            && !message.contains("RecompilePolicy"),
        "the remedy names the tool's argument, not the image's API: {message}"
    );
    assert!(!uncommitted(&mut c));
    assert_eq!(
        describe(&mut c, "Vault").unwrap()["instanceVariables"],
        json!(["gold"])
    );
    assert!(method_source(&mut c, "Vault", "gold", false).is_some());
    // A reshape no method objects to goes through.
    let s = c
        .call(
            "compile_class_definition",
            json!({
                "source": definition("Vault", "Object", "gold silver", "Bank"),
                "recompileMethods": false
            }),
        )
        .ok()
        .clone();
    assert_eq!(s["change"], "reshaped");
}

#[test]
fn a_temporary_named_like_an_instance_variable_does_not_compile_and_does_not_survive_a_reshape() {
    let server = start(false);
    let mut c = Client::connect(&server);
    // As in GemStone: a local may not hide an instance variable.
    let answer = c.call(
        "compile_method",
        json!({"className": "Account", "source": "peek\n\t| balance |\n\tbalance := 0.\n\t^ balance"}),
    );
    let message = answer.err("compileError");
    assert!(
        message.contains(
            "line 2, column 4: `balance` is an instance variable of the class and cannot also \
             be a temporary; rename it"
        ),
        "{message}"
    );
    assert_eq!(
        answer.structured["error"]["errors"][0]["line"], 2,
        "{}",
        answer.structured
    );
    assert_eq!(method_source(&mut c, "Account", "peek", false), None);

    // A method declaring `| tmp |`, then a redefinition adding `tmp`.
    c.call(
        "compile_class_definition",
        json!({"source": definition("Scratch", "Object", "x", "Bank")}),
    )
    .ok();
    c.call(
        "compile_method",
        json!({"className": "Scratch", "source": "work\n\t| tmp |\n\ttmp := x.\n\t^ tmp"}),
    )
    .ok();
    let answer = c.call(
        "compile_class_definition",
        json!({
            "source": definition("Scratch", "Object", "x tmp", "Bank"),
            "recompileMethods": false
        }),
    );
    let message = answer.err("refused");
    assert!(message.contains("Scratch>>work"), "{message}");
    assert!(method_source(&mut c, "Scratch", "work", false).is_some());
    let s = c
        .call(
            "compile_class_definition",
            json!({"source": definition("Scratch", "Object", "x tmp", "Bank")}),
        )
        .ok()
        .clone();
    assert_eq!(s["change"], "reshaped");
    let failed = s["failed"].as_array().unwrap();
    assert_eq!(failed.len(), 1, "{s}");
    assert_eq!(failed[0]["selector"], "work");
    assert_eq!(
        failed[0]["errors"][0],
        "line 2, column 4: `tmp` is an instance variable of the class and cannot also be a \
         temporary; rename it"
    );
    assert_eq!(method_source(&mut c, "Scratch", "work", false), None);
}

#[test]
fn compile_class_definition_applies_the_comment_and_category_written_beside_it() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let source = format!(
        "{}.\nBranch comment: 'A branch office.'.\nBranch category: 'Bank-Branches'",
        definition("Branch", "Object", "city", "Bank")
    );
    let s = c
        .call("compile_class_definition", json!({"source": source}))
        .ok()
        .clone();
    assert_eq!(s["change"], "created");
    let mut other = Client::connect(&server);
    let branch = describe(&mut other, "Branch").unwrap();
    assert_eq!(branch["comment"], "A branch office.");
    assert_eq!(branch["category"], "Bank-Branches");
    // A new comment alone is an update, not "unchanged".
    let source = format!(
        "{}.\nBranch comment: 'A branch office of the bank.'.\nBranch category: 'Bank-Branches'",
        definition("Branch", "Object", "city", "Bank")
    );
    let s = c
        .call("compile_class_definition", json!({"source": source}))
        .ok()
        .clone();
    assert_eq!(s["change"], "updated");
    assert_eq!(
        describe(&mut c, "Branch").unwrap()["comment"],
        "A branch office of the bank."
    );
    // Statements about anything else are refused, not dropped.
    for (extra, what) in [
        ("UserGlobals at: #Rate put: 3", "global Rate"),
        ("Account comment: 'changed'", "a statement about Account"),
    ] {
        let source = format!("{}.\n{extra}", definition("Kiosk", "Object", "", "Bank"));
        let message = c
            .call("compile_class_definition", json!({"source": source}))
            .err("invalidParams")
            .to_string();
        assert!(
            message.contains(what) && message.contains("use execute_code"),
            "{message}"
        );
    }
    assert_eq!(describe(&mut c, "Kiosk"), None);
    assert_eq!(
        describe(&mut c, "Account").unwrap()["comment"],
        "A bank account holding a balance."
    );
}

// ---------------------------------------------------------------------
// delete_class, delete_method, set_class_comment
// ---------------------------------------------------------------------

#[test]
fn delete_class_removes_an_application_class_for_everyone() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let mut other = Client::connect(&server);
    let answer = c.call("delete_class", json!({"className": "SavingsAccount"}));
    let s = answer.ok().clone();
    let commit = s["commit"].as_u64().unwrap();
    assert_eq!(
        s,
        json!({"message": "Deleted class SavingsAccount and its methods.", "commit": commit, "alsoCommitted": []})
    );
    assert_eq!(
        answer.text,
        format!("Deleted class SavingsAccount and its methods. (commit {commit})")
    );
    assert!(describe(&mut other, "SavingsAccount").is_some());
    refresh(&mut other);
    assert_eq!(describe(&mut other, "SavingsAccount"), None);
    assert_eq!(
        method_source(&mut other, "SavingsAccount", "interest", false),
        None
    );
    // Now Account has no subclasses and can go too.
    c.call("delete_class", json!({"className": "Account"})).ok();
}

#[test]
fn delete_method_removes_one_method_on_either_side() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let mut other = Client::connect(&server);
    let answer = c.call(
        "delete_method",
        json!({"className": "Account", "selector": "withdraw:"}),
    );
    let s = answer.ok().clone();
    let commit = s["commit"].as_u64().unwrap();
    assert_eq!(
        s,
        json!({"message": "Deleted Account>>withdraw:.", "commit": commit, "alsoCommitted": []})
    );
    assert_eq!(
        answer.text,
        format!("Deleted Account>>withdraw:. (commit {commit})")
    );
    refresh(&mut other);
    assert_eq!(
        method_source(&mut other, "Account", "withdraw:", false),
        None
    );
    assert!(method_source(&mut other, "Account", "deposit:", false).is_some());

    // The class side needs meta; without it the selector is not found.
    let message = c
        .call(
            "delete_method",
            json!({"className": "Account", "selector": "owner:"}),
        )
        .err("notFound")
        .to_string();
    assert!(message.contains("owner:"), "{message}");
    let s = c
        .call(
            "delete_method",
            json!({"className": "Account", "selector": "owner:", "meta": true}),
        )
        .ok()
        .clone();
    assert_eq!(s["message"], "Deleted Account class>>owner:.");
    assert_eq!(method_source(&mut c, "Account", "owner:", true), None);
}

#[test]
fn set_class_comment_replaces_the_comment_for_everyone() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let mut other = Client::connect(&server);
    let answer = c.call(
        "set_class_comment",
        json!({"className": "SavingsAccount", "comment": "An account that earns interest."}),
    );
    let s = answer.ok().clone();
    let commit = s["commit"].as_u64().unwrap();
    assert_eq!(
        s,
        json!({"message": "Set the comment of SavingsAccount.", "commit": commit, "alsoCommitted": []})
    );
    assert_eq!(
        answer.text,
        format!("Set the comment of SavingsAccount. (commit {commit})")
    );
    refresh(&mut other);
    assert_eq!(
        describe(&mut other, "SavingsAccount").unwrap()["comment"],
        "An account that earns interest."
    );
    // An empty comment clears it.
    c.call(
        "set_class_comment",
        json!({"className": "SavingsAccount", "comment": ""}),
    )
    .ok();
    assert_eq!(describe(&mut c, "SavingsAccount").unwrap()["comment"], "");
}

// ---------------------------------------------------------------------
// add_dictionary, remove_dictionary
// ---------------------------------------------------------------------

fn dictionaries(c: &mut Client) -> Vec<String> {
    c.call("list_dictionaries", json!({})).ok()["dictionaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn add_dictionary_appends_a_dictionary_that_a_second_client_sees_after_refresh() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let mut other = Client::connect(&server);
    let answer = c.call("add_dictionary", json!({"dictionaryName": "Ledger"}));
    let s = answer.ok().clone();
    let commit = s["commit"].as_u64().unwrap();
    assert_eq!(
        s,
        json!({
            "message": "Added symbol dictionary Ledger at the end of the symbol list.",
            "commit": commit,
            "alsoCommitted": []
        })
    );
    assert_eq!(
        answer.text,
        format!("Added symbol dictionary Ledger at the end of the symbol list. (commit {commit})")
    );
    assert_eq!(
        dictionaries(&mut c).last().map(String::as_str),
        Some("Ledger")
    );
    assert!(!dictionaries(&mut other).contains(&"Ledger".to_string()));
    refresh(&mut other);
    assert!(dictionaries(&mut other).contains(&"Ledger".to_string()));
    // Classes can live in it.
    c.call(
        "compile_class_definition",
        json!({"source": definition("Entry", "Object", "amount", "Ledger")}),
    )
    .ok();
}

#[test]
fn remove_dictionary_removes_an_empty_application_dictionary_for_everyone() {
    let server = start(false);
    let mut c = Client::connect(&server);
    c.call("add_dictionary", json!({"dictionaryName": "Scratchpad"}))
        .ok();
    let mut other = Client::connect(&server);
    assert!(dictionaries(&mut other).contains(&"Scratchpad".to_string()));
    let answer = c.call("remove_dictionary", json!({"dictionaryName": "Scratchpad"}));
    let s = answer.ok().clone();
    let commit = s["commit"].as_u64().unwrap();
    assert_eq!(
        s,
        json!({"message": "Removed symbol dictionary Scratchpad.", "commit": commit, "alsoCommitted": []})
    );
    assert_eq!(
        answer.text,
        format!("Removed symbol dictionary Scratchpad. (commit {commit})")
    );
    refresh(&mut other);
    assert!(!dictionaries(&mut other).contains(&"Scratchpad".to_string()));
}

// ---------------------------------------------------------------------
// Read-only
// ---------------------------------------------------------------------

#[test]
fn a_read_only_server_refuses_every_mutation_as_read_only() {
    let server = start(true);
    let mut c = Client::connect(&server);
    let calls = [
        ("add_dictionary", json!({"dictionaryName": "Ledger"})),
        (
            "compile_class_definition",
            json!({"source": definition("Loan", "Object", "", "Bank")}),
        ),
        (
            "compile_method",
            json!({"className": "Account", "source": "owner ^ owner"}),
        ),
        ("delete_class", json!({"className": "SavingsAccount"})),
        (
            "delete_method",
            json!({"className": "Account", "selector": "balance"}),
        ),
        ("remove_dictionary", json!({"dictionaryName": "Bank"})),
        (
            "set_class_comment",
            json!({"className": "Account", "comment": "x"}),
        ),
    ];
    for (tool, args) in calls {
        let (response, _) = c.request("tools/call", json!({"name": tool, "arguments": args}));
        assert_eq!(response["error"]["code"], -32601, "{tool}: {response}");
        assert_eq!(
            response["error"]["data"]["kind"], "readOnly",
            "{tool}: {response}"
        );
    }
    // Nothing changed.
    assert!(describe(&mut c, "Loan").is_none());
    assert!(method_source(&mut c, "Account", "balance", false).is_some());
    assert!(describe(&mut c, "SavingsAccount").is_some());
}

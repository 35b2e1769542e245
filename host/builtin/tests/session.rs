//! The session family through the real server: what two clients or the
//! session's own history show. `commit` makes a change visible to other
//! clients once they move to a newer view (`refresh` or `abort`), a
//! conflicting commit keeps its changes, `abort` discards (for everyone),
//! `status` reports the image's label and newest commit and a session id
//! of each client's own, a read-only server answers `commit` with a
//! JSON-RPC error, and commit, abort and refresh answer the view `status`
//! reported before (a value a case cannot carry from one step to the
//! next).
//!
//! The single-session checks — `refresh` refused while changes are
//! pending, the session tools taking no arguments, a doit binding a global
//! and compiling a method naming it, a kernel binding's removal refused at
//! commit — are cases in `cases/session.json`, run without HTTP by
//! `tool_cases.rs`.

mod common;

use common::{Client, Server, start};
use serde_json::{Value, json};

/// A doit defining class `name` in UserGlobals (an uncommitted change).
fn define(c: &mut Client, name: &str) {
    c.call(
        "execute_code",
        json!({"code": format!(
            "Object subclass: '{name}' instVarNames: #( total ) classVars: #() \
             classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals"
        )}),
    )
    .ok();
}

fn sees(c: &mut Client, name: &str) -> bool {
    let answer = c.call("describe_class", json!({"className": name}));
    if answer.is_error {
        answer.err("notFound");
        false
    } else {
        true
    }
}

fn status(c: &mut Client) -> Value {
    c.call("status", json!({})).ok().clone()
}

fn two_clients(server: &Server) -> (Client, Client) {
    (Client::connect(server), Client::connect(server))
}

#[test]
fn a_commit_is_seen_by_another_client_after_its_refresh_or_abort() {
    let server = start(false);
    let (mut writer, mut reader) = two_clients(&server);
    let mut aborter = Client::connect(&server);
    let before = status(&mut reader)["view"].as_u64().unwrap();

    define(&mut writer, "Ledger");
    assert!(sees(&mut writer, "Ledger"), "a session sees its own change");
    assert!(
        !sees(&mut reader, "Ledger"),
        "uncommitted: nobody else does"
    );

    let answer = writer.call("commit", json!({}));
    let s = answer.ok();
    let view = s["view"].as_u64().unwrap();
    assert!(view > before, "{s}");
    assert_eq!(s["committed"], true, "{s}");
    assert_eq!(answer.text, format!("Committed as commit {view}."));
    assert_eq!(s["message"], answer.text.as_str());
    assert_eq!(status(&mut writer)["uncommittedChanges"], false);

    // The reader's status says its view is behind, and how to catch up.
    let answer = reader.call("status", json!({}));
    assert_eq!(answer.ok()["view"], before);
    assert_eq!(answer.ok()["newestCommit"], view);
    assert!(
        answer.text.ends_with(&format!(
            "newest commit: {view} ({} newer than the view, by other sessions; refresh to see \
             them)",
            view - before
        )),
        "{}",
        answer.text
    );

    // The reader keeps its view until it moves.
    assert!(
        !sees(&mut reader, "Ledger"),
        "a view does not change under a client"
    );
    let answer = reader.call("refresh", json!({}));
    assert_eq!(answer.ok()["view"], view);
    assert_eq!(answer.text, format!("Refreshed: now seeing commit {view}."));
    assert!(sees(&mut reader, "Ledger"));
    assert_eq!(status(&mut reader)["view"], view);

    // abort also moves to the newest view.
    assert!(!sees(&mut aborter, "Ledger"));
    let answer = aborter.call("abort", json!({}));
    assert_eq!(answer.ok()["view"], view);
    assert!(sees(&mut aborter, "Ledger"));
}

#[test]
fn a_commit_without_changes_says_there_was_nothing_to_commit() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let view = status(&mut c)["view"].as_u64().unwrap();
    let answer = c.call("commit", json!({}));
    let s = answer.ok();
    assert_eq!(s["committed"], false);
    assert_eq!(s["view"], view);
    assert_eq!(
        answer.text,
        format!("Nothing to commit; the session is at commit {view}.")
    );
}

#[test]
fn a_conflicting_commit_fails_naming_the_conflict_and_keeps_the_changes() {
    let server = start(false);
    let (mut first, mut second) = two_clients(&server);
    define(&mut first, "Clash");
    define(&mut second, "Clash");
    first.call("commit", json!({})).ok();
    let answer = second.call("commit", json!({}));
    let message = answer.err("other").to_string();
    let conflicts = answer.structured["error"]["conflicts"].as_array().unwrap();
    assert!(
        conflicts
            .iter()
            .any(|c| c.as_str().unwrap().contains("Clash")),
        "{answer:?}"
    );
    assert!(message.contains("Clash"), "{message}");
    // Nothing was lost: the session still has its changes, and abort
    // gets it onto the winner's view.
    assert_eq!(status(&mut second)["uncommittedChanges"], true);
    second.call("abort", json!({})).ok();
    assert_eq!(status(&mut second)["uncommittedChanges"], false);
    assert!(sees(&mut second, "Clash"));
}

#[test]
fn abort_discards_uncommitted_changes() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let view = status(&mut c)["view"].as_u64().unwrap();
    define(&mut c, "Scratch");
    assert!(sees(&mut c, "Scratch"));
    assert_eq!(status(&mut c)["uncommittedChanges"], true);
    let answer = c.call("abort", json!({}));
    let s = answer.ok();
    assert_eq!(s["view"], view);
    assert_eq!(
        answer.text,
        format!("Aborted: uncommitted changes discarded; now at commit {view}.")
    );
    assert_eq!(s["message"], answer.text.as_str());
    assert!(!sees(&mut c, "Scratch"), "the class is gone");
    assert_eq!(status(&mut c)["uncommittedChanges"], false);
    // Nothing reached the image either.
    let mut other = Client::connect(&server);
    assert!(!sees(&mut other, "Scratch"));
}

#[test]
fn status_reports_user_session_image_view_changes_and_mode() {
    let server = start(false);
    let (mut c, mut other) = two_clients(&server);
    let answer = c.call("status", json!({}));
    let s = answer.ok().clone();
    assert_eq!(s["user"], gs_image::DEFAULT_USER);
    assert_eq!(s["stone"], server.image.label());
    assert_eq!(s["view"], server.image.newest_commit());
    assert_eq!(s["newestCommit"], server.image.newest_commit());
    assert_eq!(s["uncommittedChanges"], false);
    assert_eq!(s["readOnly"], false);
    let id = s["sessionId"].as_u64().unwrap();
    assert!(id >= 1);
    assert_eq!(
        answer.text,
        format!(
            "user: {}\nsession: {id}\nstone: {}\nview: commit {}\nuncommitted changes: no\n\
             read-only: no\nnewest commit: {} (the view is up to date)",
            gs_image::DEFAULT_USER,
            server.image.label(),
            s["view"],
            s["view"]
        )
    );
    // Each client is its own session.
    assert_ne!(status(&mut other)["sessionId"], id);
    define(&mut c, "Dirty");
    let answer = c.call("status", json!({}));
    assert_eq!(answer.ok()["uncommittedChanges"], true);
    assert!(
        answer.text.contains("uncommitted changes: yes"),
        "{}",
        answer.text
    );
}

#[test]
fn a_read_only_session_can_abort_refresh_and_read_its_status_but_not_commit() {
    let server = start(true);
    let mut c = Client::connect(&server);
    let answer = c.call("status", json!({}));
    assert_eq!(answer.ok()["readOnly"], true);
    assert!(
        answer.text.contains("\nread-only: yes\n"),
        "{}",
        answer.text
    );
    let view = answer.ok()["view"].clone();
    assert_eq!(c.call("refresh", json!({})).ok()["view"], view);
    assert_eq!(c.call("abort", json!({})).ok()["view"], view);
    let (response, _) = c.request("tools/call", json!({"name": "commit", "arguments": {}}));
    assert_eq!(response["error"]["code"], -32601, "{response}");
    assert_eq!(response["error"]["data"]["kind"], "readOnly", "{response}");
}

#[test]
fn objects_a_doit_leaves_in_globals_commit_and_abort_with_the_session() {
    let server = start(false);
    let (mut writer, mut reader) = two_clients(&server);
    writer
        .call(
            "execute_code",
            json!({"code": "UserGlobals at: #Rates put: (OrderedCollection with: 3 with: 4)"}),
        )
        .ok();
    // Not yet committed: status tells of them, and refresh would lose them,
    // so it is refused.
    assert_eq!(status(&mut writer)["uncommittedChanges"], true);
    writer.call("refresh", json!({})).err("refused");
    let answer = writer.call("commit", json!({}));
    assert_eq!(answer.ok()["committed"], true);
    reader.call("refresh", json!({})).ok();
    let answer = reader.call(
        "execute_code",
        json!({"code": "(UserGlobals at: #Rates) inject: 0 into: [:a :b | a + b]"}),
    );
    assert_eq!(answer.ok()["result"], "7");
    // An object change aborted is gone.
    reader
        .call(
            "execute_code",
            json!({"code": "(UserGlobals at: #Rates) add: 5"}),
        )
        .ok();
    reader.call("abort", json!({})).ok();
    let answer = reader.call(
        "execute_code",
        json!({"code": "(UserGlobals at: #Rates) size"}),
    );
    assert_eq!(answer.ok()["result"], "2");
}

fn entries(c: &mut Client) -> Vec<String> {
    let s = c
        .call(
            "list_dictionary_entries",
            json!({"dictionaryName": "UserGlobals"}),
        )
        .ok()
        .clone();
    s["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "{} {} {}",
                e["name"].as_str().unwrap(),
                e["kind"].as_str().unwrap(),
                e["className"].as_str().unwrap_or("-")
            )
        })
        .collect()
}

#[test]
fn removing_a_class_alias_in_smalltalk_is_a_change_that_commits() {
    let server = start(false);
    let (mut writer, mut reader) = two_clients(&server);
    let run = |c: &mut Client, code: &str| {
        c.call("execute_code", json!({ "code": code })).ok()["result"].clone()
    };
    run(&mut writer, "UserGlobals at: #Alias put: Object. true");
    assert_eq!(writer.call("commit", json!({})).ok()["committed"], true);
    reader.call("refresh", json!({})).ok();
    assert!(entries(&mut reader).contains(&"Alias class Object".to_string()));

    let answer = run(
        &mut writer,
        "UserGlobals removeKey: #Alias. UserGlobals includesKey: #Alias",
    );
    assert_eq!(answer, "false");
    assert_eq!(status(&mut writer)["uncommittedChanges"], true);
    assert!(!sees(&mut writer, "Alias"), "the session sees its removal");
    let s = writer.call("commit", json!({})).ok().clone();
    assert_eq!(s["committed"], true, "{s}");
    reader.call("refresh", json!({})).ok();
    assert!(!sees(&mut reader, "Alias"));
    assert!(
        !entries(&mut reader).iter().any(|e| e.starts_with("Alias ")),
        "{:?}",
        entries(&mut reader)
    );
}

#[test]
fn a_session_s_tools_see_its_own_uncommitted_smalltalk_changes() {
    let server = start(false);
    let (mut writer, mut reader) = two_clients(&server);
    writer
        .call(
            "execute_code",
            json!({"code": "UserGlobals at: #MyThing put: Object. UserGlobals at: #Limit put: 3. true"}),
        )
        .ok();
    let d = writer
        .call("describe_class", json!({"className": "MyThing"}))
        .ok()
        .clone();
    assert_eq!(d["name"], "Object");
    let mine = entries(&mut writer);
    assert!(
        mine.contains(&"MyThing class Object".to_string()),
        "{mine:?}"
    );
    assert!(mine.contains(&"Limit global -".to_string()), "{mine:?}");
    assert_eq!(status(&mut writer)["uncommittedChanges"], true);
    // Nobody else sees them until they are committed.
    assert!(!sees(&mut reader, "MyThing"));
    assert!(!entries(&mut reader).iter().any(|e| e.starts_with("Limit ")));
    // A method may name the uncommitted global.
    writer
        .call(
            "compile_method",
            json!({"className": "Account", "source": "limit\n\t^ Limit"}),
        )
        .ok();
    let refs = writer
        .call("find_references_to", json!({"name": "Limit"}))
        .ok()
        .clone();
    assert_eq!(refs["total"], 1, "{refs}");
    // compile_method committed the session, globals and all.
    reader.call("refresh", json!({})).ok();
    assert!(sees(&mut reader, "MyThing"));
    assert_eq!(
        reader
            .call("execute_code", json!({"code": "Account new limit"}))
            .ok()["result"],
        "3"
    );
}

//! Tests in a read-only session on a stone. Nothing gs-mcp sends can stop
//! a test's code from committing on a stone, so the backend runs tests
//! for a read-only client only on the operator's word that the session's
//! GemStone user cannot commit (`image.read_only_users_cannot_commit`),
//! and refuses them otherwise. The test stone models such a user: it
//! refuses the commits and code changes of its `read_only_users`.

#[path = "../../builtin/tests/support/cases.rs"]
mod cases;
mod common;

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use gs_toolset::{CancelToken, ImageSession};
use serde_json::json;

/// Test code that tries to change the stone from a read-only session:
/// `testSneak` binds a global, compiles a method and commits;
/// `testCommit` only binds a global and commits.
const SNEAKY: &str = "run
Object subclass: 'Foo' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals
%
run
TestCase subclass: 'SneakyTest' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals
%
category: 'tests'
method: SneakyTest
testSneak
	UserGlobals at: #Pwned put: 'x'.
	Foo compileMethod: 'm5 ^''clobbered''' dictionaries: System myUserProfile symbolList category: 'c'.
	self assert: System commitTransaction
%
category: 'tests'
method: SneakyTest
testCommit
	UserGlobals at: #Pwned put: 'x'.
	self assert: System commitTransaction
%
";

/// An image holding SneakyTest, committed by DataCurator, and a user
/// `Reader` seeing the same dictionaries; made once.
fn image() -> &'static PathBuf {
    static IMAGE: OnceLock<PathBuf> = OnceLock::new();
    IMAGE.get_or_init(|| {
        // A directory of this process's own, cleared by the next run
        // once this process is gone.
        let base = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("read_only");
        let path = gs_teststone::scratch_dir(&base)
            .unwrap()
            .join("sneaky.image");
        let image = gs_image::Image::open(&path).unwrap();
        let mut session = image.session();
        let report = gs_image::filein::file_in_text(&mut session, "sneaky.gs", SNEAKY);
        assert!(report.is_clean(), "{report:?}");
        session
            .create_user("Reader", &["UserGlobals", "Globals", "Published"])
            .unwrap();
        session.commit().unwrap();
        path
    })
}

/// Runs `case` (a built-in tools case, see builtin/tests/tool_cases.rs)
/// in `session`.
fn run_case(session: Arc<dyn ImageSession>, case: serde_json::Value) {
    let open = move || ((), session.clone());
    cases::run_case(&case, &open).unwrap_or_else(|e| panic!("{e}"));
}

/// Asserts that DataCurator, in a new session, sees nothing SneakyTest
/// tried.
fn nothing_sneaked_in(running: &common::Running) {
    let curator: Arc<dyn ImageSession> = Arc::new(running.stone.login(None).unwrap());
    run_case(
        curator,
        json!({"case": "nothing sneaked in", "steps": [
            {"tool": "get_method_source", "arguments": {"className": "Foo", "selector": "m5"},
             "error": {"kind": "notFound"}},
            {"tool": "list_dictionary_entries", "arguments": {"dictionaryName": "UserGlobals"},
             "excludes": {"entries": [{"name": "Pwned"}]}}]}),
    );
}

#[test]
fn a_read_only_session_runs_no_tests_without_the_operator_s_word() {
    let running = common::serve(image());
    let session: Arc<dyn ImageSession> = Arc::new(running.stone.login(None).unwrap());
    let refused = json!({"kind": "readOnly", "contains": [
        "cannot run SneakyTest's tests: this session is read-only",
        "`read_only_users_cannot_commit = true` in `[image]`",
        "docs/gemstone.md"]});
    run_case(
        session,
        json!({"case": "refused", "read_only": true, "steps": [
            {"tool": "run_test_class", "arguments": {"className": "SneakyTest"}, "error": refused},
            {"tool": "list_failing_tests", "arguments": {"classNames": ["SneakyTest"]},
             "error": refused},
            {"tool": "status", "at": {"/uncommittedChanges": false}}]}),
    );
    nothing_sneaked_in(&running);
}

#[test]
fn with_the_operator_s_word_a_read_only_session_runs_tests_that_commit_nothing() {
    let running = common::serve_with_read_only_users(image(), &["Reader"]);
    let reader = running.stone.login(Some("Reader")).unwrap();
    let session: Arc<dyn ImageSession> = Arc::new(reader.user_cannot_commit(true));
    let read_only = "this session is read-only and cannot";
    run_case(
        session.clone(),
        json!({"case": "runs", "read_only": true, "steps": [
            {"tool": "run_test_class", "arguments": {"className": "SneakyTest"},
             "at": {"/passed": [], "/run": 2},
             "text": {"contains": [
                 format!("ERROR testSneak: Error: {read_only} compile a method"),
                 format!("ERROR testCommit: Error: {read_only} commit")]}},
            {"tool": "get_method_source", "arguments": {"className": "Foo", "selector": "m5"},
             "error": {"kind": "notFound"}},
            {"tool": "status", "at": {"/uncommittedChanges": false}}]}),
    );
    nothing_sneaked_in(&running);
    // The run ended with an abort: what the tests bound is gone from the
    // reader's own view too.
    let cancel = CancelToken::new();
    let pwned = session
        .execute("(UserGlobals includesKey: #Pwned) printString", &cancel)
        .unwrap();
    assert_eq!(pwned.print_string, "'false'");
}

//! The limit on what one session holds uncommitted, as a client meets it
//! through the built-in tools: a session whose doits left a large value
//! uncommitted is refused a further change (`refused`, saying how much it
//! holds, the most it may, and to commit or abort), and goes on once it
//! aborts; a doit whose objects would pass the limit is refused in its own
//! answer (its changes discarded, none kept in silence), and the session's
//! earlier work still commits. The cases run as the data-driven cases do
//! (`tool_cases.rs`), on an image opened with a 1 MiB limit, which a case
//! file cannot set.

#[path = "support/cases.rs"]
mod cases;

use std::sync::Arc;

use gs_toolset::ImageSession;
use serde_json::json;

const LIMIT: usize = 1 << 20;

/// The fixture image of the cases, opened with a 1 MiB limit.
fn open_small_limit_image() -> (tempfile::TempDir, Arc<dyn ImageSession>) {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open_with(
        dir.path().join("cases.gsimage"),
        gs_image::OpenOptions {
            max_uncommitted_bytes: LIMIT,
            ..gs_image::OpenOptions::default()
        },
    )
    .unwrap();
    let mut session = image.session();
    let report = gs_image::filein::file_in_text(&mut session, "bank.gs", cases::FIXTURE);
    assert!(report.is_clean(), "the fixture files in: {report:?}");
    session.commit().unwrap();
    let session = Arc::new(gs_embedded::EmbeddedSession::new(image.session()));
    (dir, session)
}

#[test]
fn a_change_past_the_limit_is_refused_saying_to_commit_or_abort() {
    let method = format!("bigConstant\n\t^ '{}'", "x".repeat(200 << 10));
    let case = json!({
        "case": "uncommitted changes past the session's limit",
        "steps": [
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals at: #Big put: (String new: 900000). #done"}},
            {"tool": "compile_method",
             "arguments": {"className": "Account", "source": method},
             "error": {"kind": "refused",
                       "contains": ["cannot compile a method: this session holds 879.",
                                    "KiB of uncommitted changes and this change adds 200.",
                                    "the most one session may hold is 1 MiB; commit or abort \
                                     them, then continue"],
                       "at": {"/maxUncommittedBytes": LIMIT}}},
            {"tool": "abort"},
            {"tool": "compile_method",
             "arguments": {"className": "Account", "source": method},
             "includes": {"selector": "bigConstant"}}
        ]
    });
    cases::run_case(&case, &open_small_limit_image).unwrap();
}

#[test]
fn a_doit_past_the_limit_is_refused_in_its_own_answer_and_the_earlier_work_commits() {
    let case = json!({
        "case": "a doit whose objects would pass the session's limit",
        "steps": [
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals at: #Earlier put: (String new: 500000). #done"},
             "includes": {"result": "#'done'"}},
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals at: #Big put: (String new: 600000). #done"},
             "error": {"kind": "refused",
                       "contains": ["the code ran, but its changes to globals and persistent \
                                     objects could not be kept and were discarded",
                                    "this session holds 489.",
                                    "the most one session may hold is 1 MiB; commit or abort \
                                     them, then continue"],
                       "at": {"/maxUncommittedBytes": LIMIT}}},
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals includesKey: #Big"},
             "includes": {"result": "false"}},
            {"tool": "commit",
             "includes": {"committed": true}},
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals at: #Big put: (String new: 600000). #done"},
             "includes": {"result": "#'done'"}},
            {"tool": "commit",
             "includes": {"committed": true}},
            {"tool": "execute_code",
             "arguments": {"code": "(UserGlobals at: #Big) size + (UserGlobals at: #Earlier) size"},
             "includes": {"result": "1100000"}}
        ]
    });
    cases::run_case(&case, &open_small_limit_image).unwrap();
}

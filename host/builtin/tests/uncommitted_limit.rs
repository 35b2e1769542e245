//! The limit on what one session holds uncommitted, as a client meets it
//! through the built-in tools: a session whose doits left a large value
//! uncommitted is refused a further change (`refused`, saying how much it
//! holds, the most it may, and to commit or abort), and goes on once it
//! aborts. The case runs as the data-driven cases do (`tool_cases.rs`),
//! on an image opened with a 1 MiB limit, which a case file cannot set.

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

//! The built-in tools note what they show, and check what they write, in
//! the call context's ledger: the session's, shared with its other
//! toolsets (a WebAssembly plug-in's `method-source` notes its reads
//! there too), and kept by the context rather than by the toolset's
//! session state.

#[path = "support/cases.rs"]
mod cases;

use std::sync::Arc;

use cases::{call_now, context};
use gs_builtin::BuiltinToolset;
use gs_toolset::{ImageSession, Toolset};
use serde_json::json;

const ORIGINAL: &str = "balance\n\t^ balance ifNil: [0]";
const FIX: &str = "balance\n\t\"fix\"\n\t^ balance ifNil: [0.0]";
const MINE: &str = "balance\n\t\"mine\"\n\t^ balance ifNil: [0]";

/// Two sessions of one fresh fixture image (kept open by the image
/// returned with them).
fn two_sessions() -> (
    tempfile::TempDir,
    gs_image::Image,
    Arc<dyn ImageSession>,
    Arc<dyn ImageSession>,
) {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("ledger.gsimage")).unwrap();
    let mut session = image.session();
    let report = gs_image::filein::file_in_text(&mut session, "bank.gs", cases::FIXTURE);
    assert!(report.is_clean(), "the fixture files in: {report:?}");
    session.commit().unwrap();
    let open = || -> Arc<dyn ImageSession> {
        Arc::new(gs_embedded::EmbeddedSession::new(image.session()))
    };
    let (mine, other) = (open(), open());
    (dir, image, mine, other)
}

/// The other session compiles [`FIX`] and commits; `mine` then aborts,
/// so its view moves on.
fn another_session_fixes_balance(mine: &Arc<dyn ImageSession>, other: &Arc<dyn ImageSession>) {
    other
        .compile_method("Account", false, Some("accessing"), FIX)
        .unwrap();
    other.commit().unwrap();
    mine.abort().unwrap();
}

#[test]
fn what_the_tools_show_is_noted_in_the_contexts_ledger() {
    let (_dir, _image, mine, _) = two_sessions();
    let ctx = context(mine, false);
    let mut tools = BuiltinToolset::new().open_session();
    call_now(
        &mut *tools,
        "get_method_source",
        &json!({"className": "Account", "selector": "balance"}),
        &ctx,
    )
    .unwrap();
    assert!(
        !ctx.ledger
            .method_is_stale("Account", false, "balance", ORIGINAL)
    );
    assert!(ctx.ledger.method_is_stale("Account", false, "balance", FIX));
}

#[test]
fn a_read_noted_by_another_toolset_guards_a_built_in_write() {
    let (_dir, _image, mine, other) = two_sessions();
    let ctx = context(mine.clone(), false);
    // What the WebAssembly host's `method-source` notes for a plug-in.
    ctx.ledger.saw_method("Account", false, "balance", ORIGINAL);
    another_session_fixes_balance(&mine, &other);
    let mut tools = BuiltinToolset::new().open_session();
    let refused = call_now(
        &mut *tools,
        "compile_method",
        &json!({"className": "Account", "source": MINE}),
        &ctx,
    )
    .unwrap_err();
    assert_eq!(refused.kind.as_str(), "staleRead", "{refused}");
    assert_eq!(
        refused
            .details
            .as_ref()
            .and_then(|d| d.get("currentSource")),
        Some(&json!(FIX))
    );
    assert_eq!(
        mine.method_source("Account", false, "balance").unwrap(),
        FIX
    );
}

#[test]
fn the_ledger_outlives_the_toolsets_session_state() {
    let (_dir, _image, mine, other) = two_sessions();
    let ctx = context(mine.clone(), false);
    let mut reader = BuiltinToolset::new().open_session();
    call_now(
        &mut *reader,
        "get_method_source",
        &json!({"className": "Account", "selector": "balance"}),
        &ctx,
    )
    .unwrap();
    // The broker drops a toolset's session state after a panic or a hard
    // break, and opens it afresh: what the client was shown stays.
    drop(reader);
    another_session_fixes_balance(&mine, &other);
    let mut writer = BuiltinToolset::new().open_session();
    let refused = call_now(
        &mut *writer,
        "compile_method",
        &json!({"className": "Account", "source": MINE}),
        &ctx,
    )
    .unwrap_err();
    assert_eq!(refused.kind.as_str(), "staleRead", "{refused}");
}

//! The session family: the client's transaction — `abort`, `commit`,
//! `refresh` and `status`. Mixed: everything but `commit` is read-only
//! safe (abandoning or refreshing a view persists nothing).

use gs_toolset::{ToolError, ToolResult};
use serde_json::json;

use crate::args::Args;
use crate::shape::{boolean, closed_object, count, string};
use crate::tool::{Call, Family, Handler, Tool, answer};

pub(crate) fn family() -> Family {
    Family {
        name: "session",
        tools: vec![
            Tool {
                name: "abort",
                title: "Abort the transaction",
                description: "Discard this session's uncommitted changes and move it to the \
                              newest committed view of the image.",
                params: &[],
                output_schema: view_schema,
                handler: Handler::Blocking(abort),
            },
            Tool {
                name: "commit",
                title: "Commit the transaction",
                description: "Make this session's changes durable and visible to other \
                              sessions. Fails with the conflicting items named when another \
                              session committed changes to the same things first.",
                params: &[],
                output_schema: commit_schema,
                handler: Handler::Blocking(commit),
            },
            Tool {
                name: "refresh",
                title: "Refresh the view",
                description: "Move this session to the newest committed view, to see other \
                              sessions' commits. Refused while this session has uncommitted \
                              changes (commit or abort them first).",
                params: &[],
                output_schema: view_schema,
                handler: Handler::Blocking(refresh),
            },
            Tool {
                name: "status",
                title: "Session status",
                description: "The session's user, id, image (stone), committed view, whether \
                              it has uncommitted changes, and whether it is read-only.",
                params: &[],
                output_schema: status_schema,
                handler: Handler::Blocking(status),
            },
        ],
        read_only_safe: &["abort", "refresh", "status"],
        tasks: &[],
    }
}

fn view_schema() -> serde_json::Value {
    closed_object(json!({"view": count(), "message": string()}))
}

fn commit_schema() -> serde_json::Value {
    closed_object(json!({"view": count(), "committed": boolean(), "message": string()}))
}

fn status_schema() -> serde_json::Value {
    let mut schema = closed_object(json!({
        "user": string(),
        "sessionId": count(),
        "stone": string(),
        "view": count(),
        "uncommittedChanges": boolean(),
        "readOnly": boolean()
    }));
    // Only where the image numbers its commits (the embedded image).
    schema["properties"]["newestCommit"] = count();
    schema
}

fn view(call: &Call<'_>) -> Result<u64, ToolError> {
    Ok(call.image().status()?.view)
}

fn abort(_: &Args<'_>, call: &Call<'_>) -> ToolResult {
    call.image().abort()?;
    let view = view(call)?;
    let message = format!("Aborted: uncommitted changes discarded; now at commit {view}.");
    answer(message.clone(), json!({"view": view, "message": message}))
}

fn commit(_: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let info = call.image().commit()?;
    let message = if info.wrote {
        format!("Committed as commit {}.", info.commit)
    } else {
        format!(
            "Nothing to commit; the session is at commit {}.",
            info.commit
        )
    };
    answer(
        message.clone(),
        json!({"view": info.commit, "committed": info.wrote, "message": message}),
    )
}

fn refresh(_: &Args<'_>, call: &Call<'_>) -> ToolResult {
    call.image().refresh()?;
    let view = view(call)?;
    let message = format!("Refreshed: now seeing commit {view}.");
    answer(message.clone(), json!({"view": view, "message": message}))
}

/// The status line on the image's newest commit: how far the session's
/// view is behind it, and how to catch up.
fn newer_commits(view: u64, newest: u64, uncommitted: bool) -> String {
    match newest.saturating_sub(view) {
        0 => format!("\nnewest commit: {newest} (the view is up to date)"),
        behind => format!(
            "\nnewest commit: {newest} ({behind} newer than the view, by other sessions; {} \
             to see them)",
            if uncommitted {
                "commit, or abort to discard this session's changes,"
            } else {
                "refresh"
            }
        ),
    }
}

fn status(_: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let s = call.image().status()?;
    let read_only = call.ctx.read_only;
    let text = format!(
        "user: {}\nsession: {}\nstone: {}\nview: commit {}\nuncommitted changes: {}\nread-only: {}",
        s.user,
        s.session_id,
        s.stone,
        s.view,
        if s.uncommitted_changes { "yes" } else { "no" },
        if read_only { "yes" } else { "no" },
    );
    let mut structured = json!({
        "user": s.user,
        "sessionId": s.session_id,
        "stone": s.stone,
        "view": s.view,
        "uncommittedChanges": s.uncommitted_changes,
        "readOnly": read_only,
    });
    let mut text = text;
    if let Some(newest) = s.newest {
        structured["newestCommit"] = json!(newest);
        text.push_str(&newer_commits(s.view, newest, s.uncommitted_changes));
    }
    answer(text, structured)
}

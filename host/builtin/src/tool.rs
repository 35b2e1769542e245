//! What a built-in tool is — a name, a description, parameters, an output
//! schema and a handler — and what a handler gets to work with.
//!
//! Every family module declares its tools as [`Tool`] values and its
//! read-only-safe tools by name ([`Family`]); the toolset turns them into
//! descriptors once at start-up.

use gs_toolset::{
    CallContext, Content, Doit, ImageSession, ToolDescriptor, ToolError, ToolOutput, ToolResult,
};
use serde_json::Value;

use crate::args::{Args, Param, input_schema};

/// What runs a tool.
pub enum Handler {
    /// Image work from start to end: checked arguments in, a result out,
    /// run as blocking work ([`gs_toolset::CallContext::blocking`]).
    Blocking(fn(&Args<'_>, &Call<'_>) -> ToolResult),
    /// A doit: `code` takes the Smalltalk to run from the checked
    /// arguments, and `answer` makes the result from its outcome. The doit
    /// itself goes through [`gs_toolset::CallContext::execute`], so on a
    /// backend that can, a long one waits without holding a thread.
    Doit {
        /// The Smalltalk to run.
        code: fn(&Args<'_>) -> Result<String, ToolError>,
        /// The tool's answer for the doit's outcome.
        answer: fn(Doit) -> ToolResult,
    },
}

/// One built-in tool.
pub struct Tool {
    /// The name clients call it by (the reference server's name).
    pub name: &'static str,
    /// A short title.
    pub title: &'static str,
    /// What it does, for a model choosing tools.
    pub description: &'static str,
    /// Its parameters (the input schema is built from them, closed).
    pub params: &'static [Param],
    /// The JSON Schema of its `structuredContent`.
    pub output_schema: fn() -> Value,
    /// What runs it.
    pub handler: Handler,
}

/// One of the seven tool families, as an operator selects them.
pub struct Family {
    /// The family's name (`browsing`, `execution`, …).
    pub name: &'static str,
    /// Its tools, in listing order.
    pub tools: Vec<Tool>,
    /// The tools of this family that cannot persist a change or run
    /// arbitrary code. Fail closed: a tool not named here is hidden from,
    /// and refused in, a read-only session.
    pub read_only_safe: &'static [&'static str],
    /// The tools of this family whose calls may become tasks (optional
    /// task support, the tasks extension of revision 2026-07-28): long
    /// runs a client that declared the extension polls instead of holding
    /// its request open. The handler starts the task once its arguments
    /// are checked ([`Call::start_task`]).
    pub tasks: &'static [&'static str],
}

impl Family {
    /// The descriptors of the family's tools.
    pub fn descriptors(&self) -> impl Iterator<Item = ToolDescriptor> + '_ {
        self.tools.iter().map(|t| ToolDescriptor {
            name: t.name.into(),
            title: Some(t.title.into()),
            description: t.description.into(),
            input_schema: input_schema(t.params),
            output_schema: Some((t.output_schema)()),
            read_only_safe: self.read_only_safe.contains(&t.name),
            grants: Vec::new(),
            task_support: if self.tasks.contains(&t.name) {
                gs_toolset::TaskSupport::Optional
            } else {
                gs_toolset::TaskSupport::Forbidden
            },
        })
    }
}

/// What a handler works with: the call's context (the caller's image
/// session, read-only flag, progress, cancellation, and what the client's
/// session was shown).
pub struct Call<'a> {
    /// The call's context.
    pub ctx: &'a CallContext,
}

impl Call<'_> {
    /// What this client's session was shown, by any of its toolsets, to
    /// refuse edits of stale reads.
    pub fn ledger(&self) -> &gs_toolset::ReadLedger {
        &self.ctx.ledger
    }

    /// The caller's image session, through the backend-neutral interface.
    pub fn image(&self) -> &dyn ImageSession {
        self.ctx.image.as_ref()
    }

    /// Starts the call's task, when its client may have one (see
    /// [`gs_toolset::Notifier::start_task`]): the rest runs in the
    /// background and the client polls for the result. Either way the
    /// handler goes on the same.
    pub fn start_task(&self, message: &str) {
        self.ctx.notifier.start_task(Some(message));
    }
}

/// The most characters any one text answer carries; longer text is cut
/// with a visible marker saying how much was left out.
pub const TEXT_CAP: usize = 256 * 1024;

/// The most entries a search answers (the reference's cap); the true
/// total is always stated.
pub const SEARCH_CAP: usize = 200;

/// `text` cut to [`TEXT_CAP`] characters, with a marker when cut, and
/// whether it was cut.
pub fn capped_text(text: String) -> (String, bool) {
    cap_text(text, TEXT_CAP)
}

/// `text` cut to `cap` characters (on a character boundary), with a marker
/// saying how many characters were left out.
pub fn cap_text(text: String, cap: usize) -> (String, bool) {
    match text.char_indices().nth(cap) {
        None => (text, false),
        Some((cut, _)) => {
            let omitted = text[cut..].chars().count();
            let mut out = text[..cut].to_string();
            out.push_str(&format!(
                "\n… [output truncated: {omitted} more characters not shown]"
            ));
            (out, true)
        }
    }
}

/// A successful answer: `text` (capped) for people and models, and
/// `structured` for programs.
pub fn answer(text: String, structured: Value) -> ToolResult {
    let (text, _) = capped_text(text);
    Ok(ToolOutput {
        content: vec![Content::text(text)],
        structured: Some(structured),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_a_marker_saying_how_much_is_missing() {
        let (t, cut) = cap_text("é".repeat(10), 4);
        assert!(cut);
        assert_eq!(t, "éééé\n… [output truncated: 6 more characters not shown]");
        let (t, cut) = cap_text("abc".into(), 3);
        assert_eq!((t.as_str(), cut), ("abc", false));
    }
}

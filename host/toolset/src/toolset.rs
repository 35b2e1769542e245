//! The one toolset trait: a loaded toolset, and its per-MCP-session state.
//!
//! A [`Toolset`] is shared by all sessions; each MCP session asks it for a
//! [`ToolsetSession`] (lazily, on its first call to one of the toolset's
//! tools) and routes its calls there. For a WebAssembly toolset the
//! session holds that client's own instance; for the built-in toolset it
//! is nearly empty.

use std::future::Future;
use std::pin::Pin;

use std::collections::BTreeMap;

use serde_json::Value;

use crate::ImageChange;
use crate::{
    Arguments, CallContext, Completion, CompletionRequest, EmbeddedResource, PromptInfo,
    PromptResult, ResourceInfo, ResourcePage, ResourceTemplate, ToolError, ToolResult, ToolsetInfo,
};

/// A tool call as a future, from [`ToolsetSession::call`].
pub type CallFuture<'a> = Pin<Box<dyn Future<Output = ToolResult> + Send + 'a>>;

/// Any other request to a toolset session as a future: a resource read, a
/// prompt, a completion.
pub type OfferFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, ToolError>> + Send + 'a>>;

/// A loaded toolset, shared by every session.
pub trait Toolset: Send + Sync {
    /// Its name, version and tools.
    fn info(&self) -> &ToolsetInfo;

    /// State for one MCP session. Cheap: a WebAssembly toolset creates its
    /// instance on the session's first call, not here.
    fn open_session(&self) -> Box<dyn ToolsetSession>;

    /// True (the default) if the toolset's calls compute on the polling
    /// thread between their image calls (a WebAssembly guest runs for up
    /// to an epoch slice at every poll): the session broker then runs
    /// them on the session's image worker, never on the async threads
    /// every session's requests share. A toolset whose calls only wait —
    /// on image work through [`CallContext::blocking`] or
    /// [`CallContext::execute`] — answers false, so that on a backend
    /// needing no thread of its own ([`crate::ImageSession::needs_own_worker`])
    /// its calls in flight hold no thread.
    fn computes(&self) -> bool {
        true
    }

    /// Resources with fixed URIs, listed first by `resources/list`.
    fn resources(&self) -> &[ResourceInfo] {
        &[]
    }

    /// Resource templates: the router routes a URI matching one of them
    /// ([`ResourceTemplate::matches`]) to this toolset.
    fn resource_templates(&self) -> &[ResourceTemplate] {
        &[]
    }

    /// True if [`ToolsetSession::list_resources`] lists resources beyond
    /// the fixed ones (the built-in toolset lists a resource per class).
    fn lists_resources(&self) -> bool {
        false
    }

    /// The URIs of its resources that show `change` (a class's resource
    /// when the class or one of its methods changed, …): their subscribers
    /// are told. None by default.
    fn resources_changed(&self, change: &ImageChange) -> Vec<String> {
        let _ = change;
        Vec::new()
    }

    /// Its prompts, in listing order.
    fn prompts(&self) -> &[PromptInfo] {
        &[]
    }

    /// The fixed resources (by URI), templates (by URI template) and
    /// prompts (by name) not offered to a read-only session: those that
    /// need a grant to run code or change the image, as the tools a
    /// read-only session is not offered are those not read-only-safe.
    /// None by default.
    fn hidden_when_read_only(&self) -> &[String] {
        &[]
    }
}

/// One MCP session's use of one toolset. Calls are serialised by the
/// session broker (one in flight per session), hence `&mut self`.
pub trait ToolsetSession: Send {
    /// Calls `tool` with `arguments` (the text of a JSON object).
    ///
    /// The session broker has already checked that this session may call
    /// `tool` (it exists, and is read-only-safe in a read-only session);
    /// a toolset answers `notFound` for a name it does not have, as any
    /// dispatch must, and never panics on bad input. Read-only sessions
    /// are enforced beneath, by the image ([`crate::read_only_image`]).
    ///
    /// The future is polled on the server's async threads, so it must not
    /// block: image work goes through [`CallContext::blocking`], which runs
    /// it on the session's own worker thread, and other waits are awaited.
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        arguments: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a>;

    /// A page of the resources this session sees beyond the fixed ones,
    /// from `cursor` (this toolset's own, as it answered it). Called only
    /// if [`Toolset::lists_resources`].
    fn list_resources<'a>(
        &'a mut self,
        cursor: Option<&'a str>,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, ResourcePage> {
        let _ = (cursor, ctx);
        Box::pin(std::future::ready(Ok(ResourcePage::default())))
    }

    /// The contents of the resource at `uri` (one of the fixed resources,
    /// or a URI matching one of the templates), as this session's
    /// transaction view sees it. `notFound` if there is none.
    fn read_resource<'a>(
        &'a mut self,
        uri: &'a str,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, Vec<EmbeddedResource>> {
        let _ = ctx;
        Box::pin(std::future::ready(Err(ToolError::not_found(format!(
            "no resource `{uri}`"
        )))))
    }

    /// The prompt `name` filled in with `arguments`. `invalidParams` if a
    /// required argument is missing, `notFound` for an unknown name.
    fn get_prompt<'a>(
        &'a mut self,
        name: &'a str,
        arguments: &'a BTreeMap<String, String>,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, PromptResult> {
        let _ = (arguments, ctx);
        Box::pin(std::future::ready(Err(ToolError::not_found(format!(
            "no prompt `{name}`"
        )))))
    }

    /// Completions of a prompt argument or a template variable. No values
    /// when the toolset completes nothing there.
    fn complete<'a>(
        &'a mut self,
        request: &'a CompletionRequest,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, Completion> {
        let _ = (request, ctx);
        Box::pin(std::future::ready(Ok(Completion::default())))
    }
}

/// A call that is image work from its first step, for a toolset whose
/// tools are plain functions of their arguments (the built-in toolset):
/// `work` runs on the session's image worker with the tool's name, its
/// arguments as a value and the call's context.
pub fn image_call<'a, F>(
    tool: &str,
    arguments: &Arguments,
    ctx: &'a CallContext,
    work: F,
) -> CallFuture<'a>
where
    F: FnOnce(&str, &Value, &CallContext) -> ToolResult + Send + 'static,
{
    let (tool, arguments) = (tool.to_string(), arguments.clone());
    Box::pin(ctx.blocking(move |ctx| work(&tool, &arguments.to_value(), ctx)))
}

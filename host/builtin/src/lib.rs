//! The built-in Smalltalk-development toolset: the 31 tools a GemStone
//! developer's agent uses all day — browse, search, edit, run, test,
//! commit — with the reference server's names and arguments.
//!
//! The tools are organised in the reference's seven families, one module
//! each ([`FAMILY_NAMES`]); an operator exposes any subset in
//! `toolsets.toml` by family or tool name. Every tool:
//!
//! - has a closed input schema built from its parameter list ([`args`]), so
//!   unknown, missing or ill-typed arguments are `invalidParams` results;
//! - answers text *and* `structuredContent` matching its declared output
//!   schema;
//! - reports failures with a kind (`compileError` with each error's line and
//!   column, `refused`, `readOnly`, `notFound`, `invalidParams`,
//!   `staleRead`, `other`).
//!
//! Each client's session remembers what the tools showed it (the call
//! context's [`gs_toolset::ReadLedger`], shared with the session's other
//! toolsets), so that an edit made from a stale read is refused rather
//! than overwriting another session's change.
//!
//! Safety lives here, where no client can get around it: each family
//! declares its read-only-safe tools (fail closed), [`READ_ONLY_SAFE`] is the
//! audit list pinning their union, and every mutation passes the
//! kernel-class guard ([`gs_toolset::refuse_kernel_class`]).
//!
//! Besides tools it offers the image's classes and methods as resources,
//! prompts for Smalltalk work and completion of their arguments
//! ([`offers`]).
//!
//! The tools reach the image only through the backend-neutral
//! [`gs_toolset::ImageSession`] of the call, so they run unchanged on any
//! backend (the embedded image, a GemStone stone).
//!
//! Architecture: depends on the toolset contract alone; knows nothing of
//! image backends, HTTP, JSON-RPC sessions or WebAssembly.

pub mod args;
mod browsing;
mod execution;
mod hints;
mod listing;
mod mutation;
pub mod offers;
mod search;
mod session;
mod shape;
mod testing;
pub mod tool;

use std::collections::BTreeMap;
use std::sync::Arc;

use gs_toolset::{
    Arguments, CallContext, CallFuture, Completion, CompletionRequest, EmbeddedResource,
    ImageChange, OfferFuture, PromptInfo, PromptResult, ResourcePage, ResourceTemplate, ToolError,
    ToolResult, Toolset, ToolsetInfo, ToolsetSession,
};
use serde_json::Value;

use crate::args::Args;
use crate::tool::{Call, Family, Handler, Tool};

/// The toolset's name in `tools/list` collisions and configuration.
pub const TOOLSET_NAME: &str = "builtin";

/// The seven families, in the order their tools are listed.
pub const FAMILY_NAMES: [&str; 7] = [
    "execution",
    "session",
    "listing",
    "browsing",
    "search",
    "mutation",
    "testing",
];

/// The audit list: every built-in tool that may run in a read-only session.
///
/// The families declare their own safe tools; this is the one place to read
/// the whole answer, and a test pins the union of the declarations against
/// it, so no tool silently becomes safe. Gated (absent here): `execute_code`,
/// `commit` and every mutation tool.
pub const READ_ONLY_SAFE: &[&str] = &[
    // session: the mixed family keeps these and hides `commit`.
    "abort",
    "refresh",
    "status",
    // listing
    "list_all_classes",
    "list_classes",
    "list_dictionaries",
    "list_dictionary_entries",
    // browsing
    "describe_class",
    "export_class_source",
    "get_class_definition",
    "get_class_hierarchy",
    "get_method_source",
    "list_methods",
    // search
    "find_implementors",
    "find_references_to",
    "find_senders",
    "search_method_source",
    // testing
    "describe_test_failure",
    "list_failing_tests",
    "list_test_classes",
    "run_test_class",
    "run_test_method",
];

/// Every family with its tools.
pub fn families() -> Vec<Family> {
    vec![
        execution::family(),
        session::family(),
        listing::family(),
        browsing::family(),
        search::family(),
        mutation::family(),
        testing::family(),
    ]
}

/// The tool names of the family called `name`, if there is one — so an
/// operator's `tools = ["browsing", "search"]` can name whole families.
pub fn family_tools(name: &str) -> Option<Vec<&'static str>> {
    families()
        .into_iter()
        .find(|f| f.name == name)
        .map(|f| f.tools.iter().map(|t| t.name).collect())
}

struct Shared {
    info: ToolsetInfo,
    tools: Vec<Tool>,
    templates: Vec<ResourceTemplate>,
    prompts: Vec<PromptInfo>,
}

/// The built-in toolset.
#[derive(Clone)]
pub struct BuiltinToolset {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for BuiltinToolset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuiltinToolset")
            .field("tools", &self.shared.tools.len())
            .finish()
    }
}

impl Default for BuiltinToolset {
    fn default() -> Self {
        BuiltinToolset::new()
    }
}

impl BuiltinToolset {
    /// All 31 tools.
    pub fn new() -> BuiltinToolset {
        let families = families();
        let descriptors = families.iter().flat_map(Family::descriptors).collect();
        let tools = families.into_iter().flat_map(|f| f.tools).collect();
        BuiltinToolset {
            shared: Arc::new(Shared {
                info: ToolsetInfo {
                    name: TOOLSET_NAME.into(),
                    version: env!("CARGO_PKG_VERSION").into(),
                    tools: descriptors,
                },
                tools,
                templates: offers::templates(),
                prompts: offers::prompts(),
            }),
        }
    }
}

impl Toolset for BuiltinToolset {
    fn info(&self) -> &ToolsetInfo {
        &self.shared.info
    }

    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(BuiltinSession {
            shared: Arc::clone(&self.shared),
        })
    }

    /// Every step of a built-in tool is image work or a doit: its calls
    /// only wait.
    fn computes(&self) -> bool {
        false
    }

    /// A class and a method as resources ([`offers::CLASS_TEMPLATE`],
    /// [`offers::METHOD_TEMPLATE`]).
    fn resource_templates(&self) -> &[ResourceTemplate] {
        &self.shared.templates
    }

    /// Every class is listed, a page at a time.
    fn lists_resources(&self) -> bool {
        true
    }

    fn resources_changed(&self, change: &ImageChange) -> Vec<String> {
        offers::changed_uris(change)
    }

    fn prompts(&self) -> &[PromptInfo] {
        &self.shared.prompts
    }
}

/// One client's use of the built-in toolset. Everything a tool changes
/// lives in the client's image session, and what the client was shown in
/// the session's ledger ([`CallContext::ledger`]): the toolset keeps no
/// state of its own.
struct BuiltinSession {
    shared: Arc<Shared>,
}

impl ToolsetSession for BuiltinSession {
    /// A doit tool checks its arguments here and runs its doit through
    /// the context ([`CallContext::execute`]); every other tool runs whole
    /// as blocking work, image work from its first step.
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        arguments: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        let shared = Arc::clone(&self.shared);
        if let Some(Handler::Doit { code, answer }) = shared.handler(tool) {
            let (code, answer) = (*code, *answer);
            return Box::pin(async move {
                let code = shared.with_args(tool, &arguments.to_value(), code)?;
                answer(ctx.execute(code, None).await?)
            });
        }
        gs_toolset::image_call(tool, arguments, ctx, move |tool, arguments, ctx| {
            shared.run(tool, arguments, ctx)
        })
    }

    // The offers below are image work from their first step too: each runs
    // whole on the session's image worker, through the caller's session.

    fn list_resources<'a>(
        &'a mut self,
        cursor: Option<&'a str>,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, ResourcePage> {
        let cursor = cursor.map(str::to_string);
        Box::pin(ctx.blocking(move |ctx| offers::list(ctx.image.as_ref(), cursor.as_deref())))
    }

    fn read_resource<'a>(
        &'a mut self,
        uri: &'a str,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, Vec<EmbeddedResource>> {
        let uri = uri.to_string();
        Box::pin(ctx.blocking(move |ctx| {
            let read = offers::read(ctx.image.as_ref(), &uri)?;
            offers::note_method_read(&uri, &read, &ctx.ledger);
            Ok(read)
        }))
    }

    fn get_prompt<'a>(
        &'a mut self,
        name: &'a str,
        arguments: &'a BTreeMap<String, String>,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, PromptResult> {
        let (name, arguments) = (name.to_string(), arguments.clone());
        Box::pin(ctx.blocking(move |ctx| offers::prompt(ctx.image.as_ref(), &name, &arguments)))
    }

    fn complete<'a>(
        &'a mut self,
        request: &'a CompletionRequest,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, Completion> {
        let request = request.clone();
        Box::pin(ctx.blocking(move |ctx| offers::complete(ctx.image.as_ref(), &request)))
    }
}

impl Shared {
    /// The handler of `tool`, if this toolset has it.
    fn handler(&self, tool: &str) -> Option<&Handler> {
        self.tools
            .iter()
            .find(|t| t.name == tool)
            .map(|t| &t.handler)
    }

    /// Checks `arguments` against `tool`'s parameters and hands them to
    /// `then`, on the calling thread.
    fn with_args<T>(
        &self,
        tool: &str,
        arguments: &Value,
        then: impl FnOnce(&Args<'_>) -> Result<T, ToolError>,
    ) -> Result<T, ToolError> {
        // An unknown tool is `notFound`, whatever the arguments.
        self.info.dispatch(tool)?;
        let tool = self
            .tools
            .iter()
            .find(|t| t.name == tool)
            .expect("dispatch found its descriptor");
        then(&Args::check(tool.name, tool.params, arguments)?)
    }

    /// Runs the blocking tool `tool` on the calling thread.
    fn run(&self, tool: &str, arguments: &Value, ctx: &CallContext) -> ToolResult {
        self.with_args(tool, arguments, |args| match self.handler(tool) {
            Some(Handler::Blocking(handler)) => {
                let has_meta = self
                    .tools
                    .iter()
                    .find(|t| t.name == tool)
                    .is_some_and(|t| t.params.iter().any(|p| p.name == "meta"));
                hints::refuse_class_side_name(args, tool, has_meta)?;
                handler(args, &Call { ctx })
                    .map_err(|e| hints::suggest_classes(e, args, ctx.image.as_ref()))
            }
            // A doit tool runs through `BuiltinSession::call`'s own path.
            _ => Err(ToolError::other(format!(
                "internal error: `{tool}` is not a blocking tool"
            ))),
        })
    }
}

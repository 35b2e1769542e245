//! The toolset contract inside gs-mcp.
//!
//! Every tool the server offers comes from a **toolset**: the built-in
//! Smalltalk-development toolset (native Rust) or a vendor's WebAssembly
//! component. Both implement [`Toolset`], so the router and the session
//! broker cannot tell them apart. This crate defines that contract:
//!
//! - [`ToolDescriptor`] and [`ToolsetInfo`]: what a toolset offers, including
//!   which tools are read-only-safe ([`ToolsetInfo::visible_tools`] hides the
//!   others from read-only sessions — fail closed).
//! - [`ToolOutput`], [`Content`], [`ToolError`] and [`ErrorKind`]: what a call
//!   answers, and [`CallResultJson`], the MCP `CallToolResult` shape with
//!   `structuredContent.error.kind` for failures, written straight into an
//!   answer (or built as a `Value` by [`call_result_json`]).
//! - [`Arguments`]: a call's arguments, the text of a JSON object (checked
//!   once, where they are made).
//! - [`CallContext`]: what a call receives — the caller's [`ImageSession`],
//!   the read-only flag, a [`Notifier`] for log lines and progress, a
//!   [`CancelToken`], an optional deadline and the session's
//!   [`ReadLedger`] (what its client was shown, so that an edit of a stale
//!   read is refused whichever toolset reads and writes) — and
//!   [`CallContext::blocking`], the way a call reaches the image: on the
//!   session's [`ImageWorker`] thread, never on the async threads.
//! - [`ResourceInfo`], [`ResourceTemplate`], [`PromptInfo`] and
//!   [`CompletionRequest`]: what a toolset offers besides tools, answered
//!   by its session through the caller's image session.
//! - [`ImageSession`]: the image operations toolsets may use (look-ups,
//!   execution, mutation, session facts), implemented by each image backend
//!   (the embedded image's is in the `gs-embedded` crate).
//!
//! Architecture invariant: this crate knows nothing of wasmtime, HTTP or
//! JSON-RPC, and nothing of any image backend: backends implement
//! [`ImageSession`] in their own crates.

mod arguments;
mod changes;
mod context;
mod descriptor;
mod image;
mod ledger;
mod offers;
mod policy;
mod read_only;
mod result;
mod source_names;
mod toolset;
mod worker;

pub use arguments::{Arguments, json_type_name};
pub use changes::{ChangeKind, CommitListener, ImageChange};
pub use context::{
    AskFuture, CallContext, CancelToken, ClientRequest, LogLevel, Notifier, ServerIdentity,
    SilentNotifier, automatic_key, call_cancel, is_automatic_key, is_input_key, with_call_cancel,
};
pub use descriptor::{TaskSupport, ToolDescriptor, ToolsetInfo, validate_tool_name};
pub use image::{
    AbstractTestClasses, ClassCategories, ClassDefinition, ClassHierarchy, ClassInfo,
    ClassOverview, Committed, CompileProblem, DEFAULT_CATEGORY, DEFAULT_WORKER_STACK_BYTES,
    DefinitionChange, DefinitionReport, DefinitionSource, DictionaryEntry, Doit, FailedMethod,
    FileOut, ImageFuture, ImageSession, IsAbstractFailure, MethodPage, MethodRef, MethodSource,
    RecompilePolicy, SessionStatus, SourceSearch, StackFrame, TestDefect, TestProgress, TestReport,
};
pub use ledger::ReadLedger;
pub use offers::{
    Completion, CompletionRef, CompletionRequest, MAX_COMPLETION_VALUES, PromptArgument,
    PromptInfo, PromptMessage, PromptResult, ResourceInfo, ResourcePage, ResourceTemplate, Role,
};
pub use policy::{
    KernelName, read_only_run_with_changes, refuse_kernel_class, refuse_kernel_class_in,
    reshaping_a_superclass, shadowing_a_kernel_name,
};
pub use read_only::read_only_image;
pub use result::{
    CallResultJson, Content, EmbeddedResource, ErrorKind, ResourceBody, ToolError, ToolOutput,
    ToolResult, advertised_output_schema, call_result_json, error_envelope_schema, json_size,
    wire_size,
};
pub use source_names::{defined_class_name, defined_in_dictionary, pattern_selector};
pub use toolset::{CallFuture, OfferFuture, Toolset, ToolsetSession, image_call};
pub use worker::ImageWorker;

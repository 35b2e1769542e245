//! The image host functions a toolset imports, with the host's policy in
//! front of every one of them.
//!
//! The order of checks is the same everywhere: a call must be in flight
//! (not `describe`), the toolset must hold the function's grant (deny by
//! default), and a mutation of a kernel class is refused
//! ([`gs_toolset::refuse_kernel_class`]). Only then does the call reach
//! the caller's [`ImageSession`](gs_toolset::ImageSession) — whose
//! read-only form refuses anything that executes or mutates — and what
//! comes back is capped.
//!
//! The `client` functions (0.1.2) need no grant: they ask the client of
//! the call in flight through its [`Notifier`](gs_toolset::Notifier),
//! which checks the client declared the capability, and the wait ends at
//! the call's deadline or cancellation.
//!
//! The functions added in `gemstone:mcp@0.1.1` answer a `failure`: the
//! backend's [`ToolError`] with its details passed through as JSON text.
//! Each such failure is remembered for the call, so a tool that returns
//! it unchanged hands the client the same details (see `Call::passed_on`).
//!
//! What a plug-in is shown of a method (`method-source`) or a class
//! (`describe-class`) is noted in the session's read ledger
//! ([`gs_toolset::ReadLedger`], which the built-in tools share), and a
//! `code` function that would replace a method or class the session was
//! shown in another form is refused: another session changed it since,
//! and writing the plug-in's edit back would overwrite that change
//! unseen. A plug-in has no `force`: reading again notes the current
//! form, after which the write goes through.

use gs_toolset::{
    CallContext, ClientRequest, ErrorKind, LogLevel, MethodSource, ToolError, pattern_selector,
};
use serde_json::{Map, Value, json};

use crate::bindings::gemstone::mcp::{
    client, code, config, execution, image, logging, session, types,
};
use crate::policy::Grant;
use crate::state::{HostState, Stop};

type WitResult<T> = Result<T, types::Error>;

/// A host error in the WIT shape.
fn wit_error(kind: types::ErrorKind, message: String) -> types::Error {
    types::Error { kind, message }
}

/// An image backend's error in the WIT shape; kinds only the WebAssembly
/// host raises (none should come from a backend) become `other`.
fn from_tool_error(e: ToolError) -> types::Error {
    wit_error(wit_kind(e.kind), e.message)
}

fn wit_kind(kind: ErrorKind) -> types::ErrorKind {
    match kind {
        ErrorKind::InvalidParams => types::ErrorKind::InvalidParams,
        ErrorKind::NotFound => types::ErrorKind::NotFound,
        ErrorKind::Refused => types::ErrorKind::Refused,
        ErrorKind::ReadOnly => types::ErrorKind::ReadOnly,
        ErrorKind::CompileError => types::ErrorKind::CompileError,
        _ => types::ErrorKind::Other,
    }
}

/// The kind of a host error (in the WIT shape) as a [`ToolError`]'s.
pub(crate) fn tool_kind(kind: types::ErrorKind) -> ErrorKind {
    match kind {
        types::ErrorKind::InvalidParams => ErrorKind::InvalidParams,
        types::ErrorKind::NotFound => ErrorKind::NotFound,
        types::ErrorKind::Refused => ErrorKind::Refused,
        types::ErrorKind::ReadOnly => ErrorKind::ReadOnly,
        types::ErrorKind::CompileError => ErrorKind::CompileError,
        types::ErrorKind::Other => ErrorKind::Other,
    }
}

/// An error in the WIT shape as a [`ToolError`]: the host's own refusals
/// (grants, caps) for the functions that answer a `failure`, and a
/// guest's answer to a call.
pub(crate) fn from_wit_error(e: types::Error) -> ToolError {
    ToolError::new(tool_kind(e.kind), e.message)
}

/// The WIT form of a search page.
fn method_page(page: gs_toolset::MethodPage) -> types::MethodPage {
    types::MethodPage {
        total: u64::try_from(page.total).unwrap_or(u64::MAX),
        refs: page.methods.into_iter().map(method_ref).collect(),
    }
}

fn method_ref(m: gs_toolset::MethodRef) -> types::MethodRef {
    types::MethodRef {
        class_name: m.class_name,
        meta: m.meta,
        selector: m.selector,
    }
}

/// The words of the kernel-class guard for each `code` function: those of
/// the built-in tool doing the same thing, so a client reads one refusal
/// whichever toolset it called.
fn guard_action(function: &str) -> &'static str {
    match function {
        "compile-method" | "compile-method-detailed" => "compile a method into",
        "define-class" | "define-class-detailed" => "redefine",
        "delete-method" => "delete a method of",
        "delete-class" => "delete",
        "set-class-comment" => "change the comment of",
        _ => "change",
    }
}

impl HostState {
    /// Answers a `failure` for `e`, remembering it for the call so that a
    /// tool passing it on unchanged keeps its details.
    fn failure(&mut self, mut e: ToolError) -> types::Failure {
        // Remembered as the guest sees it: a kind WIT cannot name is
        // `other` on both sides of the comparison.
        let kind = wit_kind(e.kind);
        e.kind = tool_kind(kind);
        if let Some(call) = self.call.as_mut() {
            call.remember(&e);
        }
        types::Failure {
            kind,
            message: e.message,
            details: e.details.map(|d| serde_json::Value::Object(d).to_string()),
        }
    }

    /// The page size a search may answer: what the plug-in asked for, at
    /// most the toolset's result cap.
    fn page_limit(&self, limit: u32) -> usize {
        usize::try_from(limit)
            .unwrap_or(usize::MAX)
            .min(self.policy.limits.max_results)
    }

    /// Runs `job` on the session's image worker after the `grant` check
    /// (see [`CallContext::blocking`]). The lane a long guest call holds is
    /// given up first: the job may wait (Smalltalk, the image's lock), and
    /// the guest takes its turn again at its next tick.
    async fn on_image<T, F>(&mut self, function: &str, grant: Grant, job: F) -> Result<T, ToolError>
    where
        T: Send + 'static,
        F: FnOnce(&CallContext) -> Result<T, ToolError> + Send + 'static,
    {
        self.end_run();
        let ctx = self
            .allowed(function, grant)
            .map_err(from_wit_error)?
            .clone();
        ctx.blocking(job).await
    }

    /// As [`HostState::on_image`] with `image:write`, refusing a change to
    /// a kernel class before `job` runs.
    async fn on_class<T, F>(
        &mut self,
        function: &str,
        class_name: String,
        job: F,
    ) -> Result<T, ToolError>
    where
        T: Send + 'static,
        F: FnOnce(&CallContext) -> Result<T, ToolError> + Send + 'static,
    {
        let action = guard_action(function);
        self.on_image(function, Grant::Write, move |ctx| {
            gs_toolset::refuse_kernel_class(ctx, &class_name, action)?;
            job(ctx)
        })
        .await
    }

    /// Runs a paged search after the `image:read` check.
    async fn search_page<F>(
        &mut self,
        function: &str,
        limit: u32,
        search: F,
    ) -> Result<types::MethodPage, types::Failure>
    where
        F: FnOnce(
                &dyn gs_toolset::ImageSession,
                usize,
            ) -> Result<gs_toolset::MethodPage, ToolError>
            + Send
            + 'static,
    {
        let limit = self.page_limit(limit);
        let answer = self
            .on_image(function, Grant::Read, move |ctx| {
                search(ctx.image.as_ref(), limit)
            })
            .await;
        answer.map(method_page).map_err(|e| self.failure(e))
    }

    /// The context of the call in flight, after checking `grant`.
    fn allowed(&self, function: &str, grant: Grant) -> WitResult<&CallContext> {
        let call = self.call.as_ref().ok_or_else(|| {
            wit_error(
                types::ErrorKind::Refused,
                format!(
                    "`{function}` was called outside a tool call (from `describe` or a \
                     constructor); host functions are available only while a tool runs"
                ),
            )
        })?;
        if !self.policy.has(grant) {
            return Err(wit_error(
                types::ErrorKind::Refused,
                format!(
                    "toolset `{}` called `{function}`, which needs the `{}` grant; the operator \
                     must add \"{}\" to this toolset's grants in toolsets.toml",
                    self.policy.toolset,
                    grant.name(),
                    grant.name()
                ),
            ));
        }
        Ok(&call.ctx)
    }

    /// Refuses a string answer larger than the output cap.
    fn capped(&self, function: &str, text: String) -> WitResult<String> {
        let cap = self.policy.limits.output;
        if text.len() > cap {
            return Err(wit_error(
                types::ErrorKind::Other,
                format!(
                    "the answer of `{function}` is {} bytes, over toolset `{}`'s output cap of \
                     {cap} bytes; ask for less (or the operator may raise `[toolset.limits] output_bytes`)",
                    text.len(),
                    self.policy.toolset
                ),
            ));
        }
        Ok(text)
    }

    fn refs(&self, r: gs_toolset::MethodPage) -> types::MethodRefs {
        let truncated = r.truncated();
        types::MethodRefs {
            refs: r.methods.into_iter().map(method_ref).collect(),
            truncated,
        }
    }

    /// Counts one notification against the call's allowance; false when
    /// it is used up (or no call is in flight).
    fn take_notification(&mut self) -> Option<&CallContext> {
        let call = self.call.as_mut()?;
        if call.notifications_left == 0 {
            return None;
        }
        call.notifications_left -= 1;
        Some(&call.ctx)
    }
}

impl types::Host for HostState {}

impl image::Host for HostState {
    async fn dictionaries(&mut self) -> WitResult<Vec<String>> {
        self.on_image("dictionaries", Grant::Read, |ctx| ctx.image.dictionaries())
            .await
            .map_err(from_tool_error)
    }

    async fn classes(&mut self, dictionary: String) -> WitResult<Vec<String>> {
        self.on_image("classes", Grant::Read, move |ctx| {
            ctx.image.classes(&dictionary)
        })
        .await
        .map_err(from_tool_error)
    }

    async fn describe_class(&mut self, class_name: String) -> WitResult<types::ClassInfo> {
        let c = self
            .on_image("describe-class", Grant::Read, move |ctx| {
                let c = ctx.image.describe_class(&class_name)?;
                ctx.ledger.saw_class(&c);
                Ok(c)
            })
            .await
            .map_err(from_tool_error)?;
        Ok(types::ClassInfo {
            name: c.name,
            superclass: c.superclass,
            dictionary: c.dictionary,
            instance_variables: c.instance_variables,
            class_variables: c.class_variables,
            class_instance_variables: c.class_instance_variables,
            category: c.category,
            comment: c.comment,
            kernel: c.kernel,
        })
    }

    async fn selectors(&mut self, class_name: String, meta: bool) -> WitResult<Vec<String>> {
        self.on_image("selectors", Grant::Read, move |ctx| {
            ctx.image.selectors(&class_name, meta)
        })
        .await
        .map_err(from_tool_error)
    }

    async fn method_source(
        &mut self,
        class_name: String,
        meta: bool,
        selector: String,
    ) -> WitResult<String> {
        let asked = selector.clone();
        // With the class's own name, which the ledger goes by: a plug-in
        // may read through an alias and write through the class's name.
        let m = self
            .on_image("method-source", Grant::Read, move |ctx| {
                ctx.image.method(&class_name, meta, &selector)
            })
            .await
            .map_err(from_tool_error)?;
        let source = self.capped("method-source", m.source)?;
        // Noted only now: a source over the cap never reached the plug-in.
        if let Some(call) = &self.call {
            call.ctx
                .ledger
                .saw_method(&m.class_name, meta, &asked, &source);
        }
        Ok(source)
    }

    async fn implementors(&mut self, selector: String) -> WitResult<types::MethodRefs> {
        let limit = self.policy.limits.max_results;
        let r = self
            .on_image("implementors", Grant::Read, move |ctx| {
                ctx.image.implementors(&selector, limit)
            })
            .await;
        r.map(|r| self.refs(r)).map_err(from_tool_error)
    }

    async fn senders(&mut self, selector: String) -> WitResult<types::MethodRefs> {
        let limit = self.policy.limits.max_results;
        let r = self
            .on_image("senders", Grant::Read, move |ctx| {
                ctx.image.senders(&selector, limit)
            })
            .await;
        r.map(|r| self.refs(r)).map_err(from_tool_error)
    }

    async fn references_to(&mut self, name: String) -> WitResult<types::MethodRefs> {
        let limit = self.policy.limits.max_results;
        let r = self
            .on_image("references-to", Grant::Read, move |ctx| {
                ctx.image.references_to(&name, limit)
            })
            .await;
        r.map(|r| self.refs(r)).map_err(from_tool_error)
    }

    async fn search_source(
        &mut self,
        text: String,
        ignore_case: bool,
    ) -> WitResult<types::MethodRefs> {
        let limit = self.policy.limits.max_results;
        let r = self
            .on_image("search-source", Grant::Read, move |ctx| {
                let search = gs_toolset::SourceSearch {
                    text: &text,
                    ignore_case,
                    dictionary: None,
                    class_name: None,
                };
                ctx.image.search_source(&search, limit)
            })
            .await;
        r.map(|r| self.refs(r)).map_err(from_tool_error)
    }

    async fn implementors_page(
        &mut self,
        selector: String,
        limit: u32,
    ) -> Result<types::MethodPage, types::Failure> {
        self.search_page("implementors-page", limit, move |image, limit| {
            image.implementors(&selector, limit)
        })
        .await
    }

    async fn senders_page(
        &mut self,
        selector: String,
        limit: u32,
    ) -> Result<types::MethodPage, types::Failure> {
        self.search_page("senders-page", limit, move |image, limit| {
            image.senders(&selector, limit)
        })
        .await
    }

    async fn references_page(
        &mut self,
        name: String,
        limit: u32,
    ) -> Result<types::MethodPage, types::Failure> {
        self.search_page("references-page", limit, move |image, limit| {
            image.references_to(&name, limit)
        })
        .await
    }

    async fn search_source_page(
        &mut self,
        search: types::SourceSearch,
        limit: u32,
    ) -> Result<types::MethodPage, types::Failure> {
        self.search_page("search-source-page", limit, move |image, limit| {
            image.search_source(
                &gs_toolset::SourceSearch {
                    text: &search.text,
                    ignore_case: search.ignore_case,
                    dictionary: search.dictionary.as_deref(),
                    class_name: None,
                },
                limit,
            )
        })
        .await
    }

    async fn search_source_lines(
        &mut self,
        search: types::SourceSearch,
        class_name: Option<String>,
        limit: u32,
    ) -> Result<types::SourceMatchPage, types::Failure> {
        let limit = self.page_limit(limit);
        let answer = self
            .on_image("search-source-lines", Grant::Read, move |ctx| {
                let search = gs_toolset::SourceSearch {
                    text: &search.text,
                    ignore_case: search.ignore_case,
                    dictionary: search.dictionary.as_deref(),
                    class_name: class_name.as_deref(),
                };
                source_matches(ctx.image.as_ref(), &search, limit)
            })
            .await;
        answer.map_err(|e| self.failure(e))
    }
}

/// The first `limit` methods `search` finds, each with the lines of its
/// source holding the text, and how many match in all.
fn source_matches(
    image: &dyn gs_toolset::ImageSession,
    search: &gs_toolset::SourceSearch<'_>,
    limit: usize,
) -> Result<types::SourceMatchPage, ToolError> {
    let page = image.search_source(search, limit)?;
    let matches = page
        .methods
        .into_iter()
        .map(|m| {
            let source = image.method_source(&m.class_name, m.meta, &m.selector)?;
            Ok(types::SourceMatch {
                lines: search.lines_in(&source),
                method: method_ref(m),
            })
        })
        .collect::<Result<Vec<_>, ToolError>>()?;
    Ok(types::SourceMatchPage {
        matches,
        total: u64::try_from(page.total).unwrap_or(u64::MAX),
    })
}

impl HostState {
    /// Runs a doit for `function`. The Smalltalk runs under the plug-in
    /// call's deadline and cancellation (see `watchdog`) and the toolset's
    /// memory cap.
    async fn run_doit(
        &mut self,
        function: &str,
        code: String,
    ) -> Result<gs_toolset::Doit, ToolError> {
        // The lane a long guest call holds is given up first, as for any
        // image work (see `on_image`).
        self.end_run();
        let mut ctx = self
            .allowed(function, Grant::Execute)
            .map_err(from_wit_error)?
            .clone();
        let deadline = self.deadline.unwrap_or_else(std::time::Instant::now);
        let run = self.watchdog.watch(&ctx.cancel, deadline);
        ctx.cancel = run.token.clone();
        let doit = ctx.execute(code, Some(self.policy.limits.memory)).await;
        if run.past_deadline() {
            // The guest goes on only to its next epoch check.
            self.stop = Some(Stop::Deadline);
            return Err(ToolError::other(format!(
                "the Smalltalk of `{function}` ran past toolset `{}`'s deadline of {:.3} s \
                 and was stopped",
                self.policy.toolset,
                self.budget.as_secs_f64()
            )));
        }
        doit
    }
}

impl execution::Host for HostState {
    async fn execute(&mut self, code: String) -> WitResult<String> {
        let doit = self
            .run_doit("execute", code)
            .await
            .map_err(from_tool_error)?;
        self.capped("execute", doit.print_string)
    }

    async fn execute_detailed(&mut self, code: String) -> Result<types::Doit, types::Failure> {
        self.detailed_doit("execute-detailed", code)
            .await
            .map(|d| types::Doit {
                print_string: d.print_string,
                truncated: d.truncated,
                transcript: d.transcript,
            })
    }

    async fn evaluate(&mut self, code: String) -> Result<types::Evaluation, types::Failure> {
        self.detailed_doit("evaluate", code)
            .await
            .map(|d| types::Evaluation {
                class_name: d.class_name,
                print_string: d.print_string,
                truncated: d.truncated,
                transcript: d.transcript,
            })
    }
}

impl HostState {
    /// A doit for `function` whose whole answer crosses into the guest:
    /// its texts together keep to the output cap.
    async fn detailed_doit(
        &mut self,
        function: &str,
        code: String,
    ) -> Result<gs_toolset::Doit, types::Failure> {
        let doit = self.run_doit(function, code).await.and_then(|d| {
            let size = d.print_string.len() + d.transcript.len() + d.class_name.len();
            if size > self.policy.limits.output {
                return Err(ToolError::other(format!(
                    "the answer of `{function}` is {size} bytes (printString, \
                     Transcript and class name), over toolset `{}`'s output cap of {} bytes; ask for less (or \
                     the operator may raise `[toolset.limits] output_bytes`)",
                    self.policy.toolset, self.policy.limits.output
                )));
            }
            Ok(d)
        });
        doit.map_err(|e| self.failure(e))
    }
}

impl code::Host for HostState {
    async fn compile_method(
        &mut self,
        class_name: String,
        meta: bool,
        category: Option<String>,
        source: String,
    ) -> WitResult<String> {
        let class = class_name.clone();
        self.on_class("compile-method", class, move |ctx| {
            compile_unless_stale(ctx, &class_name, meta, category.as_deref(), &source)
        })
        .await
        .map(|m| m.selector)
        .map_err(from_tool_error)
    }

    async fn define_class(&mut self, d: types::ClassDefinition) -> WitResult<()> {
        let name = d.name.clone();
        self.on_class("define-class", name, move |ctx| define_unless_stale(ctx, d))
            .await
            .map_err(from_tool_error)
    }

    async fn compile_method_detailed(
        &mut self,
        class_name: String,
        meta: bool,
        category: Option<String>,
        source: String,
    ) -> Result<types::MethodRef, types::Failure> {
        let class = class_name.clone();
        let compiled = self
            .on_class("compile-method-detailed", class, move |ctx| {
                compile_unless_stale(ctx, &class_name, meta, category.as_deref(), &source)
            })
            .await;
        compiled.map(method_ref).map_err(|e| self.failure(e))
    }

    async fn define_class_detailed(
        &mut self,
        d: types::ClassDefinition,
    ) -> Result<(), types::Failure> {
        let name = d.name.clone();
        let defined = self
            .on_class("define-class-detailed", name, move |ctx| {
                define_unless_stale(ctx, d)
            })
            .await;
        defined.map_err(|e| self.failure(e))
    }

    async fn delete_method(
        &mut self,
        class_name: String,
        meta: bool,
        selector: String,
    ) -> WitResult<()> {
        let class = class_name.clone();
        self.on_class("delete-method", class, move |ctx| {
            refuse_stale_deletion(ctx, &class_name, meta, &selector)?;
            ctx.image.delete_method(&class_name, meta, &selector)
        })
        .await
        .map_err(from_tool_error)
    }

    async fn delete_class(&mut self, class_name: String) -> WitResult<()> {
        let class = class_name.clone();
        self.on_class("delete-class", class, move |ctx| {
            ctx.image.delete_class(&class_name)
        })
        .await
        .map_err(from_tool_error)
    }

    async fn set_class_comment(&mut self, class_name: String, comment: String) -> WitResult<()> {
        let class = class_name.clone();
        self.on_class("set-class-comment", class, move |ctx| {
            refuse_stale_class(ctx, &class_name, ClassWrite::Comment)?;
            ctx.image.set_class_comment(&class_name, &comment)?;
            note_class_written(ctx, &class_name);
            Ok(())
        })
        .await
        .map_err(from_tool_error)
    }
}

/// Compiles `source` unless it would replace a method the session was
/// shown in another form ([`refuse_stale_method`]); what it compiled is
/// then what the session holds, and so what it has seen.
fn compile_unless_stale(
    ctx: &CallContext,
    class_name: &str,
    meta: bool,
    category: Option<&str>,
    source: &str,
) -> Result<gs_toolset::MethodRef, ToolError> {
    refuse_stale_method(ctx, class_name, meta, source)?;
    let m = ctx
        .image
        .compile_method(class_name, meta, category, source)?;
    ctx.ledger
        .saw_method(&m.class_name, m.meta, &m.selector, source);
    Ok(m)
}

/// Defines the class unless the session was shown it in another form
/// ([`refuse_stale_class`]), noting what it then holds.
fn define_unless_stale(ctx: &CallContext, d: types::ClassDefinition) -> Result<(), ToolError> {
    let name = d.name.clone();
    refuse_stale_class(ctx, &name, ClassWrite::Definition)?;
    ctx.image.define_class(&class_definition(d))?;
    note_class_written(ctx, &name);
    Ok(())
}

/// `Account>>deposit:`, or `Account class>>new` on the class side: the
/// words the built-in tools name a method with.
fn method_label(class_name: &str, meta: bool, selector: &str) -> String {
    let side = if meta { " class" } else { "" };
    format!("{class_name}{side}>>{selector}")
}

/// The details of a stale-read refusal about a method, with the keys the
/// built-in tools' `staleRead` carries.
fn method_details(current: &MethodSource, meta: bool, selector: &str) -> Map<String, Value> {
    let mut details = Map::new();
    details.insert("className".into(), json!(current.class_name));
    details.insert("meta".into(), json!(meta));
    details.insert("selector".into(), json!(selector));
    details.insert("currentSource".into(), json!(current.source));
    details
}

/// Refuses to compile `source` over a method the session was shown in
/// another form: it changed since (another session committed a change,
/// or code run in this session made one), and compiling the plug-in's
/// edit of the old form would overwrite that change unseen. A method the
/// session never saw, or that is absent, compiles as before; so does a
/// source that is the current one. Nothing is noted on a refusal: the
/// plug-in must read the method again, and only that read lets its write
/// through. In a read-only session the image refuses first, as
/// `readOnly`.
fn refuse_stale_method(
    ctx: &CallContext,
    class_name: &str,
    meta: bool,
    source: &str,
) -> Result<(), ToolError> {
    if ctx.read_only {
        return Ok(());
    }
    let Some(selector) = pattern_selector(source) else {
        return Ok(());
    };
    let image = ctx.image.as_ref();
    let Some(current) = ctx
        .ledger
        .changed_method(image, class_name, meta, &selector)?
    else {
        return Ok(());
    };
    if current.source.trim_end() == source.trim_end() {
        return Ok(());
    }
    let label = method_label(&current.class_name, meta, &selector);
    let mut details = method_details(&current, meta, &selector);
    details.insert("category".into(), json!(current.category));
    Err(ToolError::stale_read(format!(
        "{label} changed since this session's tools read it (another session committed a \
         change, or code run in this session made one); read it again (method-source), and \
         compile your edit of the current source. Nothing was compiled: this source would \
         have overwritten that change unseen."
    ))
    .with_details(details))
}

/// Refuses to delete a method the session was shown in another form: it
/// changed since, and deleting it would discard that change unseen. As
/// [`refuse_stale_method`], reading it again lets the deletion through.
fn refuse_stale_deletion(
    ctx: &CallContext,
    class_name: &str,
    meta: bool,
    selector: &str,
) -> Result<(), ToolError> {
    if ctx.read_only {
        return Ok(());
    }
    let image = ctx.image.as_ref();
    let Some(current) = ctx
        .ledger
        .changed_method(image, class_name, meta, selector)?
    else {
        return Ok(());
    };
    let label = method_label(&current.class_name, meta, selector);
    Err(ToolError::stale_read(format!(
        "{label} changed since this session's tools read it (another session committed a \
         change, or code run in this session made one); read it again (method-source), and \
         delete it if it should still go. Nothing was deleted: deleting it would have \
         discarded that change unseen."
    ))
    .with_details(method_details(&current, meta, selector)))
}

/// What a `code` function would replace of a class.
#[derive(Clone, Copy)]
enum ClassWrite {
    /// `define-class`: its definition (its comment kept).
    Definition,
    /// `set-class-comment`.
    Comment,
}

/// Refuses to change class `name` when the session was shown its
/// definition facts (superclass, dictionary, variables, category,
/// comment) in another form: the change would overwrite another's unseen.
/// As [`refuse_stale_method`], reading it again lets the change through.
fn refuse_stale_class(ctx: &CallContext, name: &str, write: ClassWrite) -> Result<(), ToolError> {
    if ctx.read_only {
        return Ok(());
    }
    let Some(current) = ctx.ledger.changed_class(ctx.image.as_ref(), name)? else {
        return Ok(());
    };
    let definition = ctx.image.definition_source(&current.name)?.with_category();
    let mut details = Map::new();
    details.insert("className".into(), json!(current.name));
    details.insert("currentDefinition".into(), json!(definition));
    details.insert("currentComment".into(), json!(current.comment));
    let what = match write {
        ClassWrite::Definition => "define your edit of the current class",
        ClassWrite::Comment => "set your edit of the current comment",
    };
    Err(ToolError::stale_read(format!(
        "class {} changed since this session's tools read it (its definition, category or \
         comment: another session committed a change, or code run in this session made one); \
         read it again (describe-class), and {what}. Nothing was changed: this change would \
         have overwritten that one unseen.",
        current.name
    ))
    .with_details(details))
}

/// Notes the class `name` as the session now holds it after a change the
/// plug-in made, if the session was shown it before: otherwise its next
/// change would be refused as an edit of the form it replaced itself.
fn note_class_written(ctx: &CallContext, name: &str) {
    if !ctx.ledger.knows_class(name) {
        return;
    }
    // A failed look-up is no error: the change was made, and the worst a
    // missing note does is refuse a later change, naming what to read.
    if let Ok(info) = ctx.image.describe_class(name) {
        ctx.ledger.saw_class(&info);
    }
}

fn class_definition(d: types::ClassDefinition) -> gs_toolset::ClassDefinition {
    gs_toolset::ClassDefinition {
        name: d.name,
        superclass: d.superclass,
        dictionary: d.dictionary,
        instance_variables: d.instance_variables,
        class_variables: d.class_variables,
        class_instance_variables: d.class_instance_variables,
        category: d.category,
    }
}

impl session::Host for HostState {
    fn read_only(&mut self) -> bool {
        // Outside a call (describe) nothing may change anything, so the
        // answer that keeps a plug-in from trying is "read-only".
        self.call.as_ref().is_none_or(|c| c.ctx.read_only)
    }

    fn user(&mut self) -> String {
        self.call
            .as_ref()
            .map(|c| c.ctx.image.user())
            .unwrap_or_default()
    }

    fn server(&mut self) -> types::ServerIdentity {
        match &self.call {
            Some(c) => types::ServerIdentity {
                name: c.ctx.server.name.clone(),
                version: c.ctx.server.version.clone(),
                title: c.ctx.server.title.clone(),
            },
            None => types::ServerIdentity {
                name: String::new(),
                version: String::new(),
                title: None,
            },
        }
    }

    fn grants(&mut self) -> Vec<String> {
        self.policy.grant_names()
    }
}

/// Longest log line or progress message forwarded, in bytes.
const MAX_LOG_MESSAGE: usize = 8 * 1024;

fn truncated(message: &str) -> &str {
    if message.len() <= MAX_LOG_MESSAGE {
        return message;
    }
    let mut end = MAX_LOG_MESSAGE;
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    &message[..end]
}

impl logging::Host for HostState {
    async fn log(&mut self, level: types::LogLevel, message: String) {
        let toolset = self.policy.toolset.clone();
        let policy = self.policy.clone();
        if let Some(ctx) = self.take_notification() {
            let level = match level {
                types::LogLevel::Debug => LogLevel::Debug,
                types::LogLevel::Info => LogLevel::Info,
                types::LogLevel::Notice => LogLevel::Notice,
                types::LogLevel::Warning => LogLevel::Warning,
                types::LogLevel::Error => LogLevel::Error,
                types::LogLevel::Critical => LogLevel::Critical,
                types::LogLevel::Alert => LogLevel::Alert,
                types::LogLevel::Emergency => LogLevel::Emergency,
            };
            let message = policy.settings.redact(&message);
            ctx.notifier.log(level, &toolset, truncated(&message));
        }
        // The client sees the line while the call goes on: the stream's
        // writer gets its turn before the guest runs on.
        tokio::task::yield_now().await;
    }

    /// A report MCP would not accept — not a finite number, negative, not
    /// above the last one (the WIT says progress must increase), or past
    /// a finite total — is dropped, and does not count against the
    /// allowance.
    async fn progress(&mut self, progress: f64, total: Option<f64>, message: Option<String>) {
        let valid = progress.is_finite()
            && progress >= 0.0
            && total.is_none_or(|t| t.is_finite() && progress <= t)
            && self
                .call
                .as_ref()
                .is_some_and(|c| c.last_progress.is_none_or(|last| progress > last));
        if !valid {
            return;
        }
        if let Some(call) = self.call.as_mut() {
            call.last_progress = Some(progress);
        }
        let policy = self.policy.clone();
        if let Some(ctx) = self.take_notification() {
            let message = message.as_deref().map(|m| policy.settings.redact(m));
            ctx.notifier
                .progress(progress, total, message.as_deref().map(truncated));
        }
        tokio::task::yield_now().await;
    }
}

impl HostState {
    /// Sends `request` under `key` (the call's next automatic key when
    /// `None`) to the client of the call in flight and waits for its
    /// result, at most until the call's deadline or cancellation. The
    /// plug-in's `params` (JSON text of an object) and the client's answer
    /// are each held to the toolset's output cap; secrets are redacted from
    /// the params, and a key holding one is refused.
    async fn ask_client(
        &mut self,
        key: Option<String>,
        request: ClientRequest,
        params: Option<String>,
    ) -> Result<String, types::Failure> {
        self.end_run();
        let method = request.method();
        let cap = self.policy.limits.output;
        let Some(ctx) = self.call.as_ref().map(|c| c.ctx.clone()) else {
            return Err(self.failure(ToolError::other(format!(
                "{method} can be sent only while the toolset answers a request (a tool call, \
                 a resource read or a prompt)"
            ))));
        };
        let key = match key {
            Some(k) if gs_toolset::is_automatic_key(&k) => {
                return Err(self.failure(ToolError::invalid_params(format!(
                    "the key `{k}` is one the host gives requests sent without a key \
                     (elicit, sample, list-roots), so the two would share an answer; choose \
                     another"
                ))));
            }
            Some(k) if gs_toolset::is_input_key(&k) => k,
            Some(k) => {
                return Err(self.failure(ToolError::invalid_params(format!(
                    "the key `{}` of a request to the client must be 1 to 64 ASCII letters, \
                     digits, `_`, `-` or `.`",
                    crate::wasm::cut(&k, 64)
                ))));
            }
            None => match self.call.as_mut() {
                Some(call) => call.next_key(request),
                None => unreachable!("checked above"),
            },
        };
        if self.policy.settings.redact(&key) != key.as_str() {
            // The key reaches the client too, and a redacted one would no
            // longer be the plug-in's.
            return Err(self.failure(ToolError::invalid_params(format!(
                "the key of this {method} request holds the value of a secret setting, which \
                 never leaves the host; choose another"
            ))));
        }
        let mut params = match params {
            None => serde_json::Value::Object(serde_json::Map::new()),
            Some(text) if text.len() > cap => {
                return Err(self.failure(ToolError::invalid_params(format!(
                    "the {method} parameters are {} bytes, over the toolset's output cap of \
                     {cap} bytes",
                    text.len()
                ))));
            }
            Some(text) => match serde_json::from_str::<serde_json::Value>(&text) {
                Ok(v) if v.is_object() => v,
                _ => {
                    return Err(self.failure(ToolError::invalid_params(format!(
                        "the {method} parameters must be the text of one JSON object"
                    ))));
                }
            },
        };
        // What the plug-in asks reaches the client: a secret never does.
        self.policy.settings.redact_value(&mut params);
        let answer =
            within_call(&ctx, self.deadline, ctx.notifier.ask(&key, request, params)).await;
        let text = match answer {
            Ok(result) => result.to_string(),
            Err(e) => return Err(self.failure(e)),
        };
        if text.len() > cap {
            return Err(self.failure(ToolError::new(
                ErrorKind::OutputTooLarge,
                format!(
                    "the client's answer to {method} is {} bytes, over the toolset's output cap \
                     of {cap} bytes",
                    text.len()
                ),
            )));
        }
        Ok(text)
    }
}

/// `asked`, given up when the call is cancelled or its deadline passes.
/// Without a runtime to time it (a call run by hand), `asked` alone: the
/// notifier of such a call answers at once.
async fn within_call(
    ctx: &CallContext,
    deadline: Option<std::time::Instant>,
    asked: gs_toolset::AskFuture<'_>,
) -> Result<serde_json::Value, ToolError> {
    if tokio::runtime::Handle::try_current().is_err() {
        return asked.await;
    }
    let cancelled = async {
        while !ctx.cancel.is_cancelled() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    let expired = async {
        match deadline {
            Some(d) => tokio::time::sleep_until(d.into()).await,
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        answer = asked => answer,
        () = cancelled => Err(ToolError::new(
            ErrorKind::Cancelled,
            "the call was cancelled while it waited for the client's answer",
        )),
        () = expired => Err(ToolError::new(
            ErrorKind::Deadline,
            "the call's deadline passed while it waited for the client's answer",
        )),
    }
}

impl config::Host for HostState {
    fn get(&mut self, name: String) -> Result<Option<String>, types::Failure> {
        let value = self
            .policy
            .settings
            .get(&name)
            .map(|v| v.map(str::to_string));
        value.map_err(|e| self.failure(e))
    }
}

impl client::Host for HostState {
    async fn elicit(&mut self, params: String) -> Result<String, types::Failure> {
        self.ask_client(None, ClientRequest::Elicitation, Some(params))
            .await
    }

    async fn sample(&mut self, params: String) -> Result<String, types::Failure> {
        self.ask_client(None, ClientRequest::Sampling, Some(params))
            .await
    }

    async fn list_roots(&mut self) -> Result<String, types::Failure> {
        self.ask_client(None, ClientRequest::Roots, None).await
    }

    async fn ask(
        &mut self,
        key: String,
        request: types::ClientRequest,
        params: Option<String>,
    ) -> Result<String, types::Failure> {
        let request = match request {
            types::ClientRequest::Elicitation => ClientRequest::Elicitation,
            types::ClientRequest::Sampling => ClientRequest::Sampling,
            types::ClientRequest::Roots => ClientRequest::Roots,
        };
        self.ask_client(Some(key), request, params).await
    }

    async fn start_task(&mut self, message: Option<String>) -> bool {
        let Some(ctx) = self.call.as_ref().map(|c| c.ctx.clone()) else {
            return false;
        };
        let message = message.map(|m| truncated(&self.policy.settings.redact(&m)).to_string());
        ctx.notifier.start_task(message.as_deref())
    }

    async fn cancelled(&mut self) -> bool {
        let past_deadline = self
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d);
        past_deadline
            || self
                .call
                .as_ref()
                .is_some_and(|c| c.ctx.cancel.is_cancelled())
    }
}

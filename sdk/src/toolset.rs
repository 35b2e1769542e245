//! The toolset a plug-in declares: its tools, their schemas and handlers,
//! and the dispatch the exported `describe` and `call` run.

use std::cell::OnceCell;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::__private::bindings::gemstone::mcp::types as wit;
use crate::offers::{self, Completion, CompletionRef, Contents, Offers, PromptReply, Values};
use crate::schema::ArgumentCheck;
use crate::validate::validate;
use crate::{Error, Output, Prompt, Resource, ResourceTemplate, Schema, Setting};

type Handler = Box<dyn Fn(Arguments<'_>) -> Result<Output, Error>>;

/// A call's arguments on their way to a tool's handler.
enum Arguments<'a> {
    /// The client's text, which [`ArgumentCheck::passes`] found good.
    Text(&'a str),
    /// Parsed, after [`ArgumentCheck::check`] found them good.
    Value(Value),
}

/// One tool: its name, description, schemas, read-only-safe flag and the
/// function that runs it.
pub struct Tool {
    name: String,
    title: Option<String>,
    description: String,
    input: Schema,
    /// `input` read for checking each call's arguments, on the tool's
    /// first call: an instance builds its toolset on its first call of
    /// any tool, so reading every tool's schema there would cost each
    /// fresh instance (a stateless request's) for tools it never calls.
    check: OnceCell<ArgumentCheck>,
    output: Option<Schema>,
    read_only_safe: bool,
    /// The grants it needs (`requirements`, 0.1.3).
    needs: Vec<String>,
    /// Whether its calls may become tasks (`tasks`, 0.1.5).
    tasks: Option<TaskSupport>,
    handler: Handler,
}

/// Whether a tool's calls may become tasks (the tasks extension of MCP
/// revision 2026-07-28): answered at once with a task the client polls,
/// the call going on in the background. The tool starts the task itself,
/// with [`client::start_task`](crate::client::start_task), when it comes
/// to its long part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskSupport {
    /// When the client declared the extension on its request; any other
    /// client gets the call's result as usual (`start_task` answers false).
    Optional,
    /// Only as a task: a stateless request that did not declare the
    /// extension is refused before the call runs. In a session (revision
    /// 2025-11-25), which has no tasks, the call runs as usual.
    Required,
}

impl std::fmt::Debug for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tool")
            .field("name", &self.name)
            .field("read_only_safe", &self.read_only_safe)
            .finish_non_exhaustive()
    }
}

impl Tool {
    /// A tool called `name` that runs `handler` on its arguments,
    /// deserialised into `A` with serde. It takes no arguments until
    /// [`Tool::input`] says otherwise, and is not read-only-safe until
    /// [`Tool::read_only_safe`] says so.
    ///
    /// Arguments that do not match the input schema, or do not deserialise
    /// into `A`, are refused with `invalidParams` before `handler` runs.
    pub fn new<A, F>(name: &str, description: &str, handler: F) -> Tool
    where
        A: DeserializeOwned + 'static,
        F: Fn(A) -> Result<Output, Error> + 'static,
    {
        let tool = name.to_string();
        let input: Schema = Schema::object().into();
        Tool {
            name: name.to_string(),
            title: None,
            description: description.to_string(),
            check: OnceCell::new(),
            input,
            output: None,
            read_only_safe: false,
            needs: Vec::new(),
            tasks: None,
            handler: Box::new(move |arguments| {
                let from_value = |value: Value| {
                    serde_json::from_value::<A>(value).map_err(|e| {
                        Error::invalid_params(format!("invalid arguments for `{tool}`: {e}"))
                    })
                };
                let args = match arguments {
                    Arguments::Text(text) => match serde_json::from_str::<A>(text) {
                        Ok(args) => args,
                        // Refused with the same message as on the other
                        // path (the text is known to be JSON).
                        Err(_) => from_value(serde_json::from_str(text).unwrap_or(Value::Null))?,
                    },
                    Arguments::Value(value) => from_value(value)?,
                };
                handler(args)
            }),
        }
    }

    /// A tool called `name` whose arguments and result are Rust types, each
    /// described once: the input schema is derived from `A`, the output
    /// schema from `O` ([`Schema::of`]: doc comments as descriptions,
    /// `Option` fields optional, nested structs, `Vec`s, unit enums as
    /// string enums, `#[schemars(range(…))]` and `#[schemars(length(…))]`
    /// as bounds). `handler` gets the arguments deserialised into `A` and
    /// answers an `O`, which becomes the result's structured content (the
    /// host adds a text rendering for clients that ignore it).
    ///
    /// Both schemas are enforced, here and by the host: arguments that do
    /// not match are refused with `invalidParams` naming the argument
    /// before `handler` runs; a result that does not match its schema (a
    /// number past its `maximum`, say) is an error naming its place in the
    /// result, before it leaves the plug-in.
    ///
    /// ```
    /// use gs_mcp_sdk::{Error, ErrorKind, Tool, Toolset, schemars::JsonSchema};
    /// use serde::{Deserialize, Serialize};
    ///
    /// /// What `stock` takes.
    /// #[derive(Deserialize, JsonSchema)]
    /// struct Stock {
    ///     /// The product's SKU, e.g. ANV-100.
    ///     #[schemars(length(min = 1, max = 20))]
    ///     sku: String,
    /// }
    ///
    /// /// What `stock` answers.
    /// #[derive(Serialize, JsonSchema)]
    /// #[serde(rename_all = "camelCase")]
    /// struct Level {
    ///     sku: String,
    ///     /// Units in the warehouse.
    ///     on_hand: u32,
    /// }
    ///
    /// fn stock(args: Stock) -> Result<Level, Error> {
    ///     Ok(Level { sku: args.sku, on_hand: 3 })
    /// }
    ///
    /// let toolset = Toolset::new("acme", "1.0.0")
    ///     .tool(Tool::typed("stock", "Units on hand of one product.", stock).read_only_safe());
    /// let out = toolset.call_json("stock", r#"{"sku": "ANV-100"}"#).unwrap();
    /// assert_eq!(out.structured.unwrap()["onHand"], 3);
    /// let err = toolset.call_json("stock", r#"{"sku": ""}"#).unwrap_err();
    /// assert_eq!(err.kind, ErrorKind::InvalidParams);
    /// assert_eq!(
    ///     err.message,
    ///     "argument `sku` of `stock` has 0 characters, fewer than the schema's `minLength` of 1"
    /// );
    /// ```
    ///
    /// # Panics
    ///
    /// When `A` or `O` is not described by a JSON object schema (MCP's
    /// arguments and structured content are objects: use structs with
    /// named fields), or [`Schema::of`] refuses one of them; the message
    /// names the tool and the type and says what to change.
    #[track_caller]
    pub fn typed<A, O, F>(name: &str, description: &str, handler: F) -> Tool
    where
        A: DeserializeOwned + JsonSchema + 'static,
        O: Serialize + JsonSchema + 'static,
        F: Fn(A) -> Result<O, Error> + 'static,
    {
        let input = object_schema_of::<A>(name, "arguments");
        let output = object_schema_of::<O>(name, "result");
        Tool::new(name, description, move |args: A| {
            handler(args).and_then(|result| Output::json(&result))
        })
        .input(input)
        .output(output)
    }

    /// Sets the human-readable title.
    pub fn title(mut self, title: &str) -> Tool {
        self.title = Some(title.to_string());
        self
    }

    /// Sets the input schema (an object schema).
    pub fn input(mut self, schema: impl Into<Schema>) -> Tool {
        self.input = schema.into();
        self
    }

    /// Sets the output schema; every successful call must then carry
    /// structured content ([`Output::json`]).
    pub fn output(mut self, schema: impl Into<Schema>) -> Tool {
        self.output = Some(schema.into());
        self
    }

    /// Declares the tool read-only-safe: it only reads, so it may run in a
    /// read-only session. (The host refuses mutating host calls there
    /// anyway.)
    pub fn read_only_safe(mut self) -> Tool {
        self.read_only_safe = true;
        self
    }

    /// Declares the grants the tool needs to work, named as `toolsets.toml`
    /// names them: `image:read`, `image:execute`, `image:write`, `net` (at
    /// least one HTTP origin). A server whose operator did not give them
    /// all leaves the tool out, saying so at start-up, rather than offer a
    /// tool that can only fail; `gs-mcp tools` lists them.
    ///
    /// # Panics
    ///
    /// On a name that is not a grant (the host refuses to load a toolset
    /// that declares one), in the vendor's own tests.
    #[track_caller]
    pub fn needs(mut self, grants: &[&str]) -> Tool {
        self.needs = checked_grants(&format!("tool `{}`", self.name), grants);
        self
    }

    /// Declares that the tool's calls may become tasks (needs a 0.1.5
    /// host): the tool calls [`client::start_task`](crate::client::start_task)
    /// where its long part begins. Without this, `start_task` answers
    /// false.
    pub fn tasks(mut self, support: TaskSupport) -> Tool {
        self.tasks = Some(support);
        self
    }
}

/// The grants a tool, resource or prompt may declare it needs.
pub(crate) const GRANTS: [&str; 4] = ["image:read", "image:execute", "image:write", "net"];

/// `grants` as declared by `owner`, checked against [`GRANTS`].
///
/// # Panics
///
/// On a name that is not a grant, naming it and the grants there are, so
/// the vendor's first test that builds the toolset fails rather than the
/// operator's server, which refuses to load the component.
#[track_caller]
pub(crate) fn checked_grants(owner: &str, grants: &[&str]) -> Vec<String> {
    if let Some(bad) = grants.iter().find(|g| !GRANTS.contains(g)) {
        panic!(
            "{owner} needs `{bad}`, which is not a grant; declare `{}`",
            GRANTS.join("`, `")
        );
    }
    grants.iter().map(|g| g.to_string()).collect()
}

/// What is wrong with `name` as a tool name by MCP's rule (1 to 128
/// bytes, each an ASCII letter, digit, `_`, `-` or `.`), which the host
/// applies when it loads a toolset.
fn tool_name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("a tool has an empty name; give every tool a name".into());
    }
    if name.len() > 128 {
        return Some(format!(
            "the tool name `{}…` is {} bytes long; MCP allows at most 128",
            name.chars().take(32).collect::<String>(),
            name.len()
        ));
    }
    name.chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .map(|c| {
            format!(
                "the tool name `{name}` contains {c:?}; use only ASCII letters, digits, `_`, `-` \
                 and `.`"
            )
        })
}

/// The derived schema of `T`, which must be an object's: what `tool`
/// takes or answers (`role`).
#[track_caller]
fn object_schema_of<T: JsonSchema>(tool: &str, role: &str) -> Schema {
    let schema = match crate::schema::derive::<T>() {
        Ok(schema) => schema,
        Err(problem) => panic!("tool `{tool}`: {problem}"),
    };
    let kind = schema.as_json().get("type");
    if kind != Some(&Value::String("object".into())) {
        panic!(
            "tool `{tool}`: its {role} type `{}` is described by a schema of type {}, but MCP \
             carries a tool's {role} as a JSON object; use a struct with named fields",
            std::any::type_name::<T>(),
            kind.map_or_else(|| "(none)".to_string(), Value::to_string)
        );
    }
    schema
}

/// A toolset: a name, a version, tools, what it offers besides
/// (resources, resource templates, prompts), and the settings it reads
/// from the operator's configuration.
pub struct Toolset {
    name: String,
    version: String,
    tools: Vec<Tool>,
    offers: Offers,
    /// The settings it declares (`settings`, 0.1.4), in declaration order.
    settings: Vec<Setting>,
}

impl std::fmt::Debug for Toolset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Toolset")
            .field("name", &self.name)
            .field("version", &self.version)
            .field("tools", &self.tools)
            .field("resources", &self.offers.resources)
            .field("templates", &self.offers.templates)
            .field("prompts", &self.offers.prompts)
            .field("settings", &self.settings)
            .finish()
    }
}

impl Toolset {
    /// A toolset with no tools yet. `name` is how operators and logs know
    /// it (ASCII letters, digits, `_`, `-`); `version` is its own version.
    pub fn new(name: &str, version: &str) -> Toolset {
        Toolset {
            name: name.to_string(),
            version: version.to_string(),
            tools: Vec::new(),
            offers: Offers::default(),
            settings: Vec::new(),
        }
    }

    /// Adds a tool.
    ///
    /// # Panics
    ///
    /// On a tool the host would refuse to load, so that the mistake shows
    /// in the first test that builds the toolset rather than when an
    /// operator starts the server: a name that is empty, longer than 128
    /// bytes or holds anything but ASCII letters, digits, `_`, `-` and `.`
    /// (MCP's rule), or a name another tool of the toolset has.
    #[track_caller]
    pub fn tool(mut self, tool: Tool) -> Toolset {
        if let Some(problem) = tool_name_problem(&tool.name) {
            panic!("toolset `{}`: {problem}", self.name);
        }
        self.refuse_twice(
            self.tools.iter().map(|t| t.name.as_str()),
            &tool.name,
            "tool",
            "give each tool a name of its own",
        );
        self.tools.push(tool);
        self
    }

    /// Adds a resource with a fixed URI.
    ///
    /// # Panics
    ///
    /// On a URI another resource of the toolset has (the host refuses to
    /// load such a toolset).
    #[track_caller]
    pub fn resource(mut self, resource: Resource) -> Toolset {
        self.refuse_twice(
            self.offers.resources.iter().map(Resource::uri),
            resource.uri(),
            "resource",
            "give each resource a URI of its own",
        );
        self.offers.resources.push(resource);
        self
    }

    /// Adds a resource template.
    ///
    /// # Panics
    ///
    /// On a template another of the toolset's has (the host refuses to
    /// load such a toolset).
    #[track_caller]
    pub fn template(mut self, template: ResourceTemplate) -> Toolset {
        self.refuse_twice(
            self.offers
                .templates
                .iter()
                .map(ResourceTemplate::uri_template),
            template.uri_template(),
            "resource template",
            "add each template once",
        );
        self.offers.templates.push(template);
        self
    }

    /// Adds a prompt.
    ///
    /// # Panics
    ///
    /// On a name another prompt of the toolset has (the host refuses to
    /// load such a toolset).
    #[track_caller]
    pub fn prompt(mut self, prompt: Prompt) -> Toolset {
        self.refuse_twice(
            self.offers.prompts.iter().map(Prompt::name),
            prompt.name(),
            "prompt",
            "give each prompt a name of its own",
        );
        self.offers.prompts.push(prompt);
        self
    }

    /// Panics, naming the `what` called `key`, if `taken` (the keys of its
    /// kind added so far) holds it already: the host refuses a toolset
    /// that declares one twice.
    #[track_caller]
    fn refuse_twice<'a>(
        &self,
        mut taken: impl Iterator<Item = &'a str>,
        key: &str,
        what: &str,
        fix: &str,
    ) {
        if taken.any(|k| k == key) {
            panic!(
                "toolset `{}`: the {what} `{key}` is added twice; {fix}",
                self.name
            );
        }
    }

    /// Declares a setting the toolset reads from the operator's
    /// configuration (see [`Setting`]; its value comes from
    /// [`config`](crate::config)).
    ///
    /// ```
    /// use gs_mcp_sdk::{Setting, Toolset};
    ///
    /// let toolset = Toolset::new("acme_tools", "1.0.0").setting(
    ///     Setting::text("api_key")
    ///         .describe("The key Acme issued to you")
    ///         .secret()
    ///         .required(),
    /// );
    /// assert_eq!(toolset.settings()[0].name(), "api_key");
    /// ```
    ///
    /// # Panics
    ///
    /// On a declaration the host would refuse to load, so that the mistake
    /// shows in the first test that builds the toolset: a name that is not
    /// 1 to 64 lowercase ASCII letters, digits or `_` starting with a
    /// letter, a name declared twice, a default on a required setting or
    /// on a secret, or a default that is not of the setting's type. The
    /// message names the setting and says what to change.
    #[track_caller]
    pub fn setting(mut self, setting: Setting) -> Toolset {
        if let Some(problem) = setting.problem() {
            panic!("toolset `{}`: {problem}", self.name);
        }
        if self.settings.iter().any(|s| s.name == setting.name) {
            panic!(
                "toolset `{}`: the setting `{}` is declared twice; declare each setting once",
                self.name, setting.name
            );
        }
        self.settings.push(setting);
        self
    }

    /// The settings declared so far, in order.
    pub fn settings(&self) -> &[Setting] {
        &self.settings
    }

    /// Reads the resource at `uri` exactly as a read from the host would:
    /// a fixed resource, else the first template it matches; `notFound`
    /// otherwise.
    pub fn read_resource(&self, uri: &str) -> Result<Vec<Contents>, Error> {
        self.offers.read(&self.name, uri)
    }

    /// Fills in the prompt `name` exactly as the host's `get` would:
    /// `notFound` for an unknown name, `invalidParams` for a required
    /// argument missing or an unknown one given.
    pub fn get_prompt(&self, name: &str, arguments: &Values) -> Result<PromptReply, Error> {
        self.offers.get(&self.name, name, arguments)
    }

    /// Completes `argument` of `reference` from `value` (with `context`,
    /// the arguments already resolved), as the host's `complete` would.
    pub fn complete(
        &self,
        reference: &CompletionRef,
        argument: &str,
        value: &str,
        context: &Values,
    ) -> Completion {
        self.offers.complete(reference, argument, value, context)
    }

    /// Runs `tool` on `arguments` (JSON text) exactly as a call from the
    /// host would: schema check, deserialisation, handler.
    pub fn call_json(&self, tool: &str, arguments: &str) -> Result<Output, Error> {
        let t = self.tools.iter().find(|t| t.name == tool).ok_or_else(|| {
            Error::not_found(format!(
                "toolset `{}` has no tool named `{tool}`",
                self.name
            ))
        })?;
        let check = t
            .check
            .get_or_init(|| ArgumentCheck::new(t.input.as_json()));
        let output = if check.passes(arguments) {
            (t.handler)(Arguments::Text(arguments))?
        } else {
            let arguments: Value = serde_json::from_str(arguments).map_err(|e| {
                Error::invalid_params(format!("the arguments of `{tool}` are not JSON: {e}"))
            })?;
            check
                .check(tool, &arguments)
                .map_err(Error::invalid_params)?;
            (t.handler)(Arguments::Value(arguments))?
        };
        if let Some(schema) = &t.output {
            let Some(structured) = &output.structured else {
                return Err(Error::other(format!(
                    "tool `{tool}` declares an output schema but its handler returned no \
                     structured content; return Output::json(…)"
                )));
            };
            // Here, before the result leaves the plug-in, in the words the
            // host would use; a native test sees it too.
            validate(structured, schema.as_json()).map_err(|e| Error::other(e.of_output(tool)))?;
        }
        Ok(output)
    }

    /// What `settings.declare` answers: every setting, in order.
    fn settings_declaration(&self) -> Vec<wit::Setting> {
        self.settings.iter().map(Setting::to_wit).collect()
    }

    fn description(&self) -> wit::ToolsetDescription {
        wit::ToolsetDescription {
            name: self.name.clone(),
            version: self.version.clone(),
            tools: self
                .tools
                .iter()
                .map(|t| wit::ToolDescriptor {
                    name: t.name.clone(),
                    title: t.title.clone(),
                    description: t.description.clone(),
                    input_schema: t.input.as_json().to_string(),
                    output_schema: t.output.as_ref().map(|s| s.as_json().to_string()),
                    read_only_safe: t.read_only_safe,
                })
                .collect(),
        }
    }
}

thread_local! {
    /// The instance's toolset, built on first use. A component instance is
    /// single-threaded, so a thread-local is one per instance.
    static TOOLSET: OnceCell<Toolset> = const { OnceCell::new() };
}

fn with_toolset<R>(build: fn() -> Toolset, f: impl FnOnce(&Toolset) -> R) -> R {
    TOOLSET.with(|cell| f(cell.get_or_init(build)))
}

/// The exported `describe`.
#[doc(hidden)]
pub fn describe(build: fn() -> Toolset) -> wit::ToolsetDescription {
    with_toolset(build, Toolset::description)
}

/// The exported `call`.
#[doc(hidden)]
pub fn call(
    build: fn() -> Toolset,
    tool: String,
    arguments: String,
) -> Result<wit::ToolOutput, wit::Error> {
    with_toolset(build, |t| t.call_json(&tool, &arguments))
        .map(Output::into_wit)
        .map_err(Error::into_wit)
}

#[cfg(all(not(target_arch = "wasm32"), any(test, feature = "testing")))]
impl Toolset {
    /// Its name.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// The task support `tool` declared (none for an unknown tool).
    pub(crate) fn tasks_of(&self, tool: &str) -> Option<TaskSupport> {
        self.tools.iter().find(|t| t.name == tool)?.tasks
    }

    /// The grants reading `uri` needs (none for a URI of no declared
    /// resource or template).
    pub(crate) fn needs_of_uri(&self, uri: &str) -> &[String] {
        self.offers.needs_of_uri(uri)
    }

    /// The grants the prompt `name` needs (none for an unknown one).
    pub(crate) fn needs_of_prompt(&self, name: &str) -> &[String] {
        self.offers.needs_of_prompt(name)
    }

    /// The grants the template `uri_template` needs (none for an unknown
    /// one).
    pub(crate) fn needs_of_template(&self, uri_template: &str) -> &[String] {
        self.offers.needs_of_template(uri_template)
    }

    /// The grants `tool` declared it needs (none for an unknown tool).
    pub(crate) fn needs_of(&self, tool: &str) -> &[String] {
        self.tools
            .iter()
            .find(|t| t.name == tool)
            .map_or(&[], |t| t.needs.as_slice())
    }
}

/// The exported `requirements.tool-grants`.
#[doc(hidden)]
pub fn tool_grants(build: fn() -> Toolset) -> Vec<wit::ToolRequirement> {
    with_toolset(build, |t| {
        t.tools
            .iter()
            .filter(|tool| !tool.needs.is_empty())
            .map(|tool| wit::ToolRequirement {
                tool: tool.name.clone(),
                grants: tool.needs.clone(),
            })
            .collect()
    })
}

/// The exported `offer-requirements.offer-grants`.
#[doc(hidden)]
pub fn offer_grants(build: fn() -> Toolset) -> Vec<wit::OfferRequirement> {
    with_toolset(build, |t| t.offers.grants())
}

/// The exported `tasks.task-support`.
#[doc(hidden)]
pub fn task_support(build: fn() -> Toolset) -> Vec<wit::ToolTaskSupport> {
    with_toolset(build, |t| {
        t.tools
            .iter()
            .filter_map(|tool| {
                let support = match tool.tasks? {
                    TaskSupport::Optional => wit::TaskSupport::Optional,
                    TaskSupport::Required => wit::TaskSupport::Required,
                };
                Some(wit::ToolTaskSupport {
                    tool: tool.name.clone(),
                    support,
                })
            })
            .collect()
    })
}

/// The exported `settings.declare`.
#[doc(hidden)]
pub fn declare_settings(build: fn() -> Toolset) -> Vec<wit::Setting> {
    with_toolset(build, Toolset::settings_declaration)
}

/// The exported `resources.fixed`.
#[doc(hidden)]
pub fn fixed_resources(build: fn() -> Toolset) -> Vec<wit::ResourceInfo> {
    with_toolset(build, |t| t.offers.fixed())
}

/// The exported `resources.templates`.
#[doc(hidden)]
pub fn resource_templates(build: fn() -> Toolset) -> Vec<wit::ResourceTemplate> {
    with_toolset(build, |t| t.offers.templates())
}

/// The exported `resources.read`.
#[doc(hidden)]
pub fn read(
    build: fn() -> Toolset,
    uri: String,
) -> Result<Vec<wit::EmbeddedResource>, wit::Failure> {
    with_toolset(build, |t| offers::read_wit(&t.offers, &t.name, &uri))
}

/// The exported `prompts.all`.
#[doc(hidden)]
pub fn prompts(build: fn() -> Toolset) -> Vec<wit::PromptInfo> {
    with_toolset(build, |t| t.offers.prompts())
}

/// The exported `prompts.get`.
#[doc(hidden)]
pub fn get_prompt(
    build: fn() -> Toolset,
    name: String,
    arguments: Vec<(String, String)>,
) -> Result<wit::Prompt, wit::Failure> {
    with_toolset(build, |t| {
        offers::get_wit(&t.offers, &t.name, &name, arguments)
    })
}

/// The exported `completion.complete`.
#[doc(hidden)]
pub fn complete(
    build: fn() -> Toolset,
    request: wit::CompletionRequest,
) -> Result<wit::Completion, wit::Failure> {
    Ok(with_toolset(build, |t| {
        offers::complete_wit(&t.offers, request)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::panic_of;
    use crate::{ErrorKind, Setting};
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Deserialize)]
    struct Add {
        a: i64,
        b: i64,
    }

    fn toolset() -> Toolset {
        Toolset::new("calc", "1.0.0")
            .tool(
                Tool::new("add", "Adds two integers.", |x: Add| {
                    Output::json(&serde_json::json!({"sum": x.a + x.b}))
                })
                .input(
                    Schema::object()
                        .required("a", Schema::integer())
                        .required("b", Schema::integer()),
                )
                .output(Schema::object().required("sum", Schema::integer()))
                .read_only_safe(),
            )
            .tool(
                Tool::new("broken", "Forgets its structured result.", |_: Value| {
                    Ok(Output::text("oops"))
                })
                .input(Schema::object().open())
                .output(Schema::object()),
            )
    }

    #[test]
    fn calls_check_deserialise_and_run() {
        let t = toolset();
        let out = t.call_json("add", r#"{"a": 2, "b": 3}"#).unwrap();
        assert_eq!(out.structured, Some(serde_json::json!({"sum": 5})));
        let e = t.call_json("add", r#"{"a": 2}"#).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
        assert_eq!(e.message, "`add` needs the argument `b`");
        let e = t.call_json("add", "{").unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
        let e = t.call_json("mul", "{}").unwrap_err();
        assert_eq!(e.kind, ErrorKind::NotFound);
        let e = t.call_json("broken", "{}").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Other);
    }

    #[test]
    fn settings_are_declared_in_order_as_written() {
        let t = toolset()
            .setting(
                Setting::text("endpoint")
                    .describe("Where")
                    .default("https://a.example"),
            )
            .setting(Setting::integer("retries").default(3))
            .setting(Setting::text("api_key").secret().required());
        let names: Vec<&str> = t.settings().iter().map(Setting::name).collect();
        assert_eq!(names, ["endpoint", "retries", "api_key"]);
        let d = t.settings_declaration();
        assert_eq!(d.len(), 3);
        assert_eq!(d[0].name, "endpoint");
        assert_eq!(d[0].description, "Where");
        assert_eq!(d[0].type_, wit::SettingType::Text);
        assert_eq!(d[0].default.as_deref(), Some("https://a.example"));
        assert_eq!(d[1].type_, wit::SettingType::Integer);
        assert_eq!(d[1].default.as_deref(), Some("3"));
        assert!(d[2].secret && d[2].required && d[2].default.is_none());
        assert!(format!("{t:?}").contains("api_key"));
        // A toolset declaring none answers an empty list.
        assert!(toolset().settings_declaration().is_empty());
    }

    #[test]
    fn a_tool_or_offer_the_host_would_refuse_panics_naming_it() {
        let noop = |_: Nothing| Ok(Output::text(""));
        assert_eq!(
            panic_of(|| toolset().tool(Tool::new("bad name!", "", noop))),
            "toolset `calc`: the tool name `bad name!` contains ' '; use only ASCII letters, \
             digits, `_`, `-` and `.`"
        );
        assert_eq!(
            panic_of(|| toolset().tool(Tool::new("", "", noop))),
            "toolset `calc`: a tool has an empty name; give every tool a name"
        );
        let long = "x".repeat(129);
        let m = panic_of(|| toolset().tool(Tool::new(&long, "", noop)));
        assert!(
            m.contains("is 129 bytes long; MCP allows at most 128"),
            "{m}"
        );
        assert_eq!(
            panic_of(|| toolset().tool(Tool::new("add", "", noop))),
            "toolset `calc`: the tool `add` is added twice; give each tool a name of its own"
        );
        let fixed = || Resource::new("calc://notes", "notes", || Ok(vec![]));
        assert!(
            panic_of(|| toolset().resource(fixed()).resource(fixed()))
                .contains("the resource `calc://notes` is added twice")
        );
        let template = || ResourceTemplate::new("calc://n/{id}", "n", |_, _| Ok(vec![]));
        assert!(
            panic_of(|| toolset().template(template()).template(template()))
                .contains("the resource template `calc://n/{id}` is added twice")
        );
        let prompt = || Prompt::new("explain", |_| Ok(PromptReply::new(vec![])));
        assert!(
            panic_of(|| toolset().prompt(prompt()).prompt(prompt()))
                .contains("the prompt `explain` is added twice")
        );
        // Names of the allowed characters, and one of each offer, are kept.
        let t = toolset()
            .tool(Tool::new("a.b-c_9", "", noop))
            .resource(fixed())
            .template(template())
            .prompt(prompt());
        assert!(t.read_resource("calc://notes").is_ok());
    }

    #[test]
    fn a_declaration_the_host_would_refuse_panics_naming_the_setting() {
        assert_eq!(
            panic_of(|| toolset()
                .setting(Setting::text("token"))
                .setting(Setting::integer("token"))),
            "toolset `calc`: the setting `token` is declared twice; declare each setting once"
        );
        let m = panic_of(|| toolset().setting(Setting::text("API_KEY")));
        assert!(
            m.starts_with("toolset `calc`: the setting name `API_KEY` is not valid"),
            "{m}"
        );
        let m = panic_of(|| toolset().setting(Setting::text("token").secret().default("abcd")));
        assert!(m.contains("secret setting `token` has a default"), "{m}");
        let m = panic_of(|| toolset().setting(Setting::boolean("fast").required().default(true)));
        assert!(m.contains("required setting `fast` has a default"), "{m}");
        let m = panic_of(|| toolset().setting(Setting::number("ratio").default("half")));
        assert!(
            m.contains("the default of setting `ratio`, `half`, is not a number"),
            "{m}"
        );
    }

    #[test]
    fn description_lists_tools_with_schemas() {
        let d = toolset().description();
        assert_eq!(d.name, "calc");
        assert_eq!(d.tools.len(), 2);
        assert!(d.tools[0].read_only_safe);
        assert!(!d.tools[1].read_only_safe);
        let input: Value = serde_json::from_str(&d.tools[0].input_schema).unwrap();
        assert_eq!(input["additionalProperties"], Value::Bool(false));
        assert!(d.tools[0].output_schema.is_some());
    }

    /// What `divide` takes.
    #[derive(Deserialize, JsonSchema)]
    struct Divide {
        /// The dividend.
        n: i64,
        /// The divisor, not 0.
        #[schemars(range(min = 1, max = 1000))]
        by: i64,
    }

    /// What `divide` answers.
    #[derive(Serialize, JsonSchema)]
    struct Quotient {
        quotient: i64,
        /// The remainder, which the schema claims is below 10.
        #[schemars(range(max = 9))]
        remainder: i64,
        steps: Vec<Step>,
    }

    #[derive(Serialize, JsonSchema)]
    struct Step {
        #[schemars(length(max = 5))]
        note: String,
    }

    fn divide(d: Divide) -> Result<Quotient, Error> {
        Ok(Quotient {
            quotient: d.n / d.by,
            remainder: d.n % d.by,
            steps: vec![Step {
                note: if d.n < 0 {
                    "negative".into()
                } else {
                    "ok".into()
                },
            }],
        })
    }

    #[derive(Deserialize, JsonSchema)]
    struct Nothing {}

    #[test]
    fn a_typed_tool_declares_derived_schemas_and_answers_structured_content() {
        let t = Toolset::new("calc", "1.0.0").tool(Tool::typed(
            "divide",
            "Divides with remainder.",
            divide,
        ));
        let d = t.description();
        let input: Value = serde_json::from_str(&d.tools[0].input_schema).unwrap();
        assert_eq!(input["properties"]["by"]["minimum"], 1);
        assert_eq!(
            input["properties"]["by"]["description"],
            "The divisor, not 0."
        );
        assert_eq!(input["description"], "What `divide` takes.");
        let output: Value =
            serde_json::from_str(d.tools[0].output_schema.as_deref().unwrap()).unwrap();
        assert_eq!(output["properties"]["remainder"]["maximum"], 9);
        assert_eq!(output["additionalProperties"], false);

        let out = t.call_json("divide", r#"{"n": 7, "by": 2}"#).unwrap();
        assert_eq!(
            out.structured,
            Some(json!({"quotient": 3, "remainder": 1, "steps": [{"note": "ok"}]}))
        );
        let e = t.call_json("divide", r#"{"n": 7, "by": 0}"#).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
        assert_eq!(
            e.message,
            "argument `by` of `divide` is 0, below the schema's `minimum` of 1"
        );
    }

    #[test]
    fn a_result_breaking_its_schema_is_an_error_naming_the_place() {
        let t = Toolset::new("calc", "1.0.0").tool(Tool::typed(
            "divide",
            "Divides with remainder.",
            divide,
        ));
        let e = t.call_json("divide", r#"{"n": 25, "by": 13}"#).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Other);
        assert_eq!(
            e.message,
            "tool `divide` returned structured content that breaks its own output schema \
             ($.remainder is 12, above the schema's `maximum` of 9); this is a bug in the toolset"
        );
        let e = t.call_json("divide", r#"{"n": -3, "by": 2}"#).unwrap_err();
        assert!(
            e.message.contains(
                "($.steps[0].note has 8 characters, more than the schema's `maxLength` of 5)"
            ),
            "{}",
            e.message
        );
        // A hand-written output schema is held to the same.
        let t = Toolset::new("calc", "1.0.0").tool(
            Tool::new("add", "Adds.", |x: Add| {
                Output::json(&json!({"sum": x.a + x.b, "why": "extra"}))
            })
            .input(
                Schema::object()
                    .required("a", Schema::integer())
                    .required("b", Schema::integer()),
            )
            .output(Schema::object().required("sum", Schema::integer())),
        );
        let e = t.call_json("add", r#"{"a": 1, "b": 2}"#).unwrap_err();
        assert!(
            e.message
                .contains("($.why is not allowed; the object's properties are `sum`)"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_typed_tool_of_types_that_are_not_objects_panics_saying_what_to_use() {
        fn panic_message(f: impl FnOnce() -> Tool) -> String {
            let quiet = std::panic::take_hook();
            std::panic::set_hook(Box::new(|_| {}));
            let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_err();
            std::panic::set_hook(quiet);
            payload.downcast_ref::<String>().cloned().unwrap()
        }
        let m = panic_message(|| Tool::typed("count", "", |_: Nothing| Ok(3_i64)));
        assert_eq!(
            m,
            "tool `count`: its result type `i64` is described by a schema of type \"integer\", \
             but MCP carries a tool's result as a JSON object; use a struct with named fields"
        );
        let m = panic_message(|| Tool::typed("echo", "", |s: String| Ok(Nothing {}.into_step(s))));
        assert!(
            m.starts_with("tool `echo`: its arguments type `alloc::string::String`"),
            "{m}"
        );
        // A struct without fields takes no arguments, closed.
        let t = Toolset::new("t", "1").tool(Tool::typed("none", "", |_: Nothing| {
            Ok(Step { note: "x".into() })
        }));
        assert!(t.call_json("none", "{}").is_ok());
        let e = t.call_json("none", r#"{"x": 1}"#).unwrap_err();
        assert_eq!(e.message, "`none` takes no arguments, but was given `x`");
    }

    #[test]
    fn a_misspelt_grant_panics_naming_the_grants_there_are() {
        fn panic_message(f: impl FnOnce()) -> String {
            let quiet = std::panic::take_hook();
            std::panic::set_hook(Box::new(|_| {}));
            let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_err();
            std::panic::set_hook(quiet);
            payload.downcast_ref::<String>().cloned().unwrap()
        }
        let m = panic_message(|| {
            let _ = Tool::typed("count", "", |_: Nothing| Ok(Step { note: "x".into() }))
                .needs(&["image:reed"]);
        });
        assert_eq!(
            m,
            "tool `count` needs `image:reed`, which is not a grant; declare `image:read`, \
             `image:execute`, `image:write`, `net`"
        );
        let m = panic_message(|| {
            let _ = crate::Resource::new("acme://x", "x", || Ok(Vec::new())).needs(&["nett"]);
        });
        assert!(
            m.starts_with("resource `acme://x` needs `nett`, which is not a grant"),
            "{m}"
        );
        let m = panic_message(|| {
            let _ = crate::Prompt::new("p", |_| Ok(crate::PromptReply::user_text("x")))
                .needs(&["write"]);
        });
        assert!(
            m.starts_with("prompt `p` needs `write`, which is not a grant"),
            "{m}"
        );
    }

    impl Nothing {
        fn into_step(self, note: String) -> Step {
            Step { note }
        }
    }
}

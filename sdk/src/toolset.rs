//! The toolset a plug-in declares: its tools, their schemas and handlers,
//! and the dispatch the exported `describe` and `call` run.

use std::cell::OnceCell;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::__private::bindings::gemstone::mcp::types as wit;
use crate::offers::{self, Completion, CompletionRef, Contents, Offers, PromptReply, Values};
use crate::schema::ArgumentCheck;
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
    /// `input` read ahead for checking each call's arguments.
    check: ArgumentCheck,
    output: Option<Schema>,
    read_only_safe: bool,
    /// The grants it needs (`requirements`, 0.1.3).
    needs: Vec<String>,
    handler: Handler,
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
            check: ArgumentCheck::new(input.as_json()),
            input,
            output: None,
            read_only_safe: false,
            needs: Vec::new(),
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

    /// Sets the human-readable title.
    pub fn title(mut self, title: &str) -> Tool {
        self.title = Some(title.to_string());
        self
    }

    /// Sets the input schema (an object schema).
    pub fn input(mut self, schema: impl Into<Schema>) -> Tool {
        self.input = schema.into();
        self.check = ArgumentCheck::new(self.input.as_json());
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
    pub fn needs(mut self, grants: &[&str]) -> Tool {
        self.needs = grants.iter().map(|g| g.to_string()).collect();
        self
    }
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
    pub fn tool(mut self, tool: Tool) -> Toolset {
        self.tools.push(tool);
        self
    }

    /// Adds a resource with a fixed URI.
    pub fn resource(mut self, resource: Resource) -> Toolset {
        self.offers.resources.push(resource);
        self
    }

    /// Adds a resource template.
    pub fn template(mut self, template: ResourceTemplate) -> Toolset {
        self.offers.templates.push(template);
        self
    }

    /// Adds a prompt.
    pub fn prompt(mut self, prompt: Prompt) -> Toolset {
        self.offers.prompts.push(prompt);
        self
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
        let output = if t.check.passes(arguments) {
            (t.handler)(Arguments::Text(arguments))?
        } else {
            let arguments: Value = serde_json::from_str(arguments).map_err(|e| {
                Error::invalid_params(format!("the arguments of `{tool}` are not JSON: {e}"))
            })?;
            t.check
                .check(tool, &arguments)
                .map_err(Error::invalid_params)?;
            (t.handler)(Arguments::Value(arguments))?
        };
        if t.output.is_some() && output.structured.is_none() {
            return Err(Error::other(format!(
                "tool `{tool}` declares an output schema but its handler returned no \
                 structured content; return Output::json(…)"
            )));
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
    use crate::{ErrorKind, Setting};
    use serde::Deserialize;

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

    /// The panic message of `f`, which must panic.
    fn panic_of(f: impl FnOnce() -> Toolset) -> String {
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_err();
        std::panic::set_hook(quiet);
        payload
            .downcast_ref::<String>()
            .cloned()
            .expect("a formatted panic message")
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
}

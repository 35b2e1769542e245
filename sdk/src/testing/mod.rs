//! A mock host for native tests of a toolset's tools (feature `testing`).
//!
//! In the server, a tool's host functions reach the caller's image session
//! through the WIT imports. In a native `cargo test` there is no server:
//! [`MockHost`] stands in for it — an image fixture of dictionaries,
//! classes and methods, an execution stub, the session's facts, the
//! operator's grants and the toolset's settings — and records what the
//! tool sent (log lines, progress, the code it ran, the changes it made).
//! [`MockHost::call`] runs a tool through exactly the path a call from the
//! server takes (schema check, deserialisation, your function) with the
//! mock answering every host function.
//!
//! ```
//! use gs_mcp_sdk::testing::{MockClass, MockHost};
//! use gs_mcp_sdk::{Error, Output, Schema, Tool, Toolset, image, log};
//! use serde::Deserialize;
//!
//! #[derive(Deserialize)]
//! #[serde(rename_all = "camelCase")]
//! struct Count {
//!     class_name: String,
//! }
//!
//! fn count(args: Count) -> Result<Output, Error> {
//!     log::info(&format!("counting {}", args.class_name));
//!     let n = image::selectors(&args.class_name, false)?.len();
//!     Ok(Output::text(format!("{} defines {n} methods", args.class_name)))
//! }
//!
//! fn toolset() -> Toolset {
//!     Toolset::new("counter", "1.0.0").tool(
//!         Tool::new("count", "Counts a class's methods.", count)
//!             .input(Schema::object().required("className", Schema::string())),
//!     )
//! }
//!
//! let host = MockHost::new().grant("image:read").class(
//!     MockClass::new("Account", "UserGlobals")
//!         .method("balance\n  ^balance")
//!         .method("deposit: amount\n  balance := balance + amount"),
//! );
//! let out = host.call(&toolset(), "count", r#"{"className": "Account"}"#).unwrap();
//! assert_eq!(out.text_content(), "Account defines 2 methods");
//! assert_eq!(host.log_messages(), ["counting Account"]);
//!
//! // Without the grant the host function fails as in the server.
//! let denied = MockHost::new().class(MockClass::new("Account", "UserGlobals"));
//! let err = denied.call(&toolset(), "count", r#"{"className": "Account"}"#).unwrap_err();
//! assert_eq!(err.kind, gs_mcp_sdk::ErrorKind::Refused);
//! ```
//!
//! The mock answers as the server does where that is simple to do and
//! says where it is not: grants are denied unless given (as in
//! `toolsets.toml`), a read-only session refuses `execution` and `code`,
//! kernel classes cannot be changed, answers are sorted as the host sorts
//! them. Senders and references are found in method text (a method sends
//! `at:put:` if its body contains `at:` and `put:`), not by compiling; code
//! runs only through the stub given to [`MockHost::on_execute`].
//!
//! Settings ([`MockHost::setting`]) answer `config` as the server does:
//! during [`MockHost::call`] the mock knows the toolset's declarations,
//! so a setting left unset reads as its declared default and a name the
//! toolset did not declare fails with `invalidParams`; and `call` first
//! checks the values as the server does when it loads the toolset. The
//! mock does not redact secrets from what a tool answers (the server
//! does), so a test sees any secret a tool would give away.
//!
//! Requests to the client ([`client`](crate::client)) are answered as in
//! a session by the stub given to [`MockHost::client`], and the mock
//! records each with its key ([`MockHost::asked`],
//! [`MockHost::asked_keys`]). [`MockHost::stateless`] and
//! [`MockHost::input_response`] play a stateless request instead (MCP
//! revision 2026-07-28): results come by key, a request without one
//! fails and is listed in [`MockHost::input_requests`], as the server
//! lists it in its `input_required` answer, and calling the tool again
//! with the results plays the next round.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use crate::types::{ClassInfo, Doit, Evaluation, LogLevel, ServerIdentity};
use crate::{
    Completion, CompletionRef, Contents, Error, ErrorKind, Failure, Output, PromptReply, Setting,
    Toolset, Values,
};

mod class;
mod client;
mod code;
mod config;
mod execution;
mod http;
mod image;
mod log;
mod session;
mod state;

pub use class::MockClass;
pub(crate) use state::State;

/// One progress report a tool sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The progress so far.
    pub progress: f64,
    /// The expected final value, if given.
    pub total: Option<f64>,
    /// The message, if given.
    pub message: Option<String>,
}

/// A stand-in for the gs-mcp server in native tests: an image fixture, an
/// execution stub, the session's facts and grants, and a record of what
/// the tools sent. Clones share one mock.
///
/// By default the image has the dictionaries `UserGlobals` and `Globals`
/// and the kernel class `Object` (in `Globals`); the session is
/// read-write, runs as `DataCurator` and holds no grants.
#[derive(Clone)]
pub struct MockHost {
    state: Rc<RefCell<State>>,
}

impl std::fmt::Debug for MockHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.state.borrow();
        f.debug_struct("MockHost")
            .field("dictionaries", &s.dictionaries)
            .field("classes", &s.classes.keys().collect::<Vec<_>>())
            .field("grants", &s.grants)
            .field("read_only", &s.read_only)
            // Names only: values may be secrets.
            .field("settings", &s.settings.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl Default for MockHost {
    fn default() -> Self {
        MockHost::new()
    }
}

thread_local! {
    /// The mock the current thread's host functions answer from.
    static CURRENT: RefCell<Option<MockHost>> = const { RefCell::new(None) };
}

/// Runs host function `function` on the installed mock, or panics naming
/// it when none is installed.
pub(crate) fn with_host<R>(function: &str, f: impl FnOnce(&mut State) -> R) -> R {
    let host = CURRENT.with(|c| c.borrow().clone());
    match host {
        Some(host) => f(&mut host.state.borrow_mut()),
        None => panic!(
            "gs_mcp_sdk::{function} is a host function: it runs only inside gs-mcp, in a \
             WebAssembly component. In a native test, run the tool through a \
             gs_mcp_sdk::testing::MockHost (`host.call(&toolset(), \"tool\", \"{{…}}\")`) or \
             install one with `let _host = host.install();`"
        ),
    }
}

/// While alive, the current thread's host functions answer from a
/// [`MockHost`] (see [`MockHost::install`]); dropping it restores what was
/// installed before.
#[must_use = "the mock is installed only while the guard lives"]
#[derive(Debug)]
pub struct Installed {
    previous: Option<MockHost>,
}

impl Drop for Installed {
    fn drop(&mut self) {
        let previous = self.previous.take();
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

impl MockHost {
    /// A mock with the default fixture (see [`MockHost`]).
    pub fn new() -> MockHost {
        let object = MockClass::new("Object", "Globals")
            .superclass(None)
            .kernel();
        MockHost {
            state: Rc::new(RefCell::new(State {
                dictionaries: vec!["UserGlobals".into(), "Globals".into()],
                classes: BTreeMap::from([("Object".to_string(), object)]),
                execute: None,
                evaluate: None,
                grants: Vec::new(),
                read_only: false,
                user: "DataCurator".into(),
                server: ServerIdentity {
                    name: "gs-mcp".into(),
                    version: "0.0.0-mock".into(),
                    title: None,
                },
                logs: Vec::new(),
                progress: Vec::new(),
                executed: Vec::new(),
                max_results: 1000,
                client: None,
                asked: Vec::new(),
                capabilities: None,
                unkeyed: [0; 3],
                stateless: false,
                input_responses: serde_json::Map::new(),
                input_requests: serde_json::Map::new(),
                cancelled: false,
                tasks_declared: false,
                call_tasks: None,
                task_started: None,
                http: None,
                requests: Vec::new(),
                settings: BTreeMap::new(),
                declared: None,
            })),
        }
    }

    /// Gives a grant, as the operator's `toolsets.toml` would
    /// (`image:read`, `image:execute`, `image:write`, or `net` for granted
    /// HTTP origins).
    pub fn grant(self, name: &str) -> MockHost {
        self.state.borrow_mut().grants.push(name.to_string());
        self
    }

    /// Sets setting `name` to `value`, as the operator's `[toolset.config]`
    /// table would (`value` as the operator writes it: `"https://…"`, `3`,
    /// `0.5`, `true`). [`config`](crate::config) then answers it, in the
    /// form the server answers it (`2.50` reads as `2.5`). A secret is set
    /// the same way: the mock reads no environment or file.
    pub fn setting(self, name: &str, value: impl std::fmt::Display) -> MockHost {
        self.state
            .borrow_mut()
            .settings
            .insert(name.to_string(), value.to_string());
        self
    }

    /// Takes the settings `toolset` declares, for host functions called
    /// outside [`MockHost::call`] (after [`MockHost::install`]): `config`
    /// then answers an unset setting with its declared default and fails
    /// with `invalidParams` for an undeclared name, as in `call`. Without
    /// it such calls answer only the values given with
    /// [`MockHost::setting`], and `None` for any other name.
    pub fn settings_from(self, toolset: &Toolset) -> MockHost {
        self.state.borrow_mut().declared = Some(toolset.settings().to_vec());
        self
    }

    /// Answers the tools' requests to the client (`client::elicit`,
    /// `sample`, `roots`, the keyed forms, `ask`) in a session with
    /// `answer(method, params)`: the MCP method (`elicitation/create`, …)
    /// and its params in, the client's result out (the key is not sent to
    /// a client in a session; [`MockHost::asked_keys`] has it). Without it
    /// every request fails as for a client that declared no such
    /// capability ([`ErrorKind::Refused`]).
    pub fn client(
        self,
        answer: impl Fn(&str, &serde_json::Value) -> Result<serde_json::Value, Failure> + 'static,
    ) -> MockHost {
        self.state.borrow_mut().client = Some(Rc::new(answer));
        self
    }

    /// Answers the tools' outbound HTTP requests (`http::send`) with
    /// `answer`, as the origins the operator granted would. Without it
    /// every request is refused, as for a toolset granted no origin.
    pub fn on_http(
        self,
        answer: impl Fn(&crate::http::Request) -> Result<crate::http::Response, Error> + 'static,
    ) -> MockHost {
        self.state.borrow_mut().http = Some(Rc::new(answer));
        self
    }

    /// Every outbound HTTP request the tools made, in order.
    pub fn requests(&self) -> Vec<crate::http::Request> {
        self.state.borrow().requests.clone()
    }

    /// Plays a client whose request declared the tasks extension, so that
    /// `client::start_task` starts a task in a tool that declared task
    /// support ([`Tool::tasks`](crate::Tool::tasks)), as the server does.
    pub fn declares_tasks(self) -> MockHost {
        self.state.borrow_mut().tasks_declared = true;
        self
    }

    /// Whether the last call started a task, and its status message: as
    /// the server would answer the request with the task's handle.
    pub fn task_started(&self) -> Option<Option<String>> {
        self.state.borrow().task_started.clone()
    }

    /// Makes `client::cancelled` answer `cancelled`.
    pub fn cancelled(self, cancelled: bool) -> MockHost {
        self.state.borrow_mut().cancelled = cancelled;
        self
    }

    /// Every request the tools made of the client, as (method, params),
    /// in order.
    pub fn asked(&self) -> Vec<(String, serde_json::Value)> {
        self.state
            .borrow()
            .asked
            .iter()
            .map(|a| (a.method.clone(), a.params.clone()))
            .collect()
    }

    /// The key of every request the tools made of the client, in the order
    /// of [`MockHost::asked`]: the key given to a keyed request, the
    /// automatic one (`elicitation`, `sampling`, `roots`, then
    /// `elicitation-2`, …, numbered within each call) otherwise.
    ///
    /// ```
    /// use gs_mcp_sdk::client::{self, ClientRequest};
    /// use gs_mcp_sdk::testing::MockHost;
    /// use serde_json::json;
    ///
    /// let host = MockHost::new().client(|_, _| Ok(json!({"roots": []})));
    /// let _installed = host.install();
    /// client::roots().unwrap();
    /// client::roots_keyed("client_roots").unwrap();
    /// client::roots().unwrap();
    /// assert_eq!(host.asked_keys(), ["roots", "client_roots", "roots-2"]);
    /// ```
    pub fn asked_keys(&self) -> Vec<String> {
        self.state
            .borrow()
            .asked
            .iter()
            .map(|a| a.key.clone())
            .collect()
    }

    /// The capabilities the client declared, of `elicitation`, `sampling`
    /// and `roots`: a request needing another is refused
    /// ([`ErrorKind::Refused`]), as the server refuses it, in either era.
    /// Without it the client declared all three (in a session, a mock
    /// without a [`MockHost::client`] stub still refuses every request).
    pub fn client_capabilities(self, capabilities: &[&str]) -> MockHost {
        self.state.borrow_mut().capabilities =
            Some(capabilities.iter().map(|c| c.to_string()).collect());
        self
    }

    /// Plays a stateless request (MCP revision 2026-07-28) instead of a
    /// session: the client's results come only from those given with
    /// [`MockHost::input_response`], by key, as from the request's
    /// `inputResponses`. A request whose key has none fails with
    /// [`ErrorKind::Other`] and is listed in [`MockHost::input_requests`],
    /// the questions the server would answer the client `input_required`
    /// with; one whose result is not of its kind fails with
    /// [`ErrorKind::InvalidParams`]. The [`MockHost::client`] stub is not
    /// asked.
    ///
    /// To play the rounds, call the tool, give the results of what
    /// [`MockHost::input_requests`] lists, and call it again: it runs
    /// from the start, as in the server, with every result given so far.
    ///
    /// ```
    /// use gs_mcp_sdk::client;
    /// use gs_mcp_sdk::testing::MockHost;
    /// use gs_mcp_sdk::{ErrorKind, Output, Schema, Tool, Toolset};
    /// use serde_json::json;
    ///
    /// let toolset = Toolset::new("t", "1.0.0").tool(
    ///     Tool::new("greet", "Greets the user.", |_: serde_json::Value| {
    ///         let form = Schema::object().required("name", Schema::string());
    ///         let answer = client::elicit_keyed("user_name", "What is your name?", form)?;
    ///         Ok(Output::text(format!("Hello, {}!", answer.content["name"].as_str().unwrap_or("?"))))
    ///     })
    ///     .input(Schema::object()),
    /// );
    /// let host = MockHost::new().stateless();
    /// let e = host.call(&toolset, "greet", "{}").unwrap_err();
    /// assert_eq!(e.kind, ErrorKind::Other);
    /// let asked = host.input_requests();
    /// assert_eq!(asked["user_name"]["method"], "elicitation/create");
    /// assert_eq!(asked["user_name"]["params"]["message"], "What is your name?");
    ///
    /// let host = host.input_response("user_name", json!({"action": "accept", "content": {"name": "Ada"}}));
    /// let out = host.call(&toolset, "greet", "{}").unwrap();
    /// assert_eq!(out.text_content(), "Hello, Ada!");
    /// assert!(host.input_requests().is_empty());
    /// ```
    pub fn stateless(self) -> MockHost {
        self.state.borrow_mut().stateless = true;
        self
    }

    /// Gives the client's `result` for the request under `key`, as a
    /// stateless request's `inputResponses` does; implies
    /// [`MockHost::stateless`]. Results given earlier stay, as the server
    /// keeps the earlier rounds' in the request state.
    pub fn input_response(self, key: &str, result: serde_json::Value) -> MockHost {
        {
            let mut s = self.state.borrow_mut();
            s.stateless = true;
            s.input_responses.insert(key.to_string(), result);
        }
        self
    }

    /// In a stateless request ([`MockHost::stateless`]), the requests the
    /// last call (or the installed mock, since [`MockHost::install`]) made
    /// without a result, as the server's `input_required` lists them in
    /// `inputRequests`: by key, each `{"method": …, "params": …}`. Empty
    /// when every request had its result.
    pub fn input_requests(&self) -> serde_json::Map<String, serde_json::Value> {
        self.state.borrow().input_requests.clone()
    }

    /// Makes the session read-only: `execution` and `code` fail with
    /// [`ErrorKind::ReadOnly`].
    pub fn read_only(self, read_only: bool) -> MockHost {
        self.state.borrow_mut().read_only = read_only;
        self
    }

    /// Sets the image user the session runs as.
    pub fn user(self, user: &str) -> MockHost {
        self.state.borrow_mut().user = user.to_string();
        self
    }

    /// Adds a symbol dictionary at the front of the symbol list.
    pub fn dictionary(self, name: &str) -> MockHost {
        {
            let mut s = self.state.borrow_mut();
            if !s.dictionaries.iter().any(|d| d == name) {
                s.dictionaries.insert(0, name.to_string());
            }
        }
        self
    }

    /// Adds (or replaces) a class; its dictionary is added to the symbol
    /// list if it is not there yet.
    pub fn class(self, class: MockClass) -> MockHost {
        let dictionary = class.info.dictionary.clone();
        let host = self.dictionary(&dictionary);
        host.state
            .borrow_mut()
            .classes
            .insert(class.info.name.clone(), class);
        host
    }

    /// Sets the stub that runs code for `execution::execute` and
    /// `execute_detailed`: it receives the code and answers what the doit
    /// reported, or a failure. Without a stub, execution fails with
    /// [`ErrorKind::Other`] saying so.
    pub fn on_execute(self, stub: impl Fn(&str) -> Result<Doit, Failure> + 'static) -> MockHost {
        self.state.borrow_mut().execute = Some(Rc::new(stub));
        self
    }

    /// Sets the stub that runs code for `execution::evaluate`, answering
    /// also the value's class name. Without one, `evaluate` fails with
    /// [`ErrorKind::Other`] saying so; with one and no
    /// [`MockHost::on_execute`] stub, `execute` and `execute_detailed` use
    /// it too.
    pub fn on_evaluate(
        self,
        stub: impl Fn(&str) -> Result<Evaluation, Failure> + 'static,
    ) -> MockHost {
        self.state.borrow_mut().evaluate = Some(Rc::new(stub));
        self
    }

    /// Sets the cap on the methods one query answers (default 1000).
    pub fn max_results(self, cap: usize) -> MockHost {
        self.state.borrow_mut().max_results = cap;
        self
    }

    /// Installs the mock for the current thread until the guard is
    /// dropped, for tests that call host functions (or tool functions)
    /// directly.
    ///
    /// Each install starts a call: the automatic keys start again at
    /// `elicitation`, `sampling` and `roots`, and
    /// [`MockHost::input_requests`] is emptied.
    pub fn install(&self) -> Installed {
        {
            let mut s = self.state.borrow_mut();
            s.unkeyed = [0; 3];
            s.input_requests.clear();
        }
        let previous = CURRENT.with(|c| c.borrow_mut().replace(self.clone()));
        Installed { previous }
    }

    /// Runs `tool` of `toolset` on `arguments` (JSON text) as a call from
    /// the server would, with this mock answering the host functions. A
    /// tool that [needs](crate::Tool::needs) a grant this mock does not
    /// give is refused, as a server leaves such a tool out.
    ///
    /// The toolset's declared [settings](crate::Setting) are checked
    /// first, as the server checks them when it loads the toolset: a value
    /// given for a setting it does not declare, a value not of its
    /// setting's type, or a required setting left unset fails the call
    /// with [`ErrorKind::InvalidParams`] naming the setting. During the
    /// call `config` answers from the declarations (see
    /// [`MockHost::settings_from`]).
    pub fn call(&self, toolset: &Toolset, tool: &str, arguments: &str) -> Result<Output, Error> {
        self.state.borrow().check_settings(toolset)?;
        self.check_needs(&format!("tool `{tool}`"), toolset.needs_of(tool))?;
        {
            let mut s = self.state.borrow_mut();
            s.call_tasks = toolset.tasks_of(tool);
            s.task_started = None;
        }
        self.as_server(toolset, || toolset.call_json(tool, arguments))
    }

    /// Refuses `what` if it [needs](crate::Tool::needs) a grant this mock
    /// does not give, as a server leaves it out.
    fn check_needs(&self, what: &str, needs: &[String]) -> Result<(), Error> {
        let s = self.state.borrow();
        match needs.iter().find(|g| !s.grants.contains(g)) {
            Some(missing) => Err(Error::new(
                ErrorKind::Refused,
                format!(
                    "{what} needs the grant `{missing}`, which this session was not given; a \
                     server whose operator did not grant it leaves it out"
                ),
            )),
            None => Ok(()),
        }
    }

    /// Reads the resource at `uri` of `toolset` as a `resources/read`
    /// from the server would, with this mock answering the host functions
    /// its reader calls: a fixed resource, else the first template the
    /// URI matches; [`ErrorKind::NotFound`] for any other URI. Settings
    /// are checked and answered as in [`MockHost::call`].
    ///
    /// ```
    /// use gs_mcp_sdk::testing::{MockClass, MockHost};
    /// use gs_mcp_sdk::{Contents, Prompt, PromptReply, ResourceTemplate, Toolset, image};
    ///
    /// fn toolset() -> Toolset {
    ///     Toolset::new("acme_tools", "0.1.0")
    ///         .template(ResourceTemplate::new("acme://class/{name}", "class", |uri, vars| {
    ///             let class = image::describe_class(&vars["name"])?;
    ///             Ok(vec![Contents::text(uri, class.comment)])
    ///         }))
    ///         .prompt(
    ///             Prompt::new("review", |args| {
    ///                 Ok(PromptReply::user_text(format!("Review {}.", args["className"])))
    ///             })
    ///             .argument("className", "The class to review", true)
    ///             .complete("className", |typed, _| {
    ///                 ["Account", "AccountTest"]
    ///                     .iter()
    ///                     .filter(|c| c.starts_with(typed))
    ///                     .map(|c| c.to_string())
    ///                     .collect()
    ///             }),
    ///         )
    /// }
    ///
    /// let host = MockHost::new()
    ///     .grant("image:read")
    ///     .class(MockClass::new("Account", "UserGlobals").comment("A bank account"));
    /// let contents = host.read_resource(&toolset(), "acme://class/Account").unwrap();
    /// assert_eq!(contents, [Contents::text("acme://class/Account", "A bank account")]);
    /// let err = host.read_resource(&toolset(), "acme://class/Nope").unwrap_err();
    /// assert_eq!(err.kind, gs_mcp_sdk::ErrorKind::NotFound);
    ///
    /// let reply = host.get_prompt(&toolset(), "review", &[("className", "Account")]).unwrap();
    /// assert_eq!(reply, PromptReply::user_text("Review Account."));
    /// let err = host.get_prompt(&toolset(), "review", &[]).unwrap_err();
    /// assert_eq!(err.message, "prompt `review` needs the argument `className`");
    ///
    /// let completion = host.complete_prompt(&toolset(), "review", "className", "Acc");
    /// assert_eq!(completion.values, ["Account", "AccountTest"]);
    /// ```
    pub fn read_resource(&self, toolset: &Toolset, uri: &str) -> Result<Vec<Contents>, Error> {
        self.state.borrow().check_settings(toolset)?;
        self.check_needs(&format!("resource `{uri}`"), toolset.needs_of_uri(uri))?;
        self.as_server(toolset, || toolset.read_resource(uri))
    }

    /// Fills in the prompt `name` of `toolset` with `arguments` (names
    /// and values) as a `prompts/get` from the server would, with this
    /// mock answering the host functions: [`ErrorKind::NotFound`] for an
    /// unknown prompt, [`ErrorKind::InvalidParams`] for a required
    /// argument missing or an unknown one given. Settings are checked
    /// and answered as in [`MockHost::call`]; see
    /// [`MockHost::read_resource`] for an example.
    pub fn get_prompt(
        &self,
        toolset: &Toolset,
        name: &str,
        arguments: &[(&str, &str)],
    ) -> Result<PromptReply, Error> {
        self.state.borrow().check_settings(toolset)?;
        self.check_needs(&format!("prompt `{name}`"), toolset.needs_of_prompt(name))?;
        let arguments = values(arguments);
        self.as_server(toolset, || toolset.get_prompt(name, &arguments))
    }

    /// Completes the argument `argument` of the prompt `prompt` from what
    /// the user typed, `value`, as a `completion/complete` from the
    /// server would (no values where nothing completes it, nor for a
    /// prompt needing a grant this mock does not give, which a server
    /// leaves out).
    pub fn complete_prompt(
        &self,
        toolset: &Toolset,
        prompt: &str,
        argument: &str,
        value: &str,
    ) -> Completion {
        if self
            .check_needs("", toolset.needs_of_prompt(prompt))
            .is_err()
        {
            return Completion::default();
        }
        let reference = CompletionRef::Prompt(prompt.to_string());
        self.as_server(toolset, || {
            toolset.complete(&reference, argument, value, &Values::new())
        })
    }

    /// Completes the variable `variable` of the resource template
    /// `uri_template` from `value`, given the variables already resolved
    /// (`context`, names and values), as a `completion/complete` from the
    /// server would (none for a template needing a grant this mock does
    /// not give, which a server leaves out).
    pub fn complete_template(
        &self,
        toolset: &Toolset,
        uri_template: &str,
        variable: &str,
        value: &str,
        context: &[(&str, &str)],
    ) -> Completion {
        if self
            .check_needs("", toolset.needs_of_template(uri_template))
            .is_err()
        {
            return Completion::default();
        }
        let reference = CompletionRef::ResourceTemplate(uri_template.to_string());
        let context = values(context);
        self.as_server(toolset, || {
            toolset.complete(&reference, variable, value, &context)
        })
    }

    /// Runs `f` with this mock installed and knowing `toolset`'s setting
    /// declarations, as the server runs an export of the toolset.
    fn as_server<T>(&self, toolset: &Toolset, f: impl FnOnce() -> T) -> T {
        let previous = self
            .state
            .borrow_mut()
            .declared
            .replace(toolset.settings().to_vec());
        let _declared = Declared {
            state: Rc::clone(&self.state),
            previous,
        };
        let _installed = self.install();
        f()
    }

    /// Every log line sent, with its level, in order.
    pub fn logs(&self) -> Vec<(LogLevel, String)> {
        self.state.borrow().logs.clone()
    }

    /// The messages of every log line sent, in order.
    pub fn log_messages(&self) -> Vec<String> {
        self.state
            .borrow()
            .logs
            .iter()
            .map(|(_, m)| m.clone())
            .collect()
    }

    /// Every progress report sent, in order.
    pub fn progress_reports(&self) -> Vec<Progress> {
        self.state.borrow().progress.clone()
    }

    /// The code of every `execution` call, in order.
    pub fn executed(&self) -> Vec<String> {
        self.state.borrow().executed.clone()
    }

    /// A class as the image now has it (after the tools' changes).
    pub fn class_info(&self, name: &str) -> Option<ClassInfo> {
        self.state
            .borrow()
            .classes
            .get(name)
            .map(|c| c.info.clone())
    }

    /// A method's source as the image now has it.
    pub fn source(&self, class_name: &str, meta: bool, selector: &str) -> Option<String> {
        let s = self.state.borrow();
        s.classes
            .get(class_name)?
            .methods
            .get(&(meta, selector.to_string()))
            .cloned()
    }

    /// Forgets the log lines, progress and executed code recorded so far.
    pub fn clear_records(&self) {
        let mut s = self.state.borrow_mut();
        s.logs.clear();
        s.progress.clear();
        s.executed.clear();
    }
}

/// Names and values as the SDK's [`Values`].
fn values(pairs: &[(&str, &str)]) -> Values {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Restores the declarations the mock knew before a call, when dropped.
struct Declared {
    state: Rc<RefCell<State>>,
    previous: Option<Vec<Setting>>,
}

impl Drop for Declared {
    fn drop(&mut self) {
        self.state.borrow_mut().declared = self.previous.take();
    }
}

/// A doit's answer for an execution stub: `print_string`, not cut, no
/// Transcript output.
pub fn doit(print_string: &str) -> Doit {
    Doit {
        print_string: print_string.to_string(),
        truncated: false,
        transcript: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Schema, Tool, code, execution, image, log};
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Summary {
        class_name: String,
    }

    /// A tool whose first line logs, as the issue's vendor wrote it.
    fn summary(args: Summary) -> Result<Output, Error> {
        log::debug(&format!("summarising {}", args.class_name));
        let class = image::describe_class(&args.class_name)?;
        let selectors = image::selectors(&args.class_name, false)?;
        log::progress(1.0, Some(1.0), Some("done"));
        Output::json(&serde_json::json!({
            "name": class.name,
            "superclass": class.superclass,
            "selectors": selectors,
        }))
    }

    fn toolset() -> Toolset {
        Toolset::new("acme", "1.0.0").tool(
            Tool::new("summary", "Summarises a class.", summary)
                .input(Schema::object().required("className", Schema::string())),
        )
    }

    fn fixture() -> MockHost {
        MockHost::new().grant("image:read").class(
            MockClass::new("Account", "UserGlobals")
                .instance_variables(&["balance"])
                .method("balance\n  ^balance")
                .method("deposit: amount\n  balance := balance + amount")
                .class_method("new\n  ^super new init"),
        )
    }

    #[test]
    fn a_tool_whose_first_line_logs_runs_natively() {
        let host = fixture();
        let out = host
            .call(&toolset(), "summary", r#"{"className": "Account"}"#)
            .unwrap();
        assert_eq!(
            out.structured.unwrap(),
            serde_json::json!({"name": "Account", "superclass": "Object",
                               "selectors": ["balance", "deposit:"]})
        );
        assert_eq!(
            host.logs(),
            [(LogLevel::Debug, "summarising Account".to_string())]
        );
        assert_eq!(
            host.progress_reports(),
            [Progress {
                progress: 1.0,
                total: Some(1.0),
                message: Some("done".into())
            }]
        );
        let err = host
            .call(&toolset(), "summary", r#"{"className": "Nope"}"#)
            .unwrap_err();
        assert_eq!(err.kind, ErrorKind::NotFound);
    }

    #[test]
    fn an_offer_needing_a_grant_not_given_is_refused_and_not_completed() {
        use crate::{Prompt, PromptReply, ResourceTemplate};
        let names = |typed: &str, _: &Values| vec![format!("{typed}1")];
        let toolset = Toolset::new("t", "1")
            .template(
                ResourceTemplate::new("t://x/{n}", "x", |_, _| Ok(Vec::new()))
                    .needs(&["image:execute"])
                    .complete("n", names),
            )
            .prompt(
                Prompt::new("p", |_| Ok(PromptReply::user_text("x")))
                    .argument("a", "", false)
                    .needs(&["image:read"])
                    .complete("a", names),
            );
        let bare = MockHost::new();
        assert_eq!(
            bare.read_resource(&toolset, "t://x/1").unwrap_err().kind,
            ErrorKind::Refused
        );
        assert_eq!(
            bare.get_prompt(&toolset, "p", &[]).unwrap_err().kind,
            ErrorKind::Refused
        );
        assert!(
            bare.complete_template(&toolset, "t://x/{n}", "n", "a", &[])
                .values
                .is_empty()
        );
        assert!(
            bare.complete_prompt(&toolset, "p", "a", "a")
                .values
                .is_empty()
        );
        let granted = MockHost::new().grant("image:execute").grant("image:read");
        assert_eq!(
            granted
                .complete_template(&toolset, "t://x/{n}", "n", "a", &[])
                .values,
            ["a1"]
        );
        assert_eq!(
            granted.complete_prompt(&toolset, "p", "a", "a").values,
            ["a1"]
        );
    }

    #[test]
    fn grants_read_only_and_kernel_classes_are_enforced() {
        let host = MockHost::new().class(MockClass::new("Account", "UserGlobals"));
        let _installed = host.install();
        let e = image::dictionaries().unwrap_err();
        assert_eq!(e.kind, ErrorKind::Refused);
        assert!(e.message.contains("`image:read` grant"), "{}", e.message);

        let host = fixture().grant("image:write").grant("image:execute");
        let _installed = host.install();
        assert_eq!(
            code::compile_method(
                "Account",
                false,
                None,
                "withdraw: a\n  balance := balance - a"
            )
            .unwrap(),
            "withdraw:"
        );
        assert!(host.source("Account", false, "withdraw:").is_some());
        let e = code::compile_method("Object", false, None, "foo\n  ^1").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Refused);
        assert!(e.message.contains("kernel class"), "{}", e.message);
        let e = execution::execute("3 + 4").unwrap_err();
        assert!(e.message.contains("on_execute"), "{}", e.message);

        let host = fixture()
            .grant("image:execute")
            .read_only(true)
            .on_execute(|code| Ok(doit(&format!("ran {code}"))));
        let _installed = host.install();
        let e = execution::execute("3 + 4").unwrap_err();
        assert_eq!(e.kind, ErrorKind::ReadOnly);
    }

    /// The README's example: a secret sent as a header, kept out of the
    /// answer.
    #[test]
    fn a_secret_sent_over_http_stays_out_of_the_answer() {
        let toolset = || {
            Toolset::new("acme_tools", "0.1.0")
                .setting(Setting::text("api_key").secret().required())
                .tool(
                    Tool::new("acme_lookup", "Looks a SKU up.", |_: serde_json::Value| {
                        let key = crate::config::require("api_key")?;
                        let answer = crate::http::send(
                            &crate::http::Request::get("https://api.acme.example/v1/sku")
                                .header("authorization", &format!("Bearer {key}")),
                        )?;
                        Ok(Output::text(answer.text()))
                    })
                    .input(Schema::object().open())
                    .needs(&["net"]),
                )
        };
        let host = MockHost::new()
            .grant("net")
            .setting("api_key", "test-key")
            .on_http(|request| {
                assert!(
                    request
                        .headers
                        .contains(&("authorization".into(), "Bearer test-key".into()))
                );
                Ok(crate::http::Response::new(200, r#"{"sku": "A-1"}"#))
            });
        let out = host
            .call(&toolset(), "acme_lookup", r#"{"sku": "A-1"}"#)
            .unwrap();
        assert!(!out.text_content().contains("test-key"));
        assert_eq!(host.requests().len(), 1);
    }

    #[test]
    fn queries_and_the_execution_stub_answer_from_the_fixture() {
        let host = fixture()
            .grant("image:execute")
            .on_execute(|code| match code {
                "1/0" => Err(Failure {
                    kind: ErrorKind::Other,
                    message: "ZeroDivide".into(),
                    details: Some(serde_json::json!({"exceptionClass": "ZeroDivide"})),
                }),
                _ => Ok(doit("7")),
            });
        let _installed = host.install();
        assert_eq!(image::dictionaries().unwrap(), ["UserGlobals", "Globals"]);
        assert_eq!(image::classes("UserGlobals").unwrap(), ["Account"]);
        assert_eq!(image::implementors("balance").unwrap().refs.len(), 1);
        assert_eq!(image::senders("+").unwrap().refs[0].selector, "deposit:");
        let page = image::references_page("balance", 1).unwrap();
        assert_eq!((page.refs.len(), page.total), (1, 2));
        let page = image::search_source_page("BALANCE", true, Some("Globals"), 10).unwrap();
        assert_eq!(page.total, 0);
        assert_eq!(execution::execute("3 + 4").unwrap(), "7");
        let f = execution::execute_detailed("1/0").unwrap_err();
        assert_eq!(f.detail("exceptionClass").unwrap(), "ZeroDivide");
        assert_eq!(host.executed(), ["3 + 4", "1/0"]);
    }

    #[test]
    fn line_searches_and_evaluate_answer_as_the_host_does() {
        let host = fixture().grant("image:execute").on_evaluate(|_| {
            Ok(Evaluation {
                class_name: "SmallInteger".into(),
                print_string: "7".into(),
                truncated: false,
                transcript: String::new(),
            })
        });
        let _installed = host.install();
        let page = image::search_source_lines("BALANCE", true, None, Some("Account"), 10).unwrap();
        assert_eq!(page.total, 2);
        let lines: Vec<(String, Vec<u32>)> = page
            .matches
            .iter()
            .map(|m| (m.method.selector.clone(), m.lines.clone()))
            .collect();
        assert_eq!(
            lines,
            [("balance".into(), vec![1, 2]), ("deposit:".into(), vec![2])]
        );
        let f = image::search_source_lines("x", false, None, Some("Nope"), 10).unwrap_err();
        assert_eq!(f.kind, ErrorKind::NotFound);
        let e = execution::evaluate("3 + 4").unwrap();
        assert_eq!(
            (e.class_name.as_str(), e.print_string.as_str()),
            ("SmallInteger", "7")
        );
        // Without its own stub, `execute_detailed` runs on `evaluate`'s.
        assert_eq!(
            execution::execute_detailed("3 + 4").unwrap().print_string,
            "7"
        );
        let none = fixture().grant("image:execute");
        let _installed = none.install();
        let f = execution::evaluate("3 + 4").unwrap_err();
        assert!(f.message.contains("MockHost::on_evaluate"), "{}", f.message);
    }

    #[test]
    fn resources_prompts_and_completions_run_as_the_server_runs_them() {
        use crate::{Prompt, PromptReply, ResourceTemplate, config};
        let toolset = || {
            Toolset::new("acme", "1.0.0")
                .setting(Setting::text("greeting").default("Review"))
                .setting(Setting::text("key").secret().required())
                .template(
                    ResourceTemplate::new("acme://class/{name}", "class", |uri, vars| {
                        let class = image::describe_class(&vars["name"])?;
                        Ok(vec![Contents::text(uri, class.comment)])
                    })
                    .mime_type("text/plain")
                    .complete("name", |typed, context| {
                        vec![format!("{typed}{}", context.len())]
                    }),
                )
                .prompt(
                    Prompt::new("review", |args| {
                        let greeting = config::require("greeting")?;
                        Ok(PromptReply::user_text(format!("{greeting} {}", args["c"])))
                    })
                    .argument("c", "", true)
                    .complete("c", |typed, _| vec![format!("{typed}!")]),
                )
        };
        // The settings are checked first, as at the server's load.
        let unset = fixture();
        let e = unset
            .read_resource(&toolset(), "acme://class/Account")
            .unwrap_err();
        assert!(e.message.contains("`key`"), "{}", e.message);
        let e = unset
            .get_prompt(&toolset(), "review", &[("c", "X")])
            .unwrap_err();
        assert!(e.message.contains("`key`"), "{}", e.message);

        let host = fixture().setting("key", "k-123");
        let contents = host
            .read_resource(&toolset(), "acme://class/Account")
            .unwrap();
        assert_eq!(contents[0].mime_type.as_deref(), Some("text/plain"));
        let e = host
            .read_resource(&toolset(), "acme://class/Nope")
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::NotFound);
        let e = host.read_resource(&toolset(), "other://x").unwrap_err();
        assert_eq!(e.message, "toolset `acme` has no resource `other://x`");
        let denied = MockHost::new().setting("key", "k-123");
        let e = denied
            .read_resource(&toolset(), "acme://class/Object")
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Refused);

        // Declared defaults answer inside the prompt, as in a call.
        let reply = host
            .get_prompt(&toolset(), "review", &[("c", "X")])
            .unwrap();
        assert_eq!(reply, PromptReply::user_text("Review X"));
        let e = host.get_prompt(&toolset(), "review", &[]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);

        assert_eq!(
            host.complete_prompt(&toolset(), "review", "c", "a").values,
            ["a!"]
        );
        let c = host.complete_template(
            &toolset(),
            "acme://class/{name}",
            "name",
            "b",
            &[("x", "1")],
        );
        assert_eq!(c.values, ["b1"]);
        assert!(
            host.complete_prompt(&toolset(), "review", "d", "a")
                .values
                .is_empty()
        );
    }
}

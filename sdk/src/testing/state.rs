//! What the mock holds and records, and the checks every host function
//! makes against it.

use std::collections::BTreeMap;
use std::rc::Rc;

use super::{MockClass, Progress};
use crate::types::{Doit, Evaluation, LogLevel, ServerIdentity};
use crate::{Error, Failure, Setting};

/// The stub that answers `execution` calls.
type ExecuteStub = Rc<dyn Fn(&str) -> Result<Doit, Failure>>;
type EvaluateStub = Rc<dyn Fn(&str) -> Result<Evaluation, Failure>>;
/// Answers the tools' requests to the client: method and params in, the
/// client's result out.
type ClientStub = Rc<dyn Fn(&str, &serde_json::Value) -> Result<serde_json::Value, Failure>>;

/// Answers the tools' outbound HTTP requests.
type HttpStub = Rc<dyn Fn(&crate::http::Request) -> Result<crate::http::Response, Error>>;

/// One request a tool made of the client, as the mock recorded it.
#[derive(Debug, Clone)]
pub(super) struct Asked {
    pub(super) key: String,
    pub(super) method: String,
    pub(super) params: serde_json::Value,
}

/// The mock's state, which the host functions reach while it is installed.
pub(crate) struct State {
    pub(super) dictionaries: Vec<String>,
    pub(super) classes: BTreeMap<String, MockClass>,
    pub(super) execute: Option<ExecuteStub>,
    pub(super) evaluate: Option<EvaluateStub>,
    pub(super) grants: Vec<String>,
    pub(super) read_only: bool,
    pub(super) user: String,
    pub(super) server: ServerIdentity,
    pub(super) logs: Vec<(LogLevel, String)>,
    pub(super) progress: Vec<Progress>,
    pub(super) executed: Vec<String>,
    pub(super) max_results: usize,
    pub(super) client: Option<ClientStub>,
    pub(super) asked: Vec<Asked>,
    /// The capabilities the client declared (`elicitation`, …); `None`:
    /// all of them.
    pub(super) capabilities: Option<Vec<String>>,
    /// The requests of each kind the current call made without a key, for
    /// their automatic keys.
    pub(super) unkeyed: [usize; 3],
    /// Plays a stateless request (2026-07-28): the client's results come
    /// from `input_responses`, by key, not from the `client` stub.
    pub(super) stateless: bool,
    pub(super) input_responses: serde_json::Map<String, serde_json::Value>,
    /// The current call's requests without a result, by key, as
    /// `inputRequests` has them.
    pub(super) input_requests: serde_json::Map<String, serde_json::Value>,
    pub(super) cancelled: bool,
    /// Plays a request that declared the tasks extension.
    pub(super) tasks_declared: bool,
    /// The current call's tool's task support.
    pub(super) call_tasks: Option<crate::TaskSupport>,
    /// The status message of the task the last call started, if it
    /// started one (`Some(None)`: started without a message).
    pub(super) task_started: Option<Option<String>>,
    pub(super) http: Option<HttpStub>,
    pub(super) requests: Vec<crate::http::Request>,
    /// The settings' values the operator would give, by name.
    pub(super) settings: BTreeMap<String, String>,
    /// The settings the toolset declares, when the mock knows them (during
    /// [`MockHost::call`](super::MockHost::call), or from
    /// [`MockHost::settings_from`](super::MockHost::settings_from)).
    pub(super) declared: Option<Vec<Setting>>,
}

/// The checks the host functions share.
impl State {
    pub(super) fn require(&self, function: &str, grant: &str) -> Result<(), Error> {
        if self.grants.iter().any(|g| g == grant) {
            return Ok(());
        }
        Err(Error::refused(format!(
            "the toolset called `{function}`, which needs the `{grant}` grant; the operator \
             must add \"{grant}\" to this toolset's grants in toolsets.toml (in a test: \
             MockHost::grant(\"{grant}\"))"
        )))
    }

    pub(super) fn require_change(
        &self,
        function: &str,
        grant: &str,
        runs_code: bool,
    ) -> Result<(), Error> {
        self.require(function, grant)?;
        if self.read_only {
            return Err(Error::read_only(format!(
                "`{function}` {} and this session is read-only; connect to a read-write server \
                 to do it",
                if runs_code {
                    "runs arbitrary code"
                } else {
                    "changes the image"
                }
            )));
        }
        Ok(())
    }

    pub(super) fn class(&self, name: &str) -> Result<&MockClass, Error> {
        self.classes
            .get(name)
            .ok_or_else(|| Error::not_found(format!("no class named {name} in the image")))
    }

    pub(super) fn changeable(&mut self, name: &str, action: &str) -> Result<&mut MockClass, Error> {
        let class = self
            .classes
            .get_mut(name)
            .ok_or_else(|| Error::not_found(format!("no class named {name} in the image")))?;
        if class.info.kernel {
            return Err(Error::refused(format!(
                "cannot {action} {name}: it is a kernel class, and no tool may change kernel \
                 classes. Put the code in an application class instead — a subclass of {name}, \
                 or a class of your own in your application's dictionary. An extension \
                 method of a kernel class (in a `*package` category) is the operator's to \
                 load, by filing in its Topaz source (`gs-mcp image load` on the embedded \
                 image)."
            )));
        }
        Ok(class)
    }
}

/// An error as the 0.1.1 functions fail: a failure without details.
pub(super) fn failure(e: Error) -> Failure {
    Failure {
        kind: e.kind,
        message: e.message,
        details: None,
    }
}

//! The `execution` host functions, answered by the test's stubs.

use super::State;
use super::state::failure;
use crate::types::{Doit, Evaluation};
use crate::{Error, Failure};

/// The `execution` host functions, as the mock answers them.
impl State {
    pub(crate) fn execute(&mut self, code: &str) -> Result<String, Error> {
        self.execute_detailed(code)
            .map(|d| d.print_string)
            .map_err(Error::from)
    }

    pub(crate) fn execute_detailed(&mut self, code: &str) -> Result<Doit, Failure> {
        self.require_change("execution.execute", "image:execute", true)
            .map_err(failure)?;
        self.executed.push(code.to_string());
        match (&self.execute, &self.evaluate) {
            (Some(stub), _) => stub(code),
            (None, Some(stub)) => stub(code).map(|e| Doit {
                print_string: e.print_string,
                truncated: e.truncated,
                transcript: e.transcript,
            }),
            (None, None) => Err(failure(Error::other(
                "the mock host has no execution stub; give one with MockHost::on_execute",
            ))),
        }
    }

    pub(crate) fn evaluate(&mut self, code: &str) -> Result<Evaluation, Failure> {
        self.require_change("execution.evaluate", "image:execute", true)
            .map_err(failure)?;
        self.executed.push(code.to_string());
        match &self.evaluate {
            Some(stub) => stub(code),
            None => Err(failure(Error::other(
                "the mock host has no stub for `evaluate`, which answers the value's class; \
                 give one with MockHost::on_evaluate",
            ))),
        }
    }
}

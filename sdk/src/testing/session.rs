//! The `session` host functions: the session's facts.

use super::State;
use crate::types::ServerIdentity;

/// The `session` host functions, as the mock answers them.
impl State {
    pub(crate) fn read_only(&mut self) -> bool {
        self.read_only
    }

    pub(crate) fn user(&mut self) -> String {
        self.user.clone()
    }

    pub(crate) fn server(&mut self) -> ServerIdentity {
        self.server.clone()
    }

    pub(crate) fn grants(&mut self) -> Vec<String> {
        self.grants.clone()
    }
}

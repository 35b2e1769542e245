//! The scopes a token needs beyond the required ones: per tool, and per
//! toolset for what a toolset offers besides tools.

use std::collections::HashMap;

use crate::{Denied, Principal};

/// What each `[[toolset]]` entry's `scopes` and `tool_scopes` ask of a
/// token.
#[derive(Debug, Clone, Default)]
pub struct ScopeRules {
    /// Per exposed tool name: its toolset's `scopes` and its own
    /// `tool_scopes`.
    pub tools: HashMap<String, Vec<String>>,
    /// Per toolset, in the order of the tool surface: its `scopes`, which
    /// also gate its resources, prompts and completions.
    pub toolsets: Vec<Vec<String>>,
}

impl ScopeRules {
    /// Every scope some rule names, sorted, without repeats.
    pub(crate) fn named(&self) -> Vec<&String> {
        let mut named: Vec<&String> = self
            .tools
            .values()
            .chain(&self.toolsets)
            .flatten()
            .collect();
        named.sort();
        named.dedup();
        named
    }

    /// The scopes a token needs for `tool`.
    pub(crate) fn tool(&self, tool: &str) -> &[String] {
        self.tools.get(tool).map_or(&[], Vec::as_slice)
    }

    /// The scopes a token needs for toolset `index`'s offers.
    pub(crate) fn toolset(&self, index: usize) -> &[String] {
        self.toolsets.get(index).map_or(&[], Vec::as_slice)
    }
}

/// Refuses `what` to `principal` if its token lacks one of `needed`
/// (403 `insufficient_scope` naming them all).
pub(crate) fn check(principal: &Principal, needed: &[String], what: &str) -> Result<(), Denied> {
    match principal.missing(needed) {
        None => Ok(()),
        Some(scope) => Err(Denied::InsufficientScope {
            scope: needed.join(" "),
            description: format!(
                "{what} needs scope `{scope}`, which the token lacks; request it from the \
                 authorization server"
            ),
        }),
    }
}

//! What a toolset offers: its name, version and tool descriptors.
//!
//! Descriptors are fixed for the life of a loaded toolset; the server
//! lists them (filtered for read-only sessions) and checks names for
//! collisions across toolsets at start-up.

use serde_json::Value;

use crate::ToolError;

/// One tool, as `tools/list` shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDescriptor {
    /// The name clients call it by.
    pub name: String,
    /// A short human-readable title, if any.
    pub title: Option<String>,
    /// What it does, for a model choosing tools.
    pub description: String,
    /// JSON Schema of its arguments (an object schema).
    pub input_schema: Value,
    /// JSON Schema of its structured result, if it returns one.
    pub output_schema: Option<Value>,
    /// True if it may run in a read-only session (fail closed: false hides
    /// it there).
    pub read_only_safe: bool,
    /// The grants it needs to work, as `toolsets.toml` names them
    /// (`image:read`, …, `net`): what a WebAssembly tool declares. Empty
    /// for the built-in tools and for tools that declared nothing.
    pub grants: Vec<String>,
    /// Whether a call may answer with a task (the 2026-07-28 tasks
    /// extension) instead of its result.
    pub task_support: TaskSupport,
}

/// Whether a tool's call may become a task: answered at once with a task
/// handle the client polls (`tasks/get`), the call going on in the
/// background. The tool decides when, by asking to start one
/// ([`Notifier::start_task`](crate::Notifier::start_task)); this is what it
/// declared it may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TaskSupport {
    /// Never: every call answers with its result.
    #[default]
    Forbidden,
    /// When the client declared the tasks extension on its request; for
    /// any other client the call answers with its result.
    Optional,
    /// Only as a task: a stateless request that did not declare the
    /// extension is refused (-32021) before the call runs.
    Required,
}

impl TaskSupport {
    /// The name `gs-mcp tools` and the WIT use: `forbidden`, `optional`,
    /// `required`.
    pub fn as_str(self) -> &'static str {
        match self {
            TaskSupport::Forbidden => "forbidden",
            TaskSupport::Optional => "optional",
            TaskSupport::Required => "required",
        }
    }
}

/// A toolset's identity and tools.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolsetInfo {
    /// The toolset's name, e.g. `acme_db`.
    pub name: String,
    /// The toolset's own version.
    pub version: String,
    /// Its tools, in listing order.
    pub tools: Vec<ToolDescriptor>,
}

impl ToolsetInfo {
    /// The tool called `name`, if the toolset has one.
    pub fn tool(&self, name: &str) -> Option<&ToolDescriptor> {
        self.tools.iter().find(|t| t.name == name)
    }

    /// The tools a session may see: all of them, or in a read-only session
    /// only those declared read-only-safe.
    pub fn visible_tools(&self, read_only: bool) -> impl Iterator<Item = &ToolDescriptor> {
        self.tools
            .iter()
            .filter(move |t| !read_only || t.read_only_safe)
    }

    /// The descriptor of `tool`, or `notFound` naming it: a toolset's own
    /// dispatch. Whether the session may call it is the session broker's
    /// rule, checked before the call reaches the toolset.
    pub fn dispatch(&self, tool: &str) -> Result<&ToolDescriptor, ToolError> {
        self.tool(tool).ok_or_else(|| {
            // No tool's name is longer than 128 bytes: a longer one is not
            // echoed whole.
            let shown = match tool.char_indices().nth(128) {
                Some((end, _)) => format!("{}…", &tool[..end]),
                None => tool.to_string(),
            };
            ToolError::not_found(format!(
                "toolset `{}` has no tool named `{shown}`; tools/list shows the tools it offers",
                self.name
            ))
        })
    }
}

/// Checks a tool name against MCP's rules: 1 to 128 characters, each an
/// ASCII letter, digit, `_`, `-` or `.`. The error names the offending
/// character and says what is allowed.
pub fn validate_tool_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a tool name is empty; give every tool a name".into());
    }
    if name.len() > 128 {
        return Err(format!(
            "tool name `{}…` is {} bytes long; MCP allows at most 128",
            name.chars().take(32).collect::<String>(),
            name.len()
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
    {
        return Err(format!(
            "tool name `{name}` contains {c:?}; use only ASCII letters, digits, `_`, `-` and `.`"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tool(name: &str, safe: bool) -> ToolDescriptor {
        ToolDescriptor {
            name: name.into(),
            title: None,
            description: String::new(),
            input_schema: json!({"type": "object"}),
            output_schema: None,
            read_only_safe: safe,
            grants: Vec::new(),
            task_support: TaskSupport::Forbidden,
        }
    }

    #[test]
    fn read_only_sessions_see_only_safe_tools() {
        let info = ToolsetInfo {
            name: "t".into(),
            version: "1".into(),
            tools: vec![tool("look", true), tool("change", false)],
        };
        let names = |ro| {
            info.visible_tools(ro)
                .map(|t| t.name.as_str())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(false), ["look", "change"]);
        assert_eq!(names(true), ["look"]);
        assert_eq!(info.dispatch("change").unwrap().name, "change");
        let missing = info.dispatch("nope").unwrap_err();
        assert_eq!(missing.kind, crate::ErrorKind::NotFound);
        assert_eq!(
            missing.message,
            "toolset `t` has no tool named `nope`; tools/list shows the tools it offers"
        );
    }

    #[test]
    fn tool_names_are_checked() {
        assert!(validate_tool_name("acme.query_rows-2").is_ok());
        assert_eq!(
            validate_tool_name("bad name").unwrap_err(),
            "tool name `bad name` contains ' '; use only ASCII letters, digits, `_`, `-` and `.`"
        );
        assert!(validate_tool_name("").is_err());
        assert!(
            validate_tool_name(&"x".repeat(129))
                .unwrap_err()
                .contains("129 bytes")
        );
    }
}

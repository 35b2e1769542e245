//! What a toolset offers besides tools: resources (fixed and templated),
//! prompts, and completion of prompt arguments and template variables.
//!
//! Declarations ([`ResourceInfo`], [`ResourceTemplate`], [`PromptInfo`])
//! are fixed for the life of a loaded toolset, like its tools; the router
//! lists them and finds which toolset owns a URI or a prompt name from them
//! ([`ResourceTemplate::matches`]). The answers ([`ResourcePage`], a read's
//! [`crate::EmbeddedResource`]s, [`PromptResult`], [`Completion`]) come from the
//! caller's [`crate::ToolsetSession`], through the caller's own image
//! session, so a read sees that session's transaction view.
//!
//! Errors are [`crate::ToolError`]s: `notFound` for an unknown URI or
//! prompt (the router answers it in the protocol's own form), and
//! `invalidParams` for missing or malformed arguments.

use std::collections::BTreeMap;

use crate::Content;

/// Most values one completion answers (MCP's limit).
pub const MAX_COMPLETION_VALUES: usize = 100;

/// One resource, as `resources/list` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceInfo {
    /// Its URI, e.g. `gemstone://class/OrderedCollection`.
    pub uri: String,
    /// A short name.
    pub name: String,
    /// A human-readable title, if any.
    pub title: Option<String>,
    /// What it holds, for a model choosing what to read.
    pub description: Option<String>,
    /// Its media type, if known.
    pub mime_type: Option<String>,
}

/// A family of resources under an RFC 6570 URI template, as
/// `resources/templates/list` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceTemplate {
    /// The template, e.g. `gemstone://method/{className}/{side}/{selector}`.
    /// Only simple `{name}` expressions are matched by [`Self::matches`].
    pub uri_template: String,
    /// A short name.
    pub name: String,
    /// A human-readable title, if any.
    pub title: Option<String>,
    /// What its resources hold.
    pub description: Option<String>,
    /// The media type of its resources, if they share one.
    pub mime_type: Option<String>,
}

impl ResourceTemplate {
    /// The variables of the template, in order (`["className", "side",
    /// "selector"]`).
    pub fn variables(&self) -> Vec<&str> {
        let mut names = Vec::new();
        let mut rest = self.uri_template.as_str();
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}') else {
                break;
            };
            names.push(&rest[open + 1..open + close]);
            rest = &rest[open + close + 1..];
        }
        names
    }

    /// The variables' values if `uri` is an instance of this template, or
    /// `None`. A variable matches one or more characters up to the literal
    /// text that follows it (for the last, to the end), and never a `/`
    /// unless it is the last; values are percent-decoded.
    pub fn matches(&self, uri: &str) -> Option<BTreeMap<String, String>> {
        let mut values = BTreeMap::new();
        let mut template = self.uri_template.as_str();
        let mut uri = uri;
        loop {
            let Some(open) = template.find('{') else {
                return (template == uri).then_some(values);
            };
            let literal = &template[..open];
            uri = uri.strip_prefix(literal)?;
            let close = open + template[open..].find('}')?;
            let name = &template[open + 1..close];
            template = &template[close + 1..];
            let next_literal = &template[..template.find('{').unwrap_or(template.len())];
            let end = if template.is_empty() {
                uri.len()
            } else if next_literal.is_empty() {
                // Two variables side by side cannot be told apart.
                return None;
            } else {
                uri.find(next_literal)?
            };
            if end == 0 || (!template.is_empty() && uri[..end].contains('/')) {
                return None;
            }
            values.insert(name.to_string(), percent_decode(&uri[..end])?);
            uri = &uri[end..];
        }
    }
}

/// `%XX` escapes decoded; `None` if an escape is malformed or the result
/// is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// One page of a session's listed resources.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResourcePage {
    /// The resources of this page.
    pub resources: Vec<ResourceInfo>,
    /// The cursor of the next page, if there is one (opaque to the client).
    pub next_cursor: Option<String>,
}

/// One argument a prompt takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptArgument {
    /// Its name.
    pub name: String,
    /// What to give, for the user or model filling it in.
    pub description: Option<String>,
    /// True if `prompts/get` must be given it.
    pub required: bool,
}

/// One prompt, as `prompts/list` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptInfo {
    /// The name clients get it by.
    pub name: String,
    /// A human-readable title, if any.
    pub title: Option<String>,
    /// What it is for.
    pub description: Option<String>,
    /// Its arguments, in order.
    pub arguments: Vec<PromptArgument>,
}

/// Who speaks a prompt message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The user.
    User,
    /// The assistant (the model).
    Assistant,
}

impl Role {
    /// The role's MCP name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

/// One message of a prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptMessage {
    /// Who speaks it.
    pub role: Role,
    /// What is said: text, an image, audio or an embedded resource.
    pub content: Content,
}

/// What `prompts/get` answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptResult {
    /// A description of this instance of the prompt, if any.
    pub description: Option<String>,
    /// The messages, in order.
    pub messages: Vec<PromptMessage>,
}

/// What a completion is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompletionRef {
    /// An argument of the prompt of this name.
    Prompt(String),
    /// A variable of the resource template with this URI template.
    ResourceTemplate(String),
}

/// A `completion/complete` request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompletionRequest {
    /// The prompt or template.
    pub reference: CompletionRef,
    /// The argument (or template variable) being completed.
    pub argument: String,
    /// What the user has typed so far.
    pub value: String,
    /// Arguments already resolved, for completions that depend on them
    /// (the selectors of the class already chosen).
    pub context: BTreeMap<String, String>,
}

/// What `completion/complete` answers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Completion {
    /// At most [`MAX_COMPLETION_VALUES`] values, best first.
    pub values: Vec<String>,
    /// How many values there are in all, if known.
    pub total: Option<usize>,
    /// True if there are more than `values` holds.
    pub has_more: bool,
}

impl Completion {
    /// The completion from every candidate, in the order given: the first
    /// [`MAX_COMPLETION_VALUES`], with the total and whether more exist.
    pub fn from_candidates(candidates: impl IntoIterator<Item = String>) -> Completion {
        let mut values = Vec::new();
        let mut total = 0;
        for c in candidates {
            if values.len() < MAX_COMPLETION_VALUES {
                values.push(c);
            }
            total += 1;
        }
        Completion {
            has_more: total > values.len(),
            values,
            total: Some(total),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn template(t: &str) -> ResourceTemplate {
        ResourceTemplate {
            uri_template: t.into(),
            name: "t".into(),
            title: None,
            description: None,
            mime_type: None,
        }
    }

    #[test]
    fn templates_match_their_instances_only() {
        let method = template("gemstone://method/{className}/{side}/{selector}");
        assert_eq!(method.variables(), ["className", "side", "selector"]);
        let values = method
            .matches("gemstone://method/OrderedCollection/instance/add%3A")
            .unwrap();
        assert_eq!(values["className"], "OrderedCollection");
        assert_eq!(values["side"], "instance");
        assert_eq!(values["selector"], "add:");
        // Binary and keyword selectors may hold `/` only escaped; the last
        // variable takes the rest.
        assert_eq!(
            method
                .matches("gemstone://method/Number/instance/%2F")
                .unwrap()["selector"],
            "/"
        );
        assert!(method.matches("gemstone://method/A/instance").is_none());
        assert!(method.matches("gemstone://method//instance/x").is_none());
        assert!(method.matches("gemstone://class/A").is_none());
        assert!(
            method
                .matches("gemstone://method/A/instance/bad%ZZ")
                .is_none()
        );
        let class = template("gemstone://class/{className}");
        assert_eq!(
            class.matches("gemstone://class/A").unwrap()["className"],
            "A"
        );
        assert!(class.matches("gemstone://class/").is_none());
        let fixed = template("test://static");
        assert!(fixed.matches("test://static").unwrap().is_empty());
        assert!(fixed.matches("test://static2").is_none());
    }

    #[test]
    fn completions_are_capped_with_a_true_total() {
        let c = Completion::from_candidates((0..250).map(|i| i.to_string()));
        assert_eq!(c.values.len(), MAX_COMPLETION_VALUES);
        assert_eq!(c.total, Some(250));
        assert!(c.has_more);
        let c = Completion::from_candidates(["a".to_string()]);
        assert_eq!((c.values.len(), c.total, c.has_more), (1, Some(1), false));
    }
}

//! What a toolset offers besides tools (`gemstone:mcp@0.1.2`): resources
//! with fixed URIs, resource templates, prompts, and completion of prompt
//! arguments and template variables.
//!
//! Each is declared with its handler and added to the [`Toolset`]
//! ([`Toolset::resource`], [`Toolset::template`], [`Toolset::prompt`]);
//! the exports `resources`, `prompts` and `completion` dispatch to them.
//! Handlers run in the calling session's instance and may call host
//! functions as tools do.
//!
//! [`Toolset`]: crate::Toolset
//! [`Toolset::resource`]: crate::Toolset::resource
//! [`Toolset::template`]: crate::Toolset::template
//! [`Toolset::prompt`]: crate::Toolset::prompt

use std::collections::BTreeMap;

use crate::__private::bindings::gemstone::mcp::types as wit;
use crate::{Content, Error};

/// Most values a completion answers (MCP's limit).
pub const MAX_COMPLETION_VALUES: usize = 100;

/// The body of a resource's contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// UTF-8 text.
    Text(String),
    /// Bytes (the host base64-encodes them).
    Blob(Vec<u8>),
}

/// The contents of one resource, as a read answers them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contents {
    /// The URI they are the contents of.
    pub uri: String,
    /// Their media type, if known.
    pub mime_type: Option<String>,
    /// Text or bytes.
    pub body: Body,
}

impl Contents {
    /// Text contents of `uri`.
    pub fn text(uri: impl Into<String>, text: impl Into<String>) -> Contents {
        Contents {
            uri: uri.into(),
            mime_type: None,
            body: Body::Text(text.into()),
        }
    }

    /// Binary contents of `uri`.
    pub fn blob(uri: impl Into<String>, data: Vec<u8>) -> Contents {
        Contents {
            uri: uri.into(),
            mime_type: None,
            body: Body::Blob(data),
        }
    }

    /// Sets the media type.
    pub fn mime_type(mut self, mime_type: impl Into<String>) -> Contents {
        self.mime_type = Some(mime_type.into());
        self
    }

    pub(crate) fn into_wit(self) -> wit::EmbeddedResource {
        wit::EmbeddedResource {
            uri: self.uri,
            mime_type: self.mime_type,
            body: match self.body {
                Body::Text(t) => wit::ResourceBody::Text(t),
                Body::Blob(b) => wit::ResourceBody::Blob(b),
            },
        }
    }
}

/// The values of a template's variables (or a prompt's arguments), by name.
pub type Values = BTreeMap<String, String>;

type Reader = Box<dyn Fn(&str, &Values) -> Result<Vec<Contents>, Error>>;
type Completer = Box<dyn Fn(&str, &Values) -> Vec<String>>;

/// What resources and templates have in common: names and a reader.
struct Common {
    name: String,
    title: Option<String>,
    description: Option<String>,
    mime_type: Option<String>,
    reader: Reader,
    needs: Vec<String>,
}

/// A resource with a fixed URI and the function that reads it.
pub struct Resource {
    uri: String,
    common: Common,
}

impl std::fmt::Debug for Resource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Resource")
            .field("uri", &self.uri)
            .finish_non_exhaustive()
    }
}

impl Resource {
    /// Its URI.
    pub(crate) fn uri(&self) -> &str {
        &self.uri
    }

    /// The resource at `uri` (with a scheme, e.g. `acme://tables`), called
    /// `name`, whose contents `read` answers.
    pub fn new<F>(uri: &str, name: &str, read: F) -> Resource
    where
        F: Fn() -> Result<Vec<Contents>, Error> + 'static,
    {
        Resource {
            uri: uri.to_string(),
            common: Common {
                name: name.to_string(),
                title: None,
                description: None,
                mime_type: None,
                reader: Box::new(move |_, _| read()),
                needs: Vec::new(),
            },
        }
    }

    /// Sets the human-readable title.
    pub fn title(mut self, title: &str) -> Resource {
        self.common.title = Some(title.to_string());
        self
    }

    /// Sets the description.
    pub fn description(mut self, description: &str) -> Resource {
        self.common.description = Some(description.to_string());
        self
    }

    /// Sets the media type, listed with the resource and given to the
    /// [`Contents`] its reader answers without one.
    pub fn mime_type(mut self, mime_type: &str) -> Resource {
        self.common.mime_type = Some(mime_type.to_string());
        self
    }

    /// Declares the grants reading the resource needs (`image:read`,
    /// `image:execute`, `image:write`, `net`), as [`Tool::needs`] does for
    /// a tool: a server whose operator did not give them leaves the
    /// resource out (a 0.1.6 host; an older one lists it, and each host
    /// function its reader calls checks its own grant).
    ///
    /// [`Tool::needs`]: crate::Tool::needs
    ///
    /// # Panics
    ///
    /// On a name that is not a grant, as [`Tool::needs`] does.
    #[track_caller]
    pub fn needs(mut self, grants: &[&str]) -> Resource {
        self.common.needs =
            crate::toolset::checked_grants(&format!("resource `{}`", self.uri), grants);
        self
    }

    fn declaration(&self) -> wit::ResourceInfo {
        wit::ResourceInfo {
            uri: self.uri.clone(),
            name: self.common.name.clone(),
            title: self.common.title.clone(),
            description: self.common.description.clone(),
            mime_type: self.common.mime_type.clone(),
        }
    }
}

/// A family of resources under a URI template (`acme://tables/{table}`),
/// the function that reads one, and completions of its variables.
pub struct ResourceTemplate {
    uri_template: String,
    common: Common,
    completers: BTreeMap<String, Completer>,
}

impl std::fmt::Debug for ResourceTemplate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResourceTemplate")
            .field("uri_template", &self.uri_template)
            .finish_non_exhaustive()
    }
}

impl ResourceTemplate {
    /// Its URI template.
    pub(crate) fn uri_template(&self) -> &str {
        &self.uri_template
    }

    /// The template `uri_template` (simple `{name}` variables with literal
    /// text between them), called `name`; `read` is given the URI asked
    /// for and its variables' values (percent-decoded).
    pub fn new<F>(uri_template: &str, name: &str, read: F) -> ResourceTemplate
    where
        F: Fn(&str, &Values) -> Result<Vec<Contents>, Error> + 'static,
    {
        ResourceTemplate {
            uri_template: uri_template.to_string(),
            common: Common {
                name: name.to_string(),
                title: None,
                description: None,
                mime_type: None,
                reader: Box::new(read),
                needs: Vec::new(),
            },
            completers: BTreeMap::new(),
        }
    }

    /// Sets the human-readable title.
    pub fn title(mut self, title: &str) -> ResourceTemplate {
        self.common.title = Some(title.to_string());
        self
    }

    /// Sets the description.
    pub fn description(mut self, description: &str) -> ResourceTemplate {
        self.common.description = Some(description.to_string());
        self
    }

    /// Sets the media type its resources share, listed with the template
    /// and given to the [`Contents`] its reader answers without one.
    pub fn mime_type(mut self, mime_type: &str) -> ResourceTemplate {
        self.common.mime_type = Some(mime_type.to_string());
        self
    }

    /// Declares the grants reading its resources needs, as
    /// [`Resource::needs`]; a server that leaves the template out neither
    /// lists, reads nor completes it.
    ///
    /// # Panics
    ///
    /// On a name that is not a grant, as [`Tool::needs`](crate::Tool::needs)
    /// does.
    #[track_caller]
    pub fn needs(mut self, grants: &[&str]) -> ResourceTemplate {
        self.common.needs = crate::toolset::checked_grants(
            &format!("resource template `{}`", self.uri_template),
            grants,
        );
        self
    }

    /// Completes the variable `variable`: `complete` is given what the user
    /// typed and the variables already resolved, and answers candidates,
    /// best first.
    pub fn complete<F>(mut self, variable: &str, complete: F) -> ResourceTemplate
    where
        F: Fn(&str, &Values) -> Vec<String> + 'static,
    {
        self.completers
            .insert(variable.to_string(), Box::new(complete));
        self
    }

    /// The variables' values if `uri` is an instance of the template: each
    /// variable takes one or more characters up to the literal text after
    /// it (the last, to the end), never a `/` unless it is the last, and
    /// is percent-decoded.
    pub fn matches(&self, uri: &str) -> Option<Values> {
        let mut values = Values::new();
        let mut template = self.uri_template.as_str();
        let mut rest = uri;
        loop {
            let Some(open) = template.find('{') else {
                return (template == rest).then_some(values);
            };
            rest = rest.strip_prefix(&template[..open])?;
            let close = open + template[open..].find('}')?;
            let name = &template[open + 1..close];
            template = &template[close + 1..];
            let literal = &template[..template.find('{').unwrap_or(template.len())];
            let end = if template.is_empty() {
                rest.len()
            } else if literal.is_empty() {
                return None;
            } else {
                rest.find(literal)?
            };
            let value = &rest[..end];
            if value.is_empty() || (!template.is_empty() && value.contains('/')) {
                return None;
            }
            values.insert(name.to_string(), percent_decode(value)?);
            rest = &rest[end..];
        }
    }

    fn declaration(&self) -> wit::ResourceTemplate {
        wit::ResourceTemplate {
            uri_template: self.uri_template.clone(),
            name: self.common.name.clone(),
            title: self.common.title.clone(),
            description: self.common.description.clone(),
            mime_type: self.common.mime_type.clone(),
        }
    }
}

/// `%XX` escapes decoded; `None` if one is malformed or the result is not
/// UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(text.get(i + 1..i + 3)?, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Who speaks a prompt message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The user.
    User,
    /// The assistant (the model).
    Assistant,
}

/// One message of a filled-in prompt.
#[derive(Debug, Clone, PartialEq)]
pub struct PromptMessage {
    /// Who speaks it.
    pub role: Role,
    /// What is said.
    pub content: Content,
}

impl PromptMessage {
    /// A message from the user.
    pub fn user(content: Content) -> PromptMessage {
        PromptMessage {
            role: Role::User,
            content,
        }
    }

    /// A message from the assistant.
    pub fn assistant(content: Content) -> PromptMessage {
        PromptMessage {
            role: Role::Assistant,
            content,
        }
    }
}

/// A prompt filled in with its arguments.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PromptReply {
    /// A description of this instance, if any.
    pub description: Option<String>,
    /// The messages, in order.
    pub messages: Vec<PromptMessage>,
}

impl PromptReply {
    /// A reply of these messages.
    pub fn new(messages: Vec<PromptMessage>) -> PromptReply {
        PromptReply {
            description: None,
            messages,
        }
    }

    /// One user message of text.
    pub fn user_text(text: impl Into<String>) -> PromptReply {
        PromptReply::new(vec![PromptMessage::user(Content::Text(text.into()))])
    }

    /// Sets the description.
    pub fn description(mut self, description: impl Into<String>) -> PromptReply {
        self.description = Some(description.into());
        self
    }

    fn into_wit(self) -> wit::Prompt {
        wit::Prompt {
            description: self.description,
            messages: self
                .messages
                .into_iter()
                .map(|m| wit::PromptMessage {
                    role: match m.role {
                        Role::User => wit::Role::User,
                        Role::Assistant => wit::Role::Assistant,
                    },
                    content: m.content.into_wit(),
                })
                .collect(),
        }
    }
}

struct Argument {
    name: String,
    description: Option<String>,
    required: bool,
}

type PromptHandler = Box<dyn Fn(&Values) -> Result<PromptReply, Error>>;

/// A prompt: its name, arguments, the function that fills it in and
/// completions of its arguments.
pub struct Prompt {
    name: String,
    title: Option<String>,
    description: Option<String>,
    arguments: Vec<Argument>,
    handler: PromptHandler,
    completers: BTreeMap<String, Completer>,
    needs: Vec<String>,
}

impl std::fmt::Debug for Prompt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prompt")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Prompt {
    /// Its name.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// The prompt `name` (ASCII letters, digits, `_`, `-`, `.`), filled in
    /// by `get` from its arguments' values. It takes no arguments until
    /// [`Prompt::argument`] adds them; a required one missing is refused
    /// with `invalidParams` before `get` runs.
    pub fn new<F>(name: &str, get: F) -> Prompt
    where
        F: Fn(&Values) -> Result<PromptReply, Error> + 'static,
    {
        Prompt {
            name: name.to_string(),
            title: None,
            description: None,
            arguments: Vec::new(),
            handler: Box::new(get),
            completers: BTreeMap::new(),
            needs: Vec::new(),
        }
    }

    /// Sets the human-readable title.
    pub fn title(mut self, title: &str) -> Prompt {
        self.title = Some(title.to_string());
        self
    }

    /// Sets the description.
    pub fn description(mut self, description: &str) -> Prompt {
        self.description = Some(description.to_string());
        self
    }

    /// Declares the grants filling it in needs, as [`Resource::needs`]; a
    /// server that leaves the prompt out neither lists, fills in nor
    /// completes it.
    ///
    /// # Panics
    ///
    /// On a name that is not a grant, as [`Tool::needs`](crate::Tool::needs)
    /// does.
    #[track_caller]
    pub fn needs(mut self, grants: &[&str]) -> Prompt {
        self.needs = crate::toolset::checked_grants(&format!("prompt `{}`", self.name), grants);
        self
    }

    /// Adds an argument.
    pub fn argument(mut self, name: &str, description: &str, required: bool) -> Prompt {
        self.arguments.push(Argument {
            name: name.to_string(),
            description: (!description.is_empty()).then(|| description.to_string()),
            required,
        });
        self
    }

    /// Completes the argument `argument`, as [`ResourceTemplate::complete`].
    pub fn complete<F>(mut self, argument: &str, complete: F) -> Prompt
    where
        F: Fn(&str, &Values) -> Vec<String> + 'static,
    {
        self.completers
            .insert(argument.to_string(), Box::new(complete));
        self
    }

    fn declaration(&self) -> wit::PromptInfo {
        wit::PromptInfo {
            name: self.name.clone(),
            title: self.title.clone(),
            description: self.description.clone(),
            arguments: self
                .arguments
                .iter()
                .map(|a| wit::PromptArgument {
                    name: a.name.clone(),
                    description: a.description.clone(),
                    required: a.required,
                })
                .collect(),
        }
    }
}

/// What a completion answers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Completion {
    /// At most [`MAX_COMPLETION_VALUES`] values, best first.
    pub values: Vec<String>,
    /// How many candidates there were in all.
    pub total: u32,
    /// True if there are more than `values` holds.
    pub has_more: bool,
}

impl Completion {
    fn from_candidates(candidates: Vec<String>) -> Completion {
        let total = u32::try_from(candidates.len()).unwrap_or(u32::MAX);
        let mut values = candidates;
        let has_more = values.len() > MAX_COMPLETION_VALUES;
        values.truncate(MAX_COMPLETION_VALUES);
        Completion {
            values,
            total,
            has_more,
        }
    }
}

/// What a completion is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompletionRef {
    /// An argument of the prompt of this name.
    Prompt(String),
    /// A variable of the template with this URI template.
    ResourceTemplate(String),
}

/// Everything a toolset offers besides tools.
#[derive(Default)]
pub(crate) struct Offers {
    pub resources: Vec<Resource>,
    pub templates: Vec<ResourceTemplate>,
    pub prompts: Vec<Prompt>,
}

impl Offers {
    /// The contents at `uri`: a fixed resource's, else the first matching
    /// template's; contents of no media type take the resource's or
    /// template's.
    pub fn read(&self, toolset: &str, uri: &str) -> Result<Vec<Contents>, Error> {
        let typed = |common: &Common, contents: Vec<Contents>| {
            contents
                .into_iter()
                .map(|c| match (&c.mime_type, &common.mime_type) {
                    (None, Some(m)) => c.mime_type(m.as_str()),
                    _ => c,
                })
                .collect()
        };
        if let Some(r) = self.resources.iter().find(|r| r.uri == uri) {
            return (r.common.reader)(uri, &Values::new()).map(|c| typed(&r.common, c));
        }
        for t in &self.templates {
            if let Some(values) = t.matches(uri) {
                return (t.common.reader)(uri, &values).map(|c| typed(&t.common, c));
            }
        }
        Err(Error::not_found(format!(
            "toolset `{toolset}` has no resource `{uri}`"
        )))
    }

    /// The prompt `name` filled in with `arguments`.
    pub fn get(&self, toolset: &str, name: &str, arguments: &Values) -> Result<PromptReply, Error> {
        let p = self
            .prompts
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| {
                Error::not_found(format!("toolset `{toolset}` has no prompt `{name}`"))
            })?;
        if let Some(missing) = p
            .arguments
            .iter()
            .find(|a| a.required && !arguments.contains_key(&a.name))
        {
            return Err(Error::invalid_params(format!(
                "prompt `{name}` needs the argument `{}`",
                missing.name
            )));
        }
        if let Some(unknown) = arguments
            .keys()
            .find(|k| !p.arguments.iter().any(|a| &&a.name == k))
        {
            return Err(Error::invalid_params(format!(
                "prompt `{name}` takes no argument `{unknown}`; it takes {}",
                if p.arguments.is_empty() {
                    "none".to_string()
                } else {
                    p.arguments
                        .iter()
                        .map(|a| format!("`{}`", a.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            )));
        }
        (p.handler)(arguments)
    }

    /// Completions of `argument` of `reference`; none where nothing
    /// completes it.
    pub fn complete(
        &self,
        reference: &CompletionRef,
        argument: &str,
        value: &str,
        context: &Values,
    ) -> Completion {
        let completer = match reference {
            CompletionRef::Prompt(name) => self
                .prompts
                .iter()
                .find(|p| &p.name == name)
                .and_then(|p| p.completers.get(argument)),
            CompletionRef::ResourceTemplate(t) => self
                .templates
                .iter()
                .find(|x| &x.uri_template == t)
                .and_then(|x| x.completers.get(argument)),
        };
        match completer {
            Some(c) => Completion::from_candidates(c(value, context)),
            None => Completion::default(),
        }
    }

    pub fn fixed(&self) -> Vec<wit::ResourceInfo> {
        self.resources.iter().map(Resource::declaration).collect()
    }

    pub fn templates(&self) -> Vec<wit::ResourceTemplate> {
        self.templates
            .iter()
            .map(ResourceTemplate::declaration)
            .collect()
    }

    pub fn prompts(&self) -> Vec<wit::PromptInfo> {
        self.prompts.iter().map(Prompt::declaration).collect()
    }

    /// What each offer that needs grants needs (`offer-requirements`).
    pub fn grants(&self) -> Vec<wit::OfferRequirement> {
        let needing = |kind, name: &str, needs: &[String]| {
            (!needs.is_empty()).then(|| wit::OfferRequirement {
                kind,
                name: name.to_string(),
                grants: needs.to_vec(),
            })
        };
        let resources = self
            .resources
            .iter()
            .filter_map(|r| needing(wit::OfferKind::Resource, &r.uri, &r.common.needs));
        let templates = self
            .templates
            .iter()
            .filter_map(|t| needing(wit::OfferKind::Template, &t.uri_template, &t.common.needs));
        let prompts = self
            .prompts
            .iter()
            .filter_map(|p| needing(wit::OfferKind::Prompt, &p.name, &p.needs));
        resources.chain(templates).chain(prompts).collect()
    }

    /// The grants reading `uri` needs: its fixed resource's, else the
    /// first matching template's (none for a URI of neither).
    #[cfg(all(not(target_arch = "wasm32"), any(test, feature = "testing")))]
    pub fn needs_of_uri(&self, uri: &str) -> &[String] {
        if let Some(r) = self.resources.iter().find(|r| r.uri == uri) {
            return &r.common.needs;
        }
        self.templates
            .iter()
            .find(|t| t.matches(uri).is_some())
            .map_or(&[], |t| t.common.needs.as_slice())
    }

    /// The grants the template `uri_template` needs (none for an unknown
    /// one).
    #[cfg(all(not(target_arch = "wasm32"), any(test, feature = "testing")))]
    pub fn needs_of_template(&self, uri_template: &str) -> &[String] {
        self.templates
            .iter()
            .find(|t| t.uri_template == uri_template)
            .map_or(&[], |t| t.common.needs.as_slice())
    }

    /// The grants the prompt `name` needs (none for an unknown one).
    #[cfg(all(not(target_arch = "wasm32"), any(test, feature = "testing")))]
    pub fn needs_of_prompt(&self, name: &str) -> &[String] {
        self.prompts
            .iter()
            .find(|p| p.name == name)
            .map_or(&[], |p| p.needs.as_slice())
    }
}

/// An SDK error as a WIT failure (no details).
pub(crate) fn failure(e: Error) -> wit::Failure {
    let e = e.into_wit();
    wit::Failure {
        kind: e.kind,
        message: e.message,
        details: None,
    }
}

/// The exported `resources.read`.
pub(crate) fn read_wit(
    offers: &Offers,
    toolset: &str,
    uri: &str,
) -> Result<Vec<wit::EmbeddedResource>, wit::Failure> {
    offers
        .read(toolset, uri)
        .map(|c| c.into_iter().map(Contents::into_wit).collect())
        .map_err(failure)
}

/// The exported `prompts.get`.
pub(crate) fn get_wit(
    offers: &Offers,
    toolset: &str,
    name: &str,
    arguments: Vec<(String, String)>,
) -> Result<wit::Prompt, wit::Failure> {
    let arguments: Values = arguments.into_iter().collect();
    offers
        .get(toolset, name, &arguments)
        .map(PromptReply::into_wit)
        .map_err(failure)
}

/// The exported `completion.complete`.
pub(crate) fn complete_wit(offers: &Offers, request: wit::CompletionRequest) -> wit::Completion {
    let reference = match request.reference {
        wit::CompletionRef::Prompt(p) => CompletionRef::Prompt(p),
        wit::CompletionRef::ResourceTemplate(t) => CompletionRef::ResourceTemplate(t),
    };
    let context: Values = request.context.into_iter().collect();
    let c = offers.complete(&reference, &request.argument, &request.value, &context);
    wit::Completion {
        values: c.values,
        total: Some(c.total),
        has_more: c.has_more,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_match_and_decode() {
        let t = ResourceTemplate::new("test://template/{id}/data", "t", |_, _| Ok(vec![]));
        assert_eq!(t.matches("test://template/42/data").unwrap()["id"], "42");
        assert_eq!(
            t.matches("test://template/a%20b/data").unwrap()["id"],
            "a b"
        );
        assert!(t.matches("test://template//data").is_none());
        assert!(t.matches("test://template/a/b/data").is_none());
        assert!(t.matches("test://template/42/dat").is_none());
        let last = ResourceTemplate::new("x://{a}/{b}", "t", |_, _| Ok(vec![]));
        assert_eq!(last.matches("x://1/2/3").unwrap()["b"], "2/3");
    }

    #[test]
    fn contents_take_the_declared_media_type() {
        let offers = Offers {
            resources: vec![
                Resource::new("x://fixed", "f", || {
                    Ok(vec![Contents::text("x://fixed", "a")])
                })
                .mime_type("text/markdown"),
            ],
            templates: vec![
                ResourceTemplate::new("x://t/{a}", "t", |uri, _| {
                    Ok(vec![
                        Contents::text(uri, "b"),
                        Contents::text(uri, "{}").mime_type("application/json"),
                    ])
                })
                .mime_type("text/plain"),
                ResourceTemplate::new("y://{a}", "u", |uri, _| Ok(vec![Contents::text(uri, "c")])),
            ],
            ..Default::default()
        };
        let fixed = offers.read("t", "x://fixed").unwrap();
        assert_eq!(fixed[0].mime_type.as_deref(), Some("text/markdown"));
        let both = offers.read("t", "x://t/1").unwrap();
        assert_eq!(both[0].mime_type.as_deref(), Some("text/plain"));
        assert_eq!(both[1].mime_type.as_deref(), Some("application/json"));
        assert_eq!(offers.read("t", "y://1").unwrap()[0].mime_type, None);
    }

    #[test]
    fn prompts_check_their_arguments() {
        let offers = Offers {
            prompts: vec![
                Prompt::new("p", |a| {
                    Ok(PromptReply::user_text(format!("hi {}", a["x"])))
                })
                .argument("x", "", true),
            ],
            ..Default::default()
        };
        let e = offers.get("t", "p", &Values::new()).unwrap_err();
        assert_eq!(e.message, "prompt `p` needs the argument `x`");
        let args: Values = [("x".to_string(), "y".to_string())].into();
        let r = offers.get("t", "p", &args).unwrap();
        assert_eq!(r.messages[0].content, Content::Text("hi y".into()));
        let mut extra = args.clone();
        extra.insert("z".into(), "1".into());
        assert!(
            offers
                .get("t", "p", &extra)
                .unwrap_err()
                .message
                .contains("no argument `z`")
        );
        assert_eq!(
            offers.get("t", "q", &args).unwrap_err().kind,
            crate::ErrorKind::NotFound
        );
    }

    #[test]
    fn completions_are_capped_with_the_total() {
        let offers = Offers {
            prompts: vec![
                Prompt::new("p", |_| Ok(PromptReply::default()))
                    .argument("x", "", false)
                    .complete("x", |v, _| (0..150).map(|i| format!("{v}{i}")).collect()),
            ],
            ..Default::default()
        };
        let c = offers.complete(&CompletionRef::Prompt("p".into()), "x", "a", &Values::new());
        assert_eq!((c.values.len(), c.total, c.has_more), (100, 150, true));
        assert_eq!(c.values[0], "a0");
        let none = offers.complete(&CompletionRef::Prompt("p".into()), "y", "", &Values::new());
        assert_eq!(none, Completion::default());
    }
}

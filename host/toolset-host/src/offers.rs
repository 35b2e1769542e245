//! What a component offers besides tools (`gemstone:mcp@0.1.2`):
//! resources, resource templates, prompts and completion.
//!
//! The three interfaces are optional exports: a component built against
//! 0.1.0 or 0.1.1 lacks them and offers none of them ([`Exports`] holds
//! `None`). The declarations (`resources.fixed`, `resources.templates`,
//! `prompts.all`) are read once at load ([`declarations`]) and checked
//! here ([`check_declarations`]), so a bad shape is a load error naming
//! the item; the requests (`read`, `get`, `complete`) run in the session's
//! instance like a tool call (see `wasm.rs`).

use std::collections::HashSet;

use gs_toolset::{
    Completion, CompletionRef, CompletionRequest, Content, EmbeddedResource, ErrorKind,
    MAX_COMPLETION_VALUES, PromptArgument, PromptInfo, PromptMessage, PromptResult, ResourceBody,
    ResourceInfo, ResourceTemplate, Role, ToolError, json_size,
};
use wasmtime::Store;
use wasmtime::component::{Instance, InstancePre};

use crate::bindings::exports::gemstone::mcp::{
    completion, offer_requirements, prompts, requirements, resources, settings, tasks, tools,
};
use crate::bindings::gemstone::mcp::types;
use crate::settings::{SettingDecl, SettingType};
use crate::state::HostState;
use crate::version::{PACKAGE, PACKAGE_VERSION};

/// Most fixed resources, templates or prompts one toolset may declare.
pub const MAX_OFFERS: usize = 1000;
/// Longest resource URI or URI template, in bytes.
pub const MAX_URI: usize = 2048;

/// The component's exports, looked up once before instantiation: `tools`,
/// and each 0.1.2 interface the component exports.
pub(crate) struct Pre {
    /// The pre-instantiated component.
    pub instance: InstancePre<HostState>,
    tools: tools::GuestIndices,
    resources: Option<resources::GuestIndices>,
    prompts: Option<prompts::GuestIndices>,
    completion: Option<completion::GuestIndices>,
    requirements: Option<requirements::GuestIndices>,
    settings: Option<settings::GuestIndices>,
    tasks: Option<tasks::GuestIndices>,
    offer_requirements: Option<offer_requirements::GuestIndices>,
}

/// One instance's exports.
pub(crate) struct Exports {
    /// `tools` (every toolset has it).
    pub tools: tools::Guest,
    /// `resources`, if exported.
    pub resources: Option<resources::Guest>,
    /// `prompts`, if exported.
    pub prompts: Option<prompts::Guest>,
    /// `completion`, if exported.
    pub completion: Option<completion::Guest>,
    /// `requirements` (0.1.3), if exported.
    pub requirements: Option<requirements::Guest>,
    /// `settings` (0.1.4), if exported.
    pub settings: Option<settings::Guest>,
    /// `tasks` (0.1.5), if exported.
    pub tasks: Option<tasks::Guest>,
    /// `offer-requirements` (0.1.6), if exported.
    pub offer_requirements: Option<offer_requirements::Guest>,
}

/// `GuestIndices::new` for an optional interface: `None` if the component
/// does not export `interface` at all, an error if it exports it with a
/// function missing.
fn optional<I>(
    pre: &InstancePre<HostState>,
    interface: &str,
    indices: wasmtime::Result<I>,
) -> Result<Option<I>, String> {
    match indices {
        Ok(i) => Ok(Some(i)),
        Err(e) => {
            let name = format!("{PACKAGE}/{interface}@{PACKAGE_VERSION}");
            if pre.component().get_export_index(None, &name).is_none() {
                Ok(None)
            } else {
                Err(format!(
                    "the component exports {name} but not as {PACKAGE}@{PACKAGE_VERSION} \
                     defines it ({e:#}); rebuild it against that WIT package"
                ))
            }
        }
    }
}

impl Pre {
    /// Looks the exports up in `instance`.
    pub fn new(instance: InstancePre<HostState>) -> Result<Pre, String> {
        let tools = tools::GuestIndices::new(&instance).map_err(|e| format!("{e:#}"))?;
        let resources = optional(
            &instance,
            "resources",
            resources::GuestIndices::new(&instance),
        )?;
        let prompts = optional(&instance, "prompts", prompts::GuestIndices::new(&instance))?;
        let completion = optional(
            &instance,
            "completion",
            completion::GuestIndices::new(&instance),
        )?;
        let requirements = optional(
            &instance,
            "requirements",
            requirements::GuestIndices::new(&instance),
        )?;
        let settings = optional(
            &instance,
            "settings",
            settings::GuestIndices::new(&instance),
        )?;
        let tasks = optional(&instance, "tasks", tasks::GuestIndices::new(&instance))?;
        let offer_requirements = optional(
            &instance,
            "offer-requirements",
            offer_requirements::GuestIndices::new(&instance),
        )?;
        Ok(Pre {
            instance,
            tools,
            resources,
            prompts,
            completion,
            requirements,
            settings,
            tasks,
            offer_requirements,
        })
    }

    /// True if the component exports `resources`.
    pub fn has_resources(&self) -> bool {
        self.resources.is_some()
    }

    /// True if the component exports `prompts`.
    pub fn has_prompts(&self) -> bool {
        self.prompts.is_some()
    }

    /// True if the component exports `completion`.
    pub fn has_completion(&self) -> bool {
        self.completion.is_some()
    }

    /// A new instance in `store`, with its exports.
    pub async fn instantiate_async(
        &self,
        store: &mut Store<HostState>,
    ) -> wasmtime::Result<Exports> {
        let instance: Instance = self.instance.instantiate_async(&mut *store).await?;
        Ok(Exports {
            tools: self.tools.load(&mut *store, &instance)?,
            resources: match &self.resources {
                Some(i) => Some(i.load(&mut *store, &instance)?),
                None => None,
            },
            prompts: match &self.prompts {
                Some(i) => Some(i.load(&mut *store, &instance)?),
                None => None,
            },
            completion: match &self.completion {
                Some(i) => Some(i.load(&mut *store, &instance)?),
                None => None,
            },
            requirements: match &self.requirements {
                Some(i) => Some(i.load(&mut *store, &instance)?),
                None => None,
            },
            settings: match &self.settings {
                Some(i) => Some(i.load(&mut *store, &instance)?),
                None => None,
            },
            tasks: match &self.tasks {
                Some(i) => Some(i.load(&mut *store, &instance)?),
                None => None,
            },
            offer_requirements: match &self.offer_requirements {
                Some(i) => Some(i.load(&mut *store, &instance)?),
                None => None,
            },
        })
    }
}

/// What a toolset declares besides its tools, as the router sees it.
#[derive(Debug, Default, Clone)]
pub(crate) struct Declarations {
    /// Fixed resources.
    pub resources: Vec<ResourceInfo>,
    /// Resource templates.
    pub templates: Vec<ResourceTemplate>,
    /// Prompts.
    pub prompts: Vec<PromptInfo>,
    /// The grants each tool needs, by tool name (0.1.3 `requirements`).
    pub tool_grants: Vec<(String, Vec<String>)>,
    /// The tools left out of the surface because the operator did not
    /// give a grant they need, each with the grants missing.
    pub left_out: Vec<(String, Vec<String>)>,
    /// The settings it reads (0.1.4 `settings`).
    pub settings: Vec<SettingDecl>,
    /// The task support of each tool that has any, by tool name (0.1.5
    /// `tasks`).
    pub task_support: Vec<(String, gs_toolset::TaskSupport)>,
    /// The grants each resource, template and prompt needs (0.1.6
    /// `offer-requirements`).
    pub offer_grants: Vec<OfferGrants>,
    /// The resources, templates and prompts left out because the operator
    /// did not give a grant they need, each with the grants missing.
    pub offers_left_out: Vec<(Offer, Vec<String>)>,
    /// The URIs, URI templates and prompt names of the offers kept that
    /// need `image:execute` or `image:write`: hidden from read-only
    /// sessions.
    pub read_only_hidden: Vec<String>,
}

/// One resource, resource template or prompt of a toolset, by the name it
/// is declared under.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Offer {
    /// A fixed resource, by its URI.
    Resource(String),
    /// A resource template, by its URI template.
    Template(String),
    /// A prompt, by its name.
    Prompt(String),
}

impl Offer {
    /// The name it is declared under: a URI, a URI template or a prompt
    /// name.
    pub fn name(&self) -> &str {
        match self {
            Offer::Resource(n) | Offer::Template(n) | Offer::Prompt(n) => n,
        }
    }

    /// What kind of offer it is, as messages name it.
    fn kind(&self) -> &'static str {
        match self {
            Offer::Resource(_) => "resource",
            Offer::Template(_) => "resource template",
            Offer::Prompt(_) => "prompt",
        }
    }
}

impl std::fmt::Display for Offer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} `{}`", self.kind(), self.name())
    }
}

/// What one offer needs granted.
pub(crate) type OfferGrants = (Offer, Vec<String>);

/// Reads the declarations from a fresh instance's exports (those it has).
pub(crate) async fn declarations(
    exports: &Exports,
    store: &mut Store<HostState>,
) -> wasmtime::Result<Declarations> {
    let mut d = Declarations::default();
    if let Some(r) = &exports.resources {
        d.resources = r
            .call_fixed(&mut *store)
            .await?
            .into_iter()
            .map(|r| ResourceInfo {
                uri: r.uri,
                name: r.name,
                title: r.title,
                description: r.description,
                mime_type: r.mime_type,
            })
            .collect();
        d.templates = r
            .call_templates(&mut *store)
            .await?
            .into_iter()
            .map(|t| ResourceTemplate {
                uri_template: t.uri_template,
                name: t.name,
                title: t.title,
                description: t.description,
                mime_type: t.mime_type,
            })
            .collect();
    }
    if let Some(p) = &exports.prompts {
        d.prompts = p
            .call_all(&mut *store)
            .await?
            .into_iter()
            .map(|p| PromptInfo {
                name: p.name,
                title: p.title,
                description: p.description,
                arguments: p
                    .arguments
                    .into_iter()
                    .map(|a| PromptArgument {
                        name: a.name,
                        description: a.description,
                        required: a.required,
                    })
                    .collect(),
            })
            .collect();
    }
    if let Some(r) = &exports.requirements {
        d.tool_grants = r
            .call_tool_grants(&mut *store)
            .await?
            .into_iter()
            .map(|t| (t.tool, t.grants))
            .collect();
    }
    if let Some(s) = &exports.settings {
        d.settings = s
            .call_declare(&mut *store)
            .await?
            .into_iter()
            .map(|s| SettingDecl {
                name: s.name,
                description: s.description,
                ty: match s.type_ {
                    types::SettingType::Text => SettingType::Text,
                    types::SettingType::Integer => SettingType::Integer,
                    types::SettingType::Number => SettingType::Number,
                    types::SettingType::Boolean => SettingType::Boolean,
                },
                required: s.required,
                default: s.default,
                secret: s.secret,
            })
            .collect();
    }
    if let Some(o) = &exports.offer_requirements {
        d.offer_grants = o
            .call_offer_grants(&mut *store)
            .await?
            .into_iter()
            .map(|r| {
                let offer = match r.kind {
                    types::OfferKind::Resource => Offer::Resource(r.name),
                    types::OfferKind::Template => Offer::Template(r.name),
                    types::OfferKind::Prompt => Offer::Prompt(r.name),
                };
                (offer, r.grants)
            })
            .collect();
    }
    if let Some(t) = &exports.tasks {
        d.task_support = t
            .call_task_support(&mut *store)
            .await?
            .into_iter()
            .map(|t| {
                let support = match t.support {
                    types::TaskSupport::Optional => gs_toolset::TaskSupport::Optional,
                    types::TaskSupport::Required => gs_toolset::TaskSupport::Required,
                };
                (t.tool, support)
            })
            .collect();
    }
    Ok(d)
}

/// Checks that a declaration per tool (`what`, e.g. `task support names`)
/// names only the toolset's tools, each once.
fn check_named_tools<'a>(
    what: &str,
    named: impl IntoIterator<Item = &'a str>,
    tools: &[gs_toolset::ToolDescriptor],
) -> Result<(), String> {
    let mut seen = HashSet::new();
    for tool in named {
        let shown = crate::wasm::cut(tool, 128);
        if !tools.iter().any(|t| t.name == tool) {
            return Err(format!(
                "{what} tool `{shown}`, which the toolset does not describe"
            ));
        }
        if !seen.insert(tool) {
            return Err(format!("{what} tool `{shown}` twice"));
        }
    }
    Ok(())
}

/// Checks what `tasks.task-support` declared against the toolset's tools:
/// each entry names one of them, once.
pub(crate) fn check_task_support(
    declared: &[(String, gs_toolset::TaskSupport)],
    tools: &[gs_toolset::ToolDescriptor],
) -> Result<(), String> {
    check_named_tools(
        "task support names",
        declared.iter().map(|(t, _)| t.as_str()),
        tools,
    )
}

/// The grant names a tool, resource or prompt may say it needs.
pub(crate) const TOOL_GRANTS: [&str; 4] = ["image:read", "image:execute", "image:write", "net"];

/// Checks one declaration's grants against the known ones.
fn check_grant_names(owner: &str, grants: &[String], who: &str) -> Result<(), String> {
    match grants.iter().find(|g| !TOOL_GRANTS.contains(&g.as_str())) {
        Some(bad) => Err(format!(
            "{owner} needs `{}`, which is not a grant; {who} may need {}",
            crate::wasm::cut(bad, 64),
            TOOL_GRANTS.map(|g| format!("`{g}`")).join(", ")
        )),
        None => Ok(()),
    }
}

/// Checks what `offer-requirements.offer-grants` declared against the
/// toolset's declarations: each entry names one of its resources,
/// templates or prompts, once, and only known grants.
pub(crate) fn check_offer_grants(declared: &[OfferGrants], d: &Declarations) -> Result<(), String> {
    let mut seen = HashSet::new();
    for (offer, grants) in declared {
        let shown = format!("{} `{}`", offer.kind(), crate::wasm::cut(offer.name(), 128));
        let declared_there = match offer {
            Offer::Resource(uri) => d.resources.iter().any(|r| &r.uri == uri),
            Offer::Template(t) => d.templates.iter().any(|r| &r.uri_template == t),
            Offer::Prompt(name) => d.prompts.iter().any(|p| &p.name == name),
        };
        if !declared_there {
            return Err(format!(
                "offer requirements name {shown}, which the toolset does not declare"
            ));
        }
        if !seen.insert(offer) {
            return Err(format!("offer requirements name {shown} twice"));
        }
        check_grant_names(&shown, grants, "resources and prompts")?;
    }
    Ok(())
}

/// Leaves out of `d` each resource, template and prompt needing a grant
/// `given` does not give, recording it in `offers_left_out`.
pub(crate) fn leave_out_ungranted(d: &mut Declarations, given: impl Fn(&str) -> bool) {
    let missing = |offer: &Offer, grants: &[OfferGrants]| -> Vec<String> {
        grants
            .iter()
            .find(|(o, _)| o == offer)
            .map(|(_, g)| g.iter().filter(|g| !given(g)).cloned().collect())
            .unwrap_or_default()
    };
    let grants = std::mem::take(&mut d.offer_grants);
    let mut left_out = Vec::new();
    let mut keep = |offer: Offer| {
        let lacking = missing(&offer, &grants);
        if lacking.is_empty() {
            return true;
        }
        left_out.push((offer, lacking));
        false
    };
    d.resources.retain(|r| keep(Offer::Resource(r.uri.clone())));
    d.templates
        .retain(|t| keep(Offer::Template(t.uri_template.clone())));
    d.prompts.retain(|p| keep(Offer::Prompt(p.name.clone())));
    d.read_only_hidden = grants
        .iter()
        .filter(|(offer, _)| !left_out.iter().any(|(o, _)| o == offer))
        .filter(|(_, g)| g.iter().any(|g| g == "image:execute" || g == "image:write"))
        .map(|(offer, _)| offer.name().to_string())
        .collect();
    d.offer_grants = grants;
    d.offers_left_out = left_out;
}

/// Checks what `requirements.tool-grants` declared against the toolset's
/// tools: each entry names one of them, once, and only known grants.
pub(crate) fn check_tool_grants(
    declared: &[(String, Vec<String>)],
    tools: &[gs_toolset::ToolDescriptor],
) -> Result<(), String> {
    check_named_tools(
        "requirements name",
        declared.iter().map(|(t, _)| t.as_str()),
        tools,
    )?;
    for (tool, grants) in declared {
        let shown = crate::wasm::cut(tool, 128);
        check_grant_names(&format!("tool `{shown}`"), grants, "tools")?;
    }
    Ok(())
}

/// Refuses a field longer than `max` bytes.
fn size(owner: &str, field: &str, text: Option<&str>, max: usize) -> Result<(), String> {
    let len = text.map_or(0, str::len);
    if len > max {
        return Err(format!(
            "{owner}'s {field} is {len} bytes, more than the {max} allowed; shorten it"
        ));
    }
    Ok(())
}

/// Checks the URI scheme (`scheme:` with RFC 3986's characters) and that
/// the text has no whitespace or control characters.
fn check_uri_text(owner: &str, text: &str) -> Result<(), String> {
    if text.is_empty() || text.len() > MAX_URI {
        return Err(format!(
            "{owner} has a URI of {} bytes; a URI must be 1 to {MAX_URI} bytes",
            text.len()
        ));
    }
    if let Some(c) = text.chars().find(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!(
            "{owner}'s URI `{text}` contains {c:?}; percent-encode it"
        ));
    }
    let scheme = text.split(':').next().unwrap_or("");
    let good = text.contains(':')
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !good {
        return Err(format!(
            "{owner}'s URI `{text}` does not start with a scheme (`acme://…`); give it one"
        ));
    }
    Ok(())
}

/// Checks a URI template: a URI whose `{name}` variables are simple
/// (letters, digits, `_`), each once, never two side by side, at least one.
fn check_template(owner: &str, template: &str) -> Result<(), String> {
    let mut names = HashSet::new();
    let mut rest = template;
    let mut literal_before = true;
    let mut literal = String::new();
    while let Some(open) = rest.find(['{', '}']) {
        if rest.as_bytes()[open] == b'}' {
            return Err(format!(
                "{owner}'s URI template `{template}` has a `}}` without its `{{`"
            ));
        }
        literal.push_str(&rest[..open]);
        if open == 0 && !literal_before {
            return Err(format!(
                "{owner}'s URI template `{template}` has two variables side by side, which \
                 cannot be told apart; put literal text between them"
            ));
        }
        let Some(close) = rest[open..].find('}') else {
            return Err(format!(
                "{owner}'s URI template `{template}` has a `{{` without its `}}`"
            ));
        };
        let name = &rest[open + 1..open + close];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!(
                "{owner}'s URI template `{template}` has the variable `{{{name}}}`; a variable \
                 is a name of ASCII letters, digits and `_` (operators such as `+`, `#`, `/` \
                 and lists are not supported)"
            ));
        }
        if !names.insert(name) {
            return Err(format!(
                "{owner}'s URI template `{template}` names `{{{name}}}` twice"
            ));
        }
        literal.push('x');
        rest = &rest[open + close + 1..];
        literal_before = false;
        if !rest.starts_with('{') {
            literal_before = true;
        }
    }
    literal.push_str(rest);
    if names.is_empty() {
        return Err(format!(
            "{owner}'s URI template `{template}` has no variable; declare it as a fixed resource"
        ));
    }
    // The template with each variable filled in must be a URI.
    check_uri_text(owner, &literal).map_err(|_| {
        format!("{owner}'s URI template `{template}` does not start with a scheme, or holds whitespace; give it a scheme (`acme://…/{{id}}`)")
    })
}

/// Checks a declared name (a resource's or template's short name).
fn check_name(owner: &str, name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err(format!("{owner} has an empty name; give it one"));
    }
    size(owner, "name", Some(name), crate::MAX_TITLE)
}

/// Checks what a toolset declares besides tools: shapes, sizes and
/// duplicates within the toolset. The error names the item and says what
/// to do. (Duplicates across toolsets are the router's to refuse.)
pub(crate) fn check_declarations(d: &Declarations) -> Result<(), String> {
    for (what, n) in [
        ("resources", d.resources.len()),
        ("resource templates", d.templates.len()),
        ("prompts", d.prompts.len()),
    ] {
        if n > MAX_OFFERS {
            return Err(format!(
                "the toolset declares {n} {what}, more than the {MAX_OFFERS} a toolset may; \
                 use a resource template, or split the toolset"
            ));
        }
    }
    let mut uris = HashSet::new();
    for r in &d.resources {
        let owner = format!("resource `{}`", crate::wasm::cut(&r.uri, 128));
        check_uri_text(&owner, &r.uri)?;
        if r.uri.contains(['{', '}']) {
            return Err(format!(
                "{owner} has `{{` or `}}` in its URI; declare it as a resource template"
            ));
        }
        check_name(&owner, &r.name)?;
        size(&owner, "title", r.title.as_deref(), crate::MAX_TITLE)?;
        size(
            &owner,
            "description",
            r.description.as_deref(),
            crate::MAX_DESCRIPTION,
        )?;
        size(
            &owner,
            "media type",
            r.mime_type.as_deref(),
            crate::MAX_TITLE,
        )?;
        if !uris.insert(r.uri.as_str()) {
            return Err(format!(
                "the toolset declares resource `{}` twice; URIs must be unique",
                r.uri
            ));
        }
    }
    let mut templates = HashSet::new();
    for t in &d.templates {
        let owner = format!(
            "resource template `{}`",
            crate::wasm::cut(&t.uri_template, 128)
        );
        if t.uri_template.is_empty() || t.uri_template.len() > MAX_URI {
            return Err(format!(
                "{owner} is {} bytes; a URI template must be 1 to {MAX_URI} bytes",
                t.uri_template.len()
            ));
        }
        check_template(&owner, &t.uri_template)?;
        check_name(&owner, &t.name)?;
        size(&owner, "title", t.title.as_deref(), crate::MAX_TITLE)?;
        size(
            &owner,
            "description",
            t.description.as_deref(),
            crate::MAX_DESCRIPTION,
        )?;
        size(
            &owner,
            "media type",
            t.mime_type.as_deref(),
            crate::MAX_TITLE,
        )?;
        if !templates.insert(t.uri_template.as_str()) {
            return Err(format!(
                "the toolset declares resource template `{}` twice; templates must be unique",
                t.uri_template
            ));
        }
    }
    let mut prompts = HashSet::new();
    for p in &d.prompts {
        gs_toolset::validate_tool_name(&p.name).map_err(|e| {
            format!(
                "a prompt's name is not usable: {}",
                e.replace("tool", "prompt")
            )
        })?;
        let owner = format!("prompt `{}`", p.name);
        size(&owner, "title", p.title.as_deref(), crate::MAX_TITLE)?;
        size(
            &owner,
            "description",
            p.description.as_deref(),
            crate::MAX_DESCRIPTION,
        )?;
        if !prompts.insert(p.name.as_str()) {
            return Err(format!(
                "the toolset declares prompt `{}` twice; prompt names must be unique",
                p.name
            ));
        }
        if p.arguments.len() > 64 {
            return Err(format!(
                "{owner} takes {} arguments, more than the 64 a prompt may",
                p.arguments.len()
            ));
        }
        let mut args = HashSet::new();
        for a in &p.arguments {
            if a.name.is_empty() || a.name.len() > 128 {
                return Err(format!(
                    "{owner} has an argument whose name is {} bytes; give each 1 to 128",
                    a.name.len()
                ));
            }
            size(
                &owner,
                "argument description",
                a.description.as_deref(),
                crate::MAX_DESCRIPTION,
            )?;
            if !args.insert(a.name.as_str()) {
                return Err(format!("{owner} declares argument `{}` twice", a.name));
            }
        }
    }
    Ok(())
}

/// A guest's `failure` as the error the client sees, details included
/// when they are a JSON object.
pub(crate) fn from_failure(f: types::Failure) -> ToolError {
    let error = ToolError::new(crate::imports::tool_kind(f.kind), f.message);
    match f
        .details
        .and_then(|d| serde_json::from_str::<serde_json::Value>(&d).ok())
    {
        Some(serde_json::Value::Object(details)) => error.with_details(details),
        _ => error,
    }
}

/// A WIT embedded resource as the contract's.
pub(crate) fn embedded(r: types::EmbeddedResource) -> EmbeddedResource {
    EmbeddedResource {
        uri: r.uri,
        mime_type: r.mime_type,
        body: match r.body {
            types::ResourceBody::Text(t) => ResourceBody::Text(t),
            types::ResourceBody::Blob(b) => ResourceBody::Blob(b),
        },
    }
}

/// A WIT content block as the contract's.
pub(crate) fn content(c: types::Content) -> Content {
    match c {
        types::Content::Text(t) => Content::Text(t),
        types::Content::Image(b) => Content::Image {
            data: b.data,
            mime_type: b.mime_type,
        },
        types::Content::Audio(b) => Content::Audio {
            data: b.data,
            mime_type: b.mime_type,
        },
        types::Content::Resource(r) => Content::Resource(embedded(r)),
    }
}

/// A guest's prompt as the contract's.
pub(crate) fn prompt(p: types::Prompt) -> PromptResult {
    PromptResult {
        description: p.description,
        messages: p
            .messages
            .into_iter()
            .map(|m| PromptMessage {
                role: match m.role {
                    types::Role::User => Role::User,
                    types::Role::Assistant => Role::Assistant,
                },
                content: content(m.content),
            })
            .collect(),
    }
}

/// The contract's completion request in WIT form.
pub(crate) fn completion_request(r: &CompletionRequest) -> types::CompletionRequest {
    types::CompletionRequest {
        reference: match &r.reference {
            CompletionRef::Prompt(name) => types::CompletionRef::Prompt(name.clone()),
            CompletionRef::ResourceTemplate(t) => types::CompletionRef::ResourceTemplate(t.clone()),
        },
        argument: r.argument.clone(),
        value: r.value.clone(),
        context: r
            .context
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    }
}

/// A guest's completion as the contract's: at most
/// [`MAX_COMPLETION_VALUES`] values; `has_more` and the total kept true
/// when the host cut the list.
pub(crate) fn completion(c: types::Completion) -> Completion {
    let answered = c.values.len();
    let mut values = c.values;
    values.truncate(MAX_COMPLETION_VALUES);
    let total = c.total.map(|t| (t as usize).max(answered));
    Completion {
        has_more: c.has_more || answered > values.len(),
        total,
        values,
    }
}

/// The bytes of a `resources/read` answer's JSON as the client receives
/// it (`{"contents": [...]}`, each resource with its URI, MIME type and
/// text or base64), for the output cap: framing and escapes count, so
/// that many empty items or a text of quotes cannot pass it.
pub(crate) fn read_wire_size(contents: &[EmbeddedResource]) -> usize {
    // {"contents":[ ... ]}
    let items: usize = contents.iter().map(resource_wire_size).sum();
    r#"{"contents":[]}"#.len() + items + contents.len().saturating_sub(1)
}

/// The bytes of one resource's JSON, as [`read_wire_size`] counts them.
fn resource_wire_size(r: &EmbeddedResource) -> usize {
    // {"uri":…,"mimeType":…,"text":…} or …"blob":…}
    let mime = r
        .mime_type
        .as_ref()
        .map_or(0, |m| r#","mimeType":"#.len() + json_size(m));
    let body = match &r.body {
        ResourceBody::Text(t) => json_size(t),
        ResourceBody::Blob(b) => b.len().div_ceil(3) * 4 + 2,
    };
    r#"{"uri":,"text":}"#.len() + json_size(&r.uri) + mime + body
}

/// The bytes of a `prompts/get` answer's JSON, as [`read_wire_size`].
pub(crate) fn prompt_wire_size(p: &PromptResult) -> usize {
    // {"messages":[{"role":…,"content":…}, …],"description":…}
    let messages: usize = p
        .messages
        .iter()
        .map(|m| {
            r#"{"role":,"content":}"#.len() + json_size(&m.role.as_str()) + json_size(&m.content)
        })
        .sum();
    let description = p
        .description
        .as_ref()
        .map_or(0, |d| r#","description":"#.len() + json_size(d));
    r#"{"messages":[]}"#.len() + messages + p.messages.len().saturating_sub(1) + description
}

/// The bytes of a `completion/complete` answer's JSON, as
/// [`read_wire_size`].
pub(crate) fn completion_wire_size(c: &Completion) -> usize {
    // {"completion":{"values":[…],"hasMore":false,"total":N}}
    let total = c.total.map_or(0, |t| r#","total":"#.len() + json_size(&t));
    r#"{"completion":{"values":,"hasMore":false}}"#.len() + json_size(&c.values) + total
}

/// `notFound` for a request the toolset does not serve at all (it does not
/// export the interface).
pub(crate) fn not_offered(toolset: &str, what: &str) -> ToolError {
    ToolError::new(
        ErrorKind::NotFound,
        format!("toolset `{toolset}` offers no {what}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn res(uri: &str) -> ResourceInfo {
        ResourceInfo {
            uri: uri.into(),
            name: "n".into(),
            title: None,
            description: None,
            mime_type: None,
        }
    }

    fn tpl(t: &str) -> ResourceTemplate {
        ResourceTemplate {
            uri_template: t.into(),
            name: "n".into(),
            title: None,
            description: None,
            mime_type: None,
        }
    }

    #[test]
    fn good_declarations_pass() {
        let d = Declarations {
            resources: vec![res("test://static-text"), res("acme://a/b?c=d")],
            templates: vec![
                tpl("test://template/{id}/data"),
                tpl("gemstone://method/{className}/{side}/{selector}"),
            ],
            prompts: vec![],
            ..Declarations::default()
        };
        assert_eq!(check_declarations(&d), Ok(()));
    }

    fn prompt(name: &str) -> PromptInfo {
        PromptInfo {
            name: name.into(),
            title: None,
            description: None,
            arguments: Vec::new(),
        }
    }

    fn needs(offer: Offer, grants: &[&str]) -> OfferGrants {
        (offer, grants.iter().map(|g| g.to_string()).collect())
    }

    fn acme() -> Declarations {
        Declarations {
            resources: vec![res("acme://tables")],
            templates: vec![tpl("acme://customers/{name}/orders")],
            prompts: vec![prompt("review")],
            ..Declarations::default()
        }
    }

    #[test]
    fn offer_grants_name_declared_offers_once_and_known_grants_only() {
        let d = acme();
        let orders = || Offer::Template("acme://customers/{name}/orders".into());
        assert_eq!(
            check_offer_grants(
                &[
                    needs(orders(), &["image:execute"]),
                    needs(Offer::Prompt("review".into()), &["image:read"]),
                    needs(Offer::Resource("acme://tables".into()), &["net"]),
                ],
                &d
            ),
            Ok(())
        );
        // A resource's URI is not a template's, nor a prompt's name.
        assert_eq!(
            check_offer_grants(&[needs(Offer::Resource("review".into()), &[])], &d).unwrap_err(),
            "offer requirements name resource `review`, which the toolset does not declare"
        );
        assert_eq!(
            check_offer_grants(&[needs(orders(), &[]), needs(orders(), &["net"])], &d).unwrap_err(),
            "offer requirements name resource template `acme://customers/{name}/orders` twice"
        );
        assert_eq!(
            check_offer_grants(&[needs(Offer::Prompt("review".into()), &["root"])], &d)
                .unwrap_err(),
            "prompt `review` needs `root`, which is not a grant; resources and prompts may need \
             `image:read`, `image:execute`, `image:write`, `net`"
        );
    }

    #[test]
    fn offers_needing_a_grant_not_given_are_left_out_and_named() {
        let mut d = acme();
        d.offer_grants = vec![
            needs(
                Offer::Template("acme://customers/{name}/orders".into()),
                &["image:read", "image:execute"],
            ),
            needs(Offer::Prompt("review".into()), &["image:read"]),
        ];
        leave_out_ungranted(&mut d, |g| g == "image:read");
        assert_eq!(d.resources.len(), 1, "needs nothing");
        assert!(d.templates.is_empty());
        assert_eq!(d.prompts.len(), 1, "granted");
        assert_eq!(
            d.offers_left_out,
            [(
                Offer::Template("acme://customers/{name}/orders".into()),
                vec!["image:execute".to_string()]
            )]
        );
    }

    #[test]
    fn tool_grants_name_described_tools_once_and_known_grants_only() {
        let tool = |name: &str| gs_toolset::ToolDescriptor {
            name: name.into(),
            title: None,
            description: String::new(),
            input_schema: serde_json::json!({"type": "object"}),
            output_schema: None,
            read_only_safe: true,
            grants: Vec::new(),
            task_support: gs_toolset::TaskSupport::Forbidden,
        };
        let tools = [tool("fetch"), tool("report")];
        let needs =
            |t: &str, g: &[&str]| (t.to_string(), g.iter().map(|g| g.to_string()).collect());
        assert_eq!(
            check_tool_grants(&[needs("fetch", &["net", "image:read"])], &tools),
            Ok(())
        );
        assert_eq!(
            check_tool_grants(&[needs("nope", &["net"])], &tools).unwrap_err(),
            "requirements name tool `nope`, which the toolset does not describe"
        );
        assert_eq!(
            check_tool_grants(&[needs("fetch", &[]), needs("fetch", &["net"])], &tools)
                .unwrap_err(),
            "requirements name tool `fetch` twice"
        );
        assert_eq!(
            check_tool_grants(&[needs("fetch", &["root"])], &tools).unwrap_err(),
            "tool `fetch` needs `root`, which is not a grant; tools may need `image:read`, \
             `image:execute`, `image:write`, `net`"
        );
    }

    #[test]
    fn bad_shapes_are_refused_naming_the_item() {
        let one = |r: ResourceInfo| Declarations {
            resources: vec![r],
            ..Default::default()
        };
        let err = check_declarations(&one(res("no-scheme"))).unwrap_err();
        assert!(
            err.contains("`no-scheme`") && err.contains("scheme"),
            "{err}"
        );
        let err = check_declarations(&one(res("a://x y"))).unwrap_err();
        assert!(err.contains("percent-encode"), "{err}");
        let err = check_declarations(&one(res("a://{x}"))).unwrap_err();
        assert!(err.contains("resource template"), "{err}");
        let mut r = res("a://x");
        r.name = String::new();
        assert!(
            check_declarations(&one(r))
                .unwrap_err()
                .contains("empty name")
        );
        let twice = Declarations {
            resources: vec![res("a://x"), res("a://x")],
            ..Default::default()
        };
        assert!(check_declarations(&twice).unwrap_err().contains("twice"));

        for (t, says) in [
            ("a://{x}{y}", "side by side"),
            ("a://{x", "without its `}`"),
            ("a://x}", "without its `{`"),
            ("a://{+x}", "operators"),
            ("a://{x}/{x}", "twice"),
            ("a://fixed", "no variable"),
            ("{x}/y", "scheme"),
        ] {
            let d = Declarations {
                templates: vec![tpl(t)],
                ..Default::default()
            };
            let err = check_declarations(&d).unwrap_err();
            assert!(err.contains(says), "{t}: {err}");
            assert!(err.contains(t), "{t}: {err}");
        }

        let prompt = |name: &str, args: &[&str]| PromptInfo {
            name: name.into(),
            title: None,
            description: None,
            arguments: args
                .iter()
                .map(|a| PromptArgument {
                    name: a.to_string(),
                    description: None,
                    required: false,
                })
                .collect(),
        };
        let d = |p| Declarations {
            prompts: vec![p],
            ..Default::default()
        };
        assert!(
            check_declarations(&d(prompt("bad name", &[])))
                .unwrap_err()
                .contains("prompt name")
        );
        assert!(
            check_declarations(&d(prompt("p", &["a", "a"])))
                .unwrap_err()
                .contains("`a` twice")
        );
        assert!(check_declarations(&d(prompt("p", &[""]))).is_err());
        assert_eq!(check_declarations(&d(prompt("p", &["a", "b"]))), Ok(()));
    }

    #[test]
    fn completions_are_cut_keeping_the_truth() {
        let c = completion(types::Completion {
            values: (0..150).map(|i| i.to_string()).collect(),
            total: None,
            has_more: false,
        });
        assert_eq!(c.values.len(), MAX_COMPLETION_VALUES);
        assert!(c.has_more);
        let c = completion(types::Completion {
            values: vec!["a".into()],
            total: Some(0),
            has_more: false,
        });
        assert_eq!((c.total, c.has_more), (Some(1), false));
    }

    #[test]
    fn answers_are_counted_as_the_client_receives_them() {
        use serde_json::{Value, json};
        let resource = |uri: &str, mime: Option<&str>, body: ResourceBody| EmbeddedResource {
            uri: uri.into(),
            mime_type: mime.map(str::to_string),
            body,
        };
        let contents = [
            resource("", None, ResourceBody::Text(String::new())),
            resource(
                "a://\"q\"",
                Some("text/x"),
                ResourceBody::Text("é\n\u{1}".into()),
            ),
            resource("b://", None, ResourceBody::Blob(vec![1, 2, 3, 4])),
        ];
        for n in 0..=contents.len() {
            let items: Vec<Value> = contents[..n]
                .iter()
                .map(|c| Content::Resource(c.clone()).to_json()["resource"].take())
                .collect();
            let sent = json!({"contents": items}).to_string();
            assert_eq!(read_wire_size(&contents[..n]), sent.len(), "{sent}");
        }
        let messages = vec![
            PromptMessage {
                role: Role::User,
                content: Content::text("say \"hi\""),
            },
            PromptMessage {
                role: Role::Assistant,
                content: Content::Resource(contents[1].clone()),
            },
        ];
        for description in [None, Some("d\t".to_string())] {
            let p = PromptResult {
                description: description.clone(),
                messages: messages.clone(),
            };
            let listed: Vec<Value> = p
                .messages
                .iter()
                .map(|m| json!({"role": m.role.as_str(), "content": m.content.to_json()}))
                .collect();
            let mut sent = json!({"messages": listed});
            if let Some(d) = description {
                sent["description"] = Value::String(d);
            }
            assert_eq!(prompt_wire_size(&p), sent.to_string().len(), "{sent}");
        }
        let c = Completion {
            values: vec!["a\"".into(), String::new()],
            total: Some(12),
            has_more: false,
        };
        let sent = json!({"completion": {"values": c.values, "hasMore": false, "total": 12}});
        assert_eq!(completion_wire_size(&c), sent.to_string().len(), "{sent}");
    }
}

//! What the router answers about resources, prompts and completion:
//! `resources/list` (paginated across toolsets), `resources/templates/list`,
//! `resources/read`, `prompts/list`, `prompts/get` and
//! `completion/complete`, and the capabilities `initialize` advertises for
//! them.
//!
//! The router owns the routing: it finds the toolset that owns a URI (its
//! fixed resources first, then the templates of every toolset in order), a
//! prompt name or a completion reference from the toolsets' declarations,
//! and checks a prompt's required arguments before anything runs. The
//! answers come from the caller's toolset session through the broker, in
//! turn with the session's tool calls and through its image session, so a
//! read sees the caller's own transaction view.
//!
//! Kept in a file of its own so that `dispatch.rs` holds only one match arm
//! per method for them.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

use gs_toolset::{
    Completion, CompletionRef, CompletionRequest, Content, ErrorKind, ImageChange, PromptInfo,
    ResourceInfo, ResourceTemplate, ToolError, Toolset,
};
use serde_json::{Map, Value, json};

use crate::protocol::{
    Answer, INTERNAL_ERROR, INVALID_PARAMS, REQUEST_TIMEOUT, bad_cursor, error, error_with, result,
};
use crate::{Router, Session};

/// Most fixed resources one `resources/list` page holds; a toolset's own
/// listing pages are as long as the toolset makes them.
pub const RESOURCES_PAGE: usize = 100;

/// Most resources one session may subscribe to at once.
pub const MAX_SUBSCRIPTIONS: usize = 1000;

/// Longest resource URI a subscription may name, in bytes (the resources
/// of gs-mcp's own toolsets name a class and a selector in far less).
pub const MAX_SUBSCRIBED_URI_BYTES: usize = 2048;

/// What a subscribed URI costs beside its own bytes, counted against
/// `http.total_subscription_bytes`: its entry in the subscription's set.
pub const SUBSCRIPTION_ENTRY_BYTES: usize = 64;

/// True if `uri` may be subscribed to: 1 to [`MAX_SUBSCRIBED_URI_BYTES`]
/// bytes.
pub(crate) fn subscribable(uri: &str) -> bool {
    (1..=MAX_SUBSCRIBED_URI_BYTES).contains(&uri.len())
}

/// What holding `uri` in a subscription counts against
/// `http.total_subscription_bytes`.
pub(crate) fn subscription_bytes(uri: &str) -> usize {
    uri.len() + SUBSCRIPTION_ENTRY_BYTES
}

/// MCP's error code for a URI no resource answers to (2025-11-25).
pub const RESOURCE_NOT_FOUND: i64 = -32002;

/// Where a `resources/list` page starts: in the fixed resources of every
/// toolset (at an offset), or in the listing of one toolset (at its own
/// cursor). Written into the opaque cursor as `f<offset>` or
/// `t<toolset>:<its cursor>`.
enum ListPosition {
    Fixed(usize),
    Toolset(usize, Option<String>),
}

/// The capabilities beyond tools that the configured toolsets offer.
struct Offered {
    resources: bool,
    prompts: bool,
    completions: bool,
}

impl ListPosition {
    fn encode(&self) -> String {
        match self {
            ListPosition::Fixed(offset) => format!("f{offset}"),
            ListPosition::Toolset(t, cursor) => format!("t{t}:{}", cursor.as_deref().unwrap_or("")),
        }
    }

    fn decode(cursor: &str) -> Option<ListPosition> {
        if let Some(offset) = cursor.strip_prefix('f') {
            return offset.parse().ok().map(ListPosition::Fixed);
        }
        let (toolset, inner) = cursor.strip_prefix('t')?.split_once(':')?;
        let inner = (!inner.is_empty()).then(|| inner.to_string());
        Some(ListPosition::Toolset(toolset.parse().ok()?, inner))
    }
}

impl Router {
    /// The toolsets, in configuration order.
    fn toolsets(&self) -> &[Arc<dyn Toolset>] {
        self.broker.surface().toolsets()
    }

    /// The `capabilities` object of the `initialize` result: tools and
    /// logging always; resources, prompts and completions when some toolset
    /// offers them. Resource subscriptions, and a changing resource list,
    /// when the image backend reports what each commit changes; the tool
    /// and prompt lists are fixed for the server's life.
    pub(crate) fn capabilities(&self) -> Value {
        let offered = self.offered();
        let mut caps = json!({"tools": {"listChanged": false}, "logging": {}});
        if offered.resources {
            let lists = self.toolsets().iter().any(|t| t.lists_resources());
            caps["resources"] = json!({
                "subscribe": self.watching,
                "listChanged": self.watching && lists,
            });
        }
        if offered.prompts {
            caps["prompts"] = json!({"listChanged": false});
        }
        if offered.completions {
            caps["completions"] = json!({});
        }
        caps
    }

    /// True when `method` is one of this file's and its capability is
    /// declared: a method of a capability the server does not declare is
    /// answered "method not found", as if it did not exist.
    pub(crate) fn serves_offer(&self, method: &str) -> bool {
        let offered = self.offered();
        match method {
            "resources/list" | "resources/templates/list" | "resources/read" => offered.resources,
            "resources/subscribe" | "resources/unsubscribe" => offered.resources && self.watching,
            "prompts/list" | "prompts/get" => offered.prompts,
            "completion/complete" => offered.completions,
            _ => false,
        }
    }

    /// Which of resources, prompts and completion some toolset offers.
    fn offered(&self) -> Offered {
        let toolsets = self.toolsets();
        Offered {
            resources: toolsets.iter().any(|t| {
                !t.resources().is_empty()
                    || !t.resource_templates().is_empty()
                    || t.lists_resources()
            }),
            prompts: toolsets.iter().any(|t| !t.prompts().is_empty()),
            completions: toolsets
                .iter()
                .any(|t| !t.resource_templates().is_empty() || !t.prompts().is_empty()),
        }
    }

    fn offer_deadline(&self) -> Option<Instant> {
        self.settings
            .sessions
            .request_timeout
            .and_then(|d| Instant::now().checked_add(d))
    }

    /// How a resource read or a prompt asks the session's client
    /// something: on the session's stream, or in a stateless request
    /// through its `inputResponses`. It sends no log lines or progress.
    fn offer_notifier(&self, session: &Arc<Session>) -> Arc<dyn gs_toolset::Notifier> {
        Arc::new(crate::notifications::ChannelNotifier {
            asker: Some(crate::notifications::ClientAsker {
                session: session.clone(),
                numbers: self.server_requests.clone(),
                deadline: self.offer_deadline(),
            }),
            sink: None,
            progress_token: None,
            min_level: None,
        })
    }

    /// Waits for a toolset's answer under the request deadline.
    async fn within_deadline<T>(
        &self,
        id: &Value,
        work: impl std::future::Future<Output = Result<T, ToolError>>,
    ) -> Result<Result<T, ToolError>, Answer> {
        match self.settings.sessions.request_timeout {
            None => Ok(work.await),
            Some(limit) => tokio::time::timeout(limit, work).await.map_err(|_| {
                error(
                    id,
                    REQUEST_TIMEOUT,
                    &format!(
                        "Request timed out: the toolset took longer than the server's request \
                         deadline of {limit:?}"
                    ),
                )
            }),
        }
    }

    /// One page of `resources/list`: the fixed resources of every toolset,
    /// [`RESOURCES_PAGE`] at a time, then each listing toolset's own pages.
    pub(crate) async fn resources_list(
        &self,
        session: &Arc<Session>,
        id: &Value,
        params: Option<&Map<String, Value>>,
    ) -> Answer {
        let position = match params.and_then(|p| p.get("cursor")) {
            None | Some(Value::Null) => ListPosition::Fixed(0),
            Some(c) => match c.as_str().and_then(ListPosition::decode) {
                Some(p) => p,
                None => return bad_cursor(id, "resources/list"),
            },
        };
        let toolsets = self.toolsets();
        let principal = session.principal();
        let visible = |i: usize| self.offers_visible(principal.as_deref(), i);
        let listers: Vec<usize> = (0..toolsets.len())
            .filter(|&i| toolsets[i].lists_resources() && visible(i))
            .collect();
        let next_lister = |after: Option<usize>| {
            listers
                .iter()
                .copied()
                .find(|&i| after.is_none_or(|a| i > a))
                .map(|i| ListPosition::Toolset(i, None))
        };
        let read_only = self.read_only_in(session);
        let fixed: Vec<&ResourceInfo> = self
            .visible_toolsets(session)
            .flat_map(|t| {
                t.resources()
                    .iter()
                    .filter(move |r| shown(t, &r.uri, read_only))
            })
            .collect();
        // With no fixed resources the first page is the first listing's,
        // not an empty page a client might take for the end.
        let position = match position {
            ListPosition::Fixed(0) if fixed.is_empty() => {
                next_lister(None).unwrap_or(ListPosition::Fixed(0))
            }
            other => other,
        };
        let (page, next) = match position {
            ListPosition::Fixed(offset) => {
                if offset > fixed.len() {
                    return bad_cursor(id, "resources/list");
                }
                let end = (offset + RESOURCES_PAGE).min(fixed.len());
                let page: Vec<Value> = fixed[offset..end]
                    .iter()
                    .map(|r| resource_json(r))
                    .collect();
                let next = if end < fixed.len() {
                    Some(ListPosition::Fixed(end))
                } else {
                    next_lister(None)
                };
                (page, next)
            }
            ListPosition::Toolset(toolset, cursor) => {
                if !listers.contains(&toolset) {
                    return bad_cursor(id, "resources/list");
                }
                let listed = self
                    .within_deadline(
                        id,
                        session.broker.list_resources(
                            toolset,
                            cursor,
                            self.offer_deadline(),
                            self.read_only_for(principal.as_deref()),
                        ),
                    )
                    .await;
                let listed = match listed {
                    Ok(Ok(page)) => page,
                    Ok(Err(e)) if e.kind == ErrorKind::InvalidParams => {
                        return bad_cursor(id, "resources/list");
                    }
                    Ok(Err(e)) => return toolset_failure(id, &e),
                    Err(timed_out) => return timed_out,
                };
                let page = listed.resources.iter().map(resource_json).collect();
                let next = match listed.next_cursor {
                    Some(c) => Some(ListPosition::Toolset(toolset, Some(c))),
                    None => next_lister(Some(toolset)),
                };
                (page, next)
            }
        };
        let mut answer = json!({"resources": page});
        if let Some(next) = next {
            answer["nextCursor"] = Value::String(next.encode());
        }
        session.touch();
        result(id, answer)
    }

    /// `resources/subscribe` (`subscribe` true) or `resources/unsubscribe`
    /// of `params.uri`: any URI, known or not yet (a class may come later),
    /// at most [`MAX_SUBSCRIPTIONS`] per session.
    pub(crate) fn subscription(
        &self,
        session: &Session,
        id: &Value,
        params: Option<&Map<String, Value>>,
        subscribe: bool,
    ) -> Answer {
        let method = if subscribe {
            "resources/subscribe"
        } else {
            "resources/unsubscribe"
        };
        let Some(uri) = params.and_then(|p| p.get("uri")).and_then(Value::as_str) else {
            return error(
                id,
                INVALID_PARAMS,
                &format!("Invalid params: {method} needs params.uri, a string"),
            );
        };
        let mut st = session.state();
        if !subscribe {
            if st.subscriptions.remove(uri)
                && let Some(held) = st.subscription_bytes.as_mut()
            {
                held.shrink(subscription_bytes(uri));
            }
        } else if !st.subscriptions.contains(uri) {
            if !subscribable(uri) {
                return error(
                    id,
                    INVALID_PARAMS,
                    &format!(
                        "Invalid params: params.uri is {} bytes; a subscribed URI has 1 to \
                         {MAX_SUBSCRIBED_URI_BYTES}",
                        uri.len()
                    ),
                );
            }
            if st.subscriptions.len() >= MAX_SUBSCRIPTIONS {
                return error(
                    id,
                    INVALID_PARAMS,
                    &format!(
                        "Invalid params: this session holds its maximum of {MAX_SUBSCRIPTIONS} \
                         subscriptions; unsubscribe from some first"
                    ),
                );
            }
            let held = st
                .subscription_bytes
                .get_or_insert_with(|| self.subscription_bytes.hold_nothing());
            if !held.grow(subscription_bytes(uri)) {
                return error(id, INTERNAL_ERROR, &self.subscriptions_full());
            }
            st.subscriptions.insert(uri.to_string());
        }
        result(id, json!({}))
    }

    /// Why a subscription is refused when the subscriptions of every
    /// client together hold `http.total_subscription_bytes`.
    pub(crate) fn subscriptions_full(&self) -> String {
        format!(
            "the server's subscriptions together hold their maximum of {} bytes of URIs; \
             retry once some have ended (the operator can raise \
             http.total_subscription_bytes)",
            self.subscription_bytes.max()
        )
    }

    /// Tells the sessions subscribed to a resource that shows one of
    /// `changes` (`notifications/resources/updated`), and every session when
    /// a class came or went and some toolset lists resources
    /// (`notifications/resources/list_changed`). Called on the committing
    /// thread: it only queues notifications.
    pub(crate) fn resources_committed(&self, changes: &[ImageChange]) {
        let toolsets = self.toolsets();
        let uris: HashSet<String> = changes
            .iter()
            .flat_map(|c| toolsets.iter().flat_map(move |t| t.resources_changed(c)))
            .collect();
        let list_changed = changes.iter().any(ImageChange::adds_or_removes_class)
            && toolsets.iter().any(|t| t.lists_resources());
        if (!uris.is_empty() || list_changed) && self.changes.receiver_count() > 0 {
            let _ = self.changes.send(Arc::new(crate::ResourceChange {
                uris: uris.clone(),
                list_changed,
            }));
        }
        for session in self.open_sessions() {
            let updated: Vec<String> = {
                let st = session.state();
                if st.stateless || st.closed {
                    continue;
                }
                uris.iter()
                    .filter(|u| st.subscriptions.contains(*u))
                    .cloned()
                    .collect()
            };
            for uri in updated {
                self.send_notification(
                    &session,
                    "notifications/resources/updated",
                    Some(json!({ "uri": uri })),
                );
            }
            if list_changed {
                self.send_notification(&session, "notifications/resources/list_changed", None);
            }
        }
    }

    /// The toolsets whose offers `session`'s latest token may use, in
    /// order.
    fn visible_toolsets(&self, session: &Session) -> impl Iterator<Item = &Arc<dyn Toolset>> {
        let principal = session.principal();
        self.toolsets()
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.offers_visible(principal.as_deref(), *i))
            .map(|(_, t)| t)
    }

    /// `resources/templates/list`: every toolset's templates, in order, on
    /// one page (they are few and fixed), so any cursor is one this server
    /// never gave.
    pub(crate) fn resource_templates_list(
        &self,
        session: &Session,
        id: &Value,
        params: Option<&Map<String, Value>>,
    ) -> Answer {
        if crate::protocol::page_start(params, 0, 1) != Some(0) {
            return bad_cursor(id, "resources/templates/list");
        }
        let read_only = self.read_only_in(session);
        let templates: Vec<Value> = self
            .visible_toolsets(session)
            .flat_map(|t| {
                t.resource_templates()
                    .iter()
                    .filter(move |r| shown(t, &r.uri_template, read_only))
            })
            .map(template_json)
            .collect();
        result(id, json!({"resourceTemplates": templates}))
    }

    /// The toolset owning `uri`: a fixed resource's first, then the first
    /// template it matches; in a `read_only` session, only among those
    /// offered to it.
    pub(crate) fn owner_of_uri(&self, uri: &str, read_only: bool) -> Option<usize> {
        let toolsets = self.toolsets();
        toolsets
            .iter()
            .position(|t| {
                t.resources()
                    .iter()
                    .any(|r| r.uri == uri && shown(t, &r.uri, read_only))
            })
            .or_else(|| {
                toolsets.iter().position(|t| {
                    t.resource_templates()
                        .iter()
                        .any(|r| r.matches(uri).is_some() && shown(t, &r.uri_template, read_only))
                })
            })
    }

    /// `resources/read`: the contents of the resource at `params.uri`, as
    /// the caller's session sees it; -32002 with `data.uri` when no
    /// toolset has it.
    pub(crate) async fn resources_read(
        &self,
        session: &Arc<Session>,
        id: &Value,
        params: Option<&Map<String, Value>>,
    ) -> Answer {
        let uri = match params.and_then(|p| p.get("uri")) {
            Some(Value::String(uri)) => uri.clone(),
            _ => {
                return error(
                    id,
                    INVALID_PARAMS,
                    "Invalid params: resources/read needs the resource's URI in params.uri \
                     (a string)",
                );
            }
        };
        let Some(toolset) = self.owner_of_uri(&uri, self.read_only_in(session)) else {
            return not_found_resource(id, &uri);
        };
        let read = self
            .within_deadline(
                id,
                session.broker.read_resource(
                    toolset,
                    uri.clone(),
                    self.offer_deadline(),
                    self.offer_notifier(session),
                    self.read_only_in(session),
                ),
            )
            .await;
        session.touch();
        match read {
            Ok(Ok(contents)) => {
                let contents: Vec<Value> = contents
                    .into_iter()
                    .map(|c| Content::Resource(c).to_json()["resource"].take())
                    .collect();
                result(id, json!({"contents": contents}))
            }
            Ok(Err(e)) if e.kind == ErrorKind::NotFound => error_with(
                id,
                RESOURCE_NOT_FOUND,
                &format!("Resource not found: {}", e.message),
                &json!({"uri": uri}),
            ),
            Ok(Err(e)) => toolset_failure(id, &e),
            Err(timed_out) => timed_out,
        }
    }

    /// `prompts/list`: every toolset's prompts, in order, on one page.
    pub(crate) fn prompts_list(
        &self,
        session: &Session,
        id: &Value,
        params: Option<&Map<String, Value>>,
    ) -> Answer {
        if crate::protocol::page_start(params, 0, 1) != Some(0) {
            return bad_cursor(id, "prompts/list");
        }
        let read_only = self.read_only_in(session);
        let prompts: Vec<Value> = self
            .visible_toolsets(session)
            .flat_map(|t| {
                t.prompts()
                    .iter()
                    .filter(move |p| shown(t, &p.name, read_only))
            })
            .map(prompt_json)
            .collect();
        result(id, json!({"prompts": prompts}))
    }

    /// The toolset offering the prompt `name` (to a `read_only` session:
    /// if it is offered to one), with its declaration.
    pub(crate) fn prompt(&self, name: &str, read_only: bool) -> Option<(usize, &PromptInfo)> {
        self.toolsets().iter().enumerate().find_map(|(i, t)| {
            t.prompts()
                .iter()
                .find(|p| p.name == name && shown(t, &p.name, read_only))
                .map(|p| (i, p))
        })
    }

    /// `prompts/get`: the prompt filled in with the client's arguments.
    /// An unknown prompt, an argument that is not a string, an argument it
    /// does not take or a missing required one is -32602, before the
    /// toolset is asked.
    pub(crate) async fn prompts_get(
        &self,
        session: &Arc<Session>,
        id: &Value,
        params: Option<&Map<String, Value>>,
    ) -> Answer {
        let name = match params.and_then(|p| p.get("name")) {
            Some(Value::String(name)) => name.clone(),
            _ => {
                return error(
                    id,
                    INVALID_PARAMS,
                    "Invalid params: prompts/get needs the prompt's name in params.name \
                     (a string)",
                );
            }
        };
        let Some((toolset, prompt)) = self.prompt(&name, self.read_only_in(session)) else {
            return error(
                id,
                INVALID_PARAMS,
                &format!("Invalid params: no prompt `{name}`; prompts/list shows the prompts"),
            );
        };
        let arguments = match string_map(params.and_then(|p| p.get("arguments")), "arguments") {
            Ok(a) => a,
            Err(message) => return error(id, INVALID_PARAMS, &message),
        };
        if let Some(unknown) = arguments
            .keys()
            .find(|k| !prompt.arguments.iter().any(|a| &a.name == *k))
        {
            return error(
                id,
                INVALID_PARAMS,
                &format!(
                    "Invalid params: prompt `{name}` takes no argument `{unknown}`; it takes {}",
                    argument_names(prompt)
                ),
            );
        }
        if let Some(missing) = prompt
            .arguments
            .iter()
            .find(|a| a.required && !arguments.contains_key(&a.name))
        {
            return error(
                id,
                INVALID_PARAMS,
                &format!(
                    "Invalid params: prompt `{name}` needs the argument `{}`",
                    missing.name
                ),
            );
        }
        let got = self
            .within_deadline(
                id,
                session.broker.get_prompt(
                    toolset,
                    name,
                    arguments,
                    self.offer_deadline(),
                    self.offer_notifier(session),
                    self.read_only_in(session),
                ),
            )
            .await;
        session.touch();
        match got {
            Ok(Ok(prompt)) => {
                let messages: Vec<Value> = prompt
                    .messages
                    .iter()
                    .map(|m| json!({"role": m.role.as_str(), "content": m.content.to_json()}))
                    .collect();
                let mut answer = json!({"messages": messages});
                if let Some(d) = prompt.description {
                    answer["description"] = Value::String(d);
                }
                result(id, answer)
            }
            // An unknown class or method named in an argument is the
            // client's mistake, said in the protocol's form for one.
            Ok(Err(e)) if matches!(e.kind, ErrorKind::NotFound | ErrorKind::InvalidParams) => {
                error(
                    id,
                    INVALID_PARAMS,
                    &format!("Invalid params: {}", e.message),
                )
            }
            Ok(Err(e)) => toolset_failure(id, &e),
            Err(timed_out) => timed_out,
        }
    }

    /// `completion/complete` for a prompt argument (`ref/prompt`) or a
    /// template variable (`ref/resource`). An unknown reference or an
    /// argument it does not have is -32602.
    pub(crate) async fn complete(
        &self,
        session: &Arc<Session>,
        id: &Value,
        params: Option<&Map<String, Value>>,
    ) -> Answer {
        let request = match self.completion_request(params, self.read_only_in(session)) {
            Ok(r) => r,
            Err(message) => return error(id, INVALID_PARAMS, &message),
        };
        let (toolset, request) = request;
        let got = self
            .within_deadline(
                id,
                session.broker.complete(
                    toolset,
                    request,
                    self.offer_deadline(),
                    self.read_only_in(session),
                ),
            )
            .await;
        session.touch();
        match got {
            Ok(Ok(c)) => result(id, json!({"completion": completion_json(c)})),
            Ok(Err(e)) if e.kind == ErrorKind::InvalidParams => error(
                id,
                INVALID_PARAMS,
                &format!("Invalid params: {}", e.message),
            ),
            Ok(Err(e)) => toolset_failure(id, &e),
            Err(timed_out) => timed_out,
        }
    }

    /// The toolset and request a `completion/complete` names (among the
    /// offers a `read_only` session is offered, if it is one), or the
    /// message of its -32602 answer.
    pub(crate) fn completion_request(
        &self,
        params: Option<&Map<String, Value>>,
        read_only: bool,
    ) -> Result<(usize, CompletionRequest), String> {
        let params = params.ok_or("Invalid params: completion/complete needs params")?;
        let reference = params
            .get("ref")
            .and_then(Value::as_object)
            .ok_or("Invalid params: completion/complete needs params.ref (an object)")?;
        let argument = params
            .get("argument")
            .and_then(Value::as_object)
            .ok_or("Invalid params: completion/complete needs params.argument (an object)")?;
        let name = argument
            .get("name")
            .and_then(Value::as_str)
            .ok_or("Invalid params: params.argument.name must be a string")?;
        let value = argument
            .get("value")
            .and_then(Value::as_str)
            .ok_or("Invalid params: params.argument.value must be a string")?;
        let context = string_map(
            params.get("context").and_then(|c| c.get("arguments")),
            "context.arguments",
        )?;
        let (toolset, reference, names) = match reference.get("type").and_then(Value::as_str) {
            Some("ref/prompt") => {
                let prompt = reference
                    .get("name")
                    .and_then(Value::as_str)
                    .ok_or("Invalid params: a ref/prompt needs its name (a string)")?;
                let (toolset, info) = self.prompt(prompt, read_only).ok_or_else(|| {
                    format!("Invalid params: no prompt `{prompt}`; prompts/list shows the prompts")
                })?;
                let names: Vec<String> = info.arguments.iter().map(|a| a.name.clone()).collect();
                (toolset, CompletionRef::Prompt(prompt.to_string()), names)
            }
            Some("ref/resource") => {
                let uri = reference
                    .get("uri")
                    .and_then(Value::as_str)
                    .ok_or("Invalid params: a ref/resource needs its uri (a string)")?;
                let (toolset, template) = self.template(uri, read_only).ok_or_else(|| {
                    format!(
                        "Invalid params: no resource template `{uri}`; \
                         resources/templates/list shows them"
                    )
                })?;
                let names = template.variables().into_iter().map(String::from).collect();
                (
                    toolset,
                    CompletionRef::ResourceTemplate(uri.to_string()),
                    names,
                )
            }
            _ => {
                return Err("Invalid params: params.ref.type must be `ref/prompt` or \
                            `ref/resource`"
                    .into());
            }
        };
        if !names.iter().any(|n| n == name) {
            return Err(format!(
                "Invalid params: `{name}` is not one of its arguments ({})",
                names.join(", ")
            ));
        }
        Ok((
            toolset,
            CompletionRequest {
                reference,
                argument: name.to_string(),
                value: value.to_string(),
                context,
            },
        ))
    }

    /// The toolset with the template `uri_template` (offered to a
    /// `read_only` session, if it is one), and the template.
    fn template(&self, uri_template: &str, read_only: bool) -> Option<(usize, &ResourceTemplate)> {
        self.toolsets().iter().enumerate().find_map(|(i, t)| {
            t.resource_templates()
                .iter()
                .find(|r| r.uri_template == uri_template && shown(t, &r.uri_template, read_only))
                .map(|r| (i, r))
        })
    }
}

/// Whether toolset `t`'s offer `name` (a URI, URI template or prompt name)
/// is offered to a session, `read_only` or not: a read-only session is not
/// offered what needs a grant to run code or change the image.
fn shown(t: &Arc<dyn Toolset>, name: &str, read_only: bool) -> bool {
    !read_only || !t.hidden_when_read_only().iter().any(|n| n == name)
}

/// A JSON object of strings as a map, or the message saying which value
/// is not a string. Absent or null is empty.
fn string_map(value: Option<&Value>, what: &str) -> Result<BTreeMap<String, String>, String> {
    match value {
        None | Some(Value::Null) => Ok(BTreeMap::new()),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => Ok((k.clone(), s.clone())),
                other => Err(format!(
                    "Invalid params: {what}.{k} must be a string, not {}",
                    gs_toolset::json_type_name(other)
                )),
            })
            .collect(),
        Some(other) => Err(format!(
            "Invalid params: {what} must be an object of strings, not {}",
            gs_toolset::json_type_name(other)
        )),
    }
}

fn argument_names(prompt: &PromptInfo) -> String {
    if prompt.arguments.is_empty() {
        return "none".into();
    }
    prompt
        .arguments
        .iter()
        .map(|a| format!("`{}`", a.name))
        .collect::<Vec<_>>()
        .join(", ")
}

fn not_found_resource(id: &Value, uri: &str) -> Answer {
    error_with(
        id,
        RESOURCE_NOT_FOUND,
        &format!(
            "Resource not found: no resource has the URI `{uri}`; resources/list and \
             resources/templates/list show what this server has"
        ),
        &json!({"uri": uri}),
    )
}

/// A toolset's failure that is not the client's mistake: -32603 with the
/// toolset's message and kind.
fn toolset_failure(id: &Value, e: &ToolError) -> Answer {
    error_with(
        id,
        INTERNAL_ERROR,
        &e.message,
        &json!({"kind": e.kind.as_str()}),
    )
}

/// Puts `value` under `key` when there is one.
fn optional(object: &mut Value, key: &str, value: &Option<String>) {
    if let Some(v) = value {
        object[key] = Value::String(v.clone());
    }
}

fn resource_json(r: &ResourceInfo) -> Value {
    let mut j = json!({"uri": r.uri, "name": r.name});
    optional(&mut j, "title", &r.title);
    optional(&mut j, "description", &r.description);
    optional(&mut j, "mimeType", &r.mime_type);
    j
}

fn template_json(t: &ResourceTemplate) -> Value {
    let mut j = json!({"uriTemplate": t.uri_template, "name": t.name});
    optional(&mut j, "title", &t.title);
    optional(&mut j, "description", &t.description);
    optional(&mut j, "mimeType", &t.mime_type);
    j
}

fn prompt_json(p: &PromptInfo) -> Value {
    let arguments: Vec<Value> = p
        .arguments
        .iter()
        .map(|a| {
            let mut j = json!({"name": a.name, "required": a.required});
            optional(&mut j, "description", &a.description);
            j
        })
        .collect();
    let mut j = json!({"name": p.name, "arguments": arguments});
    optional(&mut j, "title", &p.title);
    optional(&mut j, "description", &p.description);
    j
}

fn completion_json(c: Completion) -> Value {
    let mut j = json!({"values": c.values, "hasMore": c.has_more});
    if let Some(total) = c.total {
        j["total"] = json!(total);
    }
    j
}

//! The scopes a request needs beyond the required ones: a tool's own, or
//! those of the toolset whose resource, prompt or completion it asks for.
//! Checked at the HTTP gates, before any session runs the request, so that
//! the refusal is the 403 a client can step up from; the lists leave out
//! what the caller's token could not use.

use gs_auth::{Denied, Principal};
use serde_json::{Map, Value};

use crate::Router;

impl Router {
    /// Why `principal` may not make the request `method` with `params`,
    /// when a scope is missing; `None` without `[auth]`, without a
    /// principal, and for a request that names nothing gated (a malformed
    /// one is answered by its method, as without `[auth]`).
    pub(crate) fn scope_denied(
        &self,
        principal: Option<&Principal>,
        method: &str,
        params: Option<&Map<String, Value>>,
    ) -> Option<Denied> {
        let (auth, principal) = (self.auth()?, principal?);
        let text = |key: &str| params?.get(key)?.as_str();
        let toolsets: Vec<usize> = match method {
            "tools/call" => return auth.check_tool(principal, text("name")?).err(),
            "resources/read" | "resources/subscribe" => {
                vec![self.owner_of_uri(text("uri")?, false)?]
            }
            "prompts/get" => vec![self.prompt(text("name")?, false)?.0],
            "completion/complete" => vec![self.completion_request(params, false).ok()?.0],
            "subscriptions/listen" => listened_uris(params)
                .filter_map(|uri| self.owner_of_uri(uri, false))
                .collect(),
            _ => return None,
        };
        let names = self.broker.surface().toolsets();
        toolsets.into_iter().find_map(|i| {
            auth.check_toolset(principal, i, &names[i].info().name)
                .err()
        })
    }

    /// True unless `principal`'s token lacks a scope of toolset `index`,
    /// whose resources, templates and prompts the lists then leave out.
    pub(crate) fn offers_visible(&self, principal: Option<&Principal>, index: usize) -> bool {
        match (self.auth(), principal) {
            (Some(auth), Some(p)) => auth.check_toolset(p, index, "").is_ok(),
            _ => true,
        }
    }
}

/// The URIs a `subscriptions/listen` asks to hear of.
fn listened_uris(params: Option<&Map<String, Value>>) -> impl Iterator<Item = &str> {
    params
        .and_then(|p| p.get("notifications"))
        .and_then(|n| n.get("resourceSubscriptions"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
}

//! `subscriptions/listen` (revision 2026-07-28): a stateless client's
//! stream of change notifications, in place of the session era's GET
//! stream and `resources/subscribe`.
//!
//! A subscription sends first `notifications/subscriptions/acknowledged`
//! with the part of the client's filter the server honours, then
//! `notifications/resources/updated` for the subscribed URIs,
//! `notifications/resources/list_changed`, and `notifications/tasks` for
//! the caller's tasks it names (the tasks extension: each the task as
//! `tasks/get` answers it, sent when its status changes), each carrying the request's id
//! as `io.modelcontextprotocol/subscriptionId`, for as long as the client
//! keeps it (on HTTP, the request's SSE stream; on stdio, until it cancels
//! the request). Commits reach it through the router's change channel
//! ([`crate::ResourceChange`]); the server keeps nothing of a subscription
//! once it ends. When the server ends one itself (it is shutting down, or
//! the caller's token expired) it answers the request with a complete
//! result first.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use hyper::StatusCode;
use serde_json::{Map, Value, json};
use tokio::sync::broadcast::error::RecvError;

use super::Refusal;
use crate::Router;
use crate::caps::NoPlace;
use crate::notifications::Out;
use crate::offers::{MAX_SUBSCRIBED_URI_BYTES as MAX_URI_BYTES, subscribable, subscription_bytes};
use crate::protocol::{self, INTERNAL_ERROR, INVALID_PARAMS};
use crate::session::Caller;

/// Most resource URIs one subscription may name.
pub const MAX_LISTEN_URIS: usize = 1000;

/// Most task ids one subscription may name.
pub const MAX_LISTEN_TASKS: usize = 100;

/// The `_meta` key naming the subscription a message belongs to.
const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";

/// What a subscription is to deliver: the part of the client's filter the
/// server honours.
#[derive(Debug, Default, PartialEq)]
struct Filter {
    resources_list_changed: bool,
    uris: Vec<String>,
    /// The caller's tasks named, of those the server holds.
    task_ids: Vec<String>,
}

/// An open subscription: its acknowledgement, to send first, then what
/// comes on `out` (the notifications, and a last answer when the server
/// ends it). Dropping `out` ends the subscription.
pub(crate) struct Subscription {
    pub ack: Value,
    pub out: tokio::sync::mpsc::Receiver<Out>,
}

/// Opens the subscription `subscriptions/listen` with `id` and `params`
/// asks for, for `caller` (`user` when authenticated), ending by itself
/// after `expires_in`, when the caller's token expires; refused when the filter is not one (-32602), it names
/// tasks without declaring the tasks extension (-32021), or the server
/// or the caller holds its maximum of subscriptions.
#[allow(clippy::result_large_err)]
pub(crate) fn open(
    router: &Arc<Router>,
    id: Value,
    params: &Map<String, Value>,
    expires_in: Option<Duration>,
    caller: Caller,
) -> Result<Subscription, Refusal> {
    if params
        .get("notifications")
        .is_some_and(|n| n.get("taskIds").is_some())
        && !super::tasks::declared(params)
    {
        return Err(Refusal {
            status: StatusCode::BAD_REQUEST,
            answer: super::tasks::missing_extension(&id, "listening for task notifications"),
            retry_after: None,
        });
    }
    let user = match &caller {
        Caller::User(user) => Some(user.as_str()),
        _ => None,
    };
    let filter = honoured(router, params, user)
        .map_err(|message| Refusal::new(StatusCode::OK, &id, INVALID_PARAMS, &message))?;
    let place = router
        .listen_streams
        .take(&caller)
        .map_err(|full| refusal(full, &id))?;
    let mut bytes = router.subscription_bytes.hold_nothing();
    let needed = filter
        .uris
        .iter()
        .chain(&filter.task_ids)
        .map(|u| subscription_bytes(u))
        .sum();
    if !bytes.grow(needed) {
        return Err(Refusal {
            retry_after: Some(RETRY_AFTER_SECS),
            ..Refusal::new(
                StatusCode::SERVICE_UNAVAILABLE,
                &id,
                INTERNAL_ERROR,
                &format!("Service Unavailable: {}", router.subscriptions_full()),
            )
        });
    }
    let ack = json!({
        "jsonrpc": "2.0",
        "method": "notifications/subscriptions/acknowledged",
        "params": {"_meta": {SUBSCRIPTION_ID: id}, "notifications": acknowledged(&filter)},
    });
    let changes = router.changes.subscribe();
    let tasks = router.tasks.changes();
    let (out_tx, out) = tokio::sync::mpsc::channel::<Out>(BACKLOG);
    tokio::spawn(async move {
        let _held = (place, bytes);
        deliver(changes, tasks, filter, &id, expires_in, &out_tx).await;
    });
    Ok(Subscription { ack, out })
}

/// How many messages a stream holds for a client that is not reading
/// them; the changes after are dropped, as those a stream falls behind on
/// are (the revision asks for no replay).
pub const BACKLOG: usize = 256;

/// What a client refused a stream for its caps is told to wait, in
/// seconds.
const RETRY_AFTER_SECS: u64 = 5;

/// The answer to a stream that found no place under the caps.
fn refusal(full: NoPlace, id: &Value) -> Refusal {
    let (status, message) = match full {
        NoPlace::Server(cap) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "Service Unavailable: the server holds its maximum of {cap} subscription \
                 streams; retry later (the operator can raise http.max_sessions)"
            ),
        ),
        NoPlace::Caller(cap) => (
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too Many Requests: this caller holds its maximum of {cap} subscription \
                 streams; close one first, or listen for several resources on one stream \
                 (the operator can raise http.max_sessions_per_caller)"
            ),
        ),
    };
    Refusal {
        retry_after: Some(RETRY_AFTER_SECS),
        ..Refusal::new(status, id, INTERNAL_ERROR, &message)
    }
}

/// Sends each change the filter asks for until the client closes the
/// stream; ends it with a complete result when the server stops sending
/// changes or the caller's token expires.
async fn deliver(
    mut changes: tokio::sync::broadcast::Receiver<Arc<crate::ResourceChange>>,
    mut tasks: tokio::sync::broadcast::Receiver<Arc<super::tasks::TaskChange>>,
    filter: Filter,
    id: &Value,
    expires_in: Option<Duration>,
    out: &tokio::sync::mpsc::Sender<Out>,
) {
    let note = |method: &str, mut params: Map<String, Value>| {
        params.insert("_meta".into(), json!({SUBSCRIPTION_ID: id}));
        Out::Note(json!({"jsonrpc": "2.0", "method": method, "params": params}))
    };
    let expiry = async {
        match expires_in {
            Some(left) => tokio::time::sleep(left).await,
            None => std::future::pending().await,
        }
    };
    tokio::pin!(expiry);
    loop {
        tokio::select! {
            biased;
            () = out.closed() => return,
            () = &mut expiry => break,
            change = changes.recv() => match change {
                Ok(change) => {
                    for uri in filter.uris.iter().filter(|u| change.uris.contains(*u)) {
                        let mut params = Map::new();
                        params.insert("uri".into(), json!(uri));
                        let _ = out.try_send(note("notifications/resources/updated", params));
                    }
                    if filter.resources_list_changed && change.list_changed {
                        let _ = out.try_send(note("notifications/resources/list_changed", Map::new()));
                    }
                }
                // Changes missed while this stream fell behind are not
                // replayed (the revision does not ask it); the stream
                // goes on with the next.
                Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => break,
            },
            change = tasks.recv(), if !filter.task_ids.is_empty() => match change {
                Ok(change) if filter.task_ids.contains(&change.id) => {
                    let params = change.task.as_object().cloned().unwrap_or_default();
                    let _ = out.try_send(note("notifications/tasks", params));
                }
                // A missed status is still there for tasks/get.
                Ok(_) | Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => break,
            },
        }
    }
    let closed = protocol::result(
        id,
        json!({"resultType": "complete", "_meta": {SUBSCRIPTION_ID: id}}),
    );
    let _ = out.send(Out::Done(Some(closed))).await;
}

/// The part of `params.notifications` the server honours: resource
/// updates and list changes when the image backend reports commits, and
/// the status of the `user`'s tasks named that the server holds; the
/// tool and prompt lists never change while the server runs, so those
/// are never acknowledged. The error is the -32602 message.
fn honoured(
    router: &Router,
    params: &Map<String, Value>,
    user: Option<&str>,
) -> Result<Filter, String> {
    let asked = match params.get("notifications") {
        None => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => return Err("Invalid params: notifications must be an object".into()),
    };
    for flag in [
        "toolsListChanged",
        "promptsListChanged",
        "resourcesListChanged",
    ] {
        if asked.get(flag).is_some_and(|v| !v.is_boolean()) {
            return Err(format!(
                "Invalid params: notifications.{flag} must be a boolean"
            ));
        }
    }
    let mut uris: Vec<String> = Vec::new();
    match asked.get("resourceSubscriptions") {
        None => {}
        Some(Value::Array(list)) => {
            if list.len() > MAX_LISTEN_URIS {
                return Err(format!(
                    "Invalid params: notifications.resourceSubscriptions names {} URIs, more \
                     than the {MAX_LISTEN_URIS} one subscription may; open several",
                    list.len()
                ));
            }
            let mut seen = HashSet::new();
            for uri in list {
                match uri.as_str() {
                    Some(u) if subscribable(u) => {
                        if seen.insert(u) {
                            uris.push(u.to_string());
                        }
                    }
                    _ => {
                        return Err(format!(
                            "Invalid params: notifications.resourceSubscriptions holds \
                             something other than a URI of 1 to {MAX_URI_BYTES} bytes"
                        ));
                    }
                }
            }
        }
        Some(_) => {
            return Err(
                "Invalid params: notifications.resourceSubscriptions must be a list of URIs".into(),
            );
        }
    }
    let task_ids = match asked.get("taskIds") {
        None => Vec::new(),
        Some(Value::Array(list)) if list.len() <= MAX_LISTEN_TASKS => {
            let mut ids: Vec<String> = Vec::new();
            for id in list {
                let Some(id) = id.as_str() else {
                    return Err(
                        "Invalid params: notifications.taskIds holds something other \
                                than a task id"
                            .into(),
                    );
                };
                if !ids.iter().any(|i| i == id) && router.tasks.holds(id, user) {
                    ids.push(id.to_string());
                }
            }
            ids
        }
        Some(_) => {
            return Err(format!(
                "Invalid params: notifications.taskIds must be a list of at most {MAX_LISTEN_TASKS} \
                 task ids"
            ));
        }
    };
    let caps = router.capabilities();
    let subscribe = caps.pointer("/resources/subscribe") == Some(&json!(true));
    let lists = caps.pointer("/resources/listChanged") == Some(&json!(true));
    Ok(Filter {
        resources_list_changed: lists && asked.get("resourcesListChanged") == Some(&json!(true)),
        uris: if subscribe { uris } else { Vec::new() },
        task_ids,
    })
}

/// The acknowledged filter as the client reads it: only what is honoured.
fn acknowledged(filter: &Filter) -> Value {
    let mut ack = Map::new();
    if filter.resources_list_changed {
        ack.insert("resourcesListChanged".into(), json!(true));
    }
    if !filter.uris.is_empty() {
        ack.insert("resourceSubscriptions".into(), json!(filter.uris));
    }
    if !filter.task_ids.is_empty() {
        ack.insert("taskIds".into(), json!(filter.task_ids));
    }
    Value::Object(ack)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ResourceChange;
    use tokio::sync::{broadcast, mpsc};

    fn list_changed() -> Arc<ResourceChange> {
        Arc::new(ResourceChange {
            uris: HashSet::new(),
            list_changed: true,
        })
    }

    /// A client that stops reading its stream while commits go on makes
    /// the stream hold at most its backlog, not every change since; once
    /// it reads again, the next change reaches it. Before, the stream's
    /// channel was unbounded.
    #[tokio::test]
    async fn a_stream_whose_client_does_not_read_holds_at_most_its_backlog() {
        let (changes_tx, changes) = broadcast::channel(4096);
        let (_tasks_tx, tasks) = broadcast::channel(16);
        let filter = Filter {
            resources_list_changed: true,
            ..Filter::default()
        };
        let (out_tx, mut out) = mpsc::channel(BACKLOG);
        let delivering = tokio::spawn(async move {
            deliver(changes, tasks, filter, &json!(1), None, &out_tx).await;
        });
        for _ in 0..4 * BACKLOG {
            changes_tx.send(list_changed()).unwrap();
        }
        while !changes_tx.is_empty() {
            tokio::task::yield_now().await;
        }
        assert_eq!(out.len(), BACKLOG, "the changes past the backlog dropped");
        while out.try_recv().is_ok() {}
        changes_tx.send(list_changed()).unwrap();
        let next = tokio::time::timeout(Duration::from_secs(5), out.recv()).await;
        match next {
            Ok(Some(Out::Note(n))) => {
                assert_eq!(n["method"], "notifications/resources/list_changed")
            }
            other => panic!("the stream goes on after falling behind: {other:?}"),
        }
        drop(out);
        changes_tx.send(list_changed()).unwrap();
        tokio::time::timeout(Duration::from_secs(5), delivering)
            .await
            .expect("a stream ends once its client has gone")
            .unwrap();
    }
}

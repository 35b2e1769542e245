//! The tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) of
//! revision 2026-07-28: a `tools/call` answered at once with a task that
//! the client polls.
//!
//! A tool declares whether its calls may become tasks
//! ([`TaskSupport`]). A call of such a tool, from a request that declared
//! the extension in its `_meta`, runs on a runtime task of its own
//! ([`serve`]) so that it can outlive its request. When the tool asks to
//! start a task (`Notifier::start_task`), the task enters the store
//! ([`Tasks`]) — so `tasks/get` finds it before the client hears of it —
//! and the request is answered `resultType: "task"`; the call goes on, and
//! its answer becomes the task's `result` (`completed`) or its JSON-RPC
//! `error` (`failed`). A call that never asks answers its request as any
//! call does.
//!
//! A task's call that asks its client without an answer ends its round as
//! a stateless request's does (`input`): the task is `input_required` with
//! those questions until `tasks/update` has answered every one, then the
//! call runs again from the start with all the answers, in the same image
//! session. `tasks/cancel` marks the task `cancelled` and stops its call
//! as `notifications/cancelled` stops a session's.
//!
//! Each change of a task's status is also sent on the store's channel,
//! which `subscriptions/listen` streams naming the task turn into
//! `notifications/tasks` (`listen`).
//!
//! A task is bound to the authenticated user who started it: another
//! user's `tasks/get` finds nothing. The store holds at most
//! [`TaskLimits::max`] tasks, of which
//! [`TaskLimits::max_unfinished_per_caller`] unfinished per caller (a call
//! that would pass a cap goes on as an ordinary call), and forgets a
//! finished task its [`TaskLimits::ttl`] after it was created; a task
//! still waiting for input then is cancelled.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use gs_toolset::TaskSupport;
use serde_json::{Map, Value, json};
use tokio::sync::{Notify, oneshot};

use super::{Prepared, Requester, Served, Stateless, Throwaway, serve_in};
use crate::caps::{Cap, Held};
use crate::input::InputRound;
use crate::protocol::{self, Answer, INTERNAL_ERROR, INVALID_PARAMS};
use crate::session::Caller;
use crate::{Router, Session, TaskLimits};

/// The extension's identifier, in capabilities.
pub(crate) const EXTENSION: &str = "io.modelcontextprotocol/tasks";

/// The methods the extension adds.
pub(crate) const METHODS: [&str; 3] = ["tasks/get", "tasks/update", "tasks/cancel"];

/// How often a client is asked to poll.
const POLL_INTERVAL_MS: u64 = 500;

/// True when the request's `_meta` declares the extension among the
/// client's capabilities.
pub(crate) fn declared(params: &Map<String, Value>) -> bool {
    params
        .get("_meta")
        .and_then(|m| m.get(super::META_CAPABILITIES))
        .and_then(|c| c.get("extensions"))
        .and_then(|e| e.get(EXTENSION))
        .is_some()
}

/// The -32021 answer to a request that needs the extension and did not
/// declare it.
pub(crate) fn missing_extension(id: &Value, why: &str) -> Answer {
    protocol::error_with(
        id,
        super::MISSING_CLIENT_CAPABILITY,
        &format!(
            "Missing required client capability: {why} needs the `{EXTENSION}` extension, which \
             the request's _meta did not declare (add it under clientCapabilities.extensions)"
        ),
        &json!({"requiredCapabilities": {"extensions": {EXTENSION: {}}}}),
    )
}

/// Whether a stateless `request` may become a task: true for a
/// `tools/call` of a tool with task support from a request that declared
/// the extension. A tool that runs only as a task, called without it, is
/// refused (-32021) before any image session is opened or taken for it.
pub(crate) fn may_become_task(router: &Router, request: &Stateless) -> Result<bool, Answer> {
    if request.method != "tools/call" {
        return Ok(false);
    }
    let support = request
        .params
        .get("name")
        .and_then(Value::as_str)
        .and_then(|name| router.broker.surface().lookup(name))
        .map_or(TaskSupport::Forbidden, |(_, tool)| tool.task_support);
    match (support, declared(&request.params)) {
        (TaskSupport::Forbidden, _) => Ok(false),
        (TaskSupport::Required, false) => Err(missing_extension(
            &request.id,
            "this tool, which runs only as a task,",
        )),
        (_, declared) => Ok(declared),
    }
}

/// How many status changes a listen stream may fall behind before it
/// misses some (`tasks/get` still has the latest).
const CHANGE_BACKLOG: usize = 256;

/// A task's status changed: the task as `tasks/get` answers it now.
#[derive(Debug)]
pub(crate) struct TaskChange {
    pub(crate) id: String,
    pub(crate) task: Value,
}

/// The tasks the server holds, by id, and the channel of their changes.
pub(crate) struct Tasks {
    limits: TaskLimits,
    by_id: Mutex<HashMap<String, Arc<Task>>>,
    changes: tokio::sync::broadcast::Sender<Arc<TaskChange>>,
    /// What the tasks' results, errors and answers hold, under
    /// [`TaskLimits::total_bytes`].
    bytes: Arc<Cap>,
}

impl Tasks {
    /// An empty store under `limits`.
    pub(crate) fn new(limits: TaskLimits) -> Tasks {
        Tasks {
            limits,
            by_id: Mutex::default(),
            changes: tokio::sync::broadcast::channel(CHANGE_BACKLOG).0,
            bytes: Cap::new(limits.total_bytes),
        }
    }

    /// The channel of every task's status changes.
    pub(crate) fn changes(&self) -> tokio::sync::broadcast::Receiver<Arc<TaskChange>> {
        self.changes.subscribe()
    }

    /// Why `what` is not kept: it would take what the tasks hold past
    /// [`TaskLimits::total_bytes`].
    fn past_total(&self, what: &str) -> String {
        format!(
            "{what} would take what the server's tasks hold past its maximum of {} bytes; retry \
             once other tasks are forgotten (the operator can raise tasks.total_bytes)",
            self.bytes.max()
        )
    }

    /// True when the store holds task `id` for `user`.
    pub(crate) fn holds(&self, id: &str, user: Option<&str>) -> bool {
        self.find(id, user).is_some()
    }

    fn table(&self) -> MutexGuard<'_, HashMap<String, Arc<Task>>> {
        self.by_id.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Puts `task` in the store; false when a cap is reached. Finished
    /// tasks past their TTL are forgotten first.
    fn insert(&self, task: &Arc<Task>) -> bool {
        let mut table = self.table();
        table.retain(|_, t| !t.expired());
        let running = table
            .values()
            .filter(|t| t.caller == task.caller && !t.state().status.terminal())
            .count();
        if table.len() >= self.limits.max || running >= self.limits.max_unfinished_per_caller {
            return false;
        }
        table.insert(task.id.clone(), task.clone());
        true
    }

    /// The task `id`, if the store holds it for `user` and it has not
    /// expired.
    fn find(&self, id: &str, user: Option<&str>) -> Option<Arc<Task>> {
        let mut table = self.table();
        let task = table.get(id)?.clone();
        if task.expired() {
            table.remove(id);
            return None;
        }
        (task.user.as_deref() == user).then_some(task)
    }
}

/// Where a task stands.
#[derive(Debug, Clone)]
enum Status {
    Working,
    InputRequired,
    Completed(Value),
    Failed(Value),
    Cancelled,
}

impl Status {
    fn name(&self) -> &'static str {
        match self {
            Status::Working => "working",
            Status::InputRequired => "input_required",
            Status::Completed(_) => "completed",
            Status::Failed(_) => "failed",
            Status::Cancelled => "cancelled",
        }
    }

    fn terminal(&self) -> bool {
        matches!(
            self,
            Status::Completed(_) | Status::Failed(_) | Status::Cancelled
        )
    }
}

/// One task.
pub(crate) struct Task {
    id: String,
    /// Where its status changes go.
    changes: tokio::sync::broadcast::Sender<Arc<TaskChange>>,
    /// How long it is kept after its creation.
    ttl: Duration,
    user: Option<String>,
    caller: Caller,
    created: SystemTime,
    born: Instant,
    state: Mutex<TaskState>,
    /// Wakes the task's runner: answers came, or it was cancelled.
    changed: Notify,
}

struct TaskState {
    status: Status,
    message: Option<String>,
    updated: SystemTime,
    /// The questions asked and not answered yet, by key (`{method,
    /// params}`).
    outstanding: Map<String, Value>,
    /// Every answer given, by key, for the call's next round.
    answers: Map<String, Value>,
    /// The session and request id of the round running now, to stop it.
    running: Option<(Arc<Session>, Value)>,
    /// What its result or error and its answers hold of
    /// [`TaskLimits::total_bytes`], given back when it is forgotten.
    held: Held,
}

impl Task {
    fn new(tasks: &Tasks, requester: &Requester) -> Result<Task, String> {
        Ok(Task {
            id: crate::lifetime::new_session_id()?,
            changes: tasks.changes.clone(),
            ttl: tasks.limits.ttl,
            user: requester.user().map(str::to_string),
            caller: Caller::of(requester.principal.as_deref(), requester.peer),
            created: SystemTime::now(),
            born: Instant::now(),
            state: Mutex::new(TaskState {
                status: Status::Working,
                message: None,
                updated: SystemTime::now(),
                outstanding: Map::new(),
                answers: Map::new(),
                running: None,
                held: tasks.bytes.hold_nothing(),
            }),
            changed: Notify::new(),
        })
    }

    fn state(&self) -> MutexGuard<'_, TaskState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn expired(&self) -> bool {
        self.born.elapsed() >= self.ttl && self.state().status.terminal()
    }

    /// Moves a task not yet finished to its end, `status`, with `message`
    /// as its status message (none: the tool's message while it worked is
    /// dropped); a finished one stays as it ended.
    fn settle(&self, status: Status, message: Option<String>) {
        let mut st = self.state();
        if st.status.terminal() {
            return;
        }
        st.status = status;
        st.message = message;
        st.updated = SystemTime::now();
        st.outstanding.clear();
        drop(st);
        self.changed.notify_one();
        self.announce();
    }

    /// Sends the task's status to the listen streams (none may listen).
    fn announce(&self) {
        let change = TaskChange {
            id: self.id.clone(),
            task: self.json(true),
        };
        let _ = self.changes.send(Arc::new(change));
    }

    /// The task as the extension shows it; `detailed` adds what its status
    /// carries (questions, result, error), as `tasks/get` answers.
    fn json(&self, detailed: bool) -> Value {
        let st = self.state();
        let mut task = json!({
            "taskId": self.id,
            "status": st.status.name(),
            "createdAt": iso8601(self.created),
            "lastUpdatedAt": iso8601(st.updated),
            "ttlMs": u64::try_from(self.ttl.as_millis()).unwrap_or(u64::MAX),
            "pollIntervalMs": POLL_INTERVAL_MS,
        });
        if let Some(m) = &st.message {
            task["statusMessage"] = json!(m);
        }
        if detailed {
            match &st.status {
                Status::InputRequired => {
                    task["inputRequests"] = Value::Object(st.outstanding.clone())
                }
                Status::Completed(result) => task["result"] = result.clone(),
                Status::Failed(error) => task["error"] = error.clone(),
                _ => {}
            }
        }
        task
    }
}

/// A call that may become a task, as its tool sees it through the
/// notifier (`Session::task`).
pub(crate) struct TaskRun {
    task: Arc<Task>,
    tasks: Arc<Tasks>,
    /// Told once, when the task starts, so its request is answered; taken
    /// then, so `None` means started.
    on_start: Mutex<Option<oneshot::Sender<()>>>,
}

impl TaskRun {
    /// Starts the task (see `Notifier::start_task`): true when the call
    /// now runs as one, false when the store is full.
    pub(crate) fn start(&self, message: Option<&str>) -> bool {
        let mut on_start = self.on_start();
        if on_start.is_none() {
            return true;
        }
        if let Some(m) = message {
            self.task.state().message = Some(m.to_string());
        }
        if !self.tasks.insert(&self.task) {
            return false;
        }
        if let Some(tell) = on_start.take() {
            let _ = tell.send(());
        }
        true
    }

    fn on_start(&self) -> MutexGuard<'_, Option<oneshot::Sender<()>>> {
        self.on_start.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn started(&self) -> bool {
        self.on_start().is_none()
    }
}

/// Serves a request that may become a task: its call runs on a runtime
/// task of its own, holding `throwaway` (or, in a kept session, the
/// session's turn) until the call, and the task if it starts one, ends.
/// The future answers the request: with the task's handle once it
/// starts, else with the call's own answer.
pub(super) fn serve(
    router: Arc<Router>,
    session: Arc<Session>,
    requester: &Requester,
    request: Stateless,
    prepared: Prepared,
    throwaway: Option<Throwaway>,
) -> Result<Served, String> {
    let task = Arc::new(Task::new(&router.tasks, requester)?);
    let (tell, started) = oneshot::channel();
    let run = Arc::new(TaskRun {
        task: task.clone(),
        tasks: router.tasks.clone(),
        on_start: Mutex::new(Some(tell)),
    });
    let id = request.id.clone();
    let runner = tokio::spawn(run_rounds(
        router,
        session,
        request,
        prepared,
        run.clone(),
        throwaway,
    ));
    let stop_unstarted = StopUnstarted {
        run,
        runner: runner.abort_handle(),
    };
    Ok(Box::pin(async move {
        let _stop = stop_unstarted;
        let mut runner = runner;
        tokio::select! {
            biased;
            Ok(()) = started => Some(protocol::result(&id, created(&task))),
            answer = &mut runner => answer.unwrap_or_else(|_| {
                Some(protocol::error(
                    &id,
                    crate::protocol::INTERNAL_ERROR,
                    "the call ended without an answer (see the server's log)",
                ))
            }),
        }
    }))
}

/// The `CreateTaskResult`: the task, flat, with `resultType: "task"`.
fn created(task: &Task) -> Value {
    let mut result = task.json(false);
    result["resultType"] = json!("task");
    result
}

/// Stops the call of a request dropped (its client went away) before its
/// task started, as a dropped request's call is stopped; a started task
/// runs on.
struct StopUnstarted {
    run: Arc<TaskRun>,
    runner: tokio::task::AbortHandle,
}

impl Drop for StopUnstarted {
    fn drop(&mut self) {
        if !self.run.started() {
            self.runner.abort();
        }
    }
}

/// Marks a started task cancelled if its runner ends without settling it
/// (aborted, or a panic).
struct SettleOnDrop(Arc<TaskRun>);

impl Drop for SettleOnDrop {
    fn drop(&mut self) {
        if self.0.started() {
            self.0.task.settle(
                Status::Cancelled,
                Some("the task's call ended without an answer".into()),
            );
        }
    }
}

/// Ends a session's service of a task, however its runner ends.
struct InTask(Arc<Session>);

impl Drop for InTask {
    fn drop(&mut self) {
        self.0.state().in_task = false;
    }
}

/// Runs the call round by round until it answers; before the task
/// starts, the answer is the request's, after it the task's.
async fn run_rounds(
    router: Arc<Router>,
    session: Arc<Session>,
    request: Stateless,
    prepared: Prepared,
    run: Arc<TaskRun>,
    throwaway: Option<Throwaway>,
) -> Option<Answer> {
    // A throwaway session is this call's alone; a kept one serves its
    // requests in turn, this task's rounds included.
    let _turn = match throwaway {
        Some(_) => None,
        None => Some(session.turn.lock().await),
    };
    let _throwaway = throwaway;
    let _settle = SettleOnDrop(run.clone());
    let _in_task = InTask(session.clone());
    let binding = prepared.binding.clone();
    run.task.state().answers = prepared
        .round
        .as_ref()
        .map(InputRound::answers)
        .unwrap_or_default();
    let Stateless {
        id,
        method,
        params,
        arguments,
        notes,
    } = request;
    let mut notes = notes;
    let mut prepared = Some(prepared);
    loop {
        let mut this = prepared.take().unwrap_or_else(|| Prepared {
            binding: binding.clone(),
            round: Some(InputRound::answered(run.task.state().answers.clone())),
            task: None,
        });
        this.task = Some(run.clone());
        run.task.state().running = Some((session.clone(), id.clone()));
        let round = Stateless {
            id: id.clone(),
            method: method.clone(),
            params: params.clone(),
            arguments: arguments.clone(),
            // A task's notifications have no stream to go to.
            notes: notes.take().filter(|_| !run.started()),
        };
        let answer = serve_in(&router, &session, round, this).await;
        run.task.state().running = None;
        if !run.started() {
            return answer;
        }
        session.state().in_task = true;
        let Some(answer) = answer else {
            run.task.settle(Status::Cancelled, None);
            return None;
        };
        let value: Value = serde_json::from_slice(answer.json()).unwrap_or(Value::Null);
        let result = value.get("result").cloned().unwrap_or_else(|| json!({}));
        if value.get("error").is_none()
            && result
                .get("resultType")
                .is_some_and(|t| t == "input_required")
        {
            let questions = result
                .get("inputRequests")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            if await_answers(&run.task, questions).await {
                continue;
            }
            return None;
        }
        let size = answer.json().len();
        if !run.task.state().held.grow(size) {
            let message = run
                .tasks
                .past_total(&format!("the task's result of {size} bytes"))
                + "; or call the tool without the tasks extension to receive its answer directly";
            let error = json!({"code": INTERNAL_ERROR, "message": message});
            run.task.settle(Status::Failed(error), Some(message));
        } else if let Some(error) = value.get("error") {
            let message = error
                .get("message")
                .and_then(Value::as_str)
                .map(str::to_string);
            run.task.settle(Status::Failed(error.clone()), message);
        } else {
            run.task.settle(Status::Completed(result), None);
        }
        return None;
    }
}

/// Waits until the client has answered every question (true), or the task
/// was cancelled or expired waiting (false).
async fn await_answers(task: &Task, questions: Map<String, Value>) -> bool {
    {
        let mut st = task.state();
        if st.status.terminal() {
            return false;
        }
        st.outstanding = questions;
        st.status = Status::InputRequired;
        st.updated = SystemTime::now();
    }
    task.announce();
    let expiry = tokio::time::sleep_until((task.born + task.ttl).into());
    tokio::pin!(expiry);
    loop {
        {
            let mut st = task.state();
            if st.status.terminal() {
                return false;
            }
            if st.outstanding.is_empty() {
                st.status = Status::Working;
                return true;
            }
        }
        tokio::select! {
            () = task.changed.notified() => {}
            () = &mut expiry => {
                task.settle(
                    Status::Cancelled,
                    Some("the task expired waiting for the client's input".into()),
                );
                return false;
            }
        }
    }
}

/// Answers `tasks/get`, `tasks/update` or `tasks/cancel` (`request`), from
/// a request that declared the extension.
pub(crate) fn answer(router: &Arc<Router>, requester: &Requester, request: &Stateless) -> Answer {
    let id = &request.id;
    if !declared(&request.params) {
        return missing_extension(id, &format!("`{}`", request.method));
    }
    let Some(task_id) = request.params.get("taskId").and_then(Value::as_str) else {
        return protocol::error(
            id,
            INVALID_PARAMS,
            "Invalid params: params.taskId must be the taskId a tools/call answered",
        );
    };
    let Some(task) = router.tasks.find(task_id, requester.user()) else {
        return protocol::error(
            id,
            INVALID_PARAMS,
            &format!(
                "Invalid params: no task `{}`: it was never created for you, or it ended more \
                 than {} s after its creation and was forgotten",
                crate::input::cut(task_id),
                router.settings.tasks.ttl.as_secs()
            ),
        );
    };
    match request.method.as_str() {
        "tasks/get" => protocol::result(id, task.json(true)),
        "tasks/update" => update(&router.tasks, &task, id, &request.params),
        _ => cancel(router, &task, id),
    }
}

/// Takes the client's answers to the task's outstanding questions; an
/// answer to a key not outstanding is ignored.
fn update(tasks: &Tasks, task: &Task, id: &Value, params: &Map<String, Value>) -> Answer {
    let Some(responses) = params.get("inputResponses").and_then(Value::as_object) else {
        return protocol::error(
            id,
            INVALID_PARAMS,
            "Invalid params: params.inputResponses must be an object of the client's results, \
             by the keys of the task's inputRequests",
        );
    };
    let mut st = task.state();
    if let Some(key) = responses
        .iter()
        .find(|(k, v)| st.outstanding.contains_key(*k) && !v.is_object())
        .map(|(k, _)| k)
    {
        return protocol::error(
            id,
            INVALID_PARAMS,
            &format!(
                "Invalid params: inputResponses.{} must be the client's result (an object)",
                crate::input::cut(key)
            ),
        );
    }
    let size: usize = responses
        .iter()
        .filter(|(k, _)| st.outstanding.contains_key(*k))
        .map(|(k, answer)| k.len() + gs_toolset::json_size(answer))
        .sum();
    if !st.held.grow(size) {
        let why = tasks.past_total(&format!("these answers of {size} bytes"));
        return protocol::error(id, INTERNAL_ERROR, &why);
    }
    for (key, answer) in responses {
        if st.outstanding.remove(key).is_some() {
            st.answers.insert(key.clone(), answer.clone());
        }
    }
    let resumed = matches!(st.status, Status::InputRequired) && st.outstanding.is_empty();
    if resumed {
        st.status = Status::Working;
        st.updated = SystemTime::now();
    }
    drop(st);
    task.changed.notify_one();
    if resumed {
        task.announce();
    }
    protocol::result(id, json!({}))
}

/// Cancels the task (a finished one stays as it ended) and stops its
/// call, if one runs.
fn cancel(router: &Arc<Router>, task: &Task, id: &Value) -> Answer {
    task.settle(Status::Cancelled, Some("cancelled by the client".into()));
    let running = task.state().running.clone();
    if let Some((session, request)) = running {
        router.cancel_request(&session, &request);
    }
    protocol::result(id, json!({}))
}

/// `at` in ISO 8601, UTC, to the millisecond.
fn iso8601(at: SystemTime) -> String {
    let since = at.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60,
        since.subsec_millis()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_iso_8601_utc() {
        assert_eq!(iso8601(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let at = UNIX_EPOCH + Duration::from_millis(1_764_979_200_123);
        assert_eq!(iso8601(at), "2025-12-06T00:00:00.123Z");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400 + 3661);
        assert_eq!(iso8601(leap), "2000-02-29T01:01:01.000Z");
    }

    #[test]
    fn a_caller_holds_at_most_its_cap_of_unfinished_tasks() {
        let limits = TaskLimits {
            max: 6,
            max_unfinished_per_caller: 4,
            ..TaskLimits::default()
        };
        let tasks = Tasks::new(limits);
        let from = |last: u8| Requester {
            peer: Some(std::net::IpAddr::from([10, 0, 0, last])),
            principal: None,
        };
        let mine: Vec<Arc<Task>> = (0..limits.max_unfinished_per_caller)
            .map(|_| Arc::new(Task::new(&tasks, &from(1)).unwrap()))
            .collect();
        assert!(mine.iter().all(|t| tasks.insert(t)));
        let one_more = Arc::new(Task::new(&tasks, &from(1)).unwrap());
        assert!(!tasks.insert(&one_more), "over the caller's cap");
        assert!(tasks.insert(&Arc::new(Task::new(&tasks, &from(2)).unwrap())));
        mine[0].settle(Status::Completed(json!({})), None);
        assert!(tasks.insert(&one_more), "a finished task frees a place");
        assert!(tasks.find(&one_more.id, None).is_some());
        assert!(tasks.find(&one_more.id, Some("someone")).is_none());
        // Six held: the server's cap, whoever asks.
        assert!(!tasks.insert(&Arc::new(Task::new(&tasks, &from(3)).unwrap())));
    }

    #[test]
    fn the_extension_is_read_from_the_requests_capabilities() {
        let with =
            json!({"_meta": {super::super::META_CAPABILITIES: {"extensions": {EXTENSION: {}}}}});
        assert!(declared(with.as_object().unwrap()));
        let without = json!({"_meta": {super::super::META_CAPABILITIES: {"elicitation": {}}}});
        assert!(!declared(without.as_object().unwrap()));
    }
}

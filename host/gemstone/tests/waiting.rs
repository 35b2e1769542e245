//! Doits that wait on the async runtime ([`ImageSession::execute_waiting`])
//! on the test stone (gs-teststone, a test double for GemStone): they
//! answer what a doit on a thread answers, a cancel breaks them, and many
//! long ones in flight at once hold no thread of this process.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use gs_toolset::{CancelToken, Doit, ErrorKind, ImageSession, ToolError};

/// A runtime with one thread: whatever runs concurrently on it waits
/// without a thread of its own.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn waiting(s: &dyn ImageSession, code: &str, cancel: &CancelToken) -> Result<Doit, ToolError> {
    runtime().block_on(async {
        s.execute_waiting(code, cancel)
            .expect("inside a runtime, the backend waits there")
            .await
    })
}

/// The threads of this process, as the kernel counts them.
fn threads() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("a Threads line")
}

#[test]
fn a_waiting_doit_answers_as_one_on_a_thread() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let doits = [
        "3 + 4",
        "Transcript show: 'hello'. 6 * 7",
        "String new: 300000 withAll: $y",
        "Transcript show: (String new: 300000 withAll: $t). 1",
        "1/0",
        "3 +",
        "Account new",
    ];
    for code in doits {
        let on_thread = s.execute(code, &CancelToken::new());
        let on_runtime = waiting(&s, code, &CancelToken::new());
        match (on_thread, on_runtime) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{code}"),
            (Err(a), Err(b)) => {
                assert_eq!(a.kind, b.kind, "{code}");
                assert_eq!(a.message, b.message, "{code}");
                assert_eq!(a.details, b.details, "{code}");
            }
            (a, b) => panic!("{code}: on a thread {a:?}, on the runtime {b:?}"),
        }
    }
}

#[test]
fn outside_a_runtime_the_backend_leaves_the_doit_to_a_thread() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    assert!(s.execute_waiting("3 + 4", &CancelToken::new()).is_none());
    assert!(!s.needs_own_worker(), "its blocking work may share a pool");
}

#[test]
fn a_cancelled_waiting_doit_is_broken_and_the_session_goes_on() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let (cancel, t) = common::cancel_after(Duration::from_millis(200));
    let started = Instant::now();
    let e = waiting(&s, "[true] whileTrue: [3 + 4]", &cancel).unwrap_err();
    t.join().unwrap();
    assert_eq!(e.kind, ErrorKind::Cancelled, "{e}");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(!s.is_dead());
    let seven = waiting(&s, "3 + 4", &CancelToken::new()).unwrap();
    assert_eq!(seven.print_string, "7");
}

#[test]
fn a_lost_connection_ends_a_waiting_doit_and_the_session() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let rt = runtime();
    let cancel = CancelToken::new();
    let e = rt.block_on(async {
        let doit = s
            .execute_waiting("(Delay forSeconds: 30) wait", &cancel)
            .unwrap();
        let drop_them = async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            running
                .test_stone
                .command(gs_teststone::Command::DropConnections);
            std::future::pending::<()>().await
        };
        tokio::select! {
            answer = doit => answer.unwrap_err(),
            _ = drop_them => unreachable!(),
        }
    });
    assert!(
        e.message
            .contains("connection to the GemStone stone was lost"),
        "{e}"
    );
    assert!(s.is_lost(), "the server is told to end the MCP session");
}

#[test]
fn many_long_doits_in_flight_hold_no_thread() {
    const SESSIONS: usize = 40;
    let (_stone, backend) = common::start_process();
    let sessions: Vec<_> = (0..SESSIONS)
        .map(|_| Arc::new(backend.login(None).expect("a login")))
        .collect();
    let rt = runtime();
    let before = threads();
    let started = Instant::now();
    let (answers, during) = rt.block_on(async {
        let mut doits = tokio::task::JoinSet::new();
        for s in &sessions {
            let s = Arc::clone(s);
            doits.spawn(async move {
                let cancel = CancelToken::new();
                s.execute_waiting("(Delay forMilliseconds: 2000) wait. #slept", &cancel)
                    .unwrap()
                    .await
            });
        }
        tokio::time::sleep(Duration::from_millis(1000)).await;
        let during = threads();
        (doits.join_all().await, during)
    });
    let elapsed = started.elapsed();
    assert_eq!(answers.len(), SESSIONS);
    for answer in answers {
        assert_eq!(answer.unwrap().print_string, "#'slept'");
    }
    assert!(
        during <= before,
        "{SESSIONS} doits in flight: {during} threads, {before} before"
    );
    // Waiting one after another would take 80 s.
    assert!(
        elapsed < Duration::from_secs(40),
        "the doits waited together: {elapsed:?}"
    );
}

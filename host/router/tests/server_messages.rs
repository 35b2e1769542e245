//! Server-initiated messages and stopping calls, over a real loopback
//! socket: the outbox's overflow policy, server-to-client requests matched
//! to the responses the client POSTs, and the soft break → hard break →
//! close escalation behind `notifications/cancelled` and request deadlines.

mod common;

use std::time::{Duration, Instant};

use common::*;
use gs_router::SessionLifetime;
use gs_router::{ClientAnswer, OUTBOX_CAP, PENDING_CAP, SendRefused};
use serde_json::json;

#[test]
fn a_full_outbox_drops_the_oldest_message_not_the_newest() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let session = s.router.session(&sid).unwrap();
        // No stream yet: everything waits in the outbox, which holds 256.
        let sent = OUTBOX_CAP as u64 + 44;
        for n in 0..sent {
            assert!(s.router.send_notification(
                &session,
                "notifications/message",
                Some(json!({"level": "info", "data": n})),
            ));
        }
        assert_eq!(session.outbox_dropped(), 44);
        let mut stream = EventStream::open(s.addr, &sid).await;
        let first = stream.next().await;
        assert_eq!(first["method"], "notifications/message");
        assert_eq!(first["params"]["data"], 44, "the 44 oldest were dropped");
        let mut last = first;
        for _ in 1..OUTBOX_CAP {
            last = stream.next().await;
        }
        assert_eq!(last["params"]["data"], sent - 1, "the newest was kept");
        // Later messages flow straight through the open stream.
        s.router.send_notification(
            &session,
            "notifications/message",
            Some(json!({"data": "x"})),
        );
        assert_eq!(stream.next().await["params"]["data"], "x");
    });
}

#[test]
fn a_server_request_is_settled_by_the_response_the_client_posts() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let other = initialize(s.addr).await;
        let session = s.router.session(&sid).unwrap();
        let mut stream = EventStream::open(s.addr, &sid).await;

        let asked = s.router.send_request(&session, "roots/list", None).unwrap();
        let seen = stream.next().await;
        assert_eq!(seen["method"], "roots/list");
        assert_eq!(seen["jsonrpc"], "2.0");
        assert_eq!(seen["id"], asked.id());
        assert!(asked.id().starts_with("srv-"));
        let id = asked.id().to_string();

        // An id the session never sent, an integer id, and this id posted
        // on another session: each acknowledged 202 and matched to nothing.
        for (on, answer_id) in [
            (&sid, json!("srv-999999")),
            (&sid, json!(7)),
            (&other, json!(id)),
        ] {
            let r = post(
                s.addr,
                Some(on),
                &json!({"jsonrpc": "2.0", "id": answer_id, "result": {}}),
            )
            .await;
            assert_eq!(r.status, 202);
            assert!(r.body.is_empty());
        }
        assert_eq!(session.pending_requests(), 1);

        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": id, "result": {"roots": []}}),
        )
        .await;
        assert_eq!(r.status, 202);
        assert!(r.body.is_empty());
        assert_eq!(
            asked.answer().await,
            ClientAnswer::Result(json!({"roots": []}))
        );
        assert_eq!(session.pending_requests(), 0);

        // An error response settles its request too.
        let asked = s
            .router
            .send_request(
                &session,
                "sampling/createMessage",
                Some(json!({"messages": []})),
            )
            .unwrap();
        let seen = stream.next().await;
        assert_eq!(seen["params"], json!({"messages": []}));
        let error = json!({"code": -32601, "message": "Method not found"});
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": asked.id(), "error": error}),
        )
        .await;
        assert_eq!(r.status, 202);
        assert_eq!(asked.answer().await, ClientAnswer::Error(error));

        // A second answer to the same id is acknowledged and ignored.
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": id, "result": {}}),
        )
        .await;
        assert_eq!(r.status, 202);
    });
}

#[test]
fn server_requests_are_bounded_expire_and_end_with_the_session() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let session = s.router.session(&sid).unwrap();
        let start = Instant::now();
        let waiting: Vec<_> = (0..PENDING_CAP)
            .map(|_| s.router.send_request(&session, "ping", None).unwrap())
            .collect();
        assert_eq!(
            s.router.send_request(&session, "ping", None).unwrap_err(),
            SendRefused::TooManyPending(PENDING_CAP)
        );
        // 30 s without an answer: each is settled as timed out, and the
        // table has room again.
        assert!(
            s.router
                .maintain(start + Duration::from_secs(29), Duration::ZERO)
                .is_empty()
        );
        assert_eq!(session.pending_requests(), PENDING_CAP);
        s.router
            .maintain(start + Duration::from_secs(31), Duration::ZERO);
        for w in waiting {
            assert_eq!(w.answer().await, ClientAnswer::TimedOut);
        }
        assert_eq!(session.pending_requests(), 0);

        // DELETE settles what is still waiting, and refuses new requests.
        let waiting = s.router.send_request(&session, "ping", None).unwrap();
        let r = request(s.addr, "DELETE", &[("MCP-Session-Id", &sid)], b"").await;
        assert_eq!(r.status, 200);
        assert_eq!(waiting.answer().await, ClientAnswer::SessionEnded);
        assert_eq!(
            s.router.send_request(&session, "ping", None).unwrap_err(),
            SendRefused::SessionEnded
        );
    });
}

#[test]
fn a_request_dropped_by_a_full_outbox_is_settled_as_never_delivered() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let session = s.router.session(&sid).unwrap();
        let asked = s.router.send_request(&session, "roots/list", None).unwrap();
        for n in 0..OUTBOX_CAP {
            s.router
                .send_notification(&session, "notifications/message", Some(json!({"data": n})));
        }
        assert_eq!(asked.answer().await, ClientAnswer::Dropped);
        assert_eq!(session.pending_requests(), 0);
    });
}

#[test]
fn a_cancelled_call_that_outlasts_the_soft_break_ends_on_the_hard_break() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let calls = |r: Reply| r.json()["result"]["structuredContent"]["call"].clone();
        let r = call(
            s.addr,
            &sid,
            1,
            "list_classes",
            json!({"dictionary": "UserGlobals"}),
        )
        .await;
        assert_eq!(calls(r), 1);
        let addr = s.addr;
        let sid2 = sid.clone();
        let stubborn = tokio::spawn(async move {
            call(
                addr,
                &sid2,
                2,
                "stubborn",
                json!({"ms": 8000, "heed_after_ms": 2500}),
            )
            .await
        });
        tokio::time::sleep(Duration::from_millis(200)).await;
        let t = Instant::now();
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                    "params": {"requestId": 2, "reason": "Esc"}}),
        )
        .await;
        assert_eq!(r.status, 202);
        // The cancelled request itself gets no answer: a stream with no
        // events.
        let r = stubborn.await.unwrap();
        assert_eq!(r.status, 200);
        assert!(r.body.is_empty());
        // The session survives the hard break, with its toolset state for
        // the session started afresh (the call count restarts).
        let r = call(
            s.addr,
            &sid,
            3,
            "list_classes",
            json!({"dictionary": "UserGlobals"}),
        )
        .await;
        assert!(
            t.elapsed() >= Duration::from_millis(2400),
            "the next call waited for the stubborn one ({:?})",
            t.elapsed()
        );
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
        assert_eq!(calls(r), 1, "toolset state reset by the hard break");
    });
}

#[test]
fn a_call_that_runs_through_both_breaks_costs_the_session() {
    rt().block_on(async {
        let s = start(Options {
            sessions: SessionLifetime {
                request_timeout: Some(Duration::from_millis(300)),
                ..SessionLifetime::default()
            },
            ..Options::default()
        })
        .await;
        let sid = initialize(s.addr).await;
        let t = Instant::now();
        let r = call(s.addr, &sid, 9, "stubborn", json!({"ms": 6500})).await;
        // Answered at the deadline, with the request's own id.
        assert_eq!(r.json()["id"], 9);
        assert_eq!(r.json()["error"]["code"], -32001);
        assert!(t.elapsed() < Duration::from_secs(2));
        // Soft break, then hard break, both ignored: the session ends
        // about 5 s after the deadline.
        tokio::time::sleep(Duration::from_millis(3000)).await;
        assert!(
            s.router.session(&sid).is_some(),
            "not yet past the hard break"
        );
        tokio::time::sleep(Duration::from_millis(2800)).await;
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 10, "method": "ping"}),
        )
        .await;
        assert_eq!(r.status, 404);
    });
}

#[test]
fn cancelling_or_timing_out_breaks_running_smalltalk() {
    rt().block_on(async {
        let s = start(Options {
            sessions: SessionLifetime {
                request_timeout: Some(Duration::from_millis(500)),
                ..SessionLifetime::default()
            },
            ..Options::default()
        })
        .await;
        let sid = initialize(s.addr).await;
        let runaway = json!({"code": "[true] whileTrue: [3 + 4]"});

        // notifications/cancelled: the loop is broken, the request gets no
        // answer, and the session's next doit runs at once.
        let addr = s.addr;
        let sid2 = sid.clone();
        let args = runaway.clone();
        let looping = tokio::spawn(async move { call(addr, &sid2, 1, "doit", args).await });
        tokio::time::sleep(Duration::from_millis(150)).await;
        let t = Instant::now();
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                    "params": {"requestId": 1}}),
        )
        .await;
        assert_eq!(r.status, 202);
        let r = looping.await.unwrap();
        assert_eq!(r.status, 200);
        assert!(r.body.is_empty());
        let r = call(s.addr, &sid, 2, "doit", json!({"code": "3 + 4"})).await;
        assert_eq!(r.json()["result"]["content"][0]["text"], "7");
        assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());

        // The request deadline: -32001 with the request's id, the loop is
        // broken by the soft break, and the session goes on.
        let r = call(s.addr, &sid, 3, "doit", runaway).await;
        assert_eq!(r.json()["id"], 3);
        assert_eq!(r.json()["error"]["code"], -32001);
        let t = Instant::now();
        let r = call(s.addr, &sid, 4, "doit", json!({"code": "6 * 7"})).await;
        assert_eq!(r.json()["result"]["content"][0]["text"], "42");
        assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
        assert!(s.router.session(&sid).is_some());
    });
}

/// A call whose client went away (its connection closed before the answer)
/// runs on, since disconnection is no cancellation, but stays within
/// reach: `notifications/cancelled` naming it stops it, its request
/// deadline stops it, and `DELETE` of its session stops it.
#[test]
fn a_call_whose_client_went_away_is_still_stopped() {
    rt().block_on(async {
        let timeout = Duration::from_millis(700);
        let s = start(Options {
            sessions: SessionLifetime {
                request_timeout: Some(timeout),
                ..SessionLifetime::default()
            },
            ..Options::default()
        })
        .await;
        let sid = initialize(s.addr).await;
        let abandon = |id: i64| {
            let (addr, sid) = (s.addr, sid.clone());
            async move {
                let runaway = json!({"code": "[true] whileTrue: [3 + 4]"});
                let looping =
                    tokio::spawn(async move { call(addr, &sid, id, "doit", runaway).await });
                tokio::time::sleep(Duration::from_millis(150)).await;
                looping.abort();
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        };

        abandon(1).await;
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                    "params": {"requestId": 1}}),
        )
        .await;
        assert_eq!(r.status, 202);
        let r = call(s.addr, &sid, 2, "doit", json!({"code": "3 + 4"})).await;
        assert_eq!(
            r.json()["result"]["content"][0]["text"],
            "7",
            "{}",
            r.text()
        );

        abandon(3).await;
        tokio::time::sleep(timeout).await;
        let r = call(s.addr, &sid, 4, "doit", json!({"code": "6 * 7"})).await;
        assert_eq!(
            r.json()["result"]["content"][0]["text"],
            "42",
            "{}",
            r.text()
        );

        abandon(5).await;
        let session = s.router.session(&sid).unwrap();
        assert_eq!(session.calls_running(), 1);
        let r = request(s.addr, "DELETE", &[("MCP-Session-Id", &sid)], b"").await;
        assert_eq!(r.status, 200);
        let t = Instant::now();
        while session.calls_running() > 0 {
            assert!(t.elapsed() < Duration::from_secs(3), "the call runs on");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
}

/// With no request deadline, a call whose client went away does not keep
/// its session forever: it no longer counts as the session being in use,
/// so the idle timeouts end the session, and its call with it.
#[test]
fn an_abandoned_call_does_not_keep_an_idle_session() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let (addr, sid2) = (s.addr, sid.clone());
        let runaway = json!({"code": "[true] whileTrue: [3 + 4]"});
        let looping = tokio::spawn(async move { call(addr, &sid2, 1, "doit", runaway).await });
        tokio::time::sleep(Duration::from_millis(150)).await;
        looping.abort();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let session = s.router.session(&sid).unwrap();
        assert_eq!(session.calls_running(), 1);
        // Past the streamless idle timeout (60 s by default).
        let later = Instant::now() + Duration::from_secs(61);
        assert_eq!(s.router.maintain(later, Duration::ZERO), vec![sid.clone()]);
        let t = Instant::now();
        while session.calls_running() > 0 {
            assert!(t.elapsed() < Duration::from_secs(6), "the call runs on");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
}

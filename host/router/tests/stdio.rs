//! The stdio transport over a pipe: what the server sends first reaches the
//! client as lines on the same output, and the client's answer, written as
//! a line, settles the server's request.

mod common;

use std::time::Duration;

use common::*;
use gs_router::ClientAnswer;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

#[test]
fn server_requests_travel_over_stdio_and_the_answer_line_settles_them() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let s = start(Options::default()).await;
        let (mut client_in, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, client_out) = tokio::io::duplex(1 << 16);
        let served = tokio::spawn(gs_router::serve_stdio(
            s.router.clone(),
            BufReader::new(server_in),
            server_out,
        ));
        let mut lines = BufReader::new(client_out).lines();
        let mut read = async || -> Value {
            let line = tokio::time::timeout(Duration::from_secs(5), lines.next_line())
                .await
                .expect("a line within 5 s")
                .unwrap()
                .expect("the server's output is open");
            serde_json::from_str(&line).unwrap()
        };
        client_in
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\n")
            .await
            .unwrap();
        assert_eq!(read().await["id"], 1);
        let ids = s.router.session_ids();
        assert_eq!(ids.len(), 1);
        let session = s.router.session(&ids[0]).unwrap();

        let asked = s.router.send_request(&session, "roots/list", None).unwrap();
        let seen = read().await;
        assert_eq!(seen["method"], "roots/list");
        assert_eq!(seen["id"], asked.id());
        let answer = json!({"jsonrpc": "2.0", "id": asked.id(), "result": {"roots": []}});
        client_in
            .write_all(format!("{answer}\n").as_bytes())
            .await
            .unwrap();
        assert_eq!(
            asked.answer().await,
            ClientAnswer::Result(json!({"roots": []}))
        );

        // End of input ends the session and the transport.
        drop(client_in);
        served.await.unwrap().unwrap();
        assert_eq!(s.router.session_count(), 0);
    });
}

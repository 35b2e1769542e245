//! Accepting connections: the accept loop (TCP_NODELAY on every socket;
//! TLS when configured, plain HTTP on a TLS port answered 400 and closed),
//! each connection's places under the caps on connections (the server's
//! and its address's), its hyper connection, and the refusal of every
//! request once the server is stopping.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use hyper::{Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::Value;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::Router;
use crate::caps::{Cap, Held, KeyedCap, KeyedHeld};
use crate::protocol::{self, INVALID_REQUEST};
use crate::tls::Tls;

use super::{ResponseBody, SESSION_HEADER, closing, handle, header_str, json_error};

/// Serves `listener` until the task is dropped. Each connection runs on its
/// own task, so a slow client never blocks the accept loop.
pub async fn serve(listener: TcpListener, router: Arc<Router>) -> std::io::Result<()> {
    accept_loop(listener, router, None).await
}

/// [`serve`] over TLS: every connection must start with a TLS handshake
/// (with the configuration `tls` holds at that moment).
pub async fn serve_tls(
    listener: TcpListener,
    router: Arc<Router>,
    tls: Arc<Tls>,
) -> std::io::Result<()> {
    accept_loop(listener, router, Some(tls)).await
}

/// How long a connection may take to send its first byte and finish the
/// TLS handshake.
pub(super) const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(8);

pub(super) async fn accept_loop(
    listener: TcpListener,
    router: Arc<Router>,
    tls: Option<Arc<Tls>>,
) -> std::io::Result<()> {
    router.spawn_maintenance(Duration::from_secs(1));
    let connections = Cap::new(router.settings.http.max_connections);
    let per_address = router
        .settings
        .http
        .max_connections_per_address
        .map(KeyedCap::new);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(s) => s,
            // Running out of descriptors must not end the server.
            Err(e) => {
                eprintln!("gs-mcp: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Without it a response's second segment waits for the client's
        // delayed ACK (tens of milliseconds per call).
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let tls = tls.clone();
        let admission = admit(&connections, per_address.as_ref(), peer.ip());
        tokio::spawn(crate::repoll::Repoll::new(async move {
            match tls {
                None => connection(stream, router, peer, admission).await,
                Some(tls) => {
                    if let Some(s) = handshake(stream, &tls).await {
                        connection(s, router, peer, admission).await;
                    }
                }
            }
        }));
    }
}

/// The TLS side of a new connection. A client speaking plain HTTP (its
/// first byte is not a TLS handshake record) is answered 400 in clear
/// text, saying to use https, and the connection is closed.
pub(super) async fn handshake(
    mut stream: TcpStream,
    tls: &Tls,
) -> Option<tokio_rustls::server::TlsStream<TcpStream>> {
    let mut first = [0u8; 1];
    match tokio::time::timeout(HANDSHAKE_TIMEOUT, stream.peek(&mut first)).await {
        Ok(Ok(1)) => {}
        _ => return None,
    }
    // 0x16: a TLS handshake record.
    if first[0] != 0x16 {
        let body = protocol::error(
            &Value::Null,
            INVALID_REQUEST,
            "Bad Request: this port speaks HTTPS only; connect with https://",
        )
        .into_json();
        let head = format!(
            "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: \
             {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        let _ = stream.write_all(head.as_bytes()).await;
        let _ = stream.write_all(&body).await;
        let _ = stream.shutdown().await;
        return None;
    }
    let acceptor = tokio_rustls::TlsAcceptor::from(tls.config());
    match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await {
        Ok(Ok(s)) => Some(s),
        _ => None,
    }
}

/// Serves HTTP/1.1 on one connection until it closes, holding its `slot`
/// under the cap of `max` connections; without one, every request is
/// answered 503 and the connection closed.
/// A connection's places under the caps on connections, held while it
/// is open, or the cap it would pass.
pub(super) enum Admission {
    Served {
        _server: Held,
        _address: Option<KeyedHeld<IpAddr>>,
    },
    ServerFull(usize),
    AddressFull(usize),
}

/// Takes a place for a connection from `peer` under the server's cap and
/// its address's.
pub(super) fn admit(
    connections: &Arc<Cap>,
    per_address: Option<&Arc<KeyedCap<IpAddr>>>,
    peer: IpAddr,
) -> Admission {
    let Some(server) = connections.try_take(1) else {
        return Admission::ServerFull(connections.max());
    };
    let address = match per_address {
        None => None,
        Some(cap) => match cap.try_take(crate::session::client_address(peer)) {
            Some(address) => Some(address),
            None => return Admission::AddressFull(cap.max()),
        },
    };
    Admission::Served {
        _server: server,
        _address: address,
    }
}

pub(super) async fn connection<IO>(
    io: IO,
    router: Arc<Router>,
    peer: SocketAddr,
    admission: Admission,
) where
    IO: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let read_timeout = router.settings.http.read_timeout;
    let refusal = match &admission {
        Admission::Served { .. } => None,
        Admission::ServerFull(max) => Some((*max, false)),
        Admission::AddressFull(max) => Some((*max, true)),
    };
    let service = hyper::service::service_fn(move |req| {
        let router = router.clone();
        // Held for as long as the connection serves requests.
        let _admission = &admission;
        async move {
            if let Some((max, per_address)) = refusal {
                return Ok::<_, Infallible>(too_many_connections(max, per_address));
            }
            let Some(_answering) = router.stopping.admit() else {
                return Ok(stopping());
            };
            let traced = router
                .tracer
                .enabled()
                .then(|| header_str(req.headers(), &SESSION_HEADER).map(str::to_string));
            let origin = super::cors::configured_origin(&router, req.headers());
            let mut response = handle(router.clone(), req, peer).await;
            if let Some(origin) = origin {
                super::cors::expose(origin, &mut response);
            }
            if let Some(sid) = traced {
                let sid = sid.or_else(|| {
                    header_str(response.headers(), &SESSION_HEADER).map(str::to_string)
                });
                let body = match response.body() {
                    ResponseBody::Full(Some(b)) => b.as_ref(),
                    _ => b"",
                };
                router
                    .tracer
                    .line("<--", response.status().as_str(), sid.as_deref(), body);
            }
            Ok::<_, Infallible>(response)
        }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(read_timeout)
        .serve_connection(
            TokioIo::new(crate::timed::TimedIo::new(io, crate::timed::WRITE_TIMEOUT)),
            service,
        )
        .await;
}

/// The answer to a request that arrives once the server is stopping: the
/// client retries, against this server once it is back or another.
fn stopping() -> Response<ResponseBody> {
    closing(
        json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            &Value::Null,
            protocol::INTERNAL_ERROR,
            "Service Unavailable: the server is stopping and starts no new request; \
             retry once it is back",
        ),
        true,
    )
}

/// The answer to a request on a connection past a cap (`per_address`:
/// its address's, else the server's): 429 or 503, and the connection
/// closed once it is written.
pub(super) fn too_many_connections(max: usize, per_address: bool) -> Response<ResponseBody> {
    let (status, message) = match per_address {
        false => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "Service Unavailable: the server is serving its maximum of {max} connections; \
                 retry shortly (the operator can raise http.max_connections)"
            ),
        ),
        true => (
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too Many Requests: this address holds its maximum of {max} connections open; \
                 close some, or retry shortly (the operator can raise \
                 http.max_connections_per_address)"
            ),
        ),
    };
    closing(
        json_error(status, &Value::Null, protocol::INTERNAL_ERROR, &message),
        true,
    )
}

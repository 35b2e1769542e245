//! Outbound HTTP for plug-ins, by grant: wasi:http's outgoing handler,
//! with every request checked here before anything leaves the host.
//!
//! A request goes out only when
//!
//! - its scheme, host and port are one of the toolset's granted origins
//!   (`net = […]` in `toolsets.toml`; none by default);
//! - a host granted by name resolves to public addresses only — none
//!   loopback, private, link-local or otherwise not globally routable —
//!   and the connection goes to an address so checked, never to a second
//!   lookup's answer (so a name cannot be re-pointed at the host's own
//!   network between the check and the connection). A host granted as an
//!   IP address is the operator's explicit choice and may be any address;
//! - in a read-only call, its method is GET, HEAD or OPTIONS.
//!
//! Redirects are not followed: a plug-in that follows one sends a new
//! request, checked again. The response body is capped
//! ([`crate::Limits::net_response`]); connecting, the wait for the
//! response and every wait between body bytes end at the call's deadline
//! or when its caller cancels, so a plug-in blocked on the network is
//! stopped as a computing one is. An instance has at most
//! [`MAX_CONNECTIONS`] connections open at once (each holds a socket and
//! its buffers until its response is dropped, and a name lookup holds one
//! until the resolver answers, however soon the guest stopped waiting);
//! the process has at most [`MAX_LOOKUPS`] lookups in flight, each a
//! thread of tokio's blocking pool; one more of either is refused with
//! `connection-limit-reached`. A refusal reaches the guest as wasi:http's
//! `HTTP-request-denied`, `destination-IP-prohibited` or
//! `connection-limit-reached` error code, and the plug-in decides what to
//! tell its client.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};

use bytes::Bytes;
use gs_toolset::CancelToken;
use http_body_util::BodyExt;
use hyper::body::{Body, Frame, Incoming};
use hyper::{Method, Request, Response};
use tokio::net::TcpStream;
use wasmtime_wasi_http::io::TokioIo;
use wasmtime_wasi_http::{Error, RequestOptions, WasiBody, WasiHttpHooks};

use crate::config::NetGrant;
use crate::state::Pool;

/// The longest a connection (name lookup, TCP and TLS) may take when the
/// guest sets no timeout of its own; the call's deadline cuts it shorter.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How often a request in flight looks at its caller's cancel token (a
/// flag, which wakes nobody).
const CANCEL_CHECK: Duration = Duration::from_millis(20);
/// The most connections one instance may have open at once.
pub(crate) const MAX_CONNECTIONS: usize = 16;
/// The most name lookups all instances together may have in flight: each
/// holds a thread of tokio's blocking pool (which WASI's file I/O and the
/// image's calls share) until the system's resolver answers, however
/// soon the guest stopped waiting for it.
pub(crate) const MAX_LOOKUPS: usize = 64;

/// The answer a sent request resolves to, as wasmtime-wasi-http takes it:
/// the response, and the future that drives the connection after it.
type Sent = Result<
    (
        Response<WasiBody>,
        Box<dyn Future<Output = Result<(), Error>> + Send>,
    ),
    Error,
>;

/// The rules one request is checked against: the toolset's origins and
/// response cap, and the call it is made in.
#[derive(Clone, Default)]
pub(crate) struct NetRules {
    /// The granted origins.
    pub grants: Arc<[NetGrant]>,
    /// The cap on one response body, in bytes.
    pub response_cap: usize,
    /// When the call must stop; `None` outside a call (no request may go
    /// out then).
    pub deadline: Option<Instant>,
    /// The caller's cancel token.
    pub cancel: Option<CancelToken>,
    /// True in a read-only call: only GET, HEAD and OPTIONS go out.
    pub read_only: bool,
    /// The instance's connections open now.
    pub open: Arc<AtomicUsize>,
    /// The descriptors all instances' files and connections hold.
    pub descriptors: Arc<Pool>,
    /// How a granted name is resolved.
    pub resolver: Resolver,
}

/// Resolves a host name and port to addresses, blocking the thread.
type Resolve = dyn Fn(&str, u16) -> std::io::Result<Vec<SocketAddr>> + Send + Sync;

/// How granted names are resolved: the system's resolver unless a test
/// gives another.
#[derive(Clone)]
pub(crate) struct Resolver(pub Arc<Resolve>);

impl Default for Resolver {
    fn default() -> Resolver {
        Resolver(Arc::new(|host, port| {
            std::net::ToSocketAddrs::to_socket_addrs(&(host, port)).map(Iterator::collect)
        }))
    }
}

/// One of the [`MAX_LOOKUPS`] lookups in flight, given back when its
/// resolver answers.
struct LookupSlot;

/// The lookups in flight in the whole process.
static LOOKUPS: AtomicUsize = AtomicUsize::new(0);

impl LookupSlot {
    /// A slot, if fewer than [`MAX_LOOKUPS`] lookups are in flight.
    fn take() -> Option<LookupSlot> {
        LOOKUPS
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < MAX_LOOKUPS).then_some(n + 1)
            })
            .ok()
            .map(|_| LookupSlot)
    }
}

impl Drop for LookupSlot {
    fn drop(&mut self) {
        LOOKUPS.fetch_sub(1, Ordering::AcqRel);
    }
}

/// One of an instance's [`MAX_CONNECTIONS`], and one of the host's
/// descriptors, held while its connection is open.
struct ConnectionSlot {
    open: Arc<AtomicUsize>,
    descriptors: Arc<Pool>,
}

impl ConnectionSlot {
    /// A slot, if the instance has one free and the host a descriptor.
    fn take(rules: &NetRules) -> Option<ConnectionSlot> {
        if !rules.descriptors.reserve(1) {
            return None;
        }
        let taken = rules
            .open
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < MAX_CONNECTIONS).then_some(n + 1)
            });
        if taken.is_err() {
            rules.descriptors.release(1);
            return None;
        }
        Some(ConnectionSlot {
            open: rules.open.clone(),
            descriptors: rules.descriptors.clone(),
        })
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::AcqRel);
        self.descriptors.release(1);
    }
}

impl WasiHttpHooks for NetRules {
    fn send_request(
        &mut self,
        request: Request<WasiBody>,
        options: Option<RequestOptions>,
        _request_outcome: Box<dyn Future<Output = Result<(), Error>> + Send>,
    ) -> Box<dyn Future<Output = Sent> + Send> {
        let rules = self.clone();
        Box::new(async move {
            let Some(deadline) = rules.deadline else {
                return Err(Error::HttpRequestDenied);
            };
            let Some(slot) = ConnectionSlot::take(&rules) else {
                return Err(Error::ConnectionLimitReached);
            };
            let slot = Arc::new(slot);
            let stop = Stop {
                deadline,
                cancel: rules.cancel.clone(),
            };
            let (response, driver) = stop
                .bound(send(request, options, &rules, &slot, stop.clone()))
                .await?;
            // The connection is open for as long as its driver runs.
            let driver = async move {
                let _slot = slot;
                Box::into_pin(driver).await
            };
            Ok((
                response,
                Box::new(driver) as Box<dyn Future<Output = _> + Send>,
            ))
        })
    }

    fn p2_outgoing_body_chunk_size(&mut self) -> usize {
        crate::handles::BODY_CHUNK
    }
}

/// When a request in flight must end: the call's deadline or its
/// caller's cancellation.
#[derive(Clone)]
struct Stop {
    deadline: Instant,
    cancel: Option<CancelToken>,
}

impl Stop {
    /// Resolves when the call must stop.
    async fn reached(&self) {
        loop {
            if self.cancel.as_ref().is_some_and(CancelToken::is_cancelled) {
                return;
            }
            let now = Instant::now();
            if now >= self.deadline {
                return;
            }
            tokio::time::sleep((self.deadline - now).min(CANCEL_CHECK)).await;
        }
    }

    /// `work`, unless the call must stop first.
    async fn bound<T>(&self, work: impl Future<Output = Result<T, Error>>) -> Result<T, Error> {
        tokio::select! {
            answer = work => answer,
            () = self.reached() => Err(Error::ConnectionTerminated),
        }
    }
}

/// Checks `request` against `rules`, connects to a checked address and
/// sends it, on the connection `slot` counts.
async fn send(
    mut request: Request<WasiBody>,
    options: Option<RequestOptions>,
    rules: &NetRules,
    slot: &Arc<ConnectionSlot>,
    stop: Stop,
) -> Sent {
    let uri = request.uri().clone();
    let https = match uri.scheme_str() {
        Some("https") => true,
        Some("http") => false,
        _ => return Err(Error::HttpProtocolError),
    };
    let host = uri.host().ok_or(Error::HttpRequestUriInvalid)?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
    if rules.read_only && ![Method::GET, Method::HEAD, Method::OPTIONS].contains(request.method()) {
        return Err(Error::HttpRequestDenied);
    }
    let granted = rules
        .grants
        .iter()
        .any(|g| g.https == https && g.port == port && g.host.eq_ignore_ascii_case(host));
    if !granted {
        return Err(Error::HttpRequestDenied);
    }
    let connect_timeout = options
        .and_then(|o| o.connect_timeout)
        .unwrap_or(CONNECT_TIMEOUT);
    let addresses = checked_addresses(host, port, connect_timeout, rules, slot).await?;
    let tcp = connect(&addresses, connect_timeout).await?;
    let stream: Box<dyn Stream> = if https {
        Box::new(tls(host, tcp, connect_timeout).await?)
    } else {
        Box::new(tcp)
    };
    let (mut sender, connection) = tokio::time::timeout(
        connect_timeout,
        hyper::client::conn::http1::handshake(TokioIo::new(stream)),
    )
    .await
    .map_err(|_| Error::ConnectionTimeout)??;
    // The request line names only the path: the origin was the connection's.
    let path = uri.path_and_query().map_or("/", |p| p.as_str());
    *request.uri_mut() = path.parse().map_err(|_| Error::HttpRequestUriInvalid)?;

    let mut connection = Box::pin(connection);
    let mut response = Box::pin(sender.send_request(request));
    let first_byte = options.and_then(|o| o.first_byte_timeout);
    let waiting = std::future::poll_fn(|cx| {
        if let Poll::Ready(answer) = response.as_mut().poll(cx) {
            return Poll::Ready(answer.map_err(Error::from));
        }
        match connection.as_mut().poll(cx) {
            Poll::Ready(Err(e)) => Poll::Ready(Err(Error::from(e))),
            _ => Poll::Pending,
        }
    });
    let response = match first_byte {
        Some(t) => tokio::time::timeout(t, waiting)
            .await
            .map_err(|_| Error::ConnectionReadTimeout)??,
        None => waiting.await?,
    };
    let between_bytes = options.and_then(|o| o.between_bytes_timeout);
    let response = response.map(|incoming| {
        CappedBody {
            incoming,
            left: rules.response_cap,
            cap: rules.response_cap,
            between_bytes,
            idle: None,
            stop: Box::pin(async move { stop.reached().await }),
        }
        .boxed_unsync()
    });
    let driver = async move { connection.await.map_err(Error::from) };
    Ok((response, Box::new(driver)))
}

/// The addresses `host` may be reached at: itself when it is an IP
/// address (granted by address), else what `rules`' resolver answers,
/// each public. The lookup runs on a blocking thread that holds the
/// connection's `slot` and a [`LookupSlot`] until the resolver answers,
/// even when the guest's `timeout` or the call's end came first: the
/// thread is the host's, so an instance never has more lookups in flight
/// than connections, nor the process more than [`MAX_LOOKUPS`].
async fn checked_addresses(
    host: &str,
    port: u16,
    timeout: Duration,
    rules: &NetRules,
    slot: &Arc<ConnectionSlot>,
) -> Result<Vec<SocketAddr>, Error> {
    if let Ok(ip) = host.parse::<IpAddr>() {
        return Ok(vec![SocketAddr::new(ip, port)]);
    }
    let lookup = LookupSlot::take().ok_or(Error::ConnectionLimitReached)?;
    let (resolver, name, held) = (rules.resolver.clone(), host.to_string(), slot.clone());
    let resolving = tokio::task::spawn_blocking(move || {
        let _held = (held, lookup);
        (resolver.0)(&name, port)
    });
    let found = tokio::time::timeout(timeout, resolving)
        .await
        .map_err(|_| Error::DnsTimeout)?
        .map_err(|_| Error::DestinationNotFound)?
        .map_err(|_| Error::DestinationNotFound)?;
    if found.is_empty() {
        return Err(Error::DestinationNotFound);
    }
    if found.iter().any(|a| !is_public(a.ip())) {
        return Err(Error::DestinationIpProhibited);
    }
    Ok(found)
}

/// A TCP connection to the first of `addresses` that answers.
async fn connect(addresses: &[SocketAddr], timeout: Duration) -> Result<TcpStream, Error> {
    let mut last = Error::ConnectionRefused;
    for address in addresses {
        match tokio::time::timeout(timeout, TcpStream::connect(address)).await {
            Ok(Ok(stream)) => return Ok(stream),
            Ok(Err(e)) => last = Error::Connect(e),
            Err(_) => last = Error::ConnectionTimeout,
        }
    }
    Err(last)
}

/// What a request is sent over: TCP, or TLS over it.
trait Stream: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin> Stream for T {}

/// TLS over `tcp`, the server's certificate checked for `host` against
/// the system's trusted roots.
async fn tls(
    host: &str,
    tcp: TcpStream,
    timeout: Duration,
) -> Result<tokio_rustls::client::TlsStream<TcpStream>, Error> {
    static CONNECTOR: LazyLock<tokio_rustls::TlsConnector> = LazyLock::new(|| {
        let mut roots = rustls::RootCertStore::empty();
        for cert in rustls_native_certs::load_native_certs().certs {
            let _ = roots.add(cert);
        }
        let config = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .expect("ring supports the default TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
        tokio_rustls::TlsConnector::from(Arc::new(config))
    });
    let name = rustls_pki_types::ServerName::try_from(host.to_string())
        .map_err(|_| Error::HttpRequestUriInvalid)?;
    tokio::time::timeout(timeout, CONNECTOR.connect(name, tcp))
        .await
        .map_err(|_| Error::ConnectionTimeout)?
        .map_err(|e| {
            match e
                .get_ref()
                .and_then(|inner| inner.downcast_ref::<rustls::Error>())
            {
                Some(rustls::Error::InvalidCertificate(_)) => Error::TlsCertificateError,
                Some(rustls::Error::AlertReceived(alert)) => Error::TlsAlertReceived {
                    alert_id: Some(u8::from(*alert)),
                    alert_message: Some(format!("{alert:?}")),
                },
                _ => Error::TlsProtocolError,
            }
        })
}

/// True if `ip` is globally routable: not loopback, private, link-local,
/// shared (CGNAT), unspecified, multicast, broadcast, documentation,
/// benchmarking or protocol-assignment space, nor an IPv6 form of one of
/// those (see [`is_public_v6`]).
pub(crate) fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(v4: std::net::Ipv4Addr) -> bool {
    let [a, b, c, _] = v4.octets();
    !(v4.is_loopback()
        || v4.is_private()
        || v4.is_link_local()
        || v4.is_unspecified()
        || v4.is_multicast()
        || v4.is_broadcast()
        || v4.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        // IETF protocol assignments (192.0.0.0/24), and the deprecated
        // 6to4 relays' anycast (192.88.99.0/24).
        || (a == 192 && b == 0 && c == 0)
        || (a == 192 && b == 88 && c == 99)
        || (a == 198 && (18..20).contains(&b))
        || a >= 240)
}

/// An IPv6 address is public if globally routable: an address that
/// carries an IPv4 one (mapped, 6to4) as that address is; not loopback,
/// unspecified, multicast, unique-local, link-local or site-local
/// (deprecated, but routed by some networks), nor IPv4-compatible
/// (deprecated `::a.b.c.d`) or IPv4-translated (`::ffff:0:a.b.c.d`); not
/// NAT64 (`64:ff9b::/32`, the well-known and the local-use prefixes:
/// where it is routed, it reaches the network's own IPv4), discard-only
/// (`100::/64`), IETF protocol assignments (`2001::/23`: Teredo,
/// benchmarking, ORCHID), documentation (`2001:db8::/32`, `3fff::/20`)
/// or SRv6 segment identifiers (`5f00::/16`).
fn is_public_v6(v6: std::net::Ipv6Addr) -> bool {
    if let Some(v4) = v6.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let s = v6.segments();
    if s[0] == 0x2002 {
        // 6to4: the IPv4 address in the next 32 bits is where it goes.
        let [a, b] = s[1].to_be_bytes();
        let [c, d] = s[2].to_be_bytes();
        return is_public_v4(std::net::Ipv4Addr::new(a, b, c, d));
    }
    // `::a.b.c.d` and `::ffff:0:a.b.c.d`.
    let ipv4_in_low_bits = s[..4] == [0; 4] && (s[4] == 0 || s[4] == 0xffff) && s[5] == 0;
    !(ipv4_in_low_bits
        || v6.is_loopback()
        || v6.is_unspecified()
        || v6.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00
        || (s[0] & 0xffc0) == 0xfe80
        || (s[0] & 0xffc0) == 0xfec0
        || s[0] == 0x0064 && s[1] == 0xff9b
        || s[0] == 0x0100 && s[1..4] == [0; 3]
        || s[0] == 0x2001 && s[1] < 0x0200
        || s[0] == 0x2001 && s[1] == 0x0db8
        || s[0] == 0x3fff && s[1] < 0x1000
        || s[0] == 0x5f00)
}

/// A response body held to the toolset's cap, to the guest's wait between
/// bytes and to the call's deadline and cancellation.
struct CappedBody {
    incoming: Incoming,
    left: usize,
    cap: usize,
    between_bytes: Option<Duration>,
    idle: Option<Pin<Box<tokio::time::Sleep>>>,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
}

impl Body for CappedBody {
    type Data = Bytes;
    type Error = Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Error>>> {
        if self.stop.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Some(Err(Error::ConnectionTerminated)));
        }
        match Pin::new(&mut self.incoming).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                self.idle = None;
                let size = frame.data_ref().map_or(0, Bytes::len);
                if size > self.left {
                    return Poll::Ready(Some(Err(Error::HttpResponseBodySize(Some(
                        self.cap as u64,
                    )))));
                }
                self.left -= size;
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(Some(Err(e))) => Poll::Ready(Some(Err(Error::from(e)))),
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => {
                if let Some(wait) = self.between_bytes {
                    let idle = self
                        .idle
                        .get_or_insert_with(|| Box::pin(tokio::time::sleep(wait)));
                    ready!(idle.as_mut().poll(cx));
                    return Poll::Ready(Some(Err(Error::ConnectionReadTimeout)));
                }
                Poll::Pending
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.incoming.is_end_stream()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules granting `http://slow.example`, a name the resolver takes
    /// `delay` to answer.
    fn slow_rules(delay: Duration) -> NetRules {
        NetRules {
            grants: vec![NetGrant {
                https: false,
                host: "slow.example".into(),
                port: 80,
            }]
            .into(),
            response_cap: 1 << 20,
            deadline: Some(Instant::now() + Duration::from_secs(60)),
            descriptors: Pool::new(10_000),
            resolver: Resolver(Arc::new(move |_, port| {
                std::thread::sleep(delay);
                Ok(vec![SocketAddr::from(([93, 184, 216, 34], port))])
            })),
            ..NetRules::default()
        }
    }

    /// What a request to `http://slow.example` answers when the guest
    /// gives its connection a nanosecond.
    async fn impatient(rules: &mut NetRules) -> Error {
        let body = http_body_util::Empty::<Bytes>::new()
            .map_err(|never| match never {})
            .boxed_unsync();
        let request = Request::get("http://slow.example/").body(body).unwrap();
        let options = RequestOptions {
            connect_timeout: Some(Duration::from_nanos(1)),
            first_byte_timeout: None,
            between_bytes_timeout: None,
        };
        let outcome = Box::new(std::future::ready(Ok(())));
        match Box::into_pin(rules.send_request(request, Some(options), outcome)).await {
            Err(e) => e,
            Ok(_) => panic!("nothing answers at slow.example"),
        }
    }

    /// Waits until `done`, for at most ten seconds.
    async fn until(done: impl Fn() -> bool) {
        let give_up = Instant::now() + Duration::from_secs(10);
        while !done() {
            assert!(Instant::now() < give_up, "the lookups never ended");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_name_lookup_holds_its_connection_until_the_resolver_answers() {
        let slow = Duration::from_millis(500);
        let mut rules = slow_rules(slow);
        for _ in 0..MAX_CONNECTIONS {
            assert!(matches!(impatient(&mut rules).await, Error::DnsTimeout));
        }
        // The guest stopped waiting; the lookups still block their threads.
        assert_eq!(rules.open.load(Ordering::Acquire), MAX_CONNECTIONS);
        let refused = impatient(&mut rules).await;
        assert!(
            matches!(refused, Error::ConnectionLimitReached),
            "{refused:?}"
        );
        until(|| rules.open.load(Ordering::Acquire) == 0).await;
        assert!(matches!(impatient(&mut rules).await, Error::DnsTimeout));
        until(|| LOOKUPS.load(Ordering::Acquire) == 0).await;

        // Every instance together has at most MAX_LOOKUPS in flight.
        let mut instances: Vec<NetRules> = (0..MAX_LOOKUPS / MAX_CONNECTIONS)
            .map(|_| slow_rules(slow))
            .collect();
        for rules in &mut instances {
            for _ in 0..MAX_CONNECTIONS {
                assert!(matches!(impatient(rules).await, Error::DnsTimeout));
            }
        }
        let refused = impatient(&mut slow_rules(slow)).await;
        assert!(
            matches!(refused, Error::ConnectionLimitReached),
            "{refused:?}"
        );
        until(|| LOOKUPS.load(Ordering::Acquire) == 0).await;
    }

    #[test]
    fn only_globally_routable_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fc00::1",
            "fd12::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "2001:db8::1",
            // IETF protocol assignments, and 6to4 relays.
            "192.0.0.1",
            "192.0.0.170",
            "192.88.99.1",
            // IPv4-compatible and -translated forms, of any address.
            "::127.0.0.1",
            "::10.0.0.1",
            "::8.8.8.8",
            "::ffff:0:127.0.0.1",
            // NAT64, well-known and local-use.
            "64:ff9b::7f00:1",
            "64:ff9b::808:808",
            "64:ff9b:1::a00:1",
            // Site-local (deprecated).
            "fec0::1",
            "feff::1",
            // 6to4 of a loopback, private or link-local address.
            "2002:7f00:1::",
            "2002:a00:1::1",
            "2002:c0a8:101::1",
            "2002:a9fe:a9fe::1",
            // Discard-only, Teredo, benchmarking, ORCHID, documentation,
            // SRv6.
            "100::1",
            "2001::1",
            "2001:2::1",
            "2001:20::1",
            "3fff::1",
            "5f00::1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in [
            "93.184.216.34",
            "8.8.8.8",
            "192.0.1.1",
            "2606:4700::1111",
            "::ffff:1.1.1.1",
            // 6to4 of a public address.
            "2002:808:808::1",
            "2001:4860::8888",
            "2400:cb00::1",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }
}

//! TLS over real sockets on loopback: the handshake with a certificate
//! generated here, plain HTTP refused on the TLS port, and a changed
//! certificate picked up by new connections.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use gs_router::tls::Tls;
use rustls_pki_types::CertificateDer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Cert {
    der: CertificateDer<'static>,
}

/// Writes a fresh self-signed certificate for 127.0.0.1 to `dir`.
fn write_cert(dir: &Path) -> Cert {
    let c =
        rcgen::generate_simple_self_signed(vec!["127.0.0.1".into(), "localhost".into()]).unwrap();
    std::fs::write(dir.join("cert.pem"), c.cert.pem()).unwrap();
    std::fs::write(dir.join("key.pem"), c.signing_key.serialize_pem()).unwrap();
    Cert {
        der: c.cert.der().clone(),
    }
}

async fn start(dir: &Path) -> (SocketAddr, Arc<Tls>, common::Server) {
    let server = common::start(common::Options::default()).await;
    let tls = Tls::load(&dir.join("cert.pem"), &dir.join("key.pem")).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(gs_router::serve_tls(
        listener,
        server.router.clone(),
        tls.clone(),
    ));
    (addr, tls, server)
}

/// A TLS client trusting only `root`, limited to `versions`.
fn connector(
    root: &CertificateDer<'static>,
    versions: &[&'static rustls::SupportedProtocolVersion],
) -> tokio_rustls::TlsConnector {
    let mut roots = rustls::RootCertStore::empty();
    roots.add(root.clone()).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_protocol_versions(versions)
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    tokio_rustls::TlsConnector::from(Arc::new(config))
}

/// POSTs initialize over TLS and answers the reply and the certificate the
/// server presented.
async fn initialize_over_tls(
    addr: SocketAddr,
    connector: &tokio_rustls::TlsConnector,
) -> Result<(common::Reply, CertificateDer<'static>), std::io::Error> {
    let tcp = tokio::net::TcpStream::connect(addr).await?;
    let name = rustls_pki_types::ServerName::try_from("127.0.0.1").unwrap();
    let mut tls = connector.connect(name, tcp).await?;
    let presented = tls.get_ref().1.peer_certificates().unwrap()[0].clone();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: \
         {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    tls.write_all(head.as_bytes()).await?;
    tls.write_all(body.as_bytes()).await?;
    let mut raw = Vec::new();
    let _ = tls.read_to_end(&mut raw).await;
    Ok((common::parse_reply(&raw), presented))
}

#[tokio::test]
async fn mcp_is_served_over_tls_1_3_and_1_2() {
    let dir = tempfile::tempdir().unwrap();
    let cert = write_cert(dir.path());
    let (addr, _tls, _server) = start(dir.path()).await;
    for version in [&rustls::version::TLS13, &rustls::version::TLS12] {
        let (reply, presented) = initialize_over_tls(addr, &connector(&cert.der, &[version]))
            .await
            .unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text());
        assert!(reply.header("mcp-session-id").is_some());
        assert_eq!(presented, cert.der);
    }
}

#[tokio::test]
async fn plain_http_on_the_tls_port_is_refused_saying_to_use_https() {
    let dir = tempfile::tempdir().unwrap();
    write_cert(dir.path());
    let (addr, _tls, _server) = start(dir.path()).await;
    let body = br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let reply = common::request(addr, "POST", &[common::JSON], body).await;
    assert_eq!(reply.status, 400);
    assert_eq!(reply.json()["error"]["code"], -32600);
    let message = reply.json()["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.contains("HTTPS only") && message.contains("https://"),
        "{message}"
    );
}

#[tokio::test]
async fn a_changed_certificate_is_served_to_new_connections() {
    let dir = tempfile::tempdir().unwrap();
    let first = write_cert(dir.path());
    let (addr, tls, _server) = start(dir.path()).await;
    assert!(!tls.reload_if_changed().unwrap(), "nothing changed yet");
    // Files rewritten with a later modification time.
    std::thread::sleep(std::time::Duration::from_millis(20));
    let second = write_cert(dir.path());
    assert!(tls.reload_if_changed().unwrap());
    let (reply, presented) =
        initialize_over_tls(addr, &connector(&second.der, &[&rustls::version::TLS13]))
            .await
            .unwrap();
    assert_eq!(reply.status, 200);
    assert_eq!(presented, second.der);
    assert!(
        initialize_over_tls(addr, &connector(&first.der, &[&rustls::version::TLS13]))
            .await
            .is_err(),
        "the old certificate is no longer presented"
    );
    // A broken file keeps the certificate in use.
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(dir.path().join("key.pem"), "not a key").unwrap();
    let err = tls.reload_if_changed().unwrap_err();
    assert!(err.contains("key.pem"), "{err}");
    let (reply, _) = initialize_over_tls(addr, &connector(&second.der, &[&rustls::version::TLS13]))
        .await
        .unwrap();
    assert_eq!(reply.status, 200);
    // Said once, not every period, until a file changes again.
    assert!(!tls.reload_if_changed().unwrap());
    // Files replaced by a rename, as renewers do, with the modification
    // times of those they replace: still seen as changed.
    let staged = tempfile::tempdir().unwrap();
    let third = write_cert(staged.path());
    for name in ["cert.pem", "key.pem"] {
        let was = std::fs::metadata(dir.path().join(name))
            .unwrap()
            .modified()
            .unwrap();
        let f = std::fs::File::options()
            .write(true)
            .open(staged.path().join(name))
            .unwrap();
        f.set_modified(was).unwrap();
        std::fs::rename(staged.path().join(name), dir.path().join(name)).unwrap();
    }
    assert!(tls.reload_if_changed().unwrap());
    let (_, presented) =
        initialize_over_tls(addr, &connector(&third.der, &[&rustls::version::TLS13]))
            .await
            .unwrap();
    assert_eq!(presented, third.der);
}

#[test]
fn a_key_others_can_read_is_warned_of() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    write_cert(dir.path());
    let key = dir.path().join("key.pem");
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
    let tls = Tls::load(&dir.path().join("cert.pem"), &key).unwrap();
    let warning = tls.key_warning().unwrap();
    assert!(
        warning.contains("mode 644") && warning.contains("chmod 600"),
        "{warning}"
    );
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(tls.key_warning(), None);
}

#[test]
fn a_missing_or_mismatched_key_is_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    write_cert(dir.path());
    let err = Tls::load(&dir.path().join("cert.pem"), &dir.path().join("absent.pem")).unwrap_err();
    assert!(
        err.contains("absent.pem") && err.contains("tls.key"),
        "{err}"
    );
    let other = tempfile::tempdir().unwrap();
    write_cert(other.path());
    let err = Tls::load(&dir.path().join("cert.pem"), &other.path().join("key.pem")).unwrap_err();
    assert!(err.contains("does not fit"), "{err}");
}

//! A small HTTP(S) GET for the issuer's metadata and keys: one request per
//! connection, bounded in time and size, TLS through rustls with the
//! system's trusted roots.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use http_body_util::{BodyExt, Empty, Limited};
use hyper::Request;
use hyper_util::rt::TokioIo;
use serde_json::Value;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;

/// Largest document accepted from the issuer.
const LIMIT: usize = 1 << 20;
/// Longest a whole fetch may take.
const TIMEOUT: Duration = Duration::from_secs(10);

/// A URL split into what a request needs.
struct Target<'a> {
    tls: bool,
    host: &'a str,
    port: u16,
    path: &'a str,
}

fn split(url: &str) -> Result<Target<'_>, String> {
    let (tls, rest) = if let Some(r) = url.strip_prefix("https://") {
        (true, r)
    } else if let Some(r) = url.strip_prefix("http://") {
        (false, r)
    } else {
        return Err(format!("`{url}` is not an http(s) URL"));
    };
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) if !h.ends_with(']') || authority.starts_with('[') => match p.parse() {
            Ok(port) => (h, port),
            Err(_) => (authority, if tls { 443 } else { 80 }),
        },
        _ => (authority, if tls { 443 } else { 80 }),
    };
    if host.is_empty() {
        return Err(format!("`{url}` names no host"));
    }
    // Keys fetched in the clear could be swapped on the way: whoever did
    // could sign any user's token. Only a local identity provider may
    // serve them over plain http.
    if !tls && !gs_config::is_loopback_host(host) {
        return Err(format!(
            "`{url}` is plain http to a host that is not loopback; the issuer's metadata and \
             keys must be served over https"
        ));
    }
    Ok(Target {
        tls,
        host,
        port,
        path,
    })
}

/// The client TLS configuration: the system's roots, TLS 1.2 and 1.3.
fn client_config() -> Result<Arc<rustls::ClientConfig>, String> {
    static CONFIG: OnceLock<Result<Arc<rustls::ClientConfig>, String>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let mut roots = rustls::RootCertStore::empty();
            for cert in rustls_native_certs::load_native_certs().certs {
                let _ = roots.add(cert);
            }
            let provider = Arc::new(rustls::crypto::ring::default_provider());
            let config = rustls::ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .map_err(|e| format!("TLS set-up failed: {e}"))?
                .with_root_certificates(roots)
                .with_no_client_auth();
            Ok(Arc::new(config))
        })
        .clone()
}

/// GETs `url` and parses its body as JSON.
pub(crate) async fn get_json(url: &str) -> Result<Value, String> {
    tokio::time::timeout(TIMEOUT, fetch(url))
        .await
        .map_err(|_| format!("GET {url} took longer than {} s", TIMEOUT.as_secs()))?
}

async fn fetch(url: &str) -> Result<Value, String> {
    let t = split(url)?;
    let host = t.host.trim_start_matches('[').trim_end_matches(']');
    let tcp = TcpStream::connect((host, t.port))
        .await
        .map_err(|e| format!("cannot connect to {}:{} ({e})", t.host, t.port))?;
    let _ = tcp.set_nodelay(true);
    if t.tls {
        let name = rustls_pki_types::ServerName::try_from(host.to_string())
            .map_err(|e| format!("`{host}` is not a server name ({e})"))?;
        let tls = tokio_rustls::TlsConnector::from(client_config()?)
            .connect(name, tcp)
            .await
            .map_err(|e| format!("TLS with {} failed ({e})", t.host))?;
        request(tls, &t, url).await
    } else {
        request(tcp, &t, url).await
    }
}

async fn request<IO>(io: IO, t: &Target<'_>, url: &str) -> Result<Value, String>
where
    IO: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(io))
        .await
        .map_err(|e| format!("GET {url} failed ({e})"))?;
    tokio::spawn(conn);
    let authority = if (t.tls && t.port == 443) || (!t.tls && t.port == 80) {
        t.host.to_string()
    } else {
        format!("{}:{}", t.host, t.port)
    };
    let req = Request::get(t.path)
        .header(hyper::header::HOST, authority)
        .header(hyper::header::ACCEPT, "application/json")
        .body(Empty::<bytes::Bytes>::new())
        .map_err(|e| format!("GET {url}: {e}"))?;
    let resp = sender
        .send_request(req)
        .await
        .map_err(|e| format!("GET {url} failed ({e})"))?;
    if !resp.status().is_success() {
        return Err(format!("GET {url} answered {}", resp.status()));
    }
    let body = Limited::new(resp.into_body(), LIMIT)
        .collect()
        .await
        .map_err(|e| format!("GET {url}: the body could not be read ({e})"))?
        .to_bytes();
    serde_json::from_slice(&body).map_err(|e| format!("GET {url}: the body is not JSON ({e})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_split_into_host_port_and_path() {
        let t = split("https://idp.example.com/realms/mcp").unwrap();
        assert!(t.tls);
        assert_eq!(
            (t.host, t.port, t.path),
            ("idp.example.com", 443, "/realms/mcp")
        );
        let t = split("http://127.0.0.1:8080").unwrap();
        assert_eq!((t.host, t.port, t.path), ("127.0.0.1", 8080, "/"));
        let t = split("http://[::1]:9/x").unwrap();
        assert_eq!((t.host, t.port), ("[::1]", 9));
        assert!(split("ftp://x").is_err());
    }

    /// The issuer's metadata may name its keys anywhere; they are fetched
    /// over plain http only from a local identity provider.
    #[test]
    fn plain_http_is_refused_beyond_loopback() {
        for url in ["http://idp.example.com/jwks", "http://10.0.0.5:8080/keys"] {
            let e = split(url).err().unwrap();
            assert!(e.contains("must be served over https"), "{e}");
        }
        assert!(split("http://localhost:8080/keys").is_ok());
    }
}

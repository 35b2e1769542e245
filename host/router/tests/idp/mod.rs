//! A small identity provider on a loopback port, for tests: its metadata
//! (RFC 8414) and its JWKS, with keys generated here (ES256 and EdDSA with
//! ring), key rotation, and a count of JWKS fetches. Tokens are signed with
//! jsonwebtoken.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use base64::Engine;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use ring::rand::SystemRandom;
use ring::signature::{self, KeyPair};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// A signing key and its public JWK.
#[derive(Clone)]
pub struct SigningKey {
    pub kid: String,
    pub alg: Algorithm,
    encoding: EncodingKey,
    pub jwk: Value,
}

impl SigningKey {
    /// A fresh P-256 key (ES256).
    pub fn es256(kid: &str) -> SigningKey {
        let rng = SystemRandom::new();
        let alg = &signature::ECDSA_P256_SHA256_FIXED_SIGNING;
        let pkcs8 = signature::EcdsaKeyPair::generate_pkcs8(alg, &rng).unwrap();
        let pair = signature::EcdsaKeyPair::from_pkcs8(alg, pkcs8.as_ref(), &rng).unwrap();
        let public = pair.public_key().as_ref();
        SigningKey {
            kid: kid.into(),
            alg: Algorithm::ES256,
            encoding: EncodingKey::from_ec_der(pkcs8.as_ref()),
            jwk: json!({"kty": "EC", "crv": "P-256", "kid": kid, "use": "sig", "alg": "ES256",
                        "x": b64(&public[1..33]), "y": b64(&public[33..65])}),
        }
    }

    /// A fresh Ed25519 key (EdDSA).
    pub fn ed25519(kid: &str) -> SigningKey {
        let rng = SystemRandom::new();
        let pkcs8 = signature::Ed25519KeyPair::generate_pkcs8(&rng).unwrap();
        let pair = signature::Ed25519KeyPair::from_pkcs8(pkcs8.as_ref()).unwrap();
        SigningKey {
            kid: kid.into(),
            alg: Algorithm::EdDSA,
            encoding: EncodingKey::from_ed_der(pkcs8.as_ref()),
            jwk: json!({"kty": "OKP", "crv": "Ed25519", "kid": kid, "use": "sig",
                        "x": b64(pair.public_key().as_ref())}),
        }
    }

    /// `claims` signed with this key, its kid in the header.
    pub fn sign(&self, claims: &Value) -> String {
        let mut header = Header::new(self.alg);
        header.kid = Some(self.kid.clone());
        jsonwebtoken::encode(&header, claims, &self.encoding).unwrap()
    }

    /// `claims` signed with this key, with `typ` in the header.
    pub fn sign_typed(&self, typ: &str, claims: &Value) -> String {
        let mut header = Header::new(self.alg);
        header.kid = Some(self.kid.clone());
        header.typ = Some(typ.to_string());
        jsonwebtoken::encode(&header, claims, &self.encoding).unwrap()
    }

    /// `claims` signed with this key under another kid.
    pub fn sign_as(&self, kid: Option<&str>, claims: &Value) -> String {
        let mut header = Header::new(self.alg);
        header.kid = kid.map(str::to_string);
        jsonwebtoken::encode(&header, claims, &self.encoding).unwrap()
    }
}

/// Seconds since the epoch.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// The running provider.
pub struct Idp {
    pub addr: SocketAddr,
    pub issuer: String,
    keys: Arc<Mutex<Vec<Value>>>,
    pub jwks_fetches: Arc<AtomicU64>,
}

impl Idp {
    /// Serves `keys` (their public halves) until the runtime ends.
    pub async fn start(keys: &[&SigningKey]) -> Idp {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let issuer = format!("http://{addr}");
        let published = Arc::new(Mutex::new(keys.iter().map(|k| k.jwk.clone()).collect()));
        let fetches = Arc::new(AtomicU64::new(0));
        let (k, f, iss) = (published.clone(), fetches.clone(), issuer.clone());
        tokio::spawn(async move {
            loop {
                let Ok((mut s, _)) = listener.accept().await else {
                    return;
                };
                let (k, f, iss) = (k.clone(), f.clone(), iss.clone());
                tokio::spawn(async move {
                    let mut buf = Vec::new();
                    let mut chunk = [0u8; 2048];
                    while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
                        match s.read(&mut chunk).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => buf.extend_from_slice(&chunk[..n]),
                        }
                    }
                    let head = String::from_utf8_lossy(&buf);
                    let path = head.split(' ').nth(1).unwrap_or("").to_string();
                    let (status, body) = match path.as_str() {
                        "/.well-known/oauth-authorization-server" => (
                            "200 OK",
                            json!({"issuer": iss, "jwks_uri": format!("{iss}/jwks")}),
                        ),
                        "/jwks" => {
                            f.fetch_add(1, Ordering::SeqCst);
                            ("200 OK", json!({"keys": *k.lock().unwrap()}))
                        }
                        _ => ("404 Not Found", json!({})),
                    };
                    let body = body.to_string();
                    let reply = format!(
                        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: \
                         {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    let _ = s.write_all(reply.as_bytes()).await;
                });
            }
        });
        Idp {
            addr,
            issuer,
            keys: published,
            jwks_fetches: fetches,
        }
    }

    /// Publishes `keys` instead of the current ones (a key rotation).
    pub fn rotate(&self, keys: &[&SigningKey]) {
        *self.keys.lock().unwrap() = keys.iter().map(|k| k.jwk.clone()).collect();
    }

    /// JWKS fetches so far.
    pub fn fetches(&self) -> u64 {
        self.jwks_fetches.load(Ordering::SeqCst)
    }
}

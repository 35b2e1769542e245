//! TLS for the HTTP server (rustls, TLS 1.2 and 1.3 only): the certificate
//! chain and key read from PEM files, read again when either file changes
//! (a watch every [`WATCH_PERIOD`]) or when [`Tls::reload`] is called (the
//! binary calls it on SIGHUP). A reload that fails keeps the certificate
//! in use and says why.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, SystemTime};

use rustls::ServerConfig;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};

/// How often the certificate files are looked at for changes.
pub const WATCH_PERIOD: Duration = Duration::from_secs(2);

/// The server's TLS configuration, swapped whole on reload.
pub struct Tls {
    cert: PathBuf,
    key: PathBuf,
    current: RwLock<Arc<ServerConfig>>,
    stamp: Mutex<Option<(FileStamp, FileStamp)>>,
}

/// What says a file changed: its modification time alone misses a rewrite
/// within the file system's time granularity, and a file replaced by a
/// rename (as certificate renewers do) keeps no trace but its inode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileStamp {
    modified: SystemTime,
    len: u64,
    inode: u64,
}

impl std::fmt::Debug for Tls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tls")
            .field("cert", &self.cert)
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

fn file_stamp(p: &Path) -> Option<FileStamp> {
    let m = std::fs::metadata(p).ok()?;
    Some(FileStamp {
        modified: m.modified().ok()?,
        len: m.len(),
        inode: m.ino(),
    })
}

fn stamp(cert: &Path, key: &Path) -> Option<(FileStamp, FileStamp)> {
    Some((file_stamp(cert)?, file_stamp(key)?))
}

/// A server configuration from PEM files: the chain (leaf first) and the
/// key (PKCS#8, PKCS#1 or SEC1).
fn server_config(cert: &Path, key: &Path) -> Result<ServerConfig, String> {
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .map_err(|e| format!("cannot read the certificate {} ({e})", cert.display()))?
        .collect::<Result<_, _>>()
        .map_err(|e| format!("the certificate {} is not PEM ({e})", cert.display()))?;
    if chain.is_empty() {
        return Err(format!(
            "{} holds no certificate; give `tls.cert` a PEM file with the chain, leaf first",
            cert.display()
        ));
    }
    let private = PrivateKeyDer::from_pem_file(key).map_err(|e| {
        format!(
            "cannot read a private key from {} ({e}); give `tls.key` a PEM key (PKCS#8, \
             PKCS#1 or SEC1)",
            key.display()
        )
    })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
        .map_err(|e| format!("TLS set-up failed: {e}"))?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .map_err(|e| {
            format!(
                "the key {} does not fit the certificate {} ({e})",
                key.display(),
                cert.display()
            )
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(config)
}

impl Tls {
    /// Reads the certificate and key.
    pub fn load(cert: &Path, key: &Path) -> Result<Arc<Tls>, String> {
        let before = stamp(cert, key);
        let config = server_config(cert, key)?;
        Ok(Arc::new(Tls {
            cert: cert.to_path_buf(),
            key: key.to_path_buf(),
            current: RwLock::new(Arc::new(config)),
            stamp: Mutex::new(before),
        }))
    }

    /// The configuration new connections get.
    pub fn config(&self) -> Arc<ServerConfig> {
        self.current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Reads the files again; on failure the configuration in use stays.
    pub fn reload(&self) -> Result<(), String> {
        let before = stamp(&self.cert, &self.key);
        let config = server_config(&self.cert, &self.key)?;
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(config);
        *self.stamp.lock().unwrap_or_else(PoisonError::into_inner) = before;
        Ok(())
    }

    /// Reloads if either file changed since the last load; answers whether
    /// it did. A failed reload is not tried again until a file changes
    /// again, counting from the files as they were before the failed read,
    /// so that a change made during it is still seen.
    pub fn reload_if_changed(&self) -> Result<bool, String> {
        let now = stamp(&self.cert, &self.key);
        let last = *self.stamp.lock().unwrap_or_else(PoisonError::into_inner);
        if now.is_none() || now == last {
            return Ok(false);
        }
        self.reload().map(|()| true).inspect_err(|_| {
            *self.stamp.lock().unwrap_or_else(PoisonError::into_inner) = now;
        })
    }

    /// A warning when the private key file can be read by other users than
    /// its owner, for the operator to fix.
    pub fn key_warning(&self) -> Option<String> {
        let mode = std::fs::metadata(&self.key).ok()?.permissions().mode();
        (mode & 0o077 != 0).then(|| {
            format!(
                "the TLS private key {} can be read or written by other users (mode {:o}); \
                 `chmod 600` it",
                self.key.display(),
                mode & 0o777
            )
        })
    }

    /// Watches the files until the last other holder of `self` drops it.
    pub fn spawn_watch(self: &Arc<Self>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(WATCH_PERIOD).await;
                let Some(tls) = weak.upgrade() else { return };
                match tls.reload_if_changed() {
                    Ok(true) => {
                        eprintln!("gs-mcp: TLS certificate {} reloaded", tls.cert.display())
                    }
                    Ok(false) => {}
                    // Said once per change, not every period.
                    Err(e) => {
                        eprintln!("gs-mcp: TLS reload failed, the old certificate stays: {e}")
                    }
                }
            }
        });
    }
}

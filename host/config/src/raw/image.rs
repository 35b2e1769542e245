//! The `[image]` section: the embedded image's file, or the stone to log in to and how.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::{
    ConfigError, DEFAULT_LOGIN_CONCURRENCY, GemStoneSettings, ImageBackend, PasswordKind,
    PasswordSource, default_image_path,
};

use super::{check_host, check_text, resolve};

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawImage {
    backend: Option<String>,
    path: Option<String>,
    // The `gemstone` backend's settings.
    gemstone: Option<String>,
    version: Option<String>,
    stone: Option<String>,
    host: Option<String>,
    netldi: Option<String>,
    user: Option<String>,
    password_env: Option<String>,
    password_file: Option<String>,
    password_kind: Option<String>,
    host_user: Option<String>,
    host_password_env: Option<String>,
    host_password_file: Option<String>,
    login_concurrency: Option<u64>,
    read_only_users_cannot_commit: Option<bool>,
    // The embedded backend's limits on uncommitted changes: one
    // session's, and all sessions' together.
    max_uncommitted_bytes: Option<u64>,
    max_uncommitted_total_bytes: Option<u64>,
}

impl RawImage {
    /// The `gemstone` backend's keys that are set, for the embedded
    /// backend's refusal.
    fn gemstone_keys(&self) -> Vec<&'static str> {
        [
            ("image.gemstone", self.gemstone.is_some()),
            ("image.version", self.version.is_some()),
            ("image.stone", self.stone.is_some()),
            ("image.host", self.host.is_some()),
            ("image.netldi", self.netldi.is_some()),
            ("image.user", self.user.is_some()),
            ("image.password_env", self.password_env.is_some()),
            ("image.password_file", self.password_file.is_some()),
            ("image.password_kind", self.password_kind.is_some()),
            ("image.host_user", self.host_user.is_some()),
            ("image.host_password_env", self.host_password_env.is_some()),
            (
                "image.host_password_file",
                self.host_password_file.is_some(),
            ),
            ("image.login_concurrency", self.login_concurrency.is_some()),
            (
                "image.read_only_users_cannot_commit",
                self.read_only_users_cannot_commit.is_some(),
            ),
        ]
        .into_iter()
        .filter_map(|(key, set)| set.then_some(key))
        .collect()
    }
}

pub(super) fn validate_image(
    raw: Option<RawImage>,
    base: &Path,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<ImageBackend, ConfigError> {
    let raw = raw.unwrap_or_default();
    match raw.backend.as_deref().unwrap_or("embedded") {
        "embedded" => {
            if let Some(key) = raw.gemstone_keys().first() {
                return Err(ConfigError::at(
                    *key,
                    "is a setting of the `gemstone` backend, but `image.backend` is \
                     `embedded`; remove it, or set `backend = \"gemstone\"`",
                ));
            }
            let path = match raw.path {
                Some(p) => {
                    check_text("image.path", &p)?;
                    resolve(base, &p)
                }
                None => default_image_path(env).ok_or_else(|| {
                    ConfigError::at(
                        "image.path",
                        "no default image location: neither XDG_DATA_HOME nor HOME is set; \
                         set `image.path` (or pass --image)",
                    )
                })?,
            };
            Ok(ImageBackend::Embedded { path })
        }
        "gemstone" => {
            validate_gemstone(raw, base, env).map(|s| ImageBackend::GemStone(Box::new(s)))
        }
        other => Err(ConfigError::at(
            "image.backend",
            format!("`{other}` is not a backend; use `embedded` or `gemstone`"),
        )),
    }
}

/// `image.max_uncommitted_bytes`, the embedded image's limit on what one
/// session holds uncommitted; the stone has limits of its own.
pub(super) fn validate_max_uncommitted(raw: Option<&RawImage>) -> Result<usize, ConfigError> {
    let Some(bytes) = raw.and_then(|r| r.max_uncommitted_bytes) else {
        return Ok(crate::DEFAULT_MAX_UNCOMMITTED_BYTES);
    };
    if raw.and_then(|r| r.backend.as_deref()) == Some("gemstone") {
        return Err(ConfigError::at(
            "image.max_uncommitted_bytes",
            "is a setting of the embedded backend; a stone limits its sessions itself \
             (GemStone's own settings): remove it",
        ));
    }
    if bytes < 1 << 20 {
        return Err(ConfigError::at(
            "image.max_uncommitted_bytes",
            format!(
                "{bytes} is too small for one session's uncommitted changes; give at least \
                 1048576 (1 MiB) bytes (default {}, 128 MiB)",
                crate::DEFAULT_MAX_UNCOMMITTED_BYTES
            ),
        ));
    }
    Ok(usize::try_from(bytes).unwrap_or(usize::MAX))
}

/// `image.max_uncommitted_total_bytes`, the embedded image's ceiling on
/// what all sessions together hold uncommitted, which must leave room for
/// one session's own limit (`per_session`, already read).
pub(super) fn validate_max_uncommitted_total(
    raw: Option<&RawImage>,
    per_session: usize,
) -> Result<usize, ConfigError> {
    let Some(bytes) = raw.and_then(|r| r.max_uncommitted_total_bytes) else {
        return Ok(crate::DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES.max(per_session));
    };
    let key = "image.max_uncommitted_total_bytes";
    if raw.and_then(|r| r.backend.as_deref()) == Some("gemstone") {
        return Err(ConfigError::at(
            key,
            "is a setting of the embedded backend; a stone limits its sessions itself \
             (GemStone's own settings): remove it",
        ));
    }
    let bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
    if bytes < per_session {
        return Err(ConfigError::at(
            key,
            format!(
                "{bytes} is less than one session may hold (`image.max_uncommitted_bytes`, \
                 {per_session}), so one session could never reach its own limit; give at least \
                 {per_session} (default {}, 2 GiB, shared by all sessions)",
                crate::DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES
            ),
        ));
    }
    Ok(bytes)
}

pub(super) fn validate_gemstone(
    raw: RawImage,
    base: &Path,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<GemStoneSettings, ConfigError> {
    if raw.path.is_some() {
        return Err(ConfigError::at(
            "image.path",
            "is the embedded backend's image file; the `gemstone` backend serves the stone \
             named by `image.stone`: remove `path`",
        ));
    }
    let text = |key: &str, v: Option<String>| -> Result<Option<String>, ConfigError> {
        match v {
            Some(v) => check_text(key, &v).map(|()| Some(v.trim().to_string())),
            None => Ok(None),
        }
    };
    let path = |key: &str, v: Option<String>| -> Result<Option<PathBuf>, ConfigError> {
        Ok(text(key, v)?.map(|p| resolve(base, &p)))
    };
    let gemstone = match path("image.gemstone", raw.gemstone)? {
        Some(dir) => Some(dir),
        None => env("GEMSTONE")
            .filter(|v| !v.trim().is_empty())
            .map(PathBuf::from),
    };
    let gemstone = gemstone.ok_or_else(|| {
        ConfigError::at(
            "image.gemstone",
            "is needed to find GemStone's C library: set it to the GemStone installation \
             (the directory holding lib/libgcits-<version>-64.so), or set GEMSTONE in the \
             environment",
        )
    })?;
    let stone = text("image.stone", raw.stone)?.ok_or_else(|| {
        ConfigError::at(
            "image.stone",
            "is required with `backend = \"gemstone\"`: the stone's name, e.g. `gs64stone`",
        )
    })?;
    let user = text("image.user", raw.user)?.ok_or_else(|| {
        ConfigError::at(
            "image.user",
            "is required with `backend = \"gemstone\"`: the GemStone user sessions log in \
             as, e.g. `DataCurator`",
        )
    })?;
    let password = password_source(
        "image.password_env",
        raw.password_env,
        "image.password_file",
        raw.password_file,
        base,
    )?
    .ok_or_else(|| {
        ConfigError::at(
            "image.password_env",
            "is required with `backend = \"gemstone\"`, or `image.password_file` instead: \
             name the environment variable or the file holding the user's password (never \
             the password itself)",
        )
    })?;
    let password_kind = match raw.password_kind.as_deref() {
        None | Some("password") => PasswordKind::Password,
        Some("one-time") => PasswordKind::OneTime,
        Some("jwt") => PasswordKind::Jwt,
        Some(other) => {
            return Err(ConfigError::at(
                "image.password_kind",
                format!("`{other}` is not a kind of password; use `password`, `one-time` or `jwt`"),
            ));
        }
    };
    let host_password = password_source(
        "image.host_password_env",
        raw.host_password_env,
        "image.host_password_file",
        raw.host_password_file,
        base,
    )?;
    let host_login = match (text("image.host_user", raw.host_user)?, host_password) {
        (Some(user), Some(source)) => Some((user, source)),
        (None, None) => None,
        (Some(_), None) => {
            return Err(ConfigError::at(
                "image.host_user",
                "needs `image.host_password_env` or `image.host_password_file` too",
            ));
        }
        (None, Some(_)) => {
            return Err(ConfigError::at(
                "image.host_user",
                "is missing: a host password is set without the host account it is for",
            ));
        }
    };
    let login_concurrency = match raw.login_concurrency {
        None => DEFAULT_LOGIN_CONCURRENCY,
        Some(n @ 1..=1024) => n as usize,
        Some(n) => {
            return Err(ConfigError::at(
                "image.login_concurrency",
                format!("{n} is out of range; use 1 to 1024 (default {DEFAULT_LOGIN_CONCURRENCY})"),
            ));
        }
    };
    Ok(GemStoneSettings {
        gemstone,
        version: text("image.version", raw.version)?,
        stone,
        host: text("image.host", raw.host)?
            .map(|h| check_host("image.host", &h))
            .transpose()?,
        netldi: text("image.netldi", raw.netldi)?,
        user,
        password,
        password_kind,
        host_login,
        login_concurrency,
        read_only_users_cannot_commit: raw.read_only_users_cannot_commit.unwrap_or(false),
    })
}

/// A secret named by an environment variable or a file, one or neither.
fn password_source(
    env_key: &str,
    env_name: Option<String>,
    file_key: &str,
    file: Option<String>,
    base: &Path,
) -> Result<Option<PasswordSource>, ConfigError> {
    match (env_name, file) {
        (Some(_), Some(_)) => Err(ConfigError::at(
            file_key,
            format!("is set, and so is `{env_key}`; keep one"),
        )),
        (Some(name), None) => {
            check_text(env_key, &name)?;
            Ok(Some(PasswordSource::Env(name.trim().to_string())))
        }
        (None, Some(file)) => {
            check_text(file_key, &file)?;
            Ok(Some(PasswordSource::File(resolve(base, file.trim()))))
        }
        (None, None) => Ok(None),
    }
}

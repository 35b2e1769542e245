//! One toolset's policy as its host functions consult it: its name (for
//! messages), its grants, its limits and its settings. Shared by all its
//! instances.

use std::sync::Arc;

use crate::config::{Grants, Limits};
use crate::preopens::Preopens;
use crate::quota::DiskQuota;
use crate::settings::Settings;

/// A grant a host function needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Grant {
    /// `image:read`.
    Read,
    /// `image:execute`.
    Execute,
    /// `image:write`.
    Write,
}

impl Grant {
    /// The grant's name in `toolsets.toml`.
    pub fn name(self) -> &'static str {
        match self {
            Grant::Read => "image:read",
            Grant::Execute => "image:execute",
            Grant::Write => "image:write",
        }
    }
}

/// What the host enforces for one toolset.
#[derive(Debug)]
pub(crate) struct Policy {
    /// The toolset's name, as its description gave it (or the file name
    /// until the description is known).
    pub toolset: String,
    /// What it may reach.
    pub grants: Grants,
    /// Its granted directories, opened at load: what its instances are
    /// given.
    pub preopens: Arc<Preopens>,
    /// Its per-call limits.
    pub limits: Limits,
    /// Its settings, with the operator's values.
    pub settings: Settings,
    /// What its writable granted directories hold, against
    /// `limits.disk`; one for all its instances.
    pub disk: Arc<DiskQuota>,
}

impl Policy {
    /// True if the toolset holds `grant`.
    pub fn has(&self, grant: Grant) -> bool {
        match grant {
            Grant::Read => self.grants.image_read,
            Grant::Execute => self.grants.image_execute,
            Grant::Write => self.grants.image_write,
        }
    }

    /// Every grant as a plug-in may ask for it: image grants by name, each
    /// directory as `dir:<guest path>` plus `:ro` or `:rw`, and each HTTP
    /// origin as `net:<scheme>://<host>:<port>`.
    pub fn grant_names(&self) -> Vec<String> {
        let mut names = self.grants.names();
        for d in &self.grants.dirs {
            let mode = if d.writable { "rw" } else { "ro" };
            names.push(format!("dir:{}:{mode}", d.guest_path));
        }
        for origin in &self.grants.net {
            names.push(format!("net:{origin}"));
        }
        names
    }
}

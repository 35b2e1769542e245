//! Granted directories, opened once, when their toolset loads.
//!
//! WASI opens a preopened directory by its path whenever a context is
//! built, following symbolic links: each new instance would look the path
//! up again. A plug-in that can write a directory on the way to another
//! grant (a grant inside its writable one, of its own toolset or
//! another's) could rename the inner directory and put a symbolic link in
//! its place (`inner -> ../../../../etc`), and the next instance's grant
//! would be whatever the link leads to, writable anywhere the server is
//! when that grant is.
//!
//! So a toolset's granted directories are opened when it loads, each
//! walked from `/` one name at a time without following a symbolic link
//! (a grant whose path passes through one is refused, naming the
//! directory it leads to), and every instance is given duplicates of
//! those descriptors (this module links `wasi:filesystem/preopens`'
//! `get-directories` over WASI's). What an instance is granted is then
//! the directory the operator granted, whatever has been renamed since.
//! And a grant that lies inside a directory another grant lets a plug-in
//! write ([`Admitted::admit`], over every toolset of the host) is refused at
//! load: the server opens it again at its next start, through entries a
//! plug-in may have changed.

use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, Weak};

use rustix::fs::{AtFlags, FileType, Mode, OFlags};
use wasmtime::component::Linker;
use wasmtime_wasi::filesystem::{Descriptor, Dir};
use wasmtime_wasi::{FsPerms, OpenMode};

use crate::config::DirGrant;
use crate::shadow::{FILESYSTEM_PREOPENS, Store, over_wasi};
use crate::state::HostState;

/// One granted directory, open.
#[derive(Debug)]
pub(crate) struct Preopen {
    /// Where it is: absolute, without `.` or `..`, and no symbolic link
    /// on the way (so the path names the directory opened).
    pub path: PathBuf,
    /// Where the plug-in sees it.
    pub guest_path: String,
    /// True if the plug-in may write in it.
    pub writable: bool,
    /// The directory, opened at load.
    dir: std::fs::File,
}

/// One toolset's granted directories, as its instances are given them.
#[derive(Debug)]
pub(crate) struct Preopens {
    /// The component file of the toolset, for the messages of others.
    toolset: PathBuf,
    pub dirs: Vec<Preopen>,
}

impl Preopens {
    /// Opens each of `grants` for the toolset in `toolset`, or says why
    /// one cannot be granted.
    pub fn open(toolset: &Path, grants: &[DirGrant]) -> Result<Preopens, String> {
        let dirs = grants
            .iter()
            .map(|g| {
                let (path, dir) = open_without_links(&g.host_path)?;
                Ok(Preopen {
                    path,
                    guest_path: g.guest_path.clone(),
                    writable: g.writable,
                    dir,
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(Preopens {
            toolset: toolset.to_owned(),
            dirs,
        })
    }

    /// The directories as one instance is given them, each a duplicate of
    /// the descriptor opened at load; all read-only for a `read_only`
    /// instance.
    pub fn for_instance(&self, read_only: bool) -> Result<Vec<(Dir, String)>, String> {
        self.dirs
            .iter()
            .map(|p| {
                let dir = p.dir.try_clone().map_err(|e| {
                    format!("cannot open granted directory {}: {e}", p.path.display())
                })?;
                let (perms, mode) = if p.writable && !read_only {
                    (FsPerms::ReadWrite, OpenMode::READ | OpenMode::WRITE)
                } else {
                    (FsPerms::ReadOnly, OpenMode::READ)
                };
                Ok((Dir::new(dir, perms, mode, false), p.guest_path.clone()))
            })
            .collect()
    }
}

/// The granted directories of every toolset a host has loaded (while it
/// lives), against which a new toolset's grants are checked.
#[derive(Debug, Default)]
pub(crate) struct Admitted(Mutex<Vec<Weak<Preopens>>>);

impl Admitted {
    /// Admits `new` beside the toolsets loaded before it, or says which
    /// grant lies inside a directory another lets a plug-in write.
    pub fn admit(&self, new: Preopens) -> Result<Arc<Preopens>, String> {
        let mut loaded = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        loaded.retain(|t| t.strong_count() > 0);
        let others: Vec<Arc<Preopens>> = loaded.iter().filter_map(Weak::upgrade).collect();
        for (i, a) in new.dirs.iter().enumerate() {
            for b in &new.dirs[i + 1..] {
                inside(a, b, None)
                    .or_else(|| inside(b, a, None))
                    .map_or(Ok(()), Err)?;
            }
            for other in &others {
                for b in &other.dirs {
                    let theirs = Some(other.toolset.as_path());
                    inside(a, b, theirs)
                        .or_else(|| inside(b, a, None).map(|m| refused_for(m, other)))
                        .map_or(Ok(()), Err)?;
                }
            }
        }
        let new = Arc::new(new);
        loaded.push(Arc::downgrade(&new));
        Ok(new)
    }
}

/// Why `inner` may not be granted, if it lies inside `outer` and a
/// plug-in may write `outer`: of this toolset when `owner` is `None`,
/// else of the toolset in that file.
fn inside(inner: &Preopen, outer: &Preopen, owner: Option<&Path>) -> Option<String> {
    if !outer.writable || inner.path == outer.path || !inner.path.starts_with(&outer.path) {
        return None;
    }
    let whose = owner.map_or_else(
        || "this toolset".to_string(),
        |p| format!("the toolset {}", p.display()),
    );
    Some(format!(
        "granted directory {} lies inside {}, which {whose} may write: a plug-in could \
         replace what the inner path leads to before the server opens it again; grant \
         directories that do not nest inside a writable one",
        inner.path.display(),
        outer.path.display()
    ))
}

/// `why`, said of a grant of the toolset in `other`, which the new one's
/// writable grant holds.
fn refused_for(why: String, other: &Preopens) -> String {
    format!(
        "{why} (the inner directory is granted to the toolset {})",
        other.toolset.display()
    )
}

/// How a directory on the way is opened: for its descriptor only, and
/// never through a symbolic link.
fn dir_flags() -> OFlags {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let only_path = OFlags::PATH;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let only_path = OFlags::RDONLY;
    only_path | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC
}

/// `path` made absolute, with `.` and `..` taken away by name: with no
/// symbolic link on the way, that is where the path leads.
fn normal(path: &Path) -> Result<PathBuf, String> {
    let absolute = std::path::absolute(path)
        .map_err(|e| format!("cannot make {} absolute: {e}", path.display()))?;
    let mut out = PathBuf::from("/");
    for c in absolute.components() {
        match c {
            Component::Normal(name) => out.push(name),
            Component::ParentDir => {
                out.pop();
            }
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
        }
    }
    Ok(out)
}

/// Opens the directory at `path` walking from `/` one name at a time,
/// following no symbolic link: its normal path and the directory.
fn open_without_links(path: &Path) -> Result<(PathBuf, std::fs::File), String> {
    let normal = normal(path)?;
    let missing = || {
        format!(
            "granted directory {} does not exist or is not a directory; create it or remove \
             the grant",
            path.display()
        )
    };
    let mut dir = rustix::fs::open("/", dir_flags(), Mode::empty()).map_err(|_| missing())?;
    let mut walked = PathBuf::from("/");
    for name in normal.components().skip(1) {
        walked.push(name);
        dir = match rustix::fs::openat(&dir, name.as_os_str(), dir_flags(), Mode::empty()) {
            Ok(next) => next,
            Err(e) => {
                let link = rustix::fs::statat(&dir, name.as_os_str(), AtFlags::SYMLINK_NOFOLLOW)
                    .is_ok_and(|s| FileType::from_raw_mode(s.st_mode) == FileType::Symlink);
                return Err(match e {
                    _ if link => through_link(path, &walked),
                    rustix::io::Errno::NOENT | rustix::io::Errno::NOTDIR => missing(),
                    e => format!(
                        "cannot open granted directory {} ({}: {e}); let the server's user \
                         search every directory on the way, or remove the grant",
                        path.display(),
                        walked.display()
                    ),
                });
            }
        };
    }
    Ok((normal, std::fs::File::from(dir)))
}

/// Why a grant whose path passes through the symbolic link `link` is
/// refused, and what to grant instead.
fn through_link(path: &Path, link: &Path) -> String {
    let instead = std::fs::canonicalize(path).map_or_else(
        |_| "the directory it leads to".to_string(),
        |real| real.display().to_string(),
    );
    format!(
        "granted directory {} passes through the symbolic link {}; grant {instead} instead: \
         a grant is opened without following links, so that no link decides what is granted",
        path.display(),
        link.display()
    )
}

/// Links `wasi:filesystem/preopens`' `get-directories` over WASI's, which
/// `linker` must already hold: it answers the directories opened at load.
pub(crate) fn add_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    over_wasi(linker, |linker| {
        linker.instance(FILESYSTEM_PREOPENS)?.func_wrap(
            "get-directories",
            |mut store: Store, (): ()| {
                let state = store.data_mut();
                let mut granted = Vec::with_capacity(state.preopens.len());
                for (dir, guest_path) in &state.preopens {
                    let fd = state.table.push(Descriptor::Dir(dir.clone()))?;
                    granted.push((fd, guest_path.clone()));
                }
                Ok((granted,))
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_made_normal_by_name() {
        assert_eq!(
            normal(Path::new("/a/./b/../c/")).unwrap(),
            Path::new("/a/c")
        );
        assert_eq!(normal(Path::new("/../a")).unwrap(), Path::new("/a"));
    }
}

//! Which file an image's path names, checked before every commit.
//!
//! A server holds its image file open for as long as it runs. If an
//! operator deletes the file, renames another over it, or copies a backup
//! into it while the server runs, the path no longer names what the
//! server writes: commits would go into an unlinked file and vanish at
//! the next start, or be written through pages another program rewrote,
//! damaging both. So the store remembers the file it opened (device,
//! inode, and the length and modification time its own last write left)
//! and refuses a commit when the path names anything else, before
//! writing a byte.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::error::{ImageError, Result};

/// The file an image path named when the store last wrote it.
#[derive(Debug, Clone)]
pub(crate) struct FileIdentity {
    path: PathBuf,
    device: u64,
    inode: u64,
    len: u64,
    modified: Option<SystemTime>,
}

impl FileIdentity {
    /// What `path` names now; `None` where the platform cannot tell files
    /// apart (then nothing is checked).
    pub(crate) fn of(path: &Path) -> Option<FileIdentity> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let m = std::fs::metadata(path).ok()?;
            Some(FileIdentity {
                path: path.to_owned(),
                device: m.dev(),
                inode: m.ino(),
                len: m.len(),
                modified: m.modified().ok(),
            })
        }
        #[cfg(not(unix))]
        {
            let _ = path;
            None
        }
    }

    /// Refuses when the path no longer names the file as the store left
    /// it: gone, another file, or (with `held`, while the store has the
    /// file open since its own last write) changed by another program.
    /// After a failed commit the store has closed the file, which redb's
    /// close itself writes to, and it checks the file it opens again as
    /// opening does: only its identity counts then.
    pub(crate) fn check(&self, label: &str, held: bool) -> Result<()> {
        let keep = "nothing was committed, and the session keeps its changes";
        let Some(now) = FileIdentity::of(&self.path) else {
            return Err(ImageError::Store(format!(
                "image file {label} was deleted or renamed while this server had it open; {keep}. \
                 A commit now would go into a file no path names and be lost at the next start: \
                 stop the server, put the image file back at that path, and start it again"
            )));
        };
        if (now.device, now.inode) != (self.device, self.inode) {
            return Err(ImageError::Store(format!(
                "image file {label} was replaced by another file while this server had it open; \
                 {keep}. This server's commits would not reach the file now at that path: stop \
                 the server and start it again to serve that file"
            )));
        }
        if held && (now.len, now.modified) != (self.len, self.modified) {
            return Err(ImageError::Store(format!(
                "image file {label} was changed by another program while this server had it \
                 open (its length or modification time is not what this server's last commit \
                 left); {keep}. Writing now could damage it: stop the server, check the file \
                 with `gs-mcp check` (restore a backup if it is damaged), and start it again"
            )));
        }
        Ok(())
    }

    /// Takes the file's length and modification time as they are now,
    /// after the store's own write, keeping the file it names.
    pub(crate) fn after_own_write(&mut self) {
        if let Some(now) = FileIdentity::of(&self.path)
            && (now.device, now.inode) == (self.device, self.inode)
        {
            self.len = now.len;
            self.modified = now.modified;
        }
    }
}

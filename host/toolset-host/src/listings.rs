//! Directory listings read as the guest takes them.
//!
//! WASI's own `read-directory` reads a whole directory, and stats every
//! entry, before it answers, then holds the list in the host until the
//! guest has taken it: a granted directory of a million entries held
//! tens of megabytes of the server's memory for each stream a plug-in
//! opened on it, counted against no cap, and took seconds of host time
//! that no deadline could stop. This module links `read-directory`,
//! `read-directory-entry` and the stream's resource over WASI's. A
//! listing ([`Listing`]) holds a descriptor of its own on the directory
//! (so it counts as an open file: [`crate::handles::take_open_file`]) and
//! at most one `getdents` batch ([`BATCH_BYTES`]) of entries not yet
//! taken; each `read-directory-entry` that finds the batch used up reads
//! the next one, so any directory can be listed, in calls the deadline
//! can stop between, with at most [`Listing::held`] bytes held for it.
//! An entry's type comes from the directory itself, with a `stat` only
//! where the file system does not say. `.` and `..` are left out, as
//! WASI's are. On systems other than Linux, whose `getdents` this reads,
//! WASI's own listing stays.

use std::collections::VecDeque;
use std::mem::MaybeUninit;
use std::os::fd::{AsFd, OwnedFd};

use wasmtime::component::Linker;
use wasmtime_wasi::p2::bindings::filesystem::types::{DirectoryEntry, ErrorCode};

use crate::handles::HANDLE_BYTES;
use crate::state::HostState;
#[cfg(target_os = "linux")]
use {
    crate::handles::take_open_file,
    crate::shadow::{FILESYSTEM_TYPES, Store, over_wasi},
    rustix::fs::{AtFlags, FileType, Mode, OFlags, RawDir},
    wasmtime::component::{Resource, ResourceType},
    wasmtime_wasi::filesystem::Descriptor,
    wasmtime_wasi::p2::FsError,
    wasmtime_wasi::p2::bindings::filesystem::types::DescriptorType,
};

/// The buffer one `getdents` fills: what a listing reads at a time.
pub(crate) const BATCH_BYTES: usize = 8 << 10;

/// A directory being listed: its own descriptor on it, and the entries of
/// the last batch read that the guest has not taken yet.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub(crate) struct Listing {
    dir: OwnedFd,
    pending: VecDeque<Result<DirectoryEntry, ErrorCode>>,
    /// True once the directory is read to its end or failed.
    ended: bool,
}

impl Listing {
    /// What the host holds for the listing, at most: a handle, the names
    /// of a batch's entries (within the batch's bytes) and the entries.
    pub(crate) fn held(&self) -> usize {
        HANDLE_BYTES
            + BATCH_BYTES
            + self.pending.capacity() * size_of::<Result<DirectoryEntry, ErrorCode>>()
    }
}

#[cfg(target_os = "linux")]
impl Listing {
    /// The next entry, reading the next batch when the last is used up.
    fn next(&mut self) -> Option<Result<DirectoryEntry, ErrorCode>> {
        if self.pending.is_empty() && !self.ended {
            self.read_batch();
        }
        self.pending.pop_front()
    }

    /// Reads one `getdents` batch into `pending` (nothing at the end).
    fn read_batch(&mut self) {
        let mut buffer = vec![MaybeUninit::<u8>::uninit(); BATCH_BYTES];
        let mut raw = RawDir::new(self.dir.as_fd(), &mut buffer);
        loop {
            match raw.next() {
                None => {
                    self.ended = true;
                    break;
                }
                Some(Err(e)) => {
                    self.ended = true;
                    self.pending.push_back(Err(error_code(e)));
                    break;
                }
                Some(Ok(entry)) => {
                    let name = entry.file_name().to_bytes();
                    if name != b"." && name != b".." {
                        let kind = entry.file_type();
                        let entry = named(name).map(|name| DirectoryEntry {
                            type_: self.type_of(&name, kind),
                            name,
                        });
                        self.pending.push_back(entry);
                    }
                }
            }
            if raw.is_buffer_empty() {
                break;
            }
        }
    }

    /// The WASI type of the entry `name`, which the directory says is a
    /// `kind`: from a `stat` (not following links) if it does not say.
    fn type_of(&self, name: &str, kind: FileType) -> DescriptorType {
        let kind = match kind {
            FileType::Unknown => rustix::fs::statat(&self.dir, name, AtFlags::SYMLINK_NOFOLLOW)
                .map_or(FileType::Unknown, |s| FileType::from_raw_mode(s.st_mode)),
            known => known,
        };
        match kind {
            FileType::RegularFile => DescriptorType::RegularFile,
            FileType::Directory => DescriptorType::Directory,
            FileType::Symlink => DescriptorType::SymbolicLink,
            FileType::Fifo => DescriptorType::Fifo,
            FileType::Socket => DescriptorType::Socket,
            FileType::CharacterDevice => DescriptorType::CharacterDevice,
            FileType::BlockDevice => DescriptorType::BlockDevice,
            FileType::Unknown => DescriptorType::Unknown,
        }
    }
}

/// An entry's name as the guest receives it: WASI names are UTF-8.
#[cfg(target_os = "linux")]
fn named(name: &[u8]) -> Result<String, ErrorCode> {
    String::from_utf8(name.to_vec()).map_err(|_| ErrorCode::IllegalByteSequence)
}

/// The WASI error code for a system call's error.
#[cfg(target_os = "linux")]
fn error_code(e: rustix::io::Errno) -> ErrorCode {
    FsError::from(std::io::Error::from(e))
        .downcast()
        .unwrap_or(ErrorCode::Io)
}

/// Links `read-directory`, `read-directory-entry` and the
/// `directory-entry-stream` resource over WASI's, which `linker` must
/// already hold.
#[cfg(target_os = "linux")]
pub(crate) fn add_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    over_wasi(linker, link)
}

/// Leaves WASI's own listing, elsewhere than on Linux.
#[cfg(not(target_os = "linux"))]
pub(crate) fn add_to_linker(_: &mut Linker<HostState>) -> wasmtime::Result<()> {
    Ok(())
}

#[cfg(target_os = "linux")]
fn link(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    let mut types = linker.instance(FILESYSTEM_TYPES)?;
    types.resource(
        "directory-entry-stream",
        ResourceType::host::<Listing>(),
        |mut store, rep| {
            store
                .data_mut()
                .table
                .delete(Resource::<Listing>::new_own(rep))?;
            Ok(())
        },
    )?;
    types.func_wrap(
        "[method]descriptor.read-directory",
        |mut store: Store, (dir,): (Resource<Descriptor>,)| {
            let state = store.data_mut();
            let opened = match state.table.get(&dir)? {
                Descriptor::Dir(d) => rustix::fs::openat(
                    d.dir.as_fd(),
                    ".",
                    OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
                    Mode::empty(),
                ),
                Descriptor::File(_) => return Ok((Err(ErrorCode::NotDirectory),)),
            };
            let dir = match opened {
                Ok(dir) => dir,
                Err(e) => return Ok((Err(error_code(e)),)),
            };
            take_open_file(state)?;
            let listing = Listing {
                dir,
                pending: VecDeque::new(),
                ended: false,
            };
            Ok((Ok(state.table.push(listing)?),))
        },
    )?;
    types.func_wrap(
        "[method]directory-entry-stream.read-directory-entry",
        |mut store: Store, (listing,): (Resource<Listing>,)| {
            let next = store.data_mut().table.get_mut(&listing)?.next();
            Ok((next.transpose(),))
        },
    )?;
    Ok(())
}

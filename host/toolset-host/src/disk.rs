//! What a plug-in's writes may take of the disk: not the server's reserve
//! of free space, and not more than its toolset's quota.
//!
//! A plug-in granted a writable directory could fill its file system, and
//! with it the image's: commits would then fail for every session until
//! someone freed space. So while a writable granted directory's file
//! system has less than the host's reserve free
//! ([`crate::HostConfig::disk_reserve`]), or would have after the write, a
//! plug-in's writes to files are refused: `descriptor.write` answers
//! `insufficient-space`, and a file's output stream fails its write. Making
//! a file, directory or link takes an inode and directory space though it
//! writes no bytes, so making one is refused too, with
//! `insufficient-space`, under the same reserve or while fewer than one in
//! [`INODE_RESERVE_SHARE`] of the file system's inodes is free: a plug-in
//! making empty files without end would otherwise take every inode of the
//! image's file system. The checks are one `statvfs` per granted writable
//! directory, only on writes to files and on making entries. A reserve of
//! 0 turns both checks off.
//!
//! Past the reserve, each write, size change and new entry takes its share
//! of the toolset's quota ([`crate::quota`]), or is refused with `quota`
//! (a stream's write fails, naming `[toolset.limits] disk_bytes`).
//!
//! This module links those functions over WASI's own (`open-at` excepted,
//! which `handles` links and asks [`refuse_entry`] about) and keeps which
//! output streams are files'. A read-only instance's writes are left to
//! WASI, which refuses them.

use wasmtime::component::{Linker, Resource};
use wasmtime_wasi::filesystem::{Descriptor, WasiFilesystemView};
use wasmtime_wasi::p2::bindings::filesystem::types::{self as fs, HostDescriptor};
use wasmtime_wasi_io::streams::{DynOutputStream, StreamError};

use crate::file_streams::file_of;
use crate::quota;
use crate::shadow::{FILESYSTEM_TYPES, Store, fs_result, over_wasi};
use crate::state::HostState;

/// Of a file system's inodes, the share (one in this many) a plug-in may
/// not make entries into.
pub(crate) const INODE_RESERVE_SHARE: u64 = 32;

/// Why a write or a new entry is refused, and WASI's code for it.
pub(crate) struct Refusal {
    /// `insufficient-space` under the reserve, `quota` past the quota.
    pub code: fs::ErrorCode,
    pub why: String,
}

/// Why a write of `bytes` that grows its file by `growth` must be
/// refused, if it must: it would take a writable granted directory's file
/// system under the reserve (or it is already), or the toolset's
/// directories past its quota. Otherwise `growth` is taken of the quota.
pub(crate) fn refuse_write(state: &HostState, bytes: u64, growth: u64) -> Option<Refusal> {
    refuse(state, growth, || short(state, bytes, |_| None))
}

/// Why giving a file a size that grows it by `growth` must be refused, if
/// the toolset's quota has no room for it; no disk reserve applies, since
/// a larger size takes no disk until written.
pub(crate) fn refuse_size(state: &HostState, growth: u64) -> Option<Refusal> {
    refuse(state, growth, || None)
}

/// Why making a file, directory or link must be refused, if a writable
/// granted directory's file system is under the byte reserve or keeps
/// fewer than its share of inodes free ([`INODE_RESERVE_SHARE`]), or the
/// toolset's quota has no block left for it. Otherwise the block is
/// taken of the quota.
pub(crate) fn refuse_entry(state: &HostState) -> Option<Refusal> {
    refuse(state, quota::BLOCK, || short(state, 0, short_of_inodes))
}

/// The reserve's refusal, else the quota's for `growth`; nothing for a
/// read-only instance.
fn refuse(state: &HostState, growth: u64, reserve: impl Fn() -> Option<String>) -> Option<Refusal> {
    if state.read_only {
        return None;
    }
    if let Some(why) = reserve() {
        return Some(Refusal {
            code: fs::ErrorCode::InsufficientSpace,
            why,
        });
    }
    let why = state.policy.disk.take(growth).err()?;
    Some(Refusal {
        code: fs::ErrorCode::Quota,
        why,
    })
}

/// Why `room` is short of inodes for a plug-in's new entry, if it is.
fn short_of_inodes(room: &Room) -> Option<String> {
    let kept = room.inodes / INODE_RESERVE_SHARE;
    (room.free_inodes < kept).then(|| {
        format!(
            "has {} inodes free, under the server's reserve of {kept} (one in \
             {INODE_RESERVE_SHARE} of its inodes), which it keeps for the image",
            room.free_inodes
        )
    })
}

/// The first writable granted directory whose file system is under the
/// byte reserve, or would be after writing `bytes`, or that `also` finds
/// short, and why; nothing with a reserve of 0.
fn short(state: &HostState, bytes: u64, also: impl Fn(&Room) -> Option<String>) -> Option<String> {
    let reserve = state.disk_reserve;
    if reserve == 0 {
        return None;
    }
    state
        .policy
        .grants
        .dirs
        .iter()
        .filter(|d| d.writable)
        .find_map(|d| {
            let room = room(&d.host_path)?;
            let why = if room.free_bytes < reserve {
                Some(format!(
                    "has {} MiB free, under the server's reserve of {} MiB, which it keeps \
                     for the image",
                    room.free_bytes >> 20,
                    reserve >> 20
                ))
            } else if room.free_bytes < reserve.saturating_add(bytes) {
                Some(format!(
                    "has {} MiB free, and a write of {bytes} bytes would take it under the \
                     server's reserve of {} MiB, which it keeps for the image",
                    room.free_bytes >> 20,
                    reserve >> 20
                ))
            } else {
                also(&room)
            };
            why.map(|why| format!("the disk of granted directory {} {why}", d.guest_path))
        })
}

/// What a file system has free to an unprivileged writer.
struct Room {
    free_bytes: u64,
    /// Inodes free; 0 with `inodes` on a file system that makes them as
    /// it needs them.
    free_inodes: u64,
    inodes: u64,
}

/// What `path`'s file system has free.
fn room(path: &std::path::Path) -> Option<Room> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
        // SAFETY: statvfs writes the one struct it is given.
        let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
        if unsafe { libc::statvfs(c.as_ptr(), &mut s) } != 0 {
            return None;
        }
        Some(Room {
            free_bytes: (s.f_bavail as u64).saturating_mul(s.f_frsize as u64),
            free_inodes: s.f_favail as u64,
            inodes: s.f_files as u64,
        })
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Refuses a write of `bytes` to `stream` if it writes to a file and the
/// write would take the disk under the reserve or the toolset past its
/// quota; other streams (stderr, request bodies) always pass.
pub(crate) fn room_for(
    state: &HostState,
    stream: &Resource<DynOutputStream>,
    bytes: u64,
) -> Result<(), StreamError> {
    if !state.file_streams.contains(&stream.rep()) {
        return Ok(());
    }
    match refuse_write(state, bytes, quota::most_added(bytes)) {
        Some(refused) => Err(StreamError::LastOperationFailed(wasmtime::format_err!(
            "{}",
            refused.why
        ))),
        None => Ok(()),
    }
}

/// Counts `bytes` spliced into the stream `rep` against the quota, if it
/// is a file's: a splice's size is known only once it is done. (A
/// read-only instance has no file open for writing, so no file stream.)
pub(crate) fn spliced(state: &HostState, rep: u32, bytes: u64) {
    if state.file_streams.contains(&rep) {
        state.policy.disk.add(quota::most_added(bytes));
    }
}

/// Forgets `stream` as a file's, as it is dropped.
pub(crate) fn dropping(state: &mut HostState, stream: &Resource<DynOutputStream>) {
    state.file_streams.remove(&stream.rep());
}

/// `descriptor.link-at`'s parameters: the directory, path flags, the
/// existing path, the new link's directory and its path.
type LinkAt = (
    Resource<Descriptor>,
    fs::PathFlags,
    String,
    Resource<Descriptor>,
    String,
);

/// Links `descriptor.write`, `set-size`, `write-via-stream`,
/// `append-via-stream`, `create-directory-at`, `symlink-at` and `link-at`
/// over WASI's, which `linker` must already hold.
pub(crate) fn add_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    over_wasi(linker, link)
}

fn link(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    let mut types = linker.instance(FILESYSTEM_TYPES)?;
    types.func_wrap_async(
        "[method]descriptor.write",
        |mut store: Store, (file, bytes, offset): (Resource<Descriptor>, Vec<u8>, u64)| {
            Box::new(async move {
                let state = store.data_mut();
                let len = bytes.len() as u64;
                let growth = quota::growth(size_of(state, &file), offset.saturating_add(len));
                if let Some(refused) = refuse_write(state, len, growth) {
                    return Ok((Err(refused.code),));
                }
                let written =
                    HostDescriptor::write(&mut state.filesystem(), file, bytes, offset).await;
                Ok((fs_result(written)?,))
            })
        },
    )?;
    types.func_wrap_async(
        "[method]descriptor.create-directory-at",
        |mut store: Store, (dir, path): (Resource<Descriptor>, String)| {
            Box::new(async move {
                let state = store.data_mut();
                if let Some(refused) = refuse_entry(state) {
                    return Ok((Err(refused.code),));
                }
                let made =
                    HostDescriptor::create_directory_at(&mut state.filesystem(), dir, path).await;
                Ok((fs_result(made)?,))
            })
        },
    )?;
    types.func_wrap_async(
        "[method]descriptor.symlink-at",
        |mut store: Store, (dir, target, path): (Resource<Descriptor>, String, String)| {
            Box::new(async move {
                let state = store.data_mut();
                if let Some(refused) = refuse_entry(state) {
                    return Ok((Err(refused.code),));
                }
                let made =
                    HostDescriptor::symlink_at(&mut state.filesystem(), dir, target, path).await;
                Ok((fs_result(made)?,))
            })
        },
    )?;
    types.func_wrap_async(
        "[method]descriptor.link-at",
        |mut store: Store, args: LinkAt| {
            Box::new(async move {
                let state = store.data_mut();
                if let Some(refused) = refuse_entry(state) {
                    return Ok((Err(refused.code),));
                }
                let (dir, flags, old, new_dir, new) = args;
                let made =
                    HostDescriptor::link_at(&mut state.filesystem(), dir, flags, old, new_dir, new)
                        .await;
                Ok((fs_result(made)?,))
            })
        },
    )?;
    types.func_wrap_async(
        "[method]descriptor.set-size",
        |mut store: Store, (file, size): (Resource<Descriptor>, u64)| {
            Box::new(async move {
                let state = store.data_mut();
                // A larger size takes no disk until written, but is what
                // the quota counts: a sparse file's writes inside its size
                // would otherwise grow nothing.
                let growth = quota::growth(size_of(state, &file), size);
                if let Some(refused) = refuse_size(state, growth) {
                    return Ok((Err(refused.code),));
                }
                let set = HostDescriptor::set_size(&mut state.filesystem(), file, size).await;
                Ok((fs_result(set)?,))
            })
        },
    )?;
    types.func_wrap(
        "[method]descriptor.write-via-stream",
        |mut store: Store, (file, offset): (Resource<Descriptor>, u64)| {
            let state = store.data_mut();
            let held = file_of(&state.table, &file);
            let made = HostDescriptor::write_via_stream(&mut state.filesystem(), file, offset);
            file_stream(state, made, held)
        },
    )?;
    types.func_wrap(
        "[method]descriptor.append-via-stream",
        |mut store: Store, (file,): (Resource<Descriptor>,)| {
            let state = store.data_mut();
            let held = file_of(&state.table, &file);
            let made = HostDescriptor::append_via_stream(&mut state.filesystem(), file);
            file_stream(state, made, held)
        },
    )?;
    Ok(())
}

/// The size of the file behind `file` now; 0 for a directory or an
/// unknown handle (WASI then refuses the write itself).
fn size_of(state: &HostState, file: &Resource<Descriptor>) -> u64 {
    match state.table.get(file) {
        Ok(Descriptor::File(f)) => f.file.metadata().map_or(0, |m| m.len()),
        _ => 0,
    }
}

/// A stream WASI made for a file, as the guest receives it: holding its
/// file open as counted ([`crate::file_streams`]), and remembered as a
/// file's.
fn file_stream(
    state: &mut HostState,
    made: wasmtime_wasi::p2::FsResult<Resource<DynOutputStream>>,
    file: Option<std::sync::Arc<std::fs::File>>,
) -> wasmtime::Result<(Result<Resource<DynOutputStream>, fs::ErrorCode>,)> {
    let stream = match made {
        Ok(stream) => stream,
        Err(e) => return Ok((fs_result(Err(e))?,)),
    };
    let files = state.stream_files.clone();
    let stream = files.wrap_output(&mut state.table, stream, file)?;
    state.file_streams.insert(stream.rep());
    Ok((Ok(stream),))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(free_inodes: u64, inodes: u64) -> Room {
        Room {
            free_bytes: u64::MAX,
            free_inodes,
            inodes,
        }
    }

    #[test]
    fn the_last_thirty_second_of_the_inodes_is_kept() {
        assert_eq!(short_of_inodes(&room(100, 3200)), None);
        assert_eq!(
            short_of_inodes(&room(99, 3200)).as_deref(),
            Some(
                "has 99 inodes free, under the server's reserve of 100 (one in 32 of its \
                 inodes), which it keeps for the image"
            )
        );
        // A file system that makes inodes as it needs them counts none.
        assert_eq!(short_of_inodes(&room(0, 0)), None);
    }
}

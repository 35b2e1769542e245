//! A reserve of free disk that plug-ins' writes may not take.
//!
//! A plug-in granted a writable directory could fill its file system, and
//! with it the image's: commits would then fail for every session until
//! someone freed space. So while a writable granted directory's file
//! system has less than the host's reserve free
//! ([`crate::HostConfig::disk_reserve`]), a plug-in's writes to files are
//! refused: `descriptor.write` answers `insufficient-space`, and a file's
//! output stream fails its write. The check is one `statvfs` per granted
//! writable directory, only on writes to files; this module links those
//! functions over WASI's own and keeps which output streams are files'.

use wasmtime::component::{Linker, Resource};
use wasmtime_wasi::filesystem::{Descriptor, WasiFilesystemView};
use wasmtime_wasi::p2::bindings::filesystem::types::{self as fs, HostDescriptor};
use wasmtime_wasi_io::streams::{DynOutputStream, StreamError};

use crate::shadow::{FILESYSTEM_TYPES, Store, fs_result, over_wasi};
use crate::state::HostState;

/// Why a write must be refused, if a writable granted directory's file
/// system is under the reserve.
pub(crate) fn short_of_room(state: &HostState) -> Option<String> {
    let reserve = state.disk_reserve;
    state
        .policy
        .grants
        .dirs
        .iter()
        .filter(|d| d.writable)
        .find_map(|d| {
            let free = free_bytes(&d.host_path)?;
            (free < reserve).then(|| {
                format!(
                    "the disk of granted directory {} has {} MiB free, under the server's \
                     reserve of {} MiB, which it keeps for the image",
                    d.guest_path,
                    free >> 20,
                    reserve >> 20
                )
            })
        })
}

/// The bytes free to an unprivileged writer on `path`'s file system.
fn free_bytes(path: &std::path::Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
        // SAFETY: statvfs writes the one struct it is given.
        let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
        if unsafe { libc::statvfs(c.as_ptr(), &mut s) } != 0 {
            return None;
        }
        Some((s.f_bavail as u64).saturating_mul(s.f_frsize as u64))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Refuses a write to `stream` if it writes to a file and the disk is
/// under the reserve; other streams (stderr, request bodies) always pass.
pub(crate) fn room_for(
    state: &HostState,
    stream: &Resource<DynOutputStream>,
) -> Result<(), StreamError> {
    if !state.file_streams.contains(&stream.rep()) {
        return Ok(());
    }
    match short_of_room(state) {
        Some(why) => Err(StreamError::LastOperationFailed(wasmtime::format_err!(
            "{why}"
        ))),
        None => Ok(()),
    }
}

/// Forgets `stream` as a file's, as it is dropped.
pub(crate) fn dropping(state: &mut HostState, stream: &Resource<DynOutputStream>) {
    state.file_streams.remove(&stream.rep());
}

/// Links `descriptor.write`, `write-via-stream` and `append-via-stream`
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
                if short_of_room(state).is_some() {
                    return Ok((Err(fs::ErrorCode::InsufficientSpace),));
                }
                let written =
                    HostDescriptor::write(&mut state.filesystem(), file, bytes, offset).await;
                Ok((fs_result(written)?,))
            })
        },
    )?;
    types.func_wrap(
        "[method]descriptor.write-via-stream",
        |mut store: Store, (file, offset): (Resource<Descriptor>, u64)| {
            let state = store.data_mut();
            let made = HostDescriptor::write_via_stream(&mut state.filesystem(), file, offset);
            Ok((fs_result(made.map(|s| file_stream(state, s)))?,))
        },
    )?;
    types.func_wrap(
        "[method]descriptor.append-via-stream",
        |mut store: Store, (file,): (Resource<Descriptor>,)| {
            let state = store.data_mut();
            let made = HostDescriptor::append_via_stream(&mut state.filesystem(), file);
            Ok((fs_result(made.map(|s| file_stream(state, s)))?,))
        },
    )?;
    Ok(())
}

/// A stream WASI made for a file, remembered as one.
fn file_stream(
    state: &mut HostState,
    stream: Resource<DynOutputStream>,
) -> Resource<DynOutputStream> {
    state.file_streams.insert(stream.rep());
    stream
}

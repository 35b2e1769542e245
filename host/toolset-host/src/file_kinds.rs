//! The kinds of file a plug-in may open: regular files and directories.
//!
//! A granted directory may hold a FIFO, a socket or a device node, put
//! there by some other process (a plug-in cannot make one: WASI has no
//! `mknod`). Opening a FIFO to read waits for a writer, and reading a
//! FIFO or a terminal waits for data; WASI does both on a thread of the
//! blocking pool, where neither the call's deadline nor its cancellation
//! can end the wait, so a plug-in calling again and again would take
//! every thread of the pool, and every session's file access with them.
//! A device may also read without end (`/dev/zero`) or act on the
//! server's hardware.
//!
//! So `open-at` (which [`crate::handles`] links) first looks at what the
//! path names, through WASI's own `stat-at` on the same directory with
//! the guest's `symlink-follow` (the sandbox's rules on `..` and
//! symbolic links hold as for the open), and refuses anything but a
//! regular file or a directory with `access`: what POSIX answers for a
//! device node on a file system mounted `nodev`, the nearest case of a
//! kind of file one may not open. What the stat cannot answer is left to
//! the open: a path that does not exist yet (the open may create it), a
//! symbolic link seen without `symlink-follow` (the open refuses it with
//! `loop`), or an error, which the open answers in its own words.
//!
//! After the open, the descriptor's type is checked again, and one that
//! is neither is closed and refused alike: an entry replaced by a FIFO
//! between the stat and the open (only another process can do that) is
//! never read. Such an open may still have waited for a writer first,
//! since WASI's open flags have no `O_NONBLOCK`.

use wasmtime::component::Resource;
use wasmtime_wasi::filesystem::{Descriptor, WasiFilesystemCtxView};
use wasmtime_wasi::p2::bindings::filesystem::types::{
    self as fs, DescriptorType, ErrorCode, HostDescriptor,
};

/// What `open-at` answers a plug-in for a file that is neither a regular
/// file nor a directory.
pub(crate) const REFUSED: ErrorCode = ErrorCode::Access;

/// True if a plug-in may open a file of kind `kind`.
fn may_open(kind: DescriptorType) -> bool {
    matches!(
        kind,
        DescriptorType::RegularFile | DescriptorType::Directory
    )
}

/// What `open-at` opens: the directory, the path flags, the path, and
/// the open flags.
pub(crate) type Named<'a> = (
    &'a Resource<Descriptor>,
    fs::PathFlags,
    &'a str,
    fs::OpenFlags,
);

/// [`REFUSED`] if the path `open-at` is about to open names a file a
/// plug-in may not open (a FIFO, a socket, a device node); nothing if it
/// names a regular file or a directory, or if the open must answer for
/// it. An exclusive create opens no existing entry (it answers `exist`),
/// so it is not looked at.
pub(crate) async fn refuse_before_open(
    filesystem: &mut WasiFilesystemCtxView<'_>,
    (dir, path_flags, path, open_flags): Named<'_>,
) -> Option<ErrorCode> {
    if open_flags.contains(fs::OpenFlags::CREATE | fs::OpenFlags::EXCLUSIVE) {
        return None;
    }
    let dir = Resource::new_borrow(dir.rep());
    let stat = HostDescriptor::stat_at(filesystem, dir, path_flags, path.to_owned())
        .await
        .ok()?;
    match stat.type_ {
        DescriptorType::SymbolicLink => None,
        kind => (!may_open(kind)).then_some(REFUSED),
    }
}

/// `opened`, unless what was opened is neither a regular file nor a
/// directory: then it is closed, and [`REFUSED`].
pub(crate) async fn refuse_after_open(
    filesystem: &mut WasiFilesystemCtxView<'_>,
    opened: Resource<Descriptor>,
) -> wasmtime::Result<Result<Resource<Descriptor>, ErrorCode>> {
    let kind = HostDescriptor::get_type(filesystem, Resource::new_borrow(opened.rep())).await;
    if kind.is_ok_and(may_open) {
        return Ok(Ok(opened));
    }
    filesystem.table.delete(opened)?;
    Ok(Err(REFUSED))
}

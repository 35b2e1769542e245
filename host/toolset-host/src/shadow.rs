//! Linking host functions over WASI's own: what `clocks`, `waits`,
//! `handles`, `disk`, `listings` and `preopens` share to replace a few of WASI's
//! functions while the rest stay WASI's.

use wasmtime::StoreContextMut;
use wasmtime::component::Linker;

use crate::state::HostState;

/// The wasi:filesystem interface whose functions are linked over: the
/// version wasmtime-wasi links, which the linker matches to the guest's
/// semver-compatibly. A wasmtime that links another version needs this
/// and [`HTTP_TYPES`] changed: `tests/containment.rs`'s hoarding tests
/// and `tests/hostile.rs`'s disk-reserve test fail until they are.
pub(crate) const FILESYSTEM_TYPES: &str = "wasi:filesystem/types@0.2.12";

/// The wasi:filesystem interface that hands a guest its granted
/// directories (see [`FILESYSTEM_TYPES`]).
pub(crate) const FILESYSTEM_PREOPENS: &str = "wasi:filesystem/preopens@0.2.12";

/// The wasi:http interface whose functions are linked over (see
/// [`FILESYSTEM_TYPES`]).
pub(crate) const HTTP_TYPES: &str = "wasi:http/types@0.2.12";

/// The wasi:http interface that sends a request (see
/// [`FILESYSTEM_TYPES`]).
pub(crate) const HTTP_HANDLER: &str = "wasi:http/outgoing-handler@0.2.12";

/// The store a function linked with `func_wrap` receives.
pub(crate) type Store<'a> = StoreContextMut<'a, HostState>;

/// Runs `link`, whose functions replace those of the same names that
/// `linker` already holds (WASI's).
pub(crate) fn over_wasi(
    linker: &mut Linker<HostState>,
    link: impl FnOnce(&mut Linker<HostState>) -> wasmtime::Result<()>,
) -> wasmtime::Result<()> {
    linker.allow_shadowing(true);
    let linked = link(linker);
    linker.allow_shadowing(false);
    linked
}

/// A wasi:filesystem function's answer as the guest receives it: its
/// error code, or a trap for what is no error code.
pub(crate) fn fs_result<T>(
    result: wasmtime_wasi::p2::FsResult<T>,
) -> wasmtime::Result<Result<T, wasmtime_wasi::p2::bindings::filesystem::types::ErrorCode>> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(e) => Ok(Err(e.downcast()?)),
    }
}

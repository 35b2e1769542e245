//! Waits that give up the call's lane.
//!
//! A long guest call holds a lane only while it computes (see
//! [`crate::lanes`]), so it gives the lane up where it starts to wait:
//! `wasi:io/poll`'s `poll` and `pollable.block`, through which a guest
//! waits on a sleep, a response or a stream. Giving it up any earlier
//! (when the guest subscribes to a clock, say) is not enough: the guest
//! code between the subscription and the wait may reach an epoch tick,
//! take a lane again, and hold it for the whole wait while other long
//! calls queue behind it. This module links the two functions over
//! WASI's own, which do the waiting.

use wasmtime::component::{HasSelf, Linker, Resource};
use wasmtime_wasi_io::bindings::wasi::io::poll;
use wasmtime_wasi_io::poll::DynPollable;

use crate::state::HostState;

/// Links `poll` and `pollable.block` (and the rest of `wasi:io/poll`, as
/// WASI has them) over WASI's, which `linker` must already hold.
pub(crate) fn add_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    linker.allow_shadowing(true);
    let linked = poll::add_to_linker::<HostState, HasSelf<HostState>>(linker, |s| s);
    linker.allow_shadowing(false);
    linked
}

impl poll::Host for HostState {
    async fn poll(&mut self, pollables: Vec<Resource<DynPollable>>) -> wasmtime::Result<Vec<u32>> {
        self.end_run();
        poll::Host::poll(&mut self.table, pollables).await
    }
}

impl poll::HostPollable for HostState {
    async fn block(&mut self, pollable: Resource<DynPollable>) -> wasmtime::Result<()> {
        self.end_run();
        poll::HostPollable::block(&mut self.table, pollable).await
    }

    async fn ready(&mut self, pollable: Resource<DynPollable>) -> wasmtime::Result<bool> {
        poll::HostPollable::ready(&mut self.table, pollable).await
    }

    fn drop(&mut self, pollable: Resource<DynPollable>) -> wasmtime::Result<()> {
        poll::HostPollable::drop(&mut self.table, pollable)
    }
}

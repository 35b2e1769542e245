//! Waits that give up the call's lane.
//!
//! A long guest call holds a lane only while it computes (see
//! [`crate::lanes`]), so it gives the lane up where it starts to wait:
//! `wasi:io/poll`'s `poll` and `pollable.block`, through which a guest
//! waits on a sleep, a response or a stream, and `wasi:io/streams`'
//! `blocking-*` functions, which wait inside the host for a stream to be
//! ready (a response body arriving slowly, a request body the server is
//! slow to take). Giving it up any earlier (when the guest subscribes to
//! a clock, or asks for a response body, say) is not enough: the guest
//! code between that and the wait may reach an epoch tick, take a lane
//! again, and hold it for the whole wait while other long calls queue
//! behind it. This module links these functions over WASI's own, which do
//! the waiting; what does not wait is WASI's, unchanged but for the free
//! disk a write to a file must leave ([`crate::disk`]).

use wasmtime::component::{HasSelf, Linker, Resource};
use wasmtime_wasi_io::bindings::wasi::io::{poll, streams};
use wasmtime_wasi_io::poll::DynPollable;
use wasmtime_wasi_io::streams::{DynInputStream, DynOutputStream, StreamError, StreamResult};

use crate::disk;
use crate::state::HostState;

/// Links `wasi:io/poll` and `wasi:io/streams` over WASI's, which `linker`
/// must already hold.
pub(crate) fn add_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    crate::shadow::over_wasi(linker, |linker| {
        poll::add_to_linker::<HostState, HasSelf<HostState>>(linker, |s| s)?;
        streams::add_to_linker::<HostState, HasSelf<HostState>>(linker, |s| s)
    })
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

impl streams::Host for HostState {
    fn convert_stream_error(&mut self, err: StreamError) -> wasmtime::Result<streams::StreamError> {
        streams::Host::convert_stream_error(&mut self.table, err)
    }
}

impl streams::HostInputStream for HostState {
    async fn blocking_read(
        &mut self,
        stream: Resource<DynInputStream>,
        len: u64,
    ) -> StreamResult<Vec<u8>> {
        self.end_run();
        streams::HostInputStream::blocking_read(&mut self.table, stream, len).await
    }

    async fn blocking_skip(
        &mut self,
        stream: Resource<DynInputStream>,
        len: u64,
    ) -> StreamResult<u64> {
        self.end_run();
        streams::HostInputStream::blocking_skip(&mut self.table, stream, len).await
    }

    fn read(&mut self, stream: Resource<DynInputStream>, len: u64) -> StreamResult<Vec<u8>> {
        streams::HostInputStream::read(&mut self.table, stream, len)
    }

    fn skip(&mut self, stream: Resource<DynInputStream>, len: u64) -> StreamResult<u64> {
        streams::HostInputStream::skip(&mut self.table, stream, len)
    }

    fn subscribe(
        &mut self,
        stream: Resource<DynInputStream>,
    ) -> wasmtime::Result<Resource<DynPollable>> {
        streams::HostInputStream::subscribe(&mut self.table, stream)
    }

    async fn drop(&mut self, stream: Resource<DynInputStream>) -> wasmtime::Result<()> {
        streams::HostInputStream::drop(&mut self.table, stream).await
    }
}

impl streams::HostOutputStream for HostState {
    async fn blocking_write_and_flush(
        &mut self,
        stream: Resource<DynOutputStream>,
        bytes: Vec<u8>,
    ) -> StreamResult<()> {
        disk::room_for(self, &stream, bytes.len() as u64)?;
        self.end_run();
        streams::HostOutputStream::blocking_write_and_flush(&mut self.table, stream, bytes).await
    }

    async fn blocking_write_zeroes_and_flush(
        &mut self,
        stream: Resource<DynOutputStream>,
        len: u64,
    ) -> StreamResult<()> {
        disk::room_for(self, &stream, len)?;
        self.end_run();
        streams::HostOutputStream::blocking_write_zeroes_and_flush(&mut self.table, stream, len)
            .await
    }

    async fn blocking_flush(&mut self, stream: Resource<DynOutputStream>) -> StreamResult<()> {
        self.end_run();
        streams::HostOutputStream::blocking_flush(&mut self.table, stream).await
    }

    async fn blocking_splice(
        &mut self,
        dest: Resource<DynOutputStream>,
        src: Resource<DynInputStream>,
        len: u64,
    ) -> StreamResult<u64> {
        // A splice's `len` is only its most (often all there is), so
        // it is not counted as the write's size; what it wrote is.
        disk::room_for(self, &dest, 0)?;
        self.end_run();
        let rep = dest.rep();
        let spliced =
            streams::HostOutputStream::blocking_splice(&mut self.table, dest, src, len).await?;
        disk::spliced(self, rep, spliced);
        Ok(spliced)
    }

    fn check_write(&mut self, stream: Resource<DynOutputStream>) -> StreamResult<u64> {
        streams::HostOutputStream::check_write(&mut self.table, stream)
    }

    fn write(&mut self, stream: Resource<DynOutputStream>, bytes: Vec<u8>) -> StreamResult<()> {
        disk::room_for(self, &stream, bytes.len() as u64)?;
        streams::HostOutputStream::write(&mut self.table, stream, bytes)
    }

    fn write_zeroes(&mut self, stream: Resource<DynOutputStream>, len: u64) -> StreamResult<()> {
        disk::room_for(self, &stream, len)?;
        streams::HostOutputStream::write_zeroes(&mut self.table, stream, len)
    }

    fn flush(&mut self, stream: Resource<DynOutputStream>) -> StreamResult<()> {
        streams::HostOutputStream::flush(&mut self.table, stream)
    }

    fn splice(
        &mut self,
        dest: Resource<DynOutputStream>,
        src: Resource<DynInputStream>,
        len: u64,
    ) -> StreamResult<u64> {
        // A splice's `len` is only its most (often all there is), so
        // it is not counted as the write's size; what it wrote is.
        disk::room_for(self, &dest, 0)?;
        let rep = dest.rep();
        let spliced = streams::HostOutputStream::splice(&mut self.table, dest, src, len)?;
        disk::spliced(self, rep, spliced);
        Ok(spliced)
    }

    fn subscribe(
        &mut self,
        stream: Resource<DynOutputStream>,
    ) -> wasmtime::Result<Resource<DynPollable>> {
        streams::HostOutputStream::subscribe(&mut self.table, stream)
    }

    async fn drop(&mut self, stream: Resource<DynOutputStream>) -> wasmtime::Result<()> {
        disk::dropping(self, &stream);
        streams::HostOutputStream::drop(&mut self.table, stream).await
    }
}

//! Waits that give up the call's lane and end with the call.
//!
//! A guest waits inside the host in `wasi:io/poll`'s `poll` and
//! `pollable.block` (on a sleep, a response or a stream), in
//! `wasi:io/streams`' `blocking-*` functions, which wait for a stream to
//! be ready (a response body arriving slowly, a request body nobody
//! takes), and in dropping a stream, which waits for its pending work.
//! This module links these functions over WASI's own, which do the
//! waiting, and adds two things to each:
//!
//! - the wait ends at the call's deadline or cancellation
//!   ([`CallEnd`]), recording the stop and trapping the guest as the
//!   epoch callback would: no epoch check reaches a guest while the host
//!   waits, and a wait nothing ends (a request body that is never sent,
//!   whose buffer is full) would otherwise hold the call's worker, its
//!   pool slot, its memory and its image session for good;
//! - a long call gives its lane up (see [`crate::lanes`]) where it starts
//!   to wait. Giving it up any earlier (when the guest subscribes to a
//!   clock, or asks for a response body, say) is not enough: the guest
//!   code between that and the wait may reach an epoch tick, take a lane
//!   again, and hold it for the whole wait while other long calls queue
//!   behind it.
//!
//! What does not wait is WASI's, unchanged but for the free disk a write
//! to a file must leave ([`crate::disk`]).

use std::future::Future;

use wasmtime::component::{HasSelf, Linker, Resource};
use wasmtime_wasi_io::bindings::wasi::io::{poll, streams};
use wasmtime_wasi_io::poll::DynPollable;
use wasmtime_wasi_io::streams::{DynInputStream, DynOutputStream, StreamError, StreamResult};

use crate::clocks::CallEnd;
use crate::disk;
use crate::state::{HostState, Stop};

/// Links `wasi:io/poll` and `wasi:io/streams` over WASI's, which `linker`
/// must already hold.
pub(crate) fn add_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    crate::shadow::over_wasi(linker, |linker| {
        poll::add_to_linker::<HostState, HasSelf<HostState>>(linker, |s| s)?;
        streams::add_to_linker::<HostState, HasSelf<HostState>>(linker, |s| s)
    })
}

/// `work`, a wait inside the host, unless `end` comes first: then why the
/// call must stop. Work that is ready at once is done even past the end,
/// as the epoch callback lets a guest that never waits run to its tick.
pub(crate) async fn until_end<T>(end: &CallEnd, work: impl Future<Output = T>) -> Result<T, Stop> {
    tokio::select! {
        biased;
        done = work => Ok(done),
        () = end.wait(None) => Err(end.stop().unwrap_or(Stop::Deadline)),
    }
}

impl HostState {
    /// Where the guest starts to wait inside the host: gives the lane up,
    /// and answers when the wait must end.
    fn start_wait(&mut self) -> CallEnd {
        self.end_run();
        CallEnd::of(self)
    }

    /// What a wait [`until_end`] answered, with the stop recorded and the
    /// guest trapped when the call's end came first: the call then fails
    /// as one the epoch callback stopped (`deadline`, `cancelled`), and
    /// its instance is dropped.
    fn waited<T>(&mut self, waited: Result<T, Stop>) -> wasmtime::Result<T> {
        waited.map_err(|stop| {
            self.stop = Some(stop);
            wasmtime::format_err!("the call was stopped while it waited in the host ({stop:?})")
        })
    }

    /// As [`HostState::waited`], for a stream function's answer.
    fn streamed<T>(&mut self, waited: Result<StreamResult<T>, Stop>) -> StreamResult<T> {
        self.waited(waited).map_err(StreamError::Trap)?
    }
}

impl poll::Host for HostState {
    async fn poll(&mut self, pollables: Vec<Resource<DynPollable>>) -> wasmtime::Result<Vec<u32>> {
        let end = self.start_wait();
        let waited = until_end(&end, poll::Host::poll(&mut self.table, pollables)).await;
        self.waited(waited)?
    }
}

impl poll::HostPollable for HostState {
    async fn block(&mut self, pollable: Resource<DynPollable>) -> wasmtime::Result<()> {
        let end = self.start_wait();
        let waited = until_end(&end, poll::HostPollable::block(&mut self.table, pollable)).await;
        self.waited(waited)?
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
        let end = self.start_wait();
        let read = streams::HostInputStream::blocking_read(&mut self.table, stream, len);
        let waited = until_end(&end, read).await;
        self.streamed(waited)
    }

    async fn blocking_skip(
        &mut self,
        stream: Resource<DynInputStream>,
        len: u64,
    ) -> StreamResult<u64> {
        let end = self.start_wait();
        let skip = streams::HostInputStream::blocking_skip(&mut self.table, stream, len);
        let waited = until_end(&end, skip).await;
        self.streamed(waited)
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
        let end = self.start_wait();
        let dropped = streams::HostInputStream::drop(&mut self.table, stream);
        let waited = until_end(&end, dropped).await;
        self.waited(waited)?
    }
}

impl streams::HostOutputStream for HostState {
    async fn blocking_write_and_flush(
        &mut self,
        stream: Resource<DynOutputStream>,
        bytes: Vec<u8>,
    ) -> StreamResult<()> {
        disk::room_for(self, &stream, bytes.len() as u64)?;
        let end = self.start_wait();
        let write =
            streams::HostOutputStream::blocking_write_and_flush(&mut self.table, stream, bytes);
        let waited = until_end(&end, write).await;
        self.streamed(waited)
    }

    async fn blocking_write_zeroes_and_flush(
        &mut self,
        stream: Resource<DynOutputStream>,
        len: u64,
    ) -> StreamResult<()> {
        disk::room_for(self, &stream, len)?;
        let end = self.start_wait();
        let write = streams::HostOutputStream::blocking_write_zeroes_and_flush(
            &mut self.table,
            stream,
            len,
        );
        let waited = until_end(&end, write).await;
        self.streamed(waited)
    }

    async fn blocking_flush(&mut self, stream: Resource<DynOutputStream>) -> StreamResult<()> {
        let end = self.start_wait();
        let flush = streams::HostOutputStream::blocking_flush(&mut self.table, stream);
        let waited = until_end(&end, flush).await;
        self.streamed(waited)
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
        let end = self.start_wait();
        let rep = dest.rep();
        let splice = streams::HostOutputStream::blocking_splice(&mut self.table, dest, src, len);
        let waited = until_end(&end, splice).await;
        let spliced = self.streamed(waited)?;
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
        let end = self.start_wait();
        let dropped = streams::HostOutputStream::drop(&mut self.table, stream);
        let waited = until_end(&end, dropped).await;
        self.waited(waited)?
    }
}

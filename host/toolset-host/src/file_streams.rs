//! Files held open by their streams.
//!
//! A file's stream (`read-via-stream`, `write-via-stream`,
//! `append-via-stream`) holds the file open on its own: the guest may
//! drop the descriptor and keep the stream, and open the next file. So
//! that the open files an instance may have ([`crate::handles::MAX_OPEN_FILES`],
//! and the host's ceiling of descriptors) count these too, each stream
//! WASI makes for a file is wrapped ([`OnFile`]) in one that registers
//! the file in the instance's [`StreamFiles`] for as long as it lives;
//! [`crate::handles::take_open_file`] counts the distinct files of the
//! instance's descriptors and streams. A stream on a file whose
//! descriptor is still open adds nothing: it is the same descriptor of
//! the server's.

use std::collections::HashMap;
use std::fs::File;
use std::sync::{Arc, Mutex, PoisonError};

use bytes::Bytes;
use wasmtime::component::{Resource, ResourceTable};
use wasmtime_wasi::filesystem::Descriptor;
use wasmtime_wasi_io::poll::Pollable;
use wasmtime_wasi_io::streams::{
    DynInputStream, DynOutputStream, InputStream, OutputStream, StreamResult,
};

/// The files an instance's streams hold open, by stream.
#[derive(Clone, Default)]
pub(crate) struct StreamFiles(Arc<Mutex<Streams>>);

#[derive(Default)]
struct Streams {
    next: u64,
    open: HashMap<u64, Arc<File>>,
}

impl StreamFiles {
    /// The files the streams hold, by the address of each (a stream on
    /// a file shares its descriptor's).
    pub fn files(&self) -> Vec<usize> {
        let streams = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        streams
            .open
            .values()
            .map(|f| Arc::as_ptr(f).addr())
            .collect()
    }

    /// Registers `file` as held open by a stream until the answer drops.
    fn hold(&self, file: Arc<File>) -> HeldFile {
        let mut streams = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let id = streams.next;
        streams.next += 1;
        streams.open.insert(id, file);
        HeldFile {
            id,
            files: self.clone(),
        }
    }

    /// Replaces the stream WASI just made for the file `descriptor` held
    /// (`file`, looked up before the call) with one that holds it here.
    pub fn wrap_input(
        &self,
        table: &mut ResourceTable,
        stream: Resource<DynInputStream>,
        file: Option<Arc<File>>,
    ) -> wasmtime::Result<Resource<DynInputStream>> {
        let Some(file) = file else { return Ok(stream) };
        let inner = table.delete(stream)?;
        let wrapped: DynInputStream = Box::new(OnFile {
            stream: inner,
            _held: self.hold(file),
        });
        Ok(table.push(wrapped)?)
    }

    /// As [`StreamFiles::wrap_input`], for an output stream.
    pub fn wrap_output(
        &self,
        table: &mut ResourceTable,
        stream: Resource<DynOutputStream>,
        file: Option<Arc<File>>,
    ) -> wasmtime::Result<Resource<DynOutputStream>> {
        let Some(file) = file else { return Ok(stream) };
        let inner = table.delete(stream)?;
        let wrapped: DynOutputStream = Box::new(OnFile {
            stream: inner,
            _held: self.hold(file),
        });
        Ok(table.push(wrapped)?)
    }
}

/// The file behind the descriptor `file`, if it is a file.
pub(crate) fn file_of(table: &ResourceTable, file: &Resource<Descriptor>) -> Option<Arc<File>> {
    match table.get(file) {
        Ok(Descriptor::File(f)) => Some(f.file.clone()),
        _ => None,
    }
}

/// One stream's registration; dropped with the stream.
struct HeldFile {
    id: u64,
    files: StreamFiles,
}

impl Drop for HeldFile {
    fn drop(&mut self) {
        let mut streams = self.files.0.lock().unwrap_or_else(PoisonError::into_inner);
        streams.open.remove(&self.id);
    }
}

/// A file's stream, as WASI made it, holding its file's registration.
struct OnFile<S> {
    stream: S,
    _held: HeldFile,
}

#[wasmtime_wasi::async_trait]
impl Pollable for OnFile<DynInputStream> {
    async fn ready(&mut self) {
        self.stream.ready().await
    }
}

#[wasmtime_wasi::async_trait]
impl InputStream for OnFile<DynInputStream> {
    fn read(&mut self, size: usize) -> StreamResult<Bytes> {
        self.stream.read(size)
    }

    async fn blocking_read(&mut self, size: usize) -> StreamResult<Bytes> {
        self.stream.blocking_read(size).await
    }

    fn skip(&mut self, nelem: usize) -> StreamResult<usize> {
        self.stream.skip(nelem)
    }

    async fn blocking_skip(&mut self, nelem: usize) -> StreamResult<usize> {
        self.stream.blocking_skip(nelem).await
    }

    async fn cancel(&mut self) {
        self.stream.cancel().await
    }
}

#[wasmtime_wasi::async_trait]
impl Pollable for OnFile<DynOutputStream> {
    async fn ready(&mut self) {
        self.stream.ready().await
    }
}

#[wasmtime_wasi::async_trait]
impl OutputStream for OnFile<DynOutputStream> {
    fn write(&mut self, bytes: Bytes) -> StreamResult<()> {
        self.stream.write(bytes)
    }

    fn flush(&mut self) -> StreamResult<()> {
        self.stream.flush()
    }

    fn check_write(&mut self) -> StreamResult<usize> {
        self.stream.check_write()
    }

    async fn blocking_write_and_flush(&mut self, bytes: Bytes) -> StreamResult<()> {
        self.stream.blocking_write_and_flush(bytes).await
    }

    fn write_zeroes(&mut self, nelem: usize) -> StreamResult<()> {
        self.stream.write_zeroes(nelem)
    }

    async fn write_ready(&mut self) -> StreamResult<usize> {
        self.stream.write_ready().await
    }

    async fn cancel(&mut self) {
        self.stream.cancel().await
    }
}

//! What a guest has the host hold for it, counted against its memory cap.
//!
//! A guest's handles (WASI streams and pollables, wasi:http fields,
//! requests and responses) live in the host's memory, not in the guest's
//! linear memory, so the memory cap alone would not bound them: a plug-in
//! could append a 64 KiB header value to a fresh `fields` from the same
//! buffer again and again, and the server's memory would grow by
//! gigabytes within one call's deadline while the guest's stayed flat.
//! So the host
//!
//! - caps the handles an instance may hold at once ([`MAX_HANDLES`]), and
//!   the files it may have open ([`MAX_OPEN_FILES`], granted directories,
//!   directory listings and files held open by their streams
//!   ([`crate::file_streams`]) included), which also count against the host's ceiling of
//!   descriptors for all instances with their HTTP connections
//!   ([`crate::HostConfig::max_descriptors`]): each is a descriptor of
//!   the server's own, and a server out of descriptors can accept no
//!   connection;
//! - measures what its handles hold ([`held`]: the bytes of every header,
//!   request target and extension method or scheme, what a request's or
//!   an outgoing response's body may buffer ([`BODY_BUFFER_BYTES`]), and a
//!   flat [`HANDLE_BYTES`] for each handle), and what the requests it sent
//!   hold until they are answered (they leave its handles when sent, but
//!   not the host) whenever the guest is about to make them hold more —
//!   the wasi:http functions that copy guest bytes into the host, copy or
//!   make a header map, or make a request, a response or a body, which
//!   this module links over wasi:http's own — and counts that, with what
//!   the call brings, against the
//!   instance's memory cap beside its linear memory, and against the
//!   host's ceiling for all instances
//!   ([`crate::state::Limiter::hold_host`]). Past either, the call is
//!   stopped as a linear memory that grew too far is (`outOfMemory`).
//!
//! The measure is taken before each such function, over the whole handle
//! table, so what was dropped since counts no more; it costs a pass over
//! at most [`MAX_HANDLES`] entries, only in calls that are about to hold
//! more. A header map shared between two handles (a clone not yet
//! changed) counts twice: the count errs on the side of the host.

use std::collections::HashSet;
use std::sync::Arc;

use wasmtime::component::{Linker, Resource, ResourceTable};
use wasmtime_wasi::filesystem::{Descriptor, WasiFilesystemView};
use wasmtime_wasi::p2::bindings::filesystem::types::{self as fs, HostDescriptor};
use wasmtime_wasi_http::p2::bindings::http::outgoing_handler;
use wasmtime_wasi_http::p2::bindings::http::types::{
    HeaderError, HostFields, HostOutgoingRequest as RequestMethods,
    HostOutgoingResponse as ResponseMethods, Method, Scheme,
};
use wasmtime_wasi_http::p2::body::HostOutgoingBody;
use wasmtime_wasi_http::p2::types::{
    HostFutureIncomingResponse, HostIncomingResponse, HostOutgoingRequest, HostOutgoingResponse,
};
use wasmtime_wasi_http::{FieldMap, RequestOptions, WasiHttpView};

use crate::file_kinds;
use crate::file_streams::file_of;
use crate::listings::Listing;
use crate::shadow::{FILESYSTEM_TYPES, HTTP_HANDLER, HTTP_TYPES, Store, fs_result, over_wasi};
use crate::state::{HostState, Stop};

/// The most handles one instance may hold at once.
pub(crate) const MAX_HANDLES: usize = 10_000;

/// The most files and directories one instance may have open at once.
pub(crate) const MAX_OPEN_FILES: usize = 64;

/// The most random bytes one call of `wasi:random` answers (WASI's default
/// is 64 MiB, which the host would allocate before the guest's cap could
/// refuse it, in every session at once). Past it the call traps.
pub(crate) const MAX_RANDOM_BYTES: u64 = 1 << 20;

/// What one handle is counted as beside the bytes it holds: about what
/// the host spends on a handle's table entry and its object.
pub(crate) const HANDLE_BYTES: usize = 256;

/// The most a request body's stream takes in one write; it buffers one
/// such write and the one in flight.
pub(crate) const BODY_CHUNK: usize = 64 << 10;

/// What a request body may hold in the host before it is sent.
pub(crate) const BODY_BUFFER_BYTES: usize = 2 * BODY_CHUNK;

/// What the host must have held for an instance for its end to give the
/// freed memory back to the system ([`give_back_freed`]).
pub(crate) const TRIM_AFTER: usize = 4 << 20;

/// Gives memory the allocator holds free back to the system. The host
/// holds a guest's header values in the allocator's heap (they are too
/// small to be mapped on their own), and the allocator keeps what is
/// freed for later use, in as many arenas as threads made: without this,
/// sessions whose instances the host held megabytes for leave the server
/// resident far past the memory ceiling that bounded them while they ran
/// (`cargo bench -p gs-toolset-host --bench worst_case_memory`).
pub(crate) fn give_back_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// `descriptor.open-at`'s parameters: the directory, path flags, path,
/// open flags and descriptor flags.
type OpenAt = (
    Resource<Descriptor>,
    fs::PathFlags,
    String,
    fs::OpenFlags,
    fs::DescriptorFlags,
);

/// `outgoing-handler.handle`'s parameters: the request and its options.
type HandleArgs = (
    Resource<HostOutgoingRequest>,
    Option<Resource<RequestOptions>>,
);

/// The bytes a header map holds: its names and values.
fn map_bytes(map: &FieldMap) -> usize {
    map.iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum()
}

/// The bytes a request holds in the host: its headers, target, method
/// and scheme (an extension method or scheme is the guest's string), and
/// what its body may buffer.
fn request_bytes(r: &HostOutgoingRequest) -> usize {
    let method = match &r.method {
        Method::Other(m) => m.len(),
        _ => 0,
    };
    let scheme = match &r.scheme {
        Some(Scheme::Other(s)) => s.len(),
        _ => 0,
    };
    map_bytes(&r.headers)
        + r.path_with_query.as_ref().map_or(0, String::len)
        + r.authority.as_ref().map_or(0, String::len)
        + method
        + scheme
        + BODY_BUFFER_BYTES
}

/// What `table`'s handles hold, by the count of this module.
fn held_by_handles(table: &mut ResourceTable) -> usize {
    table
        .iter_mut()
        .map(|entry| {
            HANDLE_BYTES
                + if let Some(map) = entry.downcast_ref::<FieldMap>() {
                    map_bytes(map)
                } else if let Some(r) = entry.downcast_ref::<HostOutgoingRequest>() {
                    request_bytes(r)
                } else if let Some(r) = entry.downcast_ref::<HostOutgoingResponse>() {
                    map_bytes(&r.headers) + BODY_BUFFER_BYTES
                } else if entry.is::<HostOutgoingBody>() {
                    BODY_BUFFER_BYTES
                } else if let Some(r) = entry.downcast_ref::<HostIncomingResponse>() {
                    map_bytes(&r.headers)
                } else if let Some(listing) = entry.downcast_ref::<Listing>() {
                    listing.held()
                } else {
                    0
                }
        })
        .sum()
}

/// What the requests the guest has sent hold while they are in flight:
/// each request's bytes, for as long as its response is pending and its
/// future handle lives. The record of a request answered or dropped is
/// forgotten.
fn held_in_flight(state: &mut HostState) -> usize {
    let table = &mut state.table;
    state.in_flight.retain(|&rep, _| {
        table.get_any_mut(rep).is_ok_and(|entry| {
            matches!(
                entry.downcast_ref::<HostFutureIncomingResponse>(),
                Some(HostFutureIncomingResponse::Pending(_))
            )
        })
    });
    state.in_flight.values().sum()
}

/// What the host holds for the guest, by the count of this module.
pub(crate) fn held(state: &mut HostState) -> usize {
    held_by_handles(&mut state.table) + held_in_flight(state)
}

/// Counts what the guest's handles hold now, plus `more` that the call
/// about to run may add, against the instance's cap and the host's
/// ceiling: an error (which stops the guest) past either.
fn hold(state: &mut HostState, more: usize) -> wasmtime::Result<()> {
    let now = held(state);
    state.limiter.hold_host(now.saturating_add(more))
}

/// How many descriptors of the server's the guest holds open: its granted
/// directories, the distinct files and directories of its descriptors
/// and of its files' streams ([`crate::file_streams`]), and its
/// directory listings.
fn open_files(state: &mut HostState) -> usize {
    let mut files: HashSet<usize> = state
        .preopens
        .iter()
        .map(|(dir, _)| Arc::as_ptr(&dir.dir).addr())
        .collect();
    files.extend(state.stream_files.files());
    let mut listings = 0;
    for entry in state.table.iter_mut() {
        if let Some(descriptor) = entry.downcast_ref::<Descriptor>() {
            files.insert(match descriptor {
                Descriptor::File(f) => Arc::as_ptr(&f.file).addr(),
                Descriptor::Dir(d) => Arc::as_ptr(&d.dir).addr(),
            });
        } else if entry.is::<Listing>() {
            listings += 1;
        }
    }
    files.len() + listings
}

/// Counts one more file open for the guest (a file, a directory, or a
/// directory being listed: each holds a descriptor of the server's): an
/// error (which stops the guest) past [`MAX_OPEN_FILES`] or the host's
/// ceiling of descriptors.
pub(crate) fn take_open_file(state: &mut HostState) -> wasmtime::Result<()> {
    let open = open_files(state);
    if open >= MAX_OPEN_FILES {
        state.stop = Some(Stop::OpenFiles);
        return Err(wasmtime::format_err!(
            "the instance has {MAX_OPEN_FILES} files open"
        ));
    }
    if !state.files.hold(open + 1) {
        let ceiling = state.files.pool.ceiling;
        state.stop = Some(Stop::Descriptors { ceiling });
        return Err(wasmtime::format_err!(
            "all instances together hold the host's {ceiling} descriptors"
        ));
    }
    Ok(())
}

/// The bytes a `fields` handle holds now (nothing if it is not one).
fn fields_bytes(state: &HostState, fields: &Resource<FieldMap>) -> usize {
    state.table.get(fields).map_or(0, map_bytes)
}

/// Links the wasi:http functions that make the host hold more over
/// wasi:http's own, which `linker` must already hold; each counts what
/// the host will hold, then runs wasi:http's function.
pub(crate) fn add_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    over_wasi(linker, link)
}

fn link(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    link_files(linker)?;
    link_fields(linker)?;
    link_requests(linker)?;
    link_responses(linker)?;
    link_handler(linker)
}

/// `open-at` and `read-via-stream`, which make the guest hold a file open.
/// `open-at` opens regular files and directories only
/// ([`crate::file_kinds`]).
fn link_files(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    linker.instance(FILESYSTEM_TYPES)?.func_wrap_async(
        "[method]descriptor.open-at",
        |mut store: Store, args: OpenAt| {
            Box::new(async move {
                let state = store.data_mut();
                let (dir, path_flags, path, open_flags, flags) = args;
                let named = (&dir, path_flags, path.as_str(), open_flags);
                if let Some(refused) =
                    file_kinds::refuse_before_open(&mut state.filesystem(), named).await
                {
                    return Ok((Err(refused),));
                }
                // The disk's rule for making entries (`disk`), asked here
                // because a function is linked over WASI's once.
                if open_flags.contains(fs::OpenFlags::CREATE)
                    && let Some(refused) = crate::disk::refuse_entry(state)
                {
                    return Ok((Err(refused.code),));
                }
                take_open_file(state)?;
                let opened = HostDescriptor::open_at(
                    &mut state.filesystem(),
                    dir,
                    path_flags,
                    path,
                    open_flags,
                    flags,
                )
                .await;
                let opened = match fs_result(opened)? {
                    Ok(opened) => opened,
                    Err(e) => return Ok((Err(e),)),
                };
                let mut filesystem = state.filesystem();
                Ok((file_kinds::refuse_after_open(&mut filesystem, opened).await?,))
            })
        },
    )?;
    linker.instance(FILESYSTEM_TYPES)?.func_wrap(
        "[method]descriptor.read-via-stream",
        |mut store: Store, (file, offset): (Resource<Descriptor>, u64)| {
            let state = store.data_mut();
            let held = file_of(&state.table, &file);
            let made = HostDescriptor::read_via_stream(&mut state.filesystem(), file, offset);
            let stream = match made {
                Ok(stream) => stream,
                Err(e) => return Ok((fs_result(Err(e))?,)),
            };
            let files = state.stream_files.clone();
            Ok((Ok(files.wrap_input(&mut state.table, stream, held)?),))
        },
    )?;
    Ok(())
}

/// The functions that make or fill a header map.
fn link_fields(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    let mut types = linker.instance(HTTP_TYPES)?;
    types.func_wrap("[constructor]fields", |mut store: Store, (): ()| {
        let state = store.data_mut();
        hold(state, HANDLE_BYTES)?;
        Ok((HostFields::new(&mut state.http())?,))
    })?;
    types.func_wrap(
        "[static]fields.from-list",
        |mut store: Store, (entries,): (Vec<(String, Vec<u8>)>,)| {
            let more = entries.iter().map(|(n, v)| n.len() + v.len()).sum();
            let state = store.data_mut();
            hold(state, more)?;
            let made = HostFields::from_list(&mut state.http(), entries);
            Ok((header_result(made)?,))
        },
    )?;
    types.func_wrap(
        "[method]fields.set",
        |mut store: Store, (fields, name, values): (Resource<FieldMap>, String, Vec<Vec<u8>>)| {
            let state = store.data_mut();
            // Changing a map shared with a clone copies it first.
            let more = fields_bytes(state, &fields)
                + name.len()
                + values.iter().map(Vec::len).sum::<usize>();
            hold(state, more)?;
            let set = HostFields::set(&mut state.http(), fields, name, values);
            Ok((header_result(set)?,))
        },
    )?;
    types.func_wrap(
        "[method]fields.append",
        |mut store: Store, (fields, name, value): (Resource<FieldMap>, String, Vec<u8>)| {
            let state = store.data_mut();
            let more = fields_bytes(state, &fields) + name.len() + value.len();
            hold(state, more)?;
            let appended = HostFields::append(&mut state.http(), fields, name, value);
            Ok((header_result(appended)?,))
        },
    )?;
    types.func_wrap(
        "[method]fields.clone",
        |mut store: Store, (fields,): (Resource<FieldMap>,)| {
            let state = store.data_mut();
            let more = fields_bytes(state, &fields);
            hold(state, more)?;
            Ok((HostFields::clone(&mut state.http(), fields)?,))
        },
    )?;
    Ok(())
}

/// The functions that make a request or its body, or copy guest bytes
/// into one.
fn link_requests(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    let mut types = linker.instance(HTTP_TYPES)?;
    types.func_wrap(
        "[constructor]outgoing-request",
        |mut store: Store, (headers,): (Resource<FieldMap>,)| {
            let state = store.data_mut();
            hold(state, HANDLE_BYTES + BODY_BUFFER_BYTES)?;
            Ok((RequestMethods::new(&mut state.http(), headers)?,))
        },
    )?;
    types.func_wrap(
        "[method]outgoing-request.body",
        |mut store: Store, (request,): (Resource<HostOutgoingRequest>,)| {
            let state = store.data_mut();
            hold(state, HANDLE_BYTES + BODY_BUFFER_BYTES)?;
            Ok((RequestMethods::body(&mut state.http(), request)?,))
        },
    )?;
    types.func_wrap(
        "[method]outgoing-request.set-path-with-query",
        |mut store: Store, (request, path): (Resource<HostOutgoingRequest>, Option<String>)| {
            let state = store.data_mut();
            hold(state, path.as_ref().map_or(0, String::len))?;
            Ok((RequestMethods::set_path_with_query(
                &mut state.http(),
                request,
                path,
            )?,))
        },
    )?;
    types.func_wrap(
        "[method]outgoing-request.set-authority",
        |mut store: Store,
         (request, authority): (Resource<HostOutgoingRequest>, Option<String>)| {
            let state = store.data_mut();
            hold(state, authority.as_ref().map_or(0, String::len))?;
            Ok((RequestMethods::set_authority(
                &mut state.http(),
                request,
                authority,
            )?,))
        },
    )?;
    types.func_wrap(
        "[method]outgoing-request.set-method",
        |mut store: Store, (request, method): (Resource<HostOutgoingRequest>, Method)| {
            let state = store.data_mut();
            let more = match &method {
                Method::Other(m) => m.len(),
                _ => 0,
            };
            hold(state, more)?;
            Ok((RequestMethods::set_method(
                &mut state.http(),
                request,
                method,
            )?,))
        },
    )?;
    Ok(())
}

/// The functions that make an outgoing response or its body (a plug-in
/// serves no requests, but may make them, and each body buffers as a
/// request's does).
fn link_responses(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    let mut types = linker.instance(HTTP_TYPES)?;
    types.func_wrap(
        "[constructor]outgoing-response",
        |mut store: Store, (headers,): (Resource<FieldMap>,)| {
            let state = store.data_mut();
            hold(state, HANDLE_BYTES + BODY_BUFFER_BYTES)?;
            Ok((ResponseMethods::new(&mut state.http(), headers)?,))
        },
    )?;
    types.func_wrap(
        "[method]outgoing-response.body",
        |mut store: Store, (response,): (Resource<HostOutgoingResponse>,)| {
            let state = store.data_mut();
            hold(state, HANDLE_BYTES + BODY_BUFFER_BYTES)?;
            Ok((ResponseMethods::body(&mut state.http(), response)?,))
        },
    )?;
    Ok(())
}

/// `outgoing-handler.handle`, which takes a request out of the guest's
/// handles while the host still holds it: what it holds is counted as in
/// flight ([`held_in_flight`]) until it is answered.
fn link_handler(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    linker.instance(HTTP_HANDLER)?.func_wrap(
        "handle",
        |mut store: Store, (request, options): HandleArgs| {
            let state = store.data_mut();
            let bytes = state.table.get(&request).map_or(0, request_bytes);
            let sent = outgoing_handler::Host::handle(&mut state.http(), request, options);
            match sent {
                Ok(future) => {
                    state.in_flight.insert(future.rep(), bytes);
                    Ok((Ok(future),))
                }
                Err(e) => Ok((Err(e.downcast()?),)),
            }
        },
    )?;
    Ok(())
}

/// A header function's answer as the guest receives it: its error code,
/// or a trap for what is no header error.
fn header_result<T>(
    result: wasmtime_wasi_http::p2::HeaderResult<T>,
) -> wasmtime::Result<Result<T, HeaderError>> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(e) => Ok(Err(e.downcast()?)),
    }
}

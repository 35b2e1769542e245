//! `escape`: ways around a cap that hold something of the host's while
//! the guest seems to hold nothing (tested in
//! host/toolset-host/tests/escapes.rs).

use gs_mcp_sdk::{Error, Output, Schema, Tool};
use serde::Deserialize;
use serde_json::json;
use wasip2::filesystem::types::{Descriptor, DescriptorFlags, ErrorCode, OpenFlags, PathFlags};
use wasip2::http::types::{Fields, Method, OutgoingRequest, OutgoingResponse, Scheme};

#[derive(Deserialize)]
struct Escape {
    what: String,
    count: u64,
    bytes: u64,
    #[serde(default)]
    authority: String,
}

/// Does `what` `count` times and keeps what each made, answering how
/// many it kept and why it stopped, if something was refused:
///
/// - `read-streams`, `write-streams`, `append-streams`: opens the file
///   `/data/f` (`/data/f-<n>` to write), keeps a stream on it and drops
///   the descriptor;
/// - `methods`: a request whose method is an extension `bytes` long;
/// - `responses`: an outgoing response and its body;
/// - `in-flight`: a request with a method `bytes` long sent to
///   `http://<authority>/`, its response never awaited.
fn escape(a: Escape) -> Result<Output, Error> {
    let method = Method::Other("X".repeat(a.bytes as usize));
    let mut kept = 0u64;
    let mut refused = None;
    for n in 0..a.count {
        let held = match a.what.as_str() {
            "read-streams" | "write-streams" | "append-streams" => stream_on_file(&a.what, n),
            "methods" => {
                let request = OutgoingRequest::new(Fields::new());
                request
                    .set_method(&method)
                    .map(|()| std::mem::forget(request))
                    .map_err(|()| "method refused".to_string())
            }
            "responses" => {
                let response = OutgoingResponse::new(Fields::new());
                response
                    .body()
                    .map(|body| std::mem::forget((body, response)))
                    .map_err(|()| "no body".to_string())
            }
            "in-flight" => send(&method, &a.authority),
            other => return Err(Error::invalid_params(format!("no kind `{other}`"))),
        };
        match held {
            Ok(()) => kept += 1,
            Err(why) => {
                refused = Some(why);
                break;
            }
        }
    }
    Output::json(&json!({ "kept": kept, "refused": refused }))
}

/// Opens a file of the granted directory `/data` and keeps only a stream
/// on it (`what`), the `n`th.
fn stream_on_file(what: &str, n: u64) -> Result<(), String> {
    let named = |e: ErrorCode| e.name().to_string();
    let data = wasip2::filesystem::preopens::get_directories()
        .into_iter()
        .find(|(_, path)| path == "/data")
        .map(|(data, _)| data)
        .ok_or("no /data")?;
    let (name, flags, access) = match what {
        "read-streams" => ("f".to_string(), OpenFlags::empty(), DescriptorFlags::READ),
        _ => (format!("f-{n}"), OpenFlags::CREATE, DescriptorFlags::WRITE),
    };
    let file: Descriptor = data
        .open_at(PathFlags::empty(), &name, flags, access)
        .map_err(named)?;
    match what {
        "read-streams" => file.read_via_stream(0).map(std::mem::forget),
        "write-streams" => file.write_via_stream(0).map(std::mem::forget),
        _ => file.append_via_stream().map(std::mem::forget),
    }
    .map_err(named)
}

/// Sends a request of `method` to `http://<authority>/` and forgets its
/// response.
fn send(method: &Method, authority: &str) -> Result<(), String> {
    let request = OutgoingRequest::new(Fields::new());
    request
        .set_method(method)
        .map_err(|()| "method refused".to_string())?;
    let _ = request.set_scheme(Some(&Scheme::Http));
    let _ = request.set_authority(Some(authority));
    let _ = request.set_path_with_query(Some("/"));
    wasip2::http::outgoing_handler::handle(request, None)
        .map(std::mem::forget)
        .map_err(|e| format!("{e:?}"))
}

/// The `escape` tool.
pub fn tool() -> Tool {
    Tool::new("escape", "Holds what the host keeps for it.", escape)
        .input(
            Schema::object()
                .required("what", Schema::string())
                .required("count", Schema::integer())
                .required("bytes", Schema::integer())
                .optional("authority", Schema::string()),
        )
        .read_only_safe()
}

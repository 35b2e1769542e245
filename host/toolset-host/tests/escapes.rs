//! Ways out of the sandbox that go around a cap or a grant, each shut:
//! granted directories swapped for symbolic links, files held open
//! through their streams, memory the host holds for a plug-in beside its
//! linear memory, memory in more than one linear memory, and a
//! compiled-artefact cache someone else can write.

mod common;

use std::path::Path;

use common::*;
use gs_toolset_host::{
    DirGrant, Grants, HostConfig, Limits, LoadErrorKind, NetGrant, ToolsetHost, WasmToolset,
    WasmToolsetSpec,
};
use serde_json::json;

/// A host of its own, so that the grants of other tests' toolsets do not
/// meet this test's.
fn own_host() -> ToolsetHost {
    host()
}

/// `misbehave` with `dirs` granted, each (host path, guest path,
/// writable).
fn misbehave_spec(dirs: &[(&Path, &str, bool)]) -> WasmToolsetSpec {
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE);
    spec.grants = Grants {
        dirs: dirs
            .iter()
            .map(|(host, guest, writable)| DirGrant {
                host_path: host.to_path_buf(),
                guest_path: guest.to_string(),
                writable: *writable,
            })
            .collect(),
        ..Grants::default()
    };
    spec
}

/// What a granted directory lying inside a writable one is refused with.
fn nested(inner: &Path, outer: &Path, whose: &str) -> String {
    format!(
        "granted directory {} lies inside {}, which {whose} may write: a plug-in could \
         replace what the inner path leads to before the server opens it again; grant \
         directories that do not nest inside a writable one",
        inner.display(),
        outer.display()
    )
}

#[test]
fn a_grant_inside_a_writable_grant_is_refused_at_load() {
    let root = tempfile::tempdir().unwrap();
    let (outer, inner) = (root.path().join("outer"), root.path().join("outer/inner"));
    std::fs::create_dir_all(&inner).unwrap();
    let host = own_host();

    // Within one toolset, in either order.
    for dirs in [
        [(&*outer, "/outer", true), (&*inner, "/inner", false)],
        [(&*inner, "/inner", false), (&*outer, "/outer", true)],
    ] {
        let e = host.load(&misbehave_spec(&dirs)).unwrap_err();
        assert_eq!(e.kind, LoadErrorKind::Config);
        assert_eq!(e.message, nested(&inner, &outer, "this toolset"));
    }

    // Across toolsets: the later one is refused, whichever it is.
    let writer = host
        .load(&misbehave_spec(&[(&outer, "/outer", true)]))
        .unwrap();
    let e = host
        .load(&misbehave_spec(&[(&inner, "/inner", false)]))
        .unwrap_err();
    let component = Path::new(gs_test_plugins::MISBEHAVE);
    let theirs = format!("the toolset {}", component.display());
    assert_eq!(e.message, nested(&inner, &outer, &theirs));
    drop(writer);
    let reader = host
        .load(&misbehave_spec(&[(&inner, "/inner", false)]))
        .expect("the writable grant went with its toolset");
    let e = host
        .load(&misbehave_spec(&[(&outer, "/outer", true)]))
        .unwrap_err();
    assert_eq!(
        e.message,
        format!(
            "{} (the inner directory is granted to {theirs})",
            nested(&inner, &outer, "this toolset")
        )
    );
    drop(reader);

    // Nothing nests inside a directory no plug-in may write.
    host.load(&misbehave_spec(&[
        (&outer, "/outer", false),
        (&inner, "/inner", true),
    ]))
    .expect("a read-only outer grant");
}

#[test]
fn a_grant_through_a_symbolic_link_is_refused_at_load() {
    let root = tempfile::tempdir().unwrap();
    let real = root.path().join("real");
    std::fs::create_dir_all(real.join("data")).unwrap();
    std::os::unix::fs::symlink("real", root.path().join("link")).unwrap();
    let granted = root.path().join("link/data");
    let e = own_host()
        .load(&misbehave_spec(&[(&granted, "/data", false)]))
        .unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Config);
    assert_eq!(
        e.message,
        format!(
            "granted directory {} passes through the symbolic link {}; grant {} instead: a \
             grant is opened without following links, so that no link decides what is granted",
            granted.display(),
            root.path().join("link").display(),
            real.join("data").display()
        )
    );
}

/// Lists `/data` in a new session of `t`: the names there.
fn listed(t: &WasmToolset, img: &TestImage) -> serde_json::Value {
    let mut s = t.session();
    let r = call(&mut s, &img.ctx(false), "list_dir", r#"{"path": "/data"}"#).unwrap();
    r.structured.unwrap()["entries"].clone()
}

#[test]
fn every_instance_is_given_the_directory_granted_at_load() {
    // The grant's path is made to lead elsewhere after the load, as a
    // plug-in able to write its parent would: renamed, and a symbolic
    // link in its place.
    let root = tempfile::tempdir().unwrap();
    let granted = root.path().join("granted");
    std::fs::create_dir(&granted).unwrap();
    std::fs::write(granted.join("granted.txt"), "").unwrap();
    let elsewhere = root.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::fs::write(elsewhere.join("secret.txt"), "").unwrap();
    let host = own_host();
    let t = host
        .load(&misbehave_spec(&[(&granted, "/data", false)]))
        .unwrap();
    let img = TestImage::new();
    assert_eq!(listed(&t, &img), json!([["granted.txt", "file"]]));

    std::fs::rename(&granted, root.path().join("moved")).unwrap();
    std::os::unix::fs::symlink("elsewhere", &granted).unwrap();
    assert_eq!(listed(&t, &img), json!([["granted.txt", "file"]]));
}

/// Calls `escape` in a fresh session of `t`, doing `what` `count` times.
fn escape(t: &WasmToolset, what: &str, count: u64, bytes: u64) -> gs_toolset::ToolResult {
    escape_to(t, what, count, bytes, "")
}

fn escape_to(
    t: &WasmToolset,
    what: &str,
    count: u64,
    bytes: u64,
    authority: &str,
) -> gs_toolset::ToolResult {
    let img = TestImage::new();
    let mut s = t.session();
    let args = json!({"what": what, "count": count, "bytes": bytes, "authority": authority});
    call(&mut s, &img.ctx(false), "escape", &args.to_string())
}

#[test]
fn a_file_held_open_by_its_stream_counts_as_open() {
    // Each file is opened, a stream on it kept and its descriptor
    // dropped: the stream alone holds the server's descriptor.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f"), "some bytes").unwrap();
    let t = shared_host()
        .load(&misbehave_spec(&[(dir.path(), "/data", true)]))
        .unwrap();
    for what in ["read-streams", "write-streams", "append-streams"] {
        let e = escape(&t, what, 1_000, 0).unwrap_err();
        assert_eq!(
            e.kind,
            gs_toolset::ErrorKind::OutOfMemory,
            "{what}: {}",
            e.message
        );
        assert_eq!(
            e.message,
            "tool `escape` of toolset `misbehave` tried to have more than 64 files open at \
             once (granted directories and directory listings included), the most an instance \
             may, and was stopped; the session goes on with a fresh instance",
            "{what}"
        );
        // The granted directory is one of the 64.
        let r = escape(&t, what, 63, 0).expect("within the cap");
        assert_eq!(
            r.structured,
            Some(json!({"kept": 63, "refused": null})),
            "{what}"
        );
    }
}

/// `misbehave` with a 16 MiB memory cap and time enough to pass it,
/// granted `net`.
fn misbehave_capped(net: Vec<NetGrant>) -> WasmToolset {
    let mut spec = misbehave_spec(&[]);
    spec.grants.net = net;
    spec.limits = Limits {
        memory: 16 << 20,
        deadline: std::time::Duration::from_secs(20),
        ..Limits::default()
    };
    shared_host().load(&spec).unwrap()
}

/// Asserts `e` stopped the call for what the host held for it.
fn held_too_much(e: &gs_toolset::ToolError, what: &str) {
    assert_eq!(
        e.kind,
        gs_toolset::ErrorKind::OutOfMemory,
        "{what}: {}",
        e.message
    );
    assert!(
        e.message
            .starts_with("tool `escape` of toolset `misbehave` had the host hold "),
        "{what}: {}",
        e.message
    );
    assert!(
        e.message.contains("over its cap of 16 MiB"),
        "{what}: {}",
        e.message
    );
}

#[test]
fn request_methods_and_outgoing_responses_count_against_the_memory_cap() {
    // A megabyte-long method on request after request, and outgoing
    // responses with their bodies (128 KiB of buffer each): the guest's
    // own memory stays flat while the host's grows.
    let t = misbehave_capped(Vec::new());
    let e = escape(&t, "methods", 64, 1 << 20).unwrap_err();
    held_too_much(&e, "methods");
    let e = escape(&t, "responses", 1_000, 0).unwrap_err();
    held_too_much(&e, "responses");
    // Within the cap, they are kept.
    let r = escape(&t, "methods", 4, 1 << 20).expect("within the cap");
    assert_eq!(r.structured, Some(json!({"kept": 4, "refused": null})));
}

/// A server on loopback that takes connections and never reads or
/// answers: what it was sent stays in flight.
fn silent_server() -> (std::net::TcpListener, u16) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let accepting = listener.try_clone().unwrap();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in accepting.incoming() {
            match stream {
                Ok(s) => held.push(s),
                Err(_) => return,
            }
        }
    });
    (listener, port)
}

#[test]
fn a_request_in_flight_counts_against_the_memory_cap() {
    // Requests with a 4 MiB method sent to a server that never answers:
    // once handed to the host they leave the guest's handles, but the
    // host holds them until they are answered or dropped.
    let (_server, port) = silent_server();
    let t = misbehave_capped(vec![NetGrant {
        https: false,
        host: "127.0.0.1".into(),
        port,
    }]);
    let authority = format!("127.0.0.1:{port}");
    let e = escape_to(&t, "in-flight", 40, 4 << 20, &authority).unwrap_err();
    held_too_much(&e, "in-flight");
}

/// A host whose compiled-artefact cache is `cache`.
fn host_caching_in(cache: &Path) -> ToolsetHost {
    ToolsetHost::new(HostConfig {
        cache_dir: Some(cache.to_owned()),
        max_instances: 4,
        ..HostConfig::default()
    })
    .unwrap()
}

/// Loads `hello` on a host caching in `cache`: whether it came from the
/// cache, and why the host does not use the cache, if it does not.
fn hello_from(cache: &Path) -> (bool, Option<String>) {
    let host = host_caching_in(cache);
    let t = host
        .load(&WasmToolsetSpec::new(gs_test_plugins::HELLO))
        .unwrap();
    let refused = host.cache_refused().map(str::to_string);
    (t.loaded_from_cache(), refused)
}

fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn a_cache_someone_else_could_write_is_never_trusted() {
    // Whoever can write the key file or the directory can forge an
    // entry: native code the server would run.
    let root = tempfile::tempdir().unwrap();
    let cache = root.path().join("components");
    let key = cache.join("key");
    assert_eq!(hello_from(&cache), (false, None), "compiled and stored");
    assert_eq!(hello_from(&cache), (true, None), "the cache is used");

    chmod(&key, 0o620);
    let (cached, refused) = hello_from(&cache);
    assert!(!cached, "a key others may write is not used");
    assert_eq!(
        refused.as_deref(),
        Some(&*format!(
            "the compiled-artefact cache's key {} may be written by others (mode 620), who \
             could forge entries with it: the cache is not used, and every toolset is compiled \
             at load; delete the key (the server makes a new one) or make it the server's \
             user's alone (chown, chmod 600)",
            key.display()
        ))
    );
    chmod(&key, 0o600);
    assert_eq!(hello_from(&cache), (true, None), "the same key, mended");

    chmod(&cache, 0o777);
    let (cached, refused) = hello_from(&cache);
    assert!(!cached, "a directory others may write is not used");
    assert_eq!(
        refused.as_deref(),
        Some(&*format!(
            "the compiled-artefact cache {} may be written by others (mode 777), who could \
             plant native code in it: the cache is not used, and every toolset is compiled at \
             load; make it the server's user's alone (chown, chmod 700)",
            cache.display()
        ))
    );
    chmod(&cache, 0o700);

    // Files of another user (only root may give a file away).
    if unsafe { libc::geteuid() } == 0 {
        std::os::unix::fs::chown(&key, Some(4242), None).unwrap();
        let (cached, refused) = hello_from(&cache);
        assert!(!cached, "a key of another user is not used");
        assert_eq!(
            refused.as_deref(),
            Some(&*format!(
                "the compiled-artefact cache's key {} belongs to uid 4242, not to the server's \
                 user (uid 0), who could forge entries with it: the cache is not used, and \
                 every toolset is compiled at load; delete the key (the server makes a new \
                 one) or make it the server's user's alone (chown, chmod 600)",
                key.display()
            ))
        );
    }
}

#[test]
fn a_grant_cannot_overlap_a_cache_directory_not_made_yet() {
    // The cache's path leads, through a symbolic link, into the directory
    // granted: only the directory once made shows where it is.
    let root = tempfile::tempdir().unwrap();
    let granted = root.path().join("granted");
    std::fs::create_dir(&granted).unwrap();
    std::os::unix::fs::symlink("granted", root.path().join("link")).unwrap();
    let host = host_caching_in(&root.path().join("link/components"));
    let e = host
        .load(&misbehave_spec(&[(&granted, "/data", true)]))
        .unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Config);
    assert!(
        e.message.starts_with(&format!(
            "granted directory {} overlaps the compiled-artefact cache {}, which holds native \
             code the server runs",
            granted.display(),
            granted.join("components").display()
        )),
        "{}",
        e.message
    );
}

//! Policy the host enforces whatever a plug-in declares: grants (deny by
//! default), read-only sessions, and the kernel-class guard.

mod common;

use common::*;
use gs_toolset::{ErrorKind, Toolset};
use gs_toolset_host::{Grants, Limits};

#[test]
fn a_host_call_without_its_grant_is_refused_naming_the_grant() {
    let t = load(gs_test_plugins::HELLO, Grants::default(), Limits::default());
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = t.open_session();
    let e = call(
        &mut *s,
        &ctx,
        "describe_class",
        r#"{"className": "Object"}"#,
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused);
    assert_eq!(
        e.message,
        "toolset `hello` called `describe-class`, which needs the `image:read` grant; the \
         operator must add \"image:read\" to this toolset's grants in toolsets.toml"
    );
    let e = call(&mut *s, &ctx, "execute", r#"{"code": "1"}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused);
    assert!(e.message.contains("`image:execute` grant"), "{}", e.message);
    let e = call(
        &mut *s,
        &ctx,
        "compile",
        r#"{"className": "Object", "source": "x ^1"}"#,
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused);
    assert!(e.message.contains("`image:write` grant"), "{}", e.message);
    // Tools that need no grant still work, and the refusal was no trap.
    assert_eq!(
        text(&call(&mut *s, &ctx, "greet", r#"{"name": "x"}"#)),
        "Hello, x!"
    );
}

#[test]
fn one_grant_does_not_imply_another() {
    let t = load(
        gs_test_plugins::HELLO,
        Grants::from_names(&["image:read"]).unwrap(),
        Limits::default(),
    );
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = t.open_session();
    assert!(
        call(
            &mut *s,
            &ctx,
            "describe_class",
            r#"{"className": "Object"}"#
        )
        .is_ok()
    );
    let e = call(
        &mut *s,
        &ctx,
        "compile",
        r#"{"className": "Object", "source": "x ^1"}"#,
    )
    .unwrap_err();
    assert!(e.message.contains("`image:write` grant"), "{}", e.message);
}

#[test]
fn read_only_sessions_see_only_read_only_safe_tools() {
    let t = hello();
    let all = visible(t, false);
    let safe = visible(t, true);
    assert!(all.contains(&"execute".to_string()) && all.contains(&"compile".to_string()));
    assert!(!safe.contains(&"execute".to_string()));
    assert!(!safe.contains(&"compile".to_string()));
    assert!(safe.contains(&"greet".to_string()));

    // The session broker refuses a hidden tool called by name (see the
    // router's tests); called past it, the tool still cannot run anything:
    // the image refuses.
    let img = TestImage::new();
    let mut s = t.open_session();
    let e = call(&mut *s, &img.ctx(true), "execute", r#"{"code": "1"}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::ReadOnly);
    assert!(
        e.message.starts_with("`execute` runs arbitrary code"),
        "{}",
        e.message
    );
}

#[test]
fn a_plugin_lying_about_safety_cannot_mutate_or_execute_in_a_read_only_session() {
    let t = load(gs_test_plugins::MISBEHAVE, all_grants(), Limits::default());
    assert!(t.info().tool("sneaky_compile").unwrap().read_only_safe);
    let img = TestImage::new();
    let ctx = img.ctx(true);
    let mut s = t.open_session();
    let e = call(&mut *s, &ctx, "sneaky_compile", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::ReadOnly);
    assert_eq!(
        e.message,
        "`compile-method` changes the image and this session is read-only; connect to a \
         read-write server to do it"
    );
    let e = call(&mut *s, &ctx, "sneaky_execute", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::ReadOnly);
    assert!(
        e.message.starts_with("`execute` runs arbitrary code"),
        "{}",
        e.message
    );
    // Nothing reached the image.
    assert_eq!(ctx.image.implementors("sneaky", 10).unwrap().methods, []);
}

#[test]
fn the_kernel_class_guard_applies_to_every_mutation() {
    let t = load(gs_test_plugins::MISBEHAVE, all_grants(), Limits::default());
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = t.open_session();
    let e = call(&mut *s, &ctx, "sneaky_compile", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused);
    assert_eq!(
        e.message,
        "cannot compile a method into Object: it is a kernel class, and no tool may change \
         kernel classes. Put the code in an application class instead — a subclass of Object, \
         or a class of your own in your application's dictionary. An extension method of a \
         kernel class (in a `*package` category) is the operator's to load, by filing in its \
         Topaz source (`gs-mcp image load` on the embedded image)."
    );
    assert_eq!(ctx.image.implementors("sneaky", 10).unwrap().methods, []);
}

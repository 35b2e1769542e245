//! A host function called off WebAssembly, with no mock host installed,
//! panics — an ordinary unwinding panic that names the function and says
//! how to test such a tool — instead of aborting the test binary in the
//! WIT import's native stub.

use std::panic::{AssertUnwindSafe, catch_unwind};

use gs_mcp_sdk::{Error, Output, Schema, Tool, Toolset, image, log};
use serde::Deserialize;

/// The panic's message, which must exist.
fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .expect("the panic carries a message")
}

#[test]
fn a_host_function_panics_naming_itself() {
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let logged = catch_unwind(|| log::debug("hello"));
    let looked_up = catch_unwind(image::dictionaries);
    let configured = catch_unwind(|| gs_mcp_sdk::config::get("endpoint"));
    let asked = catch_unwind(|| {
        gs_mcp_sdk::client::ask_all([gs_mcp_sdk::client::Question::roots("client_roots")])
    });
    std::panic::set_hook(quiet);

    let message = panic_message(logged.unwrap_err());
    assert!(
        message.contains("gs_mcp_sdk::log::log is a host function"),
        "{message}"
    );
    assert!(message.contains("MockHost"), "{message}");
    let message = panic_message(looked_up.unwrap_err());
    assert!(
        message.contains("gs_mcp_sdk::image::dictionaries"),
        "{message}"
    );
    let message = panic_message(configured.unwrap_err());
    assert!(
        message.contains("gs_mcp_sdk::config::get is a host function"),
        "{message}"
    );
    let message = panic_message(asked.unwrap_err());
    assert!(
        message.contains("gs_mcp_sdk::client::ask is a host function"),
        "{message}"
    );
}

#[derive(Deserialize)]
struct Name {
    name: String,
}

/// A tool whose first line logs.
fn greet(args: Name) -> Result<Output, Error> {
    log::info(&format!("greeting {}", args.name));
    Ok(Output::text(format!("Hello, {}!", args.name)))
}

#[test]
fn a_tool_calling_a_host_function_fails_its_test_without_aborting() {
    let toolset = Toolset::new("t", "1.0.0").tool(
        Tool::new("greet", "Greets.", greet)
            .input(Schema::object().required("name", Schema::string())),
    );
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let called = catch_unwind(AssertUnwindSafe(|| {
        toolset.call_json("greet", r#"{"name": "Ada"}"#)
    }));
    std::panic::set_hook(quiet);
    let message = panic_message(called.unwrap_err());
    assert!(message.contains("gs_mcp_sdk::log::log"), "{message}");
    // The process is still here: argument checks before any host call
    // keep working in the same test binary.
    let e = toolset.call_json("greet", "{}").unwrap_err();
    assert_eq!(e.kind, gs_mcp_sdk::ErrorKind::InvalidParams);
}

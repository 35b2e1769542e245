//! `wrong-version`: a toolset built against `gemstone:mcp@1.0.0`, a major
//! version this host does not implement. The host must refuse it at load.

wit_bindgen::generate!({
    path: "wit",
    world: "toolset",
});

struct Component;

impl exports::gemstone::mcp::tools::Guest for Component {
    fn describe() -> String {
        "from the future".to_string()
    }
}

export!(Component);

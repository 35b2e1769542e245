//! One toolset call run to its end on the calling thread, for the tests
//! and benchmarks that call a toolset session directly.

use gs_toolset::{Arguments, CallContext, ToolResult, ToolsetSession};
use serde_json::Value;

/// Runs one call of `tools` to its end on this thread, as the broker's task
/// would poll it.
pub fn call_now(
    tools: &mut dyn ToolsetSession,
    tool: &str,
    arguments: &Value,
    ctx: &CallContext,
) -> ToolResult {
    static RUNTIME: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    let runtime = RUNTIME.get_or_init(|| tokio::runtime::Runtime::new().expect("a runtime"));
    let arguments = Arguments::from_value(tool, arguments)?;
    runtime.block_on(tools.call(tool, &arguments, ctx))
}

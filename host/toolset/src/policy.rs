//! The rules every toolset's use of the image passes, whichever toolset
//! and whichever backend: one definition each, so the built-in tools and
//! the WebAssembly host refuse the same things with the same words.

use crate::{ImageSession, ToolError};

/// The kernel-class guard: refuses `action` (a verb phrase such as
/// `compile a method into`) when `class_name` resolves — through the
/// session's symbol list, so an alias bound to a kernel class does not
/// hide it — to a kernel class. An unknown class passes: the operation
/// itself reports it.
pub fn refuse_kernel_class(
    image: &dyn ImageSession,
    class_name: &str,
    action: &str,
) -> Result<(), ToolError> {
    let Ok(class) = image.describe_class(class_name) else {
        return Ok(());
    };
    if !class.kernel {
        return Ok(());
    }
    let real = &class.name;
    let alias = if real == class_name {
        String::new()
    } else {
        format!(" (`{class_name}` is bound to the kernel class {real})")
    };
    Err(ToolError::refused(format!(
        "cannot {action} {real}: it is a kernel class{alias}, and no tool may change kernel \
         classes. Put the code in an application class instead — a subclass of {real}, or a \
         class of your own in your application's dictionary."
    )))
}

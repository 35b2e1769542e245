//! The rules every toolset's use of the image passes, whichever toolset
//! and whichever backend: one definition each, so the built-in tools and
//! the WebAssembly host refuse the same things with the same words.

use crate::{CallContext, ImageSession, ToolError};

/// The kernel-class guard: refuses `action` (a verb phrase such as
/// `compile a method into`) when `class_name` resolves — through the
/// session's symbol list, so an alias bound to a kernel class does not
/// hide it — to a kernel class. An unknown class passes: the operation
/// itself reports it. So does any class in a read-only session, whose
/// image refuses every change with its own answer (`readOnly` comes
/// before any other refusal).
pub fn refuse_kernel_class(
    ctx: &CallContext,
    class_name: &str,
    action: &str,
) -> Result<(), ToolError> {
    if ctx.read_only {
        return Ok(());
    }
    refuse_kernel_class_in(ctx.image.as_ref(), class_name, action)
}

/// The kernel-class guard on an image session itself, for a backend
/// applying it where only it knows the class (a class named in definition
/// source): the same rule and words as [`refuse_kernel_class`].
pub fn refuse_kernel_class_in(
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
         class of your own in your application's dictionary. An extension method of a kernel class (in a \
         `*package` category) is the operator's to load, by filing in its Topaz source \
         (`gs-mcp image load` on the embedded image)."
    )))
}

/// The refusal of a redefinition of `class_name` that changes its shape
/// (variables or superclass) while it has `subclasses`, which would be
/// left on the old shape: one wording for every backend.
pub fn reshaping_a_superclass(class_name: &str, subclasses: &[String]) -> ToolError {
    ToolError::refused(format!(
        "{class_name} has subclasses ({}), and this definition changes its shape; redefining \
         it would leave them on the old shape. Delete or redefine the subclasses first, or \
         keep {class_name}'s variables and superclass as they are",
        subclasses.join(", ")
    ))
}

/// The refusal of a read-only test run in a session that has uncommitted
/// changes of its own, which the abort ending the run would discard
/// ([`crate::ImageSession::run_tests_read_only`]): one wording for every
/// backend.
pub fn read_only_run_with_changes(class_name: &str) -> ToolError {
    ToolError::refused(format!(
        "cannot run {class_name}'s tests in this read-only call: the session has uncommitted \
         changes, and a read-only test run ends by discarding everything the session changed. \
         Commit them (with write access) or discard them with `abort`, then run the tests again"
    ))
}

/// What a new binding would hide from every session, for
/// [`shadowing_a_kernel_name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KernelName {
    /// The name of a symbol dictionary (`Globals`, `UserGlobals`,
    /// `Published`, …).
    Dictionary,
    /// A kernel class, bound in `Globals`.
    Class,
    /// A kernel global that is not a class (`Transcript`, `AllUsers`,
    /// `Processor`), bound in `Globals`.
    Global,
}

/// The refusal of a new binding of `name` in `dictionary` that would hide
/// a [`KernelName`] from every session. The embedded image refuses it in
/// gs-image (`Session::guard_kernel_name`, which cannot depend on this
/// crate) in these same words; a backend that checks the rule itself
/// answers with this, and the built-in tools' shared cases pin the two
/// wordings to each other.
pub fn shadowing_a_kernel_name(kind: KernelName, name: &str, dictionary: &str) -> ToolError {
    ToolError::refused(match kind {
        KernelName::Dictionary => format!(
            "{name} is the name of a symbol dictionary; binding it in {dictionary} would hide \
             the dictionary from every session; choose another name"
        ),
        KernelName::Class => format!(
            "{name} is a kernel class; binding the name in {dictionary} would hide it from every \
             session; choose another name"
        ),
        KernelName::Global => format!(
            "{name} is a kernel global; binding the name in {dictionary} would hide it from \
             every session; choose another name"
        ),
    })
}

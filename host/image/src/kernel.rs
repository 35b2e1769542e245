//! Installing the kernel class library into a new image.
//!
//! This is the bootstrap: it defines only `Object`, the root every other
//! class descends from, in `Globals`, as a kernel class. The kernel loader
//! extends it to file in the kernel `.gs` sources (under `kernel/`), so
//! that every new image starts with the same class library.
//!
//! [`install`] runs once, inside the first commit of a new image file, in
//! a session in kernel-installation mode: every class it defines is marked
//! kernel (and so refused to users' mutating calls), and it may compile
//! methods into kernel classes.

use crate::error::Result;
use crate::model::ClassDefinition;
use crate::session::{RecompilePolicy, Session};

/// Defines the kernel classes and methods in `session`, which the caller
/// commits. The session is in kernel-installation mode.
pub(crate) fn install(session: &mut Session) -> Result<()> {
    session.define_class(
        ClassDefinition {
            name: "Object".to_string(),
            superclass: None,
            dictionary: "Globals".to_string(),
            category: Some("Kernel".to_string()),
            ..ClassDefinition::default()
        },
        RecompilePolicy::Refuse,
    )?;
    Ok(())
}

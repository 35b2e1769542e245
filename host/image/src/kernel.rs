//! Installing the kernel class library into a new image.
//!
//! The kernel is the Topaz `.gs` sources under `kernel/` in this crate,
//! embedded at build time (see `build.rs`) and filed in in file-name order
//! by the ordinary file-in ([`crate::filein`]), so the kernel and users'
//! code go through one loader. Every new image starts with the same class
//! library.
//!
//! [`install`] runs once, inside the first commit of a new image file, in a
//! session in kernel-installation mode: every class it defines is marked
//! kernel (and so refused to users' mutating calls), and it may compile
//! methods into kernel classes. A kernel that does not load cleanly is an
//! error, not a partial image.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::error::{ImageError, Result};
use crate::filein::{self, Deferred, Source};
use crate::session::Session;

include!(concat!(env!("OUT_DIR"), "/kernel_sources.rs"));

/// The kernel sources as file-in sources, named `kernel/<file>`.
pub(crate) fn sources() -> Vec<Source> {
    KERNEL_SOURCES
        .iter()
        .map(|(name, text)| Source {
            name: format!("kernel/{name}"),
            text: (*text).to_string(),
        })
        .collect()
}

/// Defines the kernel classes and methods in `session`, which the caller
/// commits. The session is in kernel-installation mode.
///
/// Answers the kernel globals whose values need an interpreter (such as
/// `Transcript`, bound to `TranscriptStream new`): they are bound to nil so
/// that methods naming them compile, and their expressions are left for
/// whoever can evaluate them.
pub(crate) fn install(session: &mut Session) -> Result<Vec<Deferred>> {
    let report = filein::file_in_sources(session, &sources());
    if !report.is_clean() {
        let failures: Vec<String> = report.failures.iter().map(|f| f.to_string()).collect();
        return Err(ImageError::Refused(format!(
            "the kernel class library did not load ({} failure(s)); fix the kernel sources: {}",
            failures.len(),
            failures.join("; ")
        )));
    }
    Ok(report.deferred)
}

/// The kernel globals whose values need an interpreter, read from the
/// kernel sources without a session: what [`install`] bound to nil.
pub(crate) fn deferred_globals() -> Vec<Deferred> {
    let mut out = Vec::new();
    for_each_doit(|source, line, doit| {
        if let crate::classdef::FileDoit::GlobalExpression {
            dictionary,
            name,
            expression,
        } = doit
        {
            out.push(Deferred {
                at: filein::Failure {
                    file: source.name.clone(),
                    line,
                    message: format!(
                        "{dictionary} at: #{name} put: {expression} needs an interpreter; \
                         #{name} is bound to nil"
                    ),
                },
                dictionary,
                name,
                expression,
            });
        }
    });
    out
}

/// The names the kernel sources bind in `Globals` that are not classes
/// (`Transcript`, `AllUsers`, `Processor`): kernel globals, which the
/// kernel guard keeps other dictionaries from shadowing as it does the
/// kernel classes. Read from the sources once.
pub(crate) fn global_names() -> &'static HashSet<String> {
    static NAMES: OnceLock<HashSet<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = HashSet::new();
        for_each_doit(|_, _, doit| match doit {
            crate::classdef::FileDoit::GlobalExpression {
                dictionary, name, ..
            }
            | crate::classdef::FileDoit::Global {
                dictionary, name, ..
            } if dictionary == "Globals" => {
                names.insert(name);
            }
            _ => {}
        });
        names
    })
}

/// Calls `each` with every statement the kernel's doits make, recognised
/// without a session, with its source and the doit's first line.
fn for_each_doit(mut each: impl FnMut(&Source, usize, crate::classdef::FileDoit)) {
    for source in sources() {
        for command in gs_topaz::read(&source.text).commands {
            let gs_topaz::CommandKind::Doit(body) = command.kind else {
                continue;
            };
            let Ok(doits) = crate::classdef::recognise(&body.text, "Globals") else {
                continue;
            };
            for doit in doits {
                each(&source, body.first_line, doit);
            }
        }
    }
}

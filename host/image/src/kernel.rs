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

/// The fingerprint of this build's kernel sources (FNV-1a over their
/// names and texts; never 0), kept in the image file with the kernel it
/// installed, so that an image whose kernel came from other sources is
/// known at opening.
pub(crate) fn fingerprint() -> u64 {
    static PRINT: OnceLock<u64> = OnceLock::new();
    *PRINT.get_or_init(|| {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for (name, text) in KERNEL_SOURCES {
            for byte in name.bytes().chain([0]).chain(text.bytes()).chain([0]) {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
        }
        hash.max(1)
    })
}

/// What bringing an image's kernel class library up to this build's did,
/// as [`Image::kernel_upgrade`](crate::Image::kernel_upgrade) answers it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KernelUpgrade {
    /// Methods of kernel classes that the image had and this build's
    /// kernel does not define (extension methods filed in by an operator,
    /// methods an earlier kernel had), compiled again from the image's
    /// own source: `Class >> selector` or `Class class >> selector`.
    pub kept: Vec<String>,
    /// Such methods left out because they look like an earlier kernel's
    /// and this kernel implements the selector in a superclass (a method
    /// the kernel moved): not in an extension category (`*…`).
    pub superseded: Vec<String>,
    /// Such methods that no longer compile, each with why; they are gone.
    pub failed: Vec<String>,
    /// Why the upgrade was not made, if it was not: the image then keeps
    /// the kernel it had, unchanged.
    pub error: Option<String>,
}

/// One method of a kernel class, as the image had it before an upgrade.
struct KernelMethod {
    class: String,
    side: crate::model::Side,
    selector: String,
    category: String,
    source: String,
}

impl KernelMethod {
    fn name(&self) -> String {
        match self.side {
            crate::model::Side::Instance => format!("{} >> {}", self.class, self.selector),
            crate::model::Side::Class => format!("{} class >> {}", self.class, self.selector),
        }
    }
}

/// Every method of the kernel classes in `Globals`.
fn kernel_methods(session: &Session) -> Result<Vec<KernelMethod>> {
    let mut out = Vec::new();
    for (class, entry) in session.entries("Globals")? {
        let crate::model::DictionaryEntry::Class(id) = entry else {
            continue;
        };
        if !session.state.classes.get(&id).is_some_and(|r| r.kernel) {
            continue;
        }
        for side in [crate::model::Side::Instance, crate::model::Side::Class] {
            for selector in session.selectors_of_class(id, side) {
                let Some(source) = session.method_source_of_class(id, side, &selector) else {
                    continue;
                };
                let category = session
                    .method_category(&class, side, &selector)
                    .unwrap_or_default();
                out.push(KernelMethod {
                    class: class.clone(),
                    side,
                    selector,
                    category,
                    source,
                });
            }
        }
    }
    Ok(out)
}

/// The methods of the classes that are not kernel classes (users'), by
/// class, side and selector.
fn user_methods(session: &Session) -> HashSet<(crate::model::ClassId, crate::model::Side, String)> {
    let state = &session.state;
    state
        .classes
        .iter()
        .filter(|(_, record)| !record.kernel)
        .flat_map(|(id, _)| {
            [crate::model::Side::Instance, crate::model::Side::Class]
                .into_iter()
                .flat_map(move |side| {
                    session
                        .selectors_of_class(*id, side)
                        .into_iter()
                        .map(move |selector| (*id, side, selector))
                })
        })
        .collect()
}

/// Files this build's kernel into an image that has an older one, in
/// `session` (in kernel-installation mode), which the caller commits.
///
/// The kernel's file-in replaces the methods of the classes it defines
/// (`removeallmethods`, and a kernel class whose shape changed drops the
/// methods that no longer compile against it), which would also remove
/// the extension methods an operator filed into kernel classes; every
/// method the image had that the new kernel does not define is therefore
/// compiled again from the image's own source, under its own category.
/// Answers what became of them (only [`KernelUpgrade::error`] unset). A
/// method outside an extension category (`*…`) whose selector the new
/// kernel implements in a superclass is taken for one the kernel moved
/// and left out, so that it does not shadow the new implementation. The
/// upgrade is
/// refused, changing nothing the caller commits, if the new kernel would
/// take a method from a user's own class (one of a subclass of a kernel
/// class whose shape changed), or if the kernel does not otherwise load.
pub(crate) fn upgrade(session: &mut Session) -> Result<KernelUpgrade> {
    let before = kernel_methods(session)?;
    let users_before = user_methods(session);
    let report = filein::file_in_sources(session, &sources());
    let failures: Vec<String> = report
        .failures
        .iter()
        .filter(|f| !f.message.starts_with(filein::REMOVED_BY_REDEFINITION))
        .map(|f| f.to_string())
        .collect();
    if !failures.is_empty() {
        return Err(ImageError::Refused(format!(
            "this build's kernel class library did not load over the image's ({} failure(s)): \
             {}",
            failures.len(),
            failures.join("; ")
        )));
    }
    let users_after = user_methods(session);
    let mut lost: Vec<String> = users_before
        .difference(&users_after)
        .filter_map(|(id, side, selector)| {
            let class = session.state.classes.get(id)?.definition.name.clone();
            Some(match side {
                crate::model::Side::Instance => format!("{class} >> {selector}"),
                crate::model::Side::Class => format!("{class} class >> {selector}"),
            })
        })
        .collect();
    if !lost.is_empty() {
        lost.sort();
        return Err(ImageError::Refused(format!(
            "this build's kernel would remove {} method(s) of your classes that no longer \
             compile against it ({}); file the image's code into a new image instead, and fix \
             those methods there",
            lost.len(),
            lost.join(", ")
        )));
    }
    let mut done = KernelUpgrade::default();
    for m in before {
        let id = session.class_id(&m.class)?;
        if session
            .method_source_of_class(id, m.side, &m.selector)
            .is_some()
        {
            continue;
        }
        let inherited = Session::chain(&session.state, id).iter().skip(1).any(|c| {
            session
                .method_source_of_class(*c, m.side, &m.selector)
                .is_some()
        });
        if inherited && !m.category.starts_with('*') {
            done.superseded.push(m.name());
            continue;
        }
        match session.compile_method_guarded(&m.class, m.side, &m.category, &m.source, true) {
            Ok(_) => done.kept.push(m.name()),
            Err(e) => done.failed.push(format!("{}: {e}", m.name())),
        }
    }
    Ok(done)
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

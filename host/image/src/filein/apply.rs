//! Applying a planned stretch of a load to a session: dictionaries and
//! globals, class definitions in superclass order, class-level changes,
//! then the methods.

use std::collections::HashSet;

use super::plan::{Action, At, MethodItem, Plan, order_definitions};
use super::{Deferred, Failure, FileInOptions, FileInReport, PROGRESS_EVERY, Source};
use crate::error::{ImageError, Result};
use crate::model::{DictionaryEntry, GlobalValue, Side};
use crate::session::{RecompilePolicy, Session};

/// How a failure of a class definition that dropped a method no longer
/// compiling against the new shape starts (a kernel upgrade expects these
/// of kernel classes).
pub(crate) const REMOVED_BY_REDEFINITION: &str = "redefining ";

/// Adds the symbol dictionary `name` at `index` of the session's symbol
/// list (1 is first; `None`, or past the end, appends it), as GemStone's
/// `createDictionaryNamed:at:` does, so names resolve in the order the file
/// asked for.
fn add_dictionary_at(session: &mut Session, name: &str, index: Option<usize>) -> Result<()> {
    session.add_dictionary(name)?;
    let mut list = session.symbol_list();
    let Some(i) = index.filter(|i| (1..list.len()).contains(i)) else {
        return Ok(());
    };
    let added = list.pop().expect("the dictionary was just appended");
    list.insert(i - 1, added);
    let list: Vec<&str> = list.iter().map(String::as_str).collect();
    session.set_symbol_list(&list)
}

/// Methods that did not compile in their own stretch because they name
/// classes a later stretch defines (the doits between stretches keep the
/// load from defining every class first).
pub(super) struct Carry<'a> {
    /// Methods carried into this stretch from earlier ones, compiled after
    /// its own.
    pub(super) into: Vec<(At, MethodItem)>,
    /// Offered each method of a class not defined yet, or whose compile
    /// errors are all undeclared variables, with those names: true when it
    /// took the method for the later stretch that defines them.
    pub(super) later: &'a mut dyn FnMut(&At, &MethodItem, &[&str]) -> bool,
}

/// Applies one stretch of a load.
pub(super) fn apply_plan(
    session: &mut Session,
    sources: &[Source],
    plan: &Plan,
    carry: Carry<'_>,
    options: FileInOptions,
    report: &mut FileInReport,
    compiled: &mut dyn FnMut(usize, usize),
) {
    let fail = |report: &mut FileInReport, at: &At, message: String| {
        report.failures.push(Failure {
            file: sources[at.file].name.clone(),
            line: at.line,
            message,
        });
    };

    for (at, name, index) in &plan.dictionaries {
        if !session.dictionary_names().contains(name)
            && let Err(e) = add_dictionary_at(session, name, *index)
        {
            fail(report, at, e.to_string());
        }
    }
    let defined: HashSet<(&str, &str)> = plan
        .definitions
        .iter()
        .map(|(_, d)| (d.dictionary.as_str(), d.name.as_str()))
        .collect();
    for (at, dictionary, name, value) in &plan.globals {
        // `Dict at: #Foo put: nil` before `… subclass: 'Foo' … inDictionary: Dict`
        // only pre-declares the class; the definition binds it.
        if *value == GlobalValue::Nil && defined.contains(&(dictionary.as_str(), name.as_str())) {
            continue;
        }
        if let Err(e) = session.bind(dictionary, name, DictionaryEntry::Global(value.clone())) {
            fail(report, at, e.to_string());
        }
    }
    for (at, dictionary, name, expression) in &plan.deferred {
        let declared = session
            .entries(dictionary)
            .map(|entries| entries.iter().any(|(n, _)| n == name))
            .unwrap_or(false);
        let bound = if declared {
            Ok(())
        } else {
            session.bind(dictionary, name, DictionaryEntry::Global(GlobalValue::Nil))
        };
        match bound {
            Ok(()) => report.deferred.push(Deferred {
                dictionary: dictionary.clone(),
                name: name.clone(),
                expression: expression.clone(),
                at: Failure {
                    file: sources[at.file].name.clone(),
                    line: at.line,
                    message: format!(
                        "{dictionary} at: #{name} put: {expression} needs an interpreter; \
                         #{name} is bound to nil"
                    ),
                },
            }),
            Err(e) => fail(report, at, e.to_string()),
        }
    }

    // Classes whose definition in this stretch failed: where, and the
    // dictionary the definition named.
    let mut undefined: std::collections::HashMap<String, (String, String)> = Default::default();
    for (at, def) in order_definitions(&plan.definitions) {
        let name = def.name.clone();
        // A name pre-declared as nil (`Dict at: #Foo put: nil`, here or in
        // an earlier load) gives way to the class.
        if let Some((dictionary, DictionaryEntry::Global(GlobalValue::Nil))) = session.lookup(&name)
            && dictionary == def.dictionary
        {
            let _ = session.unbind(&def.dictionary, &name);
        }
        match session.define_class(def.clone(), RecompilePolicy::RemoveFailing) {
            Ok(defined) => {
                report.classes.push(name);
                for removed in defined.removed {
                    fail(
                        report,
                        at,
                        format!(
                            "{REMOVED_BY_REDEFINITION}{} removed {}, which no longer compiles: {}",
                            def.name,
                            removed.method,
                            compile_errors(&removed.errors)
                        ),
                    );
                }
            }
            Err(e) => {
                let place = format!("{}:{}", sources[at.file].name, at.line);
                undefined.insert(name.clone(), (place, def.dictionary.clone()));
                fail(report, at, format!("class {name} not defined: {e}"));
            }
        }
    }

    for (at, action) in &plan.actions {
        let result = match action {
            Action::Comment(class, comment) => session.set_class_comment(class, comment),
            Action::Category(class, category) => session.set_class_category(class, Some(category)),
            Action::ClassInstVars(class, names) => session.class(class).and_then(|record| {
                let mut def = record.definition;
                def.class_inst_vars = names.clone();
                session
                    .define_class(def, RecompilePolicy::RemoveFailing)
                    .map(|_| ())
            }),
            Action::RemoveAll(class, side) => remove_all(session, class, *side),
        };
        if let Err(e) = result {
            fail(report, at, e.to_string());
        }
    }

    // Compiling reads classes and dictionaries, never the method indexes:
    // build those once at the end rather than per method.
    session.begin_bulk_methods();
    let total = plan.methods.len() + carry.into.len();
    for (done, (at, m)) in plan.methods.iter().chain(&carry.into).enumerate() {
        if done > 0 && done % PROGRESS_EVERY == 0 {
            compiled(done, report.failures.len());
        }
        if session.class(&m.class).is_err() && (carry.later)(at, m, &[m.class.as_str()]) {
            continue;
        }
        // The file meant a class of its own, in another dictionary than
        // the kernel class of that name: its methods must not land on the
        // kernel class instead. (A failed redefinition of the kernel class
        // itself leaves its extension methods to the kernel-class rules.)
        if let Some((definition, dictionary)) = undefined.get(&m.class)
            && session.class(&m.class).is_ok_and(|r| r.kernel)
            && session
                .lookup(&m.class)
                .is_some_and(|(bound_in, _)| bound_in != *dictionary)
        {
            fail(
                report,
                at,
                format!(
                    "method not compiled: this load's definition of {} failed ({definition}), \
                     and {} is a kernel class, which the method would change instead; fix the \
                     definition and load again",
                    m.class, m.class
                ),
            );
            continue;
        }
        match session.compile_method_guarded(
            &m.class,
            m.side,
            &m.category,
            &m.source,
            options.allow_kernel_extensions,
        ) {
            Ok((_, kernel)) => {
                report.methods += 1;
                report.kernel_extensions += usize::from(kernel);
            }
            Err(ImageError::CompileError(errors))
                if super::carry::undeclared_names(&m.source, &errors)
                    .is_some_and(|names| (carry.later)(at, m, &names)) => {}
            Err(ImageError::CompileError(errors)) => {
                // Point at the offending line of the file, not of the method.
                let line = errors
                    .first()
                    .map(|e| at.line + (e.line.max(1) as usize) - 1)
                    .unwrap_or(at.line);
                let target = match m.side {
                    Side::Instance => m.class.clone(),
                    Side::Class => format!("{} class", m.class),
                };
                fail(
                    report,
                    &At {
                        file: at.file,
                        line,
                    },
                    format!(
                        "method in {target} (starting at line {}) does not compile: {}",
                        at.line,
                        compile_errors(&errors)
                    ),
                );
            }
            Err(e @ ImageError::Refused(_))
                if !options.allow_kernel_extensions
                    && session.class(&m.class).is_ok_and(|r| r.kernel) =>
            {
                fail(
                    report,
                    at,
                    format!(
                        "method not compiled: {e}; this load refuses extension methods on kernel \
                         classes: load without --no-kernel-extensions (or with \
                         FileInOptions::allow_kernel_extensions) to add them"
                    ),
                )
            }
            Err(e) => fail(report, at, format!("method not compiled: {e}")),
        }
    }
    compiled(total, report.failures.len());
    session.end_bulk_methods();
}

fn compile_errors(errors: &[crate::error::CompileError]) -> String {
    errors
        .iter()
        .map(|e| e.message.clone())
        .collect::<Vec<_>>()
        .join("; ")
}

fn remove_all(session: &mut Session, class: &str, side: Side) -> Result<()> {
    for selector in session.selectors(class, side)? {
        session.remove_method(class, side, &selector)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::filein::file_in_text;

    #[test]
    fn a_created_dictionary_takes_the_place_in_the_symbol_list_the_file_asks_for() {
        let dir = tempfile::tempdir().unwrap();
        let image = crate::Image::open(dir.path().join("d.image")).unwrap();
        let mut session = image.session();
        let before = session.symbol_list();
        let text = "run\nSystem myUserProfile symbolList createDictionaryNamed: #Acme at: 1.\n\
                    System myUserProfile symbolList createDictionaryNamed: #Mid at: 3.\n\
                    System myUserProfile symbolList createDictionaryNamed: #Tail at: 99.\n\
                    System myUserProfile createDictionary: #Last.\n%\n";
        let report = file_in_text(&mut session, "d.gs", text);
        assert!(report.is_clean(), "{report:?}");
        let mut expected = vec!["Acme".to_string()];
        expected.extend(before.iter().cloned());
        expected.insert(2, "Mid".into());
        expected.extend(["Tail".into(), "Last".into()]);
        assert_eq!(session.symbol_list(), expected);
    }

    /// A file whose own definition of a class failed does not compile its
    /// methods onto the kernel class of that name (WebGS's JSON.gs defines
    /// a JsonParser under PetitParser, which is not loaded).
    #[test]
    fn methods_of_a_failed_definition_do_not_land_on_the_kernel_class_of_that_name() {
        let dir = tempfile::tempdir().unwrap();
        let image = crate::Image::open(dir.path().join("k.image")).unwrap();
        let mut session = image.session();
        let text = "doit\nMissingParser subclass: 'JsonParser'\n  instVarNames: #()\n  \
                    classVars: #()\n  classInstVars: #()\n  poolDictionaries: #()\n  \
                    inDictionary: UserGlobals\n  options: #()\n%\n\
                    method: JsonParser\nescape\n  ^ 1\n%\n";
        let report = file_in_text(&mut session, "json.gs", text);
        assert_eq!(report.methods, 0, "{report:?}");
        assert!(
            report.failures.iter().any(|f| f.line == 11
                && f.message
                    == "method not compiled: this load's definition of JsonParser failed \
                        (json.gs:2), and JsonParser is a kernel class, which the method would \
                        change instead; fix the definition and load again"),
            "{:#?}",
            report.failures
        );
        assert!(
            session
                .method("JsonParser", crate::Side::Instance, "escape")
                .is_err()
        );
    }
}

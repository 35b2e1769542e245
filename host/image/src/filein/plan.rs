//! Reading files into a plan: what each Topaz command asks for, sorted
//! into the phases of a load, and the doits the file-in applies itself
//! told from those a runner must run.

use std::collections::HashMap;

use gs_topaz::{CommandKind, MethodSide};

use super::expect::{self, Expected};
use super::load::Inputs;
use super::{Failure, FileInReport, Source};
use crate::classdef::{self, FileDoit};
use crate::model::{ClassDefinition, GlobalValue, Side};

/// The category of a method filed in before any `category:` line.
pub const DEFAULT_CATEGORY: &str = "as yet unclassified";

/// Where a queued item came from.
#[derive(Debug, Clone)]
pub(super) struct At {
    pub(super) file: usize,
    pub(super) line: usize,
}

#[derive(Debug)]
pub(super) enum Action {
    Comment(String, String),
    Category(String, String),
    ClassInstVars(String, Vec<String>),
    RemoveAll(String, Side),
}

impl Action {
    /// The class the action changes.
    pub(super) fn class(&self) -> &str {
        match self {
            Action::Comment(c, _)
            | Action::Category(c, _)
            | Action::ClassInstVars(c, _)
            | Action::RemoveAll(c, _) => c,
        }
    }
}

#[derive(Debug, Clone)]
pub(super) struct MethodItem {
    pub(super) class: String,
    pub(super) side: Side,
    pub(super) category: String,
    pub(super) source: String,
}

/// What one stretch of a load asks for, sorted into the phases of a load
/// (class definitions in dependency order), and the doit that ends the
/// stretch when a runner is to run it there. Without a runner (or without
/// such doits) the whole load is one stretch.
#[derive(Debug, Default)]
pub(super) struct Plan {
    pub(super) doit_after: Option<(At, String, Option<Expected>)>,
    pub(super) dictionaries: Vec<(At, String, Option<usize>)>,
    pub(super) globals: Vec<(At, String, String, GlobalValue)>,
    pub(super) deferred: Vec<(At, String, String, String)>,
    pub(super) definitions: Vec<(At, ClassDefinition)>,
    pub(super) actions: Vec<(At, Action)>,
    pub(super) methods: Vec<(At, MethodItem)>,
}

fn side_of(side: MethodSide) -> Side {
    match side {
        MethodSide::Instance => Side::Instance,
        MethodSide::Class => Side::Class,
    }
}

/// Reads one file into the plan, reporting what cannot be read. A file an
/// `input` line names (and `inputs` found) is read into the plan at that
/// line, as Topaz reads it, unless it is already `planned`.
#[allow(clippy::too_many_arguments)]
pub(super) fn plan_file(
    index: usize,
    sources: &[Source],
    default_dictionary: &str,
    inputs: Option<&Inputs>,
    planned: &mut Vec<bool>,
    doits: DoitLimits,
    plans: &mut Vec<Plan>,
    report: &mut FileInReport,
) {
    let source = &sources[index];
    let file = FileReading {
        index,
        name: &source.name,
        default_dictionary,
        doits,
    };
    let reading = gs_topaz::read(&source.text);
    // This file's notes, put in line order at the end: an `expectvalue`
    // is found unchecked only when what follows it is read.
    let first_skipped = report.skipped.len();
    for e in &reading.errors {
        file.fail(report, e.line, e.message.clone());
    }
    let mut category = DEFAULT_CATEGORY.to_string();
    let mut set_class: Option<String> = None;
    // The `expectvalue` line waiting for the doit it speaks of.
    let mut pending: Option<(usize, String)> = None;
    for command in reading.commands {
        let at = At {
            file: index,
            line: command.line,
        };
        // An expectation a command other than a doit takes: Topaz would
        // check that command's result, which a file-in does not make.
        let not_a_doit = match &command.kind {
            CommandKind::Method { .. } | CommandKind::RemoveAllMethods { .. } => Some(
                "the next command compiles or removes methods, not a doit; the file-in reports \
                 what those do itself",
            ),
            CommandKind::Commit | CommandKind::Abort => Some(
                "it names the result of a `commit` or `abort`, and a load commits once, when \
                 it ends",
            ),
            _ => None,
        };
        if let Some(why) = not_a_doit
            && let Some((line, text)) = pending.take()
        {
            file.unchecked(report, line, &text, why);
        }
        match command.kind {
            CommandKind::Doit(body) | CommandKind::Run(body) | CommandKind::Printit(body) => {
                file.plan_doit_command(body, pending.take(), plans, report);
            }
            CommandKind::ExpectValue(text) => {
                if let Some((line, earlier)) = pending.replace((command.line, text)) {
                    file.unchecked(
                        report,
                        line,
                        &earlier,
                        "another `expectvalue` follows it before any doit",
                    );
                }
            }
            CommandKind::Category(name) => category = name,
            CommandKind::SetClass(name) => set_class = Some(name),
            CommandKind::Method { class, side, body } => {
                let Some(class) = class.or_else(|| set_class.clone()) else {
                    file.fail(
                        report,
                        command.line,
                        "`method:` names no class and no `set class` came before it; write \
                         `method: ClassName`"
                            .into(),
                    );
                    continue;
                };
                current(plans).methods.push((
                    At {
                        file: index,
                        line: body.first_line,
                    },
                    MethodItem {
                        class,
                        side: side_of(side),
                        category: category.clone(),
                        source: body.text,
                    },
                ));
            }
            CommandKind::RemoveAllMethods { class, side } => {
                match class.or_else(|| set_class.clone()) {
                    Some(class) => current(plans)
                        .actions
                        .push((at, Action::RemoveAll(class, side_of(side)))),
                    None => file.fail(
                        report,
                        command.line,
                        "`removeallmethods` names no class and no `set class` came before it"
                            .into(),
                    ),
                }
            }
            CommandKind::Input(_) if inputs.is_some() => {
                if let Some(&included) = inputs.and_then(|i| i.get(&(index, command.line)))
                    && !planned[included]
                {
                    planned[included] = true;
                    plan_file(
                        included,
                        sources,
                        default_dictionary,
                        inputs,
                        planned,
                        doits,
                        plans,
                        report,
                    );
                }
            }
            CommandKind::Input(path) => file.skip(
                report,
                command.line,
                format!("`input {path}` not followed; name that file to the loader"),
            ),
            CommandKind::Comment(_) => {}
            other => {
                if let Some(why) = not_obeyed(&other) {
                    file.skip(report, command.line, why);
                }
            }
        }
    }
    if let Some((line, text)) = pending {
        file.unchecked(report, line, &text, "no doit follows it in its file");
    }
    // In line order, this file's notes first; those of files its `input`
    // lines read keep their own order after them.
    report.skipped[first_skipped..].sort_by_key(|s| {
        if s.file == source.name {
            (0, s.line)
        } else {
            (1, 0)
        }
    });
}

/// How a load treats the doits it reads: whether a runner runs those it
/// cannot apply itself, and the most source one may have to be read.
#[derive(Debug, Clone, Copy)]
pub(super) struct DoitLimits {
    pub(super) running: bool,
    pub(super) max_bytes: usize,
}

/// One file being read into the plan: where its reports go and what its
/// doits are read against.
struct FileReading<'a> {
    index: usize,
    name: &'a str,
    default_dictionary: &'a str,
    doits: DoitLimits,
}

impl FileReading<'_> {
    fn fail(&self, report: &mut FileInReport, line: usize, message: String) {
        report.failures.push(self.at(line, message));
    }

    fn skip(&self, report: &mut FileInReport, line: usize, message: String) {
        report.skipped.push(self.at(line, message));
    }

    fn unchecked(&self, report: &mut FileInReport, line: usize, text: &str, why: &str) {
        let message = format!("`expectvalue {text}` not checked: {why}");
        self.skip(report, line, message);
    }

    fn at(&self, line: usize, message: String) -> Failure {
        Failure {
            file: self.name.to_string(),
            line,
            message,
        }
    }

    /// Plans a `doit`, `run` or `printit`, with the `expectvalue` line
    /// before it (its line and text), if any: applied by the file-in when
    /// it recognises the doit, else left to the runner at its place in
    /// the files.
    fn plan_doit_command(
        &self,
        body: gs_topaz::Body,
        pending: Option<(usize, String)>,
        plans: &mut Vec<Plan>,
        report: &mut FileInReport,
    ) {
        if body.text.len() > self.doits.max_bytes {
            return self.too_large(&body, pending, report);
        }
        let at = At {
            file: self.index,
            line: body.first_line,
        };
        let expected = pending.and_then(|(line, text)| {
            let parsed = Expected::parse(&text);
            if parsed.is_none() {
                self.unchecked(
                    report,
                    line,
                    &text,
                    "a file-in checks `/ClassName`, `true`, `false`, `nil`, integers and \
                     quoted strings",
                );
            }
            parsed.map(|e| (line, e))
        });
        let recognised = classdef::recognise(&body.text, self.default_dictionary);
        // What the doits the file-in would apply answer against the
        // expectation: `None` with nothing to check, `Some(None)` when
        // only running the doit tells.
        let verdict = match (&recognised, &expected) {
            (Ok(doits), Some((_, e))) => Some(expect::check_applied(e, doits)),
            _ => None,
        };
        // With a runner, a doit the file-in cannot apply runs, and so does
        // one whose expected answer only running it tells, and a global
        // whose value is an expression, to bind the real value.
        let run_it = self.doits.running
            && match &recognised {
                Ok(doits) => {
                    matches!(verdict, Some(None))
                        || doits
                            .iter()
                            .any(|d| matches!(d, FileDoit::GlobalExpression { .. }))
                }
                Err(_) => true,
            };
        if run_it {
            current(plans).doit_after = Some((at, body.text, expected.map(|(_, e)| e)));
            plans.push(Plan::default());
            return;
        }
        let doits = match recognised {
            Ok(doits) => doits,
            Err(e) => {
                let line = body.first_line + e.line.max(1) as usize - 1;
                return self.fail(report, line, format!("doit skipped: {}", e.message));
            }
        };
        if let (Some((line, e)), Some(verdict)) = (&expected, verdict) {
            match verdict {
                Some(Ok(())) => {}
                Some(Err(why)) => self.fail(
                    report,
                    body.first_line,
                    format!("`expectvalue {e}` not met: {why}"),
                ),
                None => self.unchecked(
                    report,
                    *line,
                    &e.to_string(),
                    "only running the doit tells what it answers, and this load runs no doits",
                ),
            }
        }
        for doit in doits {
            plan_doit(&at, doit, current(plans));
        }
    }
}

impl FileReading<'_> {
    /// Reports a doit too large to read (see [`MAX_DOIT_BYTES`](super::MAX_DOIT_BYTES)) as a
    /// failure at its first line, without parsing or running it: its
    /// syntax tree alone could take more memory than the machine has.
    fn too_large(
        &self,
        body: &gs_topaz::Body,
        pending: Option<(usize, String)>,
        report: &mut FileInReport,
    ) {
        if let Some((line, text)) = pending {
            self.unchecked(
                report,
                line,
                &text,
                "the doit after it is too large to read",
            );
        }
        let last = body.first_line + body.text.lines().count().max(1) - 1;
        let max = crate::error::mib(self.doits.max_bytes);
        self.fail(
            report,
            body.first_line,
            format!(
                "doit skipped without being read: it is {} of source (lines {}-{last}), more \
                 than a file-in reads as one doit ({max}); split it into doits of at most {max} \
                 each (end one with `%` and begin the next with `run`), which load one after \
                 the other",
                crate::error::mib(body.text.len()),
                body.first_line,
            ),
        );
    }
}

/// Why a Topaz directive a file-in does not act on is left alone, or
/// `None` for one it obeys by its nature: every directive is obeyed or
/// reported, never skipped in silence.
fn not_obeyed(command: &CommandKind) -> Option<String> {
    let why = match command {
        CommandKind::Set(setting) => {
            let setting = setting.split_whitespace().collect::<Vec<_>>().join(" ");
            if setting == "compile_env: 0" {
                return None;
            }
            format!(
                "`set {setting}` not obeyed: a file-in has one compile environment (0) and no login settings"
            )
        }
        CommandKind::FileFormat(format) if format.eq_ignore_ascii_case("utf8") => return None,
        CommandKind::FileFormat(format) => {
            format!(
                "`fileformat {format}` not obeyed: files are read as UTF-8 (or Latin-1 when not UTF-8)"
            )
        }
        CommandKind::Commit => {
            "`commit` not obeyed on its own: the load commits once, when it ends".to_string()
        }
        CommandKind::Abort => {
            "`abort` not obeyed: the load commits once, when it ends, and never discards what \
             came before"
                .to_string()
        }
        CommandKind::Other(line) => {
            format!("`{line}` not obeyed: this Topaz command has no effect in a file-in")
        }
        _ => return None,
    };
    Some(why)
}

/// The stretch being planned: the last.
fn current(plans: &mut [Plan]) -> &mut Plan {
    plans.last_mut().expect("a load has a stretch")
}

fn plan_doit(at: &At, doit: FileDoit, plan: &mut Plan) {
    let at = at.clone();
    match doit {
        FileDoit::Define(def) => {
            let category = def.category.clone();
            let name = def.name.clone();
            plan.definitions.push((at.clone(), def));
            // A definition's `category:` keyword is the class category, and
            // a later `Foo category:` doit may still change it.
            if let Some(category) = category {
                plan.actions.push((at, Action::Category(name, category)));
            }
        }
        FileDoit::Comment { class, comment } => {
            plan.actions.push((at, Action::Comment(class, comment)))
        }
        FileDoit::Category { class, category } => {
            plan.actions.push((at, Action::Category(class, category)))
        }
        FileDoit::NoEffect { .. } => {}
        FileDoit::ClassInstVars { class, names } => {
            plan.actions.push((at, Action::ClassInstVars(class, names)))
        }
        FileDoit::CreateDictionary { name, at: index } => plan.dictionaries.push((at, name, index)),
        FileDoit::Global {
            dictionary,
            name,
            value,
        } => plan.globals.push((at, dictionary, name, value)),
        FileDoit::GlobalExpression {
            dictionary,
            name,
            expression,
        } => plan.deferred.push((at, dictionary, name, expression)),
    }
}

/// Orders definitions so that every class comes after the definition of
/// its superclass when that superclass is defined in the same load; the
/// relative order of unrelated definitions is kept. A class defined twice
/// keeps both definitions, in order.
pub(super) fn order_definitions(defs: &[(At, ClassDefinition)]) -> Vec<(&At, &ClassDefinition)> {
    let mut first_index: HashMap<&str, usize> = HashMap::new();
    for (i, (_, d)) in defs.iter().enumerate() {
        first_index.entry(d.name.as_str()).or_insert(i);
    }
    let mut done = vec![false; defs.len()];
    let mut visiting = vec![false; defs.len()];
    let mut out = Vec::with_capacity(defs.len());
    fn visit<'a>(
        i: usize,
        defs: &'a [(At, ClassDefinition)],
        first_index: &HashMap<&str, usize>,
        done: &mut [bool],
        visiting: &mut [bool],
        out: &mut Vec<(&'a At, &'a ClassDefinition)>,
    ) {
        if done[i] || visiting[i] {
            // A superclass cycle: define_class will report it.
            return;
        }
        visiting[i] = true;
        if let Some(sup) = &defs[i].1.superclass
            && let Some(&j) = first_index.get(sup.as_str())
            && j != i
        {
            visit(j, defs, first_index, done, visiting, out);
        }
        visiting[i] = false;
        done[i] = true;
        out.push((&defs[i].0, &defs[i].1));
    }
    for i in 0..defs.len() {
        visit(i, defs, &first_index, &mut done, &mut visiting, &mut out);
    }
    out
}

//! A load of sources already read: each file planned in order, then each
//! stretch of the plan applied, with a runner's doits run between them.

use std::collections::HashMap;

use super::apply::{Carry, apply_plan};
use super::carry::{Carrier, defer_to_superclass};
use super::plan::{At, DoitLimits, MethodItem, Plan, plan_file};
use super::{
    Deferred, DoitRunner, Failure, FileInOptions, FileInReport, LoadProgress, MAX_DOIT_BYTES,
    Source,
};
use crate::session::Session;

/// The kernel globals whose values only an interpreter can compute
/// (`Globals at: #Transcript put: TranscriptStream new`): every new image
/// binds them to nil, and whoever can evaluate Smalltalk should evaluate
/// each `expression` and bind the result when a session starts.
pub fn kernel_deferred_globals() -> Vec<Deferred> {
    crate::kernel::deferred_globals()
}

/// Files in one Topaz text.
pub fn file_in_text(session: &mut Session, name: &str, text: &str) -> FileInReport {
    file_in_sources(
        session,
        &[Source {
            name: name.to_string(),
            text: text.to_string(),
        }],
    )
}

/// Files in already-read sources as one load. `input` lines are not
/// followed here (there is no file system in view); they are listed in
/// [`FileInReport::skipped`].
pub fn file_in_sources(session: &mut Session, sources: &[Source]) -> FileInReport {
    file_in_sources_with(session, sources, FileInOptions::default())
}

/// [`file_in_sources`] with explicit [`FileInOptions`].
pub fn file_in_sources_with(
    session: &mut Session,
    sources: &[Source],
    options: FileInOptions,
) -> FileInReport {
    file_in_sources_following(session, sources, None, options, None)
}

/// The files `input` lines bring in: by the including source's index and
/// the line, the included source's index.
pub(super) type Inputs = HashMap<(usize, usize), usize>;

pub(super) fn file_in_sources_following(
    session: &mut Session,
    sources: &[Source],
    inputs: Option<&Inputs>,
    options: FileInOptions,
    mut runner: Option<&mut dyn DoitRunner>,
) -> FileInReport {
    let mut report = FileInReport {
        files: sources.iter().map(|s| s.name.clone()).collect(),
        ..FileInReport::default()
    };
    let default_dictionary = session
        .symbol_list()
        .first()
        .cloned()
        .unwrap_or_else(|| "UserGlobals".to_string());
    let mut plans = vec![Plan::default()];
    let mut progress = LoadProgress {
        files: sources.len(),
        ..LoadProgress::default()
    };
    let mut planned = vec![false; sources.len()];
    // A file-in is an operator's load of a whole project before one
    // commit (no client can start one): the limit on what a session holds
    // uncommitted is lifted for it, its doits included.
    session.begin_exemption();
    for index in 0..sources.len() {
        // A file an `input` line named was planned at that line.
        if planned[index] {
            continue;
        }
        planned[index] = true;
        plan_file(
            index,
            sources,
            &default_dictionary,
            inputs,
            &mut planned,
            DoitLimits {
                running: runner.is_some(),
                max_bytes: runner
                    .as_deref()
                    .map_or(MAX_DOIT_BYTES, |r| r.max_doit_bytes()),
            },
            &mut plans,
            &mut report,
        );
        progress.files_read = planned.iter().filter(|p| **p).count();
        progress.failures = report.failures.len();
        if let Some(runner) = runner.as_deref_mut() {
            runner.progress(&progress);
        }
    }
    defer_to_superclass(&mut plans, |name| session.class(name).is_ok());
    progress.methods = plans.iter().map(|p| p.methods.len()).sum();
    let mut carrier = Carrier::new(&plans);
    for (i, plan) in plans.iter().enumerate() {
        let before = progress.methods_done;
        let into = carrier.take(i);
        let mut later = |at: &At, m: &MethodItem, names: &[&str]| carrier.offer(i, at, m, names);
        apply_plan(
            session,
            sources,
            plan,
            Carry {
                into,
                later: &mut later,
            },
            options,
            &mut report,
            &mut |done, failures| {
                progress.methods_done = before + done;
                progress.failures = failures;
                if let Some(runner) = runner.as_deref_mut() {
                    runner.progress(&progress);
                }
            },
        );
        if let (Some((at, doit, expected)), Some(runner)) =
            (&plan.doit_after, runner.as_deref_mut())
        {
            match runner.run(session, doit, expected.as_ref()) {
                Ok(()) => report.doits_run += 1,
                Err(reason) => report.failures.push(Failure {
                    file: sources[at.file].name.clone(),
                    line: at.line,
                    message: format!("doit failed: {reason}"),
                }),
            }
        }
    }
    session.end_exemption();
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filein::{Expected, PROGRESS_EVERY, file_in_paths_running};

    /// Runs no doit; keeps every progress report.
    #[derive(Default)]
    struct Watcher(Vec<LoadProgress>);

    impl DoitRunner for Watcher {
        fn run(
            &mut self,
            _: &mut Session,
            _: &str,
            _: Option<&Expected>,
        ) -> std::result::Result<(), String> {
            Ok(())
        }

        fn progress(&mut self, progress: &LoadProgress) {
            self.0.push(*progress);
        }
    }

    #[test]
    fn a_load_reports_its_progress_file_by_file_then_every_so_many_methods() {
        let dir = tempfile::tempdir().unwrap();
        let image = crate::Image::open(dir.path().join("p.image")).unwrap();
        let mut session = image.session();
        let mut class = String::from(
            "doit\nObject subclass: 'Many' instVarNames: #() classVars: #() classInstVars: #() \
             poolDictionaries: #() inDictionary: UserGlobals options: #()\n%\n",
        );
        for i in 0..(PROGRESS_EVERY + 10) {
            class.push_str(&format!("method: Many\nm{i}\n  ^{i}\n%\n"));
        }
        class.push_str("method: Many\nbroken ^^\n%\n");
        let files = [dir.path().join("a.gs"), dir.path().join("b.gs")];
        std::fs::write(&files[0], class).unwrap();
        std::fs::write(&files[1], "run\n3 + 4\n%\n").unwrap();
        let mut watcher = Watcher::default();
        let report =
            file_in_paths_running(&mut session, &files, FileInOptions::default(), &mut watcher)
                .unwrap();
        let seen = &watcher.0;
        assert_eq!(seen[0].files_read, 1);
        assert_eq!(seen[1].files_read, 2);
        let methods = PROGRESS_EVERY + 11;
        let last = seen.last().unwrap();
        assert_eq!(
            (
                last.files_read,
                last.files,
                last.methods_done,
                last.methods,
                last.failures
            ),
            (2, 2, methods, methods, 1),
            "{seen:?}"
        );
        assert!(
            seen.iter().any(|p| p.methods_done == PROGRESS_EVERY),
            "a report while methods compile: {seen:?}"
        );
        assert_eq!(report.methods, methods - 1);
    }
}

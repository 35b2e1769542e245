//! A doit too large for a file-in to read (`filein::MAX_DOIT_BYTES`, or
//! less as its runner says): reported as a failure at its line, naming
//! its size and how to split it, without being parsed or run, while the
//! rest of the file loads. Before, the file-in parsed every doit whole to
//! recognise definitions: a 72 MB doit of 6 million statements took
//! 8.7 GB.

use gs_image::filein::{self, DoitRunner, Expected, MAX_DOIT_BYTES, Source};
use gs_image::{Image, Session};

fn image(dir: &std::path::Path) -> Image {
    Image::open(dir.join("large.gsimage")).unwrap()
}

/// A doit of dense statements, at least `bytes` long.
fn statements(bytes: usize) -> String {
    let mut doit = String::from("| a |\na := 0.\n");
    let mut i = 0;
    while doit.len() < bytes {
        doit.push_str(&format!("a := a + {i}.\n"));
        i += 1;
    }
    doit
}

/// A file: a class, the giant doit (at line 6), a method of the class, and
/// a global bound after it.
fn file(giant: &str) -> String {
    format!(
        "run\nObject subclass: 'Before' instVarNames: #() classVars: #() classInstVars: #() \
         poolDictionaries: #() inDictionary: UserGlobals\n%\nexpectvalue 7\nrun\n{giant}%\n\
         method: Before\nanswer\n\t^ 42\n%\nrun\nUserGlobals at: #After put: 3\n%\n"
    )
}

#[test]
fn a_doit_past_the_limit_is_a_failure_at_its_line_and_the_rest_loads() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut session = image.session();
    let giant = statements(MAX_DOIT_BYTES + 1);
    let text = file(&giant);
    let lines = giant.lines().count();
    let report = filein::file_in_text(&mut session, "giant.gs", &text);
    // Parsing it would have taken some 35 bytes per byte (550 MiB); the
    // text and its copies take a few times 16 MiB.
    if let Some(peak) = peak_memory() {
        assert!(peak < 300 << 20, "the load peaked at {} MiB", peak >> 20);
    }

    assert_eq!(report.classes, ["Before"], "{report:?}");
    assert_eq!(report.methods, 1, "{report:?}");
    assert!(session.lookup("After").is_some(), "{report:?}");
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
    let failure = &report.failures[0];
    assert_eq!((failure.file.as_str(), failure.line), ("giant.gs", 6));
    assert_eq!(
        failure.message,
        format!(
            "doit skipped without being read: it is 16.0 MiB of source (lines 6-{}), more than \
             a file-in reads as one doit (16 MiB); split it into doits of at most 16 MiB each \
             (end one with `%` and begin the next with `run`), which load one after the other",
            5 + lines
        )
    );
    // The expectation for it is noted as not checked, as every directive
    // is obeyed or reported.
    assert!(
        report.skipped.iter().any(|s| s.line == 4
            && s.message == "`expectvalue 7` not checked: the doit after it is too large to read"),
        "{:?}",
        report.skipped
    );
}

/// The most memory this process has held so far, where the system says.
fn peak_memory() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib << 10)
}

/// Runs every doit it is handed, counting them, and reads doits of at
/// most `max` bytes.
struct Counting {
    max: usize,
    ran: Vec<usize>,
}

impl DoitRunner for Counting {
    fn run(
        &mut self,
        _session: &mut Session,
        source: &str,
        _expected: Option<&Expected>,
    ) -> Result<(), String> {
        self.ran.push(source.len());
        Ok(())
    }

    fn max_doit_bytes(&self) -> usize {
        self.max
    }
}

#[test]
fn a_runner_may_read_less_and_a_doit_past_its_limit_is_never_run() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut session = image.session();
    let path = dir.path().join("runner.gs");
    // Past the runner's 64 KiB, and one just under it that only running
    // tells the answer of: that one runs.
    let text = format!(
        "{}run\n{}%\n",
        file(&statements(100 << 10)),
        statements(60 << 10)
    );
    std::fs::write(&path, text).unwrap();
    let mut runner = Counting {
        max: 64 << 10,
        ran: Vec::new(),
    };
    let report = filein::file_in_paths_running(
        &mut session,
        &[path],
        filein::FileInOptions::default(),
        &mut runner,
    )
    .unwrap();
    assert_eq!(runner.ran.len(), 1, "{:?}", runner.ran);
    assert!(runner.ran[0] < 64 << 10);
    assert_eq!((report.methods, report.doits_run), (1, 1), "{report:?}");
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
    let failure = &report.failures[0];
    assert_eq!(failure.line, 6);
    assert!(
        failure
            .message
            .starts_with("doit skipped without being read: it is 100.0 KiB of source"),
        "{}",
        failure.message
    );
    assert!(
        failure
            .message
            .contains("more than a file-in reads as one doit (64.0 KiB)"),
        "{}",
        failure.message
    );
}

/// A source of `bytes` of doit is still read when it is within the limit:
/// the limit is on one doit, not on a file.
#[test]
fn many_doits_within_the_limit_make_a_file_of_any_size() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut session = image.session();
    let doit = format!(
        "run\nUserGlobals at: #Note put: '{}'\n%\n",
        "n".repeat(60 << 10)
    );
    let mut runner = Counting {
        max: 64 << 10,
        ran: Vec::new(),
    };
    let sources = [Source {
        name: "many.gs".into(),
        text: doit.repeat(20),
    }];
    let report = filein::file_in_sources(&mut session, &sources);
    assert!(report.is_clean(), "{report:?}");
    let path = dir.path().join("many.gs");
    std::fs::write(&path, &sources[0].text).unwrap();
    let report = filein::file_in_paths_running(
        &mut session,
        &[path],
        filein::FileInOptions::default(),
        &mut runner,
    )
    .unwrap();
    assert!(report.is_clean(), "{report:?}");
    assert!(runner.ran.is_empty(), "recognised, so applied, not run");
}

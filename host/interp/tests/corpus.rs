//! The Smalltalk corpus: expressions with the printString (or unhandled
//! error) they must give, from `tests/corpus/*.txt`.
//!
//! Each non-blank line that does not start with `--` is
//! `expression ==> expected`, split at the last ` ==> `. An expected text
//! starting with `!` is an unhandled error, written `!Class: description`.
//! Lines of one file run in order in one session, so a line may define a
//! class or a global that later lines use. Every mismatch is reported at
//! once.

use std::path::Path;

use gs_interp::{BreakHandle, ExecErrorKind, Interpreter, Limits};

fn outcome(interp: &mut Interpreter, session: &mut gs_image::Session, source: &str) -> String {
    match interp.execute(session, source, &Limits::default(), &BreakHandle::new()) {
        Ok(out) => out.print_string,
        Err(e) => match e.kind {
            ExecErrorKind::Unhandled { class, description } => format!("!{class}: {description}"),
            other => format!("!!{other:?}"),
        },
    }
}

fn check(file: &Path) -> (usize, Vec<String>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = gs_image::Image::open(dir.path().join("t.image")).expect("image");
    let mut session = image.session();
    let mut interp = Interpreter::new();
    let text = std::fs::read_to_string(file).expect("corpus file");
    let mut failures = Vec::new();
    let mut count = 0;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with("--") {
            continue;
        }
        let Some((expr, expected)) = line.rsplit_once(" ==> ") else {
            failures.push(format!("{}:{}: no ' ==> ' in line", file.display(), n + 1));
            continue;
        };
        count += 1;
        let got = outcome(&mut interp, &mut session, expr);
        if got != expected.trim_start() {
            failures.push(format!(
                "{}:{}: {expr}\n    expected: {}\n    got:      {got}",
                file.display(),
                n + 1,
                expected.trim_start()
            ));
        }
    }
    (count, failures)
}

#[test]
fn corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let only = std::env::var("CORPUS").ok();
    let mut total = 0;
    let mut failures = Vec::new();
    for f in files {
        if let Some(o) = &only
            && !f.to_string_lossy().contains(o.as_str())
        {
            continue;
        }
        let (n, mut fails) = check(&f);
        total += n;
        failures.append(&mut fails);
    }
    assert!(
        failures.is_empty(),
        "{} of {total} corpus expressions failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(total > 0, "the corpus is empty");
}

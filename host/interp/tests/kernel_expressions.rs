//! The kernel's own expression corpus (`host/image/kernel/expressions.txt`,
//! written with the kernel sources) run through the interpreter: every
//! chunk must give the printString, unhandled error and Transcript output
//! the file expects. All chunks run in order in one session.

use std::path::Path;

use gs_interp::{BreakHandle, ExecErrorKind, Interpreter, Limits};

/// One chunk: source and expected text.
fn chunks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for chunk in text.split("\n====\n") {
        let chunk = chunk.trim_start_matches("====\n");
        if chunk.trim().is_empty() {
            continue;
        }
        if chunk.starts_with("!!") {
            // A comment chunk is skipped whole: an expectation in it would
            // never run.
            assert!(
                !chunk.contains("\n==> "),
                "a chunk that starts with a comment holds an expectation, which would be \
                 skipped; put the comment in a chunk of its own:\n{chunk}"
            );
            continue;
        }
        let Some(at) = chunk
            .find("\n==> ")
            .map(|i| i + 1)
            .or_else(|| chunk.starts_with("==> ").then_some(0))
        else {
            continue;
        };
        let source = chunk[..at].to_string();
        let expected = chunk[at + 4..]
            .lines()
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n")
            .trim_end()
            .to_string();
        out.push((source, expected));
    }
    out
}

#[test]
fn the_kernel_expression_corpus_passes() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../image/kernel/expressions.txt");
    let text = std::fs::read_to_string(&file).expect("kernel expressions.txt");
    let dir = tempfile::tempdir().expect("temp dir");
    let image = gs_image::Image::open(dir.path().join("t.image")).expect("image");
    let mut session = image.session();
    let mut interp = Interpreter::new();
    let mut failures = Vec::new();
    let all = chunks(&text);
    for (source, expected) in &all {
        let r = interp.execute(
            &mut session,
            source,
            &Limits::default(),
            &BreakHandle::new(),
        );
        let (mut got, transcript) = match r {
            Ok(o) => (o.print_string, o.transcript),
            Err(e) => (
                match e.kind {
                    ExecErrorKind::Unhandled { class, description } => {
                        format!("ERROR: {class}: {description}")
                    }
                    other => format!("ERROR: {other:?}"),
                },
                e.transcript,
            ),
        };
        if !transcript.is_empty() {
            got = format!("{got} | transcript: {transcript}");
        }
        let got = got
            .lines()
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n")
            .trim_end()
            .to_string();
        if &got != expected {
            failures.push(format!(
                "{}\n    expected: {expected}\n    got:      {got}",
                source.trim_end()
            ));
        }
    }
    assert!(all.len() > 100, "only {} chunks read", all.len());
    assert!(
        failures.is_empty(),
        "{} of {} kernel expressions failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

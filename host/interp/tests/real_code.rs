//! Real GemStone code loads into the embedded image: each project under
//! `tests/realcode/` (files copied from public GemStone repositories, with
//! their licences and a MANIFEST) is filed in from its `load.gs` into a
//! fresh image, as `gs-mcp image load` does (doits run by one interpreter,
//! extension methods on kernel classes allowed), and the share of its
//! methods that compile may not fall below what it is now.
//!
//! `cargo test -p gs-interp --test real_code -- --nocapture` prints, per
//! project, the files, methods, methods compiled, doits, and every method
//! or doit that failed with its reason, most common reasons first.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use gs_image::filein::{DoitRunner, Expected, Failure, FileInOptions};
use gs_image::{Image, Session};
use gs_interp::FileInDoits;
use gs_topaz::CommandKind;

/// Each project's directory under `tests/realcode/` and the least share of
/// its methods (in percent) that must compile: what is achieved now.
/// One of jasper's methods (a wire-encoding test of wide symbols) holds a
/// symbol literal beyond Latin-1, which the embedded image's Symbols
/// cannot hold: it is a compile error, never another symbol. (Its wide
/// string literals compile, as DoubleByteStrings.)
const PROJECTS: &[(&str, f64)] = &[
    ("gemconnect-postgres", 99.06),
    ("sparkle", 99.76),
    ("jasper", 99.78),
];

/// The least share over the whole corpus, in percent.
const OVERALL_FLOOR: f64 = 99.70;

/// Runs a file-in's doits as `gs-mcp image load` does ([`FileInDoits`]),
/// saying which ones take long.
struct Doits(FileInDoits);

impl DoitRunner for Doits {
    fn run(
        &mut self,
        session: &mut Session,
        source: &str,
        expected: Option<&Expected>,
    ) -> Result<(), String> {
        let started = std::time::Instant::now();
        let outcome = self.0.run(session, source, expected);
        if started.elapsed() > Duration::from_millis(500) {
            // Real initialisers compute (Sparkle's SpkHashTableSizes finds
            // primes): say which doits take the test's time.
            println!(
                "  slow doit ({:.1} s): {}",
                started.elapsed().as_secs_f64(),
                source.lines().next().unwrap_or("")
            );
        }
        outcome
    }
}

/// What one project's load did.
#[derive(Default)]
struct Tally {
    files: usize,
    methods: usize,
    compiled: usize,
    doits: usize,
    doits_run: usize,
    method_failures: Vec<Failure>,
    doit_failures: Vec<Failure>,
    other_failures: Vec<Failure>,
}

impl Tally {
    fn share(&self) -> f64 {
        if self.methods == 0 {
            100.0
        } else {
            100.0 * self.compiled as f64 / self.methods as f64
        }
    }
}

/// The methods and doits a file holds, by the Topaz reader, and the lines
/// they start on.
fn commands(path: &Path) -> (usize, HashSet<usize>) {
    let text = std::fs::read_to_string(path).expect("corpus files are UTF-8 text");
    let mut methods = 0;
    let mut doits = HashSet::new();
    for command in gs_topaz::read(&text).commands {
        match command.kind {
            CommandKind::Method { .. } => methods += 1,
            CommandKind::Doit(_) | CommandKind::Run(_) | CommandKind::Printit(_) => {
                doits.insert(command.line);
            }
            _ => {}
        }
    }
    (methods, doits)
}

/// Files one project in and tallies what loaded.
fn load(project: &str) -> Tally {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/realcode")
        .join(project);
    let temp = tempfile::tempdir().expect("temp dir");
    let image = Image::open(temp.path().join("corpus.image")).expect("image");
    let mut session = image.session();
    let mut doits = Doits(FileInDoits::new());
    let report = gs_image::filein::file_in_paths_running(
        &mut session,
        &[dir.join("load.gs")],
        FileInOptions {
            allow_kernel_extensions: true,
        },
        &mut doits,
    )
    .expect("file-in");
    let mut tally = Tally {
        files: report.files.len(),
        compiled: report.methods,
        doits_run: report.doits_run,
        ..Tally::default()
    };
    let mut doit_lines: HashSet<(String, usize)> = HashSet::new();
    for file in &report.files {
        let (methods, doits) = commands(Path::new(file));
        tally.methods += methods;
        tally.doits += doits.len();
        doit_lines.extend(doits.into_iter().map(|line| (file.clone(), line)));
    }
    for failure in report.failures {
        if failure.message.starts_with("method ") {
            tally.method_failures.push(failure);
        } else if failure.message.starts_with("doit ")
            || doit_lines.contains(&(failure.file.clone(), failure.line))
        {
            tally.doit_failures.push(failure);
        } else {
            tally.other_failures.push(failure);
        }
    }
    tally
}

/// The piece of the kernel a method's failure names: the undeclared
/// variable, the missing class, or else the compiler's words.
fn missing_piece(message: &str) -> String {
    let reason = message
        .split_once(" does not compile: ")
        .map(|(_, r)| r)
        .or_else(|| message.strip_prefix("method not compiled: "))
        .unwrap_or(message);
    if let Some(rest) = reason.strip_prefix("no class named ") {
        let name = rest.split_whitespace().next().unwrap_or(rest);
        return format!("class {name} (the methods extend it)");
    }
    if let Some(rest) = reason.split("undeclared variable ").nth(1) {
        let name: String = rest
            .trim_start_matches('`')
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        return format!("global {name}");
    }
    reason.to_string()
}

/// Prints a project's figures and failures.
fn print(project: &str, tally: &Tally) {
    println!(
        "== {project}: {} files, {} methods, {} compiled ({:.2}%), {} doits \
         ({} applied by the file-in, {} run by the interpreter, {} failed), \
         {} other failures",
        tally.files,
        tally.methods,
        tally.compiled,
        tally.share(),
        tally.doits,
        tally.doits - tally.doits_run - tally.doit_failures.len(),
        tally.doits_run,
        tally.doit_failures.len(),
        tally.other_failures.len(),
    );
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for failure in &tally.method_failures {
        *reasons.entry(missing_piece(&failure.message)).or_default() += 1;
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    for (reason, count) in reasons {
        println!("  {count:5}  {reason}");
    }
    let name = |f: &Failure| {
        let file = Path::new(&f.file)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!("{file}:{}: {}", f.line, f.message)
    };
    for failure in &tally.method_failures {
        println!("  method: {}", name(failure));
    }
    for failure in &tally.doit_failures {
        println!("  doit: {}", name(failure));
    }
    for failure in &tally.other_failures {
        println!("  other: {}", name(failure));
    }
}

#[test]
fn the_real_code_corpus_loads_at_least_its_floor() {
    let mut methods = 0;
    let mut compiled = 0;
    let mut below = Vec::new();
    for &(project, floor) in PROJECTS {
        let tally = load(project);
        print(project, &tally);
        methods += tally.methods;
        compiled += tally.compiled;
        assert!(tally.methods > 0, "{project}: no methods found");
        // Every doit ran or was reported: none is lost.
        assert!(
            tally.doits_run + tally.doit_failures.len() <= tally.doits,
            "{project}: more doits accounted for than the files hold"
        );
        if tally.share() < floor {
            below.push(format!(
                "{project}: {:.2}% of methods compiled, below the floor of {floor}%",
                tally.share()
            ));
        }
    }
    let overall = 100.0 * compiled as f64 / methods as f64;
    println!("== overall: {methods} methods, {compiled} compiled ({overall:.2}%)");
    assert!(below.is_empty(), "{}", below.join("\n"));
    assert!(
        overall >= OVERALL_FLOOR,
        "{overall:.2}% of the corpus compiled, below the floor of {OVERALL_FLOOR}%"
    );
}

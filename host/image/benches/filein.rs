//! The file-in benchmark (issue 17, "Targets"): a code base of 1,000 Topaz
//! files holding 20,000 methods, written to disk as a project's file-out
//! is, then filed into a fresh image as `gs-image load` / `gs-mcp image
//! load` do (read, decode, order class definitions across files, define,
//! compile, index), and committed. Target: at most 3 s.
//!
//! Run with `cargo bench -p gs-image --bench filein`. A plain binary
//! (`harness = false`) printing its figures, as the image benchmark does.
//! `FILEIN_ROUNDS=<n>` repeats the load (each into its own fresh image) and
//! prints every round and the best, so that two builds can be compared side
//! by side; `FILEIN_KEEP=<dir>` writes the generated files there instead of
//! into a temporary directory, for a profiler.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gs_image::Image;
use gs_image::filein;

const FILES: usize = 1_000;
const METHODS_PER_FILE: usize = 20;
/// Methods of each file's class on the class side; the rest are instance
/// methods.
const CLASS_METHODS: usize = 4;
/// Distinct selectors of the methods' own sends.
const SELECTOR_POOL: usize = 2_000;
const TARGET: Duration = Duration::from_secs(3);

fn main() {
    let rounds: usize = std::env::var("FILEIN_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .max(1);
    let temp = tempfile::tempdir().expect("a temporary directory");
    let dir = match std::env::var("FILEIN_KEEP") {
        Ok(keep) => PathBuf::from(keep),
        Err(_) => temp.path().join("project"),
    };
    std::fs::create_dir_all(&dir).expect("the project directory");
    let started = Instant::now();
    let bytes = generate(&dir);
    println!(
        "generated {FILES} files, {} methods: {:.1} MB of Topaz text in {:.2?}",
        FILES * METHODS_PER_FILE,
        bytes as f64 / 1_000_000.0,
        started.elapsed()
    );

    let mut best: Option<Duration> = None;
    for round in 0..rounds {
        let path = temp.path().join(format!("round{round}.gsimage"));
        let t = Instant::now();
        let image = Image::open(&path).expect("create the image");
        let create = t.elapsed();
        let mut session = image.session();
        let t = Instant::now();
        let cpu = cpu_time();
        let report = filein::file_in_path(&mut session, &dir).expect("file-in");
        let load = t.elapsed();
        assert!(
            report.is_clean(),
            "generated code files in: {:?}",
            &report.failures[..report.failures.len().min(5)]
        );
        assert_eq!(report.files.len(), FILES);
        assert_eq!(report.methods, FILES * METHODS_PER_FILE);
        let t = Instant::now();
        session.commit().expect("commit the load");
        let commit = t.elapsed();
        let cpu = cpu_time() - cpu;
        let total = load + commit;
        println!(
            "file-in of {FILES} files / {} methods   {total:>10.2?}  (target <= 3 s) {}   CPU {cpu:.2?}   \
             (load {load:.2?}, commit {commit:.2?}; creating the fresh image {create:.2?})",
            FILES * METHODS_PER_FILE,
            if total <= TARGET { "ok" } else { "MISSED" },
        );
        best = Some(best.map_or(total, |b| b.min(total)));
        drop(session);
        drop(image);
        let _ = std::fs::remove_file(&path);
    }
    if rounds > 1 {
        println!("best of {rounds}: {:.2?}", best.expect("one round"));
    }
}

fn class_name(i: usize) -> String {
    format!("Proj{i:04}")
}

/// Writes the project: file `i` defines class `Proj<i>` and its 20
/// methods. A class's superclass is another class of the project, defined
/// in a file that sorts after it a third of the time (so the load must
/// order definitions across files, as a real project's per-class files
/// need), or Object for one class in eight. Answers the bytes written.
fn generate(dir: &Path) -> usize {
    let mut total = 0;
    for c in 0..FILES {
        let mut text = String::with_capacity(METHODS_PER_FILE * 400);
        write_class(&mut text, c);
        total += text.len();
        std::fs::write(dir.join(format!("{}.gs", class_name(c))), text).expect("write a file");
    }
    total
}

/// The superclass of class `c`: Object, or a class whose own superclass
/// chain ends at Object (superclass indices strictly follow a rule with no
/// cycle: `c - k` below, or `c + k` above, where the one above always has a
/// lower-indexed or Object superclass).
fn superclass(c: usize) -> String {
    if c.is_multiple_of(8) {
        "Object".to_string()
    } else if c % 3 == 1 && c + 1 < FILES && (c + 1) % 3 != 1 {
        // The next file's class, whose own superclass is Object or below it.
        class_name(c + 1)
    } else {
        class_name(c - c % 8)
    }
}

fn write_class(out: &mut String, c: usize) {
    let name = class_name(c);
    let superclass = superclass(c);
    let _ = write!(
        out,
        "! ------------------- Class definition for {name}\n\
         expectvalue /Class\ndoit\n\
         {superclass} subclass: '{name}'\n  instVarNames: #( name{c} items{c} total{c})\n  \
         classVars: #( Default{c})\n  classInstVars: #()\n  poolDictionaries: #()\n  \
         inDictionary: UserGlobals\n  options: #()\n\n%\n\
         expectvalue /Class\ndoit\n{name} comment: \n'Class {c} of the generated project.'\n%\n\
         expectvalue /Class\ndoit\n{name} category: 'Project-Part{}'\n%\n\
         ! ------------------- Remove existing behavior from {name}\n\
         removeallmethods {name}\nremoveallclassmethods {name}\n\
         ! ------------------- Instance methods for {name}\nset class {name}\n",
        c / 50
    );
    for m in 0..METHODS_PER_FILE {
        let class_side = m >= METHODS_PER_FILE - CLASS_METHODS;
        let category = if class_side {
            "instance creation"
        } else {
            ["accessing", "operations", "printing", "private", "testing"][m % 5]
        };
        let selector = (c * 7 + m * 13) % SELECTOR_POOL;
        let callee = (c * 11 + m * 3 + 1) % SELECTOR_POOL;
        let other = class_name((c * 37 + m * 101) % FILES);
        if class_side {
            let _ = write!(
                out,
                "category: '{category}'\nclassmethod:\n\
                 named{m}: aString\n\
                 \t\"Answer a new instance named aString.\"\n\
                 \t| instance |\n\
                 \tinstance := self new.\n\
                 \tinstance setName: aString items: (OrderedCollection new: {}).\n\
                 \tDefault{c} isNil ifTrue: [Default{c} := instance].\n\
                 \t^instance\n%\n",
                m + 4
            );
        } else if m == 0 {
            let _ = write!(
                out,
                "category: 'private'\nmethod:\n\
                 setName: aString items: aCollection\n\
                 \tname{c} := aString.\n\
                 \titems{c} := aCollection.\n\
                 \ttotal{c} := 0\n%\n"
            );
        } else {
            let _ = write!(
                out,
                "category: '{category}'\nmethod:\n\
                 op{selector}With: anObject\n\
                 \t\"Operation {m} of {name}.\"\n\
                 \t| sum |\n\
                 \tanObject isNil ifTrue: [^{other} named{}: 'default'].\n\
                 \tsum := items{c} inject: {m} into: [:acc :each | acc + each size].\n\
                 \ttotal{c} := total{c} + sum.\n\
                 \titems{c} add: anObject; yourself.\n\
                 \t(name{c} includesString: 'part') ifTrue: [^self op{callee}With: #(#sym{m} $c 2.5)].\n\
                 \t^name{c} , ' ' , sum printString\n%\n",
                METHODS_PER_FILE - CLASS_METHODS + m % CLASS_METHODS
            );
        }
    }
}

/// CPU time (user + system) this process has used, from /proc/self/stat.
fn cpu_time() -> Duration {
    let ticks = std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = &s[s.rfind(')')? + 2..];
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let utime: u64 = fields.get(11)?.parse().ok()?;
            let stime: u64 = fields.get(12)?.parse().ok()?;
            Some(utime + stime)
        })
        .unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

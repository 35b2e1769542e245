//! The image benchmark (issue 2, "Performance"): a generated image of
//! 2,000 classes and 100,000 methods, filed in from Topaz text, then the
//! operations the MCP tools lean on, each printed next to its target.
//!
//! Run with `cargo bench -p gs-image --bench image`. It is a plain binary
//! (`harness = false`) that prints figures rather than a criterion report,
//! because the targets are absolute budgets, not regressions against a
//! baseline. Resident memory is measured in a child process (this binary
//! re-run with `GS_IMAGE_BENCH_CHILD` set) that only opens the image, so the
//! generator's and the file-in's garbage do not count. The long phases also
//! print their CPU time, since wall time on a busy machine includes waiting.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use gs_image::filein::{self, Source};
use gs_image::{Image, Side};

const CLASSES: usize = 2_000;
const METHODS_PER_CLASS: usize = 50;
/// Classes per generated file, as a real code base spreads them.
const CLASSES_PER_FILE: usize = 50;
const CHILD_ENV: &str = "GS_IMAGE_BENCH_CHILD";

fn main() {
    if let Ok(path) = std::env::var(CHILD_ENV) {
        child(Path::new(&path));
        return;
    }
    // `cargo bench` passes `--bench`; anything else (e.g. a filter) is ignored.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("bench.gsimage");

    let started = Instant::now();
    let sources = generate();
    let source_bytes: usize = sources.iter().map(|s| s.text.len()).sum();
    let method_bytes = method_source_bytes(&sources);
    println!(
        "generated {} classes, {} methods: {:.1} MB of Topaz text ({:.1} MB of method source) in {:.2?}",
        CLASSES,
        CLASSES * METHODS_PER_CLASS,
        mb(source_bytes),
        mb(method_bytes),
        started.elapsed()
    );

    // Where file-in time goes: the Topaz reader and the Smalltalk parser
    // alone, before the full load.
    let t = Instant::now();
    let cpu = cpu_time();
    let mut bodies = Vec::new();
    for s in &sources {
        for c in gs_topaz::read(&s.text).commands {
            if let gs_topaz::CommandKind::Method { body, .. } = c.kind {
                bodies.push(body.text);
            }
        }
    }
    let read_time = t.elapsed();
    let read_cpu = cpu_time() - cpu;
    let t = Instant::now();
    let cpu = cpu_time();
    let mut parsed = 0;
    for b in &bodies {
        if gs_smalltalk::parser::parse_method(b).is_ok() {
            parsed += 1;
        }
    }
    let parse_time = t.elapsed();
    let parse_cpu = cpu_time() - cpu;
    assert_eq!(parsed, bodies.len(), "every generated method parses");
    drop(bodies);

    let image = Image::open(&path).expect("create the image");
    let mut session = image.session();
    let t = Instant::now();
    let cpu = cpu_time();
    let report = filein::file_in_sources(&mut session, &sources);
    let load_time = t.elapsed();
    let load_cpu = cpu_time() - cpu;
    assert!(
        report.is_clean(),
        "generated code files in: {:?}",
        &report.failures[..report.failures.len().min(5)]
    );
    assert_eq!(report.methods, CLASSES * METHODS_PER_CLASS);
    let t = Instant::now();
    let cpu = cpu_time();
    session.commit().expect("commit the load");
    let commit_time = t.elapsed();
    let commit_cpu = cpu_time() - cpu;
    let file_in = load_time + commit_time;
    println!();
    println!(
        "file-in of the whole image           {:>10.2?}  (target <= 10 s) {}   CPU {:.2?}",
        file_in,
        verdict(file_in, Duration::from_secs(10)),
        load_cpu + commit_cpu
    );
    println!("  of which: Topaz reader              {read_time:>10.2?}   CPU {read_cpu:.2?}");
    println!("            Smalltalk parser alone    {parse_time:>10.2?}   CPU {parse_cpu:.2?}");
    println!(
        "            file-in into the session  {load_time:>10.2?}  (read + recognise + define + compile + index)   CPU {load_cpu:.2?}"
    );
    println!("            commit to disk            {commit_time:>10.2?}   CPU {commit_cpu:.2?}");
    drop(session);
    drop(image);
    drop(sources);

    let file_size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    let t = Instant::now();
    let cpu = cpu_time();
    let image = Image::open(&path).expect("reopen the image");
    let reopen = t.elapsed();
    let reopen_cpu = cpu_time() - cpu;
    println!(
        "reopen from disk                      {:>10.2?}  (target <= 1 s) {}   CPU {:.2?}, file {:.1} MB",
        reopen,
        verdict(reopen, Duration::from_secs(1)),
        reopen_cpu,
        mb(file_size as usize)
    );

    let session = image.session();
    let selectors: Vec<String> = (0..200)
        .map(|i| format!("compute{}With:and:", (i * 37) % SELECTOR_POOL))
        .collect();
    let helpers: Vec<String> = (0..200)
        .map(|i| format!("helper{}:with:and:", (i * 53) % HELPER_POOL))
        .collect();
    let names: Vec<String> = (0..200).map(|i| class_name((i * 97) % CLASSES)).collect();
    let mut hits = 0;
    let implementors = p50(&selectors, |s| hits += session.implementors(s).len());
    let senders = p50(&helpers, |s| hits += session.senders(s).len());
    let references = p50(&names, |s| hits += session.references(s).len());
    assert!(hits > 0);
    let five_ms = Duration::from_millis(5);
    println!(
        "implementors p50                      {:>10.2?}  (target <= 5 ms) {}",
        implementors,
        verdict(implementors, five_ms)
    );
    println!(
        "senders p50                           {:>10.2?}  (target <= 5 ms) {}",
        senders,
        verdict(senders, five_ms)
    );
    println!(
        "references p50                        {:>10.2?}  (target <= 5 ms) {}",
        references,
        verdict(references, five_ms)
    );

    // Every generated method sends `add:`: the capped query the tools use
    // stays cheap however wide the answer, the full answer is the worst case.
    let t = Instant::now();
    let capped = session.senders_limited("add:", 200);
    let capped_time = t.elapsed();
    let t = Instant::now();
    let widest = session.senders("add:").len();
    let widest_time = t.elapsed();
    assert!(capped.total == widest && widest >= CLASSES * METHODS_PER_CLASS);
    println!(
        "senders of add:, first 200 (capped)   {capped_time:>10.2?}  (all {widest} of them: {widest_time:.2?})"
    );

    let patterns: Vec<String> = (0..15)
        .map(|i| format!("text {}", 4_999 - i * 331))
        .collect();
    let search = p50(&patterns, |p| {
        hits += session.search_source(p, None).expect("search").len()
    });
    println!(
        "substring search over all source p50  {:>10.2?}  (target <= 50 ms) {}",
        search,
        verdict(search, Duration::from_millis(50))
    );
    drop(session);

    let mut session = image.session();
    let edits: Vec<usize> = (0..20).collect();
    let compile_commit = p50(&edits, |&i| {
        let source = format!("benchProbe\n\t^{i} + {}", class_name(i));
        session
            .compile_method(&class_name(i * 7), Side::Instance, "bench", &source)
            .expect("compile");
        session.commit().expect("commit");
    });
    let fsync = fsync_cost(dir.path());
    println!(
        "compile one method + commit p50       {:>10.2?}  (target <= 5 ms + one fsync) {}",
        compile_commit,
        verdict(compile_commit, five_ms + fsync)
    );
    println!("  one fsync alone p50 (same disk)     {fsync:>10.2?}");

    // The most one compile can be made to cost: every send a selector new
    // to the image's string table, which each has to be added to. The
    // widest fills the largest request body the server takes (4 MiB).
    let rounds: Vec<usize> = (0..3).collect();
    let mut wide_bytes = 0;
    let wide = p50(&rounds, |&round| {
        let source = wide_method(round, WIDE_SENDS);
        wide_bytes = source.len();
        session
            .compile_method(&class_name(round), Side::Instance, "bench", &source)
            .expect("compile a wide method");
    });
    println!(
        "compile {WIDE_SENDS} new selectors p50   {wide:>10.2?}  (one method, {:.1} MB of source)",
        mb(wide_bytes)
    );
    let widest = wide_method(rounds.len(), WIDEST_SENDS);
    let t = Instant::now();
    let cpu = cpu_time();
    session
        .compile_method(&class_name(9), Side::Instance, "bench", &widest)
        .expect("compile the widest method");
    let widest_time = t.elapsed();
    let widest_cpu = cpu_time() - cpu;
    println!(
        "compile {WIDEST_SENDS} new selectors      {widest_time:>10.2?}  (one method, {:.1} MB of source)   CPU {widest_cpu:.2?}",
        mb(widest.len())
    );
    drop(session);
    drop(image);

    let child = std::process::Command::new(std::env::current_exe().expect("own path"))
        .env(CHILD_ENV, &path)
        .output()
        .expect("run the memory probe");
    let out = String::from_utf8_lossy(&child.stdout);
    let rss: Option<(usize, usize)> = out
        .trim()
        .split_once(' ')
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
    match rss {
        Some((before, after)) => {
            let image_rss = after.saturating_sub(before);
            let ratio = image_rss as f64 / method_bytes as f64;
            println!(
                "resident memory of the open image     {:>7.1} MB  = {ratio:.2}x the {:.1} MB of method source (target <= 3x) {}   (process total {:.1} MB)",
                mb(image_rss),
                mb(method_bytes),
                if ratio <= 3.0 { "ok" } else { "MISSED" },
                mb(after)
            );
        }
        None => println!(
            "resident memory: the probe failed: {}",
            String::from_utf8_lossy(&child.stderr)
        ),
    }
}

/// The memory probe: open the image and print VmRSS (bytes) before and after.
fn child(path: &Path) {
    let before = vm_rss();
    let image = Image::open(path).expect("open the image");
    let session = image.session();
    assert!(session.method_count() >= CLASSES * METHODS_PER_CLASS);
    println!("{before} {}", vm_rss());
}

/// CPU time (user + system) this process has used, from /proc/self/stat.
/// Printed beside wall-clock figures because on a busy 2-core machine wall
/// time also counts waiting for the CPU.
fn cpu_time() -> Duration {
    let ticks = std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            // Fields after the parenthesised command name; utime and stime
            // are the 14th and 15th fields of the whole line.
            let rest = &s[s.rfind(')')? + 2..];
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let utime: u64 = fields.get(11)?.parse().ok()?;
            let stime: u64 = fields.get(12)?.parse().ok()?;
            Some(utime + stime)
        })
        .unwrap_or(0);
    // The kernel reports clock ticks of USER_HZ, 100 on Linux.
    Duration::from_millis(ticks * 10)
}

fn vm_rss() -> usize {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<usize>().ok())
        })
        .map(|kb| kb * 1024)
        .unwrap_or(0)
}

fn verdict(measured: Duration, target: Duration) -> &'static str {
    if measured <= target { "ok" } else { "MISSED" }
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1_000_000.0
}

/// The median time of running `f` once per item.
fn p50<T>(items: &[T], mut f: impl FnMut(&T)) -> Duration {
    let mut times: Vec<Duration> = items
        .iter()
        .map(|item| {
            let t = Instant::now();
            f(item);
            t.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// The median cost of writing 4 KiB and `fsync`ing it, on the disk the
/// image lives on.
fn fsync_cost(dir: &Path) -> Duration {
    use std::io::Write;
    let mut file = std::fs::File::create(dir.join("fsync.probe")).expect("probe file");
    let block = [7u8; 4096];
    let rounds: Vec<usize> = (0..20).collect();
    p50(&rounds, |_| {
        file.write_all(&block).expect("write");
        file.sync_all().expect("fsync");
    })
}

fn method_source_bytes(sources: &[Source]) -> usize {
    sources
        .iter()
        .flat_map(|s| gs_topaz::read(&s.text).commands)
        .filter_map(|c| match c.kind {
            gs_topaz::CommandKind::Method { body, .. } => Some(body.text.len()),
            _ => None,
        })
        .sum()
}

/// Distinct `compute…` selectors: each is implemented by ~200 classes.
const SELECTOR_POOL: usize = 500;
/// Distinct helper selectors methods send.
const HELPER_POOL: usize = 3_000;

/// Distinct selectors of each wide method compiled.
const WIDE_SENDS: usize = 110_000;
/// Distinct selectors of a method of 4 MiB.
const WIDEST_SENDS: usize = 250_000;

/// `wide ^self w{round}x1. self w{round}x2. …`: `sends` distinct unary
/// sends, of selectors no other round sends.
fn wide_method(round: usize, sends: usize) -> String {
    let mut source = format!("wide\n\t^self w{round}x1");
    for i in 2..=sends {
        write!(source, ". self w{round}x{i}").expect("write to a String");
    }
    source
}

fn class_name(i: usize) -> String {
    format!("Bench{i:04}")
}

/// The generated code base, one Topaz file per 50 classes. A class's
/// superclass is an earlier class (a hierarchy up to ~10 deep) or Object;
/// each class has instance, class and class-instance variables, and 50
/// methods (40 instance side, 10 class side) of ~310 bytes with sends,
/// literals of the common kinds, blocks and references to other classes
/// and to instance, class and class-instance variables.
fn generate() -> Vec<Source> {
    let mut sources = Vec::new();
    for file in 0..CLASSES / CLASSES_PER_FILE {
        let mut text = String::with_capacity(CLASSES_PER_FILE * METHODS_PER_CLASS * 420);
        for c in file * CLASSES_PER_FILE..(file + 1) * CLASSES_PER_FILE {
            write_class(&mut text, c);
        }
        sources.push(Source {
            name: format!("bench{file:03}.gs"),
            text,
        });
    }
    sources
}

fn write_class(out: &mut String, c: usize) {
    let name = class_name(c);
    let superclass = if c.is_multiple_of(10) {
        "Object".to_string()
    } else {
        class_name(c - 1 - (c * 7) % (c % 10))
    };
    let _ = write!(
        out,
        "set compile_env: 0\n! ------------------- Class definition for {name}\nexpectvalue /Class\ndoit\n\
         {superclass} subclass: '{name}'\n  instVarNames: #( a{c} b{c} items{c})\n  classVars: #( Registry{c})\n  \
         classInstVars: #( cache{c})\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n  options: #()\n\n%\n\
         expectvalue /Class\ndoit\n{name} comment: \n'Generated benchmark class number {c}.'\n%\n\
         expectvalue /Class\ndoit\n{name} category: 'Bench-{}'\n%\n\
         removeallmethods {name}\nremoveallclassmethods {name}\n",
        c / 100
    );
    for m in 0..METHODS_PER_CLASS {
        let side = if m < 40 { "method" } else { "classmethod" };
        let category = ["accessing", "computing", "printing", "private", "testing"][m % 5];
        let k = (c * 31 + m * 17) % HELPER_POOL;
        let other = class_name((c * 13 + m * 101) % CLASSES);
        let n = m * 100 + c % 100;
        let ivar = if side == "method" {
            format!("a{c}")
        } else {
            format!("cache{c}")
        };
        let _ = write!(
            out,
            "category: '{category}'\n{side}: {name}\n\
             compute{}With: anObject and: other\n\
             \t| total items |\n\
             \titems := OrderedCollection new.\n\
             \tanObject isNil ifTrue: [^Registry{c} ifNil: [{other} new]].\n\
             \t1 to: {} do: [:i | items add: i * {}].\n\
             \ttotal := items inject: {n} into: [:a :b | a + (b \\\\ 7)].\n\
             \t{ivar} := total max: other size.\n\
             \t^self helper{k}: items with: #(#sym{m} $b 3.5) and: 'text {n}'\n%\n",
            (c + m) % SELECTOR_POOL,
            m % 9 + 2,
            (m + c) % 13 + 1
        );
    }
}

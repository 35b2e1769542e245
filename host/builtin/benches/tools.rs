//! The built-in tools benchmark (issue 6, "Performance"): every listing,
//! browsing and search tool, `resources/read` of a class and of a method
//! (issue 19), and `compile_method` (which commits), called
//! through the real server over HTTP against a generated image of 2,000
//! classes and 100,000 methods, each printed with its p50 and p95 next to
//! its target.
//!
//! Run with `cargo bench -p gs-builtin --bench tools` (append tool names to
//! time only those). It is a plain binary (`harness = false`) printing
//! figures, because the targets are absolute budgets. The server is the one
//! the tests use (tests/common/mod.rs): the router on a loopback port, the
//! broker and the built-in toolset over an embedded image, into which the
//! generated application is filed first. The client is this binary re-run
//! as a child process (`GS_BUILTIN_BENCH_SERVER` set to the server's
//! address), as a real client is a process of its own; each call is a
//! fresh HTTP/1.1 connection (the test client's way), so the times include
//! connecting and the JSON work on both sides. Beside the wall-clock
//! percentiles it prints the server process's CPU time per call, which a
//! busy machine does not inflate.

#[path = "../tests/common/mod.rs"]
mod common;

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use common::{Client, connect_to, start};
use gs_image::filein::{self, Source};
use serde_json::{Value, json};

const CLASSES: usize = 2_000;
const METHODS_PER_CLASS: usize = 50;
/// Of each class's methods, how many are on the class side.
const CLASS_SIDE_METHODS: usize = 10;
/// Classes per generated Topaz file.
const CLASSES_PER_FILE: usize = 100;
/// The generated application's symbol dictionary.
const DICTIONARY: &str = "Ledgers";
/// Distinct `post…Amount:on:` selectors: each is implemented by ~200 classes.
const OPERATIONS: usize = 400;
/// Distinct helper selectors the methods send: ~35 senders each.
const HELPERS: usize = 3_000;
/// Timed calls per tool.
const ROUNDS: usize = 60;
/// Timed `compile_method` calls (each commits, so each writes the store).
const COMPILE_ROUNDS: usize = 40;

/// Set in the child process: the address of the server to call.
const SERVER_ENV: &str = "GS_BUILTIN_BENCH_SERVER";

fn main() {
    if let Ok(addr) = std::env::var(SERVER_ENV) {
        let addr = addr.parse().expect("the server's address");
        run_client(connect_to(addr));
        return;
    }
    let server = start(false);

    let started = Instant::now();
    let sources = generate();
    let bytes: usize = sources.iter().map(|s| s.text.len()).sum();
    let generated = started.elapsed();
    let started = Instant::now();
    let mut session = server.image.session();
    let report = filein::file_in_sources(&mut session, &sources);
    assert!(
        report.is_clean(),
        "the generated application files in: {:?}",
        &report.failures[..report.failures.len().min(3)]
    );
    assert_eq!(report.methods, CLASSES * METHODS_PER_CLASS);
    session.commit().expect("commit the generated application");
    drop(session);
    drop(sources);
    println!(
        "generated {CLASSES} classes and {} methods ({:.1} MB of Topaz) in {generated:.2?}, \
         filed in and committed in {:.2?}",
        CLASSES * METHODS_PER_CLASS,
        bytes as f64 / 1e6,
        started.elapsed()
    );

    let status = std::process::Command::new(std::env::current_exe().expect("own path"))
        .args(std::env::args().skip(1))
        .env(SERVER_ENV, server.addr.to_string())
        .status()
        .expect("run the client process");
    assert!(status.success(), "the client process failed: {status}");
}

/// The client side: times each tool, reading the server's CPU time (the
/// parent process's) around each tool's rounds.
fn run_client(mut client: Client) {
    let twenty_ms = Duration::from_millis(20);
    println!();
    println!(
        "{:<26} {:>10} {:>10} {:>10}   target (p50)",
        "tool, through HTTP", "p50", "p95", "server CPU"
    );
    // `cargo bench -p gs-builtin --bench tools -- find_senders …` times only
    // the tools named (cargo's own `--bench` flag is ignored).
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let chosen = |tool: &str| only.is_empty() || only.iter().any(|o| o == tool);
    for (tool, args) in read_calls().into_iter().filter(|(t, _)| chosen(t)) {
        // One checked call first: it succeeds and matches its output schema.
        client.call(tool, args(0)).ok();
        let times = timed(ROUNDS, |i| call(&mut client, tool, args(i)));
        print_row(tool, &times, twenty_ms, "<= 20 ms");
    }

    // The built-in toolset's resources (issue 19): a class and a method
    // read by URI, as a client that subscribes to them reads them.
    if chosen("resources/read") {
        let one_ms = Duration::from_millis(1);
        let times = timed(ROUNDS, |i| {
            read(&mut client, &format!("gemstone://class/{}", pick_class(i)))
        });
        print_row("resources/read, a class", &times, one_ms, "<= 1 ms");
        let times = timed(ROUNDS, |i| {
            let c = (i * 97) % CLASSES;
            read(
                &mut client,
                &format!(
                    "gemstone://method/{}/instance/{}",
                    class_name(c),
                    operation(c, i % 40)
                ),
            )
        });
        print_row("resources/read, a method", &times, one_ms, "<= 1 ms");
    }

    if !chosen("compile_method") {
        return;
    }
    let fsync = fsync_cost();
    let times = timed(COMPILE_ROUNDS, |i| {
        call(
            &mut client,
            "compile_method",
            json!({
                "className": class_name((i * 41) % CLASSES),
                "source": format!("benchProbe\n\t^ {i} + {}", class_name(i)),
                "category": "bench"
            }),
        )
    });
    print_row(
        "compile_method (commits)",
        &times,
        Duration::from_millis(10) + fsync,
        "<= 10 ms + one fsync",
    );
    println!(
        "{:<26} {:>10.2?}   (same disk, p50)",
        "  one fsync alone", fsync
    );
}

type Args = fn(usize) -> Value;

/// Every listing, browsing and search tool, with arguments that vary per
/// round so no answer is served from a warm cache line alone.
fn read_calls() -> Vec<(&'static str, Args)> {
    vec![
        ("list_all_classes", |_| json!({})),
        ("list_classes", |_| json!({"dictionaryName": DICTIONARY})),
        ("list_dictionaries", |_| json!({})),
        (
            "list_dictionary_entries",
            |_| json!({"dictionaryName": DICTIONARY}),
        ),
        ("describe_class", |i| json!({"className": pick_class(i)})),
        (
            "export_class_source",
            |i| json!({"className": pick_class(i)}),
        ),
        (
            "get_class_definition",
            |i| json!({"className": pick_class(i)}),
        ),
        (
            "get_class_hierarchy",
            |i| json!({"className": pick_class(i)}),
        ),
        ("get_method_source", |i| {
            let c = (i * 97) % CLASSES;
            json!({"className": class_name(c), "selector": operation(c, i % 40)})
        }),
        ("list_methods", |i| json!({"className": pick_class(i)})),
        (
            "find_implementors",
            |i| json!({"selector": operation(i * 7, 0)}),
        ),
        ("find_references_to", |i| json!({"name": pick_class(i)})),
        (
            "find_senders",
            |i| json!({"selector": format!("record{}:at:label:", (i * 53) % HELPERS)}),
        ),
        (
            "search_method_source",
            |i| json!({"pattern": format!("entry {}-{}", (i * 37) % CLASSES, i % 40)}),
        ),
    ]
}

fn pick_class(i: usize) -> String {
    class_name((i * 97) % CLASSES)
}

/// One `tools/call` over HTTP; panics on anything but a successful result.
fn call(client: &mut Client, tool: &str, arguments: Value) {
    let (response, _) = client.request("tools/call", json!({"name": tool, "arguments": arguments}));
    let result = &response["result"];
    assert!(
        result.is_object() && result["isError"] != true,
        "{tool} failed: {response}"
    );
}

/// One `resources/read`, which must answer the resource's text.
fn read(client: &mut Client, uri: &str) {
    let (response, _) = client.request("resources/read", json!({"uri": uri}));
    let text = &response["result"]["contents"][0]["text"];
    assert!(text.is_string(), "{uri}: {response}");
}

/// The times of `n` rounds of `f` (after two untimed warm-up rounds),
/// sorted, and the CPU time the server process spent per round.
struct Timings {
    sorted: Vec<Duration>,
    cpu_per_round: Duration,
}

fn timed(n: usize, mut f: impl FnMut(usize)) -> Timings {
    f(n);
    f(n + 1);
    let cpu = cpu_time();
    let mut sorted: Vec<Duration> = (0..n)
        .map(|i| {
            let t = Instant::now();
            f(i);
            t.elapsed()
        })
        .collect();
    let cpu_per_round = (cpu_time() - cpu) / n as u32;
    sorted.sort();
    Timings {
        sorted,
        cpu_per_round,
    }
}

/// CPU time (user + system, all threads) the server process — this
/// client's parent — has used so far.
fn cpu_time() -> Duration {
    let server = std::os::unix::process::parent_id();
    let ticks = std::fs::read_to_string(format!("/proc/{server}/stat"))
        .ok()
        .and_then(|s| {
            // utime and stime are the 14th and 15th fields; the command
            // name before them is parenthesised and may hold spaces.
            let rest = &s[s.rfind(')')? + 2..];
            let fields: Vec<&str> = rest.split_whitespace().collect();
            Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
        })
        .unwrap_or(0);
    // Linux reports clock ticks of USER_HZ, 100 a second.
    Duration::from_millis(ticks * 10)
}

fn percentile(sorted: &[Duration], p: usize) -> Duration {
    sorted[(sorted.len() * p / 100).min(sorted.len() - 1)]
}

fn print_row(label: &str, times: &Timings, target: Duration, target_text: &str) {
    let p50 = percentile(&times.sorted, 50);
    println!(
        "{label:<26} {p50:>10.2?} {:>10.2?} {:>10.2?}   {target_text} {}",
        percentile(&times.sorted, 95),
        times.cpu_per_round,
        if p50 <= target { "ok" } else { "MISSED" }
    );
}

/// The median cost of writing 4 KiB and `fsync`ing it, in a temporary
/// directory like the one the server's image lives in.
fn fsync_cost() -> Duration {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut file = std::fs::File::create(dir.path().join("fsync.probe")).expect("a probe file");
    let block = [7u8; 4096];
    let times = timed(20, |_| {
        file.write_all(&block).expect("write");
        file.sync_all().expect("fsync");
    });
    percentile(&times.sorted, 50)
}

fn class_name(i: usize) -> String {
    format!("Ledger{i:04}")
}

/// The `m`th instance-side selector of class `c`: distinct within a class,
/// shared by ~200 classes across the image.
fn operation(c: usize, m: usize) -> String {
    format!("{}on:", operation_keyword(c, m))
}

/// The first keyword of [`operation`].
fn operation_keyword(c: usize, m: usize) -> String {
    format!("post{}Amount:", (c * 3 + m) % OPERATIONS)
}

/// The generated application, one Topaz file per 100 classes: a symbol
/// dictionary of its own, classes in chains of up to eight under Object,
/// each with its own instance, class and class-instance variables, a
/// comment and a category, and 50 methods (40 instance side, 10 class side)
/// of about 300 bytes that send helpers, refer to other classes and use
/// the class's variables.
fn generate() -> Vec<Source> {
    (0..CLASSES / CLASSES_PER_FILE)
        .map(|file| {
            let mut text = String::with_capacity(CLASSES_PER_FILE * METHODS_PER_CLASS * 400);
            if file == 0 {
                let _ = write!(
                    text,
                    "run\nSystem myUserProfile symbolList createDictionaryNamed: #{DICTIONARY} \
                     at: 1\n%\n"
                );
            }
            for c in file * CLASSES_PER_FILE..(file + 1) * CLASSES_PER_FILE {
                write_class(&mut text, c);
            }
            Source {
                name: format!("ledgers{file:02}.gs"),
                text,
            }
        })
        .collect()
}

fn write_class(out: &mut String, c: usize) {
    let name = class_name(c);
    let superclass = if c.is_multiple_of(8) {
        "Object".to_string()
    } else {
        class_name(c - 1)
    };
    let _ = write!(
        out,
        "run\n{superclass} subclass: '{name}'\n  instVarNames: #(total{c} entries{c})\n  \
         classVars: #(Registry{c})\n  classInstVars: #(cache{c})\n  poolDictionaries: #()\n  \
         inDictionary: {DICTIONARY}\n%\n\
         run\n{name} comment: 'Generated ledger class number {c}.'\n%\n\
         run\n{name} category: 'Ledgers-{}'\n%\n",
        c / 100
    );
    for m in 0..METHODS_PER_CLASS {
        let helper = (c * 7 + m * 13) % HELPERS;
        let other = class_name((c * 13 + m * 101) % CLASSES);
        let category = ["posting", "accessing", "reporting", "private", "checking"][m % 5];
        if m < METHODS_PER_CLASS - CLASS_SIDE_METHODS {
            let _ = write!(
                out,
                "category: '{category}'\nmethod: {name}\n{} anAmount on: aDate\n\
                 \t\"Posts anAmount; generated method {m} of class {c}.\"\n\
                 \t| entry sum |\n\
                 \tentry := {other} new.\n\
                 \tsum := total{c} ifNil: [0].\n\
                 \tanAmount isNil ifTrue: [^ self reject{helper}: #missing].\n\
                 \t1 to: {} do: [:i | sum := sum + (anAmount * i)].\n\
                 \ttotal{c} := sum.\n\
                 \t^ entry record{helper}: sum at: aDate label: 'entry {c}-{m}'\n%\n",
                operation_keyword(c, m),
                m % 7 + 2
            );
        } else {
            let _ = write!(
                out,
                "category: 'instance creation'\nclassmethod: {name}\nnamed{m}: aString\n\
                 \t\"Answers a new ledger; generated class method {m} of class {c}.\"\n\
                 \t| ledger |\n\
                 \tcache{c} isNil ifTrue: [cache{c} := Dictionary new].\n\
                 \tledger := cache{c} at: aString ifAbsent: [nil].\n\
                 \tledger isNil ifFalse: [^ ledger].\n\
                 \tledger := self new.\n\
                 \tRegistry{c} := ledger.\n\
                 \t^ cache{c} at: aString put: (ledger record{helper}: 0 at: nil label: aString)\n%\n"
            );
        }
    }
}

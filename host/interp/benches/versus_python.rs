//! The interpreter measured side by side with CPython on the same
//! algorithms, in one run: `cargo bench -p gs-interp`.
//!
//! Each workload runs in Smalltalk through [`Interpreter::execute`] and in
//! a `python3` process kept open for it, in [`ROUNDS`] alternating rounds
//! of [`BATCH`] runs on each side, so that whatever else slows the machine
//! meanwhile meets both sides alike (the runs of a batch follow each other,
//! so neither side is measured waking up); the table shows both best times
//! and the ratio (Smalltalk time / Python time; the goal is ≤ 1.0). It also times
//! running a 100-test SUnit class and how long a break takes to end an
//! infinite loop.
//!
//! `BENCH_ONLY=<text>` runs only the workloads whose name contains the
//! text, each `BENCH_REPEAT` times (default 5), without CPython: for
//! profiling one workload (`perf record`, `valgrind --tool=callgrind`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use gs_interp::{BreakHandle, Interpreter, Limits};

/// Alternating rounds per workload.
const ROUNDS: usize = 4;

/// Runs of one side in a round.
const BATCH: usize = 5;

struct Workload {
    name: &'static str,
    smalltalk: &'static str,
    python: &'static str,
}

const WORKLOADS: &[Workload] = &[
    Workload {
        name: "fib 27 (recursive)",
        smalltalk: "Bench new fib: 27",
        python: "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nresult = fib(27)",
    },
    Workload {
        name: "1 to: 1e6 select/collect/inject",
        smalltalk: "(((1 to: 1000000) select: [:x | x even]) collect: [:x | x * 2]) inject: 0 into: [:a :b | a + b]",
        python: "import functools\nr = [x for x in range(1, 1000001) if x % 2 == 0]\nr = [x * 2 for x in r]\nresult = functools.reduce(lambda a, b: a + b, r, 0)",
    },
    Workload {
        name: "1e5 string keys into a Dictionary",
        smalltalk: "| d | d := Dictionary new. 1 to: 100000 do: [:i | d at: i printString put: i]. d size",
        python: "d = {}\nfor i in range(1, 100001):\n    d[str(i)] = i\nresult = len(d)",
    },
    Workload {
        name: "WriteStream string building (1e5)",
        smalltalk: "| ws | ws := WriteStream on: String new. 1 to: 100000 do: [:i | ws nextPutAll: i printString; nextPut: $ ]. ws contents size",
        python: "import io\nws = io.StringIO()\nfor i in range(1, 100001):\n    ws.write(str(i))\n    ws.write(' ')\nresult = len(ws.getvalue())",
    },
];

/// A `python3` process that runs one workload each time it is asked.
struct Python {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Python {
    /// Starts `python3` with `code` compiled, waiting for requests to run
    /// it [`BATCH`] times; `None` when there is no `python3`.
    fn start(code: &str) -> Option<Python> {
        let script = format!(
            "import sys, time\ncode = compile({code:?}, 'bench', 'exec')\nfor _ in sys.stdin:\n    best = None\n    for _ in range({BATCH}):\n        t = time.perf_counter()\n        exec(code, {{}})\n        d = time.perf_counter() - t\n        best = d if best is None or d < best else best\n    print(best, flush=True)"
        );
        let mut child = Command::new("python3")
            .arg("-c")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        Some(Python {
            child,
            input,
            output,
        })
    }

    /// Runs the workload [`BATCH`] times, answering the best time.
    fn run(&mut self) -> Option<Duration> {
        self.input.write_all(b"\n").ok()?;
        self.input.flush().ok()?;
        let mut line = String::new();
        self.output.read_line(&mut line).ok()?;
        line.trim().parse::<f64>().ok().map(Duration::from_secs_f64)
    }
}

impl Drop for Python {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = gs_image::Image::open(dir.path().join("bench.image")).expect("image");
    let mut session = image.session();
    let mut interp = Interpreter::new();
    let limits = Limits::default();
    let brk = BreakHandle::new();
    let setup = [
        "Object subclass: 'Bench' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()",
        "Bench compile: 'fib: n n < 2 ifTrue: [^n]. ^(self fib: n - 1) + (self fib: n - 2)' classified: 'bench'",
    ];
    for s in setup {
        interp
            .execute(&mut session, s, &limits, &brk)
            .expect("bench setup");
    }
    if let Ok(only) = std::env::var("BENCH_ONLY") {
        let repeat: usize = std::env::var("BENCH_REPEAT")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(5);
        for w in WORKLOADS.iter().filter(|w| w.name.contains(only.as_str())) {
            for _ in 0..repeat {
                let t = Instant::now();
                let r = interp.execute(&mut session, w.smalltalk, &limits, &brk);
                println!(
                    "{:<36} {:>10.1}ms {:?}",
                    w.name,
                    t.elapsed().as_secs_f64() * 1e3,
                    r.map(|o| o.print_string)
                );
            }
        }
        return;
    }
    println!(
        "{:<36} {:>12} {:>12} {:>8}",
        "workload", "Smalltalk", "CPython", "ratio"
    );
    for w in WORKLOADS {
        let mut best = Duration::MAX;
        let mut python: Option<Duration> = None;
        let mut py = Python::start(w.python);
        let mut failed = false;
        for _ in 0..ROUNDS {
            for _ in 0..BATCH {
                let t = Instant::now();
                let r = interp.execute(&mut session, w.smalltalk, &limits, &brk);
                let d = t.elapsed();
                if let Err(e) = r {
                    println!("{:<36} failed: {e}", w.name);
                    failed = true;
                    break;
                }
                best = best.min(d);
            }
            if failed {
                break;
            }
            if let Some(p) = py.as_mut().and_then(Python::run) {
                python = Some(python.map_or(p, |q| q.min(p)));
            }
        }
        drop(py);
        if failed {
            continue;
        }
        match python {
            Some(p) => println!(
                "{:<36} {:>10.1}ms {:>10.1}ms {:>7.2}x",
                w.name,
                best.as_secs_f64() * 1e3,
                p.as_secs_f64() * 1e3,
                best.as_secs_f64() / p.as_secs_f64()
            ),
            None => println!(
                "{:<36} {:>10.1}ms {:>12} {:>8}",
                w.name,
                best.as_secs_f64() * 1e3,
                "(no python3)",
                "-"
            ),
        }
    }

    // A 100-test SUnit class.
    let mut source = String::from(
        "TestCase subclass: 'HundredTests' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()",
    );
    interp
        .execute(&mut session, &source, &limits, &brk)
        .expect("test class");
    for i in 0..100 {
        source = format!(
            "HundredTests compile: 'test{i:03} self assert: {i} + 1 = {}' classified: 'tests'",
            i + 1
        );
        interp
            .execute(&mut session, &source, &limits, &brk)
            .expect("test method");
    }
    let t = Instant::now();
    let report = interp
        .run_tests(
            &mut session,
            "HundredTests",
            None,
            &limits,
            &brk,
            &mut |_| {},
        )
        .expect("test run");
    println!(
        "{:<36} {:>10.1}ms   ({report}; goal <= 50 ms)",
        "100-test SUnit class",
        t.elapsed().as_secs_f64() * 1e3
    );

    // Break latency: from setting the flag to the call's return.
    let handle = brk.clone();
    let (tx, rx) = std::sync::mpsc::channel::<Instant>();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        let at = Instant::now();
        handle.request();
        tx.send(at).expect("send");
    });
    let r = interp.execute(&mut session, "[true] whileTrue: [3 + 4]", &limits, &brk);
    let returned = Instant::now();
    setter.join().expect("setter");
    let set_at = rx.recv().expect("time");
    println!(
        "{:<36} {:>10.3}ms   ({}; goal < 50 ms)",
        "break of an infinite loop",
        (returned - set_at).as_secs_f64() * 1e3,
        match r {
            Err(e) => e.to_string(),
            Ok(o) => format!("unexpected result {}", o.print_string),
        }
    );
}

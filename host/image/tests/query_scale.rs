//! The performance targets on a 100,000-method image (about 30 MB of
//! source): open ≤ 1 s, implementors / senders / references ≤ 5 ms p50,
//! source search ≤ 50 ms, compile + commit of one method ≤ 5 ms plus one
//! fsync, memory ≤ 3x the source size.
//!
//! Timing only means something in an optimised build, so this test is
//! ignored by default; run it with
//! `cargo test --release -p gs-image --test query_scale -- --ignored --nocapture`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use gs_image::{ClassDefinition, Image, OpenOptions, RecompilePolicy, Side};

/// Counts live heap bytes, so the test can measure what an open image
/// holds exactly (resident-set figures include freed pages the allocator
/// keeps).
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the
// wrapper only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const CLASSES: usize = 500;
const METHODS_PER_CLASS: usize = 200;

fn options() -> OpenOptions {
    OpenOptions {
        install_kernel: false,
    }
}

/// A method of about 300 bytes that sends a few selectors shared across
/// the image and references a class.
fn method_source(class: usize, n: usize) -> String {
    format!(
        "op{n}x{class}: anArgument with: another\n\
         \t\"Generated method {n} of class {class}, padded to a realistic size so that\n\
         \tthe image holds about thirty megabytes of source text in total.\"\n\
         \t| result |\n\
         \tresult := anArgument helper{m} + another size.\n\
         \tresult > {n} ifTrue: [^Gen{c2} new process: result].\n\
         \t^self common{k}: result",
        m = n % 50,
        c2 = (class + 1) % CLASSES,
        k = n % 10,
    )
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

#[test]
#[ignore = "performance check; run in release with --ignored"]
fn targets_on_100k_methods() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.image");
    let mut source_bytes = 0usize;
    {
        let image = Image::open_with(&path, options()).unwrap();
        let mut s = image.session();
        s.define_class(
            ClassDefinition {
                name: "Object".into(),
                dictionary: "Globals".into(),
                ..Default::default()
            },
            RecompilePolicy::Refuse,
        )
        .unwrap();
        for c in 0..CLASSES {
            s.define_class(
                ClassDefinition {
                    name: format!("Gen{c}"),
                    superclass: Some("Object".into()),
                    inst_vars: vec!["state".into()],
                    dictionary: "UserGlobals".into(),
                    ..Default::default()
                },
                RecompilePolicy::Refuse,
            )
            .unwrap();
        }
        let started = Instant::now();
        for c in 0..CLASSES {
            for n in 0..METHODS_PER_CLASS {
                let src = method_source(c, n);
                source_bytes += src.len();
                s.compile_method(&format!("Gen{c}"), Side::Instance, "generated", &src)
                    .unwrap();
            }
        }
        let compiled = started.elapsed();
        let started = Instant::now();
        s.commit().unwrap();
        eprintln!(
            "built {} methods ({:.1} MB source): compile {:?}, commit {:?}",
            CLASSES * METHODS_PER_CLASS,
            source_bytes as f64 / 1e6,
            compiled,
            started.elapsed()
        );
    }

    let live_before = LIVE.load(Ordering::Relaxed);
    let started = Instant::now();
    let image = Image::open_with(&path, options()).unwrap();
    let opened = started.elapsed();
    let live_after = LIVE.load(Ordering::Relaxed);
    let mut s = image.session();
    assert_eq!(s.method_count(), CLASSES * METHODS_PER_CLASS);
    let growth = live_after.saturating_sub(live_before) as u64;
    eprintln!(
        "open: {opened:?}; the open image holds {:.1} MB of heap ({:.2}x source)",
        growth as f64 / 1e6,
        growth as f64 / source_bytes as f64
    );

    // p50 over a mix of queries: selectors sent by 2% to 10% of all
    // methods, names referenced by 200.
    let time = |queries: &[&dyn Fn() -> usize]| {
        let mut samples = Vec::new();
        for _ in 0..5 {
            for q in queries {
                let t = Instant::now();
                assert!(q() > 0);
                samples.push(t.elapsed());
            }
        }
        median(samples)
    };
    let implementors = time(&[&|| s.implementors("op3x5:with:").len(), &|| {
        s.implementors("op150x499:with:").len()
    }]);
    let senders = time(&[
        &|| s.senders("common3:").len(),
        &|| s.senders("common7:").len(),
        &|| s.senders("helper17").len(),
        &|| s.senders("helper42").len(),
        &|| s.senders("helper5").len(),
    ]);
    // Every method sends `size`: the capped query tools use stays cheap.
    let capped = time(&[&|| s.senders_limited("size", 200).total]);
    let references = time(&[&|| s.references("Gen7").len(), &|| {
        s.references("Gen300").len()
    }]);
    let search = time(&[
        &|| s.search_source("helper17 + another", None).unwrap().len(),
        &|| s.search_source("op150x", None).unwrap().len(),
    ]);
    let t = Instant::now();
    let widest = s.senders("size").len();
    let all_senders = t.elapsed();
    eprintln!(
        "p50: implementors {implementors:?}, senders {senders:?}, references {references:?}, \
         search {search:?}; first 200 of {widest} senders {capped:?} (all of them: \
         {all_senders:?})"
    );
    let mut commits = Vec::new();
    for i in 0..11 {
        let t = Instant::now();
        s.compile_method(
            "Gen1",
            Side::Instance,
            "new",
            &format!("fresh{i}\n\t^state + {i}"),
        )
        .unwrap();
        s.commit().unwrap();
        commits.push(t.elapsed());
    }
    let commit = median(commits);
    eprintln!("p50 compile + commit (including fsync): {commit:?}");

    assert!(opened <= Duration::from_secs(1), "open took {opened:?}");
    assert!(implementors <= Duration::from_millis(5));
    assert!(
        senders <= Duration::from_millis(5),
        "senders took {senders:?}"
    );
    assert!(
        capped <= Duration::from_millis(50),
        "capped senders took {capped:?}"
    );
    assert!(references <= Duration::from_millis(5));
    assert!(
        search <= Duration::from_millis(50),
        "search took {search:?}"
    );
    assert!(
        growth <= 3 * source_bytes as u64,
        "memory grew {growth} bytes for {source_bytes} bytes of source"
    );
}

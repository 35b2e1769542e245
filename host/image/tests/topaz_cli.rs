//! The `gs-image` binary end to end: load the corpus, browse it, file it
//! out, and fail the way a person at a terminal needs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn corpus(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(dir)
}

fn gs_image(image: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gs-image"))
        .arg("--image")
        .arg(image)
        .args(args)
        .output()
        .expect("run gs-image")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn topaz_cli_loads_and_browses_the_corpus() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("bank.gsimage");
    let bank = corpus("bank");
    let load = gs_image(&image, &["load", bank.to_str().unwrap()]);
    assert!(load.status.success(), "{}{}", stdout(&load), stderr(&load));
    assert!(
        stdout(&load).ends_with(
            "loaded and committed 9 file(s): 8 class(es) defined, 62 method(s) compiled, 0 failure(s)\n"
        ),
        "{}",
        stdout(&load)
    );

    // Every later command opens the committed image afresh.
    let classes = gs_image(&image, &["classes", "--dictionary", "Banking"]);
    assert_eq!(
        stdout(&classes),
        "Account\nAccountNumber\nBank\nBankEntity\nBankTest\nLedger\nSavingsAccount\nTransaction\n"
    );
    let all = stdout(&gs_image(&image, &["classes"]));
    assert!(all.lines().any(|l| l == "OrderedCollection") && all.lines().any(|l| l == "Ledger"));

    let source = gs_image(&image, &["source", "Account", "interestRate", "--meta"]);
    assert_eq!(
        stdout(&source),
        "interestRate\n\t\"The yearly rate paid on positive balances; DefaultRate until set.\"\n\t^InterestRate ifNil: [DefaultRate]\n"
    );
    let definition = stdout(&gs_image(&image, &["source", "Ledger"]));
    assert!(
        definition.starts_with("Object indexableSubclass: 'Ledger'\n  instVarNames: #( tally)\n"),
        "{definition}"
    );

    let implementors = gs_image(&image, &["implementors", "withdraw:"]);
    assert_eq!(
        stdout(&implementors),
        "Account>>withdraw:\nSavingsAccount>>withdraw:\n"
    );
    let senders = stdout(&gs_image(&image, &["senders", "owner:deposit:"]));
    assert_eq!(senders, "Bank>>open:for:\n");
    let references = stdout(&gs_image(&image, &["references", "SavingsAccount"]));
    assert_eq!(references, "Bank>>openSavingsFor:\n");
    let search = stdout(&gs_image(&image, &["search", "insufficient funds"]));
    assert_eq!(search, "Account>>withdraw:\n");

    let fileout = gs_image(&image, &["fileout", "SavingsAccount"]);
    let text = stdout(&fileout);
    assert!(text.contains("! ------------------- Class definition for SavingsAccount\n"));
    assert!(text.contains("category: 'month end'\nmethod: SavingsAccount\ncloseMonth\n"));
    let original = std::fs::read_to_string(bank.join("SavingsAccount.gs")).unwrap();
    assert_eq!(
        text, original,
        "the corpus is written in exactly the file-out layout"
    );
}

#[test]
fn topaz_cli_reports_load_failures_by_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("broken.gsimage");
    let broken = corpus("broken");
    let load = gs_image(&image, &["load", broken.to_str().unwrap()]);
    assert_eq!(load.status.code(), Some(1));
    let out = stdout(&load);
    let broken_gs = broken.join("Broken.gs").display().to_string();
    assert!(
        out.contains(&format!(
            "{broken_gs}:34: method in Broken (starting at line 32) does not compile"
        )),
        "{out}"
    );
    assert!(out.contains("garbage.gs:1: not a text file"), "{out}");
    assert!(
        out.ends_with("3 file(s): 1 class(es) defined, 2 method(s) compiled, 7 failure(s)\n"),
        "{out}"
    );
    assert_eq!(
        stderr(&load),
        "gs-image: 7 failure(s) while loading; everything else was committed\n"
    );
    // What loaded was committed.
    let source = gs_image(&image, &["source", "Broken", "value:"]);
    assert_eq!(stdout(&source), "value: anObject\n\tvalue := anObject\n");
}

#[test]
fn topaz_cli_errors_name_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("e.gsimage");
    let missing = gs_image(&image, &["source", "NoSuchClass"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        stderr(&missing).starts_with("gs-image: no class named NoSuchClass"),
        "{}",
        stderr(&missing)
    );

    let not_image = dir.path().join("notes.txt");
    std::fs::write(&not_image, "just some text, not an image\n").unwrap();
    let bad = gs_image(&not_image, &["classes"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).starts_with(&format!(
        "gs-image: cannot open image {}",
        not_image.display()
    )));

    let no_path = gs_image(
        &image,
        &["load", dir.path().join("absent.gs").to_str().unwrap()],
    );
    assert_eq!(no_path.status.code(), Some(2));
    assert!(
        stderr(&no_path).contains("absent.gs"),
        "{}",
        stderr(&no_path)
    );
}

#[test]
fn topaz_cli_load_accepts_kernel_extension_methods_unless_told_not_to() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("mypackage.gs");
    std::fs::write(
        &package,
        "category: '*mypackage'\nmethod: Object\nisMyThing\n\t^false\n%\n",
    )
    .unwrap();
    let package = package.to_str().unwrap();

    let refusing = dir.path().join("refusing.gsimage");
    let load = gs_image(&refusing, &["load", "--no-kernel-extensions", package]);
    assert_eq!(load.status.code(), Some(1), "{}", stderr(&load));
    assert!(
        stdout(&load).contains("mypackage.gs:3: method not compiled: Object is a kernel class"),
        "{}",
        stdout(&load)
    );
    let source = gs_image(&refusing, &["source", "Object", "isMyThing"]);
    assert_eq!(source.status.code(), Some(1), "{}", stdout(&source));

    let extending = dir.path().join("extending.gsimage");
    let load = gs_image(&extending, &["load", package]);
    assert!(load.status.success(), "{}{}", stdout(&load), stderr(&load));
    assert!(
        stdout(&load).ends_with(
            "loaded and committed 1 file(s): 0 class(es) defined, 1 method(s) compiled \
             (1 of them kernel extension method(s)), 0 failure(s)\n"
        ),
        "{}",
        stdout(&load)
    );
    let source = gs_image(&extending, &["source", "Object", "isMyThing"]);
    assert_eq!(stdout(&source), "isMyThing\n\t^false\n");
}

/// An image another process holds is named as such, with what to do, not
/// with the library's advice to share one handle.
#[test]
fn an_image_another_process_holds_says_to_stop_it() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("held.gsimage");
    let _held = gs_image::Image::open(&image).unwrap();
    let out = gs_image(&image, &["classes"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("another process has it open") && err.contains("stop it first"),
        "{err}"
    );
    assert!(!err.contains("Clone"), "{err}");
}

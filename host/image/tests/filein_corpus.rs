//! File-in of the test corpus (tests/corpus): what loads, what is reported
//! and where, dependency order across files, and the lossless file-out →
//! file-in round trip.

use std::path::{Path, PathBuf};

use gs_image::filein::{self, FileInReport};
use gs_image::{Image, Session, Side};

fn corpus(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(dir)
}

fn fresh_image(dir: &Path) -> Image {
    Image::open(dir.join("test.gsimage")).expect("open a new image")
}

fn load_bank(session: &mut Session) -> FileInReport {
    filein::file_in_directory(session, &corpus("bank")).expect("corpus readable")
}

#[test]
fn filein_corpus_loads_every_class_and_method() {
    let dir = tempfile::tempdir().unwrap();
    let image = fresh_image(dir.path());
    let mut session = image.session();
    let report = load_bank(&mut session);
    assert!(report.is_clean(), "{:#?}", report.failures);
    assert_eq!(report.files.len(), 9);
    let mut classes = report.classes.clone();
    classes.sort();
    assert_eq!(
        classes,
        [
            "Account",
            "AccountNumber",
            "Bank",
            "BankEntity",
            "BankTest",
            "Ledger",
            "SavingsAccount",
            "Transaction"
        ]
    );
    assert_eq!(report.methods, 62);
    session.commit().unwrap();

    // Categories, comments, class-side methods and class definitions.
    let account = session.class("Account").unwrap();
    assert_eq!(account.definition.superclass.as_deref(), Some("BankEntity"));
    assert_eq!(account.definition.dictionary, "Banking");
    assert_eq!(account.definition.category.as_deref(), Some("Bank-Core"));
    assert_eq!(account.definition.class_vars, ["InterestRate"]);
    assert_eq!(account.definition.class_inst_vars, ["opened"]);
    assert_eq!(account.definition.pool_dictionaries, ["BankConstants"]);
    assert!(
        account
            .comment
            .starts_with("An Account holds a balance in the bank's currency")
    );
    let categories = session.categories("Account", Side::Class).unwrap();
    assert_eq!(
        categories.keys().collect::<Vec<_>>(),
        ["accessing", "instance creation"]
    );
    assert_eq!(
        session.selectors("Account", Side::Class).unwrap(),
        [
            "interestRate",
            "interestRate:",
            "opened",
            "owner:",
            "owner:deposit:"
        ]
    );
    assert_eq!(
        session.selectors("Account", Side::Instance).unwrap().len(),
        13
    );
    assert_eq!(
        session
            .method("Account", Side::Instance, "deposit:")
            .unwrap()
            .category,
        "transactions"
    );
    assert_eq!(
        session.class("Ledger").unwrap().definition.kind,
        gs_image::ClassKind::Indexable
    );
    assert_eq!(
        session.class("AccountNumber").unwrap().definition.kind,
        gs_image::ClassKind::Bytes
    );
    assert!(session.test_classes().contains(&"BankTest".to_string()));

    // Sources are stored byte-exact: exactly the lines between `method:` and `%`.
    assert_eq!(
        session
            .method_source("Account", Side::Instance, "withdraw:")
            .unwrap(),
        "withdraw: anAmount\n\t(self canWithdraw: anAmount)\n\t\tifFalse: [^self error: 'insufficient funds in ' , self printString].\n\t^self record: (Transaction amount: anAmount kind: #withdrawal)"
    );
    // Pool and global bindings came from 00-dictionaries.gs.
    let constants = session.entries("BankConstants").unwrap();
    assert_eq!(constants.len(), 4);
    assert!(!session.senders("record:").is_empty());
}

#[test]
fn filein_orders_superclasses_across_files() {
    // Account.gs sorts before BankEntity.gs, its superclass's file, and
    // SavingsAccount.gs is given first of all.
    let dir = tempfile::tempdir().unwrap();
    let image = fresh_image(dir.path());
    let mut session = image.session();
    let bank = corpus("bank");
    let paths: Vec<PathBuf> = [
        "SavingsAccount.gs",
        "Account.gs",
        "Transaction.gs",
        "BankEntity.gs",
        "00-dictionaries.gs",
    ]
    .iter()
    .map(|f| bank.join(f))
    .collect();
    let report = filein::file_in_paths(&mut session, &paths).unwrap();
    assert!(report.is_clean(), "{:#?}", report.failures);
    assert_eq!(
        report.classes,
        ["BankEntity", "Account", "SavingsAccount", "Transaction"]
    );
    assert_eq!(
        session.superclass_chain("SavingsAccount").unwrap()[..4],
        ["SavingsAccount", "Account", "BankEntity", "Object"]
    );
}

#[test]
fn filein_reports_failures_with_file_and_line_and_loads_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let image = fresh_image(dir.path());
    let mut session = image.session();
    let report = filein::file_in_directory(&mut session, &corpus("broken")).unwrap();
    let lines: Vec<String> = report
        .failures
        .iter()
        .map(|f| {
            let file = Path::new(&f.file).file_name().unwrap().to_string_lossy();
            format!("{file}:{}", f.line)
        })
        .collect();
    assert_eq!(
        lines,
        [
            "Broken.gs:19",
            "Orphan.gs:5",
            "Orphan.gs:15",
            "Orphan.gs:16",
            "Broken.gs:34",
            "Orphan.gs:20",
            "garbage.gs:1"
        ],
        "{:#?}",
        report.failures
    );
    let messages: Vec<&str> = report.failures.iter().map(|f| f.message.as_str()).collect();
    assert!(
        messages[0].contains("only class definitions"),
        "{}",
        messages[0]
    );
    assert!(
        messages[1].contains("superclass NoSuchSuperclass of class Orphan"),
        "{}",
        messages[1]
    );
    assert!(
        messages[4].contains("method in Broken (starting at line 32) does not compile"),
        "{}",
        messages[4]
    );
    assert!(
        messages[5].contains("no class named Orphan"),
        "{}",
        messages[5]
    );
    assert!(messages[6].contains("not a text file"), "{}", messages[6]);
    // Everything else in Broken.gs loaded.
    assert_eq!(report.classes, ["Broken"]);
    assert_eq!(report.methods, 2);
    assert_eq!(
        session.selectors("Broken", Side::Instance).unwrap(),
        ["value", "value:"]
    );
    assert_eq!(
        session
            .class("Broken")
            .unwrap()
            .definition
            .category
            .as_deref(),
        Some("Corpus-Broken")
    );
}

#[test]
fn filein_compile_error_line_is_the_file_line() {
    let dir = tempfile::tempdir().unwrap();
    let image = fresh_image(dir.path());
    let mut session = image.session();
    let text = "! header\ndoit\nObject subclass: 'Thing' instVarNames: #() classVars: #() \
                classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()\n%\n\
                category: 'x'\nmethod: Thing\nfoo\n\t| a |\n\ta := zork.\n\t^a\n%\n";
    let report = filein::file_in_text(&mut session, "inline.gs", text);
    assert_eq!(report.failures.len(), 1, "{:#?}", report.failures);
    let failure = &report.failures[0];
    assert_eq!(
        (failure.file.as_str(), failure.line),
        ("inline.gs", 9),
        "{failure}"
    );
    assert!(
        failure
            .to_string()
            .starts_with("inline.gs:9: method in Thing (starting at line 7)")
    );
}

#[test]
fn filein_fileout_round_trip_is_lossless() {
    let dir = tempfile::tempdir().unwrap();
    let first = fresh_image(&dir.path().join("a").tap_mkdir());
    let mut session = first.session();
    assert!(load_bank(&mut session).is_clean());
    session.commit().unwrap();

    let mut text = filein::file_out_dictionary(&session, "BankConstants").unwrap();
    text.push_str(&filein::file_out_dictionary(&session, "Banking").unwrap());
    text.push_str("doit\nUserGlobals at: #BankTrace put: false\n%\n");

    let second = fresh_image(&dir.path().join("b").tap_mkdir());
    let mut other = second.session();
    let report = filein::file_in_text(&mut other, "fileout.gs", &text);
    assert!(report.is_clean(), "{:#?}\n{text}", report.failures);
    other.commit().unwrap();

    for name in session.classes_in("Banking").unwrap() {
        let a = session.class(&name).unwrap();
        let b = other.class(&name).unwrap();
        assert_eq!(a.definition, b.definition, "{name}");
        assert_eq!(a.comment, b.comment, "{name}");
        for side in [Side::Instance, Side::Class] {
            let cats = session.categories(&name, side).unwrap();
            assert_eq!(cats, other.categories(&name, side).unwrap(), "{name}");
            for selector in cats.values().flatten() {
                assert_eq!(
                    session.method_source(&name, side, selector).unwrap(),
                    other.method_source(&name, side, selector).unwrap()
                );
            }
        }
        // And a class filed out again is the same text.
        assert_eq!(
            filein::file_out_class(&session, &name).unwrap(),
            filein::file_out_class(&other, &name).unwrap()
        );
    }
    assert_eq!(
        session.entries("BankConstants").unwrap(),
        other.entries("BankConstants").unwrap()
    );
}

#[test]
fn filein_corpus_files_are_exactly_what_file_out_writes() {
    let dir = tempfile::tempdir().unwrap();
    let image = fresh_image(dir.path());
    let mut session = image.session();
    assert!(load_bank(&mut session).is_clean());
    for name in session.classes_in("Banking").unwrap() {
        let file = corpus("bank").join(format!("{name}.gs"));
        assert_eq!(
            filein::file_out_class(&session, &name).unwrap(),
            std::fs::read_to_string(&file).unwrap(),
            "{}",
            file.display()
        );
    }
}

#[test]
fn filein_follows_input_lines_once_each() {
    let dir = tempfile::tempdir().unwrap();
    let image = fresh_image(dir.path());
    let mut session = image.session();
    let report = filein::file_in_path(&mut session, &corpus("load-bank.gs")).unwrap();
    assert!(report.is_clean(), "{:#?}", report.failures);
    assert_eq!(
        report.files.len(),
        10,
        "load-bank.gs and the 9 files it names, once each"
    );
    assert_eq!(report.classes.len(), 8);
    assert_eq!(report.methods, 62);

    let missing = dir.path().join("missing.gs");
    std::fs::write(&missing, "! header\ninput nowhere/Nothing.gs\n").unwrap();
    let report = filein::file_in_path(&mut session, &missing).unwrap();
    assert_eq!(report.failures.len(), 1);
    assert_eq!(report.failures[0].line, 2);
    assert!(
        report.failures[0]
            .message
            .starts_with("`input nowhere/Nothing.gs`: no such file")
    );

    // Without a file system in view, `input` is listed as skipped.
    let report = filein::file_in_text(&mut session, "inline.gs", "input bank/Bank.gs\n");
    assert!(report.is_clean());
    assert_eq!(report.skipped.len(), 1);
}

#[test]
fn filein_is_repeatable() {
    // Filing the same files in again (removeall… then the same methods)
    // leaves the same classes and methods.
    let dir = tempfile::tempdir().unwrap();
    let image = fresh_image(dir.path());
    let mut session = image.session();
    assert!(load_bank(&mut session).is_clean());
    let count = session.method_count();
    let again = load_bank(&mut session);
    assert!(again.is_clean(), "{:#?}", again.failures);
    assert_eq!(session.method_count(), count);
}

trait TapMkdir {
    fn tap_mkdir(self) -> Self;
}

impl TapMkdir for PathBuf {
    fn tap_mkdir(self) -> Self {
        std::fs::create_dir_all(&self).unwrap();
        self
    }
}

#[test]
fn every_topaz_directive_is_obeyed_or_reported() {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("t.image")).unwrap();
    let mut session = image.session();
    let text = "fileformat utf8\nset compile_env: 0\nset user DataCurator\n! a comment\n\
                output push out.log\nexpectvalue true\ntime\ncommit\nabort\nlogout\n";
    let report = filein::file_in_text(&mut session, "d.gs", text);
    assert!(report.is_clean(), "{:#?}", report.failures);
    let reported: Vec<(usize, String)> = report
        .skipped
        .iter()
        .map(|s| {
            (
                s.line,
                s.message.split(' ').take(3).collect::<Vec<_>>().join(" "),
            )
        })
        .collect();
    assert_eq!(
        reported,
        [
            (3, "`set user DataCurator`".to_string()),
            (5, "`output push out.log`".to_string()),
            (6, "`expectvalue true` not".to_string()),
            (7, "`time` not obeyed:".to_string()),
            (8, "`commit` not obeyed".to_string()),
            (9, "`abort` not obeyed:".to_string()),
            (10, "`logout` not obeyed:".to_string()),
        ]
    );
}

/// Runs `load` on another thread and fails the test if it has not ended in
/// `secs` seconds, so a load that hangs or grows without end is a failure
/// rather than a test run that never finishes.
fn within<T: Send + 'static>(secs: u64, load: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(load());
    });
    result
        .recv_timeout(std::time::Duration::from_secs(secs))
        .expect("the load did not end in time")
}

#[cfg(unix)]
#[test]
fn filein_walks_each_directory_once_whatever_links_lead_back_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("tree");
    let sub = tree.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(
        sub.join("a.gs"),
        "doit\nObject subclass: 'Looped'\n  instVarNames: #()\n  classVars: #()\n  \
         classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n%\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("..", sub.join("up")).unwrap();
    std::os::unix::fs::symlink("..", sub.join("up2")).unwrap();
    std::os::unix::fs::symlink("nowhere.gs", sub.join("dangling.gs")).unwrap();
    let image_dir = dir.path().to_path_buf();
    let report = within(20, move || {
        let image = fresh_image(&image_dir);
        let mut session = image.session();
        filein::file_in_directory(&mut session, &tree).unwrap()
    });
    assert!(report.is_clean(), "{:#?}", report.failures);
    assert_eq!(report.files.len(), 1, "{:?}", report.files);
    assert_eq!(report.classes, ["Looped"]);
    assert!(
        report
            .skipped
            .iter()
            .any(|s| s.file.ends_with("dangling.gs") && s.message.starts_with("not loaded")),
        "{:#?}",
        report.skipped
    );
}

#[cfg(unix)]
#[test]
fn filein_leaves_out_a_fifo_in_a_directory_and_refuses_one_named_directly() {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("tree");
    std::fs::create_dir(&tree).unwrap();
    std::fs::write(tree.join("a.gs"), "doit\nUserGlobals at: #A put: 1.\n%\n").unwrap();
    let fifo = tree.join("z.gs");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let image_dir = dir.path().to_path_buf();
    let (listed, named) = within(20, move || {
        let image = fresh_image(&image_dir);
        let mut session = image.session();
        let listed = filein::file_in_directory(&mut session, &tree).unwrap();
        let named = filein::file_in_path(&mut session, &tree.join("z.gs"));
        (listed, named.map_err(|e| e.to_string()))
    });
    assert!(listed.is_clean(), "{:#?}", listed.failures);
    assert_eq!(listed.files.len(), 1, "{:?}", listed.files);
    let note = listed
        .skipped
        .iter()
        .find(|s| s.file.ends_with("z.gs"))
        .expect("the FIFO is noted");
    assert!(note.message.contains("not a regular file"), "{note}");
    let refused = named.expect_err("a FIFO named to the loader is refused");
    assert!(refused.contains("not a regular file"), "{refused}");
}

/// An `input` line naming a FIFO is reported as not a regular file, in the
/// directory walk's words, and the FIFO is not opened (which would block
/// the load until a writer came); the rest of the file loads.
#[cfg(unix)]
#[test]
fn filein_refuses_an_input_line_naming_a_fifo_without_opening_it() {
    let dir = tempfile::tempdir().unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.path().join("other.gs"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let main = dir.path().join("main.gs");
    std::fs::write(
        &main,
        "input other.gs\ndoit\nUserGlobals at: #AfterInput put: 1.\n%\n",
    )
    .unwrap();
    let image_dir = dir.path().to_path_buf();
    let report = within(20, move || {
        let image = fresh_image(&image_dir);
        let mut session = image.session();
        filein::file_in_path(&mut session, &main).unwrap()
    });
    assert_eq!(report.failures.len(), 1, "{:#?}", report.failures);
    let failure = &report.failures[0];
    assert_eq!((failure.file.ends_with("main.gs"), failure.line), (true, 1));
    let fifo = dir.path().join("other.gs");
    assert_eq!(
        failure.message,
        format!(
            "`input other.gs`: {} is not a regular file (a FIFO, socket or device); replace \
             it with the .gs file it stands for",
            fifo.display()
        )
    );
    assert_eq!(report.files.len(), 1, "{:?}", report.files);
}

#[test]
fn filein_names_the_current_directory_when_an_input_is_missing_beside_a_bare_file_name() {
    let dir = tempfile::tempdir().unwrap();
    let image = fresh_image(dir.path());
    let mut session = image.session();
    // A file named with no directory part, as `gs-mcp image load main.gs`
    // names it; the test runs in the crate's directory.
    let file = tempfile::Builder::new()
        .suffix(".gs")
        .tempfile_in(".")
        .unwrap();
    std::fs::write(file.path(), "input ..\n").unwrap();
    let bare = PathBuf::from(file.path().file_name().unwrap());
    let report = filein::file_in_path(&mut session, &bare).unwrap();
    assert_eq!(report.failures.len(), 1, "{:#?}", report.failures);
    let message = &report.failures[0].message;
    assert!(message.contains("or to .;"), "{message}");
}

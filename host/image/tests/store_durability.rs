//! Durability of the image file: commits survive reopening and a killed
//! process; damaged, foreign and newer-format files are refused without
//! being changed.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use gs_image::{ClassDefinition, Image, ImageError, OpenOptions, RecompilePolicy, Side};

/// Opens the image at `path` once no one holds its lock. A child process
/// another test of this binary spawns holds a copy of every descriptor
/// open at the fork until it runs its program, the lock file's among
/// them, so a lock just given up may stay held for that moment.
fn open(path: &Path) -> Image {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        match Image::open_with(
            path,
            OpenOptions {
                install_kernel: false,
                ..OpenOptions::default()
            },
        ) {
            Err(ImageError::InUse(_)) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            opened => return opened.unwrap(),
        }
    }
}

fn define(image: &Image, name: &str, superclass: Option<&str>, inst_vars: &[&str]) {
    let mut s = image.session();
    s.define_class(
        ClassDefinition {
            name: name.into(),
            superclass: superclass.map(Into::into),
            inst_vars: inst_vars.iter().map(|s| s.to_string()).collect(),
            dictionary: "UserGlobals".into(),
            ..Default::default()
        },
        RecompilePolicy::Refuse,
    )
    .unwrap();
    s.commit().unwrap();
}

#[test]
fn a_new_image_has_the_standard_symbol_list_and_kernel_root() {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open(dir.path().join("k.image")).unwrap();
    let s = image.session();
    assert_eq!(s.symbol_list(), ["UserGlobals", "Globals", "Published"]);
    let object = s.class("Object").unwrap();
    assert!(object.kernel);
    assert_eq!(object.superclass, None);
    assert_eq!(object.definition.dictionary, "Globals");
}

#[test]
fn committed_state_survives_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.image");
    {
        let image = open(&path);
        define(&image, "Object", None, &[]);
        define(&image, "Account", Some("Object"), &["balance"]);
        let mut s = image.session();
        s.compile_method(
            "Account",
            Side::Instance,
            "accessing",
            "balance\n\t^balance",
        )
        .unwrap();
        s.compile_method(
            "Account",
            Side::Class,
            "instance creation",
            "new\n\t^super new",
        )
        .unwrap();
        s.set_class_comment("Account", "Money held.").unwrap();
        s.add_dictionary("Extras").unwrap();
        s.commit().unwrap();
        // Uncommitted work is not durable.
        s.compile_method("Account", Side::Instance, "x", "lost\n\t^1")
            .unwrap();
    }
    let image = open(&path);
    let s = image.session();
    assert_eq!(s.class("Account").unwrap().comment, "Money held.");
    assert_eq!(
        s.superclass_chain("Account").unwrap(),
        ["Account", "Object"]
    );
    let m = s.method("Account", Side::Instance, "balance").unwrap();
    assert_eq!(m.source, "balance\n\t^balance");
    assert_eq!(m.category, "accessing");
    assert_eq!(s.senders("new").len(), 1);
    assert_eq!(
        s.symbol_list(),
        ["UserGlobals", "Globals", "Published", "Extras"]
    );
    assert!(s.method("Account", Side::Instance, "lost").is_err());
    // Class ids stay unique after reopening.
    drop(s);
    define(&image, "Savings", Some("Account"), &[]);
    let s = image.session();
    assert_ne!(
        s.class("Savings").unwrap().id,
        s.class("Account").unwrap().id
    );
}

#[test]
fn a_file_that_is_not_an_image_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    let text = "hello, this is not a database\n".repeat(200);
    std::fs::write(&path, &text).unwrap();
    let err = Image::open(&path).unwrap_err();
    assert!(matches!(err, ImageError::Store(_)), "{err:?}");
    assert!(err.to_string().contains("notes.txt"), "{err}");
    assert!(
        std::fs::read_to_string(&path).unwrap() == text,
        "file left unchanged"
    );
}

#[test]
fn a_damaged_image_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.image");
    {
        let image = open(&path);
        define(&image, "Object", None, &[]);
    }
    // Scribble over the header region.
    let mut bytes = std::fs::read(&path).unwrap();
    for b in bytes.iter_mut().take(512) {
        *b = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    let err = Image::open(&path).unwrap_err();
    assert!(matches!(err, ImageError::Store(_)), "{err:?}");
    assert!(
        std::fs::read(&path).unwrap() == bytes,
        "file left unchanged"
    );
}

#[test]
fn a_foreign_redb_database_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.redb");
    {
        let db = redb::Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut t = txn
                .open_table(redb::TableDefinition::<&str, u64>::new("stuff"))
                .unwrap();
            t.insert("a", 1).unwrap();
        }
        txn.commit().unwrap();
    }
    let err = Image::open(&path).unwrap_err();
    assert!(
        err.to_string().contains("not a gs-mcp image") && err.to_string().contains("stuff"),
        "{err}"
    );
}

#[test]
fn a_newer_format_is_refused_naming_both_versions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.image");
    {
        let image = open(&path);
        define(&image, "Object", None, &[]);
    }
    {
        let db = redb::Database::open(&path).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut t = txn
                .open_table(redb::TableDefinition::<&str, u64>::new("meta"))
                .unwrap();
            t.insert("format", 7).unwrap();
        }
        txn.commit().unwrap();
    }
    let err = Image::open(&path).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, ImageError::Store(_)), "{err:?}");
    assert!(
        text.contains("format version 7") && text.contains("version 2"),
        "{text}"
    );
    // The file still says format 7 and still holds its class: it was not
    // rewritten.
    let db = redb::Database::open(&path).unwrap();
    let txn = redb::ReadableDatabase::begin_read(&db).unwrap();
    let meta = txn
        .open_table(redb::TableDefinition::<&str, u64>::new("meta"))
        .unwrap();
    assert_eq!(meta.get("format").unwrap().unwrap().value(), 7);
    let classes = txn
        .open_table(redb::TableDefinition::<u64, &[u8]>::new("classes"))
        .unwrap();
    assert_eq!(redb::ReadableTableMetadata::len(&classes).unwrap(), 1);
}

/// Rewrites the file at `path` as format version 1 wrote it: class rows
/// without their last field (`removed`), no `stable_hashes_from`.
fn make_version_1(path: &Path) {
    let db = redb::Database::open(path).unwrap();
    let txn = db.begin_write().unwrap();
    {
        let mut meta = txn
            .open_table(redb::TableDefinition::<&str, u64>::new("meta"))
            .unwrap();
        meta.insert("format", 1).unwrap();
        meta.remove("stable_hashes_from").unwrap();
        let mut classes = txn
            .open_table(redb::TableDefinition::<u64, &[u8]>::new("classes"))
            .unwrap();
        let rows: Vec<(u64, Vec<u8>)> = redb::ReadableTable::iter(&classes)
            .unwrap()
            .map(|row| {
                let (k, v) = row.unwrap();
                (k.value(), v.value().to_vec())
            })
            .collect();
        for (id, row) in rows {
            assert_eq!(row.last(), Some(&0), "removed: false is one zero byte");
            classes.insert(id, &row[..row.len() - 1]).unwrap();
        }
    }
    txn.commit().unwrap();
}

fn meta_value(path: &Path, name: &str) -> Option<u64> {
    let db = redb::Database::open(path).unwrap();
    let txn = redb::ReadableDatabase::begin_read(&db).unwrap();
    let meta = txn
        .open_table(redb::TableDefinition::<&str, u64>::new("meta"))
        .unwrap();
    meta.get(name).unwrap().map(|v| v.value())
}

#[test]
fn a_version_1_file_reads_as_it_is_and_becomes_version_2_at_its_next_commit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v1.image");
    {
        let image = open(&path);
        define(&image, "Object", None, &[]);
        define(&image, "Account", Some("Object"), &["balance"]);
    }
    make_version_1(&path);
    {
        let image = open(&path);
        let mut s = image.session();
        assert_eq!(s.all_classes(), ["Account", "Object"]);
        assert_eq!(s.all_inst_vars("Account").unwrap(), ["balance"]);
        // Every object a version 1 file holds may predate stable hashes.
        let next = s.new_object_id();
        assert!(image.hashes_may_have_moved(gs_image::ObjectId(next.0 - 1)));
        assert!(!image.hashes_may_have_moved(next));
        s.remove_class("Account", gs_image::RemoveClassPolicy::RefuseIfSubclasses)
            .unwrap();
        s.commit().unwrap();
    }
    assert_eq!(meta_value(&path, "format"), Some(2));
    assert!(meta_value(&path, "stable_hashes_from").is_some());
    let image = open(&path);
    let s = image.session();
    // Old rows and new ones read side by side; the removal held.
    assert_eq!(s.all_classes(), ["Object"]);
    let object = s.class("Object").unwrap();
    assert!(!object.removed);
    let account = (0..64)
        .filter_map(|id| s.class_by_id(gs_image::ClassId(id)))
        .find(|r| r.definition.name == "Account")
        .expect("the removed class is kept");
    assert!(account.removed);
}

#[test]
fn opening_the_same_file_twice_is_refused_with_advice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("twice.image");
    let _first = open(&path);
    let err = Image::open(&path).unwrap_err();
    assert!(matches!(err, ImageError::InUse(_)), "{err:?}");
    assert!(err.to_string().contains("already open"), "{err}");
}

const CHILD_ENV: &str = "GS_IMAGE_KILL_TEST_PATH";

/// Run only as the child of `every_acknowledged_commit_survives_kill_9`:
/// commits one method at a time and prints each acknowledged commit.
#[test]
#[ignore = "child process of every_acknowledged_commit_survives_kill_9"]
fn child_commits_until_killed() {
    let Ok(path) = std::env::var(CHILD_ENV) else {
        return;
    };
    let image = open(Path::new(&path));
    define(&image, "Object", None, &[]);
    let mut s = image.session();
    for i in 0..100_000 {
        s.compile_method("Object", Side::Instance, "gen", &format!("m{i}\n\t^{i}"))
            .unwrap();
        s.commit().unwrap();
        println!("ACK {i}");
    }
}

/// The commit number in one line of the child's output. With one test
/// thread, libtest prints `test child_commits_until_killed ... ` without a
/// newline before the test runs, so the first acknowledgement shares its
/// line.
fn acknowledgement(line: &str) -> Option<u32> {
    let (_, number) = line.split_once("ACK ")?;
    Some(number.trim().parse().expect("an acknowledgement's number"))
}

#[test]
fn every_acknowledged_commit_survives_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("killed.image");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "child_commits_until_killed",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, &path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut acknowledged = Vec::new();
    while acknowledged.len() < 25 {
        let line = lines
            .next()
            .expect("child stopped before committing")
            .unwrap();
        acknowledged.extend(acknowledgement(&line));
    }
    child.kill().unwrap(); // SIGKILL
    // Lines already written before the kill were acknowledged too.
    for line in lines {
        acknowledged.extend(acknowledgement(&line.unwrap()));
    }
    child.wait().unwrap();
    // Every acknowledgement was read, the first included: the count below
    // is only meaningful if none was missed.
    let in_order: Vec<u32> = (0..acknowledged.len() as u32).collect();
    assert_eq!(acknowledged, in_order, "acknowledgements read out of order");

    let image = open(&path);
    assert!(image.was_repaired(), "a file killed while open is repaired");
    let s = image.session();
    let selectors = s.selectors("Object", Side::Instance).unwrap();
    for n in &acknowledged {
        assert!(
            selectors.contains(&format!("m{n}")),
            "acknowledged commit m{n} lost after kill -9 ({} acknowledged, {} present)",
            acknowledged.len(),
            selectors.len()
        );
    }
    // At most the one commit in flight at the kill may be there unannounced.
    assert!(selectors.len() <= acknowledged.len() + 1);
}

#[test]
fn an_empty_file_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.image");
    std::fs::write(&path, b"").unwrap();
    let err = Image::open(&path).unwrap_err();
    assert!(matches!(err, ImageError::Store(_)), "{err:?}");
    assert!(err.to_string().contains("empty.image"), "{err}");
    assert!(
        std::fs::read(&path).unwrap().is_empty(),
        "file left unchanged"
    );
}

/// Two processes with the same id (containers sharing a volume, each
/// process 1) creating one image at once: threads of one process stand in
/// for them, since they share the process id too. Every image handed out
/// must commit into the file at the path, never into a temporary file
/// another creator deleted.
#[test]
fn creators_with_the_same_process_id_never_lose_acknowledged_commits() {
    use std::sync::{Arc, Barrier};
    for _round in 0..8 {
        let dir = tempfile::tempdir().unwrap();
        let path = Arc::new(dir.path().join("shared.image"));
        let start = Arc::new(Barrier::new(4));
        let done = Arc::new(Barrier::new(4));
        let threads: Vec<_> = (0..4)
            .map(|i| {
                let (path, start, done) = (path.clone(), start.clone(), done.clone());
                std::thread::spawn(move || {
                    start.wait();
                    let opened = Image::open_with(
                        path.as_path(),
                        OpenOptions {
                            install_kernel: false,
                            ..OpenOptions::default()
                        },
                    );
                    let committed = match &opened {
                        Ok(image) => {
                            define(image, &format!("C{i}"), None, &[]);
                            Some(format!("C{i}"))
                        }
                        Err(ImageError::InUse(_)) => None,
                        Err(e) => panic!("unexpected error: {e}"),
                    };
                    // Every image stays open until all have committed.
                    done.wait();
                    drop(opened);
                    committed
                })
            })
            .collect();
        let committed: Vec<String> = threads
            .into_iter()
            .filter_map(|t| t.join().unwrap())
            .collect();
        assert!(!committed.is_empty(), "one creator succeeds");
        let image = open(&path);
        let s = image.session();
        for class in &committed {
            assert!(
                s.class(class).is_ok(),
                "acknowledged commit of {class} lost (acknowledged: {committed:?})"
            );
        }
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| n.to_string_lossy().contains(".creating-"))
            .collect();
        assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    }
}

/// After a failed commit the store opens the file again; a newly created
/// image must open it under its own name, not the temporary name it was
/// built under (removed once the image was linked into place).
#[test]
fn a_new_image_commits_again_after_a_failed_commit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fresh.image");
    let image = open(&path);
    define(&image, "Object", None, &[]);
    image.fail_next_commit_for_tests();
    let mut s = image.session();
    s.compile_method("Object", Side::Instance, "gen", "one\n\t^1")
        .unwrap();
    assert!(s.commit().is_err(), "the injected failure");
    s.commit().expect("the next commit opens the image again");
    drop(s);
    drop(image);
    let image = open(&path);
    assert!(
        image
            .session()
            .method("Object", Side::Instance, "one")
            .is_ok()
    );
}

/// A failed commit drops redb's handle (and with it redb's lock on the
/// file) until the next commit opens the file again; meanwhile the image
/// is still open, so another opener must be refused.
#[test]
fn an_image_stays_locked_after_a_failed_commit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("locked.image");
    let image = open(&path);
    define(&image, "Object", None, &[]);
    image.fail_next_commit_for_tests();
    let mut s = image.session();
    s.compile_method("Object", Side::Instance, "gen", "one\n\t^1")
        .unwrap();
    assert!(s.commit().is_err(), "the injected failure");
    let err = Image::open(&path).unwrap_err();
    assert!(matches!(err, ImageError::InUse(_)), "{err:?}");
    assert!(err.to_string().contains("already open"), "{err}");
    s.commit().expect("the image commits again");
    drop(s);
    drop(image);
    // Closing the image releases the lock.
    drop(open(&path));
}

/// A dangling symbolic link at the image path once made opening loop
/// forever (the path did not "exist", yet linking the new image there
/// failed as already existing, and creation started again).
#[cfg(unix)]
#[test]
fn a_dangling_symlink_is_refused_with_advice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dangling.image");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &path).unwrap();
    let err = Image::open(&path).unwrap_err();
    assert!(matches!(err, ImageError::Store(_)), "{err:?}");
    assert!(err.to_string().contains("symbolic link"), "{err}");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().contains(".creating-"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

/// A path with a trailing slash cannot be linked to; the temporary file
/// the image was built in must not be left behind.
#[test]
fn a_failed_creation_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = format!("{}/newdir2/", dir.path().display());
    let err = Image::open(&path).unwrap_err();
    assert!(matches!(err, ImageError::Store(_)), "{err:?}");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().contains(".creating-"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

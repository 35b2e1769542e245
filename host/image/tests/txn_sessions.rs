//! Transactions: isolation between sessions, visibility after commit,
//! abort and refresh, and write-conflict detection with nothing partial
//! landing.

use gs_image::{
    ChangeKind, ClassDefinition, CommittedChange, DictionaryEntry, GlobalValue, Image, ImageError,
    OpenOptions, RecompilePolicy, RemoveClassPolicy, Side,
};

/// A new image with only the standard dictionaries and an application
/// root class `Object` (no kernel), plus `Account` with `balance`.
fn image() -> (tempfile::TempDir, Image) {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open_with(
        dir.path().join("t.image"),
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    let mut s = image.session();
    s.define_class(class("Object", None, &[]), RecompilePolicy::Refuse)
        .unwrap();
    s.define_class(
        class("Account", Some("Object"), &["balance"]),
        RecompilePolicy::Refuse,
    )
    .unwrap();
    s.commit().unwrap();
    (dir, image)
}

fn class(name: &str, superclass: Option<&str>, inst_vars: &[&str]) -> ClassDefinition {
    ClassDefinition {
        name: name.into(),
        superclass: superclass.map(Into::into),
        inst_vars: inst_vars.iter().map(|s| s.to_string()).collect(),
        dictionary: "UserGlobals".into(),
        ..Default::default()
    }
}

fn conflicts(err: ImageError) -> Vec<(String, Option<ChangeKind>, ChangeKind)> {
    match err {
        ImageError::Conflict(report) => report
            .conflicts
            .into_iter()
            .map(|c| (c.what, c.ours, c.theirs))
            .collect(),
        other => panic!("expected a conflict, got {other:?}"),
    }
}

#[test]
fn uncommitted_changes_are_invisible_to_other_sessions() {
    let (_dir, image) = image();
    let mut a = image.session();
    let b = image.session();
    a.compile_method(
        "Account",
        Side::Instance,
        "accessing",
        "balance\n\t^balance",
    )
    .unwrap();
    assert!(
        a.method_source("Account", Side::Instance, "balance")
            .is_ok()
    );
    assert!(matches!(
        b.method_source("Account", Side::Instance, "balance"),
        Err(ImageError::NotFound(_))
    ));
    assert_eq!(b.implementors("balance"), vec![]);
}

#[test]
fn committed_changes_show_after_abort_or_refresh_of_another_session() {
    let (_dir, image) = image();
    let mut a = image.session();
    let mut b = image.session();
    let mut c = image.session();
    a.compile_method(
        "Account",
        Side::Instance,
        "accessing",
        "balance\n\t^balance",
    )
    .unwrap();
    let info = a.commit().unwrap();
    assert_eq!(info.changes, 1);
    assert_eq!(info.commit, image.newest_commit());

    // b still sees its old view until it moves.
    assert!(
        b.method_source("Account", Side::Instance, "balance")
            .is_err()
    );
    b.refresh().unwrap();
    assert_eq!(
        b.method_source("Account", Side::Instance, "balance")
            .unwrap(),
        "balance\n\t^balance"
    );
    assert!(
        c.method_source("Account", Side::Instance, "balance")
            .is_err()
    );
    c.abort();
    assert!(
        c.method_source("Account", Side::Instance, "balance")
            .is_ok()
    );
    // A brand-new session starts at the newest view.
    assert!(
        image
            .session()
            .method_source("Account", Side::Instance, "balance")
            .is_ok()
    );
}

#[test]
fn abort_drops_changes_and_needs_commit_follows_them() {
    let (_dir, image) = image();
    let mut s = image.session();
    assert!(!s.needs_commit());
    s.set_class_comment("Account", "Money.").unwrap();
    assert!(s.needs_commit());
    s.abort();
    assert!(!s.needs_commit());
    assert_eq!(s.class("Account").unwrap().comment, "");
    assert_eq!(image.session().class("Account").unwrap().comment, "");
}

#[test]
fn a_read_only_session_changes_data_but_neither_code_nor_commits() {
    let (_dir, image) = image();
    let mut s = image.session();
    s.set_read_only(true);
    let refused = |r: Result<(), ImageError>, what: &str| match r {
        Err(ImageError::Refused(m)) => assert!(
            m.contains(&format!("this session is read-only and cannot {what}"))
                && m.contains("Do this in a read-write session"),
            "{m}"
        ),
        other => panic!("{what}: expected a refusal, got {other:?}"),
    };
    let compiled = s.compile_method("Account", Side::Instance, "x", "m5\n\t^ 5");
    refused(compiled.map(|_| ()), "compile a method");
    let defined = s.define_class(
        class("Sneaky", Some("Object"), &[]),
        RecompilePolicy::Refuse,
    );
    refused(defined.map(|_| ()), "define a class");
    refused(s.set_class_comment("Account", "x"), "change a class");
    refused(s.add_dictionary("Sneaky"), "add a symbol dictionary");
    refused(s.set_symbol_list(&["UserGlobals"]), "change a symbol list");
    let removed = s.remove_class("Account", RemoveClassPolicy::RefuseIfSubclasses);
    refused(removed.map(|_| ()), "remove a class");
    // Data still changes, as running code needs it to; it cannot be
    // committed, and the abort that ends the run drops it.
    let rate = DictionaryEntry::Global(GlobalValue::Integer("3".into()));
    s.bind("UserGlobals", "Rate", rate).unwrap();
    refused(s.commit().map(|_| ()), "commit");
    assert!(s.needs_commit());
    s.abort();
    assert!(s.lookup("Rate").is_none());
    assert!(image.session().lookup("Rate").is_none());
    s.set_read_only(false);
    s.set_class_comment("Account", "Money.").unwrap();
    s.commit().unwrap();
}

#[test]
fn refresh_with_changes_is_refused_and_keeps_them() {
    let (_dir, image) = image();
    let mut s = image.session();
    s.set_class_comment("Account", "Money.").unwrap();
    let err = s.refresh().unwrap_err();
    assert!(matches!(err, ImageError::Refused(_)), "{err:?}");
    assert!(err.to_string().contains("commit them or abort"), "{err}");
    assert_eq!(s.class("Account").unwrap().comment, "Money.");
}

#[test]
fn same_method_changed_in_two_sessions_conflicts_and_second_keeps_changes() {
    let (_dir, image) = image();
    let mut a = image.session();
    let mut b = image.session();
    a.compile_method(
        "Account",
        Side::Instance,
        "accessing",
        "balance\n\t^balance",
    )
    .unwrap();
    b.compile_method("Account", Side::Instance, "accessing", "balance\n\t^0")
        .unwrap();
    // b also makes an unrelated change, which must not land either.
    b.compile_method("Account", Side::Instance, "accessing", "other\n\t^1")
        .unwrap();
    a.commit().unwrap();
    let before = image.newest_commit();
    let found = conflicts(b.commit().unwrap_err());
    assert_eq!(
        found,
        vec![(
            "method Account>>balance".to_string(),
            Some(ChangeKind::Added),
            ChangeKind::Added
        )]
    );
    assert_eq!(image.newest_commit(), before, "nothing was committed");
    let fresh = image.session();
    assert_eq!(
        fresh
            .method_source("Account", Side::Instance, "balance")
            .unwrap(),
        "balance\n\t^balance"
    );
    assert!(
        fresh
            .method_source("Account", Side::Instance, "other")
            .is_err()
    );
    // b keeps its changes until it aborts.
    assert!(b.needs_commit());
    assert_eq!(
        b.method_source("Account", Side::Instance, "balance")
            .unwrap(),
        "balance\n\t^0"
    );
    b.abort();
    assert_eq!(
        b.method_source("Account", Side::Instance, "balance")
            .unwrap(),
        "balance\n\t^balance"
    );
}

#[test]
fn different_methods_of_one_class_commit_without_conflict() {
    let (_dir, image) = image();
    let mut a = image.session();
    let mut b = image.session();
    a.compile_method(
        "Account",
        Side::Instance,
        "accessing",
        "balance\n\t^balance",
    )
    .unwrap();
    b.compile_method("Account", Side::Class, "instance creation", "new\n\t^self")
        .unwrap();
    a.commit().unwrap();
    b.commit().unwrap();
    let s = image.session();
    assert_eq!(s.selectors("Account", Side::Instance).unwrap(), ["balance"]);
    assert_eq!(s.selectors("Account", Side::Class).unwrap(), ["new"]);
}

#[test]
fn class_changed_in_two_sessions_conflicts() {
    let (_dir, image) = image();
    let mut a = image.session();
    let mut b = image.session();
    a.set_class_comment("Account", "A.").unwrap();
    b.set_class_comment("Account", "B.").unwrap();
    a.commit().unwrap();
    let found = conflicts(b.commit().unwrap_err());
    assert_eq!(
        found,
        vec![(
            "class Account".to_string(),
            Some(ChangeKind::Modified),
            ChangeKind::Modified
        )]
    );
    assert_eq!(image.session().class("Account").unwrap().comment, "A.");
}

#[test]
fn dictionary_entry_changed_in_two_sessions_conflicts() {
    let (_dir, image) = image();
    let mut a = image.session();
    let mut b = image.session();
    a.bind(
        "UserGlobals",
        "Rate",
        DictionaryEntry::Global(GlobalValue::Integer("3".into())),
    )
    .unwrap();
    b.bind(
        "UserGlobals",
        "Rate",
        DictionaryEntry::Global(GlobalValue::Integer("4".into())),
    )
    .unwrap();
    a.commit().unwrap();
    let found = conflicts(b.commit().unwrap_err());
    assert_eq!(
        found,
        vec![(
            "dictionary entry UserGlobals at #Rate".to_string(),
            Some(ChangeKind::Added),
            ChangeKind::Added
        )]
    );
    assert_eq!(
        image.session().lookup("Rate").unwrap().1,
        DictionaryEntry::Global(GlobalValue::Integer("3".into()))
    );
}

#[test]
fn class_removed_while_another_session_edits_its_methods_conflicts() {
    let (_dir, image) = image();
    let mut remover = image.session();
    let mut editor = image.session();
    remover
        .remove_class("Account", RemoveClassPolicy::RefuseIfSubclasses)
        .unwrap();
    editor
        .compile_method(
            "Account",
            Side::Instance,
            "accessing",
            "balance\n\t^balance",
        )
        .unwrap();
    remover.commit().unwrap();
    let found = conflicts(editor.commit().unwrap_err());
    assert!(
        found
            .iter()
            .any(|(what, ours, theirs)| what.contains("Account")
                && ours.is_none()
                && *theirs == ChangeKind::Removed),
        "{found:?}"
    );
    let fresh = image.session();
    assert!(fresh.class("Account").is_err());
    assert_eq!(fresh.implementors("balance"), vec![]);
}

#[test]
fn class_removed_after_another_session_added_a_method_conflicts() {
    // The other order: the method lands first, then the removal, which
    // did not know that method, must not leave it dangling.
    let (_dir, image) = image();
    let mut remover = image.session();
    let mut editor = image.session();
    remover
        .remove_class("Account", RemoveClassPolicy::RefuseIfSubclasses)
        .unwrap();
    editor
        .compile_method(
            "Account",
            Side::Instance,
            "accessing",
            "balance\n\t^balance",
        )
        .unwrap();
    editor.commit().unwrap();
    let found = conflicts(remover.commit().unwrap_err());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "methods of class Account");
    assert!(image.session().class("Account").is_ok());
}

#[test]
fn reshape_conflicts_with_a_concurrently_added_method() {
    let (_dir, image) = image();
    let mut reshaper = image.session();
    let mut editor = image.session();
    reshaper
        .define_class(
            class("Account", Some("Object"), &["total"]),
            RecompilePolicy::RemoveFailing,
        )
        .unwrap();
    editor
        .compile_method(
            "Account",
            Side::Instance,
            "accessing",
            "balance\n\t^balance",
        )
        .unwrap();
    editor.commit().unwrap();
    let found = conflicts(reshaper.commit().unwrap_err());
    assert!(
        found
            .iter()
            .any(|(w, _, _)| w == "methods of class Account"),
        "{found:?}"
    );
}

#[test]
fn commit_with_nothing_to_commit_moves_to_the_newest_view() {
    let (_dir, image) = image();
    let mut a = image.session();
    let mut b = image.session();
    b.set_class_comment("Account", "B.").unwrap();
    b.commit().unwrap();
    let info = a.commit().unwrap();
    assert_eq!(info.changes, 0);
    assert_eq!(a.view(), image.newest_commit());
    assert_eq!(a.class("Account").unwrap().comment, "B.");
}

#[test]
fn sessions_on_many_threads_commit_disjoint_changes() {
    let (_dir, image) = image();
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let image = image.clone();
            std::thread::spawn(move || {
                let mut s = image.session();
                for i in 0..10 {
                    s.compile_method(
                        "Account",
                        Side::Instance,
                        "generated",
                        &format!("m{t}x{i}\n\t^{i}"),
                    )
                    .unwrap();
                    // Retry on conflict like a client would: only the
                    // MethodsOf touch is shared, which never conflicts.
                    s.commit().unwrap();
                }
                s
            })
        })
        .collect();
    let sessions: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert_eq!(sessions.len(), 4);
    let s = image.session();
    assert_eq!(s.selectors("Account", Side::Instance).unwrap().len(), 40);
}

#[test]
fn sessions_on_many_threads_racing_for_one_method_lose_cleanly() {
    let (_dir, image) = image();
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(4));
    // Every session's view begins before any of them commits.
    let sessions: Vec<_> = (0..4).map(|_| image.session()).collect();
    let threads: Vec<_> = sessions
        .into_iter()
        .enumerate()
        .map(|(t, mut s)| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                s.compile_method("Account", Side::Instance, "x", &format!("race\n\t^{t}"))
                    .unwrap();
                barrier.wait();
                s.commit().is_ok()
            })
        })
        .collect();
    let winners = threads
        .into_iter()
        .map(|t| t.join().unwrap())
        .filter(|won| *won)
        .count();
    assert_eq!(winners, 1, "exactly one session may commit the method");
}

#[test]
fn images_are_shared_across_threads_and_sessions_move_between_them() {
    fn shared<T: Clone + Send + Sync>() {}
    fn movable<T: Send>() {}
    shared::<Image>();
    movable::<gs_image::Session>();
}

#[test]
fn a_change_undone_in_the_same_session_commits_nothing() {
    let (_dir, image) = image();
    let mut s = image.session();
    let before = image.newest_commit();
    s.compile_method("Account", Side::Instance, "x", "tmp\n\t^1")
        .unwrap();
    s.remove_method("Account", Side::Instance, "tmp").unwrap();
    assert_eq!(s.commit().unwrap().changes, 0);
    assert_eq!(image.newest_commit(), before);
}

#[test]
fn users_have_their_own_symbol_lists() {
    let (_dir, image) = image();
    let mut s = image.session();
    s.add_dictionary("Private").unwrap();
    s.bind(
        "Private",
        "Secret",
        DictionaryEntry::Global(GlobalValue::Integer("42".into())),
    )
    .unwrap();
    s.create_user("Auditor", &["Globals", "Published"]).unwrap();
    assert!(image.session_for("Auditor").is_err(), "not committed yet");
    s.commit().unwrap();
    assert_eq!(s.users(), ["Auditor", "DataCurator"]);
    let auditor = image.session_for("Auditor").unwrap();
    assert_eq!(auditor.symbol_list(), ["Globals", "Published"]);
    assert!(auditor.lookup("Secret").is_none());
    assert!(
        auditor.class("Account").is_err(),
        "Account lives in UserGlobals"
    );
    assert!(s.lookup("Secret").is_some());
    // Putting a dictionary first makes it shadow the others.
    s.set_symbol_list(&["Private", "UserGlobals", "Globals", "Published"])
        .unwrap();
    assert_eq!(s.symbol_list()[0], "Private");
    assert!(matches!(
        s.set_symbol_list(&["Nowhere"]),
        Err(ImageError::NotFound(_))
    ));
}

#[test]
fn binding_into_a_dictionary_another_session_removed_conflicts() {
    let (_dir, image) = image();
    let mut setup = image.session();
    setup.add_dictionary("Scratch").unwrap();
    setup.commit().unwrap();
    let mut remover = image.session();
    let mut binder = image.session();
    remover.remove_dictionary("Scratch").unwrap();
    binder
        .bind(
            "Scratch",
            "Note",
            DictionaryEntry::Global(GlobalValue::String("hi".into())),
        )
        .unwrap();
    remover.commit().unwrap();
    let found = conflicts(binder.commit().unwrap_err());
    assert_eq!(
        found,
        vec![("dictionary Scratch".to_string(), None, ChangeKind::Removed)]
    );
    let fresh = image.session();
    assert!(!fresh.dictionary_names().contains(&"Scratch".to_string()));
    assert!(!fresh.symbol_list().contains(&"Scratch".to_string()));
}

#[test]
fn commit_listeners_hear_each_commits_classes_and_methods_by_name() {
    let (_dir, image) = image();
    let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = heard.clone();
    image.on_commit(move |commit, changes| {
        sink.lock().unwrap().push((commit, changes.to_vec()));
    });
    let mut s = image.session();
    s.compile_method("Account", Side::Instance, "deposit", "deposit ^balance")
        .unwrap();
    s.define_class(
        class("Ledger", Some("Object"), &[]),
        RecompilePolicy::Refuse,
    )
    .unwrap();
    let first = s.commit().unwrap().commit;
    s.remove_class("Ledger", RemoveClassPolicy::RefuseIfSubclasses)
        .unwrap();
    s.compile_method("Account", Side::Instance, "deposit", "deposit ^0")
        .unwrap();
    let second = s.commit().unwrap().commit;
    // Nothing to commit: nothing heard.
    s.commit().unwrap();

    let heard = heard.lock().unwrap();
    assert_eq!(heard.len(), 2);
    let deposit = |kind| CommittedChange::Method {
        class_name: "Account".into(),
        side: Side::Instance,
        selector: "deposit".into(),
        kind,
    };
    let ledger = |kind| CommittedChange::Class {
        name: "Ledger".into(),
        kind,
    };
    assert_eq!(heard[0].0, first);
    assert!(
        heard[0].1.contains(&deposit(ChangeKind::Added)),
        "{:?}",
        heard[0]
    );
    assert!(
        heard[0].1.contains(&ledger(ChangeKind::Added)),
        "{:?}",
        heard[0]
    );
    assert_eq!(heard[1].0, second);
    assert!(
        heard[1].1.contains(&deposit(ChangeKind::Modified)),
        "{:?}",
        heard[1]
    );
    assert!(
        heard[1].1.contains(&ledger(ChangeKind::Removed)),
        "{:?}",
        heard[1]
    );
}

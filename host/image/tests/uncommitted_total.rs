//! The ceiling on what all sessions together hold uncommitted
//! (`OpenOptions::max_uncommitted_total_bytes`): a change that would take
//! the image's count past it is refused, saying the server as a whole holds
//! too much and what this session can do, though the session is under its
//! own limit; any session's commit, abort or end makes room; sessions
//! storing at once never pass it together; an operator's file-in is not
//! held to it. And `Session::whole_within_limits`: a change of many parts
//! that a limit refuses half-way is undone whole.

mod common;

use gs_image::{
    DictionaryEntry, GlobalValue, Image, ImageError, ObjectBody, ObjectId, OpenOptions, Session,
    StoredObject,
};

/// One session's limit.
const PER_SESSION: usize = 1 << 20;
/// All sessions' ceiling: room for one and a half sessions at their limit.
const TOTAL: usize = 3 << 19;

/// An image with the root class `Big`, committed.
fn image(dir: &std::path::Path) -> Image {
    let image = Image::open_with(
        dir.join("total.gsimage"),
        OpenOptions {
            install_kernel: false,
            max_uncommitted_bytes: PER_SESSION,
            max_uncommitted_total_bytes: TOTAL,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    common::commit_root_class(&image, "Big");
    image
}

/// A `Big` holding `bytes` bytes.
fn blob(s: &Session, bytes: usize) -> StoredObject {
    StoredObject {
        class: s.class_id("Big").unwrap(),
        invariant: false,
        names: Vec::new(),
        named: Vec::new(),
        body: ObjectBody::Bytes(vec![7; bytes]),
    }
}

/// Stores a new `Big` of `bytes` bytes in `s`.
fn store(s: &mut Session, bytes: usize) -> Result<ObjectId, ImageError> {
    let id = s.new_object_id();
    let object = blob(s, bytes);
    s.store_object(id, object).map(|()| id)
}

#[test]
fn a_change_past_the_ceiling_is_refused_though_the_session_is_under_its_own_limit() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut first = image.session();
    let mut second = image.session();
    store(&mut first, 900 << 10).unwrap();
    assert_eq!(image.uncommitted_total_bytes(), first.uncommitted_bytes());
    store(&mut second, 400 << 10).unwrap();
    assert_eq!(
        image.uncommitted_total_bytes(),
        first.uncommitted_bytes() + second.uncommitted_bytes()
    );

    let objects = second.object_count();
    let e = store(&mut second, 300 << 10).unwrap_err();
    assert!(
        second.uncommitted_bytes() + (300 << 10) < PER_SESSION,
        "under its own limit"
    );
    assert!(
        matches!(e, ImageError::UncommittedTotalLimit { limit: TOTAL, .. }),
        "{e:?}"
    );
    assert_eq!(e.kind(), "uncommitted-total-limit");
    assert!(e.is_uncommitted_limit());
    let text = e.to_string();
    for words in [
        "cannot store an object: the server as a whole holds too much uncommitted work, 1.2 MiB \
         across all sessions, and this change adds 300.",
        "but the most the server holds is 1.5 MiB; this session holds 400.",
        "commit or abort this session's changes to make room (or wait for other sessions to \
         commit theirs), then continue",
    ] {
        assert!(text.contains(words), "{text:?} lacks {words:?}");
    }
    // Nothing changed, and nothing of the refused change is counted.
    assert_eq!(second.object_count(), objects);
    assert_eq!(
        image.uncommitted_total_bytes(),
        first.uncommitted_bytes() + second.uncommitted_bytes()
    );

    // Another session's abort makes room.
    first.abort();
    assert_eq!(image.uncommitted_total_bytes(), second.uncommitted_bytes());
    store(&mut second, 300 << 10).unwrap();
    second.commit().unwrap();
    assert_eq!(image.uncommitted_total_bytes(), 0);
}

#[test]
fn a_session_dropped_with_changes_gives_its_share_back() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut gone = image.session();
    store(&mut gone, 900 << 10).unwrap();
    gone.bind(
        "UserGlobals",
        "Note",
        DictionaryEntry::Global(GlobalValue::String("x".repeat(10_000))),
    )
    .unwrap();
    assert!(image.uncommitted_total_bytes() > 900 << 10);
    drop(gone);
    assert_eq!(image.uncommitted_total_bytes(), 0);
    let mut next = image.session();
    store(&mut next, 1000 << 10).unwrap();
}

#[test]
fn a_failed_commit_keeps_the_share_and_a_commit_gives_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut a = image.session();
    let mut b = image.session();
    let bind = |s: &mut Session, text: &str| {
        s.bind(
            "UserGlobals",
            "Shared",
            DictionaryEntry::Global(GlobalValue::String(text.into())),
        )
    };
    bind(&mut a, "a").unwrap();
    bind(&mut b, "b").unwrap();
    a.commit().unwrap();
    let held = b.uncommitted_bytes();
    assert_eq!(image.uncommitted_total_bytes(), held);
    assert!(matches!(b.commit(), Err(ImageError::Conflict(_))));
    assert_eq!(image.uncommitted_total_bytes(), held);
    b.abort();
    assert_eq!(image.uncommitted_total_bytes(), 0);
}

#[test]
fn a_value_set_again_is_charged_once_and_a_smaller_one_gives_back() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut s = image.session();
    let id = store(&mut s, 500 << 10).unwrap();
    let once = image.uncommitted_total_bytes();
    let bigger = blob(&s, 600 << 10);
    s.store_object(id, bigger).unwrap();
    assert_eq!(image.uncommitted_total_bytes(), once + (100 << 10));
    let smaller = blob(&s, 10);
    s.store_object(id, smaller).unwrap();
    assert_eq!(image.uncommitted_total_bytes(), s.uncommitted_bytes());
    assert!(s.uncommitted_bytes() < 1 << 10);
}

#[test]
fn sessions_storing_at_once_never_pass_the_ceiling_together() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let image = image.clone();
            std::thread::spawn(move || {
                let mut s = image.session();
                let mut refused = 0;
                for _ in 0..40 {
                    match store(&mut s, 20 << 10) {
                        Ok(_) => assert!(image.uncommitted_total_bytes() <= TOTAL),
                        Err(e) => {
                            assert!(e.is_uncommitted_limit(), "{e:?}");
                            refused += 1;
                        }
                    }
                }
                (s, refused)
            })
        })
        .collect();
    let sessions: Vec<(Session, usize)> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let held: usize = sessions.iter().map(|(s, _)| s.uncommitted_bytes()).sum();
    assert_eq!(image.uncommitted_total_bytes(), held);
    assert!(held <= TOTAL, "{held} held");
    assert!(sessions.iter().any(|(_, refused)| *refused > 0));
    drop(sessions);
    assert_eq!(image.uncommitted_total_bytes(), 0);
}

#[test]
fn an_operators_file_in_is_not_held_to_the_ceiling() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut other = image.session();
    store(&mut other, 1000 << 10).unwrap();
    let mut s = image.session();
    let text = format!(
        "run\nUserGlobals at: #Long put: '{}'\n%\n",
        "y".repeat(700 << 10)
    );
    let report = gs_image::filein::file_in_text(&mut s, "long.gs", &text);
    assert!(report.is_clean(), "{report:?}");
    assert_eq!(s.uncommitted_bytes(), 0);
    s.commit().unwrap();
}

#[test]
fn a_change_of_many_parts_refused_half_way_is_undone_whole() {
    let dir = tempfile::tempdir().unwrap();
    let image = image(dir.path());
    let mut s = image.session();
    let kept = store(&mut s, 300 << 10).unwrap();
    let (held, objects, changes) = (
        s.uncommitted_bytes(),
        s.object_count(),
        s.uncommitted_changes(),
    );
    let mut stored = Vec::new();
    let e = s
        .whole_within_limits("keep the parts", |s| {
            for _ in 0..10 {
                stored.push(store(s, 200 << 10)?);
            }
            Ok(())
        })
        .unwrap_err();
    assert!(stored.len() >= 2, "some parts went in before the refusal");
    assert!(
        matches!(&e, ImageError::UncommittedLimit { held: h, .. } if *h == held),
        "{e:?}"
    );
    let text = e.to_string();
    assert!(
        text.starts_with(
            "cannot keep the parts: this session holds 300.3 KiB of uncommitted changes and \
             this change adds 801."
        ),
        "{text}"
    );
    // The parts stored before the refusal are gone too.
    assert_eq!((s.uncommitted_bytes(), s.object_count()), (held, objects));
    assert_eq!(s.uncommitted_changes(), changes);
    assert!(stored.iter().all(|id| s.object(*id).is_none()));
    assert!(s.object(kept).is_some());
    assert_eq!(image.uncommitted_total_bytes(), held);
    // A change within the limits goes in whole, and commits.
    s.whole_within_limits("keep the parts", |s| store(s, 200 << 10))
        .unwrap();
    s.commit().unwrap();
    assert_eq!(image.uncommitted_total_bytes(), 0);

    // Refused by the ceiling rather than the session's limit, likewise.
    let mut other = image.session();
    store(&mut other, 900 << 10).unwrap();
    let before = image.uncommitted_total_bytes();
    let e = s
        .whole_within_limits("keep the parts", |s| {
            for _ in 0..10 {
                store(s, 100 << 10)?;
            }
            Ok(())
        })
        .unwrap_err();
    assert!(
        matches!(e, ImageError::UncommittedTotalLimit { own: 0, .. }),
        "{e:?}"
    );
    assert_eq!(image.uncommitted_total_bytes(), before);
    assert!(!s.needs_commit());
}

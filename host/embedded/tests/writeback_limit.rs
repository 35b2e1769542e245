//! A doit whose objects would take the session past its limit on
//! uncommitted changes: the doit's own answer is the refusal (`refused`,
//! saying its changes were discarded and to commit or abort), nothing of
//! its changes is in the session or in what Smalltalk sees next, and the
//! session's earlier work can still be committed. Before, the write-back
//! at the next tool call left the objects out without a word, and the
//! commit then failed until the session aborted.

use gs_embedded::EmbeddedSession;
use gs_toolset::{CancelToken, ErrorKind, ImageSession};

const LIMIT: usize = 1 << 20;

fn session(dir: &std::path::Path, total: usize) -> (gs_image::Image, EmbeddedSession) {
    let image = gs_image::Image::open_with(
        dir.join("writeback.gsimage"),
        gs_image::OpenOptions {
            max_uncommitted_bytes: LIMIT,
            max_uncommitted_total_bytes: total,
            ..gs_image::OpenOptions::default()
        },
    )
    .unwrap();
    let s = EmbeddedSession::new(image.session());
    (image, s)
}

fn run(s: &EmbeddedSession, code: &str) -> Result<String, gs_toolset::ToolError> {
    s.execute(code, &CancelToken::new()).map(|d| d.print_string)
}

#[test]
fn a_doit_past_the_limit_is_refused_in_its_own_answer_and_keeps_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (_image, s) = session(dir.path(), usize::MAX);
    run(&s, "UserGlobals at: #Kept put: (String new: 500000). #done").unwrap();
    run(&s, "(UserGlobals at: #Kept) at: 1 put: $k. #done").unwrap();

    // Two objects, the first of which alone would still fit: neither is
    // kept, nor is the change to the object already written back.
    let e = run(
        &s,
        "UserGlobals at: #Small put: (String new: 100000).
         UserGlobals at: #Big put: (String new: 600000).
         (UserGlobals at: #Kept) at: 1 put: $x.
         #done",
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused, "{e:?}");
    for words in [
        "the code ran, but its changes to globals and persistent objects could not be kept and \
         were discarded, so the session is as it was before it ran",
        "cannot keep the changes to globals and persistent objects: this session holds 489.",
        "but the most one session may hold is 1 MiB; commit or abort them, then continue",
    ] {
        assert!(e.message.contains(words), "{:?} lacks {words:?}", e.message);
    }
    let details = e.details.as_ref().unwrap();
    assert_eq!(details["maxUncommittedBytes"], LIMIT);

    // The session and Smalltalk agree: the doit's changes are gone.
    let entries: Vec<String> = s
        .entries("UserGlobals")
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert!(entries.contains(&"Kept".to_string()), "{entries:?}");
    assert!(!entries.contains(&"Small".to_string()), "{entries:?}");
    assert!(!entries.contains(&"Big".to_string()), "{entries:?}");
    assert_eq!(
        run(
            &s,
            "{UserGlobals includesKey: #Small. UserGlobals includesKey: #Big. \
             (UserGlobals at: #Kept) first}"
        )
        .unwrap(),
        "anArray( false, false, $k)"
    );

    // The earlier work commits; after it the doit fits.
    s.commit().unwrap();
    run(&s, "UserGlobals at: #Big put: (String new: 600000). #done").unwrap();
    s.commit().unwrap();
    assert_eq!(run(&s, "(UserGlobals at: #Big) size").unwrap(), "600000");
}

#[test]
fn a_doit_that_fails_past_the_limit_says_both() {
    let dir = tempfile::tempdir().unwrap();
    let (_image, s) = session(dir.path(), usize::MAX);
    let e = run(
        &s,
        "UserGlobals at: #Big put: (String new: 2000000). nil foo",
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused, "{e:?}");
    assert!(
        e.message.contains("could not be kept and were discarded"),
        "{}",
        e.message
    );
    assert!(
        e.message.contains("The code itself also failed:") && e.message.contains("foo"),
        "{}",
        e.message
    );
    assert!(!s.has_uncommitted_changes());
}

#[test]
fn a_doit_past_the_servers_ceiling_is_refused_saying_so() {
    let dir = tempfile::tempdir().unwrap();
    let (image, s) = session(dir.path(), 3 << 19);
    let other = EmbeddedSession::new(image.session());
    run(
        &other,
        "UserGlobals at: #Theirs put: (String new: 900000). #done",
    )
    .unwrap();
    let e = run(&s, "UserGlobals at: #Mine put: (String new: 700000). #done").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused, "{e:?}");
    assert!(
        e.message
            .contains("the server as a whole holds too much uncommitted work"),
        "{}",
        e.message
    );
    let details = e.details.as_ref().unwrap();
    assert_eq!(details["maxServerUncommittedBytes"], 3 << 19);
    assert_eq!(details["uncommittedBytes"], 0);
    // The other session's abort makes room.
    other.abort();
    run(&s, "UserGlobals at: #Mine put: (String new: 700000). #done").unwrap();
    s.commit().unwrap();
    assert_eq!(image.uncommitted_total_bytes(), 0);
}

#[test]
fn a_session_dropped_gives_back_what_its_doits_held() {
    let dir = tempfile::tempdir().unwrap();
    let (image, s) = session(dir.path(), usize::MAX);
    run(&s, "UserGlobals at: #Big put: (String new: 900000). #done").unwrap();
    assert!(image.uncommitted_total_bytes() > 900000);
    drop(s);
    assert_eq!(image.uncommitted_total_bytes(), 0);
}

//! The process-wide ceiling on the objects of all sessions' heaps: two
//! sessions, each well within its own budget, cannot hold more than the
//! ceiling together; the call that asks for more fails with an error naming
//! the ceiling, and memory freed by one session is available to the other.
//! (Its own test binary: the ceiling is process-wide.)

use gs_interp::{BreakHandle, ExecErrorKind, Interpreter, Limits};

fn run(
    session: &mut gs_image::Session,
    interp: &mut Interpreter,
    source: &str,
) -> Result<String, ExecErrorKind> {
    interp
        .execute(session, source, &Limits::default(), &BreakHandle::new())
        .map(|o| o.print_string)
        .map_err(|e| e.kind)
}

#[test]
fn all_sessions_together_stay_under_the_ceiling() {
    gs_interp::set_memory_ceiling(64 << 20);
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("t.image")).unwrap();
    let (mut a, mut b) = (image.session(), image.session());
    let (mut ia, mut ib) = (Interpreter::new(), Interpreter::new());
    let hold = "UserGlobals at: #Hoard put: (String new: 40000000). 1";
    assert_eq!(run(&mut a, &mut ia, hold).unwrap(), "1");
    let e = run(&mut b, &mut ib, hold).unwrap_err();
    let ExecErrorKind::Limit(message) = e else {
        panic!("expected a limit error, got {e:?}")
    };
    assert_eq!(message, CEILING_MESSAGE);
    assert!(gs_interp::memory_reserved() <= 64 << 20);
    // Session a lets go; b's call now fits.
    assert_eq!(
        run(&mut a, &mut ia, "UserGlobals removeKey: #Hoard. 2").unwrap(),
        "2"
    );
    assert_eq!(run(&mut b, &mut ib, hold).unwrap(), "1");

    // Filled to the ceiling, a session's very first call (whose own
    // globals, Transcript among them, are made before it runs) fails as
    // any other call would.
    let fill = "UserGlobals at: #Fill put: OrderedCollection new. \
                [true] whileTrue: [(UserGlobals at: #Fill) add: (String new: 1000000)]";
    assert_eq!(
        run(&mut a, &mut ia, fill),
        Err(ExecErrorKind::Limit(CEILING_MESSAGE.into()))
    );
    let mut c = image.session();
    assert_eq!(
        run(&mut c, &mut Interpreter::new(), "3 + 4"),
        Err(ExecErrorKind::Limit(CEILING_MESSAGE.into()))
    );
}

/// How a call that asked for more than the ceiling leaves is answered.
const CEILING_MESSAGE: &str = "the server's memory for the objects of all sessions is used up \
    (its ceiling is 64 MiB); the call was stopped: retry later, free objects (e.g. remove large \
    globals), or the operator may raise the server's memory ceiling";

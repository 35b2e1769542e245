//! Whatever arguments a client gives a built-in tool, it answers and the
//! session goes on (`support/generated.rs`): 600 generated calls of all
//! 31 tools in one session of the fixture image on the embedded backend.

#[path = "support/cases.rs"]
mod cases;
#[path = "support/generated.rs"]
mod generated;

#[test]
fn any_arguments_get_an_answer_and_the_session_goes_on() {
    let (_dir, image) = cases::open_fixture_image();
    generated::every_call_answers_and_the_session_goes_on(image, 600);
}

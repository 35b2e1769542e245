//! Property tests: whatever the writer accepts, the reader reads back to the
//! same commands, and any text the reader accepts survives read → write →
//! read unchanged.

use gs_topaz::{Body, Command, CommandKind, MethodSide, read, write};
use proptest::prelude::*;

fn word() -> impl Strategy<Value = String> {
    "[A-Z][A-Za-z0-9_]{0,12}"
}

/// Body text: any lines (tabs, quotes, `%` inside a line, CRs, non-ASCII),
/// but never a line holding only `%` nor a final CR, which the format
/// cannot carry.
fn body_text() -> impl Strategy<Value = String> {
    prop::collection::vec("[ -~\t\u{e9}\u{4e2d}\r]{0,30}", 0..6)
        .prop_map(|lines| lines.join("\n"))
        .prop_filter("no % line", |t| t.split('\n').all(|l| l.trim_end() != "%"))
        .prop_filter("no final CR", |t| !t.ends_with('\r'))
}

fn side() -> impl Strategy<Value = MethodSide> {
    prop_oneof![Just(MethodSide::Instance), Just(MethodSide::Class)]
}

fn kind() -> impl Strategy<Value = CommandKind> {
    let body = || {
        body_text().prop_map(|text| Body {
            first_line: 0,
            text,
        })
    };
    prop_oneof![
        body().prop_map(CommandKind::Doit),
        body().prop_map(CommandKind::Printit),
        body().prop_map(CommandKind::Run),
        (prop::option::of(word()), side(), body())
            .prop_map(|(class, side, body)| CommandKind::Method { class, side, body }),
        "[ -~\u{e9}]{0,20}".prop_map(CommandKind::Category),
        (prop::option::of(word()), side())
            .prop_map(|(class, side)| CommandKind::RemoveAllMethods { class, side }),
        word().prop_map(CommandKind::SetClass),
        "compile_env: [0-9]".prop_map(CommandKind::Set),
        "(/Class|%String|true|[0-9]{1,4})".prop_map(CommandKind::ExpectValue),
        Just(CommandKind::FileFormat("utf8".into())),
        "[a-z]{1,8}\\.gs".prop_map(CommandKind::Input),
        Just(CommandKind::Commit),
        Just(CommandKind::Abort),
        "[ -~]{0,30}".prop_map(CommandKind::Comment),
        prop_oneof![
            Just("output push out.log".to_string()),
            Just("output pop".to_string()),
            Just("logout".to_string()),
            Just("time".to_string()),
        ]
        .prop_map(CommandKind::Other),
    ]
}

/// Line numbers are positions in one particular text; compare the rest.
fn without_lines(commands: Vec<Command>) -> Vec<CommandKind> {
    commands
        .into_iter()
        .map(|c| match c.kind {
            CommandKind::Doit(b) => CommandKind::Doit(Body { first_line: 0, ..b }),
            CommandKind::Printit(b) => CommandKind::Printit(Body { first_line: 0, ..b }),
            CommandKind::Run(b) => CommandKind::Run(Body { first_line: 0, ..b }),
            CommandKind::Method { class, side, body } => CommandKind::Method {
                class,
                side,
                body: Body {
                    first_line: 0,
                    ..body
                },
            },
            other => other,
        })
        .collect()
}

proptest! {
    #[test]
    fn topaz_write_then_read_is_identity(kinds in prop::collection::vec(kind(), 0..12)) {
        let commands: Vec<Command> =
            kinds.iter().cloned().map(|kind| Command { line: 0, kind }).collect();
        let text = write(&commands).unwrap();
        let reading = read(&text);
        prop_assert!(reading.errors.is_empty(), "{:?}\n{}", reading.errors, text);
        prop_assert_eq!(without_lines(reading.commands), kinds);
    }

    #[test]
    fn topaz_read_write_read_is_lossless(kinds in prop::collection::vec(kind(), 0..12)) {
        let commands: Vec<Command> =
            kinds.into_iter().map(|kind| Command { line: 0, kind }).collect();
        let first = read(&write(&commands).unwrap());
        let second = read(&write(&first.commands).unwrap());
        prop_assert_eq!(first, second);
    }

    #[test]
    fn topaz_reader_never_panics_and_numbers_lines_in_range(text in "[ -~\n\r\t%!']{0,200}") {
        let reading = read(&text);
        let lines = text.split('\n').count();
        for c in &reading.commands {
            prop_assert!(c.line >= 1 && c.line <= lines);
        }
        for e in &reading.errors {
            prop_assert!(e.line >= 1 && e.line <= lines);
        }
    }
}

#[test]
fn topaz_body_line_numbers_point_into_the_file() {
    let text = "! header\n\ncategory: 'a'\nmethod: Foo\nbar\n  ^1\n%\n\ndoit\nFoo new\n%\n";
    let reading = read(text);
    assert!(reading.errors.is_empty());
    let lines: Vec<&str> = text.lines().collect();
    for c in &reading.commands {
        if let Some(body) = c.kind.body() {
            assert_eq!(
                lines[body.first_line - 1],
                body.text.lines().next().unwrap()
            );
            assert_eq!(body.first_line, c.line + 1);
        }
    }
}

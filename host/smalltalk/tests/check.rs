//! Static checks (undeclared names, bad assignments, duplicate
//! declarations, shadowing) and method facts (sends, references,
//! primitive) on realistic methods.

use gs_smalltalk::check::{NameKind, check_doit, check_method};
use gs_smalltalk::{parse_doit, parse_method};

/// A class with instance variables `name` and `balance`, class variable
/// `Rate`, pool variable `Cr`, class-instance variable `count`, and the
/// globals `Transcript`, `OrderedCollection`, `Error` and `UserGlobals`.
fn account_scope(name: &str) -> Option<NameKind> {
    Some(match name {
        "name" | "balance" => NameKind::InstanceVariable,
        "Rate" => NameKind::ClassVariable,
        "Cr" => NameKind::PoolVariable,
        "count" => NameKind::ClassInstanceVariable,
        "Transcript" | "OrderedCollection" | "Error" | "UserGlobals" => NameKind::Global,
        _ => return None,
    })
}

/// Checks a method against `account_scope` and compares its diagnostics,
/// one `line L, column C: message` per line.
#[track_caller]
fn check(source: &str, expected: &str) {
    let method = parse_method(source).unwrap_or_else(|e| panic!("{source:?}: {e:?}"));
    let checked = check_method(&method, source, &account_scope);
    let rendered: Vec<String> = checked.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(rendered.join("\n"), expected, "diagnostics of {source:?}");
    assert_eq!(checked.is_ok(), expected.is_empty());
}

/// Checks a method and compares its facts: sends and references.
#[track_caller]
fn check_facts(source: &str, sends: &[&str], references: &[&str]) {
    let method = parse_method(source).unwrap_or_else(|e| panic!("{source:?}: {e:?}"));
    let checked = check_method(&method, source, &account_scope);
    assert!(checked.is_ok(), "{source:?}: {:?}", checked.diagnostics);
    assert_eq!(checked.sends, sends, "sends of {source:?}");
    assert_eq!(checked.references, references, "references of {source:?}");
}

#[test]
fn clean_methods() {
    check(
        "deposit: amount\n\tbalance := balance + amount.\n\t^self",
        "",
    );
    check("rate ^Rate", "");
    check(
        "newline ^String with: Cr",
        "line 1, column 10: undeclared variable `String`",
    );
    check("bump count := count + 1", "");
    check("foo ^thisContext", "");
    check("foo | t | t := 3. ^[:x | | u | u := x + t. u] value: 4", "");
    check("foo Rate := 3. UserGlobals := nil", "");
}

#[test]
fn undeclared_names() {
    check("foo ^Foo", "line 1, column 6: undeclared variable `Foo`");
    check(
        "foo\n\tx := 3.\n\t^[:a | a + y]",
        "line 2, column 2: undeclared variable `x`\nline 3, column 13: undeclared variable `y`",
    );
    // A block's names are not visible after the block.
    check(
        "foo [:a | a]. ^a",
        "line 1, column 16: undeclared variable `a`",
    );
    check(
        "foo [| t | t]. ^t",
        "line 1, column 17: undeclared variable `t`",
    );
}

#[test]
fn bad_assignments() {
    check(
        "foo: x x := 3",
        "line 1, column 8: cannot assign to argument `x`",
    );
    check(
        "foo ^[:x | x := 3]",
        "line 1, column 12: cannot assign to block argument `x`",
    );
    check("foo self := 3", "line 1, column 5: cannot assign to `self`");
    check(
        "foo nil := 3. true := false",
        "line 1, column 5: cannot assign to `nil`\nline 1, column 15: cannot assign to `true`",
    );
    check(
        "foo super := 3",
        "line 1, column 5: cannot assign to `super`",
    );
    check(
        "foo thisContext := 3",
        "line 1, column 5: cannot assign to `thisContext`",
    );
    // An argument shadowed by a block temporary may be assigned there.
    check("foo: x ^[| x | x := 3]", "");
    // A block parameter is an argument even when it shadows a temporary.
    check(
        "foo | x | ^[:x | x := 3]",
        "line 1, column 18: cannot assign to block argument `x`",
    );
}

#[test]
fn duplicate_declarations() {
    check(
        "foo | t t | ^t",
        "line 1, column 9: duplicate temporary `t`",
    );
    check(
        "foo: x | x | ^x",
        "line 1, column 10: `x` is declared twice",
    );
    check(
        "foo: x bar: x ^x",
        "line 1, column 13: `x` is declared twice",
    );
    check(
        "foo ^[:a :a | a]",
        "line 1, column 11: `a` is declared twice",
    );
    check(
        "foo ^[:a | | a | a]",
        "line 1, column 14: `a` is declared twice",
    );
    check(
        "foo ^[| b b | b]",
        "line 1, column 11: duplicate temporary `b`",
    );
    check(
        "foo | self | ^1",
        "line 1, column 7: `self` is a reserved name and cannot be declared as a variable",
    );
    check(
        "foo: nil ^1",
        "line 1, column 6: `nil` is a reserved name and cannot be declared as a variable",
    );
}

#[test]
fn shadowing_a_local_or_a_global_is_allowed() {
    // Inner declarations shadow outer ones, and locals shadow globals.
    check("foo: x ^[:x | x]", "");
    check("foo | t | ^[:a | [:a | a] value: a]", "");
    check("foo | Transcript | Transcript := 3. ^Transcript", "");
    check("foo: Error ^[:UserGlobals | Error] value: 1", "");
}

#[test]
fn a_local_named_like_a_variable_of_the_class_is_refused() {
    // As in GemStone: a local may not hide an instance, class-instance,
    // class or pool variable, whatever kind of local it is.
    check(
        "foo | name | name := 3. ^name",
        "line 1, column 7: `name` is an instance variable of the class and cannot also be a \
         temporary; rename it",
    );
    check(
        "foo: balance ^balance",
        "line 1, column 6: `balance` is an instance variable of the class and cannot also be \
         an argument; rename it",
    );
    check(
        "foo ^[:Rate | Rate]",
        "line 1, column 8: `Rate` is a class variable of the class and cannot also be a block \
         argument; rename it",
    );
    check(
        "foo ^[| Cr | Cr]",
        "line 1, column 9: `Cr` is a pool variable of the class and cannot also be a block \
         temporary; rename it",
    );
    check(
        "foo | count | ^count",
        "line 1, column 7: `count` is a class-instance variable of the class and cannot also \
         be a temporary; rename it",
    );
    // Each offending declaration is reported, and the body still checked.
    check(
        "foo: name | balance | ^Missing",
        "line 1, column 6: `name` is an instance variable of the class and cannot also be an \
         argument; rename it\n\
         line 1, column 13: `balance` is an instance variable of the class and cannot also be \
         a temporary; rename it\n\
         line 1, column 24: undeclared variable `Missing`",
    );
}

#[test]
fn facts_of_realistic_methods() {
    check_facts(
        "printOn: aStream\n\
         \tsuper printOn: aStream.\n\
         \taStream nextPutAll: ' named '; print: name; nextPut: $).\n\
         \tTranscript show: name; cr",
        &[
            "cr",
            "nextPut:",
            "nextPutAll:",
            "print:",
            "printOn:",
            "show:",
        ],
        &["Transcript"],
    );
    check_facts(
        "withdraw: amount\n\
         \t| result |\n\
         \tamount > balance ifTrue: [^Error signal: 'insufficient funds'].\n\
         \tresult := OrderedCollection new.\n\
         \tresult add: (amount * Rate); add: Cr.\n\
         \tself perform: #audit: with: result.\n\
         \t^#(#notASend sym) , {#'not a selector'. #+. #at:put:}",
        &[
            "*",
            "+",
            ",",
            ">",
            "add:",
            "at:put:",
            "audit:",
            "ifTrue:",
            "new",
            "perform:with:",
            "signal:",
        ],
        &["Cr", "Error", "OrderedCollection", "Rate"],
    );
    let source = "at: i\n\t<primitive: 60>\n\t^self _primitiveFailed: #at: args: {i}";
    let checked = check_method(&parse_method(source).unwrap(), source, &account_scope);
    assert_eq!(checked.selector, "at:");
    assert_eq!(checked.primitive.as_deref(), Some("60"));
    assert_eq!(checked.sends, ["_primitiveFailed:args:", "at:"]);
}

#[test]
fn doits() {
    let source = "| a |\na := OrderedCollection new.\na add: b.\nTranscript show: a printString";
    let checked = check_doit(&parse_doit(source).unwrap(), source, &account_scope);
    let rendered: Vec<String> = checked.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(rendered, ["line 3, column 8: undeclared variable `b`"]);
    assert_eq!(checked.sends, ["add:", "new", "printString", "show:"]);
    assert_eq!(checked.references, ["OrderedCollection", "Transcript"]);
    assert!(!checked.is_ok());
    let checked = check_doit(&parse_doit("3 + 4").unwrap(), "3 + 4", &account_scope);
    assert!(checked.is_ok());
}

#[test]
fn a_method_full_of_mistakes_reports_the_first_twenty_and_counts_the_rest() {
    let body: Vec<String> = (0..1000).map(|n| format!("missing{n} foo.")).collect();
    let source = format!("many\n\t{}", body.join("\n\t"));
    let method = parse_method(&source).unwrap();
    let checked = check_method(&method, &source, &account_scope);
    assert_eq!(checked.diagnostics.len(), 20);
    assert_eq!(
        checked.diagnostics[0].to_string(),
        "line 2, column 2: undeclared variable `missing0`"
    );
    assert_eq!(
        checked.diagnostics[19].to_string(),
        "line 21, column 2: undeclared variable `missing19` (and 980 more mistakes after this \
         one)"
    );
}

#[test]
fn a_huge_name_is_shown_cut_in_a_message() {
    let name = "x".repeat(1_000_000);
    let source = format!("huge\n\t^ {name}");
    let method = parse_method(&source).unwrap();
    let checked = check_method(&method, &source, &account_scope);
    let message = &checked.diagnostics[0].message;
    assert_eq!(
        *message,
        format!(
            "undeclared variable `{}… (1000000 characters)`",
            "x".repeat(64)
        )
    );
}

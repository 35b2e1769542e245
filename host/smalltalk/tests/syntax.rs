//! The shape of parsed trees: precedence, cascades, blocks, brace arrays,
//! assignments, patterns, temporaries, pragmas and doits.

mod common;

use common::{sexp, statements};
use gs_smalltalk::ast::{ExprKind, Literal, Statement};
use gs_smalltalk::{LineIndex, parse_doit, parse_expression, parse_method};

/// Parses `source` as an expression and compares its rendering.
#[track_caller]
fn check(source: &str, expected: &str) {
    let expr = parse_expression(source).unwrap_or_else(|e| panic!("{source:?}: {e:?}"));
    assert_eq!(sexp(&expr), expected, "tree of {source:?}");
}

/// Parses `source` as a method and compares `selector(args) |temps| <pragmas>
/// body`.
#[track_caller]
fn check_method(source: &str, expected: &str) {
    let m = parse_method(source).unwrap_or_else(|e| panic!("{source:?}: {e:?}"));
    let args: Vec<&str> = m
        .pattern
        .arguments
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    let temps: Vec<&str> = m.temporaries.iter().map(|a| a.name.as_str()).collect();
    let pragmas: Vec<String> = m
        .pragmas
        .iter()
        .map(|p| format!("<{} {:?}>", p.selector, p.arguments))
        .collect();
    let rendered = format!(
        "{}({}) |{}| {}{}",
        m.pattern.selector,
        args.join(" "),
        temps.join(" "),
        pragmas.join(""),
        statements(&m.body)
    );
    assert_eq!(rendered, expected, "method {source:?}");
}

#[test]
fn precedence() {
    check("a foo", "(foo a)");
    check("a foo bar", "(bar (foo a))");
    check("3 + 4 * 5", "(* (+ 3 4) 5)");
    check("3 + 4 factorial", "(+ 3 (factorial 4))");
    check("a at: 1 put: b + c", "(at:put: a 1 (+ b c))");
    check(
        "a at: b foo put: (c bar: d)",
        "(at:put: a (foo b) (paren (bar: c d)))",
    );
    check("x >= y | (z ~= w)", "(| (>= x y) (paren (~= z w)))");
    check("a->b", "(-> a b)");
    check(
        "a foo: b bar baz: c + d qux",
        "(foo:baz: a (bar b) (+ c (qux d)))",
    );
    check("super printOn: aStream", "(printOn: super aStream)");
    check("thisContext sender", "(sender thisContext)");
    check("true & false | nil isNil", "(| (& true false) (isNil nil))");
}

#[test]
fn assignments() {
    check("x := 3", "(:= x 3)");
    check("x := y := z foo", "(:= x (:= y (foo z)))");
    check("x:=3+4", "(:= x (+ 3 4))");
    check("under_score := 1", "(:= under_score 1)");
}

#[test]
fn cascades() {
    check("a foo; bar", "(cascade a (foo _); (bar _))");
    check(
        "Transcript show: 'a'; cr; show: 'b' , 'c'",
        "(cascade Transcript (show: _ 'a'); (cr _); (show: _ (, 'b' 'c')))",
    );
    check("a foo bar; baz", "(cascade (foo a) (bar _); (baz _))");
    check("a + b; - c", "(cascade a (+ _ b); (- _ c))");
    check(
        "a foo; bar baz; qux: 1",
        "(cascade a (foo _); (baz (bar _)); (qux: _ 1))",
    );
    check(
        "OrderedCollection new add: 1; yourself",
        "(cascade (new OrderedCollection) (add: _ 1); (yourself _))",
    );
}

#[test]
fn blocks_and_braces() {
    check("[]", "[ |  | ]");
    check("[:x | x]", "[x |  | x]");
    check("[:x]", "[x |  | ]");
    check(
        "[:x :y | | t | t := x + y. ^t]",
        "[x y | t | (:= t (+ x y)). ^t]",
    );
    check("[:x || t | t]", "[x | t | t]");
    check("[| a b | a]", "[ | a b | a]");
    check("[1. . 2.]", "[ |  | 1. 2]");
    check("{}", "{}");
    check("{1. 2 + 3. x foo}", "{1 (+ 2 3) (foo x)}");
    check("{1. 2.}", "{1 2}");
    check("#(1 2) , {3}", "(, #(1 2) {3})");
}

#[test]
fn methods() {
    check_method("size ^0", "size() || ^0");
    check_method("+ other ^self", "+(other) || ^self");
    check_method(
        "at: i put: v | t | t := v. ^t",
        "at:put:(i v) |t| (:= t v). ^t",
    );
    check_method("foo", "foo() || ");
    check_method("foo \"only a comment\"", "foo() || ");
    check_method(
        "\"leading comment\" foo \"between\" | a \"in temps\" b | a := 1. \"trailing\"",
        "foo() |a b| (:= a 1)",
    );
    check_method("foo ||  ^1", "foo() || ^1");
    check_method(
        "\"a\"at:\"b\"i\"c\"put:\"d\"v\"e\"<primitive: \"f\" 1\"g\">\"h\"|\"i\"t\"j\"|\"k\"\
         t\"l\":=\"m\"i\"n\"+\"o\"(\"p\"v\"q\"foo:\"r\"1\"s\";\"t\"bar\"u\")\"v\".\"w\"\
         ^\"x\"[\"y\":\"z\"a\"0\"|\"1\"a\"2\"]\"3\"",
        "at:put:(i v) |t| <primitive: [Integer(1)]>\
         (:= t (+ i (paren (cascade v (foo: _ 1); (bar _))))). ^[a |  | a]",
    );
}

#[test]
fn pragmas() {
    let m = parse_method("at: i <primitive: 60> ^self _primitiveFailed: #at:").unwrap();
    assert_eq!(m.primitive().as_deref(), Some("60"));
    let m = parse_method("foo <primitive: 'namedPrim'> ^nil").unwrap();
    assert_eq!(m.primitive().as_deref(), Some("namedPrim"));
    assert_eq!(
        parse_method("foo <protected> ^nil").unwrap().primitive(),
        None
    );
    check_method(
        "foo | t | <protected> <bar: 1 baz: #x> <q: -2 r: true s: nil t: #(1)> ^t",
        "foo() |t| <protected []><bar:baz: [Integer(1), Symbol(\"x\")]>\
         <q:r:s:t: [Integer(-2), Boolean(true), Nil, Array([Integer(1)])]>^t",
    );
    check_method("foo <unprotected> | t | ^t", "foo() |t| <unprotected []>^t");
}

#[test]
fn doits() {
    let doit = parse_doit("| a b | a := 3. b := a + 1. b").unwrap();
    let temps: Vec<&str> = doit.temporaries.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(temps, ["a", "b"]);
    assert_eq!(statements(&doit.body), "(:= a 3). (:= b (+ a 1)). b");
    let doit = parse_doit(
        "Object subclass: 'Animal'\n  instVarNames: #( name sound )\n  classVars: #()\n  \
         classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n  options: #()\n",
    )
    .unwrap();
    assert_eq!(
        statements(&doit.body),
        "(subclass:instVarNames:classVars:classInstVars:poolDictionaries:inDictionary:options: \
         Object 'Animal' #(#name #sound) #() #() #() UserGlobals #())"
    );
    assert!(parse_doit("").unwrap().body.is_empty());
    assert!(parse_doit("  \"nothing\"  ").unwrap().body.is_empty());
    assert_eq!(statements(&parse_doit("^3 + 4.").unwrap().body), "^(+ 3 4)");
}

#[test]
fn spans_point_at_the_source() {
    let source = "foo: a\n\t| t |\n\tt := a bar: 1 baz: 2.\n\t^t";
    let m = parse_method(source).unwrap();
    assert_eq!(m.pattern.span.text(source), "foo: a");
    assert_eq!(m.pattern.arguments[0].span.text(source), "a");
    assert_eq!(m.temporaries[0].span.text(source), "t");
    let Statement::Expression(assign) = &m.body[0] else {
        panic!()
    };
    assert_eq!(assign.span.text(source), "t := a bar: 1 baz: 2");
    let ExprKind::Assignment { value, target } = &assign.kind else {
        panic!()
    };
    assert_eq!(target.span.text(source), "t");
    let ExprKind::Send(send) = &value.kind else {
        panic!()
    };
    let parts: Vec<&str> = send
        .message
        .keyword_spans
        .iter()
        .map(|s| s.text(source))
        .collect();
    assert_eq!(parts, ["bar:", "baz:"]);
    assert_eq!(send.message.selector_span.text(source), "bar: 1 baz:");
    assert_eq!(send.message.arguments[1].span.text(source), "2");
    let lines = LineIndex::new(source);
    assert_eq!(lines.line_col(send.message.keyword_spans[1].start), (3, 16));
    assert_eq!(m.body[1].span().text(source), "^t");
    let cascade = parse_expression("a foo; bar: (1)").unwrap();
    assert_eq!(cascade.span, gs_smalltalk::Span::new(0, 15));
    let ExprKind::Cascade(c) = &cascade.kind else {
        panic!()
    };
    assert_eq!(c.parts[1][0].span, gs_smalltalk::Span::new(7, 15));
    assert!(matches!(
        c.parts[1][0].arguments[0].kind,
        ExprKind::Paren(_)
    ));
    assert!(matches!(
        &parse_expression("#(1)").unwrap().kind,
        ExprKind::Literal(Literal::Array(a)) if a.len() == 1
    ));
}

#[test]
fn walking_and_selector_kinds() {
    use gs_smalltalk::ast::SelectorKind;
    let m = parse_method("a: x b: y ^(x foo: [:z | z + 1]) , {y}").unwrap();
    assert_eq!(m.pattern.kind(), SelectorKind::Keyword);
    let mut seen = Vec::new();
    m.walk(&mut |e| seen.push(sexp(e)));
    assert_eq!(
        seen,
        [
            "(, (paren (foo: x [z |  | (+ z 1)])) {y})",
            "(paren (foo: x [z |  | (+ z 1)]))",
            "(foo: x [z |  | (+ z 1)])",
            "x",
            "[z |  | (+ z 1)]",
            "(+ z 1)",
            "z",
            "1",
            "{y}",
            "y",
        ]
    );
    let ExprKind::Send(send) = parse_expression("a at: 1 put: 2").unwrap().kind else {
        panic!()
    };
    assert_eq!(send.message.kind(), SelectorKind::Keyword);
    assert_eq!(send.message.keywords().collect::<Vec<_>>(), ["at:", "put:"]);
    assert_eq!(SelectorKind::of("->"), SelectorKind::Binary);
    assert_eq!(SelectorKind::of("_foo"), SelectorKind::Unary);
    assert_eq!(
        Literal::Array(vec![Literal::String("it's".into())]).to_string(),
        "#('it''s')"
    );
}

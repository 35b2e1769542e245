//! Printing then parsing gives back the same tree (spans aside): for
//! generated trees of every node kind and for hand-picked tricky sources.

use gs_smalltalk::ast::{
    Block, Cascade, DoitNode, Expr, ExprKind, Identifier, Literal, Message, MessagePattern,
    MessageSend, MethodNode, Pragma, PseudoVariable, Statement,
};
use gs_smalltalk::{Span, parse_doit, parse_method, print_doit, print_method};
use num_bigint::BigInt;
use proptest::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Primary,
    Unary,
    Binary,
    Keyword,
    Statement,
}

fn level(e: &Expr) -> Level {
    match &e.kind {
        ExprKind::Send(s) => message_level(&s.message),
        ExprKind::Cascade(_) | ExprKind::Assignment { .. } => Level::Statement,
        _ => Level::Primary,
    }
}

fn message_level(m: &Message) -> Level {
    if m.arguments.is_empty() {
        Level::Unary
    } else if m.selector.ends_with(':') {
        Level::Keyword
    } else {
        Level::Binary
    }
}

fn expr(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::default())
}

/// `e`, in parentheses if it binds more loosely than `limit` allows.
fn fit(e: Expr, limit: Level) -> Expr {
    if level(&e) > limit {
        expr(ExprKind::Paren(Box::new(e)))
    } else {
        e
    }
}

fn ident(name: String) -> Identifier {
    Identifier {
        name,
        span: Span::default(),
    }
}

fn message(selector: String, arguments: Vec<Expr>) -> Message {
    Message {
        selector,
        selector_span: Span::default(),
        keyword_spans: Vec::new(),
        arguments,
        span: Span::default(),
    }
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a"),
        Just("b"),
        Just("anObject"),
        Just("Transcript"),
        Just("x_y"),
        Just("t1")
    ]
    .prop_map(str::to_owned)
}

fn unary_selector() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("size"),
        Just("value"),
        Just("printString"),
        Just("x_1"),
        Just("yourself")
    ]
    .prop_map(str::to_owned)
}

fn binary_selector() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("+"),
        Just("-"),
        Just("*"),
        Just("//"),
        Just("<="),
        Just("->"),
        Just(","),
        Just("==>"),
        Just("|"),
        Just("&"),
        Just("~="),
        Just("@"),
        Just("<"),
        Just(">"),
    ]
    .prop_map(str::to_owned)
}

fn keyword() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("at:"),
        Just("put:"),
        Just("ifTrue:"),
        Just("with:"),
        Just("foo_bar:")
    ]
    .prop_map(str::to_owned)
}

fn character() -> impl Strategy<Value = char> {
    prop_oneof![
        Just(' '),
        Just('\''),
        Just('"'),
        Just('$'),
        Just('\n'),
        Just('\u{e9}'),
        Just('\u{1F600}'),
        proptest::char::range('!', '~'),
    ]
}

fn symbol() -> impl Strategy<Value = String> {
    prop_oneof![
        unary_selector(),
        binary_selector(),
        keyword(),
        Just("at:put:".to_owned()),
        "[ a-z':]{0,8}",
    ]
}

fn scaled() -> impl Strategy<Value = Literal> {
    (any::<i32>(), 0u32..5, 0u32..7).prop_map(|(digits, places, scale)| {
        let (numerator, denominator) = gs_smalltalk::number::reduce(
            BigInt::from(digits),
            num_traits::pow(BigInt::from(10), places as usize),
        );
        Literal::ScaledDecimal {
            numerator,
            denominator,
            scale,
        }
    })
}

fn scalar() -> impl Strategy<Value = Literal> {
    prop_oneof![
        any::<i64>().prop_map(|n| Literal::Integer(n.into())),
        any::<i128>().prop_map(|n| Literal::Integer(n.into())),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Literal::Float),
        scaled(),
        character().prop_map(Literal::Character),
        proptest::collection::vec(character(), 0..6)
            .prop_map(|c| Literal::String(c.into_iter().collect())),
        symbol().prop_map(Literal::Symbol),
        proptest::collection::vec(any::<u8>(), 0..4).prop_map(Literal::ByteArray),
    ]
}

fn array_element() -> impl Strategy<Value = Literal> {
    let leaf = prop_oneof![
        scalar(),
        any::<bool>().prop_map(Literal::Boolean),
        Just(Literal::Nil),
    ];
    leaf.prop_recursive(3, 12, 4, |inner| {
        proptest::collection::vec(inner, 0..4).prop_map(Literal::Array)
    })
}

fn literal() -> impl Strategy<Value = Literal> {
    prop_oneof![
        4 => scalar(),
        1 => proptest::collection::vec(array_element(), 0..4).prop_map(Literal::Array),
    ]
}

fn pseudo() -> impl Strategy<Value = PseudoVariable> {
    prop_oneof![
        Just(PseudoVariable::SelfRef),
        Just(PseudoVariable::Super),
        Just(PseudoVariable::True),
        Just(PseudoVariable::False),
        Just(PseudoVariable::Nil),
        Just(PseudoVariable::ThisContext),
    ]
}

fn statements(inner: impl Strategy<Value = Expr>) -> impl Strategy<Value = Vec<Statement>> {
    proptest::collection::vec((any::<bool>(), inner), 0..3).prop_map(|items| {
        items
            .into_iter()
            .map(|(ret, value)| {
                if ret {
                    Statement::Return {
                        value,
                        span: Span::default(),
                    }
                } else {
                    Statement::Expression(value)
                }
            })
            .collect()
    })
}

/// A message of the given kind (0 unary, 1 binary, 2 keyword) with
/// arguments fitted to their positions.
fn any_message(
    inner: impl Strategy<Value = Expr> + Clone + 'static,
    kind: u8,
) -> BoxedStrategy<Message> {
    match kind {
        0 => unary_selector().prop_map(|s| message(s, vec![])).boxed(),
        1 => (binary_selector(), inner)
            .prop_map(|(s, a)| message(s, vec![fit(a, Level::Unary)]))
            .boxed(),
        _ => proptest::collection::vec((keyword(), inner), 1..4)
            .prop_map(|parts| {
                let selector = parts.iter().map(|(k, _)| k.as_str()).collect();
                let args = parts
                    .into_iter()
                    .map(|(_, a)| fit(a, Level::Binary))
                    .collect();
                message(selector, args)
            })
            .boxed(),
    }
}

/// A cascade part after `;`: unary messages, then binary ones, then at
/// most one keyword message.
fn cascade_part(
    inner: impl Strategy<Value = Expr> + Clone + 'static,
) -> impl Strategy<Value = Vec<Message>> {
    (
        proptest::collection::vec(any_message(inner.clone(), 0), 0..2),
        proptest::collection::vec(any_message(inner.clone(), 1), 0..2),
        proptest::option::of(any_message(inner, 2)),
    )
        .prop_filter_map("a part has a message", |(u, b, k)| {
            let part: Vec<Message> = u.into_iter().chain(b).chain(k).collect();
            (!part.is_empty()).then_some(part)
        })
}

fn expression() -> BoxedStrategy<Expr> {
    let leaf = prop_oneof![
        literal().prop_map(|l| expr(ExprKind::Literal(l))),
        name().prop_map(|n| expr(ExprKind::Variable(n))),
        pseudo().prop_map(|p| expr(ExprKind::Pseudo(p))),
    ];
    leaf.prop_recursive(5, 40, 4, |inner| {
        let send = (inner.clone(), 0u8..3)
            .prop_flat_map({
                let inner = inner.clone();
                move |(receiver, kind)| (Just(receiver), any_message(inner.clone(), kind))
            })
            .prop_map(|(receiver, message)| {
                let limit = if message_level(&message) == Level::Unary { Level::Unary } else { Level::Binary };
                expr(ExprKind::Send(Box::new(MessageSend { receiver: fit(receiver, limit), message })))
            });
        let cascade = (inner.clone(), 0u8..3)
            .prop_flat_map({
                let inner = inner.clone();
                move |(receiver, kind)| {
                    (
                        Just(receiver),
                        any_message(inner.clone(), kind),
                        proptest::collection::vec(cascade_part(inner.clone()), 1..3),
                    )
                }
            })
            .prop_map(|(receiver, first, rest)| {
                let limit = if message_level(&first) == Level::Unary { Level::Unary } else { Level::Binary };
                let mut parts = vec![vec![first]];
                parts.extend(rest);
                expr(ExprKind::Cascade(Box::new(Cascade { receiver: fit(receiver, limit), parts })))
            });
        let names = || proptest::collection::vec(name(), 0..3);
        prop_oneof![
            3 => send,
            1 => cascade,
            1 => (name(), inner.clone()).prop_map(|(n, v)| expr(ExprKind::Assignment {
                target: ident(n),
                value: Box::new(v),
            })),
            1 => (names(), names(), statements(inner.clone())).prop_map(|(p, t, body)| {
                expr(ExprKind::Block(Box::new(Block {
                    parameters: p.into_iter().map(ident).collect(),
                    temporaries: t.into_iter().map(ident).collect(),
                    body,
                })))
            }),
            1 => proptest::collection::vec(inner.clone(), 0..3).prop_map(|e| expr(ExprKind::Brace(e))),
            1 => inner.prop_map(|e| expr(ExprKind::Paren(Box::new(e)))),
        ]
    })
    .boxed()
}

fn pattern() -> impl Strategy<Value = MessagePattern> {
    let make = |selector: String, args: Vec<String>| MessagePattern {
        selector,
        selector_span: Span::default(),
        keyword_spans: Vec::new(),
        arguments: args.into_iter().map(ident).collect(),
        span: Span::default(),
    };
    prop_oneof![
        unary_selector().prop_map(move |s| make(s, vec![])),
        (binary_selector(), name()).prop_map(move |(s, a)| make(s, vec![a])),
        proptest::collection::vec((keyword(), name()), 1..4).prop_map(move |parts| {
            let selector = parts.iter().map(|(k, _)| k.as_str()).collect();
            make(selector, parts.into_iter().map(|(_, a)| a).collect())
        }),
    ]
}

fn pragma() -> impl Strategy<Value = Pragma> {
    prop_oneof![
        prop_oneof![Just("protected"), Just("unprotected")].prop_map(|s| Pragma {
            selector: s.to_owned(),
            arguments: vec![],
            span: Span::default(),
        }),
        proptest::collection::vec((keyword(), array_element()), 1..3).prop_map(|parts| Pragma {
            selector: parts.iter().map(|(k, _)| k.as_str()).collect(),
            arguments: parts.into_iter().map(|(_, a)| a).collect(),
            span: Span::default(),
        }),
    ]
}

fn method() -> impl Strategy<Value = MethodNode> {
    (
        pattern(),
        proptest::collection::vec(name(), 0..3),
        proptest::collection::vec(pragma(), 0..2),
        statements(expression()),
    )
        .prop_map(|(pattern, temps, pragmas, body)| MethodNode {
            pattern,
            temporaries: temps.into_iter().map(ident).collect(),
            pragmas,
            body,
            span: Span::default(),
        })
}

/// Parses printed text and forgets the positions, which generated trees
/// leave out.
fn reparse_method(text: &str) -> MethodNode {
    let mut parsed =
        parse_method(text).unwrap_or_else(|e| panic!("printed text does not parse: {e:?}\n{text}"));
    parsed.clear_spans();
    parsed
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn printed_methods_parse_to_the_same_tree(method in method()) {
        let text = print_method(&method);
        prop_assert_eq!(reparse_method(&text), method, "{}", text);
    }

    #[test]
    fn printed_doits_parse_to_the_same_tree(
        temps in proptest::collection::vec(name(), 0..3),
        body in statements(expression()),
    ) {
        let doit = DoitNode { temporaries: temps.into_iter().map(ident).collect(), body, span: Span::default() };
        let text = print_doit(&doit);
        let mut parsed = parse_doit(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        parsed.clear_spans();
            prop_assert_eq!(parsed, doit, "{}", text);
    }
}

/// Tricky sources: printing the parsed tree and parsing again gives the
/// same tree, and printing is idempotent.
#[test]
fn tricky_sources_round_trip() {
    for source in [
        "foo ^-3 - -4 abs + 16r-1F + 1.5e-3 + 1.0d0 + 1.23s2 + 3s + 1e10 + $  + $' + $\"",
        "foo ^#(1 $a 'b' #c foo bar: true false nil (1 2) #(3) #[1 2] -5 foo:bar: + #+ #'a b')",
        "foo ^{1. 2. [:x :y | | t | t := x + y. t]} , [] , [:x] , [:x || t | t]",
        "printOn: s s nextPutAll: 'a'; print: 3; cr; yourself foo; + 3 bar: 4",
        "a: x b: y <primitive: 7> <foo: #(1 #b) bar: 'x'> | t | ^(x foo: y) bar",
        "foo ^thisContext , super foo; bar",
        "foo ^1.0e300 + 5.0e-324 + 123456789012345678901234567890 + 0.1s + 1/3",
        "foo x := y := z. ^x",
        "size <at: #+ > <put: #, > ^1",
    ] {
        let mut first = parse_method(source).unwrap();
        let printed = print_method(&first);
        let mut second = parse_method(&printed).unwrap();
        assert_eq!(print_method(&second), printed, "printing is idempotent");
        first.clear_spans();
        second.clear_spans();
        assert_eq!(first, second, "{source}\n{printed}");
    }
}

/// Text assembled from Smalltalk tokens: whenever it parses, its printed
/// form parses to the same tree.
fn token_soup() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("foo"),
        Just("x"),
        Just("at:"),
        Just("put:"),
        Just("+"),
        Just("-"),
        Just("|"),
        Just("||"),
        Just(":="),
        Just("^"),
        Just("."),
        Just(";"),
        Just("["),
        Just("]"),
        Just("("),
        Just(")"),
        Just("{"),
        Just("}"),
        Just("#("),
        Just("#["),
        Just(":"),
        Just("3"),
        Just("-4"),
        Just("1.5"),
        Just("2r101"),
        Just("1.2s2"),
        Just("$a"),
        Just("'s'"),
        Just("#sym"),
        Just("#at:put:"),
        Just("self"),
        Just("nil"),
        Just("true"),
        Just("<"),
        Just(">"),
        Just("primitive:"),
        Just("\"c\""),
        Just("->"),
        Just("1e3"),
    ];
    proptest::collection::vec((token, any::<bool>()), 0..40).prop_map(|tokens| {
        let mut text = String::new();
        for (t, space) in tokens {
            text.push_str(t);
            if space {
                text.push(' ');
            }
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn whatever_parses_prints_back_to_the_same_tree(body in token_soup()) {
        for source in [format!("foo {body}"), format!("at: x put: y {body}")] {
            if let Ok(mut parsed) = parse_method(&source) {
                let printed = print_method(&parsed);
                let mut again = parse_method(&printed)
                    .unwrap_or_else(|e| panic!("{source:?} printed as {printed:?}: {e:?}"));
                parsed.clear_spans();
                again.clear_spans();
                prop_assert_eq!(parsed, again, "{:?} printed as {:?}", source, printed);
            }
        }
        if let Ok(mut parsed) = parse_doit(&body) {
            let printed = print_doit(&parsed);
            let mut again = parse_doit(&printed)
                .unwrap_or_else(|e| panic!("{body:?} printed as {printed:?}: {e:?}"));
            parsed.clear_spans();
            again.clear_spans();
            prop_assert_eq!(parsed, again, "{:?} printed as {:?}", body, printed);
        }
    }
}

//! Compiling methods and defining classes: what is refused, with which
//! errors and positions, and that a refusal changes nothing.

use gs_image::{
    ClassDefinition, DefinitionChange, DictionaryEntry, GlobalValue, Image, ImageError,
    OpenOptions, RecompilePolicy, RemoveClassPolicy, Side,
};

fn bare_image() -> (tempfile::TempDir, Image) {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open_with(
        dir.path().join("c.image"),
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    let mut s = image.session();
    s.define_class(def("Object", None, &[]), RecompilePolicy::Refuse)
        .unwrap();
    s.commit().unwrap();
    (dir, image)
}

fn def(name: &str, superclass: Option<&str>, inst_vars: &[&str]) -> ClassDefinition {
    ClassDefinition {
        name: name.into(),
        superclass: superclass.map(Into::into),
        inst_vars: inst_vars.iter().map(|s| s.to_string()).collect(),
        dictionary: "UserGlobals".into(),
        ..Default::default()
    }
}

fn compile_errors(err: ImageError) -> Vec<(u32, u32, String)> {
    match err {
        ImageError::CompileError(errors) => errors
            .into_iter()
            .map(|e| (e.line, e.column, e.message))
            .collect(),
        other => panic!("expected compile errors, got {other:?}"),
    }
}

#[test]
fn every_name_error_is_reported_with_its_position_and_nothing_changes() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    s.define_class(
        def("Account", Some("Object"), &["balance"]),
        RecompilePolicy::Refuse,
    )
    .unwrap();
    s.commit().unwrap();
    let source =
        "deposit: amount\n\t| t |\n\tamount := 0.\n\tbalanse := balance + amount.\n\t^Undefined";
    let err = s
        .compile_method("Account", Side::Instance, "x", source)
        .unwrap_err();
    let errors = compile_errors(err);
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert_eq!((errors[0].0, errors[0].1), (3, 2));
    assert!(errors[0].2.contains("argument") && errors[0].2.contains("amount"));
    assert_eq!((errors[1].0, errors[1].1), (4, 2));
    assert!(errors[1].2.contains("balanse"));
    assert_eq!((errors[2].0, errors[2].1), (5, 3));
    assert!(errors[2].2.contains("Undefined"));
    assert!(!s.needs_commit(), "a failed compile changes nothing");
    assert_eq!(s.implementors("deposit:"), vec![]);
}

#[test]
fn a_symbol_beyond_latin1_is_a_compile_error_among_the_others_in_order() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    // A comment and a string literal may hold any text (a string literal
    // past Latin-1 is a DoubleByteString or QuadByteString); a Symbol holds
    // bytes.
    let source = "price\n\t\"\u{20ac} in a comment is text\"\n\t^ Undefined , '\u{20ac}' , \
                  #'\u{20ac}'";
    let err = s
        .compile_method("Object", Side::Instance, "x", source)
        .unwrap_err();
    let errors = compile_errors(err);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!((errors[0].0, errors[0].1), (3, 4));
    assert!(errors[0].2.contains("Undefined"), "{errors:?}");
    assert_eq!((errors[1].0, errors[1].1), (3, 22));
    assert!(errors[1].2.contains("U+20AC"), "{errors:?}");
    assert!(!s.needs_commit(), "a failed compile changes nothing");
    // Latin-1 symbols and string literals of any text compile.
    s.compile_method(
        "Object",
        Side::Instance,
        "x",
        "caf\n\t^ '\u{e9}\u{20ac}\u{1f600}' , #'\u{ff}'",
    )
    .unwrap();
}

#[test]
fn syntax_errors_are_reported_with_positions() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    let err = s
        .compile_method("Object", Side::Instance, "x", "foo\n\t^(1 + 2")
        .unwrap_err();
    let errors = compile_errors(err);
    assert!(!errors.is_empty());
    assert_eq!(errors[0].0, 2, "{errors:?}");
    assert!(!s.needs_commit());
}

#[test]
fn methods_see_inherited_class_pool_and_global_names() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    s.add_dictionary("Colours").unwrap();
    s.bind(
        "Colours",
        "Red",
        DictionaryEntry::Global(GlobalValue::Integer("1".into())),
    )
    .unwrap();
    s.bind(
        "UserGlobals",
        "Rate",
        DictionaryEntry::Global(GlobalValue::Integer("3".into())),
    )
    .unwrap();
    let mut base = def("Base", Some("Object"), &["a"]);
    base.class_vars = vec!["Count".into()];
    base.class_inst_vars = vec!["registry".into()];
    s.define_class(base, RecompilePolicy::Refuse).unwrap();
    let mut derived = def("Derived", Some("Base"), &["b"]);
    derived.pool_dictionaries = vec!["Colours".into()];
    s.define_class(derived, RecompilePolicy::Refuse).unwrap();

    let m = s
        .compile_method(
            "Derived",
            Side::Instance,
            "calc",
            "calc\n\t^a + b + Count + Red + Rate",
        )
        .unwrap();
    assert_eq!(m.to_string(), "Derived>>calc");
    let record = s.method("Derived", Side::Instance, "calc").unwrap();
    assert_eq!(record.references, ["Count", "Rate", "Red"]);
    assert_eq!(record.sends, ["+"]);

    // Class side: class-instance variables, not instance variables.
    s.compile_method("Derived", Side::Class, "r", "reg\n\t^registry")
        .unwrap();
    let err = s
        .compile_method("Derived", Side::Class, "r", "bad\n\t^a")
        .unwrap_err();
    assert!(compile_errors(err)[0].2.contains("`a`"));
}

#[test]
fn class_definition_errors_name_the_problem() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    s.define_class(
        def("Account", Some("Object"), &["balance"]),
        RecompilePolicy::Refuse,
    )
    .unwrap();
    let cases: Vec<(ClassDefinition, &str)> = vec![
        (def("Savings", Some("Nope"), &[]), "superclass Nope"),
        (
            def("Savings", Some("Account"), &["balance"]),
            "already defined by Account",
        ),
        (def("Savings", Some("Account"), &["x", "x"]), "listed twice"),
        (def("Savings", Some("Account"), &["9lives"]), "not a valid"),
        (
            def("Bad Name", Some("Object"), &[]),
            "not a valid class name",
        ),
        (
            ClassDefinition {
                dictionary: "Missing".into(),
                ..def("Savings", Some("Object"), &[])
            },
            "no symbol dictionary named Missing",
        ),
    ];
    for (definition, expected) in cases {
        let err = s
            .define_class(definition.clone(), RecompilePolicy::Refuse)
            .unwrap_err();
        assert!(
            err.to_string().contains(expected),
            "{definition:?}: {err} should mention {expected}"
        );
    }
    assert!(s.class("Savings").is_err());
}

#[test]
fn redefinition_with_the_same_shape_keeps_identity_and_methods() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    let first = s
        .define_class(
            def("Account", Some("Object"), &["balance"]),
            RecompilePolicy::Refuse,
        )
        .unwrap();
    s.compile_method("Account", Side::Instance, "a", "balance\n\t^balance")
        .unwrap();
    let again = s
        .define_class(
            def("Account", Some("Object"), &["balance"]),
            RecompilePolicy::Refuse,
        )
        .unwrap();
    assert_eq!(again.id, first.id);
    assert_eq!(again.change, DefinitionChange::Unchanged);
    let mut categorised = def("Account", Some("Object"), &["balance"]);
    categorised.category = Some("Bank".into());
    let updated = s
        .define_class(categorised, RecompilePolicy::Refuse)
        .unwrap();
    assert_eq!(updated.change, DefinitionChange::Updated);
    assert!(s.method("Account", Side::Instance, "balance").is_ok());
}

#[test]
fn reshape_recompiles_subclasses_and_reports_methods_that_no_longer_compile() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    let account = s
        .define_class(
            def("Account", Some("Object"), &["balance", "owner"]),
            RecompilePolicy::Refuse,
        )
        .unwrap();
    s.define_class(
        def("Savings", Some("Account"), &["rate"]),
        RecompilePolicy::Refuse,
    )
    .unwrap();
    s.compile_method("Account", Side::Instance, "a", "balance\n\t^balance")
        .unwrap();
    s.compile_method(
        "Savings",
        Side::Instance,
        "a",
        "interest\n\t^balance * rate",
    )
    .unwrap();
    s.compile_method("Savings", Side::Instance, "a", "rate\n\t^rate")
        .unwrap();
    s.commit().unwrap();

    // Refusing leaves everything as it was.
    let err = s
        .define_class(
            def("Account", Some("Object"), &["owner"]),
            RecompilePolicy::Refuse,
        )
        .unwrap_err();
    assert!(matches!(err, ImageError::Refused(_)), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains("Account>>balance") && text.contains("Savings>>interest"),
        "{text}"
    );
    assert!(!s.needs_commit());
    assert_eq!(
        s.all_inst_vars("Savings").unwrap(),
        ["balance", "owner", "rate"]
    );

    let done = s
        .define_class(
            def("Account", Some("Object"), &["owner"]),
            RecompilePolicy::RemoveFailing,
        )
        .unwrap();
    assert_eq!(done.id, account.id);
    assert_eq!(done.change, DefinitionChange::Reshaped);
    let mut removed: Vec<String> = done.removed.iter().map(|r| r.method.to_string()).collect();
    removed.sort();
    assert_eq!(removed, ["Account>>balance", "Savings>>interest"]);
    assert!(done.removed[0].errors[0].message.contains("balance"));
    assert_eq!(
        done.recompiled
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>(),
        ["Savings>>rate"]
    );
    assert_eq!(s.selectors("Savings", Side::Instance).unwrap(), ["rate"]);
    assert_eq!(s.implementors("interest"), vec![]);
    s.commit().unwrap();
    assert_eq!(
        image.session().all_inst_vars("Savings").unwrap(),
        ["owner", "rate"]
    );
}

#[test]
fn redefinition_can_change_the_superclass_but_not_into_a_cycle() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    s.define_class(def("A", Some("Object"), &["x"]), RecompilePolicy::Refuse)
        .unwrap();
    s.define_class(def("B", Some("Object"), &["y"]), RecompilePolicy::Refuse)
        .unwrap();
    s.define_class(def("C", Some("A"), &[]), RecompilePolicy::Refuse)
        .unwrap();
    s.compile_method("C", Side::Instance, "a", "get\n\t^x")
        .unwrap();
    let moved = s
        .define_class(def("C", Some("B"), &[]), RecompilePolicy::RemoveFailing)
        .unwrap();
    assert_eq!(moved.change, DefinitionChange::Reshaped);
    assert_eq!(moved.removed.len(), 1);
    assert_eq!(s.superclass_chain("C").unwrap(), ["C", "B", "Object"]);
    assert_eq!(s.subclasses("A").unwrap(), Vec::<String>::new());
    assert_eq!(s.subclasses("B").unwrap(), ["C"]);
    let err = s
        .define_class(def("B", Some("C"), &["y"]), RecompilePolicy::Refuse)
        .unwrap_err();
    assert!(matches!(err, ImageError::InvalidArgument(_)));
    assert!(err.to_string().contains("cycle"), "{err}");
    assert_eq!(s.superclass_chain("B").unwrap(), ["B", "Object"]);
}

#[test]
fn removing_a_class_with_subclasses_is_refused_unless_asked() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    s.define_class(def("Account", Some("Object"), &[]), RecompilePolicy::Refuse)
        .unwrap();
    s.define_class(
        def("Savings", Some("Account"), &[]),
        RecompilePolicy::Refuse,
    )
    .unwrap();
    s.compile_method("Savings", Side::Class, "c", "make\n\t^self")
        .unwrap();
    s.bind(
        "UserGlobals",
        "Alias",
        DictionaryEntry::Class(s.class_id("Savings").unwrap()),
    )
    .unwrap();
    let err = s
        .remove_class("Account", RemoveClassPolicy::RefuseIfSubclasses)
        .unwrap_err();
    assert!(matches!(err, ImageError::Refused(_)));
    assert!(err.to_string().contains("Savings"), "{err}");
    let removed = s
        .remove_class("Account", RemoveClassPolicy::WithSubclasses)
        .unwrap();
    assert_eq!(removed, ["Account", "Savings"]);
    assert!(s.class("Savings").is_err());
    assert!(s.lookup("Alias").is_none(), "every binding goes");
    assert_eq!(s.implementors("make"), vec![]);
    s.commit().unwrap();
    assert_eq!(image.session().all_classes(), ["Object"]);
}

#[test]
fn kernel_classes_are_refused_by_identity_whatever_their_name() {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open(dir.path().join("k.image")).unwrap();
    let mut s = image.session();
    let object = s.class_id("Object").unwrap();
    // An alias in the user's own dictionary.
    s.bind("UserGlobals", "Obj", DictionaryEntry::Class(object))
        .unwrap();
    s.commit().unwrap();

    let refusals = [
        s.compile_method("Obj", Side::Instance, "x", "foo\n\t^1")
            .map(|_| ()),
        s.compile_method("Object", Side::Class, "x", "foo\n\t^1")
            .map(|_| ()),
        s.set_class_comment("Obj", "mine"),
        s.remove_class("Obj", RemoveClassPolicy::WithSubclasses)
            .map(|_| ()),
        s.define_class(
            ClassDefinition {
                name: "Obj".into(),
                superclass: None,
                inst_vars: vec!["extra".into()],
                dictionary: "UserGlobals".into(),
                ..Default::default()
            },
            RecompilePolicy::RemoveFailing,
        )
        .map(|_| ()),
        s.unbind("Globals", "Object"),
    ];
    for (i, r) in refusals.into_iter().enumerate() {
        let err = r.expect_err("kernel change must be refused");
        assert!(matches!(err, ImageError::Refused(_)), "case {i}: {err:?}");
        let text = err.to_string();
        assert!(
            text.contains("Object") && text.contains("define a subclass or an extension"),
            "case {i}: {text}"
        );
    }
    assert!(!s.needs_commit());

    // Subclassing a kernel class is fine.
    s.define_class(def("Mine", Some("Obj"), &["v"]), RecompilePolicy::Refuse)
        .unwrap();
    s.compile_method("Mine", Side::Instance, "a", "v\n\t^v")
        .unwrap();
    s.commit().unwrap();
    assert_eq!(
        image.session().superclass_chain("Mine").unwrap()[1],
        "Object"
    );
}

#[test]
fn dictionaries_in_the_symbol_list_are_globals_under_their_own_names() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    s.compile_method(
        "Object",
        Side::Instance,
        "x",
        "userDictionary\n\t^UserGlobals",
    )
    .unwrap();
    s.compile_method("Object", Side::Class, "x", "both\n\t^Globals -> Published")
        .unwrap();
    let refs: Vec<String> = s
        .references("UserGlobals")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(refs, ["Object>>userDictionary"]);
    let refs: Vec<String> = s
        .references("Published")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(refs, ["Object class>>both"]);

    // A dictionary outside the symbol list, and a name that names no
    // dictionary, stay undeclared.
    let standard = s.symbol_list();
    s.add_dictionary("Tools").unwrap();
    let list: Vec<&str> = standard.iter().map(String::as_str).collect();
    s.set_symbol_list(&list).unwrap();
    for source in ["tools\n\t^Tools", "missing\n\t^UserGlobalz"] {
        let errors = compile_errors(
            s.compile_method("Object", Side::Instance, "x", source)
                .unwrap_err(),
        );
        assert_eq!(errors.len(), 1, "{source}: {errors:?}");
        assert!(errors[0].2.contains("undeclared"), "{source}: {errors:?}");
    }

    // Back in the symbol list, the dictionary is a global again.
    let mut with_tools = list.clone();
    with_tools.push("Tools");
    s.set_symbol_list(&with_tools).unwrap();
    s.compile_method("Object", Side::Instance, "x", "tools\n\t^Tools")
        .unwrap();
    assert_eq!(s.references("Tools").len(), 1);
    s.commit().unwrap();
    assert_eq!(image.session().references("UserGlobals").len(), 1);
}

#[test]
fn what_no_file_out_can_carry_is_refused_at_compile_and_an_indented_percent_round_trips() {
    let (_dir, image) = bare_image();
    let mut s = image.session();
    s.define_class(def("Foo", Some("Object"), &[]), RecompilePolicy::Refuse)
        .unwrap();
    let err = s
        .compile_method("Foo", Side::Instance, "x", "nul\n\t^ 'a\0b'")
        .unwrap_err();
    let errors = compile_errors(err);
    assert_eq!((errors[0].0, errors[0].1), (2, 6), "{errors:?}");
    assert!(errors[0].2.contains("NUL character"), "{errors:?}");
    let err = s
        .compile_method("Foo", Side::Instance, "two\nlines", "m ^ 1")
        .unwrap_err();
    assert!(
        matches!(&err, ImageError::InvalidArgument(m) if m.contains("line break")),
        "{err:?}"
    );
    s.compile_method("Foo", Side::Instance, "ok", "m ^ 1")
        .unwrap();
    let err = s
        .set_method_category("Foo", Side::Instance, "m", "a\rb")
        .unwrap_err();
    assert!(matches!(err, ImageError::InvalidArgument(_)), "{err:?}");
    assert!(s.selectors("Foo", Side::Instance).unwrap() == ["m"]);

    // An indented `%` line is text to Topaz: the file-out keeps it and
    // reads back byte-exact; an unindented one is refused with that advice.
    let indented = "pct\n\t^ '\n  %\n'";
    s.compile_method("Foo", Side::Instance, "ok", indented)
        .unwrap();
    let text = gs_image::filein::file_out_class(&s, "Foo").unwrap();
    let body = gs_topaz::read(&text)
        .commands
        .into_iter()
        .filter_map(|c| match c.kind {
            gs_topaz::CommandKind::Method { body, .. } => Some(body.text),
            _ => None,
        })
        .find(|b| b.starts_with("pct"));
    assert_eq!(body.as_deref(), Some(indented));
    s.compile_method("Foo", Side::Instance, "ok", "bad\n\t^ '\n%\n'")
        .unwrap();
    let err = gs_image::filein::file_out_class(&s, "Foo").unwrap_err();
    assert!(err.to_string().contains("indent that line"), "{err}");
}

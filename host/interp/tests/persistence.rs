//! Persistent objects: globals and the objects they reach commit with the
//! session, are seen by other sessions after abort/refresh, conflict like
//! code, keep identity within a view, survive reopening the image file and
//! vanish after abort.

use gs_image::{Image, ImageError, Session};
use gs_interp::{BreakHandle, Interpreter, Limits};

/// One client session: a session with its own interpreter.
struct Client {
    session: Session,
    interp: Interpreter,
}

impl Client {
    fn new(image: &Image) -> Client {
        Client {
            session: image.session(),
            interp: Interpreter::new(),
        }
    }

    fn run(&mut self, source: &str) -> String {
        match self.interp.execute(
            &mut self.session,
            source,
            &Limits::default(),
            &BreakHandle::new(),
        ) {
            Ok(out) => out.print_string,
            Err(e) => panic!("{source} failed: {e}"),
        }
    }

    fn commit(&mut self) -> Result<(), ImageError> {
        self.interp.commit(&mut self.session)
    }

    fn abort(&mut self) {
        self.interp.abort(&mut self.session);
    }

    fn refresh(&mut self) -> Result<(), ImageError> {
        self.interp.refresh(&mut self.session)
    }
}

fn image() -> (tempfile::TempDir, Image) {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = Image::open(dir.path().join("objects.image")).expect("image");
    (dir, image)
}

const ACCOUNT: &str = "Object subclass: 'Account'
    instVarNames: #(owner balance)
    classVars: #() classInstVars: #() poolDictionaries: #()
    inDictionary: UserGlobals options: #().
Account compile: 'owner ^owner' classified: 'accessing'.
Account compile: 'owner: aString owner := aString' classified: 'accessing'.
Account compile: 'balance ^balance' classified: 'accessing'.
Account compile: 'deposit: n balance := (balance ifNil: [0]) + n' classified: 'accessing'.
Account name";

#[test]
fn a_committed_global_is_seen_by_another_session_after_abort() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    let mut b = Client::new(&image);
    assert_eq!(b.run("UserGlobals includesKey: #Counter"), "false");
    a.run("UserGlobals at: #Counter put: 41");
    assert_eq!(a.run("Counter := Counter + 1. Counter"), "42");
    // Not visible before the writer commits, nor before the reader's abort.
    assert_eq!(b.run("UserGlobals includesKey: #Counter"), "false");
    a.commit().expect("commit");
    assert_eq!(b.run("UserGlobals includesKey: #Counter"), "false");
    b.abort();
    assert_eq!(b.run("Counter"), "42");
    assert_eq!(b.run("(UserGlobals at: #Counter) + 1"), "43");
    // The writer still sees its value after its own commit.
    assert_eq!(a.run("Counter"), "42");
}

#[test]
fn refresh_shows_other_commits_and_is_refused_with_uncommitted_objects() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    let mut b = Client::new(&image);
    assert_eq!(b.run("UserGlobals at: #Note ifAbsent: ['none']"), "'none'");
    a.run("UserGlobals at: #Note put: 'hello'");
    a.commit().expect("commit");
    b.refresh().expect("refresh with nothing changed");
    assert_eq!(b.run("Note"), "'hello'");
    b.run("Note at: 1 put: $j");
    assert!(!b.session.needs_commit(), "not written back yet");
    b.interp.write_back(&mut b.session).expect("write back");
    assert!(b.session.needs_commit(), "the changed String is a change");
    let err = b.refresh().expect_err("changed object");
    assert!(matches!(err, ImageError::Refused(_)), "{err:?}");
    assert_eq!(b.run("Note"), "'jello'");
}

#[test]
fn an_aborted_global_vanishes_from_the_writing_session() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    a.run("UserGlobals at: #Kept put: 1");
    a.commit().expect("commit");
    a.run("UserGlobals at: #Scratch put: (OrderedCollection with: 1 with: 2). Kept := 99");
    assert_eq!(a.run("Scratch size"), "2");
    a.abort();
    assert_eq!(a.run("UserGlobals includesKey: #Scratch"), "false");
    assert_eq!(a.run("Kept"), "1");
}

#[test]
fn values_of_every_kind_survive_reopening_the_image() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("restart.image");
    {
        let image = Image::open(&path).expect("image");
        let mut a = Client::new(&image);
        a.run(ACCOUNT);
        a.run(
            "| acct |
            acct := Account new owner: 'Ann'; deposit: 30; yourself.
            UserGlobals at: #Things put: (OrderedCollection new
                add: 'text'; add: #sym; add: #(1 $a 2.5 nil true);
                add: (2 raisedTo: 100); add: 3/4; add: -0.125; add: 12 factorial;
                add: (Dictionary new at: #k put: 'v'; at: 7 put: #seven; yourself);
                add: acct; add: Account; add: $z; yourself).
            UserGlobals at: #Acct put: acct.
            UserGlobals at: #Big put: (2 raisedTo: 200) negated",
        );
        a.commit().expect("commit");
    }
    let image = Image::open(&path).expect("reopen");
    let mut b = Client::new(&image);
    assert_eq!(
        b.run("Things copyFrom: 1 to: 7"),
        "anOrderedCollection( 'text', #'sym', anArray( 1, $a, 2.5, nil, true), \
         1267650600228229401496703205376, 3/4, -0.125, 479001600)"
    );
    assert_eq!(
        b.run("Things copyFrom: 9 to: 11"),
        "anOrderedCollection( anAccount, Account, $z)"
    );
    assert_eq!(b.run("(Things at: 8) at: #k"), "'v'");
    assert_eq!(b.run("(Things at: 8) at: 7"), "#'seven'");
    assert_eq!(b.run("(Things at: 4) class name"), "#'LargeInteger'");
    assert_eq!(b.run("(Things at: 4) - (2 raisedTo: 100)"), "0");
    assert_eq!(
        b.run("Big"),
        "-1606938044258990275541962092341162602522202993782792835301376"
    );
    assert_eq!(b.run("(Things at: 5) class name"), "#'Fraction'");
    assert_eq!(b.run("(Things at: 2) == #sym"), "true");
    assert_eq!(b.run("(Things at: 9) owner"), "'Ann'");
    assert_eq!(b.run("Acct balance"), "30");
    assert_eq!(b.run("(Things at: 10) == Account"), "true");
    // The account reached through Things and through Acct is one object.
    assert_eq!(b.run("(Things at: 9) == Acct"), "true");
    assert_eq!(b.run("Acct deposit: 12. (Things at: 9) balance"), "42");
}

#[test]
fn identity_and_cycles_are_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("cycles.image");
    {
        let image = Image::open(&path).expect("image");
        let mut a = Client::new(&image);
        a.run(
            "| shared loop |
            shared := OrderedCollection new.
            loop := Array new: 2.
            loop at: 1 put: loop; at: 2 put: shared.
            UserGlobals at: #Left put: shared; at: #Right put: shared; at: #Loop put: loop.
            shared add: UserGlobals.
            true",
        );
        a.commit().expect("commit");
    }
    let image = Image::open(&path).expect("reopen");
    let mut b = Client::new(&image);
    assert_eq!(b.run("Left == Right"), "true");
    assert_eq!(b.run("(Loop at: 1) == Loop"), "true");
    assert_eq!(b.run("(Loop at: 2) == Left"), "true");
    assert_eq!(b.run("Left first == UserGlobals"), "true");
    b.run("Left add: 5");
    assert_eq!(b.run("Right size"), "2");
    b.commit().expect("commit");
    // The committing session goes on with the same objects.
    assert_eq!(b.run("Left == Right and: [(Loop at: 2) == Left]"), "true");
    b.run("Right add: 6");
    b.commit().expect("commit");
    let mut c = Client::new(&image);
    assert_eq!(c.run("(Loop at: 2) last"), "6");
    assert_eq!(c.run("Right == (Loop at: 2)"), "true");
}

#[test]
fn instances_of_user_classes_keep_their_instance_variables() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    a.run(ACCOUNT);
    a.run(
        "UserGlobals at: #Accounts put: (OrderedCollection new
            add: (Account new owner: 'Ann'; deposit: 10; yourself);
            add: (Account new owner: 'Bob'; deposit: 20; yourself);
            yourself)",
    );
    a.commit().expect("commit");
    let mut b = Client::new(&image);
    assert_eq!(
        b.run("(Accounts collect: [:x | x owner -> x balance]) asArray"),
        "anArray( 'Ann'->10, 'Bob'->20)"
    );
    b.run("Accounts first deposit: 5");
    b.commit().expect("commit");
    a.abort();
    assert_eq!(a.run("Accounts first balance"), "15");
}

#[test]
fn two_sessions_changing_the_same_global_conflict_on_the_second_commit() {
    let (_dir, image) = image();
    let mut setup = Client::new(&image);
    setup.run("UserGlobals at: #Counter put: 0; at: #Log put: OrderedCollection new");
    setup.commit().expect("commit");

    let mut a = Client::new(&image);
    let mut b = Client::new(&image);
    a.run("Counter := Counter + 1");
    b.run("Counter := Counter + 10");
    a.commit().expect("first commit");
    let err = b.commit().expect_err("second commit conflicts");
    let text = err.to_string();
    assert!(matches!(err, ImageError::Conflict(_)), "{err:?}");
    assert!(text.contains("UserGlobals at #Counter"), "{text}");
    b.abort();
    assert_eq!(b.run("Counter"), "1");

    // The same object changed through the same global.
    a.run("Log add: 'a'");
    b.run("Log add: 'b'");
    b.commit().expect("first commit");
    let err = a.commit().expect_err("second commit conflicts");
    let text = err.to_string();
    assert!(
        text.contains("an instance of OrderedCollection), reached from UserGlobals at: #Log"),
        "{text}"
    );
    a.abort();
    assert_eq!(a.run("Log asArray"), "anArray( 'b')");

    // Different globals do not conflict.
    a.run("UserGlobals at: #OnlyA put: 1");
    b.run("UserGlobals at: #OnlyB put: 2");
    a.commit().expect("commit a");
    b.commit().expect("commit b");
    // b's commit followed a's: b now sees a's global too.
    assert_eq!(b.run("OnlyA + OnlyB"), "3");
    let mut c = Client::new(&image);
    assert_eq!(c.run("OnlyA + OnlyB"), "3");
}

#[test]
fn a_removed_global_is_removed_at_commit() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    a.run("UserGlobals at: #Temp put: 'x'");
    a.commit().expect("commit");
    a.run("UserGlobals removeKey: #Temp");
    a.commit().expect("commit");
    let mut b = Client::new(&image);
    assert_eq!(b.run("UserGlobals includesKey: #Temp"), "false");
    assert_eq!(
        b.session.entry("UserGlobals", "Temp"),
        None,
        "the entry is gone from the image"
    );
}

#[test]
fn a_block_using_its_context_cannot_be_committed_and_the_error_names_the_global() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    a.run("| n | n := 5. UserGlobals at: #Action put: (Array with: [:x | x + n])");
    let err = a.commit().expect_err("the block reads an outer temporary");
    let text = err.to_string();
    assert!(text.contains("UserGlobals at: #Action"), "{text}");
    assert!(
        text.contains("block made in doit that uses its context"),
        "{text}"
    );
    // Removing it lets the session commit.
    a.run("UserGlobals removeKey: #Action. UserGlobals at: #Fine put: 3");
    a.commit().expect("commit");
    assert_eq!(Client::new(&image).run("Fine"), "3");
}

#[test]
fn clean_blocks_and_sorted_collections_survive_reopening() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("blocks.image");
    {
        let image = Image::open(&path).expect("image");
        let mut a = Client::new(&image);
        a.run(ACCOUNT);
        a.run("Account compile: 'sorter ^[:x :y | x balance <= y balance]' classified: 'sorting'");
        a.run(
            "UserGlobals
                at: #Down put: (SortedCollection sortBlock: [:x :y | x >= y]);
                at: #Plain put: SortedCollection new;
                at: #Double put: [:x | | t | t := x. [t * 2] value];
                at: #ByBalance put: Account new sorter.
            Down addAll: #(3 1 2). Plain addAll: #(3 1 2). true",
        );
        a.commit().expect("clean blocks commit");
    }
    let image = Image::open(&path).expect("reopen");
    let mut b = Client::new(&image);
    assert_eq!(b.run("Down asArray"), "anArray( 3, 2, 1)");
    assert_eq!(
        b.run("Down add: 5; add: 0; asArray"),
        "anArray( 5, 3, 2, 1, 0)"
    );
    assert_eq!(b.run("Plain add: 0; asArray"), "anArray( 0, 1, 2, 3)");
    assert_eq!(b.run("Double value: 21"), "42");
    assert_eq!(
        b.run(
            "(ByBalance value: (Account new deposit: 1; yourself) \
              value: (Account new deposit: 2; yourself))"
        ),
        "true"
    );
    b.commit().expect("rebuilt blocks write back unchanged");
}

#[test]
fn persistent_instances_migrate_by_name_when_their_class_is_reshaped() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    a.run(ACCOUNT);
    a.run("UserGlobals at: #Acct put: (Account new owner: 'Ann'; deposit: 7; yourself)");
    a.commit().expect("commit");

    // Reshape: drop `owner`, keep `balance`, add `currency`.
    let mut b = Client::new(&image);
    b.run(
        "Object subclass: 'Account'
            instVarNames: #(currency balance)
            classVars: #() classInstVars: #() poolDictionaries: #()
            inDictionary: UserGlobals options: #().
        Account compile: 'currency ^currency' classified: 'accessing'",
    );
    b.commit().expect("reshape commits");
    let mut c = Client::new(&image);
    assert_eq!(c.run("Acct balance"), "7");
    assert_eq!(c.run("Acct currency"), "nil");
    assert_eq!(c.run("Acct respondsTo: #owner"), "false");
    // Written back in the new shape.
    c.run("Acct deposit: 1");
    c.commit().expect("commit");
    let mut d = Client::new(&image);
    assert_eq!(d.run("Acct balance"), "8");
}

#[test]
fn reading_instances_stored_before_a_reshape_changes_nothing() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    a.run(ACCOUNT);
    // Held by a class variable, as an application's shared instance is.
    a.run(
        "Object subclass: 'Bank'
            instVarNames: #() classVars: #(Default) classInstVars: #() poolDictionaries: #()
            inDictionary: UserGlobals options: #().
        Bank class compile: 'accounts ^Default' classified: 'accessing'.
        Bank class compile: 'accounts: a Default := a' classified: 'accessing'.
        Bank accounts: (Array with: (Account new owner: 'Ann'; deposit: 7; yourself) \
         with: (Account new owner: 'Bob'; deposit: 3; yourself))",
    );
    a.commit().expect("commit");
    let mut b = Client::new(&image);
    b.run(
        "Object subclass: 'Account'
            instVarNames: #(balance owner currency)
            classVars: #() classInstVars: #() poolDictionaries: #()
            inDictionary: UserGlobals options: #()",
    );
    b.commit().expect("reshape commits");

    // Two sessions read the stored instances in their new shape, then
    // each changes one of them: neither commit carries the other's.
    let mut c = Client::new(&image);
    let mut d = Client::new(&image);
    for reader in [&mut c, &mut d] {
        assert_eq!(
            reader.run("(Bank accounts collect: [:x | x balance]) asArray"),
            "anArray( 7, 3)"
        );
    }
    c.run("(Bank accounts at: 1) deposit: 1");
    c.commit().expect("commit");
    d.run("(Bank accounts at: 2) deposit: 1");
    d.commit()
        .expect("no conflict over an instance the other session only read");
    let mut e = Client::new(&image);
    assert_eq!(
        e.run("(Bank accounts collect: [:x | x balance]) asArray"),
        "anArray( 8, 4)"
    );
    assert_eq!(e.run("(Bank accounts at: 2) owner"), "'Bob'");
}

#[test]
fn sessions_without_an_interpreter_commit_code_as_before() {
    let (_dir, image) = image();
    let mut s = image.session();
    s.bind(
        "UserGlobals",
        "Rate",
        gs_image::DictionaryEntry::Global(gs_image::GlobalValue::Integer("5".into())),
    )
    .expect("bind");
    s.commit().expect("commit");
    let mut a = Client::new(&image);
    assert_eq!(a.run("Rate * 2"), "10");
    // Reading a file-in's literal global does not rewrite it.
    a.commit().expect("commit");
    assert_eq!(
        a.session.entry("UserGlobals", "Rate"),
        Some(gs_image::DictionaryEntry::Global(
            gs_image::GlobalValue::Integer("5".into())
        ))
    );
}

#[test]
fn a_literal_global_shared_with_a_stored_object_stays_one_object() {
    let (_dir, image) = image();
    let mut s = image.session();
    s.bind(
        "UserGlobals",
        "Greeting",
        gs_image::DictionaryEntry::Global(gs_image::GlobalValue::String("hi".into())),
    )
    .expect("bind");
    s.commit().expect("commit");
    let mut a = Client {
        session: s,
        interp: Interpreter::new(),
    };
    a.run("UserGlobals at: #Holder put: (Array with: Greeting)");
    a.commit().expect("commit");
    let mut b = Client::new(&image);
    assert_eq!(b.run("Holder first == Greeting"), "true");
    assert_eq!(b.run("Greeting"), "'hi'");
}

#[test]
fn changing_different_members_of_one_collection_does_not_conflict() {
    let (_dir, image) = image();
    let mut setup = Client::new(&image);
    setup.run(ACCOUNT);
    setup.run(
        "UserGlobals at: #Book put: ((1 to: 2000) collect: [:i |
            Account new owner: 'owner', i printString; deposit: i; yourself])",
    );
    let started = std::time::Instant::now();
    setup.commit().expect("commit");
    let first = started.elapsed();
    assert_eq!(
        image.session().object_count(),
        4001,
        "array, accounts, owners"
    );

    let mut a = Client::new(&image);
    let mut b = Client::new(&image);
    a.run("(Book at: 1) deposit: 100");
    b.run("(Book at: 2) deposit: 100");
    let started = std::time::Instant::now();
    a.commit().expect("only account 1 is written");
    let again = started.elapsed();
    b.commit().expect("only account 2 is written");
    let mut c = Client::new(&image);
    assert_eq!(c.run("(Book at: 1) balance + (Book at: 2) balance"), "203");
    assert_eq!(
        c.run("(Book inject: 0 into: [:sum :x | sum + x balance])"),
        "2001200"
    );
    eprintln!("2,000 accounts: first commit {first:?}, commit of one change {again:?}");
}

#[test]
fn instances_of_a_removed_class_live_on_with_their_methods() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("removed.image");
    {
        let image = Image::open(&path).expect("image");
        let mut a = Client::new(&image);
        a.run(ACCOUNT);
        a.run(
            "UserGlobals at: #Accounts put: (OrderedCollection new
                add: (Account new owner: 'Ann'; deposit: 10; yourself);
                add: (Account new owner: 'Bob'; deposit: 20; yourself);
                yourself)",
        );
        a.commit().expect("commit");
        // A session whose view still has the class makes one more.
        let mut late = Client::new(&image);
        late.run("Accounts add: (Account new owner: 'Cy'; deposit: 30; yourself)");
        // What the delete_class tool does.
        a.session
            .remove_class("Account", gs_image::RemoveClassPolicy::RefuseIfSubclasses)
            .expect("remove");
        a.commit().expect("commit");
        late.commit()
            .expect("its view had the class: the instance is one");
        // The class is gone as code: no name, no listing, no methods found.
        let s = image.session();
        assert!(s.class("Account").is_err());
        assert!(!s.all_classes().contains(&"Account".to_string()));
        assert_eq!(s.implementors("deposit:"), vec![]);
        // The deleting session is not stuck: it reads and commits, and
        // then sees the late session's instance.
        assert_eq!(
            a.run("Accounts collect: [:x | x balance]"),
            "anOrderedCollection( 10, 20)"
        );
        a.run("Accounts first deposit: 1. UserGlobals at: #Note put: 'ok'");
        a.commit().expect("the deleting session commits");
        assert_eq!(a.run("Accounts last owner"), "'Cy'");
    }
    let image = Image::open(&path).expect("reopen");
    let mut b = Client::new(&image);
    assert_eq!(b.run("UserGlobals includesKey: #Account"), "false");
    assert_eq!(
        b.run("Accounts collect: [:x | x owner -> x balance]"),
        "anOrderedCollection( 'Ann'->11, 'Bob'->20, 'Cy'->30)"
    );
    assert_eq!(b.run("Accounts first class name"), "#'Account'");
    // A new class of the same name is another class.
    b.run(
        "Object subclass: 'Account' instVarNames: #() classVars: #() classInstVars: #()
            poolDictionaries: #() inDictionary: UserGlobals options: #()",
    );
    assert_eq!(b.run("Accounts first class == Account"), "false");
    assert_eq!(b.run("Accounts first deposit: 4; balance"), "15");
    b.commit().expect("commit");
}

#[test]
fn a_reference_to_an_object_the_image_lacks_reads_as_nil_without_failing() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    a.run(ACCOUNT);
    a.run("UserGlobals at: #Pair put: (Array with: 1 with: (Account new deposit: 4; yourself))");
    a.commit().expect("commit");
    let mut s = image.session();
    let pair = match s.entry("UserGlobals", "Pair") {
        Some(gs_image::DictionaryEntry::Object(gs_image::ObjectValue::Object(id))) => id,
        other => panic!("Pair is {other:?}"),
    };
    let mut stored = s.object(pair).cloned().expect("stored");
    let gs_image::ObjectBody::Slots(slots) = &mut stored.body else {
        panic!("an Array")
    };
    slots[1] = gs_image::ObjectValue::Object(gs_image::ObjectId(u64::MAX >> 2));
    s.store_object(pair, stored).expect("store");
    s.commit().expect("commit");
    let mut b = Client::new(&image);
    assert_eq!(b.run("Pair"), "anArray( 1, nil)");
    b.run("Pair at: 1 put: 2");
    b.commit().expect("the rest still commits");
    assert_eq!(Client::new(&image).run("Pair"), "anArray( 2, nil)");
}

const REGISTRY: &str = "Object subclass: 'Registry'
    instVarNames: #()
    classVars: #(Count) classInstVars: #(items) poolDictionaries: #()
    inDictionary: UserGlobals options: #().
Registry class compile: 'items ^items ifNil: [items := OrderedCollection new]' classified: 'access'.
Registry class compile: 'bump ^Count := (Count ifNil: [0]) + 1' classified: 'access'.
Registry class compile: 'count ^Count' classified: 'access'.
Registry name";

#[test]
fn class_variables_and_class_instance_variables_persist() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("classvars.image");
    {
        let image = Image::open(&path).expect("image");
        let mut a = Client::new(&image);
        a.run(REGISTRY);
        a.run("Registry bump; bump. Registry items add: 'first'. true");
        a.commit().expect("commit");
        let mut b = Client::new(&image);
        assert_eq!(b.run("Registry count"), "2");
        assert_eq!(b.run("Registry items asArray"), "anArray( 'first')");
        // Aborted changes vanish.
        b.run("Registry bump. Registry items add: 'dropped'");
        b.abort();
        assert_eq!(b.run("Registry count"), "2");
        assert_eq!(b.run("Registry items size"), "1");
    }
    let image = Image::open(&path).expect("reopen");
    let mut a = Client::new(&image);
    let mut b = Client::new(&image);
    assert_eq!(a.run("Registry count"), "2");
    a.run("Registry bump");
    b.run("Registry bump");
    a.commit().expect("first commit");
    let err = b.commit().expect_err("second commit conflicts");
    let text = err.to_string();
    assert!(text.contains("class variables of Registry"), "{text}");
    b.abort();
    assert_eq!(b.run("Registry count"), "3");
}

#[test]
fn strings_of_every_width_survive_reopening_the_image() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("wide.image");
    {
        let image = Image::open(&path).expect("image");
        let mut a = Client::new(&image);
        a.run(
            "| grown |
            grown := 'ab' copy.
            grown at: 2 put: (Character codePoint: 955).
            UserGlobals at: #Texts put: (Array with: 'caf\u{e9}' copy with: '\u{20ac} 5' copy
                with: 'x\u{1f600}' copy with: grown with: 'abc' asUnicodeString)",
        );
        a.commit().expect("commit");
    }
    let image = Image::open(&path).expect("reopen");
    let mut b = Client::new(&image);
    assert_eq!(
        b.run("Texts"),
        "anArray( 'caf\u{e9}', '\u{20ac} 5', 'x\u{1f600}', 'a\u{3bb}', 'abc')"
    );
    assert_eq!(
        b.run("Texts collect: [:t | t class name]"),
        "anArray( #'String', #'DoubleByteString', #'QuadByteString', #'DoubleByteString', \
         #'Unicode7')"
    );
    // What was read can grow again and be stored again.
    b.run("(Texts at: 2) at: 1 put: (Character codePoint: 16r1F600)");
    b.commit().expect("commit the grown string");
    let mut c = Client::new(&image);
    assert_eq!(b.run("(Texts at: 2) class name"), "#'QuadByteString'");
    assert_eq!(c.run("Texts at: 2"), "'\u{1f600} 5'");
}

#[test]
fn a_wide_class_string_stored_as_bytes_reads_as_the_same_characters() {
    // Before a DoubleByteString held more than bytes, its instances were
    // stored as bytes, each a code point: an image written then reads
    // them as the same text.
    let (_dir, image) = image();
    let mut s = image.session();
    let id = s.new_object_id();
    let object = gs_image::StoredObject {
        class: s.class_id("DoubleByteString").expect("a kernel class"),
        invariant: false,
        names: Vec::new(),
        named: Vec::new(),
        body: gs_image::ObjectBody::Bytes(b"caf\xe9".to_vec()),
    };
    s.store_object(id, object).expect("store");
    s.bind(
        "UserGlobals",
        "Old",
        gs_image::DictionaryEntry::Object(gs_image::ObjectValue::Object(id)),
    )
    .expect("bind");
    s.commit().expect("commit");
    let mut a = Client::new(&image);
    assert_eq!(a.run("Old"), "'caf\u{e9}'");
    assert_eq!(a.run("Old size"), "4");
    // Reading it changes nothing the session would have to commit.
    a.interp.write_back(&mut a.session).expect("write back");
    assert!(!a.session.needs_commit());
    assert_eq!(
        a.run("Old at: 1 put: (Character codePoint: 955). Old"),
        "'\u{3bb}af\u{e9}'"
    );
}

#[test]
fn the_retry_loop_commits_its_change_to_the_object_it_holds() {
    let (_dir, image) = image();
    let mut setup = Client::new(&image);
    setup.run("UserGlobals at: #Q put: OrderedCollection new");
    setup.commit().expect("commit");
    let mut a = Client::new(&image);
    let mut c = Client::new(&image);
    assert_eq!(a.run("Q size"), "0");
    assert_eq!(c.run("Q add: 'from C'. System commitTransaction"), "true");
    // A's view is older: its first commit conflicts, the abort shows it
    // C's element in the very collection it holds, and the second commit
    // stores its own.
    assert_eq!(
        a.run(
            "| coll tries | coll := UserGlobals at: #Q. tries := 0.
            [coll add: 'from A'. tries := tries + 1. System commitTransaction]
                whileFalse: [System abortTransaction].
            {tries. coll == Q. coll asArray}"
        ),
        "anArray( 2, true, anArray( 'from C', 'from A'))"
    );
    assert_eq!(
        Client::new(&image).run("Q asArray"),
        "anArray( 'from C', 'from A')"
    );
}

#[test]
fn commits_in_a_loop_keep_every_item_when_another_session_committed_first() {
    let (_dir, image) = image();
    let mut setup = Client::new(&image);
    setup.run("UserGlobals at: #Items put: OrderedCollection new; at: #Other put: 0");
    setup.commit().expect("commit");
    let mut a = Client::new(&image);
    let mut b = Client::new(&image);
    assert_eq!(a.run("Items size"), "0");
    assert_eq!(b.run("Other := 1. System commitTransaction"), "true");
    // A's first commit follows B's, so A moves to a new view inside the
    // loop; the collection it holds goes on being the stored one.
    assert_eq!(
        a.run(
            "| coll ok | coll := Items. ok := true.
            1 to: 300 do: [:i | coll add: i.
                i \\\\ 100 = 0 ifTrue: [ok := ok & System commitTransaction]].
            {ok. coll size}"
        ),
        "anArray( true, 300)"
    );
    let mut c = Client::new(&image);
    assert_eq!(
        c.run("{Items size. Items last. Other}"),
        "anArray( 300, 300, 1)"
    );
}

#[test]
fn an_object_held_in_session_temps_stays_the_stored_object_across_abort_and_refresh() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    a.run("UserGlobals at: #Box put: (OrderedCollection with: 'orig'); at: #Other put: 0");
    a.commit().expect("commit");
    let mut b = Client::new(&image);
    b.run("SessionTemps current at: #box put: Box");

    // Refresh after another session's commit: the same object, whose
    // change then commits.
    a.run("Other := 1");
    a.commit().expect("commit");
    b.refresh().expect("refresh");
    assert_eq!(
        b.run("(SessionTemps current at: #box) add: 'after refresh'. (SessionTemps current at: #box) == Box"),
        "true"
    );
    b.commit().expect("commit");
    assert_eq!(
        Client::new(&image).run("Box asArray"),
        "anArray( 'orig', 'after refresh')"
    );

    // Abort drops the uncommitted change and shows the newest committed
    // state, in the object held.
    a.abort();
    a.run("Box add: 'from A'");
    a.commit().expect("commit");
    b.run("(SessionTemps current at: #box) add: 'dropped'");
    b.abort();
    assert_eq!(
        b.run("{(SessionTemps current at: #box) == Box. (SessionTemps current at: #box) asArray}"),
        "anArray( true, anArray( 'orig', 'after refresh', 'from A'))"
    );
    b.run("(SessionTemps current at: #box) add: 'after abort'");
    b.commit().expect("commit");
    assert_eq!(Client::new(&image).run("Box last"), "'after abort'");
}

#[test]
fn a_change_to_a_held_object_another_session_unbound_is_committed() {
    let (_dir, image) = image();
    let mut a = Client::new(&image);
    a.run("UserGlobals at: #Log put: (OrderedCollection with: 1)");
    a.commit().expect("commit");
    let mut b = Client::new(&image);
    b.run("SessionTemps current at: #log put: Log");
    // Moved to a dictionary B never reads: B reaches it only through
    // what it holds.
    a.run("Published at: #Log put: Log. UserGlobals removeKey: #Log");
    a.commit().expect("commit");
    b.abort();
    assert_eq!(b.run("UserGlobals includesKey: #Log"), "false");
    b.run("(SessionTemps current at: #log) add: 2");
    b.commit().expect("commit");
    assert_eq!(
        Client::new(&image).run("(Published at: #Log) asArray"),
        "anArray( 1, 2)"
    );
}

const KEY: &str = "Object subclass: 'Key'
    instVarNames: #(n)
    classVars: #() classInstVars: #() poolDictionaries: #()
    inDictionary: UserGlobals options: #().
Key name";

/// Reads every kind of identity-hashed collection `hashed` committed.
const HASHED_READS: &str = "{ID at: #red ifAbsent: [nil]. SD2 at: #k ifAbsent: [nil].
    Syms includes: #b. ByClass at: Key ifAbsent: [nil].
    Ks allSatisfy: [:k | (D includesKey: k) & (IDs includes: k) & (St includes: k)].
    Ks inject: 0 into: [:sum :k | sum + (D at: k)]}";

#[test]
fn identity_hashed_collections_work_in_every_session_and_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("hashed.image");
    let expected = "anArray( 1, 5, true, #'key', true, 1275)";
    {
        let image = Image::open(&path).expect("image");
        let mut a = Client::new(&image);
        a.run(KEY);
        // The keys are hashed while still transient, and keep that hash
        // once stored.
        a.run(
            "| ks d ids |
            ks := (1 to: 50) collect: [:i | Key new].
            d := Dictionary new. ids := IdentitySet new.
            ks doWithIndex: [:k :i | d at: k put: i. ids add: k].
            UserGlobals
                at: #ID put: (IdentityDictionary new at: #red put: 1; yourself);
                at: #Syms put: (IdentitySet withAll: #(#a #b));
                at: #SD2 put: (SymbolDictionary new at: #k put: 5; yourself);
                at: #ByClass put: (IdentityDictionary new at: Key put: #key; yourself);
                at: #Ks put: ks; at: #D put: d; at: #IDs put: ids;
                at: #St put: (Set withAll: ks).
            true",
        );
        a.commit().expect("commit");
        assert_eq!(a.run(HASHED_READS), expected);
        let mut b = Client::new(&image);
        assert_eq!(b.run(HASHED_READS), expected);
        // Adding what is there adds nothing.
        assert_eq!(
            b.run("Syms add: #a. Ks do: [:k | D at: k put: 0. IDs add: k]. {Syms size. D size. IDs size}"),
            "anArray( 2, 50, 50)"
        );
        b.abort();
    }
    let image = Image::open(&path).expect("reopen");
    let mut c = Client::new(&image);
    assert_eq!(c.run(HASHED_READS), expected);
    c.run("Syms add: #a; add: #c. ID at: #red put: 2");
    c.commit().expect("commit");
    let mut d = Client::new(&image);
    assert_eq!(
        d.run("{Syms size. ID size. ID at: #red. Syms includes: #c}"),
        "anArray( 3, 1, 2, true)"
    );
}

/// Stores a hashed collection of class `class` (a Set or a
/// KeyValueDictionary kind) whose bucket arrays hold `arrays`, as an
/// older build's hashes may have placed them, and binds it to `name`.
fn store_hashed(
    s: &mut Session,
    name: &str,
    class: &str,
    tally: i64,
    arrays: Vec<Vec<gs_image::ObjectValue>>,
) {
    use gs_image::{ObjectBody, ObjectValue, StoredObject};
    let mut named = vec![ObjectValue::Integer(tally)];
    for slots in arrays {
        let id = s.new_object_id();
        let array = StoredObject {
            class: s.class_id("Array").expect("a kernel class"),
            invariant: false,
            names: Vec::new(),
            named: Vec::new(),
            body: ObjectBody::Slots(slots),
        };
        s.store_object(id, array).expect("store");
        named.push(ObjectValue::Object(id));
    }
    let names = s.all_inst_vars(class).expect("a kernel class");
    assert_eq!(names.len(), named.len(), "{names:?}");
    let id = s.new_object_id();
    let object = StoredObject {
        class: s.class_id(class).expect("a kernel class"),
        invariant: false,
        names,
        named,
        body: ObjectBody::None,
    };
    s.store_object(id, object).expect("store");
    s.bind(
        "UserGlobals",
        name,
        gs_image::DictionaryEntry::Object(ObjectValue::Object(id)),
    )
    .expect("bind");
}

/// Makes the image file at `path` one written before identity hashes
/// held across sessions (format version 1), as an older build left it.
fn make_older(path: &std::path::Path) {
    let db = redb::Database::open(path).expect("the image file");
    let txn = db.begin_write().expect("write");
    {
        let mut meta = txn
            .open_table(redb::TableDefinition::<&str, u64>::new("meta"))
            .expect("meta");
        meta.insert("format", 1).expect("format");
        meta.remove("stable_hashes_from").expect("remove");
    }
    txn.commit().expect("commit");
}

#[test]
fn hashed_collections_an_older_build_stored_are_rehashed_when_read() {
    use gs_image::ObjectValue::{Integer, Nil, Symbol};
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("older.image");
    {
        let image = Image::open(&path).expect("image");
        let mut a = Client::new(&image);
        // Each symbol one bucket before where its hash now starts looking,
        // with empty buckets between: not found by hashing.
        let before = |a: &mut Client, sym: &str| -> usize {
            let start: usize = a
                .run(&format!("#{sym} identityHash * 1000003 \\\\ 8"))
                .parse()
                .expect("a number");
            (start + 7) % 8
        };
        let mut buckets = vec![Nil; 8];
        buckets[before(&mut a, "a")] = Symbol(b"a".to_vec());
        buckets[before(&mut a, "b")] = Symbol(b"b".to_vec());
        // A dictionary holding #red twice: once where an older session's
        // hash put it, once where a later one, not finding it, added it.
        let red = before(&mut a, "red");
        let (mut keys, mut values) = (vec![Nil; 8], vec![Nil; 8]);
        keys[red] = Symbol(b"red".to_vec());
        values[red] = Integer(1);
        keys[(red + 4) % 8] = Symbol(b"red".to_vec());
        values[(red + 4) % 8] = Integer(2);
        let s = &mut a.session;
        store_hashed(s, "OldSyms", "IdentitySet", 2, vec![buckets]);
        store_hashed(s, "OldID", "IdentityDictionary", 2, vec![keys, values]);
        s.commit().expect("commit");
    }
    make_older(&path);
    let image = Image::open(&path).expect("an older image opens");
    let mut b = Client::new(&image);
    assert_eq!(
        b.run("{OldSyms includes: #a. OldSyms includes: #b. OldSyms size. OldID size. #(1 2) includes: (OldID at: #red)}"),
        "anArray( true, true, 2, 1, true)"
    );
    // Reading it is no change to commit.
    b.interp.write_back(&mut b.session).expect("write back");
    assert!(!b.session.needs_commit(), "rehashing alone changes nothing");
    b.run("OldSyms add: #a; add: #c. OldID at: #red put: 3");
    b.commit().expect("commit");
    drop(b);
    drop(image);
    let image = Image::open(&path).expect("reopen");
    let mut c = Client::new(&image);
    assert_eq!(
        c.run("{OldSyms size. OldSyms includes: #c. OldID size. OldID at: #red}"),
        "anArray( 3, true, 1, 3)"
    );
}

/// Two keys of an equality Dictionary that became equal after they were
/// added (each a String of its own, one changed later) are both kept when
/// the collection an older build stored is rehashed, as GemStone keeps
/// them until the collection's own code rehashes it: reading an upgraded
/// image loses neither entry. Before, the rehash kept one of them.
#[test]
fn equal_keys_an_older_build_stored_are_both_kept_when_rehashed() {
    use gs_image::ObjectValue::{Integer, Nil};
    use gs_image::{ObjectBody, ObjectValue, StoredObject};
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("older.image");
    {
        let image = Image::open(&path).expect("image");
        let mut a = Client::new(&image);
        let start: usize = a
            .run("'k' hash * 1000003 \\\\ 8")
            .parse()
            .expect("a number");
        let s = &mut a.session;
        let mut string = |text: &str| {
            let id = s.new_object_id();
            let object = StoredObject {
                class: s.class_id("String").expect("a kernel class"),
                invariant: false,
                names: Vec::new(),
                named: Vec::new(),
                body: ObjectBody::Bytes(text.as_bytes().to_vec()),
            };
            s.store_object(id, object).expect("store");
            ObjectValue::Object(id)
        };
        let (first, second) = (string("k"), string("k"));
        // Both one bucket or more before where hashing starts looking.
        let (mut keys, mut values) = (vec![Nil; 8], vec![Nil; 8]);
        keys[(start + 7) % 8] = first;
        values[(start + 7) % 8] = Integer(1);
        keys[(start + 5) % 8] = second;
        values[(start + 5) % 8] = Integer(2);
        store_hashed(s, "OldD", "Dictionary", 2, vec![keys, values]);
        s.commit().expect("commit");
    }
    make_older(&path);
    let image = Image::open(&path).expect("an older image opens");
    let mut b = Client::new(&image);
    assert_eq!(
        b.run("{OldD size. (OldD values asSortedCollection: [:x :y | x <= y]) asArray. #(1 2) includes: (OldD at: 'k')}"),
        "anArray( 2, anArray( 1, 2), true)"
    );
    b.interp.write_back(&mut b.session).expect("write back");
    assert!(!b.session.needs_commit(), "rehashing alone changes nothing");
}

/// An image of the first release (`gs-image`'s fixture), opened by this
/// build: its kernel is upgraded, so a literal of wider characters is a
/// DoubleByteString (it read as nil), the operator's extension methods
/// still answer, and the keys an older build let become equal are kept.
#[test]
fn an_image_of_the_first_release_runs_with_this_build_s_kernel() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("first-release.gsimage");
    std::fs::write(
        &path,
        std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../image/tests/fixtures/first-release/first-release.gsimage"
        ))
        .expect("the fixture"),
    )
    .expect("copy");
    let image = Image::open(&path).expect("it opens");
    assert!(image.kernel_upgrade().is_some_and(|u| u.error.is_none()));
    let mut a = Client::new(&image);
    assert_eq!(
        a.run("{'12,50 €'. '12,50 €' class name. 'ok' shopShout. 250 shopCents. FxMutDict size. FxNote}"),
        "anArray( '12,50 €', #'DoubleByteString', 'OK!', 5/2, 2, 'set by the FIRST release')"
    );
    // `FxGhost` is bound to an instance of a class the first release
    // deleted outright: it reads as nil, and reading it (or the dictionary
    // that holds it) changes nothing. Before, every session that read a
    // global had this one to commit, and two such sessions conflicted.
    assert_eq!(a.run("FxGhost"), "nil");
    a.interp.write_back(&mut a.session).expect("write back");
    assert!(
        !a.session.needs_commit(),
        "{:?}",
        a.session.uncommitted_changes()
    );
}

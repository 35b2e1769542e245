//! Every piece of Smalltalk the backend sends to the stone, in one place.
//!
//! Each function answers one run of one of the backend's programs
//! ([`Program`]): a block compiled once per session, and the arguments
//! this run gives it. User input never becomes code: it is only ever an
//! argument, a string literal with its quotes doubled ([`lit`]) or a
//! quoted symbol `#'…'` ([`sym`]) in the short execution that runs the
//! block; numbers and booleans are written as Rust prints them.
//!
//! # The framing of answers
//!
//! Every program answers one String, `encodeAsUTF8` of text built on a
//! WriteStream by the helper blocks of [`install`]; the Rust side fetches it with
//! `fetch_string` and parses it with `wire::parse`. The text is one
//! *value*:
//!
//! | value | written as |
//! |---|---|
//! | nil | `n` |
//! | true, false | `t`, `f` |
//! | an integer | `i` its decimal digits `;` (e.g. `i-42;`) |
//! | a string | `s` its size in characters `:` the characters (e.g. `s5:a'b:c`) |
//! | a list | `l` its size `:` then that many values |
//!
//! Sizes count characters, not bytes, so a string of any characters —
//! a Unicode16 or Unicode32 string, or text holding the framing's own
//! letters — crosses unchanged, and an answer of any size crosses in one
//! fetch (gs-gci fetches a result of any size page by page). Every answer
//! is a list whose first value is the string `ok` (the operation's fields
//! follow) or `error` (then a code and its arguments, all strings; the
//! Rust side turns each code into the `ToolError` the embedded backend
//! answers, with the same words).
//!
//! # Where the messages come from
//!
//! Only GemStone/S 64 3.7 API that GemStone documents or public GemStone
//! code sends is used; each expression's comment names its sources:
//!
//! - **\[PG\]** GemStone/S 64 Programming Guide 3.7 (symbol lists ch. 3,
//!   String classes ch. 5, transactions ch. 9, exceptions ch. 15).
//! - **\[Jasper\]** GemTalk/Jasper (`MethodList`: `ClassOrganizer new
//!   implementorsOf:` / `sendersOf:`, GsNMethod `inClass` / `selector`;
//!   `symbolList dictionaryAndSymbolOf:`).
//! - **\[Jadeite\]** GemTalk/Jadeite's `JadeServer` (`symbolList`,
//!   `removeDictionaryNamed:`, `sourceCodeAt:`, `categoryOfSelector:`,
//!   `selectors`, `compileMethod:dictionaries:category:environmentId:`,
//!   `removeSelector:`, `subclassesOf:`, `comment:`, `fileOutClass`).
//! - **\[Rowan\]** GemTalk/Rowan's `RowanService` (`symbolList names`).
//! - **\[mcp_server\]** GemTalk/mcp_server, the reference server
//!   (`String>>evaluate` is its execute_code engine; `fileOutClass`;
//!   `Globals at:otherwise:` for the kernel-class guard; `System
//!   myUserProfile objectNamed:`; TestCase `selector:` with
//!   setUp / tearDown).
//! - **\[Grail\]** GemTalk/Grail (`System stoneVersionAt: 'gsVersion'`,
//!   `System needsCommit`, `commitTransaction`, `abortTransaction`).
//! - **\[GemConnect\]** GemConnect for Postgres (`SymbolList
//!   createDictionaryNamed:at:`).
//! - **\[ANSI\]** the ANSI Smalltalk standard's collection, stream and
//!   exception protocols (`WriteStream on:`, `nextPutAll:`, `on:do:`,
//!   `description`, `detect:ifNone:`, `keysAndValuesDo:`).

/// The size at which a doit's printString is cut, as the embedded
/// backend's default limit cuts it.
pub const PRINT_CHARS: usize = 100_000;

/// The size at which a doit's Transcript is cut: the embedded image's
/// Transcript cap (`gs_interp::Limits::output_bytes`, 1 MiB).
pub const TRANSCRIPT_CHARS: usize = 1 << 20;

/// The size at which an exception's description or a class's name the
/// image answers is cut.
pub const TEXT_CHARS: usize = 100_000;

/// `text` as a Smalltalk string literal: quoted, its quotes doubled.
pub fn lit(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// `name` as a quoted Symbol literal, `#'…'`, whatever characters it has.
pub fn sym(name: &str) -> String {
    format!("#{}", lit(name))
}

/// An Array literal of quoted Symbols, `#( #'a' #'b')`.
fn sym_array(names: &[String]) -> String {
    let mut out = String::from("#(");
    for n in names {
        out.push(' ');
        out.push_str(&sym(n));
    }
    out.push(')');
    out
}

/// The helper blocks every program uses, made once per GCI session by
/// [`install`] and kept in `SessionTemps current` (session memory, never
/// committed, gone at logout \[PG ch. 3\]). A program's block binds the
/// ones it uses when it is made (see [`Program`]). The blocks close over
/// the installing execution's `w`, which each program resets first; a
/// session runs one program at a time.
///
/// - `w` the WriteStream the answer is written on \[ANSI\]; `String new`
///   grows into a wider string class when a wider character is added [PG
///   ch. 5]. `reset` starts it afresh; `done` answers its text as UTF-8
///   (`encodeAsUTF8` \[mcp_server\]), or, when that is longer than
///   [`DIRECT_ANSWER_BYTES`], keeps it in `SessionTemps current` under
///   [`LONG_ANSWER_KEY`] and answers `b` and its size in bytes
///   ([`long_answer_size`]), for [`take_long_answer`] to fetch.
/// - `str` `int` `list` `nul` `bool` `strs` write one framed value each;
///   `size`, `printString`, `do:` \[ANSI\].
/// - `fail` replaces what was written with an `error` frame and ends the
///   program with it: it answers the frame through the exit block the
///   running program put in slot 13, whose `^` returns from the execution
///   that started the program \[ANSI: a block's `^` returns from its home
///   method\].
/// - `findClass` answers the class a name resolves to through the user's
///   symbol list (`System myUserProfile symbolList` [PG ch. 3], the first
///   dictionary that has the key: `detect:ifNone:`, `includesKey:`, `at:`
///   \[ANSI\], `isBehavior`, `name` \[PG\]), or ends the program with
///   `noClass` / `notAClass` through `fail`; `names` \[Rowan\], `userId`
///   \[PG\].
/// - `findDict` answers the symbol list's dictionary of that name, or ends
///   the program with `noDictionary`.
/// - `homeOf` the dictionary binding a class under its own name
///   (`at:otherwise:` \[mcp_server\]).
/// - `cut` a text cut at a number of characters, saying how many more
///   there were (`copyFrom:to:`, `,` \[ANSI\]), so that no text the image
///   makes (a Transcript, an exception's description) crosses unbounded.
/// - `isCls` true if a value is a class: `isBehavior` \[PG\], false for a
///   value that does not understand it (an instance of a class made with
///   `nil subclass:`, `on:do:`, `return:` \[ANSI\]) rather than a failed
///   listing of the whole dictionary.
const HELPERS: &str = "| w reset str int list nul bool strs fail findClass findDict homeOf done cut isCls h |
w := WriteStream on: String new.
isCls := [:x1 | [x1 isBehavior == true] on: Error do: [:x2 | x2 return: false]].
reset := [w := WriteStream on: String new].
str := [:x1 | w nextPut: $s; nextPutAll: x1 size printString; nextPut: $:; nextPutAll: x1].
int := [:x1 | w nextPut: $i; nextPutAll: x1 printString; nextPut: $;].
list := [:x1 | w nextPut: $l; nextPutAll: x1 printString; nextPut: $:].
nul := [w nextPut: $n].
bool := [:x1 | w nextPut: (x1 ifTrue: [$t] ifFalse: [$f])].
strs := [:x1 | list value: x1 size. x1 do: [:x2 | str value: x2]].
fail := [:x1 :x2 | reset value. list value: x2 size + 2. str value: 'error'. str value: x1. x2 do: [:x3 | str value: x3]. (h at: 13) value: done value].
findClass := [:x1 | | x2 x3 |
  x3 := System myUserProfile symbolList.
  x2 := x3 detect: [:x4 | x4 includesKey: x1] ifNone: [nil].
  x2 == nil
    ifTrue: [fail value: 'noClass' value: (Array with: x1 with: System myUserProfile userId) , x3 names asArray]
    ifFalse: [(isCls value: (x2 at: x1))
      ifTrue: [x2 at: x1]
      ifFalse: [fail value: 'notAClass' value: (Array with: x1 with: x2 name)]]].
findDict := [:x1 | | x2 x3 |
  x3 := System myUserProfile symbolList.
  x2 := x3 detect: [:x4 | x4 name = x1] ifNone: [nil].
  x2 == nil ifTrue: [fail value: 'noDictionary' value: (Array with: x1) , x3 names asArray].
  x2].
homeOf := [:x1 | System myUserProfile symbolList detect: [:x2 | (x2 at: x1 name otherwise: nil) == x1] ifNone: [nil]].
done := [| x1 | x1 := w contents encodeAsUTF8.
  x1 size > 262144
    ifTrue: [SessionTemps current at: #GsMcpLongAnswer put: x1. 'b' , x1 size printString]
    ifFalse: [x1]].
cut := [:x1 :x2 | x1 size > x2
  ifTrue: [(x1 copyFrom: 1 to: x2) , (String with: Character lf) , '… [output truncated: ' , (x1 size - x2) printString , ' more characters not shown]']
  ifFalse: [x1]].
h := Array new: 15.
h at: 1 put: reset; at: 2 put: str; at: 3 put: int; at: 4 put: list; at: 5 put: nul; at: 6 put: bool;
  at: 7 put: strs; at: 8 put: fail; at: 9 put: findClass; at: 10 put: findDict; at: 11 put: homeOf; at: 12 put: done; at: 14 put: cut; at: 15 put: isCls.
";

/// The longest answer, in bytes, a program gives in its execution's own
/// round trip (`done` in the helpers holds the same number): one longer is
/// kept on the stone and fetched by a second execution
/// ([`take_long_answer`]).
pub const DIRECT_ANSWER_BYTES: usize = 256 * 1024;

/// The `SessionTemps` key a long answer is kept under until it is taken.
pub const LONG_ANSWER_KEY: &str = "GsMcpLongAnswer";

/// The size in bytes of the long answer a program kept on the stone, if
/// `answer` says it kept one (`b` and the size: no framed answer starts
/// with `b`).
pub fn long_answer_size(answer: &str) -> Option<usize> {
    answer.strip_prefix('b')?.parse().ok()
}

/// The execution that takes the long answer the last program kept
/// (`removeKey:ifAbsent:` \[ANSI\]), answering it (or an empty String
/// if there is none, which its announced size then contradicts).
pub fn take_long_answer() -> String {
    format!(
        "^ SessionTemps current removeKey: {} ifAbsent: ['']",
        sym(LONG_ANSWER_KEY)
    )
}

/// What running a program answers when this session has not made its
/// block yet, or making a block answers when the session has no helpers
/// (a new session, or a doit removed them): the caller makes what is
/// missing and runs the program again. No framed answer is this text
/// (every answer is a list, `l…`).
pub const NOT_INSTALLED: &str = "u";

/// FNV-1a of `parts` one after another: stable across builds and
/// platforms, unlike std's hasher, so that a name made from it means the
/// same source everywhere.
fn digest<'a>(parts: impl IntoIterator<Item = &'a str>) -> u64 {
    parts
        .into_iter()
        .flat_map(str::bytes)
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// The `SessionTemps` key of the helpers: named after a digest of their
/// source, so that a program never binds helpers of another shape.
fn helpers_key() -> &'static str {
    static KEY: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| format!("GsMcpHelpers_{:016x}", digest([HELPERS])));
    &KEY
}

/// Makes this session's helpers: `SessionTemps current at:put:` \[PG ch.
/// 3\].
pub fn install() -> String {
    format!(
        "{HELPERS}SessionTemps current at: {} put: h.\n'ok'",
        sym(helpers_key())
    )
}

/// The helpers by the index [`HELPERS`] stores them at (1, `reset`, is
/// sent by every program).
const HELPER_SLOTS: [(&str, usize); 13] = [
    ("str", 2),
    ("int", 3),
    ("list", 4),
    ("nul", 5),
    ("bool", 6),
    ("strs", 7),
    ("fail", 8),
    ("findClass", 9),
    ("findDict", 10),
    ("homeOf", 11),
    ("done", 12),
    ("cut", 14),
    ("isCls", 15),
];

/// The temporaries programs may use besides the helpers and arguments.
const PROGRAM_TEMPS: [&str; 13] = [
    "sl", "cls", "beh", "d", "res", "ps", "names", "home", "before", "after", "trunc", "depth",
    "failed",
];

/// True if `name` occurs in `body` as a whole word.
fn mentions(body: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    body.match_indices(name).any(|(at, _)| {
        !body[..at].chars().next_back().is_some_and(word)
            && !body[at + name.len()..].chars().next().is_some_and(word)
    })
}

/// The literals one run of a program is given: user text only ever
/// crosses as one of these, never as part of a program's source, so that
/// a program's block is the same whatever it is run with.
#[derive(Debug, Default)]
struct Args(Vec<String>);

impl Args {
    /// Adds `literal` and answers the name the block knows it by.
    fn add(&mut self, literal: String) -> String {
        self.0.push(literal);
        format!("a{}", self.0.len())
    }

    /// `text` as a string argument ([`lit`]).
    fn lit(&mut self, text: &str) -> String {
        self.add(lit(text))
    }

    /// `name` as a Symbol argument ([`sym`]).
    fn sym(&mut self, name: &str) -> String {
        self.add(sym(name))
    }

    /// `names` as an Array of Symbols argument ([`sym_array`]).
    fn sym_array(&mut self, names: &[String]) -> String {
        self.add(sym_array(names))
    }
}

/// One run of one of the backend's programs.
///
/// A program's source is compiled once per session, as a block kept in
/// `SessionTemps current` under a digest of its source ([`install_text`]);
/// each run is a short execution that takes the block and gives it the
/// run's arguments ([`run_text`]). The stone then compiles a line or two
/// per call, not the program. The block is `[:ex :a | …]`: `ex` the exit
/// block through which it ends early (`ex value: done value`, and `fail`),
/// `a` the Array of its arguments, bound to `a1`, `a2`, … first.
///
/// [`install_text`]: Program::install_text
/// [`run_text`]: Program::run_text
#[derive(Debug)]
pub struct Program {
    /// The program's own source, its arguments named `a1`, `a2`, ….
    body: String,
    /// The `SessionTemps` key the block is kept under.
    key: String,
    /// This run's arguments, as literals.
    args: Vec<String>,
}

impl Program {
    /// The key names a digest of the body (and of the helpers it binds):
    /// the block is made from them alone, and only when a session lacks
    /// it, so a call does not build it.
    fn new(args: Args, body: String) -> Program {
        let count = args.0.len().to_string();
        let key = format!(
            "GsMcpProgram_{:016x}",
            digest([helpers_key(), "\n", &count, "\n", &body])
        );
        Program {
            body,
            key,
            args: args.0,
        }
    }

    /// The block's source: the helpers the body names bound once, then
    /// `[:ex :a | …]` binding the arguments and `sl` and running the body,
    /// its early answers made through `ex`.
    fn block(&self) -> String {
        let body = &self.body;
        let helpers: Vec<(&str, usize)> = HELPER_SLOTS
            .into_iter()
            .filter(|(name, _)| *name == "done" || mentions(body, name))
            .collect();
        let mut temps: Vec<String> = (1..=self.args.len()).map(|n| format!("a{n}")).collect();
        temps.extend(
            PROGRAM_TEMPS
                .into_iter()
                .filter(|t| mentions(body, t))
                .map(String::from),
        );
        let names: Vec<&str> = helpers.iter().map(|(name, _)| *name).collect();
        let mut block = format!("| h {} |\n", names.join(" "));
        for (name, slot) in &helpers {
            block.push_str(&format!("{name} := h at: {slot}. "));
        }
        block.push_str(&format!(
            "\nSessionTemps current at: {} put: [:ex :a | | {} |\nh at: 13 put: ex.\n(h at: 1) value.\n",
            sym(&self.key),
            temps.join(" ")
        ));
        for n in 1..=self.args.len() {
            block.push_str(&format!("a{n} := a at: {n}. "));
        }
        block.push('\n');
        if mentions(body, "sl") {
            block.push_str("sl := System myUserProfile symbolList.\n");
        }
        let body = body
            .replace("^ done value", "ex value: done value")
            .replace("^ fail value:", "fail value:");
        block.push_str(&format!("{body}\ndone value]"));
        block
    }

    /// True if an argument holds a NUL, which ends a C string: such a
    /// program cannot be sent.
    pub fn holds_nul(&self) -> bool {
        self.args.iter().any(|a| a.contains('\0'))
    }

    /// The execution that makes this program's block, or answers
    /// [`NOT_INSTALLED`] when the session has no helpers to bind.
    pub fn install_text(&self) -> String {
        let block = self.block();
        let (head, rest) = block.split_once('\n').unwrap_or((&block, ""));
        format!(
            "{head}\nh := SessionTemps current at: {} ifAbsent: [nil].\nh == nil ifTrue: [^ {}].\n{rest}.\n'ok'",
            sym(helpers_key()),
            lit(NOT_INSTALLED)
        )
    }

    /// The execution that runs this program's block with the exit block
    /// and an Array of this run's arguments (`value:value:`, `at:put:`,
    /// `yourself` \[ANSI\]), or answers
    /// [`NOT_INSTALLED`] when the session has not made the block.
    pub fn run_text(&self) -> String {
        let mut out = format!(
            "| p |\np := SessionTemps current at: {} ifAbsent: [nil].\np == nil ifTrue: [^ {}].\n^ p value: [:x | ^ x] value: ",
            sym(&self.key),
            lit(NOT_INSTALLED)
        );
        if self.args.is_empty() {
            out.push_str("#()");
        } else {
            out.push_str(&format!("((Array new: {})", self.args.len()));
            for (n, arg) in self.args.iter().enumerate() {
                out.push_str(&format!(" at: {} put: {arg};", n + 1));
            }
            out.push_str(" yourself)");
        }
        out
    }
}

/// `list value: n+1. str value: 'ok'.` — the head of an answer of `n`
/// fields.
fn ok(fields: usize) -> String {
    format!("list value: {}. str value: 'ok'.\n", fields + 1)
}

fn program(body: String, args: Args) -> Program {
    Program::new(args, body)
}

/// `beh` bound to the class (`meta` false) or its metaclass (`class`
/// \[ANSI\]).
fn side(meta: bool) -> &'static str {
    if meta {
        "beh := cls class.\n"
    } else {
        "beh := cls.\n"
    }
}

/// The stone's version and name: `System stoneVersionAt: 'gsVersion'`
/// \[Grail\], `System stoneName` \[PG\].
pub fn stone_facts() -> Program {
    program(
        format!(
            "{}str value: (System stoneVersionAt: 'gsVersion') asString. str value: System stoneName asString.",
            ok(2)
        ),
        Args::default(),
    )
}

/// The names of the symbol list's dictionaries, in order: `names`
/// \[Rowan\].
pub fn dictionaries() -> Program {
    program(format!("{}strs value: sl names.", ok(1)), Args::default())
}

/// The keys of a dictionary bound to classes: `keysAndValuesDo:` \[ANSI\],
/// `isBehavior` \[PG\].
pub fn classes(dictionary: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "d := findDict value: {}.
names := OrderedCollection new.
d keysAndValuesDo: [:x1 :x2 | (isCls value: x2) ifTrue: [names add: x1]].
{}strs value: names.",
            a.sym(dictionary),
            ok(1)
        ),
        a,
    )
}

/// Every class the symbol list binds under its own name:
/// `keysAndValuesDo:` \[ANSI\], `isBehavior` \[PG\].
pub fn class_names() -> Program {
    program(
        format!(
            "names := OrderedCollection new.
sl do: [:x3 | x3 keysAndValuesDo: [:x1 :x2 | ((isCls value: x2) and: [x2 name asString = x1 asString]) ifTrue: [names add: x1]]].
{}strs value: names.",
            ok(1)
        ),
        Args::default(),
    )
}

/// Every binding of a dictionary, each with the bound class's own name
/// (or nil): `keysAndValuesDo:` \[ANSI\].
pub fn entries(dictionary: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "d := findDict value: {}.
names := OrderedCollection new.
d keysAndValuesDo: [:x1 :x2 | names add: (Array with: x1 with: ((isCls value: x2) ifTrue: [x2 name] ifFalse: [nil]))].
{}list value: names size.
names do: [:x1 | list value: 2. str value: (x1 at: 1). (x1 at: 2) == nil ifTrue: [nul value] ifFalse: [str value: (x1 at: 2)]].",
        a.sym(dictionary),
        ok(1)
    ), a)
}

/// What describe_class and the definition need of a class: its own name,
/// superclass, home dictionary, variables (`instVarNames`,
/// `classVarNames`, the metaclass's `instVarNames` \[Jadeite\]), category,
/// comment (`category`, `comment` \[PG\]), whether Globals binds it under
/// its name (the kernel-class test of \[mcp_server\]) and its kind
/// (`isBytes`, `isIndexable` \[PG\]).
pub fn class_facts(class_name: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
home := homeOf value: cls.
{}{FACTS}",
            a.sym(class_name),
            ok(FACTS_FIELDS)
        ),
        a,
    )
}

/// [`class_facts`] followed by each side's selectors (`selectors`
/// \[Jadeite\]), for `describe_class` in one execution.
pub fn class_overview(class_name: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
home := homeOf value: cls.
{}{FACTS}
strs value: cls selectors asArray.
strs value: cls class selectors asArray.",
            a.sym(class_name),
            ok(FACTS_FIELDS + 2)
        ),
        a,
    )
}

/// [`class_facts`] followed by each side's selectors with their
/// categories, as [`selectors`] writes them, for `list_methods` in one
/// execution.
pub fn class_categories(class_name: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
home := homeOf value: cls.
{}{FACTS}
beh := cls.
{SIDE}
beh := cls class.
{SIDE}",
            a.sym(class_name),
            ok(FACTS_FIELDS + 2 * SIDE_FIELDS)
        ),
        a,
    )
}

/// How many fields [`FACTS`] writes.
const FACTS_FIELDS: usize = 10;

/// The fields [`class_facts`] answers, of `cls` bound in `home`.
const FACTS: &str = "str value: cls name.
cls superclass == nil ifTrue: [nul value] ifFalse: [str value: cls superclass name].
home == nil ifTrue: [nul value] ifFalse: [str value: home name].
strs value: cls instVarNames asArray.
strs value: cls classVarNames asArray.
strs value: cls class instVarNames asArray.
cls category == nil ifTrue: [nul value] ifFalse: [str value: cls category].
cls comment == nil ifTrue: [nul value] ifFalse: [str value: cls comment].
bool value: (Globals at: cls name otherwise: nil) == cls.
str value: (cls isBytes ifTrue: ['bytes'] ifFalse: [cls isIndexable ifTrue: ['indexable'] ifFalse: ['pointers']]).";

/// Whether a name resolves to a class that Globals binds under its own
/// name (the kernel-class test of \[mcp_server\]); false for an unknown
/// name or a global that is not a class.
pub fn is_kernel_class(class_name: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "home := sl detect: [:x1 | x1 includesKey: {0}] ifNone: [nil].
cls := home == nil ifTrue: [nil] ifFalse: [home at: {0}].
{1}bool value: (cls ~~ nil and: [(isCls value: cls) and: [(Globals at: cls name otherwise: nil) == cls]]).",
        a.sym(class_name),
        ok(1)
    ), a)
}

/// The selectors of one side of a class with each one's category:
/// `selectors`, `categoryOfSelector:` \[Jadeite\].
pub fn selectors(class_name: &str, meta: bool) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
{}{}{SIDE}",
            a.sym(class_name),
            side(meta),
            ok(SIDE_FIELDS)
        ),
        a,
    )
}

/// The selectors of `beh` and each one's category (empty for none), two
/// fields: the selectors, then their categories in the same order.
const SIDE: &str = "names := beh selectors asArray.
strs value: names.
strs value: (names collect: [:x1 | (beh categoryOfSelector: x1) ifNil: ['']]).";

/// How many fields [`SIDE`] writes.
const SIDE_FIELDS: usize = 2;

/// The class's own name, its superclasses (nearest first:
/// `allSuperclasses` \[PG\]) and direct subclasses (`ClassOrganizer new
/// subclassesOf:` \[Jadeite\]).
pub fn hierarchy(class_name: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
{}str value: cls name.
strs value: (cls allSuperclasses asArray collect: [:x1 | x1 name]).
strs value: ((ClassOrganizer new subclassesOf: cls) asArray collect: [:x1 | x1 name]).",
            a.sym(class_name),
            ok(3)
        ),
        a,
    )
}

/// The class's own name and the class in Topaz form: `fileOutClass`
/// \[Jadeite, mcp_server\].
pub fn file_out(class_name: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
{}str value: cls name.
str value: cls fileOutClass.",
            a.sym(class_name),
            ok(2)
        ),
        a,
    )
}

/// One method's source and category (`includesSelector:` \[PG\],
/// `sourceCodeAt:`, `categoryOfSelector:` \[Jadeite\]), with the class's own
/// name.
pub fn method(class_name: &str, meta: bool, selector: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "cls := findClass value: {0}.
{1}(beh includesSelector: {2}) ifFalse: [^ fail value: 'noMethod' value: (Array with: cls name with: {3} with: {4})].
res := beh categoryOfSelector: {2}.
{5}str value: cls name.
str value: (beh sourceCodeAt: {2}).
res == nil ifTrue: [nul value] ifFalse: [str value: res].",
        a.sym(class_name),
        side(meta),
        a.sym(selector),
        a.lit(if meta { "class" } else { "instance" }),
        a.lit(selector),
        ok(3)
    ), a)
}

/// Methods as `ClassOrganizer` answers them \[Jasper\]: each GsNMethod's
/// `inClass` (`theNonMetaClass`, `isMeta` \[PG\]) and `selector`.
fn method_list(query: &str, a: Args) -> Program {
    program(format!(
        "res := {query} asArray.
{}list value: res size.
res do: [:x1 | list value: 3. str value: x1 inClass theNonMetaClass name. bool value: x1 inClass isMeta. str value: x1 selector].",
        ok(1)
    ), a)
}

/// Every method of a class, both sides, with its source and category:
/// `selectors`, `sourceCodeAt:`, `categoryOfSelector:` \[Jadeite\].
pub fn class_sources(class_name: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "cls := findClass value: {}.
res := OrderedCollection new.
(Array with: cls with: cls class) do: [:x1 | x1 selectors do: [:x2 | res add: (Array with: x1 isMeta with: x2 with: (x1 sourceCodeAt: x2) with: ((x1 categoryOfSelector: x2) ifNil: ['']))]].
{}list value: res size.
res do: [:x1 | list value: 4. bool value: (x1 at: 1). str value: (x1 at: 2). str value: (x1 at: 3). str value: (x1 at: 4)].",
        a.sym(class_name),
        ok(1)
    ), a)
}

/// Methods implementing a selector: `ClassOrganizer new implementorsOf:`
/// \[Jasper\].
pub fn implementors(selector: &str) -> Program {
    let mut a = Args::default();
    method_list(
        &format!("(ClassOrganizer new implementorsOf: {})", a.sym(selector)),
        a,
    )
}

/// Methods sending a selector: `ClassOrganizer new sendersOf:` \[Jasper\].
pub fn senders(selector: &str) -> Program {
    let mut a = Args::default();
    method_list(
        &format!("(ClassOrganizer new sendersOf: {})", a.sym(selector)),
        a,
    )
}

/// Methods referring to a name. A name the symbol list binds: the
/// methods `ClassOrganizer new referencesToObject:` \[PG\] answers for its
/// value (`detect:ifNone:`, `includesKey:` \[ANSI\]), as `refs`. Otherwise
/// a class variable (`classVarNames` \[Jadeite\]) of classes in the symbol
/// list: the methods of those classes and their subclasses
/// (`allSubclassesOf:` \[PG\]), both sides, whose source holds the name, as
/// `sources` with each source (the Rust side keeps those naming it as a
/// whole word). Neither: the error `noName`.
pub fn references_to(name: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "home := sl detect: [:x1 | x1 includesKey: {sym}] ifNone: [nil].
home == nil ifFalse: [
  res := (ClassOrganizer new referencesToObject: (home at: {sym})) asArray.
  {ok}str value: 'refs'. list value: res size.
  res do: [:x1 | list value: 3. str value: x1 inClass theNonMetaClass name. bool value: x1 inClass isMeta. str value: x1 selector].
  ^ done value].
names := OrderedCollection new.
sl do: [:x1 | x1 keysAndValuesDo: [:x2 :x3 |
  ((isCls value: x3) and: [(names includes: x3) not and: [(x3 classVarNames asArray collect: [:x4 | x4 asString]) includes: {lit}]])
    ifTrue: [names add: x3]]].
names isEmpty ifTrue: [^ fail value: 'noName' value: (Array with: {lit})].
res := OrderedCollection new.
before := IdentitySet new.
names do: [:x1 | ((Array with: x1) , (ClassOrganizer new allSubclassesOf: x1) asArray) do: [:x2 |
  (before includes: x2) ifFalse: [before add: x2.
    (Array with: x2 with: x2 class) do: [:x3 | x3 selectors do: [:x4 | | x5 |
      x5 := x3 sourceCodeAt: x4.
      (x5 ~~ nil and: [(x5 findString: {lit} startingAt: 1) > 0])
        ifTrue: [res add: (Array with: x2 name with: x3 isMeta with: x4 with: x5)]]]]]].
{ok}str value: 'sources'. list value: res size.
res do: [:x1 | list value: 4. str value: (x1 at: 1). bool value: (x1 at: 2). str value: (x1 at: 3). str value: (x1 at: 4)].",
        sym = a.sym(name),
        lit = a.lit(name),
        ok = ok(2)
    ), a)
}

/// Methods whose source holds a text: every class of the symbol list (or
/// of one of its dictionaries), once, under its own name, both sides;
/// `selectors`, `sourceCodeAt:` \[Jadeite\], `findString:startingAt:`,
/// `asLowercase` \[PG ch. 5\], `IdentitySet` \[PG\].
pub fn search_source(text: &str, ignore_case: bool, dictionary: Option<&str>) -> Program {
    let mut a = Args::default();
    let scope = match dictionary {
        Some(name) => format!(
            "d := findDict value: {}.\nnames := Array with: d.\n",
            a.sym(name)
        ),
        None => "names := sl.\n".to_string(),
    };
    let (pattern, source) = if ignore_case {
        (format!("{} asLowercase", a.lit(text)), "x5 asLowercase")
    } else {
        (a.lit(text), "x5")
    };
    program(format!(
        "{scope}res := OrderedCollection new.
before := IdentitySet new.
ps := {pattern}.
names do: [:x1 | x1 keysAndValuesDo: [:x2 :x3 |
  ((isCls value: x3) and: [(x3 name = x2) and: [(before includes: x3) not and: [(homeOf value: x3) == x1]]]) ifTrue: [
    before add: x3.
    (Array with: x3 with: x3 class) do: [:x4 |
      x4 selectors do: [:x6 | | x5 |
        x5 := x4 sourceCodeAt: x6.
        (x5 ~~ nil and: [({source} findString: ps startingAt: 1) > 0])
          ifTrue: [res add: (Array with: x3 name with: x4 isMeta with: x6)]]]]]].
{}list value: res size.
res do: [:x1 | list value: 3. str value: (x1 at: 1). bool value: (x1 at: 2). str value: (x1 at: 3)].",
        ok(1)
    ), a)
}

/// A doit: the code compiled and run by `String>>evaluate` \[mcp_server\],
/// its value's `printString` cut at [`PRINT_CHARS`] (`copyFrom:to:`
/// \[ANSI\]); a compile error (`CompileError` \[PG ch. 15\]) or an unhandled
/// `Error` or `Halt` \[PG ch. 15\] (an `ExceptionSet` made with `,` \[ANSI\])
/// answered as an error frame with the class's `name`, the exception's
/// `description` \[ANSI\], the Transcript written before it (read once
/// the handler's `return:` \[ANSI\] has unwound the doit, so what its
/// `ensure:` blocks wrote is in it), and where it
/// was signalled: the handler's `GsProcess stackReportToLevel:` with the
/// number of activations below the doit's (a report counted just before
/// `evaluate`), which [`doit_stack`] cuts away. The
/// Transcript is caught by putting a WriteStream where GemStone's
/// `TranscriptStreamPortable` writes, `SessionTemps current at:
/// #TranscriptStream_SessionStream` \[Jadeite's `JadeServer64bit3x>>installTranscript`,
/// Jasper's Transcript sink\], for the length of the doit (`ensure:` \[ANSI\]
/// puts back what was there). Last, the name of the value's class (`class`,
/// `name` \[ANSI\]).
pub fn execute(code: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "d := WriteStream on: String new.
home := SessionTemps current at: #TranscriptStream_SessionStream ifAbsent: [nil].
SessionTemps current at: #TranscriptStream_SessionStream put: d.
[res := [[depth := (GsProcess stackReportToLevel: {outer}) occurrencesOf: Character lf. {code} evaluate]
      on: CompileError do: [:x1 | ^ fail value: 'compile' value: (Array with: x1 description)]]
    on: Error, Halt do: [:x1 | failed := Array with: (cut value: x1 class name value: {text}) with: (cut value: x1 description value: {text}) with: (cut value: ([GsProcess stackReportToLevel: {levels}] on: Error do: [:x2 | x2 return: '']) value: {text}) with: depth printString.
      x1 return: nil].
  failed ~~ nil ifTrue: [^ fail value: 'exception' value: (Array with: (failed at: 1) with: (failed at: 2) with: (cut value: d contents value: {out}) with: (failed at: 3) with: (failed at: 4))].
  ps := [res printString] on: Error do: [:x1 | ^ fail value: 'exception' value: (Array with: (cut value: x1 class name value: {text}) with: 'while printing the result: ' , (cut value: x1 description value: {text}) with: (cut value: d contents value: {out}))]]
  ensure: [home == nil
    ifTrue: [SessionTemps current removeKey: #TranscriptStream_SessionStream ifAbsent: [nil]]
    ifFalse: [SessionTemps current at: #TranscriptStream_SessionStream put: home]].
trunc := ps size > {cap}.
trunc ifTrue: [ps := ps copyFrom: 1 to: {cap}].
{ok}str value: ps. bool value: trunc. str value: (cut value: d contents value: {out}). str value: (cut value: res class name value: {text}).",
        code = a.lit(code),
        cap = PRINT_CHARS,
        out = TRANSCRIPT_CHARS,
        text = TEXT_CHARS,
        levels = STACK_LEVELS,
        outer = OUTER_LEVELS,
        ok = ok(4)
    ), a)
}

/// How many activations the report counted before a doit runs may
/// hold: the program's own, a dozen on a stone.
const OUTER_LEVELS: usize = 100;

/// The classes under TestCase the symbol list reaches: `ClassOrganizer
/// new allSubclassesOf:` \[PG\], each once under its own name.
pub fn test_classes() -> Program {
    program(format!(
        "res := (ClassOrganizer new allSubclassesOf: TestCase) asArray select: [:x1 | (homeOf value: x1) ~~ nil].
{}strs value: (res collect: [:x1 | x1 name]).",
        ok(1)
    ), Args::default())
}

/// What the test classes' `isAbstract` (SUnit) answers, one String per
/// class as `AbstractTestClasses::from_lines` reads them: `A<tab>Name`
/// when it answers true, `E<tab>Name<tab>ExceptionClass<tab>description`
/// when it signals an error (tabs and line ends in those made spaces).
pub fn abstract_test_classes() -> Program {
    program(format!(
        "res := OrderedCollection new.
(ClassOrganizer new allSubclassesOf: TestCase) asArray do: [:x1 | (homeOf value: x1) ~~ nil ifTrue: [ | x2 x3 x5 |
  x3 := nil.
  x5 := String with: Character tab.
  x2 := [x1 isAbstract] on: Error do: [:x4 | x3 := x4. x4 return: false].
  x2 == true ifTrue: [res add: 'A' , x5 , x1 name asString].
  x3 == nil ifFalse: [res add: 'E' , x5 , x1 name asString , x5 , (x3 class name asString collect: [:x6 | x6 isSeparator ifTrue: [$ ] ifFalse: [x6]]) , x5 , (x3 description asString collect: [:x6 | x6 isSeparator ifTrue: [$ ] ifFalse: [x6]])]]].
{}strs value: res asArray.",
        ok(1)
    ), Args::default())
}

/// The tests a TestCase class runs: `inheritsFrom:` \[PG\],
/// `allTestSelectors` (SUnit) — or the error `notTestCase`.
pub fn test_selectors(class_name: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
(cls inheritsFrom: TestCase) ifFalse: [^ fail value: 'notTestCase' value: (Array with: cls name)].
{}str value: cls name.
strs value: cls allTestSelectors asArray.",
            a.sym(class_name),
            ok(2)
        ),
        a,
    )
}

/// Sends each of a test class's resources `current` (before a run) or
/// `reset` (after), as SUnit's TestSuite does: `resources` (SUnit).
pub fn test_resources(class_name: &str, start: bool) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
cls resources do: [:x1 | x1 {}].
{}",
            a.sym(class_name),
            if start { "current" } else { "reset" },
            ok(0)
        ),
        a,
    )
}

/// Runs one test as SUnit's `TestCase>>runCase` does (`selector:`,
/// `setUp`, `perform:`, `tearDown` in an `ensure:`), telling a
/// `TestFailure` (SUnit) from any other `Error`: answers `passed`, or
/// `failure` / `error` with the exception's class name and description,
/// and the stack where it was signalled: `GsProcess
/// stackReportToLevel:` (GemStone/S 64's, which GsDevKit's and GemTalk's
/// test runners log failures with) asked by the handler, which runs
/// on top of the signalling activations (ANSI); empty when the stone
/// cannot report it (read with [`test_stack`]).
pub fn run_test(class_name: &str, selector: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "cls := findClass value: {class}.
res := cls selector: {selector}.
ps := nil.
d := ''.
[[res setUp. res perform: res selector] ensure: [res tearDown]]
  on: TestFailure, Error do: [:x1 | ps := x1.
    d := [GsProcess stackReportToLevel: {levels}] on: Error do: [:x2 | x2 return: ''].
    x1 return: nil].
{ok}ps == nil
  ifTrue: [str value: 'passed'. str value: ''. str value: ''. str value: '']
  ifFalse: [str value: ((ps isKindOf: TestFailure) ifTrue: ['failure'] ifFalse: ['error']). str value: (cut value: ps class name value: {text}). str value: (cut value: ps description value: {text}). str value: (cut value: d value: {text})].",
        class = a.sym(class_name),
        selector = a.sym(selector),
        levels = STACK_LEVELS,
        ok = ok(4),
        text = TEXT_CHARS
    ), a)
}

/// How many activations a test's handler asks the stack report for: the
/// handler's own and the signalling machinery's come first.
const STACK_LEVELS: usize = 40;

/// How many activations of where a test's exception was signalled its
/// defect keeps.
const STACK_KEPT: usize = 20;

/// Classes whose methods are the kernel's signalling and SUnit machinery,
/// not the code under test: a stone's report does not say.
const KERNEL_CLASSES: &[&str] = &[
    "AbstractException",
    "Exception",
    "Error",
    "TestFailure",
    "ExceptionSet",
    "Object",
    "ProtoObject",
    "ExecBlock",
    "GsProcess",
    "TestAsserter",
    "TestCase",
    "TestResult",
    "TestSuite",
];

/// The activations of a stack report made by [`run_test`]'s handler,
/// innermost first, without the handler's own: each line is
/// `AcmeOrder >> total line 4` (the embedded image's and the test
/// stone's), or on a stone `3 AcmeOrder (Object) >> error: (envId 0) @6
/// line 7`, its number, environment and offset dropped. Frames of the
/// kernel's signalling and SUnit classes and of gs-mcp's own program
/// (`Executed Code`) are marked kernel.
pub fn test_stack(report: &str) -> Vec<gs_toolset::StackFrame> {
    without_handler(report.lines().filter_map(stack_line).collect())
}

/// The activations of a doit's stack report (see [`execute`]), innermost
/// first, without the handler's and without the `outer` outermost ones,
/// which are the program's: what is left ends with the doit's own
/// activation (`Executed Code`), past which a stone's `evaluate`
/// machinery is cut too. The doit's activations, blocks and any doit it
/// evaluated itself are the caller's code, not kernel. A report as long
/// as was asked for may lack its outermost activations, so nothing is
/// cut from its end.
pub fn doit_stack(report: &str, outer: &str) -> Vec<gs_toolset::StackFrame> {
    let mut frames: Vec<gs_toolset::StackFrame> = report.lines().filter_map(stack_line).collect();
    if frames.len() < STACK_LEVELS
        && let Ok(outer) = outer.trim().parse::<usize>()
    {
        frames.truncate(frames.len().saturating_sub(outer));
        if let Some(doit) = frames.iter().rposition(|f| f.method == "Executed Code") {
            frames.truncate(doit + 1);
        }
    }
    let mut frames = without_handler(frames);
    for f in &mut frames {
        if f.method.trim_start_matches("[] in ") == "Executed Code" {
            f.kernel = false;
        }
    }
    frames
}

/// `frames` without the handler's activations (the innermost, blocks of
/// gs-mcp's program), cut to [`STACK_KEPT`].
fn without_handler(mut frames: Vec<gs_toolset::StackFrame>) -> Vec<gs_toolset::StackFrame> {
    let handler = frames
        .iter()
        .take_while(|f| f.method.starts_with("[] in ") && f.method.ends_with("Executed Code"))
        .count();
    frames.drain(..handler);
    frames.truncate(STACK_KEPT);
    frames
}

fn stack_line(line: &str) -> Option<gs_toolset::StackFrame> {
    let text = line.trim().trim_start_matches("==>").trim_start();
    let text = text.trim_start_matches(|c: char| c.is_ascii_digit()).trim();
    if text.is_empty() {
        return None;
    }
    let (head, number) = match text.rsplit_once(" line ") {
        Some((head, n)) => (head, n.split_whitespace().next()?.parse::<u32>().ok()),
        None => (text, None),
    };
    let head = head.split(" (envId").next().unwrap_or(head);
    let head = head.split(" @").next().unwrap_or(head).trim();
    let method = head.split_whitespace().collect::<Vec<_>>().join(" ");
    let kernel = method.trim_start_matches("[] in ") == "Executed Code"
        || KERNEL_CLASSES.contains(&frame_class(&method));
    Some(gs_toolset::StackFrame {
        method,
        line: number,
        kernel,
    })
}

/// The class whose method a frame runs: `Object` of `AcmeOrder (Object) >>
/// error:`, `AcmeOrder` of `[] in AcmeOrder class >> total`; empty for
/// executed code.
pub fn frame_class(method: &str) -> &str {
    let plain = method.trim_start_matches("[] in ");
    match plain.split_once(" >> ") {
        Some((receiver, _)) => {
            // `AcmeOrder (Object)`: the method is Object's.
            let owner = match receiver.split_once(" (") {
                Some((_, rest)) => rest.trim_end_matches(')'),
                None => receiver,
            };
            owner.trim_end_matches(" class")
        }
        None => "",
    }
}

/// The classes, sorted and each once, of the `(method, kernel)` frames
/// not marked kernel: what [`kernel_classes_among`] is asked about.
pub fn unmarked_classes<'a>(frames: impl Iterator<Item = (&'a str, bool)>) -> Vec<String> {
    let mut names: Vec<String> = frames
        .filter(|(_, kernel)| !kernel)
        .map(|(method, _)| frame_class(method))
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// True if the frame running `method` runs one of `classes`' methods.
pub fn of_a_class_among(method: &str, classes: &[String]) -> bool {
    let class = frame_class(method);
    classes.iter().any(|c| c == class)
}

/// Which of `names` are kernel classes, by the kernel-class test of
/// [`is_kernel_class`]: a class bound in Globals under its own name. A
/// stone's stack report does not say which of its frames are the
/// kernel's; this asks, for the classes a report names.
pub fn kernel_classes_among(names: &[String]) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "names := {}.
res := names select: [:x1 | | x2 | x2 := Globals at: x1 otherwise: nil.
  x2 ~~ nil and: [(isCls value: x2) and: [x2 name asString = x1 asString]]].
{}strs value: (res collect: [:x1 | x1 asString]) asArray.",
            a.sym_array(names),
            ok(1)
        ),
        a,
    )
}

/// Commits: `System needsCommit`, `System commitTransaction` \[Grail\]; a
/// failed commit answers `System transactionConflicts` keys \[PG ch. 9\],
/// an Error during it its description.
pub fn commit() -> Program {
    program(format!(
        "before := System needsCommit.
res := [System commitTransaction] on: Error do: [:x1 | ^ fail value: 'commitRefused' value: (Array with: (cut value: x1 description value: {text}))].
res ifFalse: [names := OrderedCollection new.
  System transactionConflicts keysAndValuesDo: [:x1 :x2 | x1 == #commitResult ifFalse: [x2 do: [:x3 | names add: x1 , ': ' , x3 printString]]].
  ^ fail value: 'conflict' value: names asArray].
{ok}bool value: before.",
        ok = ok(1),
        text = TEXT_CHARS
    ), Args::default())
}

/// Aborts: `System abortTransaction` \[Grail\].
pub fn abort() -> Program {
    program(
        format!("System abortTransaction.\n{}", ok(0)),
        Args::default(),
    )
}

/// Refreshes a session without changes (`System needsCommit`,
/// `abortTransaction` \[Grail\]), or fails with `pending`.
pub fn refresh() -> Program {
    program(
        format!(
            "System needsCommit ifTrue: [^ fail value: 'pending' value: #()].
System abortTransaction.
{}",
            ok(0)
        ),
        Args::default(),
    )
}

/// The session's facts: `System myUserProfile userId` \[PG\], `System
/// session` (the session's number) \[PG\], `System stoneName` \[PG\],
/// `System needsCommit` \[Grail\].
pub fn status() -> Program {
    program(
        format!(
            "{}str value: System myUserProfile userId asString. int value: System session. str value: System stoneName asString. bool value: System needsCommit.",
            ok(4)
        ),
        Args::default(),
    )
}

/// Compiles a method: `compileMethod:dictionaries:category:environmentId:`
/// \[Jadeite\] (environment 0, Smalltalk), answering the class's own name and
/// the method's `selector` \[Jasper\]; a `CompileError` \[PG\] is answered with
/// its description.
pub fn compile_method(class_name: &str, meta: bool, category: &str, source: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
{}res := [beh compileMethod: {} dictionaries: sl category: {} environmentId: 0]
  on: CompileError do: [:x1 | ^ fail value: 'compile' value: (Array with: x1 description)].
{}str value: cls name. str value: res selector.",
            a.sym(class_name),
            side(meta),
            a.lit(source),
            a.lit(category),
            ok(2)
        ),
        a,
    )
}

/// Defines or redefines a class with GemStone's class-definition message
/// `subclass:instVarNames:classVars:classInstVars:poolDictionaries:inDictionary:options:`
/// \[PG, Jadeite\] and `category:` \[PG\]. The superclass must resolve to a
/// class (`noSuperclass`), the dictionary be in the symbol list, and the
/// name pass the kernel-name guard (`kernel_name_guard`).
pub fn define_class(
    name: &str,
    superclass: Option<&str>,
    dictionary: &str,
    instance_variables: &[String],
    class_variables: &[String],
    class_instance_variables: &[String],
    category: Option<&str>,
) -> Program {
    let mut a = Args::default();
    let superclass = match superclass {
        None => "res := nil.\n".to_string(),
        Some(s) => format!(
            "home := sl detect: [:x1 | x1 includesKey: {0}] ifNone: [nil].
(home == nil or: [(isCls value: (home at: {0})) not]) ifTrue: [^ fail value: 'noSuperclass' value: (Array with: {1} with: {2} with: System myUserProfile userId)].
res := home at: {0}.\n",
            a.sym(s),
            a.lit(s),
            a.lit(name)
        ),
    };
    let category = match category {
        Some(c) => format!("cls category: {}.\n", a.lit(c)),
        None => String::new(),
    };
    let dict = a.sym(dictionary);
    let guard = kernel_name_guard(&mut a, name, dictionary);
    program(format!(
        "d := findDict value: {dict}.
{guard}{superclass}cls := [res subclass: {name} instVarNames: {iv} classVars: {cv} classInstVars: {civ} poolDictionaries: #() inDictionary: d options: #()]
  on: Error do: [:x1 | ^ fail value: 'defineRefused' value: (Array with: (cut value: x1 description value: {text}))].
{category}{ok}str value: cls name.",
        name = a.lit(name),
        iv = a.sym_array(instance_variables),
        cv = a.sym_array(class_variables),
        civ = a.sym_array(class_instance_variables),
        ok = ok(1),
        text = TEXT_CHARS
    ), a)
}

/// The kernel-name guard, for a definition that binds `name` in the
/// dictionary the program holds in `d` (named `dictionary`; nil when the
/// symbol list has none of that name): unless `d` already binds `name`
/// (a redefinition, which the other checks govern), the program ends
/// with `defineRefused` when `name` is the name of a dictionary of the
/// symbol list (`names` \[Rowan\]), or when `d` is not `Globals` and
/// `Globals` binds `name` (`includesKey:` \[ANSI\]) — a class there is
/// a kernel class, anything else a kernel global, as the kernel-class test
/// counts every class `Globals` binds under its name (docs/gemstone.md,
/// "The kernel-name guard"). It runs in the program that defines, so
/// nothing can come between the check and the binding; the refusals are
/// worded on this side (`gs_toolset::shadowing_a_kernel_name`) and given
/// as arguments, so the block does not depend on them.
fn kernel_name_guard(a: &mut Args, name: &str, dictionary: &str) -> String {
    use gs_toolset::{KernelName, shadowing_a_kernel_name};
    let mut refusal = |kind| a.lit(&shadowing_a_kernel_name(kind, name, dictionary).message);
    let (as_dictionary, as_class, as_global) = (
        refusal(KernelName::Dictionary),
        refusal(KernelName::Class),
        refusal(KernelName::Global),
    );
    let name = a.sym(name);
    format!(
        "(d ~~ nil and: [d includesKey: {name}]) ifFalse: [
  (sl names includes: {name}) ifTrue: [^ fail value: 'defineRefused' value: (Array with: {as_dictionary})].
  (d ~~ Globals and: [Globals includesKey: {name}]) ifTrue: [
    ^ fail value: 'defineRefused' value: (Array with: ((isCls value: (Globals at: {name})) ifTrue: [{as_class}] ifFalse: [{as_global}]))]].\n"
    )
}

/// The parts of a class a redefinition can change, or nil for none:
/// `definition`, `comment`, `category` \[PG\].
fn snapshot(a: &mut Args, into: &str, class_name: &str) -> String {
    format!(
        "home := sl detect: [:x1 | x1 includesKey: {0}] ifNone: [nil].
{into} := (home ~~ nil and: [isCls value: (home at: {0})])
  ifTrue: [Array with: (home at: {0}) definition with: ((home at: {0}) comment ifNil: ['']) with: ((home at: {0}) category ifNil: [''])]
  ifFalse: [nil].\n",
        a.sym(class_name)
    )
}

/// Evaluates a class-definition source with `String>>evaluate`
/// \[mcp_server\] (the form a file-out writes, `comment:` and `category:`
/// statements included), which must answer a class (`notAClassValue`),
/// and answers the class's own name, home dictionary, and its definition,
/// comment and category before (nil if it did not exist) and after. The
/// name must first pass the kernel-name guard (`kernel_name_guard`) for `dictionary`, the one
/// the definition names (UserGlobals, where the embedded image puts it,
/// when it names none); it need not be in the symbol list here.
pub fn define_class_from_source(class_name: &str, dictionary: &str, source: &str) -> Program {
    let mut a = Args::default();
    let dict = a.sym(dictionary);
    let guard = kernel_name_guard(&mut a, class_name, dictionary);
    program(
        format!(
            "d := sl detect: [:x1 | x1 name = {dict}] ifNone: [nil].
{guard}{before}res := [[{code} evaluate]
    on: CompileError do: [:x1 | ^ fail value: 'compile' value: (Array with: x1 description)]]
  on: Error do: [:x1 | ^ fail value: 'defineRefused' value: (Array with: (cut value: x1 description value: {text}))].
(res ~~ nil and: [isCls value: res]) ifFalse: [^ fail value: 'notAClassValue' value: #()].
{after}home := homeOf value: res.
{ok}str value: res name.
home == nil ifTrue: [nul value] ifFalse: [str value: home name].
before == nil ifTrue: [nul value] ifFalse: [strs value: before].
strs value: after.",
            before = snapshot(&mut a, "before", class_name),
            code = a.lit(source),
            after = snapshot(&mut a, "after", class_name),
            ok = ok(4),
            text = TEXT_CHARS
        ),
        a,
    )
}

/// Adds an empty dictionary at the end of the symbol list:
/// `createDictionaryNamed:at:` \[GemConnect\]; an existing name is the
/// error `dictionaryExists`.
pub fn add_dictionary(name: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "(sl names includes: {0}) ifTrue: [^ fail value: 'dictionaryExists' value: (Array with: {1})].
sl createDictionaryNamed: {0} at: sl size + 1.
{2}",
        a.sym(name),
        a.lit(name),
        ok(0)
    ), a)
}

/// Removes a dictionary from the symbol list (`removeDictionaryNamed:`
/// \[Jadeite\]), refusing the standard ones (`standardDictionary`) and one
/// that is the home of classes (`homeOfClasses`).
pub fn remove_dictionary(name: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "d := findDict value: {0}.
(#(#Globals #UserGlobals #Published) includes: d name) ifTrue: [^ fail value: 'standardDictionary' value: (Array with: {1})].
names := OrderedCollection new.
d keysAndValuesDo: [:x1 :x2 | ((isCls value: x2) and: [x2 name = x1 and: [(homeOf value: x2) == d]]) ifTrue: [names add: x1]].
names isEmpty ifFalse: [^ fail value: 'homeOfClasses' value: (Array with: {1}) , names asArray].
sl removeDictionaryNamed: {0}.
{2}",
        a.sym(name),
        a.lit(name),
        ok(0)
    ), a)
}

/// Removes a method: `removeSelector:` \[Jadeite\], or `noMethod`.
pub fn delete_method(class_name: &str, meta: bool, selector: &str) -> Program {
    let mut a = Args::default();
    program(format!(
        "cls := findClass value: {0}.
{1}(beh includesSelector: {2}) ifFalse: [^ fail value: 'noMethod' value: (Array with: cls name with: {3} with: {4})].
beh removeSelector: {2}.
{5}",
        a.sym(class_name),
        side(meta),
        a.sym(selector),
        a.lit(if meta { "class" } else { "instance" }),
        a.lit(selector),
        ok(0)
    ), a)
}

/// Removes a class without subclasses (`subclassesOf:` \[Jadeite\], else
/// `hasSubclasses`) by removing its binding from its home dictionary
/// (`removeKey:` \[ANSI\]).
pub fn delete_class(class_name: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
names := (ClassOrganizer new subclassesOf: cls) asArray collect: [:x1 | x1 name].
names isEmpty ifFalse: [^ fail value: 'hasSubclasses' value: (Array with: cls name) , names].
home := homeOf value: cls.
home removeKey: cls name.
{}",
            a.sym(class_name),
            ok(0)
        ),
        a,
    )
}

/// Replaces a class comment: `comment:` \[Jadeite\].
pub fn set_class_comment(class_name: &str, comment: &str) -> Program {
    let mut a = Args::default();
    program(
        format!(
            "cls := findClass value: {}.
cls comment: {}.
{}",
            a.sym(class_name),
            a.lit(comment),
            ok(0)
        ),
        a,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_declares_and_binds_only_what_it_names() {
        let p = abort().block();
        assert!(p.starts_with("| h str list done |\n"), "{p}");
        assert!(!p.contains("symbolList"), "{p}");
        let p = class_facts("Account").block();
        for bound in ["findClass := h at: 9.", "homeOf := h at: 11."] {
            assert!(p.contains(bound), "{bound} in {p}");
        }
        assert!(!p.contains("findDict") && !p.contains("symbolList"), "{p}");
        let p = is_kernel_class("Object").block();
        assert!(p.contains("sl := System myUserProfile symbolList."), "{p}");
        assert!(mentions("strs value: x", "strs") && !mentions("strs value: x", "str"));
    }

    #[test]
    fn the_helpers_keep_answers_longer_than_the_direct_limit() {
        let cut = format!("x1 size > {DIRECT_ANSWER_BYTES}");
        assert!(
            HELPERS.contains(&cut),
            "`done` must keep answers past {cut}"
        );
        assert!(HELPERS.contains(&format!("#{LONG_ANSWER_KEY} put: x1")));
        assert_eq!(long_answer_size("b300000"), Some(300_000));
        assert_eq!(long_answer_size("l2:s2:ok"), None);
        assert_eq!(long_answer_size(NOT_INSTALLED), None);
        assert_eq!(long_answer_size("ok"), None);
    }

    #[test]
    fn user_text_is_only_ever_a_literal() {
        assert_eq!(lit("it's"), "'it''s'");
        assert_eq!(sym("a'b"), "#'a''b'");
        assert_eq!(sym_array(&["a".into(), "b c".into()]), "#( #'a' #'b c')");
        let doit = execute("'; System shutDown. '");
        let block = doit.block();
        assert!(block.contains("a1 evaluate"), "{block}");
        assert!(!block.contains("shutDown"), "{block}");
        let run = doit.run_text();
        assert!(
            run.contains("at: 1 put: '''; System shutDown. ''';"),
            "{run}"
        );
    }

    /// Every program, run with `v` for each name and text it is given.
    fn every_program(v: &str) -> Vec<Program> {
        let names = [v.to_string()];
        vec![
            stone_facts(),
            dictionaries(),
            classes(v),
            entries(v),
            class_facts(v),
            class_overview(v),
            class_categories(v),
            is_kernel_class(v),
            selectors(v, false),
            selectors(v, true),
            hierarchy(v),
            file_out(v),
            method(v, true, v),
            class_sources(v),
            implementors(v),
            senders(v),
            references_to(v),
            search_source(v, false, None),
            search_source(v, true, Some(v)),
            execute(v),
            test_classes(),
            abstract_test_classes(),
            class_names(),
            test_selectors(v),
            test_resources(v, true),
            test_resources(v, false),
            run_test(v, v),
            commit(),
            abort(),
            refresh(),
            status(),
            compile_method(v, false, v, v),
            define_class(v, Some(v), v, &names, &names, &names, Some(v)),
            define_class(v, None, v, &[], &[], &[], None),
            define_class_from_source(v, v, v),
            add_dictionary(v),
            remove_dictionary(v),
            delete_method(v, false, v),
            delete_class(v),
            set_class_comment(v, v),
        ]
    }

    #[test]
    fn a_program_s_block_is_the_same_whatever_it_is_given() {
        let a = every_program("Account");
        let b = every_program("it's a 'very' different text\nwith lines");
        for (a, b) in a.iter().zip(&b) {
            let block = a.block();
            assert_eq!((&block, &a.key), (&b.block(), &b.key));
            assert!(!block.contains("Account"), "{block}");
            assert!(!block.contains('^'), "only ex returns: {block}");
        }
        let keys: std::collections::HashSet<&String> = a.iter().map(|p| &p.key).collect();
        assert_eq!(keys.len(), a.len(), "each program has a block of its own");
    }
}

#[cfg(test)]
mod stack_report_tests {
    use super::{STACK_KEPT, STACK_LEVELS, doit_stack, test_stack};

    #[test]
    fn a_stones_report_reads_as_frames_past_the_handler_with_kernel_ones_marked() {
        let report = "1 [] in Executed Code (envId 0) @4 line 6
2 AbstractException >> _executeHandler: (envId 0) @8 line 11
3 AbstractException >> signal: (envId 0) @3 line 7
4 AcmeOrder (Object) >> error: (envId 0) @6 line 7
5 AcmeOrder >> priceOf: (envId 0) @5 line 3
6 [] in AcmeOrder >> total (envId 0) @3 line 5
7 AcmeOrder class >> sample (envId 0) @2 line 3
8 Executed Code (envId 0) @9 line 5
";
        let frames = test_stack(report);
        let shown: Vec<(String, bool)> = frames.iter().map(|f| (f.to_string(), f.kernel)).collect();
        let expected = [
            ("AbstractException >> _executeHandler: line 11", true),
            ("AbstractException >> signal: line 7", true),
            ("AcmeOrder (Object) >> error: line 7", true),
            ("AcmeOrder >> priceOf: line 3", false),
            ("[] in AcmeOrder >> total line 5", false),
            ("AcmeOrder class >> sample line 3", false),
            ("Executed Code line 5", true),
        ];
        let expected: Vec<(String, bool)> =
            expected.iter().map(|(t, k)| (t.to_string(), *k)).collect();
        assert_eq!(shown, expected);
        assert!(test_stack("").is_empty());
    }

    /// A report as a stone writes it from a doit's handler: the handler,
    /// the signal, the caller's code, the stone's `evaluate` machinery,
    /// then the program that ran it, of which a report counted just
    /// before `evaluate` found the last three.
    const DOIT_REPORT: &str = "1 [] in Executed Code (envId 0) @4 line 6
2 AbstractException >> signal: (envId 0) @3 line 7
3 Account (Object) >> error: (envId 0) @6 line 7
4 Account >> deposit: (envId 0) @5 line 2
5 [] in Executed Code (envId 0) @2 line 3
6 Executed Code (envId 0) @3 line 3
7 GsNMethod >> _executeInContext: (envId 0) @3 line 1
8 String (CharacterCollection) >> evaluate (envId 0) @4 line 4
9 [] in Executed Code (envId 0) @6 line 4
10 [] in Executed Code (envId 0) @3 line 2
11 Executed Code (envId 0) @2 line 1
";

    #[test]
    fn a_doit_s_report_ends_with_the_caller_s_code_marked_theirs() {
        let frames = doit_stack(DOIT_REPORT, "3");
        let shown: Vec<(String, bool)> = frames.iter().map(|f| (f.to_string(), f.kernel)).collect();
        let expected = [
            ("AbstractException >> signal: line 7", true),
            ("Account (Object) >> error: line 7", true),
            ("Account >> deposit: line 2", false),
            ("[] in Executed Code line 3", false),
            ("Executed Code line 3", false),
        ];
        let expected: Vec<(String, bool)> =
            expected.iter().map(|(t, k)| (t.to_string(), *k)).collect();
        assert_eq!(shown, expected);
    }

    #[test]
    fn a_doit_s_report_is_kept_whole_when_its_end_is_unknown() {
        // No count: nothing is cut from the end.
        assert_eq!(doit_stack(DOIT_REPORT, "").len(), 10);
        // A report as long as was asked for may lack its outermost
        // activations, so the count does not apply to it.
        let deep = "Account >> deposit: line 2\n".repeat(STACK_LEVELS);
        assert_eq!(doit_stack(&deep, "3").len(), STACK_KEPT);
        assert!(doit_stack("", "3").is_empty());
    }
}

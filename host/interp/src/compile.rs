//! Compiling the parser's trees into the interpreter's executable form.
//!
//! A method or doit becomes a tree of [`Node`]s in which every variable is
//! already resolved to a slot (temporary, instance, class variable or
//! global), every selector is a Symbol id, literals are objects, and the
//! control structures PRIMITIVES.md lists (`ifTrue:`, `whileTrue:`,
//! `to:do:`, `and:`, `ifNil:`, `==` …) are inlined when their block
//! arguments are literal blocks. An inlined block's parameters and
//! temporaries become slots of the enclosing activation, so running it
//! costs no send and no allocation.

use std::rc::Rc;

use gs_smalltalk::ast::{
    Block, Cascade, Expr, ExprKind, Literal, Message, MessageSend, PseudoVariable, Statement,
};
use gs_smalltalk::{LineIndex, Span};

use crate::heap::{ClassIdx, ObjId, Value};

/// A selector: the id of its Symbol.
pub type Sel = ObjId;

/// A compiled method (or doit).
#[derive(Debug)]
pub struct Method {
    /// The class the method belongs to.
    pub class: ClassIdx,
    /// True for a class-side method.
    pub meta: bool,
    /// `Class>>selector`, for messages.
    pub label: String,
    /// What a stack record of an activation of the method holds, made
    /// once here so that entering one costs a copy (see
    /// [`Method::frame_tag`]).
    pub frame_tag: u64,
    /// Number of variable slots (arguments, temporaries, inlined ones).
    pub nslots: usize,
    /// True when the body creates a real block, which may capture the
    /// activation's variables: they then live in a heap [`Scope`] the
    /// block shares. Otherwise they stay on the interpreter's value stack,
    /// which costs no allocation per activation.
    ///
    /// [`Scope`]: crate::heap::Scope
    pub needs_scope: bool,
    /// The primitive to try first, if any.
    pub primitive: Option<u32>,
    /// The statements.
    pub body: Vec<Node>,
    /// Literal objects the code refers to (kept alive by the collector).
    pub literals: Vec<Value>,
    /// The source the method was compiled from.
    pub source: String,
    /// True for a doit: it answers its last statement's value, not self.
    pub is_doit: bool,
}

impl Method {
    /// The class index in the low 32 bits, the selector above, and
    /// [`Method::META_BIT`] / [`Method::DOIT_BIT`]: what identifies the
    /// method in a stack record.
    pub fn frame_tag(class: ClassIdx, selector: Sel, meta: bool, is_doit: bool) -> u64 {
        let flags =
            (if meta { Self::META_BIT } else { 0 }) | (if is_doit { Self::DOIT_BIT } else { 0 });
        u64::from(class) | (u64::from(selector) << 32) | flags
    }

    /// Set in a frame tag of a class-side method.
    ///
    /// Class indexes stay far below 2³¹, so the top bits of the class
    /// half are free.
    pub const META_BIT: u64 = 1 << 31;
    /// Set in a frame tag of a doit.
    pub const DOIT_BIT: u64 = 1 << 30;
}

/// A block's code.
#[derive(Debug)]
pub struct BlockCode {
    /// Number of parameters.
    pub nargs: usize,
    /// Number of variable slots (parameters first).
    pub nslots: usize,
    /// True when the block itself creates a real block (see
    /// [`Method::needs_scope`]).
    pub needs_scope: bool,
    /// The statements.
    pub body: Vec<Node>,
}

/// Selectors the interpreter computes directly for SmallInteger (and
/// Float) operands before falling back to a real send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    /// Any other selector.
    None,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `=`
    Eq,
    /// `~=`
    Ne,
    /// `\\`
    Mod,
    /// `//`
    Div,
}

impl Special {
    fn of(selector: &str) -> Special {
        match selector {
            "+" => Special::Add,
            "-" => Special::Sub,
            "*" => Special::Mul,
            "<" => Special::Lt,
            ">" => Special::Gt,
            "<=" => Special::Le,
            ">=" => Special::Ge,
            "=" => Special::Eq,
            "~=" => Special::Ne,
            "\\\\" => Special::Mod,
            "//" => Special::Div,
            _ => Special::None,
        }
    }
}

/// A send site's memory of its last lookup: receiver class key, epoch,
/// and the method found (a monomorphic inline cache).
#[derive(Debug, Default)]
pub struct SendCache {
    /// `class << 1 | meta` of the receiver last seen, plus one (0: empty).
    pub key: std::cell::Cell<u64>,
    /// The interpreter epoch the entry was made in.
    pub epoch: std::cell::Cell<u64>,
    /// The method found.
    pub method: std::cell::RefCell<Option<Rc<Method>>>,
    /// The selector is `value`, `value:` or `value:value:`, which run a
    /// block receiver directly.
    pub block_value: bool,
    /// The source line of the send's selector (1-based), which the sending
    /// activation records when the message is sent (stack reports). Kept
    /// here, beside what the send reads anyway, rather than passed along.
    pub line: u32,
}

impl SendCache {
    /// An empty cache for a send of `selector` written on `line`.
    pub fn for_selector(selector: &str, line: u32) -> Box<SendCache> {
        Box::new(SendCache {
            block_value: matches!(selector, "value" | "value:" | "value:value:"),
            line,
            ..SendCache::default()
        })
    }
}

/// One message of a cascade.
#[derive(Debug)]
pub struct CascadeMessage {
    /// The selector.
    pub sel: Sel,
    /// The arguments.
    pub args: Vec<Node>,
    /// The inline cache.
    pub cache: Box<SendCache>,
}

/// One executable node.
// An explicit tag byte: with the default layout the variant is encoded in
// a niche of a field and decoding it costs several instructions on every
// node evaluated.
#[derive(Debug)]
#[repr(u8)]
pub enum Node {
    /// A constant.
    Const(Value),
    /// `self` (and `super` as a value).
    SelfRef,
    /// A temporary or argument: scopes up, slot.
    Temp(u16, u16),
    /// A named instance variable of the receiver (0-based).
    InstVar(u32),
    /// A class variable: owning class, slot.
    ClassVar(ClassIdx, u32),
    /// A global, by index in the interpreter's global-name table.
    Global(u32),
    /// Assignment to a temporary.
    AssignTemp(u16, u16, Box<Node>),
    /// Assignment to an instance variable.
    AssignInst(u32, Box<Node>),
    /// Assignment to a class variable.
    AssignClassVar(ClassIdx, u32, Box<Node>),
    /// Assignment to a global.
    AssignGlobal(u32, Box<Node>),
    /// A message send.
    Send {
        /// The receiver.
        recv: Box<Node>,
        /// The selector.
        sel: Sel,
        /// The arguments.
        args: Vec<Node>,
        /// True for a send to `super`.
        sup: bool,
        /// Fast-path operator, if any.
        special: Special,
        /// The inline cache.
        cache: Box<SendCache>,
    },
    /// A cascade: each part is a chain of messages sent to the receiver.
    /// When the receiver is `super` (the flag), the first message of each
    /// part is looked up from the method class's superclass.
    Cascade(Box<Node>, bool, Vec<Vec<CascadeMessage>>),
    /// A block closure is created.
    Block(Rc<BlockCode>),
    /// `{a. b}`.
    Brace(Vec<Node>),
    /// `^` from the method (also from an inlined block of the method).
    Return(Box<Node>),
    /// `^` inside a real block: returns from the home method.
    NonLocalReturn(Box<Node>),
    /// Inlined `ifTrue:ifFalse:` and its variants (a missing branch is nil).
    If {
        /// The condition.
        cond: Box<Node>,
        /// Statements when true (None: answer nil).
        if_true: Option<Vec<Node>>,
        /// Statements when false (None: answer nil).
        if_false: Option<Vec<Node>>,
    },
    /// `cond ifTrue: [^value]` (`when` true) or `cond ifFalse: [^value]`
    /// (`when` false) of the method itself: an [`Node::If`] whose only
    /// branch is one `^`, which a method body runs as a plain return
    /// instead of unwinding to it.
    ReturnIf {
        /// The condition.
        cond: Box<Node>,
        /// The condition's value that returns.
        when: bool,
        /// The value returned.
        value: Box<Node>,
    },
    /// Inlined `and:` (true) or `or:` (false).
    AndOr(bool, Box<Node>, Vec<Node>),
    /// Inlined `whileTrue:` (true) / `whileFalse:` (false).
    While(bool, Vec<Node>, Vec<Node>),
    /// Inlined `to:do:` / `to:by:do:`.
    ToDo {
        /// Start value.
        from: Box<Node>,
        /// Limit.
        to: Box<Node>,
        /// Step (1 when absent).
        by: Option<Box<Node>>,
        /// Slot of the loop variable in the current scope.
        var: u16,
        /// Hidden slot holding the limit.
        limit_slot: u16,
        /// The loop body.
        body: Vec<Node>,
    },
    /// Inlined `ifNil:` / `ifNotNil:` and combinations.
    IfNil {
        /// The tested value.
        value: Box<Node>,
        /// Statements when nil (None: answer nil).
        if_nil: Option<Vec<Node>>,
        /// Statements when not nil, with the slot the value binds to (None:
        /// answer the value itself).
        if_not_nil: Option<(Option<u16>, Vec<Node>)>,
    },
    /// Inlined `isNil` (true) / `notNil` (false).
    IsNil(bool, Box<Node>),
    /// Inlined `==`.
    Identical(Box<Node>, Box<Node>),
    /// A [`Special`] binary send whose receiver is a variable of the
    /// running activation and whose argument is a SmallInteger literal
    /// (`n < 2`, `i + 1`): computed at once when the variable holds a
    /// SmallInteger, else by evaluating `send` (the same send, unspecialised).
    BinTempInt {
        /// The operator.
        op: Special,
        /// The variable's slot (depth 0).
        slot: u16,
        /// The literal.
        k: i64,
        /// The general form, a [`Node::Send`].
        send: Box<Node>,
    },
}

/// A compile error with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileProblem {
    /// What is wrong.
    pub message: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

/// What a name that is not a temporary means in the compiled class.
#[derive(Debug, Clone, Copy)]
pub enum Resolved {
    /// Instance variable (0-based).
    InstVar(u32),
    /// Class variable of a class, slot.
    ClassVar(ClassIdx, u32),
    /// A global (index in the interpreter's table).
    Global(u32),
    /// Unknown.
    Unknown,
}

/// What the compiler needs from the interpreter.
pub trait CompileEnv {
    /// The Symbol id for a selector or symbol literal.
    fn symbol(&mut self, name: &str) -> Sel;
    /// The value of a literal (allocating strings, arrays, …).
    fn literal(&mut self, literal: &Literal) -> Value;
    /// What `name` means in the class being compiled.
    fn resolve(&mut self, name: &str) -> Resolved;
}

struct Level {
    names: Vec<(String, u16)>,
    nslots: u16,
    /// A real block was compiled in this level's code.
    has_block: bool,
}

/// Compiles one method body or doit body.
pub struct Compiler<'e, E: CompileEnv> {
    env: &'e mut E,
    levels: Vec<Level>,
    literals: Vec<Value>,
    problems: Vec<CompileProblem>,
    lines: LineIndex,
}

/// The result of compiling a body.
pub struct Compiled {
    /// The statements.
    pub body: Vec<Node>,
    /// Slots of the outermost scope.
    pub nslots: usize,
    /// Whether the body creates a real block (see [`Method::needs_scope`]).
    pub needs_scope: bool,
    /// Literal objects.
    pub literals: Vec<Value>,
}

impl<'e, E: CompileEnv> Compiler<'e, E> {
    /// A compiler for source text `source`, resolving names through `env`.
    pub fn new(env: &'e mut E, source: &str) -> Self {
        Compiler {
            env,
            levels: Vec::new(),
            literals: Vec::new(),
            problems: Vec::new(),
            lines: LineIndex::new(source),
        }
    }

    fn problem(&mut self, span: Span, message: String) {
        let (line, column) = self.lines.line_col(span.start);
        self.problems.push(CompileProblem {
            message,
            line,
            column,
        });
    }

    /// Compiles a body with `args` and `temps` as its first slots.
    pub fn compile_body(
        mut self,
        args: &[String],
        temps: &[String],
        body: &[Statement],
    ) -> Result<Compiled, Vec<CompileProblem>> {
        let mut level = Level {
            names: Vec::new(),
            nslots: 0,
            has_block: false,
        };
        for n in args.iter().chain(temps) {
            level.names.push((n.clone(), level.nslots));
            level.nslots += 1;
        }
        self.levels.push(level);
        let body = self.statements(body);
        let level = self.levels.pop().expect("method level");
        if !self.problems.is_empty() {
            return Err(self.problems);
        }
        Ok(Compiled {
            body,
            nslots: level.nslots as usize,
            needs_scope: level.has_block,
            literals: self.literals,
        })
    }

    fn statements(&mut self, body: &[Statement]) -> Vec<Node> {
        body.iter().map(|s| self.statement(s)).collect()
    }

    fn statement(&mut self, statement: &Statement) -> Node {
        match statement {
            Statement::Expression(e) => self.expr(e),
            Statement::Return { value, .. } => {
                let v = Box::new(self.expr(value));
                if self.levels.len() > 1 {
                    Node::NonLocalReturn(v)
                } else {
                    Node::Return(v)
                }
            }
        }
    }

    fn lookup_temp(&self, name: &str) -> Option<(u16, u16)> {
        for (depth, level) in self.levels.iter().rev().enumerate() {
            if let Some((_, slot)) = level.names.iter().rev().find(|(n, _)| n == name) {
                return Some((depth as u16, *slot));
            }
        }
        None
    }

    fn new_slot(&mut self, name: &str) -> u16 {
        let level = self.levels.last_mut().expect("a level");
        let slot = level.nslots;
        level.nslots += 1;
        level.names.push((name.to_string(), slot));
        slot
    }

    fn variable(&mut self, name: &str, span: Span) -> Node {
        if let Some((d, s)) = self.lookup_temp(name) {
            return Node::Temp(d, s);
        }
        match self.env.resolve(name) {
            Resolved::InstVar(i) => Node::InstVar(i),
            Resolved::ClassVar(c, i) => Node::ClassVar(c, i),
            Resolved::Global(g) => Node::Global(g),
            Resolved::Unknown => {
                self.problem(
                    span,
                    format!("undefined symbol {name}: declare it as a temporary (| {name} |) or define the global first"),
                );
                Node::Const(Value::Nil)
            }
        }
    }

    fn expr(&mut self, expr: &Expr) -> Node {
        match &expr.kind {
            ExprKind::Literal(l) => {
                let v = self.env.literal(l);
                if let Value::Obj(_) = v {
                    self.literals.push(v);
                }
                Node::Const(v)
            }
            ExprKind::Variable(name) => self.variable(name, expr.span),
            ExprKind::Pseudo(p) => match p {
                PseudoVariable::SelfRef | PseudoVariable::Super => Node::SelfRef,
                PseudoVariable::True => Node::Const(Value::True),
                PseudoVariable::False => Node::Const(Value::False),
                PseudoVariable::Nil | PseudoVariable::ThisContext => Node::Const(Value::Nil),
            },
            ExprKind::Assignment { target, value } => {
                let v = Box::new(self.expr(value));
                if let Some((d, s)) = self.lookup_temp(&target.name) {
                    return Node::AssignTemp(d, s, v);
                }
                match self.env.resolve(&target.name) {
                    Resolved::InstVar(i) => Node::AssignInst(i, v),
                    Resolved::ClassVar(c, i) => Node::AssignClassVar(c, i, v),
                    Resolved::Global(g) => Node::AssignGlobal(g, v),
                    Resolved::Unknown => {
                        self.problem(
                            target.span,
                            format!(
                                "undefined symbol {}: declare it as a temporary first",
                                target.name
                            ),
                        );
                        *v
                    }
                }
            }
            ExprKind::Send(send) => self.send(send),
            ExprKind::Cascade(c) => self.cascade(c),
            ExprKind::Block(b) => self.block(b),
            ExprKind::Brace(items) => Node::Brace(items.iter().map(|e| self.expr(e)).collect()),
            ExprKind::Paren(inner) => self.expr(inner),
        }
    }

    fn block(&mut self, block: &Block) -> Node {
        self.levels.last_mut().expect("a level").has_block = true;
        let mut level = Level {
            names: Vec::new(),
            nslots: 0,
            has_block: false,
        };
        for n in block.parameters.iter().chain(&block.temporaries) {
            level.names.push((n.name.clone(), level.nslots));
            level.nslots += 1;
        }
        self.levels.push(level);
        let body = self.statements(&block.body);
        let level = self.levels.pop().expect("block level");
        Node::Block(Rc::new(BlockCode {
            nargs: block.parameters.len(),
            nslots: level.nslots as usize,
            needs_scope: level.has_block,
            body,
        }))
    }

    /// A literal block with `nargs` parameters, if `e` is one.
    fn literal_block(e: &Expr, nargs: usize) -> Option<&Block> {
        let mut e = e;
        while let ExprKind::Paren(inner) = &e.kind {
            e = inner;
        }
        match &e.kind {
            ExprKind::Block(b) if b.parameters.len() == nargs => Some(b),
            _ => None,
        }
    }

    /// Compiles an inlined block's body into the current scope, binding
    /// its parameters to fresh slots (returned).
    fn inline(&mut self, block: &Block) -> (Vec<u16>, Vec<Node>) {
        let mark = self.levels.last().expect("a level").names.len();
        let params: Vec<u16> = block
            .parameters
            .iter()
            .map(|p| self.new_slot(&p.name))
            .collect();
        // Temporaries of an inlined block start nil on each evaluation in
        // GemStone; assigning nil on entry keeps that.
        let temps: Vec<u16> = block
            .temporaries
            .iter()
            .map(|t| self.new_slot(&t.name))
            .collect();
        let mut body: Vec<Node> = temps
            .iter()
            .map(|&s| Node::AssignTemp(0, s, Box::new(Node::Const(Value::Nil))))
            .collect();
        let stmts = self.statements(&block.body);
        if stmts.is_empty() && !body.is_empty() {
            body.push(Node::Const(Value::Nil));
        }
        body.extend(stmts);
        self.levels
            .last_mut()
            .expect("a level")
            .names
            .truncate(mark);
        (params, body)
    }

    fn inline0(&mut self, e: &Expr) -> Option<Vec<Node>> {
        let b = Self::literal_block(e, 0)?;
        Some(self.inline(b).1)
    }

    fn send(&mut self, send: &MessageSend) -> Node {
        let m = &send.message;
        let sel = m.selector.as_str();
        let a = &m.arguments;
        let is_super = matches!(send.receiver.kind, ExprKind::Pseudo(PseudoVariable::Super));
        if !is_super && let Some(node) = self.inlined(&send.receiver, sel, a) {
            return node;
        }
        let recv = Box::new(self.expr(&send.receiver));
        self.plain_send(recv, m, is_super)
    }

    fn plain_send(&mut self, recv: Box<Node>, m: &Message, sup: bool) -> Node {
        let args: Vec<Node> = m.arguments.iter().map(|e| self.expr(e)).collect();
        let special = Special::of(&m.selector);
        let shape = match (&*recv, args.first()) {
            (Node::Temp(0, slot), Some(Node::Const(Value::Int(k)))) => Some((*slot, *k)),
            _ => None,
        };
        let send = Node::Send {
            recv,
            sel: self.env.symbol(&m.selector),
            args,
            sup,
            special,
            cache: SendCache::for_selector(
                &m.selector,
                self.lines.line_col(m.selector_span.start).0,
            ),
        };
        match shape {
            Some((slot, k)) if special != Special::None && !sup => Node::BinTempInt {
                op: special,
                slot,
                k,
                send: Box::new(send),
            },
            _ => send,
        }
    }

    fn inlined(&mut self, recv: &Expr, sel: &str, a: &[Expr]) -> Option<Node> {
        let all0 = |a: &[Expr]| a.iter().all(|e| Self::literal_block(e, 0).is_some());
        match sel {
            "ifTrue:" | "ifFalse:" | "ifTrue:ifFalse:" | "ifFalse:ifTrue:" if all0(a) => {
                let cond = Box::new(self.expr(recv));
                let mut first = self.inline0(&a[0]);
                let second = a.get(1).and_then(|e| self.inline0(e));
                if a.len() == 1
                    && let Some([Node::Return(_)]) = first.as_deref()
                    && let Some(Node::Return(value)) = first.as_mut().and_then(Vec::pop)
                {
                    return Some(Node::ReturnIf {
                        cond,
                        when: sel == "ifTrue:",
                        value,
                    });
                }
                let (if_true, if_false) = match sel {
                    "ifTrue:" => (first, None),
                    "ifFalse:" => (None, first),
                    "ifTrue:ifFalse:" => (first, second),
                    _ => (second, first),
                };
                Some(Node::If {
                    cond,
                    if_true,
                    if_false,
                })
            }
            "and:" | "or:" if all0(a) => {
                let r = Box::new(self.expr(recv));
                let b = self.inline0(&a[0]).unwrap_or_default();
                Some(Node::AndOr(sel == "and:", r, b))
            }
            "whileTrue:" | "whileFalse:" | "whileTrue" | "whileFalse"
                if Self::literal_block(recv, 0).is_some() && all0(a) =>
            {
                let cond = self.inline0(recv).unwrap_or_default();
                let body = a.first().and_then(|e| self.inline0(e)).unwrap_or_default();
                Some(Node::While(sel.starts_with("whileTrue"), cond, body))
            }
            "to:do:" | "to:by:do:" => {
                let block = Self::literal_block(a.last()?, 1)?;
                // A zero step is left to `Number>>to:by:do:`, which refuses
                // it; inlined, it would loop until the call is broken.
                if sel == "to:by:do:"
                    && !matches!(&a[1].kind, ExprKind::Literal(Literal::Integer(n)) if n.sign() != num_bigint::Sign::NoSign)
                {
                    return None;
                }
                let from = Box::new(self.expr(recv));
                let to = Box::new(self.expr(&a[0]));
                let by = (sel == "to:by:do:").then(|| Box::new(self.expr(&a[1])));
                let limit_slot = self.new_slot(" limit");
                let (params, body) = self.inline(block);
                Some(Node::ToDo {
                    from,
                    to,
                    by,
                    var: params[0],
                    limit_slot,
                    body,
                })
            }
            "ifNil:" | "ifNotNil:" | "ifNil:ifNotNil:" | "ifNotNil:ifNil:" => {
                let (nil_e, notnil_e) = match sel {
                    "ifNil:" => (Some(&a[0]), None),
                    "ifNotNil:" => (None, Some(&a[0])),
                    "ifNil:ifNotNil:" => (Some(&a[0]), Some(&a[1])),
                    _ => (Some(&a[1]), Some(&a[0])),
                };
                if let Some(e) = nil_e
                    && Self::literal_block(e, 0).is_none()
                {
                    return None;
                }
                if let Some(e) = notnil_e
                    && Self::literal_block(e, 0).is_none()
                    && Self::literal_block(e, 1).is_none()
                {
                    return None;
                }
                let value = Box::new(self.expr(recv));
                let if_nil = nil_e.and_then(|e| self.inline0(e));
                let if_not_nil = notnil_e.map(|e| {
                    if let Some(b) = Self::literal_block(e, 1) {
                        let (params, body) = self.inline(b);
                        (Some(params[0]), body)
                    } else {
                        (None, self.inline0(e).unwrap_or_default())
                    }
                });
                Some(Node::IfNil {
                    value,
                    if_nil,
                    if_not_nil,
                })
            }
            "isNil" | "notNil" => Some(Node::IsNil(sel == "isNil", Box::new(self.expr(recv)))),
            "==" => {
                let r = Box::new(self.expr(recv));
                let b = Box::new(self.expr(&a[0]));
                Some(Node::Identical(r, b))
            }
            _ => None,
        }
    }

    fn cascade(&mut self, c: &Cascade) -> Node {
        let sup = matches!(c.receiver.kind, ExprKind::Pseudo(PseudoVariable::Super));
        let recv = Box::new(self.expr(&c.receiver));
        let parts = c
            .parts
            .iter()
            .map(|chain| {
                chain
                    .iter()
                    .map(|m| {
                        let sel = self.env.symbol(&m.selector);
                        let line = self.lines.line_col(m.selector_span.start).0;
                        let args = m.arguments.iter().map(|e| self.expr(e)).collect();
                        CascadeMessage {
                            sel,
                            args,
                            cache: SendCache::for_selector(&m.selector, line),
                        }
                    })
                    .collect()
            })
            .collect();
        Node::Cascade(recv, sup, parts)
    }
}

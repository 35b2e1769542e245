//! Making and reading values: objects, Strings, Symbols, Arrays,
//! Integers, literals, and the class of a value.
//!
//! Primitives, intrinsics and persistence use these as much as the
//! evaluator does; none of them depends on how code runs.

use gs_smalltalk::ast::Literal;
use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::{R, Run, State};
use crate::compile::Sel;
use crate::heap::{Body, ClassIdx, ObjId, Object, SMALL_MAX, SMALL_MIN, Value};

pub(super) fn small(n: i64) -> Option<Value> {
    (SMALL_MIN..=SMALL_MAX)
        .contains(&n)
        .then_some(Value::Int(n))
}

impl State {
    /// The Symbol id for `name`.
    pub fn sym(&mut self, name: &str) -> Sel {
        let bytes: Vec<u8> = name.chars().map(|c| c as u32 as u8).collect();
        self.heap.symbol(self.known.symbol, &bytes)
    }

    /// The text of a Symbol or String object (of any width).
    pub fn text(&self, id: ObjId) -> String {
        match &self.heap.get(id).body {
            Body::Bytes(b) => b.iter().map(|&c| c as char).collect(),
            Body::Wide(w) => wide_text(w),
            _ => String::new(),
        }
    }

    /// Whether `class` is `ancestor` or inherits from it.
    pub(crate) fn is_kind(&self, class: ClassIdx, ancestor: ClassIdx) -> bool {
        let mut c = Some(class);
        while let Some(x) = c {
            if x == ancestor {
                return true;
            }
            c = self.classes[x as usize].superclass;
        }
        false
    }

    /// The last code point the instances of a string class of more than
    /// one byte per character hold (65535 for DoubleByteString and
    /// Unicode16, 16r10FFFF for QuadByteString and Unicode32, and their
    /// subclasses); `None` for every other class.
    pub(crate) fn wide_limit(&self, class: ClassIdx) -> Option<u32> {
        // The classes most objects are of, without a walk.
        let k = &self.known;
        if class == k.string || class == k.symbol || class == k.byte_array || class == k.array {
            return None;
        }
        let w = self.wide;
        let under = |roots: [Option<ClassIdx>; 2]| {
            roots
                .into_iter()
                .flatten()
                .any(|root| self.is_kind(class, root))
        };
        if under([w.quad_byte, w.unicode32]) {
            Some(char::MAX as u32)
        } else if under([w.double_byte, w.unicode16]) {
            Some(0xFFFF)
        } else {
            None
        }
    }

    /// The class an instance of the kernel's `class` grows into to hold
    /// code point `code`: String and DoubleByteString into
    /// DoubleByteString or QuadByteString, Unicode7 and Unicode16 into
    /// Unicode16 or Unicode32. `None` for other classes (Symbols, users'
    /// subclasses), which do not grow.
    pub(crate) fn widened(&self, class: ClassIdx, code: u32) -> Option<ClassIdx> {
        let w = self.wide;
        let (double, quad) = if class == self.known.string || Some(class) == w.double_byte {
            (w.double_byte, w.quad_byte)
        } else if Some(class) == w.unicode7 || Some(class) == w.unicode16 {
            (w.unicode16, w.unicode32)
        } else {
            return None;
        };
        if code > 0xFFFF { quad } else { double }
    }
}

/// The text of a wide string's code points. A code point no text can
/// hold (a lone surrogate) reads as U+FFFD.
pub(crate) fn wide_text(codes: &[u32]) -> String {
    codes
        .iter()
        .map(|&c| char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

impl<'a> Run<'a> {
    pub(crate) fn alloc(&mut self, class: ClassIdx, named: usize, body: Body) -> R<Value> {
        Ok(Value::Obj(self.st.heap.alloc(Object {
            class,
            invariant: false,
            watched: false,
            hash: 0,
            named: vec![Value::Nil; named],
            body,
        })?))
    }

    /// A new string of `s`: a String when every character is one
    /// ([`gs_image::LAST_STRING_CHAR`] or before), else the
    /// DoubleByteString or QuadByteString that holds them, as GemStone
    /// makes for such text. An ArgumentTypeError (answering what its
    /// signal answers) in an image whose kernel has no such class, where
    /// the text would otherwise become another.
    pub(crate) fn string(&mut self, s: &str) -> R<Value> {
        let widest = s.chars().max().unwrap_or('\0');
        if widest <= gs_image::LAST_STRING_CHAR {
            let bytes = s.chars().map(|c| c as u32 as u8).collect();
            return self.alloc(self.st.known.string, 0, Body::Bytes(bytes));
        }
        match self.st.widened(self.st.known.string, widest as u32) {
            Some(class) => {
                let codes = s.chars().map(u32::from).collect();
                self.alloc(class, 0, Body::Wide(codes))
            }
            // The message names the character by its code point: it must
            // itself be a String.
            None => self.signal_error(
                "ArgumentTypeError",
                &format!(
                    "the text holds U+{:04X}, and a String holds characters up to U+{:04X} only",
                    u32::from(widest),
                    u32::from(gs_image::LAST_STRING_CHAR)
                ),
            ),
        }
    }

    /// A new Array.
    pub(crate) fn array(&mut self, items: Vec<Value>) -> R<Value> {
        self.alloc(self.st.known.array, 0, Body::Slots(items))
    }

    pub(crate) fn symbol(&mut self, s: &str) -> Value {
        Value::Obj(self.st.sym(s))
    }

    /// An Integer for `n`, a SmallInteger when it fits.
    pub(crate) fn integer(&mut self, n: BigInt) -> R<Value> {
        if let Some(i) = n.to_i64()
            && let Some(v) = small(i)
        {
            return Ok(v);
        }
        self.alloc(self.st.known.large_integer, 0, Body::Large(n))
    }

    /// The integer value of an Integer, if `v` is one.
    pub(crate) fn int_of(&self, v: Value) -> Option<BigInt> {
        match v {
            Value::Int(i) => Some(BigInt::from(i)),
            Value::Obj(id) => match &self.st.heap.get(id).body {
                Body::Large(n) => Some(n.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The characters of a String or Symbol (of any width), if `v` is one.
    pub(crate) fn str_of(&self, v: Value) -> Option<String> {
        match v {
            Value::Obj(id) => {
                let o = self.st.heap.get(id);
                match &o.body {
                    Body::Bytes(b) if self.is_string_class(o.class) => {
                        Some(b.iter().map(|&c| c as char).collect())
                    }
                    Body::Wide(w) => Some(wide_text(w)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    pub(crate) fn is_string_class(&self, class: ClassIdx) -> bool {
        self.inherits(class, self.st.known.string)
    }

    pub(crate) fn inherits(&self, class: ClassIdx, ancestor: ClassIdx) -> bool {
        self.st.is_kind(class, ancestor)
    }

    /// The Smalltalk value of a literal.
    pub(crate) fn literal(&mut self, literal: &Literal) -> R<Value> {
        Ok(match literal {
            Literal::Integer(n) => self.integer(n.clone())?,
            Literal::Float(f) => Value::Float(*f),
            Literal::ScaledDecimal {
                numerator,
                denominator,
                scale,
            } => {
                let scaled: BigInt = numerator * BigInt::from(10).pow(*scale);
                // Round half away from zero.
                let (q, r) =
                    num_integer::Integer::div_rem(&scaled.magnitude().clone().into(), denominator);
                let mut q: BigInt = q;
                let r: BigInt = r;
                if r * 2 >= *denominator {
                    q += 1;
                }
                let mantissa = if scaled.sign() == num_bigint::Sign::Minus {
                    -q
                } else {
                    q
                };
                let m = self.integer(mantissa)?;
                let v = self.alloc(self.st.known.scaled_decimal, 2, Body::None)?;
                if let Value::Obj(id) = v {
                    let o = self.st.heap.get_mut(id);
                    o.named[0] = m;
                    o.named[1] = Value::Int(*scale as i64);
                }
                v
            }
            Literal::Character(c) => Value::Char(*c as u32),
            Literal::String(s) => self.string(s)?,
            Literal::Symbol(s) => self.symbol(s),
            Literal::Array(items) => {
                let mut vals = Vec::with_capacity(items.len());
                for i in items {
                    vals.push(self.literal(i)?);
                }
                self.array(vals)?
            }
            Literal::ByteArray(bytes) => {
                self.alloc(self.st.known.byte_array, 0, Body::Bytes(bytes.clone()))?
            }
            Literal::Boolean(b) => Value::bool(*b),
            Literal::Nil => Value::Nil,
        })
    }

    /// Makes a literal and the literals nested in it invariant.
    pub(super) fn freeze(&mut self, v: Value) {
        if let Value::Obj(id) = v {
            let o = self.st.heap.get_mut(id);
            o.invariant = true;
            if let Body::Slots(items) = &o.body {
                for item in items.clone() {
                    self.freeze(item);
                }
            }
        }
    }

    /// The class of a value and whether the lookup is on the class side.
    pub(crate) fn class_of(&self, v: Value) -> (ClassIdx, bool) {
        let k = &self.st.known;
        match v {
            Value::Nil => (k.undefined, false),
            Value::True | Value::False => (k.boolean, false),
            Value::Int(_) => (k.small_integer, false),
            Value::Char(_) => (k.character, false),
            Value::Float(_) => (k.small_double, false),
            Value::Obj(id) => (self.st.heap.get(id).class, false),
            Value::Class(c) => (c, true),
            Value::Meta(_) => (k.metaclass, false),
        }
    }

    /// The class object of a value (`x class`).
    pub(crate) fn class_value(&self, v: Value) -> Value {
        match v {
            Value::Class(c) => Value::Meta(c),
            other => Value::Class(self.class_of(other).0),
        }
    }

    /// The name of the class of `v`.
    pub(crate) fn class_name_of(&self, v: Value) -> String {
        match v {
            Value::Class(c) => format!("{} class", self.st.classes[c as usize].name),
            other => self.st.classes[self.class_of(other).0 as usize]
                .name
                .clone(),
        }
    }
}

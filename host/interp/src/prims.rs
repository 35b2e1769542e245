//! The primitives PRIMITIVES.md specifies, by number.
//!
//! A primitive answers `Ok(Some(value))` on success and `Ok(None)` when it
//! fails, so the method's Smalltalk fallback runs; it never signals an
//! exception itself except where the contract says so (the exception
//! primitives, and definition errors that are better told precisely).

use gs_image::{ClassDefinition, ClassKind, RecompilePolicy, Side};
use gs_smalltalk::case;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

use crate::heap::{Body, ClassIdx, Value, same_codes, widened_codes};
use crate::interp::{HandlerFrame, Handling, R, Run, Terminated, Unwind};

/// Integers above this size (in bits) make integer primitives fail (the
/// contract allows any limit of at least 2^16 bits); the kernel's
/// `Integer>>_tooLarge:` names it in its error.
const MAX_INT_BITS: u64 = 1 << 20;

/// Formats a float as primitive 67 specifies.
pub fn float_print(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "PlusInfinity"
        } else {
            "MinusInfinity"
        }
        .into();
    }
    let a = f.abs();
    if a == 0.0 || (1e-4..1e16).contains(&a) {
        let s = format!("{f:?}");
        if s.contains('e') {
            // Rust may choose exponent form; expand it.
            let plain = format!("{f}");
            return if plain.contains('.') {
                plain
            } else {
                format!("{plain}.0")
            };
        }
        return if s.contains('.') { s } else { format!("{s}.0") };
    }
    let s = format!("{f:e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let mantissa = if mantissa.contains('.') {
        mantissa.to_string()
    } else {
        format!("{mantissa}.0")
    };
    format!("{mantissa}e{exp}")
}

fn parse_float(s: &str) -> Option<f64> {
    let t = s.trim();
    match t {
        "NaN" => return Some(f64::NAN),
        "PlusInfinity" => return Some(f64::INFINITY),
        "MinusInfinity" => return Some(f64::NEG_INFINITY),
        _ => {}
    }
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && b[i] == b'-' {
        i += 1;
    }
    let ds = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i == ds {
        return None;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let fs = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == fs {
            return None;
        }
    }
    let mant = &t[..i];
    let mut exp = String::new();
    if i < b.len() && matches!(b[i], b'e' | b'd' | b'q') {
        i += 1;
        if i < b.len() && b[i] == b'-' {
            exp.push('-');
            i += 1;
        }
        let es = i;
        while i < b.len() && b[i].is_ascii_digit() {
            exp.push(b[i] as char);
            i += 1;
        }
        if i == es {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    let text = if exp.is_empty() {
        mant.to_string()
    } else {
        format!("{mant}e{exp}")
    };
    text.parse().ok()
}

impl Run<'_> {
    fn int_result(&mut self, n: BigInt) -> R<Option<Value>> {
        if n.bits() > MAX_INT_BITS {
            return Ok(None);
        }
        Ok(Some(self.integer(n)?))
    }

    fn float_of(&self, v: Value) -> Option<f64> {
        match v {
            Value::Float(f) => Some(f),
            _ => None,
        }
    }

    fn behavior_side(v: Value) -> Option<(ClassIdx, bool)> {
        match v {
            Value::Class(c) => Some((c, false)),
            Value::Meta(c) => Some((c, true)),
            _ => None,
        }
    }

    fn class_name(&self, c: ClassIdx) -> String {
        self.st.classes[c as usize].name.clone()
    }

    fn symbols_array(&mut self, names: &[String]) -> R<Value> {
        let v: Vec<Value> = names.iter().map(|n| self.symbol(n)).collect();
        self.array(v)
    }

    fn slots_of(&self, v: Value) -> Option<Vec<Value>> {
        let Value::Obj(id) = v else { return None };
        match &self.st.heap.get(id).body {
            Body::Slots(s) => Some(s.clone()),
            _ => None,
        }
    }

    fn names_of(&self, v: Value) -> Option<Vec<String>> {
        if v == Value::Nil {
            return Some(Vec::new());
        }
        self.slots_of(v)?
            .into_iter()
            .map(|x| self.str_of(x))
            .collect()
    }

    pub(crate) fn image_error(&mut self, e: gs_image::ImageError) -> R<Option<Value>> {
        let text = e.to_string();
        let class = if matches!(e, gs_image::ImageError::CompileError(_)) {
            "CompileError"
        } else {
            "Error"
        };
        self.signal_error(class, &text).map(Some)
    }

    /// Runs primitive `n`.
    pub(crate) fn primitive(&mut self, n: u32, rcv: Value, args: &[Value]) -> R<Option<Value>> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(Value::Nil);
        match n {
            1 => Ok(Some(Value::bool(rcv.identical(arg(0))))),
            2 => Ok(Some(self.class_value(rcv))),
            3 => Ok(Some(Value::Int(self.identity_hash(rcv)))),
            4 => {
                let (Value::Obj(id), Value::Int(i)) = (rcv, arg(0)) else {
                    return Ok(None);
                };
                let o = self.st.heap.get(id);
                let i = i - 1;
                Ok(match &o.body {
                    Body::Slots(s) if i >= 0 && (i as usize) < s.len() => Some(s[i as usize]),
                    Body::Bytes(b) if i >= 0 && (i as usize) < b.len() => {
                        Some(Value::Int(b[i as usize] as i64))
                    }
                    Body::Wide(w) if i >= 0 && (i as usize) < w.len() => {
                        Some(Value::Int(w[i as usize] as i64))
                    }
                    _ => None,
                })
            }
            5 => {
                let (Value::Obj(id), Value::Int(i)) = (rcv, arg(0)) else {
                    return Ok(None);
                };
                let v = arg(1);
                // Only a wide string's class says what it holds (a walk up
                // its superclasses, which every other store is spared).
                let o = self.st.heap.get(id);
                let limit = match o.body {
                    Body::Wide(_) => self.st.wide_limit(o.class).unwrap_or(0),
                    _ => 0,
                };
                let o = self.st.heap.get_mut(id);
                if o.invariant {
                    return Ok(None);
                }
                let i = i - 1;
                Ok(match &mut o.body {
                    Body::Slots(s) if i >= 0 && (i as usize) < s.len() => {
                        s[i as usize] = v;
                        Some(v)
                    }
                    Body::Bytes(b) if i >= 0 && (i as usize) < b.len() => match v {
                        Value::Int(x) if (0..=255).contains(&x) => {
                            b[i as usize] = x as u8;
                            Some(v)
                        }
                        _ => None,
                    },
                    Body::Wide(w) if i >= 0 && (i as usize) < w.len() => match v {
                        Value::Int(x) if (0..=i64::from(limit)).contains(&x) => {
                            w[i as usize] = x as u32;
                            Some(v)
                        }
                        _ => None,
                    },
                    _ => None,
                })
            }
            6 => Ok(Some(Value::Int(match rcv {
                Value::Obj(id) => match &self.st.heap.get(id).body {
                    Body::Slots(s) => s.len() as i64,
                    Body::Bytes(b) => b.len() as i64,
                    Body::Wide(w) => w.len() as i64,
                    _ => 0,
                },
                _ => 0,
            }))),
            7 => {
                let Value::Obj(id) = rcv else {
                    return Ok(Some(rcv));
                };
                let o = self.st.heap.get(id);
                if o.class == self.st.known.symbol {
                    return Ok(Some(rcv));
                }
                let body = match &o.body {
                    Body::None => Body::None,
                    Body::Slots(s) => Body::Slots(s.clone()),
                    Body::Bytes(b) => Body::Bytes(b.clone()),
                    Body::Wide(w) => Body::Wide(w.clone()),
                    Body::Large(n) => Body::Large(n.clone()),
                    Body::Block(_) => return Ok(Some(rcv)),
                };
                let class = o.class;
                let named = o.named.clone();
                let v = self.alloc(class, 0, body)?;
                if let Value::Obj(nid) = v {
                    self.st.heap.get_mut(nid).named = named;
                }
                Ok(Some(v))
            }
            8 => {
                let Value::Obj(sel) = arg(0) else {
                    return Ok(None);
                };
                if self.st.heap.get(sel).class != self.st.known.symbol {
                    return Ok(None);
                }
                let Some(list) = self.slots_of(arg(1)) else {
                    return Ok(None);
                };
                if let Value::Obj(a) = arg(1)
                    && self.st.heap.get(a).class != self.st.known.array
                {
                    return Ok(None);
                }
                let name = self.st.text(sel);
                if selector_arity(&name) != list.len() {
                    return Ok(None);
                }
                self.nested(|run| run.send(rcv, sel, &list, None)).map(Some)
            }
            9 | 10 => {
                let Value::Int(i) = arg(0) else {
                    return Ok(None);
                };
                let i = i - 1;
                match rcv {
                    Value::Obj(id) => {
                        let o = self.st.heap.get_mut(id);
                        if i < 0 || i as usize >= o.named.len() {
                            return Ok(None);
                        }
                        if n == 9 {
                            return Ok(Some(o.named[i as usize]));
                        }
                        if o.invariant {
                            return Ok(None);
                        }
                        o.named[i as usize] = arg(1);
                        Ok(Some(arg(1)))
                    }
                    Value::Class(c) => {
                        self.class_state(c)?;
                        let vals = &mut self.st.classes[c as usize].class_inst_vals;
                        if i < 0 || i as usize >= vals.len() {
                            return Ok(None);
                        }
                        if n == 9 {
                            return Ok(Some(vals[i as usize]));
                        }
                        vals[i as usize] = arg(1);
                        Ok(Some(arg(1)))
                    }
                    _ => Ok(None),
                }
            }
            11 | 12 => {
                let Value::Class(c) = rcv else {
                    return Ok(None);
                };
                if self.excluded_from_new(c) {
                    return Ok(None);
                }
                let info = &self.st.classes[c as usize];
                let named = info.inst_vars.len();
                let kind = info.kind;
                let wide = kind == ClassKind::Bytes && self.st.wide_limit(c).is_some();
                if n == 11 {
                    let body = match kind {
                        ClassKind::Pointers => Body::None,
                        ClassKind::Indexable => Body::Slots(Vec::new()),
                        ClassKind::Bytes if wide => Body::Wide(Vec::new()),
                        ClassKind::Bytes => Body::Bytes(Vec::new()),
                    };
                    return self.alloc(c, named, body).map(Some);
                }
                let Value::Int(size) = arg(0) else {
                    return Ok(None);
                };
                if !(0..=(1 << 40)).contains(&size) {
                    return Ok(None);
                }
                // Check the budget before allocating, so a huge size is a
                // limit error and not an allocation failure of the process.
                let each = match kind {
                    ClassKind::Bytes if wide => 4,
                    ClassKind::Bytes => 1,
                    _ => 16,
                };
                self.st.heap.check_room(size as usize * each)?;
                let body = match kind {
                    ClassKind::Pointers => return Ok(None),
                    ClassKind::Indexable => Body::Slots(vec![Value::Nil; size as usize]),
                    ClassKind::Bytes if wide => Body::Wide(vec![0; size as usize]),
                    ClassKind::Bytes => Body::Bytes(vec![0; size as usize]),
                };
                self.alloc(c, named, body).map(Some)
            }
            13 => {
                let (Value::Obj(id), Value::Int(size)) = (rcv, arg(0)) else {
                    return Ok(None);
                };
                if !(0..=(1 << 40)).contains(&size) || self.st.heap.get(id).invariant {
                    return Ok(None);
                }
                let size = size as usize;
                let grow = match &self.st.heap.get(id).body {
                    Body::Slots(s) => size.saturating_sub(s.len()) * 16,
                    Body::Bytes(b) => size.saturating_sub(b.len()),
                    Body::Wide(w) => size.saturating_sub(w.len()) * 4,
                    _ => return Ok(None),
                };
                self.st.heap.charge(grow)?;
                match &mut self.st.heap.get_mut(id).body {
                    Body::Slots(s) => s.resize(size, Value::Nil),
                    Body::Bytes(b) => b.resize(size, 0),
                    Body::Wide(w) => w.resize(size, 0),
                    _ => {}
                }
                Ok(Some(rcv))
            }
            73 => {
                let (Value::Obj(a), Value::Obj(b)) = (rcv, arg(0)) else {
                    return Ok(None);
                };
                let (oa, ob) = (self.st.heap.get(a), self.st.heap.get(b));
                if !self.is_string_class(oa.class) || !self.is_string_class(ob.class) {
                    return Ok(None);
                }
                let sym = self.st.known.symbol;
                let same_kind = self.inherits(oa.class, sym) == self.inherits(ob.class, sym);
                let eq = same_kind
                    && match (&oa.body, &ob.body) {
                        (Body::Bytes(x), Body::Bytes(y)) => x == y,
                        (Body::Wide(x), Body::Wide(y)) => x == y,
                        (Body::Bytes(x), Body::Wide(y)) | (Body::Wide(y), Body::Bytes(x)) => {
                            same_codes(x, y)
                        }
                        _ => false,
                    };
                Ok(Some(Value::bool(eq)))
            }
            74 => {
                let Value::Obj(a) = rcv else { return Ok(None) };
                // Equal strings of either width hash alike.
                let fold = |len: usize, codes: &mut dyn Iterator<Item = u32>| {
                    codes.fold(len as i64, |h, c| (h * 31 + i64::from(c)) % 1_073_741_823)
                };
                Ok(Some(Value::Int(match &self.st.heap.get(a).body {
                    Body::Bytes(b) => fold(b.len(), &mut b.iter().map(|&c| u32::from(c))),
                    Body::Wide(w) => fold(w.len(), &mut w.iter().copied()),
                    _ => return Ok(None),
                })))
            }
            75 => self.replace_from(rcv, args),
            20..=24 => {
                let want = (n - 20) as usize;
                if self.closure_args(rcv) != Some(want) {
                    return Ok(None);
                }
                self.call_block(rcv, &args[..want]).map(Some)
            }
            25 => {
                let Some(list) = self.slots_of(arg(0)) else {
                    return Ok(None);
                };
                if self.closure_args(rcv) != Some(list.len()) {
                    return Ok(None);
                }
                self.call_block(rcv, &list).map(Some)
            }
            26 => Ok(self.closure_args(rcv).map(|n| Value::Int(n as i64))),
            27 => {
                if self.closure_args(rcv) != Some(0) || self.closure_args(arg(0)) != Some(0) {
                    return Ok(None);
                }
                let r = self.call_block(rcv, &[]);
                if let Err(u) = r
                    && u.is_abort()
                {
                    return Err(u);
                }
                // The ensure block may unwind internally; keep what the
                // pending unwind carries.
                let saved = (self.unwind_value, self.unwind_report.take());
                self.call_block(arg(0), &[])?;
                (self.unwind_value, self.unwind_report) = saved;
                r.map(Some)
            }
            28 => self.on_do(rcv, arg(0), arg(1)),
            30..=46 => self.int_prim(n, rcv, arg(0)),
            47 => Ok(self
                .int_of(rcv)
                .map(|i| Value::Float(i.to_f64().unwrap_or(f64::NAN)))),
            50..=59 => {
                let (Some(x), Some(y)) = (self.float_of(rcv), self.float_of(arg(0))) else {
                    return Ok(None);
                };
                Ok(Some(match n {
                    50 => Value::Float(x + y),
                    51 => Value::Float(x - y),
                    52 => Value::Float(x * y),
                    53 => {
                        if y == 0.0 {
                            return Ok(None);
                        }
                        Value::Float(x / y)
                    }
                    54 => Value::bool(x < y),
                    55 => Value::bool(x > y),
                    56 => Value::bool(x <= y),
                    57 => Value::bool(x >= y),
                    58 => Value::bool(x == y),
                    _ => Value::bool(x != y),
                }))
            }
            60 => {
                let Some(x) = self.float_of(rcv) else {
                    return Ok(None);
                };
                if !x.is_finite() {
                    return Ok(None);
                }
                let n = num_bigint::BigInt::from(x.trunc() as i128);
                let n = if x.abs() < 1e37 {
                    n
                } else {
                    // Beyond i128: go through the decimal expansion.
                    format!("{:.0}", x.trunc()).parse().unwrap_or_default()
                };
                self.int_result(n)
            }
            61..=66 => {
                let Some(x) = self.float_of(rcv) else {
                    return Ok(None);
                };
                Ok(Some(Value::Float(match n {
                    61 => x.sqrt(),
                    62 => x.ln(),
                    63 => x.exp(),
                    64 => x.sin(),
                    65 => x.cos(),
                    _ => x.atan(),
                })))
            }
            67 => {
                let Some(x) = self.float_of(rcv) else {
                    return Ok(None);
                };
                self.string(&float_print(x)).map(Some)
            }
            68 => {
                let Some(s) = self.str_of(arg(0)) else {
                    return Ok(None);
                };
                Ok(parse_float(&s).map(Value::Float))
            }
            70 => match rcv {
                Value::Char(c) => Ok(Some(Value::Int(c as i64))),
                _ => Ok(None),
            },
            71 => match arg(0) {
                Value::Int(i) if (0..=0x10FFFF).contains(&i) && !(0xD800..=0xDFFF).contains(&i) => {
                    Ok(Some(Value::Char(i as u32)))
                }
                _ => Ok(None),
            },
            72 => {
                let Value::Obj(id) = rcv else { return Ok(None) };
                let bytes = match &self.st.heap.get(id).body {
                    Body::Bytes(b) => b.clone(),
                    // A Symbol holds bytes: a wide string's characters
                    // make one only when each fits in a byte.
                    Body::Wide(w) => match w.iter().map(|&c| u8::try_from(c)).collect() {
                        Ok(bytes) => bytes,
                        Err(_) => return Ok(None),
                    },
                    _ => return Ok(None),
                };
                let class = self.st.known.symbol;
                Ok(Some(Value::Obj(
                    self.st.heap.charged_symbol(class, &bytes)?,
                )))
            }
            80 => {
                let limit = self.handlers.len();
                self.signal(rcv, limit)
            }
            81 => {
                let limit = match self.handling_of(rcv) {
                    Some(h) => h.frame_index,
                    None => self.handlers.len(),
                };
                self.signal(rcv, limit)
            }
            82 => match self.handling_of(rcv) {
                Some(h) => Err(self.unwind_with(Unwind::HANDLER, h.frame_id, arg(0))),
                None => Ok(None),
            },
            83 => match self.handling_of(rcv) {
                Some(h) => Err(Unwind::new(Unwind::RETRY, h.frame_id)),
                None => Ok(None),
            },
            84 => match self.handling_of(rcv) {
                Some(h) => Err(self.unwind_with(Unwind::RESUME, h.signal_id, arg(0))),
                None => Ok(None),
            },
            85 => {
                let sel = self.st.sel_description;
                let d = self.send(rcv, sel, &[], None)?;
                let description = self
                    .str_of(d)
                    .unwrap_or_else(|| "(description is not a String)".into());
                self.unwind_report = Some(Terminated {
                    class: self.class_name_of(rcv),
                    description,
                    stack: self.stack_frames(crate::interp::STACK_KEPT),
                });
                Err(Unwind::new(Unwind::TERMINATE, 0))
            }
            90 => match rcv {
                Value::Class(c) => {
                    let name = self.class_name(c);
                    Ok(Some(self.symbol(&name)))
                }
                Value::Meta(c) => {
                    let name = format!("{} class", self.class_name(c));
                    self.string(&name).map(Some)
                }
                _ => Ok(None),
            },
            91 => match rcv {
                Value::Class(c) => Ok(Some(
                    self.st.classes[c as usize]
                        .superclass
                        .map_or(Value::Nil, Value::Class),
                )),
                Value::Meta(c) => Ok(Some(match self.st.classes[c as usize].superclass {
                    Some(s) => Value::Meta(s),
                    None => Value::Class(self.st.known.class),
                })),
                _ => Ok(None),
            },
            92 => {
                let Some((c, meta)) = Self::behavior_side(rcv) else {
                    return Ok(None);
                };
                let name = self.class_name(c);
                let sels = self
                    .session
                    .selectors(&name, Side::from_meta(meta))
                    .unwrap_or_default();
                self.symbols_array(&sels).map(Some)
            }
            93 => {
                let Some((c, meta)) = Self::behavior_side(rcv) else {
                    return Ok(None);
                };
                let d = &self.st.classes[c as usize].record.definition;
                let names = if meta {
                    d.class_inst_vars.clone()
                } else {
                    d.inst_vars.clone()
                };
                self.symbols_array(&names).map(Some)
            }
            94 => {
                let Value::Class(c) = rcv else {
                    return Ok(None);
                };
                match self.st.classes[c as usize]
                    .record
                    .definition
                    .category
                    .clone()
                {
                    Some(cat) => self.string(&cat).map(Some),
                    None => Ok(Some(Value::Nil)),
                }
            }
            95 => {
                let Value::Class(c) = rcv else {
                    return Ok(None);
                };
                let comment = self.st.classes[c as usize].record.comment.clone();
                self.string(&comment).map(Some)
            }
            96 | 97 | 98 | 100 => {
                let Some((c, meta)) = Self::behavior_side(rcv) else {
                    return Ok(None);
                };
                let Some(sel) = self.str_of(arg(0)) else {
                    return Ok(if n == 96 { Some(Value::False) } else { None });
                };
                let name = self.class_name(c);
                let side = Side::from_meta(meta);
                // Each reads only what it answers: a whole method record
                // holds its source and every name it sends and refers to.
                match n {
                    96 => Ok(Some(Value::bool(
                        self.session.method_category(&name, side, &sel).is_ok(),
                    ))),
                    97 => match self.session.method_source(&name, side, &sel) {
                        Ok(source) => self.string(&source).map(Some),
                        Err(_) => Ok(None),
                    },
                    100 => match self.session.method_category(&name, side, &sel) {
                        Ok(category) => self.string(&category).map(Some),
                        Err(_) => Ok(None),
                    },
                    _ => match self.session.method(&name, side, &sel) {
                        Ok(m) => self
                            .gs_method(rcv, &m.selector, &m.category, &m.source)
                            .map(Some),
                        Err(_) => Ok(None),
                    },
                }
            }
            99 => {
                let Some((c, meta)) = Self::behavior_side(rcv) else {
                    return Ok(None);
                };
                let name = self.class_name(c);
                let subs = self.session.subclasses(&name).unwrap_or_default();
                let mut vals = Vec::new();
                for s in subs {
                    if let Ok(id) = self.session.class_id(&s) {
                        let ci = self.st.class_idx(self.session, id);
                        vals.push(if meta {
                            Value::Meta(ci)
                        } else {
                            Value::Class(ci)
                        });
                    }
                }
                self.array(vals).map(Some)
            }
            101 | 102 => {
                let Value::Class(c) = rcv else {
                    return Ok(None);
                };
                let Some(text) = self.str_of(arg(0)) else {
                    return Ok(None);
                };
                let name = self.class_name(c);
                let r = if n == 101 {
                    self.session.set_class_comment(&name, &text)
                } else {
                    self.session.set_class_category(&name, Some(&text))
                };
                match r {
                    Ok(()) => {
                        self.code_changed();
                        Ok(Some(rcv))
                    }
                    Err(e) => self.image_error(e),
                }
            }
            103 => self.define_class(args),
            104 => {
                let Some((c, meta)) = Self::behavior_side(rcv) else {
                    return Ok(None);
                };
                let (Some(src), Some(cat)) = (self.str_of(arg(0)), self.str_of(arg(1))) else {
                    return Ok(None);
                };
                self.st.heap.check_room(Self::compile_cost(&src))?;
                let name = self.class_name(c);
                self.show_globals_to_compiler();
                match self
                    .session
                    .compile_method(&name, Side::from_meta(meta), &cat, &src)
                {
                    Ok(r) => {
                        self.code_changed();
                        Ok(Some(self.symbol(&r.selector)))
                    }
                    Err(e) => self.image_error(e),
                }
            }
            105 => {
                let Some((c, meta)) = Self::behavior_side(rcv) else {
                    return Ok(None);
                };
                let Some(sel) = self.str_of(arg(0)) else {
                    return Ok(None);
                };
                let name = self.class_name(c);
                match self
                    .session
                    .remove_method(&name, Side::from_meta(meta), &sel)
                {
                    Ok(()) => {
                        self.code_changed();
                        Ok(Some(rcv))
                    }
                    Err(gs_image::ImageError::NotFound(_)) => Ok(None),
                    Err(e) => self.image_error(e),
                }
            }
            106 => match rcv {
                Value::Meta(c) => Ok(Some(Value::Class(c))),
                _ => Ok(None),
            },
            107 => {
                let Some((c, _)) = Self::behavior_side(rcv) else {
                    return Ok(None);
                };
                let names = self.st.classes[c as usize].class_var_names.clone();
                self.symbols_array(&names).map(Some)
            }
            108 => {
                let Some((c, meta)) = Self::behavior_side(rcv) else {
                    return Ok(None);
                };
                let kind = if meta {
                    "pointers"
                } else {
                    match self.st.classes[c as usize].kind {
                        ClassKind::Pointers => "pointers",
                        ClassKind::Indexable => "indexable",
                        ClassKind::Bytes => "bytes",
                    }
                };
                Ok(Some(self.symbol(kind)))
            }
            110 | 111 => self.time_primitive(n, rcv, args),
            120 => {
                let Some(s) = self.str_of(arg(0)) else {
                    return Ok(None);
                };
                // Past its cap the Transcript keeps what it has, says so
                // once, and drops the rest: the code runs on to its answer.
                if self.transcript_full {
                    return Ok(Some(rcv));
                }
                if self.transcript.len() + s.len() > self.output_cap {
                    let mut room = self.output_cap.saturating_sub(self.transcript.len());
                    while !s.is_char_boundary(room) {
                        room -= 1;
                    }
                    self.transcript.push_str(&s[..room]);
                    self.transcript.push_str(&format!(
                        "\n… [output truncated: the Transcript keeps at most {} bytes; the rest \
                         was not kept]",
                        self.output_cap
                    ));
                    self.transcript_full = true;
                    return Ok(Some(rcv));
                }
                self.transcript.push_str(&s);
                Ok(Some(rcv))
            }
            130..=147 | 157 => self.system_primitive(n, rcv, args),
            148 => self.evaluate_source(rcv),
            149 => self.pragma_specs(rcv),
            150 => self.widen(rcv, arg(0)),
            151..=155 => Ok(character_case(n, rcv)),
            156 => match arg(0) {
                Value::Int(level) if level > 0 => {
                    let report = self.stack_report(level as usize);
                    self.string(&report).map(Some)
                }
                _ => Ok(None),
            },
            _ => Err(self.fatal(format!(
                "primitive {n} is not implemented by this interpreter"
            ))),
        }
    }

    /// Primitive 149, `CharacterCollection>>_pragmaSpecs`: the pragmas of
    /// the method whose source is rcvr, as an Array of `{keyword. arguments}`
    /// pairs (a Symbol and an Array of the literal arguments), in source
    /// order; `Pragma` objects are made from them in Smalltalk. Source that
    /// does not parse as a method has none.
    fn pragma_specs(&mut self, rcv: Value) -> R<Option<Value>> {
        let Some(source) = self.str_of(rcv) else {
            return Ok(None);
        };
        self.st.heap.check_room(Self::compile_cost(&source))?;
        let pragmas = match gs_smalltalk::parser::parse_method(&source) {
            Ok(method) => method.pragmas,
            Err(_) => Vec::new(),
        };
        let mut specs = Vec::with_capacity(pragmas.len());
        for pragma in &pragmas {
            let keyword = self.symbol(&pragma.selector);
            let mut arguments = Vec::with_capacity(pragma.arguments.len());
            for literal in &pragma.arguments {
                arguments.push(self.literal(literal)?);
            }
            let arguments = self.array(arguments)?;
            specs.push(self.array(vec![keyword, arguments])?);
        }
        self.array(specs).map(Some)
    }

    /// Primitive 148, `CharacterCollection>>evaluate`: compiles rcvr as a
    /// doit and runs it with `nil` as receiver, answering its value; source
    /// that does not compile signals `CompileError` with every problem's
    /// line and column, in the words of `compile:classified:`.
    fn evaluate_source(&mut self, rcv: Value) -> R<Option<Value>> {
        let Some(source) = self.str_of(rcv) else {
            return Ok(None);
        };
        // Counted while the doit runs (a nested `evaluate` adds its own),
        // and after it only if a block it made keeps its code alive.
        let cost = Self::compile_cost(&source);
        self.st.heap.charge(cost)?;
        match self.compile_doit(&source) {
            Ok(method) => {
                let method = std::rc::Rc::new(method);
                let r = self.invoke(&method, Value::Nil, &[]);
                if std::rc::Rc::strong_count(&method) == 1 {
                    self.st.heap.refund(cost);
                }
                r.map(Some)
            }
            Err(problems) => {
                self.st.heap.refund(cost);
                let each: Vec<String> = problems
                    .iter()
                    .map(|p| format!("line {}, column {}: {}", p.line, p.column, p.message))
                    .collect();
                let text = format!(
                    "compile failed with {} error(s): {}",
                    problems.len(),
                    each.join("; ")
                );
                self.signal_error("CompileError", &text).map(Some)
            }
        }
    }

    fn replace_from(&mut self, rcv: Value, args: &[Value]) -> R<Option<Value>> {
        let (Value::Obj(dst), Value::Int(start), Value::Int(stop), Value::Obj(src), Value::Int(rs)) =
            (rcv, args[0], args[1], args[2], args[3])
        else {
            return Ok(None);
        };
        let k = self.st.known;
        let (cd, cs) = (self.st.heap.get(dst).class, self.st.heap.get(src).class);
        let ok_kind = (cd == k.array && cs == k.array)
            || (cd == k.byte_array && cs == k.byte_array)
            || (self.is_string_class(cd)
                && !self.inherits(cd, k.symbol)
                && self.is_string_class(cs));
        if !ok_kind || self.st.heap.get(dst).invariant {
            return Ok(None);
        }
        if stop < start {
            return Ok(Some(rcv));
        }
        let n = (stop - start + 1) as usize;
        let size = |b: &Body| match b {
            Body::Slots(s) => s.len(),
            Body::Bytes(b) => b.len(),
            Body::Wide(w) => w.len(),
            _ => 0,
        };
        if start < 1
            || stop as usize > size(&self.st.heap.get(dst).body)
            || rs < 1
            || (rs as usize - 1 + n) > size(&self.st.heap.get(src).body)
        {
            return Ok(None);
        }
        let (s0, r0) = (start as usize - 1, rs as usize - 1);
        match &self.st.heap.get(src).body {
            Body::Slots(s) => {
                let part: Vec<Value> = s[r0..r0 + n].to_vec();
                if let Body::Slots(d) = &mut self.st.heap.get_mut(dst).body {
                    d[s0..s0 + n].copy_from_slice(&part);
                }
            }
            Body::Bytes(s) => {
                let part: Vec<u8> = s[r0..r0 + n].to_vec();
                match &mut self.st.heap.get_mut(dst).body {
                    Body::Bytes(d) => d[s0..s0 + n].copy_from_slice(&part),
                    Body::Wide(d) => {
                        for (d, &c) in d[s0..s0 + n].iter_mut().zip(&part) {
                            *d = u32::from(c);
                        }
                    }
                    _ => {}
                }
            }
            Body::Wide(s) => {
                let part: Vec<u32> = s[r0..r0 + n].to_vec();
                let limit = self.st.wide_limit(cd).unwrap_or(0xFF);
                // A character the receiver cannot hold: the Smalltalk
                // stores each with at:put:, which grows the receiver.
                if part.iter().any(|&c| c > limit) {
                    return Ok(None);
                }
                match &mut self.st.heap.get_mut(dst).body {
                    Body::Bytes(d) => {
                        for (d, &c) in d[s0..s0 + n].iter_mut().zip(&part) {
                            *d = c as u8;
                        }
                    }
                    Body::Wide(d) => d[s0..s0 + n].copy_from_slice(&part),
                    _ => {}
                }
            }
            _ => return Ok(None),
        }
        Ok(Some(rcv))
    }

    /// Primitive 150: makes the string `rcv` an instance of the class it
    /// grows into to hold code point `code` ([`crate::interp::State::widened`]), in
    /// place, its characters unchanged. `None` (the primitive fails) for
    /// an invariant receiver, a class that does not grow, or a code point
    /// that class cannot hold either.
    fn widen(&mut self, rcv: Value, code: Value) -> R<Option<Value>> {
        let (Value::Obj(id), Value::Int(code)) = (rcv, code) else {
            return Ok(None);
        };
        let Ok(code) = u32::try_from(code) else {
            return Ok(None);
        };
        let o = self.st.heap.get(id);
        let Some(to) = self.st.widened(o.class, code) else {
            return Ok(None);
        };
        if o.invariant || self.st.wide_limit(to).is_none_or(|limit| limit < code) {
            return Ok(None);
        }
        let codes: Vec<u32> = match &o.body {
            Body::Bytes(b) => widened_codes(b),
            Body::Wide(w) => w.clone(),
            _ => return Ok(None),
        };
        if matches!(o.body, Body::Bytes(_)) {
            self.st.heap.charge(codes.len() * 3)?;
        }
        let o = self.st.heap.get_mut(id);
        o.class = to;
        o.body = Body::Wide(codes);
        Ok(Some(rcv))
    }

    fn excluded_from_new(&self, c: ClassIdx) -> bool {
        self.st.no_new.iter().any(|&e| self.inherits(c, e))
    }

    fn int_prim(&mut self, n: u32, rcv: Value, arg: Value) -> R<Option<Value>> {
        let (Some(a), Some(b)) = (self.int_of(rcv), self.int_of(arg)) else {
            return Ok(None);
        };
        let zero = b.is_zero();
        match n {
            30 => self.int_result(a + b),
            31 => self.int_result(a - b),
            32 => {
                if a.bits() + b.bits() > MAX_INT_BITS + 64 {
                    return Ok(None);
                }
                self.int_result(a * b)
            }
            33 if !zero => self.int_result(a.div_floor(&b)),
            34 if !zero => self.int_result(a.mod_floor(&b)),
            35 if !zero => self.int_result(&a / &b),
            36 if !zero => self.int_result(&a % &b),
            37 => Ok(Some(Value::bool(a < b))),
            38 => Ok(Some(Value::bool(a > b))),
            39 => Ok(Some(Value::bool(a <= b))),
            40 => Ok(Some(Value::bool(a >= b))),
            41 => Ok(Some(Value::bool(a == b))),
            42 => Ok(Some(Value::bool(a != b))),
            43 => self.int_result(a & b),
            44 => self.int_result(a | b),
            45 => self.int_result(a ^ b),
            46 => {
                let Value::Int(s) = arg else { return Ok(None) };
                if s >= 0 {
                    if a.bits() + s as u64 > MAX_INT_BITS {
                        return Ok(None);
                    }
                    self.int_result(a << s as usize)
                } else {
                    let s = (-s).min(1 << 20) as usize;
                    // Arithmetic shift right floors, as the contract says.
                    let r = if a.is_negative() {
                        -((-a - 1u32) >> s) - 1u32
                    } else {
                        a >> s
                    };
                    self.int_result(r)
                }
            }
            _ => Ok(None),
        }
    }

    /// The image's compiler resolves names through the session, so the
    /// globals this view bound (even earlier in this very call) are
    /// written into it before it compiles, as GemStone's compiler sees a
    /// session's own uncommitted globals. A value that cannot be stored
    /// is left for the commit to report.
    fn show_globals_to_compiler(&mut self) {
        let _ = self.st.flush(self.session);
    }

    fn define_class(&mut self, args: &[Value]) -> R<Option<Value>> {
        if args.len() != 9 {
            return Ok(None);
        }
        let Some(name) = self.str_of(args[0]) else {
            return Ok(None);
        };
        let superclass = match args[1] {
            Value::Nil => None,
            Value::Class(c) => Some(self.class_name(c)),
            _ => return Ok(None),
        };
        let kind = match self.str_of(args[2]).as_deref() {
            Some("pointers") => ClassKind::Pointers,
            Some("indexable") => ClassKind::Indexable,
            Some("bytes") => ClassKind::Bytes,
            _ => return Ok(None),
        };
        let (Some(iv), Some(cv), Some(civ), Some(pools), Some(options)) = (
            self.names_of(args[3]),
            self.names_of(args[4]),
            self.names_of(args[5]),
            self.names_of(args[6]),
            self.names_of(args[8]),
        ) else {
            return Ok(None);
        };
        let dictionary = match self.proxy_name(args[7]) {
            Some(d) => d,
            None => return Ok(None),
        };
        let def = ClassDefinition {
            name: name.clone(),
            superclass,
            inst_vars: iv,
            class_vars: cv,
            class_inst_vars: civ,
            pool_dictionaries: pools,
            dictionary,
            category: None,
            options,
            kind,
        };
        self.show_globals_to_compiler();
        match self
            .session
            .define_class(def, RecompilePolicy::RemoveFailing)
        {
            Ok(defined) => {
                self.code_changed();
                self.sync_all_proxy_classes()?;
                let ci = self.st.class_idx(self.session, defined.id);
                Ok(Some(Value::Class(ci)))
            }
            Err(e) => self.image_error(e),
        }
    }

    pub(crate) fn handling_of(&self, exc: Value) -> Option<Handling> {
        self.handling
            .iter()
            .rev()
            .find(|h| h.exception.identical(exc))
            .cloned()
    }

    fn on_do(&mut self, rcv: Value, selector: Value, handler: Value) -> R<Option<Value>> {
        if self.closure_args(rcv) != Some(0) {
            return Ok(None);
        }
        if let Some(n) = self.closure_args(handler)
            && n > 1
        {
            return Ok(None);
        }
        let id = self.next();
        let index = self.handlers.len();
        self.handlers.push(HandlerFrame {
            id,
            selector,
            block: handler,
            enabled: true,
        });
        loop {
            let r = self.call_block(rcv, &[]);
            self.handlers.truncate(index + 1);
            match r {
                Err(u) if u.is(Unwind::RETRY, id) => {
                    self.handlers[index].enabled = true;
                    continue;
                }
                Err(u) if u.is(Unwind::HANDLER, id) => {
                    self.handlers.truncate(index);
                    return Ok(Some(self.unwind_value));
                }
                other => {
                    self.handlers.truncate(index);
                    return other.map(Some);
                }
            }
        }
    }

    /// Searches handler frames below `limit` for one that handles `exc`
    /// and runs it; fails (None) when there is none.
    fn signal(&mut self, exc: Value, limit: usize) -> R<Option<Value>> {
        let handles = self.st.sel_handles;
        let mut found = None;
        for i in (0..limit.min(self.handlers.len())).rev() {
            if !self.handlers[i].enabled {
                continue;
            }
            let selector = self.handlers[i].selector;
            let answer = self.send(selector, handles, &[exc], None)?;
            if answer == Value::True {
                found = Some(i);
                break;
            }
        }
        let Some(i) = found else { return Ok(None) };
        self.keep_signal_stack(exc);
        let frame = self.handlers[i].clone();
        let signal_id = self.next();
        let saved: Vec<bool> = self.handlers[i..].iter().map(|h| h.enabled).collect();
        for h in &mut self.handlers[i..] {
            h.enabled = false;
        }
        self.handling.push(Handling {
            exception: exc,
            frame_index: i,
            frame_id: frame.id,
            signal_id,
        });
        let depth = self.handling.len();
        let r = match self.closure_args(frame.block) {
            Some(0) => self.call_block(frame.block, &[]),
            Some(_) => self.call_block(frame.block, &[exc]),
            None => {
                let sel = self.st.sel_value1;
                self.send(frame.block, sel, &[exc], None)
            }
        };
        self.handling.truncate(depth - 1);
        for (h, was) in self.handlers[i..].iter_mut().zip(saved) {
            h.enabled = was;
        }
        match r {
            Ok(value) => Err(self.unwind_with(Unwind::HANDLER, frame.id, value)),
            Err(u) if u.is(Unwind::RESUME, signal_id) => Ok(Some(self.unwind_value)),
            Err(e) => Err(e),
        }
    }
}

/// The number of arguments a selector takes.
pub fn selector_arity(sel: &str) -> usize {
    let colons = sel.matches(':').count();
    if colons > 0 {
        colons
    } else if sel
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
    {
        0
    } else {
        1
    }
}

/// Primitives 151–155: a Character's case by Unicode's character
/// database: its uppercase and lowercase forms by the one-for-one rule of
/// `gs_smalltalk::case` (a character whose form is several characters,
/// such as ß's `SS`, answers itself), the rule the image's
/// case-insensitive source search folds with; and whether it is
/// uppercase, lowercase or a letter. `None` (the primitive fails) for a
/// code point no text holds (a lone surrogate).
fn character_case(n: u32, rcv: Value) -> Option<Value> {
    let Value::Char(code) = rcv else {
        return None;
    };
    let c = char::from_u32(code)?;
    Some(match n {
        151 => Value::Char(u32::from(case::uppercase(c))),
        152 => Value::Char(u32::from(case::lowercase(c))),
        153 => Value::bool(c.is_uppercase()),
        154 => Value::bool(c.is_lowercase()),
        _ => Value::bool(c.is_alphabetic()),
    })
}

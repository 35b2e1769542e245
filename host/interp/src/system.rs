//! The session primitives of `kernel/60-system.gs` (PRIMITIVES.md,
//! 130–147): GemStone's `System` (transactions and session facts), the
//! session's symbol list as `UserProfile` and `SymbolList` see it, the
//! image's indexes as `ClassOrganizer` asks them, and the class facts
//! `definition` and `fileOutClass` read from the image.
//!
//! A transaction primitive does inside a call what
//! [`Interpreter::commit`](crate::Interpreter::commit) and
//! [`Interpreter::abort`](crate::Interpreter::abort) do between calls: the
//! heap is written back first, and the view the session moves to is the
//! interpreter's from then on. Symbol-list changes go through the session
//! API that the image's own "add dictionary" path uses, so a dictionary
//! Smalltalk inserts is a symbol dictionary of the image at once (a
//! file-in's next class definition can name it).

use std::collections::HashSet;
use std::sync::atomic::{AtomicI64, Ordering};

use gs_image::{ImageError, MethodRef, Side};

use crate::heap::{Body, Value};
use crate::interp::{R, Run};

/// The last number given to an interpreter's session (`System session`).
static SESSIONS: AtomicI64 = AtomicI64::new(0);

/// A new session number: small, positive, unique in this process.
pub(crate) fn next_session_number() -> i64 {
    SESSIONS.fetch_add(1, Ordering::Relaxed) + 1
}

/// What the last commit or abort of this interpreter's session came to,
/// as `System transactionConflicts` reports it.
#[derive(Debug, Clone, Default)]
pub(crate) struct CommitOutcome {
    /// True after a commit that failed on a conflict, until the next
    /// commit or abort.
    pub(crate) failed: bool,
    /// The conflicting things the failed commit named.
    pub(crate) conflicts: Vec<String>,
}

impl Run<'_> {
    /// Runs session primitive `n` (130–147).
    pub(crate) fn system_primitive(
        &mut self,
        n: u32,
        rcv: Value,
        args: &[Value],
    ) -> R<Option<Value>> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(Value::Nil);
        match n {
            130 => self.commit_transaction(),
            131 => {
                if let Some(reason) = self.st.abort_refused.clone() {
                    return self.signal_error("Error", &reason).map(Some);
                }
                self.session.abort();
                self.st.new_view(self.session);
                self.refresh_objects()?;
                self.st.commit_outcome = CommitOutcome::default();
                Ok(Some(rcv))
            }
            132 => {
                // The heap's changes count: GemStone's needsCommit sees
                // every object the transaction wrote.
                let _ = self.st.flush(self.session);
                Ok(Some(Value::bool(self.session.needs_commit())))
            }
            133 => {
                let outcome = self.st.commit_outcome.clone();
                let result = self.symbol(if outcome.failed { "failure" } else { "success" });
                let mut items = Vec::with_capacity(outcome.conflicts.len());
                for c in &outcome.conflicts {
                    items.push(self.string(c)?);
                }
                let list = self.array(items)?;
                self.array(vec![result, list]).map(Some)
            }
            134 => Ok(Some(Value::Int(self.st.session_number))),
            135 => {
                let name = self.session.image().stone_name();
                self.string(&name).map(Some)
            }
            136 => {
                let user = self.session.user().to_string();
                self.string(&user).map(Some)
            }
            137 => {
                let names = self.session.symbol_list();
                let v: Vec<Value> = names.iter().map(|n| self.symbol(n)).collect();
                self.array(v).map(Some)
            }
            138 => {
                let Some(name) = self.str_of(arg(0)) else {
                    return Ok(None);
                };
                if !self.session.dictionary_names().contains(&name) {
                    return Ok(Some(Value::Nil));
                }
                self.dictionary_proxy(&name).map(Some)
            }
            139 => self.insert_dictionary(rcv, arg(0), arg(1), arg(2)),
            140 => match self.proxy_name(rcv) {
                Some(name) => Ok(Some(self.symbol(&name))),
                None => Ok(Some(Value::Nil)),
            },
            141 => {
                let Some(name) = self.str_of(arg(0)) else {
                    return Ok(None);
                };
                if name == "Globals" {
                    return self
                        .signal_error(
                            "Error",
                            "Globals holds the kernel classes and cannot be removed from the \
                             symbol list; remove your own dictionaries only",
                        )
                        .map(Some);
                }
                let list: Vec<String> = self
                    .session
                    .symbol_list()
                    .into_iter()
                    .filter(|d| *d != name)
                    .collect();
                let refs: Vec<&str> = list.iter().map(String::as_str).collect();
                if let Err(e) = self.session.set_symbol_list(&refs) {
                    return self.image_error(e);
                }
                self.code_changed();
                Ok(Some(rcv))
            }
            142 => {
                let (Some(name), Value::Int(kind)) = (self.str_of(arg(0)), arg(1)) else {
                    return Ok(None);
                };
                let refs = match kind {
                    1 => self.session.implementors(&name),
                    2 => self.session.senders(&name),
                    3 => self.session.references(&name),
                    _ => return Ok(None),
                };
                self.methods_array(&refs).map(Some)
            }
            143 => {
                let mut names = self.session.all_classes();
                names.sort();
                let v: Vec<Value> = names.iter().map(|n| self.symbol(n)).collect();
                self.array(v).map(Some)
            }
            144 => {
                let users = self.session.users();
                let mut v = Vec::with_capacity(users.len());
                for u in &users {
                    v.push(self.string(u)?);
                }
                self.array(v).map(Some)
            }
            145 | 146 | 157 => {
                let Value::Class(c) = rcv else {
                    return Ok(None);
                };
                let d = self.st.classes[c as usize].record.definition.clone();
                let names = match n {
                    145 => return self.string(&d.dictionary).map(Some),
                    146 => &d.pool_dictionaries,
                    _ => &d.options,
                };
                let v: Vec<Value> = names.iter().map(|p| self.symbol(p)).collect();
                self.array(v).map(Some)
            }
            147 => {
                let c = match rcv {
                    Value::Class(c) | Value::Meta(c) => c,
                    _ => return Ok(None),
                };
                let name = self.st.classes[c as usize].name.clone();
                match gs_image::filein::file_out_class(self.session, &name) {
                    Ok(text) => self.string(&text).map(Some),
                    Err(e) => self.image_error(e),
                }
            }
            _ => Err(self.fatal(format!(
                "primitive {n} is not implemented by this interpreter"
            ))),
        }
    }

    /// `System commitTransaction`: writes the heap back, commits, and
    /// answers whether the commit succeeded (false on a conflict, whose
    /// report `transactionConflicts` then answers).
    fn commit_transaction(&mut self) -> R<Option<Value>> {
        if let Err(e) = self.st.flush(self.session) {
            return self.image_error(e);
        }
        match self.st.commit_written(self.session) {
            Ok(()) => self.refresh_objects().map(|()| Some(Value::True)),
            Err(ImageError::Conflict(_)) => Ok(Some(Value::False)),
            Err(e) => self.image_error(e),
        }
    }

    /// `System _insertDictionary: aDict named: aSymbol at: anIndex`: puts a
    /// dictionary into the session's symbol list at anIndex. A dictionary
    /// new to the session becomes one of the image's symbol dictionaries
    /// (named aSymbol), and `aDict` the object standing for it.
    fn insert_dictionary(
        &mut self,
        rcv: Value,
        dict: Value,
        name: Value,
        index: Value,
    ) -> R<Option<Value>> {
        let (Value::Obj(id), Some(name), Value::Int(index)) = (dict, self.str_of(name), index)
        else {
            return Ok(None);
        };
        let sd = self.st.known.symbol_dictionary;
        if !self.inherits(self.st.heap.get(id).class, sd) {
            return Ok(None);
        }
        let list = self.session.symbol_list();
        let existing = self.proxy_name(dict);
        let len = list.len() - usize::from(existing.as_ref().is_some_and(|e| list.contains(e)));
        if index < 1 || index as usize > len + 1 {
            return Ok(None);
        }
        let name = match existing {
            Some(existing) => existing,
            None => {
                if self.session.dictionary_names().contains(&name) {
                    let text = format!(
                        "a symbol dictionary named {name} already exists in the image; insert \
                         that one (System myUserProfile symbolList objectNamed: #{name}) or \
                         choose another name"
                    );
                    return self.signal_error("Error", &text).map(Some);
                }
                if let Err(e) = self.session.add_dictionary(&name) {
                    return self.image_error(e);
                }
                self.st.dict_proxies.insert(name.clone(), id);
                self.st.proxy_base.insert(name.clone(), HashSet::new());
                self.st.proxy_classes.insert(name.clone(), Vec::new());
                name
            }
        };
        let mut list: Vec<String> = self
            .session
            .symbol_list()
            .into_iter()
            .filter(|d| *d != name)
            .collect();
        list.insert((index as usize - 1).min(list.len()), name);
        let refs: Vec<&str> = list.iter().map(String::as_str).collect();
        if let Err(e) = self.session.set_symbol_list(&refs) {
            return self.image_error(e);
        }
        self.code_changed();
        Ok(Some(rcv))
    }

    /// An Array of GsNMethods for method references (those whose class
    /// this view no longer has are left out).
    fn methods_array(&mut self, refs: &[MethodRef]) -> R<Value> {
        let mut out = Vec::with_capacity(refs.len());
        for r in refs {
            let Ok(id) = self.session.class_id(&r.class_name) else {
                continue;
            };
            let Ok(m) = self.session.method(&r.class_name, r.side, &r.selector) else {
                continue;
            };
            let ci = self.st.class_idx(self.session, id);
            let behavior = if r.side == Side::Class {
                Value::Meta(ci)
            } else {
                Value::Class(ci)
            };
            out.push(self.gs_method(behavior, &m.selector, &m.category, &m.source)?);
        }
        self.array(out)
    }

    /// A new GsNMethod describing a method of `behavior`.
    pub(crate) fn gs_method(
        &mut self,
        behavior: Value,
        selector: &str,
        category: &str,
        source: &str,
    ) -> R<Value> {
        let gm = self.st.known.gs_method;
        let v = self.alloc(gm, 4, Body::None)?;
        let s = self.symbol(selector);
        let cat = self.string(category)?;
        let src = self.string(source)?;
        if let Value::Obj(id) = v {
            let o = self.st.heap.get_mut(id);
            o.named[0] = s;
            o.named[1] = behavior;
            o.named[2] = cat;
            o.named[3] = src;
        }
        Ok(v)
    }
}

//! Global and pool variables: the slots compiled code names them by, each
//! slot's value cached for one epoch, and the SymbolDictionary objects that
//! stand for the session's dictionaries (values are read and assigned
//! through them, so the objects they reach commit with the session).
//!
//! Resolving a name follows GemStone's order (this interpreter's own
//! globals, then the symbol list) against both this view's dictionary
//! objects and the session; nothing else needs to know that order.

use gs_image::{DictionaryEntry, GlobalValue};
use num_bigint::BigInt;

use super::{R, Run};
use crate::heap::{Body, ObjId, Value};

/// A global name's binding cache.
#[derive(Debug)]
pub(super) struct GlobalSlot {
    pub(super) name: String,
    /// For a pool variable, the pool dictionary that binds it (read there
    /// rather than through the symbol list).
    pub(super) pool: Option<String>,
    pub(super) cached: Option<(u64, Value)>,
}

impl<'a> Run<'a> {
    pub(crate) fn global_slot(&mut self, name: &str) -> u32 {
        if let Some(&g) = self.st.global_index.get(name) {
            return g;
        }
        let g = self.st.globals.len() as u32;
        self.st.globals.push(GlobalSlot {
            name: name.to_string(),
            pool: None,
            cached: None,
        });
        self.st.global_index.insert(name.to_string(), g);
        g
    }

    /// The slot of variable `name` of pool dictionary `pool`.
    pub(crate) fn pool_slot(&mut self, pool: &str, name: &str) -> u32 {
        // NUL cannot occur in a name, so pool keys never meet global ones.
        let key = format!("{pool}\0{name}");
        if let Some(&g) = self.st.global_index.get(&key) {
            return g;
        }
        let g = self.st.globals.len() as u32;
        self.st.globals.push(GlobalSlot {
            name: name.to_string(),
            pool: Some(pool.to_string()),
            cached: None,
        });
        self.st.global_index.insert(key, g);
        g
    }

    /// The first of `pools` (a class's pool dictionaries, nearest class
    /// first) that binds `name`, in this view's copy or in the session.
    pub(crate) fn pool_binding(&self, pools: &[String], name: &str) -> Option<String> {
        pools
            .iter()
            .find(|p| {
                let here = self
                    .st
                    .dict_proxies
                    .get(p.as_str())
                    .and_then(|&proxy| self.proxy_at(proxy, name));
                here.is_some() || self.session.entry(p, name).is_some()
            })
            .cloned()
    }

    /// The value pool `pool` binds `name` to in this view.
    fn resolve_pool(&mut self, pool: &str, name: &str) -> Option<Value> {
        if !self.session.dictionary_names().iter().any(|d| d == pool) {
            return None;
        }
        let Ok(Value::Obj(proxy)) = self.dictionary_proxy(pool) else {
            return None;
        };
        self.proxy_at(proxy, name)
    }

    /// The current value of global `g`, if it is bound.
    pub(crate) fn global_value(&mut self, g: u32) -> Option<Value> {
        let epoch = self.st.epoch;
        if let Some((e, v)) = self.st.globals[g as usize].cached
            && e == epoch
        {
            return Some(v);
        }
        let name = self.st.globals[g as usize].name.clone();
        let v = match self.st.globals[g as usize].pool.clone() {
            Some(pool) => self.resolve_pool(&pool, &name)?,
            None => self.resolve_global(&name)?,
        };
        self.st.globals[g as usize].cached = Some((epoch, v));
        Some(v)
    }

    fn resolve_global(&mut self, name: &str) -> Option<Value> {
        // The interpreter's own globals (the Transcript, names a doit
        // assigned that no dictionary binds) come first.
        if let Some(&v) = self.st.overlay.get(name) {
            return Some(v);
        }
        for dict in self.session.symbol_list() {
            let entry = self.session.entry(&dict, name);
            if let Some(&proxy) = self.st.dict_proxies.get(&dict) {
                // The dictionary object is this view's copy of the
                // dictionary's values: what it lacks was removed, unless
                // it is a class or was bound after the copy was made.
                if let Some(v) = self.proxy_at(proxy, name) {
                    return Some(v);
                }
                let copied = self
                    .st
                    .proxy_base
                    .get(&dict)
                    .is_some_and(|b| b.contains(name));
                if copied && !matches!(entry, Some(DictionaryEntry::Class(_))) {
                    continue;
                }
            }
            match entry {
                Some(DictionaryEntry::Class(id)) => {
                    return Some(Value::Class(self.st.class_idx(self.session, id)));
                }
                // A value is read through the dictionary's object, so the
                // objects it reaches are written back at commit.
                Some(DictionaryEntry::Global(_) | DictionaryEntry::Object(_)) => {
                    if !self.st.dict_proxies.contains_key(&dict) {
                        let Ok(Value::Obj(proxy)) = self.dictionary_proxy(&dict) else {
                            return None;
                        };
                        if let Some(v) = self.proxy_at(proxy, name) {
                            return Some(v);
                        }
                    }
                    // Bound after this view's copy was made (by a tool, not
                    // by Smalltalk): read it from the session.
                    return match self.session.entry(&dict, name) {
                        Some(DictionaryEntry::Global(g)) => self.global_literal(&g).ok(),
                        Some(DictionaryEntry::Object(v)) => self.fault_value(&v).ok(),
                        _ => None,
                    };
                }
                None => {}
            }
        }
        if self.session.dictionary_names().iter().any(|d| d == name) {
            return self.dictionary_proxy(name).ok();
        }
        None
    }

    pub(crate) fn global_literal(&mut self, g: &GlobalValue) -> R<Value> {
        Ok(match g {
            GlobalValue::Nil => Value::Nil,
            GlobalValue::Boolean(b) => Value::bool(*b),
            GlobalValue::Integer(s) => {
                let n: BigInt = s.parse().unwrap_or_default();
                self.integer(n)?
            }
            GlobalValue::Float(f) => Value::Float(*f),
            GlobalValue::String(s) => self.string(s)?,
            GlobalValue::Symbol(s) => self.symbol(s),
        })
    }

    /// The first dictionary of the symbol list binding `name` to a value
    /// other than a class (in this view's copy or in the session).
    pub(super) fn binding_dictionary(&self, name: &str) -> Option<String> {
        if self.st.overlay.contains_key(name) {
            return None;
        }
        for dict in self.session.symbol_list() {
            if let Some(&proxy) = self.st.dict_proxies.get(&dict)
                && self.proxy_at(proxy, name).is_some()
            {
                return Some(dict);
            }
            match self.session.entry(&dict, name) {
                Some(DictionaryEntry::Class(_)) => return None,
                Some(_) => {
                    let copied = self
                        .st
                        .proxy_base
                        .get(&dict)
                        .is_some_and(|b| b.contains(name));
                    if !copied || !self.st.dict_proxies.contains_key(&dict) {
                        return Some(dict);
                    }
                }
                None => {}
            }
        }
        None
    }

    /// The SymbolDictionary object standing for session dictionary `name`.
    pub(crate) fn dictionary_proxy(&mut self, name: &str) -> R<Value> {
        if let Some(&id) = self.st.dict_proxies.get(name) {
            return Ok(Value::Obj(id));
        }
        let class = Value::Class(self.st.known.symbol_dictionary);
        let sel = self.st.sym("new");
        let v = self.send(class, sel, &[], None)?;
        if let Value::Obj(id) = v {
            // Registered before it is filled: a value inside may refer to
            // this very dictionary.
            self.st.dict_proxies.insert(name.to_string(), id);
            if let Err(u) = self.populate_proxy(name, v) {
                self.st.dict_proxies.remove(name);
                self.st.proxy_base.remove(name);
                self.st.proxy_classes.remove(name);
                return Err(u);
            }
        }
        Ok(v)
    }

    /// The name of the session dictionary a proxy stands for.
    pub(crate) fn proxy_name(&self, v: Value) -> Option<String> {
        let Value::Obj(id) = v else { return None };
        self.st
            .dict_proxies
            .iter()
            .find(|(_, p)| **p == id)
            .map(|(n, _)| n.clone())
    }

    /// Reads key `name` of a KeyValueDictionary (named variables tally,
    /// keys, values) by scanning its keys.
    pub(crate) fn proxy_at(&self, proxy: ObjId, name: &str) -> Option<Value> {
        let o = self.st.heap.get(proxy);
        let (Some(Value::Obj(keys)), Some(Value::Obj(values))) = (o.named.get(1), o.named.get(2))
        else {
            return None;
        };
        let (Body::Slots(ks), Body::Slots(vs)) = (
            &self.st.heap.get(*keys).body,
            &self.st.heap.get(*values).body,
        ) else {
            return None;
        };
        // Keys are Symbols (bytes); compare without making Strings, as
        // this runs for every global a call resolves.
        let wanted: Vec<u8> = name.chars().map(|c| c as u32 as u8).collect();
        ks.iter().zip(vs).find_map(|(k, v)| match k {
            Value::Obj(k) => match &self.st.heap.get(*k).body {
                Body::Bytes(b) if *b == wanted => Some(*v),
                _ => None,
            },
            _ => None,
        })
    }
}

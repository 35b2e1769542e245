//! The code model's plain data: what a class, a method and a dictionary
//! entry are, independent of how they are stored or versioned.
//!
//! These types cross every boundary of the crate (the store serialises
//! them, sessions hand them out, Topaz reads and writes them), so they stay
//! small, owned and `serde`-serialisable.

use serde::{Deserialize, Serialize};

/// The stable identity of a class in one image.
///
/// A class keeps its id across renames, redefinitions that keep its shape,
/// and across being bound in several dictionaries under several names. The
/// kernel-class guard and the store key classes by id, never by name, so an
/// alias (`MyDict at: #Obj put: Object`) cannot disguise a kernel class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ClassId(pub u64);

/// How the instances of a class store their indexed part, as GemStone's
/// class-definition messages distinguish them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum ClassKind {
    /// Named instance variables only (`subclass:…`).
    #[default]
    Pointers,
    /// Named instance variables plus indexed object slots (`indexableSubclass:…`).
    Indexable,
    /// Indexed bytes and no named instance variables (`byteSubclass:…`).
    Bytes,
}

/// Everything a class-definition message says about a class.
///
/// This is the input to defining or redefining a class, whether it comes
/// from a Topaz file-in, a tool, or (later) an evaluated expression.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ClassDefinition {
    /// The class name, e.g. `"Account"`.
    pub name: String,
    /// The superclass name as seen through the session's symbol list, or
    /// `None` for a root class (`nil subclass: …`).
    pub superclass: Option<String>,
    /// Instance variable names defined by this class (not inherited ones).
    pub inst_vars: Vec<String>,
    /// Class variable names.
    pub class_vars: Vec<String>,
    /// Class-instance variable names (instance variables of the metaclass).
    pub class_inst_vars: Vec<String>,
    /// Pool dictionary names whose keys the class's methods may reference.
    pub pool_dictionaries: Vec<String>,
    /// The symbol dictionary that binds the class (`inDictionary:`).
    pub dictionary: String,
    /// The class category, if the definition names one.
    pub category: Option<String>,
    /// The definition's `options:` symbols, kept verbatim (e.g. `"modifiable"`).
    pub options: Vec<String>,
    /// How instances store their indexed part.
    pub kind: ClassKind,
}

/// A class as the image holds it: its definition plus what the image adds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassRecord {
    /// The class's identity.
    pub id: ClassId,
    /// The superclass's identity, `None` for a root class.
    pub superclass: Option<ClassId>,
    /// The definition the class was last (re)defined with. Its `superclass`
    /// field holds the name the definition used.
    pub definition: ClassDefinition,
    /// The class comment (empty when none was set).
    pub comment: String,
    /// True for classes the image ships with: the kernel-class guard
    /// refuses to change them.
    pub kernel: bool,
    /// True once the class was removed ([`Session::remove_class`]): no
    /// dictionary binds it and no query lists it or its methods, but it
    /// lives on, methods and all, for the objects that are still its
    /// instances, as a GemStone class removed from its dictionary does.
    ///
    /// [`Session::remove_class`]: crate::Session::remove_class
    pub removed: bool,
}

/// Which side of a class a method belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The instance side (`method:` in Topaz).
    Instance,
    /// The class side, i.e. the metaclass (`classmethod:` in Topaz).
    Class,
}

impl Side {
    /// `Side::Class` when `meta` is true, as the tools' `meta` argument reads.
    pub fn from_meta(meta: bool) -> Side {
        if meta { Side::Class } else { Side::Instance }
    }

    /// True for the class side.
    pub fn is_meta(self) -> bool {
        self == Side::Class
    }
}

/// A compiled method as the image stores it.
///
/// Only what the image can answer from without re-parsing is kept: the exact
/// source, the selector derived from it, and the facts the indexes need.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MethodRecord {
    /// The class the method is defined in.
    pub class: ClassId,
    /// Instance or class side.
    pub side: Side,
    /// The selector, derived from the source's message pattern.
    pub selector: String,
    /// The method category (protocol), e.g. `"accessing"`.
    pub category: String,
    /// The source exactly as it was compiled.
    pub source: String,
    /// Every selector the method sends, each once, sorted.
    pub sends: Vec<String>,
    /// Every global, class, class-variable or pool name the method
    /// references, each once, sorted.
    pub references: Vec<String>,
    /// The primitive number or name from a `<primitive: …>` pragma, if any.
    pub primitive: Option<String>,
}

/// A reference to one method, as queries answer them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MethodRef {
    /// The name of the class the method is defined in.
    pub class_name: String,
    /// Instance or class side.
    pub side: Side,
    /// The method's selector.
    pub selector: String,
}

impl std::fmt::Display for MethodRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.side {
            Side::Instance => write!(f, "{}>>{}", self.class_name, self.selector),
            Side::Class => write!(f, "{} class>>{}", self.class_name, self.selector),
        }
    }
}

/// A literal value bound in a symbol dictionary, as a file-in's
/// `UserGlobals at: #Rate put: 5` writes it. Values made by running code
/// are bound as [`DictionaryEntry::Object`] instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum GlobalValue {
    /// `nil`.
    Nil,
    /// `true` or `false`.
    Boolean(bool),
    /// An integer, as its decimal digits (arbitrary precision).
    Integer(String),
    /// A float.
    Float(f64),
    /// A string.
    String(String),
    /// A symbol.
    Symbol(String),
}

/// What a symbol dictionary binds a name to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum DictionaryEntry {
    /// A class (possibly under a name other than its own).
    Class(ClassId),
    /// A literal value (nil, a Boolean, a number, a String or Symbol
    /// written by a file-in).
    Global(GlobalValue),
    /// A value of the object memory: an immediate (a SmallInteger, a
    /// Character, …) or a reference to a persistent object of the object
    /// table (see [`StoredObject`]). The interpreter binds globals this way
    /// when a session commits.
    Object(ObjectValue),
}

/// The identity of a persistent object in one image (its object table
/// key). Ids are never reused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ObjectId(pub u64);

/// Object ids from this one up are reserved for class state (see
/// [`ObjectId::class_state`]); ordinary objects never reach it.
pub const CLASS_STATE_IDS: u64 = 1 << 63;

impl ObjectId {
    /// The id of the object holding a class's persistent class variables
    /// and class-instance variables: one per class, derived from its id.
    pub fn class_state(class: ClassId) -> ObjectId {
        ObjectId(CLASS_STATE_IDS | class.0)
    }

    /// The class whose state this id holds, for a class-state id.
    pub fn class_of_state(self) -> Option<ClassId> {
        (self.0 >= CLASS_STATE_IDS).then_some(ClassId(self.0 & !CLASS_STATE_IDS))
    }
}

/// A value held in a slot of a persistent object: an immediate, a class,
/// a Symbol (by its characters: Symbols are unique by value), one of the
/// session's symbol dictionaries (by name), or a reference to another
/// persistent object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ObjectValue {
    /// `nil`.
    Nil,
    /// `true` or `false`.
    Boolean(bool),
    /// A SmallInteger.
    Integer(i64),
    /// A Character, by code point.
    Character(u32),
    /// A Float, as its IEEE-754 bits (so NaNs and -0.0 round-trip and
    /// compare equal to themselves).
    Float(u64),
    /// A Symbol, by its bytes.
    Symbol(Vec<u8>),
    /// A class (its instance side).
    Class(ClassId),
    /// A class's metaclass (`X class`).
    Metaclass(ClassId),
    /// A symbol dictionary of the image, by name (e.g. `UserGlobals`).
    Dictionary(String),
    /// Another persistent object.
    Object(ObjectId),
}

/// The indexed part of a persistent object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ObjectBody {
    /// No indexed part.
    None,
    /// Indexed object slots (Arrays, an OrderedCollection's storage, …).
    Slots(Vec<ObjectValue>),
    /// Indexed bytes (Strings, ByteArrays).
    Bytes(Vec<u8>),
    /// A LargeInteger's value, as signed two's-complement little-endian
    /// bytes.
    LargeInteger(Vec<u8>),
    /// A clean block (one that uses nothing of the context it was made in:
    /// no `self`, instance variables, outer temporaries or `^`), as the
    /// code it is part of: recompiling `source` in `class` and taking its
    /// `ordinal`-th block (in source order, from 0) makes it again.
    Block {
        /// The class the method or doit compiled in.
        class: ClassId,
        /// True for a class-side method.
        meta: bool,
        /// True when `source` is a doit (an expression), not a method.
        doit: bool,
        /// The method's or doit's source.
        source: String,
        /// Which block of that source it is.
        ordinal: u32,
    },
    /// Indexed characters of a string class of more than one byte per
    /// character (DoubleByteString, QuadByteString, Unicode16, Unicode32),
    /// as code points. Last, so that images written before it read
    /// unchanged.
    Wide(Vec<u32>),
}

/// One row of the object table: a persistent object's class, its named
/// instance variables (with the names they had when it was stored, so an
/// object whose class was since reshaped migrates by name), and its
/// indexed part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredObject {
    /// The object's class.
    pub class: ClassId,
    /// Whether the object refuses stores (e.g. a literal's copy).
    pub invariant: bool,
    /// Named instance variable names, in `allInstVarNames` order as of
    /// the store.
    pub names: Vec<String>,
    /// Their values, one per name.
    pub named: Vec<ObjectValue>,
    /// The indexed part.
    pub body: ObjectBody,
}

impl StoredObject {
    /// The value of named instance variable `name` as stored, if the
    /// object was stored with one of that name.
    pub fn named_value(&self, name: &str) -> Option<&ObjectValue> {
        self.names
            .iter()
            .position(|n| n == name)
            .and_then(|i| self.named.get(i))
    }

    /// True when `other` is what this object reads as, migrated to the
    /// instance variables `other` names: the same object, or, stored
    /// under an older shape of its class, one whose values sit under the
    /// variables of the same name, with `nil` in those it lacks. Values
    /// of variables since removed do not count: nothing can read them.
    /// So a session that only reads an object of a reshaped class has
    /// not changed it.
    pub fn reads_as(&self, other: &StoredObject) -> bool {
        self.reads_as_with(other, &|_| false)
    }

    /// [`StoredObject::reads_as`], where a stored value for which
    /// `unreadable` answers true (a reference to an object or class the
    /// image no longer has, which reads as nil) reads as `nil` too.
    pub fn reads_as_with(
        &self,
        other: &StoredObject,
        unreadable: &dyn Fn(&ObjectValue) -> bool,
    ) -> bool {
        if self == other {
            return true;
        }
        let same = |stored: &ObjectValue, read: &ObjectValue| {
            stored == read || (*read == ObjectValue::Nil && unreadable(stored))
        };
        let bodies = match (&self.body, &other.body) {
            (ObjectBody::Slots(a), ObjectBody::Slots(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
            }
            (a, b) => a == b,
        };
        let named = if self.names == other.names {
            self.named.len() == other.named.len()
                && self.named.iter().zip(&other.named).all(|(x, y)| same(x, y))
        } else {
            other.names.len() == other.named.len()
                && other.names.iter().zip(&other.named).all(|(name, value)| {
                    same(self.named_value(name).unwrap_or(&ObjectValue::Nil), value)
                })
        };
        self.class == other.class && self.invariant == other.invariant && bodies && named
    }
}

#[cfg(test)]
mod tests {
    use super::{ClassId, ObjectBody, ObjectValue, StoredObject};

    fn object(names: &[&str], named: Vec<ObjectValue>) -> StoredObject {
        StoredObject {
            class: ClassId(7),
            invariant: false,
            names: names.iter().map(|n| n.to_string()).collect(),
            named,
            body: ObjectBody::None,
        }
    }

    #[test]
    fn an_object_reads_as_its_migration_by_name_and_nothing_else() {
        use ObjectValue::{Integer, Nil};
        let stored = object(&["owner", "balance"], vec![Integer(1), Integer(7)]);
        // `owner` removed, `currency` added: the migration.
        let migrated = object(&["balance", "currency"], vec![Integer(7), Nil]);
        assert!(stored.reads_as(&migrated));
        assert!(stored.reads_as(&stored.clone()));
        // A value changed, or given to a new variable, is a change.
        assert!(!stored.reads_as(&object(&["balance", "currency"], vec![Integer(8), Nil])));
        assert!(!stored.reads_as(&object(
            &["balance", "currency"],
            vec![Integer(7), Integer(1)]
        )));
        // The same shape with other values is a change too.
        assert!(!stored.reads_as(&object(&["owner", "balance"], vec![Nil, Integer(7)])));
        let mut other_class = migrated.clone();
        other_class.class = ClassId(8);
        assert!(!stored.reads_as(&other_class));
    }
}

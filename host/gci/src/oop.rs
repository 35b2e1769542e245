//! `Oop`, GemStone's 64-bit object identifier, and the special objects
//! whose identifiers every client knows.
//!
//! The values and the tag layout are from `gcioop.ht` of GemStone/S 64
//! 3.7.5 (identical in 3.6.2 through 3.7.5 for everything here).

use std::fmt;

/// An object identifier (`OopType`, a `uint64_t`). Some identifiers are the
/// object itself (nil, true, false, characters, SmallIntegers); the others
/// name an object in the session and stay valid while the session holds it
/// (see `Session::release`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Oop(u64);

/// `OOP_NUM_TAG_BITS` (gcioop.ht): a SmallInteger's value sits above them.
const TAG_BITS: u32 = 3;
/// `OOP_RAM_TAG_MASK` (gcioop.ht): the low three bits are the tag.
const TAG_MASK: u64 = 0x7;
/// `OOP_TAG_SMALLINT` (gcioop.ht): `2r010`.
const TAG_SMALLINT: u64 = 0x2;
/// `OOP_TAG_SPECIAL_MASK` (gcioop.ht): any special object has one of these set.
const TAG_SPECIAL_MASK: u64 = 0x6;

impl Oop {
    /// `OOP_ILLEGAL`: no object; what a failed call answers.
    pub const ILLEGAL: Oop = Oop(0x01);
    /// `OOP_NIL`: `nil`.
    pub const NIL: Oop = Oop(0x14);
    /// `OOP_REMOTE_NIL`: the `nil` that stands for an object of a remote session.
    pub const REMOTE_NIL: Oop = Oop(0x114);
    /// `OOP_FALSE`: `false`.
    pub const FALSE: Oop = Oop(0x0C);
    /// `OOP_TRUE`: `true`.
    pub const TRUE: Oop = Oop(0x10C);
    /// `OOP_ASCII_NUL`: `Character value: 0`.
    pub const ASCII_NUL: Oop = Oop(0x1C);
    /// `OOP_CLASS_STRING`: the class `String`.
    pub const CLASS_STRING: Oop = Oop(74753);
    /// `OOP_CLASS_SYMBOL`: the class `Symbol`.
    pub const CLASS_SYMBOL: Oop = Oop(110849);
    /// `OOP_CLASS_Utf8`: the class `Utf8`. Source passed with it as the
    /// source class is read as UTF-8.
    pub const CLASS_UTF8: Oop = Oop(154113);
    /// `OOP_CLASS_SMALL_INTEGER`: the class `SmallInteger`.
    pub const CLASS_SMALL_INTEGER: Oop = Oop(74241);
    /// `OOP_GEMSTONE_ERROR_CAT`: the category of GemStone's own errors.
    pub const GEMSTONE_ERROR_CAT: Oop = Oop(231169);

    /// `MIN_SMALL_INT` (gcioop.ht): -2^60.
    pub const MIN_SMALL_INT: i64 = -1_152_921_504_606_846_976;
    /// `MAX_SMALL_INT` (gcioop.ht): 2^60 - 1.
    pub const MAX_SMALL_INT: i64 = 1_152_921_504_606_846_975;

    /// The identifier with this raw value, as the library passes it.
    pub const fn from_raw(raw: u64) -> Oop {
        Oop(raw)
    }

    /// The raw value, as the library takes it.
    pub const fn raw(self) -> u64 {
        self.0
    }

    /// The SmallInteger `value`, encoded as `GCI_I32_TO_OOP` does (value
    /// shifted past the tag bits, tag `2r010`), for any value in
    /// SmallInteger's range; `None` outside it (a LargeInteger, which
    /// needs the session).
    pub const fn small_int(value: i64) -> Option<Oop> {
        if value < Self::MIN_SMALL_INT || value > Self::MAX_SMALL_INT {
            return None;
        }
        Some(Oop(((value as u64) << TAG_BITS) | TAG_SMALLINT))
    }

    /// The value of a SmallInteger, or `None` for any other object.
    pub const fn as_small_int(self) -> Option<i64> {
        if self.0 & TAG_MASK != TAG_SMALLINT {
            return None;
        }
        Some((self.0 as i64) >> TAG_BITS)
    }

    /// Whether the identifier is the object itself (nil, booleans,
    /// characters, SmallIntegers, SmallDoubles, …), which the session
    /// never holds and never needs to release.
    pub const fn is_special(self) -> bool {
        self.0 & TAG_SPECIAL_MASK != 0
    }

    /// Whether this names an object the session may hold: neither special
    /// nor `ILLEGAL`.
    pub const fn is_held(self) -> bool {
        !self.is_special() && self.0 != Self::ILLEGAL.0
    }
}

impl fmt::Debug for Oop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Oop::ILLEGAL => f.write_str("Oop::ILLEGAL"),
            Oop::NIL => f.write_str("Oop::NIL"),
            Oop::TRUE => f.write_str("Oop::TRUE"),
            Oop::FALSE => f.write_str("Oop::FALSE"),
            oop => match oop.as_small_int() {
                Some(i) => write!(f, "Oop(SmallInteger {i})"),
                None => write!(f, "Oop({:#x})", oop.0),
            },
        }
    }
}

impl fmt::Display for Oop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    //! Every number below is read off gcioop.ht of GemStone/S 64 3.7.5.

    use super::*;

    #[test]
    fn special_objects_are_the_headers_values() {
        assert_eq!(Oop::ILLEGAL.raw(), 0x01); // OOP_ILLEGAL
        assert_eq!(Oop::NIL.raw(), 0x14); // OOP_NIL
        assert_eq!(Oop::REMOTE_NIL.raw(), 0x114); // OOP_REMOTE_NIL
        assert_eq!(Oop::FALSE.raw(), 0x0C); // OOP_FALSE
        assert_eq!(Oop::TRUE.raw(), 0x10C); // OOP_TRUE = OOP_FALSE | OOP_TRUE_bit 0x100
        assert_eq!(Oop::ASCII_NUL.raw(), 0x1C); // OOP_ASCII_NUL
        assert_eq!(Oop::CLASS_STRING.raw(), 74753); // OOP_CLASS_STRING
        assert_eq!(Oop::CLASS_SYMBOL.raw(), 110849); // OOP_CLASS_SYMBOL
        assert_eq!(Oop::CLASS_UTF8.raw(), 154113); // OOP_CLASS_Utf8
        assert_eq!(Oop::CLASS_SMALL_INTEGER.raw(), 74241); // OOP_CLASS_SMALL_INTEGER
        assert_eq!(Oop::GEMSTONE_ERROR_CAT.raw(), 231169); // OOP_GEMSTONE_ERROR_CAT
    }

    #[test]
    fn small_integers_encode_as_gci_i32_to_oop() {
        // OOP_Zero .. OOP_Four and OOP_MinusOne / OOP_MinusTwo are
        // GCI_I32_TO_OOP(n) = (n << 3) | 2.
        assert_eq!(Oop::small_int(0).unwrap().raw(), 2);
        assert_eq!(Oop::small_int(1).unwrap().raw(), 10);
        assert_eq!(Oop::small_int(4).unwrap().raw(), 34);
        assert_eq!(Oop::small_int(-1).unwrap().raw(), 0xFFFF_FFFF_FFFF_FFFA);
        assert_eq!(Oop::small_int(-2).unwrap().raw(), 0xFFFF_FFFF_FFFF_FFF2);
        assert_eq!(Oop::MAX_SMALL_INT, (1 << 60) - 1);
        assert_eq!(Oop::MIN_SMALL_INT, -(1 << 60));
        for v in [0, 1, -1, 42, Oop::MAX_SMALL_INT, Oop::MIN_SMALL_INT] {
            assert_eq!(Oop::small_int(v).unwrap().as_small_int(), Some(v));
        }
        assert_eq!(Oop::small_int(Oop::MAX_SMALL_INT + 1), None);
        assert_eq!(Oop::small_int(Oop::MIN_SMALL_INT - 1), None);
    }

    #[test]
    fn specials_are_never_held() {
        for oop in [
            Oop::NIL,
            Oop::TRUE,
            Oop::FALSE,
            Oop::ASCII_NUL,
            Oop::small_int(7).unwrap(),
        ] {
            assert!(oop.is_special(), "{oop:?}");
            assert!(!oop.is_held());
            assert_eq!(oop.as_small_int().is_some(), oop.raw() & 7 == 2);
        }
        assert!(!Oop::ILLEGAL.is_held());
        // A disk object id: oop number shifted left by 8, tag 2r001.
        let persistent = Oop::from_raw((12345 << 8) | 1);
        assert!(persistent.is_held());
        assert!(Oop::CLASS_STRING.is_held());
        assert_eq!(persistent.as_small_int(), None);
    }
}

//! Values of number literals.
//!
//! The lexer only finds where a number ends; this module computes its value
//! from the text, in all the forms GemStone accepts: decimal and radix
//! integers of any size, exponents that keep an integer an integer (`1e10`),
//! floats with the exponent letters `e`, `d` and `q`, and scaled decimals.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

use crate::ast::Literal;

/// Integer literals longer than this are refused: converting them would take
/// time quadratic in their length, and no real method needs them.
pub const MAX_INTEGER_DIGITS: usize = 100_000;

/// Largest exponent accepted on an integer literal (`1e10000`).
const MAX_INTEGER_EXPONENT: u32 = 10_000;

/// The value of the number literal `text` (as the lexer delimited it),
/// negated when `negative`. The error says what is wrong with the text.
pub fn number_value(text: &str, negative: bool) -> Result<Literal, String> {
    let bytes = text.as_bytes();
    let int_end = bytes
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(bytes.len());
    let int_digits = &text[..int_end];
    let rest = &text[int_end..];
    if let Some(radix_digits) = rest.strip_prefix('r') {
        return radix_value(int_digits, radix_digits, negative, text);
    }
    let (frac_digits, rest) = match rest.strip_prefix('.') {
        Some(after) => {
            let end = after
                .bytes()
                .position(|b| !b.is_ascii_digit())
                .unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    if let Some(scale) = rest.strip_prefix('s') {
        return scaled_value(int_digits, frac_digits.unwrap_or(""), scale, negative, text);
    }
    let (letter, exponent) = match rest.as_bytes().first() {
        Some(&l @ (b'e' | b'd' | b'q')) => (Some(l), &rest[1..]),
        _ => (None, rest),
    };
    let exponent: i64 = if exponent.is_empty() {
        0
    } else {
        exponent
            .parse()
            .map_err(|_| format!("the exponent of `{text}` is too large"))?
    };
    if frac_digits.is_none() && letter != Some(b'd') && letter != Some(b'q') && exponent >= 0 {
        if exponent > i64::from(MAX_INTEGER_EXPONENT) {
            return Err(format!(
                "the exponent of `{text}` is larger than {MAX_INTEGER_EXPONENT}; write the number another way"
            ));
        }
        let mut value = integer_value(int_digits, 10, text)?;
        if exponent > 0 {
            value *= num_traits::pow(BigInt::from(10u32), exponent as usize);
        }
        return Ok(Literal::Integer(if negative { -value } else { value }));
    }
    let mut decimal = String::with_capacity(text.len() + 2);
    if negative {
        decimal.push('-');
    }
    decimal.push_str(int_digits);
    if let Some(frac) = frac_digits {
        decimal.push('.');
        decimal.push_str(frac);
    }
    decimal.push('e');
    decimal.push_str(&exponent.to_string());
    let value: f64 = decimal
        .parse()
        .map_err(|_| format!("`{text}` is not a valid float literal"))?;
    if !value.is_finite() {
        return Err(format!(
            "the float literal `{text}` is too large to represent"
        ));
    }
    Ok(Literal::Float(value))
}

fn integer_value(digits: &str, radix: u32, text: &str) -> Result<BigInt, String> {
    if digits.len() > MAX_INTEGER_DIGITS {
        return Err(format!(
            "integer literal with {} digits is longer than the limit of {MAX_INTEGER_DIGITS}",
            digits.len()
        ));
    }
    if radix == 10
        && digits.len() <= 18
        && let Ok(small) = digits.parse::<u64>()
    {
        return Ok(BigInt::from(small));
    }
    BigInt::parse_bytes(digits.as_bytes(), radix)
        .ok_or_else(|| format!("`{text}` is not a valid integer"))
}

fn radix_value(
    radix_text: &str,
    digits: &str,
    negative: bool,
    text: &str,
) -> Result<Literal, String> {
    let radix: u32 = radix_text
        .parse()
        .ok()
        .filter(|r| (2..=36).contains(r))
        .ok_or_else(|| format!("the radix of `{text}` must be from 2 to 36"))?;
    let (inner_negative, digits) = match digits.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, digits),
    };
    if negative && inner_negative {
        return Err(format!(
            "`-{text}` has two minus signs; write one, as in `-16r1F`"
        ));
    }
    if digits.is_empty() {
        return Err(format!("`{text}` has no digits after the radix"));
    }
    if let Some(bad) = digits
        .chars()
        .find(|c| c.to_digit(36).is_none_or(|d| d >= radix))
    {
        return Err(format!(
            "`{bad}` is not a digit in radix {radix} in `{text}`"
        ));
    }
    let value = integer_value(digits, radix, text)?;
    Ok(Literal::Integer(if negative || inner_negative {
        -value
    } else {
        value
    }))
}

fn scaled_value(
    int_digits: &str,
    frac_digits: &str,
    scale_text: &str,
    negative: bool,
    text: &str,
) -> Result<Literal, String> {
    let scale = if scale_text.is_empty() {
        frac_digits.len() as u32
    } else {
        scale_text
            .parse::<u32>()
            .ok()
            .filter(|&s| s <= 1000)
            .ok_or_else(|| format!("the scale of `{text}` must be at most 1000"))?
    };
    let all_digits = format!("{int_digits}{frac_digits}");
    let mut numerator = integer_value(&all_digits, 10, text)?;
    if negative {
        numerator = -numerator;
    }
    let denominator = num_traits::pow(BigInt::from(10u32), frac_digits.len());
    let (numerator, denominator) = reduce(numerator, denominator);
    Ok(Literal::ScaledDecimal {
        numerator,
        denominator,
        scale,
    })
}

/// `n / d` in lowest terms with a positive denominator.
pub fn reduce(n: BigInt, d: BigInt) -> (BigInt, BigInt) {
    if n.is_zero() {
        return (n, BigInt::one());
    }
    let g = n.gcd(&d);
    let (mut n, mut d) = (n / &g, d / &g);
    if d < BigInt::zero() {
        n = -n;
        d = -d;
    }
    (n, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(text: &str) -> Literal {
        number_value(text, false).unwrap()
    }

    #[test]
    fn forms() {
        assert_eq!(int("42"), Literal::Integer(42.into()));
        assert_eq!(int("16r1F"), Literal::Integer(31.into()));
        assert_eq!(int("16r-1F"), Literal::Integer((-31).into()));
        assert_eq!(int("36rZZ"), Literal::Integer(1295.into()));
        assert_eq!(int("1e3"), Literal::Integer(1000.into()));
        assert_eq!(int("1.5e-3"), Literal::Float(0.0015));
        assert_eq!(int("2d3"), Literal::Float(2000.0));
        assert_eq!(int("1e-2"), Literal::Float(0.01));
        assert_eq!(
            int("1.25s"),
            Literal::ScaledDecimal {
                numerator: 5.into(),
                denominator: 4.into(),
                scale: 2
            }
        );
        assert!(
            number_value("2r102", false)
                .unwrap_err()
                .contains("`2` is not a digit in radix 2")
        );
        assert!(
            number_value("37r1", false)
                .unwrap_err()
                .contains("from 2 to 36")
        );
        assert!(
            number_value("1.0e999", false)
                .unwrap_err()
                .contains("too large")
        );
    }
}

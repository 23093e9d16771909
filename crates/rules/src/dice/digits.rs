//! Writing integers into text without `fmt`: rendering a roll writes every die's face, so this is on the hot path
//! of every roll. The notation's renderer, its values and its display all write through it.

/// Append an integer without going through `fmt` (rendering is on the hot path of every roll): a face below
/// 100 inline, anything else out of line.
#[inline(always)]
pub(crate) fn push_int(s: &mut String, v: i64) {
    if (0..10).contains(&v) {
        s.push((b'0' + v as u8) as char);
    } else if (10..100).contains(&v) {
        // both digits in one push, from a table (two pushes and a division were about 25 instructions)
        let i = 2 * v as usize;
        s.push_str(&PAIRS[i..i + 2]);
    } else {
        push_int_long(s, v);
    }
}

/// `, ` and an integer, in one push below 100 (a die's face after the one before it in a breakdown).
#[inline(always)]
pub(crate) fn push_comma_int(s: &mut String, v: i64) {
    if (0..10).contains(&v) {
        let i = 3 * v as usize;
        s.push_str(&COMMA_DIGITS[i..i + 3]);
    } else if (10..100).contains(&v) {
        let i = 4 * (v as usize - 10);
        s.push_str(&COMMA_PAIRS[i..i + 4]);
    } else {
        s.push_str(", ");
        push_int_long(s, v);
    }
}

/// `, 0` to `, 9`.
const COMMA_DIGITS: &str = ", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9";
/// `, 10` to `, 99`.
const COMMA_PAIRS: &str = concat!(
    ", 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33",
    ", 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57",
    ", 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81",
    ", 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99",
);

/// `00` to `99`, each two digits at twice its value.
const PAIRS: &str = concat!(
    "0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849",
    "5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
);

#[inline(never)]
fn push_int_long(s: &mut String, v: i64) {
    if (100..1000).contains(&v) {
        // three digits (`100d6`'s count, a d100's 100, most totals of the big rows) without the loop and the
        // reserve below: about 90 instructions became about 30
        let v = v as usize;
        s.push(char::from(b'0' + (v / 100) as u8));
        let i = 2 * (v % 100);
        s.push_str(&PAIRS[i..i + 2]);
        return;
    }
    if v < 0 {
        s.push('-');
    }
    let mut n = v.unsigned_abs();
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // ASCII digits pushed one by one: `from_utf8`'s call and check cost more than the few bytes of a number
    s.reserve(buf.len() - i);
    buf[i..].iter().for_each(|&b| s.push(char::from(b)));
}

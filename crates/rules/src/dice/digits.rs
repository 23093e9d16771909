//! Writing integers into text without `fmt`: rendering a roll writes every die's face, so this is on the hot path
//! of every roll. The notation's renderer, its values and its display all write through it.

/// Append an integer without going through `fmt` (rendering is on the hot path of every roll): a face below
/// 100 inline, anything else out of line.
#[inline(always)]
pub(crate) fn push_int(s: &mut String, v: i64) {
    if (0..100).contains(&v) {
        // one digit or two, with no branch on which: a die's faces are random, and a d20's branch on them was
        // mispredicted about every other die (bench/README.md, "Rolls without guesses")
        // (the last two bytes of an `Ascii` are ASCII too)
        let [_, _, a, b] = COMMA_DIGITS[v as usize].0;
        push_ascii_prefix(s, &Ascii([a, b]), 1 + usize::from(v >= 10));
    } else {
        push_int_long(s, v);
    }
}

/// `, ` and an integer, in one push below 100 (a die's face after the one before it in a breakdown), with no branch
/// on whether it has one digit or two (as [`push_int`]).
#[inline(always)]
pub(crate) fn push_comma_int(s: &mut String, v: i64) {
    if (0..100).contains(&v) {
        push_ascii_prefix(s, &COMMA_DIGITS[v as usize], 3 + usize::from(v >= 10));
    } else {
        s.push_str(", ");
        push_int_long(s, v);
    }
}

/// `, ` and a digit (`v` below 10), in one push of a fixed size.
#[inline(always)]
pub(crate) fn push_comma_digit(s: &mut String, v: i64) {
    debug_assert!((0..10).contains(&v));
    push_ascii_prefix(s, &COMMA_DIGITS[v as usize], 3);
}

/// Bytes that are ASCII: made only by [`Ascii::new`], which refuses anything else (in a constant, when it is
/// compiled), so a string stays UTF-8 after any prefix of them is appended.
#[derive(Clone, Copy)]
pub(crate) struct Ascii<const N: usize>([u8; N]);

impl<const N: usize> Ascii<N> {
    pub(crate) const fn new(bytes: [u8; N]) -> Self {
        let mut i = 0;
        while i < N {
            assert!(bytes[i].is_ascii(), "not ASCII");
            i += 1;
        }
        Ascii(bytes)
    }

    /// How many bytes.
    pub(crate) const fn len(&self) -> usize {
        N
    }

    /// The last byte (`N` is at least 1).
    pub(crate) const fn last(&self) -> u8 {
        self.0[N - 1]
    }
}

/// Append the first `len` bytes of `bytes` (`len <= N`): all `N` are copied, then the rest cut off, so the copy has
/// a fixed size and nothing branches on `len`, which is random when it is a die's digit count or whether the die
/// was dropped.
#[inline(always)]
pub(crate) fn push_ascii_prefix<const N: usize>(s: &mut String, bytes: &Ascii<N>, len: usize) {
    // SAFETY: `Ascii` holds ASCII bytes only, so the string is UTF-8 after the copy, and after it is cut at any of
    // them.
    let v = unsafe { s.as_mut_vec() };
    v.extend_from_slice(&bytes.0);
    v.truncate(v.len() - (N - len.min(N)));
}

/// Append `text` if `keep`, with no branch on `keep` (random when it is whether a die was dropped or counted): the
/// bytes are always copied, then cut off again unless kept.
#[inline(always)]
pub(crate) fn push_if(s: &mut String, text: &'static str, keep: bool) {
    let len = s.len();
    s.push_str(text);
    // SAFETY: the string is cut where it ended before (a character boundary) or not at all, so it stays UTF-8.
    unsafe { s.as_mut_vec() }.truncate(len + text.len() * usize::from(keep));
}

/// `, 0` to `, 99`, each in the first three or four of its bytes (a space after one digit).
const COMMA_DIGITS: [Ascii<4>; 100] = {
    let mut t = [Ascii([b' '; 4]); 100];
    let mut v = 0;
    while v < 100 {
        let (hi, lo) = (b'0' + (v / 10) as u8, b'0' + (v % 10) as u8);
        t[v] = Ascii::new(if v < 10 { [b',', b' ', lo, b' '] } else { [b',', b' ', hi, lo] });
        v += 1;
    }
    t
};

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every writer gives `fmt`'s text, around the edges of its tables (one digit, two, three, more, negative), and
    /// the string it appends to keeps what was there.
    #[test]
    fn integers_read_as_fmt_writes_them() {
        for v in (-1200..1200).chain([i64::MIN, i64::MAX, 99_999, 100_000]) {
            let mut s = String::from("x");
            push_int(&mut s, v);
            assert_eq!(s, format!("x{v}"));
            let mut s = String::from("x");
            push_comma_int(&mut s, v);
            assert_eq!(s, format!("x, {v}"));
        }
        for v in 0..10 {
            let mut s = String::from("x");
            push_comma_digit(&mut s, v);
            assert_eq!(s, format!("x, {v}"));
        }
    }

    /// A text appended or not, after text of several bytes a character.
    #[test]
    fn push_if_appends_only_what_is_kept() {
        for keep in [false, true] {
            let mut s = String::from("é");
            push_if(&mut s, " ✓", keep);
            assert_eq!(s, if keep { "é ✓" } else { "é" });
        }
    }

    /// A prefix of any length up to the whole, and a length past it taken as the whole.
    #[test]
    fn ascii_prefixes_cut_where_asked() {
        let bytes = Ascii::new(*b"abcd");
        for len in 0..=6 {
            let mut s = String::from("é");
            push_ascii_prefix(&mut s, &bytes, len);
            assert_eq!(s, format!("é{}", &"abcd"[..len.min(4)]));
        }
    }
}

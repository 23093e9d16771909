//! Characters to tokens: drops whitespace, lower-cases ASCII letters, normalises Unicode look-alikes, and cuts
//! out `[labels]` and the trailing `# comment` verbatim. Every token keeps its 1-based column.
//!
//! Normalised look-alikes: full-width ASCII forms (`１`, `ｄ`, `＋`, ... U+FF01 to U+FF5E) become their ASCII
//! letter, `−` (U+2212 minus sign) becomes `-`, `×` becomes `*`, `÷` becomes `/`. The Remedy marks `▲ ▼ ♻` are
//! kept. Any other non-ASCII character outside a label or comment is rejected, naming it and its code point.

use super::error::NotationError;
use super::limits::MAX_EXPR_LEN;

/// What a token is. Labels and comments are where their text is in the source (so a token owns nothing: the
/// buffer of tokens is emptied without looking at them, and they are smaller).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum TokKind {
    /// One (normalised) character of notation.
    Ch(char),
    /// The text inside `[...]`, trimmed.
    Label(Span),
    /// The text after `#`, trimmed.
    Comment(Span),
}

/// Where a label's or a comment's text is in the source: byte offsets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// `text` (a slice of `src`), trimmed.
    fn trimmed(src: &str, text: &str) -> Self {
        let start = text.as_ptr() as usize - src.as_ptr() as usize + (text.len() - text.trim_start().len());
        Span { start: start as u32, end: (start + text.trim().len()) as u32 }
    }

    /// The text in `src` (the source lexed).
    pub(crate) fn text(self, src: &str) -> &str {
        &src[self.start as usize..self.end as usize]
    }
}

/// A token and the column where it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Tok {
    pub kind: TokKind,
    pub col: usize,
}

/// The ASCII (or Remedy mark) character `c` stands for, if it is an accepted look-alike or plain notation.
fn normalise(c: char) -> Option<char> {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).map(|a| a.to_ascii_lowercase()),
        '\u{2212}' => Some('-'),
        '×' => Some('*'),
        '÷' => Some('/'),
        '▲' | '▼' | '♻' => Some(c),
        c if c.is_ascii() => Some(c.to_ascii_lowercase()),
        _ => None,
    }
}

/// The value of `c` if it is a decimal digit of a script other than ASCII and full-width (Arabic-Indic `٤`,
/// Devanagari `४`, ...), for the hint in the error: they are not read as digits.
fn other_script_digit(c: char) -> Option<u32> {
    const ZEROS: [u32; 14] = [
        0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0E50, 0x1040,
    ];
    let u = c as u32;
    ZEROS.iter().find(|&&z| (z..z + 10).contains(&u)).map(|z| u - z)
}

/// Split `src` into tokens (and return the column just past the end). Fails on an over-long expression, an
/// unclosed label or a foreign character.
pub(crate) fn lex(src: &str) -> Result<(Vec<Tok>, usize), NotationError> {
    let mut toks = Vec::with_capacity(src.len());
    let (end, _) = lex_into(src, &mut toks)?;
    Ok((toks, end))
}

/// [`lex`] into `toks` (emptied first), so a caller can reuse one buffer; returns the column past the end, and
/// whether the tokens could be one dice group alone: none of `+ - * / ^ ( ) , { } .`, a `%` not after `d`, a
/// label or a comment (looked for here, as the characters are read, rather than in a second pass over the tokens).
pub(crate) fn lex_into(src: &str, toks: &mut Vec<Tok>) -> Result<(usize, bool), NotationError> {
    toks.clear();
    // Byte length bounds the character count: count only when it could be over the limit.
    let n = if src.len() > MAX_EXPR_LEN { src.chars().count() } else { 0 };
    if n > MAX_EXPR_LEN {
        return Err(NotationError::new(MAX_EXPR_LEN + 1, format!("the expression is {n} characters long"))
            .allowing(format!("at most {MAX_EXPR_LEN} characters")));
    }
    toks.reserve(src.len());
    let mut col = 0;
    let mut lone = true;
    // `at`: the byte the next character starts at. A letter or digit is read as its byte (most characters are
    // one); any other character is decoded.
    let mut at = 0;
    while let Some(&b) = src.as_bytes().get(at) {
        col += 1;
        if b.is_ascii_alphanumeric() {
            toks.push(Tok { kind: TokKind::Ch(char::from(b.to_ascii_lowercase())), col });
            at += 1;
            continue;
        }
        let Some(c) = src[at..].chars().next() else { break };
        at += c.len_utf8();
        if c.is_whitespace() {
            continue;
        }
        match normalise(c) {
            Some('[') => {
                let rest = &src[at..];
                let Some(len) = rest.find(']') else {
                    return Err(NotationError::new(col, "this label has no closing `]`"));
                };
                let text = &rest[..len];
                lone = false;
                toks.push(Tok { kind: TokKind::Label(Span::trimmed(src, text)), col });
                col += text.chars().count() + 1;
                at += len + 1;
            }
            Some(']') => return Err(NotationError::new(col, "`]` without a `[` before it")),
            Some('#') => {
                let text = &src[at..];
                lone = false;
                toks.push(Tok { kind: TokKind::Comment(Span::trimmed(src, text)), col });
                col += text.chars().count();
                break;
            }
            Some(a) => {
                // `%` is a die's faces after `d` (`d%`), else the remainder operator
                match a {
                    '+' | '-' | '*' | '/' | '^' | '(' | ')' | ',' | '{' | '}' | '.' => lone = false,
                    '%' if !matches!(toks.last(), Some(Tok { kind: TokKind::Ch('d'), .. })) => lone = false,
                    _ => {}
                }
                toks.push(Tok { kind: TokKind::Ch(a), col })
            }
            None => {
                let digit = other_script_digit(c).map(|d| format!(" (the digit {d} of another script: type `{d}`)"));
                let hint = match c {
                    _ if digit.is_some() => digit.as_deref().unwrap_or_default(),
                    '–' | '—' | '‐' | '‑' | '‒' | '﹣' => " (a dash: type `-`)",
                    '⁄' | '∕' => " (type `/`)",
                    '∗' | '·' | '⋅' => " (type `*`)",
                    '≥' => " (type `>=`)",
                    '≤' => " (type `<=`)",
                    _ => "",
                };
                return Err(NotationError::new(col, format!("unexpected character `{c}` (U+{:04X}){hint}", c as u32))
                    .allowing("digits, ., d, %, F, k h l d r o u s c m ! p f < > = + - * / ** ^ ( ) { } , [label] # comment, function names, ▲ ^ ▼ v ♻ ~"));
            }
        }
    }
    Ok((col + 1, lone))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(src: &str) -> String {
        lex(src)
            .unwrap()
            .0
            .into_iter()
            .map(|t| match t.kind {
                TokKind::Ch(c) => c.to_string(),
                TokKind::Label(l) => format!("[{}]", l.text(src)),
                TokKind::Comment(c) => format!("#{}", c.text(src)),
            })
            .collect()
    }

    #[test]
    fn normalises() {
        assert_eq!(chars(" 4 D6 KH3 "), "4d6kh3");
        assert_eq!(chars("１d６ − 2 × 3 ÷ 1"), "1d6-2*3/1");
        assert_eq!(chars("2d6 [ Fire Bolt ] # hit it"), "2d6[Fire Bolt]#hit it");
        assert_eq!(chars("2d20▲"), "2d20▲");
    }

    #[test]
    fn rejects() {
        let e = lex("1d6 – 2").unwrap_err();
        assert_eq!(e.column, 5);
        assert!(e.message.contains("U+2013"), "{e}");
        assert_eq!(lex("2d6 [x").unwrap_err().column, 5);
        assert_eq!(lex(&"1".repeat(1001)).unwrap_err().column, 1001);
    }
}

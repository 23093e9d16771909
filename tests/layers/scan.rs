//! Reading one Rust file for the paths it names: comments and literals blanked out, `use` trees expanded, inline
//! modules (`mod tests { ... }`) tracked so that `super::` means what the compiler takes it to mean.

/// A path one file names: the module it is named from, the path as written (`crate::a::b`, `super::x`), and the
/// line it is on. `glob` for `use a::*`; `alias` is the name it is known by here (for `use a::b as c`, `c`).
#[derive(Clone, Debug, PartialEq)]
pub struct Named {
    pub line: usize,
    /// The inline modules around it, outermost first (`["tests"]` inside `mod tests { ... }`).
    pub inline: Vec<String>,
    pub segments: Vec<String>,
    pub glob: bool,
    /// Part of a `use` item (so it can hand the name on to other modules).
    pub is_use: bool,
    pub alias: Option<String>,
}

/// What a file declares and names.
#[derive(Debug, Default)]
pub struct Scanned {
    pub named: Vec<Named>,
    /// Items defined at the file's top level (fn, struct, enum, trait, type, const, static, mod, macro).
    pub defines: Vec<String>,
    /// Child modules declared with `mod name;` at the top level.
    pub children: Vec<String>,
}

/// `text` with comments, string and character literals replaced by spaces (line breaks kept).
pub fn blank_out(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, b[i]);
                    i += 1;
                }
            }
        } else if (c == 'r' || (c == 'b' && next == Some('r')))
            && !prev_is_ident(&b, i)
            && raw_string_start(&b, i + usize::from(c == 'b')).is_some()
        {
            let start = i + usize::from(c == 'b');
            let hashes = raw_string_start(&b, start).unwrap_or(0);
            let body = start + 1 + hashes + 1;
            for &ch in &b[i..body] {
                blank(&mut out, ch);
            }
            i = body;
            while i < b.len() {
                if b[i] == '"' && (1..=hashes).all(|k| b.get(i + k) == Some(&'#')) {
                    for _ in 0..=hashes {
                        out.push(' ');
                    }
                    i += 1 + hashes;
                    break;
                }
                blank(&mut out, b[i]);
                i += 1;
            }
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    blank(&mut out, b[i]);
                    i += 1;
                }
                if i < b.len() {
                    blank(&mut out, b[i]);
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F3B2}'), or a lifetime ('a), which is left as it is.
            let end = if next == Some('\\') {
                (i + 2..b.len()).find(|&k| b[k] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    for &ch in &b[i..=end] {
                        blank(&mut out, ch);
                    }
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// At `b[i] == 'r'`: the number of `#` of a raw string starting there (`r"`, `r#"`), or None.
fn raw_string_start(b: &[char], i: usize) -> Option<usize> {
    if b.get(i) != Some(&'r') {
        return None;
    }
    let mut k = i + 1;
    while b.get(k) == Some(&'#') {
        k += 1;
    }
    (b.get(k) == Some(&'"')).then_some(k - i - 1)
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// Tokens with their line numbers (1-based).
fn tokens(code: &str) -> Vec<(Token, usize)> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < b.len() {
        let c = b[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            let word: String = b[start..i].iter().collect();
            let word = word.strip_prefix("r#").map(str::to_string).unwrap_or(word);
            out.push((Token::Ident(word), line));
        } else if c == ':' && b.get(i + 1) == Some(&':') {
            out.push((Token::Path, line));
            i += 2;
        } else {
            out.push((Token::Punct(c), line));
            i += 1;
        }
    }
    out
}

const ITEM_KEYWORDS: [&str; 8] = ["fn", "struct", "enum", "trait", "type", "const", "static", "union"];

/// Read `text` (one file).
pub fn scan(text: &str) -> Scanned {
    let toks = tokens(&blank_out(text));
    let mut out = Scanned::default();
    // Open braces, each with the inline module it opens (if any).
    let mut braces: Vec<Option<String>> = Vec::new();
    let ident = |k: usize| match toks.get(k) {
        Some((Token::Ident(s), _)) => Some(s.as_str()),
        _ => None,
    };
    let punct = |k: usize| match toks.get(k) {
        Some((Token::Punct(c), _)) => Some(*c),
        _ => None,
    };
    let mut i = 0;
    while i < toks.len() {
        let (tok, line) = &toks[i];
        let top = braces.is_empty();
        let inline: Vec<String> = braces.iter().flatten().cloned().collect();
        match tok {
            Token::Punct('{') => braces.push(None),
            Token::Punct('}') => {
                braces.pop();
            }
            Token::Ident(w) if w == "mod" && ident(i + 1).is_some() => {
                let name = ident(i + 1).unwrap_or_default().to_string();
                match punct(i + 2) {
                    Some('{') => {
                        if top {
                            out.defines.push(name.clone());
                        }
                        braces.push(Some(name));
                        i += 3;
                        continue;
                    }
                    Some(';') if top => out.children.push(name),
                    _ => {}
                }
            }
            Token::Ident(w) if w == "macro_rules" && punct(i + 1) == Some('!') => {
                if let (true, Some(name)) = (top, ident(i + 2)) {
                    out.defines.push(name.to_string());
                }
            }
            Token::Ident(w) if ITEM_KEYWORDS.contains(&w.as_str()) && top => {
                if let Some(name) = ident(i + 1) {
                    // `const fn`, `unsafe fn`...: the name follows the last keyword.
                    if !ITEM_KEYWORDS.contains(&name) {
                        out.defines.push(name.to_string());
                    }
                }
            }
            Token::Ident(w) if w == "use" && !matches!(toks.get(i.wrapping_sub(1)), Some((Token::Path, _))) => {
                let end = (i + 1..toks.len()).find(|&k| toks[k].0 == Token::Punct(';')).unwrap_or(toks.len());
                let mut leaves = Vec::new();
                use_tree(&toks[i + 1..end], Vec::new(), &mut leaves);
                for (segments, glob, alias, line) in leaves {
                    out.named.push(Named { line, inline: inline.clone(), segments, glob, is_use: true, alias });
                }
                i = end + 1;
                continue;
            }
            Token::Ident(w)
                if (w == "crate" || w == "super")
                    && toks.get(i + 1).map(|t| &t.0) == Some(&Token::Path)
                    && !matches!(toks.get(i.wrapping_sub(1)), Some((Token::Path, _))) =>
            {
                let mut segments = vec![w.clone()];
                let mut k = i + 1;
                while toks.get(k).map(|t| &t.0) == Some(&Token::Path) {
                    match ident(k + 1) {
                        Some(s) => segments.push(s.to_string()),
                        None => break,
                    }
                    k += 2;
                }
                out.named.push(Named { line: *line, inline, segments, glob: false, is_use: false, alias: None });
                i = k;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Expand one `use` tree (the tokens between `use` and `;`) into its leaves: (path, glob, alias, line).
fn use_tree(toks: &[(Token, usize)], prefix: Vec<String>, out: &mut Vec<(Vec<String>, bool, Option<String>, usize)>) {
    // Split at top-level commas.
    let mut depth = 0;
    let mut start = 0;
    let mut parts = Vec::new();
    for (k, (t, _)) in toks.iter().enumerate() {
        match t {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => depth -= 1,
            Token::Punct(',') if depth == 0 => {
                parts.push(&toks[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&toks[start..]);
    for part in parts {
        let mut path = prefix.clone();
        let mut k = 0;
        while k < part.len() {
            match &part[k].0 {
                Token::Ident(s) if s == "as" => {
                    let alias = match part.get(k + 1) {
                        Some((Token::Ident(a), _)) => Some(a.clone()),
                        _ => None,
                    };
                    out.push((path.clone(), false, alias, part[0].1));
                    path.clear();
                    break;
                }
                Token::Ident(s) => path.push(s.clone()),
                Token::Path => {}
                Token::Punct('*') => {
                    out.push((path.clone(), true, None, part[k].1));
                    path.clear();
                    break;
                }
                Token::Punct('{') => {
                    let close = part.len() - 1 - part.iter().rev().position(|t| t.0 == Token::Punct('}')).unwrap_or(0);
                    use_tree(&part[k + 1..close], path.clone(), out);
                    path.clear();
                    break;
                }
                Token::Punct(_) => {}
            }
            k += 1;
        }
        if path.len() > prefix.len() {
            let line = part.first().map_or(0, |t| t.1);
            out.push((path, false, None, line));
        }
    }
}

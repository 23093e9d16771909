//! The recursive-descent parser.
//!
//! Why hand-written rather than `winnow`/`chumsky`: the grammar is small (four precedence levels and one
//! modifier loop), every error must carry the exact column of the offending character and a sentence naming
//! the allowed range, and several checks (keep count against dice count, rules that could never stop, limits)
//! need the half-built group. A 300-line parser gives those messages directly, adds no dependency to the wasm
//! bundle, and its recursion is bounded by [`MAX_DEPTH`].

use super::ast::*;
use super::error::NotationError;
use super::lex::{lex, lex_into, Tok, TokKind};
use super::limits::*;
use super::marks::{remedy_mark, RemedyMark};
use super::value::Value;
use crate::die::DieKind;

type R<T> = Result<T, NotationError>;

/// Parse a whole expression with today's meaning ([`NOTATION_VERSION`]).
pub fn parse(src: &str) -> R<Expr> {
    parse_versioned(src, NOTATION_VERSION)
}

/// Parse a whole expression with the meaning of notation `version` (1 or 2, see [`Expr::version`]): what a saved
/// roll replays with.
pub fn parse_versioned(src: &str, version: u32) -> R<Expr> {
    if !(1..=NOTATION_VERSION).contains(&version) {
        return Err(NotationError::new(1, format!("notation version {version} is unknown"))
            .allowing(format!("1 to {NOTATION_VERSION}")));
    }
    if let Some(root) = plain_group(src.as_bytes(), version) {
        return Ok(Expr { root, comment: None, version });
    }
    parse_tokens(src, version)
}

/// The commonest expression of all, `3d6`, `d20` or `4dF` exactly as typed, built without the lexer or the parser:
/// `[count]dN` or `[count]dF`, the count and faces ASCII digits without a leading zero and in range, nothing else,
/// not even a space. The same group the parser builds (the test `plain_groups_read_as_the_parser_reads_them`
/// compares them); None for anything else, which the full parse reads, so every error still comes from it.
fn plain_group(src: &[u8], version: u32) -> Option<Node> {
    let d = src.iter().position(|&b| b == b'd' || b == b'D')?;
    let (count, faces) = (&src[..d], &src[d + 1..]);
    let count = if count.is_empty() { 1 } else { small_number(count)? };
    let die = match faces {
        b"f" | b"F" => DieKind::Fudge,
        digits => DieKind::Standard(small_number(digits).filter(|&f| f <= MAX_FACES)?),
    };
    if count > MAX_DICE_PER_GROUP.min(MAX_TOTAL_DICE) {
        return None;
    }
    let mut g = Box::new(DiceGroup::new(count, die));
    g.order = ModifierOrder::read(version, false);
    Some(Node::Dice(g))
}

/// One to six ASCII digits, the first not `0`.
fn small_number(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() || digits.len() > 6 || digits[0] == b'0' {
        return None;
    }
    digits.iter().try_fold(0u32, |n, &b| b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0')))
}

/// [`parse_versioned`] through the lexer and the parser.
fn parse_tokens(src: &str, version: u32) -> R<Expr> {
    // One token buffer per thread, reused by every parse (a fresh one if a parse is already using it).
    thread_local! {
        static TOKS: std::cell::RefCell<Vec<Tok>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let run = |toks: &mut Vec<Tok>| {
        let (end, lone) = lex_into(src, toks)?;
        // (`lone`: no token a lone group never holds, so an expression of several parts is not read twice)
        if let Some(root) = lone.then(|| Parser::new(src, toks, end, version).lone_group()).flatten() {
            return Ok(Expr { root, comment: None, version });
        }
        // Not a lone group: a parser of its own reads the whole expression from the start.
        Parser::new(src, toks, end, version).expr()
    };
    TOKS.with(|t| match t.try_borrow_mut() {
        Ok(mut toks) => {
            let r = run(&mut toks);
            if toks.capacity() > 4096 {
                *toks = Vec::new(); // do not keep a long expression's buffer
            }
            r
        }
        Err(_) => run(&mut Vec::new()),
    })
}

/// Parse exactly one dice group (`4d6kh3`, `2d20▲▲`, `d%`), nothing around it.
pub fn parse_group(src: &str) -> R<DiceGroup> {
    let (toks, end) = lex(src)?;
    let mut p = Parser::new(src, &toks, end, NOTATION_VERSION);
    let col = p.col();
    let count = match p.peek() {
        Some(c) if c.is_ascii_digit() => Some(p.number()?),
        _ => None,
    };
    if p.peek() != Some('d') {
        return Err(NotationError::new(p.col(), "expected a dice group such as 4d6 or d20"));
    }
    let g = p.dice(count, col)?;
    if p.i < p.toks.len() {
        return Err(p.unexpected("after the dice group"));
    }
    Ok(*g)
}

struct Parser<'t> {
    /// The source, for the text of labels and comments.
    src: &'t str,
    toks: &'t [Tok],
    i: usize,
    /// Column just after the last character.
    end: usize,
    total_dice: u32,
    /// The notation version read (only `/` differs: see [`Expr::version`]).
    version: u32,
    /// Inside a `{...}` group (which cannot hold another).
    in_group: bool,
    /// Reading a dice group's modifiers, whose compare points meet whole numbers only: `>3.5` reads `>=4`.
    dice_compare: bool,
}

impl<'t> Parser<'t> {
    /// A parser at the first of `toks` (which end at column `end`), reading notation `version`.
    fn new(src: &'t str, toks: &'t [Tok], end: usize, version: u32) -> Self {
        Parser { src, toks, i: 0, end, total_dice: 0, version, in_group: false, dice_compare: false }
    }
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        match self.toks.get(self.i) {
            Some(Tok { kind: TokKind::Ch(c), .. }) => Some(*c),
            _ => None,
        }
    }
    fn peek2(&self) -> Option<char> {
        match self.toks.get(self.i + 1) {
            Some(Tok { kind: TokKind::Ch(c), .. }) => Some(*c),
            _ => None,
        }
    }
    fn col(&self) -> usize {
        self.toks.get(self.i).map_or(self.end, |t| t.col)
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn unexpected(&self, context: &str) -> NotationError {
        match self.toks.get(self.i) {
            None => NotationError::new(self.end, format!("the expression ends too early {context}")),
            Some(Tok { kind: TokKind::Ch(c), col }) => NotationError::new(*col, format!("unexpected `{c}` {context}")),
            Some(Tok { kind: TokKind::Label(_), col }) => NotationError::new(
                *col,
                format!("a [label] must follow a number, a dice group or a `)`, not come {context}"),
            ),
            Some(Tok { kind: TokKind::Comment(_), col }) => {
                NotationError::new(*col, format!("the # comment comes too early {context}"))
            }
        }
    }

    /// The fast path for the commonest expression, one dice group and nothing else (`3d6`, `4d6kh3`): the
    /// group read as [`primary`](Self::primary) reads it, without the six precedence levels around it. None
    /// (and the caller parses from the start) if the expression holds anything else or the group is refused,
    /// so every error still comes from the full parse. The caller first checks the tokens hold none a lone group
    /// never holds ([`lex_into`]'s answer).
    fn lone_group(&mut self) -> Option<Node> {
        let col = self.col();
        let count = match self.peek()? {
            'd' => None,
            c if c.is_ascii_digit() => Some(self.number_or_digits().ok()?.ok()?),
            _ => return None,
        };
        if self.peek() != Some('d') {
            return None;
        }
        let g = self.dice(count, col).ok()?;
        (self.i == self.toks.len()).then_some(Node::Dice(g))
    }

    fn expr(&mut self) -> R<Expr> {
        if matches!(self.toks.first().map(|t| &t.kind), None | Some(TokKind::Comment(_))) {
            return Err(NotationError::new(1, "the expression is empty").allowing("e.g. 2d6+3"));
        }
        let root = self.sum(0)?;
        let comment = match self.toks.get(self.i) {
            Some(Tok { kind: TokKind::Comment(c), .. }) => {
                self.i += 1;
                Some(c.text(self.src).to_string())
            }
            None => None,
            Some(Tok { kind: TokKind::Ch(')'), col }) => {
                return Err(NotationError::new(*col, "`)` without a `(` before it"))
            }
            Some(Tok { kind: TokKind::Ch(','), col }) => {
                return Err(NotationError::new(*col, "a `,` outside a function call or a `{...}` group")
                    .allowing("e.g. max(1d6, 1d8) or {2d6, 1d12}"))
            }
            _ => return Err(self.unexpected("here: expected an operator (+ - * / % **), a [label] or a # comment")),
        };
        Ok(Expr { root, comment, version: self.version })
    }

    fn sum(&mut self, depth: usize) -> R<Node> {
        let mut lhs = self.product(depth)?;
        loop {
            let pos = Pos(self.col());
            let op = match self.peek() {
                Some('+') => BinOp::Add,
                Some('-') => BinOp::Sub,
                _ => return Ok(lhs),
            };
            self.i += 1;
            let rhs = self.product(depth)?;
            lhs = Node::Bin { op, lhs: Box::new(lhs), rhs: Box::new(rhs), pos };
        }
    }

    fn product(&mut self, depth: usize) -> R<Node> {
        let mut lhs = self.unary(depth)?;
        loop {
            let pos = Pos(self.col());
            let op = match self.peek() {
                Some('*') => BinOp::Mul,
                Some('/') if self.version == 1 => BinOp::IntDiv,
                Some('/') => BinOp::Div,
                Some('%') => BinOp::Rem,
                _ => return Ok(lhs),
            };
            self.i += 1;
            let rhs = self.unary(depth)?;
            lhs = Node::Bin { op, lhs: Box::new(lhs), rhs: Box::new(rhs), pos };
        }
    }

    fn deeper(&self, depth: usize) -> R<usize> {
        if depth >= MAX_DEPTH {
            return Err(NotationError::new(
                self.col(),
                "parentheses, functions, groups and minus signs are nested too deeply",
            )
            .allowing(format!("at most {MAX_DEPTH} levels")));
        }
        Ok(depth + 1)
    }

    fn unary(&mut self, depth: usize) -> R<Node> {
        if self.peek() == Some('-') {
            let d = self.deeper(depth)?;
            self.i += 1;
            return Ok(Node::Neg(Box::new(self.unary(d)?)));
        }
        self.power(depth)
    }

    /// A labelled primary, then optionally `**` (or `^`) and the exponent (which may have a minus sign:
    /// `2**-1`), right-associative.
    fn power(&mut self, depth: usize) -> R<Node> {
        let mut node = self.primary(depth)?;
        while let Some(Tok { kind: TokKind::Label(l), .. }) = self.toks.get(self.i) {
            node = Node::Label(Box::new(node), l.text(self.src).to_string());
            self.i += 1;
        }
        let pos = Pos(self.col());
        let width = match (self.peek(), self.peek2()) {
            (Some('*'), Some('*')) => 2,
            (Some('^'), _) => 1,
            _ => return Ok(node),
        };
        let d = self.deeper(depth)?;
        self.i += width;
        let rhs = self.unary(d)?;
        Ok(Node::Bin { op: BinOp::Pow, lhs: Box::new(node), rhs: Box::new(rhs), pos })
    }

    fn primary(&mut self, depth: usize) -> R<Node> {
        let col = self.col();
        match self.peek() {
            Some('(') => {
                let d = self.deeper(depth)?;
                self.i += 1;
                let inner = self.sum(d)?;
                if !self.eat(')') {
                    return Err(match self.peek() {
                        None if self.i >= self.toks.len() => NotationError::new(col, "this `(` is never closed"),
                        _ => self.unexpected("here: expected `)` or an operator"),
                    });
                }
                if self.peek() == Some('d') {
                    // rpg-dice-roller takes a count computed from numbers, `(1+2)d6`: the same dice as `3d6`
                    let count = self.constant_count(&inner, col)?;
                    return Ok(Node::Dice(self.dice(Some(count), col)?));
                }
                Ok(inner)
            }
            Some(c) if c.is_ascii_digit() => {
                if let Some(v) = self.decimal()? {
                    return Ok(Node::Decimal(v));
                }
                let n = match self.number_or_digits()? {
                    Ok(n) => n,
                    Err(digits) if self.peek() == Some('d') => {
                        return Err(NotationError::new(col, format!("{} dice in one group", show_digits(&digits)))
                            .allowing(format!("1 to {MAX_DICE_PER_GROUP} dice per group")))
                    }
                    Err(digits) => {
                        return Err(NotationError::new(
                            col,
                            format!("the number {} is too large", show_digits(&digits)),
                        )
                        .allowing(format!("0 to {}", i64::MAX)))
                    }
                };
                if self.peek() == Some('d') {
                    Ok(Node::Dice(self.dice(Some(n), col)?))
                } else {
                    Ok(Node::Num(n))
                }
            }
            Some('d') => Ok(Node::Dice(self.dice(None, col)?)),
            Some('{') => self.group(depth),
            Some(c) if c.is_ascii_alphabetic() => self.call(depth),
            _ => Err(self.unexpected("here: expected a number, a dice group (2d6), a function such as floor( or `(`")),
        }
    }

    /// The dice count of `(...)d6`: `inner` must be numbers only, and come to a whole number of dice.
    fn constant_count(&self, inner: &Node, col: usize) -> R<i64> {
        let refuse = |why: String| {
            NotationError::new(col, why).allowing(format!(
                "a count of 1 to {MAX_DICE_PER_GROUP} written out (3d6) or computed from numbers ((1+2)d6)"
            ))
        };
        let v = constant_value(inner)
            .ok_or_else(|| refuse("a dice count in `(...)` must be made of numbers only, not dice".into()))??;
        if !v.is_integer() {
            return Err(refuse(format!(
                "a dice count must be a whole number, and this one is {}",
                super::value::value_text(v)
            )));
        }
        Ok(*v.numer())
    }

    /// A number with a decimal point (`1.5`, `0.25`) at the cursor, exactly; None (cursor unmoved) if the digits
    /// there have no `.` and digit after them.
    fn decimal(&mut self) -> R<Option<Value>> {
        let start = self.i;
        let col = self.col();
        let mut j = self.i;
        let ch = |j: usize| match self.toks.get(j) {
            Some(Tok { kind: TokKind::Ch(c), .. }) => Some(*c),
            _ => None,
        };
        while ch(j).is_some_and(|c| c.is_ascii_digit()) {
            j += 1;
        }
        if ch(j) != Some('.') || !ch(j + 1).is_some_and(|c| c.is_ascii_digit()) {
            return Ok(None);
        }
        let whole: String = (start..j).filter_map(ch).collect();
        let mut k = j + 1;
        while ch(k).is_some_and(|c| c.is_ascii_digit()) {
            k += 1;
        }
        let frac: String = (j + 1..k).filter_map(ch).collect();
        self.i = k;
        let digits = format!("{whole}{frac}");
        let exact =
            digits.parse::<i64>().ok().zip(10i64.checked_pow(frac.len() as u32)).map(|(n, scale)| Value::new(n, scale));
        exact.map(Some).ok_or_else(|| {
            NotationError::new(
                col,
                format!("the number {} has too many digits to hold exactly", show_digits(&format!("{whole}.{frac}"))),
            )
            .allowing("at most 18 digits in all")
        })
    }

    /// A `{...}` roll group and its modifiers: the cursor is on `{`.
    fn group(&mut self, depth: usize) -> R<Node> {
        let col = self.col();
        if self.in_group {
            return Err(NotationError::new(col, "a `{...}` group inside another group")
                .allowing("numbers, dice, operators and functions inside a group"));
        }
        let d = self.deeper(depth)?;
        self.i += 1;
        self.in_group = true;
        let mut exprs = vec![self.sum(d)?];
        while self.eat(',') {
            exprs.push(self.sum(d)?);
        }
        self.in_group = false;
        if !self.eat('}') {
            return Err(match self.peek() {
                None if self.i >= self.toks.len() => NotationError::new(col, "this `{` is never closed"),
                _ => self.unexpected("here: expected `,`, `}` or an operator"),
            });
        }
        let mut g = RollGroup { exprs, keep: None, drop: None, success: None, sort: None, pos: Pos(col) };
        let what = if g.keeps_dice() { "dice in the group" } else { "sub-rolls in the group" };
        loop {
            let mcol = self.col();
            let Some(c) = self.peek() else { break };
            if g.success.is_some() && "kds".contains(c) && !(c == 's' && g.sort.is_none()) {
                return Err(NotationError::new(mcol, "keep and drop must come before the success compare point")
                    .allowing("e.g. {2d6, 3d4}kh1>=7"));
            }
            match c {
                'k' | 'd' => {
                    self.i += 1;
                    let high = match (c, self.peek()) {
                        (_, Some('h')) => {
                            self.i += 1;
                            true
                        }
                        (_, Some('l')) => {
                            self.i += 1;
                            false
                        }
                        ('k', _) => true,
                        _ => false, // `dN` drops the lowest, as rpg-dice-roller reads it
                    };
                    let (n, ncol) = self.keep_count()?;
                    let (slot, k) = if c == 'k' {
                        (&mut g.keep, if high { Keep::Highest(n) } else { Keep::Lowest(n) })
                    } else {
                        (&mut g.drop, if high { Keep::DropHighest(n) } else { Keep::DropLowest(n) })
                    };
                    if slot.is_some() {
                        return Err(dup(mcol, if c == 'k' { "keep" } else { "drop" }));
                    }
                    *slot = Some(k);
                    let items = g.items();
                    if n > items {
                        let verb = if c == 'k' { "keeps" } else { "drops" };
                        return Err(NotationError::new(ncol, format!("this {verb} {n} but there are {items} {what}"))
                            .allowing(format!("0 to {items}")));
                    }
                }
                '>' | '<' | '=' => {
                    if g.success.is_some() {
                        return Err(dup(mcol, "success"));
                    }
                    g.success = Some(self.success()?);
                }
                '!' if self.peek2() == Some('=') => {
                    if g.success.is_some() {
                        return Err(dup(mcol, "success"));
                    }
                    g.success = Some(self.success()?);
                }
                's' => g.sort = Some(self.sort(g.sort, mcol)?),
                'f' => {
                    return Err(NotationError::new(mcol, "`f` (count failures) needs a success compare point before it")
                        .allowing("e.g. {2d6, 3d4}>=7f<3"))
                }
                '!' | 'r' | 'u' | 'm' | 'c' | '^' | 'v' | 'V' | '~' | '▲' | '▼' | '♻' => {
                    return Err(NotationError::new(mcol, format!("`{c}` does not apply to a `{{...}}` group"))
                        .allowing("on a group: k, kh, kl, d, dh, dl, a compare point (then f), s, sa, sd; put dice modifiers on the dice inside"))
                }
                _ => break,
            }
        }
        if g.kept(g.items()).is_none() {
            return Err(NotationError::new(
                col,
                "this keeps from one end and drops from the same end, leaving a middle run",
            )
            .allowing("kh with dl, or kl with dh"));
        }
        Ok(Node::Group(Box::new(g)))
    }

    /// A success compare point and an optional `f` failure point: the cursor is on the compare sign.
    /// A sort modifier `s`, `sa` or `sd` at the cursor; `before` is the group's sort so far (a second one is refused).
    fn sort(&mut self, before: Option<Sort>, col: usize) -> R<Sort> {
        self.i += 1;
        let sort = if self.eat('d') {
            Sort::Descending
        } else {
            self.eat('a');
            Sort::Ascending
        };
        if before.is_some() {
            return Err(dup(col, "sort"));
        }
        Ok(sort)
    }

    fn success(&mut self) -> R<Success> {
        let on = self.compare(false)?.ok_or_else(|| self.unexpected("here: expected a compare point"))?;
        if self.peek() == Some('f') {
            self.i += 1;
            let f = self
                .compare(true)?
                .ok_or_else(|| NotationError::new(self.col(), "`f` needs a compare point").allowing("e.g. f1, f<=2"))?;
            return Ok(Success { success: on, failure: Some(f) });
        }
        Ok(Success { success: on, failure: None })
    }

    /// A function call: the cursor is on the first letter of its name.
    fn call(&mut self, depth: usize) -> R<Node> {
        let col = self.col();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            name.push(c);
            self.i += 1;
        }
        let allowed = || Func::ALL.iter().map(|f| format!("{}(", f.name())).collect::<Vec<_>>().join(" ");
        let Some(func) = Func::ALL.into_iter().find(|f| f.name() == name) else {
            let why = match name.as_str() {
                "sqrt" | "cbrt" | "exp" | "log" | "sin" | "cos" | "tan" => {
                    format!("`{name}` is not supported: its values are not exact fractions, so there are no exact odds")
                }
                _ => format!("unknown function or letter `{name}`"),
            };
            return Err(
                NotationError::new(col, why).allowing(format!("a number, a dice group or a function: {}", allowed()))
            );
        };
        if !self.eat('(') {
            return Err(NotationError::new(self.col(), format!("`{name}` needs its arguments in parentheses"))
                .allowing(format!("e.g. {name}(3d6/2)")));
        }
        let d = self.deeper(depth)?;
        let mut args = vec![self.sum(d)?];
        while self.eat(',') {
            args.push(self.sum(d)?);
        }
        if !self.eat(')') {
            return Err(match self.peek() {
                None if self.i >= self.toks.len() => NotationError::new(col, format!("this `{name}(` is never closed")),
                _ => self.unexpected("here: expected `,`, `)` or an operator"),
            });
        }
        let (lo, hi) = func.arity();
        if !(lo..=hi).contains(&args.len()) {
            let want = if lo == hi { format!("{lo}") } else { format!("{lo} to {hi}") };
            return Err(NotationError::new(
                col,
                format!("`{name}` takes {want} argument{}, not {}", if hi == 1 { "" } else { "s" }, args.len()),
            )
            .allowing(format!(
                "e.g. {}",
                match func {
                    Func::Pow => "pow(2, 1d4)",
                    Func::Min | Func::Max => "max(1d6, 1d8)",
                    _ => "floor(3d6/2)",
                }
            )));
        }
        Ok(Node::Call { func, args, pos: Pos(col) })
    }

    /// Digits to a non-negative i64; past `i64::MAX` the error quotes the number and the largest allowed.
    fn number(&mut self) -> R<i64> {
        let col = self.col();
        self.number_or_digits()?.map_err(|digits| {
            NotationError::new(col, format!("the number {} is too large", show_digits(&digits)))
                .allowing(format!("0 to {}", i64::MAX))
        })
    }

    /// Digits to a non-negative i64, or (past `i64::MAX`) the digits themselves, so the caller can name the
    /// limit such a number breaks (dice per group, faces, keep count).
    #[inline(always)]
    fn number_or_digits(&mut self) -> R<Result<i64, String>> {
        match self.short_number() {
            Some(n) => Ok(Ok(n)),
            None => self.long_number_or_digits(),
        }
    }

    /// Up to 18 digits at the cursor (they cannot overflow) read inline, the commonest number (`3d6` has two):
    /// None, the cursor unmoved, if there are none or more. The call of [`Self::long_number_or_digits`] was about
    /// 60 instructions a number, most of it the call and its result.
    #[inline(always)]
    fn short_number(&mut self) -> Option<i64> {
        let mut n = 0i64;
        let mut j = self.i;
        while let Some(Tok { kind: TokKind::Ch(c @ '0'..='9'), .. }) = self.toks.get(j) {
            if j - self.i == 18 {
                return None;
            }
            n = n * 10 + (*c as i64 - '0' as i64);
            j += 1;
        }
        if j == self.i {
            return None;
        }
        self.i = j;
        Some(n)
    }

    /// [`Self::number_or_digits`] of any length, and its errors.
    #[inline(never)]
    fn long_number_or_digits(&mut self) -> R<Result<i64, String>> {
        // Accumulated as read (no text built unless the number is too large, for the error's sake).
        let start = self.i;
        let mut n: Option<i64> = Some(0);
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            n = n.and_then(|n| n.checked_mul(10)).and_then(|n| n.checked_add(c as i64 - '0' as i64));
            self.i += 1;
        }
        if self.i == start {
            return Err(self.unexpected("here: expected a number"));
        }
        Ok(n.ok_or_else(|| {
            self.toks[start..self.i]
                .iter()
                .filter_map(|t| match t.kind {
                    TokKind::Ch(c) => Some(c),
                    _ => None,
                })
                .collect()
        }))
    }

    /// An optionally negative integer (inside compare points).
    fn signed(&mut self) -> R<i64> {
        if self.eat('-') {
            Ok(-self.number()?)
        } else {
            self.number()
        }
    }

    /// A compare point `>=N >N <=N <N =N`, `!=N` or `<>N` (not N), or a bare `N` (meaning `=N`) when `bare` is
    /// allowed. N is a whole number (rpg-dice-roller also takes `>=4.5`; dicetray refuses it).
    fn compare(&mut self, bare: bool) -> R<Option<Compare>> {
        let (c, width): (fn(i64) -> Compare, usize) = match (self.peek(), self.peek2()) {
            (Some('>'), Some('=')) => (Compare::Ge, 2),
            (Some('<'), Some('=')) => (Compare::Le, 2),
            (Some('<'), Some('>')) => (Compare::Ne, 2),
            (Some('!'), Some('=')) => (Compare::Ne, 2),
            (Some('>'), _) => (Compare::Gt, 1),
            (Some('<'), _) => (Compare::Lt, 1),
            (Some('='), _) => (Compare::Eq, 1),
            // a bare number, never a bare minus: `4d6r-1d4` is `4d6r` minus 1d4, as rpg-dice-roller reads it
            (Some(d), _) if bare && d.is_ascii_digit() => (Compare::Eq, 0),
            _ => return Ok(None),
        };
        self.i += width;
        let col = self.col();
        let negative = self.peek() == Some('-');
        let n = self.signed()?;
        if !(self.peek() == Some('.') && self.peek2().is_some_and(|c| c.is_ascii_digit())) {
            return Ok(Some(c(n)));
        }
        // A decimal: against a dice group's whole-number values, `>3.5` and `>=3.5` are `>=4`, `<3.5` and
        // `<=3.5` are `<=3`, as rpg-dice-roller compares them. A `{...}` group's totals may be fractions.
        self.i += 1;
        let mut nonzero = false;
        while let Some(d) = self.peek().filter(char::is_ascii_digit) {
            nonzero |= d != '0';
            self.i += 1;
        }
        if !nonzero {
            return Ok(Some(c(n)));
        }
        if !self.dice_compare {
            return Err(NotationError::new(col, "a `{...}` group's compare point must be a whole number")
                .allowing("e.g. {2d6, 3d4}>=7"));
        }
        // the decimal lies strictly between `below` and `below + 1`
        let below = if negative { n - 1 } else { n };
        let probe = c(0);
        Ok(Some(match probe {
            Compare::Gt(_) | Compare::Ge(_) => Compare::Ge(below + 1),
            Compare::Lt(_) | Compare::Le(_) => Compare::Le(below),
            Compare::Eq(_) | Compare::Ne(_) => {
                let what = if matches!(probe, Compare::Eq(_)) { "never matches a" } else { "matches every" };
                return Err(NotationError::new(col, format!("this compare point {what} die: dice show whole numbers"))
                    .allowing("a whole number, or a decimal with >, >=, < or <= (>3.5 reads >=4)"));
            }
        }))
    }

    /// The whole number, maybe negative, of `min` or `max` (`which`); a decimal (`3.5`, which rpg-dice-roller
    /// takes) is refused. The error's text is only written for an error (it was two `format!`s every parse).
    fn whole_number(&mut self, which: &str) -> R<i64> {
        let col = self.col();
        let n = self.signed()?;
        if self.peek() == Some('.') && self.peek2().is_some_and(|c| c.is_ascii_digit()) {
            return Err(NotationError::new(col, format!("`{which}`'s number must be a whole number"))
                .allowing(format!("e.g. 4d6{which}{} (dice show whole numbers)", bound_example(which))));
        }
        Ok(n)
    }

    /// `khN`-style count after a keep/drop letter: N defaults to 1.
    fn keep_count(&mut self) -> R<(u32, usize)> {
        let col = self.col();
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Ok((1, col));
        }
        let n = self.number_or_digits()?.ok().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
            NotationError::new(col, "this keep/drop count is too large").allowing(format!("0 to {MAX_DICE_PER_GROUP}"))
        })?;
        Ok((n, col))
    }

    /// The rest of a dice group: the cursor is on `d`; `count` is the number before it (None: 1).
    /// The group is built in its box (it is large: moving it through the `Result`s cost two copies a group).
    fn dice(&mut self, count: Option<i64>, col: usize) -> R<Box<DiceGroup>> {
        let count = count.unwrap_or(1);
        if !(1..=MAX_DICE_PER_GROUP as i64).contains(&count) {
            return Err(NotationError::new(col, format!("{count} dice in one group"))
                .allowing(format!("1 to {MAX_DICE_PER_GROUP} dice per group")));
        }
        let count = count as u32;
        self.i += 1; // d
        let fcol = self.col();
        let die = match self.peek() {
            Some('%') => {
                self.i += 1;
                DieKind::Standard(100)
            }
            Some('f') => {
                self.i += 1;
                match (self.peek(), self.peek2()) {
                    (Some('.'), Some('1')) => {
                        self.i += 2;
                        DieKind::FudgeOne
                    }
                    (Some('.'), Some('2')) => {
                        self.i += 2;
                        DieKind::Fudge
                    }
                    (Some('.'), _) => {
                        return Err(NotationError::new(self.col() + 1, "a Fudge die is `dF`, `dF.1` or `dF.2`")
                            .allowing("dF.1 (one - and one + in six) or dF.2 (two of each, as dF)"))
                    }
                    _ => DieKind::Fudge,
                }
            }
            Some(c) if c.is_ascii_digit() => {
                let f = self.number_or_digits()?;
                match f {
                    Ok(f) if (1..=MAX_FACES as i64).contains(&f) => DieKind::Standard(f as u32),
                    _ => {
                        let f = f.map_or_else(|digits| show_digits(&digits), |f| f.to_string());
                        return Err(NotationError::new(fcol, format!("a die with {f} faces"))
                            .allowing(format!("1 to {MAX_FACES} faces")));
                    }
                }
            }
            Some('-') => {
                return Err(NotationError::new(fcol, "a die cannot have a negative number of faces")
                    .allowing(format!("1 to {MAX_FACES} faces, `%` or `F`")))
            }
            _ => return Err(self.unexpected("after `d`: expected the number of faces, `%` or `F`")),
        };
        self.total_dice = self.total_dice.saturating_add(count);
        if self.total_dice > MAX_TOTAL_DICE {
            return Err(NotationError::new(
                col,
                format!("this group brings the expression to {} dice", self.total_dice),
            )
            .allowing(format!("at most {MAX_TOTAL_DICE} dice in one expression")));
        }
        let mut g = Box::new(DiceGroup::new(count, die));
        g.pos = Pos(col);
        self.modifiers(&mut g)?;
        Ok(g)
    }

    fn modifiers(&mut self, g: &mut DiceGroup) -> R<()> {
        self.dice_compare = true;
        let r = self.modifiers_inner(g);
        self.dice_compare = false;
        r
    }

    fn modifiers_inner(&mut self, g: &mut DiceGroup) -> R<()> {
        let (mut ups, mut downs, mut recycles) = (0u32, 0u32, 0i64);
        let mut mark_col = 0;
        let mut keep_col = 0;
        let mut drop_col = 0;
        let mut explode_col = 0;
        loop {
            let col = self.col();
            let Some(c) = self.peek() else { break };
            // `^` before a number or a parenthesis is a power (`2d6^2`), not Remedy's ▲.
            if c == '^' && self.peek2().is_some_and(|n| n.is_ascii_digit() || n == '(' || n == '{') {
                break;
            }
            if g.success.is_some() && (remedy_mark(c).is_some() || "rkd!m".contains(c)) {
                return Err(NotationError::new(col, "modifiers must come before the success compare point")
                    .allowing("e.g. 6d10!>=8 or 4d6kh3>=4"));
            }
            if let Some(m) = remedy_mark(c).filter(|&m| m != RemedyMark::Explode) {
                self.i += 1;
                mark_col = if mark_col == 0 { col } else { mark_col };
                match m {
                    RemedyMark::Advantage => ups += 1,
                    RemedyMark::Disadvantage => downs += 1,
                    _ => recycles += 1,
                }
                continue;
            }
            match c {
                'r' => {
                    self.i += 1;
                    let once = self.eat('o');
                    // rpg-dice-roller: a bare `r` rerolls the lowest face
                    let on = self.compare(true)?.unwrap_or(Compare::Eq(g.die.min_face()));
                    if g.reroll.is_some() {
                        return Err(dup(col, "reroll"));
                    }
                    g.reroll = Some(Reroll { on, once });
                    self.check_reroll(g, col)?;
                }
                '!' => {
                    self.i += 1;
                    let kind = if self.eat('!') {
                        ExplodeKind::Compound
                    } else if self.eat('p') {
                        ExplodeKind::Penetrate
                    } else {
                        ExplodeKind::Standard
                    };
                    let on = self.compare(false)?.unwrap_or(Compare::Eq(g.die.max_face()));
                    if g.explode.is_some() {
                        return Err(dup(col, "explode"));
                    }
                    g.explode = Some(Explode { kind, on });
                    explode_col = col;
                }
                'k' | 'd' => {
                    self.i += 1;
                    let high = match (c, self.peek()) {
                        (_, Some('h')) => true,
                        (_, Some('l')) => false,
                        ('k', _) => {
                            self.i -= 1; // so the `+1` below lands on the count
                            true
                        }
                        // `dN` drops the lowest N, as rpg-dice-roller reads it
                        (_, Some(n)) if n.is_ascii_digit() => {
                            self.i -= 1;
                            false
                        }
                        _ => {
                            return Err(NotationError::new(
                                col,
                                "after a dice group, `d` must be `dh`, `dl` or `d` and a number",
                            )
                            .allowing("dhN (drop highest N), dlN or dN (drop lowest N)"))
                        }
                    };
                    self.i += 1;
                    let (n, ncol) = self.keep_count()?;
                    // A drop at each end (`5d6dh1dl1`, as rpg-dice-roller takes it) without a keep: the first
                    // drop takes the keep's place (a lone drop ends up there anyway), the second the drop's.
                    let other_end = matches!(
                        (g.drop, high),
                        (Some(Keep::DropLowest(_)), true) | (Some(Keep::DropHighest(_)), false)
                    );
                    if c == 'd' && g.keep.is_none() && other_end {
                        g.keep = g.drop.take();
                        keep_col = drop_col;
                    }
                    let slot = if c == 'k' { &mut g.keep } else { &mut g.drop };
                    if slot.is_some() {
                        return Err(dup(col, if c == 'k' { "keep" } else { "drop" }));
                    }
                    *slot = Some(match (c, high) {
                        ('k', true) => Keep::Highest(n),
                        ('k', false) => Keep::Lowest(n),
                        (_, true) => Keep::DropHighest(n),
                        _ => Keep::DropLowest(n),
                    });
                    if c == 'k' {
                        keep_col = ncol;
                    } else {
                        drop_col = ncol;
                    }
                }
                'u' => {
                    self.i += 1;
                    let once = self.eat('o');
                    let on = self.compare(false)?;
                    if g.unique.is_some() {
                        return Err(dup(col, "unique"));
                    }
                    g.unique = Some(Unique { once, on });
                }
                'm' => {
                    let which = match (self.toks.get(self.i + 1), self.toks.get(self.i + 2)) {
                        (Some(Tok { kind: TokKind::Ch('i'), .. }), Some(Tok { kind: TokKind::Ch('n'), .. })) => "min",
                        (Some(Tok { kind: TokKind::Ch('a'), .. }), Some(Tok { kind: TokKind::Ch('x'), .. })) => "max",
                        _ => return Err(self.unexpected("after a dice group: expected `min` or `max`")),
                    };
                    self.i += 3;
                    if !self.peek().is_some_and(|c| c.is_ascii_digit() || c == '-') {
                        return Err(NotationError::new(self.col(), format!("`{which}` needs a number"))
                            .allowing(format!("e.g. 4d6{which}{}", bound_example(which))));
                    }
                    let n = self.whole_number(which)?;
                    let slot = if which == "min" { &mut g.min } else { &mut g.max };
                    if slot.is_some() {
                        return Err(dup(col, which));
                    }
                    *slot = Some(n);
                }
                'c' => {
                    let success = match self.peek2() {
                        Some('s') => true,
                        Some('f') => false,
                        _ => return Err(self.unexpected("after a dice group: expected `cs` or `cf`")),
                    };
                    self.i += 2;
                    let default = if success { g.die.max_face() } else { g.die.min_face() };
                    let on = self.compare(false)?.unwrap_or(Compare::Eq(default));
                    let slot = if success { &mut g.crit_success } else { &mut g.crit_failure };
                    if slot.is_some() {
                        return Err(dup(col, if success { "critical success" } else { "critical failure" }));
                    }
                    *slot = Some(on);
                }
                's' => g.sort = Some(self.sort(g.sort, col)?),
                '>' | '<' | '=' => {
                    if g.success.is_some() {
                        return Err(dup(col, "success"));
                    }
                    let on = self.compare(false)?.expect("starts with a compare sign");
                    g.success = Some(Success { success: on, failure: None });
                    if self.peek() == Some('f') {
                        self.i += 1;
                        let f = self.compare(true)?.ok_or_else(|| {
                            NotationError::new(self.col(), "`f` needs a compare point").allowing("e.g. f1, f<=2")
                        })?;
                        g.success = Some(Success { success: on, failure: Some(f) });
                    }
                }
                'f' => {
                    return Err(NotationError::new(col, "`f` (count failures) needs a success compare point before it")
                        .allowing("e.g. 8d6>=4f1"))
                }
                _ => break,
            }
        }
        g.order = ModifierOrder::read(self.version, mark_col != 0);
        if let Some(e) = g.explode {
            // Faces a throw can end on: all of them, or (legacy order: the reroll comes first) those a
            // reroll-until lets stand.
            let until = g.reroll.filter(|r| !r.once && g.order.legacy());
            if g.faces().filter(|&f| !until.is_some_and(|r| r.on.matches(f))).all(|f| e.on.matches(f)) {
                let after = until.map_or(" can show".to_string(), |r| format!(" can show after `r{}`", r.on));
                return Err(NotationError::new(
                    explode_col,
                    format!("this explodes on every face a {}{after}, so the roll could never stop", g.die.name()),
                )
                .allowing("a compare point that leaves at least one face, e.g. ! or !>=5"));
            }
        }
        if recycles > 0 {
            if g.reroll.is_some() {
                return Err(dup(mark_col, "reroll"));
            }
            g.reroll = Some(Reroll { on: Compare::Le(recycles), once: true });
        }
        if ups > 0 && downs > 0 {
            return Err(NotationError::new(mark_col, "▲ (^) and ▼ (v) on the same group").allowing("one or the other"));
        }
        if ups > 0 || downs > 0 {
            if g.keep.is_some() {
                return Err(dup(mark_col, "keep/drop"));
            }
            g.keep = Some(if ups > 0 { Keep::Highest(ups) } else { Keep::Lowest(downs) });
            keep_col = mark_col;
        }
        for (k, kcol) in [(g.keep, keep_col), (g.drop, drop_col)] {
            let Some(k) = k else { continue };
            let (Keep::Highest(n) | Keep::Lowest(n) | Keep::DropHighest(n) | Keep::DropLowest(n)) = k;
            if n > g.count {
                let verb = if matches!(k, Keep::Highest(_) | Keep::Lowest(_)) { "keeps" } else { "drops" };
                return Err(NotationError::new(kcol, format!("this {verb} {n} dice but the group rolls {}", g.count))
                    .allowing(format!("0 to {}", g.count)));
            }
        }
        if g.keep.is_none() {
            g.keep = g.drop.take();
        }
        if let (Some(k), Some(d), true) = (g.keep, g.drop, g.order.legacy()) {
            if k.kept(g.count).0 != d.kept(g.count).0 {
                return Err(NotationError::new(drop_col, "this keeps and drops at the same end, leaving a middle run")
                    .allowing("kh with dl, or kl with dh"));
            }
        }
        if g.unique.is_some() && g.explode.is_some() && g.order.legacy() {
            return Err(NotationError::new(
                explode_col,
                "`u` (unique dice) together with an explosion is not supported",
            )
            .allowing("one or the other"));
        }
        Ok(())
    }

    fn check_reroll(&self, g: &DiceGroup, col: usize) -> R<()> {
        let Some(r) = g.reroll else { return Ok(()) };
        if !r.once && g.faces().all(|f| r.on.matches(f)) {
            return Err(NotationError::new(
                col,
                format!("this rerolls every face of a {}, so the roll could never stop", g.die.name()),
            )
            .allowing("a compare point that leaves at least one face, or `ro` to reroll once"));
        }
        Ok(())
    }
}

/// The exact value of a node made of numbers only (None if it holds dice or a `{...}` group; Some(Err) for a
/// division by zero or an overflow).
fn constant_value(node: &Node) -> Option<R<Value>> {
    use super::roll::{apply, call};
    Some(match node {
        Node::Num(n) => Ok(super::value::int(*n)),
        Node::Decimal(v) => Ok(*v),
        Node::Dice(_) | Node::Group(_) => return None,
        Node::Label(x, _) => return constant_value(x),
        Node::Neg(x) => constant_value(x)?.and_then(|v| {
            super::value::sub(super::value::int(0), v)
                .ok_or_else(|| NotationError::new(1, "the result does not fit in a 64-bit integer"))
        }),
        Node::Bin { op, lhs, rhs, pos } => {
            let (a, b) = (constant_value(lhs)?, constant_value(rhs)?);
            a.and_then(|a| b.and_then(|b| apply(*op, a, b, *pos, rhs)))
        }
        Node::Call { func, args, pos } => {
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                match constant_value(a)? {
                    Ok(v) => vals.push(v),
                    Err(e) => return Some(Err(e)),
                }
            }
            call(*func, &vals, *pos, args)
        }
    })
}

/// The number an error's example gives `min` or `max` (`4d6min2`, `4d6max5`).
fn bound_example(which: &str) -> i64 {
    if which == "min" {
        2
    } else {
        5
    }
}

/// The error for a modifier written twice on one group.
fn dup(col: usize, what: &str) -> NotationError {
    let allowed = match what {
        "keep" | "drop" => "one keep and one drop per group, or a drop at each end without a keep (5d6dh1dl1)",
        _ => "each kind of modifier once per group",
    };
    NotationError::new(col, format!("a second {what} modifier on the same group")).allowing(allowed)
}

/// A long run of digits shortened for a message: `12345678901234567890123456` -> `123456789012… (26 digits)`.
fn show_digits(digits: &str) -> String {
    if digits.len() <= 24 {
        digits.to_string()
    } else {
        format!("{}… ({} digits)", &digits[..12], digits.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form the quick path reads, at the edges of its ranges, is the group the lexer and the parser build,
    /// in every notation version; and what it must leave to them (errors, spaces, modifiers, leading zeros, other
    /// dice) it leaves, so `parse` answers those exactly as the full parse does.
    #[test]
    fn plain_groups_read_as_the_parser_reads_them() {
        let mut read = 0;
        for version in 1..=NOTATION_VERSION {
            for count in ["", "1", "3", "10", "999", "1000"] {
                for faces in ["1", "2", "6", "20", "100", "9999", "10000", "f", "F"] {
                    for d in ["d", "D"] {
                        let src = format!("{count}{d}{faces}");
                        let quick = plain_group(src.as_bytes(), version)
                            .unwrap_or_else(|| panic!("`{src}` is read by the quick path"));
                        let full = parse_tokens(&src, version).unwrap();
                        assert_eq!(Expr { root: quick, comment: None, version }, full, "`{src}`, version {version}");
                        assert_eq!(parse_versioned(&src, version).unwrap(), full);
                        read += 1;
                    }
                }
            }
        }
        assert_eq!(read, NOTATION_VERSION as usize * 6 * 9 * 2);
        for src in [
            "0d6",
            "3d0",
            "03d6",
            "3d06",
            "1001d6",
            "3d10001",
            "3d6 ",
            " 3d6",
            "3 d6",
            "3d6+1",
            "3d6!",
            "4d6kh3",
            "3dF.1",
            "3dF.2",
            "3dff",
            "3d%",
            "3dd6",
            "d",
            "3d",
            "",
            "1234567d6",
            "3d1234567",
            "3d6d6",
            "+3d6",
            "-3d6",
            "3d-6",
            "3d6#",
            "3d6[x]",
            "٣d6",
            "3d٦",
        ] {
            assert!(plain_group(src.as_bytes(), NOTATION_VERSION).is_none(), "`{src}` is left to the parser");
            assert_eq!(parse(src), parse_tokens(src, NOTATION_VERSION), "`{src}`");
        }
    }
}

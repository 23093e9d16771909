//! The recursive-descent parser.
//!
//! Why hand-written rather than `winnow`/`chumsky`: the grammar is small (four precedence levels and one
//! modifier loop), every error must carry the exact column of the offending character and a sentence naming
//! the allowed range, and several checks (keep count against dice count, rules that could never stop, limits)
//! need the half-built group. A 300-line parser gives those messages directly, adds no dependency to the wasm
//! bundle, and its recursion is bounded by [`MAX_DEPTH`].

use super::ast::*;
use super::error::NotationError;
use super::lex::{lex, Tok, TokKind};
use super::limits::*;
use super::marks::{remedy_mark, RemedyMark};
use crate::die::DieKind;

type R<T> = Result<T, NotationError>;

/// Parse a whole expression.
pub fn parse(src: &str) -> R<Expr> {
    let (toks, end) = lex(src)?;
    let mut p = Parser { toks, i: 0, end, total_dice: 0 };
    p.expr()
}

/// Parse exactly one dice group (`4d6kh3`, `2d20▲▲`, `d%`), nothing around it.
pub fn parse_group(src: &str) -> R<DiceGroup> {
    let (toks, end) = lex(src)?;
    let mut p = Parser { toks, i: 0, end, total_dice: 0 };
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
    Ok(g)
}

struct Parser {
    toks: Vec<Tok>,
    i: usize,
    /// Column just after the last character.
    end: usize,
    total_dice: u32,
}

impl Parser {
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

    fn expr(&mut self) -> R<Expr> {
        if matches!(self.toks.first().map(|t| &t.kind), None | Some(TokKind::Comment(_))) {
            return Err(NotationError::new(1, "the expression is empty").allowing("e.g. 2d6+3"));
        }
        let root = self.sum(0)?;
        let comment = match self.toks.get(self.i) {
            Some(Tok { kind: TokKind::Comment(c), .. }) => {
                self.i += 1;
                Some(c.clone())
            }
            None => None,
            Some(Tok { kind: TokKind::Ch(')'), col }) => {
                return Err(NotationError::new(*col, "`)` without a `(` before it"))
            }
            _ => return Err(self.unexpected("here: expected an operator (+ - * /), a [label] or a # comment")),
        };
        Ok(Expr { root, comment })
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
                Some('/') => BinOp::Div,
                _ => return Ok(lhs),
            };
            self.i += 1;
            let rhs = self.unary(depth)?;
            lhs = Node::Bin { op, lhs: Box::new(lhs), rhs: Box::new(rhs), pos };
        }
    }

    fn deeper(&self, depth: usize) -> R<usize> {
        if depth >= MAX_DEPTH {
            return Err(NotationError::new(self.col(), "parentheses and minus signs are nested too deeply")
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
        let mut node = self.primary(depth)?;
        while let Some(Tok { kind: TokKind::Label(l), .. }) = self.toks.get(self.i) {
            node = Node::Label(Box::new(node), l.clone());
            self.i += 1;
        }
        Ok(node)
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
                Ok(inner)
            }
            Some(c) if c.is_ascii_digit() => {
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
            _ => Err(self.unexpected("here: expected a number, a dice group (2d6) or `(`")),
        }
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
    fn number_or_digits(&mut self) -> R<Result<i64, String>> {
        let mut digits = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            digits.push(c);
            self.i += 1;
        }
        if digits.is_empty() {
            return Err(self.unexpected("here: expected a number"));
        }
        Ok(digits.parse::<i64>().map_err(|_| digits))
    }

    /// An optionally negative integer (inside compare points).
    fn signed(&mut self) -> R<i64> {
        if self.eat('-') {
            Ok(-self.number()?)
        } else {
            self.number()
        }
    }

    /// A compare point `>=N >N <=N <N =N`, or a bare `N` (meaning `=N`) when `bare` is allowed.
    fn compare(&mut self, bare: bool) -> R<Option<Compare>> {
        let c = match (self.peek(), self.peek2()) {
            (Some('>'), Some('=')) => Compare::Ge as fn(i64) -> Compare,
            (Some('<'), Some('=')) => Compare::Le,
            (Some('>'), _) => Compare::Gt,
            (Some('<'), _) => Compare::Lt,
            (Some('='), _) => Compare::Eq,
            (Some(d), _) if bare && (d.is_ascii_digit() || d == '-') => return Ok(Some(Compare::Eq(self.signed()?))),
            _ => return Ok(None),
        };
        self.i += if self.peek2() == Some('=') && self.peek() != Some('=') { 2 } else { 1 };
        Ok(Some(c(self.signed()?)))
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
    fn dice(&mut self, count: Option<i64>, col: usize) -> R<DiceGroup> {
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
                DieKind::Fudge
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
        let mut g = DiceGroup::new(count, die);
        g.pos = Pos(col);
        self.modifiers(&mut g)?;
        Ok(g)
    }

    fn modifiers(&mut self, g: &mut DiceGroup) -> R<()> {
        let (mut ups, mut downs, mut recycles) = (0u32, 0u32, 0i64);
        let mut mark_col = 0;
        let mut keep_col = 0;
        let mut explode_col = 0;
        let dup =
            |col: usize, what: &str| NotationError::new(col, format!("a second {what} modifier on the same group"));
        loop {
            let col = self.col();
            let Some(c) = self.peek() else { break };
            if g.success.is_some() && (remedy_mark(c).is_some() || "rkd!".contains(c)) {
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
                    let on = self.compare(true)?.ok_or_else(|| {
                        NotationError::new(self.col(), "a reroll needs a compare point").allowing("e.g. r1, r<=2, ro<3")
                    })?;
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
                        _ => {
                            return Err(NotationError::new(col, "after a dice group, `d` must be `dh` or `dl`")
                                .allowing("dhN (drop highest N), dlN (drop lowest N)"))
                        }
                    };
                    self.i += 1;
                    let (n, ncol) = self.keep_count()?;
                    if g.keep.is_some() {
                        return Err(dup(col, "keep/drop"));
                    }
                    g.keep = Some(match (c, high) {
                        ('k', true) => Keep::Highest(n),
                        ('k', false) => Keep::Lowest(n),
                        (_, true) => Keep::DropHighest(n),
                        _ => Keep::DropLowest(n),
                    });
                    keep_col = ncol;
                }
                '>' | '<' | '=' => {
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
        if let Some(e) = g.explode {
            // Faces a throw can end on: all of them, or those a reroll-until lets stand.
            let until = g.reroll.filter(|r| !r.once);
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
        if let Some(k) = g.keep {
            let n = match k {
                Keep::Highest(n) | Keep::Lowest(n) | Keep::DropHighest(n) | Keep::DropLowest(n) => n,
            };
            if n > g.count {
                let verb = if matches!(k, Keep::Highest(_) | Keep::Lowest(_)) { "keeps" } else { "drops" };
                return Err(NotationError::new(
                    keep_col,
                    format!("this {verb} {n} dice but the group rolls {}", g.count),
                )
                .allowing(format!("0 to {}", g.count)));
            }
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

/// A long run of digits shortened for a message: `12345678901234567890123456` -> `123456789012… (26 digits)`.
fn show_digits(digits: &str) -> String {
    if digits.len() <= 24 {
        digits.to_string()
    } else {
        format!("{}… ({} digits)", &digits[..12], digits.len())
    }
}

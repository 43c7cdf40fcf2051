//! How numbers are written: the terminal's forms (thousands, three significant digits) and the
//! spreadsheet's (what Calc writes back), so that every table writes a number one way.

/// Formats an integer with thousands separators: 4865609 → 4,865,609.
pub fn thousands<T: Into<i128>>(n: T) -> String {
    let n: i128 = n.into();
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// A ratio to three significant digits (0.0573, 0.889, 20.6), or "-".
pub fn fmt_ratio(r: Option<f64>) -> String {
    r.map_or("-".into(), sig3)
}

/// Three significant digits, never in exponent form.
pub fn sig3(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let decimals = (2 - x.abs().log10().floor() as i32).max(0) as usize;
    format!("{x:.decimals$}")
}

/// `1 row`, `2 rows`: a count with its noun in the right number (nouns taking an s).
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A number as a spreadsheet writes it back: six decimals at most, no trailing zeros, no
/// exponent, no negative zero (LibreOffice reads `1.0` and writes `1`). So a tidy CSV comes
/// back from Calc as it went.
pub fn spreadsheet_number(x: f64) -> String {
    let rounded = (x * 1e6).round() / 1e6 + 0.0;
    format!("{rounded}")
}

/// The minus sign a signed figure is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Minus {
    /// `−` (U+2212), as typeset: the docs' figure blocks and the match reports.
    True,
    /// `-`: the design and gauntlet reports, whose committed tables have always used it.
    Ascii,
}

/// `x` with `decimals` decimals and its sign always: `+21.7`, `−3.0`. A value that rounds to
/// zero keeps its sign (`−0.0` is a bound just under zero, and says which side of zero it
/// lies); zero itself, and the floating-point −0, are `+0.0`. Every signed figure outside
/// `stats` is written here (reports, charts' ticks and cells, PGN comments), so that there is
/// one zero rule.
pub fn signed(x: f64, decimals: usize, minus: Minus) -> String {
    // `+ 0.0` turns the floating-point −0 into 0, which no figure means.
    let text = format!("{:+.decimals$}", x + 0.0);
    match minus {
        Minus::True => text.replace('-', "−"),
        Minus::Ascii => text,
    }
}

/// A figure and its interval, each signed: `+21.7 [+9.2, +34.4]`.
pub fn interval(value: f64, lo: f64, hi: f64, decimals: usize, minus: Minus) -> String {
    let s = |x| signed(x, decimals, minus);
    format!("{} [{}, {}]", s(value), s(lo), s(hi))
}

/// A figure and its interval in whole numbers, unsigned: `48 [35, 61]`, `-2 [-9, 5]`; an
/// unbounded end is `∞` or `−∞` with an open bracket, `48 [35, ∞)`.
pub fn whole_interval(value: f64, lo: f64, hi: f64) -> String {
    let whole = |x: f64| match x {
        f64::INFINITY => "∞".to_string(),
        f64::NEG_INFINITY => "−∞".to_string(),
        _ => format!("{:.0}", x + 0.0),
    };
    let open = if lo.is_finite() { "[" } else { "(" };
    let close = if hi.is_finite() { "]" } else { ")" };
    format!("{} {open}{}, {}{close}", whole(value), whole(lo), whole(hi))
}

/// How a node factor is written: the removal ladder's `1.90 [1.50, 2.60]` (whole numbers from
/// 100, `∞)` when unbounded above), or the factorial ladder's `×1.90 [1.50, ∞]`.
#[derive(Clone, Copy)]
pub enum FactorStyle {
    Plain,
    Times,
}

/// A node factor and its interval, as `style` writes it.
pub fn factor_interval(value: f64, lo: f64, hi: f64, style: FactorStyle) -> String {
    match style {
        FactorStyle::Plain => {
            let f = |x: f64| match x >= 100.0 {
                true => format!("{x:.0}"),
                false => format!("{x:.2}"),
            };
            match hi.is_finite() {
                true => format!("{} [{}, {}]", f(value), f(lo), f(hi)),
                false => format!("{} [{}, ∞)", f(value), f(lo)),
            }
        }
        FactorStyle::Times => {
            let hi = match hi.is_finite() {
                true => format!("{hi:.2}"),
                false => "∞".into(),
            };
            format!("×{value:.2} [{lo:.2}, {hi}]")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0u64), "0");
        assert_eq!(thousands(999u64), "999");
        assert_eq!(thousands(4_865_609u64), "4,865,609");
        assert_eq!(thousands(-1_000i64), "-1,000");
    }

    #[test]
    fn numbers_are_written_as_a_spreadsheet_writes_them_back() {
        assert_eq!(spreadsheet_number(1.0), "1");
        assert_eq!(spreadsheet_number(-0.0000001), "0");
        assert_eq!(spreadsheet_number(2.345_678_9), "2.345679");
        assert_eq!(spreadsheet_number(1e-7), "0");
    }

    #[test]
    fn a_signed_figure_keeps_the_sign_of_what_it_rounds() {
        assert_eq!(signed(21.66, 1, Minus::True), "+21.7");
        assert_eq!(signed(-3.0, 1, Minus::True), "−3.0");
        assert_eq!(signed(-0.04, 1, Minus::True), "−0.0");
        assert_eq!(signed(-0.0, 1, Minus::True), "+0.0");
        assert_eq!(signed(0.0, 0, Minus::Ascii), "+0");
        assert_eq!(signed(-12.34, 1, Minus::Ascii), "-12.3");
        assert_eq!(
            interval(1.0, -2.0, 4.0, 1, Minus::True),
            "+1.0 [−2.0, +4.0]"
        );
    }

    #[test]
    fn unbounded_ends_are_written_open() {
        assert_eq!(whole_interval(47.6, 35.2, 61.0), "48 [35, 61]");
        // A figure keeps the sign of what it rounds, in the ASCII minus the ladder tables have.
        assert_eq!(whole_interval(-0.2, f64::NEG_INFINITY, 3.0), "-0 (−∞, 3]");
        let plain = FactorStyle::Plain;
        assert_eq!(factor_interval(1.9, 1.5, 2.6, plain), "1.90 [1.50, 2.60]");
        assert_eq!(
            factor_interval(150.0, 1.5, f64::INFINITY, plain),
            "150 [1.50, ∞)"
        );
        let times = FactorStyle::Times;
        assert_eq!(
            factor_interval(1.9, 1.5, f64::INFINITY, times),
            "×1.90 [1.50, ∞]"
        );
    }
}

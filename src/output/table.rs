//! Plain-text tables and number formatting for the terminal.

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

/// A table whose first column is left-aligned and the others right-aligned.
#[derive(Debug, Clone)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    gap: usize,
}

impl Table {
    /// A table with these column titles.
    pub fn new(header: &[&str]) -> Table {
        Table {
            header: header.iter().map(|s| s.to_string()).collect(),
            rows: Vec::new(),
            gap: 2,
        }
    }

    /// Spaces between columns (default 2); 1 keeps wide tables within 80 columns.
    pub fn with_gap(mut self, gap: usize) -> Table {
        self.gap = gap.max(1);
        self
    }

    /// Appends a row (as many cells as the header).
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The table as aligned text, two spaces between columns.
    pub fn render(&self) -> String {
        let mut widths: Vec<usize> = self.header.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate() {
                if i < widths.len() {
                    widths[i] = widths[i].max(cell.chars().count());
                }
            }
        }
        let mut out = String::new();
        let line = |cells: &[String], out: &mut String| {
            let mut text = String::new();
            for (i, cell) in cells.iter().enumerate() {
                let w = widths.get(i).copied().unwrap_or(0);
                if i > 0 {
                    text.push_str(&" ".repeat(self.gap));
                }
                if i == 0 {
                    text.push_str(&format!("{cell:<w$}"));
                } else {
                    text.push_str(&format!("{cell:>w$}"));
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        };
        line(&self.header, &mut out);
        for row in &self.rows {
            line(row, &mut out);
        }
        out
    }
}

impl Table {
    /// The table in Markdown: the first column left-aligned, the others right-aligned.
    pub fn markdown(&self) -> String {
        let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
        let mut rule = vec![":---".to_string()];
        rule.extend((1..self.header.len()).map(|_| "---:".to_string()));
        let mut out = line(&self.header) + &line(&rule);
        for row in &self.rows {
            out += &line(row);
        }
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
    fn columns_align() {
        let mut t = Table::new(&["id", "n"]);
        t.row(vec!["a".into(), "1,000".into()]);
        assert_eq!(t.render(), "id      n\na   1,000\n");
        assert_eq!(t.markdown(), "| id | n |\n| :--- | ---: |\n| a | 1,000 |\n");
    }
}

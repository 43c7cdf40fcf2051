//! The results CSV survives a real spreadsheet: every kind of committed results CSV, plus a
//! run whose config hash and position ids are the kind spreadsheets mangle and its report's
//! summary as data, goes through LibreOffice Calc (CSV → xlsx → CSV, headless) and comes back
//! with every cell but the times unchanged.
//!
//! Needs `libreoffice` (Debian's libreoffice-calc-nogui; `.ci/run` installs it when it runs as
//! root). Without it the test prints why it skips.

use crate::common::{ablate, assert_success};
use ablate::config::experiment::ResolvedVariant;
use ablate::config::SearchConfig;
use ablate::digest::sha256_hex;
use ablate::runner::experiment_hash;
use ablate::search_record::TIME_COLUMNS;
use ablate::suite::Suite;
use std::path::{Path, PathBuf};
use std::process::Command;

fn libreoffice() -> Option<PathBuf> {
    ["libreoffice", "soffice"].iter().find_map(|name| {
        let out = Command::new("which").arg(name).output().ok()?;
        out.status
            .success()
            .then(|| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
    })
}

/// Converts every file in `from` to `format` into `to`, in one LibreOffice process.
fn convert(
    office: &Path,
    profile: &Path,
    files: &[PathBuf],
    format: &str,
    infilter: Option<&str>,
    to: &Path,
) {
    let mut cmd = Command::new(office);
    cmd.arg(format!(
        "-env:UserInstallation=file://{}",
        profile.display()
    ))
    .args(["--headless", "--convert-to", format, "--outdir"])
    .arg(to);
    if let Some(filter) = infilter {
        cmd.arg(format!("--infilter={filter}"));
    }
    let out = cmd.args(files).output().expect("libreoffice runs");
    assert!(
        out.status.success(),
        "libreoffice: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn cells(path: &Path) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_path(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// An experiment name whose config hash, but for its letter, looks like a number to a
/// spreadsheet: `57010249366450e8` (scientific notation) or sixteen digits.
fn risky_name(suite: &Path, depths: &[u32]) -> (String, String) {
    let bytes = std::fs::read(suite).unwrap();
    let sha = sha256_hex(&bytes);
    let positions = Suite::load(suite).unwrap().positions;
    let variants = vec![ResolvedVariant {
        name: "baseline".into(),
        config: SearchConfig::default(),
        engine: None,
    }];
    for i in 0.. {
        let name = format!("sheet{i}");
        let hash = experiment_hash(&name, &variants, &sha, &positions, depths);
        let digits = &hash[1..];
        let numeric = digits.chars().all(|c| c.is_ascii_digit());
        let scientific = digits.matches('e').count() == 1
            && !digits.starts_with('e')
            && !digits.ends_with('e')
            && digits.chars().all(|c| c.is_ascii_digit() || c == 'e');
        if numeric || scientific {
            return (name, hash);
        }
    }
    unreachable!()
}

#[test]
#[cfg_attr(
    missing_libreoffice,
    ignore = "needs LibreOffice (apt-get install libreoffice-calc-nogui; .ci/run installs it)"
)]
fn results_csvs_survive_a_round_trip_through_libreoffice() {
    let Some(office) = libreoffice() else {
        crate::common::skip_without("libreoffice", "apt-get install libreoffice-calc-nogui");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let startpos = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let ids = ["=cmd|x", "0012", "1e5", "-x", "+1", "@A1", "'q", "BK.01"];
    let epd: String = ids
        .iter()
        .enumerate()
        .map(|(i, id)| format!("{startpos} id \"{id}\"; c0 \"{i}\";\n"))
        .collect();
    std::fs::write(d.join("risky.epd"), epd).unwrap();
    let (name, hash) = risky_name(&d.join("risky.epd"), &[1, 2]);
    std::fs::write(
        d.join("risky.toml"),
        format!("name = \"{name}\"\nsuite = \"risky.epd\"\ndepths = [1, 2]\n"),
    )
    .unwrap();
    assert_success(&ablate(
        d,
        &["--config", "risky.toml", "--out", "risky.csv", "--quiet"],
    ));
    assert!(
        std::fs::read_to_string(d.join("risky.csv"))
            .unwrap()
            .contains(&hash),
        "the run's hash is {hash}"
    );

    // The report writes the per-depth summary as data beside the rows; its CSV goes through
    // the spreadsheet with them, and its JSON holds the same figures.
    assert_success(&ablate(d, &["report", "risky.csv"]));
    let summary = cells(&d.join("risky.summary.csv"));
    assert_eq!(
        summary.len(),
        3,
        "a header and one row per depth: {summary:?}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("risky.summary.json")).unwrap())
            .unwrap();
    for (row, object) in summary[1..].iter().zip(json.as_array().unwrap()) {
        for (column, cell) in summary[0].iter().zip(row) {
            let value = &object[column.as_str()];
            let text = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_string);
            assert_eq!(text.replace("null", ""), *cell, "column {column}");
        }
    }

    let inputs = d.join("in");
    std::fs::create_dir(&inputs).unwrap();
    for file in ["risky.csv", "risky.summary.csv"] {
        std::fs::copy(d.join(file), inputs.join(file)).unwrap();
    }
    // Every kind of committed table, not every file: of the files that share a header the
    // smallest goes through Calc (the games CSVs alone are hundreds of megabytes of one kind).
    let mut kinds: std::collections::BTreeMap<String, PathBuf> = Default::default();
    for path in crate::common::result_files(".csv") {
        let mut header = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(std::fs::File::open(&path).unwrap()),
            &mut header,
        )
        .unwrap();
        let size = |p: &Path| std::fs::metadata(p).unwrap().len();
        let smallest = kinds.entry(header).or_insert_with(|| path.clone());
        if size(&path) < size(smallest) {
            *smallest = path;
        }
    }
    for path in kinds.values() {
        std::fs::copy(path, inputs.join(path.file_name().unwrap())).unwrap();
    }
    assert!(kinds.len() >= 8, "{} kinds of committed CSV", kinds.len());
    let files: Vec<PathBuf> = std::fs::read_dir(&inputs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let (xlsx, back, profile) = (d.join("xlsx"), d.join("back"), d.join("profile"));
    // Comma-separated UTF-8, as the import dialog would be set; columns keep "Standard" types,
    // so Calc guesses numbers and formulas as a user's copy would.
    convert(
        &office,
        &profile,
        &files,
        "xlsx",
        Some("CSV:44,34,76,1"),
        &xlsx,
    );
    let sheets: Vec<PathBuf> = files
        .iter()
        .map(|f| xlsx.join(f.with_extension("xlsx").file_name().unwrap()))
        .collect();
    convert(
        &office,
        &profile,
        &sheets,
        "csv:Text - txt - csv (StarCalc):44,34,76,1",
        None,
        &back,
    );

    let mut problems = Vec::new();
    for file in &files {
        let original = cells(file);
        let returned = cells(&back.join(file.file_name().unwrap()));
        let header = &original[0];
        if original.len() != returned.len() {
            problems.push(format!(
                "{}: {} rows came back as {}",
                file.display(),
                original.len(),
                returned.len()
            ));
            continue;
        }
        for (line, (a, b)) in original.iter().zip(&returned).enumerate() {
            for (col, name) in header.iter().enumerate() {
                // Times (and a games CSV's per-side times) are measurements: Calc may drop a ".0".
                if TIME_COLUMNS.contains(&name.as_str()) || name.ends_with("_time_ms") {
                    continue;
                }
                let (x, y) = (a.get(col), b.get(col));
                // Calc writes a boolean back as TRUE/FALSE: the same value, which ablate reads.
                let same_boolean = name == "bm_ok"
                    && x.map(|s| s.to_ascii_lowercase()) == y.map(|s| s.to_ascii_lowercase());
                if x != y && !same_boolean {
                    problems.push(format!(
                        "{}:{} column {name}: {x:?} came back as {y:?}",
                        file.file_name().unwrap().to_string_lossy(),
                        line + 1
                    ));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} cells changed:\n{}",
        problems.len(),
        problems
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

//! Every committed games CSV and its PGN hold the same games, in the same order (issue 67,
//! item 5: a resumed run once wrote one game twice into a PGN): as many games, and game by
//! game the same round (the CSV's pair and game, from 0, as the PGN's `pair+1.game+1`), the
//! same players, the same opening, result and number of plies.

use ablate::matches::games_csv::read_games;

/// The tags of each game of a PGN, in file order.
fn pgn_games(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut games = Vec::new();
    let mut current: Option<std::collections::HashMap<String, String>> = None;
    for line in text.lines() {
        let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
            continue;
        };
        let Some((key, value)) = tag.split_once(' ') else {
            continue;
        };
        let value = value.trim_matches('"').to_string();
        if key == "Event" {
            games.extend(current.take());
            current = Some(Default::default());
        }
        if let Some(game) = current.as_mut() {
            game.insert(key.to_string(), value);
        }
    }
    games.extend(current);
    games
}

#[test]
fn every_committed_games_csv_has_its_games_in_its_pgn_once_each_in_order() {
    let mut checked = 0;
    for csv in crate::common::result_files(".games.csv") {
        let pgn = csv.with_extension("pgn");
        if !pgn.exists() {
            continue;
        }
        let rows = read_games(&csv).unwrap_or_else(|e| panic!("{}: {e}", csv.display()));
        let games = pgn_games(&std::fs::read_to_string(&pgn).unwrap());
        assert_eq!(
            games.len(),
            rows.len(),
            "{}: {} games in the PGN for {} rows in the CSV",
            pgn.display(),
            games.len(),
            rows.len()
        );
        for (i, (row, game)) in rows.iter().zip(&games).enumerate() {
            let tag = |k: &str| game.get(k).map(String::as_str).unwrap_or("");
            let round = format!("{}.{}", row.pair + 1, row.game + 1);
            let same = tag("Round") == round
                && tag("White") == row.white
                && tag("Black") == row.black
                && tag("Opening") == row.opening
                && tag("Result") == row.result
                && tag("PlyCount") == row.plies.to_string();
            assert!(
                same,
                "{}: game {} differs from the CSV's row {i} (round {round}, {} against {}, {}): {game:?}",
                pgn.display(),
                i + 1,
                row.white,
                row.black,
                row.opening
            );
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} games files with a PGN");
}

/// Every committed match manifest's limit is read into its type and written back in the same
/// words, and its design's factors into their typed layers and back to the same knobs: the
/// reports read the types, and a manifest rewritten on resuming keeps both.
#[test]
fn every_committed_manifest_s_limit_and_design_read_and_write_back_the_same() {
    use ablate::matches::games_manifest::MatchManifest;
    use ablate::storage::manifest::ManifestFile;
    let mut checked = 0;
    for json in crate::common::result_files(".games.json") {
        let text = std::fs::read_to_string(&json).unwrap();
        let written: serde_json::Value = serde_json::from_str(&text).unwrap();
        let manifest = MatchManifest::read(&json)
            .unwrap_or_else(|e| panic!("{}: {e:#}", json.display()))
            .unwrap();
        assert_eq!(
            written["limit"].as_str(),
            Some(manifest.limit.to_string().as_str()),
            "{}",
            json.display()
        );
        let design = serde_json::to_value(&manifest.design).unwrap();
        let written_design = written.get("design").cloned().unwrap_or_default();
        assert_eq!(design, written_design, "{}", json.display());
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} match manifests");
}

#!/usr/bin/env bash
# Re-runs every seed reproduction into results/ and rebuilds the report (Markdown + SVG charts).
# Usage: scripts/reproduce-all.sh [--jobs N]     (about 3.5 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
bin=./target/release/ablate
start=$(date +%s)
for name in killers killers-bk quiescence mvv_lva aspiration history tt pvs schaeffer pruning pruning-wac null-move; do
  echo "== $name"
  "$bin" --config "configs/$name.toml" --out "results/$name.csv" --force --quiet "$@"
  "$bin" report "results/$name.csv" --markdown "results/$name.md" --svg "results/$name.svg" > /dev/null
done
echo "reproduced every table in $(( $(date +%s) - start )) s"

#!/usr/bin/env bash
# Re-runs every seed reproduction into results/ and rebuilds the report (Markdown + SVG charts).
# Usage: scripts/reproduce-all.sh [--jobs N]     (about 50 minutes on 2 cores, 15 of them Stockfish and Fruit,
# then 2 hours for the Elo-worth match)
# Options are passed to every ablate run (--jobs N, say). Afterwards
# `ABLATE_BLESS_FIGURES=1 cargo test --test figures` rewrites the figure tables of the docs.
set -euo pipefail
case "${1:-}" in
  -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
esac
cd "$(dirname "$0")/.."
cargo build --release
bin=./target/release/ablate
start=$(date +%s)
# Ifrit's killer table beyond the main job's depths: depths 8 and 9, 4 minutes.
"$bin" --config configs/killers.toml --depths 8,9 --out results/killers/killers-deep.csv --force --quiet "$@"
# Elo worth by removal: six removals, 2,000 games each, about 2 hours with --jobs 2.
"$bin" match --config configs/elo-worth.toml --variant no_null_move --variant no_lmr --variant no_futility \
  --variant no_reverse_futility --variant no_late_move_pruning --variant no_see_pruning --games 2000 --nodes 10000 \
  --adjudicate draw=40,10,8 resign=1000,4 --out results/elo-worth-nodes.games.csv --force --quiet "$@" > /dev/null
"$bin" report results/elo-worth-nodes.games.csv > /dev/null
for name in killers killers-bk killers-sensitivity quiescence mvv_lva aspiration history claims the tt ifrit pvs \
  schaeffer history-game history-game-fresh pruning pruning-wac null-move; do
  echo "== $name"
  "$bin" --config "configs/$name.toml" --out "results/$name.csv" --force --quiet "$@"
  "$bin" report "results/$name.csv" --markdown "results/$name.md" --svg "results/$name.svg" > /dev/null
done
# The minimal tree beside four of them, at the depths where the exact count is practical.
for name in killers mvv_lva history schaeffer; do
  echo "== $name, minimal tree"
  "$bin" --config "configs/$name.toml" --minimal exact --depths 1,2,3,4 --out "results/$name-minimal.csv" --force --quiet "$@"
  "$bin" report "results/$name-minimal.csv" --markdown "results/$name-minimal.md" --svg "results/$name-minimal.svg" > /dev/null
done
# Quality beside cost: five pruning variants in games, at a fixed depth and at fixed nodes.
echo "== pruning matches"
for limit in "--depth 5 --out results/pruning/pruning.games.csv" "--nodes 30000 --out results/pruning/pruning-nodes.games.csv"; do
  # shellcheck disable=SC2086
  "$bin" match --config configs/pruning.toml --variant null_move --variant lmr --variant futility \
    --variant all --variant fruit --games 100 --adjudicate draw=40,10,8 resign=1000,4 $limit --force --quiet "$@" > /dev/null
done
for games in results/pruning/pruning.games.csv results/pruning/pruning-nodes.games.csv; do
  "$bin" report "$games" > /dev/null
done
# Real engines beside ablate: needs Debian's stockfish and gnuchess (Fruit 2.1 as gnuchess -u).
if command -v stockfish >/dev/null || [ -x /usr/games/stockfish ]; then
  echo "== peers"
  "$bin" --config configs/peers.toml --out results/peers/peers.csv --force --quiet "$@"
  "$bin" report results/peers/peers.csv --markdown results/peers/peers.md --svg results/peers/peers.svg > /dev/null
else
  echo "== peers skipped: stockfish and gnuchess are not installed (apt-get install stockfish gnuchess)"
fi
echo "reproduced every table in $(( $(date +%s) - start )) s"

#!/usr/bin/env bash
# Re-makes every committed result: each fixed-depth CSV with the command that made it, each run
# the configs declare ([runs.NAME]), and the reports beside them, cheapest first by the time
# their own manifests record (`ablate reproduce`; the plan: `ablate reproduce --list`).
# Usage: scripts/reproduce-all.sh [--list] [--fixed-only | --runs-only] [--jobs N]
#   the fixed-depth results take about 75 minutes on 2 cores (Stockfish and Fruit installed for
#   peers.toml and fruit-elo-worth.toml); the declared match runs take many hours.
# Afterwards `ablate figures` re-renders the docs' figure blocks from the new results.
set -euo pipefail
case "${1:-}" in
  -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
esac
cd "$(dirname "$0")/.."
cargo build --release --quiet
exec ./target/release/ablate reproduce "$@"

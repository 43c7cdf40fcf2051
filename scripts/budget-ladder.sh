#!/usr/bin/env bash
# Plays (or resumes) the budget ladder of configs/budget-ladder.toml, one games file per budget,
# cheapest first: 400 games a pairing up to 40,000 nodes a move, 200 above. Above 40,000 nodes
# only LMR, the null move and the doubling play, for now: a 200-game pairing at 320,000 nodes
# costs about 2.3 hours on 2 cores (42 s a game). Run it again after
# an interruption: each budget's match resumes from its games file, finished budgets cost
# nothing. At 10,000 nodes only the doubling is played; the removals' point there is
# elo-worth-engine.toml's removal table.
set -euo pipefail
cd "$(dirname "$0")/.."
ablate=${ABLATE:-target/release/ablate}
jobs=${JOBS:-2}
out=results/budget-ladder
play() { # budget games [--variant NAME]...
    local nodes=$1 games=$2
    shift 2
    "$ablate" match --config configs/budget-ladder.toml --nodes "$nodes" --games "$games" \
        --adjudicate draw=40,10,8 resign=1000,4 --jobs "$jobs" --quiet "$@" \
        --out "$out/nodes-$nodes.games.csv"
}
play 5000 400
play 10000 400 --variant double
play 20000 400
play 40000 400
deep=(--variant no_lmr --variant no_null_move --variant double)
play 80000 200 "${deep[@]}"
play 160000 200 "${deep[@]}"
play 320000 200 "${deep[@]}"
play 640000 200 "${deep[@]}"

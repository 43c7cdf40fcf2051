#!/usr/bin/env python3
"""Measures, for an external engine's side of committed node-limited games, the depth it last
finished beside the depth a match records (its last `info depth` line), by replaying the games.

A match records the depth of the last `info depth` line an engine sends before `bestmove`.
ablate's own search sends its last finished iteration; Stockfish, stopped by `go nodes` in the
middle of an iteration, sends one more line for the iteration it was stopped in (search.cpp at
sf_15.1, lines 424-426, at that depth once its first root move has a score in it, line 1842).
So the recorded depths of the two do not count alike. This replays the side's moves through one
process, in the file's order, with the commands `ablate match` sends (as
replay-engine-side.py --history does, whose engine handling it uses), keeps every `info depth`
line of each search, and takes as finished the depth of the line before the last: the last
line a node-limited search sends is the one for the iteration the limit stopped.

Each move must come out as recorded (the replay is checked, as the engine is deterministic on
one thread under a node limit); the summary is over the moves after move 10, as a report's
depth table counts them.

Usage: scripts/engine-finished-depth.py GAMES_CSV [--side NAME|points] [--games N] [--out CSV]
  GAMES_CSV  a node-limited match's or design's games (its manifest beside it, .json)
  --side     the player, or `points` for every player but the one each pairing plays (a
             design's points together) [default: that one, a design's corner]
  --games    replay only the file's first N games [default: all]
  --out      also write one row per move: game, move number, recorded depth, finished depth
Exit status 1 when a move differs from the record or does not come.

Example (docs/stockfish.md, the full engine at 25,000 nodes a move):
  scripts/engine-finished-depth.py results/engines/stockfish-25k.games.csv --games 200
  scripts/engine-finished-depth.py results/engines/stockfish-25k.games.csv --games 200 --side points
"""
import argparse
import csv
import importlib.util
import json
import pathlib
import queue
import statistics
import sys

OPENING_MOVES = 10  # src/stats/depth_profile.rs: depths are counted after move 10

_spec = importlib.util.spec_from_file_location(
    "replay_engine_side", pathlib.Path(__file__).with_name("replay-engine-side.py"))
replay = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(replay)


def search(engine, position, go, timeout):
    """(bestmove, the depth of every `info depth` line in order) of one search."""
    engine.ready()
    engine.send(position)
    engine.send(go)
    depths = []
    while True:
        try:
            line = engine.lines.get(timeout=timeout)
        except queue.Empty:
            return None, depths
        words = line.split()
        if words[:2] == ["info", "depth"] and "currmove" not in words:
            depths.append(int(words[2]))
        elif words[:1] == ["bestmove"]:
            return words[1], depths


def side_moves(engine, go, row, side, timeout):
    """[(move number, recorded depth, finished depth)] of `side`'s moves in `row`, or exits
    when a move differs from the record."""
    engine.send("ucinewgame")
    fen, moves = row["fen"], row["moves"].split()
    white_first = fen.split()[1] == "w"
    first_move = int(fen.split()[5])
    first = 0 if white_first == (side == row["white"]) else 1
    out = []
    for ply in range(first, len(moves), 2):
        position = f"position fen {fen}" + (" moves " + " ".join(moves[:ply]) if ply else "")
        best, depths = search(engine, position, go, timeout)
        if best != moves[ply]:
            sys.exit(f"{row['variant']} pair {row['pair']} game {row['game']}, ply {ply}: "
                     f"{best} where the game has {moves[ply]}")
        move_number = first_move + (ply + (0 if white_first else 1)) // 2
        finished = depths[-2] if len(depths) >= 2 else 0
        out.append((move_number, depths[-1] if depths else 0, finished))
    return out


def percentiles(values):
    """The median and the 10th and 90th percentiles."""
    deciles = statistics.quantiles(values, n=10, method="inclusive")
    return statistics.median(values), deciles[0], deciles[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games")
    ap.add_argument("--side")
    ap.add_argument("--games", dest="count", type=int)
    ap.add_argument("--out")
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    manifest_path = args.games.removesuffix(".csv") + ".json"
    manifest = json.load(open(manifest_path))
    limit = manifest["limit"].split()
    if limit[0] != "nodes":
        sys.exit(f"{manifest_path}: limit {manifest['limit']!r}; only node-limited games replay here")
    go = f"go nodes {limit[1]}"
    opponent = manifest["pairings"][0][1]
    with open(args.games, newline="") as f:
        rows = list(csv.DictReader(f))
    rows = rows[: args.count] if args.count else rows
    side = args.side or opponent
    # Each player its own process, kept from game to game as ablate's engine pool keeps it.
    engines = {}
    moves = []
    for n, row in enumerate(rows):
        players = [p for p in (row["white"], row["black"])
                   if (p != opponent if side == "points" else p == side)]
        for player in players:
            if player not in engines:
                spec = replay.engine_of(manifest, player, manifest_path)
                engines[player] = replay.Engine(spec["command"], spec.get("options", {}))
            for m in side_moves(engines[player], go, row, player, args.timeout):
                moves.append((n, *m))
        if (n + 1) % 50 == 0:
            print(f"{n + 1} games replayed as recorded", file=sys.stderr, flush=True)
    for engine in engines.values():
        engine.send("quit")
    if args.out:
        with open(args.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["game", "move_number", "recorded_depth", "finished_depth"])
            w.writerows(moves)
    later = [m for m in moves if m[1] > OPENING_MOVES]
    if not later:
        sys.exit("no move after move 10")
    recorded = percentiles([m[2] for m in later])
    finished = percentiles([m[3] for m in later])
    unfinished = sum(m[2] > m[3] for m in later) / len(later)
    who = "the points together" if side == "points" else side
    print(f"{who}, {go}: {len(moves)} moves of the file's first {len(rows)} games replayed as "
          f"recorded; {len(later)} after move {OPENING_MOVES}")
    print(f"  recorded depth (its last info depth): median {recorded[0]:g} ({recorded[1]:g}-{recorded[2]:g})")
    print(f"  last finished iteration:              median {finished[0]:g} ({finished[1]:g}-{finished[2]:g})")
    print(f"  recorded depth an unfinished iteration's: {100 * unfinished:.1f}% of those moves")


if __name__ == "__main__":
    main()

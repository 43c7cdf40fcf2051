#!/usr/bin/env python3
"""Measures, for an external engine's side of committed node-limited games, the depth it last
finished beside the depth a match records, by replaying the games.

A match records the depth of the last `info depth` line with an exact score (no `lowerbound` or
`upperbound`, MultiPV 1) an engine sends before `bestmove` (src/uci/client.rs). ablate's own
search sends its last finished iteration. Stockfish, stopped by `go nodes` in the middle of an
iteration, sends one more line for the iteration it was stopped in, at that iteration's depth
(search.cpp at sf_15.1, lines 424-426): exact when the first root move's score there held its
aspiration window, a bound when it did not, and then the record is the finished iteration's.
So the recorded depths of the two do not always count alike.

This replays each side's moves through a process of its own, in the file's order, with the
commands `ablate match` sends (using replay-engine-side.py's engine handling), keeps every
`info depth` line of each search, and reads for each move: the depth the match recorded (as the
match reads it), and the depth last finished. A search the node limit stopped ends on the
stopped iteration's line, so the finished depth is the line before it; a search that ended
without a stop (its last line below the limit, as when Stockfish finds a mate and iterates to
its deepest ply) finished its last line.

Each move must come out as recorded (the replay is checked, as the engine is deterministic on
one thread under a node limit); the summary is over the moves after move 10, as a report's
depth table counts them, with its percentiles.

Usage: scripts/engine-finished-depth.py GAMES_CSV [--side NAME|points] [--games N] [--stride S]
                                        [--out CSV]
  GAMES_CSV  a node-limited match's or design's games (its manifest beside it, .json)
  --side     the player, or `points` for every player but the one each pairing plays (a
             design's points together) [default: that one, a design's corner]
  --games    only the file's first N games [default: all]
  --stride   of those, every S-th game, so that a sample spans the file's openings [default: 1]
  --out      also write one row per move: game, move number, recorded depth, finished depth
Exit status 1 when a move differs from the record or does not come, or a depth read as the
match reads it differs from the games' PGN notes.

Example (docs/stockfish.md, the 25,000-node design's first 3,200 games, every 16th):
  scripts/engine-finished-depth.py results/engines/stockfish-25k.games.csv --games 3200 --stride 16
  scripts/engine-finished-depth.py results/engines/stockfish-25k.games.csv --games 3200 --stride 16 --side points
"""
import argparse
import csv
import importlib.util
import json
import pathlib
import queue
import re
import statistics
import sys

OPENING_MOVES = 10  # src/stats/depth_profile.rs: depths are counted after move 10

_spec = importlib.util.spec_from_file_location(
    "replay_engine_side", pathlib.Path(__file__).with_name("replay-engine-side.py"))
replay = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(replay)


def search(engine, position, go, timeout):
    """(bestmove, [(depth, nodes, exact)] of every `info depth` line in order) of one search;
    `exact` is a line the match would record: a score without a bound, MultiPV 1."""
    engine.ready()
    engine.send(position)
    engine.send(go)
    lines = []
    while True:
        try:
            line = engine.lines.get(timeout=timeout)
        except queue.Empty:
            return None, lines
        words = line.split()
        if words[:2] == ["info", "depth"] and "currmove" not in words:
            nodes = int(words[words.index("nodes") + 1]) if "nodes" in words else 0
            multipv = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
            exact = ("score" in words and "lowerbound" not in words
                     and "upperbound" not in words and multipv == 1)
            lines.append((int(words[2]), nodes, exact))
        elif words[:1] == ["bestmove"]:
            return words[1], lines


def depths_of(lines, limit):
    """(the depth the match records, the depth last finished) of one search's lines."""
    recorded = next((d for d, _, exact in reversed(lines) if exact), 0)
    if not lines:
        return 0, 0
    last_depth, last_nodes, _ = lines[-1]
    if last_nodes < limit:
        # No stop: the search ended by itself, its last line a finished iteration's.
        return recorded, last_depth
    return recorded, lines[-2][0] if len(lines) >= 2 else 0


def pgn_depths(path):
    """Each game's depth per ply, from the `{score/depth nodes}` notes of the PGN beside the
    games (`None` without it), in the file's order."""
    try:
        text = open(path).read()
    except FileNotFoundError:
        return None
    games = text.split("[Event ")[1:]
    return [[int(d) for d in re.findall(r"\{[^/}]*/(\d+)", g)] for g in games]


def side_moves(engine, go, limit, row, side, timeout):
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
        best, lines = search(engine, position, go, timeout)
        if best != moves[ply]:
            sys.exit(f"{row['variant']} pair {row['pair']} game {row['game']}, ply {ply}: "
                     f"{best} where the game has {moves[ply]}")
        move_number = first_move + (ply + (0 if white_first else 1)) // 2
        out.append((move_number, *depths_of(lines, limit)))
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
    ap.add_argument("--stride", type=int, default=1)
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
    rows = list(enumerate(rows))
    rows = rows[: args.count] if args.count else rows
    rows = rows[:: max(args.stride, 1)]
    notes = pgn_depths(args.games.removesuffix(".csv") + ".pgn")
    checked = agreed = 0
    side = args.side or opponent
    # Each player its own process, kept from game to game as ablate's engine pool keeps it.
    engines = {}
    moves = []
    for n, (index, row) in enumerate(rows):
        players = [p for p in (row["white"], row["black"])
                   if (p != opponent if side == "points" else p == side)]
        for player in players:
            if player not in engines:
                spec = replay.engine_of(manifest, player, manifest_path)
                engines[player] = replay.Engine(spec["command"], spec.get("options", {}))
            white_first = row["fen"].split()[1] == "w"
            first = 0 if white_first == (player == row["white"]) else 1
            got = side_moves(engines[player], go, int(limit[1]), row, player, args.timeout)
            for k, m in enumerate(got):
                moves.append((index, *m))
                if notes is not None and first + 2 * k < len(notes[index]):
                    checked += 1
                    agreed += notes[index][first + 2 * k] == m[1]
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
    print(f"{who}, {go}: {len(moves)} moves of {len(rows)} games replayed as recorded; "
          f"{len(later)} after move {OPENING_MOVES}")
    print(f"  depth recorded (the match's):  median {recorded[0]:g} ({recorded[1]:g}-{recorded[2]:g})")
    print(f"  last finished iteration:       median {finished[0]:g} ({finished[1]:g}-{finished[2]:g})")
    print(f"  recorded above the finished depth in {100 * unfinished:.1f}% of those moves")
    if notes is not None:
        print(f"  the depth recorded as the PGN's notes give it: {agreed} of {checked} moves")
        if agreed != checked:
            # The record is read otherwise than the match read it: the figures above mean nothing.
            sys.exit("the depths read here differ from the games' notes")


if __name__ == "__main__":
    main()

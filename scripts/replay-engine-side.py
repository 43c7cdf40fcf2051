#!/usr/bin/env python3
"""Replays one side of a committed game against an external engine, with the commands
`ablate match` sent it, to ask whether a fault (a stall past the engine timeout, a crash) is the
engine's search in that position or something of the machine's.

The side's engine is started as the game's manifest records it (command and options), probed
with `go nodes N` from the initial position as ablate probes it before play, told
`ucinewgame`, and then given, for each of its moves, `isready`, `position fen F moves ...` and
`go` with the game's limit: on one thread, under a node or depth limit, a deterministic engine
plays the recorded moves again. The first move that differs, or that takes longer than
--timeout seconds, is printed and ends the replay.

Usage: scripts/replay-engine-side.py GAMES_CSV VARIANT PAIR GAME [--side NAME] [--timeout S]
  GAMES_CSV  a designed or plain match's games (its manifest beside it, .json)
  VARIANT    the game's variant column (a design point: its factors, comma-separated)
  PAIR GAME  the game's pair and game columns
  --side     the player to replay [default: the one whose fault ended the game, else white]
  --timeout  seconds to wait for each bestmove [default: 60]
Exit status 1 when a move differs or does not come. Clock games are refused: their moves
depend on the machine's speed and do not replay.

Example (docs/stockfish.md, the 25,000-node run's one fault):
  scripts/replay-engine-side.py results/engines/stockfish-25k.games.csv \\
    no_reverse_futility,no_probcut,no_move_count_pruning,no_see_pruning,no_parent_futility,no_singular_extension,no_lmr 2 1
"""
import argparse
import csv
import json
import queue
import subprocess
import sys
import threading
import time


def find_game(path, variant, pair, game):
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["variant"] == variant and int(row["pair"]) == pair and int(row["game"]) == game:
                return row
    sys.exit(f"{path}: no game of variant {variant!r}, pair {pair}, game {game}")


def engine_of(manifest, name, path):
    for v in manifest["variants"]:
        if v["name"] == name:
            if not v.get("engine"):
                sys.exit(f"{path}: {name} is ablate's own search, not an external engine")
            return v["engine"]
    sys.exit(f"{path}: no variant {name!r} in the manifest")


class Engine:
    def __init__(self, command, options):
        self.p = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        self.until("uciok", 10)
        for name, value in options.items():
            self.send(f"setoption name {name} value {value}")
        self.ready()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line)

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def until(self, word, timeout):
        """The first line starting with `word` within `timeout` seconds, else None."""
        end = time.time() + timeout
        while (left := end - time.time()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line.startswith(word):
                return line.strip()
        return None

    def ready(self):
        self.send("isready")
        if self.until("readyok", 30) is None:
            sys.exit("no readyok within 30 s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games")
    ap.add_argument("variant")
    ap.add_argument("pair", type=int)
    ap.add_argument("game", type=int)
    ap.add_argument("--side")
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    manifest_path = args.games.removesuffix(".csv") + ".json"
    manifest = json.load(open(manifest_path))
    limit = manifest["limit"].split()
    if limit[0] not in ("nodes", "depth"):
        sys.exit(f"{manifest_path}: limit {manifest['limit']!r}; only node and depth limits replay")
    go = f"go {limit[0]} {limit[1]}"
    row = find_game(args.games, args.variant, args.pair, args.game)
    side = args.side
    if side is None:
        faulted = row["termination"].split(": ")
        side = faulted[1] if len(faulted) > 2 and faulted[1] in (row["white"], row["black"]) else row["white"]
    if side not in (row["white"], row["black"]):
        sys.exit(f"{side!r} did not play this game ({row['white']} against {row['black']})")
    spec = engine_of(manifest, side, manifest_path)
    engine = Engine(spec["command"], spec.get("options", {}))
    # ablate's probe before play: go nodes from the initial position.
    if limit[0] == "nodes":
        engine.send("position startpos")
        engine.send(f"go nodes {limit[1]}")
        engine.until("bestmove", args.timeout)
    engine.send("ucinewgame")
    engine.ready()
    fen, moves = row["fen"], row["moves"].split()
    white_first = fen.split()[1] == "w"
    first = 0 if white_first == (side == row["white"]) else 1
    print(f"{side} ({'white' if side == row['white'] else 'black'}): {row['termination']}")
    bad = replayed = 0
    for ply in range(first, len(moves) + 1, 2):
        engine.ready()
        engine.send(f"position fen {fen}" + (" moves " + " ".join(moves[:ply]) if ply else ""))
        started = time.time()
        engine.send(go)
        best = engine.until("bestmove", args.timeout)
        took = time.time() - started
        recorded = moves[ply] if ply < len(moves) else "(the game ended here)"
        if best is None:
            print(f"ply {ply}: no bestmove within {args.timeout:.0f} s (recorded {recorded})")
            bad += 1
            break
        played = best.split()[1]
        if ply == len(moves):
            print(f"ply {ply}: {played} after {took:.2f} s, where the game ended ({row['termination']})")
            break
        elif played != recorded:
            # The engine's own later positions are not the game's any more: stop here.
            print(f"ply {ply}: {played} after {took:.2f} s; recorded {recorded}")
            bad += 1
            break
        replayed += 1
    engine.send("quit")
    print(f"{replayed} moves replayed as recorded, {bad} differ or did not come")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

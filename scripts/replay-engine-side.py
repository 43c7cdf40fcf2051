#!/usr/bin/env python3
"""Replays one side of a committed game against an external engine, with the commands
`ablate match` sends it, to ask whether a fault (a stall past the engine timeout, a crash) is
the engine's search in that position or something of the machine's.

The side's engine is started as the game's manifest records it (command and options), told
`ucinewgame`, and then given, for each of its moves, `isready`, `position fen F moves ...` and
`go` with the game's limit: on one thread, under a node or depth limit, a deterministic engine
plays the recorded moves again. The first move that differs, or that takes longer than
--timeout seconds, is printed and ends the replay.

ablate keeps an engine's process from game to game (its engine pool), so the process that
faulted had played the run's earlier games first. With --history the same process first plays
every earlier game of the file in which the side played, in the file's order (a run played with
--jobs 1 in one sitting plays in that order), each from `ucinewgame`, checking its moves too.
ablate's probe before play (`go nodes` from the initial position) goes to a process of its own,
so no replay sends it.

Usage: scripts/replay-engine-side.py GAMES_CSV VARIANT PAIR GAME [--side NAME] [--timeout S]
                                     [--history]
  GAMES_CSV  a designed or plain match's games (its manifest beside it, .json)
  VARIANT    the game's variant column (a design point: its factors, comma-separated)
  PAIR GAME  the game's pair and game columns
  --side     the player to replay [default: the one whose fault ended the game, else white]
  --timeout  seconds to wait for each bestmove [default: 60]
  --history  first replay every earlier game of the file the side played, in one process
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


def read_games(path, variant, pair, game):
    """Every row of the file, and the index of the game asked for."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for at, row in enumerate(rows):
        if row["variant"] == variant and int(row["pair"]) == pair and int(row["game"]) == game:
            return rows, at
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


def replay(engine, go, row, side, timeout, to_the_end):
    """Plays `side`'s moves of `row` from `ucinewgame`: (moves replayed as recorded, what
    ended the replay or None). With `to_the_end`, also the move asked at the game's last
    position when it was the side's turn (a fault's move)."""
    engine.send("ucinewgame")
    engine.ready()
    fen, moves = row["fen"], row["moves"].split()
    white_first = fen.split()[1] == "w"
    first = 0 if white_first == (side == row["white"]) else 1
    replayed = 0
    last = len(moves) + 1 if to_the_end else len(moves)
    for ply in range(first, last, 2):
        engine.ready()
        engine.send(f"position fen {fen}" + (" moves " + " ".join(moves[:ply]) if ply else ""))
        started = time.time()
        engine.send(go)
        best = engine.until("bestmove", timeout)
        took = time.time() - started
        recorded = moves[ply] if ply < len(moves) else "(the game ended here)"
        if best is None:
            return replayed, f"ply {ply}: no bestmove within {timeout:.0f} s (recorded {recorded})"
        played = best.split()[1]
        if ply == len(moves):
            print(f"ply {ply}: {played} after {took:.2f} s, where the game ended ({row['termination']})")
            break
        if played != recorded:
            # The engine's own later positions are not the game's any more: stop here.
            return replayed, f"ply {ply}: {played} after {took:.2f} s; recorded {recorded}"
        replayed += 1
    return replayed, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games")
    ap.add_argument("variant")
    ap.add_argument("pair", type=int)
    ap.add_argument("game", type=int)
    ap.add_argument("--side")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--history", action="store_true")
    args = ap.parse_args()
    manifest_path = args.games.removesuffix(".csv") + ".json"
    manifest = json.load(open(manifest_path))
    limit = manifest["limit"].split()
    if limit[0] not in ("nodes", "depth"):
        sys.exit(f"{manifest_path}: limit {manifest['limit']!r}; only node and depth limits replay")
    go = f"go {limit[0]} {limit[1]}"
    rows, at = read_games(args.games, args.variant, args.pair, args.game)
    row = rows[at]
    side = args.side
    if side is None:
        faulted = row["termination"].split(": ")
        side = faulted[1] if len(faulted) > 2 and faulted[1] in (row["white"], row["black"]) else row["white"]
    if side not in (row["white"], row["black"]):
        sys.exit(f"{side!r} did not play this game ({row['white']} against {row['black']})")
    spec = engine_of(manifest, side, manifest_path)
    engine = Engine(spec["command"], spec.get("options", {}))
    earlier = [r for r in rows[:at] if side in (r["white"], r["black"])] if args.history else []
    total = 0
    for n, before in enumerate(earlier, 1):
        replayed, ended = replay(engine, go, before, side, args.timeout, False)
        total += replayed
        if ended:
            print(f"earlier game {n} of {len(earlier)} ({before['variant']}, pair {before['pair']}, game {before['game']}): {ended}")
            print(f"{total} moves of {n} earlier games replayed as recorded, 1 differs or did not come")
            sys.exit(1)
        if n % 50 == 0 or n == len(earlier):
            print(f"{n} earlier games, {total} moves replayed as recorded", flush=True)
    print(f"{side} ({'white' if side == row['white'] else 'black'}): {row['termination']}")
    replayed, ended = replay(engine, go, row, side, args.timeout, True)
    engine.send("quit")
    if ended:
        print(ended)
    print(f"{replayed} moves replayed as recorded, {1 if ended else 0} differ or did not come")
    sys.exit(1 if ended else 0)


if __name__ == "__main__":
    main()

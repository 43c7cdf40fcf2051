#!/usr/bin/env bash
# Builds Stockfish 15.1 with one UCI switch per search step (switches.patch beside this file) into
# engines/stockfish/stockfish-switches, and checks it: its bench with every switch on must be the
# tag's, 3467381 nodes. docs/stockfish.md explains each switch.
#
#   engines/stockfish/build-stockfish.sh SOURCE
#
# SOURCE is the sf_15.1 tree: a tarball of it (`git archive` of the tag, with or without a
# --prefix, as ../shared/engines/stockfish-sf_15.1.tar.gz) or a folder holding it (online:
# `git clone --depth 1 --branch sf_15.1 <Stockfish's repository> sf`, then give `sf`).
# The network is not downloaded: Debian's `stockfish` package (15.1) embeds the same net, and
# writes it out on its UCI command `export_net`; its SHA-256 is checked before the build.
# Environment: ARCH (default x86-64-sse41-popcnt), JOBS (default 2), STOCKFISH (the Debian
# binary, default /usr/games/stockfish), OUT (the binary to write).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source="${1:?usage: $0 SOURCE (the sf_15.1 tree: a .tar.gz or a folder)}"
arch="${ARCH:-x86-64-sse41-popcnt}"
jobs="${JOBS:-2}"
debian="${STOCKFISH:-/usr/games/stockfish}"
out="${OUT:-$here/stockfish-switches}"
net=nn-ad9b42354671.nnue
net_sha256=ad9b423546714137916bd38978af6fd68d7b8951bef25ff76bf43da72d6cb786
bench_nodes=3467381

fail() { echo "build-stockfish.sh: $*" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -f "$source" ]; then
  mkdir "$work/tree"
  tar -xzf "$source" -C "$work/tree" || fail "$source: not a .tar.gz of the sf_15.1 tree"
  # `git archive` writes the tree's files at the top, or under one folder with --prefix.
  tree="$work/tree"
  if [ ! -f "$tree/src/search.cpp" ]; then
    tree="$(find "$work/tree" -mindepth 1 -maxdepth 1 -type d | head -n 1)"
  fi
elif [ -d "$source" ]; then
  cp -R "$source" "$work/tree"
  tree="$work/tree"
else
  fail "$source: no such file or folder (expected the sf_15.1 tree, a .tar.gz or a folder)"
fi
[ -f "$tree/src/search.cpp" ] || fail "$source: no src/search.cpp inside; expected the sf_15.1 tree"
grep -q 'Step 8. Futility pruning: child node (~25 Elo)' "$tree/src/search.cpp" \
  || fail "$source: src/search.cpp is not sf_15.1's (its Step 8 comment differs)"

(cd "$tree" && patch -p1 --quiet --forward <"$here/switches.patch") \
  || fail "switches.patch does not apply to $source"

[ -x "$debian" ] || fail "$debian: not found; install Debian's stockfish (apt-get install stockfish), whose embedded net is written out for the build"
# export_net writes the embedded net; the UCI loop reads its commands in turn, so `quit` waits
# for the file to be written.
printf 'uci\nexport_net %s\nisready\nquit\n' "$tree/src/$net" | "$debian" >/dev/null
[ -f "$tree/src/$net" ] || fail "$debian wrote no net on export_net"
got="$(sha256sum "$tree/src/$net" | cut -d' ' -f1)"
[ "$got" = "$net_sha256" ] || fail "the net $debian exported has SHA-256 $got, not $net's $net_sha256"

make -C "$tree/src" -j"$jobs" build ARCH="$arch" >"$work/make.log" 2>&1 \
  || { tail -n 30 "$work/make.log" >&2; fail "make build ARCH=$arch failed (its log's end above)"; }
cp "$tree/src/stockfish" "$out.new"

nodes="$("$out.new" bench 2>&1 | sed -n 's/^Nodes searched *: *//p')"
[ "$nodes" = "$bench_nodes" ] \
  || { rm -f "$out.new"; fail "the patched build's bench searched '$nodes' nodes, not sf_15.1's $bench_nodes: a switch's default changes the search"; }
mv "$out.new" "$out"
echo "built $out: bench $nodes nodes with every switch on, as sf_15.1"

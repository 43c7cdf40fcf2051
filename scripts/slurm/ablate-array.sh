#!/usr/bin/env bash
# Runs one experiment, or one match, as a Slurm job array, one shard per task, then merges the
# shards.
#
#   scripts/slurm/ablate-array.sh [OPTIONS] CONFIG N      submit N shard tasks and a merge job
#   sbatch --array=K scripts/slurm/ablate-array.sh CONFIG N
#                                                         run shard K of N again (recovery)
#   scripts/slurm/ablate-array.sh --match "MATCH OPTIONS" CONFIG N
#                                                         a match: each task runs
#                                     ablate match --config CONFIG MATCH OPTIONS --shard K/N
#   sbatch --array=K scripts/slurm/ablate-array.sh --match "MATCH OPTIONS" CONFIG N
#                                                         run match shard K of N again
#   scripts/slurm/ablate-array.sh --datagen "DATAGEN OPTIONS" CONFIG N
#                                                         training data: each task runs
#                                     ablate datagen --config CONFIG DATAGEN OPTIONS --shard K/N
# Options:
#   --match OPTS    play a match with these `ablate match` options (words split on spaces;
#                   not --out, --pgn, --shard or --jobs, which the script sets); a --depth or
#                   --nodes match merges to the games a local run plays, times aside
#   --datagen OPTS  generate training data with these `ablate datagen` options (the same
#                   words refused); the merged data is the file one local run writes
#   --cpus C        cores per task, each task runs ablate --jobs C   [default: 1]
#   --time T        time limit per task, as sbatch --time            [default: the partition's]
#   --mem M         memory per task, as sbatch --mem                 [default: the partition's]
#   --partition P   the partition                                    [default: the cluster's]
#   --dry-run       check everything and print the sbatch commands without submitting
#
# Run it from the folder you would run ablate from (the repository root, usually): the tasks
# work in that folder, so CONFIG, the suite it names and results/runs/ resolve as they do for
# ablate, and that folder must be on a filesystem every node sees at the same path. Task K
# writes results/runs/<name>.shard-K-of-N.csv (+ .json) and logs to
# results/runs/slurm-<array>_<K>.out; once every task has succeeded a merge job writes
# results/runs/<name>.csv. The binary is $ABLATE, else target/release/ablate beside this script.
# A task stopped by scancel, a time limit or preemption gets SIGTERM: ablate keeps every
# finished row, completes the manifest and exits 143; running it again resumes.
set -euo pipefail

fail() { echo "ablate-array.sh: $*" >&2; exit 2; }

# A match's options (`--match "..."`) or datagen's (`--datagen "..."`), read the same way when
# submitting and in a task.
match=false match_words=() command=match
match_options() {
  match=true
  read -r -a match_words <<< "$1"
  for word in "${match_words[@]}"; do
    case "$word" in
      --out|-o|--pgn|--shard|--jobs|-j|--out=*|--pgn=*|--shard=*|--jobs=*)
        fail "--match \"$1\": $word is set by the script (each task writes its own shard)" ;;
    esac
  done
}
if [ "${1:-}" = --match ] && [ $# -ge 2 ]; then
  match_options "$2"
  shift 2
elif [ "${1:-}" = --datagen ] && [ $# -ge 2 ]; then
  command=datagen
  match_options "$2"
  shift 2
fi

# Task mode: sbatch runs a copy of this script, named slurm_script, with the array index set.
# Both must hold, so a submitting shell that happens to have SLURM_ARRAY_TASK_ID set (inside
# another array task, say) still submits.
if [ "$(basename "$0")" = slurm_script ]; then
  [ -n "${SLURM_ARRAY_TASK_ID:-}" ] \
    || fail "run by sbatch without --array; expected: sbatch --array=K $0 CONFIG N, or run the script itself to submit every shard"
  [ $# -eq 2 ] || fail "expected CONFIG N after the script, got: $*"
  config=$1 shards=$2 k=$SLURM_ARRAY_TASK_ID
  # N comes from the argument, never from SLURM_ARRAY_TASK_COUNT, so that --array=K alone
  # runs shard K of N.
  [[ "$shards" =~ ^[1-9][0-9]*$ ]] || fail "N = \"$shards\"; expected the number of shards"
  [ "$k" -lt "$shards" ] || fail "array index $k is not a shard of $shards (expected 0 to $((shards - 1)))"
  bin=${ABLATE:-./target/release/ablate}
  [ -x "$bin" ] || fail "no ablate binary at $bin (in $PWD); build it (cargo build --release) or set ABLATE"
  if $match; then
    exec "$bin" "$command" --config "$config" "${match_words[@]}" --shard "$k/$shards" \
      --jobs "${SLURM_CPUS_PER_TASK:-1}" --quiet
  fi
  exec "$bin" --config "$config" --shard "$k/$shards" --jobs "${SLURM_CPUS_PER_TASK:-1}" --quiet
fi

usage="usage: ablate-array.sh [--match \"MATCH OPTIONS\" | --datagen \"DATAGEN OPTIONS\"] [--cpus C] [--time T] [--mem M] [--partition P] [--dry-run] CONFIG N"
cpus=1 dry_run=false
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --cpus) cpus=${2:?$usage}; shift 2 ;;
    --time) extra+=(--time="${2:?$usage}"); shift 2 ;;
    --mem) extra+=(--mem="${2:?$usage}"); shift 2 ;;
    --partition) partition=${2:?$usage}; extra+=(--partition="$partition"); shift 2 ;;
    --dry-run) dry_run=true; shift ;;
    --match) match_options "${2:?$usage}"; shift 2 ;;
    --datagen) command=datagen; match_options "${2:?$usage}"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) fail "unknown option $1; $usage" ;;
    *) break ;;
  esac
done
[ $# -eq 2 ] || fail "$usage"
config=$1 shards=$2
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || fail "N = \"$shards\"; expected the number of shards, 1 or more"
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || fail "--cpus $cpus; expected a whole number of cores, 1 or more"

# Everything that can be checked before submitting is checked here, where the user sees it.
here=$(cd "$(dirname "$0")" && pwd)
bin=${ABLATE:-$here/../../target/release/ablate}
[ -x "$bin" ] || fail "no ablate binary at $bin; build it (cargo build --release) or set ABLATE"
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
command -v sbatch >/dev/null || $dry_run || fail "sbatch is not on PATH: is this a Slurm login node?"
# This script never parses TOML: ablate names the outputs.
# ablate reads the config (and a match its options and engines) and names its outputs.
outputs() {
  if $match; then
    "$bin" "$command" --config "$config" "${match_words[@]}" "$@" --print-outputs
  else
    "$bin" --config "$config" "$@" --print-outputs
  fi
}
merged=$(outputs) || fail "ablate refused the config or the options (above)"
# One array merges into one file: a run over several budgets writes one file a budget.
[ "$(printf '%s\n' "$merged" | wc -l)" -eq 1 ] \
  || fail "these options write $(printf '%s\n' "$merged" | wc -l) files ($(echo $merged)); submit one budget at a time (a run of one budget, or --nodes N)"
inputs=()
for k in $(seq 0 $((shards - 1))); do
  inputs+=("$(outputs --shard "$k/$shards")")
done
mkdir -p results/runs 2>/dev/null && [ -w results/runs ] || fail "cannot write results/runs in $PWD"
if command -v sinfo >/dev/null; then
  most=$(sinfo -h ${partition:+-p "$partition"} -o %c 2>/dev/null | tr -d '+' | sort -n | tail -n 1 || true)
  if [ -n "$most" ] && [ "$cpus" -gt "$most" ]; then
    fail "--cpus $cpus, but the largest node${partition:+ of partition $partition} has $most CPUs: the tasks would pend forever"
  fi
fi
name=$(basename "$(basename "$merged" .csv)" .txt)

array_cmd=(sbatch --parsable --array=0-$((shards - 1)) --job-name="ablate-$name" --chdir="$PWD"
  --cpus-per-task="$cpus" --output="$PWD/results/runs/slurm-%A_%a.out" --export=ALL,ABLATE="$bin"
  "${extra[@]}" "$here/ablate-array.sh")
if $match; then
  array_cmd+=("--$command" "${match_words[*]}")
fi
array_cmd+=("$config" "$shards")
merge_line=$(printf '%q ' "$bin" merge "${inputs[@]}" -o "$merged")
if $dry_run; then
  printf '%q ' "${array_cmd[@]}"; echo
  echo "sbatch --dependency=afterok:<array> --kill-on-invalid-dep=yes --wrap=\"$merge_line\""
  exit 0
fi
array=$("${array_cmd[@]}")
# If a task fails, the merge job is cancelled (not left pending forever).
merge=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
  --job-name="ablate-$name-merge" --chdir="$PWD" --output="$PWD/results/runs/slurm-%j-merge.out" \
  "${extra[@]}" --wrap="$merge_line")
echo "submitted array $array ($shards shards of $name) and merge job $merge -> $merged"
if $match; then
  echo "if task K fails or is cancelled: sbatch --array=K $0 --$command \"${match_words[*]}\" $config $shards"
else
  echo "if task K fails or is cancelled: sbatch --array=K $0 $config $shards"
fi
echo "then merge: $merge_line"

#!/usr/bin/env bash
# Runs one experiment as a Slurm job array, one shard per task, then merges the shards.
#
#   scripts/slurm/ablate-array.sh configs/schaeffer.toml 8      # 8 shards
#
# Submits an array of N tasks; task K runs `ablate --config CONFIG --shard K/N`, writing
# results/runs/<name>.shard-K-of-N.csv. A dependent job merges them into results/runs/<name>.csv once
# every task has succeeded. Build first (cargo build --release) on a shared filesystem.
set -euo pipefail
config=${1:?usage: ablate-array.sh CONFIG SHARDS}
shards=${2:?usage: ablate-array.sh CONFIG SHARDS}
name=$(sed -n 's/^name *= *"\(.*\)".*/\1/p' "$config" | head -n 1)
name=${name:-$(basename "$config" .toml)}
bin=${ABLATE:-./target/release/ablate}
mkdir -p results/runs

if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  # Inside the array: one shard, one thread per allocated core.
  exec "$bin" --config "$config" --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
    --jobs "${SLURM_CPUS_PER_TASK:-1}" --quiet
fi

array=$(sbatch --parsable --array=0-$((shards - 1)) --job-name="ablate-$name" \
  --cpus-per-task="${CPUS:-4}" --output="results/runs/slurm-%A_%a.out" "$0" "$config" "$shards")
inputs=$(for k in $(seq 0 $((shards - 1))); do printf 'results/runs/%s.shard-%d-of-%d.csv ' "$name" "$k" "$shards"; done)
sbatch --dependency=afterok:"$array" --job-name="ablate-$name-merge" --output="results/runs/slurm-%j-merge.out" \
  --wrap="$bin merge $inputs -o results/runs/$name.csv"
echo "submitted array $array ($shards shards) and its merge job"

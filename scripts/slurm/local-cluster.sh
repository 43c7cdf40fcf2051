#!/usr/bin/env bash
# A real single-node Slurm cluster on this machine, without systemd, for the integration test
# and for trying the array script before a real cluster:
#
#   sudo scripts/slurm/local-cluster.sh start     # prints: export SLURM_CONF=...
#   export SLURM_CONF=/tmp/ablate-slurm/slurm.conf
#   sinfo; scripts/slurm/ablate-array.sh configs/ci.toml 3
#   sudo scripts/slurm/local-cluster.sh stop
#
# start installs slurm-wlm and munge when missing (Debian, as root), starts a munged of the
# cluster's own as user munge (its socket in the cluster's folder), then slurmctld and slurmd in the background with a minimal slurm.conf (linuxproc
# process tracking, no task plugin, cons_tres, no accounting, state and spool under
# $ABLATE_SLURM_DIR, default /tmp/ablate-slurm; the node's CPUs from nproc), and waits until
# the node is idle. stop ends exactly the daemons start started, by the PID files it wrote.
#
# Several clusters may run on one machine (a shared build host, CI beside another job): each
# has its own folder ($ABLATE_SLURM_DIR), its own name ($ABLATE_SLURM_CLUSTER, default
# "ablate-" and the folder's name) and its own controller and node ports, free ones found at
# start. Readiness asks the controller its conf names for the cluster's name, and checks that
# the daemons this start started are alive, so that another cluster's idle node is never taken
# for this one's.
set -euo pipefail
dir=${ABLATE_SLURM_DIR:-/tmp/ablate-slurm}
conf=$dir/slurm.conf
name=${ABLATE_SLURM_CLUSTER:-ablate-$(basename "$dir" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9\n' '-' | cut -c1-30)}

die() { echo "local-cluster.sh: $*" >&2; exit 1; }

stop_pid() { # name pidfile
  local pid
  [ -f "$2" ] || return 0
  pid=$(cat "$2")
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    echo "stopped $1 (pid $pid)"
  fi
  rm -f "$2"
}

start() {
  [ "$(id -u)" = 0 ] || die "start needs root (it installs packages and runs slurmd, which starts jobs as their users)"
  if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    echo "installing slurm-wlm and munge"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null \
      || die "could not install slurm-wlm and munge"
  fi
  mkdir -p "$dir/state" "$dir/spool"
  # munge: one key shared by the daemons and the clients (all on this host).
  if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key
  fi
  chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
  # Each cluster has a munged of its own, on a socket in its folder (slurm.conf's AuthInfo
  # points the daemons and clients at it): two clusters started at once never race for the
  # host's /run/munge socket, and stop never stops another cluster's munged.
  chmod 755 "$dir"
  install -d -o munge -g munge -m 755 "$dir/munge"
  if ! [ -f "$dir/munge/munged.pid" ] || ! kill -0 "$(cat "$dir/munge/munged.pid")" 2>/dev/null; then
    runuser -u munge -- munged --force --socket="$dir/munge/munge.socket.2" \
      --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
      --seed-file="$dir/munge/munged.seed" \
      || die "munged did not start (log: $dir/munge/munged.log)"
  fi
  if [ -f "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
    die "a cluster already runs from $dir (slurmctld pid $(cat "$dir/slurmctld.pid")); stop it first, or give another ABLATE_SLURM_DIR"
  fi
  local host cpus memory ctld_port node_port
  host=$(hostname -s)
  # Two free TCP ports on this machine, asked of the kernel.
  read -r ctld_port node_port < <(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
[x.bind(("", 0)) for x in s]
print(*[x.getsockname()[1] for x in s])')
  cpus=$(nproc)
  memory=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
  cat > "$conf" <<EOF
# Written by scripts/slurm/local-cluster.sh: one node, this machine.
ClusterName=$name
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket.2
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
KillWait=10
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$conf
  # -D: stay in the foreground (no systemd), backgrounded here; -i: ignore old state.
  if ! [ -f "$dir/slurmctld.pid" ] || ! kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
    slurmctld -D -i -f "$conf" >>"$dir/slurmctld.out" 2>&1 &
    echo $! > "$dir/slurmctld.pid"
  fi
  if ! [ -f "$dir/slurmd.pid" ] || ! kill -0 "$(cat "$dir/slurmd.pid")" 2>/dev/null; then
    slurmd -D -f "$conf" >>"$dir/slurmd.out" 2>&1 &
    echo $! > "$dir/slurmd.pid"
  fi
  local state="" answered=""
  for _ in $(seq 60); do
    # Our daemons, not another cluster's: both still alive, and the controller at our port
    # answering with our cluster's name.
    for daemon in slurmctld slurmd; do
      if ! kill -0 "$(cat "$dir/$daemon.pid")" 2>/dev/null; then
        tail -n 20 "$dir/$daemon.out" "$dir/$daemon.log" >&2 2>/dev/null || true
        die "$daemon exited at start (logs in $dir)"
      fi
    done
    answered=$(scontrol show config 2>/dev/null | awk '$1 == "ClusterName" { print $3 }' || true)
    if [ "$answered" = "$name" ]; then
      state=$(sinfo -h -N -o %t 2>/dev/null | head -n 1 || true)
      case "$state" in idle|mix|alloc) break ;; esac
    fi
    sleep 0.5
  done
  if [ "$answered" != "$name" ]; then
    die "the controller at port $ctld_port answers as cluster \"${answered:-nothing}\", not \"$name\"; logs in $dir"
  fi
  case "${state:-}" in
    idle|mix|alloc) ;;
    *) tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
       die "the node did not come up (state \"${state:-none}\"); logs in $dir" ;;
  esac
  echo "Slurm is up: cluster $name, node $host, $cpus CPUs, partition local, controller port $ctld_port"
  echo "export SLURM_CONF=$conf"
}

stop() {
  stop_pid slurmd "$dir/slurmd.pid"
  stop_pid slurmctld "$dir/slurmctld.pid"
  stop_pid munged "$dir/munge/munged.pid"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: local-cluster.sh start|stop" >&2; exit 2 ;;
esac

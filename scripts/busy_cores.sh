#!/usr/bin/env bash
# Runs a command while busy loops hold the machine's cores (one loop a core, at least two),
# to show that no test depends on when the scheduler, a timer or a paint gets round to it.
# The loops end when the command does, however it ends; each also ends by itself if this
# script is killed outright.
#
#   scripts/busy_cores.sh make test
#   BUSY_LOOPS=2 scripts/busy_cores.sh scripts/integration.sh .build/debug Tests/integration/web/test_web.py
set -u
if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARG...]: runs COMMAND with every core held by a busy loop (BUSY_LOOPS, default: the cores, at least 2)" >&2
  exit 64
fi
loops=${BUSY_LOOPS:-$(nproc)}
[ "$loops" -ge 2 ] 2>/dev/null || loops=2
self=$$
pids=()
stop() {
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null
  wait "${pids[@]}" 2>/dev/null
  pids=()
}
trap stop EXIT
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
for _ in $(seq "$loops"); do
  # `kill -0` is a shell builtin: the loop stays busy and notices when this script is gone.
  ( while kill -0 "$self" 2>/dev/null; do :; done ) &
  pids+=($!)
done
echo "busy_cores: $loops busy loops (pids ${pids[*]}) while: $*" >&2
"$@"
status=$?
stop
exit $status

#!/usr/bin/env bash
# Viewer benchmark: how long until the first table appears when `lttbench view` opens a big trace, and whether the
# UI stays responsive meanwhile (the UI thread's event-loop lateness while the analyses run in the background).
# For scale, the same trace through `babeltrace2 -o dummy` and `lttbench dump --count`, in the same run.
#
#   releng/bench/view-bench.sh [TRACE...]
#
# Without TRACE, generates a 10-million-event kernel trace of a busy machine (the test bundle's kernel trace
# writer, as releng/bench/process-throughput does) under org.lttbench.tests/target/bench/, never committed; with
# LTTBENCH_BENCH_UST=1, records a 10-million-event LTTng-UST trace instead (the burst workload into a blocking
# channel, so nothing is lost). Needs the build (./mvnw -DskipTests verify), babeltrace2 and xvfb-run (and
# lttng-sessiond for the UST trace).
set -euo pipefail
repo=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
cd "$repo"
java_home=$(releng/scripts/find-jdk)
ui=$(ls org.lttbench.ui/target/org.lttbench.ui-*.jar 2>/dev/null | head -n1 || true)
[ -n "$ui" ] || { echo "view-bench: build first: JAVA_HOME=\$(releng/scripts/find-jdk) ./mvnw -q -DskipTests verify" >&2; exit 4; }
lib=org.lttbench.ui/target/lib
events=${LTTBENCH_BENCH_EVENTS:-10000000}
work="$repo/org.lttbench.tests/target/bench"
mkdir -p "$work"

traces=("$@")
if [ ${#traces[@]} -eq 0 ] && [ -z "${LTTBENCH_BENCH_UST:-}" ]; then
    traces=("$(releng/bench/busy-machine-trace "$events")")
elif [ ${#traces[@]} -eq 0 ]; then
    out="$work/ust-burst-$events"
    if [ ! -f "$out/.complete" ]; then
        burst="$repo/releng/workloads/target/bin/burst"
        [ -x "$burst" ] || make --no-print-directory -C releng/workloads >/dev/null
        session="views-bench-$$"
        rm -rf "$out"
        trap 'lttng destroy "$session" >/dev/null 2>&1 || true' EXIT
        lttng create "$session" --output="$out" >/dev/null
        # Blocking: the application waits for the consumer instead of discarding, so all events are kept.
        lttng enable-channel --userspace --blocking-timeout=inf --subbuf-size=4M --num-subbuf=8 bench >/dev/null
        lttng add-context --userspace --channel=bench --type=vpid --type=vtid --type=procname >/dev/null
        lttng enable-event --userspace --channel=bench 'lttbench_burst:*' >/dev/null
        lttng start "$session" >/dev/null
        LTTNG_UST_ALLOW_BLOCKING=1 "$burst" --events "$events" --payload 16
        lttng stop "$session" >/dev/null
        lttng destroy "$session" >/dev/null
        trap - EXIT
        touch "$out/.complete"
    fi
    traces=("$out")
fi

echo "== trace: ${traces[*]} ($(du -sh "${traces[@]}" | awk '{print $1}' | paste -sd+))"
echo "== lttbench dump --count (reading speed)"
/usr/bin/time -f "%e s elapsed, %U s user, %M KiB max RSS" ./lttbench dump --count "${traces[@]}"
echo "== babeltrace2 -o dummy (reference decoder)"
/usr/bin/time -f "%e s elapsed, %U s user, %M KiB max RSS" babeltrace2 -o dummy "${traces[@]}" 2>&1 | grep -v '^W ' || true
echo "== lttbench view (under Xvfb)"
xvfb-run -a "$java_home/bin/java" ${LTTBENCH_JAVA_OPTS:-} -cp "$ui:$lib/*" \
    releng/bench/ViewerBench.java "${traces[@]}" 2>&1 | grep -v 'SessionManagerDBus'

"""Checks a calibration run (lttbench calibrate --out DIR) against babeltrace2.

For each sweep point: the events of the workload's provider and the discarded-event and discarded-packet counts that
babeltrace2 reads from the trace must equal what the report says; then prints, per point, the workload's direct
overhead per event (traced - untraced CPU ns per iteration) beside the estimate from the trace alone.
Run with /usr/bin/python3 (python3-bt2)."""
import glob
import json
import os
import sys

import bt2

PROVIDER = "lttbench_calibrate:"


def count(trace_dirs):
    events = discarded = lost_packets = 0
    for msg in bt2.TraceCollectionMessageIterator(trace_dirs):
        if type(msg) is bt2._EventMessageConst:
            if msg.event.name.startswith(PROVIDER):
                events += 1
        elif type(msg) is bt2._DiscardedEventsMessageConst:
            discarded += msg.count or 0
        elif type(msg) is bt2._DiscardedPacketsMessageConst:
            lost_packets += msg.count or 0
    return events, discarded, lost_packets


def main(out):
    with open(os.path.join(out, "calibration.json")) as f:
        report = json.load(f)
    rows = report["calibration_tracing"]
    points = sorted(glob.glob(os.path.join(out, "[0-9][0-9]-*")))
    if len(points) != len(rows):
        sys.exit(f"{len(points)} point directories but {len(rows)} report rows")
    bad = 0
    print(f"{'config':24} {'direct ns':>10} {'est ns':>8} {'est/dir':>8} {'lost':>7}   babeltrace2 counts")
    for row, point in zip(rows, points):
        if not point.endswith(row["config"]):
            sys.exit(f"report row {row['config']} does not match directory {point}")
        traces = sorted({os.path.dirname(p) for p in glob.glob(os.path.join(point, "trace", "**", "metadata"), recursive=True)})
        events, discarded, lost = count(traces)
        same = (events, discarded, lost) == (row["captured"], row["discarded"], row["lost_packets"])
        bad += not same
        est = row["est_cost_ns"]
        ratio = row["est_over_direct"]
        print(f"{row['config']:24} {row['overhead_ns']:10.1f} {est if est is None else round(est, 1)!s:>8} "
              f"{ratio if ratio is None else round(ratio, 3)!s:>8} {row['loss_share'] * 100:6.1f}%   "
              f"{'same' if same else 'DIFFERENT'}: bt2 {events} events, {discarded} discarded, {lost} lost packets"
              + ("" if same else f" / report {row['captured']}, {row['discarded']}, {row['lost_packets']}"))
    # A speed, so checked here rather than in CalibrationTest: recording an event costs far more (10x) than testing
    # whether an inactive tracepoint is enabled.
    inactive = report["calibration_instrumentation"][1]["cpu_ns_per_iteration"]
    for row in rows:
        if row["cpu_ns_per_iteration"] <= 10 * inactive:
            print(f"{row['config']}: {row['cpu_ns_per_iteration']:.1f} ns per iteration traced, not 10x the inactive "
                  f"tracepoint's {inactive:.1f} ns")
            bad += 1
    if bad:
        sys.exit(f"{bad} traces disagree with babeltrace2 or cost too little")
    print("all traces agree with babeltrace2")


if __name__ == "__main__":
    main(sys.argv[1])

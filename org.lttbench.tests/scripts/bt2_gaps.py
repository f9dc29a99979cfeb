#!/usr/bin/python3
"""Reference figures for the overhead analysis, decoded by babeltrace2 (python3-bt2), computed independently of
LTTbench's code: per tracepoint, its event count and the exact distribution of the gaps that follow its events (to
the same thread's next event in the same trace when that is on the same CPU, none across a discarded-events or
discarded-packets message of that CPU); the losses; and the packets of each stream.

Prints one JSON object:
  {"tracepoints": {NAME: {"count": N, "gaps": G, "p10": X, "p50": X, "p90": X, "min": X, "max": X}},
   "discarded_events": N, "discarded_packets": N,
   "packets": {TRACE_NAME/STREAM_NAME: N}}
Usage: bt2_gaps.py TRACE_DIR...   (exit status 1 and the error on stderr when babeltrace2 fails)
"""
import json
import sys

import bt2


def thread_of(event):
    for ctx in (event.specific_context_field, event.common_context_field):
        if ctx is not None:
            for name in ("tid", "vtid"):
                if name in ctx:
                    return int(ctx[name])
    return None


def cpu_of(packet):
    if packet is None or packet.context_field is None or "cpu_id" not in packet.context_field:
        return -1
    return int(packet.context_field["cpu_id"])


def percentile(sorted_gaps, p):
    # The gap below which a fraction p of the gaps lie (nearest rank).
    return sorted_gaps[min(len(sorted_gaps) - 1, max(0, int(p * len(sorted_gaps))))]


def main(paths):
    counts = {}
    gaps = {}
    last = {}  # (trace, tid) -> (timestamp, tracepoint, cpu, CPU loss epoch)
    stream_cpu = {}  # (trace, stream) -> cpu
    epoch = {}  # (trace, cpu) -> losses seen on that CPU's streams
    discarded_events = discarded_packets = 0
    packets = {}
    try:
        for msg in bt2.TraceCollectionMessageIterator(paths):
            kind = type(msg)
            if kind is bt2._PacketBeginningMessageConst:
                p = msg.packet
                key = "%s/%s" % (p.stream.trace.name, p.stream.name)
                packets[key] = packets.get(key, 0) + 1
                stream_cpu[(p.stream.trace.name, p.stream.name)] = cpu_of(p)
            elif kind is bt2._DiscardedEventsMessageConst or kind is bt2._DiscardedPacketsMessageConst:
                if kind is bt2._DiscardedEventsMessageConst:
                    discarded_events += msg.count or 0
                else:
                    discarded_packets += msg.count or 0
                trace = msg.stream.trace.name
                cpu = stream_cpu.get((trace, msg.stream.name))
                for k in list(epoch):
                    if k[0] == trace and (cpu is None or k[1] == cpu):
                        epoch[k] += 1
            elif kind is bt2._EventMessageConst:
                ev = msg.event
                name = ev.name
                counts[name] = counts.get(name, 0) + 1
                tid = thread_of(ev)
                if tid is None:
                    continue
                trace = ev.stream.trace.name
                cpu = cpu_of(ev.packet)
                e = epoch.setdefault((trace, cpu), 0)
                ts = msg.default_clock_snapshot.ns_from_origin
                key = (trace, tid)
                prev = last.get(key)
                if prev is not None and prev[2] == cpu and prev[3] == e and ts >= prev[0]:
                    gaps.setdefault(prev[1], []).append(ts - prev[0])
                last[key] = (ts, name, cpu, e)
    except Exception as e:  # babeltrace2 errors come as bt2 exceptions with a long cause chain
        sys.stderr.write("babeltrace2 failed: %s\n" % (e,))
        return 1
    result = {"tracepoints": {}, "discarded_events": discarded_events, "discarded_packets": discarded_packets,
              "packets": packets}
    for name, n in counts.items():
        g = sorted(gaps.get(name, []))
        entry = {"count": n, "gaps": len(g)}
        if g:
            entry.update({"p10": percentile(g, 0.1), "p50": percentile(g, 0.5), "p90": percentile(g, 0.9),
                          "min": g[0], "max": g[-1]})
        result["tracepoints"][name] = entry
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

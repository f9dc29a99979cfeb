#!/usr/bin/python3
"""Reference loss counts per stream, from babeltrace2 (python3-bt2), for the tests of the discarded analysis.

Usage: /usr/bin/python3 bt2_losses.py TRACE_DIR...
prints one JSON object: {"streams": [{"trace": DIR, "stream": FILE, "events": N, "discarded_events": N,
"discarded_events_records": N, "discarded_packets": N, "discarded_packets_records": N}, ...]}

Streams are drained one by one, without the muxer, as bt2_dump.py does (babeltrace2 2.0.4's muxer aborts on
traces whose packets overlap in time, such as ust-hello-lost and kernel-scp-*): only the counts are kept.
"""
import collections
import json
import os
import sys

import bt2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bt2_dump  # noqa: E402

KEYS = ["events", "discarded_events", "discarded_events_records", "discarded_packets", "discarded_packets_records"]


def trace_of(stream):
    name = stream.name or ""
    return os.path.dirname(name) if os.path.isabs(name) else ""


class CountingSink(bt2_dump.PortDrain, bt2._UserSinkComponent):
    """Counts per stream."""

    def _handle(self, msg):
        counts = self._out
        if isinstance(msg, bt2._EventMessageConst):
            counts[(trace_of(msg.event.stream), bt2_dump.stream_name(msg.event.stream))]["events"] += 1
        elif isinstance(msg, bt2._StreamBeginningMessageConst):
            counts[(trace_of(msg.stream), bt2_dump.stream_name(msg.stream))]["events"] += 0
        elif isinstance(msg, (bt2._DiscardedEventsMessageConst, bt2._DiscardedPacketsMessageConst)):
            key = "discarded_events" if isinstance(msg, bt2._DiscardedEventsMessageConst) else "discarded_packets"
            c = counts[(trace_of(msg.stream), bt2_dump.stream_name(msg.stream))]
            c[key] += msg.count or 0
            c[key + "_records"] += 1


def main():
    dirs = bt2_dump.trace_dirs(sys.argv[1:])
    if not dirs:
        sys.stderr.write("no CTF trace under %s\n" % " ".join(sys.argv[1:]))
        return 3
    counts = collections.defaultdict(collections.Counter)
    for group in bt2_dump.groups(dirs):
        bt2_dump.dump(group, counts, CountingSink)
    rows = []
    for (trace, stream), c in sorted(counts.items()):
        row = {"trace": trace, "stream": stream}
        row.update({k: c[k] for k in KEYS})
        rows.append(row)
    print(json.dumps({"streams": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

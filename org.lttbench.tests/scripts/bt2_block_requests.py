#!/usr/bin/python3
"""Reference disk request latencies from babeltrace2 (python3-bt2), for the tests of the io analysis.

Usage: /usr/bin/python3 bt2_block_requests.py TRACE_DIR...
prints one JSON object per device and operation:
  {"dev": DEV_T, "op": "read"|"write"|"discard"|"flush"|"other", "requests": N, "total": NS, "min": NS, "max": NS,
   "bytes": B, "queued": N}
and last {"partial": N, "reissued": N, "unmatched": N, "in_flight": N} (how often each rule below applied).

The block_rq_* events are read stream by stream without the muxer (as bt2_dump.py does: babeltrace2 2.0.4's muxer
aborts on traces whose packets overlap in time, such as kernel-scp-*), then put in time order. A request is its device
and first sector from block_rq_issue (issued again while in flight: the same request, its first issue counts) to the
block_rq_complete of its last sectors (a completion of its first sectors leaves the rest in flight; a completion that
starts inside no request in flight is unmatched); block_rq_insert of the same device and sector before its issue gives
its queue time. Requests of device 0 (commands without a disk) are left out. The operation is the rwbs flags'
(lttng-modules' RWBS_FLAG_*: discard 2, write 1, read 4, flush 256, in that order), a size 512 bytes per sector.
"""
import collections
import json
import os
import sys

import bt2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bt2_dump  # noqa: E402

NAMES = ("block_rq_insert", "block_rq_issue", "block_rq_complete")


class BlockSink(bt2_dump.PortDrain, bt2._UserSinkComponent):
    """Keeps the block request events."""

    def _handle(self, msg):
        if isinstance(msg, bt2._EventMessageConst) and msg.event.name in NAMES:
            p = msg.event.payload_field
            self._out.append((msg.default_clock_snapshot.ns_from_origin, msg.event.name, int(p["dev"]),
                              int(p["sector"]), int(p["nr_sector"]), int(p["rwbs"])))


def operation(rwbs):
    if rwbs & 2:
        return "discard"
    if rwbs & 1:
        return "write"
    if rwbs & 4:
        return "read"
    return "flush" if rwbs & 256 else "other"


def main():
    events = []
    for group in bt2_dump.groups(bt2_dump.trace_dirs(sys.argv[1:])):
        bt2_dump.dump(group, events, BlockSink)
    events.sort(key=lambda e: e[0])  # stable: a stream's own order for equal times
    inserted = {}
    flying = collections.defaultdict(dict)  # dev -> first sector -> [end sector, issued, sectors, rwbs, inserted]
    rows = collections.OrderedDict()
    counts = collections.Counter()
    for ts, name, dev, sector, sectors, rwbs in events:
        if dev == 0:
            continue
        if name == "block_rq_insert":
            inserted[(dev, sector)] = ts
        elif name == "block_rq_issue":
            queued = inserted.pop((dev, sector), None)
            if sector in flying[dev]:
                counts["reissued"] += 1
                continue
            flying[dev][sector] = [sector + max(1, sectors), ts, sectors, rwbs, queued]
        else:
            starts = [s for s, r in flying[dev].items() if s <= sector < r[0]]
            if not starts:
                counts["unmatched"] += 1
                continue
            r = flying[dev].pop(starts[0])
            end = sector + max(1, sectors)
            if end < r[0]:
                counts["partial"] += 1
                flying[dev][end] = r
                continue
            row = rows.setdefault((dev, operation(r[3])), {"dev": dev, "op": operation(r[3]), "requests": 0, "total": 0,
                                                           "min": None, "max": None, "bytes": 0, "queued": 0})
            d = ts - r[1]
            row["requests"] += 1
            row["total"] += d
            row["min"] = d if row["min"] is None else min(row["min"], d)
            row["max"] = d if row["max"] is None else max(row["max"], d)
            row["bytes"] += r[2] * 512
            row["queued"] += r[4] is not None
    for row in rows.values():
        print(json.dumps(row))
    counts["in_flight"] = sum(len(f) for f in flying.values())
    print(json.dumps({k: counts[k] for k in ("partial", "reissued", "unmatched", "in_flight")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Decodes a CTF trace with babeltrace2 (python3-bt2) and prints one JSON object per message, for tests that
compare what they wrote, or what our reader read, with the reference decoder.

  {"event": NAME, "ts": NS_FROM_ORIGIN, "cpu": CPU_ID, "context": {...}, "payload": {...}}
  {"discarded_events": COUNT, "begin": NS, "end": NS, "stream": NAME}
  {"discarded_packets": COUNT, "begin": NS, "end": NS, "stream": NAME}

Usage: bt2_events.py TRACE_DIR...   (exit status 1 and the error on stderr when babeltrace2 fails)
"""
import json
import sys

import bt2


def value(field):
    if isinstance(field, bt2._BoolFieldConst):
        return bool(field)
    if isinstance(field, bt2._IntegerFieldConst):
        return int(field)
    if isinstance(field, bt2._RealFieldConst):
        return float(field)
    if isinstance(field, bt2._StringFieldConst):
        return str(field)
    if isinstance(field, bt2._StructureFieldConst):
        return {k: value(v) for k, v in field.items()}
    if isinstance(field, bt2._ArrayFieldConst):
        return [value(v) for v in field]
    if isinstance(field, bt2._VariantFieldConst):
        return {field.cls.option_at_index(field.selected_option_index).name: value(field.selected_option)}
    return str(field)


def cpu_of(packet):
    if packet is None or packet.context_field is None or 'cpu_id' not in packet.context_field:
        return -1
    return int(packet.context_field['cpu_id'])


def snapshot(cs):
    return None if cs is None else cs.ns_from_origin


LOSSES = {bt2._DiscardedEventsMessageConst: "discarded_events", bt2._DiscardedPacketsMessageConst: "discarded_packets"}


def main(paths):
    out = sys.stdout
    try:
        for msg in bt2.TraceCollectionMessageIterator(paths):
            if type(msg) is bt2._EventMessageConst:
                ev = msg.event
                ctx = ev.common_context_field
                out.write(json.dumps({
                    "event": ev.name,
                    "ts": msg.default_clock_snapshot.ns_from_origin,
                    "cpu": cpu_of(ev.packet),
                    "context": value(ctx) if ctx is not None else {},
                    "payload": value(ev.payload_field) if ev.payload_field is not None else {},
                }) + "\n")
            elif type(msg) in LOSSES:
                out.write(json.dumps({
                    LOSSES[type(msg)]: msg.count,
                    "begin": snapshot(msg.beginning_default_clock_snapshot),
                    "end": snapshot(msg.end_default_clock_snapshot),
                    "stream": msg.stream.name,
                }) + "\n")
    except Exception as e:  # babeltrace2 errors come as bt2 exceptions with a long cause chain
        sys.stderr.write("babeltrace2 failed: %s\n" % (e,))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

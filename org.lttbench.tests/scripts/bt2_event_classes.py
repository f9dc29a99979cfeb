#!/usr/bin/python3
"""What each trace declares, as babeltrace2 (python3-bt2) reads its metadata: for the tests that decide, apart from the
command line, whether an analysis applies to a trace.

Usage: /usr/bin/python3 bt2_event_classes.py TRACE_DIR...
prints one JSON object per trace (per CTF trace babeltrace2 finds below the directories given):
  {"trace": NAME, "domain": ENV_DOMAIN or null, "events": [EVENT CLASS NAME, ...]}
The event classes are those of the trace's stream classes (declared in the metadata, whether any event of them was
recorded or not), sorted; read from the stream beginning messages, before the first event or loss message.
"""
import json
import sys

import bt2


def main(paths):
    traces = {}
    try:
        for msg in bt2.TraceCollectionMessageIterator(paths):
            if type(msg) is bt2._StreamBeginningMessageConst:
                stream = msg.stream
                trace = stream.trace
                entry = traces.setdefault(trace.addr, {"trace": str(trace.name), "domain": None, "events": set()})
                if "domain" in trace.environment:
                    entry["domain"] = str(trace.environment["domain"])
                for event_class in stream.cls.values():
                    entry["events"].add(str(event_class.name))
            elif type(msg) is bt2._EventMessageConst:
                break
    except Exception as e:  # babeltrace2 errors come as bt2 exceptions with a long cause chain
        sys.stderr.write("babeltrace2 failed: %s\n" % (e,))
        return 1
    for entry in traces.values():
        entry["events"] = sorted(entry["events"])
        print(json.dumps(entry))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

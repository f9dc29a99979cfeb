#!/usr/bin/python3
"""Reference loss counts per stream, from babeltrace2 (python3-bt2), for the tests of the discarded analysis.

usage: /usr/bin/python3 losses.py TRACE_DIR
prints one JSON object: {"mode": "muxed" | "per-file", "streams": [{"stream": FILE, "events": N,
"discarded_events": N, "discarded_events_records": N, "discarded_packets": N,
"discarded_packets_records": N}, ...]}

The default pipeline (muxer) is used first. babeltrace2 2.0.4's muxer refuses traces whose packets overlap in
time (ust-hello-lost, kernel-scp-*); then each stream file is decoded on its own, its source connected straight to
the counting sink (a copy of the metadata and that one file in a temporary directory).
"""
import collections
import json
import os
import shutil
import sys
import tempfile

import bt2


class Counts:
    def __init__(self):
        self.streams = collections.defaultdict(lambda: collections.Counter())

    def message(self, m, name_of):
        t = type(m)
        if t is bt2._EventMessageConst:
            self.streams[name_of(m.event.stream)]["events"] += 1
        elif t is bt2._DiscardedEventsMessageConst:
            c = self.streams[name_of(m.stream)]
            c["discarded_events"] += m.count or 0
            c["discarded_events_records"] += 1
        elif t is bt2._DiscardedPacketsMessageConst:
            c = self.streams[name_of(m.stream)]
            c["discarded_packets"] += m.count or 0
            c["discarded_packets_records"] += 1
        elif t is bt2._StreamBeginningMessageConst:
            self.streams[name_of(m.stream)]["events"] += 0

    def json(self, mode):
        keys = ["events", "discarded_events", "discarded_events_records", "discarded_packets",
                "discarded_packets_records"]
        rows = []
        for name in sorted(self.streams):
            c = self.streams[name]
            row = {"stream": name}
            row.update({k: c[k] for k in keys})
            rows.append(row)
        return json.dumps({"mode": mode, "streams": rows})


def base_name(stream):
    return os.path.basename(stream.name)


def muxed(trace):
    counts = Counts()
    for m in bt2.TraceCollectionMessageIterator(trace):
        counts.message(m, base_name)
    return counts


class _CountingSink(bt2._UserSinkComponent):
    def __init__(self, config, params, counts):
        self._counts = counts
        self._port = self._add_input_port("in")

    def _user_graph_is_configured(self):
        self._it = self._create_message_iterator(self._port)

    def _user_consume(self):
        self._counts.message(next(self._it), base_name)


def per_file(trace):
    counts = Counts()
    fs = bt2.find_plugin("ctf").source_component_classes["fs"]
    for name in sorted(os.listdir(trace)):
        path = os.path.join(trace, name)
        if name == "metadata" or not os.path.isfile(path) or os.path.getsize(path) == 0:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copy(os.path.join(trace, "metadata"), tmp)
            shutil.copy(path, tmp)
            graph = bt2.Graph()
            src = graph.add_component(fs, "src", params={"inputs": [tmp]})
            sink = graph.add_component(_CountingSink, "sink", obj=counts)
            for port in src.output_ports.values():
                graph.connect_ports(port, sink.input_ports["in"])
            graph.run()
    return counts


def main():
    trace = sys.argv[1]
    try:
        counts, mode = muxed(trace), "muxed"
    except bt2._Error:
        counts, mode = per_file(trace), "per-file"
    print(counts.json(mode))


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Reference records from babeltrace2 (python3-bt2), in the jsonl of `lttbench dump --format jsonl`.

Usage: /usr/bin/python3 bt2_dump.py TRACE_DIR...

Every directory holding a `metadata` file below the arguments is a trace; traces sharing a UUID form one
group (babeltrace2 merges them, e.g. session-rotation chunks), and each group is one `src.ctf.fs` component.
Each output port (one per stream) is drained straight into our sink, without the muxer: babeltrace2 2.0.4's
muxer aborts on real traces whose packets overlap in time, and the comparison is done stream by stream.
Records are printed stream after stream, each stream in babeltrace2's own order.
"""
import json
import os
import sys

import bt2


def trace_dirs(paths):
    found = []
    for p in paths:
        if os.path.isfile(os.path.join(p, 'metadata')):
            found.append(os.path.abspath(p))
            continue
        for root, dirs, files in os.walk(p):
            dirs.sort()
            if 'metadata' in files:
                found.append(os.path.abspath(root))
                dirs[:] = []
    return sorted(found)


def groups(dirs):
    fs = bt2.find_plugin('ctf').source_component_classes['fs']
    by_group = {}
    for d in dirs:
        info = bt2.QueryExecutor(fs, 'babeltrace.support-info', {'input': d, 'type': 'directory'}).query()
        key = info.get('group') or d
        by_group.setdefault(str(key), []).append(d)
    return list(by_group.values())


def value(field):
    if isinstance(field, bt2._EnumerationFieldConst):
        labels = list(field.labels)
        if len(labels) == 1:
            return labels[0]
        return int(field) if not labels else labels
    if isinstance(field, bt2._BoolFieldConst):
        return bool(field)
    if isinstance(field, bt2._IntegerFieldConst):
        return int(field)
    if isinstance(field, bt2._RealFieldConst):
        return float(field)
    if isinstance(field, bt2._StringFieldConst):
        return string(field)
    if isinstance(field, bt2._StructureFieldConst):
        return {name: value(f) for name, f in field.items()}
    if isinstance(field, bt2._VariantFieldConst):
        option = field.cls[field.selected_option_index]
        return {option.name: value(field.selected_option)}
    if isinstance(field, bt2._ArrayFieldConst):
        return [value(f) for f in field]
    raise TypeError('unexpected field type %s' % type(field))


def string(field):
    # babeltrace2 2.0.4 does not reset a reused string field's bytes when the new value is empty (fixed upstream
    # by "Fix: clear_string_field(): set first character to 0"): the value reads as the previous event's. Its
    # length is right, so cut the value to it.
    value = str(field)
    length = len(field)
    raw = value.encode('utf-8', 'surrogateescape')
    if len(raw) != length:
        value = raw[:length].decode('utf-8', 'surrogateescape')
    return value


def stream_name(stream):
    return os.path.basename(stream.name) if stream.name else str(stream.id)


def cpu_of(packet):
    if packet is None or packet.context_field is None or 'cpu_id' not in packet.context_field:
        return -1
    return int(packet.context_field['cpu_id'])


class Sink(bt2._UserSinkComponent):
    def __init__(self, config, params, obj):
        self._out = obj
        self._count = params['count'] if params is not None and 'count' in params else False
        self._iters = []
        for i in range(int(params['ports'])):
            self._add_input_port('in%d' % i)

    def _user_graph_is_configured(self):
        self._iters = [self._create_message_iterator(p) for p in self._input_ports.values()]
        self._current = 0
        self._pending = []

    def _user_consume(self):
        while self._current < len(self._iters):
            try:
                msg = next(self._iters[self._current])
            except StopIteration:
                self._current += 1
                continue
            self._handle(msg)
            return
        raise bt2.Stop

    def _emit(self, obj):
        self._out.write(json.dumps(obj, separators=(',', ':')))
        self._out.write('\n')

    def _handle(self, msg):
        if isinstance(msg, bt2._EventMessageConst):
            ev = msg.event
            context = {}
            for scope in (ev.common_context_field, ev.specific_context_field):
                if scope is not None:
                    context.update(value(scope))
            rec = {'ts': msg.default_clock_snapshot.ns_from_origin, 'name': ev.name,
                   'cpu': cpu_of(ev.packet), 'stream': stream_name(ev.stream),
                   'fields': value(ev.payload_field) if ev.payload_field is not None else {}}
            if context:
                rec['context'] = context
            self._emit(rec)
        elif isinstance(msg, (bt2._DiscardedEventsMessageConst, bt2._DiscardedPacketsMessageConst)):
            # The CPU is the one of the packet that revealed the loss: the next packet beginning.
            key = 'discarded_events' if isinstance(msg, bt2._DiscardedEventsMessageConst) else 'discarded_packets'
            rec = {'ts': msg.beginning_default_clock_snapshot.ns_from_origin,
                   'end': msg.end_default_clock_snapshot.ns_from_origin,
                   key: msg.count, 'stream': stream_name(msg.stream), 'cpu': -1}
            self._pending.append(rec)
        elif isinstance(msg, bt2._PacketBeginningMessageConst):
            for rec in self._pending:
                rec['cpu'] = cpu_of(msg.packet)
                self._emit(rec)
            self._pending = []
        elif isinstance(msg, bt2._StreamEndMessageConst):
            for rec in self._pending:
                self._emit(rec)
            self._pending = []


def dump(group, out, sink_class=None):
    """Drains every stream of the group into the sink (default: Sink, printing to out; bt2_losses.py counts)."""
    fs = bt2.find_plugin('ctf').source_component_classes['fs']
    graph = bt2.Graph()
    src = graph.add_component(fs, 'src', {'inputs': sorted(group)})
    ports = list(src.output_ports.values())
    sink = graph.add_component(sink_class or Sink, 'sink', {'ports': len(ports)}, obj=out)
    for port, inp in zip(ports, sink.input_ports.values()):
        graph.connect_ports(port, inp)
    graph.run()


def main():
    dirs = trace_dirs(sys.argv[1:])
    if not dirs:
        sys.stderr.write('no CTF trace under %s\n' % ' '.join(sys.argv[1:]))
        return 3
    for group in groups(dirs):
        dump(group, sys.stdout)
    return 0


if __name__ == '__main__':
    sys.exit(main())

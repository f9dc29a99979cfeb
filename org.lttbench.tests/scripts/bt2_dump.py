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


def _enumeration(field):
    labels = list(field.labels)
    if len(labels) == 1:
        return labels[0]
    return int(field) if not labels else labels


def _variant(field):
    option = field.cls.option_at_index(field.selected_option_index)
    return {option.name: value(field.selected_option)}


def _converter(kind):
    # The first match wins, as in the order below (an enumeration is also an integer).
    for base, convert in ((bt2._EnumerationFieldConst, _enumeration), (bt2._BoolFieldConst, bool),
                          (bt2._IntegerFieldConst, int), (bt2._RealFieldConst, float),
                          (bt2._StringFieldConst, lambda f: string(f)),
                          (bt2._StructureFieldConst, lambda f: {name: value(x) for name, x in f.items()}),
                          (bt2._VariantFieldConst, _variant),
                          (bt2._ArrayFieldConst, lambda f: [value(x) for x in f])):
        if issubclass(kind, base):
            return convert
    raise TypeError('unexpected field type %s' % kind)


_CONVERTERS = {}


def value(field):
    # One converter per bt2 field type, found once: millions of isinstance checks cost more than the decoding.
    kind = type(field)
    convert = _CONVERTERS.get(kind)
    if convert is None:
        convert = _CONVERTERS[kind] = _converter(kind)
    return convert(field)


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


class PortDrain:
    """Drains a sink's input ports one after the other, each message to _handle: the scripts' sinks differ only there.

    A mixin beside bt2._UserSinkComponent: bt2 2.0 makes a component class only of its direct subclasses."""

    def __init__(self, config, params, obj):
        self._out = obj
        for i in range(int(params['ports'])):
            self._add_input_port('in%d' % i)

    def _user_graph_is_configured(self):
        self._iters = [self._create_message_iterator(p) for p in self._input_ports.values()]

    def _user_consume(self):
        while self._iters:
            try:
                msg = next(self._iters[0])
            except StopIteration:
                self._iters.pop(0)
                continue
            self._handle(msg)
            return
        raise bt2.Stop

    def _handle(self, msg):
        raise NotImplementedError


class Sink(PortDrain, bt2._UserSinkComponent):
    def __init__(self, config, params, obj):
        super().__init__(config, params, obj)
        self._pending = []
        self._stream = None
        self._cpu = -1

    def _emit(self, obj):
        self._out.write(json.dumps(obj, separators=(',', ':')) + '\n')

    def _handle(self, msg):
        # Ports are drained one after the other, so the current stream and packet are those of the last
        # stream-beginning and packet-beginning messages: no per-event lookups of either (they are costly in bt2).
        if isinstance(msg, bt2._EventMessageConst):
            ev = msg.event
            context = {}
            for scope in (ev.common_context_field, ev.specific_context_field):
                if scope is not None:
                    context.update(value(scope))
            rec = {'ts': msg.default_clock_snapshot.ns_from_origin, 'name': ev.name,
                   'cpu': self._cpu, 'stream': self._stream,
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
            self._cpu = cpu_of(msg.packet)
            for rec in self._pending:
                rec['cpu'] = self._cpu
                self._emit(rec)
            self._pending = []
        elif isinstance(msg, bt2._StreamBeginningMessageConst):
            self._stream = stream_name(msg.stream)
            self._cpu = -1
        elif isinstance(msg, bt2._StreamEndMessageConst):
            for rec in self._pending:
                self._emit(rec)
            self._pending = []


def dump(group, out, sink_class=None):
    """Drains every stream of the group into the sink (default: Sink, printing to out)."""
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
    out = open(sys.stdout.fileno(), 'w', encoding='utf-8', errors='surrogateescape', buffering=1 << 20, closefd=False)
    for group in groups(dirs):
        dump(group, out)
    out.flush()
    return 0


if __name__ == '__main__':
    sys.exit(main())

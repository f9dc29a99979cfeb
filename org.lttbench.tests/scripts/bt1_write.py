#!/usr/bin/python3
"""Writes a CTF trace with babeltrace 1's CTF writer (Debian's python3-babeltrace), as tools' own test suites write
their kernel traces (lttng-analyses' tests among them): one stream whose packets do not say their CPU, each event
saying it in its payload, events appended in time order.

Usage: bt1_write.py OUT_DIR < SPEC.json, where SPEC is
  {"env": {NAME: VALUE, ...},
   "classes": {EVENT: [[FIELD, TYPE], ...], ...},      TYPE: u8 u32 s32 u64 s64 string char16 (a 16-byte comm)
   "events": [[TS_NS, EVENT, [VALUE, ...]], ...]}     values in the class's field order
"""
import json
import sys

from babeltrace import CTFStringEncoding, CTFWriter


def integer(bits, signed):
    t = CTFWriter.IntegerFieldDeclaration(bits)
    t.signed = signed
    t.alignment = 8
    return t


def declaration(kind):
    if kind == "string":
        return CTFWriter.StringFieldDeclaration()
    if kind == "char16":
        char = integer(8, False)
        char.encoding = CTFStringEncoding.UTF8
        return CTFWriter.ArrayFieldDeclaration(char, 16)
    return integer(int(kind[1:]), kind[0] == "s")


def set_value(field, kind, value):
    if kind == "char16":
        data = value.encode("utf-8")[:15]
        for i in range(16):
            field.field(i).value = data[i] if i < len(data) else 0
    else:
        field.value = value


def main():
    spec = json.load(sys.stdin)
    writer = CTFWriter.Writer(sys.argv[1])
    clock = CTFWriter.Clock("monotonic")
    clock.description = "monotonic clock"
    clock.frequency = 1000000000
    writer.add_clock(clock)
    for name, value in spec["env"].items():
        writer.add_environment_field(name, value)
    stream_class = CTFWriter.StreamClass("kernel")
    stream_class.clock = clock
    classes = {}
    for name, fields in spec["classes"].items():
        cls = CTFWriter.EventClass(name)
        for field, kind in fields:
            cls.add_field(declaration(kind), field)
        stream_class.add_event_class(cls)
        classes[name] = (cls, fields)
    stream = writer.create_stream(stream_class)
    for ts, name, values in spec["events"]:
        cls, fields = classes[name]
        clock.time = ts
        event = CTFWriter.Event(cls)
        for (field, kind), value in zip(fields, values):
            set_value(event.payload(field), kind, value)
        stream.append_event(event)
    stream.flush()


if __name__ == "__main__":
    main()

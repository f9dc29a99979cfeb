package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lttbench.tests.writer.TraceMetadata.field;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.CtfType;
import org.lttbench.tests.writer.TraceMetadata;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;

/**
 * {@code Event.stringEquals} (what the thread-state machine asks at each context switch instead of making the
 * name) answers as {@code stringValue(f).equals(s)} does, for null-terminated strings and fixed-length text (a
 * {@code comm} of 16 bytes, the longest name filling it up to its NUL), ASCII or not: checked against what was
 * written and against strings one character off each way.
 */
class StringEqualsTest {

    private static final List<String> VALUES = List.of("bash", "", "kworker/u8:2-ev", "fifteen-bytes-!", "Hé",
            "日本語", "a", "ab", "é");

    @Test
    void answersAsTheStringWouldForEveryWrittenValueAndItsNeighbours() throws Exception {
        Path dir = TestPaths.workDir("string-equals");
        TraceMetadata m = new TraceMetadata(ByteOrder.LITTLE_ENDIAN, UUID.randomUUID());
        m.env("domain", "kernel").env("tracer_name", "lttng-modules").env("tracer_major", 2).env("tracer_minor", 13);
        StreamClass sc = m.streamClass(HeaderKind.COMPACT, List.of(), true);
        sc.event("names", field("str", new CtfType.StringType()), field("comm", new CtfType.TextArrayType(16)));
        CtfTraceWriter w = new CtfTraceWriter(dir, m, true);
        long t = 1_000;
        for (String v : VALUES) {
            w.stream(sc, "chan", 0).event(t += 10, "names", v, v);
        }
        w.close();

        List<String> failures = new ArrayList<>();
        int[] checked = new int[1];
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            FieldHandle str = set.eventTypes().get(0).payloadField("str");
            FieldHandle comm = set.eventTypes().get(0).payloadField("comm");
            set.read(new RecordSink() {
                int i;

                @Override
                public void event(Event e) {
                    String written = VALUES.get(i++);
                    for (FieldHandle f : List.of(str, comm)) {
                        String value = e.stringValue(f);
                        assertEquals(written, value, "the reader's value (compared to babeltrace2 elsewhere)");
                        for (String candidate : neighbours(written)) {
                            checked[0]++;
                            if (e.stringEquals(f, candidate) != value.equals(candidate)) {
                                failures.add((f == str ? "str" : "comm") + " holding \"" + value + "\" against \"" + candidate + "\"");
                            }
                        }
                    }
                }
            }, ProgressListener.NONE);
        }
        assertEquals(List.of(), failures);
        assertEquals(VALUES.stream().mapToInt(v -> neighbours(v).size()).sum() * 2, checked[0]);
    }

    /** The value, and strings one character longer, shorter or different, ASCII or not. */
    private static List<String> neighbours(String v) {
        List<String> out = new ArrayList<>(List.of(v, v + "x", v + "é", "x" + v, ""));
        if (!v.isEmpty()) {
            out.add(v.substring(0, v.length() - 1));
            out.add(v.substring(1));
            out.add(v.substring(0, v.length() - 1) + (char) (v.charAt(v.length() - 1) + 1));
            out.add(v.toUpperCase());
        }
        return out;
    }
}

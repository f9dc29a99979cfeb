package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordPrinter;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.Trace;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest;

/**
 * The real CTF 2 traces of {@code ../shared/traces-ctf2} (Trace Compass's CTF 2 test traces, converted from CTF 1.8
 * traces of babeltrace's test suite): each reads to its end through {@code ./lttbench dump --count}, and what we
 * decode equals an independent reading of the same data streams. For the two with a CTF 1.8 counterpart among the
 * shared traces, that is babeltrace2's reading of the counterpart, record by record, live. For the others
 * (babeltrace2 2.0.4 reads no CTF 2, and their CTF 1.8 originals are not among the shared traces), it is babeltrace2
 * 2.0.4's reading of the CTF 1.8 originals in babeltrace's test suite (commit 385ef9f), whose data stream files are
 * byte for byte the CTF 2 copies', taken once with {@code scripts/bt2_dump.py} and kept here as the SHA-256 of its
 * jsonl; {@code vl-ints} (variable-length integers do not exist in CTF 1.8) is checked against the LEB128 decoding
 * of its bytes done here.
 */
class Ctf2TracesTest {

    /** What babeltrace2 read from the CTF 1.8 original: events, loss records, SHA-256 of the jsonl. */
    private record Expected(long events, long losses, String sha256) {
    }

    private static final Map<String, Expected> EXPECTED = Map.of(
            "succeed1", new Expected(7809, 0, "c513dcc559fca930482790e6b5d04a81d4aff4a1beef081c1a96f5622fb7635f"),
            "smalltrace", new Expected(2, 0, "7d251578203d4fb06d83855352cc401113e8dabd579d2f23a51f8206225794f2"),
            // 3 events and the discarded events the packet context counts (17), without a clock: no time range.
            "ev-disc-no-ts-begin-end", new Expected(3, 1, "8f9448ae82edb1c56d640dbe8f78365afbef551aff98e880069b401bda9db105"),
            "barectf-event-before-packet", new Expected(2, 0, "65bac74da809793baef51e830cd138daba05e9b6cd2b87ee8ada0af9d137d975"),
            "lttng-event-after-packet", new Expected(2, 0, "5a890c2820f89d5bbef16a379c42a64b7a19aa257003e43b8eac7d3cb84e1d0f"),
            // babeltrace2's records with the one byte in which the CTF 2 copy's stream differs from the original
            // (offset 190: "/libhello_so" where the original has "/libhello-so").
            "debug-info", new Expected(4, 0, "09757fd4a3283dee261222ded7034d28e2e60da3c13ad265505f108eecc94f15"),
            // babeltrace2 2.0.4's Python bindings fail on this variant; its text output says tag = PELCHAT (1),
            // var = "Daniel Lavoie": the one record
            // {"ts":0,"name":"yo","cpu":-1,"stream":"stream","fields":{"tag":"PELCHAT","var":{"PELCHAT":"Daniel Lavoie"}}}
            "meta-variant-no-underscore", new Expected(1, 0, "f7aff50bbb265c5315d7e30d3a6d322c212f4f3d5d5aee7d03bfc6f23b446004"),
            "vl-ints", new Expected(1, 0, null),
            // The two with a CTF 1.8 counterpart: babeltrace2's counts on the counterpart (the test below compares
            // every record).
            "trace-with-index", new Expected(4000, 0, null),
            "lttng-crash", new Expected(400, 0, null));

    /** CTF 2 trace, CTF 1.8 counterpart among the shared traces (same UUID, same data stream files). */
    static final Map<String, String> COUNTERPARTS = Map.of("trace-with-index", "ust-trace-with-index", "lttng-crash",
            "ust-lttng-crash");

    static List<Path> traces() throws IOException {
        try (Stream<Path> list = Files.list(TestPaths.tracesCtf2())) {
            return list.filter(Files::isDirectory).sorted().toList();
        }
    }

    @Test
    void everyTraceHasItsExpectation() throws IOException {
        List<String> names = traces().stream().map(p -> p.getFileName().toString()).sorted().toList();
        assertEquals(new TreeMap<>(EXPECTED).keySet().stream().toList(), names, "the CTF 2 traces are the ones checked");
    }

    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void dumpCountReadsToTheEnd(Path dir) throws Exception {
        Expected x = EXPECTED.get(dir.getFileName().toString());
        LauncherTest.Result r = LauncherTest.run(TestPaths.repository().resolve("lttbench"), Map.of(), "dump", "--count",
                dir.toString());
        assertEquals(0, r.code(), r.toString());
        assertEquals("", r.err(), r.toString());
        assertTrue(r.out().contains("events: " + x.events() + "\n"), r.out());
        assertTrue(r.out().contains("loss records: " + x.losses() + "\n"), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void recordsAreTheOriginalsBabeltrace2Reading(Path dir) throws Exception {
        Expected x = EXPECTED.get(dir.getFileName().toString());
        if (x.sha256() == null) {
            return; // checked record by record below
        }
        String jsonl = jsonl(dir);
        assertEquals(x.events() + x.losses(), jsonl.lines().count());
        assertEquals(x.sha256(), sha256(jsonl), "our records of " + dir + ":\n" + clip(jsonl));
    }

    /** Our records of the CTF 2 copy are babeltrace2's of the CTF 1.8 counterpart, field by field. */
    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest(name = "{0}")
    @MethodSource("counterparts")
    void recordsAreBabeltrace2sOfTheCtf18Counterpart(String ctf2, String ctf18) throws Exception {
        JsonlComparison.Counts c = JsonlComparison.compare(List.of(TestPaths.traceCtf2(ctf2)),
                List.of(TestPaths.trace(ctf18)));
        assertEquals(EXPECTED.get(ctf2).events(), c.events());
        System.out.printf("conformance %s (CTF 2) against %s (CTF 1.8, babeltrace2): %d streams, %d events, %d loss"
                + " records identical%n", ctf2, ctf18, c.streams(), c.events(), c.losses());
    }

    static Stream<org.junit.jupiter.params.provider.Arguments> counterparts() {
        return new TreeMap<>(COUNTERPARTS).entrySet().stream()
                .map(e -> org.junit.jupiter.params.provider.Arguments.of(e.getKey(), e.getValue()));
    }

    /** Both dump formats print the same for a CTF 2 trace as for its CTF 1.8 counterpart, names included. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("counterparts")
    void dumpIsTheCounterparts(String ctf2, String ctf18) throws Exception {
        for (RecordPrinter.Format f : RecordPrinter.Format.values()) {
            assertEquals(dump(TestPaths.trace(ctf18), f), dump(TestPaths.traceCtf2(ctf2), f), f + " of " + ctf2);
        }
    }

    /** The trace class's environment reaches Trace.environment(), and the layout resolves as for CTF 1.8. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("counterparts")
    void environmentAndLayoutAreTheCounterparts(String ctf2, String ctf18) throws Exception {
        try (CtfTraceSet two = CtfTraceSet.open(List.of(TestPaths.traceCtf2(ctf2)));
                CtfTraceSet one = CtfTraceSet.open(List.of(TestPaths.trace(ctf18)))) {
            Trace t2 = two.traces().get(0);
            Trace t1 = one.traces().get(0);
            assertEquals(new TreeMap<>(t1.environment()), new TreeMap<>(t2.environment()));
            assertEquals("lttng-ust", t2.environment().get("tracer_name"));
            assertEquals(2L, t2.environment().get("tracer_major"), "integers are Longs, as from TSDL");
            assertEquals(KernelLayout.of(t1).describe("-"), KernelLayout.of(t2).describe("-"));
            assertEquals(t1.eventTypes().stream().map(EventType::name).toList(),
                    t2.eventTypes().stream().map(EventType::name).toList());
            assertEquals(one.span(), two.span());
        }
    }

    /** vl-ints: our values are the LEB128 decoding of the stream's bytes (no packet header, context or event header). */
    @Test
    void variableLengthIntegersAreTheirLeb128Values() throws Exception {
        Path dir = TestPaths.traceCtf2("vl-ints");
        byte[] bytes = Files.readAllBytes(dir.resolve("stream"));
        List<String> names = List.of("vu1a", "vu1b", "vu2", "vu3", "vu4", "vu5", "vu6", "vu7", "vu8", "vu9", "vu10",
                "vi1a", "vi1b", "vi1c", "vi2", "vi3", "vi4", "vi5", "vi6", "vi7", "vi8", "vi9", "vi10a", "vi10b", "vi10c");
        List<Long> expected = new ArrayList<>();
        int at = 0;
        for (String name : names) {
            long v = 0;
            int shift = 0;
            int b;
            do {
                b = bytes[at++] & 0xFF;
                if (shift < 64) {
                    v |= (long) (b & 0x7F) << shift;
                }
                shift += 7;
            } while ((b & 0x80) != 0);
            if (name.startsWith("vi") && shift < 64 && (b & 0x40) != 0) {
                v |= -1L << shift; // signed LEB128: the last byte's bit 6 is the sign
            }
            expected.add(v);
        }
        assertEquals(bytes.length, at, "the one event fills the stream");
        List<Long> actual = new ArrayList<>();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            set.read(new RecordSink() {
                @Override
                public void event(Event e) {
                    for (String n : names) {
                        assertNotNull(e.type().payloadField(n), n);
                        actual.add(e.longValue(e.type().payloadField(n)));
                    }
                }
            }, ProgressListener.NONE);
        }
        assertEquals(expected, actual);
        assertEquals(-1L, actual.get(names.indexOf("vu10")), "vu10 is 2^64 - 1, unsigned");
        assertEquals(Long.MIN_VALUE, actual.get(names.indexOf("vi10c")));
        assertTrue(jsonl(dir).contains("\"vu10\":18446744073709551615,"), "unsigned in the dump");
    }

    static String jsonl(Path dir) throws IOException {
        return dump(dir, RecordPrinter.Format.JSONL);
    }

    static String dump(Path dir, RecordPrinter.Format format) throws IOException {
        StringWriter out = new StringWriter();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            set.read(new RecordPrinter(out, format), ProgressListener.NONE);
        }
        return out.toString();
    }

    private static String sha256(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    private static String clip(String s) {
        return s.length() > 3000 ? s.substring(0, 3000) + "..." : s;
    }
}

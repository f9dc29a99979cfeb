package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.lttbench.tests.writer.TraceMetadata.field;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordPrinter;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.CtfStreamWriter;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.CtfType;
import org.lttbench.tests.writer.CtfType.Choice;
import org.lttbench.tests.writer.CtfType.EnumType;
import org.lttbench.tests.writer.CtfType.IntegerType;
import org.lttbench.tests.writer.TraceMetadata;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;
import org.lttbench.tests.writer.WrittenTraceCheck;

/**
 * {@code dump}'s text is babeltrace2's default text ({@code babeltrace2 TRACE}), line for line, on every shared trace
 * and on scenario traces written with what the shared traces lack: packet context fields beyond {@code cpu_id},
 * integers shown in bases 2, 8 and 16 (signed ones too), enumerations over such integers, variants, and
 * environments without a {@code hostname}. The shared traces whose packets overlap in time, which babeltrace2's muxer
 * refuses, are compared stream by stream, each stream read by babeltrace2 without the muxer. Our loss lines, which
 * babeltrace2 writes to stderr instead, are compared with its warnings up to the trace's name (count, kind, time
 * range), in order.
 */
class TextFormatTest {
    /** A quoted string value in babeltrace2's text (escaped quotes and backslashes inside). */
    private static final Pattern STRING_VALUE = Pattern.compile("= \"(\\\\.|[^\"\\\\])*\"");
    /** What babeltrace2 2.0.4's muxer says of a stream whose packets overlap in time (it stops there). */
    private static final String MUXER_REFUSES = "timestamp is less than muxer's message iterator's last returned timestamp";

    @ParameterizedTest(name = "{0}")
    @MethodSource(SharedTraces.EACH)
    void textIsBabeltrace2s(Path trace) throws Exception {
        if (!compare(trace, line -> true, false)) {
            compareStreamByStream(trace);
        }
    }

    /** Compares the text of a trace, on the lines {@code which} keeps, with babeltrace2's; prints what it saw. */
    static void compare(Path trace, Predicate<String> which) throws IOException, InterruptedException {
        compare(trace, which, true);
    }

    /**
     * Compares the text of a trace with {@code babeltrace2 TRACE}'s, or, when {@code muxed} is false, with what
     * babeltrace2 prints of its one stream without the muxer. Returns false, comparing nothing, when babeltrace2's
     * muxer refuses the trace and {@code mustMux} is false.
     */
    private static boolean compare(Path trace, Predicate<String> which, boolean mustMux)
            throws IOException, InterruptedException {
        return compare(trace, which, mustMux, List.of("babeltrace2", trace.toString()));
    }

    private static boolean compare(Path trace, Predicate<String> which, boolean mustMux, List<String> babeltrace2)
            throws IOException, InterruptedException {
        Path err = Files.createTempFile(Files.createDirectories(TestPaths.work()), "bt2-text", ".err");
        Process p = new ProcessBuilder(babeltrace2).redirectError(err.toFile()).start();
        List<String> theirs = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(p.waitFor(10, TimeUnit.MINUTES));
        String stderr = Files.readString(err);
        Files.delete(err);
        if (p.exitValue() != 0 && !mustMux && stderr.contains(MUXER_REFUSES)) {
            return false;
        }
        assertEquals(0, p.exitValue(), "babeltrace2 on " + trace + ":\n" + stderr);
        List<String> ourLines = dump(trace).lines().toList();
        List<String> ourEvents = ourLines.stream().filter(l -> !l.startsWith("WARNING: ")).toList();
        assertEquals(theirs.size(), ourEvents.size(), "lines");
        int staleStrings = 0;
        int compared = 0;
        for (int i = 0; i < theirs.size(); i++) {
            String t = theirs.get(i);
            String o = ourEvents.get(i);
            if (!which.test(o)) {
                continue;
            }
            compared++;
            if (!t.equals(o)) {
                if (!sameButEmptiedStrings(t, o)) {
                    fail("line " + (i + 1) + " differs\n  babeltrace2: " + t + "\n  ours:        " + o);
                }
                staleStrings++;
            }
        }
        List<String> warnings = stderr.lines().filter(l -> l.startsWith("WARNING: Tracer discarded"))
                .map(TextFormatTest::beforeTraceName).toList();
        List<String> ourWarnings = ourLines.stream().filter(l -> l.startsWith("WARNING: "))
                .map(TextFormatTest::beforeTraceName).toList();
        assertEquals(warnings, ourWarnings, "loss lines");
        System.out.printf("text %s: %d lines identical to babeltrace2's (%d more where babeltrace2 2.0.4 shows a stale"
                + " value for an empty string), %d loss lines%n", trace.getFileName(), compared - staleStrings,
                staleStrings, warnings.size());
        return true;
    }

    /** Our text of the traces at {@code path}. */
    static String dump(Path path) throws IOException {
        StringWriter ours = new StringWriter();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(path))) {
            set.read(new RecordPrinter(ours, RecordPrinter.Format.TEXT), ProgressListener.NONE);
        }
        return ours.toString();
    }

    /** A loss line up to where babeltrace2 names the trace (its name for it differs: the directory is part of it). */
    private static String beforeTraceName(String warning) {
        int i = warning.indexOf(" in trace \"");
        return i < 0 ? warning : warning.substring(0, i);
    }

    /**
     * Each stream of a trace whose packets overlap in time, alone with the metadata in a directory of its own: our text
     * of it against babeltrace2's source connected straight to its text sink (no muxer).
     */
    private static void compareStreamByStream(Path trace) throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(trace.resolve("metadata")), trace + " is a trace directory");
        List<Path> streams;
        try (Stream<Path> files = Files.list(trace)) {
            streams = files.filter(f -> Files.isRegularFile(f) && !f.getFileName().toString().equals("metadata"))
                    .sorted().toList();
        }
        int compared = 0;
        for (Path stream : streams) {
            if (Files.size(stream) == 0) {
                continue;
            }
            Path alone = TestPaths.workDir("text-" + trace.getFileName() + "-" + stream.getFileName());
            Files.copy(trace.resolve("metadata"), alone.resolve("metadata"), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(stream, alone.resolve(stream.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            compare(alone, line -> true, true, List.of("babeltrace2", "run", "--component=src:src.ctf.fs",
                    "--params=inputs=[\"" + alone + "\"]", "--component=sink:sink.text.pretty", "--connect=src:sink"));
            compared++;
        }
        assertTrue(compared > 0, "streams of " + trace);
    }

    /**
     * Whether {@code ours} is {@code theirs} with some string values empty: babeltrace2 2.0.4 prints the value an
     * earlier event left in a reused field for an empty string (fixed upstream: "clear_string_field(): set first
     * character to 0").
     */
    private static boolean sameButEmptiedStrings(String theirs, String ours) {
        Matcher t = STRING_VALUE.matcher(theirs);
        Matcher o = STRING_VALUE.matcher(ours);
        int ti = 0;
        int oi = 0;
        while (t.find()) {
            if (!o.find() || !theirs.substring(ti, t.start()).equals(ours.substring(oi, o.start()))) {
                return false;
            }
            if (!t.group().equals(o.group()) && !o.group().equals("= \"\"")) {
                return false;
            }
            ti = t.end();
            oi = o.end();
        }
        return !o.find() && theirs.substring(ti).equals(ours.substring(oi));
    }

    // ---- scenario traces

    private static final EnumType TAG = new EnumType(CtfType.u8(), new LinkedHashMap<>(Map.of("num", 0L, "pair", 1L,
            "text", 2L)));

    /**
     * A user-space trace whose environment has no hostname ({@code procname} and {@code vpid} when
     * {@code perProcess}), whose packet contexts hold a name and integers shown in bases 16, 8 and 2 after
     * {@code cpu_id}, with events of integers in every base (signed and not, of 4 to 64 bits), an enumeration over a
     * hexadecimal integer, and a variant of a number, a structure and a string.
     */
    private static CtfTraceWriter writeScenario(Path dir, boolean perProcess, CtfTraceWriter.Format format)
            throws IOException {
        TraceMetadata m = new TraceMetadata(ByteOrder.LITTLE_ENDIAN, UUID.nameUUIDFromBytes(dir.toString().getBytes()));
        m.env("domain", "ust").env("tracer_name", "lttng-ust").env("tracer_major", 2).env("tracer_minor", 13);
        if (perProcess) {
            m.env("procname", "app").env("vpid", 4242);
        }
        m.packetContextFields(List.of(field("name", new CtfType.StringType()), field("flags", CtfType.u16().hex()),
                field("mode", CtfType.u16().base(8)), field("mask", CtfType.u8().base(2)),
                field("delta", new IntegerType(16, true, 8, 16))));
        StreamClass sc = m.streamClass(HeaderKind.LARGE, List.of(field("vtid", CtfType.s32())), true);
        sc.event("scenario:bases", field("h32", CtfType.u32().hex()), field("hs16", new IntegerType(16, true, 8, 16)),
                field("hs12", new IntegerType(12, true, 8, 16)), field("x64", CtfType.s64().hex()),
                field("o16", CtfType.u16().base(8)), field("os8", new IntegerType(8, true, 8, 8)),
                field("o0", CtfType.u8().base(8)), field("b8", CtfType.u8().base(2)),
                field("bs4", new IntegerType(4, true, 8, 2)), field("b64", CtfType.s64().base(2)),
                field("en", new EnumType(CtfType.u8().hex(), Map.of("OFF", 0L, "ON", 1L))),
                field("d", CtfType.u64()));
        Map<String, CtfType> options = new LinkedHashMap<>();
        options.put("num", CtfType.u32().hex());
        options.put("pair", new CtfType.StructType(List.of(field("x", new IntegerType(16, true, 8, 10)),
                field("s", new CtfType.StringType()))));
        options.put("text", new CtfType.StringType());
        sc.event("scenario:variant", field("tag", TAG), field("v", new CtfType.VariantType("tag", TAG, options)));
        CtfTraceWriter w = new CtfTraceWriter(dir, m, true).format(format).packetBytes(512);
        long t = 1_000;
        for (int cpu = 0; cpu < 2; cpu++) {
            CtfStreamWriter s = w.stream(sc, "chan", cpu);
            for (int i = 0; i < 12; i++) {
                s.packetContext("chan-" + cpu + "/" + i / 4, 0xBEEFL + i, 0755L, 5L + i, -2L - i);
                s.event(t += 1_000 + 17 * i, "scenario:bases", (long) (100 + cpu), 0xDEADBEEFL, -2L - i, -1L, -1L - i,
                        493L, -1L, 0L, 5L, -3L, -1L, i % 2 == 0 ? "ON" : 7L, -1L);
                Choice v = switch (i % 3) {
                case 0 -> new Choice("num", 0xCAFEL + i);
                case 1 -> new Choice("pair", List.of(-3L - i, "hi" + i));
                default -> new Choice("text", "t" + i);
                };
                s.event(t += 500, "scenario:variant", (long) (100 + cpu), v.option(), v);
                if (i % 4 == 3) {
                    s.closePacket();
                }
            }
        }
        w.close();
        return w;
    }

    /** The text after an event line's time and delta. */
    private static List<String> afterTime(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.lines().toList()) {
            out.add(line.substring(line.indexOf(") ") + 2));
        }
        return out;
    }

    @Test
    void packetContextFieldsDisplayBasesVariantsAndNoHostname() throws Exception {
        Path dir = TestPaths.workDir("text-scenario");
        CtfTraceWriter w = writeScenario(dir, false, CtfTraceWriter.Format.CTF_1_8);
        assertEquals(48, WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(w));
        compare(dir, line -> true);
        // The same as written, each value in its base as babeltrace2 shows it (no hostname: nothing before the name).
        List<String> lines = afterTime(dump(dir));
        assertEquals("scenario:bases: { cpu_id = 0, name = \"chan-0/0\", flags = 0xBEEF, mode = 0755, mask = 0b00000101,"
                + " delta = 0xFFFE }, { vtid = 100 }, { h32 = 0xDEADBEEF, hs16 = 0xFFFE, hs12 = 0xFFF,"
                + " x64 = 0xFFFFFFFFFFFFFFFF, o16 = 0755, os8 = 0777, o0 = 00, b8 = 0b00000101, bs4 = 0b1101, b64 = 0b"
                + "1".repeat(64) + ", en = ( \"ON\" : container = 0x1 ), d = 18446744073709551615 }", lines.get(0));
        assertEquals("scenario:variant: { cpu_id = 0, name = \"chan-0/0\", flags = 0xBEEF, mode = 0755,"
                + " mask = 0b00000101, delta = 0xFFFE }, { vtid = 100 }, { tag = ( \"num\" : container = 0 ),"
                + " v = { 0xCAFE } }", lines.get(1));
        assertTrue(lines.contains("scenario:variant: { cpu_id = 0, name = \"chan-0/0\", flags = 0xBEEF, mode = 0755,"
                + " mask = 0b00000101, delta = 0xFFFE }, { vtid = 100 }, { tag = ( \"pair\" : container = 1 ),"
                + " v = { { x = -4, s = \"hi1\" } } }"), String.join("\n", lines.subList(0, 4)));
        // cpu 1, event 7: in the packet opened at event 4 (its context's values)
        assertTrue(lines.contains("scenario:bases: { cpu_id = 1, name = \"chan-1/1\", flags = 0xBEF3, mode = 0755,"
                + " mask = 0b00001001, delta = 0xFFFA }, { vtid = 101 }, { h32 = 0xDEADBEEF, hs16 = 0xFFF7,"
                + " hs12 = 0xFFF, x64 = 0xFFFFFFFFFFFFFFF8, o16 = 0755, os8 = 0777, o0 = 00, b8 = 0b00000101,"
                + " bs4 = 0b1101, b64 = 0b" + "1".repeat(64) + ", en = ( <unknown> : container = 0x7 ),"
                + " d = 18446744073709551615 }"));
        JsonlComparison.compareAll(dir);
        // CTF 2 metadata for the same streams: the same text.
        Path ctf2 = TestPaths.workDir("text-scenario-ctf2");
        writeScenario(ctf2, false, CtfTraceWriter.Format.CTF_2);
        assertEquals(dump(dir), dump(ctf2));
    }

    /**
     * A trace written by hand: TSDL declaring {@code uint8_t} and a little-endian trace without packet header, then
     * {@code declarations}; one stream file of {@code stream} (one packet).
     */
    private static Path handWritten(String name, String declarations, byte[] stream) throws IOException {
        Path dir = TestPaths.workDir(name);
        Files.writeString(dir.resolve("metadata"), """
                /* CTF 1.8 */
                typealias integer { size = 8; align = 8; signed = false; } := uint8_t;
                trace { major = 1; minor = 8; byte_order = le; };
                """ + declarations);
        Files.write(dir.resolve("stream"), stream);
        return dir;
    }

    /**
     * Integers mapped to the clock outside the event header (a context's, the payload's), written by hand in TSDL:
     * babeltrace2 shows none (they are clock snapshots), in its text or its Python bindings, unless another field reads
     * it (the sequence's length {@code n}); an event's time is the clock after its header, though a later field of the
     * event moves the clock (an 8-bit 2 after 1000 ns: 1026).
     */
    @Test
    void clockMappedFieldsAndEventTime() throws Exception {
        java.nio.ByteBuffer stream = java.nio.ByteBuffer.allocate(3 * 17).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 3; i++) {
            int ts = 1000 * (i + 1);
            stream.putInt(ts).putInt(ts).put((byte) 4).putInt(ts).put((byte) (7 + i)).put((byte) 2).put((byte) 1)
                    .put((byte) 2);
        }
        Path dir = handWritten("text-clock-mapped", """
                clock { name = c; freq = 1000000000; offset = 0; };
                typealias integer { size = 32; align = 8; signed = false; map = clock.c.value; } := clk32;
                typealias integer { size = 8; align = 8; signed = false; map = clock.c.value; } := clk8;
                stream { event.header := struct { clk32 timestamp; };
                         event.context := struct { clk32 since; uint8_t hint; }; };
                event { name = e; fields := struct { clk32 stamp; uint8_t x; clk8 n; uint8_t seq[n]; }; };
                """, stream.array());
        compare(dir, line -> true);
        List<String> lines = dump(dir).lines().toList();
        for (int i = 0; i < 3; i++) {
            assertTrue(lines.get(i).matches("\\[\\d\\d:\\d\\d:\\d\\d\\.00000" + (i + 1) + "000\\] .*"), lines.get(i));
            assertTrue(lines.get(i).endsWith(" e: { hint = 4 }, { x = " + (7 + i) + ", n = 2, seq = [ [0] = 1,"
                    + " [1] = 2 ] }"), lines.get(i));
        }
        JsonlComparison.compareAll(dir);
    }

    /** A stream class with no clock: babeltrace2 shows no time (we showed 00:00:00.000000000 and a delta). */
    @Test
    void eventsWithoutAClock() throws Exception {
        Path dir = handWritten("text-no-clock", """
                event { name = e; fields := struct { uint8_t x; }; };
                """, new byte[] { 7, 8, 9 });
        compare(dir, line -> true);
        assertEquals(List.of("e: { x = 7 }", "e: { x = 8 }", "e: { x = 9 }"), dump(dir).lines().toList());
    }

    @Test
    void perProcessTraceWithoutHostname() throws Exception {
        Path dir = TestPaths.workDir("text-scenario-per-process");
        writeScenario(dir, true, CtfTraceWriter.Format.CTF_1_8);
        compare(dir, line -> true);
        assertTrue(afterTime(dump(dir)).get(0).startsWith("app:(4242) scenario:bases: { cpu_id = 0, "));
    }
}

package org.lttbench.tests.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tests.writer.TraceMetadata.field;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ctf.JsonlComparison;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;

/**
 * The writer produces real CTF: babeltrace2 reads back exactly the events (names, timestamps, CPUs, contexts,
 * payloads) and discard counts written, across the encodings LTTng uses; with CTF 2 metadata, the same data streams
 * read as babeltrace2 reads them with CTF 1.8 metadata.
 */
class CtfTraceWriterTest {

    /** Several packets per stream, extended headers (ids past 30, long gaps), every field type. */
    private static void fill(CtfTraceWriter w, StreamClass sc, int cpus, int events, boolean withContext) throws Exception {
        long t = 1_000;
        for (int i = 0; i < events; i++) {
            int cpu = i % cpus;
            t += (i % 97 == 0) ? 300_000_000L : 1 + (i * 7919L) % 5000; // some gaps beyond 2^27 ns
            String name = "ev" + (i % 40);
            Object[] ctx = withContext ? new Object[] { (long) (100 + cpu), (long) (1000 + i), "proc" + cpu, (long) i * 3_000_003L }
                    : new Object[0];
            Object[] payload = { (long) -i, (long) i * 1_000_000_007L, "s" + i, "c" + (i % 1000), 2L, new long[] { i, i + 1 },
                    1.5 * i, i % 3 == 0 ? "B" : 1L, -1L };
            Object[] all = new Object[ctx.length + payload.length];
            System.arraycopy(ctx, 0, all, 0, ctx.length);
            System.arraycopy(payload, 0, all, ctx.length, payload.length);
            w.stream(sc, "chan", cpu).event(t, name, all);
            if (i % 500 == 499) {
                w.stream(sc, "chan", cpu).discard(i);
            }
        }
    }

    private static void declare(StreamClass sc, boolean natural) {
        int a32 = natural ? 32 : 8;
        int a64 = natural ? 64 : 8;
        for (int i = 0; i < 40; i++) {
            sc.event("ev" + i, field("s32", CtfType.s32().aligned(a32)), field("u64", CtfType.u64().aligned(a64)),
                    field("str", new CtfType.StringType()), field("comm", new CtfType.TextArrayType(16)),
                    field("_len", CtfType.u8()), field("seq", CtfType.ArrayType.sequence(CtfType.s32().aligned(a32), "__len")),
                    field("dbl", new CtfType.FloatType(64)),
                    field("en", new CtfType.EnumType(CtfType.u8(), Map.of("A", 0L, "B", 1L, "C", 2L))),
                    field("bits", new CtfType.IntegerType(13, true, 1, 10)));
        }
    }

    private static void check(String name, ByteOrder order, HeaderKind header, boolean natural, boolean packetized,
            boolean seq) throws Exception {
        Path dir = TestPaths.workDir("writer-" + name);
        TraceMetadata m = metadata(order, natural);
        StreamClass sc = m.streamClass(header, List.of(), seq);
        declare(sc, natural);
        CtfTraceWriter w = new CtfTraceWriter(dir, m, true).packetizedMetadata(packetized);
        fill(w, sc, 3, 3000, false);
        w.close();
        assertTrue(w.streams().get(0).packetsWritten() > 3, "several packets per stream");
        assertEquals(3000, WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(w));
        // The same trace with CTF 2 metadata: we read what babeltrace2 reads from the CTF 1.8 one.
        Path ctf2 = TestPaths.workDir("writer-" + name + "-ctf2");
        CtfTraceWriter w2 = new CtfTraceWriter(ctf2, m, false).packetizedMetadata(packetized)
                .format(CtfTraceWriter.Format.CTF_2);
        fill(w2, sc, 3, 3000, false);
        w2.close();
        assertEquals(3000, JsonlComparison.compare(List.of(ctf2), List.of(dir)).events());
    }

    private static TraceMetadata metadata(ByteOrder order, boolean natural) {
        TraceMetadata m = new TraceMetadata(order, UUID.randomUUID());
        m.env("domain", "kernel").env("tracer_name", "lttng-modules").env("tracer_major", 2).env("tracer_minor", 13);
        if (natural) {
            m.headerIntegerAlignment(64);
        }
        return m;
    }

    @Test
    void littleEndianCompactHeaders() throws Exception {
        check("le-compact", ByteOrder.LITTLE_ENDIAN, HeaderKind.COMPACT, false, false, true);
    }

    @Test
    void littleEndianLargeHeadersPacketizedMetadataNoSequenceNumbers() throws Exception {
        check("le-large", ByteOrder.LITTLE_ENDIAN, HeaderKind.LARGE, false, true, false);
    }

    @Test
    void bigEndianNaturalAlignment() throws Exception {
        check("be-natural", ByteOrder.BIG_ENDIAN, HeaderKind.COMPACT, true, false, true);
    }

    @Test
    void ustWithContextsAndPerfCounters() throws Exception {
        Path dir = TestPaths.workDir("writer-ust");
        TraceMetadata m = UstMetadata.metadata(2, 13, "host");
        StreamClass sc = m.streamClass(HeaderKind.LARGE, List.of(UstMetadata.vpid(), UstMetadata.vtid(),
                UstMetadata.procname(), UstMetadata.perfCounter("perf_thread_cpu_cycles")), true);
        declare(sc, false);
        CtfTraceWriter w = new CtfTraceWriter(dir, m, true);
        fill(w, sc, 2, 2000, true);
        w.close();
        assertEquals(2000, WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(w));
        assertTrue(Files.readString(dir.resolve("metadata")).contains("_perf_thread_cpu_cycles;"));
        Path ctf2 = TestPaths.workDir("writer-ust-ctf2");
        CtfTraceWriter w2 = new CtfTraceWriter(ctf2, m, false).format(CtfTraceWriter.Format.CTF_2);
        fill(w2, sc, 2, 2000, true);
        w2.close();
        assertEquals(2000, JsonlComparison.compare(List.of(ctf2), List.of(dir)).events());
        assertTrue(Files.readString(ctf2.resolve("metadata")).contains("\"name\": \"perf_thread_cpu_cycles\""));
    }
}

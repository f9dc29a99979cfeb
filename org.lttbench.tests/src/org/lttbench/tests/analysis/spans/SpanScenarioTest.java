package org.lttbench.tests.analysis.spans;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.spans.SpanDefinition;
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.WrittenTraceCheck;

/**
 * The spans analysis on {@link SpanScenarios}' session, for several lttng-modules versions: each span's wall time
 * split into the kernel thread's states as constructed, to the ns, and the parts adding up to the wall time on every
 * row; the container's thread matched by the CPU it ran on; without the kernel trace, wall times and counts only.
 */
class SpanScenarioTest {
    private static final String[] PARTS = { "user_ns", "system_ns", "irq_ns", "user_or_system_ns", "wait_cpu_ns",
            "wait_io_ns", "wait_blocked_ns", "unknown_ns", "unmatched_ns" };

    /** A span's expected parts, by key; the others are 0. */
    private static Map<String, Long> parts(Object... keyValues) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], ((Number) keyValues[i + 1]).longValue());
        }
        return m;
    }

    private record Expected(String span, long begin, long wall, long self, int depth, long vtid, long tid,
            Map<String, Long> parts, String blockedIn) {
    }

    private static final List<Expected> SPANS = List.of(
            new Expected("request", 10_000, 10_000, 5_000, 0, 701, 701,
                    parts("user_ns", 8_500, "system_ns", 1_000, "irq_ns", 500), null),
            new Expected("0x401000", 11_000, 5_000, 2_500, 1, 701, 701,
                    parts("user_ns", 3_500, "system_ns", 1_000, "irq_ns", 500), null),
            new Expected("0x402000", 11_500, 2_500, 2_500, 2, 701, 701, parts("user_ns", 1_500, "system_ns", 1_000), null),
            new Expected("0x404000", 21_000, 3_000, 3_000, 0, 701, 701, parts("user_ns", 3_000), null),
            new Expected("request", 30_000, 15_000, 15_000, 0, 701, 701,
                    parts("user_ns", 4_500, "system_ns", 1_000, "wait_blocked_ns", 8_500, "wait_cpu_ns", 1_000),
                    "reading a pipe, woken by thread 801 writer"),
            new Expected("request", 50_000, 10_000, 10_000, 0, 701, 701, parts("user_ns", 6_000, "wait_cpu_ns", 4_000),
                    null),
            new Expected("request", 70_000, 15_000, 15_000, 0, 701, 701,
                    parts("user_ns", 4_500, "system_ns", 1_500, "wait_io_ns", 8_200, "wait_cpu_ns", 800), null),
            new Expected("request", 90_000, 10_000, 10_000, 0, 1, 1701,
                    parts("user_ns", 5_400, "system_ns", 200, "wait_blocked_ns", 3_900, "wait_cpu_ns", 500),
                    "sleeping by choice (nanosleep), woken by timer timer expiry"));

    private static Path[] session(KernelTracer tracer) throws Exception {
        Path kernel = TestPaths.workDir("spans-" + SpanScenarios.name(tracer) + "/kernel");
        Path ust = TestPaths.workDir("spans-" + SpanScenarios.name(tracer) + "/ust");
        SpanScenarios.kernel(kernel, tracer);
        SpanScenarios.ust(ust);
        return new Path[] { kernel, ust };
    }

    static Report run(List<Path> traces, AnalysisOptions options) throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(traces)) {
            SpansAnalysis spans = new SpansAnalysis(options);
            return AnalysisRun.run(set, List.of(spans), ProgressListener.NONE).get(0);
        }
    }

    private static AnalysisOptions options() {
        return AnalysisOptions.DEFAULT.withLimit(100).withSpans(List.of(SpanDefinition.parse(SpanScenarios.REQUEST)));
    }

    /** Each row's parts add up to its wall time exactly (in the table per name, and per span). */
    static void assertPartsAddUp(Report r) {
        for (String key : List.of("spans", "spans_slowest")) {
            Table t = r.table(key);
            for (int row = 0; row < t.rows().size(); row++) {
                long sum = 0;
                for (String p : PARTS) {
                    sum += (Long) t.cell(row, p);
                }
                assertEquals((Long) t.cell(row, "wall_ns"), sum, key + " row " + row + " " + t.cell(row, "span"));
            }
        }
    }

    @Test
    void eachSpansWallTimeSplitsIntoTheKernelThreadsStates() throws Exception {
        for (KernelTracer tracer : SpanScenarios.TRACERS) {
            Path[] traces = session(tracer);
            long o = new KernelTraceWriter(TestPaths.workDir("spans-offset"), tracer, List.of(), false).clockOffset();
            Report r = run(List.of(traces), options());
            String who = SpanScenarios.name(tracer);
            Table slow = r.table("spans_slowest");
            assertEquals(SPANS.size(), slow.rows().size(), who);
            for (Expected e : SPANS) {
                int row = -1;
                for (int i = 0; i < slow.rows().size(); i++) {
                    if (slow.cell(i, "begin").equals(o + e.begin()) && slow.cell(i, "span").equals(e.span())) {
                        row = i;
                    }
                }
                String what = who + " " + e.span() + " at " + e.begin();
                assertTrue(row >= 0, what + " listed: " + slow.rows().size());
                assertEquals(e.wall(), slow.cell(row, "wall_ns"), what);
                assertEquals(e.self(), slow.cell(row, "self_ns"), what);
                assertEquals((long) e.depth(), slow.cell(row, "depth"), what);
                assertEquals(e.vtid(), slow.cell(row, "vtid"), what);
                assertEquals(e.tid(), slow.cell(row, "tid"), what);
                for (String p : PARTS) {
                    assertEquals(e.parts().getOrDefault(p, 0L), slow.cell(row, p), what + " " + p);
                }
                assertEquals(e.blockedIn(), slow.cell(row, "blocked_in"), what);
            }
            assertPartsAddUp(r);

            Table perName = r.table("spans");
            Map<String, Integer> rows = new LinkedHashMap<>();
            for (int i = 0; i < perName.rows().size(); i++) {
                rows.put((String) perName.cell(i, "span"), i);
            }
            assertEquals(List.of("request", "0x401000", "0x404000", "0x402000", "0x403000", "0x405000"),
                    new ArrayList<>(rows.keySet()), who + ": the most time first");
            int q = rows.get("request");
            assertEquals(5L, perName.cell(q, "spans"), who);
            assertEquals(1L, perName.cell(q, "unfinished"), who);
            assertEquals(60_000L, perName.cell(q, "wall_ns"), who);
            assertEquals(10_000L, perName.cell(q, "min_ns"), who);
            assertEquals(15_000L, perName.cell(q, "max_ns"), who);
            assertEquals(12_000.0, perName.cell(q, "mean_ns"), who);
            assertEquals(55_000L, perName.cell(q, "self_ns"), who);
            assertEquals(28_900L, perName.cell(q, "user_ns"), who);
            assertEquals(3_700L, perName.cell(q, "system_ns"), who);
            assertEquals(500L, perName.cell(q, "irq_ns"), who);
            assertEquals(6_300L, perName.cell(q, "wait_cpu_ns"), who);
            assertEquals(8_200L, perName.cell(q, "wait_io_ns"), who);
            assertEquals(12_400L, perName.cell(q, "wait_blocked_ns"), who);
            assertEquals(0L, perName.cell(q, "unknown_ns"), who);
            assertEquals(0L, perName.cell(q, "unmatched_ns"), who);
            int abandoned = rows.get("0x405000");
            assertEquals(0L, perName.cell(abandoned, "spans"), who);
            assertEquals(1L, perName.cell(abandoned, "abandoned"), who);
            assertEquals(1L, perName.cell(rows.get("0x403000"), "unfinished"), who);

            Table causes = r.table("span_blocked_by_cause");
            assertEquals(2, causes.rows().size(), who);
            assertEquals(List.of("request", "reading a pipe", 8_500L), List.of(causes.rows().get(0)), who);
            assertEquals(List.of("request", "sleeping by choice (nanosleep)", 3_900L), List.of(causes.rows().get(1)), who);
            Table wakers = r.table("span_blocked_by_waker");
            assertEquals(List.of("request", "thread", "801 writer", 8_500L), List.of(wakers.rows().get(0)), who);
            assertEquals(List.of("request", "timer", "timer expiry", 3_900L), List.of(wakers.rows().get(1)), who);
            assertTrue(r.notes().contains("user-space threads matched to kernel threads: 1 by vtid, 1 by the CPU they "
                    + "ran on (in a PID namespace: their vtid is not their kernel TID), 0 not matched (their spans' "
                    + "time is unmatched_ns)"), who + " " + r.notes());
        }
    }

    /**
     * The same session's user-space trace recorded without any context: each event's thread is the one the kernel ran
     * on its CPU then, so every span gets the same kernel thread and the same parts, to the ns, as with the vtid. One
     * more entry, at the very ns of a context switch on its CPU, is counted as ambiguous whichever comes first in the
     * merge: before the switch it is app's (two threads), after it the hog's (three).
     */
    @Test
    void withoutAVtidEachEventIsTheThreadOnItsCpu() throws Exception {
        KernelTracer tracer = SpanScenarios.TRACERS.get(SpanScenarios.TRACERS.size() - 1);
        for (boolean ustFirst : List.of(true, false)) {
            Path kernel = TestPaths.workDir("spans-no-context-" + ustFirst + "/kernel");
            Path ust = TestPaths.workDir("spans-no-context-" + ustFirst + "/ust");
            SpanScenarios.kernel(kernel, tracer);
            SpanScenarios.ust(ust, false, true, ustFirst);
            long o = new KernelTraceWriter(TestPaths.workDir("spans-offset"), tracer, List.of(), false).clockOffset();
            Report r = run(List.of(kernel, ust), options());
            Table slow = r.table("spans_slowest");
            for (Expected e : SPANS) {
                int row = -1;
                for (int i = 0; i < slow.rows().size(); i++) {
                    if (slow.cell(i, "begin").equals(o + e.begin()) && slow.cell(i, "span").equals(e.span())) {
                        row = i;
                    }
                }
                String what = e.span() + " at " + e.begin();
                assertTrue(row >= 0, what + " listed");
                assertEquals(e.wall(), slow.cell(row, "wall_ns"), what);
                assertEquals(null, slow.cell(row, "vtid"), what + ": the events name no thread");
                assertEquals(e.tid(), slow.cell(row, "tid"), what);
                for (String p : PARTS) {
                    assertEquals(e.parts().getOrDefault(p, 0L), slow.cell(row, p), what + " " + p);
                }
                assertEquals(e.blockedIn(), slow.cell(row, "blocked_in"), what);
            }
            assertPartsAddUp(r);
            assertTrue(r.notes().contains("user-space threads matched by the thread their kernel ran on the event's CPU "
                    + "at its time (events without a vtid context): " + (ustFirst ? 2 : 3) + " threads, 20 events; 1 at "
                    + "the very instant of a context switch on their CPU, whose thread is ambiguous (taken as the "
                    + "merge's order gives it)"), String.join("\n", r.notes()));
            assertTrue(r.notes().stream().noneMatch(n -> n.contains("carry no vtid context") || n.contains("by vtid")),
                    String.join("\n", r.notes()));
        }
    }

    /** babeltrace2 reads both traces of the session back as written. */
    @Test
    void babeltraceReadsTheSession() throws Exception {
        KernelTracer tracer = SpanScenarios.TRACERS.get(SpanScenarios.TRACERS.size() - 1);
        KernelTraceWriter k = SpanScenarios.kernel(TestPaths.workDir("spans-bt2/kernel"), tracer);
        CtfTraceWriter u = SpanScenarios.ust(TestPaths.workDir("spans-bt2/ust"));
        assertTrue(WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(k.ctf()) > 40);
        assertEquals(19, WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(u));
    }

    /** In one pass with the process and waits analyses, the spans hear that pass's states: the same tables. */
    @Test
    void oneProcessAnalysisServesTheRun() throws Exception {
        Path[] traces = session(SpanScenarios.TRACERS.get(2));
        Report alone = run(List.of(traces), options());
        try (CtfTraceSet set = CtfTraceSet.open(List.of(traces))) {
            SpansAnalysis spans = new SpansAnalysis(options());
            ProcessAnalysis process = new ProcessAnalysis(options());
            WaitsAnalysis waits = new WaitsAnalysis(options());
            List<Report> reports = AnalysisRun.run(set, List.of(process, waits, spans), ProgressListener.NONE);
            Report shared = reports.get(2);
            assertSameSpans(alone, shared);
        }
    }

    /**
     * Every span kept for a view that draws each one (Trace Compass's spans time graph): the rows of the slowest spans'
     * table with a limit above their number, in the order they began, parts and blocked-in included.
     */
    @Test
    void everySpanIsARowOfTheSlowestSpans() throws Exception {
        Path[] traces = session(SpanScenarios.TRACERS.get(2));
        Report limited = run(List.of(traces), options());
        try (CtfTraceSet set = CtfTraceSet.open(List.of(traces))) {
            SpansAnalysis spans = new SpansAnalysis(options()).keepingEvery();
            Report report = AnalysisRun.run(set, List.of(spans), ProgressListener.NONE).get(0);
            Table every = spans.every();
            List<Object[]> slowest = new ArrayList<>(limited.table("spans_slowest").rows());
            slowest.sort(java.util.Comparator.comparingLong((Object[] r) -> (Long) r[0])
                    .thenComparingLong(r -> (Long) r[every.columnIndex("depth")]));
            assertEquals(SPANS.size(), every.rows().size());
            for (int i = 0; i < slowest.size(); i++) {
                assertArrayEquals(slowest.get(i), every.rows().get(i), "span " + i);
            }
            assertEquals(limited.table("spans").rows().size(), report.table("spans").rows().size(), "the same report");
        }
    }

    /** The built-in example {@code examples/spans-session} is this session (lttng-modules 2.13): the same spans. */
    @Test
    void theExampleIsTheSession() throws Exception {
        Path example = TestPaths.repository().resolve("examples/spans-session");
        Report fromExample = run(List.of(example.resolve("kernel"), example.resolve("ust")), options());
        Report written = run(List.of(session(SpanScenarios.TRACERS.get(2))), options());
        assertSameSpans(written, fromExample);
    }

    /** The two reports' span tables (per name, slowest, blocked by cause and by waker) hold the same rows. */
    private static void assertSameSpans(Report expected, Report actual) {
        for (String key : List.of("spans", "spans_slowest", "span_blocked_by_cause", "span_blocked_by_waker")) {
            assertEquals(expected.table(key).rows().size(), actual.table(key).rows().size(), key);
            List<Object[]> rows = actual.table(key).rows();
            for (int i = 0; i < rows.size(); i++) {
                assertArrayEquals(expected.table(key).rows().get(i), rows.get(i), key + " row " + i);
            }
        }
    }

    /** Without the kernel trace: wall times and counts, no split, and a note saying what would give it. */
    @Test
    void withoutTheKernelTraceOnlyWallTimes() throws Exception {
        Path[] traces = session(SpanScenarios.TRACERS.get(2));
        Report r = run(List.of(traces[1]), options());
        Table perName = r.table("spans");
        assertEquals("request", perName.cell(0, "span"));
        assertEquals(5L, perName.cell(0, "spans"));
        assertEquals(60_000L, perName.cell(0, "wall_ns"));
        assertEquals(55_000L, perName.cell(0, "self_ns"));
        for (String p : PARTS) {
            assertNull(perName.cell(0, p), p);
        }
        assertTrue(r.table("span_blocked_by_cause").rows().isEmpty());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("needs the kernel trace of the same session")), r.notes()
                .toString());
        assertTrue(r.summary().contains("no breakdown (no kernel trace)"), r.summary());
    }

    /**
     * Paired by the request id instead of per thread: the same spans and splits; but a span paired by a field is no
     * thread's open span, so the functions inside request 1 are not inside it (its self time is its wall time).
     */
    @Test
    void pairedByAField() throws Exception {
        Path[] traces = session(SpanScenarios.TRACERS.get(2));
        AnalysisOptions byId = AnalysisOptions.DEFAULT.withLimit(100)
                .withSpans(List.of(SpanDefinition.parse(SpanScenarios.REQUEST + "@id")));
        Report r = run(List.of(traces), byId);
        Table perName = r.table("spans");
        assertEquals("request", perName.cell(0, "span"));
        assertEquals(5L, perName.cell(0, "spans"));
        assertEquals(1L, perName.cell(0, "unfinished"));
        assertEquals(60_000L, perName.cell(0, "wall_ns"));
        assertEquals(60_000L, perName.cell(0, "self_ns"));
        assertEquals(28_900L, perName.cell(0, "user_ns"));
        assertEquals(8_200L, perName.cell(0, "wait_io_ns"));
        assertEquals(12_400L, perName.cell(0, "wait_blocked_ns"));
        assertEquals(6_300L, perName.cell(0, "wait_cpu_ns"));
        assertPartsAddUp(r);
        Table slow = r.table("spans_slowest");
        for (int i = 0; i < slow.rows().size(); i++) {
            if (slow.cell(i, "span").equals("0x401000")) {
                assertEquals(0L, slow.cell(i, "depth"), "not inside the request paired by its id");
            }
        }
    }

    /** A span counts in the range when it ends in it. */
    @Test
    void aSpanCountsInTheRangeItEndsIn() throws Exception {
        KernelTracer tracer = SpanScenarios.TRACERS.get(2);
        Path[] traces = session(tracer);
        long o = new KernelTraceWriter(TestPaths.workDir("spans-offset"), tracer, List.of(), false).clockOffset();
        AnalysisOptions options = new AnalysisOptions(new TimeRange(o + 40_000, o + 90_000), AnalysisOptions.GroupBy.THREAD)
                .withSpans(List.of(SpanDefinition.parse(SpanScenarios.REQUEST)));
        Table perName = run(List.of(traces), options).table("spans");
        assertEquals("request", perName.cell(0, "span"));
        assertEquals(3L, perName.cell(0, "spans"), "requests 2, 3 and 4");
        assertEquals(40_000L, perName.cell(0, "wall_ns"));
        assertEquals(0L, perName.cell(0, "unfinished"), "request 6 begins after the range");
    }

    /** The command line: --span, every format, and clear errors for a bad definition or a missing event. */
    @Test
    void commandLine() throws Exception {
        Path[] traces = session(SpanScenarios.TRACERS.get(2));
        LauncherTest.Result text = InProcessCli.run("analyze", "--analysis", "spans", "--span", SpanScenarios.REQUEST,
                traces[0].toString(), traces[1].toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().startsWith("Spans: kernel (kernel), ust (ust)"), text.out());
        assertTrue(text.out().contains("8 spans of 6 names"), text.out());
        LauncherTest.Result json = InProcessCli.run("analyze", "--analysis", "spans", "--format", "json", "--span",
                SpanScenarios.REQUEST, traces[0].getParent().toString());
        assertEquals(0, json.code(), json.err());
        assertTrue(json.out().contains("\"wait_io_ns\""), json.out());
        LauncherTest.Result lami = InProcessCli.run("lami", "spans", "--span", SpanScenarios.REQUEST,
                traces[0].toString(), traces[1].toString());
        assertEquals(0, lami.code(), lami.err());
        assertTrue(lami.out().contains("\"results\""), lami.out());

        LauncherTest.Result bad = InProcessCli.run("analyze", "--analysis", "spans", "--span", "request=oops",
                traces[1].toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("'request=oops' is not a span definition: expected NAME=PROVIDER:BEGIN.."
                + "PROVIDER:END[@FIELD]"), bad.err());
        assertTrue(!bad.err().contains("Exception"), bad.err());
        LauncherTest.Result missing = InProcessCli.run("analyze", "--analysis", "spans", "--span",
                "x=app:nosuch..app:request_end", traces[1].toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("--span x=app:nosuch..app:request_end: no user-space trace declares the "
                + "event app:nosuch"), missing.err());
        LauncherTest.Result noField = InProcessCli.run("analyze", "--analysis", "spans", "--span",
                SpanScenarios.REQUEST + "@nosuch", traces[1].toString());
        assertEquals(1, noField.code());
        assertTrue(noField.err().contains("has no payload field nosuch"), noField.err());
        LauncherTest.Result kernelOnly = InProcessCli.run("analyze", "--analysis", "spans", traces[0].toString());
        assertEquals(1, kernelOnly.code());
        assertTrue(kernelOnly.err().contains("the spans analysis needs user-space events that open and close spans"),
                kernelOnly.err());
    }
}

package org.lttbench.tests.analysis.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.analysis.process.ProcessScenarios.Scenario;
import org.lttbench.tests.analysis.process.ProcessScenarios.Written;
import org.lttbench.tests.writer.CtfTraceWriter.WrittenEvent;
import org.lttbench.tests.writer.KernelTracer;

/**
 * The process analysis, over scenario traces read by our CTF reader, gives each thread exactly the times the
 * scenario meant, to the ns, for every tracer version; for the whole trace and for time ranges (whose answers
 * follow from the intended timeline clipped to the range: a second, independent computation).
 */
class ProcessAnalysisScenarioTest {
    static final String[] KEYS = { "user_ns", "system_ns", "irq_ns", "wait_cpu_ns", "wait_io_ns", "wait_blocked_ns",
            "unknown_ns" };
    static final ThreadState[] STATES = { ThreadState.USER, ThreadState.SYSCALL, ThreadState.IRQ, ThreadState.WAIT_CPU,
            ThreadState.WAIT_IO, ThreadState.WAIT_BLOCKED, ThreadState.UNKNOWN };

    @ParameterizedTest(name = "{0}")
    @MethodSource(ProcessScenarioTest.EACH)
    void wholeTrace(String label, Scenario scenario, KernelTracer tracer) throws Exception {
        Written w = scenario.writeFor("-analysis", tracer);
        long offset = w.writer().clockOffset();
        long first = Long.MAX_VALUE;
        for (WrittenEvent e : w.writer().ctf().writtenEvents()) {
            first = Math.min(first, e.timestamp());
        }
        Report report = ProcessRun.run(w.dir(), AnalysisOptions.DEFAULT);
        assertEquals(new TimeRange(first, offset + w.intended().end()), report.range(), "the range the report covers");
        boolean io = ioKnown(tracer);
        assertRows(w.intended(), report.table("threads"), Long.MIN_VALUE, Long.MAX_VALUE, report.range().duration(), io);
        for (String note : report.notes()) {
            assertFalse(note.contains("contradicted") || note.contains("never named") || note.contains("to tell user from system")
                    || note.contains("before their wakeup"), "no guess or inconsistency in a consistent scenario: " + note);
        }
        assertEquals(!io, report.notes().stream().anyMatch(n -> n.contains("I/O wait cannot be told")),
                "the report says when I/O wait cannot be told: " + report.notes());
        assertEquals(scenario.syscalls().isEmpty(), report.notes().stream().anyMatch(n -> n.contains("no system call events")),
                "the report says when user and system time are unknown");
        List<Integer> missing = w.intended().missingCpus();
        assertEquals(!missing.isEmpty(), report.notes().stream().anyMatch(n -> n.startsWith("partial trace: its events name CPU(s) "
                + missing.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")) + " but")),
                "the report names the CPUs whose stream is missing: " + report.notes());
        assertDevices(w.intended(), report, io);
        assertInFlightCheck(w, report, io);
        if (scenario.name().equals("disk-io-lost-completion")) {
            boolean checked = io && !tracer.omitted().contains("block_rq_issue");
            assertEquals(checked, report.notes().stream().anyMatch(n -> n.startsWith("1 block request(s) had no "
                    + "completion within 30 s of their issue")), "the report says a request timed out: " + report.notes());
        }
    }

    /**
     * The I/O wait check's figures: the intended I/O waits, and their overlap with the union of [issue, complete] of
     * the requests the scenario wrote (matched by device and sector, from the written events).
     */
    static void assertInFlightCheck(Written w, Report report, boolean io) {
        long offset = w.writer().clockOffset();
        Map<List<Object>, Long> issued = new HashMap<>();
        List<long[]> inFlight = new ArrayList<>();
        long first = Long.MAX_VALUE;
        for (WrittenEvent e : w.writer().ctf().writtenEvents()) {
            first = Math.min(first, e.timestamp() - offset);
        }
        for (WrittenEvent e : w.writer().ctf().writtenEvents()) {
            // perf's tracepoints: subsystem:event, and four common fields before their own; and the CPU first where
            // the events say it
            String name = e.name().substring(e.name().indexOf(':') + 1);
            int own = (e.name().contains(":") ? 4 : 0) + (w.writer().tracer().eventCpuField() == null ? 0 : 1);
            if (!name.startsWith("block_rq_")) {
                continue;
            }
            List<Object> key = List.of(e.payload().get(own), e.payload().get(own + 1));
            long t = e.timestamp() - offset;
            // a request with no completion 30 s after its issue (Linux's timeout: its completion was lost) was in
            // flight until then, no longer
            issued.values().removeIf(since -> {
                boolean lost = t - since >= ProcessScenarios.REQUEST_TIMEOUT_NS;
                if (lost) {
                    inFlight.add(new long[] { since, since + ProcessScenarios.REQUEST_TIMEOUT_NS });
                }
                return lost;
            });
            if (name.equals("block_rq_issue")) {
                issued.putIfAbsent(key, t);
            } else if (name.equals("block_rq_complete")) {
                // a completion without an issue: in flight since before the trace
                Long since = issued.remove(key);
                inFlight.add(new long[] { since != null ? since : first, t });
            }
        }
        long end = w.intended().end();
        issued.values().forEach(since -> inFlight.add(new long[] { since, Math.min(end, since + ProcessScenarios.REQUEST_TIMEOUT_NS) }));
        long total = 0;
        long within = 0;
        for (IntendedTimeline.IoWait wait : w.intended().ioWaits()) {
            total += wait.to() - wait.from();
            for (long t = wait.from(); t < wait.to(); t++) {
                final long at = t;
                if (inFlight.stream().anyMatch(f -> f[0] <= at && at < f[1])) {
                    within++;
                }
            }
        }
        String check = report.notes().stream().filter(n -> n.startsWith("I/O wait check")).findFirst().orElse(null);
        // below 90 % within requests in flight, the tables and the summary say the figure is doubtful
        boolean doubtful = io && total > 0 && within < 0.9 * total;
        for (Table t : report.tables()) {
            assertEquals(doubtful ? List.of("Wait I/O doubtful") : List.of(),
                    t.warnings().stream().map(Table.Warning::brief).toList(), t.key() + " warnings");
        }
        assertEquals(doubtful, report.summary().contains("I/O wait doubtful"), report.summary());
        if (!io || total == 0) {
            assertNull(check, "no check without I/O waits: " + report.notes());
            return;
        }
        assertEquals(String.format(java.util.Locale.ROOT, "I/O wait check (whole trace): %.1f%% of %.3f ms of I/O wait "
                + "lies within intervals when block requests were in flight (block_rq_issue to block_rq_complete)",
                100.0 * within / total, total / 1e6), check);
    }

    /** Whether the scenario's trace records block completions (else I/O waits cannot be told). */
    static boolean ioKnown(KernelTracer tracer) {
        return !tracer.omitted().contains("block_rq_complete");
    }

    /**
     * The I/O wait per device is the scenario's I/O waits per device; and where the trace has block_rq_issue, the
     * check against requests in flight gives the intended waits' overlap with [issue, complete] of the requests the
     * scenario wrote (computed here from the written events).
     */
    static void assertDevices(IntendedTimeline x, Report report, boolean io) {
        boolean listed = report.tables().stream().anyMatch(t -> t.key().equals("io_devices"));
        assertEquals(io, listed, "a per-device table only when I/O waits can be told");
        if (!io) {
            return;
        }
        Table devices = report.table("io_devices");
        Map<String, long[]> expected = new HashMap<>();
        for (IntendedTimeline.IoWait wait : x.ioWaits()) {
            long[] v = expected.computeIfAbsent(wait.device(), d -> new long[3]);
            v[0] += wait.to() - wait.from();
            v[1]++;
            v[2] = Math.max(v[2], wait.to() - wait.from());
        }
        Map<String, List<Long>> actual = new HashMap<>();
        for (int r = 0; r < devices.rows().size(); r++) {
            actual.put((String) devices.cell(r, "device"), List.of((Long) devices.cell(r, "wait_io_ns"),
                    (Long) devices.cell(r, "waits"), (Long) devices.cell(r, "longest_ns")));
        }
        Map<String, List<Long>> want = new HashMap<>();
        expected.forEach((d, v) -> want.put(d, List.of(v[0], v[1], v[2])));
        assertEquals(want, actual, "I/O wait per device");
    }

    /** Ranges cut across states at arbitrary points: the analysis equals the intended timeline clipped to them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ProcessScenarioTest.EACH)
    void timeRanges(String label, Scenario scenario, KernelTracer tracer) throws Exception {
        Written w = scenario.writeFor("-ranges", tracer);
        long offset = w.writer().clockOffset();
        long start = 1_000;
        long end = w.intended().end();
        long[][] cuts = { { start, end }, { start + 1, end - 1 }, { start + (end - start) / 7, start + (end - start) * 3 / 7 },
                { start + (end - start) * 3 / 7, end }, { start + 333, start + (end - start) / 2 + 17 } };
        for (long[] cut : cuts) {
            TimeRange range = new TimeRange(offset + cut[0], offset + cut[1]);
            Report report = ProcessRun.run(w.dir(), new AnalysisOptions(range, AnalysisOptions.GroupBy.THREAD));
            assertEquals(range, report.range(), "covered range");
            assertRows(w.intended(), report.table("threads"), cut[0], cut[1], range.duration(), ioKnown(tracer));
        }
    }

    /**
     * Every row is an intended thread with its intended times within [from, to] (clock values). Where the thread ran
     * without the trace telling user from system, both are unknown (null); where the trace cannot tell I/O waits
     * ({@code io} false), I/O wait is unknown and the intended I/O waits are blocked time.
     */
    static void assertRows(IntendedTimeline x, Table table, long from, long to, long rangeNs, boolean io) {
        Map<String, Integer> rowOf = new HashMap<>();
        for (int r = 0; r < table.rows().size(); r++) {
            Long tid = (Long) table.cell(r, "tid");
            assertNotNull(tid, "no placeholder row: every CPU's thread is named");
            String key = tid == 0 ? "idle/" + ((String) table.cell(r, "name")).substring("swapper/".length()) : tid.toString();
            assertNull(rowOf.put(key, r), "one row per thread: " + key);
        }
        List<String> expectedKeys = new ArrayList<>();
        for (IntendedTimeline.Thread t : x.threads().values()) {
            Map<ThreadState, Long> totals = t.totals(x.end(), from, to);
            long alive = 0;
            for (ThreadState s : STATES) {
                alive += totals.get(s);
            }
            alive += totals.get(ThreadState.USER_OR_SYSTEM);
            Integer r = rowOf.get(t.key);
            if (alive == 0) {
                continue; // not alive in the range
            }
            expectedKeys.add(t.key);
            if (r == null) {
                fail("no row for thread " + t.key + " (" + t.name + ")");
            }
            assertEquals(t.name, table.cell(r, "name"), "name of " + t.key);
            assertEquals(t.pid < 0 ? null : (Long) (long) t.pid, table.cell(r, "pid"), "pid of " + t.key);
            long unsplit = totals.get(ThreadState.USER_OR_SYSTEM);
            for (int i = 0; i < KEYS.length; i++) {
                Long want = totals.get(STATES[i]);
                if (unsplit > 0 && (STATES[i] == ThreadState.USER || STATES[i] == ThreadState.SYSCALL)) {
                    want = null;
                } else if (!io && STATES[i] == ThreadState.WAIT_IO) {
                    want = null;
                } else if (!io && STATES[i] == ThreadState.WAIT_BLOCKED) {
                    want += totals.get(ThreadState.WAIT_IO);
                }
                assertEquals(want, table.cell(r, KEYS[i]), KEYS[i] + " of thread " + t.key);
            }
            long running = totals.get(ThreadState.USER) + totals.get(ThreadState.SYSCALL) + totals.get(ThreadState.IRQ)
                    + unsplit;
            assertEquals(running, table.cell(r, "running_ns"), "running_ns of thread " + t.key);
            assertEquals((double) running / rangeNs, (Double) table.cell(r, "running_ratio"), 1e-12, "ratio of " + t.key);
        }
        assertEquals(expectedKeys.size(), table.rows().size(), "rows: expected " + expectedKeys + ", got " + rowOf.keySet());
        // Sorted by running time, the CPUs' idle threads (PID 0) after every other thread.
        List<Long> running = new ArrayList<>();
        List<Boolean> idle = new ArrayList<>();
        for (int r = 0; r < table.rows().size(); r++) {
            running.add((Long) table.cell(r, "running_ns"));
            idle.add(Long.valueOf(0).equals(table.cell(r, "pid")));
        }
        for (int r = 1; r < running.size(); r++) {
            assertTrue(!idle.get(r - 1) || idle.get(r), "idle threads last");
            assertTrue(idle.get(r - 1) != idle.get(r) || running.get(r - 1) >= running.get(r), "rows sorted by running time");
        }
    }
}

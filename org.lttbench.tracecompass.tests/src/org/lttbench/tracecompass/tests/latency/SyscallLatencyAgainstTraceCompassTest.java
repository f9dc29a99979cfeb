package org.lttbench.tracecompass.tests.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.eclipse.tracecompass.analysis.timing.core.segmentstore.ISegmentStoreProvider;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.tracecompass.core.latency.LatencySegment;
import org.lttbench.tracecompass.core.latency.SyscallLatencyModule;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * LTTbench's system call segments ({@link SyscallLatencyModule}) against Trace Compass's own
 * {@code SystemCallLatencyAnalysis} ({@code org.eclipse.tracecompass.analysis.os.linux.latency.syscall}), both
 * scheduled as Trace Compass schedules them on the same opened LTTng kernel trace, on every shared kernel trace with
 * system call events and on the two {@code kernel-scp} traces, which have none (both stores empty). Calls are matched
 * by TID, name, entry and exit to the nanosecond: every call of LTTbench is one of Trace Compass's, so per call name
 * the counts and the durations (total, min, max) are equal but for the calls Trace Compass has and LTTbench does not,
 * each explained and the explanation checked in the trace's own events:
 * <ul>
 * <li><b>A call during which the thread went to a CPU the trace lacks</b> ({@code kernel-uneven-streams-partial}
 * holds one CPU stream of four): a {@code sched_waking}/{@code sched_wakeup} targets, or a {@code sched_migrate_task}
 * moves the thread to, a CPU without a stream between the call's entry and exit. What the thread did there is not in
 * the trace (other calls may have begun and ended unseen), so LTTbench leaves the call unmeasured, as it does the
 * thread's wait for a CPU; Trace Compass pairs the entry with the next exit it sees of that TID.</li>
 * </ul>
 * Beside that, the store holds exactly the calls LTTbench's own {@code syscalls} table counts, and Trace Compass's
 * segment statistics data provider, given LTTbench's module as its secondary id, gives per call that table's count,
 * total, min and max. What was measured is written to {@code syscalls-vs-tracecompass.md} in the test work directory.
 */
class SyscallLatencyAgainstTraceCompassTest {
    private static final String TC_SYSCALLS = "org.eclipse.tracecompass.analysis.os.linux.latency.syscall";

    /** One call: who, which, when. */
    record Call(int tid, String name, long start, long end) {
        long duration() {
            return end - start;
        }
    }

    /** Per trace: LTTbench's calls, and Trace Compass's calls explained (a CPU the trace lacks), as measured here. */
    static Stream<Arguments> traces() {
        return Stream.of(Arguments.of("kernel-many-threads", 70_056, 0), Arguments.of("kernel-arm-bug446190", 1_801, 0),
                Arguments.of("kernel-uneven-streams-partial", 7_054, 53), Arguments.of("kernel-scp-src", 0, 0),
                Arguments.of("kernel-scp-dest", 0, 0));
    }

    private static final StringBuilder REPORT = new StringBuilder(
            "# LTTbench's system call segments against Trace Compass's SystemCallLatencyAnalysis\n");

    @AfterAll
    static void writeReport() throws IOException {
        TraceCompassTraces.writeReport("syscalls-vs-tracecompass.md", REPORT);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void sameCallsAsTraceCompass(String traceName, int expectedCalls, int expectedExplained) throws Exception {
        Path dir = TraceCompassTraces.shared(traceName);
        LttngKernelTrace trace = TraceCompassTraces.kernel(dir);
        StringBuilder report = new StringBuilder("\n## " + traceName + "\n\n");
        try {
            IAnalysisModule ours = trace.getAnalysisModule(SyscallLatencyModule.ID);
            assertTrue(ours instanceof SyscallLatencyModule, "Trace Compass offers LTTbench's system call latency");
            long t0 = System.nanoTime();
            ours.schedule();
            assertTrue(ours.waitForCompletion(), String.valueOf(ours.getFailureCause()));
            long oursNs = System.nanoTime() - t0;
            IAnalysisModule theirs = trace.getAnalysisModule(TC_SYSCALLS);
            assertNotNull(theirs, "Trace Compass's own system call latency");
            t0 = System.nanoTime();
            theirs.schedule();
            assertTrue(theirs.waitForCompletion());
            long theirsNs = System.nanoTime() - t0;
            ISegmentStore<ISegment> lbStore = ((ISegmentStoreProvider) ours).getSegmentStore();
            ISegmentStore<ISegment> tcStore = ((ISegmentStoreProvider) theirs).getSegmentStore();
            assertNotNull(lbStore);
            assertNotNull(tcStore);

            List<Call> lb = new ArrayList<>();
            for (ISegment s : lbStore) {
                LatencySegment c = (LatencySegment) s;
                lb.add(new Call(c.tid(), c.name(), c.start(), c.end()));
            }
            ISegmentAspect tidAspect = aspect((ISegmentStoreProvider) theirs, "TID");
            List<Call> tc = new ArrayList<>();
            for (ISegment s : tcStore) {
                tc.add(new Call(((Number) tidAspect.resolve(s)).intValue(), ((INamedSegment) s).getName(),
                        s.getStart(), s.getEnd()));
            }
            assertEquals(expectedCalls, lb.size(), "LTTbench's calls on " + traceName);

            // LTTbench's figures: its syscalls table (the command line's: the module's pass leaves it out), and
            // Trace Compass's statistics provider over the store
            Report syscalls = AnalysisRun.run(TraceCompassTraces.module(trace).results().traces(),
                    List.of(SyscallLatencyAnalysis.PROVIDER.create(AnalysisOptions.DEFAULT)), ProgressListener.NONE)
                    .get(0);
            Map<String, List<Long>> table = perCall(syscalls);
            assertEquals(lb.size(), table.values().stream().mapToLong(v -> v.get(0)).sum(),
                    "the store holds the calls LTTbench's syscalls table counts");
            assertEquals(table, statistics(lb), "LTTbench's table per call: count, total, min, max of the store's");
            if (!lb.isEmpty()) {
                assertEquals(table, SegmentStatistics.ofProvider(trace, SyscallLatencyModule.ID), "Trace Compass's statistics data provider "
                        + "on LTTbench's module: its table's count, total, min and max per call");
            }

            // every call of LTTbench is Trace Compass's; each of Trace Compass's others is explained
            Map<Call, Integer> onlyLb = multiset(lb);
            Map<Call, Integer> onlyTc = multiset(tc);
            subtract(onlyLb, onlyTc);
            assertEquals(Map.of(), onlyLb, "calls of LTTbench's that Trace Compass does not have");
            CpuMoves moves = CpuMoves.of(dir);
            List<Call> explained = new ArrayList<>();
            List<String> unexplained = new ArrayList<>();
            onlyTc.forEach((c, n) -> {
                String why = moves.toMissingCpu(c);
                for (int i = 0; i < n; i++) {
                    if (why != null) {
                        explained.add(c);
                    } else {
                        unexplained.add(c.toString());
                    }
                }
            });
            assertEquals(List.of(), unexplained, "Trace Compass's calls LTTbench does not have, unexplained");
            assertEquals(expectedExplained, explained.size(), "calls during which the thread went to a CPU the "
                    + "trace lacks, on " + traceName);

            // per call name: Trace Compass's figures less the explained calls' are LTTbench's
            Map<Call, Integer> toDrop = multiset(explained);
            List<Call> tcLessExplained = new ArrayList<>();
            for (Call c : tc) {
                Integer n = toDrop.get(c);
                if (n == null) {
                    tcLessExplained.add(c);
                } else if (n == 1) {
                    toDrop.remove(c);
                } else {
                    toDrop.put(c, n - 1);
                }
            }
            assertEquals(statistics(lb), statistics(tcLessExplained), "per call: count, total, min, max");

            report.append("LTTbench: ").append(lb.size()).append(" calls (the module, with its pass: ")
                    .append(oursNs / 1_000_000).append(" ms); Trace Compass: ").append(tc.size()).append(" (")
                    .append(theirsNs / 1_000_000).append(" ms); equal: ").append(lb.size())
                    .append("; Trace Compass's only, the thread went to a CPU the trace lacks (")
                    .append(moves.missing()).append(" missing): ").append(explained.size()).append('\n');
            Map<String, Integer> byName = new TreeMap<>();
            explained.forEach(c -> byName.merge(c.name(), 1, Integer::sum));
            if (!byName.isEmpty()) {
                report.append("\nexplained, per call: ").append(byName).append('\n');
                explained.stream().sorted(Comparator.comparingLong(Call::start)).limit(10)
                        .forEach(c -> report.append("  ").append(c).append(": ").append(moves.toMissingCpu(c))
                                .append('\n'));
            }
        } finally {
            TraceCompassTraces.close(trace);
            synchronized (REPORT) {
                REPORT.append(report);
            }
        }
    }

    /** Per call: {count, total, min, max} of LTTbench's syscalls table (empty when the analysis did not apply). */
    private static Map<String, List<Long>> perCall(Report syscalls) {
        Map<String, long[]> m = new TreeMap<>();
        Table t = syscalls == null ? null : syscalls.table("syscalls");
        for (int r = 0; t != null && r < t.rows().size(); r++) {
            m.put((String) t.cell(r, "syscall"), new long[] { num(t.cell(r, "calls")), num(t.cell(r, "total_ns")),
                    num(t.cell(r, "min_ns")), num(t.cell(r, "max_ns")) });
        }
        return SegmentStatistics.mapped(m);
    }

    private static long num(Object o) {
        return ((Number) o).longValue();
    }

    /** Per call name: {count, total, min, max} of these calls' durations. */
    private static Map<String, List<Long>> statistics(List<Call> calls) {
        Map<String, long[]> m = new TreeMap<>();
        for (Call c : calls) {
            long[] s = m.computeIfAbsent(c.name(), k -> new long[] { 0, 0, Long.MAX_VALUE, Long.MIN_VALUE });
            s[0]++;
            s[1] += c.duration();
            s[2] = Math.min(s[2], c.duration());
            s[3] = Math.max(s[3], c.duration());
        }
        return SegmentStatistics.mapped(m);
    }

    private static ISegmentAspect aspect(ISegmentStoreProvider p, String name) {
        for (ISegmentAspect a : p.getSegmentAspects()) {
            if (a.getName().equals(name)) {
                return a;
            }
        }
        throw new AssertionError("no aspect " + name);
    }

    private static Map<Call, Integer> multiset(List<Call> calls) {
        Map<Call, Integer> m = new HashMap<>();
        for (Call c : calls) {
            m.merge(c, 1, Integer::sum);
        }
        return m;
    }

    /** Removes from both what they have in common. */
    private static void subtract(Map<Call, Integer> a, Map<Call, Integer> b) {
        for (Call c : new ArrayList<>(a.keySet())) {
            Integer nb = b.get(c);
            if (nb == null) {
                continue;
            }
            int common = Math.min(a.get(c), nb);
            a.merge(c, -common, Integer::sum);
            b.merge(c, -common, Integer::sum);
            a.remove(c, 0);
            b.remove(c, 0);
        }
    }

    /**
     * From the trace's own events: the CPUs it has streams of, and each time a thread was woken onto
     * ({@code sched_waking}, {@code sched_wakeup}, {@code sched_wakeup_new}: {@code target_cpu}) or moved to
     * ({@code sched_migrate_task}: {@code dest_cpu}) a CPU.
     */
    static final class CpuMoves implements RecordSink {
        private final Set<Integer> streamed = new HashSet<>();
        private final Set<Integer> named = new HashSet<>();
        /** TID: {time, CPU} of each move */
        private final Map<Integer, List<long[]>> moves = new HashMap<>();
        private final Map<String, FieldHandle[]> fields = new HashMap<>();

        static CpuMoves of(Path dir) throws IOException {
            return TraceCompassTraces.read(dir, new CpuMoves());
        }

        @Override
        public void event(Event e) {
            streamed.add(e.cpu() >= 0 ? e.cpu() : e.stream().cpu());
            String name = e.type().name();
            String cpuField = switch (name) {
            case "sched_waking", "sched_wakeup", "sched_wakeup_new" -> "target_cpu";
            case "sched_migrate_task" -> "dest_cpu";
            default -> null;
            };
            if (cpuField == null) {
                return;
            }
            FieldHandle[] h = fields.computeIfAbsent(name,
                    k -> new FieldHandle[] { e.type().payloadField("tid"), e.type().payloadField(cpuField) });
            int cpu = (int) e.longValue(h[1]);
            named.add(cpu);
            moves.computeIfAbsent((int) e.longValue(h[0]), k -> new ArrayList<>())
                    .add(new long[] { e.timestamp(), cpu });
        }

        /** The CPUs the events name that the trace has no stream of. */
        Set<Integer> missing() {
            Set<Integer> m = new java.util.TreeSet<>(named);
            m.removeAll(streamed);
            return m;
        }

        /** How the call's thread went to a CPU without a stream during the call, or null. */
        String toMissingCpu(Call c) {
            for (long[] m : moves.getOrDefault(c.tid(), List.of())) {
                if (m[0] >= c.start() && m[0] <= c.end() && !streamed.contains((int) m[1])) {
                    return "to CPU " + m[1] + " at " + m[0];
                }
            }
            return null;
        }
    }
}

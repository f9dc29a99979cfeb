package org.lttbench.tracecompass.tests.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.analysis.timing.core.segmentstore.ISegmentStoreProvider;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.tracecompass.core.latency.SyscallLatencyModule;
import org.lttbench.tracecompass.core.latency.SyscallSegment;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * LTTbench's system call segments ({@link SyscallLatencyModule}) against Trace Compass's own
 * {@code SystemCallLatencyAnalysis}, both run as Trace Compass runs them on the same opened kernel trace.
 */
class SyscallLatencyAgainstTraceCompassTest {
    private static final String TC_SYSCALLS = "org.eclipse.tracecompass.analysis.os.linux.latency.syscall";

    /** One call: who, which, when. */
    record Call(int tid, String name, long start, long end) {
    }

    private static final StringBuilder REPORT = new StringBuilder();

    @AfterAll
    static void writeReport() throws IOException {
        Path out = Path.of(System.getProperty("lttbench.work")).resolve("syscalls-vs-tracecompass.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, REPORT.toString());
        System.out.println(REPORT);
    }

    @ParameterizedTest
    @ValueSource(strings = { "kernel-many-threads", "kernel-arm-bug446190", "kernel-uneven-streams-partial",
            "kernel-scp-src", "kernel-scp-dest" })
    void sameCallsAsTraceCompass(String traceName) throws Exception {
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
            assertNotNull(theirs);
            t0 = System.nanoTime();
            theirs.schedule();
            assertTrue(theirs.waitForCompletion());
            long theirsNs = System.nanoTime() - t0;
            ISegmentStore<ISegment> lb = ((ISegmentStoreProvider) ours).getSegmentStore();
            ISegmentStore<ISegment> tc = ((ISegmentStoreProvider) theirs).getSegmentStore();
            assertNotNull(lb);
            assertNotNull(tc);

            // the store holds every call LTTbench's own syscalls table counts
            Report syscalls = TraceCompassTraces.module(trace).results().report("syscalls");
            Table perCall = syscalls == null ? null : syscalls.table("syscalls");
            long counted = 0;
            for (int r = 0; perCall != null && r < perCall.rows().size(); r++) {
                counted += ((Number) perCall.cell(r, "calls")).longValue();
            }
            List<Call> lbCalls = new ArrayList<>();
            for (ISegment s : lb) {
                SyscallSegment c = (SyscallSegment) s;
                lbCalls.add(new Call(c.tid(), c.name(), c.start(), c.end()));
            }
            assertEquals(counted, lbCalls.size(), "the store holds the calls LTTbench's table counts");

            ISegmentAspect tidAspect = aspect((ISegmentStoreProvider) theirs, "TID");
            List<Call> tcCalls = new ArrayList<>();
            for (ISegment s : tc) {
                tcCalls.add(new Call(((Number) tidAspect.resolve(s)).intValue(), ((INamedSegment) s).getName(),
                        s.getStart(), s.getEnd()));
            }
            Map<Call, Integer> onlyLb = multiset(lbCalls);
            Map<Call, Integer> onlyTc = multiset(tcCalls);
            subtract(onlyLb, onlyTc);
            report.append("LTTbench ").append(lbCalls.size()).append(" calls in ").append(oursNs / 1_000_000)
                    .append(" ms; Trace Compass ").append(tcCalls.size()).append(" in ").append(theirsNs / 1_000_000)
                    .append(" ms\n\n");
            report.append("only LTTbench: ").append(count(onlyLb)).append("\n");
            onlyLb.keySet().stream().sorted(java.util.Comparator.comparingLong(Call::start)).limit(40)
                    .forEach(c -> report.append("  ").append(c).append('\n'));
            report.append("only Trace Compass: ").append(count(onlyTc)).append("\n");
            onlyTc.keySet().stream().sorted(java.util.Comparator.comparingLong(Call::start)).limit(40)
                    .forEach(c -> report.append("  ").append(c).append('\n'));
            Map<String, long[]> byName = new TreeMap<>();
            onlyLb.forEach((c, n) -> byName.computeIfAbsent(c.name(), k -> new long[2])[0] += n);
            onlyTc.forEach((c, n) -> byName.computeIfAbsent(c.name(), k -> new long[2])[1] += n);
            byName.forEach((k, v) -> report.append("  ").append(k).append(": LTTbench only ").append(v[0])
                    .append(", Trace Compass only ").append(v[1]).append('\n'));
        } finally {
            TraceCompassTraces.close(trace);
            synchronized (REPORT) {
                REPORT.append(report);
            }
        }
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

    private static long count(Map<Call, Integer> m) {
        return m.values().stream().mapToLong(Integer::longValue).sum();
    }
}

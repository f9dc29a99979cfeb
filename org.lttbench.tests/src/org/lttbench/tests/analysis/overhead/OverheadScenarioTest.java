package org.lttbench.tests.analysis.overhead;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tests.writer.TraceMetadata.field;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.overhead.CostEstimate;
import org.lttbench.core.analysis.overhead.MachineCalibration;
import org.lttbench.core.analysis.overhead.OverheadAnalysis;
import org.lttbench.core.analysis.overhead.TracepointStats;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.Bt2Gaps;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.analysis.discarded.DiscardedScenarioTest;
import org.lttbench.tests.writer.CtfStreamWriter;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.CtfType;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.TraceMetadata;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;
import org.lttbench.tests.writer.UstMetadata;
import org.lttbench.tests.writer.WrittenTraceCheck;

import com.google.gson.JsonObject;

/**
 * The overhead analysis on user-space traces written with known gaps, counters and processes: the estimate, the perf
 * counter deltas and the share of CPU time come out as constructed; where nothing can be estimated, it says why.
 */
public class OverheadScenarioTest {

    private static TraceMetadata ust() {
        return UstMetadata.metadata(2, 13, "scenario");
    }

    /** A channel whose events carry vpid and vtid, with one event class of that name (one integer field). */
    private static StreamClass threadChannel(TraceMetadata m, String event) {
        StreamClass channel = m.streamClass(HeaderKind.LARGE, List.of(UstMetadata.vpid(), UstMetadata.vtid()), true);
        channel.event(event, field("i", CtfType.u64()));
        return channel;
    }

    /**
     * A tight loop: back-to-back events 150 ns apart; every 100th event opens a packet and the switch adds 2000 ns to
     * the gap after it; ten gaps hold a 50 µs preemption.
     */
    @Test
    void estimateIsTheBackToBackGapPlusTheShareOfSwitches() throws Exception {
        Path dir = TestPaths.workDir("overhead-estimate");
        TraceMetadata m = ust();
        StreamClass channel = threadChannel(m, "scenario:tick");
        int events = 10_000;
        int switches = 0;
        int preemptions = 0;
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, true).packetBytes(1 << 16)) {
            CtfStreamWriter s = w.stream(channel, "channel0", 0);
            long t = 1_000;
            for (int i = 0; i < events; i++) {
                if (i % 100 == 0) {
                    s.openPacket(t);
                }
                s.event(t, "scenario:tick", 40L, 41L, (long) i);
                long gap = 150;
                if (i % 100 == 0) {
                    gap += 2_000;
                    switches += i < events - 1 ? 1 : 0;
                } else if (i % 997 == 0) {
                    gap += 50_000;
                    preemptions++;
                }
                t += gap;
            }
            w.close();
            WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(w);
        }
        assertEquals(100, switches);
        assertEquals(10, preemptions);

        OverheadAnalysis analysis = OverheadAnalysisTest.analyze(List.of(dir));
        TracepointStats tp = analysis.tracepoint("scenario:tick");
        assertEquals(events, tp.events());
        assertEquals(events - 1, tp.allGaps().count());
        CostEstimate e = tp.estimate();
        assertNull(e.why());
        assertEquals(150, e.eventNs(), 1e-9);
        assertEquals(2_000, e.switchNs(), 1e-9);
        double share = switches / (double) (events - 1);
        assertEquals(share, e.switchShare(), 1e-12);
        assertEquals(150 + share * 2_000, e.boundNs(), 1e-9);
        assertEquals((events - 1 - switches - preemptions) / (double) (events - 1 - switches), e.clusterShare(), 1e-12);
        assertEquals(150, tp.allGaps().percentile(0.5), 150 * 0.045);

        Table table = analysis.report().table("tracepoints");
        assertEquals("scenario:tick", table.cell(0, "name"));
        assertEquals(e.boundNs(), table.cell(0, "cost_bound_ns"));
        assertEquals("no", table.cell(0, "bimodal"), "1 % switches and 0.1 % preemptions are not modes");
    }

    /** A thread alternates: an event 200 ns after the previous one, then one 20 µs later (work between them). */
    @Test
    void alternatingGapsAreBimodalAndTheLowestModeIsTheCost() throws Exception {
        Path dir = TestPaths.workDir("overhead-bimodal");
        TraceMetadata m = ust();
        StreamClass channel = threadChannel(m, "scenario:step");
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, true).packetBytes(1 << 16)) {
            long t = 1_000;
            for (int i = 0; i < 2_001; i++) {
                w.stream(channel, "channel0", 0).event(t, "scenario:step", 5L, 5L, (long) i);
                t += i % 2 == 0 ? 200 : 20_000;
            }
            w.close();
            WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(w);
        }
        OverheadAnalysis analysis = OverheadAnalysisTest.analyze(List.of(dir));
        TracepointStats tp = analysis.tracepoint("scenario:step");
        List<Double> modes = tp.allGaps().modes();
        assertEquals(2, modes.size(), modes.toString());
        assertEquals(200, modes.get(0), 200 * 0.045);
        assertEquals(20_000, modes.get(1), 20_000 * 0.045);
        CostEstimate e = tp.estimate();
        assertEquals(200, e.boundNs(), 1e-9);
        // The first event opened the stream's packet: the 200 ns gap after it is a switch gap, not an ordinary one.
        assertEquals(999 / 1999.0, e.clusterShare(), 1e-12);
        Table table = analysis.report().table("tracepoints");
        assertEquals("yes", table.cell(0, "bimodal"));
        assertEquals(2L, table.cell(0, "modes"));
    }

    /**
     * Two threads with perf counter contexts on two CPUs: cycles go up by 300 and 500 in turn, instructions by 120.
     * Thread 21 migrates to CPU 1 for ten events, and CPU 0 discards events once: those pairs are not measured.
     */
    @Test
    void perfCounterDeltasBetweenAThreadsEventsOnOneCpu() throws Exception {
        Path dir = TestPaths.workDir("overhead-pmu");
        TraceMetadata m = ust();
        StreamClass channel = m.streamClass(HeaderKind.LARGE, List.of(UstMetadata.vpid(), UstMetadata.vtid(),
                UstMetadata.perfCounter("perf_thread_cpu_cycles"), UstMetadata.perfCounter("perf_thread_instructions")),
                true);
        channel.event("scenario:work", field("i", CtfType.u64()));
        int n = 1_000;
        List<Long> cycleDeltas = new ArrayList<>();
        List<Long> instructionDeltas = new ArrayList<>();
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, true)) {
            long[] cycles = { 1_000_000, 5_000_000 };
            long[] instructions = { 10, 20 };
            int[] lastCpu = { -1, -1 };
            for (int i = 0; i < n; i++) {
                for (int th = 0; th < 2; th++) {
                    int tid = 21 + th;
                    int cpu = th == 0 && i >= 500 && i < 510 ? 1 : th;
                    long dc = i % 2 == 0 ? 300 : 500;
                    cycles[th] += dc;
                    instructions[th] += 120;
                    CtfStreamWriter s = w.stream(channel, "channel0", cpu);
                    boolean lossBefore = th == 0 && i == 800;
                    if (lossBefore) {
                        // The packet this event opens says CPU 0 discarded 3 events since the previous packet.
                        s.openPacket(10_000L + i * 1_000L);
                        s.discard(3);
                    }
                    s.event(10_000L + i * 1_000L + th * 400, "scenario:work", 7L, (long) tid, cycles[th], instructions[th], (long) i);
                    if (i > 0 && lastCpu[th] == cpu && !lossBefore) {
                        cycleDeltas.add(dc);
                        instructionDeltas.add(120L);
                    }
                    lastCpu[th] = cpu;
                }
            }
            w.close();
            WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(w);
        }
        assertEquals(2 * (n - 1) - 2 - 1, cycleDeltas.size(), "two pairs across the migration, one across the loss");

        OverheadAnalysis analysis = OverheadAnalysisTest.analyze(List.of(dir));
        JsonObject bt2 = Bt2Gaps.of(List.of(dir));
        assertEquals(bt2.getAsJsonObject("tracepoints").getAsJsonObject("scenario:work").get("gaps").getAsLong(),
                analysis.tracepoint("scenario:work").allGaps().count(), "gaps measured, as babeltrace2 pairs them");
        Table counters = analysis.report().table("tracepoint_counters");
        assertEquals(2, counters.rows().size());
        for (int row = 0; row < 2; row++) {
            String counter = (String) counters.cell(row, "counter");
            List<Long> expected = counter.equals("perf_thread_cpu_cycles") ? cycleDeltas : instructionDeltas;
            assertTrue(counter.equals("perf_thread_cpu_cycles") || counter.equals("perf_thread_instructions"), counter);
            assertEquals("scenario:work", counters.cell(row, "name"));
            assertEquals((long) expected.size(), counters.cell(row, "deltas"), counter);
            double mean = expected.stream().mapToLong(Long::longValue).average().orElseThrow();
            double ss = 0;
            for (long d : expected) {
                ss += (d - mean) * (d - mean);
            }
            assertEquals(mean, (Double) counters.cell(row, "mean"), 1e-9, counter);
            assertEquals(Math.sqrt(ss / (expected.size() - 1)), (Double) counters.cell(row, "stddev"), 1e-9, counter);
            assertEquals(expected.stream().mapToLong(Long::longValue).min().orElseThrow(), counters.cell(row, "min"));
            assertEquals(expected.stream().mapToLong(Long::longValue).max().orElseThrow(), counters.cell(row, "max"));
        }
    }

    /**
     * A kernel trace without a tid context: thread 101 makes 100 write system calls (entry, exit 400 ns later, next
     * entry 600 ns after that) on CPU 0; thread 102 runs on CPU 0 between its 50th and 51st calls. Each event's
     * thread is the one the CPU's last sched_switch switched to.
     */
    @Test
    void kernelEventsBelongToTheThreadTheirCpuLastSwitchedTo() throws Exception {
        Path dir = TestPaths.workDir("overhead-kernel");
        try (KernelTraceWriter k = new KernelTraceWriter(dir, KernelTracer.lttng(2, 13, "5.15.0"), List.of("write"), false)) {
            k.schedSwitch(1_000, 0, "swapper/0", 0, 0, "writer", 101);
            long t = 2_000;
            for (int i = 0; i < 100; i++) {
                if (i == 50) {
                    k.schedSwitch(t, 0, "writer", 101, 0x100, "other", 102);
                    k.syscallEntry(t + 5_000, 0, "write");
                    k.syscallExit(t + 5_400, 0, "write", 1);
                    k.schedSwitch(t + 20_000, 0, "other", 102, 1, "writer", 101);
                    t += 30_000;
                }
                k.syscallEntry(t, 0, "write");
                k.syscallExit(t + 400, 0, "write", 1);
                t += 1_000;
            }
        }
        OverheadAnalysis analysis = OverheadAnalysisTest.analyze(List.of(dir));
        TracepointStats entry = analysis.tracepoint("syscall_entry_write");
        TracepointStats exit = analysis.tracepoint("syscall_exit_write");
        assertEquals(101, entry.events());
        // Entries: each followed by its exit (100 of thread 101, 1 of thread 102).
        assertEquals(101, entry.allGaps().count());
        assertEquals(400, entry.estimate().boundNs(), 1e-9);
        // Exits: 98 followed by the next entry 600 ns later; exit 49 by the sched_switch out, 600 ns later too (it runs
        // in thread 101); thread 102's exit by its own switch out, 14.6 µs later. The 30 µs off the CPU follow the
        // sched_switch, not an exit.
        assertEquals(100, exit.allGaps().count());
        assertEquals(600, exit.estimate().boundNs(), 1e-9);
        // Of the three switches: the first has no thread yet; 102 never runs again; 101 does, 30 µs later.
        assertEquals(1, analysis.tracepoint("sched_switch").allGaps().count());
        assertEquals(30_000, analysis.tracepoint("sched_switch").allGaps().percentile(0.5), 30_000 * 0.045);
    }

    /** One event of a tracepoint; a tracepoint without thread context; one that fires once a millisecond. */
    @Test
    void whatCannotBeEstimatedSaysWhy() throws Exception {
        Path dir = TestPaths.workDir("overhead-unknown");
        TraceMetadata m = ust();
        StreamClass withThread = m.streamClass(HeaderKind.LARGE, List.of(UstMetadata.vpid(), UstMetadata.vtid()), true);
        StreamClass noThread = m.streamClass(HeaderKind.LARGE, List.of(UstMetadata.vpid()), true);
        withThread.event("scenario:once", field("v", CtfType.u64()));
        withThread.event("scenario:heartbeat", field("v", CtfType.u64()));
        noThread.event("scenario:anonymous", field("v", CtfType.u64()));
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, true)) {
            CtfStreamWriter a = w.stream(withThread, "threads", 0);
            CtfStreamWriter b = w.stream(noThread, "anonymous", 0);
            a.event(500, "scenario:once", 9L, 90L, 1L);
            for (int i = 0; i < 200; i++) {
                // Two threads, one event each per millisecond: never back to back.
                a.event(1_000_000L * (i + 1), "scenario:heartbeat", 9L, 91L + i % 2, (long) i);
            }
            for (int i = 0; i < 1_000; i++) {
                // Back to back, 100 ns apart, but nothing tells which thread emitted them.
                b.event(1_000L + 100L * i, "scenario:anonymous", 9L, (long) i);
            }
            w.close();
            WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(w);
        }
        OverheadAnalysis analysis = OverheadAnalysisTest.analyze(List.of(dir));
        CostEstimate once = analysis.tracepoint("scenario:once").estimate();
        assertNull(once.boundNs());
        assertTrue(once.why().contains("a single event"), once.why());
        CostEstimate anonymous = analysis.tracepoint("scenario:anonymous").estimate();
        assertNull(anonymous.boundNs());
        assertTrue(anonymous.why().contains("no thread context"), anonymous.why());
        CostEstimate heartbeat = analysis.tracepoint("scenario:heartbeat").estimate();
        assertTrue(heartbeat.why().contains("never back to back"), heartbeat.why());
        assertEquals(2_000_000, heartbeat.lowestModeNs(), 2_000_000 * 0.045, "each thread's gap: 2 ms");
        assertEquals(heartbeat.lowestModeNs(), heartbeat.boundNs(), "never back to back: the bound is the gap");
        assertNull(heartbeat.eventNs());

        Table table = analysis.report().table("tracepoints");
        for (int row = 0; row < table.rows().size(); row++) {
            String name = (String) table.cell(row, "name");
            assertNull(table.cell(row, "cost_ns"), name + ": no calibration given");
            assertEquals(name.equals("scenario:heartbeat"), table.cell(row, "cost_bound_ns") != null, name);
            assertNotNull(table.cell(row, "why"), name);
        }
    }

    /**
     * A kernel and a user-space trace of one session: process 501 runs 10 ms on CPU 0 (thread 501) and 5 ms on CPU 1
     * (thread 502), and emits 1400 events that each cost 250 ns; process 701 emits events but the kernel trace never
     * shows it.
     */
    public static Path[] sessionTraces(String name) throws Exception {
        Path kernelDir = TestPaths.workDir(name + "-kernel");
        try (KernelTraceWriter k = new KernelTraceWriter(kernelDir, KernelTracer.lttng(2, 13, "5.15.0"), List.of(), false)) {
            k.schedSwitch(1_000, 0, "swapper/0", 0, 0, "app", 501);
            k.statedumpProcess(1_010, 0, 501, 501, 1, "app", KernelTraceWriter.USER_THREAD, KernelTraceWriter.STATUS_WAIT_CPU, 0);
            k.statedumpProcess(1_020, 0, 502, 501, 1, "app", KernelTraceWriter.USER_THREAD, KernelTraceWriter.STATUS_WAIT, 1);
            k.statedumpProcess(1_030, 0, 601, 601, 1, "other", KernelTraceWriter.USER_THREAD, KernelTraceWriter.STATUS_WAIT, 1);
            k.schedSwitch(2_000, 1, "swapper/1", 0, 0, "app", 502);
            k.schedSwitch(5_002_000, 1, "app", 502, 1, "other", 601);
            k.schedSwitch(7_002_000, 1, "other", 601, 1, "swapper/1", 0);
            k.schedSwitch(10_001_000, 0, "app", 501, 1, "swapper/0", 0);
        }
        Path ustDir = TestPaths.workDir(name + "-ust");
        TraceMetadata m = ust();
        StreamClass channel = threadChannel(m, "app:tick");
        try (CtfTraceWriter w = new CtfTraceWriter(ustDir, m, false)) {
            for (int i = 0; i < 1_000; i++) {
                w.stream(channel, "channel0", 0).event(100_000L + 250L * i, "app:tick", 501L, 501L, (long) i);
            }
            for (int i = 0; i < 400; i++) {
                w.stream(channel, "channel0", 1).event(2_100_000L + 250L * i, "app:tick", 501L, 502L, (long) i);
            }
            for (int i = 0; i < 30; i++) {
                w.stream(channel, "channel0", 0).event(9_000_000L + 250L * i, "app:tick", 701L, 701L, (long) i);
            }
        }
        return new Path[] { kernelDir, ustDir };
    }

    /** The streams table's packet size is a stream's packet (sub-buffer) size, not the sum of its packets. */
    @Test
    void packetSizeIsTheStreamsPacketNotTheSumOfItsPackets() throws Exception {
        Path dir = DiscardedScenarioTest.trimmedLastPackets("overhead-packet-size");
        Table streams = OverheadAnalysisTest.analyze(List.of(dir)).report().table("overhead_streams");
        assertEquals("chan_0", streams.cell(0, "stream"));
        assertEquals(16384L, streams.cell(0, "packet_size"), "the largest of its three packets");
        assertEquals(2 * 16384L + 4096, streams.cell(0, "packet_bytes"));
        assertNull(streams.cell(1, "packet_size"), "its only packet, trimmed to 4 KiB: unknown");
        assertEquals(4096L, streams.cell(1, "packet_bytes"));
        Table bare = OverheadAnalysisTest.analyze(List.of(TestPaths.traceCtf2("barectf-event-before-packet"))).report()
                .table("overhead_streams");
        assertNull(bare.cell(0, "cpu"), "no cpu_id");
    }

    /**
     * A kernel trace and a user-space trace of one session whose channel has no vpid context: the share of CPU time
     * spent tracing cannot be had, and the report says why, in its summary and a note.
     */
    @Test
    void shareOfCpuTimeSaysWhyWithoutProcessIds() throws Exception {
        Path[] traces = sessionTraces("overhead-share-beside");
        Path ustDir = TestPaths.workDir("overhead-ust-without-vpid");
        TraceMetadata m = ust();
        StreamClass channel = m.streamClass(HeaderKind.LARGE, List.of(UstMetadata.vtid()), true);
        channel.event("app:tick", field("i", CtfType.u64()));
        try (CtfTraceWriter w = new CtfTraceWriter(ustDir, m, false)) {
            for (int i = 0; i < 1_000; i++) {
                w.stream(channel, "channel0", 0).event(100_000L + 250L * i, "app:tick", 501L, (long) i);
            }
        }
        var report = OverheadAnalysisTest.analyze(List.of(traces[0], ustDir)).report();
        assertTrue(report.table("tracing_share").rows().isEmpty());
        assertTrue(report.summary().contains("skipped the share of CPU time spent tracing (the user-space events carry"
                + " no vpid (process ID) context, so they cannot be attributed to processes)"), report.summary());
        assertTrue(report.notes().stream().anyMatch(n -> n.startsWith("tracing_share leaves out 1,000 user-space"
                + " events that carry no vpid (process ID) context")), report.notes().toString());
        // With the vpid context, nothing of it
        var withVpid = OverheadAnalysisTest.analyze(List.of(traces)).report();
        assertTrue(withVpid.notes().stream().noneMatch(n -> n.contains("leaves out")));
        assertTrue(!withVpid.summary().contains("no vpid"), withVpid.summary());
    }

    @Test
    void shareOfCpuTimeSpentTracingWithTheSessionsKernelTrace() throws Exception {
        Path[] traces = sessionTraces("overhead-share");
        OverheadAnalysis analysis = OverheadAnalysisTest.analyze(List.of(traces));
        CostEstimate e = analysis.tracepoint("app:tick").estimate();
        assertEquals(250, e.boundNs(), 1e-9);
        Table share = analysis.report().table("tracing_share");
        assertEquals(2, share.rows().size());
        assertEquals(501L, share.cell(0, "pid"));
        assertEquals("app", share.cell(0, "name"));
        assertEquals(1_400L, share.cell(0, "events"));
        assertEquals(15_000_000L, share.cell(0, "cpu_ns"));
        // Without the machine's calibration: the share it cannot exceed, from the trace alone (here, where events
        // come back to back, the share itself)
        assertNull(share.cell(0, "tracing_ns"));
        assertNull(share.cell(0, "share"));
        assertTrue(((String) share.cell(0, "why")).contains("cost is known"), (String) share.cell(0, "why"));
        assertEquals(1_400 * 250.0 / 15_000_000, (Double) share.cell(0, "share_bound"), 1e-12);
        assertEquals(701L, share.cell(1, "pid"));
        assertNull(share.cell(1, "share"));
        assertNull(share.cell(1, "share_bound"));
        assertTrue(((String) share.cell(1, "why")).contains("does not show"));

        // With a calibration saying an event costs 250 ns with any contexts: 1,400 x 250 ns over 15 ms
        MachineCalibration calibration = new MachineCalibration("scenario", 250, 250, Path.of("calibration.json"));
        OverheadAnalysis calibrated = OverheadAnalysisTest.analyze(List.of(traces),
                new AnalysisOptions(TimeRange.ALL, AnalysisOptions.GroupBy.THREAD, calibration));
        Table costed = calibrated.report().table("tracing_share");
        assertEquals(1_400 * 250L, costed.cell(0, "tracing_ns"));
        assertEquals(1_400 * 250.0 / 15_000_000, (Double) costed.cell(0, "share"), 1e-12);
        assertNull(costed.cell(0, "why"));
        assertEquals(250.0, calibrated.report().table("tracepoints").cell(0, "cost_ns"));

        // In one pass with the process analysis, the overhead analysis takes that one's running times: same table.
        ProcessAnalysis processes = new ProcessAnalysis(AnalysisOptions.DEFAULT);
        OverheadAnalysis beside = new OverheadAnalysis(AnalysisOptions.DEFAULT);
        try (CtfTraceSet set = CtfTraceSet.open(List.of(traces))) {
            AnalysisRun.run(set, List.of(processes, beside), ProgressListener.NONE);
        }
        Table sharedShare = beside.report().table("tracing_share");
        assertEquals(share.rows().size(), sharedShare.rows().size());
        for (int r = 0; r < share.rows().size(); r++) {
            assertArrayEquals(share.rows().get(r), sharedShare.rows().get(r), "row " + r);
        }
        assertEquals(15_000_000L, sharedShare.cell(0, "cpu_ns"));

        // A user-space trace alone has no share table, and says what would give it.
        OverheadAnalysis alone = OverheadAnalysisTest.analyze(List.of(traces[1]));
        assertTrue(alone.report().tables().stream().noneMatch(t -> t.key().equals("tracing_share")));
        assertTrue(alone.report().notes().stream().anyMatch(n -> n.contains("kernel trace of the same session")));
    }
}

package org.lttbench.tests.analysis.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.latency.DiskLatencyAnalysis;
import org.lttbench.core.analysis.latency.SchedulingLatencyAnalysis;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.Babeltrace2;
import org.lttbench.tests.TestPaths;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The latency tables of the shared kernel traces against independent answers: each device's disk requests as
 * babeltrace2 reads and pairs them ({@code scripts/bt2_block_requests.py}: the traces lttng-analyses cannot read hold
 * the only completed requests), and per thread the invariants that tie the latencies to the process analysis's
 * states: a thread's waits for a CPU add up to at most its Wait CPU time, and its system calls' blocked time and time
 * waiting for a CPU to at most its Blocked and Wait I/O, and Wait CPU, times.
 */
class LatencyRealTraceTest {

    private static Map<String, Report> run(Path trace, Analysis... latency) throws Exception {
        try (TraceSet traces = CtfTraceSet.open(List.of(trace))) {
            List<Analysis> all = new ArrayList<>(List.of(latency));
            all.add(0, new ProcessAnalysis(AnalysisOptions.DEFAULT));
            Map<String, Report> byName = new HashMap<>();
            for (Report r : AnalysisRun.run(traces, all, ProgressListener.NONE)) {
                byName.put(r.analysis(), r);
            }
            return byName;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "kernel-scp-src", "kernel-scp-dest", "kernel-uneven-streams-partial", "kernel-arm-bug446190" })
    void diskRequestsAreThoseBabeltraceShows(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        Table devices = run(trace, new DiskLatencyAnalysis(AnalysisOptions.DEFAULT)).get("io").table("disk_requests");
        Map<String, List<Long>> theirs = new HashMap<>();
        for (String line : Babeltrace2.run("bt2_block_requests.py", List.of(trace))) {
            JsonObject o = JsonParser.parseString(line).getAsJsonObject();
            if (o.has("dev")) {
                long dev = o.get("dev").getAsLong();
                theirs.put((dev >>> 20) + ":" + (dev & 0xFFFFF) + " " + o.get("op").getAsString(),
                        List.of(o.get("requests").getAsLong(), o.get("total").getAsLong(), o.get("min").getAsLong(),
                                o.get("max").getAsLong(), o.get("bytes").getAsLong(), o.get("queued").getAsLong()));
            }
        }
        Map<String, List<Long>> ours = new HashMap<>();
        for (int r = 0; r < devices.rows().size(); r++) {
            String device = ((String) devices.cell(r, "device")).replaceFirst("^.* \\((\\d+:\\d+)\\)$", "$1");
            ours.put(device + " " + devices.cell(r, "op"), List.of((Long) devices.cell(r, "requests"),
                    (Long) devices.cell(r, "total_ns"), (Long) devices.cell(r, "min_ns"), (Long) devices.cell(r, "max_ns"),
                    (Long) devices.cell(r, "bytes"), (Long) devices.cell(r, "queued")));
        }
        assertEquals(theirs, ours, name + ": per device and operation, requests, total, min, max, bytes, queued");
    }

    @ParameterizedTest
    @ValueSource(strings = { "kernel-many-threads", "kernel-arm-bug446190", "kernel-bigendian", "kernel-tracefile-rotation",
            "kernel-uneven-streams-partial", "kernel-scp-src", "kernel-scp-dest" })
    void latenciesLieWithinTheThreadsStates(String name) throws Exception {
        Path trace = TestPaths.trace(name);
        Map<String, Report> reports = run(trace, new SchedulingLatencyAnalysis(AnalysisOptions.DEFAULT),
                new SyscallLatencyAnalysis(AnalysisOptions.DEFAULT));
        Map<List<Object>, long[]> states = new HashMap<>();
        Table threads = reports.get("process").table("threads");
        for (int r = 0; r < threads.rows().size(); r++) {
            long[] s = states.computeIfAbsent(key(threads, r), k -> new long[3]);
            s[0] += (Long) threads.cell(r, "wait_cpu_ns");
            s[1] += (Long) threads.cell(r, "wait_blocked_ns");
            s[2] += threads.cell(r, "wait_io_ns") instanceof Long io ? io : 0;
        }
        Map<List<Object>, long[]> latencies = new HashMap<>();
        Table sched = reports.get("sched").table("sched_latency_per_thread");
        long waits = 0;
        for (int r = 0; r < sched.rows().size(); r++) {
            latencies.computeIfAbsent(key(sched, r), k -> new long[3])[0] += (Long) sched.cell(r, "total_ns");
            waits += (Long) sched.cell(r, "waits");
        }
        if (reports.containsKey("syscalls")) {
            Table calls = reports.get("syscalls").table("syscalls_per_thread");
            for (int r = 0; r < calls.rows().size(); r++) {
                long[] l = latencies.computeIfAbsent(key(calls, r), k -> new long[3]);
                l[1] += (Long) calls.cell(r, "wait_cpu_ns");
                l[2] += (Long) calls.cell(r, "blocked_ns");
            }
        }
        assertTrue(waits > 0, name + ": waits for a CPU");
        for (Map.Entry<List<Object>, long[]> e : latencies.entrySet()) {
            long[] s = states.get(e.getKey());
            long[] l = e.getValue();
            assertTrue(s != null, name + ": thread " + e.getKey() + " has a row in the process table");
            assertTrue(l[0] <= s[0], name + " " + e.getKey() + ": waits for a CPU " + l[0] + " within Wait CPU " + s[0]);
            assertTrue(l[1] <= s[0], name + " " + e.getKey() + ": calls' Wait CPU " + l[1] + " within Wait CPU " + s[0]);
            assertTrue(l[2] <= s[1] + s[2], name + " " + e.getKey() + ": calls' blocked " + l[2] + " within Blocked and "
                    + "Wait I/O " + (s[1] + s[2]));
        }
    }

    /** A thread: TID, PID and name. */
    private static List<Object> key(Table t, int r) {
        return java.util.Arrays.asList(t.cell(r, "tid"), t.cell(r, "pid"), t.cell(r, "name"));
    }
}

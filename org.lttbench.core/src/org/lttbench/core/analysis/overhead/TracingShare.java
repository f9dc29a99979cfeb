package org.lttbench.core.analysis.overhead;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.process.ThreadLedger;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;

/**
 * Each process's share of CPU time spent tracing, when a kernel trace of the same session comes with the user-space
 * one: the process's user-space events times what each costs the tracer ({@link TracerCost}, from the machine's
 * calibration), over the running time the process analysis finds for it in the kernel trace; and, from the trace
 * alone, the share it cannot exceed (events times their tracepoint's {@link CostEstimate} bound). Matches UST
 * {@code vpid} with kernel PIDs, so it assumes no PID namespace between them (no containers), and both traces
 * covering the same period.
 */
final class TracingShare {
    static final String TABLE = "tracing_share";

    /** The table's schema: a table of the overhead report when a kernel trace of the same session comes with it. */
    static final TableSchema SCHEMA = new TableSchema(TABLE,
            "Share of each process's CPU time spent tracing (user-space events)", List.of(
            new Column("pid", "PID", ColumnKind.PID, "process ID (vpid of the user-space events)"),
            new Column("name", "Name", ColumnKind.PROCESS_NAME, "command name in the kernel trace"),
            new Column("events", "Events", ColumnKind.INTEGER, "user-space events of the process"),
            new Column("cpu_ns", "CPU", ColumnKind.DURATION, "the process's running time in the kernel trace"),
            new Column("tracing_ns", "Tracing", ColumnKind.DURATION,
                    "events x what each costs the tracer (cost_ns, from the machine's calibration)"),
            new Column("share", "Share", ColumnKind.RATIO, "tracing_ns / cpu_ns"),
            new Column("share_bound", "Share at most", ColumnKind.RATIO,
                    "events x their tracepoint's cost_bound_ns (the trace alone), over cpu_ns: an upper bound"),
            new Column("why", "Why no share", ColumnKind.TEXT, "why share is null").asDetail()));

    /** Per process ID: events per tracepoint id. */
    private final Map<Long, long[]> counts = new HashMap<>();
    private long lastPid = Long.MIN_VALUE;
    private long[] last;

    void count(long pid, int tracepoint) {
        if (pid != lastPid || last == null) {
            last = counts.computeIfAbsent(pid, p -> new long[0]);
            lastPid = pid;
        }
        if (tracepoint >= last.length) {
            last = java.util.Arrays.copyOf(last, Math.max(tracepoint + 1, last.length * 2));
            counts.put(pid, last);
        }
        last[tracepoint]++;
    }

    /** @param tracepoints by tracepoint id */
    Table table(List<TracepointStats> tracepoints, ThreadLedger ledger, MachineCalibration calibration) {
        Table t = SCHEMA.table();
        Map<Long, long[]> cpu = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        for (ThreadRecord thread : ledger.threads()) {
            long pid = thread.pid();
            if (pid <= 0) {
                continue;
            }
            cpu.computeIfAbsent(pid, p -> new long[1])[0] += ledger.running(thread, 0);
            if (thread.name() != null && (thread.tid() == pid || !names.containsKey(pid))) {
                names.put(pid, thread.name());
            }
        }
        List<Long> pids = new ArrayList<>(counts.keySet());
        pids.sort(null);
        Double[] costs = new Double[tracepoints.size()];
        Double[] bounds = new Double[tracepoints.size()];
        for (int id = 0; id < costs.length; id++) {
            CostEstimate e = tracepoints.get(id).estimate();
            costs[id] = tracepoints.get(id).cost(calibration, e).ns();
            bounds[id] = e.boundNs();
        }
        for (long pid : pids) {
            long[] n = counts.get(pid);
            long events = 0;
            double ns = 0;
            double bound = 0;
            boolean allCosted = true;
            boolean allBounded = true;
            for (int id = 0; id < n.length; id++) {
                if (n[id] == 0) {
                    continue;
                }
                events += n[id];
                allCosted &= costs[id] != null;
                allBounded &= bounds[id] != null;
                ns += costs[id] == null ? 0 : n[id] * costs[id];
                bound += bounds[id] == null ? 0 : n[id] * bounds[id];
            }
            long[] running = cpu.get(pid);
            String why = running == null ? "the kernel trace does not show this process"
                    : running[0] == 0 ? "the kernel trace never shows this process running"
                    : !allCosted ? "not every event's cost is known (see the tracepoints table's why)" : null;
            boolean shown = running != null && running[0] > 0;
            t.addRow(pid, names.get(pid), events, running == null ? null : running[0],
                    allCosted ? (Long) Math.round(ns) : null, why == null ? ns / running[0] : null,
                    shown && allBounded ? bound / running[0] : null, why);
        }
        return t;
    }
}

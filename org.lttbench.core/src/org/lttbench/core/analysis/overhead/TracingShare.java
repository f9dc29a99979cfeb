package org.lttbench.core.analysis.overhead;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.process.ThreadLedger;
import org.lttbench.core.analysis.process.ThreadRecord;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Table;

/**
 * Each process's share of CPU time spent tracing, when a kernel trace of the same session comes with the user-space
 * one: the process's user-space events times their tracepoints' estimated cost, over the running time the process
 * analysis finds for it in the kernel trace. Matches UST {@code vpid} with kernel PIDs, so it assumes no PID
 * namespace between them (no containers), and both traces covering the same period.
 */
final class TracingShare {
    static final String TABLE = "tracing_share";

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
    Table table(List<TracepointStats> tracepoints, ThreadLedger ledger) {
        Table t = new Table(TABLE, "Share of each process's CPU time spent tracing (user-space events)", List.of(
                new Column("pid", "PID", ColumnKind.PID, "process ID (vpid of the user-space events)"),
                new Column("name", "Name", ColumnKind.PROCESS_NAME, "command name in the kernel trace"),
                new Column("events", "Events", ColumnKind.INTEGER, "user-space events of the process"),
                new Column("estimated_events", "Costed", ColumnKind.INTEGER, "events whose tracepoint has a cost estimate"),
                new Column("tracing_ns", "Tracing", ColumnKind.DURATION, "costed events x their estimated cost"),
                new Column("cpu_ns", "CPU", ColumnKind.DURATION, "the process's running time in the kernel trace"),
                new Column("share", "Share", ColumnKind.RATIO, "tracing_ns / cpu_ns"),
                new Column("why", "Why no share", ColumnKind.TEXT, "why share is null")));
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
        for (long pid : pids) {
            long[] n = counts.get(pid);
            long events = 0;
            long costed = 0;
            double ns = 0;
            for (int id = 0; id < n.length; id++) {
                events += n[id];
                Double cost = n[id] == 0 ? null : tracepoints.get(id).estimate().costNs();
                if (cost != null) {
                    costed += n[id];
                    ns += n[id] * cost;
                }
            }
            long[] running = cpu.get(pid);
            String why = running == null ? "the kernel trace does not show this process"
                    : running[0] == 0 ? "the kernel trace never shows this process running"
                    : costed == 0 ? "none of its tracepoints has a cost estimate (see the tracepoints table)" : null;
            t.addRow(pid, names.get(pid), events, costed, Math.round(ns), running == null ? null : running[0],
                    why == null ? ns / running[0] : null, why);
        }
        return t;
    }
}

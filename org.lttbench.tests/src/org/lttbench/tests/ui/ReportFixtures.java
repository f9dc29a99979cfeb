package org.lttbench.tests.ui;

import java.util.List;

import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;

/**
 * Hand-built reports in the shapes the analyses publish (issue 4's process columns), for testing rendering alone:
 * what a view shows must be exactly what the model holds. Real traces and analyses are tested elsewhere.
 */
public final class ReportFixtures {
    private ReportFixtures() {
    }

    public static final TimeRange RANGE = new TimeRange(1_700_000_000_000_000_000L, 1_700_000_002_000_000_000L);

    static List<Column> stateColumns() {
        return List.of(
                new Column("user_ns", "User", ColumnKind.DURATION, "time running user code"),
                new Column("system_ns", "System", ColumnKind.DURATION, "time in system calls"),
                new Column("irq_ns", "IRQ", ColumnKind.DURATION, "time stolen by interrupts"),
                new Column("running_ns", "Running", ColumnKind.DURATION, "user + system + IRQ"),
                new Column("wait_cpu_ns", "Wait CPU", ColumnKind.DURATION, "runnable, waiting for a CPU"),
                new Column("wait_io_ns", "Wait I/O", ColumnKind.DURATION, "blocked on block-device I/O"),
                new Column("wait_blocked_ns", "Other wait", ColumnKind.DURATION, "blocked on anything else"),
                new Column("unknown_ns", "Unknown", ColumnKind.DURATION, "before the trace says"),
                new Column("running_ratio", "Running", ColumnKind.RATIO, "running time over the range"));
    }

    /** Twelve processes of one to three threads each, with times in every state. */
    public static Report[] processReports() {
        List<Column> threadColumns = new java.util.ArrayList<>(List.of(
                new Column("tid", "TID", ColumnKind.TID, "thread id"),
                new Column("pid", "PID", ColumnKind.PID, "process id"),
                new Column("name", "Name", ColumnKind.PROCESS_NAME, "command name")));
        threadColumns.addAll(stateColumns());
        List<Column> processColumns = new java.util.ArrayList<>(List.of(
                new Column("pid", "PID", ColumnKind.PID, "process id"),
                new Column("name", "Name", ColumnKind.PROCESS_NAME, "command name")));
        processColumns.addAll(stateColumns());
        Table threads = new Table("threads", "Time per thread", threadColumns);
        Table processes = new Table("processes", "Time per process", processColumns);
        String[] names = { "firefox", "Xorg", "gnome-shell", "kworker/u16:2-events_unbound", "postgres", "make", "cc1", "sshd",
                "systemd-journald", "bash", "dd", "lttng-consumerd" };
        for (int p = 0; p < names.length; p++) {
            long pid = 1000 + p * 10;
            int threadCount = 1 + p % 3;
            long[] sum = new long[8];
            for (int t = 0; t < threadCount; t++) {
                long tid = pid + t;
                long[] s = {
                        (names.length - p) * 40_000_000L + t * 1_000_000L, // user
                        (p + 1) * 9_000_000L + t * 500_000L, // system
                        (p % 4) * 2_000_000L + 300_000L, // irq
                        0, // running, below
                        (p % 5 + 1) * 6_000_000L, // wait cpu
                        p == 10 ? 300_000_000L : (p % 3) * 5_000_000L, // wait io
                        (p % 2 + 1) * 50_000_000L, // other wait
                        t == 0 ? 1_000_000L : 0L, // unknown
                };
                s[3] = s[0] + s[1] + s[2];
                for (int i = 0; i < s.length; i++) {
                    sum[i] += s[i];
                }
                threads.addRow(tid, pid, names[p], s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[3] / (double) RANGE.duration());
            }
            processes.addRow(pid, names[p], sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], sum[6], sum[7],
                    sum[3] / (double) RANGE.duration());
        }
        return new Report[] {
                new Report("process", "Where each thread's time went", RANGE).add(threads),
                new Report("process", "Where each process's time went", RANGE).add(processes) };
    }

    /** A discarded-analysis report whose streams lost events (for the banner). */
    public static Report lossyDiscardedReport() {
        Table streams = new Table("streams", "Loss per stream", List.of(
                new Column("trace", "Trace", ColumnKind.TEXT, "trace directory"),
                new Column("stream", "Stream", ColumnKind.TEXT, "stream file"),
                new Column("cpu", "CPU", ColumnKind.CPU, "cpu"),
                new Column("events", "Events", ColumnKind.INTEGER, "events recorded"),
                new Column("discarded_events", "Discarded", ColumnKind.INTEGER, "events discarded"),
                new Column("discarded_packets", "Lost packets", ColumnKind.INTEGER, "packets lost")));
        streams.addRow("/t", "chan_0", 0L, 1000L, 120L, 0L);
        streams.addRow("/t", "chan_1", 1L, 1000L, 3L, 2L);
        return new Report("discarded", "Loss", RANGE).add(streams).note("The trace lost 123 events in this range.");
    }
}

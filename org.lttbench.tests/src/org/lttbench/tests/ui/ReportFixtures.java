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

    /**
     * An overhead report shaped like the analysis's: a tracepoint table, a bimodal gap histogram on 4-per-octave bins
     * (empty bins left out, as the analysis does), and a per-process share of CPU time spent tracing.
     */
    public static Report overheadReport() {
        Table tracepoints = new Table("tracepoints", "Tracepoints", List.of(
                new Column("name", "Tracepoint", ColumnKind.TEXT, "provider:event"),
                new Column("count", "Events", ColumnKind.INTEGER, "events"),
                new Column("bytes_per_event", "Bytes/event", ColumnKind.NUMBER, "mean bytes"),
                new Column("cost_bound_ns", "Est. cost (ns)", ColumnKind.NUMBER, "estimated cost"),
                new Column("why", "Why no estimate", ColumnKind.TEXT, "why est_cost_ns is null")));
        tracepoints.addRow("app:tick", 50_000L, 32.0, 105.5, null);
        tracepoints.addRow("app:tock", 20_000L, 40.0, 130.25, null);
        tracepoints.addRow("app:rare", 1L, 48.0, null, "one event: no gap to measure");
        Table gaps = new Table("tracepoint_gaps", "Gaps", List.of(
                new Column("name", "Tracepoint", ColumnKind.TEXT, "tracepoint"),
                new Column("low_ns", "From (ns)", ColumnKind.NUMBER, "lower bound"),
                new Column("high_ns", "To (ns)", ColumnKind.NUMBER, "upper bound"),
                new Column("count", "Gaps", ColumnKind.INTEGER, "gaps in the bin"),
                new Column("share", "Share", ColumnKind.RATIO, "share")));
        double ratio = Math.pow(2, 0.25);
        for (String tp : List.of("app:tick", "app:tock")) {
            // Two humps: around 110 ns (back to back) and around 20 µs (work in between); nothing in between.
            for (int k = 0; k < 40; k++) {
                double low = 64 * Math.pow(ratio, k);
                double hump1 = Math.exp(-Math.pow((Math.log(low) - Math.log(110)) / 0.25, 2));
                double hump2 = Math.exp(-Math.pow((Math.log(low) - Math.log(20_000)) / 0.4, 2));
                long n = Math.round((tp.equals("app:tick") ? 30_000 : 9_000) * hump1 + (tp.equals("app:tick") ? 8_000 : 6_000) * hump2);
                if (n > 0) {
                    gaps.addRow(tp, low, low * ratio, n, 0.0);
                }
            }
        }
        Table share = new Table("tracing_share", "Share of CPU time spent tracing", List.of(
                new Column("pid", "PID", ColumnKind.PID, "process"),
                new Column("name", "Name", ColumnKind.PROCESS_NAME, "command"),
                new Column("share", "Share", ColumnKind.RATIO, "share of CPU time in tracepoints"),
                new Column("why", "Why no share", ColumnKind.TEXT, "why share is null")));
        share.addRow(4242L, "app", 0.083, null);
        share.addRow(4300L, "server", 0.012, null);
        share.addRow(4400L, "worker", 0.031, null);
        share.addRow(4500L, "idle", null, "the kernel trace never shows this process running");
        return new Report("overhead", "Tracing overhead", RANGE).add(tracepoints).add(gaps).add(share);
    }

    /** A discarded report shaped like the analysis's: streams, loss ranges, advice and a timeline of two lossy streams. */
    public static Report discardedReport() {
        Table streams = new Table("streams", "Loss per stream", List.of(
                new Column("trace", "Trace", ColumnKind.TEXT, "trace"),
                new Column("stream", "Stream", ColumnKind.TEXT, "stream"),
                new Column("channel", "Channel", ColumnKind.TEXT, "channel"),
                new Column("cpu", "CPU", ColumnKind.CPU, "cpu"),
                new Column("events", "Events", ColumnKind.INTEGER, "events"),
                new Column("discarded_events", "Discarded", ColumnKind.INTEGER, "discarded"),
                new Column("discarded_packets", "Lost packets", ColumnKind.INTEGER, "lost packets"),
                new Column("first_loss", "First loss", ColumnKind.TIMESTAMP, "first loss")));
        streams.addRow("/traces/app", "channel0_0", "channel0", 0L, 9000L, 4000L, 0L, RANGE.begin() + 200_000_000L);
        streams.addRow("/traces/app", "channel0_1", "channel0", 1L, 8000L, 1500L, 0L, RANGE.begin() + 900_000_000L);
        streams.addRow("/traces/app", "channel0_2", "channel0", 2L, 3000L, null, null, null);
        Table advice = new Table("advice", "Buffer advice per channel", List.of(
                new Column("trace", "Trace", ColumnKind.TEXT, "trace"),
                new Column("channel", "Channel", ColumnKind.TEXT, "channel"),
                new Column("subbuf_size", "Sub-buffer", ColumnKind.SIZE, "recommended"),
                new Column("num_subbuf", "Count", ColumnKind.INTEGER, "recommended"),
                new Column("command", "Command", ColumnKind.TEXT, "the lttng enable-channel line")));
        advice.addRow("/traces/app", "channel0", 262144L, 8L,
                "lttng enable-channel --userspace --subbuf-size=256K --num-subbuf=8 channel0");
        Table timeline = new Table("loss_timeline", "Rates and losses over time", List.of(
                new Column("trace", "Trace", ColumnKind.TEXT, "trace"),
                new Column("stream", "Stream", ColumnKind.TEXT, "stream"),
                new Column("cpu", "CPU", ColumnKind.CPU, "cpu"),
                new Column("bin", "Time", ColumnKind.TIME_RANGE, "bin"),
                new Column("events", "Events", ColumnKind.INTEGER, "events"),
                new Column("discarded_events", "Discarded", ColumnKind.NUMBER, "discarded"),
                new Column("discarded_packets", "Lost packets", ColumnKind.NUMBER, "lost packets")));
        long width = 100_000_000L;
        for (int s = 0; s < 3; s++) {
            for (int b = 0; b < 20; b++) {
                long begin = RANGE.begin() + b * width;
                double lost = s == 0 ? (b >= 2 && b <= 5 ? 1000 : 0) : s == 1 ? (b == 9 || b == 14 ? 750 : 0) : 0;
                if (s == 1 && b == 12) {
                    continue; // a bin with nothing at all: left out of the table
                }
                timeline.addRow("/traces/app", "channel0_" + s, (long) s, new TimeRange(begin, begin + width - 1), 450L, lost, 0.0);
            }
        }
        return new Report("discarded", "What the traces lost", RANGE).add(streams).add(advice).add(timeline)
                .note("the traces lost 5,500 events (discarded) and 0 packets in 6 places");
    }
}

package org.lttbench.tests.ui;

import java.util.List;

import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.TimeRange;

/**
 * Hand-built reports of the analyses' declared tables (their schemas, as the analyses make their reports), with rows
 * made up here, for testing rendering alone: what a view shows must be exactly what the model holds. Real traces and
 * analyses are tested elsewhere.
 */
public final class ReportFixtures {
    private ReportFixtures() {
    }

    public static final TimeRange RANGE = new TimeRange(1_700_000_000_000_000_000L, 1_700_000_002_000_000_000L);

    /** An empty table of the analysis's declared table of that key (the first declared: not the one with hosts). */
    static Table declared(String analysis, String key) {
        AnalysisTables tables = Analyses.byName(analysis).tables();
        return java.util.stream.Stream.of(tables.byThread().tables(), tables.byProcess().tables(),
                tables.byThread().optional(), tables.byProcess().optional()).flatMap(List::stream)
                .filter(t -> t.key().equals(key)).findFirst().map(TableSchema::table)
                .orElseThrow(() -> new IllegalArgumentException(analysis + " declares no table " + key));
    }

    /** Adds a row given as column keys and values, the table's other columns empty. */
    static void row(Table table, Object... keysAndValues) {
        Object[] cells = new Object[table.columns().size()];
        for (int i = 0; i < keysAndValues.length; i += 2) {
            cells[table.columnIndex((String) keysAndValues[i])] = keysAndValues[i + 1];
        }
        table.addRow(cells);
    }

    /** Twelve processes of one to three threads each, with times in every state. */
    public static Report[] processReports() {
        Table threads = declared("process", "threads");
        Table processes = declared("process", "processes");
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
                // the columns' order: who, then the states' times as the process analysis declares them
                threads.addRow(tid, pid, names[p], s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[3] / (double) RANGE.duration());
            }
            processes.addRow(pid, names[p], (long) threadCount, sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], sum[6], sum[7],
                    sum[3] / (double) RANGE.duration());
        }
        return new Report[] {
                new Report("process", "Where each thread's time went", RANGE).add(threads),
                new Report("process", "Where each process's time went", RANGE).add(processes) };
    }

    /** A discarded-analysis report whose streams lost events (for the banner). */
    public static Report lossyDiscardedReport() {
        Table streams = declared("discarded", "streams");
        row(streams, "trace", "/t", "stream", "chan_0", "cpu", 0L, "events", 1000L, "discarded_events", 120L,
                "discarded_packets", 0L);
        row(streams, "trace", "/t", "stream", "chan_1", "cpu", 1L, "events", 1000L, "discarded_events", 3L,
                "discarded_packets", 2L);
        return new Report("discarded", "Loss", RANGE).add(streams).note("The trace lost 123 events in this range.");
    }

    /**
     * An overhead report shaped like the analysis's: a tracepoint table, a bimodal gap histogram on 4-per-octave bins
     * (empty bins left out, as the analysis does), and a per-process share of CPU time spent tracing.
     */
    public static Report overheadReport() {
        Table tracepoints = declared("overhead", "tracepoints");
        row(tracepoints, "name", "app:tick", "count", 50_000L, "bytes_per_event", 32.0, "cost_bound_ns", 105.5);
        row(tracepoints, "name", "app:tock", "count", 20_000L, "bytes_per_event", 40.0, "cost_bound_ns", 130.25);
        row(tracepoints, "name", "app:rare", "count", 1L, "bytes_per_event", 48.0, "why", "one event: no gap to measure");
        Table gaps = declared("overhead", "tracepoint_gaps");
        double ratio = Math.pow(2, 0.25);
        for (String tp : List.of("app:tick", "app:tock")) {
            // Two humps: around 110 ns (back to back) and around 20 µs (work in between); nothing in between.
            for (int k = 0; k < 40; k++) {
                double low = 64 * Math.pow(ratio, k);
                double hump1 = Math.exp(-Math.pow((Math.log(low) - Math.log(110)) / 0.25, 2));
                double hump2 = Math.exp(-Math.pow((Math.log(low) - Math.log(20_000)) / 0.4, 2));
                long n = Math.round((tp.equals("app:tick") ? 30_000 : 9_000) * hump1 + (tp.equals("app:tick") ? 8_000 : 6_000) * hump2);
                if (n > 0) {
                    row(gaps, "name", tp, "low_ns", low, "high_ns", low * ratio, "count", n, "share", 0.0);
                }
            }
        }
        Table share = declared("overhead", "tracing_share");
        row(share, "pid", 4242L, "name", "app", "share", 0.083);
        row(share, "pid", 4300L, "name", "server", "share", 0.012);
        row(share, "pid", 4400L, "name", "worker", "share", 0.031);
        row(share, "pid", 4500L, "name", "idle", "why", "the kernel trace never shows this process running");
        return new Report("overhead", "Tracing overhead", RANGE).add(tracepoints).add(gaps).add(share);
    }

    /** A discarded report shaped like the analysis's: streams, loss ranges, advice and a timeline of two lossy streams. */
    public static Report discardedReport() {
        Table streams = declared("discarded", "streams");
        row(streams, "trace", "/traces/app", "stream", "channel0_0", "channel", "channel0", "cpu", 0L, "events", 9000L,
                "discarded_events", 4000L, "discarded_packets", 0L, "first_loss", RANGE.begin() + 200_000_000L);
        row(streams, "trace", "/traces/app", "stream", "channel0_1", "channel", "channel0", "cpu", 1L, "events", 8000L,
                "discarded_events", 1500L, "discarded_packets", 0L, "first_loss", RANGE.begin() + 900_000_000L);
        row(streams, "trace", "/traces/app", "stream", "channel0_2", "channel", "channel0", "cpu", 2L, "events", 3000L);
        Table advice = declared("discarded", "advice");
        row(advice, "trace", "/traces/app", "channel", "channel0", "subbuf_size", 262144L, "num_subbuf", 8L, "command",
                "lttng enable-channel --userspace --subbuf-size=256K --num-subbuf=8 channel0");
        Table timeline = declared("discarded", "loss_timeline");
        long width = 100_000_000L;
        for (int s = 0; s < 3; s++) {
            for (int b = 0; b < 20; b++) {
                long begin = RANGE.begin() + b * width;
                double lost = s == 0 ? (b >= 2 && b <= 5 ? 1000 : 0) : s == 1 ? (b == 9 || b == 14 ? 750 : 0) : 0;
                if (s == 1 && b == 12) {
                    continue; // a bin with nothing at all: left out of the table
                }
                row(timeline, "trace", "/traces/app", "stream", "channel0_" + s, "cpu", (long) s, "bin",
                        new TimeRange(begin, begin + width - 1), "events", 450L, "discarded_events", lost,
                        "discarded_packets", 0.0);
            }
        }
        return new Report("discarded", "What the traces lost", RANGE).add(streams).add(advice).add(timeline)
                .note("the traces lost 5,500 events (discarded) and 0 packets in 6 places");
    }
}

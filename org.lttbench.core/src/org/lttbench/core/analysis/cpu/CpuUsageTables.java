package org.lttbench.core.analysis.cpu;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.report.ChartSchema;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.TimeRange;

/** The cpu analysis's tables, declared once, and how a CPU's tally fills them. */
final class CpuUsageTables {
    private CpuUsageTables() {
    }

    static final String CPUS = "cpus";
    static final String TIMELINE = "cpu_timeline";

    private static List<Column> head(boolean hosts) {
        List<Column> c = new ArrayList<>();
        if (hosts) {
            c.add(new Column("host", "Host", ColumnKind.TEXT, "the machine (kernel trace)"));
        }
        c.add(new Column("cpu", "CPU", ColumnKind.CPU, "the CPU"));
        return c;
    }

    private static TableSchema perCpuSchema(boolean hosts) {
        List<Column> c = head(hosts);
        c.add(new Column("busy_ns", "Busy", ColumnKind.DURATION,
                "time running a thread other than the CPU's idle thread, or an interrupt handler").as(ColumnRole.TOTAL));
        c.add(new Column("irq_ns", "IRQ", ColumnKind.DURATION, "of which in hard IRQ and softirq handlers")
                .as(ColumnRole.TOTAL));
        c.add(new Column("known_ns", "Known", ColumnKind.DURATION,
                "time the trace says what the CPU runs (idle or not) in the range"));
        c.add(new Column("unknown_ns", "Unknown", ColumnKind.DURATION,
                "time in the range before the trace names what the CPU runs"));
        c.add(new Column("busy_ratio", "Busy %", ColumnKind.RATIO, "busy_ns / known_ns"));
        c.add(new Column("run_queue", "Run queue", ColumnKind.NUMBER,
                "threads waiting for the CPU, on average over its known time"));
        c.add(new Column("queue_ns", "Waited", ColumnKind.DURATION, "the waits for this CPU, summed over threads")
                .asDetail());
        return new TableSchema(CPUS, "Utilisation per CPU", c);
    }

    private static TableSchema timelineSchema(boolean hosts) {
        List<Column> c = head(hosts);
        c.add(new Column("bin", "Time", ColumnKind.TIME_RANGE, "the time bin"));
        c.add(new Column("busy_ratio", "Busy %", ColumnKind.RATIO, "share of the bin's known time the CPU was busy"));
        c.add(new Column("run_queue", "Run queue", ColumnKind.NUMBER,
                "threads waiting for the CPU, on average over the bin's known time"));
        return new TableSchema(TIMELINE, "CPU usage over time", c).asChartData();
    }

    static final AnalysisTables TABLES = AnalysisTables.ungrouped(new AnalysisTables.Grouping("CPU usage",
            List.of(perCpuSchema(false), timelineSchema(false)), List.of(perCpuSchema(true), timelineSchema(true))));

    static final List<ChartSchema> CHARTS = List.of(
            new ChartSchema(TIMELINE, "CPU usage over time", "bin", "cpu", "busy_ratio", "Busy (share of the bin)"),
            new ChartSchema(TIMELINE, "Run queue over time", "bin", "cpu", "run_queue", "Threads waiting (mean)"));

    static Table perCpu(boolean hosts) {
        return perCpuSchema(hosts).table();
    }

    static Table timeline(boolean hosts) {
        return timelineSchema(hosts).table();
    }

    static void addCpu(Table t, String host, CpuTally c, long range) {
        long known = c.total(CpuTally.KNOWN);
        List<Object> row = new ArrayList<>();
        if (host != null) {
            row.add(host);
        }
        row.addAll(List.of((long) c.cpu, c.total(CpuTally.BUSY), c.total(CpuTally.IRQ), known, Math.max(0, range - known)));
        row.add(known == 0 ? null : (double) c.total(CpuTally.BUSY) / known);
        row.add(known == 0 ? null : (double) c.total(CpuTally.QUEUE) / known);
        row.add(c.total(CpuTally.QUEUE));
        t.addRow(row.toArray());
    }

    static void addTimeline(Table t, String host, CpuTally c, CpuUsageAnalysis bins) {
        for (int b = 0; b <= c.lastBin(); b++) {
            long known = c.inBin(b, CpuTally.KNOWN);
            if (known == 0) {
                continue;
            }
            long start = bins.binStart(b);
            List<Object> row = new ArrayList<>();
            if (host != null) {
                row.add(host);
            }
            row.add((long) c.cpu);
            row.add(new TimeRange(start, bins.binEnd(b)));
            row.add((double) c.inBin(b, CpuTally.BUSY) / known);
            row.add((double) c.inBin(b, CpuTally.QUEUE) / known);
            t.addRow(row.toArray());
        }
    }
}

package org.lttbench.core.analysis.dropin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.latency.DiskLatencyAnalysis;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;

/**
 * {@code lttng-iolatencystats-mi}: the I/O system calls' latency per category ({@code syscall-latency-stats}: Open,
 * Read, Write, Sync, from the syscalls analysis's calls) and each disk's request latency ({@code disk-latency-stats},
 * from the io analysis's requests, every operation).
 */
final class IoLatencyStats extends DropIn {

    private static final TableSchema SYSCALLS = schema("syscall-latency-stats", "System call latency statistics",
            List.of(column("obj", "System call category", ColumnKind.TEXT)),
            stats("count", "Call count", "call latency", "latency", "System call latency standard deviation"));
    private static final TableSchema DISKS = schema("disk-latency-stats", "Partition latency statistics",
            List.of(column("obj", "Partition", ColumnKind.DISK)),
            stats("count", "Access count", "access latency", "latency", "System access latency standard deviation"));

    static final AnalysisProvider PROVIDER = provider("iolatencystats",
            "System call and disk latency statistics (lttng-analyses' iolatencystats, from LTTbench's syscalls and io "
                    + "analyses)",
            List.of("linux-kernel", "lttng-analyses", "io", "syscall", "stats", "freq", "log", "top", "lttbench"), AnalysisTables.ungrouped(new AnalysisTables.Grouping("I/O analysis",
                    List.of(SYSCALLS, DISKS), List.of())),
            IoLatencyStats::new);

    IoLatencyStats(AnalysisOptions options) {
        super(options, List.of(new SyscallLatencyAnalysis(options), new DiskLatencyAnalysis(options)));
    }

    @Override
    public Report report() {
        Report calls = this.<SyscallLatencyAnalysis>inner(0).report();
        Table perCall = calls.table("syscalls");
        Report r = newReport("iolatencystats", "I/O analysis", calls);
        Table syscalls = SYSCALLS.table();
        for (String category : IoSyscalls.CATEGORIES.keySet()) {
            MergedRows m = new MergedRows("calls");
            for (int i = 0; i < perCall.rows().size(); i++) {
                if (IoSyscalls.in(category, (String) perCall.cell(i, "syscall"))) {
                    m.add(perCall, i);
                }
            }
            syscalls.addRow(category.substring(0, 1).toUpperCase(Locale.ROOT) + category.substring(1), m.count(),
                    m.min() == null ? 0L : m.min(), m.mean() == null ? 0L : m.mean(), m.max() == null ? 0L : m.max(),
                    m.stddev());
        }
        r.add(syscalls);
        Table devices = this.<DiskLatencyAnalysis>inner(1).report().table("disk_requests");
        Map<String, MergedRows> byDisk = new LinkedHashMap<>();
        for (int i = 0; i < devices.rows().size(); i++) {
            byDisk.computeIfAbsent(IoSyscalls.disk((String) devices.cell(i, "device")), d -> new MergedRows("requests"))
                    .add(devices, i);
        }
        Table disks = DISKS.table();
        byDisk.forEach((disk, m) -> disks.addRow(disk, m.count(), m.min(), m.mean(), m.max(), m.stddev()));
        return r.add(disks);
    }
}

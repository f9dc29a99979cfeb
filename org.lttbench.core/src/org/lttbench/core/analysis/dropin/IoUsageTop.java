package org.lttbench.core.analysis.dropin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.latency.DiskLatencyAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.DescriptorType;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;

/**
 * {@code lttng-iousagetop-mi}: per process (per thread, as lttng-analyses lists them) the bytes its read and write
 * system calls returned, in all and by the type of the descriptors, disk, network and unknown
 * ({@code per-process-top}, read and written), per file the same bytes by file ({@code per-file-top}, read and
 * written); both from {@link FileUsage}, which the process analysis tells each call's descriptor, its name and
 * type ({@link DescriptorType}) as lttng-analyses decides them. Per process the bytes of the block requests it issued
 * ({@code per-process-top-block}), per disk its sectors, requests and mean request time ({@code per-disk-top-sector},
 * {@code -request}, {@code -rps}), and per network interface the bytes it received and sent
 * ({@code per-netif-top}: {@link InterfaceUsage}); each the {@code --limit} largest.
 */
final class IoUsageTop extends DropIn {

    private static final TableSchema PER_PROCESS = schema("per-process-top", "Per-process top I/O operations",
            column("process", "Process", ColumnKind.PROCESS_NAME), column("pid", "PID", ColumnKind.PID),
            column("tid", "TID", ColumnKind.TID), column("size", "Total operations size", ColumnKind.SIZE),
            column("disk_size", "Disk operations size", ColumnKind.SIZE),
            column("net_size", "Network operations size", ColumnKind.SIZE),
            column("unknown_size", "Unknown operations size", ColumnKind.SIZE));
    private static final TableSchema PER_FILE = schema("per-file-top", "Per-file top I/O operations",
            column("path", "File path/info", ColumnKind.PATH), column("size", "Operations size", ColumnKind.SIZE),
            column("fd_owners", "File descriptor owners", ColumnKind.TEXT));
    private static final TableSchema PER_PROCESS_BLOCK = schema("per-process-top-block",
            "Per-process top block I/O operations", column("process", "Process", ColumnKind.PROCESS_NAME),
            column("pid", "PID", ColumnKind.PID), column("tid", "TID", ColumnKind.TID),
            column("size", "Operations size", ColumnKind.SIZE));
    private static final TableSchema SECTORS = schema("per-disk-top-sector", "Per-disk top sector I/O operations",
            column("disk", "Disk", ColumnKind.DISK), column("count", "Sector count", ColumnKind.INTEGER));
    private static final TableSchema REQUESTS = schema("per-disk-top-request", "Per-disk top I/O requests",
            column("disk", "Disk", ColumnKind.DISK), column("count", "Request count", ColumnKind.INTEGER));
    private static final TableSchema RTPS = schema("per-disk-top-rps", "Per-disk top I/O request time/sector",
            column("disk", "Disk", ColumnKind.DISK), column("rtps", "Request time/sector", ColumnKind.DURATION));
    private static final TableSchema PER_NETIF = schema("per-netif-top", "Per-network interface top I/O operations",
            column("netif", "Network interface", ColumnKind.NETIF), column("size", "Operations size", ColumnKind.SIZE));

    static final AnalysisProvider PROVIDER = provider("iousagetop",
            "I/O usage per process and disk (lttng-analyses' iousagetop, from LTTbench's system calls and io analysis)",
            List.of("linux-kernel", "lttng-analyses", "io", "syscall", "stats", "freq", "log", "top", "lttbench"), AnalysisTables.ungrouped(new AnalysisTables.Grouping("I/O analysis",
                    List.of(PER_PROCESS, PER_FILE, PER_PROCESS_BLOCK, SECTORS, REQUESTS, RTPS, PER_NETIF), List.of())),
            IoUsageTop::new);

    private final FileUsage files;
    private final InterfaceUsage interfaces;

    IoUsageTop(AnalysisOptions options) {
        // both latency analyses take the process analysis beside them as their own (one machine), which tells the
        // bytes per file and the packets per interface
        super(options, List.of(new IoSyscallLatencies(options),
                new DiskLatencyAnalysis(options.withGroupBy(AnalysisOptions.GroupBy.THREAD)),
                new ProcessAnalysis(options.withGroupBy(AnalysisOptions.GroupBy.THREAD))));
        files = new FileUsage(options.range());
        interfaces = new InterfaceUsage(options.range());
        this.<ProcessAnalysis>inner(2).observe(files);
        this.<ProcessAnalysis>inner(2).observe(interfaces);
    }

    private <T> List<T> largest(List<T> all, Comparator<T> order) {
        List<T> sorted = new ArrayList<>(all);
        sorted.sort(order);
        return options.limit() > 0 && sorted.size() > options.limit() ? sorted.subList(0, options.limit()) : sorted;
    }

    @Override
    public Report report() {
        IoSyscallLatencies calls = inner(0);
        Report base = calls.report();
        Report r = newReport("iousagetop", "I/O analysis", base);
        for (boolean written : new boolean[] { false, true }) {
            Table t = new Table(PER_PROCESS.key(), PER_PROCESS.title() + (written ? " [written]" : " [read]"),
                    PER_PROCESS.columns());
            for (FileUsage.ThreadBytes b : largest(files.threads(),
                    Comparator.comparingLong((FileUsage.ThreadBytes x) -> -x.total(written))
                            .thenComparingInt(x -> x.thread.tid()))) {
                ThreadRecord thread = b.thread;
                t.addRow(thread.name(), thread.pid() < 0 ? null : (Object) (long) thread.pid(), (long) thread.tid(),
                        b.total(written), b.bytes(DescriptorType.DISK, written),
                        b.bytes(DescriptorType.NETWORK, written), b.bytes(DescriptorType.UNKNOWN, written));
            }
            r.add(t);
        }
        for (boolean written : new boolean[] { false, true }) {
            Table t = new Table(PER_FILE.key(), PER_FILE.title() + (written ? " [written]" : " [read]"),
                    PER_FILE.columns());
            for (FileUsage.Row f : largest(files.largest(written), Comparator.comparing(f -> 0))) {
                t.addRow(f.name(), f.bytes(), f.owners());
            }
            r.add(t);
        }

        Report disk = this.<DiskLatencyAnalysis>inner(1).report();
        Table issuers = disk.table("disk_requests_per_thread");
        for (String op : List.of("read", "write")) {
            Map<Long, Object[]> byTid = new LinkedHashMap<>();
            for (int i = 0; i < issuers.rows().size(); i++) {
                if (op.equals(issuers.cell(i, "op")) && issuers.cell(i, "tid") != null) {
                    long tid = (Long) issuers.cell(i, "tid");
                    Object[] row = byTid.computeIfAbsent(tid, k -> new Object[] { null, null, tid, 0L });
                    row[0] = issuers.cell(i, "name");
                    row[1] = issuers.cell(i, "pid");
                    row[3] = (Long) row[3] + (Long) issuers.cell(i, "bytes");
                }
            }
            Table t = new Table(PER_PROCESS_BLOCK.key(), PER_PROCESS_BLOCK.title()
                    + (op.equals("read") ? " [read]" : " [written]"), PER_PROCESS_BLOCK.columns());
            largest(new ArrayList<>(byTid.values()), Comparator.comparingLong((Object[] x) -> -(Long) x[3]))
                    .forEach(t::addRow);
            r.add(t);
        }
        Table devices = disk.table("disk_requests");
        Map<String, long[]> byDisk = new LinkedHashMap<>();
        for (int i = 0; i < devices.rows().size(); i++) {
            long[] d = byDisk.computeIfAbsent(IoSyscalls.disk((String) devices.cell(i, "device")), k -> new long[3]);
            d[0] += (Long) devices.cell(i, "bytes") / DiskLatencyAnalysis.SECTOR_BYTES;
            d[1] += (Long) devices.cell(i, "requests");
            d[2] += (Long) devices.cell(i, "total_ns");
        }
        List<Map.Entry<String, long[]>> disks = new ArrayList<>(byDisk.entrySet());
        Table sectors = SECTORS.table();
        largest(disks, Comparator.comparingLong((Map.Entry<String, long[]> e) -> -e.getValue()[0]))
                .forEach(e -> sectors.addRow(e.getKey(), e.getValue()[0]));
        Table requests = REQUESTS.table();
        largest(disks, Comparator.comparingLong((Map.Entry<String, long[]> e) -> -e.getValue()[1]))
                .forEach(e -> requests.addRow(e.getKey(), e.getValue()[1]));
        Table rtps = RTPS.table();
        largest(disks, Comparator.comparing(e -> 0)).forEach(e -> rtps.addRow(e.getKey(),
                e.getValue()[1] == 0 ? null : (Object) Math.round((double) e.getValue()[2] / e.getValue()[1])));
        r.add(sectors).add(requests).add(rtps);
        for (boolean sent : new boolean[] { false, true }) {
            Table t = new Table(PER_NETIF.key(), PER_NETIF.title() + (sent ? " [sent]" : " [received]"),
                    PER_NETIF.columns());
            largest(interfaces.largest(sent), Comparator.comparing(i -> 0)).forEach(i -> t.addRow(i.netif(), i.bytes()));
            r.add(t);
        }
        return r;
    }
}

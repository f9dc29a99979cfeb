package org.lttbench.core.analysis.latency;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.BlockDevice;
import org.lttbench.core.kernel.BlockOperation;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;

/**
 * How long block requests took on their device, from {@code block_rq_issue} to the {@code block_rq_complete} of their
 * last sectors, per device and operation, per request size and per issuing thread (or process); how long they waited
 * in the I/O scheduler's queue before, where {@code block_rq_insert} is traced; the longest requests; and each
 * device's throughput over the range. Requests are followed as the process analysis's I/O wait check follows them
 * (matched by device and sector; a request whose completion the trace lost is forgotten 30 s after its issue).
 */
public final class DiskLatencyAnalysis extends LatencyAnalysis {

    public static final AnalysisProvider PROVIDER = new AnalysisDescriptor("io",
            "Disk request latency, issue to completion, per device and operation, size and issuing process, "
                    + "queue time, the longest requests, throughput over time (LTTng kernel traces with block_rq "
                    + "events)",
            () -> DiskLatencyAnalysis.TABLES, DiskLatencyAnalysis::new)
            .withHighlights(LatencyHighlights::disk);

    /** The bytes of a sector, as block events count them (the kernel's SECTOR_SIZE, whatever the device's). */
    public static final long SECTOR_BYTES = 512;
    /** Throughput bars over the range. */
    private static final int BARS = 100;
    /** Size classes' upper bounds, in bytes (the last: any larger). */
    private static final long[] SIZES = { 0, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20, Long.MAX_VALUE };

    /** A device's requests of one operation (of one thread, or one size class). */
    private static final class RequestRow {
        final DurationStats latency = new DurationStats();
        final DurationStats queue = new DurationStats();
        long bytes;

        void add(long sectors, long inserted, long issued, long completed) {
            latency.add(completed - issued);
            bytes += sectors * SECTOR_BYTES;
            if (inserted != Long.MIN_VALUE) {
                queue.add(issued - inserted);
            }
        }

        void merge(RequestRow other) {
            latency.merge(other.latency);
            queue.merge(other.queue);
            bytes += other.bytes;
        }
    }

    /** Which rows: a device of a trace, an operation, a size class (-1: any), a thread (null: any). */
    private record Key(Trace trace, long device, BlockOperation op, int size, ThreadRecord thread) {
    }

    private record Request(Trace trace, long device, BlockOperation op, long sectors, long inserted, long issued,
            long completed, ThreadRecord issuer) {
    }

    private final Map<Key, RequestRow> byDevice = new LinkedHashMap<>();
    private final Map<Key, RequestRow> bySize = new HashMap<>();
    private final Map<Key, RequestRow> byIssuer = new LinkedHashMap<>();
    private final LongestKept<Request> longest = longestKept();
    /** Per device of a trace: bytes read and written per bar of the range. */
    private final Map<List<Object>, long[][]> throughput = new LinkedHashMap<>();
    private TimeRange bars;
    private long barNs;

    public DiskLatencyAnalysis(AnalysisOptions options) {
        super(options, "the io analysis");
    }

    @Override
    protected String lacks(KernelLayout layout) {
        return layout.declares(Role.BLOCK_RQ_ISSUE) && layout.declares(Role.BLOCK_RQ_COMPLETE) ? null
                : "the kernel trace has no block_rq_issue and block_rq_complete events (record them: lttng enable-event "
                        + "-k block_rq_insert,block_rq_issue,block_rq_complete)";
    }

    @Override
    public void start(TraceSet traces) {
        super.start(traces);
        bars = traces.span().intersect(options.range());
        barNs = bars == null ? 1 : Math.max(1, (bars.duration() + BARS) / BARS);
    }

    /** The size class of a request of that many bytes. */
    private static int sizeClass(long bytes) {
        int c = 0;
        while (bytes > SIZES[c]) {
            c++;
        }
        return c;
    }

    @Override
    public void blockRequest(Trace trace, long device, BlockOperation op, long sectors, long inserted, long issued,
            long completed, ThreadRecord issuer) {
        if (!inRange(completed)) {
            return;
        }
        byDevice.computeIfAbsent(new Key(trace, device, op, -1, null), k -> new RequestRow())
                .add(sectors, inserted, issued, completed);
        bySize.computeIfAbsent(new Key(trace, device, op, sizeClass(sectors * SECTOR_BYTES), null), k -> new RequestRow())
                .add(sectors, inserted, issued, completed);
        byIssuer.computeIfAbsent(new Key(trace, device, op, -1, issuer), k -> new RequestRow())
                .add(sectors, inserted, issued, completed);
        if (longest.keeps(completed - issued, issued)) {
            longest.offer(completed - issued, issued,
                    new Request(trace, device, op, sectors, inserted, issued, completed, issuer));
        }
        if (bars != null && bars.contains(completed) && (op == BlockOperation.READ || op == BlockOperation.WRITE)) {
            long[][] perBar = throughput.computeIfAbsent(List.of(trace, device), k -> new long[2][BARS]);
            int bar = (int) Math.min(BARS - 1, (completed - bars.begin()) / barNs);
            perBar[op == BlockOperation.READ ? 0 : 1][bar] += sectors * SECTOR_BYTES;
        }
    }

    // ------------------------------------------------------------------ tables

    private static List<Column> deviceColumns(boolean hosts) {
        List<Column> c = new ArrayList<>();
        if (hosts) {
            c.add(hostColumn());
        }
        c.add(new Column("device", "Device", ColumnKind.TEXT,
                "block device (major:minor), with its name when the statedump gave it"));
        c.add(new Column("op", "Op", ColumnKind.TEXT, "read, write, discard, flush or other, from the request's rwbs"));
        return c;
    }

    private static List<Column> requestColumns() {
        List<Column> c = new ArrayList<>(StatsColumns.of("requests", "Requests", "request latency (issue to completion)"));
        c.add(new Column("bytes", "Bytes", ColumnKind.SIZE, "their size (sectors of 512 bytes)"));
        c.add(new Column("queued", "Queued", ColumnKind.INTEGER,
                "requests whose insertion into the I/O scheduler's queue the trace showed (block_rq_insert)").asDetail());
        c.add(new Column("queue_mean_ns", "Queue mean", ColumnKind.FRACTIONAL_DURATION,
                "their mean time in the queue, from insertion to issue"));
        c.add(new Column("queue_max_ns", "Queue max", ColumnKind.DURATION, "their longest time in the queue").asDetail());
        return c;
    }

    private static TableSchema devices(boolean hosts) {
        List<Column> c = new ArrayList<>();
        for (Column d : deviceColumns(hosts)) {
            c.add(d.key().equals("host") ? d : d.as(ColumnRole.SUBJECT));
        }
        List<Column> requests = requestColumns();
        List<Column> compared = StatsColumns.compared("requests", "Requests", "request latency (issue to completion)");
        c.addAll(compared);
        c.addAll(requests.subList(compared.size(), requests.size()));
        return new TableSchema("disk_requests", "Disk request latency per device and operation", c);
    }

    private static TableSchema sizes(boolean hosts) {
        List<Column> c = deviceColumns(hosts);
        c.add(new Column("size_from", "Size from", ColumnKind.SIZE, "the size class's smallest request, excluded "
                + "(none for the requests of 0 bytes)"));
        c.add(new Column("size_to", "Size to", ColumnKind.SIZE, "its largest request, included (empty: any larger)"));
        c.addAll(requestColumns());
        return new TableSchema("disk_requests_per_size", "Disk request latency per request size", c);
    }

    private static TableSchema issuers(boolean byProcess, boolean hosts) {
        List<Column> c = whoColumns(byProcess, hosts);
        c.addAll(deviceColumns(false));
        c.addAll(requestColumns());
        return byProcess ? new TableSchema("disk_requests_per_process", "Disk request latency per issuing process", c)
                : new TableSchema("disk_requests_per_thread", "Disk request latency per issuing thread", c);
    }

    private static TableSchema longestSchema(boolean hosts) {
        List<Column> c = new ArrayList<>();
        c.add(new Column("issued", "Issued", ColumnKind.TIMESTAMP, "when it was issued to the device"));
        c.add(new Column("latency_ns", "Latency", ColumnKind.DURATION, "until it completed"));
        c.add(new Column("queue_ns", "Queue", ColumnKind.DURATION, "its time in the I/O scheduler's queue before "
                + "(empty when the trace did not show its insertion)"));
        c.addAll(deviceColumns(hosts));
        c.add(new Column("bytes", "Bytes", ColumnKind.SIZE, "its size"));
        c.addAll(threadColumns(false));
        return new TableSchema("disk_requests_longest", "The longest disk requests", c);
    }

    private static TableSchema histogram(boolean hosts) {
        List<Column> c = deviceColumns(hosts);
        c.addAll(StatsColumns.bar("latency", "requests", "Requests"));
        return new TableSchema("disk_requests_histogram", "Disk request latency per power of two", c).asChartData();
    }

    private static TableSchema throughputSchema(boolean hosts) {
        List<Column> c = new ArrayList<>();
        if (hosts) {
            c.add(hostColumn());
        }
        c.add(new Column("device", "Device", ColumnKind.TEXT, "block device"));
        c.add(new Column("from", "From", ColumnKind.TIMESTAMP, "the bar's start (the range in " + BARS + " bars)"));
        c.add(new Column("read_rate", "Read", ColumnKind.BYTE_RATE, "bytes of read requests completed in it, per second"));
        c.add(new Column("write_rate", "Written", ColumnKind.BYTE_RATE,
                "bytes of write requests completed in it, per second"));
        return new TableSchema("disk_throughput", "Disk throughput over time", c).asChartData();
    }

    private static final AnalysisTables TABLES = new AnalysisTables(
            new AnalysisTables.Grouping("Disk request latency", List.of(devices(false), sizes(false),
                    issuers(false, false), longestSchema(false), histogram(false), throughputSchema(false)),
                    List.of(devices(true), sizes(true), issuers(false, true), longestSchema(true), histogram(true),
                            throughputSchema(true))),
            new AnalysisTables.Grouping("Disk request latency", List.of(devices(false), sizes(false),
                    issuers(true, false), longestSchema(false), histogram(false), throughputSchema(false)),
                    List.of(devices(true), sizes(true), issuers(true, true), longestSchema(true), histogram(true),
                            throughputSchema(true))));

    private String device(Trace trace, long device) {
        ProcessAnalysis.TraceFacts f = facts().get(trace);
        return BlockDevice.label(device, f == null ? null : f.deviceNames().get(device));
    }

    /** The first cells of a device's rows. */
    private List<Object> deviceCells(Trace trace, long device, BlockOperation op, boolean hosts) {
        List<Object> c = new ArrayList<>();
        if (hosts) {
            c.add(host(trace));
        }
        c.add(device(trace, device));
        c.add(op.label());
        return c;
    }

    private static List<Object> requestCells(RequestRow row) {
        List<Object> c = new ArrayList<>(StatsColumns.cells(row.latency));
        c.add(row.bytes);
        c.add(row.queue.count());
        c.add(row.queue.mean());
        c.add(row.queue.max());
        return c;
    }

    /** Rows of a trace's devices first, by device, then operation. */
    private Comparator<Key> keyOrder() {
        List<Trace> order = new ArrayList<>(facts().keySet());
        return Comparator.comparingInt((Key k) -> order.indexOf(k.trace())).thenComparingLong(Key::device)
                .thenComparing(Key::op).thenComparingInt(Key::size);
    }

    @Override
    public Report report(GroupBy groupBy) {
        boolean byProcess = groupBy == GroupBy.PROCESS;
        boolean hosts = hosts();
        SummaryLine summary = SummaryLine.of("Disk request latency");
        Report r = newReport("io", TABLES.grouping(groupBy).title(), summary);

        Table devices = devices(hosts).table();
        Table histogram = histogram(hosts).table();
        List<Key> keys = new ArrayList<>(byDevice.keySet());
        keys.sort(keyOrder());
        long requests = 0;
        long bytes = 0;
        for (Key k : keys) {
            RequestRow row = byDevice.get(k);
            List<Object> cells = deviceCells(k.trace(), k.device(), k.op(), hosts);
            cells.addAll(requestCells(row));
            devices.addSampledRow(row.latency.distribution(), cells.toArray());
            requests += row.latency.count();
            bytes += row.bytes;
            for (long[] bar : row.latency.octaves()) {
                List<Object> b = deviceCells(k.trace(), k.device(), k.op(), hosts);
                b.addAll(List.of(bar[0], bar[1], bar[2]));
                histogram.addRow(b.toArray());
            }
        }
        r.add(devices);

        Table sizes = sizes(hosts).table();
        List<Key> sizeKeys = new ArrayList<>(bySize.keySet());
        sizeKeys.sort(keyOrder());
        for (Key k : sizeKeys) {
            List<Object> cells = deviceCells(k.trace(), k.device(), k.op(), hosts);
            cells.add(k.size() == 0 ? null : (Object) SIZES[k.size() - 1]);
            cells.add(k.size() == SIZES.length - 1 ? null : (Object) SIZES[k.size()]);
            cells.addAll(requestCells(bySize.get(k)));
            sizes.addRow(cells.toArray());
        }
        r.add(sizes);

        // per issuing thread (or process): whose requests took most time first
        Map<List<Object>, RequestRow> owners = new LinkedHashMap<>();
        Map<List<Object>, ThreadRecord> whose = new HashMap<>();
        for (Map.Entry<Key, RequestRow> e : byIssuer.entrySet()) {
            Key k = e.getKey();
            Object owner = k.thread() == null ? "unknown" : owner(k.thread(), byProcess);
            List<Object> key = java.util.Arrays.asList(owner, k.trace(), k.device(), k.op());
            owners.computeIfAbsent(key, x -> new RequestRow()).merge(e.getValue());
            ThreadRecord known = whose.get(key);
            if (k.thread() != null && (known == null || (byProcess && k.thread().tid() == k.thread().pid()))) {
                whose.put(key, k.thread());
            }
        }
        Map<Object, Long> ownerTotals = new HashMap<>();
        owners.forEach((key, row) -> ownerTotals.merge(key.get(0), row.latency.total(), Long::sum));
        List<List<Object>> order = new ArrayList<>(owners.keySet());
        order.sort(Comparator.comparingLong((List<Object> key) -> -ownerTotals.get(key.get(0)))
                .thenComparingInt(key -> whose.get(key) == null ? Integer.MAX_VALUE : whose.get(key).tid())
                .thenComparingLong(key -> (Long) key.get(2)).thenComparing(key -> (BlockOperation) key.get(3)));
        Table issuers = issuers(byProcess, hosts).table();
        for (List<Object> key : order) {
            ThreadRecord t = whose.get(key);
            Trace trace = (Trace) key.get(1);
            List<Object> cells = new ArrayList<>();
            if (hosts) {
                cells.add(host(trace));
            }
            if (t == null) {
                cells.addAll(java.util.Collections.nCopies(byProcess ? 2 : 3, null));
            } else {
                cells.addAll(threadCells(t, byProcess));
            }
            cells.addAll(deviceCells(trace, (Long) key.get(2), (BlockOperation) key.get(3), false));
            cells.addAll(requestCells(owners.get(key)));
            issuers.addRow(cells.toArray());
        }
        r.add(issuers);

        r.add(longestTable(longestSchema(hosts), longest, Request::issued, Request::completed, (q, cells) -> {
            cells.add(q.inserted() == Long.MIN_VALUE ? null : (Object) (q.issued() - q.inserted()));
            cells.addAll(deviceCells(q.trace(), q.device(), q.op(), hosts));
            cells.add(q.sectors() * SECTOR_BYTES);
            if (q.issuer() == null) {
                cells.addAll(java.util.Collections.nCopies(3, null));
            } else {
                cells.addAll(threadCells(q.issuer(), false));
            }
        }));
        r.add(histogram);

        Table rates = throughputSchema(hosts).table();
        double seconds = barNs / 1e9;
        throughput.forEach((key, perBar) -> {
            Trace trace = (Trace) key.get(0);
            for (int b = 0; b < BARS; b++) {
                List<Object> cells = new ArrayList<>();
                if (hosts) {
                    cells.add(host(trace));
                }
                cells.add(device(trace, (Long) key.get(1)));
                cells.add(bars.begin() + b * barNs);
                cells.add(perBar[0][b] / seconds);
                cells.add(perBar[1][b] / seconds);
                rates.addRow(cells.toArray());
            }
        });
        r.add(rates);

        summary.add(SummaryLine.count(requests) + (requests == 1 ? " request" : " requests") + ", "
                + org.lttbench.core.report.CellFormat.bytes(bytes));
        r.summary(summary.toString());
        r.note("a request counts from its issue to the completion of its last sectors (a partial completion leaves the "
                + "rest in flight), when the trace showed both, matched by device and first sector; the issuing thread is "
                + "the one running where block_rq_issue was emitted (often a kernel worker or an interrupt's victim)");
        r.note(StatsColumns.PERCENTILE_ERROR);
        if (Objects.equals(keys, List.of())) {
            r.note("no block request completed in the range with its issue in the trace");
        }
        return r;
    }
}

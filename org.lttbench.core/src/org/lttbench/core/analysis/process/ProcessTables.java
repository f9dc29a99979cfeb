package org.lttbench.core.analysis.process;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.process.ProcessAnalysis.TraceFacts;
import org.lttbench.core.kernel.BlockDevice;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;

/**
 * The process analysis's tables, declared once, and how they are filled from what its ledger accumulated: a row per
 * thread, summed per process when asked, and the I/O wait per device.
 */
final class ProcessTables {
    private ProcessTables() {
    }

    /**
     * The time columns, in the tables' order: each state's own (as {@link ThreadState} describes it), and running
     * time (null here) after IRQ.
     */
    static final ThreadState[] TIME_COLUMNS = timeColumns();
    /** Where running time is among the time columns. */
    static final int RUNNING_AT = java.util.Arrays.asList(TIME_COLUMNS).indexOf(null);

    /** Every state with a column, in the enum's order, and running time after the last running one. */
    private static ThreadState[] timeColumns() {
        List<ThreadState> columns = new ArrayList<>();
        int running = 0;
        for (ThreadState s : ThreadState.values()) {
            if (s.columnKey() != null) {
                columns.add(s);
                running = s.running() ? columns.size() : running;
            }
        }
        columns.add(running, null);
        return columns.toArray(new ThreadState[0]);
    }

    /** A thread's or a process's figures over the range, before they become cells. */
    static final class Row {
        Trace trace;
        int tid;
        int pid;
        String name;
        long threads = 1;
        /** The part of the range its own trace covers (machines traced over different spans). */
        long rangeNs;
        final long[] times = new long[TIME_COLUMNS.length];
        /** Running time the trace cannot split between user and system. */
        long unsplit;
        boolean ioUnknown;
        boolean placeholder;

        /**
         * The table's order: the CPUs' idle threads (PID 0) last, their "running" time being idle time, not work; then
         * the most running time first, then by TID and name. One method, not a chain of comparators: a busy machine's
         * table has tens of thousands of rows.
         */
        static int inOrder(Row a, Row b) {
            int c = Boolean.compare(a.pid == 0, b.pid == 0);
            if (c == 0) {
                c = Long.compare(-a.times[RUNNING_AT], -b.times[RUNNING_AT]);
            }
            if (c == 0) {
                c = Integer.compare(a.tid, b.tid);
            }
            return c != 0 ? c : (a.name == null ? "" : a.name).compareTo(b.name == null ? "" : b.name);
        }
    }

    /** A row per thread with time to show in the range covered, from the ledger the analysis's machines fed. */
    static List<Row> rows(ProcessAnalysis analysis, ThreadLedger ledger, TimeRange covered) {
        List<Row> rows = new ArrayList<>();
        ThreadState[] order = TIME_COLUMNS;
        Map<Trace, TraceFacts> facts = analysis.traceFacts();
        for (ThreadRecord t : ledger.threads()) {
            long from = Math.max(ledger.born(t), covered.begin());
            long to = Math.min(ledger.died(t), covered.end());
            if (to <= from) {
                continue;
            }
            Row row = new Row();
            row.trace = t.trace();
            row.rangeNs = analysis.traceCovered(t.trace(), covered);
            row.tid = t.tid();
            row.pid = t.pid();
            row.name = t.name();
            row.placeholder = t.placeholder();
            row.unsplit = ledger.time(t, ThreadState.USER_OR_SYSTEM, 0);
            TraceFacts f = facts.get(t.trace());
            row.ioUnknown = f == null || !f.ioWaitKnown();
            long reported = row.unsplit;
            for (int i = 0; i < order.length; i++) {
                row.times[i] = order[i] == null ? ledger.running(t, 0) : ledger.time(t, order[i], 0);
                reported += order[i] == null ? 0 : row.times[i];
            }
            if (reported > 0) { // an idle thread parked over the whole range has nothing to show
                rows.add(row);
            }
        }
        return rows;
    }

    /** The threads' rows summed per process. */
    static List<Row> byProcess(List<Row> threads) {
        Map<Object, Row> groups = new LinkedHashMap<>();
        for (Row t : threads) {
            Object key = t.pid >= 0 ? List.of(t.trace, t.pid) : t;
            Row p = groups.get(key);
            if (p == null) {
                p = new Row();
                p.trace = t.trace;
                p.pid = t.pid;
                p.tid = t.pid;
                p.name = t.name;
                p.threads = 0;
                p.rangeNs = t.rangeNs;
                groups.put(key, p);
            }
            p.threads++;
            if (t.pid == 0) {
                p.name = "swapper"; // the idle threads, one per CPU, form the kernel's idle task group
            } else if (t.tid == t.pid && t.name != null) {
                p.name = t.name; // the main thread names the process
            }
            for (int i = 0; i < p.times.length; i++) {
                p.times[i] += t.times[i];
            }
            p.unsplit += t.unsplit;
            p.ioUnknown |= t.ioUnknown;
        }
        return new ArrayList<>(groups.values());
    }

    /** The I/O wait per device table, with a host column first when the traces are of several machines. */
    private static TableSchema devicesSchema(boolean hosts) {
        List<Column> columns = new ArrayList<>();
        if (hosts) {
            columns.add(new Column("host", "Host", ColumnKind.TEXT, "the machine (kernel trace) of the device"));
        }
        columns.add(new Column("device", "Device", ColumnKind.TEXT,
                "block device (major:minor) whose request completion ended the waits, with its name when the "
                        + "statedump gave it; unknown: the block softirq woke the thread without naming the device"));
        columns.add(new Column("wait_io_ns", "Wait I/O", ColumnKind.DURATION, "I/O wait of all threads on the device"));
        columns.add(new Column("threads", "Threads", ColumnKind.INTEGER, "threads that waited on it"));
        columns.add(new Column("waits", "Waits", ColumnKind.INTEGER, "I/O waits it ended"));
        columns.add(new Column("longest_ns", "Longest", ColumnKind.DURATION, "the longest of those waits"));
        return new TableSchema("io_devices", "I/O wait per block device", columns);
    }

    static Table devicesTable(ProcessAnalysis analysis, ThreadLedger ledger, boolean hosts) {
        Table table = (hosts ? IO_DEVICES_BY_HOST : IO_DEVICES).table();
        List<ThreadLedger.DeviceWait> devices = new ArrayList<>(ledger.deviceWaits(0));
        devices.sort(Comparator.comparingLong(d -> -d.ns()));
        for (ThreadLedger.DeviceWait d : devices) {
            List<Object> cells = new ArrayList<>();
            if (hosts) {
                cells.add(analysis.host(d.trace()));
            }
            TraceFacts f = analysis.traceFacts().get(d.trace());
            String name = f == null ? null : f.deviceNames().get(d.device());
            cells.addAll(List.of(BlockDevice.label(d.device(), name), d.ns(), (long) d.threads(), d.waits(), d.longest()));
            table.addRow(cells.toArray());
        }
        return table;
    }

    /** The threads or processes table, with a host column first when the traces are of several machines. */
    private static TableSchema schema(boolean byProcess, boolean hosts) {
        List<Column> columns = ProcessAnalysis.whoColumns(byProcess, hosts, "thread ID (0: a CPU's idle thread)");
        if (byProcess) {
            columns.add(new Column("threads", "Threads", ColumnKind.INTEGER, "threads of the process seen in the range"));
        }
        for (ThreadState state : TIME_COLUMNS) {
            Column time = state == null ? ProcessAnalysis.RUNNING
                    : new Column(state.columnKey(), state.title(), ColumnKind.DURATION, state.description());
            // compared: the time on a CPU or waiting for one, and I/O wait; not what the trace could not tell, nor blocked
            // time, whose waits a thread asleep all along makes one long one (compared per cause, with the waits
            // counted, in the waits analysis)
            columns.add(state == ThreadState.UNKNOWN || state == ThreadState.WAIT_BLOCKED ? time : time.as(ColumnRole.TOTAL));
        }
        columns.add(new Column("running_ratio", "CPU", ColumnKind.RATIO, byProcess
                ? "running time over the range's duration, as top counts it: 100% is one CPU, so a process with several "
                        + "threads can go over 100%"
                : "running time over the range's duration (the part of it the thread's own trace covers): 100% is one CPU"));
        return byProcess ? new TableSchema("processes", "Time per process (sums over its threads; CPU: 100% = one CPU)", columns)
                : new TableSchema("threads", "Time per thread", columns);
    }

    static Table table(ProcessAnalysis analysis, List<Row> rows, boolean byProcess, boolean hosts) {
        Table table = (byProcess ? hosts ? PROCESSES_BY_HOST : PROCESSES : hosts ? THREADS_BY_HOST : THREADS).table();
        Map<Trace, String> hostOf = new java.util.HashMap<>();
        if (hosts) {
            rows.forEach(row -> hostOf.computeIfAbsent(row.trace, analysis::host));
        }
        // a busy machine has a hundred thousand threads: their cells are made when read, and not kept
        table.addRowsMadeAtEachRead(rows.size(), i -> cells(rows.get(i), byProcess, hosts ? hostOf : null));
        return table;
    }

    /** A row's cells; {@code hostOf} names each trace's machine, null when there is no host column. */
    private static Object[] cells(Row row, boolean byProcess, Map<Trace, String> hostOf) {
        List<Object> cells = new ArrayList<>();
        if (hostOf != null) {
            cells.add(hostOf.get(row.trace));
        }
        if (!byProcess) {
            cells.add(row.placeholder ? null : (Long) (long) row.tid);
        }
        cells.add(row.pid >= 0 ? (Long) (long) row.pid : null);
        cells.add(row.name);
        if (byProcess) {
            cells.add(row.threads);
        }
        for (int i = 0; i < row.times.length; i++) {
            ThreadState state = TIME_COLUMNS[i];
            // user and system, where the trace cannot split running time; I/O wait, where it cannot tell it
            boolean unknown = (row.unsplit > 0 && (state == ThreadState.USER || state == ThreadState.SYSCALL))
                    || (row.ioUnknown && state == ThreadState.WAIT_IO);
            cells.add(unknown ? null : (Long) row.times[i]);
        }
        cells.add(row.rangeNs > 0 ? (double) row.times[RUNNING_AT] / row.rangeNs : null);
        return cells.toArray();
    }

    // The tables, declared once (after the state arrays their columns are made of).
    private static final TableSchema THREADS = schema(false, false);
    private static final TableSchema THREADS_BY_HOST = schema(false, true);
    private static final TableSchema PROCESSES = schema(true, false);
    private static final TableSchema PROCESSES_BY_HOST = schema(true, true);
    private static final TableSchema IO_DEVICES = devicesSchema(false);
    private static final TableSchema IO_DEVICES_BY_HOST = devicesSchema(true);
    /** A report per thread or per process; I/O wait per device when the traces tell I/O waits apart. */
    static final AnalysisTables TABLES = new AnalysisTables(
            new AnalysisTables.Grouping("Time per thread", List.of(THREADS),
                    List.of(THREADS_BY_HOST, IO_DEVICES, IO_DEVICES_BY_HOST)),
            new AnalysisTables.Grouping("Time per process", List.of(PROCESSES),
                    List.of(PROCESSES_BY_HOST, IO_DEVICES, IO_DEVICES_BY_HOST)));
}

package org.lttbench.core.analysis.dropin;

import java.util.List;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.TimeRange;

/**
 * {@code lttng-iolatencytop-mi}: the {@code --limit} longest I/O system calls of each category ({@code top-syscall},
 * one table each: open, read, write, sync), with the size a read or write returned. The file and descriptor of a call
 * are not followed (empty).
 */
final class IoLatencyTop extends DropIn {

    private static final TableSchema TOP = schema("top-syscall", "Top system call latencies",
            column("time_range", "Call time range", ColumnKind.TIME_RANGE),
            column("out_of_range", "System call out of range?", ColumnKind.BOOLEAN),
            column("duration", "Call duration", ColumnKind.DURATION),
            column("syscall", "System call", ColumnKind.SYSCALL), column("size", "Read/write size", ColumnKind.SIZE),
            column("process", "Process", ColumnKind.PROCESS_NAME), column("tid", "TID", ColumnKind.TID),
            column("path", "File path", ColumnKind.PATH), column("fd", "File descriptor", ColumnKind.FD));

    static final AnalysisProvider PROVIDER = provider("iolatencytop",
            "The longest I/O system calls per category (lttng-analyses' iolatencytop, from the system calls LTTbench's "
                    + "state machine follows)",
            List.of("linux-kernel", "lttng-analyses", "io", "syscall", "stats", "freq", "log", "top", "lttbench"), AnalysisTables.ungrouped(new AnalysisTables.Grouping("I/O analysis",
                    List.of(TOP), List.of())),
            IoLatencyTop::new);

    IoLatencyTop(AnalysisOptions options) {
        super(options, List.of(new IoSyscallLatencies(options)));
    }

    @Override
    public Report report() {
        IoSyscallLatencies calls = inner(0);
        Report base = calls.report();
        Report r = newReport("iolatencytop", "I/O analysis", base);
        TimeRange asked = options.range();
        for (String category : IoSyscalls.CATEGORIES.keySet()) {
            Table t = new Table(TOP.key(), TOP.title() + " [" + category + "]", TOP.columns());
            for (IoSyscallLatencies.Call c : calls.longest(category)) {
                boolean sized = (category.equals("read") || category.equals("write")) && c.ret() >= 0
                        && c.ret() != Long.MIN_VALUE;
                t.addRow(new TimeRange(c.entry(), c.exit()), !asked.contains(c.entry()) || !asked.contains(c.exit()),
                        c.exit() - c.entry(), c.syscall(), sized ? (Object) c.ret() : null, c.thread().name(),
                        (long) c.thread().tid(), null, null);
            }
            r.add(t);
        }
        return r;
    }
}

package org.lttbench.core.analysis.latency;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.kernel.KernelEventBinder;
import org.lttbench.core.kernel.Waker;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.Trace;

/**
 * How long interrupt handlers ran: each hard IRQ (by number, with its name), each x86 vector without an IRQ (the local
 * timer, IPIs) and each softirq vector, from entry to exit (a softirq interrupted by a hard IRQ counts the IRQ's time
 * too, as lttng-analyses does); and how long a raised softirq waited to run, from its first raise on a CPU to its entry
 * there. A handler's run counts when the trace showed its entry and its exit.
 */
public final class InterruptLatencyAnalysis extends LatencyAnalysis {

    public static final AnalysisProvider PROVIDER = new AnalysisDescriptor("irq",
            "Interrupt handler durations per hard IRQ (with its name), x86 vector and softirq vector, softirq "
                    + "raise-to-entry latency, rates, the longest runs (LTTng kernel traces with irq_handler or "
                    + "softirq events)",
            () -> InterruptLatencyAnalysis.TABLES, InterruptLatencyAnalysis::new)
            .withHighlights(LatencyHighlights::interrupts);

    /** One handler's runs, and for a softirq its waits from raise to entry. */
    private static final class HandlerRow {
        final Trace trace;
        final int handler;
        final DurationStats runs = new DurationStats();
        final DurationStats raised = new DurationStats();

        HandlerRow(Trace trace, int handler) {
            this.trace = trace;
            this.handler = handler;
        }
    }

    /** One handler's run, as the longest are listed. */
    private record Run(Trace trace, int cpu, int handler, long entry, long exit, long raised) {
    }

    private final Map<Trace, Map<Integer, HandlerRow>> rows = new HashMap<>();
    /** The rows last used, by handler: a machine has few handlers, and a map lookup boxes its key. */
    private final HandlerRow[] recent = new HandlerRow[64];
    private final LongestKept<Run> longest = longestKept();

    public InterruptLatencyAnalysis(AnalysisOptions options) {
        super(options, "the irq analysis");
    }

    @Override
    protected String lacks(KernelLayout layout) {
        return (layout.declares(Role.IRQ_ENTRY) && layout.declares(Role.IRQ_EXIT))
                || (layout.declares(Role.SOFTIRQ_ENTRY) && layout.declares(Role.SOFTIRQ_EXIT)) ? null
                        : "the kernel trace has no interrupt handler events (record irq_handler_entry/exit, "
                                + "irq_softirq_entry/exit/raise)";
    }

    @Override
    public void interrupt(Trace trace, int cpu, int handler, long raised, long entry, long exit) {
        if (!inRange(exit)) {
            return;
        }
        int slot = (handler * 0x9E3779B9) >>> 26;
        HandlerRow row = recent[slot];
        if (row == null || row.handler != handler || row.trace != trace) {
            row = rows.computeIfAbsent(trace, t -> new HashMap<>()).computeIfAbsent(handler,
                    h -> new HandlerRow(trace, h));
            recent[slot] = row;
        }
        row.runs.add(exit - entry);
        if (raised != Long.MIN_VALUE) {
            row.raised.add(entry - raised);
        }
        if (longest.keeps(exit - entry, entry)) {
            longest.offer(exit - entry, entry, new Run(trace, cpu, handler, entry, exit, raised));
        }
    }

    // ------------------------------------------------------------------ labels

    /** {@code hard IRQ}, {@code x86 vector} or {@code softirq}. */
    public static String kind(int handler) {
        if (Waker.kind(handler) == Waker.SOFTIRQ) {
            return "softirq";
        }
        return Waker.id(handler) >= KernelEventBinder.VECTOR ? "x86 vector" : "hard IRQ";
    }

    /** The IRQ number, vector, or softirq vector. */
    public static long number(int handler) {
        return Waker.id(handler) & (KernelEventBinder.VECTOR - 1);
    }

    /** The handler's name: the IRQ's (as the trace gave it), the vector's event, or the softirq's. */
    static String name(int handler, ProcessAnalysis.TraceFacts facts) {
        if (Waker.kind(handler) == Waker.SOFTIRQ) {
            return Waker.softirqName(Waker.id(handler));
        }
        return facts == null ? null : facts.irqNames().get(Waker.id(handler));
    }

    // ------------------------------------------------------------------ tables

    private static List<Column> handlerColumns(boolean hosts) {
        List<Column> c = new ArrayList<>();
        if (hosts) {
            c.add(hostColumn());
        }
        c.add(new Column("kind", "Kind", ColumnKind.TEXT, "hard IRQ, x86 vector (an interrupt without an IRQ number: "
                + "the local timer, IPIs) or softirq"));
        c.add(new Column("number", "Number", ColumnKind.INTEGER, "the IRQ number, vector, or softirq vector"));
        c.add(new Column("name", "Name", ColumnKind.TEXT, "the IRQ's name as the trace gave it (its device), the "
                + "vector's, or the softirq's (NET_RX, TIMER...)"));
        return c;
    }

    private static TableSchema handlers(boolean hosts) {
        List<Column> c = new ArrayList<>();
        // matched by kind and name across runs: an IRQ's number may differ between machines
        for (Column h : handlerColumns(hosts)) {
            c.add(switch (h.key()) {
                case "kind", "name" -> h.as(ColumnRole.SUBJECT);
                case "number" -> h.as(ColumnRole.IDENTITY);
                default -> h;
            });
        }
        c.addAll(StatsColumns.compared("runs", "Runs", "handler duration (entry to exit)"));
        c.add(new Column("rate", "Rate", ColumnKind.RATE, "runs per second of the range"));
        return new TableSchema("interrupts", "Interrupt handler durations", c);
    }

    private static TableSchema raises(boolean hosts) {
        List<Column> c = new ArrayList<>();
        if (hosts) {
            c.add(hostColumn());
        }
        c.add(new Column("number", "Vector", ColumnKind.INTEGER, "the softirq vector"));
        c.add(new Column("name", "Name", ColumnKind.TEXT, "the softirq"));
        c.addAll(StatsColumns.of("raised", "Raised", "wait from raise to entry (the first raise on a CPU since the "
                + "vector last ran there)"));
        return new TableSchema("softirq_raise_latency", "Softirq latency, from raise to entry", c);
    }

    private static TableSchema longestSchema(boolean hosts) {
        List<Column> c = new ArrayList<>();
        c.add(new Column("entry", "Entry", ColumnKind.TIMESTAMP, "when the handler began"));
        c.add(new Column("duration_ns", "Duration", ColumnKind.DURATION, "entry to exit"));
        c.add(new Column("cpu", "CPU", ColumnKind.CPU, "the CPU it ran on"));
        c.addAll(handlerColumns(hosts));
        c.add(new Column("raise_latency_ns", "Raised before", ColumnKind.DURATION,
                "for a softirq, how long it waited from its raise (empty when the trace showed none)"));
        return new TableSchema("interrupts_longest", "The longest interrupt handler runs", c);
    }

    private static TableSchema histogram(boolean hosts) {
        List<Column> c = handlerColumns(hosts);
        c.addAll(StatsColumns.bar("duration", "runs", "Runs"));
        return new TableSchema("interrupt_histogram", "Interrupt handler durations per power of two", c).asChartData();
    }

    private static final AnalysisTables TABLES = AnalysisTables.ungrouped(new AnalysisTables.Grouping(
            "Interrupt latency", List.of(handlers(false), raises(false), longestSchema(false), histogram(false)),
            List.of(handlers(true), raises(true), longestSchema(true), histogram(true))));

    @Override
    public Report report(GroupBy groupBy) {
        boolean hosts = hosts();
        Map<Trace, ProcessAnalysis.TraceFacts> facts = facts();
        SummaryLine summary = SummaryLine.of("Interrupt latency");
        Report r = newReport("irq", TABLES.title(), summary);
        List<HandlerRow> all = new ArrayList<>();
        for (Trace t : facts.keySet()) {
            all.addAll(rows.getOrDefault(t, Map.of()).values());
        }
        // hard IRQs, then vectors, then softirqs; each by number
        all.sort(Comparator.comparing((HandlerRow h) -> facts.keySet().stream().toList().indexOf(h.trace))
                .thenComparing(h -> kindOrder(h.handler)).thenComparingLong(h -> number(h.handler)));
        double seconds = r.range().duration() / 1e9;
        Table handlers = handlers(hosts).table();
        Table raises = raises(hosts).table();
        Table histogram = histogram(hosts).table();
        long runs = 0;
        for (HandlerRow h : all) {
            List<Object> who = who(h.trace, h.handler, hosts, facts);
            List<Object> cells = new ArrayList<>(who);
            cells.addAll(StatsColumns.cells(h.runs));
            cells.add(seconds > 0 ? h.runs.count() / seconds : null);
            handlers.addSampledRow(h.runs.distribution(), cells.toArray());
            runs += h.runs.count();
            if (Waker.kind(h.handler) == Waker.SOFTIRQ) {
                List<Object> raised = new ArrayList<>();
                if (hosts) {
                    raised.add(host(h.trace));
                }
                raised.add(number(h.handler));
                raised.add(name(h.handler, facts.get(h.trace)));
                raised.addAll(StatsColumns.cells(h.raised));
                raises.addRow(raised.toArray());
            }
            for (long[] bar : h.runs.octaves()) {
                List<Object> b = new ArrayList<>(who);
                b.add(bar[0]);
                b.add(bar[1]);
                b.add(bar[2]);
                histogram.addRow(b.toArray());
            }
        }
        Table top = longestTable(longestSchema(hosts), longest, Run::entry, Run::exit, (run, cells) -> {
            cells.add((long) run.cpu());
            cells.addAll(who(run.trace(), run.handler(), hosts, facts));
            cells.add(run.raised() == Long.MIN_VALUE ? null : (Object) (run.entry() - run.raised()));
        });
        r.add(handlers).add(raises).add(top).add(histogram);
        summary.add(SummaryLine.count(runs) + " handler runs of " + all.size() + (all.size() == 1 ? " handler" : " handlers"));
        r.summary(summary.toString());
        r.note("a handler's run counts from its entry to its exit, when the trace showed both; a nested handler's time "
                + "is in its own run and in the run it interrupted");
        r.note(StatsColumns.PERCENTILE_ERROR);
        return r;
    }

    private static int kindOrder(int handler) {
        return Waker.kind(handler) == Waker.SOFTIRQ ? 2 : Waker.id(handler) >= KernelEventBinder.VECTOR ? 1 : 0;
    }

    private List<Object> who(Trace trace, int handler, boolean hosts, Map<Trace, ProcessAnalysis.TraceFacts> facts) {
        List<Object> c = new ArrayList<>();
        if (hosts) {
            c.add(host(trace));
        }
        c.add(kind(handler));
        c.add(number(handler));
        c.add(name(handler, facts.get(trace)));
        return c;
    }
}

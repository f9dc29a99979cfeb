package org.lttbench.core.analysis.waits;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ProcessPass;
import org.lttbench.core.analysis.process.ThreadLedger;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.kernel.Waker;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.Trace;

/**
 * Why threads were blocked: each thread's (or process's) Blocked time split by cause (the system call it slept in,
 * grouped; outside one, a page fault or a kernel thread's own wait) and by waker (the thread, IRQ, softirq or timer
 * whose wakeup ended each wait). Both splits add up to the process analysis's Blocked exactly: they are kept by the
 * same ledger, from the same state changes, as the waits close. It reads nothing itself when the process analysis
 * runs in the same pass.
 */
public final class WaitsAnalysis implements ProcessPass.User {

    public static final AnalysisProvider PROVIDER = new AnalysisDescriptor("waits",
            "Per thread or process: blocked time by cause (the system call it slept in, a page fault, a kernel "
                    + "thread's wait) and by waker (thread, IRQ, softirq, timer) (LTTng kernel traces)",
            () -> WaitsAnalysis.TABLES, WaitsAnalysis::new)
            .withHighlights(WaitsHighlights::of);

    private final AnalysisOptions options;
    private final ProcessPass pass;

    public WaitsAnalysis(AnalysisOptions options) {
        this.options = options;
        this.pass = new ProcessPass(options, null);
    }

    private WaitsAnalysis(AnalysisOptions options, ProcessPass pass) {
        this.options = options;
        this.pass = pass;
    }

    /**
     * The waits of a process analysis that has done its pass (or replayed a kept history), reported without another:
     * its ledger kept the causes and wakers.
     */
    public static WaitsAnalysis over(ProcessAnalysis done, AnalysisOptions options) {
        return new WaitsAnalysis(options, ProcessPass.over(done, options));
    }

    @Override
    public ProcessPass processPass() {
        return pass;
    }

    @Override
    public String nameInReasons() {
        return "the waits analysis";
    }

    @Override
    public Report report() {
        return report(options.groupBy());
    }

    /** The schemas of the two tables. */
    static List<Column> columns(boolean byProcess, boolean byCause, boolean hosts) {
        List<Column> c = ProcessAnalysis.whoColumns(byProcess, hosts, "thread ID");
        if (byCause) {
            c.add(new Column("cause", "Cause", ColumnKind.TEXT, "what the thread waited in: the system call it slept "
                    + "in (grouped: lock, events, reading, writing, sleeping, a child; others by name), or outside one a "
                    + "page fault or a kernel thread's own wait").as(ColumnRole.SUBJECT));
        } else {
            c.add(new Column("waker_kind", "Waker kind", ColumnKind.TEXT,
                    "what ended the waits: thread, irq, softirq, timer, unknown (no wakeup seen), none (the trace ended)"));
            c.add(new Column("waker", "Waker", ColumnKind.TEXT, byProcess
                    ? "the waking process (PID and name), IRQ (number and name), softirq vector, or timer"
                    : "the waking thread (TID and name, its process when another), IRQ (number and name), softirq "
                            + "vector, or timer"));
        }
        Column blocked = new Column("blocked_ns", "Blocked", ColumnKind.DURATION, "blocked time for that "
                + (byCause ? "cause" : "waker") + " in the range (the causes, and the wakers, add up to Blocked)");
        Column waits = new Column("waits", "Waits", ColumnKind.INTEGER, "waits with a part in the range");
        // compared by cause only: a waker's name holds its TID, which differs between runs
        c.add(byCause ? blocked.as(ColumnRole.total("waits")) : blocked);
        c.add(byCause ? waits.as(ColumnRole.COUNT) : waits);
        return c;
    }

    private static TableSchema schema(boolean byProcess, boolean byCause, boolean hosts) {
        String key = byCause ? "blocked_by_cause" : "blocked_by_waker";
        String title = "Blocked time per " + (byProcess ? "process" : "thread") + ", by " + (byCause ? "cause" : "waker");
        return new TableSchema(key, title, columns(byProcess, byCause, hosts));
    }

    /** Per thread or per process, by cause and by waker; a host column when the traces are of several machines. */
    private static final AnalysisTables TABLES = new AnalysisTables(
            new AnalysisTables.Grouping("Why threads were blocked", List.of(schema(false, true, false), schema(false, false, false)),
                    List.of(schema(false, true, true), schema(false, false, true))),
            new AnalysisTables.Grouping("Why processes were blocked", List.of(schema(true, true, false), schema(true, false, false)),
                    List.of(schema(true, true, true), schema(true, false, true))));

    /** The warning of a table of wakers when a trace has no interrupt events: its thread wakers may be interrupts. */
    private static final String WAKERS_DOUBTFUL = "Wakers doubtful";
    /** The same when it has interrupt events but not timers' expiries: its thread wakers may be timer interrupts. */
    private static final String TIMER_WAKERS_DOUBTFUL = "Timer wakers doubtful";

    /**
     * Warns on tables with a waker column, once for each trace that does not show every interrupt a wakeup may be made
     * in: there, such a wakeup is put down to the thread the interrupt stopped (a timer's expiry to whatever ran on
     * that CPU).
     */
    public static void warnOfWakers(ProcessAnalysis process, Table... tables) {
        Map<Trace, ProcessAnalysis.TraceFacts> facts = process.traceFacts();
        facts.forEach((trace, f) -> {
            String doubtful = "Wakers are doubtful" + (facts.size() > 1 ? " on " + process.host(trace) : "");
            switch (f.wakerDoubt()) {
                case INTERRUPTS -> warn(tables, WAKERS_DOUBTFUL, doubtful + ": the trace has no interrupt events "
                        + "(irq_handler_entry, irq_softirq_entry, timer_hrtimer_expire_entry), so a wakeup made in an "
                        + "interrupt (a timer's expiry, a device's completion) is put down to the thread the interrupt "
                        + "stopped");
                case TIMERS -> warn(tables, TIMER_WAKERS_DOUBTFUL, doubtful + ": the trace has no timer expiry events "
                        + "(timer_hrtimer_expire_entry, x86_irq_vectors_local_timer_entry), so a sleep or timeout that "
                        + "a timer ended in its interrupt is put down to the thread the interrupt stopped");
                case NONE -> {
                }
            }
        });
    }

    private static void warn(Table[] tables, String brief, String text) {
        for (Table t : tables) {
            t.warn(brief, text);
        }
    }

    /**
     * What a summary line adds to a thread waker of a table that was warned of ({@link #warnOfWakers}): the interrupt
     * it may have been; empty when the table was not warned of.
     */
    public static String wakerCaveat(Table table) {
        List<String> briefs = table.warnings().stream().map(Table.Warning::brief).toList();
        return briefs.contains(WAKERS_DOUBTFUL) ? " or an interrupt it took (none traced)"
                : briefs.contains(TIMER_WAKERS_DOUBTFUL) ? " or an untraced timer" : "";
    }

    /** How a summary line names a waker of a table: a thread one with the table's caveat ({@link #wakerCaveat}). */
    public static String wakerAsSaid(String caveat, String kind, String waker) {
        return kind + " " + waker + (kind.equals("thread") ? caveat : "");
    }

    @Override
    public Report report(GroupBy groupBy) {
        boolean byProcess = groupBy == GroupBy.PROCESS;
        Report process = pass.analysis().report(groupBy);
        Report r = new Report("waits", byProcess ? "Why processes were blocked" : "Why threads were blocked",
                process.range());
        r.traces(process.traces());
        ThreadLedger ledger = pass.analysis().ledger();
        Map<Trace, ProcessAnalysis.TraceFacts> facts = pass.analysis().traceFacts();
        boolean hosts = facts.size() > 1;
        Table causes = schema(byProcess, true, hosts).table();
        Table wakers = schema(byProcess, false, hosts).table();
        WaitCauses labels = pass.analysis().causes();
        // summed from the ledger's tallies by reason at each call, and told once: the rows and the summary's sums by
        // cause are made as they come (a busy machine has hundreds of thousands of tallies)
        Map<Integer, Long> blockedByCause = new LinkedHashMap<>();
        List<Row> causeRows = rows(v -> ledger.blockedByCause(0, (thread, code, ns, waits) -> {
            blockedByCause.merge(code, ns, Long::sum);
            v.visit(thread, code, ns, waits);
        }), byProcess, hosts, (thread, code) -> List.of(labels.label(code)));
        // a busy machine's tables have hundreds of thousands of rows: their cells are made when read, and not kept
        causes.addRowsMadeAtEachRead(causeRows.size(), i -> causeRows.get(i).cells());
        // made when first read: a comparison of two runs does not compare wakers (their names hold TIDs)
        wakers.fillWhenRead(() -> {
            List<Row> wakerRows = rows(v -> ledger.blockedByWaker(0, v), byProcess, hosts,
                    (thread, code) -> waker(code, thread.trace(), byProcess, ledger, facts));
            wakers.addRowsMadeAtEachRead(wakerRows.size(), i -> wakerRows.get(i).cells());
        });
        warnOfWakers(pass.analysis(), wakers);
        r.add(causes).add(wakers);
        process.notes().stream().filter(n -> !process.isLossNote(n)).filter(n -> n.startsWith("kernel layout")
                || n.contains("no system call events") || n.contains("no wakeup events")).forEach(r::note);
        process.notes().stream().filter(process::isLossNote).forEach(r::lossNote);
        r.note("each thread's causes, and its wakers, add up to its Blocked time in the process analysis; waits in I/O "
                + "(Wait I/O) are per device in its io_devices table");
        r.summary(summary(r.title(), process, blockedByCause, labels));
        return r;
    }

    /** The first line: the range, the blocked time in all, and the causes that took most of it. */
    private static String summary(String title, Report process, Map<Integer, Long> byCause, WaitCauses labels) {
        SummaryLine line = SummaryLine.of(title).range(process.range());
        long blocked = byCause.values().stream().mapToLong(Long::longValue).sum();
        line.add(org.lttbench.core.report.CellFormat.duration(blocked) + " blocked in all (summed over threads)");
        long total = blocked;
        byCause.entrySet().stream().sorted(Map.Entry.<Integer, Long>comparingByValue().reversed()).limit(2)
                .filter(e -> total > 0).forEach(e -> line.add(String.format(java.util.Locale.ROOT, "%.0f%% %s",
                        100.0 * e.getValue() / total, labels.label(e.getKey()))));
        return line.toString();
    }

    /** A label's text numbered once (equal texts of two traces are one number), so a row's key is cheap to hash. */
    private record Named(List<String> label, String text, int number) {
    }

    /**
     * One row: whose (a thread, or a process), for what (a cause, or a waker's kind and name), how long, how often;
     * summed as the tallies come, then ordered. The row's own cells are made when read.
     */
    private static final class Row {
        final boolean byProcess;
        final Named label;

        Row(boolean byProcess, Named label) {
            this.byProcess = byProcess;
            this.label = label;
        }

        /** The thread, or the thread that names the process (its main thread when seen). */
        ThreadRecord whose;
        long ns;
        long waits;
        /** The thread's (process's) running time: rows come in the process table's order. */
        long running;
        String host;

        /** The TID, or for a process's row (which has none) the PID. */
        private int id() {
            return byProcess ? whose.pid() : whose.tid();
        }

        /** The threads that ran most first, as in the process table; within one, its largest waits first. */
        static int inOrder(Row a, Row b) {
            int c = Long.compare(b.running, a.running);
            if (c == 0 && a.host != null) {
                c = a.host.compareTo(b.host);
            }
            if (c == 0) {
                c = Integer.compare(a.id(), b.id());
            }
            if (c == 0) {
                c = Long.compare(b.ns, a.ns);
            }
            return c != 0 ? c : a.label.text().compareTo(b.label.text());
        }

        Object[] cells() {
            List<String> what = label.label();
            Object[] c = new Object[(host != null ? 1 : 0) + (byProcess ? 0 : 1) + 4 + what.size()];
            int i = 0;
            if (host != null) {
                c[i++] = host;
            }
            if (!byProcess) {
                c[i++] = (long) whose.tid();
            }
            c[i++] = whose.pid() < 0 ? null : (Object) Long.valueOf(whose.pid());
            c[i++] = whose.pid() == 0 ? "swapper" : whose.name();
            for (String w : what) {
                c[i++] = w;
            }
            c[i++] = ns;
            c[i] = waits;
            return c;
        }
    }

    /**
     * The rows of one table: the tallies of each thread (or process) summed by label. A label is made once per trace
     * and code, not per tally: a busy machine's threads have tens of thousands of (thread, waker) tallies, most of
     * them with the same few thousand wakers.
     */
    private List<Row> rows(java.util.function.Consumer<ThreadLedger.TallyVisitor> tallies, boolean byProcess,
            boolean hosts, java.util.function.BiFunction<ThreadRecord, Integer, List<String>> what) {
        record Label(Trace trace, int code) {
        }
        record Key(Object owner, int label) {
        }
        Map<Label, Named> labels = new java.util.HashMap<>();
        Map<List<String>, Integer> numbers = new java.util.HashMap<>();
        // the rows in the order first met; per thread, a thread's tallies come together (in the order of thread index),
        // so each thread's are found in a map of its own, not in one of hundreds of thousands of (owner, label) keys
        List<Row> rows = new ArrayList<>();
        Map<Key, Row> byKey = byProcess ? new java.util.HashMap<>() : null;
        Map<Integer, Row> ofOwner = byProcess ? null : new java.util.HashMap<>();
        Object[] current = { null };
        tallies.accept((r, code, ns, waits) -> {
            Named label = labels.computeIfAbsent(new Label(r.trace(), code), k -> {
                List<String> text = what.apply(r, code);
                return new Named(text, String.join(" ", text), numbers.computeIfAbsent(text, n -> numbers.size()));
            });
            Object owner = owner(r, byProcess);
            java.util.function.Function<Object, Row> firstMet = k -> {
                Row row = new Row(byProcess, label);
                rows.add(row);
                return row;
            };
            Row row;
            if (byKey != null) {
                row = byKey.computeIfAbsent(new Key(owner, label.number()), firstMet);
            } else {
                if (owner != current[0]) {
                    ofOwner.clear();
                    current[0] = owner;
                }
                row = ofOwner.computeIfAbsent(label.number(), firstMet);
            }
            row.ns += ns;
            row.waits += waits;
            // the process's main thread names it
            if (row.whose == null || (byProcess && r.tid() == r.pid())) {
                row.whose = r;
            }
        });
        Map<Object, Long> running = new java.util.HashMap<>();
        ThreadLedger ledger = pass.analysis().ledger();
        for (ThreadRecord r : ledger.threads()) {
            running.merge(owner(r, byProcess), ledger.running(r, 0), Long::sum);
        }
        Map<Trace, String> hostOf = new java.util.HashMap<>(); // a trace's host, looked up once, not at each row
        for (Row row : rows) {
            row.running = running.getOrDefault(owner(row.whose, byProcess), 0L);
            row.host = hosts ? hostOf.computeIfAbsent(row.whose.trace(), pass.analysis()::host) : null;
        }
        rows.sort(Row::inOrder);
        return rows;
    }

    /** Whose a row is: the thread, or its process (per trace; a thread of no known process stands alone). */
    private static Object owner(ThreadRecord r, boolean byProcess) {
        return byProcess && r.pid() >= 0 ? List.of(r.trace(), r.pid()) : r;
    }

    /**
     * A {@link Waker}'s kind ({@code thread}, {@code irq}...) and name, as tables show it: a waking thread's TID and
     * name (its process's, per process), an IRQ's number and name, a softirq's vector name.
     *
     * @param trace the trace of the woken thread (IRQ names are per machine)
     */
    public static List<String> waker(int w, Trace trace, boolean byProcess, ThreadLedger ledger,
            Map<Trace, ProcessAnalysis.TraceFacts> facts) {
        String name = switch (Waker.kind(w)) {
            case Waker.THREAD -> {
                ThreadRecord waker = ledger.thread(Waker.id(w));
                if (waker == null) {
                    yield "thread #" + Waker.id(w);
                }
                String n = waker.name() == null ? "?" : waker.name();
                if (byProcess) {
                    yield waker.pid() >= 0 ? "process " + waker.pid() + " " + n : waker.tid() + " " + n;
                }
                yield waker.tid() + " " + n + (waker.pid() >= 0 && waker.pid() != waker.tid() ? " (process " + waker.pid() + ")" : "");
            }
            case Waker.IRQ -> {
                int id = Waker.id(w);
                ProcessAnalysis.TraceFacts f = facts.get(trace);
                String irq = f == null ? null : f.irqNames().get(id);
                boolean vector = id >= 1 << 16;
                yield vector ? (irq == null ? "x86 vector" : irq) + " (vector " + (id & 0xFFFF) + ")"
                        : id + (irq == null ? "" : " " + irq);
            }
            case Waker.SOFTIRQ -> Waker.softirqName(Waker.id(w));
            case Waker.TIMER -> "timer expiry";
            case Waker.UNKNOWN -> "unknown (no wakeup event seen, or from a CPU whose thread the trace did not name)";
            default -> "none (the trace ended, or the thread went away, while it waited)";
        };
        return List.of(Waker.kindName(w), name);
    }
}

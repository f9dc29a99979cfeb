package org.lttbench.core.analysis.process;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.kernel.KernelEventBinder;
import org.lttbench.core.kernel.SyscallNames;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.core.trace.Tracer;

/**
 * Where each thread's (or process's) time went: one {@link ThreadStateMachine} per kernel trace feeding one
 * {@link ThreadLedger}, reported as the {@code threads} table (or {@code processes} with
 * {@link AnalysisOptions.GroupBy#PROCESS}) over the requested range.
 */
public final class ProcessAnalysis implements Analysis {

    public static final AnalysisProvider PROVIDER = new AnalysisDescriptor("process",
            "Per thread or process: user, system, IRQ and running time, waiting for a CPU, "
                    + "blocked on disk I/O, blocked on anything else (LTTng kernel traces)",
            () -> ProcessTables.TABLES, ProcessAnalysis::new)
            .withHighlights(ProcessHighlights::of);

    /** The events a kernel trace needs for complete results, as {@code lttng enable-event -k} names them. */
    static final String RECOMMENDED_EVENTS = "sched_switch (required), sched_waking or sched_wakeup, sched_wakeup_new, "
            + "sched_process_fork/exec/exit/free, irq_handler_entry/exit, irq_softirq_entry/exit, block_rq_complete, "
            + "lttng_statedump_process_state, and system calls (--syscall -a)";

    /** The running-time column (no state of its own: the sum of the running states'), as every table names it. */
    public static final Column RUNNING = new Column("running_ns", "Running", ColumnKind.DURATION,
            "time on a CPU: user + system + IRQ (known even where user and system are not)");

    /**
     * The columns that say whose a row of a thread's (or process's) figures is: the host when the traces are of
     * several machines, the TID (none per process), the PID and the command name.
     *
     * @param tidMeaning the TID's description
     */
    public static List<Column> whoColumns(boolean byProcess, boolean hosts, String tidMeaning) {
        List<Column> columns = new ArrayList<>();
        if (hosts) {
            columns.add(new Column("host", "Host", ColumnKind.TEXT, "the machine (kernel trace) of the thread"));
        }
        if (!byProcess) {
            columns.add(new Column("tid", "TID", ColumnKind.TID, tidMeaning));
        }
        columns.add(new Column("pid", "PID", ColumnKind.PID, "process (thread group) ID"));
        columns.add(new Column("name", "Name", ColumnKind.PROCESS_NAME, "command name"));
        return columns;
    }

    private final AnalysisOptions options;
    private TraceSet traces;
    private final List<ThreadStateMachine> machines = new ArrayList<>();
    /** What each kernel trace can tell, for a report replayed from a kept history (no machine runs then). */
    private final Map<Trace, TraceFacts> replayed;
    /** The report of the pass that made a replayed history: its notes about the whole trace, the traces it read. */
    private final Report whole;
    private final List<String> skipped = new ArrayList<>();
    /** Each kernel trace's binder, for event classes that come after {@link #start} (a live session). */
    private java.util.Map<Trace, KernelEventBinder> binders;
    private KernelEventBinder.EventHandler[] handlers = new KernelEventBinder.EventHandler[0];
    private final ThreadLedger ledger;
    /** The wait causes of this run's machines, by code. */
    private final WaitCauses causes;
    /** The system calls of this run's machines, by id. */
    private final SyscallNames syscalls = new SyscallNames();
    private ThreadStateSink sink;
    private final Map<Trace, long[]> lost = new LinkedHashMap<>();
    private int nextIndex;
    private final Map<AnalysisOptions.GroupBy, Report> reports = new EnumMap<>(AnalysisOptions.GroupBy.class);
    /** Between {@link #start} and {@link #end}: a report then (a live viewer's figures so far) is not kept. */
    private boolean reading;
    /** Whether its sinks may be told on a thread of their own ({@link ProcessPass#handOff}), and that stage. */
    private boolean handOff;
    private HandOffSink stage;

    public ProcessAnalysis(AnalysisOptions options) {
        this(options, null);
    }

    /**
     * @param observer another sink told every state change besides the ledger (a Trace Compass state system, a
     *                 test's checks), or {@code null}
     */
    public ProcessAnalysis(AnalysisOptions options, ThreadStateSink observer) {
        this(options, observer, Map.of(), null, new WaitCauses());
    }

    private ProcessAnalysis(AnalysisOptions options, ThreadStateSink observer, Map<Trace, TraceFacts> replayed,
            Report whole, WaitCauses causes) {
        this.options = options;
        // in the traces' order: reports name and number them in it
        this.replayed = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(replayed));
        this.whole = whole;
        this.causes = causes;
        this.ledger = new ThreadLedger(List.of(options.range()));
        this.sink = observer == null ? ledger : FanOutSink.of(ledger, observer);
    }

    /**
     * Another sink told every state change besides the ledger (and those given before), before the pass starts: an
     * analysis of the same run that follows the threads' states without a machine of its own.
     */
    public void observe(ThreadStateSink observer) {
        if (!machines.isEmpty()) {
            throw new IllegalStateException("observers are added before the pass");
        }
        sink = FanOutSink.of(sink, observer);
    }

    /**
     * Its sinks (the ledger and the analyses that follow the states) are told on a thread of their own while this
     * analysis's state machines run on the reading thread, when they all {@link ThreadStateSink#mayBeToldLater()}:
     * for a pass whose figures are read once it is over. Before the pass starts.
     */
    void handOff() {
        handOff = true;
    }

    /** A staged pass (while it reads) is read once it is over: its sinks are behind the reading thread until then. */
    private void staysUnread() {
        if (stage != null) {
            throw new IllegalStateException("a report taken during a staged pass (AnalysisRun.runStaged)");
        }
    }

    /** A pass that failed: the sinks' thread, if any, stops. */
    void abandon() {
        if (stage != null) {
            stage.abandon();
            stage = null;
        }
    }

    /** The sink this analysis's changes go to (its ledger, and its observers): what a replay tells. */
    public ThreadStateSink sink() {
        return sink;
    }

    /** The wait causes of this analysis's run (labels by code). */
    public WaitCauses causes() {
        return causes;
    }

    /** The system calls of this analysis's run (names by id, as {@link ThreadStateSink#syscall} gives them). */
    public SyscallNames syscalls() {
        return syscalls;
    }

    /** The kernel layout of each trace this analysis reads, after its start (empty for a replay). */
    public Map<Trace, KernelLayout> layouts() {
        Map<Trace, KernelLayout> layouts = new LinkedHashMap<>();
        for (ThreadStateMachine m : machines) {
            layouts.put(m.trace(), m.layout());
        }
        return layouts;
    }

    /**
     * What a kernel trace can tell: whether it splits running time between user and system (system call events),
     * and whether it tells I/O waits from other waits (wakeups and block completions); what it lost; the block
     * devices' names its statedump gave (by {@code dev_t}: a name holds for the whole trace); and the I/O wait check
     * over the whole trace (I/O wait checked, and its part within block requests in flight; 0 when not checked); and
     * the IRQs' names (wakers' names, by IRQ number); and what a thread it names as a waker may have been instead (an
     * interrupt it does not show).
     */
    public record TraceFacts(boolean userSystemKnown, boolean ioWaitKnown, long lostEvents, long lostPackets,
            Map<Long, String> deviceNames, long ioWaitCheckedNs, long ioWaitInFlightNs, Map<Integer, String> irqNames,
            KernelLayout.WakerDoubt wakerDoubt) {
        public TraceFacts {
            deviceNames = Map.copyOf(deviceNames);
            irqNames = Map.copyOf(irqNames);
        }

        public TraceFacts(boolean userSystemKnown, boolean ioWaitKnown) {
            this(userSystemKnown, ioWaitKnown, 0, 0, Map.of(), 0, 0, Map.of(), KernelLayout.WakerDoubt.NONE);
        }

        /**
         * Whether the I/O wait check (the trace's I/O wait against its block requests in flight) found too little of
         * it within requests to believe it all disk I/O.
         */
        public boolean ioWaitDoubtful() {
            return ioWaitCheckedNs > 0 && ioWaitInFlightNs < IO_WAIT_CHECK_BELIEVED * ioWaitCheckedNs;
        }
    }

    /**
     * The share of a trace's I/O wait that must lie within block requests in flight for its I/O wait to be believed:
     * below it, some of what was counted likely waited on something else (a tracer's mislabelled {@code prev_state},
     * lost completions), and the figure is said to be doubtful wherever it is shown.
     */
    public static final double IO_WAIT_CHECK_BELIEVED = 0.90;

    private static final String PER_PROCESS_NOTE = "per process, each time is the sum over its threads (the Threads "
            + "column): 12 threads asleep over a whole range count 12 times its length; CPU is running time over the "
            + "range as top counts it (100% = one CPU), so a process running on several CPUs at once goes over 100%";
    private static final String RANGE_MISSED_NOTE = "the requested range does not meet the kernel trace";
    private static final String SKIPPED_NOTE = "not analysed: ";

    /**
     * An analysis no trace feeds: a kept history of thread states is replayed into its {@link #ledger()} (state changes
     * and I/O waits, each thread's in time order, then each trace's end), and it reports them as the analysis that
     * made the history did, given what each trace could tell ({@link #traceFacts()} of that analysis) and that
     * analysis's report (any range or grouping), whose notes about the whole trace and traces read it repeats.
     */
    public static ProcessAnalysis replay(AnalysisOptions options, Map<Trace, TraceFacts> facts, Report whole,
            WaitCauses causes) {
        return new ProcessAnalysis(options, null, facts, whole, causes);
    }

    /** What each kernel trace read could tell (after the pass), as a replay needs it. */
    public Map<Trace, TraceFacts> traceFacts() {
        if (!replayed.isEmpty()) {
            return replayed;
        }
        Map<Trace, TraceFacts> facts = new LinkedHashMap<>();
        for (ThreadStateMachine m : machines) {
            long[] l = lost.getOrDefault(m.trace(), new long[2]);
            long[] check = m.ioWaitChecked() ? m.ioWaitCheck() : new long[2];
            Map<Integer, String> irqs = m.irqNames();
            facts.put(m.trace(), new TraceFacts(m.userSystemKnown(), m.ioWaitKnown(), l[0], l[1], m.deviceNames(),
                    check[0], check[1], irqs, m.layout().wakerDoubt(irqs.values())));
        }
        return facts;
    }

    /** The traces of the set this analysis reads: kernel traces with {@code sched_switch}. */
    public static List<Trace> kernelTraces(TraceSet traces) {
        List<Trace> kernel = new ArrayList<>();
        for (Trace t : traces.traces()) {
            if (isKernel(t) && KernelLayout.of(t).declares(Role.SCHED_SWITCH)) {
                kernel.add(t);
            }
        }
        return kernel;
    }

    private static boolean isKernel(Trace t) {
        return "kernel".equals(t.domain()) || (t.domain() == null && KernelLayout.of(t).declares(Role.SCHED_SWITCH));
    }

    @Override
    public String whyNotApplicable(TraceSet traces) {
        List<Trace> kernelTraces = kernelTraces(traces);
        if (!kernelTraces.isEmpty()) {
            return options.range().equals(TimeRange.ALL) ? null : whyNotInRange(traces, kernelTraces);
        }
        List<String> kernel = new ArrayList<>();
        for (Trace t : traces.traces()) {
            if (isKernel(t)) {
                kernel.add(t.path().toString());
            }
        }
        if (kernel.isEmpty()) {
            return "the process analysis needs an LTTng kernel trace with sched_switch events; " + tracers(traces)
                    + " (kernel events needed: " + RECOMMENDED_EVENTS + ")";
        }
        return "the kernel trace" + (kernel.size() > 1 ? "s " : " ") + String.join(", ", kernel) + ", from "
                + kernelTracers(traces)
                + ", recorded no sched_switch event, which the process analysis requires (kernel events needed: "
                + RECOMMENDED_EVENTS + ")";
    }

    @Override
    public String whyNotApplicableBriefly(TraceSet traces) {
        String why = whyNotApplicable(traces);
        if (why == null || !kernelTraces(traces).isEmpty()) {
            return why;
        }
        boolean anyKernel = traces.traces().stream().anyMatch(ProcessAnalysis::isKernel);
        return "it needs an LTTng kernel trace with sched_switch events, and "
                + (anyKernel ? "the kernel trace, from " + kernelTracers(traces) + ", recorded none" : tracers(traces))
                + ": --analysis process lists the kernel events to record";
    }

    /** What wrote the kernel traces, as their environments say. */
    private static String kernelTracers(TraceSet traces) {
        return Tracer.describe(traces.traces().stream().filter(ProcessAnalysis::isKernel).toList());
    }

    /** What wrote traces that hold no kernel trace: their tracers, as their environments say. */
    private static String tracers(TraceSet traces) {
        return (traces.traces().size() == 1 ? "the trace is from " : "the traces are from ")
                + Tracer.describe(traces.traces());
    }

    /** Why the range asked for has nothing of the kernel traces, or null when it meets one. */
    private String whyNotInRange(TraceSet traces, List<Trace> kernelTraces) {
        List<String> spans = new ArrayList<>();
        for (Trace t : kernelTraces) {
            TimeRange span = traces.span(t);
            if (span.intersect(options.range()) != null) {
                return null;
            }
            spans.add((kernelTraces.size() > 1 ? t.path() + " " : "") + "[" + WallClock.format(span.begin()) + ", "
                    + WallClock.format(span.end()) + "]");
        }
        return "the range [" + WallClock.format(options.range().begin()) + ", " + WallClock.format(options.range().end())
                + "] has no event of the kernel trace" + (kernelTraces.size() > 1 ? "s" : "") + ", whose events span "
                + String.join(", ", spans);
    }

    @Override
    public void start(TraceSet traces) {
        this.traces = traces;
        reading = true;
        handlers = new KernelEventBinder.EventHandler[traces.eventTypes().size()];
        binders = new java.util.IdentityHashMap<>();
        List<Trace> kernel = kernelTraces(traces);
        for (Trace t : traces.traces()) {
            if (!kernel.contains(t) && isKernel(t)) {
                skipped.add(t.path() + " (no sched_switch)");
            }
        }
        ThreadStateSink told = sink;
        if (handOff && !kernel.isEmpty() && sink.mayBeToldLater()) {
            stage = new HandOffSink(sink);
            told = stage;
        }
        for (Trace t : kernel) {
            ThreadStateMachine m = new ThreadStateMachine(t, KernelLayout.of(t), told, () -> nextIndex++, causes);
            machines.add(m);
            KernelEventBinder binder = new KernelEventBinder(m, causes, syscalls);
            binders.put(t, binder);
            for (EventType type : t.eventTypes()) {
                handlers[type.index()] = binder.handler(type);
            }
        }
    }

    /** A live session's set gains event classes while it is read: those of its kernel traces are bound as they come. */
    private void bindLate() {
        int from = handlers.length;
        handlers = java.util.Arrays.copyOf(handlers, traces.eventTypes().size());
        for (EventType type : traces.eventTypes().subList(from, handlers.length)) {
            KernelEventBinder binder = binders.get(type.trace());
            if (binder != null) {
                handlers[type.index()] = binder.handler(type);
            }
        }
    }

    @Override
    public void event(Event event) {
        int type = event.type().index();
        if (type >= handlers.length) {
            bindLate();
        }
        KernelEventBinder.EventHandler h = handlers[type];
        if (h != null) {
            h.handle(event);
        }
    }

    @Override
    public void loss(Loss loss) {
        Trace t = loss.stream().trace();
        for (ThreadStateMachine m : machines) {
            if (m.trace() == t) {
                long[] counts = lost.computeIfAbsent(t, k -> new long[2]);
                counts[loss.kind() == Loss.Kind.DISCARDED_EVENTS ? 0 : 1] += loss.count();
            }
        }
    }

    @Override
    public void end() {
        for (ThreadStateMachine m : machines) {
            m.end();
        }
        if (stage != null) {
            HandOffSink s = stage;
            stage = null;
            s.finish();
        }
        reading = false;
    }

    /** The state machine of that kernel trace, once started; null for a trace it does not read. */
    public ThreadStateMachine machine(Trace kernel) {
        for (ThreadStateMachine m : machines) {
            if (m.trace() == kernel) {
                return m;
            }
        }
        return null;
    }

    /** The ledger the state machines fed (for callers that want more than the report's table). */
    public ThreadLedger ledger() {
        return ledger;
    }

    /** The range this analysis reports on. */
    public TimeRange range() {
        return options.range();
    }

    @Override
    public Report report() {
        return report(options.groupBy());
    }

    /**
     * A report taken during the pass, between two records: each kernel trace as if it ended at its latest event, the
     * threads alive then counted up to then, rows made now. The pass goes on as if it had not been taken. Once the
     * pass is over, the report.
     */
    @Override
    public Report reportSoFar(AnalysisOptions.GroupBy groupBy) {
        if (!reading) {
            return report(groupBy);
        }
        staysUnread();
        Map<Trace, Long> ends = new java.util.HashMap<>();
        for (ThreadStateMachine m : machines) {
            if (m.last() != Long.MIN_VALUE) {
                ends.put(m.trace(), m.last());
            }
        }
        return report(groupBy, ledger.endedCopy(ends)).makeRowsNow();
    }

    @Override
    public Report report(AnalysisOptions.GroupBy groupBy) {
        Report kept = reports.get(groupBy);
        if (kept != null) {
            return kept;
        }
        staysUnread();
        Report r = report(groupBy, ledger);
        if (!reading) {
            reports.put(groupBy, r);
        }
        return r;
    }

    /** The report of what {@code from} holds: this analysis's ledger, or a copy of it ended during the pass. */
    private Report report(AnalysisOptions.GroupBy groupBy, ThreadLedger from) {
        TimeRange covered = from.covered(0);
        // the traces' one span (the same in every report and in the range checks), within the range asked for
        TimeRange span = traces == null ? covered : traces.span().intersect(options.range());
        TimeRange shown = span != null ? span : new TimeRange(0, 0);
        boolean byProcess = groupBy == AnalysisOptions.GroupBy.PROCESS;
        Map<Trace, TraceFacts> facts = traceFacts();
        boolean hosts = facts.size() > 1;
        Report r = new Report("process", ProcessTables.TABLES.grouping(groupBy).title(), shown);
        if (traces != null) {
            r.traces(traces.traces().stream().map(t -> t.path().toString()).toList());
        } else if (whole != null) {
            r.traces(whole.traces());
            r.notesOf(whole, n -> !n.equals(PER_PROCESS_NOTE) && !n.equals(RANGE_MISSED_NOTE));
        }
        List<ProcessTables.Row> rows = covered == null ? new ArrayList<>() : ProcessTables.rows(this, from, covered);
        if (byProcess) {
            rows = ProcessTables.byProcess(rows);
        }
        rows.sort(ProcessTables.Row::inOrder);
        Table times = ProcessTables.table(this, rows, byProcess, hosts);
        r.add(times);
        Table devices = null;
        if (facts.values().stream().anyMatch(TraceFacts::ioWaitKnown)) {
            devices = ProcessTables.devicesTable(this, from, hosts);
            r.add(devices);
        }
        for (Map.Entry<Trace, TraceFacts> f : facts.entrySet()) {
            if (f.getValue().ioWaitDoubtful()) {
                String why = doubtfulIoWait(f.getKey(), f.getValue(), hosts);
                times.warn("Wait I/O doubtful", why);
                if (devices != null) {
                    devices.warn("Wait I/O doubtful", why);
                }
            }
        }
        for (ThreadStateMachine m : machines) {
            String prefix = hosts ? m.trace().path() + ": " : "";
            r.note(prefix + "kernel layout: " + m.layout().describe(m.prevStates().describe(WallClock::format)));
            if (!m.userSystemKnown()) {
                r.note(prefix + "the trace has no system call events: user and system time are unknown for all but "
                        + "kernel threads (which never run in user mode), and only running time is given");
            }
            if (!m.ioWaitKnown()) {
                r.note(prefix + "the trace has no block_rq_complete or block_bio_complete events (or no wakeups): I/O "
                        + "wait cannot be told from other waits and is unknown; uninterruptible sleeps count as blocked");
            } else if (!m.ioWaitChecked()) {
                r.note(prefix + "I/O wait is not checked against block requests in flight: the trace has no "
                        + "block_rq_issue events");
            } else {
                long[] check = m.ioWaitCheck();
                if (check[0] > 0) {
                    r.note(prefix + String.format(java.util.Locale.ROOT, "I/O wait check (whole trace): %.1f%% of "
                            + "%.3f ms of I/O wait lies within intervals when block requests were in flight "
                            + "(block_rq_issue to block_rq_complete)", 100.0 * check[1] / check[0], check[0] / 1e6));
                }
            }
            if (!m.layout().declaresWakeups()) {
                r.note(prefix + "the trace has no wakeup events: waits cannot be told apart (I/O or not) and "
                        + "a woken thread shows as blocked until it runs");
            }
            for (String caveat : m.caveats()) {
                r.note(prefix + caveat);
            }
            long[] l = lost.get(m.trace());
            if (l != null) {
                r.lossNote(prefix + "the trace lost " + (l[0] > 0 ? SummaryLine.count(l[0]) + (l[0] == 1 ? " event" : " events") : "")
                        + (l[0] > 0 && l[1] > 0 ? " and " : "") + (l[1] > 0 ? SummaryLine.count(l[1]) + (l[1] == 1 ? " packet" : " packets") : "")
                        + ": states around the losses may be wrong");
            }
        }
        for (String s : skipped) {
            r.note(SKIPPED_NOTE + s);
        }
        if (byProcess) {
            r.note(PER_PROCESS_NOTE);
        }
        r.summary(summary(rows, byProcess, shown));
        if (covered == null && !options.range().equals(TimeRange.ALL)) {
            r.note(RANGE_MISSED_NOTE);
        }
        return r;
    }

    /** Why a trace's I/O wait is doubtful: what its check found, where the figures are read. */
    private String doubtfulIoWait(Trace trace, TraceFacts f, boolean hosts) {
        return String.format(java.util.Locale.ROOT, "Wait I/O is doubtful%s: only %.1f%% of the %.3f ms of I/O wait in "
                + "the whole trace lies within intervals when block requests were in flight (block_rq_issue to "
                + "block_rq_complete; at least %.0f%% is expected), so some of it likely waited on something else "
                + "(a prev_state encoding the trace does not hold, or lost events)", hosts ? " on " + host(trace) : "",
                100.0 * f.ioWaitInFlightNs() / f.ioWaitCheckedNs(), f.ioWaitCheckedNs() / 1e6,
                100 * IO_WAIT_CHECK_BELIEVED);
    }

    /** The report's first line: the kernel traces read, the range, their losses, rows, and what is unknown. */
    private String summary(List<ProcessTables.Row> rows, boolean byProcess, TimeRange shown) {
        SummaryLine line = SummaryLine.of("Process time");
        Map<Trace, TraceFacts> facts = traceFacts();
        TraceNames names = traces != null ? TraceNames.ofTraces(traces.traces())
                : whole != null ? TraceNames.of(whole.traces()) : null;
        if (names != null) {
            List<String> read = new ArrayList<>();
            for (Trace t : facts.keySet()) {
                read.add(names.name(t.path().toString()));
            }
            line.read(String.join(", ", read) + " (kernel)");
        }
        line.range(shown);
        long events = 0;
        long packets = 0;
        for (TraceFacts f : facts.values()) {
            events += f.lostEvents();
            packets += f.lostPackets();
        }
        line.lost(events, packets, 0);
        line.add(SummaryLine.count(rows.size()) + (byProcess ? (rows.size() == 1 ? " process" : " processes")
                : (rows.size() == 1 ? " thread" : " threads")));
        List<String> unknown = new ArrayList<>();
        if (facts.values().stream().anyMatch(f -> !f.userSystemKnown())) {
            unknown.add("user/system");
        }
        if (facts.values().stream().anyMatch(f -> !f.ioWaitKnown())) {
            unknown.add("I/O wait");
        }
        if (!unknown.isEmpty()) {
            line.add(String.join(" and ", unknown) + " unknown");
        }
        if (facts.values().stream().anyMatch(TraceFacts::ioWaitDoubtful)) {
            line.add("I/O wait doubtful (see the warning)");
        }
        long skips = whole == null ? skipped.size() : whole.notes().stream().filter(n -> n.startsWith(SKIPPED_NOTE)).count();
        if (skips > 0) {
            line.skipped(skips == 1 ? "1 kernel trace" : skips + " kernel traces", "no sched_switch");
        }
        return line.toString();
    }

    /** The part of the range covered that the trace's own events span (machines traced over different spans). */
    long traceCovered(Trace trace, TimeRange covered) {
        for (ThreadStateMachine m : machines) {
            if (m.trace() == trace && m.first() != Long.MIN_VALUE) {
                TimeRange own = covered.intersect(new TimeRange(m.first(), m.last()));
                return own == null ? 0 : own.duration();
            }
        }
        return covered.duration();
    }

    /** The machine of a trace: its hostname, with the trace's directory when several traces have that hostname. */
    public String host(Trace trace) {
        String host = hostname(trace);
        if (host == null) {
            return trace.path().getFileName().toString();
        }
        var kernelTraces = replayed.isEmpty() ? machines.stream().map(ThreadStateMachine::trace).toList() : replayed.keySet();
        long same = kernelTraces.stream().filter(t -> host.equals(hostname(t))).count();
        return same > 1 ? host + " (" + trace.path().getFileName() + ")" : host;
    }

    private static String hostname(Trace trace) {
        Object host = trace.environment().get("hostname");
        return host == null ? null : host.toString();
    }
}


package org.lttbench.core.analysis.spans;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.TidTable;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ProcessPass;
import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.FieldHandle.FieldKind;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.Packet;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.core.trace.Tracer;

/**
 * Where each span's time went: spans opened and closed by user-space events (the functions of
 * {@code -finstrument-functions}, ROS 2's callbacks, and the user's {@code --span} pairs), their wall time per span
 * name (count, percentiles, the slowest), and, with the kernel trace of the same session, each span's wall time split over the
 * states the process analysis gave the kernel thread that ran it (user, system, IRQ, waiting for a CPU, I/O wait,
 * blocked, by cause and waker): the parts add up to the wall time exactly. The user-space thread is matched to its
 * kernel thread by its {@code vtid} (with {@code vpid} and {@code procname} agreeing), else by the CPU the event was
 * recorded on (a thread in a PID namespace: its {@code vtid} is not the kernel's TID). It hears the state changes of
 * the run's one process analysis ({@link ProcessPass}): no second pass over the kernel trace. A span counts in the
 * range when it ends there.
 */
public final class SpansAnalysis implements Analysis, ProcessPass.User, ThreadStateSink {

    public static final AnalysisProvider PROVIDER = new AnalysisDescriptor("spans",
            "Per span (functions of -finstrument-functions, ROS 2 callbacks, --span pairs of user-space "
                    + "events): count, wall time percentiles, the slowest, and with the session's kernel trace each "
                    + "span's wall time split into user, system, IRQ, waiting for a CPU, I/O wait and blocked by cause "
                    + "and waker",
            () -> SpanTables.TABLES, SpansAnalysis::new)
            .withHighlights(SpansHighlights::of);

    private final AnalysisOptions options;
    private final ProcessPass pass;
    private TraceSet traces;
    /** Whether a kernel trace splits the spans (the process analysis reads one). */
    private boolean kernel;
    private SpanBinding[] bindings = new SpanBinding[0];
    /** Per event class: what it says of ROS 2 callbacks' names (no span of its own), or null. */
    private SpanBinding[] registry = new SpanBinding[0];
    private final List<Trace> ustTraces = new ArrayList<>();
    /** Per user-space trace: the kernel trace of its machine, its state machine, when that trace's events end. */
    private Trace[] kernelOf = new Trace[0];
    private ThreadStateMachine[] machineOf = new ThreadStateMachine[0];
    private final Map<Trace, Long> kernelEnds = new IdentityHashMap<>();
    private final List<TidTable<UstThread>> ustThreads = new ArrayList<>();
    private final List<UstThread> allThreads = new ArrayList<>();
    /** Whether each user-space trace's span events carry a vtid. */
    private boolean[] threadContext = new boolean[0];

    /** What the pass accumulates per span name, kept apart from how the tables are made of it. */
    private final SpanTallies tallies;
    /** The spans' split over their kernel threads' states. */
    private final SpanSplitter splitter;
    /** Per definition paired by a field: its open spans by the field's value. */
    private final List<Map<Long, Span>> keyed = new ArrayList<>();

    private long unpairedEnds;
    private long eventsWithoutThread;
    /** The threads of events without a vtid, from the kernel trace: who ran on their CPU then. */
    private final ThreadOnCpu onCpu = new ThreadOnCpu();
    private long lostEvents;
    private long lostPackets;

    public SpansAnalysis(AnalysisOptions options) {
        this.options = options;
        this.pass = new ProcessPass(options, this);
        this.tallies = new SpanTallies(options);
        this.splitter = new SpanSplitter(tallies);
    }

    /**
     * Keeps every span that counts in the range, for {@link #every()}: a view that draws each span on its thread (the
     * report lists the slowest only). Memory then grows with the spans.
     */
    public SpansAnalysis keepingEvery() {
        tallies.keepEvery();
        return this;
    }

    @Override
    public ProcessPass processPass() {
        return pass;
    }

    @Override
    public void runsWith(List<Analysis> others) {
        pass.share(others);
    }

    // ---------------------------------------------------------------- applicability

    private static boolean userSpace(Trace t) {
        return !"kernel".equals(t.domain());
    }

    @Override
    public String whyNotApplicable(TraceSet traces) {
        Set<String> declared = new LinkedHashSet<>();
        Map<String, List<EventType>> types = new HashMap<>();
        for (Trace t : traces.traces()) {
            if (userSpace(t)) {
                for (EventType e : t.eventTypes()) {
                    declared.add(e.name());
                    types.computeIfAbsent(e.name(), n -> new ArrayList<>()).add(e);
                }
            }
        }
        for (SpanDefinition d : options.spans()) {
            for (String event : List.of(d.begin(), d.end())) {
                if (!declared.contains(event)) {
                    return "--span " + d + ": no user-space trace declares the event " + event + " ("
                            + Tracer.describe(traces.traces()) + ")";
                }
                if (d.field() != null && types.get(event).stream().allMatch(e -> e.payloadField(d.field()) == null)) {
                    return "--span " + d + ": the event " + event + " has no payload field " + d.field();
                }
            }
        }
        if (options.spans().isEmpty() && SpanDefinition.FUNCTION_ENTRIES.stream().noneMatch(declared::contains)
                && !declared.contains(SpanDefinition.CALLBACK_START)) {
            return "the spans analysis needs user-space events that open and close spans: function entries and exits "
                    + "(lttng_ust_cyg_profile: a program built with -finstrument-functions, run with "
                    + "LD_PRELOAD=liblttng-ust-cyg-profile.so), ROS 2 callbacks (ros2:callback_start and callback_end "
                    + "of ros2_tracing) or pairs given with --span " + SpanDefinition.SYNTAX_HELP
                    + "; " + (traces.traces().size() == 1 ? "the trace is from " : "the traces are from ")
                    + Tracer.describe(traces.traces());
        }
        return null;
    }

    @Override
    public String nameInReasons() {
        return "the spans analysis";
    }

    @Override
    public String whyNotApplicableBriefly(TraceSet traces) {
        String why = whyNotApplicable(traces);
        if (why == null || why.startsWith("--span")) {
            return why;
        }
        if (traces.traces().stream().noneMatch(SpansAnalysis::userSpace)) {
            return null; // a kernel trace alone: nobody expects spans of it
        }
        return "it needs user-space function entries and exits (lttng_ust_cyg_profile), ROS 2 callbacks or --span "
                + "pairs, and the "
                + "user-space trace" + (traces.traces().stream().filter(SpansAnalysis::userSpace).count() > 1 ? "s have"
                        : " has") + " none";
    }

    // ---------------------------------------------------------------- the pass

    @Override
    public void start(TraceSet traceSet) {
        this.traces = traceSet;
        kernel = ProcessPass.User.super.whyNotApplicable(traceSet) == null;
        List<Trace> kernels = kernel ? ProcessAnalysis.kernelTraces(traceSet) : List.of();
        if (kernel) {
            pass.start(traceSet);
        }
        for (Trace k : kernels) {
            kernelEnds.put(k, traceSet.span(k).end());
        }
        bindings = new SpanBinding[traceSet.eventTypes().size()];
        registry = new SpanBinding[bindings.length];
        for (SpanDefinition d : options.spans()) {
            keyed.add(d.field() == null ? null : new HashMap<>());
        }
        for (Trace t : traceSet.traces()) {
            if (!userSpace(t)) {
                continue;
            }
            int index = ustTraces.size();
            ustTraces.add(t);
            ustThreads.add(new TidTable<>());
            boolean anyThread = false;
            boolean anySpan = false;
            for (EventType e : t.eventTypes()) {
                registry[e.index()] = SpanBinding.bindRegistry(e, index);
                SpanBinding b = SpanBinding.bind(e, index, options.spans(), tallies);
                if (b != null) {
                    bindings[e.index()] = b;
                    anySpan = true;
                    anyThread |= b.vtid != null;
                }
            }
            threadContext = Arrays.copyOf(threadContext, index + 1);
            threadContext[index] = anyThread || !anySpan;
            kernelOf = Arrays.copyOf(kernelOf, index + 1);
            kernelOf[index] = kernelOf(t, kernels);
        }
        machineOf = new ThreadStateMachine[ustTraces.size()];
        for (int i = 0; i < ustTraces.size(); i++) {
            machineOf[i] = kernelOf[i] == null ? null : pass.analysis().machine(kernelOf[i]);
        }
    }

    /** The kernel trace of the machine a user-space trace was recorded on: the one of its host, else the only one. */
    private static Trace kernelOf(Trace ust, List<Trace> kernels) {
        Object host = ust.environment().get("hostname");
        for (Trace k : kernels) {
            if (host != null && host.equals(k.environment().get("hostname"))) {
                return k;
            }
        }
        return kernels.size() == 1 ? kernels.get(0) : null;
    }

    @Override
    public void packet(Packet packet) {
        if (kernel) {
            pass.packet(packet);
        }
    }

    @Override
    public void loss(Loss loss) {
        if (kernel) {
            pass.loss(loss);
        }
        if (userSpace(loss.stream().trace())) {
            if (loss.kind() == Loss.Kind.DISCARDED_EVENTS) {
                lostEvents += loss.count();
            } else {
                lostPackets += loss.count();
            }
        }
    }

    /** It reads the user-space events itself, whoever feeds the process analysis. */
    @Override
    public boolean hearsRecords() {
        return true;
    }

    @Override
    public void event(Event event) {
        if (kernel) {
            pass.event(event);
            if (onCpu.waiting()) {
                ThreadStateMachine m = pass.analysis().machine(event.type().trace());
                if (m != null) {
                    onCpu.kernelEvent(m, event.cpu(), event.timestamp());
                }
            }
        }
        SpanBinding r = registry[event.type().index()];
        if (r != null) {
            tallies.register(r, event);
        }
        SpanBinding b = bindings[event.type().index()];
        if (b == null) {
            return;
        }
        long ts = event.timestamp();
        UstThread thread = thread(b, event, ts);
        for (; b != null; b = b.next) {
            switch (b.kind) {
                case SpanBinding.ENTRY -> {
                    long addr = event.longValue(b.address);
                    open(thread, tallies.functionName(addr), Span.BY_FUNCTION_EXIT, addr, ts);
                }
                case SpanBinding.EXIT -> closeByAddress(thread, Span.BY_FUNCTION_EXIT, event.longValue(b.address), ts);
                case SpanBinding.CALLBACK_START -> {
                    long addr = event.longValue(b.address);
                    open(thread, tallies.callbackName(thread, addr), Span.BY_CALLBACK_END, addr, ts);
                }
                case SpanBinding.CALLBACK_END ->
                    closeByAddress(thread, Span.BY_CALLBACK_END, event.longValue(b.address), ts);
                case SpanBinding.BEGIN -> {
                    if (b.key == null) {
                        open(thread, b.name, Span.BY_NAME, 0, ts);
                    } else {
                        Span s = new Span(b.name, Span.BY_NAME, 0, ts, null, thread);
                        Span before = keyed.get(b.definition).put(key(event, b.key), s);
                        if (before != null) {
                            tallies.drop(before, ts);
                        }
                        if (thread.kernel != null) {
                            splitter.follow(s, thread.kernel);
                        }
                    }
                }
                default -> {
                    if (b.key == null) {
                        closeUser(thread, b.name, ts);
                    } else {
                        Span s = keyed.get(b.definition).remove(key(event, b.key));
                        if (s == null) {
                            unpairedEnds++;
                        } else {
                            close(s, ts);
                        }
                    }
                }
            }
        }
    }

    /** The value pairing two events: an integer's, or a string's hash. */
    private static long key(Event event, FieldHandle field) {
        return field.kind() == FieldKind.STRING ? event.stringValue(field).hashCode()
                : field.kind() == FieldKind.FLOATING_POINT ? Double.doubleToLongBits(event.doubleValue(field))
                        : event.longValue(field);
    }

    /**
     * The event's thread, matched to its kernel thread; without a vtid context, the kernel's thread on its CPU then
     * (else, without a kernel trace, its CPU's stand-in).
     */
    private UstThread thread(SpanBinding b, Event event, long ts) {
        long vtid = b.vtid != null ? event.longValue(b.vtid) : -1;
        if (vtid < 0 && machineOf[b.trace] != null) {
            ThreadRecord running = onCpu.thread(machineOf[b.trace], event.cpu(), ts);
            if (running != null) {
                return threadRunning(b.trace, running);
            }
        }
        if (vtid < 0) {
            eventsWithoutThread++;
        }
        long key = vtid >= 0 ? vtid : -2 - Math.max(-1, event.cpu());
        long vpid = b.vpid != null ? event.longValue(b.vpid) : -1;
        TidTable<UstThread> table = ustThreads.get(b.trace);
        UstThread t = table.get(key);
        if (t == null || (vpid >= 0 && t.vpid >= 0 && vpid != t.vpid)) { // a new thread, or a TID reused by another process
            t = new UstThread(b.trace, vtid);
            t.vpid = vpid;
            t.procname = b.procname != null ? event.stringValue(b.procname) : null;
            table.put(key, t);
            allThreads.add(t);
        }
        if (vtid >= 0 && machineOf[b.trace] != null && (t.kernel == null || !t.kernel.alive())) {
            match(t, machineOf[b.trace], event.cpu(), ts);
        }
        return t;
    }

    /** The user-space thread of a kernel thread found by its CPU and time (a reused TID: another). */
    private UstThread threadRunning(int trace, ThreadRecord running) {
        TidTable<UstThread> table = ustThreads.get(trace);
        UstThread t = table.get(running.tid());
        if (t == null || t.kernel != running) {
            t = new UstThread(trace, -1);
            t.vpid = running.pid();
            t.procname = running.name();
            t.kernel = running;
            t.match = UstThread.BY_CPU_TIME;
            table.put(running.tid(), t);
            allThreads.add(t);
        }
        return t;
    }

    /**
     * Matches a user-space thread to the kernel thread that runs it: the kernel thread of its vtid when its PID and name
     * agree (no PID namespace between them), else the thread the kernel runs on the event's CPU when its name is the
     * event's procname (a thread in a container: its vtid is another TID in the kernel; without a procname context
     * that thread could be any). Its open spans follow that thread from now on.
     */
    private void match(UstThread t, ThreadStateMachine m, int cpu, long ts) {
        ThreadRecord byTid = t.vtid <= Integer.MAX_VALUE ? m.aliveThread((int) t.vtid) : null;
        ThreadRecord r;
        int how;
        if (byTid != null && (t.vpid < 0 || byTid.pid() < 0 || byTid.pid() == t.vpid) && named(byTid, t.procname)) {
            r = byTid;
            how = UstThread.BY_VTID;
        } else {
            ThreadRecord running = t.procname == null || t.procname.isEmpty() ? null : m.onCpu(cpu);
            if (running == null || running.tid() <= 0 || running.kernelThread() || !named(running, t.procname)) {
                return; // tried again at its next event (without a procname, the CPU's thread is no evidence)
            }
            r = running;
            how = running.tid() == t.vtid ? UstThread.BY_VTID : UstThread.BY_CPU;
        }
        ThreadRecord before = t.kernel;
        t.kernel = r;
        t.match = how;
        for (Span s : t.stack) {
            if (before != null) {
                splitter.unfollow(s, before, ts);
            }
            splitter.follow(s, r);
        }
    }

    /** Whether a kernel thread's name is the user-space procname (both the kernel's comm, at most 15 characters). */
    private static boolean named(ThreadRecord r, String procname) {
        return procname == null || procname.isEmpty() || r.name() == null || r.name().equals(procname)
                || (procname.length() >= 15 && r.name().startsWith(procname.substring(0, 15)));
    }

    private void open(UstThread thread, int name, int closedBy, long address, long ts) {
        List<Span> stack = thread.stack;
        Span parent = stack.isEmpty() ? null : stack.get(stack.size() - 1);
        Span s = new Span(name, closedBy, address, ts, parent, thread);
        stack.add(s);
        if (thread.kernel != null) {
            splitter.follow(s, thread.kernel);
        }
    }

    /**
     * A function's exit (a callback's end) closes its innermost open entry (start) of that address; the functions
     * (callbacks) opened inside it since lost their exits (ends).
     */
    private void closeByAddress(UstThread thread, int closedBy, long address, long ts) {
        List<Span> stack = thread.stack;
        for (int k = stack.size() - 1; k >= 0; k--) {
            Span s = stack.get(k);
            if (s.closedBy == closedBy && s.address == address) {
                for (int j = stack.size() - 1; j > k; j--) {
                    if (stack.get(j).closedBy == closedBy) {
                        tallies.drop(stack.remove(j), ts);
                    }
                }
                stack.remove(k);
                close(s, ts);
                return;
            }
        }
        unpairedEnds++;
    }

    /** An end closes the innermost open span of its name on its thread. */
    private void closeUser(UstThread thread, int name, long ts) {
        List<Span> stack = thread.stack;
        for (int k = stack.size() - 1; k >= 0; k--) {
            Span s = stack.get(k);
            if (s.closedBy == Span.BY_NAME && s.name == name) {
                stack.remove(k);
                close(s, ts);
                return;
            }
        }
        unpairedEnds++;
    }

    private void close(Span s, long ts) {
        s.end = Math.max(ts, s.begin);
        s.closed = true;
        if (s.parent != null && !s.parent.closed) {
            s.parent.children += s.wall();
        }
        ThreadRecord k = s.kernel;
        if (k == null) {
            s.splitTo(s.end, Span.UNMATCHED, 0);
            tallies.finish(s);
        } else if (!k.changesPending()) {
            // what the kernel told last is the thread's state now: the span's split is complete
            splitter.complete(s, k, kernelEnds.getOrDefault(k.trace(), Long.MAX_VALUE));
        }
        // else: the kernel's changes for the thread up to the end are still to come (stateChange finishes it)
    }

    // ---------------------------------------------------------------- the kernel thread's states

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        stateChange(thread, state, time, cpu, 0);
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        splitter.stateChange(thread, state, time, why);
    }

    @Override
    public void end(Trace trace, long time) {
        splitter.end(trace, time);
    }

    @Override
    public void end() {
        if (kernel) {
            pass.end();
        }
        splitter.end();
        for (UstThread t : allThreads) {
            for (Span s : t.stack) {
                tallies.unfinished(s);
            }
        }
        for (Map<Long, Span> open : keyed) {
            if (open != null) {
                open.values().forEach(tallies::unfinished);
            }
        }
    }

    // ---------------------------------------------------------------- the report

    /** The columns of the parts of a span's wall time, in their tables' order (they add up to its wall time). */
    public static final List<String> PARTS = List.of(SpanTables.PART_KEYS);

    /**
     * The thread state a part column holds the time of (views draw it in that state's colour), or null for
     * {@code unmatched_ns}: no kernel thread, no state.
     */
    public static ThreadState partState(String key) {
        int p = PARTS.indexOf(key);
        return p < 0 ? null : SpanTables.PART_STATES[p];
    }

    /** The figures' range: the traces' span within the range asked for. */
    private TimeRange range() {
        TimeRange span = traces == null ? null : traces.span().intersect(options.range());
        return span != null ? span : options.range();
    }

    @Override
    public Report report() {
        Report r = new Report("spans", SpanTables.TABLES.title(), range());
        SummaryLine summary = SummaryLine.of("Spans");
        if (traces != null) {
            r.traces(traces.traces().stream().map(t -> t.path().toString()).toList());
            TraceNames names = TraceNames.ofTraces(traces.traces());
            summary.read(String.join(", ", traces.traces().stream()
                    .map(t -> names.name(t.path().toString()) + " (" + (userSpace(t) ? "ust" : "kernel") + ")")
                    .toList()));
        }
        summary.range(range());
        summary.lost(lostEvents, lostPackets, 0);
        WaitCauses causes = kernel ? pass.analysis().causes() : null;

        List<SpanTally> order = new ArrayList<>(tallies.all());
        order.removeIf(t -> t.wall.count() == 0 && t.unfinished == 0 && t.abandoned == 0);
        order.sort(Comparator.comparingLong((SpanTally t) -> -t.wall.total()).thenComparing(t -> t.name));
        Table perName = SpanTables.PER_NAME.table();
        Table byCause = SpanTables.BY_CAUSE.table();
        Table byWaker = SpanTables.BY_WAKER.table();
        long count = 0;
        long unfinished = 0;
        for (SpanTally t : order) {
            count += t.wall.count();
            unfinished += t.unfinished;
            SpanTables.addName(perName, t, kernel);
            if (kernel) {
                SpanTables.blockedRows(t, causes, byCause, byWaker, this);
            }
        }
        r.add(perName).add(byCause).add(byWaker);

        Table slow = SpanTables.SLOWEST.table();
        for (Span s : tallies.slowest()) {
            slow.addRow(SpanTables.row(s, causes, this));
        }
        r.add(slow);

        summary.add(SummaryLine.count(count) + (count == 1 ? " span" : " spans") + " of " + order.size()
                + (order.size() == 1 ? " name" : " names"));
        if (unfinished > 0) {
            summary.add(SummaryLine.count(unfinished) + " unfinished");
        }
        if (!kernel) {
            summary.add("no breakdown (no kernel trace)");
        }
        r.summary(summary.toString());
        notes(r);
        return r;
    }

    /**
     * Every span that counted in the range, after the pass, as rows of the slowest spans' table (the report's
     * {@code spans_slowest} with no limit) in the order they began; empty unless {@link #keepingEvery} was asked.
     */
    public Table every() {
        Table t = SpanTables.SLOWEST.table();
        List<Span> every = tallies.every();
        if (every != null) {
            WaitCauses causes = kernel ? pass.analysis().causes() : null;
            every.stream().sorted(Comparator.comparingLong((Span s) -> s.begin).thenComparingInt(s -> s.depth))
                    .forEach(s -> t.addRow(SpanTables.row(s, causes, this)));
        }
        return t;
    }

    /** Whether a kernel trace splits the spans: their parts and blocked time are known. */
    boolean kernel() {
        return kernel;
    }

    SpanTallies tallies() {
        return tallies;
    }

    /** A waker's kind and name, as the waits analysis names them (IRQ names of the first kernel trace). */
    List<String> waker(int w) {
        ProcessAnalysis p = pass.analysis();
        Trace first = kernelEnds.keySet().stream().findFirst().orElse(null);
        return WaitsAnalysis.waker(w, first, false, p.ledger(), p.traceFacts());
    }

    private void notes(Report r) {
        if (!kernel) {
            r.note("the split of each span's wall time into thread states (user, system, waiting for a CPU, I/O, "
                    + "blocked) needs the kernel trace of the same session (lttng enable-event --kernel sched_switch, "
                    + "sched_waking, sched_wakeup, system calls... in the session that records the user-space events): "
                    + "only wall times and counts here");
        } else {
            int[] matched = new int[4];
            for (UstThread t : allThreads) {
                if (t.vtid >= 0 || t.match == UstThread.BY_CPU_TIME) {
                    matched[t.match]++;
                }
            }
            if (matched[UstThread.BY_CPU_TIME] > 0) {
                r.note(String.format(Locale.ROOT, "user-space threads matched by the thread their kernel ran on the "
                        + "event's CPU at its time (events without a vtid context): %d threads, %s events%s",
                        matched[UstThread.BY_CPU_TIME], SummaryLine.count(onCpu.matched()), onCpu.ambiguous() == 0
                                ? ", none at the instant of a context switch"
                                : "; " + SummaryLine.count(onCpu.ambiguous()) + " at the very instant of a context switch "
                                        + "on their CPU, whose thread is ambiguous (taken as the merge's order gives it)"));
            }
            if (matched[UstThread.BY_CPU_TIME] == 0 || matched[UstThread.BY_VTID] + matched[UstThread.BY_CPU]
                    + matched[UstThread.UNMATCHED] > 0) {
                r.note(String.format(Locale.ROOT, "user-space threads matched to kernel threads: %d by vtid, %d by the CPU "
                    + "they ran on (in a PID namespace: their vtid is not their kernel TID), %d not matched (their "
                    + "spans' time is unmatched_ns%s)", matched[UstThread.BY_VTID], matched[UstThread.BY_CPU],
                    matched[UstThread.UNMATCHED], matched[UstThread.UNMATCHED] > 0
                            ? "; a thread in a PID namespace is matched by its CPU only when its events carry procname"
                            : ""));
            }
            for (int i = 0; i < ustTraces.size(); i++) {
                if (kernelOf[i] == null) {
                    r.note("no kernel trace of the host of " + ustTraces.get(i).path() + ": its spans are unmatched");
                }
            }
        }
        for (int i = 0; i < ustTraces.size(); i++) {
            if (!threadContext[i] && machineOf[i] == null) {
                r.note("the span events of " + ustTraces.get(i).path() + " carry no vtid context: spans are paired "
                        + "per CPU, not per thread, and not matched to kernel threads (lttng add-context --userspace "
                        + "--type=vtid --type=vpid --type=procname records it)");
            }
        }
        if (lostEvents > 0 || lostPackets > 0) {
            r.lossNote("the user-space traces lost events: a span whose end was lost stays unfinished, an end whose "
                    + "begin was lost is not a span (" + SummaryLine.count(unpairedEnds) + " ends without a begin)");
        } else if (unpairedEnds > 0) {
            r.note(SummaryLine.count(unpairedEnds) + " span ends had no open begin on their thread (begun before the "
                    + "trace, or on another thread: --span ...@FIELD pairs by a field)");
        }
        r.note("a span counts in the range when it ends in it; its self time is its wall time minus that of the spans "
                + "closed inside it; the parts of its wall time add up to it exactly");
        if (kernel) {
            ProcessAnalysis p = pass.analysis();
            p.report(options.groupBy()).notes().stream().filter(n -> n.startsWith("kernel layout")).forEach(r::note);
        }
    }

    /** Events of span classes that carried no thread ID (paired per CPU). */
    long eventsWithoutThread() {
        return eventsWithoutThread;
    }
}

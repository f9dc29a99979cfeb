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
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.analysis.TidTable;
import org.lttbench.core.analysis.latency.LongestKept;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ProcessPass;
import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle.FieldKind;
import org.lttbench.core.trace.FieldHandle;
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

    public static final AnalysisProvider PROVIDER = new AnalysisProvider() {
        @Override
        public String name() {
            return "spans";
        }

        @Override
        public String description() {
            return "Per span (functions of -finstrument-functions, ROS 2 callbacks, --span pairs of user-space "
                    + "events): count, wall time percentiles, the slowest, and with the session's kernel trace each "
                    + "span's wall time split into user, system, IRQ, waiting for a CPU, I/O wait and blocked by cause "
                    + "and waker";
        }

        @Override
        public AnalysisTables tables() {
            return TABLES;
        }

        @Override
        public Analysis create(AnalysisOptions options) {
            return new SpansAnalysis(options);
        }

        @Override
        public List<Highlight> highlights(Report report) {
            return SpansHighlights.of(report);
        }
    };

    private static final int ENTRY = 1, EXIT = 2, BEGIN = 3, END = 4, CALLBACK_START = 5, CALLBACK_END = 6,
            CALLBACK_NAME = 7;

    /** What an event class does to spans, resolved once; several when two definitions use one event. */
    private static final class Binding {
        int kind;
        /** The user-space trace's index among this run's. */
        int trace;
        FieldHandle address;
        FieldHandle vtid;
        FieldHandle vpid;
        FieldHandle procname;
        /** A callback's registered symbol ({@code CALLBACK_NAME}), or what it was added as (that kind's name). */
        FieldHandle symbol;
        String addedAs;
        /** A definition's: its span name, and the field that pairs its events (null: per thread). */
        int name;
        int definition = -1;
        FieldHandle key;
        Binding next;
    }

    private final AnalysisOptions options;
    private final ProcessPass pass;
    private TraceSet traces;
    /** Whether a kernel trace splits the spans (the process analysis reads one). */
    private boolean kernel;
    private Binding[] bindings = new Binding[0];
    /** Per event class: what it says of ROS 2 callbacks' names (no span of its own), or null. */
    private Binding[] registry = new Binding[0];
    private final List<Trace> ustTraces = new ArrayList<>();
    /** Per user-space trace: the kernel trace of its machine, its state machine, when that trace's events end. */
    private Trace[] kernelOf = new Trace[0];
    private ThreadStateMachine[] machineOf = new ThreadStateMachine[0];
    private final Map<Trace, Long> kernelEnds = new IdentityHashMap<>();
    private final List<TidTable<UstThread>> ustThreads = new ArrayList<>();
    private final List<UstThread> allThreads = new ArrayList<>();
    /** Whether each user-space trace's span events carry a vtid. */
    private boolean[] threadContext = new boolean[0];

    private final List<SpanTally> tallies = new ArrayList<>();
    private final Map<String, Integer> names = new HashMap<>();
    private final Map<Long, Integer> functions = new HashMap<>();
    /** A callback's address is its process's: its name per trace, process and address. */
    private record Callback(int trace, long vpid, long address) {
    }

    private final Map<Callback, String> callbackNames = new HashMap<>();
    private final Map<Callback, Integer> callbacks = new HashMap<>();
    /** Per definition paired by a field: its open spans by the field's value. */
    private final List<Map<Long, Span>> keyed = new ArrayList<>();
    private final LongestKept<Span> slowest;
    /** Every span that counts in the range, when asked to keep them ({@link #keepingEvery}), else null. */
    private List<Span> every;

    /** Each kernel thread's state as told last (by its index), and the spans its states split. */
    private long[] toldTime = new long[0];
    private ThreadState[] toldState = new ThreadState[0];
    private long[] toldWhy = new long[0];
    private ThreadRecord[] records = new ThreadRecord[0];
    private List<Span>[] following = newLists(0);

    private long unpairedEnds;
    private long eventsWithoutThread;
    /** The threads of events without a vtid, from the kernel trace: who ran on their CPU then. */
    private final ThreadOnCpu onCpu = new ThreadOnCpu();
    private long lostEvents;
    private long lostPackets;

    public SpansAnalysis(AnalysisOptions options) {
        this.options = options;
        this.pass = new ProcessPass(options, this);
        this.slowest = new LongestKept<>(options.limit());
    }

    /**
     * Keeps every span that counts in the range, for {@link #every()}: a view that draws each span on its thread (the
     * report lists the slowest only). Memory then grows with the spans.
     */
    public SpansAnalysis keepingEvery() {
        every = new ArrayList<>();
        return this;
    }

    @SuppressWarnings("unchecked")
    private static List<Span>[] newLists(int n) {
        return new List[n];
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
        kernel = pass.whyNotApplicable(traceSet, "the spans analysis") == null;
        List<Trace> kernels = kernel ? ProcessAnalysis.kernelTraces(traceSet) : List.of();
        if (kernel) {
            pass.start(traceSet);
        }
        for (Trace k : kernels) {
            kernelEnds.put(k, traceSet.span(k).end());
        }
        bindings = new Binding[traceSet.eventTypes().size()];
        registry = new Binding[bindings.length];
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
                registry[e.index()] = bindRegistry(e, index);
                Binding b = bind(e, index);
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

    private Binding bind(EventType e, int trace) {
        Binding first = null;
        if (SpanDefinition.FUNCTION_ENTRIES.contains(e.name()) || SpanDefinition.FUNCTION_EXITS.contains(e.name())) {
            FieldHandle addr = FieldHandle.integer(e.payloadField("addr"));
            if (addr != null) {
                first = binding(e, trace, SpanDefinition.FUNCTION_ENTRIES.contains(e.name()) ? ENTRY : EXIT);
                first.address = addr;
            }
        }
        if (e.name().equals(SpanDefinition.CALLBACK_START) || e.name().equals(SpanDefinition.CALLBACK_END)) {
            FieldHandle callback = FieldHandle.integer(e.payloadField("callback"));
            if (callback != null) {
                first = binding(e, trace, e.name().equals(SpanDefinition.CALLBACK_START) ? CALLBACK_START : CALLBACK_END);
                first.address = callback;
            }
        }
        List<SpanDefinition> defs = options.spans();
        for (int d = 0; d < defs.size(); d++) {
            SpanDefinition def = defs.get(d);
            boolean begin = def.begin().equals(e.name());
            if (!begin && !def.end().equals(e.name())) {
                continue;
            }
            Binding b = binding(e, trace, begin ? BEGIN : END);
            b.definition = d;
            b.name = name(def.name());
            if (def.field() != null) {
                b.key = e.payloadField(def.field());
                if (b.key == null) {
                    continue; // said by whyNotApplicable when no event class of that name has it
                }
            }
            b.next = first;
            first = b;
        }
        return first;
    }

    /** What a ROS 2 set-up event says of callbacks' names: the symbol registered for one, or what it was added as. */
    private static Binding bindRegistry(EventType e, int trace) {
        FieldHandle callback = FieldHandle.integer(e.payloadField("callback"));
        String addedAs = SpanDefinition.CALLBACK_KINDS.get(e.name());
        boolean register = e.name().equals(SpanDefinition.CALLBACK_REGISTER);
        if (callback == null || (!register && addedAs == null)) {
            return null;
        }
        Binding b = binding(e, trace, CALLBACK_NAME);
        b.address = callback;
        FieldHandle symbol = register ? e.payloadField("symbol") : null;
        b.symbol = symbol != null && symbol.kind() == FieldKind.STRING ? symbol : null;
        b.addedAs = addedAs;
        return b.symbol == null && addedAs == null ? null : b;
    }

    private static Binding binding(EventType e, int trace, int kind) {
        Binding b = new Binding();
        b.kind = kind;
        b.trace = trace;
        b.vtid = FieldHandle.integer(e.contextField("vtid"));
        b.vpid = FieldHandle.integer(e.contextField("vpid"));
        FieldHandle procname = e.contextField("procname");
        b.procname = procname != null && procname.kind() == FieldKind.STRING ? procname : null;
        return b;
    }

    private int name(String name) {
        Integer id = names.get(name);
        if (id == null) {
            id = tallies.size();
            names.put(name, id);
            tallies.add(new SpanTally(name));
        }
        return id;
    }

    private int functionName(long address) {
        Integer id = functions.get(address);
        if (id == null) {
            id = name("0x" + Long.toHexString(address));
            functions.put(address, id);
        }
        return id;
    }

    /** The span name of a callback: its registered symbol, else what it was added as and its address. */
    private int callbackName(UstThread thread, long address) {
        Callback c = new Callback(thread.trace, thread.vpid, address);
        Integer id = callbacks.get(c);
        if (id == null) {
            String name = callbackNames.get(c);
            id = name(name != null ? name : "callback 0x" + Long.toHexString(address));
            callbacks.put(c, id);
        }
        return id;
    }

    /** Names a callback: a registered symbol, or (unless it has one) what it was added as. */
    private void register(Binding b, Event event) {
        long vpid = b.vpid != null ? event.longValue(b.vpid) : -1;
        long address = event.longValue(b.address);
        Callback c = new Callback(b.trace, vpid, address);
        if (b.symbol != null) {
            callbackNames.put(c, event.stringValue(b.symbol));
        } else if (!callbackNames.containsKey(c)) {
            callbackNames.put(c, b.addedAs + " callback 0x" + Long.toHexString(address));
        }
        callbacks.remove(c); // named anew from its next start
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
        Binding r = registry[event.type().index()];
        if (r != null) {
            register(r, event);
        }
        Binding b = bindings[event.type().index()];
        if (b == null) {
            return;
        }
        long ts = event.timestamp();
        UstThread thread = thread(b, event, ts);
        for (; b != null; b = b.next) {
            switch (b.kind) {
                case ENTRY -> {
                    long addr = event.longValue(b.address);
                    open(thread, functionName(addr), Span.BY_FUNCTION_EXIT, addr, ts);
                }
                case EXIT -> closeByAddress(thread, Span.BY_FUNCTION_EXIT, event.longValue(b.address), ts);
                case CALLBACK_START -> {
                    long addr = event.longValue(b.address);
                    open(thread, callbackName(thread, addr), Span.BY_CALLBACK_END, addr, ts);
                }
                case CALLBACK_END -> closeByAddress(thread, Span.BY_CALLBACK_END, event.longValue(b.address), ts);
                case BEGIN -> {
                    if (b.key == null) {
                        open(thread, b.name, Span.BY_NAME, 0, ts);
                    } else {
                        Span s = new Span(b.name, Span.BY_NAME, 0, ts, null, thread);
                        Span before = keyed.get(b.definition).put(key(event, b.key), s);
                        if (before != null) {
                            drop(before, ts);
                        }
                        if (thread.kernel != null) {
                            follow(s, thread.kernel);
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
    private UstThread thread(Binding b, Event event, long ts) {
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
                unfollow(s, before, ts);
            }
            follow(s, r);
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
            follow(s, thread.kernel);
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
                        drop(stack.remove(j), ts);
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

    /** A span that will not close: counted as abandoned, never in the wall times. */
    private void drop(Span s, long ts) {
        s.dropped = true;
        s.closed = true;
        s.end = Math.max(ts, s.begin);
        if (options.range().contains(s.end)) {
            tallies.get(s.name).abandoned++;
        }
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
            finish(s);
        } else if (!k.changesPending()) {
            // what the kernel told last is the thread's state now: the span's split is complete
            int i = k.index();
            long kernelEnd = kernelEnds.getOrDefault(k.trace(), Long.MAX_VALUE);
            s.splitTo(Math.min(s.end, kernelEnd), part(i), toldWhy[i]);
            s.splitTo(s.end, Span.UNKNOWN, 0);
            remove(following[i], s);
            finish(s);
        }
        // else: the kernel's changes for the thread up to the end are still to come (stateChange finishes it)
    }

    private void finish(Span s) {
        if (s.finished || s.dropped) {
            return;
        }
        s.finished = true;
        if (!options.range().contains(s.end)) {
            return;
        }
        tallies.get(s.name).add(s);
        if (every != null) {
            every.add(s);
        }
        if (slowest.keeps(s.wall(), s.begin)) {
            slowest.offer(s.wall(), s.begin, s);
        }
    }

    private static void remove(List<Span> list, Span s) {
        if (list == null) {
            return;
        }
        for (int i = list.size() - 1; i >= 0; i--) {
            if (list.get(i) == s) {
                list.remove(i);
                return;
            }
        }
    }

    // ---------------------------------------------------------------- the kernel thread's states

    private void ensure(int index) {
        if (index < toldTime.length) {
            return;
        }
        int n = Math.max(index + 1, toldTime.length * 2 + 16);
        int old = toldTime.length;
        toldTime = Arrays.copyOf(toldTime, n);
        Arrays.fill(toldTime, old, n, Long.MIN_VALUE);
        toldState = Arrays.copyOf(toldState, n);
        toldWhy = Arrays.copyOf(toldWhy, n);
        records = Arrays.copyOf(records, n);
        following = Arrays.copyOf(following, n);
    }

    /** The part of a span the kernel thread's last told state is (unknown before any). */
    private int part(int index) {
        ThreadState s = toldState[index];
        return s == null ? Span.UNKNOWN : Span.part(s);
    }

    /** The span's split follows the kernel thread's states from its {@code upTo} on (what came before is unknown). */
    private void follow(Span s, ThreadRecord r) {
        int i = r.index();
        ensure(i);
        records[i] = r;
        if (toldTime[i] > s.upTo) {
            s.splitTo(toldTime[i], Span.UNKNOWN, 0);
        }
        s.kernel = r;
        List<Span> f = following[i];
        if (f == null) {
            f = new ArrayList<>(4);
            following[i] = f;
        }
        f.add(s);
    }

    /** The span no longer follows that thread: split up to now by its last told state. */
    private void unfollow(Span s, ThreadRecord r, long now) {
        int i = r.index();
        s.splitTo(now, part(i), toldWhy[i]);
        remove(following[i], s);
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        stateChange(thread, state, time, cpu, 0);
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        int i = thread.index();
        ensure(i);
        List<Span> f = following[i];
        if (f != null && !f.isEmpty()) {
            split(f, i, time);
        }
        toldTime[i] = time;
        toldState[i] = state;
        toldWhy[i] = why;
    }

    /** The spans following thread {@code i} get its last told state up to {@code time}; those split to their end finish. */
    private void split(List<Span> f, int i, long time) {
        int part = part(i);
        long why = toldWhy[i];
        int kept = 0;
        for (int k = 0; k < f.size(); k++) {
            Span s = f.get(k);
            if (!s.dropped) {
                s.splitTo(time, part, why);
                if (s.split()) {
                    finish(s);
                    continue;
                }
                f.set(kept++, s);
            }
        }
        for (int k = f.size() - 1; k >= kept; k--) {
            f.remove(k);
        }
    }

    @Override
    public void end(Trace trace, long time) {
        for (int i = 0; i < following.length; i++) {
            List<Span> f = following[i];
            if (f != null && !f.isEmpty() && records[i].trace() == trace) {
                split(f, i, time);
                // closed spans that end after the kernel trace: unknown from its end on
                for (Span s : f) {
                    if (s.closed && !s.dropped) {
                        s.splitTo(s.end, Span.UNKNOWN, 0);
                        finish(s);
                    }
                }
                f.removeIf(s -> s.closed);
            }
        }
    }

    @Override
    public void end() {
        if (kernel) {
            pass.end();
        }
        // spans still waiting for a kernel that never told the end of their thread's state
        for (int i = 0; i < following.length; i++) {
            List<Span> f = following[i];
            if (f != null) {
                for (Span s : f) {
                    if (s.closed && !s.dropped) {
                        s.splitTo(s.end, Span.UNKNOWN, 0);
                        finish(s);
                    }
                }
            }
        }
        for (UstThread t : allThreads) {
            for (Span s : t.stack) {
                unfinished(s);
            }
        }
        for (Map<Long, Span> open : keyed) {
            if (open != null) {
                open.values().forEach(this::unfinished);
            }
        }
    }

    private void unfinished(Span s) {
        if (options.range().contains(s.begin)) {
            tallies.get(s.name).unfinished++;
        }
    }

    // ---------------------------------------------------------------- tables

    private static final String[] PART_KEYS = { "user_ns", "system_ns", "irq_ns", "user_or_system_ns", "wait_cpu_ns",
            "wait_io_ns", "wait_blocked_ns", "unknown_ns", "unmatched_ns" };
    private static final ThreadState[] PART_STATES = { ThreadState.USER, ThreadState.SYSCALL, ThreadState.IRQ,
            ThreadState.USER_OR_SYSTEM, ThreadState.WAIT_CPU, ThreadState.WAIT_IO, ThreadState.WAIT_BLOCKED,
            ThreadState.UNKNOWN, null };
    /** The columns of the parts of a span's wall time, in their tables' order (they add up to its wall time). */
    public static final List<String> PARTS = List.of(PART_KEYS);

    /**
     * The thread state a part column holds the time of (views draw it in that state's colour), or null for
     * {@code unmatched_ns}: no kernel thread, no state.
     */
    public static ThreadState partState(String key) {
        int p = PARTS.indexOf(key);
        return p < 0 ? null : PART_STATES[p];
    }

    /** The parts shown in the terminal's text unless --wide. */
    private static final Set<Integer> HEADLINE_PARTS = Set.of(Span.USER, Span.SYSTEM, Span.WAIT_CPU, Span.WAIT_IO,
            Span.BLOCKED);
    private static final double[] QUANTILES = { 0.50, 0.90, 0.99 };

    /** The columns of a span's (or a name's) wall time split: they add up to its wall time. */
    private static List<Column> partColumns(String of) {
        List<Column> c = new ArrayList<>();
        for (int p = 0; p < Span.PARTS; p++) {
            String title;
            String description;
            if (p == Span.UNMATCHED) {
                title = "Unmatched";
                description = "no kernel thread matched the user-space thread (its events carry no vtid, or the "
                        + "kernel trace never showed it)";
            } else if (p == Span.UNKNOWN) {
                title = "Unknown";
                description = "the kernel trace did not tell the thread's state (outside the kernel trace, before it "
                        + "named the thread, on a CPU whose stream it lacks)";
            } else {
                title = PART_STATES[p].title();
                description = PART_STATES[p].legend().toLowerCase(Locale.ROOT);
            }
            Column col = new Column(PART_KEYS[p], title, ColumnKind.DURATION, of + ": " + description
                    + " (the parts add up to the wall time; empty without the session's kernel trace)");
            c.add(HEADLINE_PARTS.contains(p) ? col : col.asDetail());
        }
        return c;
    }

    private static final TableSchema PER_NAME = perName();

    private static TableSchema perName() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("span", "Span", ColumnKind.TEXT, "the span's name: a --span definition's, a function's "
                + "address (-finstrument-functions), or a ROS 2 callback's registered symbol (else what it was added "
                + "as, and its address)"));
        c.add(new Column("spans", "Count", ColumnKind.INTEGER, "spans that ended in the range"));
        c.add(new Column("unfinished", "Unfinished", ColumnKind.INTEGER,
                "spans begun in the range that the trace never closed (it ended, or lost their end)").asDetail());
        c.add(new Column("abandoned", "Abandoned", ColumnKind.INTEGER, "spans left open when an outer one closed (a "
                + "function whose exit the trace lost), or begun again with the same key before their end").asDetail());
        c.add(new Column("wall_ns", "Total", ColumnKind.DURATION, "sum of their wall times (begin to end)"));
        c.add(new Column("min_ns", "Min", ColumnKind.DURATION, "shortest wall time").asDetail());
        c.add(new Column("mean_ns", "Mean", ColumnKind.FRACTIONAL_DURATION, "mean wall time").asDetail());
        String error = String.format(Locale.ROOT, "(nearest rank, from a log-linear histogram within %.2f%%)", 100
                * org.lttbench.core.analysis.latency.DurationHistogram.RELATIVE_ERROR);
        c.add(new Column("p50_ns", "p50", ColumnKind.DURATION, "median wall time " + error));
        c.add(new Column("p90_ns", "p90", ColumnKind.DURATION, "90th percentile of the wall times " + error).asDetail());
        c.add(new Column("p99_ns", "p99", ColumnKind.DURATION, "99th percentile of the wall times " + error));
        c.add(new Column("max_ns", "Max", ColumnKind.DURATION, "longest wall time"));
        c.add(new Column("self_ns", "Self", ColumnKind.DURATION,
                "sum of their self times: wall time minus that of the spans closed inside them"));
        c.addAll(partColumns("their wall time"));
        return new TableSchema("spans", "Where each span's time went, per span name", c);
    }

    private static final TableSchema BY_CAUSE = new TableSchema("span_blocked_by_cause",
            "Spans' blocked time by cause", List.of(new Column("span", "Span", ColumnKind.TEXT, "the span's name"),
                    new Column("cause", "Cause", ColumnKind.TEXT, "what the thread waited in, as the waits analysis "
                            + "groups it (the system call it slept in, a page fault, ...)"),
                    new Column("blocked_ns", "Blocked", ColumnKind.DURATION,
                            "blocked time within the spans for that cause (the causes add up to the spans' Blocked)")));

    private static final TableSchema BY_WAKER = new TableSchema("span_blocked_by_waker",
            "Spans' blocked time by waker", List.of(new Column("span", "Span", ColumnKind.TEXT, "the span's name"),
                    new Column("waker_kind", "Waker kind", ColumnKind.TEXT,
                            "what ended the waits: thread, irq, softirq, timer, unknown, none (the trace ended)"),
                    new Column("waker", "Waker", ColumnKind.TEXT, "the waking thread, IRQ, softirq or timer"),
                    new Column("blocked_ns", "Blocked", ColumnKind.DURATION,
                            "blocked time within the spans that waker ended (the wakers add up to the spans' Blocked)")));

    private static final TableSchema SLOWEST = slowestSchema();

    private static TableSchema slowestSchema() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("begin", "Begin", ColumnKind.TIMESTAMP, "when the span began"));
        c.add(new Column("wall_ns", "Wall", ColumnKind.DURATION, "begin to end"));
        c.add(new Column("span", "Span", ColumnKind.TEXT, "the span's name"));
        c.add(new Column("depth", "Depth", ColumnKind.INTEGER, "spans open around it on its thread").asDetail());
        c.add(new Column("vtid", "VTID", ColumnKind.TID, "the thread, as the user-space events name it (its PID "
                + "namespace's)"));
        c.add(new Column("vpid", "VPID", ColumnKind.PID, "its process, as the user-space events name it").asDetail());
        c.add(new Column("procname", "Procname", ColumnKind.PROCESS_NAME, "its command name (procname context)"));
        c.add(new Column("tid", "TID", ColumnKind.TID, "the kernel thread matched to it").asDetail());
        c.add(new Column("pid", "PID", ColumnKind.PID, "the kernel thread's process").asDetail());
        c.add(new Column("self_ns", "Self", ColumnKind.DURATION, "wall time minus that of the spans closed inside")
                .asDetail());
        c.addAll(partColumns("its wall time"));
        c.add(new Column("blocked_in", "Blocked in", ColumnKind.TEXT,
                "where most of its blocked time went: the cause and the waker").asDetail());
        return new TableSchema("spans_slowest", "The slowest spans", c);
    }

    private static final AnalysisTables TABLES = AnalysisTables.ungrouped(new AnalysisTables.Grouping(
            "Where each span's time went", List.of(PER_NAME, BY_CAUSE, BY_WAKER, SLOWEST), List.of()));

    /** The figures' range: the traces' span within the range asked for. */
    private TimeRange range() {
        TimeRange span = traces == null ? null : traces.span().intersect(options.range());
        return span != null ? span : options.range();
    }

    @Override
    public Report report() {
        Report r = new Report("spans", TABLES.title(), range());
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

        List<SpanTally> order = new ArrayList<>(tallies);
        order.removeIf(t -> t.wall.count() == 0 && t.unfinished == 0 && t.abandoned == 0);
        order.sort(Comparator.comparingLong((SpanTally t) -> -t.wall.total()).thenComparing(t -> t.name));
        Table perName = PER_NAME.table();
        Table byCause = BY_CAUSE.table();
        Table byWaker = BY_WAKER.table();
        long count = 0;
        long unfinished = 0;
        for (SpanTally t : order) {
            count += t.wall.count();
            unfinished += t.unfinished;
            List<Object> cells = new ArrayList<>();
            cells.add(t.name);
            cells.add(t.wall.count());
            cells.add(t.unfinished);
            cells.add(t.abandoned);
            cells.add(t.wall.total());
            cells.add(t.wall.min());
            cells.add(t.wall.mean());
            Long[] p = t.wall.percentiles(QUANTILES);
            cells.add(p[0]);
            cells.add(p[1]);
            cells.add(p[2]);
            cells.add(t.wall.max());
            cells.add(t.self);
            addParts(cells, t.parts);
            perName.addRow(cells.toArray());
            if (kernel) {
                blockedRows(t, causes, byCause, byWaker);
            }
        }
        r.add(perName).add(byCause).add(byWaker);

        Table slow = SLOWEST.table();
        for (Span s : slowest.longestFirst()) {
            slow.addRow(row(s, causes));
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

    /** A span as a row of the slowest spans' table. */
    private Object[] row(Span s, WaitCauses causes) {
        List<Object> cells = new ArrayList<>();
        cells.add(s.begin);
        cells.add(s.wall());
        cells.add(tallies.get(s.name).name);
        cells.add((long) s.depth);
        cells.add(s.thread.vtid < 0 ? null : (Object) s.thread.vtid);
        cells.add(s.thread.vpid < 0 ? null : (Object) s.thread.vpid);
        cells.add(s.thread.procname);
        cells.add(s.kernel == null ? null : (Object) (long) s.kernel.tid());
        cells.add(s.kernel == null || s.kernel.pid() < 0 ? null : (Object) (long) s.kernel.pid());
        cells.add(s.self());
        addParts(cells, s.parts);
        cells.add(kernel ? blockedIn(s, causes) : null);
        return cells.toArray();
    }

    /**
     * Every span that counted in the range, after the pass, as rows of the slowest spans' table (the report's
     * {@code spans_slowest} with no limit) in the order they began; empty unless {@link #keepingEvery} was asked.
     */
    public Table every() {
        Table t = SLOWEST.table();
        if (every != null) {
            WaitCauses causes = kernel ? pass.analysis().causes() : null;
            every.stream().sorted(Comparator.comparingLong((Span s) -> s.begin).thenComparingInt(s -> s.depth))
                    .forEach(s -> t.addRow(row(s, causes)));
        }
        return t;
    }

    private void addParts(List<Object> cells, long[] parts) {
        for (int p = 0; p < Span.PARTS; p++) {
            cells.add(kernel ? (Object) parts[p] : null);
        }
    }

    private void blockedRows(SpanTally t, WaitCauses causes, Table byCause, Table byWaker) {
        Map<Integer, Long> perCause = new HashMap<>();
        Map<Integer, Long> perWaker = new HashMap<>();
        t.blocked.forEach((why, ns) -> {
            perCause.merge(ThreadStateSink.cause(why), ns, Long::sum);
            perWaker.merge(ThreadStateSink.waker(why), ns, Long::sum);
        });
        perCause.entrySet().stream()
                .sorted(Map.Entry.<Integer, Long>comparingByValue().reversed()
                        .thenComparing(e -> causes.label(e.getKey())))
                .forEach(e -> byCause.addRow(t.name, causes.label(e.getKey()), e.getValue()));
        List<Object[]> wakers = new ArrayList<>();
        perWaker.forEach((w, ns) -> {
            List<String> kindAndName = waker(w);
            wakers.add(new Object[] { t.name, kindAndName.get(0), kindAndName.get(1), ns });
        });
        wakers.sort(Comparator.comparingLong((Object[] row) -> -(Long) row[3]).thenComparing(row -> (String) row[2]));
        wakers.forEach(byWaker::addRow);
    }

    /** A waker's kind and name, as the waits analysis names them (IRQ names of the first kernel trace). */
    private List<String> waker(int w) {
        ProcessAnalysis p = pass.analysis();
        Trace first = kernelEnds.keySet().stream().findFirst().orElse(null);
        return WaitsAnalysis.waker(w, first, false, p.ledger(), p.traceFacts());
    }

    /** The reason that took most of a span's blocked time: {@code reading a pipe, woken by thread 702 writer}. */
    private String blockedIn(Span s, WaitCauses causes) {
        long most = 0;
        long why = 0;
        for (int i = 0; i < s.blockedSize; i++) {
            if (s.blocked[2 * i + 1] > most) {
                most = s.blocked[2 * i + 1];
                why = s.blocked[2 * i];
            }
        }
        if (most == 0) {
            return null;
        }
        List<String> w = waker(ThreadStateSink.waker(why));
        return causes.label(ThreadStateSink.cause(why)) + ", woken by " + w.get(0) + " " + w.get(1);
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

package org.lttbench.core.analysis.overhead;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.TidTable;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.Packet;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.core.trace.Tracer;

/**
 * What the tracing cost, per tracepoint: how often it fired, how many bytes it wrote, the gaps between consecutive
 * events of one thread on one CPU (percentiles, modes), the cost of one event estimated from those gaps (see
 * {@link CostEstimate}), and, when the events carry perf counter contexts, each counter's delta between consecutive
 * events of one thread on one CPU. The thread is the {@code tid} or {@code vtid} context; in a kernel trace without
 * it, the thread the CPU's last {@code sched_switch} switched to. Memory grows with threads, CPUs and tracepoints,
 * never with events.
 */
public final class OverheadAnalysis implements Analysis {
    public static final String NAME = "overhead";
    static final String COUNTER_PREFIX_THREAD = "perf_thread_";
    static final String COUNTER_PREFIX_CPU = "perf_cpu_";

    private final AnalysisOptions options;
    private final Map<String, TracepointStats> tracepoints = new LinkedHashMap<>();
    /** By tracepoint id. */
    private final List<TracepointStats> tracepointsById = new ArrayList<>();
    private final List<String> counterNames = new ArrayList<>();
    private final Map<String, Integer> counterIds = new HashMap<>();

    private TraceSet traces;
    private EventClass[] eventClasses;
    /** Per stream: the (trace, CPU) slot its events belong to, and whether its next event opens a packet. */
    private int[] streamSlot;
    private boolean[] streamOpening;
    private StreamTally[] streamTallies;
    /** Per stream: the trace it belongs to, whose threads' cursors are in {@code traceThreads}. */
    private int[] streamTrace;
    private List<TidTable<ThreadCursor>> traceThreads;
    /** Each trace's number and each CPU slot's ({@link #addStreams}). */
    private Map<Trace, Integer> traceIndex;
    private Map<Long, Integer> slots;
    /** Per (trace, CPU) slot: the cursor used last there, and how many losses the slot has seen. */
    private ThreadCursor[] slotLast;
    private long[] slotEpoch;
    /** Per slot of a kernel trace: the thread its last sched_switch switched to, or -1 before any. */
    private long[] slotCurrentTid;
    /** Found on whichever thread first needs them ({@link #fields}): concurrent maps. */
    private final Map<Trace, KernelLayout> layouts = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<EventType, EventFields> fields = new java.util.concurrent.ConcurrentHashMap<>();
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;
    private long discardedEvents;
    private long discardedPackets;
    /** With a kernel trace of the same session: the process analysis (CPU time per process) and the events per process. */
    private ProcessAnalysis processes;
    /** The run's own process analysis over the same range, when there is one: it is fed by the run, not by us. */
    private ProcessAnalysis runsProcesses;
    private boolean feedsProcesses;
    private TracingShare share;
    /** Whether user-space events carry a process ID: a kernel trace would then give the share of CPU time. */
    private boolean processIds;
    /** User-space events in the range without a process ID: the share of CPU time cannot count them. */
    private long eventsWithoutProcessId;

    /** One event class: its tracepoint, the fields read of its events, and its counters' ids. */
    private static final class EventClass {
        TracepointStats tracepoint;
        EventFields fields;
        int[] counterIds;
    }

    public OverheadAnalysis(AnalysisOptions options) {
        this.options = options;
    }

    @Override
    public String whyNotApplicable(TraceSet traces) {
        return traces.eventTypes().isEmpty() ? (traces.traces().size() == 1 ? "the trace, from " : "the traces, from ")
                + Tracer.describe(traces.traces()) + ", declare" + (traces.traces().size() == 1 ? "s" : "")
                + " no event classes" : null;
    }

    @Override
    public void start(TraceSet traceSet) {
        traces = traceSet;
        eventClasses = new EventClass[traceSet.eventTypes().size()];
        streamSlot = new int[0];
        streamOpening = new boolean[0];
        streamTallies = new StreamTally[0];
        streamTrace = new int[0];
        traceIndex = new IdentityHashMap<>();
        slots = new HashMap<>();
        traceThreads = new ArrayList<>();
        slotLast = new ThreadCursor[0];
        slotEpoch = new long[0];
        slotCurrentTid = new long[0];
        addStreams();
        ProcessAnalysis p = runsProcesses != null ? runsProcesses : new ProcessAnalysis(options);
        if (p.whyNotApplicable(traceSet) == null) {
            processes = p;
            share = new TracingShare();
            feedsProcesses = p != runsProcesses;
            if (feedsProcesses) {
                processes.start(traceSet);
            }
        }
    }

    /** The stream's index into the per-stream arrays, grown first for a stream not seen yet ({@link #addStreams}). */
    private int streamIndex(Stream stream) {
        int s = stream.index();
        if (s >= streamSlot.length) {
            addStreams();
        }
        return s;
    }

    /**
     * Slots for the set's streams not seen yet: all of them at {@link #start}, and those a live session's set gains
     * while it is read.
     */
    private void addStreams() {
        List<? extends Stream> streams = traces.streams();
        int from = streamSlot.length;
        int n = streams.size();
        streamSlot = java.util.Arrays.copyOf(streamSlot, n);
        streamOpening = java.util.Arrays.copyOf(streamOpening, n);
        streamTallies = java.util.Arrays.copyOf(streamTallies, n);
        streamTrace = java.util.Arrays.copyOf(streamTrace, n);
        for (Stream s : streams.subList(from, n)) {
            int t = traceIndex.computeIfAbsent(s.trace(), k -> traceIndex.size());
            // Streams of unknown CPU get a slot of their own: their events cannot be matched with another stream's.
            long key = ((long) t << 32) | (s.cpu() >= 0 ? s.cpu() : 0x8000_0000L | s.index());
            streamSlot[s.index()] = slots.computeIfAbsent(key, k -> slots.size());
            streamTrace[s.index()] = t;
            streamTallies[s.index()] = new StreamTally();
        }
        while (traceThreads.size() < traceIndex.size()) {
            traceThreads.add(new TidTable<>());
        }
        int slotsBefore = slotLast.length;
        slotLast = java.util.Arrays.copyOf(slotLast, slots.size());
        slotEpoch = java.util.Arrays.copyOf(slotEpoch, slots.size());
        slotCurrentTid = java.util.Arrays.copyOf(slotCurrentTid, slots.size());
        java.util.Arrays.fill(slotCurrentTid, slotsBefore, slotCurrentTid.length, -1);
    }

    @Override
    public void runsWith(List<Analysis> others) {
        for (Analysis a : others) {
            if (a instanceof ProcessAnalysis p && p.range().equals(options.range())) {
                runsProcesses = p;
            }
        }
    }

    @Override
    public void packet(Packet packet) {
        if (feedsProcesses) {
            processes.packet(packet);
        }
        int s = streamIndex(packet.stream());
        streamOpening[s] = true;
        StreamTally tally = streamTallies[s];
        if (!tally.seenPacket) {
            tally.seenPacket = true;
            tally.firstSequence = packet.sequenceNumber();
        }
        tally.packets++;
        tally.subbuf.packet(packet);
        tally.packetBits += Math.max(0, packet.sizeBits());
        tally.contentBits += Math.max(0, packet.contentBits());
    }

    @Override
    public void loss(Loss loss) {
        if (feedsProcesses) {
            processes.loss(loss);
        }
        int s = streamIndex(loss.stream());
        slotEpoch[streamSlot[s]]++;
        if (loss.kind() == Loss.Kind.DISCARDED_EVENTS) {
            discardedEvents += loss.count();
            streamTallies[s].discardedEvents += loss.count();
        } else {
            discardedPackets += loss.count();
            streamTallies[s].discardedPackets += loss.count();
        }
    }

    @Override
    public void event(Event event) {
        if (feedsProcesses) {
            processes.event(event);
        }
        EventType type = event.type();
        if (type.index() >= eventClasses.length) {
            eventClasses = java.util.Arrays.copyOf(eventClasses, traces.eventTypes().size()); // a live set's new classes
        }
        EventClass ec = eventClasses[type.index()];
        if (ec == null) {
            ec = resolve(type);
        }
        long ts = event.timestamp();
        int s = streamIndex(event.stream());
        boolean opened = streamOpening[s];
        streamOpening[s] = false;
        boolean inRange = options.range().contains(ts);
        TracepointStats tp = ec.tracepoint;
        EventFields f = ec.fields;
        if (inRange) {
            first = Math.min(first, ts);
            last = Math.max(last, ts);
            tp.events++;
            StreamTally tally = streamTallies[s];
            tally.events++;
            int size = event.sizeBytes();
            if (size >= 0) {
                tp.sizedEvents++;
                tp.bytes += size;
                tally.sizedEvents++;
                tally.eventBytes += size;
            }
            if (f.pid != null && share != null) {
                share.count(event.longValue(f.pid), tp.id);
            } else if (f.userSpace) {
                eventsWithoutProcessId++;
            }
        }
        int slot = streamSlot[s];
        long tid;
        if (f.tid != null) {
            tid = event.longValue(f.tid);
        } else if (f.currentThread) {
            // A sched_switch runs in the thread it switches out; the CPU's next events are the next thread's.
            tid = slotCurrentTid[slot];
            if (f.nextTid != null) {
                slotCurrentTid[slot] = event.longValue(f.nextTid);
            }
            if (tid < 0) {
                return;
            }
        } else {
            return;
        }
        if (inRange) {
            tp.threadEvents++;
        }
        ThreadCursor c = cursor(slot, streamTrace[s], tid);
        long stamp = c.sequence;
        // Only consecutive events of the thread on one CPU, with no loss on that CPU between them.
        boolean measurable = inRange && c.tracepoint != null && c.slot == slot && c.epoch == slotEpoch[slot]
                && ts >= c.timestamp;
        if (measurable) {
            long gap = ts - c.timestamp;
            int bin = GapHistogram.bin(gap);
            (c.openedPacket ? c.tracepoint.switchGaps : c.tracepoint.gaps).addInBin(bin, gap);
            if (!tp.kernel) {
                tp.gapsBefore.addInBin(bin, gap);
            }
        }
        int[] ids = ec.counterIds;
        if (ids.length > 0) {
            c.ensureCounters(counterNames.size());
            c.sequence = ++stamp;
            for (int k = 0; k < ids.length; k++) {
                int id = ids[k];
                long value = event.longValue(f.counterFields[k]);
                if (measurable && c.stamps[id] == stamp - 1) {
                    long delta = value - c.counterValues[id];
                    if (delta >= 0) {
                        c.tracepoint.counter(id).add(delta);
                    }
                }
                c.counterValues[id] = value;
                c.stamps[id] = stamp;
            }
        } else {
            c.sequence = stamp + 1;
        }
        c.timestamp = ts;
        c.tracepoint = tp;
        c.openedPacket = opened;
        c.epoch = slotEpoch[slot];
        c.slot = slot;
    }

    private ThreadCursor cursor(int slot, int trace, long tid) {
        ThreadCursor c = slotLast[slot];
        if (c == null || c.tid != tid || c.trace != trace) {
            TidTable<ThreadCursor> threads = traceThreads.get(trace);
            c = threads.get(tid);
            if (c == null) { // not computeIfAbsent: its lambda would be made at every call
                c = new ThreadCursor(trace, tid);
                threads.put(tid, c);
            }
            slotLast[slot] = c;
        }
        return c;
    }

    private EventClass resolve(EventType type) {
        EventClass ec = new EventClass();
        ec.tracepoint = tracepoints.computeIfAbsent(type.name(), n -> {
            TracepointStats t = new TracepointStats(n, tracepointsById.size());
            t.kernel = "kernel".equals(type.trace().domain());
            t.contexts = List.copyOf(type.contextFieldNames());
            tracepointsById.add(t);
            return t;
        });
        EventFields f = fields(type);
        ec.fields = f;
        processIds |= f.pid != null;
        ec.counterIds = f.counterNames.stream().mapToInt(name -> counterIds.computeIfAbsent(name, n -> {
            counterNames.add(n);
            return counterNames.size() - 1;
        })).toArray();
        eventClasses[type.index()] = ec;
        return ec;
    }

    /**
     * The fields read of one event class's events, found once: on the reading thread when this analysis hears copies
     * ({@link #fieldsRead}), and the same handles then for the copies, which are looked up by identity.
     *
     * @param tid           the thread's context field, or null
     * @param pid           a user-space event's process ID, counted for the share of CPU time spent tracing; else null
     * @param userSpace     a user-space event class (not a kernel one)
     * @param currentThread a kernel event without a tid context: its thread is the one its CPU's last sched_switch
     *                      switched to
     * @param nextTid       {@code next_tid} of a sched_switch, which names the CPU's thread from then on; else null
     * @param counterNames  the perf counter contexts' names, and their fields in the same order
     */
    private record EventFields(FieldHandle tid, FieldHandle pid, boolean userSpace, boolean currentThread,
            FieldHandle nextTid, List<String> counterNames, FieldHandle[] counterFields) {
    }

    private EventFields fields(EventType type) {
        return fields.computeIfAbsent(type, this::findFields);
    }

    private EventFields findFields(EventType type) {
        boolean kernel = "kernel".equals(type.trace().domain());
        FieldHandle pid = null;
        if (!kernel) {
            pid = FieldHandle.integer(type.contextField("vpid"));
            if (pid == null) {
                pid = FieldHandle.integer(type.contextField("pid"));
            }
        }
        FieldHandle tid = FieldHandle.integer(type.contextField("tid"));
        if (tid == null) {
            tid = FieldHandle.integer(type.contextField("vtid"));
        }
        boolean currentThread = false;
        FieldHandle nextTid = null;
        if (tid == null && kernel) {
            KernelLayout layout = layouts.computeIfAbsent(type.trace(), KernelLayout::of);
            currentThread = layout.declares(Role.SCHED_SWITCH);
            if (layout.role(type) == Role.SCHED_SWITCH) {
                nextTid = FieldHandle.integer(layout.payloadField(type, "next_tid"));
            }
        }
        List<String> names = new ArrayList<>();
        List<FieldHandle> counters = new ArrayList<>();
        for (String name : type.contextFieldNames()) {
            FieldHandle f = FieldHandle.integer(type.contextField(name));
            if (f != null && (name.startsWith(COUNTER_PREFIX_THREAD) || name.startsWith(COUNTER_PREFIX_CPU))) {
                names.add(name);
                counters.add(f);
            }
        }
        return new EventFields(tid, pid, !kernel, currentThread, nextTid, List.copyOf(names),
                counters.toArray(new FieldHandle[0]));
    }

    /**
     * Heard on a thread of its own when the run's process analysis is there to share (this analysis then feeds no
     * process analysis of its own, whose trackers would have to hear the whole events).
     */
    @Override
    public boolean mayHearCopies() {
        return runsProcesses != null;
    }

    @Override
    public List<FieldHandle> fieldsRead(EventType type) {
        EventFields f = fields(type);
        List<FieldHandle> read = new ArrayList<>();
        for (FieldHandle h : new FieldHandle[] { f.tid, f.pid, f.nextTid }) {
            if (h != null) {
                read.add(h);
            }
        }
        read.addAll(List.of(f.counterFields));
        return read;
    }

    /** The tracepoints seen, most frequent first. */
    public List<TracepointStats> tracepoints() {
        List<TracepointStats> list = new ArrayList<>(tracepoints.values());
        list.removeIf(t -> t.events == 0);
        list.sort(Comparator.comparingLong(TracepointStats::events).reversed().thenComparing(TracepointStats::name));
        return list;
    }

    /** The tracepoint of that name, or null when it had no events. */
    public TracepointStats tracepoint(String name) {
        TracepointStats t = tracepoints.get(name);
        return t == null || t.events == 0 ? null : t;
    }

    /** Names of the perf counter context fields seen, by counter id. */
    public List<String> counterNames() {
        return List.copyOf(counterNames);
    }

    /** Events the tracer discarded (discard mode), over every stream. */
    public long discardedEvents() {
        return discardedEvents;
    }

    /** Packets lost (overwrite mode, or lost in transport), over every stream. */
    public long discardedPackets() {
        return discardedPackets;
    }

    /**
     * Packets lost before each stream's first packet: its {@code packet_seq_num}, since LTTng numbers a stream's
     * packets from 0 (overwrite mode overwrote them before the consumer read any). babeltrace2 reports no loss there,
     * so {@link #discardedPackets()} does not count them.
     */
    public long packetsMissingAtStart() {
        long n = 0;
        for (StreamTally t : streamTallies) {
            n += Math.max(0, t.firstSequence);
        }
        return n;
    }

    /** The time the figures cover: the traces' span (first to last event), within the range asked for. */
    public TimeRange range() {
        TimeRange span = traces == null ? null : traces.span().intersect(options.range());
        if (span == null && first <= last) {
            return new TimeRange(first, last);
        }
        return span != null ? span : new TimeRange(0, 0);
    }

    @Override
    public void end() {
        if (feedsProcesses) {
            processes.end();
        }
    }

    /** Whether user-space events carried a process ID (vpid or pid context). */
    boolean sawProcessIds() {
        return processIds;
    }

    /** User-space events in the range that carried no process ID (no vpid or pid context). */
    long eventsWithoutProcessId() {
        return eventsWithoutProcessId;
    }

    /** Each process's share of CPU time spent tracing, or null without a kernel trace of the same session. */
    Table shareTable() {
        return share == null ? null : share.table(tracepointsById, processes.ledger(), options.calibration());
    }

    /** The machine calibration the user gave, or null. */
    MachineCalibration calibration() {
        return options.calibration();
    }

    @Override
    public Report report() {
        return OverheadReport.of(this);
    }

    TraceSet traceSet() {
        return traces;
    }

    /** Packets and bytes of each stream, in stream index order. */
    List<StreamTally> streamTallies() {
        return List.of(streamTallies);
    }
}

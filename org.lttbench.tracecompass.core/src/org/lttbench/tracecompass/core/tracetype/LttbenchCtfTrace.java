package org.lttbench.tracecompass.core.tracetype;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEventType;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfBaseAspects;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.project.model.ITmfPropertiesProvider;
import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.eclipse.tracecompass.tmf.core.trace.location.ITmfLocation;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTraceValidationStatus;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCursor;
import org.lttbench.core.ctf.TraceIdentity;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;

/**
 * A CTF trace (1.8 or 2) read by LTTbench's reader, as a Trace Compass trace: for what Trace Compass's own CTF reader
 * cannot read (CTF 2 as LTTng 2.15 writes it, above all). Events come in the order of LTTbench's read, with their
 * fields and contexts as Trace Compass's CTF events have them ({@link EventField}), discarded events as lost events
 * and lost packets as events of their own. A context is a cursor of LTTbench's reader; its location is its rank, and
 * seeking to a rank starts from the reader's position at the nearest indexed rank before it ({@link RankIndex}), so
 * a seek costs the same anywhere in the trace; a seek to a time goes through Trace Compass's checkpoints as for any
 * trace.
 * <p>
 * Validation: a trace LTTbench's reader opens validates, with a confidence above Trace Compass's own CTF trace types
 * when Trace Compass's reader cannot read it and below them when it can, so that Trace Compass keeps its own type
 * for every trace it opens today ({@link #validate}). This type takes any CTF trace; {@link LttbenchKernelTrace} and
 * {@link LttbenchUstTrace} take LTTng's kernel and user-space traces.
 */
public class LttbenchCtfTrace extends TmfTrace implements ITmfTraceWithPreDefinedEvents, ITmfPropertiesProvider {
    static final String PLUGIN_ID = "org.lttbench.tracecompass.core";
    /** Above every Trace Compass CTF type when Trace Compass's reader refuses the trace (they say 1 then, or fail). */
    static final int CONFIDENCE_ABOVE = 50;
    /** Below Trace Compass's CTF types when its reader reads the trace (they say 10, and 100 for LTTng's). */
    static final int CONFIDENCE_BELOW = 1;
    /**
     * Names of the fields of an event's contexts (the stream's and the event class's), as Trace Compass's CTF events
     * name LTTng's, whose CTF 1.8 names start with an underscore ({@code context._vtid}): Trace Compass's layouts
     * and aspects look for these names, whichever CTF version the trace is written in.
     */
    static final String CONTEXT_PREFIX = "context._";
    /**
     * Names of the fields of the event's packet context Trace Compass's CTF events show among the contexts (its CPU
     * and sequence number: {@code context.cpu_id}), as they have no underscore in LTTng's CTF 1.8; its times, sizes
     * and discarded-events counter are not fields of events.
     */
    static final String PACKET_PREFIX = "context.";
    static final String LOST_EVENTS_TYPE = "Lost event";
    static final String LOST_EVENTS_FIELD = "Lost events";
    static final String LOST_PACKETS_TYPE = "Lost packets";
    static final String LOST_PACKETS_FIELD = "Lost packets";
    static final String DURATION_FIELD = "duration";

    private CtfTraceSet traces;
    private Trace trace;
    private TraceIdentity identity;
    private RankIndex index;
    /** Per event class (by its index in the set): Trace Compass's event type. */
    private ITmfEventType[] types = new ITmfEventType[0];
    private final ITmfEventType lostEvents = new TmfEventType(LOST_EVENTS_TYPE,
            TmfEventField.makeRoot(new String[] { LOST_EVENTS_FIELD, DURATION_FIELD }));
    private final ITmfEventType lostPackets = new TmfEventType(LOST_PACKETS_TYPE,
            TmfEventField.makeRoot(new String[] { LOST_PACKETS_FIELD, DURATION_FIELD }));
    private List<ITmfEventAspect<?>> aspects = List.of();

    @Override
    public void initTrace(IResource resource, String path, Class<? extends ITmfEvent> eventType)
            throws TmfTraceException {
        super.initTrace(resource, path, eventType);
        try {
            traces = open(Path.of(path));
            trace = traces.traces().get(0);
            identity = traces.identity(trace);
            index = new RankIndex(traces.streams().size());
            List<? extends EventType> classes = traces.eventTypes();
            types = new ITmfEventType[classes.size()];
            for (EventType t : classes) {
                List<String> names = new ArrayList<>(traces.payloadFieldNames(t));
                t.contextFieldNames().forEach(n -> names.add(CONTEXT_PREFIX + n));
                types[t.index()] = new TmfEventType(t.name(), TmfEventField.makeRoot(names.toArray(String[]::new)));
            }
            TimeRange span = traces.span();
            setStartTime(createTimestamp(span.begin()));
            setEndTime(createTimestamp(span.end()));
            // the first records decode, or the trace does not open
            RecordCursor cursor = new RecordCursor(traces);
            cursor.start();
            cursor.release();
        } catch (IOException | RuntimeException e) {
            throw new TmfTraceException(message(e), e);
        }
        aspects = List.copyOf(aspects());
    }

    /**
     * The columns of the events table, and what Trace Compass's analyses resolve: time, channel, CPU, event type,
     * contents; the kernel and user-space types add theirs.
     */
    protected List<ITmfEventAspect<?>> aspects() {
        List<ITmfEventAspect<?>> list = new ArrayList<>();
        list.add(TmfBaseAspects.getTimestampAspect());
        list.add(Aspects.CHANNEL);
        list.add(Aspects.CPU);
        list.add(TmfBaseAspects.getEventTypeAspect());
        list.add(TmfBaseAspects.getContentsAspect());
        return list;
    }

    /** Whether some event class of the trace has this context field (named as in the events: {@code context._tid}). */
    protected boolean hasField(String name) {
        for (ITmfEventType t : types) {
            if (t != null && t.getFieldNames().contains(name)) {
                return true;
            }
        }
        return false;
    }

    /** The one trace at {@code dir}: a trace directory holding {@code metadata}, not a directory of traces. */
    private static CtfTraceSet open(Path dir) throws IOException {
        if (!Files.isRegularFile(dir.resolve("metadata"))) {
            throw new IOException(dir + " is not a CTF trace directory (it has no metadata file)");
        }
        CtfTraceSet set = CtfTraceSet.open(List.of(dir));
        if (set.traces().size() != 1 || !set.traces().get(0).path().equals(dir.toAbsolutePath().normalize())) {
            set.close();
            throw new IOException(dir + " holds " + set.traces().size() + " traces, not one");
        }
        return set;
    }

    private static String message(Throwable e) {
        while (e instanceof UncheckedIOException u && u.getCause() != null) {
            e = u.getCause();
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    // ---- validation

    /**
     * Valid when LTTbench's reader opens the trace (its metadata and first packets) and {@link #accepts} its
     * environment; the confidence says whether Trace Compass's own CTF reader can read it too: if so, below Trace
     * Compass's types (a trace Trace Compass opens keeps its type), if not, above them.
     */
    @Override
    public IStatus validate(IProject project, String path) {
        if (path == null) {
            return Status.error("no path");
        }
        Path dir = Path.of(path);
        try (CtfTraceSet set = open(dir)) {
            Trace t = set.traces().get(0);
            String why = accepts(t.environment());
            if (why != null) {
                return new Status(IStatus.ERROR, PLUGIN_ID, why);
            }
            RecordCursor cursor = new RecordCursor(set);
            cursor.start();
            cursor.release();
        } catch (IOException | RuntimeException e) {
            return new Status(IStatus.ERROR, PLUGIN_ID, "LTTbench's reader cannot read " + path + ": " + message(e));
        }
        return new TraceValidationStatus(traceCompassReads(path) ? CONFIDENCE_BELOW : CONFIDENCE_ABOVE, PLUGIN_ID);
    }

    /** Why a trace with this environment is not of this type, or {@code null}: any CTF trace is. */
    protected String accepts(Map<String, Object> environment) {
        return null;
    }

    /**
     * Whether Trace Compass's own CTF reader reads the trace: its generic CTF type's validation says so (it reads the
     * metadata and the first packets); a failure or an exception (its CTF 2 parser throws on LTTng's field locations)
     * says it cannot.
     */
    static boolean traceCompassReads(String path) {
        CtfTmfTrace ctf = new CtfTmfTrace();
        try {
            return ctf.validate(null, path) instanceof CtfTraceValidationStatus;
        } catch (RuntimeException e) {
            return false;
        } finally {
            ctf.dispose();
        }
    }

    // ---- reading

    /** The traces LTTbench's reader opened for this one (one trace), for LTTbench's analyses. */
    public CtfTraceSet traceSet() {
        return traces;
    }

    private TraceContext context(long rank) {
        CtfTraceSet set = traces;
        if (set == null) {
            throw new IllegalStateException("the trace " + getName() + " is not initialised");
        }
        RecordCursor cursor = new RecordCursor(set);
        try {
            long at = index.place(cursor, rank);
            while (at < rank && cursor.kind() != RecordCursor.Kind.END) {
                index.offer(at, cursor);
                cursor.advance();
                at++;
            }
            return new TraceContext(cursor, at);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public ITmfContext seekEvent(ITmfLocation location) {
        Object rank = location == null ? null : location.getLocationInfo();
        return context(rank instanceof Long r ? Math.max(0, r) : 0);
    }

    @Override
    public ITmfContext seekEvent(long rank) {
        return context(Math.max(0, rank));
    }

    @Override
    public ITmfContext seekEvent(double ratio) {
        return context(Math.max(0, Math.round(ratio * getNbEvents())));
    }

    @Override
    public double getLocationRatio(ITmfLocation location) {
        long n = getNbEvents();
        Object rank = location == null ? null : location.getLocationInfo();
        return n <= 0 || !(rank instanceof Long r) ? 0 : Math.min(1.0, (double) r / n);
    }

    /** Contexts carry their own location: there is no trace-wide current one. */
    @Override
    public ITmfLocation getCurrentLocation() {
        return null;
    }

    /** The event at the context's location, leaving the context where it is. */
    @Override
    public ITmfEvent parseEvent(ITmfContext context) {
        ITmfContext at = seekEvent(context.getLocation());
        try {
            return getNext(at);
        } finally {
            at.dispose();
        }
    }

    /**
     * The event at the context, which then moves to the next. Not synchronized on the trace, unlike Trace Compass's
     * own: a context is its own cursor, so reads of one trace (indexing, analyses, the table) go side by side.
     */
    @Override
    public ITmfEvent getNext(ITmfContext context) {
        if (!(context instanceof TraceContext c) || !c.hasValidRank()) {
            return null;
        }
        RecordCursor cursor = c.cursor;
        if (cursor.kind() == RecordCursor.Kind.END) {
            return null;
        }
        long rank = c.getRank();
        try {
            index.offer(rank, cursor);
            ITmfEvent event = event(cursor, c.fields, rank);
            updateAttributes(c, event);
            cursor.advance();
            c.at(rank + 1);
            return event;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ITmfEvent event(RecordCursor cursor, FieldTape fields, long rank) throws IOException {
        ITmfTimestamp time = createTimestamp(cursor.time());
        if (cursor.kind() == RecordCursor.Kind.LOSS) {
            Loss loss = cursor.loss();
            long begin = loss.beginNs() == -1 ? cursor.time() : loss.beginNs();
            long end = loss.endNs() == -1 ? begin : Math.max(begin, loss.endNs());
            boolean events = loss.kind() == Loss.Kind.DISCARDED_EVENTS;
            ITmfEventField content = new EventField(ITmfEventField.ROOT_FIELD_ID, null, new ITmfEventField[] {
                    new EventField.IntegerField(events ? LOST_EVENTS_FIELD : LOST_PACKETS_FIELD, loss.count(), false, 10),
                    new EventField.IntegerField(DURATION_FIELD, end - begin, false, 10) });
            if (events) {
                return new LostEvent(this, rank, time, lostEvents, content, loss.cpu(), loss.stream().name(),
                        new TmfTimeRange(createTimestamp(begin), createTimestamp(end)), loss.count());
            }
            return new TraceEvent(this, rank, time, lostPackets, content, loss.cpu(), loss.stream().name());
        }
        Event e = cursor.event();
        cursor.writePayload(fields);
        cursor.writePacketContext(fields);
        cursor.writeContext(fields);
        return new TraceEvent(this, rank, time, types[e.type().index()], fields.take(), e.cpu(), e.stream().name());
    }

    // ---- what the trace is

    @Override
    public Iterable<ITmfEventAspect<?>> getEventAspects() {
        return aspects;
    }

    @Override
    public Set<ITmfEventType> getContainedEventTypes() {
        Set<ITmfEventType> set = new LinkedHashSet<>();
        for (ITmfEventType t : types) {
            if (t != null) {
                set.add(t);
            }
        }
        return set;
    }

    /** The metadata's environment, as LTTbench's reader reads it (strings and integers). */
    public Map<String, Object> getEnvironment() {
        Trace t = trace;
        return t == null ? Map.of() : t.environment();
    }

    /**
     * The host is named by the clock's UUID, which LTTng makes the same for every trace of one machine's boot, so
     * that the kernel and user-space traces of a machine are one host; written as Trace Compass writes the CTF 1.8
     * clock's {@code uuid} property (in quotes), so a trace of this type and one of Trace Compass's CTF types from the
     * same machine are one host too. Without a clock UUID, the trace's name, as Trace Compass does.
     */
    @Override
    public String getHostId() {
        TraceIdentity id = identity;
        if (id != null) {
            for (TraceIdentity.Clock c : id.clocks()) {
                if (c.uuid() != null) {
                    return '"' + c.uuid() + '"';
                }
            }
        }
        return super.getHostId();
    }

    @Override
    public UUID getUUID() {
        TraceIdentity id = identity;
        return id != null && id.uuid() != null ? UUID.fromString(id.uuid()) : super.getUUID();
    }

    /** What the Properties view shows: the environment, then what the metadata says of the trace and its clocks. */
    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        getEnvironment().forEach((k, v) -> p.put(k, String.valueOf(v)));
        TraceIdentity id = identity;
        if (id != null) {
            p.put("CTF version", id.version());
            if (id.uuid() != null) {
                p.put("Trace UUID", id.uuid());
            }
            for (TraceIdentity.Clock c : id.clocks()) {
                p.put("Clock " + c.name(), c.frequency() + " Hz, offset " + c.offsetSeconds() + " s + " + c.offsetCycles()
                        + " cycles" + (c.uuid() == null ? "" : ", UUID " + c.uuid()));
            }
        }
        p.put("Host ID", getHostId());
        p.put("Read by", "LTTbench's CTF reader");
        return p;
    }

    @Override
    public synchronized void dispose() {
        CtfTraceSet set = traces;
        traces = null;
        if (set != null) {
            set.close();
        }
        super.dispose();
    }
}

package org.lttbench.core.analysis.overhead;

import java.util.ArrayList;
import java.util.List;

/** What the analysis gathered about one tracepoint (one event name, over every trace of the run). */
public final class TracepointStats {
    private final String name;
    /** Dense over the tracepoints of one analysis, in the order first seen. */
    final int id;
    long events;
    long threadEvents;
    long sizedEvents;
    long bytes;
    /** Gaps after an event that did not open a packet. */
    final GapHistogram gaps = new GapHistogram();
    /** Gaps after an event that opened a packet: they hold the sub-buffer switch. */
    final GapHistogram switchGaps = new GapHistogram();
    /**
     * User-space tracepoints: the gaps before its events (from the thread's previous event, of any tracepoint, on the
     * same CPU): how long since the tracer last ran in the thread, which its cost depends on.
     */
    final GapHistogram gapsBefore = new GapHistogram();
    /** Whether its events come from a kernel trace. */
    boolean kernel;
    /** The context fields its events record (those of the first event class of this name seen). */
    List<String> contexts;
    /** Indexed by counter id (see {@link OverheadAnalysis#counterNames()}); null where the counter never changed hands. */
    CounterDeltas[] counters = new CounterDeltas[0];

    TracepointStats(String name, int id) {
        this.name = name;
        this.id = id;
    }

    /** {@code provider:event} for user-space tracepoints, the event name for kernel ones. */
    public String name() {
        return name;
    }

    public long events() {
        return events;
    }

    /** Mean bytes per event as the reader measured each record, or NaN when it could not. */
    public double bytesPerEvent() {
        return sizedEvents == 0 ? Double.NaN : bytes / (double) sizedEvents;
    }

    /** Every gap measured after an event of this tracepoint, switch or not. */
    public GapHistogram allGaps() {
        GapHistogram all = new GapHistogram();
        all.addAll(gaps);
        all.addAll(switchGaps);
        return all;
    }

    /** What the trace alone says of its cost: an upper bound. */
    public CostEstimate estimate() {
        return CostEstimate.of(threadEvents > 0, events, gaps, switchGaps);
    }

    /** What an event costs the tracer, from the machine's calibration (null: none given). */
    public TracerCost cost(MachineCalibration calibration) {
        return cost(calibration, estimate());
    }

    /** The same, from the {@link #estimate} made already. */
    TracerCost cost(MachineCalibration calibration, CostEstimate estimate) {
        return TracerCost.of(calibration, kernel, contexts == null ? List.of() : contexts, estimate, gapsBefore);
    }

    CounterDeltas counter(int id) {
        if (id >= counters.length) {
            counters = java.util.Arrays.copyOf(counters, id + 1);
        }
        if (counters[id] == null) {
            counters[id] = new CounterDeltas();
        }
        return counters[id];
    }

    /** The counters whose deltas were measured, by counter id. */
    List<Integer> counterIds() {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < counters.length; i++) {
            if (counters[i] != null) {
                ids.add(i);
            }
        }
        return ids;
    }
}

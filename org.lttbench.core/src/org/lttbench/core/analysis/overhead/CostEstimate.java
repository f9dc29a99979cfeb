package org.lttbench.core.analysis.overhead;

import java.util.List;
import java.util.Locale;

/**
 * What the trace alone says of what one event of a tracepoint costs the thread that emits it: at most its
 * back-to-back gap. The method is LTTng's old {@code calibrate}'s: the time between two back-to-back events of one
 * thread, with nothing in between, is the cost of one event. But in a real program the shortest typical gap after a
 * tracepoint also holds the program's work before its next event, which the trace cannot tell apart from the tracer's
 * cost: so this is an upper bound, equal to the cost only where events do come back to back (tight instrumented
 * loops, the calibration workload). The tracer's cost itself needs a calibration of the machine ({@link TracerCost}).
 *
 * <p>The gaps are those that follow an event of the tracepoint (to the same thread's next event on the same CPU, with
 * no loss between them). Their lowest mode is taken as back to back; the bound is the mean of the gaps up to
 * {@value #CLUSTER_WIDTH} times that mode (longer gaps are preemption, interrupts, the consumer daemon). Gaps that
 * follow the first event of a packet hold the sub-buffer switch that event made: their lowest cluster, less the
 * ordinary one, is the cost of a switch (the program's work cancels out; slower switch gaps hold the consumer daemon,
 * which the switch wakes, running on that CPU; when none is under 10 µs beyond the ordinary gap, switches are not
 * counted), shared over the events as often as switches happened.
 *
 * @param boundNs       at most this many ns per event, sub-buffer switches included, or null (see {@code why})
 * @param eventNs       the mean back-to-back gap, without switches, or null when the lowest mode is too long to be
 *                      back-to-back events (then {@code boundNs} is that mode)
 * @param switchNs      ns per sub-buffer switch beyond an ordinary gap, or null when no switch was seen or no
 *                      switch gap was short enough to be the thread's own work
 * @param switchShare   fraction of the measured gaps that followed a switch
 * @param lowestModeNs  the lowest mode of the gaps, or null
 * @param clusterShare  fraction of ordinary gaps inside the back-to-back cluster
 * @param why           why {@code boundNs} is null, or what it is when the gaps are never back to back; else null
 */
public record CostEstimate(Double boundNs, Double eventNs, Double switchNs, double switchShare, Double lowestModeNs,
        double clusterShare, String why) {

    /**
     * A switch's own cost is the fastest recurring switch gap: most switch gaps can hold the consumer daemon, woken by
     * the switch, running on the thread's CPU. So a switch mode needs only this share of the switch gaps (and 3 gaps).
     */
    static final double SWITCH_MODE_MIN_SHARE = 0.02;
    /** Gaps up to this multiple of the lowest mode count as back to back (cache effects, clock ticks). */
    static final int CLUSTER_WIDTH = 4;
    /** Fewer gaps than this make no distribution to find a mode in. */
    static final int MIN_GAPS = 20;
    /**
     * A lowest mode above this is not the cost of an event: an LTTng event costs from about 0.05 to 2 µs on the
     * machines we know, so such gaps measure the program's work between events.
     */
    static final double BACK_TO_BACK_LIMIT_NS = 10_000;

    static CostEstimate unknown(String why) {
        return new CostEstimate(null, null, null, 0, null, 0, why);
    }

    /**
     * @param threadContext whether the events carry a thread id (tid or vtid context)
     * @param events        events of the tracepoint
     * @param gaps          gaps that follow an event that did not open a packet
     * @param switchGaps    gaps that follow an event that opened a packet
     */
    static CostEstimate of(boolean threadContext, long events, GapHistogram gaps, GapHistogram switchGaps) {
        if (events < 2) {
            return unknown(events == 1 ? "a single event: there is no gap to measure" : "no events");
        }
        if (!threadContext) {
            return unknown("no thread context (vtid or tid, or sched_switch in a kernel trace): consecutive events on "
                    + "one CPU may come from different threads; record with lttng add-context -u -t vtid");
        }
        long n = gaps.count();
        if (n < MIN_GAPS) {
            return unknown(n == 0
                    ? "no two consecutive events of one thread on one CPU without a loss or packet switch between them"
                    : "only " + n + " gaps between consecutive events of one thread on one CPU (" + MIN_GAPS
                            + " are needed to find the back-to-back ones)");
        }
        double mode = lowestMode(gaps.modes(), gaps);
        if (mode <= 0) {
            return unknown("the trace clock does not resolve the gaps between its events (most are 0 ns)");
        }
        boolean backToBack = mode <= BACK_TO_BACK_LIMIT_NS;
        double limit = CLUSTER_WIDTH * mode;
        double ordinary = backToBack ? gaps.meanUpTo(limit) : mode;
        double clusterShare = gaps.countUpTo(limit) / (double) n;
        Double switchNs = null;
        double switchShare = 0;
        if (switchGaps.count() > 0) {
            double switchMode = lowestMode(switchGaps.modes(SWITCH_MODE_MIN_SHARE, 3), switchGaps);
            switchShare = switchGaps.count() / (double) (n + switchGaps.count());
            // A switch gap that is never short held other work: the consumer daemon the switch woke, running on
            // this CPU (it grows with the sub-buffer it reads, which the thread's own switch work does not).
            if (switchMode - ordinary <= BACK_TO_BACK_LIMIT_NS) {
                double switchGap = backToBack ? switchGaps.meanUpTo(Math.max(CLUSTER_WIDTH * switchMode, switchMode + 1))
                        : switchMode;
                switchNs = Math.max(0, switchGap - ordinary);
            }
        }
        double bound = ordinary + (switchNs == null ? 0 : switchShare * switchNs);
        String why = backToBack ? null : String.format(Locale.ROOT, "never back to back: its shortest typical gap, "
                + "%.1f µs, is mostly the program's work between events; the cost is at most that", mode / 1000);
        return new CostEstimate(bound, backToBack ? ordinary : null, switchNs, switchShare, mode, clusterShare, why);
    }

    /** The lowest of the modes of a histogram, or its median when no peak stands out. */
    private static double lowestMode(List<Double> modes, GapHistogram h) {
        double mode = modes.isEmpty() ? 0 : modes.get(0);
        return mode > 0 ? mode : h.percentile(0.5);
    }
}

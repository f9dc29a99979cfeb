package org.lttbench.core.calibration;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.lttng.ChannelConfig;

/**
 * How much to run: iterations per timed repetition, repetitions (the workload reports their median), and the channel
 * configurations to trace. The untraced baselines run {@value #BASELINE_FACTOR} times more iterations, since an
 * iteration without tracing takes well under a nanosecond. Then the cost by the gap between events: at each amount of
 * work between events ({@code gapWorkNs}, 0 for back to back), {@code pairs} pairs of repetitions, traced and not, in
 * {@code rounds} rounds over the amounts (a burst of the machine's load then touches one round of an amount, and the
 * median over the rounds leaves it out).
 */
public record CalibrationPlan(long iterations, int repeats, long warmup, List<SweepPoint> points, List<Long> gapWorkNs,
        int pairs, int rounds) {
    static final int BASELINE_FACTOR = 50;
    static final String CHANNEL = "calib";
    /** Work between events of the quick plan, ns: back to back, then four times more each step. */
    static final List<Long> QUICK_GAP_WORK_NS = List.of(0L, 250L, 1_000L, 4_000L, 16_000L);

    public CalibrationPlan {
        points = List.copyOf(points);
        gapWorkNs = List.copyOf(gapWorkNs);
    }

    /** A plan of the channel sweep only, without the cost by gap. */
    public CalibrationPlan(long iterations, int repeats, long warmup, List<SweepPoint> points) {
        this(iterations, repeats, warmup, points, List.of(), 0, 0);
    }

    public long baselineIterations() {
        return iterations * BASELINE_FACTOR;
    }

    /**
     * A few seconds per point: small and large buffers, discard and overwrite, with and without contexts; the cost by
     * gap at 0 to 16 µs of work.
     */
    public static CalibrationPlan quick() {
        List<SweepPoint> points = new ArrayList<>();
        for (boolean contexts : new boolean[] { false, true }) {
            points.add(point(4 << 10, 4, false, contexts));
            points.add(point(1 << 20, 4, false, contexts));
        }
        points.add(point(4 << 10, 4, true, true));
        points.add(point(1 << 20, 4, true, true));
        return new CalibrationPlan(200_000, 3, 10_000, points, QUICK_GAP_WORK_NS, 101, 3);
    }

    /**
     * The benchmark: sub-buffers from 4 KiB to 4 MiB, 4 of them (and 2 and 16 at 64 KiB, 8192 at 4 KiB), both modes,
     * both context sets; the cost by gap at 0 to 32 µs of work, twice as many points and pairs as the quick plan.
     */
    public static CalibrationPlan full() {
        List<SweepPoint> points = new ArrayList<>();
        for (boolean overwrite : new boolean[] { false, true }) {
            for (boolean contexts : new boolean[] { false, true }) {
                for (long size = 4 << 10; size <= 4 << 20; size *= 4) {
                    points.add(point(size, 4, overwrite, contexts));
                }
            }
        }
        points.add(point(64 << 10, 2, false, true));
        points.add(point(64 << 10, 16, false, true));
        // Small sub-buffers, but enough of them to hold the whole run: the cost of switches, without loss.
        points.add(point(4 << 10, 8192, false, true));
        return new CalibrationPlan(500_000, 3, 10_000, points,
                List.of(0L, 125L, 250L, 500L, 1_000L, 2_000L, 4_000L, 8_000L, 16_000L, 32_000L), 201, 3);
    }

    private static SweepPoint point(long subbufSize, int count, boolean overwrite, boolean contexts) {
        return new SweepPoint(new ChannelConfig(CHANNEL, subbufSize, count, overwrite), contexts);
    }
}

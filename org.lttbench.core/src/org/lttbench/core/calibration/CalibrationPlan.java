package org.lttbench.core.calibration;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.lttng.ChannelConfig;

/**
 * How much to run: iterations per timed repetition, repetitions (the workload reports their median), and the channel
 * configurations to trace. The untraced baselines run {@value #BASELINE_FACTOR} times more iterations, since an
 * iteration without tracing takes well under a nanosecond.
 */
public record CalibrationPlan(long iterations, int repeats, long warmup, List<SweepPoint> points) {
    static final int BASELINE_FACTOR = 50;
    static final String CHANNEL = "calib";

    public CalibrationPlan {
        points = List.copyOf(points);
    }

    public long baselineIterations() {
        return iterations * BASELINE_FACTOR;
    }

    /** A few seconds per point: small and large buffers, discard and overwrite, with and without contexts. */
    public static CalibrationPlan quick() {
        List<SweepPoint> points = new ArrayList<>();
        for (boolean contexts : new boolean[] { false, true }) {
            points.add(point(4 << 10, 4, false, contexts));
            points.add(point(1 << 20, 4, false, contexts));
        }
        points.add(point(4 << 10, 4, true, true));
        points.add(point(1 << 20, 4, true, true));
        return new CalibrationPlan(200_000, 3, 10_000, points);
    }

    /**
     * The benchmark: sub-buffers from 4 KiB to 4 MiB, 4 of them (and 2 and 16 at 64 KiB, 8192 at 4 KiB), both modes,
     * both context sets.
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
        return new CalibrationPlan(500_000, 3, 10_000, points);
    }

    private static SweepPoint point(long subbufSize, int count, boolean overwrite, boolean contexts) {
        return new SweepPoint(new ChannelConfig(CHANNEL, subbufSize, count, overwrite), contexts);
    }
}

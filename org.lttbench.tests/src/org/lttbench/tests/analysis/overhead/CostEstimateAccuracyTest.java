package org.lttbench.tests.analysis.overhead;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.overhead.CostEstimate;
import org.lttbench.core.calibration.Calibration;
import org.lttbench.core.calibration.CalibrationPlan;
import org.lttbench.core.calibration.CalibrationReport;
import org.lttbench.core.calibration.CalibrationWorkload;
import org.lttbench.core.calibration.SweepPoint;
import org.lttbench.core.calibration.SweepResult;
import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.tests.TestPaths;

/**
 * The cost per event the overhead analysis estimates from a trace alone agrees, within 25 %, with what the
 * calibration workload measured directly in the same run (traced minus untraced CPU ns per iteration).
 *
 * <p>Overwrite mode, so that every event the loop emits is written to the ring buffer: in discard mode a consumer
 * falling behind makes part of the events cheap discards, and the direct figure would then mix two costs. The
 * direct figure is the thread's CPU time, which other programs' load on this 2-core machine does not change; the
 * estimate leaves out gaps that hold preemption for the same reason.
 */
class CostEstimateAccuracyTest {
    private static final double TOLERANCE = 0.25;

    @Test
    void estimateFromTheTraceMatchesTheWorkloadsDirectMeasurement() throws Exception {
        List<SweepPoint> points = List.of(
                // Big sub-buffers: switches are rare, the estimate is the back-to-back gap.
                new SweepPoint(new ChannelConfig("calib", 1 << 20, 8, true), true),
                // Small sub-buffers: a switch every ~70 events, so their share of the cost counts.
                new SweepPoint(new ChannelConfig("calib", 4 << 10, 16, true), true));
        CalibrationPlan plan = new CalibrationPlan(500_000, 3, 10_000, points);
        CalibrationWorkload workload = CalibrationWorkload.inCheckout(TestPaths.repository());
        Calibration.Result result = new Calibration(workload, plan, TestPaths.workDir("overhead-accuracy"),
                "overhead-test-accuracy", System.err).run();
        for (SweepResult r : result.sweep()) {
            String config = r.point().label();
            CostEstimate e = r.estimate();
            assertNotNull(e, config);
            assertNotNull(e.costNs(), config + ": " + e.why());
            double direct = CalibrationReport.overheadNs(result, r);
            System.err.printf("%s: direct %.1f ns, estimated %.1f ns (back to back %.1f, switch %s x %.4f), %d events%n",
                    config, direct, e.costNs(), e.eventNs(), e.switchNs(), e.switchShare(), r.captured());
            assertEquals(direct, e.costNs(), TOLERANCE * direct, config + ": estimate against direct measurement");
        }
    }
}

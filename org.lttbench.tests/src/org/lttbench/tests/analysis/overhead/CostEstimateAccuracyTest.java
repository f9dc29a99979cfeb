package org.lttbench.tests.analysis.overhead;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.core.analysis.overhead.CostEstimate;
import org.lttbench.core.calibration.Calibration;
import org.lttbench.core.calibration.CalibrationPlan;
import org.lttbench.core.calibration.CalibrationReport;
import org.lttbench.core.calibration.CalibrationWorkload;
import org.lttbench.core.calibration.SweepPoint;
import org.lttbench.core.calibration.SweepResult;
import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.tests.Bt2Counter;
import org.lttbench.tests.LttngRecording;
import org.lttbench.tests.TestPaths;

/**
 * The cost per event the overhead analysis estimates from a trace alone agrees, within 25 %, with what the
 * calibration workload measured directly in the same run (traced minus untraced CPU ns per iteration), where
 * sub-buffer switches are rare; with tiny sub-buffers, it counts a switch after the share of events babeltrace2's
 * packet count says, and stays between half the direct figure and the direct figure.
 *
 * <p>The buffers hold the whole run (600,000 events of 39 bytes, 32 MiB per CPU), so nothing is lost whatever the
 * consumer daemon does on this loaded 2-core machine: with losses, the trace keeps only part of the run (the
 * packets the consumer read in time) and the estimate is a sample of those periods, while in discard mode the
 * direct figure would also mix in cheaper discarded events. Overwrite mode, so that a slow consumer cannot make
 * the workload's events discards. The direct figure is the thread's CPU time, which other programs' load does not
 * change; the estimate leaves out gaps that hold preemption for the same reason.
 */
@ExtendWith(LttngRecording.class)
@Isolated
class CostEstimateAccuracyTest {
    /**
     * The direct figure is a difference of two timed loops on a shared 2-core virtual machine: its repetitions were
     * seen to move by up to 20% between runs of the same build (110 to 124 ns in examples/README.md's recording), so
     * the estimate is held to the direct figure within that spread and a margin, not closer.
     */
    private static final double TOLERANCE = 0.25;
    /**
     * A run whose two timed loops were disturbed (the machine's speed changing between them: a direct figure of 135 ns
     * seen once where the run before and the three after measured 102 to 109 ns, their estimates 93 to 99 ns) is
     * measured again, at most this often; every attempt's figures are printed. Five, not three: on a noisy day (Nov 30,
     * 2026) five CI runs measured the big sub-buffers' direct figure at 95 to 139 ns while its estimates stayed at 89 to
     * 97 ns, and one run's three attempts all fell in such a period (129, 139, 139 ns).
     */
    private static final int ATTEMPTS = 5;

    @Test
    void estimateFromTheTraceMatchesTheWorkloadsDirectMeasurement() throws Exception {
        List<String> misses = List.of();
        for (int attempt = 1; attempt <= ATTEMPTS && (attempt == 1 || !misses.isEmpty()); attempt++) {
            misses = attempt(attempt);
        }
        assertEquals(List.of(), misses, "the estimates against the direct measurements, in each of " + ATTEMPTS
                + " attempts (the last one's misses)");
    }

    /** One calibration run of both sweep points: what its timed figures missed (its other checks are asserted). */
    private static List<String> attempt(int attempt) throws Exception {
        // Big sub-buffers: switches are rare, the estimate is the back-to-back gap.
        SweepPoint big = new SweepPoint(new ChannelConfig("calib", 4 << 20, 8, true), true);
        // Small sub-buffers: a switch every ~100 events.
        SweepPoint small = new SweepPoint(new ChannelConfig("calib", 4 << 10, 8192, true), true);
        CalibrationPlan plan = new CalibrationPlan(200_000, 3, 10_000, List.of(big, small));
        CalibrationWorkload workload = CalibrationWorkload.inCheckout(TestPaths.repository());
        Calibration.Result result = new Calibration(workload, plan,
                TestPaths.workDir("overhead-accuracy").resolve("attempt-" + attempt), "overhead-test-accuracy",
                new PrintWriter(System.err, true)).run();
        List<String> misses = new ArrayList<>();
        for (SweepResult r : result.sweep()) {
            String config = r.point().label();
            assertEquals(r.measurement().allEvents(), r.capturedAll(), config + ": the trace has the whole run");
            CostEstimate e = r.estimate();
            assertNotNull(e, config);
            assertNotNull(e.boundNs(), config + ": " + e.why());
            double direct = CalibrationReport.overheadNs(result, r);
            System.err.printf("attempt %d, %s: direct %.1f ns, estimated %.1f ns (back to back %.1f, switch %s x %.4f), "
                    + "%d events%n", attempt, config, direct, e.boundNs(), e.eventNs(), e.switchNs(), e.switchShare(),
                    r.captured());
            String figures = String.format(java.util.Locale.ROOT, "%s: estimate %.1f ns against direct %.1f ns", config,
                    e.boundNs(), direct);
            if (r.point().equals(big)) {
                if (Math.abs(e.boundNs() - direct) > TOLERANCE * direct) {
                    misses.add(figures + ", beyond " + TOLERANCE);
                }
            } else {
                // What a sub-buffer switch costs the thread depends on how busy the consumer daemon and the other
                // core are (1.6 µs on an idle machine, 10 µs seen during a full build), which the trace alone
                // cannot tell: the estimate counts the fastest switches only, so it may fall short of the direct
                // figure, never above it, and not by half. (Comparing with the big-buffer run instead is at the
                // mercy of the virtual machine's speed changing between the two runs: seen 190 ns then 117 ns.)
                if (e.boundNs() > (1 + TOLERANCE) * direct) {
                    misses.add(figures + ": above the direct measurement");
                }
                if (e.boundNs() < 0.5 * direct) {
                    misses.add(figures + ": under half the direct measurement");
                }
                assertTrue(e.eventNs() < e.boundNs(), config + ": the switches add to the back-to-back cost");
                // A switch per packet: the share of events that pay for one is packets over events.
                long packets = Bt2Counter.of(r.traces()).packets();
                assertEquals((double) packets / r.captured(), e.switchShare(), 0.2 * packets / r.captured(),
                        config + ": share of events after a switch");
            }
        }
        return misses;
    }
}

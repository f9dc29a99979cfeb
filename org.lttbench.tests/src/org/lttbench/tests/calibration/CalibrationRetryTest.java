package org.lttbench.tests.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.core.analysis.overhead.MachineCalibration;
import org.lttbench.core.calibration.Calibration;
import org.lttbench.core.calibration.CalibrationPlan;
import org.lttbench.core.calibration.CalibrationReport;
import org.lttbench.core.calibration.CalibrationWorkload;
import org.lttbench.core.calibration.SweepPoint;
import org.lttbench.core.calibration.SweepResult;
import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.core.report.ReportFormat;
import org.lttbench.tests.LttngRecording;
import org.lttbench.tests.TestPaths;

/**
 * A machine too busy for the plan's buffers, with real LTTng: a sweep whose only channels are two 4 KiB sub-buffers,
 * which a tight loop overflows (every run of it loses events, checked first), is run again, with and without
 * contexts, in a buffer that holds the whole run; those runs lose nothing, and the calibration written from the result
 * is one the overhead analysis reads ({@code --calibration}).
 */
@ExtendWith(LttngRecording.class)
@Isolated
class CalibrationRetryTest {

    @Test
    void aSweepThatLosesEverywhereIsRunAgainInABufferHoldingTheWholeRun() throws Exception {
        List<SweepPoint> tiny = List.of(new SweepPoint(new ChannelConfig("calib", 4 << 10, 2, false), false),
                new SweepPoint(new ChannelConfig("calib", 4 << 10, 2, false), true));
        CalibrationPlan plan = new CalibrationPlan(100_000, 3, 10_000, tiny);
        Path out = TestPaths.workDir("calibrate-retry");
        StringWriter log = new StringWriter();
        Calibration.Result result = new Calibration(CalibrationWorkload.inCheckout(TestPaths.repository()), plan, out,
                "overhead-test-retry", new PrintWriter(log, true)).run();
        List<SweepResult> sweep = result.sweep();
        for (SweepResult lossy : sweep.subList(0, 2)) {
            assertTrue(lossy.discarded() > 0, "the premise: 4 KiB x 2 loses events in a tight loop: " + lossy);
        }
        assertEquals(4, sweep.size(), log.toString());
        for (int i = 2; i < 4; i++) {
            SweepResult retry = sweep.get(i);
            assertEquals(i == 3, retry.point().contexts(), "without contexts, then with them");
            ChannelConfig channel = retry.point().channel();
            assertTrue(!channel.overwrite() && channel.subbufSize() == 1 << 20
                    && Integer.bitCount(channel.numSubbuf()) == 1, retry.point().label());
            // the buffer holds every event the run emitted, at the bytes they took in the trace
            assertTrue(channel.bytesPerCpu() >= retry.measurement().allEvents() * retry.bytesPerEvent(), retry.toString());
            assertEquals(retry.measurement().allEvents(), retry.capturedAll(), retry.point().label());
            assertEquals(0, retry.discarded(), retry.point().label());
            assertTrue(retry.measures());
        }
        assertTrue(log.toString().contains("again in a buffer that holds the whole run"), log.toString());
        Path json = out.resolve(MachineCalibration.FILE);
        try (Writer w = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
            ReportFormat.JSON.write(List.of(CalibrationReport.of(result)), w);
        }
        MachineCalibration calibration = MachineCalibration.read(out);
        assertTrue(calibration.withoutContextsNs() > 0 && calibration.withContextsNs() > 0, calibration.describe());
    }
}

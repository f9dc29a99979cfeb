package org.lttbench.tests.analysis.overhead;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.overhead.GapCostCurve;
import org.lttbench.core.analysis.overhead.GapCostCurve.Point;
import org.lttbench.core.analysis.overhead.GapHistogram;
import org.lttbench.core.analysis.overhead.MachineCalibration;
import org.lttbench.tests.TestPaths;

/**
 * The cost by the gap between events, by construction: interpolated in log(gap) between calibrated gaps, clamped
 * outside them, averaged over a distribution of gaps; and read from a calibration file, old (no cost by gap) or new.
 */
class GapCostCurveTest {
    /** 100 ns at 100 ns, 200 ns at 1 µs, 400 ns at 10 µs: a decade of gap adds 100, then 200 ns. */
    private static final GapCostCurve CURVE = GapCostCurve.of(List.of(new Point(10_000, 400), new Point(100, 100),
            new Point(1_000, 200)));

    @Test
    void interpolatesInLogGapAndClampsOutside() {
        assertArrayEquals(new double[] { 100, 1_000, 10_000 }, CURVE.gapNs(), "sorted by gap");
        assertEquals(100, CURVE.at(100), 1e-9);
        assertEquals(200, CURVE.at(1_000), 1e-9);
        assertEquals(150, CURVE.at(Math.sqrt(100 * 1_000)), 1e-9, "half way in log(gap)");
        assertEquals(300, CURVE.at(Math.sqrt(1_000 * 10_000)), 1e-9);
        assertEquals(100 + 100 * Math.log10(2), CURVE.at(200), 1e-9);
        assertEquals(100, CURVE.at(10), 1e-9, "below the shortest gap: its cost");
        assertEquals(100, CURVE.at(0), 1e-9);
        assertEquals(400, CURVE.at(1e9), 1e-9, "beyond the longest gap: its cost");
    }

    @Test
    void averagesOverTheGapsAndSaysHowManyFellOutside() {
        GapHistogram gaps = new GapHistogram();
        for (int i = 0; i < 30; i++) {
            gaps.add(1_000); // 200 ns each
        }
        for (int i = 0; i < 10; i++) {
            gaps.add(50); // below: 100 ns each
        }
        for (int i = 0; i < 10; i++) {
            gaps.add(1_000_000); // beyond: 400 ns each
        }
        GapCostCurve.Reading r = CURVE.over(gaps);
        assertEquals((30 * 200 + 10 * 100 + 10 * 400) / 50.0, r.ns(), 1e-9);
        assertEquals(0.2, r.shortShare(), 1e-12);
        assertEquals(0.2, r.longShare(), 1e-12);
        assertNull(CURVE.over(new GapHistogram()), "no gap, no reading");
    }

    @Test
    void pointsAtOneGapAreAveragedNoiseBelowZeroReadsZeroAndNothingUsableIsNoCurve() {
        GapCostCurve c = GapCostCurve.of(List.of(new Point(500, 100), new Point(500, 140), new Point(2_000, -5),
                new Point(Double.NaN, 10), new Point(0, 10)));
        assertArrayEquals(new double[] { 500, 2_000 }, c.gapNs());
        assertArrayEquals(new double[] { 120, 0 }, c.costNs());
        assertNull(GapCostCurve.of(List.of(new Point(0, 100), new Point(Double.NaN, 1))));
        assertThrows(IllegalArgumentException.class, () -> new GapCostCurve(new double[] { 2, 1 }, new double[] { 1, 1 }));
    }

    @Test
    void anOlderCalibrationHasNoCostByGapANewerOneTakesTheMedianOfRoundsAndLeavesOutLossyRows() throws Exception {
        Path dir = TestPaths.workDir("gap-cost-calibrations");
        String tracing = """
                "calibration_machine": [{"host": "m", "cpus": 2, "cpu_model": null}],
                "calibration_tracing": [
                 {"config": "1M-x4-discard", "subbuf_bytes": 1048576, "subbufs": 4, "mode": "discard", "contexts": "none",
                  "overhead_ns": 90.0, "emitted": 10, "captured": 10, "discarded": 0, "overwritten": 0},
                 {"config": "1M-x4-discard-ctx", "subbuf_bytes": 1048576, "subbufs": 4, "mode": "discard",
                  "contexts": "vpid,vtid,procname", "overhead_ns": 120.0, "emitted": 10, "captured": 10, "discarded": 0,
                  "overwritten": 0}]""";
        Path old = Files.createDirectories(dir.resolve("old"));
        Files.writeString(old.resolve(MachineCalibration.FILE), "{" + tracing + "}");
        MachineCalibration before = MachineCalibration.read(old);
        assertNull(before.gapCost());
        GapHistogram gaps = new GapHistogram();
        gaps.add(250);
        assertNull(before.eventNs(List.of("vpid", "vtid"), gaps), "the tight loop's figure is used instead");
        assertEquals(110, before.eventNs(List.of("vpid", "vtid")), 1e-9);

        Path newer = Files.createDirectories(dir.resolve("new"));
        Files.writeString(newer.resolve(MachineCalibration.FILE), "{" + tracing + """
                , "calibration_gap_cost": [
                 {"work_ns": 0.0, "gap_ns": 125.0, "cost_ns": 200.0, "emitted": 10, "captured": 10, "discarded": 0},
                 {"work_ns": 0.0, "gap_ns": 130.0, "cost_ns": 5000.0, "emitted": 10, "captured": 10, "discarded": 0},
                 {"work_ns": 0.0, "gap_ns": 120.0, "cost_ns": 190.0, "emitted": 10, "captured": 10, "discarded": 0},
                 {"work_ns": 250.0, "gap_ns": 250.0, "cost_ns": 9999.0, "emitted": 10, "captured": 4, "discarded": 6},
                 {"work_ns": 500.0, "gap_ns": 500.0, "cost_ns": 400.0, "emitted": 10, "captured": 10, "discarded": 0}]}
                """);
        MachineCalibration after = MachineCalibration.read(newer);
        assertArrayEquals(new double[] { 125, 500 }, after.gapCost().gapNs(), "the lossy row is left out; an amount "
                + "of work measured in three rounds is their median gap and cost (a burst of load in one is left out)");
        assertArrayEquals(new double[] { 200, 400 }, after.gapCost().costNs());
        // 300 ns at 250 ns (half way in log gap) with the three contexts; two contexts: less a third of their 30 ns
        assertEquals(290, after.eventNs(List.of("vpid", "vtid"), gaps).ns(), 1e-9);
        assertEquals(300, after.eventNs(List.of("vpid", "vtid", "procname"), gaps).ns(), 1e-9);
    }
}

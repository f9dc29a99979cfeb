package org.lttbench.tests.analysis.spans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.spans.SpansAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.tests.Comparisons;
import org.lttbench.tests.Comparisons.Reference;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.WrittenTraceCheck;

/**
 * ROS 2 callbacks are spans without a {@code --span} option: {@link SpanScenarios#ros2}'s callbacks, run at the times
 * of {@link SpanScenarioTest}'s requests on the same kernel trace, split as those requests are, to the ns; named by
 * the symbol registered for their address in their process, else by what they were added as; a callback whose end
 * was lost inside another is abandoned, one never ended is unfinished; and on a real ROS 2 trace, every callback start
 * is a span.
 */
class Ros2CallbackScenarioTest {
    private static final String TIMER = "MinimalPublisher::timer_callback()";

    private static Path[] session() throws Exception {
        KernelTracer tracer = SpanScenarios.TRACERS.get(SpanScenarios.TRACERS.size() - 1);
        Path kernel = TestPaths.workDir("ros2-spans/kernel");
        Path ust = TestPaths.workDir("ros2-spans/ust");
        SpanScenarios.kernel(kernel, tracer);
        SpanScenarios.ros2(ust);
        return new Path[] { kernel, ust };
    }

    private static AnalysisOptions options() {
        return AnalysisOptions.DEFAULT.withLimit(100);
    }

    private static Map<String, Object> row(Table t, int row) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (int c = 0; c < t.columns().size(); c++) {
            m.put(t.columns().get(c).key(), t.rows().get(row)[c]);
        }
        return m;
    }

    /** The row's cells of these keys (key, value, ...); the parts not named are 0. */
    private static void assertRow(Table t, int row, Object... keyValues) {
        Map<String, Object> cells = row(t, row);
        List<String> named = new ArrayList<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            String key = (String) keyValues[i];
            named.add(key);
            Object expected = keyValues[i + 1] instanceof Integer n ? (Object) n.longValue() : keyValues[i + 1];
            assertEquals(expected, cells.get(key), cells.get("span") + " " + key);
        }
        for (String part : SpansAnalysis.PARTS) {
            if (!named.contains(part)) {
                assertEquals(0L, cells.get(part), cells.get("span") + " " + part);
            }
        }
    }

    @Test
    void callbacksSplitIntoTheKernelThreadsStates() throws Exception {
        Path[] traces = session();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(traces[1]))) {
            assertNull(new SpansAnalysis(options()).whyNotApplicable(set), "no --span needed");
        }
        Report r = SpanScenarioTest.run(List.of(traces), options());
        Table perName = r.table("spans");
        List<Object> names = perName.rows().stream().map(row -> row[0]).toList();
        assertEquals(List.of(TIMER, "callback 0xc000", "subscription callback 0xb000", "Other::cb()"), names,
                "the most wall time first; the same address in another process is another callback");
        assertRow(perName, 0, "spans", 3, "unfinished", 0, "abandoned", 0, "wall_ns", 28_000, "min_ns", 8_000,
                "max_ns", 10_000, "self_ns", 28_000, "user_ns", 22_500, "system_ns", 1_000, "irq_ns", 500,
                "wait_cpu_ns", 4_000);
        assertRow(perName, 1, "spans", 1, "abandoned", 1, "wall_ns", 15_000, "user_ns", 4_500, "system_ns", 1_500,
                "wait_io_ns", 8_200, "wait_cpu_ns", 800);
        assertRow(perName, 2, "spans", 1, "unfinished", 1, "wall_ns", 15_000, "user_ns", 4_500, "system_ns", 1_000,
                "wait_blocked_ns", 8_500, "wait_cpu_ns", 1_000);
        assertRow(perName, 3, "spans", 1, "wall_ns", 10_000, "user_ns", 5_400, "system_ns", 200, "wait_blocked_ns",
                3_900, "wait_cpu_ns", 500);
        SpanScenarioTest.assertPartsAddUp(r);

        Table causes = r.table("span_blocked_by_cause");
        assertEquals(List.of("subscription callback 0xb000", "reading a pipe", 8_500L), List.of(causes.rows().get(0)));
        assertEquals(List.of("Other::cb()", "sleeping by choice (nanosleep)", 3_900L), List.of(causes.rows().get(1)));

        Table slow = r.table("spans_slowest");
        assertEquals(6, slow.rows().size());
        int last = -1;
        for (int i = 0; i < slow.rows().size(); i++) {
            if (Long.valueOf(8_000).equals(slow.cell(i, "wall_ns"))) {
                last = i;
            }
        }
        assertEquals(TIMER, slow.cell(last, "span"));
        assertEquals(1L, slow.cell(last, "depth"), "inside the callback never ended");
        assertEquals(701L, slow.cell(last, "vtid"));
        assertTrue(r.notes().contains("1 span ends had no open begin on their thread (begun before the trace, or on "
                + "another thread: --span ...@FIELD pairs by a field)"), r.notes().toString());
    }

    /** babeltrace2 reads the ROS 2 trace back as written. */
    @Test
    void babeltraceReadsTheTrace() throws Exception {
        assertEquals(19, WrittenTraceCheck.assertBabeltraceReadsWhatWasWritten(
                SpanScenarios.ros2(TestPaths.workDir("ros2-spans-bt2/ust"))));
    }

    /**
     * ust-ros2 (a real ROS 2 system, ros2_tracing with lttng-ust 2.11): each of its callback starts (6,065, as
     * babeltrace2 counts them) is a span, ended or not, named by its registered symbol.
     */
    @Test
    void aRealRos2Trace() throws Exception {
        Report r = SpanScenarioTest.run(List.of(TestPaths.trace("ust-ros2")), options());
        Table perName = r.table("spans");
        long spans = 0;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < perName.rows().size(); i++) {
            spans += (Long) perName.cell(i, "spans") + (Long) perName.cell(i, "unfinished")
                    + (Long) perName.cell(i, "abandoned");
            names.add((String) perName.cell(i, "span"));
        }
        Bt2Callbacks bt2 = Bt2Callbacks.of(TestPaths.trace("ust-ros2"));
        assertEquals(bt2.starts(), spans, "every ros2:callback_start babeltrace2 reads");
        Comparisons.count(Reference.BABELTRACE2, 1,
                "Ros2CallbackScenarioTest: callback starts of ust-ros2");
        assertTrue(names.stream().anyMatch(n -> n.startsWith("SinkNode::SinkNode(")), names.toString());
        assertTrue(names.stream().noneMatch(n -> n.startsWith("callback 0x")), "every callback run has its symbol: " + names);
    }
}

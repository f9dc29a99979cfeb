package org.lttbench.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.DeclaredEvents;
import org.lttbench.tests.TestPaths;

/**
 * {@link AnalysisRun#plan}: which analyses a run runs, and why each other one does not apply. Which apply is decided
 * apart, from what the traces declare (babeltrace2: {@link DeclaredEvents}), in the registered order.
 */
class AnalysisRunTest {

    /** The registered analyses that apply to the trace (or do not), as its declared events say, in their order. */
    private static List<String> declared(String trace, boolean apply) throws Exception {
        DeclaredEvents events = DeclaredEvents.of(TestPaths.trace(trace));
        return Analyses.all().stream().map(p -> p.name()).filter(n -> events.applies(n) == apply).toList();
    }

    @Test
    void onAKernelTraceEveryAnalysisRunsInTheProvidersOrder() throws Exception {
        // a kernel trace with system calls, interrupts and block requests: every analysis applies
        try (CtfTraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("kernel-arm-bug446190")))) {
            AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), set, AnalysisOptions.DEFAULT);
            assertEquals(declared("kernel-arm-bug446190", true), List.copyOf(plan.analyses().keySet()));
            assertEquals(List.copyOf(plan.analyses().values()), plan.toRun());
            assertEquals(List.of("spans"), plan.notApplicable().stream().map(n -> n.provider().name()).toList(),
                    "but the user-space spans, of a kernel trace alone");
            assertNull(plan.notApplicable().get(0).briefly(), "left out without a word");
            assertEquals(List.of("spans"), List.copyOf(plan.reasons().keySet()));
            AnalysisRun.Plan again = AnalysisRun.plan(Analyses.all(), set, AnalysisOptions.DEFAULT);
            assertNotSame(plan.analyses().get("process"), again.analyses().get("process"), "fresh analyses each plan");
        }
    }

    @Test
    void onAUserSpaceTraceTheProcessAnalysisIsLeftOutWithItsReasons() throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("ust-hello-lost")))) {
            AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), set, AnalysisOptions.DEFAULT);
            assertEquals(declared("ust-hello-lost", true), List.copyOf(plan.analyses().keySet()));
            List<String> left = declared("ust-hello-lost", false);
            assertEquals(left, plan.notApplicable().stream().map(n -> n.provider().name()).toList(),
                    "the process analysis and those that need it (waits, latency, cpu), and the spans (the trace has no "
                            + "function entries)");
            assertEquals("it needs user-space function entries and exits (lttng_ust_cyg_profile), ROS 2 callbacks or "
                    + "--span pairs, and the user-space trace has none",
                    plan.notApplicable().get(left.indexOf("spans")).briefly());
            AnalysisRun.NotApplicable first = plan.notApplicable().get(0);
            assertEquals("process", first.provider().name());
            Analysis process = ProcessAnalysis.PROVIDER.create(AnalysisOptions.DEFAULT);
            assertEquals(process.whyNotApplicable(set), first.why());
            assertEquals(process.whyNotApplicableBriefly(set), first.briefly());
            assertTrue(first.why().contains("the trace is from lttng-ust 2.3 (domain ust)"), first.why());
            assertEquals(first.why(), plan.reasons().get("process"));
            assertEquals(left, List.copyOf(plan.reasons().keySet()));
            assertTrue(plan.whyNot().startsWith("process: " + first.why()), plan.whyNot());
        }
    }

    @Test
    void aKernelTraceWithoutSchedSwitchLeavesTheProcessAnalysisOut() throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("session-multi-domains").resolve("kernel")))) {
            AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), set, AnalysisOptions.DEFAULT);
            assertEquals(List.of("overhead", "discarded"), List.copyOf(plan.analyses().keySet()));
            assertTrue(plan.whyNot().startsWith("process: the kernel trace ") && plan.whyNot().contains("no sched_switch"),
                    plan.whyNot());
            assertTrue(plan.notApplicable().get(0).briefly().contains("the kernel trace, from lttng-modules 2.11.0 (domain kernel), recorded none"),
                    plan.notApplicable().get(0).briefly());
        }
    }

    @Test
    void aRangeOutsideTheKernelTraceLeavesTheProcessAnalysisOut() throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("kernel-scp-src")))) {
            AnalysisOptions before = new AnalysisOptions(new TimeRange(1, 2), GroupBy.THREAD);
            AnalysisRun.Plan plan = AnalysisRun.plan(List.of(ProcessAnalysis.PROVIDER), set, before);
            assertEquals(Map.of(), plan.analyses());
            assertTrue(plan.whyNot().startsWith("process: the range ") && plan.whyNot().contains("has no event of the "
                    + "kernel trace"), plan.whyNot());
        }
    }

    @Test
    void anAnalysisMadeByTheCallerIsTheOneThatRuns() throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("kernel-arm-bug446190")))) {
            ProcessAnalysis own = new ProcessAnalysis(AnalysisOptions.DEFAULT, null);
            AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), set,
                    p -> p == ProcessAnalysis.PROVIDER ? own : p.create(AnalysisOptions.DEFAULT));
            assertSame(own, plan.analyses().get("process"));
            assertEquals(declared("kernel-arm-bug446190", true).size(), plan.toRun().size());
        }
    }
}

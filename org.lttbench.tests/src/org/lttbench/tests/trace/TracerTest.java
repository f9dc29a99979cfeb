package org.lttbench.tests.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lttbench.tests.writer.TraceMetadata.field;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.overhead.OverheadAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.Tracer;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.CtfType;
import org.lttbench.tests.writer.TraceMetadata;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;

/**
 * The tracer a trace's environment names, and the messages that say what a trace lacks for an analysis: a CTF trace
 * need not come from LTTng, and a barectf or DPDK trace is no "user-space (UST) trace".
 */
class TracerTest {
    private static final String NEEDED = "the process analysis needs an LTTng kernel trace with sched_switch events; ";

    /** A one-event trace whose environment is {@code env} (in order). */
    private static Path trace(String name, Map<String, Object> env) throws Exception {
        Path dir = TestPaths.workDir("tracer-" + name);
        TraceMetadata m = new TraceMetadata(ByteOrder.LITTLE_ENDIAN, UUID.randomUUID());
        env.forEach(m::env);
        StreamClass sc = m.streamClass(HeaderKind.LARGE, List.of(), true);
        sc.event("ev", field("x", CtfType.u32()));
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, false)) {
            w.stream(sc, "stream", 0).event(1_000, "ev", 1L);
        }
        return dir;
    }

    private static String whyNot(Path... traces) throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(traces))) {
            return new ProcessAnalysis(AnalysisOptions.DEFAULT).whyNotApplicable(set);
        }
    }

    private static String whyNotBriefly(Path... traces) throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(traces))) {
            return new ProcessAnalysis(AnalysisOptions.DEFAULT).whyNotApplicableBriefly(set);
        }
    }

    /** A message without its list of the kernel events to record. */
    private static String beforeEventsNeeded(String why) {
        return why.substring(0, why.indexOf(" (kernel events needed: "));
    }

    private static Tracer tracer(Path trace) throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            return Tracer.of(set.traces().get(0));
        }
    }

    @Test
    void theEnvironmentsTracerNotUserSpace() throws Exception {
        Path barectf = trace("barectf", new java.util.LinkedHashMap<>(Map.of("domain", "bare", "tracer_name", "barectf",
                "tracer_major", 2, "tracer_minor", 3, "tracer_patch", 0)));
        assertEquals(new Tracer("barectf", "2.3.0", "bare"), tracer(barectf));
        assertEquals(NEEDED + "the trace is from barectf 2.3.0 (domain bare)", beforeEventsNeeded(whyNot(barectf)));
        assertEquals("it needs an LTTng kernel trace with sched_switch events, and the trace is from barectf 2.3.0"
                + " (domain bare): --analysis process lists the kernel events to record", whyNotBriefly(barectf));

        Path unnamed = trace("unnamed", Map.of("dpdk_version", "DPDK 23.11.0"));
        assertEquals(NEEDED + "the trace is from a tracer its environment does not name (no tracer_name, no domain)",
                beforeEventsNeeded(whyNot(unnamed)));

        // A real barectf trace and a real LTTng-UST one, together
        Path bare = TestPaths.traceCtf2("barectf-event-before-packet");
        Path ust = TestPaths.trace("ust-ros2");
        assertEquals(NEEDED + "the traces are from barectf 2.3.0 (domain bare) and lttng-ust 2.11 (domain ust)",
                beforeEventsNeeded(whyNot(bare, ust)));
    }

    /** The overhead analysis on a trace without event classes (only packets): the tracer is named. */
    @Test
    void aTraceWithoutEventClassesNamesItsTracer() throws Exception {
        Path dir = TestPaths.workDir("tracer-no-events");
        TraceMetadata m = new TraceMetadata(ByteOrder.LITTLE_ENDIAN, UUID.randomUUID());
        m.env("domain", "bare").env("tracer_name", "barectf").env("tracer_major", 3);
        StreamClass sc = m.streamClass(HeaderKind.LARGE, List.of(), true);
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, false)) {
            w.stream(sc, "stream", 0).openPacket(1_000).closePacket();
        }
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            assertEquals("the trace, from barectf 3 (domain bare), declares no event classes",
                    new OverheadAnalysis(AnalysisOptions.DEFAULT).whyNotApplicable(set));
        }
    }

    @Test
    void aKernelTraceWithoutSchedSwitchNamesItsTracer() throws Exception {
        Path kernel = TestPaths.trace("session-multi-domains").resolve("kernel");
        assertEquals("the kernel trace " + kernel + ", from lttng-modules 2.11.0 (domain kernel), recorded no"
                + " sched_switch event, which the process analysis requires", beforeEventsNeeded(whyNot(kernel)));
        assertEquals("it needs an LTTng kernel trace with sched_switch events, and the kernel trace, from lttng-modules"
                + " 2.11.0 (domain kernel), recorded none: --analysis process lists the kernel events to record",
                whyNotBriefly(kernel));
    }
}

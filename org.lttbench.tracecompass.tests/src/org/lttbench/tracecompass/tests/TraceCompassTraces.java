package org.lttbench.tracecompass.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.lttbench.core.batch.Main;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.JsonReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.testing.TestFiles;
import org.lttbench.tracecompass.core.analysis.LttbenchAnalysisModule;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchKernelTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchUstTrace;
import org.lttbench.tracecompass.core.tracetype.TraceEvent;

/**
 * Traces opened the way Trace Compass opens them without a workbench (its own tests do the same): the trace type's
 * class, {@code initTrace} on the trace directory, then the "trace opened" signal, which makes Trace Compass
 * instantiate every analysis module its extension point declares for that type.
 */
public final class TraceCompassTraces {
    private TraceCompassTraces() {
    }

    /** Writes a comparison's report into the work directory ({@code lttbench.work}) and prints it. */
    public static void writeReport(String fileName, CharSequence report) throws IOException {
        Path out = Path.of(System.getProperty("lttbench.work")).resolve(fileName);
        Files.createDirectories(out.getParent());
        Files.writeString(out, report.toString());
        System.out.println(report);
    }

    /** {@code sink}, once it has heard every record of the trace directory, read by LTTbench's reader. */
    public static <T extends RecordSink> T read(Path dir, T sink) throws IOException {
        try (TraceSet traces = CtfTraceSet.open(List.of(dir))) {
            traces.read(sink, ProgressListener.NONE);
        }
        return sink;
    }

    public static Path shared(String name) {
        return Path.of(System.getProperty("lttbench.traces")).resolve(name);
    }

    /** A real CTF 2 trace of {@code ../shared/traces-ctf2}. */
    public static Path ctf2(String name) {
        return Path.of(System.getProperty("lttbench.traces.ctf2")).resolve(name);
    }

    /** Every CTF 2 trace of {@code ../shared/traces-ctf2}. */
    public static List<Path> ctf2Traces() throws IOException {
        try (Stream<Path> list = Files.list(Path.of(System.getProperty("lttbench.traces.ctf2")))) {
            return list.filter(Files::isDirectory).sorted().toList();
        }
    }

    /**
     * A trace directory opened through LTTbench's trace type for it (kernel, user space, or generic CTF, by the
     * environment's domain), its modules instantiated, with no kept results.
     */
    public static LttbenchCtfTrace lttbench(Path dir) throws TmfTraceException {
        String domain;
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            domain = String.valueOf(set.traces().get(0).environment().get("domain"));
        } catch (IOException e) {
            throw new TmfTraceException(e.getMessage(), e);
        }
        LttbenchCtfTrace trace = switch (domain) {
        case "kernel" -> new LttbenchKernelTrace();
        case "ust" -> new LttbenchUstTrace();
        default -> new LttbenchCtfTrace();
        };
        trace.initTrace(null, dir.toString(), TraceEvent.class);
        return opened(trace);
    }

    public static Path work(String name) throws IOException {
        return TestFiles.fresh(Path.of(System.getProperty("lttbench.work")).resolve(name));
    }

    /** A writable copy of a trace directory. */
    public static void copy(Path from, Path to) throws IOException {
        TestFiles.writableCopy(from, to);
    }

    /** An LTTng kernel trace, opened (its modules instantiated), with no kept results from an earlier run. */
    public static LttngKernelTrace kernel(Path dir) throws TmfTraceException {
        LttngKernelTrace trace = new LttngKernelTrace();
        trace.initTrace(null, dir.toString(), CtfTmfEvent.class);
        return opened(trace);
    }

    public static LttngUstTrace ust(Path dir) throws TmfTraceException {
        LttngUstTrace trace = new LttngUstTrace();
        trace.initTrace(null, dir.toString(), CtfTmfEvent.class);
        return opened(trace);
    }

    /** A trace of Trace Compass's generic CTF type (not LTTng's). */
    public static CtfTmfTrace genericCtf(Path dir) throws TmfTraceException {
        CtfTmfTrace trace = new CtfTmfTrace();
        trace.initTrace(null, dir.toString(), CtfTmfEvent.class);
        return opened(trace);
    }

    public static TmfExperiment experiment(String name, ITmfTrace... traces) {
        TmfExperiment e = new TmfExperiment(CtfTmfEvent.class, name, traces, TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
        return opened(e);
    }

    /** The kernel and the user-space trace of one LTTng session, {@code session-multi-domains}: their directories. */
    public static List<String> session() {
        return List.of(shared("session-multi-domains/kernel").toString(), shared("session-multi-domains/ust").toString());
    }

    /** The {@link #session}'s two traces opened with Trace Compass's LTTng types, as an experiment. */
    public static TmfExperiment sessionExperiment(String name) throws TmfTraceException {
        return experiment(name, kernel(Path.of(session().get(0))), ust(Path.of(session().get(1))));
    }

    private static <T extends ITmfTrace> T opened(T trace) {
        TmfTraceManager.deleteSupplementaryFiles(trace);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(TraceCompassTraces.class, trace, null));
        return trace;
    }

    public static void close(ITmfTrace trace) {
        TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(TraceCompassTraces.class, trace));
        trace.dispose();
    }

    /** The module Trace Compass instantiated for the trace from our plugin.xml, found by its id. */
    public static LttbenchAnalysisModule module(ITmfTrace trace) {
        var m = trace.getAnalysisModule(LttbenchAnalysisModule.ID);
        assertNotNull(m, "Trace Compass offers LTTbench for " + trace.getName());
        assertTrue(m instanceof LttbenchAnalysisModule, m.getClass().getName());
        return (LttbenchAnalysisModule) m;
    }

    /** The trace's module, scheduled as Trace Compass schedules it, once it has completed (failing the test if not). */
    public static LttbenchAnalysisModule analysed(ITmfTrace trace) {
        LttbenchAnalysisModule module = module(trace);
        module.schedule();
        assertTrue(module.waitForCompletion(), String.valueOf(module.failure()));
        return module;
    }

    /** What the command line prints ({@code ./lttbench} runs the same {@link Main}), and its exit code. */
    public record Cli(int code, String out, String err) {
    }

    public static Cli cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Cli(code, out.toString(), err.toString());
    }

    /** A report as {@code ./lttbench analyze --format json} writes it. */
    public static String json(Report r) throws IOException {
        StringWriter out = new StringWriter();
        JsonReportWriter.write(List.of(r), out);
        return out.toString();
    }
}

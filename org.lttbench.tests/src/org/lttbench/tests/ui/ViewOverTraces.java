package org.lttbench.tests.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.ui.view.ReportView;

/**
 * A view in a window of its own over traces, as a host shows it: given a session over them, its first results shown
 * ({@link SessionProbe#attach}), the probe hearing its runs. Closing it disposes the session, then the window, whether
 * the test passed or not.
 *
 * @param traces what the session reads
 */
public record ViewOverTraces<V extends ReportView>(UiHarness ui, V view, SessionProbe probe, List<Path> traces)
        implements AutoCloseable {

    /** The view, made by {@code make} in a window of that size, over those traces. */
    public static <V extends ReportView> ViewOverTraces<V> open(int width, int height,
            BiFunction<Composite, Integer, V> make, List<Path> traces) {
        UiHarness ui = new UiHarness(width, height);
        try {
            V view = make.apply(ui.shell(), SWT.NONE);
            return new ViewOverTraces<>(ui, view, SessionProbe.attach(ui, view, traces), traces);
        } catch (RuntimeException | Error e) {
            ui.close();
            throw e;
        }
    }

    /** The view over the shared traces of those names ({@link TestPaths#trace}). */
    public static <V extends ReportView> ViewOverTraces<V> open(int width, int height,
            BiFunction<Composite, Integer, V> make, String... traceNames) {
        return open(width, height, make, Stream.of(traceNames).map(TestPaths::trace).toList());
    }

    /** What the analysis gives over the whole traces, a row per thread, run straight through the core. */
    public Report reference(String analysis) throws IOException {
        return SessionProbe.reference(traces, analysis);
    }

    /** What the analysis gives over that range of the traces, so grouped, run straight through the core. */
    public Report reference(String analysis, TimeRange range, GroupBy groupBy) throws IOException {
        return SessionProbe.reference(traces, analysis, range, groupBy);
    }

    @Override
    public void close() {
        try {
            view.session().dispose();
        } finally {
            ui.close();
        }
    }
}

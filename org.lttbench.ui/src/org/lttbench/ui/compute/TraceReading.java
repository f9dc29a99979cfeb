package org.lttbench.ui.compute;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.discarded.SpanHistogram;
import org.lttbench.core.analysis.spans.SpanDefinition;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

/**
 * The reports of a run by reading the traces: opened fresh, read once for every wanted analysis, closed. The spans
 * analysis follows the user's span definitions ({@code lttbench view --span}) besides its built-in ones.
 */
public final class TraceReading implements ReportSource {
    private final TraceSource source;
    private final List<SpanDefinition> spans;

    public TraceReading(TraceSource source) {
        this(source, List.of());
    }

    public TraceReading(TraceSource source, List<SpanDefinition> spans) {
        this.source = source;
        this.spans = List.copyOf(spans);
    }

    @Override
    public ReportSet reports(TimeRange range, List<AnalysisRequest> wanted, Consumer<TimeRange> span,
            ProgressListener progress) throws IOException {
        try (TraceSet traces = source.open()) {
            if (span != null) {
                span.accept(traces.span());
            }
            Planned planned = Planned.of(traces, range, wanted, spans);
            // Events and losses over the whole span, for the range bar: from the same pass, whatever the range.
            SpanHistogram histogram = new SpanHistogram();
            planned.run(traces, List.of(histogram), progress);
            return planned.reports(planned.runs() ? histogram : null);
        }
    }

    /**
     * The analyses a run makes of the wanted requests on some traces (which apply, and why the others do not), and
     * their reports as the requests ask for them: read from files, or from a live session as it goes.
     */
    static final class Planned {
        private final TimeRange range;
        private final List<AnalysisRequest> wanted;
        private final Map<String, String> notApplicable;
        private final Map<String, Analysis> byName;

        private Planned(TimeRange range, List<AnalysisRequest> wanted, Map<String, String> notApplicable,
                Map<String, Analysis> byName) {
            this.range = range;
            this.wanted = wanted;
            this.notApplicable = notApplicable;
            this.byName = byName;
        }

        static Planned of(TraceSet traces, TimeRange range, List<AnalysisRequest> wanted, List<SpanDefinition> spans) {
            Map<String, String> notApplicable = new LinkedHashMap<>();
            // One instance per analysis, whatever the groupings asked for: it reports each from the same pass.
            // Its grouping is the first one asked for: its report() (that the run notes unread files in) is that one.
            Map<String, AnalysisProvider> providers = new LinkedHashMap<>();
            Map<String, GroupBy> groupings = new HashMap<>();
            Map<String, String> threads = new HashMap<>();
            for (AnalysisRequest request : wanted) {
                String name = request.analysis();
                AnalysisProvider provider = Analyses.byName(name);
                if (provider == null) {
                    notApplicable.put(name, "this build has no " + name + " analysis");
                } else if (providers.putIfAbsent(name, provider) == null) {
                    groupings.put(name, request.groupBy());
                    threads.put(name, request.thread());
                }
            }
            AnalysisRun.Plan plan = AnalysisRun.plan(List.copyOf(providers.values()), traces,
                    p -> p.create(new AnalysisOptions(range, groupings.get(p.name())).withThread(threads.get(p.name()))
                            .withSpans(spans)));
            notApplicable.putAll(plan.reasons());
            return new Planned(range, List.copyOf(wanted), notApplicable, plan.analyses());
        }

        /** Whether any analysis applies (else nothing is read). */
        boolean runs() {
            return !byName.isEmpty();
        }

        /** Reads the traces once for every analysis that applies, with the other sinks. */
        void run(TraceSet traces, List<? extends RecordSink> alongside, ProgressListener progress) throws IOException {
            if (runs()) {
                AnalysisRun.run(traces, List.copyOf(byName.values()), alongside, progress);
            }
        }

        /** The reports of every request, from the analyses as they are now. */
        ReportSet reports(SpanHistogram histogram) {
            List<Report> reports = new ArrayList<>();
            for (AnalysisRequest request : wanted) {
                Analysis analysis = byName.get(request.analysis());
                if (analysis != null) {
                    // every row made here, on the reading thread: the UI thread shows them, and must neither make
                    // tens of thousands of rows nor read figures that a live pass is still changing
                    reports.add(analysis.reportSoFar(request.groupBy()));
                }
            }
            return new ReportSet(range, reports, notApplicable, null, histogram);
        }
    }
}

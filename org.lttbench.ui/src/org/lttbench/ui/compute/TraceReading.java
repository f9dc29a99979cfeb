package org.lttbench.ui.compute;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.batch.AnalysisRun;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

/** The reports of a run by reading the traces: opened fresh, read once for every wanted analysis, closed. */
public final class TraceReading implements ReportSource {
    private final TraceSource source;

    public TraceReading(TraceSource source) {
        this.source = source;
    }

    @Override
    public ReportSet reports(TimeRange range, List<AnalysisRequest> wanted, Consumer<TimeRange> span,
            ProgressListener progress) throws IOException {
        try (TraceSet traces = source.open()) {
            if (span != null) {
                span.accept(traces.span());
            }
            Map<String, String> notApplicable = new LinkedHashMap<>();
            List<Analysis> analyses = new ArrayList<>();
            for (AnalysisRequest request : wanted) {
                AnalysisProvider provider = Analyses.byName(request.analysis());
                if (provider == null) {
                    notApplicable.put(request.analysis(), "this build has no " + request.analysis() + " analysis");
                    continue;
                }
                Analysis analysis = provider.create(new AnalysisOptions(range, request.groupBy()));
                String why = analysis.whyNotApplicable(traces);
                if (why != null) {
                    notApplicable.put(request.analysis(), why);
                } else {
                    analyses.add(analysis);
                }
            }
            List<Report> reports = analyses.isEmpty() ? List.of() : AnalysisRun.run(traces, analyses, progress);
            return new ReportSet(range, reports, notApplicable, null);
        }
    }
}

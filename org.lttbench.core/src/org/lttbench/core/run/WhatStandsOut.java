package org.lttbench.core.run;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.report.Highlight;
import org.lttbench.core.report.HighlightsWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.trace.Trace;

/**
 * What stands out in a run's reports, ranked across the analyses (each analysis says what stands out in its own
 * report): the summary {@code lttbench analyze TRACE} prints, and the viewer and Trace Compass open on.
 */
public final class WhatStandsOut {
    private WhatStandsOut() {
    }

    /**
     * Every analysis's highlights of its report, unranked (the writer ranks them). Of an analysis's reports in both
     * groupings (the viewer's process tab asks for both), the per-thread one, as {@code lttbench analyze} makes.
     */
    public static List<Highlight> of(List<Report> reports) {
        List<Highlight> highlights = new ArrayList<>();
        for (Report r : reports) {
            AnalysisProvider p = Analyses.byName(r.analysis());
            if (p != null && !otherGrouping(p, r, reports)) {
                highlights.addAll(p.highlights(r));
            }
        }
        return highlights;
    }

    /** Whether {@code r} is an analysis's per-process report and its per-thread one is there too. */
    private static boolean otherGrouping(AnalysisProvider p, Report r, List<Report> reports) {
        String byThread = p.tables().byThread().title();
        return !r.title().equals(byThread)
                && reports.stream().anyMatch(o -> o.analysis().equals(r.analysis()) && o.title().equals(byThread));
    }

    /** The summary of these traces' reports as text, at most {@link HighlightsWriter#MAX_LINES} lines after its heading. */
    public static String text(List<? extends Trace> traces, List<Report> reports) {
        return text(TraceNames.describe(traces), reports);
    }

    /**
     * The summary as text, its heading saying what was {@code read} and the reports' range.
     *
     * @param reports at least one
     */
    public static String text(String read, List<Report> reports) {
        StringWriter out = new StringWriter();
        try {
            String heading = SummaryLine.of("What stands out").read(read).range(reports.get(0).range()).toString();
            HighlightsWriter.write(heading, of(reports), out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }
}

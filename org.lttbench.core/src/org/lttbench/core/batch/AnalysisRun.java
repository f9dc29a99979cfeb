package org.lttbench.core.batch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordFanOut;
import org.lttbench.core.trace.TraceSet;

/** Runs several analyses over one read of the traces (DESIGN.md: one pass, many sinks). */
public final class AnalysisRun {
    private AnalysisRun() {
    }

    /** Reads the traces once, feeding every analysis, and returns their reports in the same order. */
    public static List<Report> run(TraceSet traces, List<? extends Analysis> analyses, ProgressListener progress)
            throws IOException {
        traces.read(new RecordFanOut(analyses), progress);
        List<Report> reports = new ArrayList<>();
        for (Analysis a : analyses) {
            reports.add(a.report());
        }
        return reports;
    }
}

package org.lttbench.core.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.report.Report;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordFanOut;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.core.trace.UnreadFile;

/** Runs several analyses over one read of the traces (DESIGN.md: one pass, many sinks). */
public final class AnalysisRun {
    private AnalysisRun() {
    }

    /** Reads the traces once, feeding every analysis, and returns their reports in the same order. */
    public static List<Report> run(TraceSet traces, List<? extends Analysis> analyses, ProgressListener progress)
            throws IOException {
        return run(traces, analyses, List.of(), progress);
    }

    /**
     * The same, with other sinks fed by the same pass (e.g. the loss tally the command line always keeps).
     */
    public static List<Report> run(TraceSet traces, List<? extends Analysis> analyses,
            List<? extends RecordSink> alongside, ProgressListener progress) throws IOException {
        introduce(analyses);
        List<RecordSink> sinks = new ArrayList<>(analyses);
        sinks.addAll(alongside);
        traces.read(new RecordFanOut(sinks), progress);
        String unread = UnreadFile.note(traces.unreadFiles());
        List<Report> reports = new ArrayList<>();
        for (Analysis a : analyses) {
            Report r = a.report();
            if (unread != null) {
                r.note(unread);
            }
            reports.add(r);
        }
        return reports;
    }

    /**
     * Tells each analysis the others of its pass ({@link Analysis#runsWith}), before the pass starts; for callers
     * that feed the analyses themselves (Trace Compass hands its events to them one by one).
     */
    public static void introduce(List<? extends Analysis> analyses) {
        for (Analysis a : analyses) {
            List<Analysis> others = new ArrayList<>(analyses);
            others.remove(a);
            a.runsWith(others);
        }
    }
}

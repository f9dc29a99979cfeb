package org.lttbench.core.run;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;

/**
 * What a run tells its user besides the reports, the same from every front end (the command line, Trace Compass's
 * headless application): on stderr, so that JSON and CSV stay clean, and each said once.
 */
public final class RunNotes {
    private RunNotes() {
    }

    /**
     * By default the analyses that do not apply are left out, but not in silence: one line each, before the reports;
     * analyses left out for one reason (the waits analysis needs what the process analysis does) in one line; an
     * analysis nobody expects of these traces ({@link Analysis#whyNotApplicableBriefly} null) without a word.
     */
    public static void skipped(AnalysisRun.Plan plan, PrintWriter err) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (AnalysisRun.NotApplicable n : plan.notApplicable()) {
            if (n.briefly() == null) {
                continue; // nothing a reader of these traces expected
            }
            byReason.computeIfAbsent(n.briefly(), r -> new ArrayList<>()).add(n.provider().name());
        }
        byReason.forEach((why, names) -> err.println("note: the " + (names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1))
                + (names.size() == 1 ? " analysis was" : " analyses were") + " skipped: " + why));
        err.flush();
    }

    /** Data files carry no sentences: a doubtful figure (a table's warning) is said on stderr too, once each. */
    public static void tableWarnings(List<Report> reports, PrintWriter err) {
        reports.stream().flatMap(r -> r.tables().stream()).flatMap(t -> t.warnings().stream())
                .map(Table.Warning::text).distinct().forEach(w -> err.println("warning: " + w));
        err.flush();
    }

    /** The one line saying that the traces lost events (null: they lost none), whatever format the reports take. */
    public static void losses(String line, PrintWriter err) {
        if (line != null) {
            err.println(line);
            err.flush();
        }
    }
}

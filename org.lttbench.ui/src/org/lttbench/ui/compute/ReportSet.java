package org.lttbench.ui.compute;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;

/**
 * What one run of a session produced for one time range: the reports, which analyses did not apply (and why), or
 * why the run failed. Views render it and nothing else.
 */
public final class ReportSet {
    private final TimeRange range;
    private final List<Report> reports;
    private final Map<String, String> notApplicable;
    private final String failure;

    public ReportSet(TimeRange range, List<Report> reports, Map<String, String> notApplicable, String failure) {
        this.range = range;
        this.reports = List.copyOf(reports);
        this.notApplicable = Map.copyOf(new LinkedHashMap<>(notApplicable));
        this.failure = failure;
    }

    /** Reports made elsewhere (tests, a host that ran the analyses itself). */
    public static ReportSet of(TimeRange range, Report... reports) {
        return new ReportSet(range, List.of(reports), Map.of(), null);
    }

    public static ReportSet failed(TimeRange range, String why) {
        return new ReportSet(range, List.of(), Map.of(), why);
    }

    /** The range the run was asked for ({@link TimeRange#ALL} for the whole trace). */
    public TimeRange range() {
        return range;
    }

    public List<Report> reports() {
        return reports;
    }

    /** Why an analysis did not run on these traces, or {@code null}. */
    public String whyNotApplicable(String analysis) {
        return notApplicable.get(analysis);
    }

    /** Why the whole run failed (unreadable trace...), or {@code null}. */
    public String failure() {
        return failure;
    }

    /** The first table of that key in a report of that analysis, or {@code null}. */
    public Table table(String analysis, String tableKey) {
        for (Report r : reports) {
            if (r.analysis().equals(analysis)) {
                for (Table t : r.tables()) {
                    if (t.key().equals(tableKey)) {
                        return t;
                    }
                }
            }
        }
        return null;
    }

    /** The notes of the reports of these analyses, once each, in report order. */
    public List<String> notes(java.util.Set<String> analyses) {
        List<String> notes = new ArrayList<>();
        for (Report r : reports) {
            if (!analyses.contains(r.analysis())) {
                continue;
            }
            for (String n : r.notes()) {
                if (!notes.contains(n)) {
                    notes.add(n);
                }
            }
        }
        return notes;
    }

    /** The range the figures of these analyses really cover (what the first of their reports says), or the requested range. */
    public TimeRange coveredRange(java.util.Set<String> analyses) {
        for (Report r : reports) {
            if (analyses.contains(r.analysis())) {
                return r.range();
            }
        }
        return range;
    }
}

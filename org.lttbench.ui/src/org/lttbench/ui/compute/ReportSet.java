package org.lttbench.ui.compute;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.discarded.SpanHistogram;
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
    private final SpanHistogram histogram;
    private final String liveStatus;
    private final boolean liveEndedEarly;

    public ReportSet(TimeRange range, List<Report> reports, Map<String, String> notApplicable, String failure) {
        this(range, reports, notApplicable, failure, null);
    }

    /**
     * @param histogram events and losses over the traces' whole span, read in the same pass (the range bar draws it),
     *                  or {@code null}
     */
    public ReportSet(TimeRange range, List<Report> reports, Map<String, String> notApplicable, String failure,
            SpanHistogram histogram) {
        this.range = range;
        this.reports = List.copyOf(reports);
        this.notApplicable = Map.copyOf(new LinkedHashMap<>(notApplicable));
        this.failure = failure;
        this.histogram = histogram;
        this.liveStatus = null;
        this.liveEndedEarly = false;
    }

    private ReportSet(ReportSet reports, String liveStatus, boolean liveEndedEarly) {
        this.range = reports.range;
        this.reports = reports.reports;
        this.notApplicable = reports.notApplicable;
        this.failure = reports.failure;
        this.histogram = reports.histogram;
        this.liveStatus = liveStatus;
        this.liveEndedEarly = liveEndedEarly;
    }

    /**
     * The same reports of a live session, with what the session is doing (followed, ended, its relay daemon gone).
     *
     * @param endedEarly whether the read ended before the session did (the relay daemon went away or stalled): the
     *                   figures are those of what came before
     */
    public ReportSet withLiveStatus(String status, boolean endedEarly) {
        return new ReportSet(this, status, endedEarly);
    }

    /** What the live session followed is doing, or {@code null} for traces read from files. */
    public String liveStatus() {
        return liveStatus;
    }

    /** Whether the live session's read ended before the session did (its relay daemon went away or stalled). */
    public boolean liveEndedEarly() {
        return liveEndedEarly;
    }

    /** Events and losses over the traces' whole span, when the run read them ({@code null} otherwise). */
    public SpanHistogram histogram() {
        return histogram;
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
        return notes(analyses, true);
    }

    /**
     * The notes of the reports of these analyses, once each, in report order; without those that say what was lost
     * ({@link Report#isLossNote}) unless {@code withLoss}.
     */
    public List<String> notes(java.util.Set<String> analyses, boolean withLoss) {
        List<String> notes = new ArrayList<>();
        for (Report r : reports) {
            if (!analyses.contains(r.analysis())) {
                continue;
            }
            for (String n : r.notes()) {
                if (!notes.contains(n) && (withLoss || !r.isLossNote(n))) {
                    notes.add(n);
                }
            }
        }
        return notes;
    }

    /** The warnings of these analyses' tables (a figure a check found doubtful), once each, in report order. */
    public List<String> warnings(java.util.Set<String> analyses) {
        List<String> warnings = new ArrayList<>();
        for (Report r : reports) {
            if (analyses.contains(r.analysis())) {
                for (org.lttbench.core.report.Table t : r.tables()) {
                    for (org.lttbench.core.report.Table.Warning w : t.warnings()) {
                        if (!warnings.contains(w.text())) {
                            warnings.add(w.text());
                        }
                    }
                }
            }
        }
        return warnings;
    }

    /** The summary line of the first report of this analysis, or {@code null}. */
    public String summary(String analysis) {
        for (Report r : reports) {
            if (r.analysis().equals(analysis)) {
                return r.summary();
            }
        }
        return null;
    }

    /** The paths of every trace the reports read (to name them alike in every table, {@link org.lttbench.core.report.TraceNames}). */
    public List<String> tracePaths() {
        java.util.Set<String> paths = new java.util.LinkedHashSet<>();
        for (Report r : reports) {
            paths.addAll(r.traces());
        }
        return List.copyOf(paths);
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

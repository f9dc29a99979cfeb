package org.lttbench.fleet.result;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.discarded.LossTally;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCounter;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.run.RunFailure;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.core.trace.UnreadFile;
import org.lttbench.fleet.inventory.FleetTrace;

/**
 * LTTbench's one pass over one unit of a fleet, as {@code lttbench analyze} makes it with its defaults: every analysis
 * that applies, over the whole trace, one read feeding them all. Its tables are the reports' tables, plus the process
 * analysis's per-process grouping from the same pass and a {@code notes} table. A unit that cannot be read gives a
 * failed outcome with the command line's one-line error, never an exception: the other units' results are kept.
 */
public final class TraceRun {
    public static final String NOTES = "notes";

    private TraceRun() {
    }

    public static TraceResult run(FleetTrace unit) {
        long start = System.nanoTime();
        try (CtfTraceSet traces = CtfTraceSet.open(unit.paths())) {
            AnalysisRun.Plan plan = AnalysisRun.plan(Analyses.all(), traces, AnalysisOptions.DEFAULT);
            List<Analysis> analyses = plan.toRun();
            Table notes = notesTable();
            plan.reasons().forEach((name, why) -> notes.addRow(name, "does not apply: " + why));
            String domains = String.join(",", traces.traces().stream().map(Trace::domain).filter(Objects::nonNull)
                    .distinct().sorted().toList());
            if (analyses.isEmpty()) {
                TraceOutcome outcome = outcome(unit, traces, domains, "", TraceOutcome.NOT_APPLICABLE, null, null, null,
                        start);
                return new TraceResult(outcome, List.of(FlatTable.of(notes)));
            }
            RecordCounter counter = new RecordCounter();
            LossTally losses = new LossTally();
            List<Report> reports = AnalysisRun.run(traces, analyses, List.of(counter, losses), ProgressListener.NONE);
            List<FlatTable> tables = tables(analyses, reports, notes);
            String names = String.join(",", reports.stream().map(Report::analysis).toList());
            String unread = UnreadFile.note(traces.unreadFiles());
            return new TraceResult(outcome(unit, traces, domains, names, unread == null ? TraceOutcome.OK
                    : TraceOutcome.READ_IN_PART, counter, losses, unread, start), tables);
        } catch (Exception | OutOfMemoryError | StackOverflowError e) {
            RunFailure.debug(e, new PrintWriter(System.err, true));
            String error = RunFailure.of(e).getMessage();
            return new TraceResult(outcome(unit, null, "", "", TraceOutcome.FAILED, null, null, error, start), List.of());
        }
    }

    /** Every table a unit gives whatever its traces, with no rows: the tables the analyses declare. */
    public static List<FlatTable> emptyTables() {
        Map<String, Table> tables = new LinkedHashMap<>();
        for (AnalysisProvider p : Analyses.all()) {
            for (TableSchema t : p.tables().tables()) {
                tables.putIfAbsent(t.key(), t.table());
            }
        }
        tables.put(NOTES, notesTable());
        return tables.values().stream().map(FlatTable::of).toList();
    }

    private static List<FlatTable> tables(List<Analysis> analyses, List<Report> reports, Table notes) {
        Map<String, Table> tables = new LinkedHashMap<>();
        for (int i = 0; i < reports.size(); i++) {
            Report report = reports.get(i);
            // the per-process grouping of the same pass (an analysis without groupings gives the same tables again)
            Report byProcess = analyses.get(i).report(AnalysisOptions.GroupBy.PROCESS);
            for (Report r : List.of(report, byProcess)) {
                for (Table t : r.tables()) {
                    tables.putIfAbsent(t.key(), t);
                }
            }
            for (String note : report.notes()) {
                notes.addRow(report.analysis(), note);
            }
        }
        tables.put(NOTES, notes);
        return tables.values().stream().map(FlatTable::of).toList();
    }

    private static Table notesTable() {
        return new Table(NOTES, "Notes", List.of(
                new Column("analysis", "Analysis", ColumnKind.TEXT, "the analysis the note is about"),
                new Column("note", "Note", ColumnKind.TEXT, "what the report says the reader must see")));
    }

    private static TraceOutcome outcome(FleetTrace unit, TraceSet traces, String domains, String analyses,
            String status, RecordCounter counter, LossTally losses, String error, long start) {
        Long begin = null;
        Long end = null;
        if (counter != null) {
            var span = traces.span();
            begin = span.begin();
            end = span.end();
        }
        return new TraceOutcome(unit.host(), unit.hostOrigin(), unit.session(), String.join(" ", unit.directories()),
                traces == null ? unit.directories().size() : traces.traces().size(), domains, analyses, status, error,
                traces == null ? unit.bytes() : traces.totalBytes(), counter == null ? null : counter.events(),
                losses == null ? null : losses.discardedEvents(), losses == null ? null : losses.lostPackets(), begin,
                end, (System.nanoTime() - start) / 1e9);
    }
}

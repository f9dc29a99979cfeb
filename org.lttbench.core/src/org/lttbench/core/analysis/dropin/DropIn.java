package org.lttbench.core.analysis.dropin;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.trace.ForwardingSink;
import org.lttbench.core.trace.RecordFanOut;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TraceSet;

/**
 * One of lttng-analyses' commands ({@code lttng-syscallstats-mi}...) as LTTbench gives it over LAMI: LTTbench's own
 * analyses run (sharing one process analysis, in the run's one pass), and their tables are reshaped into the
 * command's table classes, columns and titles, so that a Trace Compass External Analysis set up for lttng-analyses
 * gets the same tables. Nothing is computed here that the analyses do not compute: this is presentation.
 */
abstract class DropIn implements Analysis, ForwardingSink {
    protected final AnalysisOptions options;
    private final List<Analysis> inner;
    /** The pass's records, to every inner analysis. */
    private final RecordFanOut records;

    /** @param inner the analyses it reshapes, the first being the one it needs (its reason when it does not apply) */
    DropIn(AnalysisOptions options, List<Analysis> inner) {
        this.options = options;
        this.inner = List.copyOf(inner);
        this.records = new RecordFanOut(this.inner);
    }

    /** The inner analysis at that place, after the pass. */
    @SuppressWarnings("unchecked")
    protected final <T extends Analysis> T inner(int i) {
        return (T) inner.get(i);
    }

    @Override
    public void runsWith(List<Analysis> others) {
        for (Analysis a : inner) {
            List<Analysis> around = new ArrayList<>(others);
            inner.stream().filter(b -> b != a).forEach(around::add);
            a.runsWith(around);
        }
    }

    @Override
    public String whyNotApplicable(TraceSet traces) {
        return inner.get(0).whyNotApplicable(traces);
    }

    @Override
    public String whyNotApplicableBriefly(TraceSet traces) {
        return inner.get(0).whyNotApplicableBriefly(traces);
    }

    @Override
    public RecordSink recipient() {
        return records;
    }

    /** A report of this command over the primary analysis's range, with its notes. */
    protected final Report newReport(String command, String title, Report primary) {
        Report r = new Report(command, title, primary.range());
        r.traces(primary.traces());
        r.notesOf(primary, n -> true);
        r.summary(primary.summary());
        return r;
    }

    // ------------------------------------------------------------------ declaring the commands' tables

    static Column column(String key, String title, ColumnKind kind) {
        return new Column(key, title, kind, title);
    }

    static TableSchema schema(String key, String title, Column... columns) {
        return new TableSchema(key, title, List.of(columns));
    }

    /** A schema of groups of columns, one after the other (the columns naming a row, then {@link #stats}...). */
    @SafeVarargs
    static TableSchema schema(String key, String title, List<Column>... groups) {
        List<Column> c = new ArrayList<>();
        for (List<Column> g : groups) {
            c.addAll(g);
        }
        return new TableSchema(key, title, c);
    }

    /**
     * lttng-analyses' statistics of a duration: a count, then the minimum, average, maximum and standard deviation
     * ({@code min_latency}...), titled as its tables title them ({@code Minimum call latency}...). The cells, from
     * {@link MergedRows}: count, min, mean, max, stddev.
     *
     * @param what       the duration, in the titles ({@code call latency})
     * @param keySuffix  the keys' end ({@code latency}, {@code duration})
     * @param stdevTitle the deviation's title, which lttng-analyses words per table
     */
    static List<Column> stats(String countKey, String countTitle, String what, String keySuffix, String stdevTitle) {
        return List.of(column(countKey, countTitle, ColumnKind.INTEGER),
                column("min_" + keySuffix, "Minimum " + what, ColumnKind.DURATION),
                column("avg_" + keySuffix, "Average " + what, ColumnKind.DURATION),
                column("max_" + keySuffix, "Maximum " + what, ColumnKind.DURATION),
                column("stdev_" + keySuffix, stdevTitle, ColumnKind.DURATION));
    }

    /** A provider of a drop-in: lttng-analyses' command name, title, description and tags. */
    static AnalysisProvider provider(String name, String description, List<String> tags, AnalysisTables tables,
            java.util.function.Function<AnalysisOptions, Analysis> make) {
        return new AnalysisDescriptor(name, description, () -> tables, make).withTags(tags);
    }

    /** The cells of a row of a table by column key. */
    static Object cell(Table t, int row, String key) {
        return t.cell(row, key);
    }

    /** A mean, stddev... in ns as a LAMI duration (whole ns), or null. */
    static Long ns(Object value) {
        return value instanceof Double d ? (Long) Math.round(d) : value instanceof Long l ? l : null;
    }
}

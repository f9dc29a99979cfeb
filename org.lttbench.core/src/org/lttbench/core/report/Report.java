package org.lttbench.core.report;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.trace.TimeRange;

/**
 * What one analysis found over one time range: its tables, and notes a reader must see (above all, that the trace
 * lost events in this range). Text, CSV, JSON, LAMI and the views all render this one model.
 */
public final class Report {
    private final String analysis;
    private final String title;
    private final TimeRange range;
    private final List<Table> tables = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    /**
     * @param analysis the analysis name ({@code process}, {@code overhead}, {@code discarded})
     * @param range    the time range the figures cover, in ns since the epoch
     */
    public Report(String analysis, String title, TimeRange range) {
        this.analysis = analysis;
        this.title = title;
        this.range = range;
    }

    public String analysis() {
        return analysis;
    }

    public String title() {
        return title;
    }

    public TimeRange range() {
        return range;
    }

    public Report add(Table table) {
        tables.add(table);
        return this;
    }

    public List<Table> tables() {
        return List.copyOf(tables);
    }

    public Table table(String key) {
        for (Table t : tables) {
            if (t.key().equals(key)) {
                return t;
            }
        }
        throw new IllegalArgumentException("report " + analysis + " has no table " + key);
    }

    /** A sentence the reader must see with the tables, e.g. that events were lost in the range. */
    public Report note(String sentence) {
        notes.add(sentence);
        return this;
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }
}

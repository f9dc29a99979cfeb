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
    private final java.util.Set<String> lossNotes = new java.util.HashSet<>();
    private final List<String> traces = new ArrayList<>();
    private String summary;

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

    /** Makes every table's rows now ({@link Table#makeRowsNow}): a report taken while its analyses go on. */
    public Report makeRowsNow() {
        for (Table t : tables) {
            t.makeRowsNow();
        }
        return this;
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

    /**
     * A note that says what the trace lost (it is one of {@link #notes()}): a view that says so in its own words (the
     * loss banner) leaves these out rather than say it twice.
     */
    public Report lossNote(String sentence) {
        lossNotes.add(sentence);
        return note(sentence);
    }

    /** Whether a note of this report is a {@link #lossNote}. */
    public boolean isLossNote(String note) {
        return lossNotes.contains(note);
    }

    /**
     * One line at the top of the analysis in text and in the views: what was read, the range, what was lost, what was
     * skipped and why.
     */
    public Report summary(String line) {
        summary = line;
        return this;
    }

    /** The {@link #summary(String)} line, or {@code null}. */
    public String summary() {
        return summary;
    }

    /** The paths of the traces the analysis read (text names them with {@link TraceNames}). */
    public Report traces(List<String> paths) {
        traces.clear();
        traces.addAll(paths);
        return this;
    }

    /** A report of the same analysis, range, summary, traces and notes, with this one table. */
    public Report withOnly(Table table) {
        return new Report(analysis, title, range).add(table).summary(summary).traces(traces).notesOf(this, n -> true);
    }

    /** Adds the other report's notes that {@code keep} accepts, in its order, each a loss note here if it is one there. */
    public Report notesOf(Report other, java.util.function.Predicate<String> keep) {
        for (String n : other.notes()) {
            if (!keep.test(n)) {
                continue;
            }
            if (other.isLossNote(n)) {
                lossNote(n);
            } else {
                note(n);
            }
        }
        return this;
    }

    public List<String> traces() {
        return List.copyOf(traces);
    }
}

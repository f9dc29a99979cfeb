package org.lttbench.core.report;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * One table of a report: typed columns and rows of cells. Rows may be counted first and made at each read
 * ({@link #addRowsMadeAtEachRead}): terminal text shows a table's first rows of tens of thousands.
 */
public final class Table {
    private final String key;
    private final String title;
    private final List<Column> columns;
    /**
     * The rows made, then {@link #unmade} more that {@link #rowAt} makes at each read. Guarded by this table.
     */
    private final List<Object[]> rows = new ArrayList<>();
    private int unmade;
    private java.util.function.IntFunction<Object[]> rowAt;
    /**
     * The values that the rows from number {@link #valuesFrom} on, {@link #valuesCount} of them, summarise, made from
     * the number counted from there when asked (whether their rows are made at each read or kept since); or null.
     */
    private java.util.function.IntFunction<Distribution> valuesAt;
    private int valuesFrom;
    private int valuesCount;
    /** What makes the cells a comparison reads of a row not made yet ({@link #comparedCells}), or null. */
    private java.util.function.IntFunction<Object[]> comparedAt;
    /** What adds the rows when they are first asked for ({@link #fillWhenRead}), or null. Guarded by this table. */
    private Runnable filler;
    /** How the filler failed, thrown again at each read ({@link #fillAhead} runs it where nobody reads). */
    private Throwable fillFailure;
    private final List<Object[]> view = new AbstractList<>() {
        @Override
        public Object[] get(int index) {
            synchronized (Table.this) {
                fill();
                if (index >= rows.size() && index < rows.size() + unmade) {
                    return checked(rowAt.apply(index - rows.size()));
                }
                return rows.get(index);
            }
        }

        @Override
        public int size() {
            synchronized (Table.this) {
                fill();
                return rows.size() + unmade;
            }
        }
    };
    private final List<Warning> warnings = new ArrayList<>();
    /** The distributions of rows added with one ({@link #addSampledRow}), by row. Guarded by this table. */
    private final java.util.Map<Integer, Distribution> distributions = new java.util.HashMap<>();
    private boolean chartData;

    /**
     * A figure of the table that a check found doubtful: said with the table wherever it is shown, not only in the
     * report's notes.
     *
     * @param brief a few words for a title ({@code Wait I/O doubtful})
     * @param text  the sentence: which figure, and why
     */
    public record Warning(String brief, String text) {
    }

    /**
     * @param key   the table's name in JSON ({@code threads}, {@code streams}) and its CSV file name
     * @param title a human title for text output, views and LAMI
     */
    public Table(String key, String title, List<Column> columns) {
        this.key = key;
        this.title = title;
        this.columns = List.copyOf(columns);
    }

    /**
     * Marks this table as the data of a chart (a histogram, a time series): complete in CSV, JSON, LAMI and the views,
     * but only summarized in terminal text, where thousands of bins help nobody.
     */
    public Table chartData() {
        chartData = true;
        return this;
    }

    public boolean isChartData() {
        return chartData;
    }

    /** Says that a figure of this table is doubtful, and why (see {@link Warning}). */
    public Table warn(String brief, String text) {
        warnings.add(new Warning(brief, text));
        return this;
    }

    public List<Warning> warnings() {
        return Collections.unmodifiableList(warnings);
    }

    public String key() {
        return key;
    }

    public String title() {
        return title;
    }

    public List<Column> columns() {
        return columns;
    }

    /** The index of the column of that key; a table without it is a caller's mistake here. */
    public int columnIndex(String columnKey) {
        int i = indexOfColumn(columnKey);
        if (i < 0) {
            throw new IllegalArgumentException("table " + key + " has no column " + columnKey);
        }
        return i;
    }

    /** The index of the column of that key, or -1 when the table has none (for readers of tables that may lack it). */
    public int indexOfColumn(String columnKey) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).key().equals(columnKey)) {
                return i;
            }
        }
        return -1;
    }

    /** Adds a row; cells are in column order and must match each column's kind (see {@link ColumnKind}). */
    public synchronized Table addRow(Object... cells) {
        fill();
        make();
        rows.add(checked(cells).clone());
        return this;
    }

    /**
     * Adds a row with the values its figures summarise (its durations), for comparisons of two runs; no writer shows
     * them.
     */
    public synchronized Table addSampledRow(Distribution values, Object... cells) {
        addRow(cells);
        if (values != null) {
            distributions.put(rows.size() - 1, values);
        }
        return this;
    }

    /** The values a row summarises, when it was added with them; else null. */
    public synchronized Distribution distribution(int row) {
        fill();
        if (valuesAt != null && row >= valuesFrom && row < valuesFrom + valuesCount) {
            return valuesAt.apply(row - valuesFrom);
        }
        return distributions.get(row);
    }

    /**
     * Adds {@code count} rows that {@code row} makes from their number (0 for the first of them) at each read, and that
     * this table does not keep: a table of hundreds of thousands of rows that highlights sum and writers stream takes
     * memory for its cells only while they are read. A row must be the same at each read (made from final figures, or
     * {@link #makeRowsNow} is called before they change).
     */
    public synchronized Table addRowsMadeAtEachRead(int count, java.util.function.IntFunction<Object[]> row) {
        return addRowsMadeAtEachRead(count, row, null);
    }

    /**
     * The same, each row with the values it summarises ({@link #addSampledRow}), made by {@code values} from the row's
     * number when a comparison asks ({@link #distribution}), and never kept: a comparison reads them once the pass is
     * over. One such batch per table.
     */
    public synchronized Table addRowsMadeAtEachRead(int count, java.util.function.IntFunction<Object[]> row,
            java.util.function.IntFunction<Distribution> values) {
        fill();
        make();
        if (count > 0) {
            if (values != null) {
                if (valuesAt != null) {
                    throw new IllegalStateException("table " + key + ": one batch of rows made with their values only");
                }
                valuesAt = values;
                valuesFrom = rows.size();
                valuesCount = count;
            }
            this.unmade = count;
            this.rowAt = row;
        }
        return this;
    }

    /**
     * The same, with what makes a row's cells that a comparison of two runs reads ({@link #comparedCells}) for less
     * than the whole row (a per-thread latency row's percentiles), each from the row's number as {@code row} takes it.
     */
    public synchronized Table addRowsMadeAtEachRead(int count, java.util.function.IntFunction<Object[]> row,
            java.util.function.IntFunction<Distribution> values, java.util.function.IntFunction<Object[]> compared) {
        addRowsMadeAtEachRead(count, row, values);
        if (count > 0) {
            comparedAt = compared;
        }
        return this;
    }

    /**
     * The cells of a row that a comparison of two runs groups and sums: its subjects', counts' and totals'
     * ({@link ColumnRole}), the others perhaps empty, where the row is made at each read by a maker that makes those for
     * less; else the row's own.
     */
    public Object[] comparedCells(int row) {
        synchronized (this) {
            fill();
            if (comparedAt != null && row >= rows.size() && row < rows.size() + unmade) {
                return comparedAt.apply(row - rows.size());
            }
        }
        return view.get(row);
    }

    /**
     * Makes every row not made yet, now: for a report taken while its analyses go on (a live session's figures so far),
     * whose rows would otherwise be made later from figures that have changed meanwhile.
     */
    public synchronized Table makeRowsNow() {
        fill();
        make();
        return this;
    }

    /**
     * Leaves the rows to {@code fill}, which adds them ({@link #addRowsMadeAtEachRead}, {@link #addRow}) when they are
     * first asked for, on the thread that asks (or ahead of a writer that reads every table: {@link #fillAhead}), once:
     * a table that is never read (a comparison of two runs reads only the tables it compares) costs nothing. {@code fill} must give what it would have given at this call (it reads
     * final figures, or {@link #makeRowsNow} is called before they change).
     */
    public synchronized Table fillWhenRead(Runnable fill) {
        if (filler != null || rows.size() + unmade > 0) {
            throw new IllegalStateException("table " + key + ": rows given to fill once, before any other");
        }
        filler = fill;
        return this;
    }

    /** Runs the filler, if any is left (holding this table's lock). */
    private void fill() {
        if (filler != null) {
            Runnable f = filler;
            filler = null;
            try {
                f.run();
            } catch (RuntimeException | Error e) {
                fillFailure = e;
            }
        }
        if (fillFailure instanceof RuntimeException e) {
            throw e;
        }
        if (fillFailure instanceof Error e) {
            throw e;
        }
    }

    /**
     * Fills, on a thread of their own and one after another, the reports' tables left to fill when read: for a writer
     * about to read every table, the second core fills them while it writes those before (after the pass of a 10 M-event
     * trace, filling the waits' wakers table took 0.6 s of the JSON's 2.3 s with the other core idle). A filler that
     * fails there fails at the table's first read. Nothing with one CPU.
     */
    static void fillAhead(List<Report> reports) {
        List<Table> left = new ArrayList<>();
        for (Report r : reports) {
            for (Table t : r.tables()) {
                synchronized (t) {
                    if (t.filler != null) {
                        left.add(t);
                    }
                }
            }
        }
        if (left.isEmpty() || !org.lttbench.core.trace.HandOff.secondCore()) {
            return;
        }
        Thread filling = new Thread(() -> {
            for (Table t : left) {
                try {
                    t.rowsMade();
                } catch (RuntimeException | Error e) {
                    // kept by the table, thrown at its read
                }
            }
        }, "lttbench tables filled ahead");
        filling.setDaemon(true);
        filling.start();
    }

    /** Makes the rows counted but not made, and keeps them. */
    private void make() {
        for (int i = 0; i < unmade; i++) {
            rows.add(checked(rowAt.apply(i)));
        }
        unmade = 0;
        rowAt = null;
        comparedAt = null;
    }

    private Object[] checked(Object[] cells) {
        if (cells.length != columns.size()) {
            throw new IllegalArgumentException("table " + key + " has " + columns.size() + " columns, row has " + cells.length);
        }
        for (int i = 0; i < cells.length; i++) {
            checkCell(columns.get(i), cells[i]);
        }
        return cells;
    }

    /** How many rows are made (the others of {@link #rows()} are made when read). */
    public synchronized int rowsMade() {
        fill();
        return rows.size();
    }

    /** The rows, unmodifiable; those not made yet are made as they are read. */
    public List<Object[]> rows() {
        return view;
    }

    /** Rows made at each read from which {@link #rowsInOrder} makes them ahead of their reader. */
    private static final int AHEAD_ROWS = 4_096;

    /**
     * The rows, for a writer that reads every one in order: those of a table of thousands made at each read are made
     * on a thread of their own, batches ahead of the writer, so that making the rows (a per-thread latency row's
     * percentiles) and writing them overlap on two cores. The same rows in the same order as {@link #rows()}.
     */
    public Iterable<Object[]> rowsInOrder() {
        return rowsInOrder(Function.identity());
    }

    /**
     * The rows as {@link #rowsInOrder()} reads them, each as {@code as} makes it, on the rows' own thread when they have
     * one: a writer's text of a row is then made there too. {@code as} is called on one thread, in the rows' order.
     */
    public <T> Iterable<T> rowsInOrder(Function<Object[], T> as) {
        synchronized (this) {
            fill();
            if (unmade < AHEAD_ROWS) {
                return () -> view.stream().map(as).iterator();
            }
        }
        return () -> new RowsAhead<>(view, as, key);
    }

    public Object cell(int row, String columnKey) {
        return view.get(row)[columnIndex(columnKey)];
    }

    private void checkCell(Column column, Object value) {
        if (value == null) {
            return;
        }
        if (!column.kind().cellType().isInstance(value)) {
            throw new IllegalArgumentException("table " + key + ", column " + column.key() + " (" + column.kind() + "): "
                    + value.getClass().getSimpleName() + " cell " + value);
        }
    }
}

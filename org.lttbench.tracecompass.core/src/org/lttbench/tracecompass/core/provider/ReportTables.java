package org.lttbench.tracecompass.core.provider;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.tracecompass.internal.provisional.tmf.core.model.TableColumnDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataType;
import org.eclipse.tracecompass.tmf.core.model.ITableColumnDescriptor;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;

/**
 * A report's table as a Trace Compass tree model, and back: what a table data provider serves (to LTTbench's views and
 * to any client of Trace Compass's data providers, such as its trace server) and what the views read. Each row is an
 * entry of labels, raw values as text (ns, bytes, counts: as the JSON report gives them; a time range as
 * {@code begin..end}; empty when unknown); each column a descriptor with its title, Trace Compass's data type, and a
 * tooltip that ends with the column's key and kind ({@code [wait_io_ns:DURATION]}), so that the table comes back whole.
 */
public final class ReportTables {
    private static final Pattern KEY = Pattern.compile("\\[([A-Za-z0-9_]+):([A-Z_]+)(:detail)?\\]$");
    /** The table of a report's notes, one entry each. */
    public static final String NOTES = "notes";

    private ReportTables() {
    }

    public static TmfTreeModel<TmfTreeDataModel> model(Table table) {
        List<ITableColumnDescriptor> columns = new ArrayList<>();
        for (Column c : table.columns()) {
            // columns by position (Builder.setId is Trace Compass 11.2's; the MANIFEST takes 11.1)
            columns.add(new TableColumnDescriptor.Builder().setText(c.title())
                    .setTooltip((c.description() == null ? "" : c.description() + " ") + "[" + c.key() + ":" + c.kind()
                            + (c.detail() ? ":detail" : "") + "]")
                    .setDataType(dataType(c.kind())).build());
        }
        List<TmfTreeDataModel> entries = new ArrayList<>();
        long id = 0;
        for (Object[] row : table.rows()) {
            List<String> labels = new ArrayList<>();
            for (Object cell : row) {
                labels.add(label(cell));
            }
            entries.add(new TmfTreeDataModel(id++, -1, labels));
        }
        return new TmfTreeModel.Builder<TmfTreeDataModel>().setColumnDescriptors(columns).setEntries(entries)
                .setScope(table.key()).build();
    }

    /** What a report says besides its tables: its summary line, the traces read, its notes (loss notes apart). */
    public static Table notes(Report report) {
        Table t = new Table(NOTES, "Notes", List.of(
                new Column("kind", "Kind", ColumnKind.TEXT, "summary, trace (a trace read), loss (a note on losses) or note"),
                new Column("note", "Note", ColumnKind.TEXT, "what the figures need beside them")));
        if (report.summary() != null) {
            t.addRow(SUMMARY, report.summary());
        }
        report.traces().forEach(path -> t.addRow(TRACE, path));
        report.notes().forEach(n -> t.addRow(report.isLossNote(n) ? LOSS : NOTE, n));
        return t;
    }

    /** Tells a report what a {@link #notes} table holds. */
    public static void restoreNotes(Table notes, Report report) {
        List<String> traces = new ArrayList<>();
        for (Object[] row : notes.rows()) {
            String text = row[1] == null ? "" : (String) row[1];
            switch (String.valueOf(row[0])) {
                case SUMMARY -> report.summary(text);
                case TRACE -> traces.add(text);
                case LOSS -> report.lossNote(text);
                default -> report.note(text);
            }
        }
        report.traces(traces);
    }

    private static final String SUMMARY = "summary";
    private static final String TRACE = "trace";
    private static final String LOSS = "loss";
    private static final String NOTE = "note";

    private static DataType dataType(ColumnKind kind) {
        return switch (kind) {
            case TEXT, PROCESS_NAME, TRACE, SYSCALL, DISK, PATH, NETIF, IRQ, BOOLEAN -> DataType.STRING;
            case TIMESTAMP -> DataType.TIMESTAMP;
            case DURATION -> DataType.DURATION;
            case TIME_RANGE -> DataType.TIME_RANGE;
            case SIZE -> DataType.BINARY_NUMBER;
            default -> DataType.NUMBER;
        };
    }

    private static String label(Object cell) {
        if (cell == null) {
            return "";
        }
        if (cell instanceof TimeRange r) {
            return r.begin() + ".." + r.end();
        }
        return cell.toString();
    }

    /** The table a tree model holds, as {@link #model} made it (key from its scope). */
    public static Table table(TmfTreeModel<? extends ITmfTreeDataModel> model, String title) {
        List<Column> columns = new ArrayList<>();
        for (ITableColumnDescriptor d : model.getColumnDescriptors()) {
            Matcher m = KEY.matcher(d.getTooltip());
            if (!m.find()) {
                throw new IllegalArgumentException("not an LTTbench table column: " + d.getText());
            }
            String description = d.getTooltip().substring(0, m.start()).strip();
            columns.add(new Column(m.group(1), d.getText(), ColumnKind.valueOf(m.group(2)),
                    description.isEmpty() ? null : description, m.group(3) != null));
        }
        String key = model.getScope() == null ? title : model.getScope();
        Table t = new Table(key, title, columns);
        for (ITmfTreeDataModel e : model.getEntries()) {
            List<String> labels = e.getLabels();
            Object[] cells = new Object[columns.size()];
            for (int c = 0; c < cells.length; c++) {
                cells[c] = cell(columns.get(c).kind(), c < labels.size() ? labels.get(c) : "");
            }
            t.addRow(cells);
        }
        return t;
    }

    private static Object cell(ColumnKind kind, String label) {
        if (label.isEmpty()) {
            return null;
        }
        Class<?> type = kind.cellType();
        if (type == String.class) {
            return label;
        }
        if (type == Double.class) {
            return Double.parseDouble(label);
        }
        if (type == TimeRange.class) {
            int dots = label.indexOf("..");
            return new TimeRange(Long.parseLong(label.substring(0, dots)), Long.parseLong(label.substring(dots + 2)));
        }
        // an integer kind holds Longs; a cell that was a Double comes back one
        return label.indexOf('.') >= 0 || label.indexOf('E') >= 0 ? (Object) Double.parseDouble(label)
                : (Object) Long.parseLong(label);
    }
}

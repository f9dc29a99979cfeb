package org.lttbench.tracecompass.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lttbench.tracecompass.ui.tests.Workbench.ui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.editors.TmfEventsEditor;
import org.eclipse.tracecompass.tmf.ui.viewers.events.TmfEventsTable;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.ide.IGotoMarker;
import org.lttbench.testing.Widgets;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tracecompass.ui.view.LttbenchView;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.table.ReportTableViewer;
import org.lttbench.ui.table.ReportTreeViewer;

/** What LTTbench's views show on screen: the text of their SWT tables and trees, their status, their time graph rows. */
public final class Views {
    private Views() {
    }

    /**
     * Waits until the view shows this trace's finished results (not computing, the run's reports in place, twice in a
     * row: a range signal may start another run), and returns them.
     */
    public static ReportSet finished(LttbenchView view, ITmfTrace trace) {
        ReportSet[] last = new ReportSet[1];
        Workbench.waitUntil(view.getTitle() + " to show its results for " + trace.getName(), () -> {
            ReportSet latest = view.content().session() == null ? null : view.content().session().latest();
            boolean done = view.trace() == trace && latest != null && !view.content().isComputing();
            if (done && latest == last[0]) {
                return true;
            }
            last[0] = done ? latest : null;
            return false;
        });
        Workbench.settle();
        return last[0];
    }

    /** Waits until the view shows a failure for this trace, and returns its status line. */
    public static String failed(LttbenchView view, ITmfTrace trace) {
        Workbench.waitUntil(view.getTitle() + " to say why it could not analyse " + trace.getName(), () -> {
            ReportSet latest = view.content().session() == null ? null : view.content().session().latest();
            return view.trace() == trace && latest != null && latest.failure() != null && !view.content().isComputing();
        });
        Workbench.settle();
        return ui(() -> view.content().statusText());
    }

    /** The CLI's arguments for the range the reports cover. */
    public static String[] rangeArguments(ReportSet reports) {
        TimeRange r = reports.range();
        return r.equals(TimeRange.ALL) ? new String[0]
                : new String[] { "--begin", Long.toString(r.begin()), "--end", Long.toString(r.end()) };
    }

    /** The columns (of the report table the viewer was given) and the rows' text, as the SWT table shows them. */
    public record Shown(List<Column> columns, List<String> headers, List<List<String>> rows) {
    }

    public static Shown table(ReportTableViewer viewer) {
        return ui(() -> {
            List<Column> columns = viewer.table().columns();
            Table table = viewer.viewer().getTable();
            List<String> headers = new ArrayList<>();
            var shownColumns = table.getColumns();
            // the viewer ends with one empty column that takes the room left: no title, no text, no width of its own
            assertEquals(columns.size() + 1, shownColumns.length, "the report's columns and the filler");
            var filler = shownColumns[columns.size()];
            assertEquals("", filler.getText(), "the filler column's title");
            assertTrue(!filler.getResizable(), "the filler column is not one to resize");
            for (int c = 0; c < columns.size(); c++) {
                headers.add(shownColumns[c].getText());
            }
            List<List<String>> rows = new ArrayList<>();
            for (int r = 0; r < table.getItemCount(); r++) {
                TableItem item = table.getItem(r); // a virtual table fills the item now
                List<String> row = new ArrayList<>();
                for (int c = 0; c < columns.size(); c++) {
                    row.add(item.getText(c));
                }
                assertEquals("", item.getText(columns.size()), "the filler column's cell");
                rows.add(row);
            }
            return new Shown(columns, headers, rows);
        });
    }

    /** The headers a table of these columns must show. */
    public static List<String> headers(List<Column> columns) {
        List<String> h = new ArrayList<>();
        columns.forEach(c -> h.add(CellFormat.header(c)));
        return h;
    }

    /** A tree row: its cells' text and its children. */
    public record Node(List<String> cells, List<Node> children) {
    }

    /** Every row of the tree, expanded, as the SWT tree shows them. */
    public static List<Node> tree(ReportTreeViewer viewer) {
        return ui(() -> {
            viewer.viewer().expandAll();
            Tree tree = viewer.viewer().getTree();
            // the last column is the viewer's filler (no title, no text): the cells are the columns before it
            int columns = tree.getColumnCount() - 1;
            assertEquals("", tree.getColumn(columns).getText(), "the filler column's title");
            List<Node> roots = new ArrayList<>();
            for (TreeItem item : tree.getItems()) {
                roots.add(node(item, columns));
            }
            return roots;
        });
    }

    private static Node node(TreeItem item, int columns) {
        List<String> cells = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
            cells.add(item.getText(c));
        }
        assertEquals("", item.getText(columns), "the filler column's cell");
        List<Node> children = new ArrayList<>();
        for (TreeItem child : item.getItems()) {
            children.add(node(child, columns));
        }
        return new Node(cells, children);
    }

    /** A row of the time graph: its name and its parent's name (null for a root), and whether it has states drawn. */
    public record Row(String name, String parent, boolean states) {
    }

    /** Waits until a time graph view (thread states, critical path) has built and zoomed its rows for the trace, and returns them. */
    @SuppressWarnings("restriction")
    public static List<Row> timeGraph(org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView view,
            ITmfTrace trace) {
        Workbench.waitUntil("the thread states of " + trace.getName(), () -> view.getTrace() == trace
                && view.getTimeGraphViewer().getExpandedElements().length > 0 && !view.isDirty());
        Workbench.settle();
        Workbench.waitUntil("the thread states view to finish drawing", () -> !view.isDirty());
        return ui(() -> {
            view.getTimeGraphViewer().expandAll();
            List<Row> rows = new ArrayList<>();
            for (ITimeGraphEntry e : view.getTimeGraphViewer().getExpandedElements()) {
                rows.add(new Row(e.getName(), e.getParent() == null ? null : e.getParent().getName(),
                        e.hasTimeEvents() && e.getTimeEventsIterator() != null && e.getTimeEventsIterator().hasNext()));
            }
            return rows;
        });
    }

    public static void assertShowsTheCommandLinesTable(String what, ReportTableViewer viewer, CommandLine cli, String table) {
        Shown shown = table(viewer);
        assertTrue(!shown.rows().isEmpty() || cli.rows(table).isEmpty(), what + ": rows shown");
        assertEquals(headers(shown.columns()), shown.headers(), what + ": the headers");
        for (var row : cli.rows(table)) {
            List<String> keys = new ArrayList<>();
            shown.columns().forEach(c -> keys.add(c.key()));
            assertEquals(new java.util.TreeSet<>(row.keySet()), new java.util.TreeSet<>(keys), what + ": the command line's columns");
        }
        assertEquals(cli.text(table, shown.columns()), shown.rows(), what + ": every row and cell as the command line gives it");
        System.out.println(what + ": " + shown.rows().size() + " rows x " + shown.columns().size()
                + " columns shown, each cell as the command line gives it");
    }

    /** The trace's events table (its editor), once Trace Compass indexed the trace. */
    public static TmfEventsTable eventsTable(ITmfTrace trace) {
        Workbench.waitUntil("Trace Compass to index " + trace.getName(), () -> !trace.isIndexing() && trace.getNbEvents() > 0);
        AtomicReference<TmfEventsTable> table = new AtomicReference<>();
        Workbench.waitUntil("the events table of " + trace.getName(), () -> {
            IEditorPart editor = Workbench.page().getActiveEditor();
            if (editor instanceof TmfEventsEditor e && e.getTrace() == trace
                    && e.getAdapter(IGotoMarker.class) instanceof TmfEventsTable t) {
                table.set(t);
                return t.getTable().getItemCount() >= trace.getNbEvents();
            }
            return false;
        });
        return table.get();
    }

    /** The events table's first rows show the trace's first events, column by column, as the table writes them. */
    public static void sameRowsAsTheTrace(ITmfTrace trace, TmfEventsTable table) {
        Workbench.settle();
        List<List<String>> shown = ui(() -> {
            Table swt = Widgets.first(table.getTable(), Table.class);
            assertNotNull(swt, "the events table's SWT table");
            List<List<String>> rows = new ArrayList<>();
            for (TableItem item : swt.getItems()) {
                List<String> cells = new ArrayList<>();
                for (int c = 0; c < swt.getColumnCount(); c++) {
                    cells.add(item.getText(c));
                }
                if (item.getData() != null || !cells.stream().allMatch(String::isEmpty)) {
                    rows.add(cells);
                }
            }
            return rows;
        });
        ITmfContext context = trace.seekEvent(0);
        List<List<String>> expected = new ArrayList<>();
        ITmfEvent e;
        for (int i = 0; i < 10 && (e = trace.getNext(context)) != null; i++) {
            ITmfEvent event = e;
            expected.add(ui(() -> Arrays.asList(table.getItemStrings(event))));
        }
        context.dispose();
        int checked = 0;
        for (List<String> row : expected) {
            // the table's own columns may lead (a margin, a bookmark column): compare where the event's strings are
            assertTrue(shown.stream().anyMatch(r -> r.containsAll(row.stream().filter(s -> !s.isEmpty()).toList())),
                    "a row of the events table shows " + row + "; rows shown: " + shown.subList(0, Math.min(5, shown.size())));
            checked++;
        }
        assertEquals(Math.min(10, trace.getNbEvents()), checked);
    }
}

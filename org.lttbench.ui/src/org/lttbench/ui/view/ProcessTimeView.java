package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.Table;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.table.ReportTableViewer;
import org.lttbench.ui.table.ReportTreeViewer;

/**
 * Where each process's time went: a horizontal stacked bar per top process (one colour per state), the processes
 * with their threads as a tree, and the sortable thread table. Renders the {@code process} analysis's
 * {@code threads} and {@code processes} tables (issue 4's columns).
 */
public final class ProcessTimeView extends ReportView {

    /** A state column of the process tables and its colour in the chart. */
    public record State(String key, RGB color) {
    }

    /** The states a thread's time splits into, in stacking order; running = user + system + IRQ is not one. */
    public static final List<State> STATES = List.of(
            new State("user_ns", new RGB(0, 158, 115)),
            new State("system_ns", new RGB(0, 114, 178)),
            new State("irq_ns", new RGB(213, 94, 0)),
            new State("wait_cpu_ns", new RGB(230, 159, 0)),
            new State("wait_io_ns", new RGB(204, 121, 167)),
            new State("wait_blocked_ns", new RGB(86, 180, 233)),
            new State("unknown_ns", new RGB(120, 120, 120)));

    /** How many processes the chart shows. */
    public static final int TOP = 10;
    private static final int MAX_LABEL = 32;

    private ChartPanel chart;
    private CTabFolder tabs;
    private ReportTreeViewer tree;
    private ReportTableViewer threads;
    private Table shownTable;
    private String why;

    public ProcessTimeView(Composite parent, int style) {
        super(parent, style);
    }

    @Override
    public List<AnalysisRequest> requests() {
        return List.of(new AnalysisRequest("process", GroupBy.THREAD), new AnalysisRequest("process", GroupBy.PROCESS),
                AnalysisRequest.of("discarded"));
    }

    @Override
    protected void createContent(Composite parent) {
        SashForm sash = new SashForm(parent, SWT.VERTICAL);
        chart = new ChartPanel(sash, SWT.NONE, "process-time");
        tabs = new CTabFolder(sash, SWT.BORDER | SWT.BOTTOM);
        tree = addTab(tabs, "Processes and their threads", new ReportTreeViewer(tabs, SWT.NONE));
        threads = addTab(tabs, "Threads", new ReportTableViewer(tabs, SWT.NONE));
        sash.setWeights(50, 50);
        chart.setModel(chartOf(null, TOP));
        chart.chart().getPlotArea().getControl().addListener(SWT.Resize, e -> {
            if (shownTable != null && barsThatFit() != chart.model().categories().size()) {
                renderChart();
            }
        });
    }

    /** How many bars fit the plot's height with every label readable (SWTChart hides labels that would overlap). */
    private int barsThatFit() {
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(chart.chart());
        try {
            gc.setFont(chart.chart().getAxisSet().getXAxis(0).getTick().getFont());
            int line = gc.getFontMetrics().getHeight() + 6;
            int height = chart.chart().getPlotArea().getSize().y;
            return Math.max(1, Math.min(TOP, height / line));
        } finally {
            gc.dispose();
        }
    }

    private void renderChart() {
        ChartModel model = chartOf(shownTable, barsThatFit());
        if (why != null) {
            model.emptyText(why);
        }
        chart.setModel(model);
    }

    @Override
    protected void render(ReportSet reports) {
        Table threadTable = reports.table("process", "threads");
        Table processTable = reports.table("process", "processes");
        if (threadTable != null) {
            threads.setTable(threadTable);
        }
        if (threadTable != null && processTable != null) {
            // Several machines: a PID names a process only together with its host.
            tree.setTables(processTable, threadTable, TableColumns.index(threadTable, "host") >= 0 ? List.of("host", "pid") : List.of("pid"));
        }
        shownTable = processTable != null ? processTable : threadTable;
        why = reports.failure() != null ? reports.failure() : reports.whyNotApplicable("process");
        renderChart();
    }

    /** The stacked bars of the top processes (or threads, when only those are known) by running time. */
    static ChartModel chartOf(Table table, int bars) {
        ChartModel model = ChartModel.bars("Where the time went: top processes by running time", "Process (PID)", "Time in range (ms)")
                .horizontal(true).stacked(true).emptyText("no process times");
        if (table == null) {
            return model;
        }
        boolean byThread = TableColumns.index(table, "tid") >= 0;
        String idKey = byThread ? "tid" : "pid";
        int id = table.columnIndex(idKey);
        int name = TableColumns.index(table, "name");
        int host = TableColumns.index(table, "host");
        List<State> states = new ArrayList<>();
        for (State s : STATES) {
            if (TableColumns.index(table, s.key()) >= 0) {
                states.add(s);
            }
        }
        int rank = TableColumns.index(table, "running_ns");
        int pid = TableColumns.index(table, "pid");
        List<Object[]> rows = new ArrayList<>();
        for (Object[] r : table.rows()) {
            // The CPUs' idle threads (PID 0): their "running" time is idle time, not work to rank.
            if (pid < 0 || !Long.valueOf(0).equals(r[pid])) {
                rows.add(r);
            }
        }
        rows.sort(Comparator.comparingLong((Object[] r) -> rank >= 0 ? nanos(r[rank]) : total(table, r, states)).reversed());
        List<Object[]> top = rows.subList(0, Math.min(bars, rows.size()));
        // Bars go bottom to top: the largest last, so it is drawn at the top.
        List<Object[]> shown = new ArrayList<>(top);
        java.util.Collections.reverse(shown);
        List<String> labels = new ArrayList<>();
        for (Object[] r : shown) {
            String n = name >= 0 && r[name] != null ? r[name].toString() : "?";
            if (n.length() > MAX_LABEL) {
                n = n.substring(0, MAX_LABEL - 1) + "…";
            }
            labels.add((host >= 0 ? r[host] + ": " : "") + n + " (" + r[id] + ")");
        }
        model = ChartModel.bars("Where the time went: top " + shown.size() + (byThread ? " threads" : " processes") + " by running time",
                byThread ? "Thread (TID)" : "Process (PID)", "Time in range (ms)").horizontal(true).stacked(true)
                .emptyText("no process times").categories(labels);
        for (State s : states) {
            int c = table.columnIndex(s.key());
            Column column = table.columns().get(c);
            double[] ms = new double[shown.size()];
            for (int i = 0; i < ms.length; i++) {
                ms[i] = nanos(shown.get(i)[c]) / 1e6;
            }
            model.add(column.title(), s.color(), ms);
            if (s.key().equals("irq_ns")) {
                addUnsplit(model, table, shown);
            }
        }
        return model;
    }

    /**
     * Running time the trace cannot split between user and system (no system call events: user and system are
     * empty), as a series of its own after the running states, when any row has some.
     */
    private static void addUnsplit(ChartModel model, Table table, List<Object[]> shown) {
        int user = TableColumns.index(table, "user_ns");
        int running = TableColumns.index(table, "running_ns");
        int irq = TableColumns.index(table, "irq_ns");
        if (user < 0 || running < 0 || irq < 0) {
            return;
        }
        double[] ms = new double[shown.size()];
        boolean any = false;
        for (int i = 0; i < ms.length; i++) {
            Object[] r = shown.get(i);
            if (r[user] == null) {
                ms[i] = (nanos(r[running]) - nanos(r[irq])) / 1e6;
                any |= ms[i] > 0;
            }
        }
        if (any) {
            model.add("User or system", UNSPLIT, ms);
        }
    }

    /** The colour of running time not split between user and system: between theirs. */
    public static final RGB UNSPLIT = new RGB(0, 136, 146);

    private static long total(Table table, Object[] row, List<State> states) {
        long sum = 0;
        for (State s : states) {
            sum += nanos(row[table.columnIndex(s.key())]);
        }
        return sum;
    }

    private static long nanos(Object cell) {
        return cell instanceof Long l ? l : 0;
    }

    public ChartPanel chart() {
        return chart;
    }

    public ReportTreeViewer tree() {
        return tree;
    }

    public ReportTableViewer threadTable() {
        return threads;
    }

    public CTabFolder tabs() {
        return tabs;
    }
}

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
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Table;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.table.ReportTableViewer;
import org.lttbench.ui.table.ReportTreeViewer;

/**
 * Where each process's time went. First, who used the CPU and how: the top processes by CPU time, biggest first, each
 * bar split into user, system and IRQ time (and running time the trace cannot split), its total written at its end.
 * Beside it, how those processes waited (for a CPU, on I/O, blocked), summed over their threads, with their thread
 * counts. Below, the processes with their threads as a tree, and the sortable thread table. Renders the
 * {@code process} analysis's {@code threads} and {@code processes} tables.
 */
public final class ProcessTimeView extends ReportView {

    /** What it shows (and Trace Compass's generic view leaves out). */
    public static final List<AnalysisRequest> REQUESTS = List.of(new AnalysisRequest("process", GroupBy.THREAD), new AnalysisRequest("process", GroupBy.PROCESS),
                new AnalysisRequest("waits", GroupBy.THREAD), new AnalysisRequest("waits", GroupBy.PROCESS),
                AnalysisRequest.of("discarded"));

    /** A state column of the process tables and its colour in the charts, as {@link ThreadState} describes it. */
    public record State(String key, RGB color) {
        static State of(ThreadState state) {
            return new State(state.columnKey(), rgb(state));
        }
    }

    /** A state's colour, as every view draws it. */
    public static RGB rgb(ThreadState state) {
        int c = state.rgb();
        return new RGB(c >> 16 & 0xFF, c >> 8 & 0xFF, c & 0xFF);
    }

    /** The states a thread's time splits into, in stacking order; running = user + system + IRQ is not one. */
    public static final List<State> STATES = java.util.Arrays.stream(ThreadState.values())
            .filter(s -> s.columnKey() != null).map(State::of).toList();

    /** The states of the CPU chart: on a CPU (user, system, IRQ), in stacking order. */
    public static final List<State> CPU_STATES = java.util.Arrays.stream(ThreadState.values())
            .filter(s -> s.columnKey() != null && s.running()).map(State::of).toList();
    /** The states of the wait chart: off a CPU (waiting for one, on I/O, blocked, unknown), in stacking order. */
    public static final List<State> WAIT_STATES = java.util.Arrays.stream(ThreadState.values())
            .filter(s -> s.columnKey() != null && !s.running()).map(State::of).toList();

    /** How many processes the charts show. */
    public static final int TOP = 10;
    private static final int MAX_LABEL = 32;

    private ChartPanel chart;
    private ChartPanel waits;
    private TwoChartsOverTabs layout;
    private ReportTreeViewer tree;
    private ReportTableViewer threads;
    private ReportTableViewer causes;
    private ReportTableViewer wakers;
    private Table shownTable;
    /** The waits analysis's table by cause of the shown grouping, or null. */
    private Table shownCauses;
    private String why;
    /** The critical path of the thread last double-clicked: a line saying whose, its time per state and thread, its segments. */
    private org.eclipse.swt.custom.CTabItem pathTab;
    private org.eclipse.swt.widgets.Label pathLine;
    private ReportTableViewer pathTotals;
    private ReportTableViewer pathSegments;
    /** The thread whose critical path is shown or computed, or null. */
    private Integer followed;
    /** Who follows a double-clicked thread instead of this view's own tab (a host's critical path view), or null. */
    private java.util.function.IntConsumer follower;
    static final String PATH_HINT = "Double-click a thread in Threads or in Processes and their threads to see its "
            + "critical path: what its progress waited on, moment by moment, through the threads that woke it.";

    public ProcessTimeView(Composite parent, int style) {
        super(parent, style, REQUESTS, "process");
    }

    @Override
    protected void createContent(Composite parent) {
        // Why there is nothing to show (no kernel trace), said once, in place of empty charts and tables.
        layout = new TwoChartsOverTabs(parent, "cpu-time", "wait-time", 58, 50);
        chart = layout.left;
        waits = layout.right;
        CTabFolder tabs = layout.tabs;
        tree = addTab(tabs, "Processes and their threads", new ReportTreeViewer(tabs, SWT.NONE));
        threads = addTab(tabs, "Threads", new ReportTableViewer(tabs, SWT.NONE));
        causes = addTab(tabs, "Why they were blocked", new ReportTableViewer(tabs, SWT.NONE));
        wakers = addTab(tabs, "Who woke them", new ReportTableViewer(tabs, SWT.NONE));
        Composite pathBox = new Composite(tabs, SWT.NONE);
        org.eclipse.swt.layout.GridLayout pathLayout = new org.eclipse.swt.layout.GridLayout(1, false);
        pathLayout.marginWidth = 4;
        pathLayout.marginHeight = 4;
        pathBox.setLayout(pathLayout);
        pathLine = new org.eclipse.swt.widgets.Label(pathBox, SWT.WRAP);
        pathLine.setLayoutData(new org.eclipse.swt.layout.GridData(SWT.FILL, SWT.TOP, true, false));
        pathLine.setText(PATH_HINT);
        SashForm pathTables = new SashForm(pathBox, SWT.VERTICAL);
        pathTables.setLayoutData(new org.eclipse.swt.layout.GridData(SWT.FILL, SWT.FILL, true, true));
        pathTotals = new ReportTableViewer(pathTables, SWT.NONE);
        pathSegments = new ReportTableViewer(pathTables, SWT.NONE);
        pathTables.setWeights(45, 55);
        addTab(tabs, "Critical path", pathBox);
        pathTab = tabs.getItem(tabs.getItemCount() - 1);
        threads.viewer().addDoubleClickListener(e -> followSelected(threads.table(),
                ((org.eclipse.jface.viewers.IStructuredSelection) e.getSelection()).getFirstElement()));
        tree.viewer().addDoubleClickListener(e -> {
            Object first = ((org.eclipse.jface.viewers.IStructuredSelection) e.getSelection()).getFirstElement();
            if (first instanceof ReportTreeViewer.Node node && node.children().isEmpty()) {
                followSelected(tree.childTable(), node.cells());
            }
        });
        chart.setModel(chartOf(null, TOP));
        waits.setModel(waitChartOf(null, null, TOP));
        chart.chart().getPlotArea().getControl().addListener(SWT.Resize, e -> {
            if (shownTable != null && barsThatFit() != chart.model().categories().size()) {
                renderCharts();
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

    private void renderCharts() {
        int bars = barsThatFit();
        ChartModel cpu = chartOf(shownTable, bars);
        ChartModel wait = waitChartOf(shownTable, shownCauses, bars);
        if (why != null) {
            cpu.emptyText(why);
            wait.emptyText(why);
        }
        chart.setModel(cpu);
        waits.setModel(wait);
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
        Table causesByThread = waitsTable(reports, "blocked_by_cause", false);
        Table wakersByThread = waitsTable(reports, "blocked_by_waker", false);
        if (causesByThread != null) {
            causes.setTable(causesByThread);
        }
        if (wakersByThread != null) {
            wakers.setTable(wakersByThread);
        }
        shownCauses = processTable != null ? waitsTable(reports, "blocked_by_cause", true) : causesByThread;
        why = reports.failure() != null ? reports.failure() : reports.whyNotApplicable("process");
        renderCharts();
        renderPath(reports);
        boolean nothing = why != null && shownTable == null;
        // a failure is said by the status line already; a notice says why the analysis does not apply
        layout.content.show(nothing && reports.failure() == null ? "No process times: " + why : "", nothing);
    }

    /** A thread row was double-clicked: follow its TID, if it has one (not an idle thread's or a process's row). */
    private void followSelected(Table table, Object row) {
        int tid = table == null ? -1 : TableColumns.index(table, "tid");
        if (tid >= 0 && row instanceof Object[] cells && cells[tid] instanceof Long t && t > 0) {
            followThread(t.intValue());
        }
    }

    /**
     * Shows the critical path of that thread over the view's range (its own pass, with the session's other analyses),
     * or hands it to the host's follower.
     */
    public void followThread(int tid) {
        if (follower != null) {
            follower.accept(tid);
            return;
        }
        if (session() == null) {
            return;
        }
        followed = tid;
        pathLine.setText("Computing the critical path of thread " + tid + "...");
        pathTotals.clearRows();
        pathSegments.clearRows();
        layout.tabs.setSelection(pathTab);
        session().follow(new AnalysisRequest("critical-path", GroupBy.THREAD, Integer.toString(tid)));
    }

    /**
     * A host with its own critical path view (Trace Compass) follows double-clicked threads there: this view's tab
     * goes away.
     */
    public void followThreadsWith(java.util.function.IntConsumer hostFollower) {
        follower = hostFollower;
        if (pathTab != null && !pathTab.isDisposed()) {
            pathTab.getControl().dispose();
            pathTab.dispose();
        }
    }

    /** The thread whose critical path the tab shows (or computes), or null. */
    public Integer followedThread() {
        return followed;
    }

    /** The critical path tab's line, its totals and its segments (tests). */
    public String pathLine() {
        return pathLine.getText();
    }

    public ReportTableViewer pathTotals() {
        return pathTotals;
    }

    public ReportTableViewer pathSegments() {
        return pathSegments;
    }

    private void renderPath(ReportSet reports) {
        if (pathTab == null || pathTab.isDisposed() || followed == null) {
            return;
        }
        Table totals = reports.table("critical-path", "critical_path");
        Table segments = reports.table("critical-path", "critical_path_segments");
        String whyNot = reports.failure() != null ? reports.failure() : reports.whyNotApplicable("critical-path");
        if (totals != null && segments != null) {
            pathTotals.setTable(totals);
            pathSegments.setTable(segments);
            String summary = reports.summary("critical-path");
            pathLine.setText(summary != null ? summary : "Critical path of thread " + followed);
        } else {
            pathTotals.clearRows();
            pathSegments.clearRows();
            pathLine.setText("No critical path of thread " + followed + (whyNot != null ? ": " + whyNot : ""));
        }
        pathLine.requestLayout();
    }

    /** Why the view has nothing to show (its charts and tables are hidden), or an empty string. */
    public String noticeText() {
        return layout.content.notice.text();
    }

    /** The rows the charts show: the top ones by running time (CPU time), biggest last (drawn at the top). */
    private static List<Object[]> topRows(Table table, int bars) {
        int rank = TableColumns.index(table, "running_ns");
        int pid = TableColumns.index(table, "pid");
        List<Object[]> rows = new ArrayList<>();
        for (Object[] r : table.rows()) {
            // The CPUs' idle threads (PID 0): their "running" time is idle time, not work to rank.
            if (pid < 0 || !Long.valueOf(0).equals(r[pid])) {
                rows.add(r);
            }
        }
        List<State> all = new ArrayList<>();
        for (State s : STATES) {
            if (TableColumns.index(table, s.key()) >= 0) {
                all.add(s);
            }
        }
        rows.sort(Comparator.comparingLong((Object[] r) -> rank >= 0 ? nanos(r[rank]) : total(table, r, all)).reversed());
        return ChartModel.firstAtTheTop(rows, bars);
    }

    /** Whether the table's rows are threads (it has a TID column), or processes. */
    private static boolean byThread(Table table) {
        return TableColumns.index(table, "tid") >= 0;
    }

    /** The charts' category axis for a table of threads, or of processes. */
    private static String categoryAxis(boolean byThread) {
        return byThread ? "Thread (TID)" : "Process (PID)";
    }

    private static List<String> labels(Table table, List<Object[]> shown) {
        int id = table.columnIndex(byThread(table) ? "tid" : "pid");
        int name = TableColumns.index(table, "name");
        int host = TableColumns.index(table, "host");
        List<String> labels = new ArrayList<>();
        for (Object[] r : shown) {
            String n = name >= 0 && r[name] != null ? r[name].toString() : "?";
            if (n.length() > MAX_LABEL) {
                n = n.substring(0, MAX_LABEL - 1) + "…";
            }
            labels.add((host >= 0 ? r[host] + ": " : "") + n + " (" + r[id] + ")");
        }
        return labels;
    }

    /**
     * Who used the CPU, and how: the top processes (or threads, when only those are known) by CPU time, each bar
     * user + system + IRQ (+ running time the trace cannot split between user and system), its total at its end.
     */
    static ChartModel chartOf(Table table, int bars) {
        if (table == null) {
            return processBars("Who used the CPU, and how: top processes by CPU time", "Process (PID)", "CPU time (ms)");
        }
        boolean byThread = byThread(table);
        List<Object[]> shown = topRows(table, bars);
        ChartModel model = stateBars(table, shown, CPU_STATES, "Who used the CPU, and how: top " + shown.size()
                + (byThread ? " threads" : " processes") + " by CPU time", "CPU time (ms)");
        return barLabels(model, table, "running_ns", shown, CellFormat::duration);
    }

    /** The same, Blocked split by the causes the {@code causes} table gives (by cause, of the same grouping). */
    static ChartModel waitChartOf(Table table, Table causes, int bars) {
        ChartModel model = waitChartOf(table, bars);
        if (table == null) {
            return model;
        }
        List<String> key = byThread(table) ? List.of("host", "tid") : List.of("host", "pid");
        return BlockedSplit.split(model, table, topRows(table, bars), causes, key, 1e6);
    }

    /** The waits analysis's table of that key per thread, or per process (its reports have the same keys). */
    private static Table waitsTable(ReportSet reports, String key, boolean byProcess) {
        for (org.lttbench.core.report.Report r : reports.reports()) {
            if (r.analysis().equals("waits")) {
                for (Table t : r.tables()) {
                    if (t.key().equals(key) && !byThread(t) == byProcess) {
                        return t;
                    }
                }
            }
        }
        return null;
    }

    /**
     * How the same processes waited: for a CPU, on I/O, blocked, unknown, in the same order as the CPU chart. A
     * process's time is the sum over its threads (each bar says how many), so it can exceed the range.
     */
    static ChartModel waitChartOf(Table table, int bars) {
        if (table == null) {
            return processBars("How they waited", "Process (PID)", "Time waiting (ms)");
        }
        boolean byThread = byThread(table);
        List<Object[]> shown = topRows(table, bars);
        ChartModel model = stateBars(table, shown, WAIT_STATES, byThread ? "How they waited"
                : "How they waited (sum of their threads)", byThread ? "Time waiting (ms)" : "Time waiting, all threads (ms)");
        return barLabels(model, table, "threads", shown,
                n -> n == 1 ? "1 thread" : String.format(java.util.Locale.ROOT, "%,d threads", n));
    }

    /**
     * A bar per shown row, these states' times stacked in their order (after IRQ, the running time the trace cannot
     * split), where the table has their columns.
     */
    private static ChartModel stateBars(Table table, List<Object[]> shown, List<State> states, String title,
            String valueAxis) {
        ChartModel model = processBars(title, categoryAxis(byThread(table)), valueAxis).categories(labels(table, shown));
        for (State s : states) {
            int c = TableColumns.index(table, s.key());
            if (c >= 0) {
                model.add(table.columns().get(c).title(), s.color(), millis(shown, c));
                if (s.key().equals("irq_ns")) {
                    addUnsplit(model, table, shown);
                }
            }
        }
        return model;
    }

    /** The model, a label at each bar's end saying the row's value of that column, where the table has it. */
    private static ChartModel barLabels(ChartModel model, Table table, String column, List<Object[]> shown,
            java.util.function.LongFunction<String> label) {
        int c = TableColumns.index(table, column);
        if (c >= 0) {
            model.barLabels(shown.stream().map(r -> label.apply(nanos(r[c]))).toList());
        }
        return model;
    }

    /** Both charts' shape: a horizontal bar per process (or thread), its states stacked. */
    private static ChartModel processBars(String title, String categoryAxis, String valueAxis) {
        return ChartModel.bars(title, categoryAxis, valueAxis).horizontal(true).stacked(true).emptyText("no process times");
    }

    private static double[] millis(List<Object[]> rows, int column) {
        double[] ms = new double[rows.size()];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = nanos(rows.get(i)[column]) / 1e6;
        }
        return ms;
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
            model.add(ThreadState.USER_OR_SYSTEM.title(), UNSPLIT, ms);
        }
    }

    /** The colour of running time not split between user and system: between theirs. */
    public static final RGB UNSPLIT = rgb(ThreadState.USER_OR_SYSTEM);

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

    /** Who used the CPU, and how (the first chart). */
    public ChartPanel chart() {
        return chart;
    }

    /** How the processes of the first chart waited. */
    public ChartPanel waitChart() {
        return waits;
    }

    public ReportTreeViewer tree() {
        return tree;
    }

    public ReportTableViewer threadTable() {
        return threads;
    }

    public CTabFolder tabs() {
        return layout.tabs;
    }
}

package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.report.TraceNames;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.compute.AnalysisRequest;
import org.lttbench.ui.compute.ReportSet;
import org.lttbench.ui.table.ReportTableViewer;

/**
 * How long things took: system calls, interrupt handlers, waits for a CPU and disk requests, one tab each. A tab has
 * its analysis's summary, a histogram of its durations per power of two (a log scale: the short and the long ones on
 * one axis), stacked by what the analysis counts them for (call, handler, kind of wait, device), and its tables, the
 * longest ones among them. Renders the {@code syscalls}, {@code irq}, {@code sched} and {@code io} analyses' tables,
 * as their analyses declare them.
 */
public final class LatencyView extends ReportView {

    /**
     * One kind of latency.
     *
     * @param analysis the analysis that measures it
     * @param title    its tab
     * @param duration what one duration of its histogram is, for the axis
     * @param others   the histogram's series of what is not drawn by name
     */
    public record Category(String analysis, String title, String duration, String others) {
    }

    public static final List<Category> CATEGORIES = List.of(
            new Category("syscalls", "System calls", "Call duration, entry to exit", "other system calls"),
            new Category("irq", "Interrupts", "Handler run, entry to exit", "other handlers"),
            new Category("sched", "Scheduling", "Wait for a CPU, runnable to running", "other kinds"),
            new Category("io", "Disk requests", "Request, issue to completion", "other devices"));

    /** What a histogram draws by name; the rest are drawn together. */
    static final int HISTOGRAM_SERIES = 6;

    private CTabFolder categories;
    /** Made in {@link #createContent}, which the super constructor calls before fields are initialised. */
    private Map<Category, CategoryTab> tabs;
    /** Whether a category was chosen (by the first results, or by the user): later results keep it. */
    private boolean chosen;

    /** Each category's analysis, and the losses. */
    private static List<AnalysisRequest> categoryRequests() {
        List<AnalysisRequest> requests = new ArrayList<>();
        for (Category c : CATEGORIES) {
            requests.add(AnalysisRequest.of(c.analysis()));
        }
        requests.add(AnalysisRequest.of("discarded"));
        return requests;
    }

    public LatencyView(Composite parent, int style) {
        super(parent, style, categoryRequests());
    }

    @Override
    protected void createContent(Composite parent) {
        categories = new CTabFolder(parent, SWT.BORDER | SWT.TOP);
        tabs = new LinkedHashMap<>();
        for (Category c : CATEGORIES) {
            CategoryTab tab = new CategoryTab(categories, c);
            CTabItem item = new CTabItem(categories, SWT.NONE);
            item.setText(c.title());
            item.setControl(tab.content.box);
            tabs.put(c, tab);
        }
        categories.setSelection(0);
        categories.addListener(SWT.Selection, e -> chosen = true);
    }

    @Override
    protected void render(ReportSet reports) {
        TraceNames names = traceNames(reports);
        for (CategoryTab tab : tabs.values()) {
            tab.render(reports, names);
        }
        // The first results open on the first kind of latency the traces can tell (no system call events: interrupts).
        if (!chosen && reports.failure() == null) {
            chosen = true;
            for (Category c : CATEGORIES) {
                if (reports.whyNotApplicable(c.analysis()) == null) {
                    show(c);
                    break;
                }
            }
        }
    }

    @Override
    protected boolean saysWhyNotApplicable(String analysis) {
        return CATEGORIES.stream().anyMatch(c -> c.analysis().equals(analysis));
    }

    /** Each category's tab says its analysis's summary: the status line says only what the figures cover. */
    @Override
    protected String summary(ReportSet reports) {
        return null;
    }

    /** Selects a category's tab. */
    public void show(Category category) {
        categories.setSelection(List.copyOf(tabs.keySet()).indexOf(category));
    }

    /** Selects the tab of a category's table of that key. */
    public void showTable(Category category, String tableKey) {
        ReportTableViewer viewer = table(category, tableKey);
        CTabFolder folder = (CTabFolder) viewer.getParent();
        for (CTabItem item : folder.getItems()) {
            if (item.getControl() == viewer) {
                folder.setSelection(item);
            }
        }
    }

    /** The category whose tab is selected. */
    public Category shown() {
        return CATEGORIES.get(categories.getSelectionIndex());
    }

    public CTabFolder categories() {
        return categories;
    }

    /** A category's histogram. */
    public ChartPanel histogram(Category category) {
        return tabs.get(category).histogram;
    }

    /** The viewer of a category's table of that key (as its analysis declares it), or null. */
    public ReportTableViewer table(Category category, String tableKey) {
        return tabs.get(category).tables.viewer(tableKey);
    }

    /** The keys of a category's tables, in their tabs' order. */
    public List<String> tableKeys(Category category) {
        return tabs.get(category).tables.keys();
    }

    /** A category's line: its analysis's summary, or why it does not apply. */
    public String line(Category category) {
        return tabs.get(category).content.notice.text();
    }

    /** The category by its analysis's name. */
    public static Category category(String analysis) {
        return CATEGORIES.stream().filter(c -> c.analysis().equals(analysis)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no latency category of analysis " + analysis));
    }

    /**
     * The durations of a histogram table (per power of two: {@code from_ns}, {@code to_ns}, then its count) as stacked
     * bars, a series for each of what its rows are counted for (the cells before {@code from_ns}: a call, a handler, a
     * kind of wait, a device and operation), the most counted drawn by name.
     */
    static ChartModel histogramOf(Category category, Table histogram) {
        String counted = histogram == null ? "Durations" : histogram.columns().get(histogram.columns().size() - 1).title();
        ChartModel model = ChartModel.bars(histogram == null ? category.title() : histogram.title(),
                category.duration() + " (log scale)", counted + " (count)").stacked(true)
                .emptyText("no " + category.title().toLowerCase(java.util.Locale.ROOT) + " in this range");
        if (histogram == null) {
            return model;
        }
        int from = histogram.columnIndex("from_ns");
        return LogBinChart.fill(model, histogram, from, histogram.columnIndex("to_ns"), histogram.columns().size() - 1,
                r -> seriesOf(histogram, r, from), HISTOGRAM_SERIES, category.others());
    }

    /** What a histogram row counts for: its cells before the bins', as the tables write them. */
    private static String seriesOf(Table histogram, Object[] row, int from) {
        List<String> cells = new ArrayList<>();
        for (int c = 0; c < from; c++) {
            cells.add(CellFormat.text(histogram.columns().get(c), row[c]));
        }
        return cells.isEmpty() ? "all" : String.join(" ", cells);
    }

    /** "System call latency" as inside a sentence. */
    private static String lowerFirst(String title) {
        return title.isEmpty() ? title : Character.toLowerCase(title.charAt(0)) + title.substring(1);
    }

    /** A category's tab: its line, its histogram, and below, its analysis's tables (those that are not a chart's data). */
    private static final class CategoryTab {
        private final Category category;
        private final NoticedSash content;
        private final ChartPanel histogram;
        private final DeclaredTables tables;
        private final String histogramKey;

        CategoryTab(CTabFolder parent, Category category) {
            this.category = category;
            content = new NoticedSash(parent, 2);
            SashForm sash = content.sash;
            histogram = new ChartPanel(sash, SWT.NONE, category.analysis() + "-latency-histogram");
            CTabFolder folder = new CTabFolder(sash, SWT.BORDER | SWT.BOTTOM);
            tables = new DeclaredTables(folder, category.analysis());
            histogramKey = Analyses.byName(category.analysis()).tables().grouping(GroupBy.THREAD).tables().stream()
                    .filter(t -> t.chartData() && t.columns().stream().anyMatch(c -> c.key().equals("from_ns")))
                    .map(TableSchema::key).findFirst().orElse(null);
            sash.setWeights(45, 55);
            histogram.setModel(histogramOf(category, null));
        }

        void render(ReportSet reports, TraceNames names) {
            String analysis = category.analysis();
            tables.render(reports, names);
            ChartModel model = histogramOf(category, histogramKey == null ? null : reports.table(analysis, histogramKey));
            String why = reports.failure() != null ? reports.failure() : reports.whyNotApplicable(analysis);
            if (why != null) {
                model.emptyText(why);
            }
            histogram.setModel(model);
            String summary = reports.summary(analysis);
            boolean notApplicable = reports.failure() == null && why != null;
            // Why there is nothing to show, said once, in place of an empty chart and empty tables.
            content.show(notApplicable ? "No " + lowerFirst(Analyses.byName(analysis).tables().title()) + ": " + why
                    : summary != null ? summary : "", notApplicable);
        }
    }
}

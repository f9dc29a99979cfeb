package org.lttbench.ui.view;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.lttbench.ui.chart.ChartPanel;

/**
 * The layout of the views with two charts (process time, spans, overhead): a notice line ({@link NoticedSash}), two
 * charts side by side below it, and tabs of tables below them.
 */
final class TwoChartsOverTabs {
    final NoticedSash content;
    final SashForm charts;
    final ChartPanel left;
    final ChartPanel right;
    final CTabFolder tabs;

    /**
     * @param leftPercent   the left chart's share of the charts' width
     * @param chartsPercent the charts' share of the height below the notice line, the tabs having the rest
     */
    TwoChartsOverTabs(Composite parent, String leftChart, String rightChart, int leftPercent, int chartsPercent) {
        content = new NoticedSash(parent, 0);
        charts = new SashForm(content.sash, SWT.HORIZONTAL);
        left = new ChartPanel(charts, SWT.NONE, leftChart);
        right = new ChartPanel(charts, SWT.NONE, rightChart);
        charts.setWeights(leftPercent, 100 - leftPercent);
        tabs = new CTabFolder(content.sash, SWT.BORDER | SWT.BOTTOM);
        content.sash.setWeights(chartsPercent, 100 - chartsPercent);
    }
}

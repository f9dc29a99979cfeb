package org.lttbench.core.analysis;

/** Names an analysis and makes a fresh instance of it for one run. */
public interface AnalysisProvider {

    /** The name on the command line: {@code process}, {@code overhead}, {@code discarded}. */
    String name();

    /** One line for help texts and LAMI metadata. */
    String description();

    /** The tables its reports have, declared once (no analysis runs to learn them). */
    AnalysisTables tables();

    Analysis create(AnalysisOptions options);

    /**
     * The charts of its chart-data tables, declared: front ends without a view of their own for this analysis (the
     * viewer's and Trace Compass's generic ones) draw these.
     */
    default java.util.List<org.lttbench.core.report.ChartSchema> charts() {
        return java.util.List.of();
    }

    /**
     * What stands out in a report of this analysis, for the lines a terminal report opens with (at most a few, ranked
     * with every other analysis's by {@link org.lttbench.core.report.Highlight#rank}): read from the report's own
     * tables, so that they say what the full tables say.
     */
    default java.util.List<org.lttbench.core.report.Highlight> highlights(org.lttbench.core.report.Report report) {
        return java.util.List.of();
    }

    /** LAMI's tags for it ({@code --metadata}). */
    default java.util.List<String> tags() {
        return java.util.List.of("lttbench", name());
    }
}

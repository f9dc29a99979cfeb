package org.lttbench.core.analysis;

import org.lttbench.core.report.Report;

/** Names an analysis and makes a fresh instance of it for one run. */
public interface AnalysisProvider {

    /** The name on the command line: {@code process}, {@code overhead}, {@code discarded}. */
    String name();

    /** One line for help texts and LAMI metadata. */
    String description();

    Analysis create(AnalysisOptions options);

    /**
     * What this analysis reports, with no rows: its title and tables (keys, titles, columns). LAMI's
     * {@code --metadata} describes these before any trace is read. The default is the report of a fresh instance
     * that saw no records; override it if {@link Analysis#report()} needs {@code start} first.
     */
    default Report emptyReport() {
        return create(AnalysisOptions.DEFAULT).report();
    }
}

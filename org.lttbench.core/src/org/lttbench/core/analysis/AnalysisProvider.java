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

    /** LAMI's tags for it ({@code --metadata}). */
    default java.util.List<String> tags() {
        return java.util.List.of("lttbench", name());
    }
}

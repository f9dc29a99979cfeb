package org.lttbench.core.batch;

import java.util.Iterator;

import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisProvider;

/** The analysis names, for help texts and messages. */
final class AnalysisNames implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return java.util.stream.Stream.concat(Analyses.all().stream(), Analyses.onRequest().stream())
                .map(AnalysisProvider::name).iterator();
    }

    /** {@code process, overhead, discarded}. */
    static String list() {
        String names = String.join(", ", new AnalysisNames());
        return names.isEmpty() ? "(none yet)" : names;
    }
}

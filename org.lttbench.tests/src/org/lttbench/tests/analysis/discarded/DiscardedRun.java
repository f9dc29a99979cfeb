package org.lttbench.tests.analysis.discarded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.discarded.DiscardedAnalysisProvider;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceSet;

/** Runs the discarded analysis on real traces with our CTF reader. */
final class DiscardedRun {
    private DiscardedRun() {
    }

    static Report analyze(Path... traces) throws IOException {
        try (TraceSet set = CtfTraceSet.open(List.of(traces))) {
            return AnalysisRun.run(set, List.of(new DiscardedAnalysisProvider().create(AnalysisOptions.DEFAULT)),
                    ProgressListener.NONE).get(0);
        }
    }

    /** The sum of an integer column; empty cells (unknown) count as 0. */
    static long total(Table table, String column) {
        long sum = 0;
        for (int r = 0; r < table.rows().size(); r++) {
            Object v = table.cell(r, column);
            sum += v == null ? 0 : (Long) v;
        }
        return sum;
    }

    /** The rows of a table keyed by one text column (e.g. stream file name), each as column key to cell. */
    static Map<String, Map<String, Object>> rowsBy(Table table, String keyColumn) {
        Map<String, Map<String, Object>> rows = new HashMap<>();
        for (int r = 0; r < table.rows().size(); r++) {
            Map<String, Object> row = new HashMap<>();
            for (var c : table.columns()) {
                row.put(c.key(), table.cell(r, c.key()));
            }
            if (rows.put((String) row.get(keyColumn), row) != null) {
                throw new AssertionError("two rows of " + table.key() + " have " + keyColumn + " " + row.get(keyColumn));
            }
        }
        return rows;
    }
}

package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest.Result;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Text on a terminal shows the top of each table and says how many rows it left out; chart data is one line; CSV
 * and JSON keep every row. Counts come from the JSON run of the same trace, not from constants.
 */
class TextRowLimitTest {
    private static final String TRACE = TestPaths.trace("kernel-many-threads").toString();

    @Test
    void textShowsTheTopRowsAndSaysHowManyMore() {
        Result json = InProcessCli.run("analyze", "--analysis", "process,overhead", "--format", "json", TRACE);
        assertEquals(0, json.code(), json.err());
        JsonObject all = JsonParser.parseString(json.out()).getAsJsonObject();
        int threads = all.getAsJsonArray("threads").size();
        int gapBins = all.getAsJsonArray("tracepoint_gaps").size();
        assertTrue(threads > 25 && gapBins > 25, "the trace has long tables: " + threads + " threads, " + gapBins + " bins");

        Result text = InProcessCli.run("analyze", "--analysis", "process,overhead", "--rows", "10", TRACE);
        assertEquals(0, text.code(), text.err());
        List<String> lines = text.out().lines().toList();
        int header = indexOf(lines, "Time per thread");
        assertTrue(lines.get(header + 1).contains("TID"), lines.get(header + 1));
        assertEquals(String.format("... and %,d more rows (--rows all shows every row)", threads - 10), lines.get(header + 12));
        int gaps = indexOf(lines, "Gaps between a thread's consecutive events");
        assertEquals(String.format("(chart data, %,d rows: every row with --rows all, --format csv|json or --out DIR)", gapBins),
                lines.get(gaps + 1));

        Result every = InProcessCli.run("analyze", "--analysis", "process", "--rows", "all", TRACE);
        assertEquals(0, every.code(), every.err());
        List<String> everyLines = every.out().lines().toList();
        int first = indexOf(everyLines, "Time per thread") + 2;
        long rows = everyLines.stream().skip(first).takeWhile(l -> !l.startsWith("note:") && !l.isEmpty()).count();
        assertEquals(threads, rows, "--rows all prints every thread");
    }

    @Test
    void aBadRowCountIsAUsageError() {
        Result r = InProcessCli.run("analyze", "--rows", "0", TRACE);
        assertEquals(2, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("'0' is not a positive number of rows or 'all'"), r.err());
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starts with " + prefix);
    }
}

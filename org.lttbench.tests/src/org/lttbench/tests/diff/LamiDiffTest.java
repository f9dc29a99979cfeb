package org.lttbench.tests.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.run.ExitCode;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.InProcessCli;
import org.lttbench.tests.batch.LauncherTest;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code lttbench lami diff A B}, as Trace Compass runs it (on B, the trace it shows, with A's directory as the run's
 * parameter, which it puts before B's path): its metadata declares one table, and its rows are {@code lttbench diff A
 * B}'s ranked changes, figure for figure; a run against itself changes nothing; the compatibility test asks of B alone;
 * anything but two traces is a LAMI error.
 */
class LamiDiffTest {
    private static final String SRC = TestPaths.trace("kernel-scp-src").toString();
    private static final String DEST = TestPaths.trace("kernel-scp-dest").toString();

    @Test
    void itsRowsAreTheCommandLinesChanges() {
        LauncherTest.Result meta = InProcessCli.run("lami", "diff", "--metadata");
        assertEquals(ExitCode.OK, meta.code(), meta.err());
        JsonObject tableClass = JsonParser.parseString(meta.out()).getAsJsonObject().getAsJsonObject("table-classes")
                .getAsJsonObject("changes");
        assertEquals(11, tableClass.getAsJsonArray("column-descriptions").size(), tableClass.toString());

        LauncherTest.Result lami = InProcessCli.run("lami", "diff", SRC, DEST);
        assertEquals(ExitCode.OK, lami.code(), lami.err());
        JsonArray rows = JsonParser.parseString(lami.out()).getAsJsonObject().getAsJsonArray("results").get(0)
                .getAsJsonObject().getAsJsonArray("data");
        JsonArray changes = DiffCommandTest.json(DiffCommandTest.diff("--format", "json", SRC, DEST)).getAsJsonArray("changes");
        assertEquals(changes.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            JsonArray row = rows.get(i).getAsJsonArray();
            JsonObject c = changes.get(i).getAsJsonObject();
            assertEquals(i + 1, row.get(0).getAsInt());
            assertEquals(List.of(c.get("analysis").getAsString(), c.get("subject").getAsString(), c.get("figure").getAsString()),
                    List.of(row.get(1).getAsString(), row.get(2).getAsString(), row.get(3).getAsString()), "row " + i);
            assertEquals(c.get("a_compared"), row.get(4), "row " + i);
            assertEquals(c.get("b_compared"), row.get(5), "row " + i);
            assertEquals(c.get("significant").getAsBoolean(), row.get(9).getAsJsonObject().get("value").getAsBoolean(), "row " + i);
            assertEquals(c.get("line").getAsString(), row.get(10).getAsString());
        }
        assertTrue(DiffCommandTest.significant(JsonParser.parseString(DiffCommandTest.diff("--format", "json", SRC, DEST).out())
                .getAsJsonObject()).size() > 3, "the two ends of one scp differ");
    }

    @Test
    void aRunAgainstItselfChangesNothing() {
        LauncherTest.Result lami = InProcessCli.run("lami", "diff", SRC, SRC);
        assertEquals(ExitCode.OK, lami.code(), lami.err());
        JsonArray rows = JsonParser.parseString(lami.out()).getAsJsonObject().getAsJsonArray("results").get(0)
                .getAsJsonObject().getAsJsonArray("data");
        assertTrue(rows.size() > 50, rows.size() + " figures");
        rows.forEach(r -> assertEquals(false, r.getAsJsonArray().get(9).getAsJsonObject().get("value").getAsBoolean(), r.toString()));
    }

    @Test
    void itIsCompatibleWithTheTraceTraceCompassShows() {
        assertEquals(ExitCode.OK, InProcessCli.run("lami", "diff", "--test-compatibility", DEST).code());
    }

    @Test
    void anythingButTwoTracesIsALamiError() {
        LauncherTest.Result one = InProcessCli.run("lami", "diff", SRC);
        assertEquals(ExitCode.USAGE, one.code(), one.err());
        JsonObject error = JsonParser.parseString(one.out()).getAsJsonObject();
        assertTrue(error.get("error-message").getAsString().startsWith("lttbench lami diff compares two traces, A then B"), error.toString());
    }
}

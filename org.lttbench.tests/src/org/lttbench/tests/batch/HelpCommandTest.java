package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.TableSchema;
import org.lttbench.tests.batch.LauncherTest.Result;

/**
 * {@code lttbench help}: an analysis's every declared table and column with its meaning, from the analysis's own
 * declarations; a command's usage, the same as its --help; a name that is neither, a usage error naming both lists.
 */
class HelpCommandTest {

    @Test
    void anAnalysisHelpGivesEveryColumnItsTablesDeclare() {
        List<AnalysisProvider> all = new ArrayList<>(Analyses.all());
        all.addAll(Analyses.onRequest());
        for (AnalysisProvider p : all) {
            Result r = InProcessCli.run("help", p.name());
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().startsWith(p.name() + ": " + p.description()), r.out());
            AnalysisTables tables = p.tables();
            for (AnalysisTables.Grouping g : List.of(tables.byThread(), tables.byProcess())) {
                for (TableSchema t : g.tables()) {
                    assertTrue(r.out().contains("\n" + t.key() + " (" + t.title()), p.name() + ": table " + t.key());
                    for (Column c : t.columns()) {
                        assertTrue(r.out().lines().anyMatch(l -> l.matches("  " + java.util.regex.Pattern.quote(c.key())
                                + " +" + java.util.regex.Pattern.quote(c.title()) + ".*: "
                                + java.util.regex.Pattern.quote(c.description()))),
                                p.name() + ": column " + t.key() + "." + c.key() + " with its meaning");
                    }
                }
                for (TableSchema t : g.optional()) {
                    assertTrue(r.out().contains("\n" + t.key()), p.name() + ": optional table " + t.key());
                    for (Column c : t.columns()) {
                        assertTrue(r.out().contains(c.key()), p.name() + ": column " + t.key() + "." + c.key());
                    }
                }
            }
        }
    }

    @Test
    void aCommandsHelpIsItsUsage() {
        for (String command : List.of("analyze", "dump", "lami", "top")) {
            Result help = InProcessCli.run("help", command);
            Result usage = InProcessCli.run(command, "--help");
            assertEquals(0, help.code(), help.err());
            assertEquals(usage.out(), help.out(), command);
        }
        Result top = InProcessCli.run("help");
        assertEquals(0, top.code());
        assertEquals(InProcessCli.run("--help").out(), top.out());
        assertTrue(top.out().contains("help"), "the command list has help: " + top.out());
    }

    @Test
    void neitherACommandNorAnAnalysisIsAUsageError() {
        Result r = InProcessCli.run("help", "proces");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().contains("'proces'") && r.err().contains("analyze") && r.err().contains("process"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }
}

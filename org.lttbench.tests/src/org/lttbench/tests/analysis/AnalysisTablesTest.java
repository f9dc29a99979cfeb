package org.lttbench.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.Analyses;
import org.lttbench.core.analysis.Analysis;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.AnalysisTables;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TableSchema;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.tests.TestPaths;

/**
 * The tables each analysis declares ({@link AnalysisProvider#tables()}) are the tables it reports: on every shared
 * trace, and on two machines' kernel traces together, in both groupings, each reported table is a declared one,
 * every table a grouping always has is there, and every declared table is reported somewhere. A declaration cannot
 * drift from its analysis.
 */
class AnalysisTablesTest {

    /** Every shared trace alone, and two machines' traces together (the tables then name the host). */
    private static List<List<Path>> traceSets() throws Exception {
        List<List<Path>> sets = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(TestPaths.traces())) {
            dirs.filter(Files::isDirectory).sorted().forEach(d -> sets.add(List.of(d)));
        }
        sets.add(List.of(TestPaths.trace("kernel-scp-src"), TestPaths.trace("kernel-scp-dest")));
        // two machines with system calls (the scp traces have none)
        sets.add(List.of(TestPaths.trace("kernel-many-threads"), TestPaths.trace("kernel-arm-bug446190")));
        return sets;
    }

    @Test
    void everyReportedTableIsDeclaredAndEveryDeclaredTableIsReported() throws Exception {
        Set<TableSchema> reported = new HashSet<>();
        for (List<Path> paths : traceSets()) {
            try (CtfTraceSet set = CtfTraceSet.open(paths)) {
                List<Analysis> analyses = AnalysisRun.plan(Analyses.all(), set, AnalysisOptions.DEFAULT).toRun();
                AnalysisRun.run(set, analyses, ProgressListener.NONE);
                for (Analysis a : analyses) {
                    for (GroupBy by : GroupBy.values()) {
                        Report report = a.report(by);
                        String where = report.analysis() + " by " + by + " on " + paths;
                        AnalysisTables.Grouping declared = Analyses.byName(report.analysis()).tables().grouping(by);
                        assertEquals(declared.title(), report.title(), where);
                        for (Table t : report.tables()) {
                            assertTrue(declared.declares(t), where + ": table " + t.key() + " is not declared as it is "
                                    + "reported: " + TableSchema.of(t));
                            reported.add(TableSchema.of(t));
                        }
                        List<String> keys = report.tables().stream().map(Table::key).toList();
                        for (TableSchema always : declared.tables()) {
                            assertTrue(keys.contains(always.key()), where + ": no " + always.key() + " table");
                        }
                    }
                }
            }
        }
        for (AnalysisProvider p : Analyses.all()) {
            for (GroupBy by : GroupBy.values()) {
                AnalysisTables.Grouping declared = p.tables().grouping(by);
                for (TableSchema t : Stream.concat(declared.tables().stream(), declared.optional().stream()).toList()) {
                    assertTrue(reported.contains(t), p.name() + " by " + by + " declares " + t.key() + " as no trace "
                            + "reports it: " + t);
                }
            }
        }
    }

    /** What LAMI's metadata and fleet's table files declare: the tables per thread, then those per process, once. */
    @Test
    void theTablesEveryReportHasArePerThreadThenPerProcessEachKeyOnce() {
        AnalysisTables process = Analyses.byName("process").tables();
        assertEquals(List.of("threads", "processes"), process.tables().stream().map(TableSchema::key).toList());
        assertEquals("Time per thread", process.title());
        for (AnalysisProvider p : Analyses.all()) {
            List<String> keys = p.tables().tables().stream().map(TableSchema::key).toList();
            assertEquals(keys.size(), new HashSet<>(keys).size(), p.name() + ": " + keys);
            assertTrue(keys.containsAll(p.tables().byThread().tables().stream().map(TableSchema::key).toList()), p.name());
            assertTrue(keys.containsAll(p.tables().byProcess().tables().stream().map(TableSchema::key).toList()), p.name());
        }
    }
}

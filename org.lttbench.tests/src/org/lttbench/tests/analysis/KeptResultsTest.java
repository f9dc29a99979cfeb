package org.lttbench.tests.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.KeptResults;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ProcessAnalysis.TraceFacts;
import org.lttbench.core.analysis.waits.WaitsAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.JsonReportWriter;
import org.lttbench.core.report.Report;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;

/**
 * What a pass keeps beside a Trace Compass history reads back as it was written; and a file that is missing,
 * truncated, damaged, of another version, of other files, or left half written by a writer killed mid-write is
 * nothing to trust (read gives null: the results are made again), never an error.
 */
class KeptResultsTest {

    private static KeptResults made() throws Exception {
        try (TraceSet traces = CtfTraceSet.open(List.of(TestPaths.trace("kernel-scp-src")))) {
            ProcessAnalysis process = new ProcessAnalysis(AnalysisOptions.DEFAULT);
            List<Report> reports = AnalysisRun.run(traces, List.of(process, new WaitsAnalysis(AnalysisOptions.DEFAULT)),
                    ProgressListener.NONE);
            TraceFacts facts = process.traceFacts().values().iterator().next();
            return new KeptResults("files-1", reports, Map.of("overhead", "not asked, for the test"), Map.of(0, 123L),
                    Map.of(0, facts), process.causes().labels(),
                    List.of(new KeptResults.KeptThread(0, 7422, 0, -1, 7422, false, 3, 1_000L, 5_000L, 1, "ssh, with a comma"),
                            new KeptResults.KeptThread(1, 0, 0, 0, 0, true, 4, 2_000L, Long.MIN_VALUE, -1, null)));
        }
    }

    private static String json(List<Report> reports) throws Exception {
        StringWriter out = new StringWriter();
        JsonReportWriter.write(reports, out);
        return out.toString();
    }

    @Test
    void whatIsWrittenReadsBack() throws Exception {
        KeptResults kept = made();
        Path file = Files.createTempDirectory("kept").resolve("results.json");
        kept.write(file);
        KeptResults back = KeptResults.read(file, "files-1");
        assertNotNull(back);
        assertEquals(json(kept.reports()), json(back.reports()), "the reports, table for table");
        assertEquals(kept.notApplicable(), back.notApplicable());
        assertEquals(kept.ends(), back.ends());
        assertEquals(kept.facts(), back.facts(), "the traces' facts, device names and IRQ names included");
        assertFalse(back.facts().get(0).irqNames().isEmpty(), "kernel-scp-src names its IRQs");
        assertEquals(kept.causeLabels(), back.causeLabels());
        assertEquals(kept.threads(), back.threads());
        assertFalse(Files.exists(file.resolveSibling("results.json.tmp")), "no temporary file left");
    }

    @Test
    void aFileNotToTrustIsMadeAgain() throws Exception {
        KeptResults kept = made();
        Path dir = Files.createTempDirectory("kept");
        Path file = dir.resolve("results.json");
        assertNull(KeptResults.read(file, "files-1"), "missing");
        kept.write(file);
        byte[] whole = Files.readAllBytes(file);
        assertNull(KeptResults.read(file, "files-2"), "of other files");
        Files.write(file, java.util.Arrays.copyOf(whole, whole.length / 2));
        assertNull(KeptResults.read(file, "files-1"), "truncated");
        byte[] damaged = whole.clone();
        for (int i = whole.length / 3; i < whole.length / 3 + 64; i++) {
            damaged[i] = (byte) '#';
        }
        Files.write(file, damaged);
        assertNull(KeptResults.read(file, "files-1"), "damaged");
        String text = new String(whole, java.nio.charset.StandardCharsets.UTF_8);
        String older = text.replace("\"kept\":\"" + KeptResults.VERSION + "\"", "\"kept\":\"" + (KeptResults.VERSION - 1) + "\"");
        assertFalse(older.equals(text), "the version is in the file");
        Files.writeString(file, older);
        assertNull(KeptResults.read(file, "files-1"), "of another version");
        Files.write(file, new byte[0]);
        assertNull(KeptResults.read(file, "files-1"), "empty");
        // a writer killed mid-write leaves its temporary file; the file it would have replaced is whole
        Files.write(file, whole);
        Files.write(dir.resolve("results.json.tmp"), java.util.Arrays.copyOf(whole, 100));
        assertNotNull(KeptResults.read(file, "files-1"), "the kept file, whatever a dead writer left beside it");
        kept.write(file);
        assertNotNull(KeptResults.read(file, "files-1"), "written over the leftover");
    }
}

package org.lttbench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.lttbench.fleet.inventory.FleetInventory;
import org.lttbench.testing.TestFiles;

/**
 * A fleet unit whose stream file ends inside a packet (copied while LTTng wrote it) is read up to that packet, as the
 * command line reads it: its figures are written, its row of the traces table says "read in part" with the note every
 * one of its reports carries, and the summary's first line counts it.
 */
class FleetReadInPartTest {

    /**
     * A fleet of two units under {@code root}: VM1's scp-20130218-120000, kernel-scp-src's first stream file cut inside
     * a packet ({@link TestFiles#cutShort}), and qemu0's kernel-bigendian, whole.
     *
     * @return the cut unit's trace directory
     */
    static Path fleetWithAUnitCutShort(Path root) throws IOException {
        Path cut = root.resolve("VM1").resolve("scp-20130218-120000").resolve("kernel");
        Files.createDirectories(cut);
        for (String f : List.of("metadata", "channel0_0")) {
            Files.copy(TestTraces.shared("kernel-scp-src").resolve(f), cut.resolve(f));
        }
        TestFiles.cutShort(cut.resolve("channel0_0"));
        Path good = root.resolve("qemu0").resolve("bigendian-20141201-080000").resolve("kernel");
        Files.createDirectories(good.getParent());
        Files.createSymbolicLink(good, TestTraces.shared("kernel-bigendian"));
        return cut;
    }

    @Test
    void aUnitCutShortIsReadInPartAndSaidSo() throws IOException {
        Path root = TestTraces.work("fleet-cut");
        Path cut = fleetWithAUnitCutShort(root);

        CommandLineReports.Run cli = CommandLineReports.run("analyze", "--quiet", "--format", "json", cut.toString());
        assertEquals(6, cli.exitCode(), cli.stderr());
        Path out = TestTraces.work("fleet-cut-out");
        StringWriter progress = new StringWriter();
        FleetJob.Outcome outcome = new FleetJob(LocalSpark.session(), out.toUri().toString(), 5)
                .run(FleetInventory.scan(root), FleetProgress.Mode.LOG, new PrintWriter(progress, true));

        List<Row> traces = LocalSpark.session().read().parquet(out.resolve("parquet").resolve("traces").toString())
                .orderBy("host").collectAsList();
        assertEquals(2, traces.size());
        assertEquals("VM1", traces.get(0).getAs("host"));
        assertEquals("read in part", traces.get(0).getAs("status"));
        String note = traces.get(0).getAs("error");
        assertTrue(note.startsWith("the traces were read in part: 1 stream file was read only up to where it ends"
                + " inside a packet") && note.contains(cut.resolve("channel0_0") + ": cut short at byte "
                + TestFiles.CUT_AT + ", inside the packet at byte 786432"), note);
        assertTrue(cli.stderr().contains(cut.resolve("channel0_0") + ": cut short at byte " + TestFiles.CUT_AT),
                cli.stderr());
        assertEquals("ok", traces.get(1).getAs("status"));
        assertNull(traces.get(1).getAs("error"));
        assertTrue(outcome.summary().lines().findFirst().orElseThrow()
                .endsWith("; 0 failed, 1 read in part (the traces table's status and error)"), outcome.summary());
        String last = progress.toString().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.startsWith("fleet: 2/2 traces (1 read in part), "), last);
        long threads = LocalSpark.session().read().parquet(out.resolve("parquet").resolve("threads").toString())
                .filter("host = 'VM1'").count();
        assertTrue(threads > 0, "the figures of what was read are written");
    }
}

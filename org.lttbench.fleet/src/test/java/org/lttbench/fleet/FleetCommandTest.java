package org.lttbench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lttbench.core.batch.Main;
import org.lttbench.testing.TestFiles;

/**
 * {@code lttbench fleet} through the command line's own entry point (on the tests' Spark session, which it reuses
 * and leaves running): its exit codes, its one-line errors naming what and where, and what it prints.
 */
class FleetCommandTest {

    @BeforeAll
    static void spark() {
        LocalSpark.session(); // the command takes the session already running, as inside any Spark application
    }

    @Test
    void aFleetWithACorruptTraceExitsWith3AfterWritingTheOthers() throws IOException {
        Path root = TestTraces.work("command-fleet");
        Path host = root.resolve("VM1/scp-20130218-120000");
        Files.createDirectories(host);
        Files.createSymbolicLink(host.resolve("kernel"), TestTraces.shared("kernel-scp-src"));
        Path broken = root.resolve("db-07/nightly-20240101-020000/kernel");
        Files.createDirectories(broken);
        Files.copy(TestTraces.shared("kernel-bigendian").resolve("metadata"), broken.resolve("metadata"));
        Files.write(broken.resolve("channel0_0"), new byte[4096]); // zeros: no packet magic
        Path out = TestTraces.work("command-out");

        Result r = run("fleet", "--quiet", "--top", "3", root.toString(), "--out", out.toString());
        assertEquals(3, r.code, r.err);
        assertTrue(r.out.startsWith("LTTbench fleet: 2 traces of 2 hosts, "), r.out);
        assertTrue(Files.readString(out.resolve("csv/threads.csv")).contains("\nVM1,scp-20130218-120000,"));
        List<String> err = r.err.lines().toList();
        assertEquals(1, err.size(), r.err);
        assertTrue(err.get(0).startsWith("lttbench fleet: 1 of 2 traces failed (the others' tables are written; the "
                + "summary lists every failure), first: db-07 nightly-20240101-020000: " + broken.resolve("channel0_0")),
                err.get(0));
        assertTrue(r.out.contains(broken.resolve("channel0_0").toString()), "the summary names the failure");
        assertTrue(LocalSpark.session().sparkContext().isStopped() == false, "a running session is left running");
    }

    @Test
    void aFleetWithATraceCutShortExitsWith6AfterWritingEverything() throws IOException {
        Path root = TestTraces.work("command-fleet-cut");
        Path cut = FleetReadInPartTest.fleetWithAUnitCutShort(root);
        Path out = TestTraces.work("command-cut-out");

        Result r = run("fleet", "--quiet", "--top", "3", root.toString(), "--out", out.toString());
        assertEquals(6, r.code, r.err);
        assertTrue(r.out.lines().findFirst().orElseThrow().endsWith("; 0 failed, 1 read in part (the traces table's"
                + " status and error)"), r.out);
        assertTrue(Files.readString(out.resolve("csv/threads.csv")).contains("\nVM1,scp-20130218-120000,"));
        List<String> err = r.err.lines().toList();
        assertEquals(1, err.size(), r.err);
        assertTrue(err.get(0).startsWith("lttbench fleet: warning: 1 of 2 traces were read in part (the traces table"
                + " says which), first: VM1 scp-20130218-120000: the traces were read in part: ") && err.get(0)
                .contains(cut.resolve("channel0_0") + ": cut short at byte " + TestFiles.CUT_AT), err.get(0));
    }

    @Test
    void badArgumentsAreOneLineNamingWhatAndWhere() throws IOException {
        Path work = TestTraces.work("command-bad");
        Path trace = TestTraces.shared("kernel-scp-dest");
        Path file = Files.writeString(work.resolve("a-file"), "x");

        expect(2, "lttbench fleet: Missing required option: '--out=DIR' (see lttbench fleet --help)", "fleet", trace.toString());
        expect(3, "lttbench fleet: " + work.resolve("nowhere") + ": no such file or directory", "fleet",
                work.resolve("nowhere").toString(), "--out", work.resolve("out").toString());
        expect(3, "lttbench fleet: " + work + ": holds no CTF trace: no directory at or below it has a metadata file",
                "fleet", work.toString(), "--out", work.resolve("out").toString());
        expect(2, "lttbench fleet: --out " + file + ": is a file, not a directory", "fleet", trace.toString(), "--out",
                file.toString());
        expect(2, "lttbench fleet: --top 0: give a positive number of rows", "fleet", "--top", "0", trace.toString(),
                "--out", work.resolve("out").toString());
    }

    private static void expect(int code, String line, String... args) {
        Result r = run(args);
        assertEquals(code, r.code, r.err);
        assertEquals(line, r.err.strip());
        assertFalse(r.err.contains("\tat "), "no stack trace");
        assertEquals("", r.out);
    }

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }
}

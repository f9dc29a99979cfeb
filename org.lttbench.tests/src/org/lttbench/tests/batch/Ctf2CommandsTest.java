package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;

/**
 * The commands that read traces take CTF 2 as they take CTF 1.8: {@code analyze} (every analysis, every format) and
 * {@code lami} give, on a CTF 2 copy of a shared trace (its metadata rewritten as CTF 2, the same data streams), the
 * output they give on the original, but for the trace's path; the Eclipse application reads a real CTF 2 trace.
 */
class Ctf2CommandsTest {

    private static void assertSameOutput(String trace, List<String> command) throws Exception {
        Path original = TestPaths.trace(trace);
        Path copy = TestPaths.ctf2Copy(trace, "ctf2-commands-" + trace);
        List<String> a = new ArrayList<>(command);
        a.add(original.toString());
        List<String> b = new ArrayList<>(command);
        b.add(copy.toString());
        LauncherTest.Result one = InProcessCli.run(a.toArray(String[]::new));
        LauncherTest.Result two = InProcessCli.run(b.toArray(String[]::new));
        assertEquals(one.code(), two.code(), command + ": " + two);
        assertEquals(same(one.out()), same(two.out().replace(copy.toString(), original.toString())), command + " on " + trace);
        assertEquals(same(one.err()), same(two.err().replace(copy.toString(), original.toString())), command + " on " + trace);
        assertTrue(!one.out().isEmpty() || !one.err().isEmpty());
    }

    /** Text tables pad a column to its longest value, a path here: spaces do not count. */
    private static String same(String output) {
        return output.replaceAll(" +", " ");
    }

    @Test
    void analyzeKernelTrace() throws Exception {
        assertSameOutput("kernel-many-threads", List.of("analyze", "--format", "json", "--rows", "all"));
        assertSameOutput("kernel-many-threads", List.of("analyze", "--by", "process", "--begin", "1457113582900000000",
                "--end", "1457113583100000000"));
    }

    @Test
    void analyzeUserSpaceTraceWithLosses() throws Exception {
        assertSameOutput("ust-hello-lost", List.of("analyze", "--format", "csv"));
    }

    /** The Eclipse application (headless Equinox, the core bundle with Gson from the platform) reads CTF 2 too. */
    @Test
    void eclipseApplicationReadsCtf2() throws Exception {
        String trace = TestPaths.traceCtf2("trace-with-index").toString();
        LauncherTest.Result app = BatchApplicationTest.runApplication("dump", "--count", trace);
        assertEquals(0, app.code(), app.err());
        assertTrue(app.out().contains("events: 4000\n"), app.out());
        LauncherTest.Result bad = BatchApplicationTest.runApplication("dump", TestPaths.traceCtf2("vl-ints").resolve("stream")
                .toString());
        assertEquals(3, bad.code(), bad.toString());
    }

    @Test
    void lami() throws Exception {
        for (String analysis : List.of("process", "overhead", "discarded")) {
            assertSameOutput("session-multi-domains", List.of("lami", analysis));
        }
        assertSameOutput("kernel-bigendian", List.of("lami", "process", "--output-progress"));
    }
}

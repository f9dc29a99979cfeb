package org.lttbench.tracecompass.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExtension;
import org.eclipse.core.runtime.Platform;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.junit.jupiter.api.Test;
import org.lttbench.testing.TestFiles;
import org.lttbench.tracecompass.tests.TraceCompassTraces;
import org.osgi.framework.Bundle;

/**
 * LTTbench's Eclipse applications inside Trace Compass's runtime, started as Equinox starts them (the application
 * extension's class, {@link IApplication#start}): {@code org.lttbench.core.batch} (LTTbench's own batch run) and
 * {@code org.lttbench.tracecompass.core.analyze} (the analysis as Trace Compass runs it: its trace types, its module)
 * print exactly what {@code ./lttbench analyze --format json} prints for the same traces, run as a user runs it (the
 * launcher script, in its own JVM); on a trace cut in the middle of a packet they fail as it fails, with its message.
 */
class ApplicationsTest {

    record Run(int code, String out, String err) {
    }

    /** What {@code ./lttbench ARGS...} prints, in its own process. */
    static Run cli(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("lttbench.repo")).resolve("lttbench").toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile("lttbench", ".out");
        Path err = Files.createTempFile("lttbench", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the command line finishes");
            return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    /** Starts the application of that id from its extension, with those arguments; what it printed and returned. */
    static synchronized Run application(String id, String... args) throws Exception {
        IExtension extension = Platform.getExtensionRegistry().getExtension("org.eclipse.core.runtime.applications", id);
        assertNotNull(extension, "the application " + id + " is registered");
        IConfigurationElement run = extension.getConfigurationElements()[0].getChildren("run")[0];
        IApplication application = (IApplication) run.createExecutableExtension("class");
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Object result;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            result = application.start(new Context(args));
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        return new Run((Integer) result, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The context Equinox gives an application: its arguments. */
    private record Context(String[] args) implements IApplicationContext {
        @Override
        public Map<String, Object> getArguments() {
            return Map.of(IApplicationContext.APPLICATION_ARGS, args);
        }

        @Override
        public void applicationRunning() {
        }

        @Override
        public String getBrandingApplication() {
            return null;
        }

        @Override
        public String getBrandingName() {
            return null;
        }

        @Override
        public String getBrandingDescription() {
            return null;
        }

        @Override
        public String getBrandingId() {
            return null;
        }

        @Override
        public String getBrandingProperty(String key) {
            return null;
        }

        @Override
        public Bundle getBrandingBundle() {
            return null;
        }

        @Override
        public void setResult(Object result, IApplication application) {
        }
    }

    /** Equal texts, or a failure showing the first line that differs (JSON of thousands of lines). */
    static void assertSameText(String expected, String actual, String what) {
        if (expected.equals(actual)) {
            return;
        }
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        int i = 0;
        while (i < e.length && i < a.length && e[i].equals(a[i])) {
            i++;
        }
        StringBuilder context = new StringBuilder();
        for (int j = Math.max(0, i - 6); j < i; j++) {
            context.append("\n    ").append(e[j]);
        }
        assertEquals(i < e.length ? e[i] : "(end)", i < a.length ? a[i] : "(end)",
                what + ": line " + (i + 1) + " of " + e.length + " differs, after:" + context);
    }

    @Test
    void bothApplicationsPrintWhatTheCommandLinePrints() throws Exception {
        for (String name : List.of("kernel-scp-src", "kernel-bigendian")) {
            String trace = TraceCompassTraces.shared(name).toString();
            Run cli = cli("analyze", "--format", "json", trace);
            assertEquals(0, cli.code(), cli.err());
            for (String id : List.of("org.lttbench.core.batch", "org.lttbench.tracecompass.core.analyze")) {
                Run app = id.equals("org.lttbench.core.batch") ? application(id, "analyze", "--format", "json", trace)
                        : application(id, "--format", "json", trace);
                assertEquals(0, app.code(), id + ": " + app.err());
                assertSameText(cli.out(), app.out(), id + " on " + name + ": the command line's JSON, byte for byte");
                System.out.println(id + " on " + name + ": " + app.out().length() + " characters of JSON, the command line's");
            }
        }
    }

    @Test
    void aKernelAndUserSpaceExperimentGivesTheCommandLinesReports() throws Exception {
        String kernel = TraceCompassTraces.shared("session-multi-domains/kernel").toString();
        String ust = TraceCompassTraces.shared("session-multi-domains/ust").toString();
        Run cli = cli("analyze", "--format", "json", kernel, ust);
        assertEquals(0, cli.code(), cli.err());
        Run app = application("org.lttbench.tracecompass.core.analyze", "--format", "json", kernel, ust);
        assertEquals(0, app.code(), app.err());
        assertSameText(cli.out(), app.out(), "an experiment of the kernel and the UST trace: the command line's JSON");
    }

    /**
     * The analysis in Trace Compass says on stderr what the command line says (the analyses it left out, that events
     * were lost), and opens CTF 2 traces Trace Compass's own reader cannot read through LTTbench's trace types, with
     * the command line's output: LTTng's CTF 2 user-space traces, a CTF 2 copy of a kernel trace, a trace that lost
     * events.
     */
    @Test
    void stderrAndCtf2TracesAreTheCommandLines() throws Exception {
        Path copy = org.lttbench.core.ctf.Ctf2Copy.copy(TraceCompassTraces.shared("kernel-scp-src"),
                TraceCompassTraces.work("app-ctf2-copy").resolve("kernel-scp-src")).get(0);
        for (Path trace : List.of(TraceCompassTraces.shared("ust-hello-lost"), TraceCompassTraces.ctf2("trace-with-index"),
                TraceCompassTraces.ctf2("debug-info"), TraceCompassTraces.ctf2("lttng-crash"), copy)) {
            for (String format : List.of("json", "csv")) {
                Run cli = cli("analyze", "--format", format, trace.toString());
                assertEquals(0, cli.code(), cli.err());
                Run app = application("org.lttbench.tracecompass.core.analyze", "--format", format, trace.toString());
                assertEquals(0, app.code(), app.err());
                assertSameText(cli.out(), app.out(), trace + " " + format + ": stdout");
                assertSameText(cli.err(), app.err(), trace + " " + format + ": stderr");
            }
            System.out.println("org.lttbench.tracecompass.core.analyze on " + trace.getFileName()
                    + ": the command line's stdout and stderr, in JSON and CSV");
        }
    }

    /** A copy of kernel-scp-src whose stream file (packets of 256 KiB) has its fourth packet's magic number damaged. */
    static Path damagedCopy(String name) throws IOException {
        Path trace = TraceCompassTraces.work(name).resolve("kernel-scp-src");
        TraceCompassTraces.copy(TraceCompassTraces.shared("kernel-scp-src"), trace);
        try (RandomAccessFile f = new RandomAccessFile(trace.resolve("channel0_0").toFile(), "rw")) {
            f.seek(786_432);
            f.write(new byte[] { (byte) 0xef, (byte) 0xbe, (byte) 0xad, (byte) 0xde });
        }
        return trace;
    }

    @Test
    void aDamagedTraceFailsAsTheCommandLineFails() throws Exception {
        Path trace = damagedCopy("damaged-app");
        Run cli = cli("analyze", "--format", "json", trace.toString());
        assertEquals(3, cli.code(), cli.err());
        String message = cli.err().strip().substring("lttbench analyze: ".length());
        assertTrue(message.startsWith(trace.resolve("channel0_0") + " at byte 786432: bad packet magic number"), message);
        Run app = application("org.lttbench.tracecompass.core.analyze", "--format", "json", trace.toString());
        assertEquals(3, app.code());
        assertEquals("lttbench (Trace Compass): " + message, app.err().strip());
        assertEquals("", app.out());
    }

    /**
     * A trace whose stream file ends inside a packet (copied while it was written) is read up to that packet, as the
     * command line reads it: the same reports, the same warning, exit 6.
     */
    @Test
    void aTraceCutShortIsReadInPartAsTheCommandLineReadsIt() throws Exception {
        Path trace = TraceCompassTraces.work("truncated-app").resolve("kernel-scp-src");
        TraceCompassTraces.copy(TraceCompassTraces.shared("kernel-scp-src"), trace);
        TestFiles.cutShort(trace.resolve("channel0_0"));
        Run cli = cli("analyze", "--format", "json", trace.toString());
        assertEquals(6, cli.code(), cli.err());
        assertTrue(cli.err().contains("lttbench analyze: warning: " + trace.resolve("channel0_0") + ": cut short at byte "
                + TestFiles.CUT_AT + ", inside the packet at byte 786432 (of 262144 bytes): read up to byte 786432, so the"
                + " traces are read in part"), cli.err());
        Run app = application("org.lttbench.tracecompass.core.analyze", "--format", "json", trace.toString());
        assertEquals(6, app.code(), app.err());
        assertSameText(cli.out(), app.out(), "stdout");
        assertSameText(cli.err().replace("lttbench analyze: ", "lttbench (Trace Compass): "), app.err(), "stderr");
    }
}

package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordPrinter;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.tests.TestPaths;

/**
 * {@code dump}'s text is babeltrace2's default text, line for line, on the shared traces babeltrace2's muxer can
 * order (not those whose packets overlap, nor ust-experiment-libc, where events of separate traces share
 * timestamps and the two tools break those ties differently). Our loss lines, which babeltrace2 writes to stderr
 * instead, are left out of the comparison and counted against babeltrace2's warnings.
 */
class TextFormatTest {
    /** A quoted string value in babeltrace2's text (escaped quotes and backslashes inside). */
    private static final Pattern STRING_VALUE = Pattern.compile("= \"(\\\\.|[^\"\\\\])*\"");

    static List<Path> traces() throws IOException {
        return SharedTraces.all().stream().filter(p -> !List.of("kernel-scp-src", "kernel-scp-dest", "ust-hello-lost",
                "ust-experiment-libc").contains(p.getFileName().toString())).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void textIsBabeltrace2s(Path trace) throws Exception {
        compare(trace, line -> true);
    }

    /** Compares the text of a trace, on the lines {@code which} keeps, with babeltrace2's; prints what it saw. */
    static void compare(Path trace, Predicate<String> which) throws IOException, InterruptedException {
        StringWriter ours = new StringWriter();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            set.read(new RecordPrinter(ours, RecordPrinter.Format.TEXT), ProgressListener.NONE);
        }
        List<String> ourLines = ours.toString().lines().toList();
        List<String> ourEvents = ourLines.stream().filter(l -> !l.startsWith("WARNING: ")).toList();
        Path err = Files.createTempFile(Files.createDirectories(TestPaths.work()), "bt2-text", ".err");
        Process p = new ProcessBuilder("babeltrace2", trace.toString()).redirectError(err.toFile()).start();
        List<String> theirs = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(p.waitFor(10, TimeUnit.MINUTES));
        List<String> warnings = Files.readAllLines(err).stream().filter(l -> l.startsWith("WARNING: Tracer discarded"))
                .toList();
        Files.delete(err);
        assertEquals(0, p.exitValue());
        assertEquals(theirs.size(), ourEvents.size(), "lines");
        int staleStrings = 0;
        int compared = 0;
        for (int i = 0; i < theirs.size(); i++) {
            String t = theirs.get(i);
            String o = ourEvents.get(i);
            if (!which.test(o)) {
                continue;
            }
            compared++;
            if (!t.equals(o)) {
                if (!sameButEmptiedStrings(t, o)) {
                    fail("line " + (i + 1) + " differs\n  babeltrace2: " + t + "\n  ours:        " + o);
                }
                staleStrings++;
            }
        }
        assertEquals(warnings.size(), ourLines.size() - ourEvents.size(), "loss lines");
        System.out.printf("text %s: %d lines identical to babeltrace2's (%d more where babeltrace2 2.0.4 shows a stale"
                + " value for an empty string)%n", trace.getFileName(), compared - staleStrings, staleStrings);
    }

    /**
     * Whether {@code ours} is {@code theirs} with some string values empty: babeltrace2 2.0.4 prints the value an
     * earlier event left in a reused field for an empty string (fixed upstream: "clear_string_field(): set first
     * character to 0").
     */
    private static boolean sameButEmptiedStrings(String theirs, String ours) {
        Matcher t = STRING_VALUE.matcher(theirs);
        Matcher o = STRING_VALUE.matcher(ours);
        int ti = 0;
        int oi = 0;
        while (t.find()) {
            if (!o.find() || !theirs.substring(ti, t.start()).equals(ours.substring(oi, o.start()))) {
                return false;
            }
            if (!t.group().equals(o.group()) && !o.group().equals("= \"\"")) {
                return false;
            }
            ti = t.end();
            oi = o.end();
        }
        return !o.find() && theirs.substring(ti).equals(ours.substring(oi));
    }
}

package org.lttbench.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How many of our figures or records the tests held to each independent reference, written as they go to
 * {@code target/test-work/comparisons.tsv} (one line per test step: reference, count, what) for
 * {@code releng/scripts/comparisons} to sum at the end of a run ({@code .ci/run} prints it). A comparison is one record,
 * table row or figure found equal to the reference's, or different exactly as a stated explanation says.
 */
public final class Comparisons {
    /** The references, by the name the summary prints. */
    public enum Reference {
        BABELTRACE2("babeltrace2"), LTTNG_ANALYSES("lttng-analyses"), RECORDING("real LTTng recordings");

        private final String label;

        Reference(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private static boolean started;

    private Comparisons() {
    }

    /** Counts {@code n} comparisons of {@code what} against {@code reference}; the first call of a test run starts the file anew. */
    public static synchronized void count(Reference reference, long n, String what) {
        Path file = TestPaths.work().resolve("comparisons.tsv");
        try {
            Files.createDirectories(file.getParent());
            String line = reference.label() + "\t" + n + "\t" + what.replace('\t', ' ').replace('\n', ' ') + "\n";
            if (!started) {
                Files.writeString(file, line, StandardCharsets.UTF_8);
                started = true;
            } else {
                Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

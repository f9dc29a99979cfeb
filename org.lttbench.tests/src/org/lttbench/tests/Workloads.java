package org.lttbench.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The workload programs the build makes ({@code lttbench.workloads}: fieldzoo, burst, spans, work). */
public final class Workloads {
    private Workloads() {
    }

    /** The program of that name. */
    public static Path program(String name) {
        return Path.of(System.getProperty("lttbench.workloads"), name);
    }

    /**
     * Runs fieldzoo with those arguments, asserting it ends well within {@code minutes}; returns the number of events
     * it says it emitted.
     */
    public static long fieldzoo(int minutes, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(program("fieldzoo").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(minutes, TimeUnit.MINUTES), "fieldzoo finished");
        assertEquals(0, p.exitValue(), "fieldzoo: " + out);
        return Long.parseLong(out);
    }
}

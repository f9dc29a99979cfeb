package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code ./lttbench}, the repository's launcher, run as a user runs it: the figures the server's tables must equal. */
final class CommandLine {
    private CommandLine() {
    }

    /** {@code ./lttbench analyze ARGS... --format json TRACE}'s report (the test fails if it exits with an error). */
    static JsonObject analyze(Path trace, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("lttbench.repo")).resolve("lttbench").toString());
        command.add("analyze");
        command.addAll(List.of(args));
        command.addAll(List.of("--format", "json", trace.toString()));
        Path work = Files.createDirectories(Path.of(System.getProperty("lttbench.work")));
        Path out = Files.createTempFile(work, "cli", ".json");
        Path err = Files.createTempFile(work, "cli", ".err");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        int code = p.waitFor();
        assertEquals(0, code, command + ": " + Files.readString(err, StandardCharsets.UTF_8));
        return JsonParser.parseString(Files.readString(out, StandardCharsets.UTF_8)).getAsJsonObject();
    }
}

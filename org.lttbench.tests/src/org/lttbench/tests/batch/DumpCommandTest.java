package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.batch.LttbenchCommand;
import org.lttbench.tests.TestPaths;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import picocli.CommandLine;

/** {@code lttbench dump}: its formats, its counts, and its one-line errors with distinct exit codes. */
class DumpCommandTest {

    private record Run(int code, String out, String err) {
    }

    private static Run dump(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = LttbenchCommand.commandLine("dump").setOut(new PrintWriter(out)).setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "dump";
        System.arraycopy(args, 0, all, 1, args.length);
        int code = cl.execute(all);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void countMatchesTheJsonlLines() {
        String trace = TestPaths.trace("ust-hello-lost").toString();
        Run jsonl = dump("--format", "jsonl", trace);
        assertEquals(0, jsonl.code(), jsonl.err());
        List<String> lines = jsonl.out().lines().toList();
        long events = lines.stream().filter(l -> l.contains("\"name\":")).count();
        Run count = dump("--count", trace);
        assertEquals(0, count.code(), count.err());
        assertEquals("events: " + events + "\nloss records: " + (lines.size() - events), count.out().strip());
        assertTrue(lines.size() > events, "this trace has loss records");
        JsonObject first = JsonParser.parseString(lines.get(0)).getAsJsonObject();
        for (String key : List.of("ts", "name", "cpu", "stream", "fields")) {
            assertTrue(first.has(key), key);
        }
    }

    @Test
    void textIsBabeltrace2Style() {
        Run text = dump(TestPaths.trace("ust-wk-heartbeat-2.0").toString());
        assertEquals(0, text.code());
        String first = text.out().lines().findFirst().orElseThrow();
        assertTrue(first.matches("\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{9}\\] \\(\\+\\?\\.\\?{9}\\) .* heartbeat:msg: \\{ cpu_id = \\d+ \\}, "
                + "\\{ vtid = \\d+, vpid = \\d+ \\}, \\{ msg = \"heartbeat\" \\}"), first);
    }

    @Test
    void missingTraceIsOneLineAndExitThree() {
        Run r = dump("/no/such/trace");
        assertEquals(3, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("/no/such/trace") && r.err().contains("no such file"), r.err());
        assertFalse(r.err().contains("Exception"), "no stack trace");
    }

    @Test
    void fileInsteadOfDirectoryIsExitThree() throws Exception {
        Path file = TestPaths.trace("ust-wk-heartbeat-2.0").resolve("metadata");
        Run r = dump(file.toString());
        assertEquals(3, r.code());
        assertTrue(r.err().contains("not a trace directory"), r.err());
    }

    @Test
    void directoryWithoutTraceIsExitThree() throws Exception {
        Path empty = Files.createDirectories(TestPaths.workDir("dump-empty").resolve("nothing"));
        Run r = dump(empty.toString());
        assertEquals(3, r.code());
        assertTrue(r.err().contains("no CTF trace"), r.err());
    }

    @Test
    void badFormatIsAUsageError() {
        Run r = dump("--format", "xml", TestPaths.trace("ust-wk-heartbeat-2.0").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--format must be text or jsonl"), r.err());
    }

    @Test
    void noTraceIsAUsageError() {
        assertEquals(2, dump().code());
    }
}

package org.lttbench.traceserver.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lttbench.traceserver.tests.Tsp.Polled;

import com.google.gson.JsonObject;

/**
 * LTTbench's report tables through the server equal {@code ./lttbench analyze --format json} on the same trace, row for
 * row and cell for cell: the threads table and the processes table of the process analysis on kernel-many-threads
 * (8,592 threads). Once when the server has indexed the trace; once asked as soon as the experiment exists, as the
 * Trace Viewer asks, where an answer that says COMPLETED must be the whole table (one still RUNNING may be partial). The
 * time to the first answer and to the last, for the threads table (both ways) and the thread states' tree asked with it,
 * are written to {@code test-work/timings.txt}.
 */
class TablesAgainstCliTest {
    private static final String TRACE = "kernel-many-threads";
    private static final String THREADS = "org.lttbench.tracecompass.provider.table:process.thread.threads";
    private static final String PROCESSES = "org.lttbench.tracecompass.provider.table:process.process.processes";
    private static JsonObject byThread;
    private static JsonObject byProcess;

    @BeforeAll
    static void commandLine() throws Exception {
        byThread = CommandLine.analyze(ServerTraces.shared(TRACE), "--analysis", "process");
        byProcess = CommandLine.analyze(ServerTraces.shared(TRACE), "--analysis", "process", "--by", "process");
        assertEquals(8592, byThread.getAsJsonArray("threads").size(), "the traces README's thread count");
    }

    @Test
    void processTablesEqualTheCommandLines() throws Exception {
        Tsp tsp = new Tsp(TraceServer.shared().base());
        String experiment = ServerTraces.experiment(tsp, "cli " + TRACE, TRACE);
        Polled threads = tsp.fetch(experiment, "data", THREADS, "tree", new JsonObject());
        timing("threads table, asked once the server indexed the trace", threads);
        assertEquals("COMPLETED", threads.last().status(), threads.last().toString());
        assertEquals(List.of(), ServerTables.differences(threads.last().model(), byThread.getAsJsonArray("threads"), 20));
        Polled processes = tsp.fetch(experiment, "data", PROCESSES, "tree", new JsonObject());
        assertEquals("COMPLETED", processes.last().status(), processes.last().toString());
        assertEquals(List.of(), ServerTables.differences(processes.last().model(), byProcess.getAsJsonArray("processes"), 20));
    }

    @Test
    void answersAskedAsSoonAsTheExperimentExistsAreWholeWhenCompleted() throws Exception {
        Tsp tsp = new Tsp(TraceServer.shared().base());
        String trace = tsp.trace(ServerTraces.shared(TRACE), TRACE);
        // not waiting for the server's indexing: the Trace Viewer lists the outputs and asks as soon as it has the experiment
        String experiment = tsp.createExperiment("early " + TRACE, List.of(trace));
        JsonObject none = new JsonObject();
        CompletableFuture<Polled> threadStates = CompletableFuture.supplyAsync(() -> tree(tsp, experiment, "timeGraph",
                "org.lttbench.tracecompass.provider.threadstates"));
        CompletableFuture<Polled> waits = CompletableFuture.supplyAsync(() -> tree(tsp, experiment, "data",
                "org.lttbench.tracecompass.provider.table:waits.thread.blocked_by_cause"));
        Polled threads = tsp.fetch(experiment, "data", THREADS, "tree", none);
        Polled states = threadStates.get();
        Polled blocked = waits.get();
        timing("waits table (made once the pass is over), asked with it", blocked);
        // a table made after the pass answers at once too, without rows, rather than holding the request until then
        assertEquals("RUNNING", blocked.firstStatus(), "the waits table's first answer, asked at once");
        assertEquals("COMPLETED", blocked.last().status(), blocked.last().toString());
        timing("threads table, asked as soon as the experiment existed", threads);
        timing("thread states tree, asked with it", states);
        // asked before the pass ended: what it knew so far, RUNNING, then the whole table
        assertEquals("RUNNING", threads.firstStatus(), "the threads table's first answer, asked at once");
        assertEquals("RUNNING", states.firstStatus(), "the thread states' first answer, asked at once");
        assertEquals("COMPLETED", threads.last().status(), threads.last().toString());
        assertEquals(List.of(), ServerTables.differences(threads.last().model(), byThread.getAsJsonArray("threads"), 20),
                "the threads table asked at once, answered COMPLETED");
        assertEquals("COMPLETED", states.last().status(), states.last().toString());
        // one row per thread, under processes: at least as many entries as threads
        int entries = states.last().model().getAsJsonArray("entries").size();
        assertEquals(true, entries >= 8592, entries + " thread states entries, answered COMPLETED");
    }

    private static Polled tree(Tsp tsp, String experiment, String kind, String output) {
        try {
            return tsp.fetch(experiment, kind, output, "tree", new JsonObject());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void timing(String what, Polled p) throws Exception {
        int rows = p.last().code() == 200 && p.last().object().get("model").isJsonObject()
                ? p.last().model().getAsJsonArray("entries").size() : -1;
        String line = String.format("%s %s: first answer %d ms (%s), first with rows %s, last %d ms (%s, %d rows), "
                + "%d answers, %d RUNNING%n", TRACE, what, p.first().toMillis(), p.firstStatus(),
                p.firstData() == null ? "none" : p.firstData().toMillis() + " ms", p.done().toMillis(), p.last().status(),
                rows, p.answers(), p.running());
        System.out.print(line);
        Path file = Files.createDirectories(Path.of(System.getProperty("lttbench.work"))).resolve("timings.txt");
        Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}

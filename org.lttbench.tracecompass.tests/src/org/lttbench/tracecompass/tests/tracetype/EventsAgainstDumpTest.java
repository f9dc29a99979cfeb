package org.lttbench.tracecompass.tests.tracetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordPrinter;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.testing.LineWriter;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchKernelTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchUstTrace;
import org.lttbench.tracecompass.core.tracetype.TraceEvent;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * Every CTF 2 trace of {@code ../shared/traces-ctf2} opens through LTTbench's trace type, and Trace Compass's read of
 * it (an event request, as its views and analyses read) gives {@code ./lttbench dump --format jsonl}'s records, event
 * for event: time, name, CPU, stream, every payload and context field by value, losses as lost events. The two with
 * a CTF 1.8 twin among the shared traces give babeltrace2's reading of the twin too, stream by stream. Every trace of
 * {@code ../shared/traces} (CTF 1.8) read through the same type gives its dump's records as well.
 */
class EventsAgainstDumpTest {
    /** CTF 2 trace, its CTF 1.8 twin among the shared traces (same UUID, same data stream files). */
    private static final Map<String, String> TWINS = Map.of("trace-with-index", "ust-trace-with-index", "lttng-crash",
            "ust-lttng-crash");

    static List<Path> ctf2() throws IOException {
        return TraceCompassTraces.ctf2Traces();
    }

    /** Every trace directory of the shared CTF 1.8 traces (session directories hold several). */
    static List<Path> ctf18() throws IOException {
        try (Stream<Path> walk = Files.walk(TraceCompassTraces.shared(""))) {
            return walk.filter(p -> p.getFileName().toString().equals("metadata")).map(Path::getParent).sorted().toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ctf2")
    void ctf2TraceOpensAndItsEventsAreTheDumps(Path dir) throws Exception {
        LttbenchCtfTrace trace = TraceCompassTraces.lttbench(dir);
        try {
            String domain = String.valueOf(trace.getEnvironment().get("domain"));
            assertEquals(domain.equals("kernel") ? LttbenchKernelTrace.class
                    : domain.equals("ust") ? LttbenchUstTrace.class : LttbenchCtfTrace.class, trace.getClass());
            List<ITmfEvent> events = request(trace);
            TraceCompassTraces.Cli dump = TraceCompassTraces.cli("dump", "--format", "jsonl", dir.toString());
            assertEquals(0, dump.code(), dump.err());
            List<String> lines = dump.out().lines().toList();
            assertEquals(lines.size(), events.size(), "as many events as the dump has records");
            for (int i = 0; i < lines.size(); i++) {
                ITmfEvent e = events.get(i);
                String line = lines.get(i);
                assertEquals(i, e.getRank(), "ranks follow the read");
                String d = DumpRecords.difference(line, e);
                assertNull(d, () -> dir.getFileName() + ": event " + e.getRank() + " differs from the dump's record at "
                        + d + ":\n  dump: " + line + "\n  ours: " + e + " " + e.getContent());
            }
            String twin = TWINS.get(dir.getFileName().toString());
            if (twin != null) {
                sameAsBabeltrace2(events, TraceCompassTraces.shared(twin));
            }
            System.out.printf("%s (%s): %d events, the dump's%s%n", dir.getFileName(), trace.getClass().getSimpleName(),
                    events.size(), twin == null ? "" : ", and babeltrace2's of " + twin);
        } finally {
            TraceCompassTraces.close(trace);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ctf18")
    void ctf18TraceReadThroughTheTypeGivesItsDump(Path dir) throws Exception {
        LttbenchCtfTrace trace = TraceCompassTraces.lttbench(dir);
        long[] n = { 0 };
        ITmfContext context = trace.seekEvent(0);
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            // the dump's printer (what ./lttbench dump --format jsonl runs), each line held to the next event
            set.read(new RecordPrinter(new LineWriter(line -> {
                ITmfEvent e = trace.getNext(context);
                if (e == null) {
                    fail(dir + ": the trace type ends before the dump's record " + n[0] + ": " + line);
                }
                String d = DumpRecords.difference(line, e);
                if (d != null) {
                    fail(dir + ": event " + n[0] + " differs at " + d + "\n  dump: " + line + "\n  ours: " + e + " "
                            + e.getContent());
                }
                n[0]++;
            }), RecordPrinter.Format.JSONL), ProgressListener.NONE);
            assertNull(trace.getNext(context), "no event after the dump's last record");
        } finally {
            context.dispose();
            TraceCompassTraces.close(trace);
        }
        assertTrue(n[0] > 0, "events read");
    }

    /** Every event, as a Trace Compass event request reads them. */
    static List<ITmfEvent> request(LttbenchCtfTrace trace) throws InterruptedException {
        List<ITmfEvent> events = new ArrayList<>();
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0,
                ITmfEventRequest.ALL_DATA, ITmfEventRequest.ExecutionType.FOREGROUND) {
            @Override
            public void handleData(ITmfEvent event) {
                super.handleData(event);
                events.add(event);
            }
        };
        trace.sendRequest(request);
        request.waitForCompletion();
        assertTrue(request.isCompleted() && !request.isFailed(), String.valueOf(request.getFailureCause()));
        return events;
    }

    /** babeltrace2's records of the twin (python3-bt2, the core tests' script), stream by stream, are ours. */
    private static void sameAsBabeltrace2(List<ITmfEvent> events, Path twin) throws Exception {
        Path script = Path.of(System.getProperty("lttbench.repo")).resolve("org.lttbench.tests/scripts/bt2_dump.py");
        Path out = Files.createTempFile("bt2", ".jsonl");
        try {
            Process p = new ProcessBuilder("/usr/bin/python3", script.toString(), twin.toString())
                    .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            assertTrue(p.waitFor(5, TimeUnit.MINUTES));
            assertEquals(0, p.exitValue(), "bt2_dump.py " + twin);
            Map<String, Deque<ITmfEvent>> ours = new LinkedHashMap<>();
            for (ITmfEvent e : events) {
                ours.computeIfAbsent(((TraceEvent) e).getChannel(), k -> new ArrayDeque<>()).add(e);
            }
            long n = 0;
            for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
                String stream = line.substring(line.indexOf(",\"stream\":\"") + 11);
                stream = stream.substring(0, stream.indexOf('"'));
                Deque<ITmfEvent> mine = ours.get(stream);
                ITmfEvent e = mine == null ? null : mine.poll();
                assertInstanceOf(TraceEvent.class, e, "an event of ours for babeltrace2's record " + line);
                assertNull(DumpRecords.difference(line, e), "babeltrace2: " + line + "\n  ours: " + e.getContent());
                n++;
            }
            for (Deque<ITmfEvent> rest : ours.values()) {
                assertTrue(rest.isEmpty(), "events babeltrace2 does not have: " + rest.peek());
            }
            assertEquals(events.size(), n);
        } finally {
            Files.delete(out);
        }
    }
}

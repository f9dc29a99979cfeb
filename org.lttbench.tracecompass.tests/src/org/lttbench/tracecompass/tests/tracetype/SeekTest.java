package org.lttbench.tracecompass.tests.tracetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.location.TmfLongLocation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.Ctf2Copy;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;
import org.lttbench.tracecompass.tests.TraceCompassTraces;

/**
 * Seeking in a trace of LTTbench's type, by rank, by location and by time, anywhere, gives the event reading from the
 * start gives there: on every CTF 2 trace of {@code ../shared/traces-ctf2} and on CTF 2 copies of shared traces of
 * many streams, rotated files and losses; after Trace Compass indexed the trace, and on a trace nobody read before
 * (each seek then starts from where earlier seeks left positions).
 */
class SeekTest {
    private static final int SEEKS = 150;

    static List<Path> traces() throws IOException {
        List<Path> all = new ArrayList<>(TraceCompassTraces.ctf2Traces());
        Path copies = TraceCompassTraces.work("seek-copies");
        for (String name : List.of("kernel-scp-src", "kernel-tracefile-rotation", "kernel-uneven-streams-partial",
                "ust-hello-lost")) {
            all.addAll(Ctf2Copy.copy(TraceCompassTraces.shared(name), copies.resolve(name)));
        }
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void seekingGivesTheEventReadingFromTheStartGives(Path dir) throws Exception {
        List<String> events = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        LttbenchCtfTrace reader = TraceCompassTraces.lttbench(dir);
        try {
            ITmfContext c = reader.seekEvent(0);
            ITmfEvent e;
            while ((e = reader.getNext(c)) != null) {
                events.add(key(e));
                times.add(e.getTimestamp().toNanos());
            }
            c.dispose();
        } finally {
            TraceCompassTraces.close(reader);
        }
        assertTrue(!events.isEmpty(), "events in " + dir);
        Random random = new Random(dir.toString().hashCode());
        for (boolean indexed : new boolean[] { true, false }) {
            LttbenchCtfTrace trace = TraceCompassTraces.lttbench(dir);
            try {
                if (indexed) {
                    trace.indexTrace(true);
                    assertEquals(events.size(), trace.getNbEvents(), "Trace Compass's index counts every event");
                }
                for (int i = 0; i < SEEKS; i++) {
                    long rank = i == 0 ? events.size() - 1 : i == 1 ? 0 : random.nextInt(events.size());
                    ITmfContext ctx = i % 2 == 0 ? trace.seekEvent(rank) : trace.seekEvent(new TmfLongLocation(rank));
                    assertEquals(rank, ctx.getRank());
                    ITmfEvent e = trace.getNext(ctx);
                    assertEquals(events.get((int) rank), key(e), "the event at rank " + rank + (indexed ? "" : ", unindexed"));
                    if (rank + 1 < events.size()) {
                        assertEquals(events.get((int) rank + 1), key(trace.getNext(ctx)), "and the next one");
                    }
                    ctx.dispose();
                }
                if (!indexed) {
                    continue; // a seek by time goes through Trace Compass's checkpoints: once it indexed the trace
                }
                long first = times.stream().mapToLong(Long::longValue).min().getAsLong();
                long last = times.stream().mapToLong(Long::longValue).max().getAsLong();
                for (int i = 0; i < SEEKS; i++) {
                    long t = i == 0 ? first - 1 : i == 1 ? last + 1 : i % 3 == 0 ? times.get(random.nextInt(times.size()))
                            : first + (long) (random.nextDouble() * (last - first + 1));
                    int expected = 0;
                    while (expected < times.size() && times.get(expected) < t) {
                        expected++;
                    }
                    ITmfContext ctx = trace.seekEvent(TmfTimestamp.fromNanos(t));
                    ITmfEvent e = trace.getNext(ctx);
                    if (expected == times.size()) {
                        assertNull(e, "nothing at or after " + t);
                    } else {
                        assertEquals(events.get(expected), key(e), "the first event at or after " + t);
                        assertEquals(expected, e.getRank(), "its rank");
                    }
                    ctx.dispose();
                }
            } finally {
                TraceCompassTraces.close(trace);
            }
        }
        System.out.printf("%s: %d events, %d seeks by rank and location (indexed and not), %d by time: the events read"
                + " from the start%n", dir.getFileName(), events.size(), 2 * SEEKS, SEEKS);
    }

    private static String key(ITmfEvent e) {
        return e == null ? "(none)" : e.getRank() + " " + e.getTimestamp().toNanos() + " " + e.getName() + " "
                + e.getContent();
    }
}

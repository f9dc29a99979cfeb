package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.Packet;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;
import org.lttbench.tests.TestPaths;

/**
 * Every shared trace reads to its end, and the record stream keeps the reader's promises: events in time order,
 * each after its packet's notification and inside the packet's time range, and record sizes that add up to each
 * packet's content.
 */
class SharedTracesReadTest {
    /** Checks the invariants record by record. */
    private static final class InvariantSink implements RecordSink {
        final Map<Stream, Long> bytesInPacket = new HashMap<>();
        final Map<Stream, Long> contentBytes = new HashMap<>();
        /** Per stream, what a packet's content holds besides its events (header and context): the same for all. */
        final Map<Stream, Long> headerBytes = new HashMap<>();
        final Map<Stream, Integer> packetCpu = new HashMap<>();
        long events;
        long packets;
        long lastEventNs = Long.MIN_VALUE;
        TraceSet started;
        boolean ended;

        @Override
        public void start(TraceSet traces) {
            started = traces;
        }

        @Override
        public void packet(Packet p) {
            closePacket(p.stream());
            assertTrue(p.contentBits() <= p.sizeBits(), "content within packet");
            assertTrue(p.endNs() == -1 || p.beginNs() <= p.endNs(), "packet begins before it ends");
            contentBytes.put(p.stream(), p.contentBits() / 8);
            bytesInPacket.put(p.stream(), 0L);
            packetCpu.put(p.stream(), p.cpu());
            packets++;
        }

        @Override
        public void event(Event e) {
            Stream s = e.stream();
            assertTrue(bytesInPacket.containsKey(s), "an event comes after its packet's notification");
            assertTrue(e.timestamp() >= lastEventNs, "events in time order");
            lastEventNs = e.timestamp();
            assertEquals(packetCpu.get(s), e.cpu(), "event CPU is its packet's");
            assertTrue(e.sizeBytes() > 0);
            assertNotNull(e.type());
            assertSame(e.type(), started.eventTypes().get(e.type().index()), "dense event type index");
            assertSame(s, started.streams().get(s.index()), "dense stream index");
            bytesInPacket.merge(s, (long) e.sizeBytes(), Long::sum);
            events++;
        }

        @Override
        public void loss(Loss loss) {
            assertTrue(loss.count() > 0);
            assertTrue(loss.beginNs() <= loss.endNs());
        }

        @Override
        public void end() {
            for (Stream s : bytesInPacket.keySet().toArray(new Stream[0])) {
                closePacket(s);
            }
            ended = true;
        }

        private void closePacket(Stream s) {
            Long inPacket = bytesInPacket.remove(s);
            if (inPacket == null) {
                return;
            }
            long header = contentBytes.get(s) - inPacket;
            Long before = headerBytes.putIfAbsent(s, header);
            assertTrue(header > 0 && header < 4096, "packet header and context take " + header + " bytes in " + s);
            if (before != null) {
                assertEquals(before, header, "event sizes add up to the content of every packet of " + s);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(SharedTraces.EACH)
    void readsToTheEndKeepingItsPromises(Path trace) throws IOException {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            InvariantSink sink = new InvariantSink();
            long[] progress = { 0, 0 };
            set.read(sink, (done, total) -> {
                assertTrue(done >= progress[0] && done <= total);
                progress[0] = done;
                progress[1] = total;
            });
            assertSame(set, sink.started);
            assertTrue(sink.ended);
            assertTrue(sink.events > 0, "events read");
            assertEquals(set.totalBytes(), progress[0], "progress reaches the total");
            TimeRange span = set.span();
            assertTrue(span.begin() > 1_000_000_000_000_000_000L, "timestamps are ns since the epoch (after 2001)");
            assertFalse(sink.headerBytes.isEmpty());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(SharedTraces.EACH)
    void readsTheSameTwice(Path trace) throws IOException {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            long[] first = count(set);
            long[] second = count(set);
            assertEquals(first[0], second[0]);
            assertEquals(first[1], second[1]);
        }
    }

    /** Two threads reading one trace set at once get the same records (each read has its own cursors and maps). */
    @Test
    void twoThreadsReadOneSetAtOnce() throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("kernel-many-threads"),
                TestPaths.trace("ust-memory-libc")))) {
            long[] alone = count(set);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<long[]>> both = pool.invokeAll(List.of(() -> count(set), () -> count(set)));
                for (Future<long[]> f : both) {
                    assertArrayEquals(alone, f.get());
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    private static long[] count(CtfTraceSet set) throws IOException {
        long[] n = new long[2];
        set.read(new RecordSink() {
            @Override
            public void event(Event e) {
                n[0]++;
                n[1] += e.timestamp() ^ e.sizeBytes();
            }
        }, ProgressListener.NONE);
        return n;
    }
}

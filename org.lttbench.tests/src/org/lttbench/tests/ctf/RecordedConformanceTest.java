package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.lttng.ChannelConfig;
import org.lttbench.core.lttng.LttngSession;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.tests.Comparisons;
import org.lttbench.tests.Comparisons.Reference;
import org.lttbench.tests.LttngRecording;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.Workloads;

/**
 * User-space traces recorded now with real LTTng (the fieldzoo workload: every kind of field LTTng-UST writes),
 * read by us and by babeltrace2: identical, including the discarded events of a discard-mode channel with tiny
 * buffers and the lost packets of an overwrite-mode one. Where the workload knows the truth, we check it too.
 */
@ExtendWith(LttngRecording.class)
@Isolated
class RecordedConformanceTest {
    private static final long MIB = 1 << 20;

    private record Recording(Path dir, long emitted) {
    }

    /** Records the fieldzoo workload ({@code processes} runs with {@code args}) into a fresh session. */
    private static Recording record(String scenario, ChannelConfig channel, int processes, String... args)
            throws IOException, InterruptedException {
        Path out = TestPaths.workDir("ctf-recorded-" + scenario);
        String name = "ctf-" + scenario + "-" + ProcessHandle.current().pid();
        long emitted = 0;
        try (LttngSession session = LttngSession.create(name, out)) {
            session.enableChannel(channel);
            session.enableUserEvents(channel.name(), "fieldzoo:*");
            session.addUserContexts(channel.name(), "vpid", "vtid", "procname");
            session.start();
            for (int i = 0; i < processes; i++) {
                emitted += Workloads.fieldzoo(5, args);
            }
            session.stop();
        }
        return new Recording(out, emitted);
    }

    /** Compares every trace of the recording with babeltrace2; returns events and loss totals from our reader. */
    private static Totals conforms(Recording r) throws Exception {
        JsonlComparison.Counts c = JsonlComparison.compareAll(r.dir());
        Totals t = totals(r.dir());
        System.out.printf("conformance recorded %s: %d traces, %d events and %d loss records identical to"
                + " babeltrace2's (emitted %d, discarded %d, lost packets %d)%n", r.dir().getFileName(), c.traces(),
                c.events(), c.losses(), r.emitted(), t.discardedEvents, t.lostPackets);
        assertEquals(c.events(), t.events);
        Comparisons.count(Reference.BABELTRACE2, c.events() + c.losses(), "RecordedConformanceTest: records of "
                + r.dir().getFileName());
        // what the workload says it emitted, against the events read (and discarded): each test asserts it
        Comparisons.count(Reference.RECORDING, 1, "RecordedConformanceTest: events emitted by " + r.dir().getFileName());
        return t;
    }

    private static final class Totals implements RecordSink {
        long events;
        long discardedEvents;
        long lostPackets;
        long lossRecords;

        @Override
        public void event(Event e) {
            events++;
        }

        @Override
        public void loss(Loss loss) {
            lossRecords++;
            if (loss.kind() == Loss.Kind.DISCARDED_EVENTS) {
                discardedEvents += loss.count();
            } else {
                lostPackets += loss.count();
            }
        }
    }

    private static Totals totals(Path dir) throws IOException {
        Totals t = new Totals();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            set.read(t, ProgressListener.NONE);
        }
        return t;
    }

    @Test
    void normalChannel() throws Exception {
        Recording r = record("normal", new ChannelConfig("zoo", 4 * MIB, 4, false), 1, "3000");
        Totals t = conforms(r);
        assertEquals(0, t.lossRecords, "big buffers lose nothing");
        assertEquals(r.emitted(), t.events, "every event the workload emitted is read");
        // Text too, for the value kinds the shared traces lack (floats, infinities, NaN, enumerations). Strings
        // are left out: babeltrace2 prints bytes that are not UTF-8 raw, where we write \\xNN escapes.
        TextFormatTest.compare(r.dir(), line -> !line.contains(" fieldzoo:strings: "));
    }

    @Test
    void discardModeWithTinyBuffersLosesEventsAndSaysHowMany() throws Exception {
        Recording r = record("discard", new ChannelConfig("zoo", 4096, 2, false), 1, "200000", "ticks");
        Totals t = conforms(r);
        assertTrue(t.discardedEvents > 0, "tiny buffers discard events");
        assertEquals(r.emitted(), t.events + t.discardedEvents, "read + discarded = emitted");
    }

    @Test
    void overwriteModeWithTinyBuffersLosesPackets() throws Exception {
        Recording r = record("overwrite", new ChannelConfig("zoo", 4096, 2, true), 1, "200000", "ticks");
        Totals t = conforms(r);
        assertTrue(t.lostPackets > 0, "overwritten sub-buffers show as lost packets");
        assertTrue(t.events < r.emitted());
    }

    @Test
    void perProcessBuffers() throws Exception {
        Recording r = record("per-pid", new ChannelConfig("zoo", 4 * MIB, 4, false, ChannelConfig.Buffers.PER_PID, 0),
                2, "1000");
        Totals t = conforms(r);
        try (CtfTraceSet set = CtfTraceSet.open(List.of(r.dir()))) {
            assertEquals(2, set.traces().size(), "one trace per process");
        }
        assertEquals(r.emitted(), t.events);
    }

    @Test
    void tracefileRotationSplitsStreamsIntoFiles() throws Exception {
        Recording r = record("rotation", new ChannelConfig("zoo", 64 * 1024, 8, false, ChannelConfig.Buffers.PER_UID,
                128 * 1024), 1, "4000");
        try (Stream<Path> files = Files.walk(r.dir())) {
            assertTrue(files.anyMatch(p -> p.getFileName().toString().matches("zoo_\\d+_[1-9]\\d*")),
                    "some stream went on in a second file");
        }
        Totals t = conforms(r);
        assertEquals(r.emitted(), t.events + t.discardedEvents);
    }
}

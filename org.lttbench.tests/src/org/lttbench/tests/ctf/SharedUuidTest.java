package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.RecordCounter;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.Trace;
import org.lttbench.tests.TestPaths;

/**
 * Directories that share a UUID: two copies of one trace (or overlapping snapshots of one session) are two traces,
 * each read once, with no loss from the sequence numbers going back; the chunks of a session rotation, which do not
 * overlap, stay one trace.
 */
class SharedUuidTest {

    private static Path copies(String trace, String name) throws IOException {
        Path dir = TestPaths.workDir(name);
        for (String copy : List.of("a", "b")) {
            Path from = TestPaths.trace(trace);
            try (Stream<Path> files = Files.walk(from)) {
                for (Path p : files.toList()) {
                    Path to = dir.resolve(copy).resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(p, to);
                    }
                }
            }
        }
        return dir;
    }

    /** Loss records and events per trace, over one read. */
    private static final class Tally implements RecordSink {
        final List<Loss> losses = new ArrayList<>();
        long events;

        @Override
        public void loss(Loss loss) {
            losses.add(loss);
        }

        @Override
        public void event(org.lttbench.core.trace.Event e) {
            events++;
        }
    }

    @Test
    void twoCopiesAreTwoTracesWithoutNegativeLoss() throws Exception {
        Path dir = copies("ust-trace-with-index", "shared-uuid-copies");
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            assertEquals(2, set.traces().size(), "each copy is a trace");
            Set<Path> paths = new HashSet<>();
            for (Trace t : set.traces()) {
                paths.add(t.path());
                assertEquals(1, set.directories(t).size(), "one directory per copy");
            }
            assertEquals(Set.of(dir.resolve("a"), dir.resolve("b")), paths);
            Tally tally = new Tally();
            set.read(tally, ProgressListener.NONE);
            // 4,000 events per copy, as babeltrace2 counts the trace (../shared/traces/README.md); it lost nothing
            assertEquals(8_000, tally.events);
            assertEquals(List.of(), tally.losses, "no loss: a sequence number going back is not one");
        }
    }

    /** Each copy of a kernel trace is a machine of its own, named apart, with the figures of the trace alone. */
    @Test
    void copiesOfAKernelTraceGiveTheSameFiguresEach() throws Exception {
        Path dir = copies("kernel-scp-src", "shared-uuid-kernel-copies");
        Table alone = run(TestPaths.trace("kernel-scp-src")).table("threads");
        Table both = run(dir).table("threads");
        assertEquals(2 * alone.rows().size(), both.rows().size());
        Set<Object> hosts = new HashSet<>();
        for (int r = 0; r < both.rows().size(); r++) {
            hosts.add(both.cell(r, "host"));
        }
        assertEquals(Set.of("VM1 (a)", "VM1 (b)"), hosts, "two traces of one host are named by their directories");
        for (String host : List.of("VM1 (a)", "VM1 (b)")) {
            List<List<Object>> rows = new ArrayList<>();
            for (int r = 0; r < both.rows().size(); r++) {
                if (host.equals(both.cell(r, "host"))) {
                    List<Object> row = new ArrayList<>(java.util.Arrays.asList(both.rows().get(r)));
                    row.remove(0);
                    rows.add(row);
                }
            }
            List<List<Object>> want = new ArrayList<>();
            for (Object[] r : alone.rows()) {
                want.add(java.util.Arrays.asList(r));
            }
            assertEquals(want, rows, host);
        }
    }

    private static org.lttbench.core.report.Report run(Path trace) throws IOException {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            ProcessAnalysis a = new ProcessAnalysis(AnalysisOptions.DEFAULT);
            set.read(a, ProgressListener.NONE);
            return a.report();
        }
    }

    /** Session rotation: chunks that share a UUID but follow each other stay one trace per stream set. */
    @Test
    void rotationChunksStayOneTrace() throws Exception {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(TestPaths.trace("ust-session-rotation")))) {
            assertTrue(set.traces().stream().anyMatch(t -> set.directories(t).size() > 1), "chunks merged");
            RecordCounter counter = new RecordCounter();
            set.read(counter, ProgressListener.NONE);
            assertEquals(266, counter.events(), "babeltrace2's count (../shared/traces/README.md)");
        }
    }
}

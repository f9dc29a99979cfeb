package org.lttbench.tests.ctf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.ctf.Ctf2Copy;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.Trace;
import org.lttbench.tests.TestPaths;

/**
 * The CTF 2 reader on every shared trace: a CTF 2 copy of each (its metadata rewritten as CTF 2 JSON by
 * {@link Ctf2Copy}, the same data stream files) reads exactly as babeltrace2 reads the CTF 1.8 original, record by
 * record: kernel and user-space traces of LTTng 2.0 to 2.13, big-endian, session rotation, tracefile rotation,
 * discarded events, sequences, enumerations, variants, text arrays. Kernel layouts resolve as for the originals.
 */
class Ctf2CopyConformanceTest {
    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest(name = "{0}")
    @MethodSource(SharedTraces.EACH)
    void ctf2CopyReadsAsBabeltrace2ReadsTheOriginal(Path original) throws Exception {
        Path copy = TestPaths.workDir("ctf2-copy-" + original.getFileName());
        List<Path> copies = Ctf2Copy.copy(original, copy);
        assertTrue(!copies.isEmpty());
        for (Path c : copies) {
            assertEquals(MetadataKind.CTF2, MetadataKind.of(c.resolve("metadata")), c + " has CTF 2 metadata");
        }
        List<List<Path>> groups = new ArrayList<>();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(copy));
                CtfTraceSet originals = CtfTraceSet.open(List.of(original))) {
            for (Trace t : set.traces()) {
                groups.add(set.directories(t));
            }
            assertEquals(originals.traces().size(), set.traces().size(), "as many traces");
            for (int i = 0; i < set.traces().size(); i++) {
                Trace two = set.traces().get(i);
                Trace one = originals.traces().get(i);
                assertEquals(one.environment(), two.environment(), "environment");
                assertEquals(one.eventTypes().stream().map(EventType::name).toList(),
                        two.eventTypes().stream().map(EventType::name).toList(), "event classes");
                KernelLayout l1 = KernelLayout.of(one);
                KernelLayout l2 = KernelLayout.of(two);
                assertEquals(l1.describe("-"), l2.describe("-"), "kernel layout");
                assertEquals(l1.reportEncodingByVersion(), l2.reportEncodingByVersion(), "prev_state by version");
                for (int e = 0; e < one.eventTypes().size(); e++) {
                    assertEquals(l1.role(one.eventTypes().get(e)), l2.role(two.eventTypes().get(e)),
                            one.eventTypes().get(e).name());
                }
            }
            assertEquals(originals.span(), set.span(), "time span");
        }
        JsonlComparison.Counts total = new JsonlComparison.Counts(0, 0, 0, 0);
        for (List<Path> group : groups) {
            List<Path> reference = new ArrayList<>();
            for (Path d : group) {
                reference.add(original.resolve(copy.relativize(d).toString()).toAbsolutePath().normalize());
            }
            total = total.plus(JsonlComparison.compare(group, reference));
        }
        System.out.printf("conformance %s as CTF 2: %d traces, %d streams, %d events and %d loss records identical to"
                + " babeltrace2's of the CTF 1.8 original%n", original.getFileName(), total.traces(), total.streams(),
                total.events(), total.losses());
    }

    /** What a metadata file holds, from its first byte (as readers decide). */
    enum MetadataKind {
        CTF2, OTHER;

        static MetadataKind of(Path metadata) throws IOException {
            try (var in = Files.newInputStream(metadata)) {
                return in.read() == 0x1E ? CTF2 : OTHER;
            }
        }
    }
}

package org.lttbench.fleet.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.fleet.RelaydTree;
import org.lttbench.fleet.TestTraces;

/**
 * Finding a fleet's traces: relayd's HOST/SESSION layout (the host from the path, a session's kernel and user-space
 * traces one unit), plain trace directories (the host from the metadata; one unit per directory and host, so
 * session-rotation chunks and per-process traces stay together and two machines never mix), and bad roots.
 */
class FleetInventoryTest {

    @Test
    void aRelaydTreeGivesOneUnitPerSessionWithItsHostFromThePath() throws IOException {
        RelaydTree tree = RelaydTree.make(TestTraces.work("inventory-relayd"));
        List<FleetTrace> units = FleetInventory.scan(tree.root());
        Map<String, String> found = new TreeMap<>();
        for (FleetTrace u : units) {
            found.put(u.host() + " " + u.session(), u.directories().toString());
        }
        Map<String, String> expected = new TreeMap<>();
        for (RelaydTree.Unit u : tree.units()) {
            expected.put(u.host() + " " + u.session(), traceDirectories(u.dir()).toString());
        }
        assertEquals(expected, found);
        FleetTrace both = units.stream().filter(u -> u.host().equals("joraj-alpa")).findFirst().orElseThrow();
        assertEquals(2, both.directories().size(), "the session's kernel and user-space traces are one unit");
        assertTrue(units.stream().filter(u -> !u.host().equals("chrisnux"))
                .allMatch(u -> u.hostOrigin().equals(FleetTrace.RELAYD_PATH)));
    }

    @Test
    void theRelaydPathNamesTheHostEvenWhenTheMetadataSaysOtherwise() throws IOException {
        Path root = TestTraces.work("inventory-renamed");
        Path kernel = root.resolve("web-01/scp-20130218-120000/kernel");
        Files.createDirectories(kernel.getParent());
        Files.createSymbolicLink(kernel, TestTraces.shared("kernel-scp-src")); // its metadata says VM1
        FleetTrace unit = FleetInventory.scan(root).get(0);
        assertEquals("web-01", unit.host());
        assertEquals("scp-20130218-120000", unit.session());
    }

    @Test
    void plainTracesGetTheirMetadatasHostnameAndStayTogetherPerDirectory() throws IOException {
        Path root = TestTraces.work("inventory-plain");
        link(root, "ros", "ust-ros2");
        link(root, "libc", "ust-experiment-libc"); // 20 per-process traces of one machine
        link(root, "rotation", "ust-session-rotation"); // chunks of one session, sharing UUIDs
        link(root, "heartbeat", "ust-wk-heartbeat-2.0"); // no hostname in its metadata
        Files.createDirectories(root.resolve("scp"));
        link(root, "scp/src", "kernel-scp-src"); // two machines under one directory
        link(root, "scp/dest", "kernel-scp-dest");
        Map<String, String> found = new TreeMap<>();
        for (FleetTrace u : FleetInventory.scan(root)) {
            found.put(u.session() + " " + u.host(), u.hostOrigin() + " " + u.directories().size());
        }
        // the hostnames are those of the shared traces' README
        assertEquals(Map.of("ros chrisnux", "metadata 1", "libc moya", "metadata 20",
                "rotation smarchi-efficios", "metadata 6", "heartbeat heartbeat", "directory 1",
                "scp VM1", "metadata 1", "scp VM3", "metadata 1"), found);
    }

    @Test
    void aRootThatIsOneTraceOrOneSessionIsOneUnit() throws IOException {
        List<FleetTrace> trace = FleetInventory.scan(TestTraces.shared("kernel-scp-dest"));
        assertEquals(1, trace.size());
        assertEquals(".", trace.get(0).session());
        assertEquals("VM3", trace.get(0).host());
        List<FleetTrace> session = FleetInventory.scan(TestTraces.shared("session-multi-domains"));
        assertEquals(1, session.size());
        assertEquals(2, session.get(0).directories().size());
    }

    @Test
    void aUnitsBytesAreItsStreamBytesAsTheReaderCountsThem() throws IOException {
        RelaydTree tree = RelaydTree.make(TestTraces.work("inventory-bytes"));
        for (FleetTrace u : FleetInventory.scan(tree.root())) {
            try (CtfTraceSet set = CtfTraceSet.open(u.paths())) {
                assertEquals(set.totalBytes(), u.bytes(), u.host());
            }
        }
    }

    @Test
    void aBadRootIsOneLineNamingIt() throws IOException {
        Path missing = TestTraces.work("inventory-bad").resolve("nowhere");
        assertEquals(missing + ": no such file or directory",
                assertThrows(TraceFormatException.class, () -> FleetInventory.scan(missing)).getMessage());
        Path empty = TestTraces.work("inventory-empty");
        Files.createDirectories(empty.resolve("hostA/session-20240101-000000/kernel"));
        assertEquals(empty + ": holds no CTF trace: no directory at or below it has a metadata file",
                assertThrows(TraceFormatException.class, () -> FleetInventory.scan(empty)).getMessage());
        Path file = Files.writeString(empty.resolve("a-file"), "x");
        assertEquals(file + ": is a file, not a directory of traces",
                assertThrows(TraceFormatException.class, () -> FleetInventory.scan(file)).getMessage());
    }

    private static void link(Path root, String name, String shared) throws IOException {
        Files.createSymbolicLink(root.resolve(name), TestTraces.shared(shared));
    }

    /** The directories holding a metadata file at or below a directory, sorted. */
    private static List<String> traceDirectories(Path dir) throws IOException {
        try (var walk = Files.walk(dir, java.nio.file.FileVisitOption.FOLLOW_LINKS)) {
            return walk.filter(p -> Files.isRegularFile(p.resolve("metadata"))).map(Path::toString).sorted().toList();
        }
    }
}

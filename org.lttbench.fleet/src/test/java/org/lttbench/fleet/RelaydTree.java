package org.lttbench.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A fleet as lttng-relayd lays it out ({@code ROOT/HOST/SESSION-YYYYMMDD-HHMMSS/kernel|ust/...}), made of the shared
 * real traces by symbolic links: several hosts, kernel and user space, one session with both, one trace that lost
 * events. Beside them a plain trace directory (its host from its metadata), and one host whose kernel trace is a
 * copy of a real one with 64 bytes overwritten in the middle: it fails mid-read.
 */
public final class RelaydTree {

    /** One session directory of the tree: what LTTbench reads as one unit. */
    public record Unit(String host, String session, Path dir) {
    }

    /** Where the corrupt trace's 64 bytes of 0xff start. */
    static final int CORRUPT_AT = 1_000_000;

    private final Path root;
    private final List<Unit> units = new ArrayList<>();
    private Unit broken;

    private RelaydTree(Path root) {
        this.root = root;
    }

    /** The whole tree: nine relayd sessions of the shared traces, a plain trace directory and a corrupt trace. */
    public static RelaydTree make(Path root) throws IOException {
        RelaydTree t = new RelaydTree(root);
        t.session("VM1", "scp-20130218-120000", "kernel", "kernel-scp-src");
        t.session("VM3", "scp-20130218-120000", "kernel", "kernel-scp-dest");
        t.session("wilbrod", "stress-20160304-173942", "kernel", "kernel-many-threads");
        t.session("joraj-alpa", "multi-20190805-152541", "kernel", "session-multi-domains/kernel",
                "ust/uid/1000/64-bit", "session-multi-domains/ust");
        t.session("loki", "hello-20130815-185104", "ust/uid/1000/64-bit", "ust-hello-lost");
        t.session("calista", "uneven-20170912-101010", "kernel", "kernel-uneven-streams-partial");
        t.session("lager", "arm-20140924-120000", "kernel", "kernel-arm-bug446190");
        t.session("qemu0", "bigendian-20141201-080000", "kernel", "kernel-bigendian");
        t.session("smarchi-efficios", "rotation-20191001-100000", "kernel", "kernel-tracefile-rotation");
        // a plain trace directory beside the relayd ones: its host is its metadata's
        Files.createSymbolicLink(root.resolve("ust-ros2"), TestTraces.shared("ust-ros2"));
        t.units.add(new Unit("chrisnux", "ust-ros2", root.resolve("ust-ros2")));
        t.broken = t.corrupt("db-07", "nightly-20240101-020000", "kernel-scp-dest");
        t.units.add(t.broken);
        return t;
    }

    /** A smaller tree for programs run whole: two kernel hosts, kernel + UST in one session, a lossy host, a corrupt one. */
    public static RelaydTree small(Path root) throws IOException {
        RelaydTree t = new RelaydTree(root);
        t.session("VM1", "scp-20130218-120000", "kernel", "kernel-scp-src");
        t.session("VM3", "scp-20130218-120000", "kernel", "kernel-scp-dest");
        t.session("joraj-alpa", "multi-20190805-152541", "kernel", "session-multi-domains/kernel",
                "ust/uid/1000/64-bit", "session-multi-domains/ust");
        t.session("loki", "hello-20130815-185104", "ust/uid/1000/64-bit", "ust-hello-lost");
        t.broken = t.corrupt("db-07", "nightly-20240101-020000", "kernel-scp-dest");
        t.units.add(t.broken);
        return t;
    }

    /** A session of links: pairs of (path under the session directory, shared trace). */
    private void session(String host, String session, String... pairs) throws IOException {
        Path dir = root.resolve(host).resolve(session);
        for (int i = 0; i < pairs.length; i += 2) {
            Path link = dir.resolve(pairs[i]);
            Files.createDirectories(link.getParent());
            Files.createSymbolicLink(link, TestTraces.shared(pairs[i + 1]));
        }
        units.add(new Unit(host, session, dir));
    }

    private Unit corrupt(String host, String session, String shared) throws IOException {
        Path dir = root.resolve(host).resolve(session);
        Path kernel = dir.resolve("kernel");
        Files.createDirectories(kernel);
        try (var files = Files.list(TestTraces.shared(shared))) {
            for (Path f : files.toList()) {
                if (Files.isRegularFile(f)) {
                    Files.copy(f, kernel.resolve(f.getFileName()));
                }
            }
        }
        Path stream = kernel.resolve("channel0_0");
        byte[] bytes = Files.readAllBytes(stream);
        for (int i = CORRUPT_AT; i < CORRUPT_AT + 64; i++) {
            bytes[i] = (byte) 0xff;
        }
        Files.write(stream, bytes);
        return new Unit(host, session, dir);
    }

    public Path root() {
        return root;
    }

    /** Every unit, the broken one included. */
    public List<Unit> units() {
        return units;
    }

    public Unit broken() {
        return broken;
    }
}

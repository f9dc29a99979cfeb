package org.lttbench.core.analysis.process;

import java.util.HashMap;
import java.util.Map;

/**
 * What each process's file descriptors are (a socket, a pipe, a file, a terminal, an eventfd...), as far as the
 * trace tells: the statedump's {@code lttng_statedump_file_descriptor} names those open when the trace began, and
 * {@code open*}, {@code socket}, {@code accept*}, {@code eventfd*}, {@code dup*} and {@code close} the ones made and
 * unmade during it. A child process sees its parent's until it opens or closes its own (fork copies the table: here
 * a lookup falls back to the parent's). Memory: the descriptors the trace names, per process.
 */
final class FileDescriptors {
    /** What a descriptor is, as a wait's cause names it ("reading a socket"). */
    static final String SOCKET = "socket", PIPE = "pipe", FILE = "file", TERMINAL = "terminal", DEVICE = "device";

    private final Map<Integer, Map<Integer, String>> byProcess = new HashMap<>();
    private final Map<Integer, Integer> parents = new HashMap<>();
    /** Descriptors closed in a process whose parent's table still names them. */
    private static final String CLOSED = "";

    /** What a path names: a socket, a pipe, an anonymous inode's kind, a terminal, a device, a file; null if not told. */
    static String kindOf(String path) {
        if (path == null || path.isEmpty()) {
            return null;
        }
        if (path.startsWith("socket:")) {
            return SOCKET;
        }
        if (path.startsWith("pipe:")) {
            return PIPE;
        }
        if (path.startsWith("anon_inode:")) {
            String kind = path.substring("anon_inode:".length()).replace("[", "").replace("]", "");
            return kind.isEmpty() ? null : kind;
        }
        if (path.startsWith("/dev/pts/") || path.startsWith("/dev/tty") || path.equals("/dev/console")
                || path.equals("/dev/ptmx")) {
            return TERMINAL;
        }
        if (path.startsWith("/dev/")) {
            return DEVICE;
        }
        return FILE; // a path relative to a directory descriptor names a file too
    }

    void opened(int pid, int fd, String kind) {
        if (pid >= 0 && fd >= 0 && kind != null) {
            byProcess.computeIfAbsent(pid, p -> new HashMap<>()).put(fd, kind);
        }
    }

    void closed(int pid, int fd) {
        if (pid >= 0 && fd >= 0 && kind(pid, fd) != null) {
            byProcess.computeIfAbsent(pid, p -> new HashMap<>()).put(fd, CLOSED);
        }
    }

    /** A new process (not a thread of its parent's) sees its parent's descriptors. */
    void forked(int parentPid, int childPid) {
        if (parentPid >= 0 && childPid >= 0 && parentPid != childPid) {
            parents.put(childPid, parentPid);
        }
    }

    /** What the process's descriptor is, or null when the trace does not tell. */
    String kind(int pid, int fd) {
        int p = pid;
        for (int hops = 0; p >= 0 && hops < 64; hops++) {
            Map<Integer, String> fds = byProcess.get(p);
            String kind = fds == null ? null : fds.get(fd);
            if (kind != null) {
                return kind.isEmpty() ? null : kind;
            }
            Integer parent = parents.get(p);
            if (parent == null) {
                return null;
            }
            p = parent;
        }
        return null;
    }
}

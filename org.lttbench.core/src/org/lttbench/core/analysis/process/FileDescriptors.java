package org.lttbench.core.analysis.process;

import java.util.HashMap;
import java.util.Map;

/**
 * What each process's file descriptors are (a socket, a pipe, a file, a terminal, an eventfd...), as far as the
 * trace tells: the statedump's {@code lttng_statedump_file_descriptor} names those open when the trace began, and
 * {@code open*}, {@code socket}, {@code accept*}, {@code eventfd*}, {@code dup*} and {@code close} the ones made and
 * unmade during it. A child process sees its parent's until it opens or closes its own (fork copies the table: here
 * a lookup falls back to the parent's). Memory: the descriptors the trace names, per process. When asked to, it keeps
 * their names too (the statedump's or opened path, {@code socket}...), for the I/O per file.
 */
final class FileDescriptors {
    /** What a descriptor is, as a wait's cause names it ("reading a socket"). */
    static final String SOCKET = "socket", PIPE = "pipe", FILE = "file", TERMINAL = "terminal", DEVICE = "device";

    private final Map<Integer, Map<Integer, String>> byProcess = new HashMap<>();
    /** Each process's descriptors' names ({@link #name}), or null when not kept. */
    private final Map<Integer, Map<Integer, String>> names;
    private final Map<Integer, Integer> parents = new HashMap<>();
    /** Descriptors closed in a process whose parent's table still names them (and, for names, ones made unnamed). */
    private static final String CLOSED = "";

    /** @param names whether to keep the descriptors' names ({@link #name}) */
    FileDescriptors(boolean names) {
        this.names = names ? new HashMap<>() : null;
    }

    /** The name a descriptor of that kind ({@code socket}, {@code eventfd}...) made by a system call has. */
    static String nameOf(String kind) {
        return kind.equals(SOCKET) ? SOCKET : "anon_inode:[" + kind + "]";
    }

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

    /** The same, with its name when names are kept (null: a descriptor the trace does not name). */
    void opened(int pid, int fd, String kind, String name) {
        opened(pid, fd, kind);
        if (names != null && pid >= 0 && fd >= 0) {
            names.computeIfAbsent(pid, p -> new HashMap<>()).put(fd, name == null ? CLOSED : name);
        }
    }

    void closed(int pid, int fd) {
        if (pid >= 0 && fd >= 0 && kind(pid, fd) != null) {
            byProcess.computeIfAbsent(pid, p -> new HashMap<>()).put(fd, CLOSED);
        }
        if (names != null && pid >= 0 && fd >= 0) {
            names.computeIfAbsent(pid, p -> new HashMap<>()).put(fd, CLOSED);
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
        return lookup(byProcess, pid, fd);
    }

    /** The name of the process's descriptor (a path, {@code socket:[123]}...), or null when not told or not kept. */
    String name(int pid, int fd) {
        return names == null ? null : lookup(names, pid, fd);
    }

    private String lookup(Map<Integer, Map<Integer, String>> byProcess, int pid, int fd) {
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

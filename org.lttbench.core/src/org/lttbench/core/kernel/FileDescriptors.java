package org.lttbench.core.kernel;

import java.util.HashMap;
import java.util.Map;

/**
 * What each process's file descriptors are (a socket, a pipe, a file, a terminal, an eventfd...), as far as the
 * trace tells: the statedump's {@code lttng_statedump_file_descriptor} names those open when the trace began, and
 * {@code open*}, {@code socket}, {@code accept*}, {@code eventfd*}, {@code dup*} and {@code close} the ones made and
 * unmade during it. A child process sees its parent's until it opens or closes its own (fork copies the table: here
 * a lookup falls back to the parent's). Memory: the descriptors the trace names, per process. When asked to, it keeps
 * for the I/O per file what each descriptor is called (the statedump's or opened path, {@code socket}...) and its
 * {@link DescriptorType}.
 */
final class FileDescriptors {
    /** What a descriptor is, as a wait's cause names it ("reading a socket"). */
    static final String SOCKET = "socket", PIPE = "pipe", FILE = "file", TERMINAL = "terminal", DEVICE = "device";

    /**
     * A descriptor as the I/O per file tells it: its name (null: the trace does not name it), its type, and the type
     * a copy of it gets ({@code dup*}, a child's after fork): the same, but for lttng-analyses' "maybe network" (see
     * {@link #sentDuringWrite}).
     */
    record Described(String name, DescriptorType type, DescriptorType copied) {
        Described(String name, DescriptorType type) {
            this(name, type, type);
        }

        Described copy() {
            return new Described(name, copied);
        }
    }

    private final Map<Integer, Map<Integer, String>> byProcess = new HashMap<>();
    /** Each process's descriptors as {@link Described}, or null when not kept. */
    private final Map<Integer, Map<Integer, Described>> described;
    private final Map<Integer, Integer> parents = new HashMap<>();
    /** Descriptors closed in a process whose parent's table still names them. */
    private static final String CLOSED = "";
    private static final Described CLOSED_DESCRIBED = new Described(CLOSED, DescriptorType.UNKNOWN);
    /** A descriptor the trace never showed being made. */
    private static final Described UNNAMED = new Described(null, DescriptorType.UNKNOWN);

    /** @param described whether to keep what the descriptors are called and their types ({@link #described}) */
    FileDescriptors(boolean described) {
        this.described = described ? new HashMap<>() : null;
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

    /** The same, and what it is called and its type when those are kept. */
    void opened(int pid, int fd, String kind, Described d) {
        opened(pid, fd, kind);
        if (described != null && pid >= 0 && fd >= 0) {
            described.computeIfAbsent(pid, p -> new HashMap<>()).put(fd, d);
        }
    }

    void closed(int pid, int fd) {
        if (pid >= 0 && fd >= 0 && kind(pid, fd) != null) {
            byProcess.computeIfAbsent(pid, p -> new HashMap<>()).put(fd, CLOSED);
        }
        if (described != null && pid >= 0 && fd >= 0) {
            described.computeIfAbsent(pid, p -> new HashMap<>()).put(fd, CLOSED_DESCRIBED);
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

    /**
     * What the process's descriptor is called and its type (a parent's descriptor as a copy of it), or null when the
     * trace does not tell or they are not kept.
     */
    Described described(int pid, int fd) {
        if (described == null || pid < 0) {
            return null;
        }
        Map<Integer, Described> own = described.get(pid);
        Described d = own == null ? null : own.get(fd);
        if (d != null) {
            return d == CLOSED_DESCRIBED ? null : d;
        }
        Integer parent = parents.get(pid);
        for (int hops = 0; parent != null && hops < 64; hops++) {
            Map<Integer, Described> fds = described.get(parent);
            d = fds == null ? null : fds.get(fd);
            if (d != null) {
                return d == CLOSED_DESCRIBED ? null : d.copy();
            }
            parent = parents.get(parent);
        }
        return null;
    }

    /**
     * The process read or wrote the descriptor: what it is, and if the trace never told, an unnamed descriptor of
     * unknown type from now on (lttng-analyses makes one at such a call's end, which {@link #sentDuringWrite} then
     * sees).
     */
    Described used(int pid, int fd) {
        Described d = described(pid, fd);
        if (d != null) {
            return d;
        }
        if (described != null && pid >= 0 && fd >= 0) {
            described.computeIfAbsent(pid, p -> new HashMap<>()).put(fd, UNNAMED);
        }
        return UNNAMED;
    }

    /**
     * The statedump names the process's descriptor: a new one is of unknown type (the statedump does not say how it
     * was made); one the trace already showed being made keeps its type, as in lttng-analyses.
     */
    void statedump(int pid, int fd, String path) {
        Described known = described(pid, fd);
        opened(pid, fd, kindOf(path), known == null ? new Described(path, DescriptorType.UNKNOWN)
                : new Described(path, known.type(), known.copied()));
    }

    /**
     * The machine sent a packet while the process wrote to that descriptor: lttng-analyses then takes a descriptor of
     * unknown type for a network one ("maybe network"), but only in its table of descriptors, which copies are made
     * from: the descriptor's own bytes keep counting as unknown, and its copies made from now on count as network.
     * (A child forked before the packet sees it too here, where a lookup falls back to the parent's table.)
     */
    void sentDuringWrite(int pid, int fd) {
        Described d = described(pid, fd);
        if (d != null && d.copied() == DescriptorType.UNKNOWN) {
            described.computeIfAbsent(pid, p -> new HashMap<>()).put(fd,
                    new Described(d.name(), d.type(), DescriptorType.NETWORK));
        }
    }
}

package org.lttbench.core.analysis.dropin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.kernel.DescriptorType;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.trace.TimeRange;

/**
 * The bytes read and written per file, as lttng-analyses' iousagetop names files: the descriptor's name (the
 * statedump's or the opened path, {@code socket}, {@code pipe:[123]}...; {@code unknown} when the trace does not say),
 * a generic one ({@code socket}, {@code pipe}, {@code anon_inode}, {@code unknown}) followed by its process's name
 * (its main thread's last; processes of one name are one row, as in lttng-analyses); and per thread, by the type of
 * the descriptors ({@link DescriptorType}: disk, network, unknown). Counted from the calls that end in the range
 * ({@link ThreadStateSink#fileIo}); each file keeps the descriptor each process used first for it. Memory: the files
 * and their processes, the threads that read or wrote.
 */
final class FileUsage implements ThreadStateSink.WithoutStates {

    /** The names lttng-analyses tells apart by process. */
    private static final List<String> GENERIC = List.of("pipe", "socket", "anon_inode", "unknown");

    /** One file: bytes read, written, and per process (PID, else TID) the descriptor it used first. */
    static final class File {
        String name;
        long read;
        long written;
        final Map<Integer, Integer> owners = new LinkedHashMap<>();
        /** The name of the thread that used it first, per process: the process's when its main thread is unnamed. */
        final Map<Integer, String> callers = new HashMap<>();

        File(String name) {
            this.name = name;
        }
    }

    /** A thread's bytes read and written, by the type of the descriptors (at a {@link DescriptorType}'s place). */
    static final class ThreadBytes {
        final ThreadRecord thread;
        private final long[] read = new long[DescriptorType.values().length];
        private final long[] written = new long[DescriptorType.values().length];

        ThreadBytes(ThreadRecord thread) {
            this.thread = thread;
        }

        long bytes(DescriptorType type, boolean written) {
            return (written ? this.written : read)[type.ordinal()];
        }

        long total(boolean written) {
            long n = 0;
            for (long b : written ? this.written : read) {
                n += b;
            }
            return n;
        }
    }

    private final TimeRange range;
    /** The threads whose calls read or wrote bytes, in the order of their first. */
    private final Map<ThreadRecord, ThreadBytes> byThread = new LinkedHashMap<>();
    /** By descriptor name, then (generic names) by process. */
    private final Map<String, Map<Integer, File>> files = new LinkedHashMap<>();
    /** Each process's name: its main thread's, as last told. */
    private final Map<Integer, String> processNames = new HashMap<>();

    FileUsage(TimeRange range) {
        this.range = range;
    }

    @Override
    public void fileIo(ThreadRecord thread, long time, int fd, String name, DescriptorType type, long bytes,
            boolean written) {
        if (!range.contains(time)) {
            return;
        }
        if (bytes > 0) {
            ThreadBytes t = byThread.computeIfAbsent(thread, ThreadBytes::new);
            (written ? t.written : t.read)[type.ordinal()] += bytes;
        }
        String path = name == null ? "unknown" : name;
        int process = thread.pid() >= 0 ? thread.pid() : thread.tid();
        boolean generic = GENERIC.stream().anyMatch(path::startsWith);
        File f = files.computeIfAbsent(path, k -> new LinkedHashMap<>()).computeIfAbsent(generic ? process : -1,
                k -> new File(path));
        if (written) {
            f.written += bytes;
        } else {
            f.read += bytes;
        }
        if (f.owners.putIfAbsent(process, fd) == null) {
            f.callers.put(process, thread.name());
        }
        threadUpdated(thread, time);
    }

    @Override
    public void threadUpdated(ThreadRecord thread, long time) {
        // a process's main thread (a thread whose PID is not told yet stands for its own process)
        if ((thread.pid() < 0 || thread.tid() == thread.pid()) && thread.name() != null) {
            processNames.put(thread.tid(), thread.name());
        }
    }

    private String processName(File f, int process) {
        String n = processNames.get(process);
        return n != null ? n : f.callers.get(process);
    }

    @Override
    public boolean followsFiles() {
        return true;
    }

    /** The threads whose calls read or wrote bytes. */
    List<ThreadBytes> threads() {
        return List.copyOf(byThread.values());
    }

    /** A file as a row: its name, bytes read or written, its owners ({@code fd 3 in sshd (403)} per process). */
    record Row(String name, long bytes, String owners) {
    }

    /**
     * The files read ({@code written} false) or written, most bytes first (then by name), none of 0 bytes: a generic
     * name's files of processes of one name are one.
     */
    List<Row> largest(boolean written) {
        Map<String, long[]> bytes = new LinkedHashMap<>();
        Map<String, StringBuilder> owners = new HashMap<>();
        for (Map<Integer, File> byProcess : files.values()) {
            for (Map.Entry<Integer, File> e : byProcess.entrySet()) {
                File f = e.getValue();
                long n = written ? f.written : f.read;
                String row = e.getKey() < 0 ? f.name : f.name + " (" + processName(f, e.getKey()) + ")";
                bytes.computeIfAbsent(row, k -> new long[1])[0] += n;
                StringBuilder o = owners.computeIfAbsent(row, k -> new StringBuilder());
                f.owners.forEach((pid, fd) -> o.append(o.length() > 0 ? " " : "").append("fd ").append(fd).append(" in ")
                        .append(processName(f, pid)).append(" (").append(pid).append(')'));
            }
        }
        List<Row> rows = new ArrayList<>();
        bytes.forEach((row, n) -> {
            if (n[0] > 0) {
                rows.add(new Row(row, n[0], owners.get(row).toString()));
            }
        });
        rows.sort(Comparator.comparingLong((Row r) -> -r.bytes()).thenComparing(Row::name));
        return rows;
    }
}

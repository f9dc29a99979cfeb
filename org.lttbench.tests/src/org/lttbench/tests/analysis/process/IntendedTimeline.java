package org.lttbench.tests.analysis.process;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.kernel.ThreadState;

/**
 * What a scenario means each thread to do, written beside the events that make it happen: "thread 101 enters
 * SYSCALL at 1000, USER at 2000...". Totals per state follow by plain subtraction, independently of the state
 * machine under test. Times are clock values (ns); only differences matter.
 */
final class IntendedTimeline {

    /** One thread's intended states; a thread starts at its first mark and ends at NOT_ALIVE or the trace end. */
    static final class Thread {
        final String key;
        final String name;
        final int pid;
        private final List<Long> times = new ArrayList<>();
        private final List<ThreadState> states = new ArrayList<>();

        Thread(String key, String name, int pid) {
            this.key = key;
            this.name = name;
            this.pid = pid;
        }

        Thread at(long time, ThreadState state) {
            if (!times.isEmpty() && time < times.get(times.size() - 1)) {
                throw new IllegalArgumentException(key + ": mark at " + time + " before the previous one");
            }
            times.add(time);
            states.add(state);
            return this;
        }

        /** Time in each state up to {@code end}, within [from, to]. */
        Map<ThreadState, Long> totals(long end, long from, long to) {
            Map<ThreadState, Long> totals = new EnumMap<>(ThreadState.class);
            for (ThreadState s : ThreadState.values()) {
                totals.put(s, 0L);
            }
            for (int i = 0; i < times.size(); i++) {
                ThreadState s = states.get(i);
                if (s == ThreadState.NOT_ALIVE) {
                    break;
                }
                long a = Math.max(times.get(i), from);
                long b = Math.min(i + 1 < times.size() ? times.get(i + 1) : end, to);
                if (b > a) {
                    totals.merge(s, b - a, Long::sum);
                }
            }
            return totals;
        }
    }

    /** One I/O wait the scenario means, and the device it waited on. */
    record IoWait(String device, long from, long to) {
    }

    /** One blocked wait the scenario means: whose, when, in what, and what ended it (as the waits tables name them). */
    record Wait(int tid, long from, long to, String cause, String wakerKind, String waker) {
    }

    private final List<Wait> waits = new ArrayList<>();

    /** A segment of the critical path of {@link #criticalPathOf}: [from, to) in that state, of that thread. */
    record PathSegment(long from, long to, String state, int tid) {
    }

    private int pathOf = -1;
    private final List<PathSegment> path = new ArrayList<>();

    /** The thread whose critical path over the whole trace the scenario means, then its segments in time order. */
    IntendedTimeline criticalPathOf(int tid) {
        pathOf = tid;
        return this;
    }

    IntendedTimeline onPath(long from, long to, String state, int tid) {
        path.add(new PathSegment(from, to, state, tid));
        return this;
    }

    int criticalPathOf() {
        return pathOf;
    }

    List<PathSegment> path() {
        return path;
    }

    /** A wait of that thread (besides its WAIT_BLOCKED mark), for the waits analysis's tables. */
    IntendedTimeline waited(int tid, long from, long to, String cause, String wakerKind, String waker) {
        waits.add(new Wait(tid, from, to, cause, wakerKind, waker));
        return this;
    }

    List<Wait> waits() {
        return waits;
    }

    private final Map<String, Thread> threads = new LinkedHashMap<>();
    private final List<IoWait> ioWaits = new ArrayList<>();
    private final List<Integer> missingCpus = new ArrayList<>();
    private long end = Long.MIN_VALUE;

    /** An I/O wait on that device (as the report names it), besides its WAIT_IO mark on the thread. */
    IntendedTimeline ioWait(String device, long from, long to) {
        ioWaits.add(new IoWait(device, from, to));
        return this;
    }

    List<IoWait> ioWaits() {
        return ioWaits;
    }

    /** CPUs the scenario's events name but for which it writes no stream. */
    void missingCpus(Integer... cpus) {
        missingCpus.addAll(List.of(cpus));
    }

    List<Integer> missingCpus() {
        return missingCpus;
    }

    /** A thread with its TID (key {@code "101"}); the name and PID the report must show. */
    Thread thread(int tid, String name, int pid) {
        return threads.computeIfAbsent(Integer.toString(tid), k -> new Thread(k, name, pid));
    }

    /** The idle thread of a CPU (key {@code "idle/0"}). */
    Thread idle(int cpu) {
        return threads.computeIfAbsent("idle/" + cpu, k -> new Thread(k, "swapper/" + cpu, 0));
    }

    /** The trace's last event: threads still alive end there. */
    void end(long time) {
        end = time;
    }

    long end() {
        return end;
    }

    Map<String, Thread> threads() {
        return threads;
    }
}

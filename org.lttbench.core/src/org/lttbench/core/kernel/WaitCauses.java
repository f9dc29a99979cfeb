package org.lttbench.core.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Why a thread was blocked: the system call it slept in, grouped as an engineer reads them, or what it was doing
 * outside one. Causes are codes (small ints, dense) for the sinks, labels for the reports. The fixed causes have the
 * same code in every run (a stored history keeps them); a system call outside the groups gets the next code, its
 * name as label, per run ({@link #labels()} and {@link #restored} carry them to a replay). One run's machines share
 * one, on the pass's thread.
 */
public final class WaitCauses {
    /** No wait, or no cause told. */
    public static final int NONE = 0;
    public static final int LOCK = 1;
    public static final int EVENTS = 2;
    public static final int READING = 3;
    public static final int WRITING = 4;
    public static final int SLEEPING = 5;
    public static final int CHILD = 6;
    public static final int PAGE_FAULT = 7;
    public static final int KERNEL_THREAD = 8;
    public static final int STOPPED = 9;
    public static final int BEFORE_TRACE = 10;
    public static final int SYSCALL_BEFORE_TRACE = 11;
    public static final int NO_SYSCALL_EVENTS = 12;
    public static final int BEFORE_FIRST_SYSCALL_EVENT = 13;
    /** A system call whose name the trace does not give (perf's raw_syscalls). */
    public static final int UNNAMED_SYSCALL = 14;
    /** Receiving from a socket ({@code recv*}), or reading a descriptor the trace says is one. */
    public static final int READING_SOCKET = 15;
    private static final String[] FIXED = { "none", "lock or condition (futex)",
            "waiting for events (poll, select, epoll)", "reading (of a descriptor the trace does not say what it is)", "writing or sending",
            "sleeping by choice (nanosleep)", "waiting for a child (wait4, waitid)", "page fault (outside any system call)",
            "a kernel thread's own wait", "stopped (signal or debugger)",
            "unknown: began before the trace (statedump)", "unknown: a system call begun before the trace",
            "unknown: the trace has no system call events",
            "unknown: before the thread's first system call event", "unknown: a system call the trace does not name",
            "reading a socket" };

    private static final Map<String, Integer> GROUPS = new HashMap<>();
    static {
        for (String s : List.of("futex", "futex_waitv", "futex_wait")) {
            GROUPS.put(s, LOCK);
        }
        for (String s : List.of("poll", "ppoll", "select", "pselect6", "epoll_wait", "epoll_pwait", "epoll_pwait2",
                "newselect", "_newselect")) {
            GROUPS.put(s, EVENTS);
        }
        for (String s : List.of("read", "readv", "pread64", "preadv", "preadv2")) {
            GROUPS.put(s, READING);
        }
        for (String s : List.of("recv", "recvfrom", "recvmsg", "recvmmsg")) {
            GROUPS.put(s, READING_SOCKET);
        }
        for (String s : List.of("write", "writev", "pwrite64", "pwritev", "pwritev2", "send", "sendto", "sendmsg",
                "sendmmsg", "sendfile64", "sendfile")) {
            GROUPS.put(s, WRITING);
        }
        for (String s : List.of("nanosleep", "clock_nanosleep")) {
            GROUPS.put(s, SLEEPING);
        }
        for (String s : List.of("wait4", "waitid", "waitpid")) {
            GROUPS.put(s, CHILD);
        }
    }

    private final List<String> labels = new ArrayList<>(List.of(FIXED));
    private final Map<String, Integer> codes = new HashMap<>();
    /** The cause of reading a descriptor of each kind, once made. */
    private final Map<String, Integer> reading = new HashMap<>();

    public WaitCauses() {
        for (int i = 0; i < FIXED.length; i++) {
            codes.put(FIXED[i], i);
        }
    }

    /** The causes of a run a replay continues: codes as {@link #labels()} listed them. */
    public static WaitCauses restored(List<String> labels) {
        WaitCauses causes = new WaitCauses();
        for (int i = FIXED.length; i < labels.size(); i++) {
            causes.code(labels.get(i));
        }
        return causes;
    }

    /** The cause of sleeping in the system call of that name (as the event names it, without prefixes). */
    public int ofSyscall(String syscall) {
        Integer group = GROUPS.get(syscall);
        return group != null ? group : code(syscall);
    }

    /**
     * The cause of sleeping in a read of a descriptor of that kind ({@code socket}, {@code pipe}, {@code file},
     * {@code terminal}, an anonymous inode's kind such as {@code eventfd}), or {@link #READING} when the trace does not
     * say what it is.
     */
    public int ofReading(String kind) {
        if (kind == null) {
            return READING;
        }
        Integer code = reading.get(kind);
        if (code == null) {
            code = code("reading a " + kind);
            reading.put(kind, code);
        }
        return code;
    }

    private int code(String label) {
        return codes.computeIfAbsent(label, l -> {
            labels.add(l);
            return labels.size() - 1;
        });
    }

    /**
     * Whether a cause's label says the trace cannot tell the cause (a wait begun before it, no system call events...):
     * every such label of {@link #FIXED} begins with {@code unknown:}.
     */
    public static boolean unknown(String label) {
        return label.startsWith("unknown:");
    }

    public String label(int code) {
        return code >= 0 && code < labels.size() ? labels.get(code) : "unknown cause " + code;
    }

    /** Every label, by code. */
    public List<String> labels() {
        return List.copyOf(labels);
    }
}

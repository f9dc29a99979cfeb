package org.lttbench.core.kernel;

import static org.lttbench.core.kernel.ThreadRecord.MODE_SYSCALL;
import static org.lttbench.core.kernel.ThreadRecord.MODE_UNKNOWN;
import static org.lttbench.core.kernel.ThreadRecord.MODE_USER;

import org.lttbench.core.trace.Trace;

/**
 * The system calls of one machine's threads, and their file descriptors. User or system: from system call entry and
 * exit; a thread whose first system call event is an exit was in that call since before (its earlier running time
 * was system time); one whose first is an entry was in user space. Kernel threads (statedump type, children of
 * {@code kthreadd}) and idle threads always run in the kernel; so does a thread from its {@code sched_process_exit} on.
 * A trace without system call events cannot tell user from system: other threads' running time is
 * {@link ThreadState#USER_OR_SYSTEM}. A {@link SyscallSink} hears each call that ends (its time off a CPU within it),
 * the reads and writes on descriptors with what each descriptor is ({@link FileDescriptors}), and the network packets.
 */
public final class SyscallTracker {
    private final Trace trace;
    private final Clock clock;
    private final CpuTracker cpus;
    private final DeferredChanges changes;
    private final BlockTracker blocks;
    private final WaitCauses causes;
    private final FileDescriptors fds;
    private final SyscallSink sink;
    /** Whether the trace can tell user from system time: it declares system call events. */
    private final boolean syscalls;

    /** @param syscalls whether the trace declares system call events */
    SyscallTracker(Trace trace, Clock clock, CpuTracker cpus, DeferredChanges changes, BlockTracker blocks,
            WaitCauses causes, FileDescriptors fds, SyscallSink sink, boolean syscalls) {
        this.trace = trace;
        this.clock = clock;
        this.cpus = cpus;
        this.changes = changes;
        this.blocks = blocks;
        this.causes = causes;
        this.fds = fds;
        this.sink = sink;
        this.syscalls = syscalls;
    }

    /** A system call entry ({@code entry}) or exit of the CPU's thread. */
    public void syscall(int cpu, long time, boolean entry) {
        syscall(cpu, time, entry, WaitCauses.UNNAMED_SYSCALL);
    }

    /**
     * A system call entry ({@code entry}) or exit of the CPU's thread; {@code cause}: what a sleep in that call waits
     * for ({@link WaitCauses#ofSyscall}).
     */
    public void syscall(int cpu, long time, boolean entry, int cause) {
        syscall(cpu, time, entry, cause, SyscallNames.UNNAMED, Long.MIN_VALUE);
    }

    /**
     * The same, for the call of that id ({@link SyscallNames}; {@link SyscallNames#UNNAMED} when the event does not
     * name it: an exit then ends whichever call the thread entered) returning {@code ret} (an exit's;
     * {@link Long#MIN_VALUE} when it has none).
     */
    public void syscall(int cpu, long time, boolean entry, int cause, int id, long ret) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        ThreadRecord r = c.current;
        blocks.contextStarts(c.id, 0);
        if (c.depth == 0 && !c.anonymous) {
            callBoundary(r, entry, t, id, ret);
        }
        if (c.depth > 0 || r.kernelThread()) {
            return;
        }
        if (r.mode == MODE_UNKNOWN) {
            // the first system call event tells where the thread was until now, so what its waits were in: the call
            // an exit names (it was in it all along), or none for an entry
            changes.resolveWaitCauses(r, entry ? WaitCauses.PAGE_FAULT
                    : cause == WaitCauses.UNNAMED_SYSCALL ? WaitCauses.SYSCALL_BEFORE_TRACE : cause);
            changes.resolveMode(r, entry ? MODE_USER : MODE_SYSCALL);
        }
        r.mode = entry ? MODE_SYSCALL : MODE_USER;
        if (entry) {
            r.syscallCause = cause;
            r.syscallFd = -1;
            r.opening = null;
        }
        changes.enter(r, entry ? ThreadState.SYSCALL.ordinal() : ThreadState.USER.ordinal(), t, c.id);
    }

    /** A system call of the CPU's named thread begins or ends at {@code t}: sinks hear of each call that ends. */
    private void callBoundary(ThreadRecord r, boolean entry, long t, int id, long ret) {
        if (entry) {
            r.syscall = id;
            r.syscallEntry = t;
            r.syscallBlocked = 0;
            r.syscallWaitCpu = 0;
            return;
        }
        if (r.syscall == SyscallNames.NONE) {
            return; // begun before the trace, or its entry was lost
        }
        int call = r.syscall != SyscallNames.UNNAMED || id == SyscallNames.UNNAMED ? r.syscall : id;
        r.syscall = SyscallNames.NONE;
        sink.syscall(r, call, r.syscallEntry, t, ret, r.syscallBlocked, r.syscallWaitCpu);
    }

    /**
     * The thread runs again at {@code t}, after waiting for a CPU since {@code r.runnableSince}: the system call it is
     * in spent that wait off a CPU, and, when a wakeup ended a sleep, the sleep too.
     */
    void offCpu(ThreadRecord r, long t) {
        if (r.syscall != SyscallNames.NONE) {
            if (r.runnableKind == WakeupSink.WOKEN && r.runnableSince >= r.leftCpu) {
                r.syscallBlocked += r.runnableSince - r.leftCpu;
            }
            r.syscallWaitCpu += t - r.runnableSince;
        }
    }

    /**
     * Why a thread sleeps now: its system call, or outside one a page fault (a user thread) or a kernel thread's own
     * wait; unknown where the trace cannot tell.
     */
    int sleepCause(ThreadRecord r, boolean stopped) {
        if (r.kernelThread()) {
            return WaitCauses.KERNEL_THREAD;
        }
        if (!syscalls) {
            return WaitCauses.NO_SYSCALL_EVENTS;
        }
        if (stopped) {
            return WaitCauses.STOPPED;
        }
        if (r.mode == MODE_SYSCALL && r.syscallCause == WaitCauses.READING && r.syscallFd >= 0) {
            return causes.ofReading(fds.kind(process(r), r.syscallFd)); // what it reads, where the trace says
        }
        return switch (r.mode) {
            case MODE_SYSCALL -> r.syscallCause == WaitCauses.NONE ? WaitCauses.SYSCALL_BEFORE_TRACE : r.syscallCause;
            case MODE_USER -> WaitCauses.PAGE_FAULT;
            default -> WaitCauses.BEFORE_FIRST_SYSCALL_EVENT;
        };
    }

    /** The process of a thread's descriptors: its PID, or while the trace has not told it, its TID (a main thread's). */
    private static int process(ThreadRecord r) {
        return r.pid() >= 0 ? r.pid() : r.tid();
    }

    /** The CPU's named thread in process context, or null (what a system call's arguments are of). */
    private ThreadRecord caller(int cpu, long time) {
        Cpu c = cpus.cpu(cpu, time);
        return c == null || c.anonymous || c.depth > 0 ? null : c.current;
    }

    /** The CPU's thread's system call (just entered) reads, duplicates or closes descriptor {@code fd}. */
    public void syscallFd(int cpu, long time, int fd) {
        ThreadRecord r = caller(cpu, time);
        if (r != null) {
            r.syscallFd = fd;
        }
    }

    /** The CPU's thread's system call (just entered) opens that path. */
    public void opening(int cpu, long time, String path) {
        ThreadRecord r = caller(cpu, time);
        if (r != null) {
            r.opening = path;
        }
    }

    /**
     * The CPU's thread's system call returned {@code ret}: a new descriptor of that kind ({@code socket},
     * {@code eventfd}...), or, with a null kind, of the path it opened, or a copy of the one it duplicated.
     */
    public void descriptorMade(int cpu, long time, long ret, String kind) {
        ThreadRecord r = caller(cpu, time);
        if (r == null || ret < 0 || ret > Integer.MAX_VALUE) {
            return;
        }
        String made = kind != null ? kind
                : r.opening != null ? FileDescriptors.kindOf(r.opening)
                        : r.syscallFd >= 0 ? fds.kind(process(r), r.syscallFd) : null;
        FileDescriptors.Described copied = kind == null && r.opening == null && r.syscallFd >= 0
                ? fds.described(process(r), r.syscallFd) : null;
        FileDescriptors.Described d = kind != null
                ? new FileDescriptors.Described(FileDescriptors.nameOf(kind),
                        kind.equals(FileDescriptors.SOCKET) ? DescriptorType.NETWORK : DescriptorType.UNKNOWN)
                : r.opening != null ? new FileDescriptors.Described(r.opening, DescriptorType.DISK)
                        : copied != null ? copied.copy() : new FileDescriptors.Described(null, DescriptorType.UNKNOWN);
        fds.opened(process(r), (int) ret, made, d);
    }

    /** The system call the CPU's thread is in ({@link SyscallNames}), or {@link SyscallNames#NONE}. */
    public int currentCall(int cpu, long time) {
        ThreadRecord r = caller(cpu, time);
        return r == null ? SyscallNames.NONE : r.syscall;
    }

    /**
     * The CPU's thread's system call (just entered) reads ({@code written} false) or writes descriptor {@code fd}:
     * its exit ({@link #fileIo}) tells sinks the bytes.
     */
    public void fileIoEntry(int cpu, long time, int fd, boolean written) {
        ThreadRecord r = caller(cpu, time);
        if (r != null && r.syscall != SyscallNames.NONE) {
            r.syscallFd = fd;
            r.fileIo = written ? ThreadRecord.FILE_WRITE : ThreadRecord.FILE_READ;
            r.fileIoEntry = r.syscallEntry;
        }
    }

    /**
     * The CPU's thread's system call returned {@code ret}: if it is the read or write whose entry {@link #fileIoEntry}
     * told, sinks hear its bytes and what its descriptor is. Called before the exit's own call.
     */
    public void fileIo(int cpu, long time, long ret) {
        ThreadRecord r = caller(cpu, time);
        if (r == null || r.fileIo == 0) {
            return;
        }
        boolean written = r.fileIo == ThreadRecord.FILE_WRITE;
        r.fileIo = 0;
        if (r.syscall != SyscallNames.NONE && r.fileIoEntry == r.syscallEntry && ret >= 0) {
            FileDescriptors.Described d = fds.used(process(r), r.syscallFd);
            sink.fileIo(r, clock.time(time), r.syscallFd, d.name(), d.type(), ret, written);
        }
    }

    /** The CPU's thread's close of the descriptor it named returned {@code ret}. */
    public void descriptorClosed(int cpu, long time, long ret) {
        ThreadRecord r = caller(cpu, time);
        if (r != null && ret == 0 && r.syscallFd >= 0) {
            fds.closed(process(r), r.syscallFd);
        }
    }

    /** The statedump names a descriptor of a process alive when it ran. */
    public void statedumpDescriptor(int cpu, long time, int pid, int fd, String path) {
        cpus.observe(cpu, time);
        fds.statedump(pid, fd, path);
    }

    /**
     * The CPU's machine sent ({@code net_dev_xmit}) or received ({@code netif_receive_skb}) a packet of {@code bytes}
     * on that network interface. A packet sent while the CPU's thread writes to a descriptor of unknown type makes its
     * copies network descriptors, as lttng-analyses has it ({@link FileDescriptors#sentDuringWrite}); its running
     * thread, whether an interrupt handler runs or not, as lttng-analyses takes it.
     */
    public void networkPacket(int cpu, long time, String netif, long bytes, boolean sent) {
        Cpu c = cpus.cpu(cpu, time);
        long t = c == null ? time : clock.time(time);
        if (sent && c != null && !c.anonymous && sink.followsFiles()) {
            ThreadRecord r = c.current;
            if (r.fileIo == ThreadRecord.FILE_WRITE && r.syscall != SyscallNames.NONE && r.fileIoEntry == r.syscallEntry) {
                fds.sentDuringWrite(process(r), r.syscallFd);
            }
        }
        sink.networkPacket(trace, t, netif, bytes, sent);
    }

    /**
     * Whether a sink hears the I/O per file ({@link SyscallSink#followsFiles()}): else no descriptor's name or type is
     * kept.
     */
    public boolean followsFiles() {
        return sink.followsFiles();
    }

    /** Whether a sink hears the packets per network interface ({@link SyscallSink#followsNetwork()}). */
    public boolean followsNetwork() {
        return sink.followsNetwork();
    }

    /** Whether the trace tells user from system time (it declares system call events). */
    public boolean known() {
        return syscalls;
    }
}

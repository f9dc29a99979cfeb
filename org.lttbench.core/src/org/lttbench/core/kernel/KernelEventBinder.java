package org.lttbench.core.kernel;

import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;

/**
 * Turns a kernel trace's events into typed calls of the {@link ThreadStateMachine}'s trackers: per event class, once,
 * its role (from the {@link KernelLayout}), the tracker it goes to and its fields, under the tracer's own names; then
 * per event, only reads of fields already bound. Nothing here decides what an event means.
 */
public final class KernelEventBinder {

    /** What one event class does to the machine, with its fields resolved once. */
    @FunctionalInterface
    public interface EventHandler {
        void handle(Event event);
    }

    private final KernelLayout layout;
    private final CpuTracker cpus;
    private final ThreadTracker threads;
    private final StateTracker states;
    private final WakeupTracker wakeups;
    private final SyscallTracker syscalls;
    private final InterruptTracker interrupts;
    private final BlockTracker blocks;
    private final WaitCauses causes;
    private final SyscallNames callNames;

    /** @param causes the run's wait causes (each system call's is resolved once, here) */
    public KernelEventBinder(ThreadStateMachine machine, WaitCauses causes) {
        this(machine, causes, new SyscallNames());
    }

    /** @param syscalls the run's system call names (each event class's is numbered once, here) */
    public KernelEventBinder(ThreadStateMachine machine, WaitCauses causes, SyscallNames syscalls) {
        this.layout = machine.layout();
        this.cpus = machine.cpus();
        this.threads = machine.threads();
        this.states = machine.states();
        this.wakeups = machine.wakeups();
        this.syscalls = machine.syscalls();
        this.interrupts = machine.interrupts();
        this.blocks = machine.blocks();
        this.causes = causes;
        this.callNames = syscalls;
    }

    /** An x86 vector's id among IRQ wakers: apart from IRQ numbers. */
    public static final int VECTOR = 1 << 16;

    /** The CPU that recorded the event: its own, else its stream's (-1 when neither tells). */
    private static int cpu(Event e) {
        int id = e.cpu();
        return id < 0 && e.stream() != null ? e.stream().cpu() : id;
    }

    /** A command name field of the event being handled (one per field of a class: handlers run one at a time). */
    private static final class EventComm implements Comm {
        private final FieldHandle field;
        private Event event;

        EventComm(FieldHandle field) {
            this.field = field;
        }

        Comm at(Event e) {
            event = e;
            return this;
        }

        @Override
        public boolean is(String name) {
            return event.stringEquals(field, name);
        }

        @Override
        public String text() {
            return event.stringValue(field);
        }
    }

    private static Comm comm(EventComm c, Event e) {
        return c == null ? null : c.at(e);
    }

    private static EventComm comm(FieldHandle f) {
        return f == null ? null : new EventComm(f);
    }

    /** The handler of this event class (every class has one). Resolve once per class. */
    public EventHandler handler(EventType type) {
        EventHandler plain = roleHandler(type, layout.role(type));
        EventHandler byRole = threads.followsPriorities() ? priorities(type, layout.role(type), plain) : plain;
        FieldHandle tidContext = FieldHandle.integer(layout.runningTidField(type));
        FieldHandle pidContext = FieldHandle.integer(layout.runningPidField(type));
        if (tidContext == null && pidContext == null) {
            return byRole;
        }
        // a tid/pid context names the running thread: it resolves a CPU's unnamed one, and gives PIDs
        return e -> {
            threads.runningThread(cpu(e), e.timestamp(),
                    tidContext == null ? ThreadStateMachine.UNTOLD : (int) e.longValue(tidContext),
                    pidContext == null ? ThreadStateMachine.UNTOLD : (int) e.longValue(pidContext));
            byRole.handle(e);
        };
    }

    private FieldHandle field(EventType type, String name) {
        return layout.payloadField(type, name);
    }

    private EventHandler touch() {
        return e -> cpus.observe(cpu(e), e.timestamp());
    }

    private EventHandler roleHandler(EventType type, Role role) {
        return switch (role) {
            case SCHED_SWITCH -> {
                FieldHandle prevTid = FieldHandle.integer(field(type, "prev_tid"));
                FieldHandle prevState = FieldHandle.integer(field(type, "prev_state"));
                FieldHandle nextTid = FieldHandle.integer(field(type, "next_tid"));
                FieldHandle nextPrio = FieldHandle.integer(field(type, "next_prio"));
                EventComm prevComm = comm(field(type, "prev_comm"));
                EventComm nextComm = comm(field(type, "next_comm"));
                if (prevTid == null || prevState == null || nextTid == null) {
                    yield touch();
                }
                yield e -> states.schedSwitch(cpu(e), e.timestamp(), (int) e.longValue(prevTid), e.longValue(prevState),
                        comm(prevComm, e), (int) e.longValue(nextTid), comm(nextComm, e),
                        nextPrio == null ? ThreadStateMachine.UNTOLD : (int) e.longValue(nextPrio));
            }
            case SCHED_WAKING, SCHED_WAKEUP, SCHED_WAKEUP_NEW -> {
                FieldHandle tid = FieldHandle.integer(field(type, "tid"));
                FieldHandle target = FieldHandle.integer(field(type, "target_cpu"));
                EventComm comm = comm(field(type, "comm"));
                if (tid == null) {
                    yield touch();
                }
                yield e -> wakeups.wakeup(cpu(e), e.timestamp(), (int) e.longValue(tid),
                        target == null ? -1 : (int) e.longValue(target), comm(comm, e));
            }
            case PROCESS_FORK -> {
                FieldHandle parentTid = FieldHandle.integer(field(type, "parent_tid"));
                FieldHandle parentPid = FieldHandle.integer(field(type, "parent_pid"));
                FieldHandle childTid = FieldHandle.integer(field(type, "child_tid"));
                FieldHandle childPid = FieldHandle.integer(field(type, "child_pid"));
                EventComm childComm = comm(field(type, "child_comm"));
                if (parentTid == null || childTid == null) {
                    yield touch();
                }
                yield e -> threads.fork(cpu(e), e.timestamp(), (int) e.longValue(parentTid),
                        parentPid == null ? -1 : (int) e.longValue(parentPid), (int) e.longValue(childTid),
                        childPid == null ? -1 : (int) e.longValue(childPid), comm(childComm, e));
            }
            case PROCESS_EXEC -> {
                FieldHandle tid = FieldHandle.integer(field(type, "tid"));
                FieldHandle filename = field(type, "filename");
                yield e -> threads.exec(cpu(e), e.timestamp(), tid == null ? -1 : (int) e.longValue(tid),
                        filename == null ? null : e.stringValue(filename));
            }
            case PROCESS_EXIT -> {
                FieldHandle tid = FieldHandle.integer(field(type, "tid"));
                yield tid == null ? touch() : e -> threads.exit(cpu(e), e.timestamp(), (int) e.longValue(tid));
            }
            case PROCESS_FREE -> {
                FieldHandle tid = FieldHandle.integer(field(type, "tid"));
                yield tid == null ? touch() : e -> threads.free(cpu(e), e.timestamp(), (int) e.longValue(tid));
            }
            case SYSCALL_ENTRY, SYSCALL_EXIT -> syscall(type, role == Role.SYSCALL_ENTRY);
            case STATEDUMP_FILE_DESCRIPTOR -> {
                FieldHandle pid = FieldHandle.integer(field(type, "pid"));
                FieldHandle fd = FieldHandle.integer(field(type, "fd"));
                FieldHandle path = field(type, "filename");
                yield pid == null || fd == null || path == null ? touch()
                        : e -> syscalls.statedumpDescriptor(cpu(e), e.timestamp(), (int) e.longValue(pid),
                                (int) e.longValue(fd), e.stringValue(path));
            }
            case IRQ_ENTRY -> irqEntry(type);
            case SOFTIRQ_ENTRY -> {
                FieldHandle vec = FieldHandle.integer(field(type, "vec"));
                yield vec == null ? e -> interrupts.interruptEntry(cpu(e), e.timestamp())
                        : e -> {
                            int v = (int) e.longValue(vec);
                            interrupts.interruptEntry(cpu(e), e.timestamp(), Waker.softirq(v),
                                    Waker.of(Waker.SOFTIRQ, v));
                        };
            }
            case IRQ_EXIT -> irqExit(type);
            case SOFTIRQ_EXIT -> {
                FieldHandle vec = FieldHandle.integer(field(type, "vec"));
                yield vec == null ? e -> interrupts.interruptExit(cpu(e), e.timestamp())
                        : e -> interrupts.interruptExit(cpu(e), e.timestamp(), Waker.of(Waker.SOFTIRQ, (int) e.longValue(vec)));
            }
            case SOFTIRQ_RAISE -> {
                FieldHandle vec = FieldHandle.integer(field(type, "vec"));
                yield vec == null ? touch()
                        : e -> interrupts.softirqRaise(cpu(e), e.timestamp(), (int) e.longValue(vec));
            }
            case TIMER_EXPIRE_ENTRY -> e -> interrupts.timerExpiryEntry(cpu(e), e.timestamp());
            case TIMER_EXPIRE_EXIT -> e -> interrupts.timerExpiryExit(cpu(e), e.timestamp());
            case BLOCK_RQ_ISSUE, BLOCK_RQ_COMPLETE, BLOCK_BIO_COMPLETE -> {
                FieldHandle dev = FieldHandle.integer(field(type, "dev"));
                FieldHandle sector = FieldHandle.integer(field(type, "sector"));
                FieldHandle sectors = FieldHandle.integer(field(type, "nr_sector"));
                boolean request = role != Role.BLOCK_BIO_COMPLETE && dev != null && sector != null;
                boolean issue = role == Role.BLOCK_RQ_ISSUE;
                if (issue) {
                    FieldHandle rwbs = field(type, "rwbs");
                    FieldHandle rwbsBits = FieldHandle.integer(rwbs);
                    FieldHandle tid = FieldHandle.integer(field(type, "tid"));
                    yield e -> blocks.block(cpu(e), e.timestamp(), true,
                            dev == null ? BlockDevice.UNKNOWN : e.longValue(dev), request,
                            sector == null ? 0 : e.longValue(sector), sectors == null ? 0 : e.longValue(sectors),
                            rwbsBits != null ? BlockOperation.of(e.longValue(rwbsBits))
                                    : rwbs != null ? BlockOperation.of(e.stringValue(rwbs)) : BlockOperation.OTHER,
                            tid == null ? ThreadStateMachine.UNTOLD : (int) e.longValue(tid));
                }
                yield e -> blocks.block(cpu(e), e.timestamp(), false, dev == null ? BlockDevice.UNKNOWN : e.longValue(dev),
                        request, sector == null ? 0 : e.longValue(sector), sectors == null ? 0 : e.longValue(sectors));
            }
            case BLOCK_RQ_INSERT -> {
                FieldHandle dev = FieldHandle.integer(field(type, "dev"));
                FieldHandle sector = FieldHandle.integer(field(type, "sector"));
                yield dev == null || sector == null ? touch()
                        : e -> blocks.blockInserted(cpu(e), e.timestamp(), e.longValue(dev), e.longValue(sector));
            }
            case STATEDUMP_BLOCK_DEVICE -> {
                FieldHandle dev = FieldHandle.integer(field(type, "dev"));
                FieldHandle name = field(type, "diskname");
                yield dev == null || name == null ? touch()
                        : e -> blocks.blockDeviceNamed(cpu(e), e.timestamp(), e.longValue(dev), e.stringValue(name));
            }
            case STATEDUMP_END -> e -> threads.statedumpEnd(cpu(e), e.timestamp());
            case STATEDUMP_PROCESS_STATE -> {
                FieldHandle tid = FieldHandle.integer(field(type, "tid"));
                FieldHandle pid = FieldHandle.integer(field(type, "pid"));
                EventComm name = comm(field(type, "name"));
                FieldHandle kind = FieldHandle.integer(field(type, "type"));
                FieldHandle status = FieldHandle.integer(field(type, "status"));
                FieldHandle onCpu = FieldHandle.integer(field(type, "cpu"));
                if (tid == null || status == null) {
                    yield touch();
                }
                yield e -> threads.statedumpProcess(cpu(e), e.timestamp(), (int) e.longValue(tid),
                        pid == null ? -1 : (int) e.longValue(pid), comm(name, e), kind == null ? -1 : e.longValue(kind),
                        e.longValue(status), onCpu == null ? -1 : (int) e.longValue(onCpu));
            }
            case SCHED_MIGRATE_TASK -> {
                FieldHandle tid = FieldHandle.integer(field(type, "tid"));
                FieldHandle dest = FieldHandle.integer(field(type, "dest_cpu"));
                FieldHandle orig = FieldHandle.integer(field(type, "orig_cpu"));
                yield tid == null || dest == null ? touch()
                        : e -> wakeups.migrate(cpu(e), e.timestamp(), (int) e.longValue(tid),
                                orig == null ? -1 : (int) e.longValue(orig), (int) e.longValue(dest));
            }
            case NET_DEV_XMIT, NET_RECEIVE_SKB -> networkPacket(type, role == Role.NET_DEV_XMIT);
            // any other event still marks its CPU as observed and moves time on: spans run from each CPU's first
            // event to the trace's last
            default -> touch();
        };
    }

    /**
     * A packet sent or received ({@link SyscallTracker#networkPacket}): bound only when a sink hears packets, or
     * for a packet sent, when a sink follows the descriptors' types (which one sent during a write can change), so
     * that a pass that needs neither reads none.
     */
    private EventHandler networkPacket(EventType type, boolean sent) {
        FieldHandle len = FieldHandle.integer(field(type, "len"));
        FieldHandle name = field(type, "name");
        if (len == null || name == null || !(syscalls.followsNetwork() || sent && syscalls.followsFiles())) {
            return touch();
        }
        // a machine has few interfaces: the last one's name is compared, not made again for each packet
        String[] last = { null };
        return e -> {
            String netif = last[0] != null && e.stringEquals(name, last[0]) ? last[0] : (last[0] = e.stringValue(name));
            syscalls.networkPacket(cpu(e), e.timestamp(), netif, e.longValue(len), sent);
        };
    }

    /**
     * The handler {@code then}, followed by the priorities the event gives ({@link ThreadTracker#priority}):
     * bound only when a sink hears them, so that a pass that needs none reads none.
     */
    private EventHandler priorities(EventType type, Role role, EventHandler then) {
        return switch (role) {
            case SCHED_SWITCH -> {
                FieldHandle prevTid = FieldHandle.integer(field(type, "prev_tid"));
                FieldHandle prevPrio = FieldHandle.integer(field(type, "prev_prio"));
                FieldHandle nextTid = FieldHandle.integer(field(type, "next_tid"));
                FieldHandle nextPrio = FieldHandle.integer(field(type, "next_prio"));
                if (prevTid == null || nextTid == null || prevPrio == null || nextPrio == null) {
                    yield then;
                }
                yield e -> {
                    then.handle(e);
                    threads.priority(cpu(e), e.timestamp(), (int) e.longValue(prevTid), (int) e.longValue(prevPrio));
                    threads.priority(cpu(e), e.timestamp(), (int) e.longValue(nextTid), (int) e.longValue(nextPrio));
                };
            }
            case SCHED_WAKING, SCHED_WAKEUP, SCHED_WAKEUP_NEW -> priority(then, type, "prio", layout.wakeupPrioOffset());
            case SCHED_MIGRATE_TASK -> priority(then, type, "prio", 0);
            case SCHED_PI_SETPRIO -> priority(then, type, "newprio", 0);
            default -> then;
        };
    }

    /** {@code then}, followed by the priority the event's {@code tid} and that field give, less {@code offset}. */
    private EventHandler priority(EventHandler then, EventType type, String prioField, int offset) {
        FieldHandle tid = FieldHandle.integer(field(type, "tid"));
        FieldHandle prio = FieldHandle.integer(field(type, prioField));
        if (tid == null || prio == null) {
            return then;
        }
        return e -> {
            then.handle(e);
            threads.priority(cpu(e), e.timestamp(), (int) e.longValue(tid), (int) e.longValue(prio) - offset);
        };
    }

    /** System calls whose descriptor argument a wait's cause or the descriptor table needs, by its field's name. */
    private static final java.util.Map<String, String> FD_ARGUMENT = java.util.Map.ofEntries(
            java.util.Map.entry("read", "fd"), java.util.Map.entry("readv", "fd"), java.util.Map.entry("pread64", "fd"),
            java.util.Map.entry("preadv", "fd"), java.util.Map.entry("preadv2", "fd"), java.util.Map.entry("close", "fd"),
            java.util.Map.entry("dup", "fildes"), java.util.Map.entry("dup2", "oldfd"), java.util.Map.entry("dup3", "oldfd"));
    /** System calls whose return is a new descriptor of a kind they say. */
    private static final java.util.Map<String, String> MAKES = java.util.Map.ofEntries(
            java.util.Map.entry("socket", FileDescriptors.SOCKET), java.util.Map.entry("accept", FileDescriptors.SOCKET),
            java.util.Map.entry("accept4", FileDescriptors.SOCKET), java.util.Map.entry("eventfd", "eventfd"),
            java.util.Map.entry("eventfd2", "eventfd"), java.util.Map.entry("timerfd_create", "timerfd"),
            java.util.Map.entry("signalfd", "signalfd"), java.util.Map.entry("signalfd4", "signalfd"),
            java.util.Map.entry("inotify_init", "inotify"), java.util.Map.entry("inotify_init1", "inotify"),
            java.util.Map.entry("epoll_create", "eventpoll"), java.util.Map.entry("epoll_create1", "eventpoll"));

    /**
     * A system call's entry or exit: its cause (what a sleep in it waits for), and what it does to the process's
     * descriptors (a read's descriptor, an open's path, what a call's return is).
     */
    private EventHandler syscall(EventType type, boolean entry) {
        EventHandler calls = syscallCalls(type, entry);
        if (!syscalls.followsFiles()) {
            return calls;
        }
        if (!entry) {
            // any exit (before lttng-modules 2.6, one exit_syscall for all calls) may end a read or write
            FieldHandle ret = FieldHandle.integer(field(type, "ret"));
            if (ret == null) {
                return calls;
            }
            if (layout.syscallName(type) != null) {
                return e -> {
                    syscalls.fileIo(cpu(e), e.timestamp(), e.longValue(ret));
                    calls.handle(e);
                };
            }
            // an exit that names no call: what it did to the descriptors is the call its entry named
            return e -> {
                int call = syscalls.currentCall(cpu(e), e.timestamp());
                syscalls.fileIo(cpu(e), e.timestamp(), e.longValue(ret));
                calls.handle(e);
                descriptorsAtExit(call, cpu(e), e.timestamp(), e.longValue(ret));
            };
        }
        String syscall = layout.syscallName(type);
        boolean read = DescriptorType.READS.contains(syscall);
        FieldHandle fd = read || DescriptorType.WRITES.contains(syscall) ? FieldHandle.integer(field(type, "fd")) : null;
        return fd == null ? calls : e -> {
            calls.handle(e);
            syscalls.fileIoEntry(cpu(e), e.timestamp(), (int) e.longValue(fd), !read);
        };
    }

    /** What the exit of each system call (by id) does to the descriptors, when the exit event names no call. */
    private String[] exitActions = new String[0];
    private static final String NOTHING = "", CLOSES = "close", NAMED_BY_ENTRY = "entry";

    private void descriptorsAtExit(int call, int cpu, long time, long ret) {
        if (call < 0) {
            return;
        }
        if (call >= exitActions.length) {
            exitActions = java.util.Arrays.copyOf(exitActions, Math.max(call + 1, 2 * exitActions.length));
        }
        String action = exitActions[call];
        if (action == null) {
            String name = callNames.name(call);
            action = name == null ? NOTHING : name.equals("close") ? CLOSES : MAKES.containsKey(name) ? MAKES.get(name)
                    : name.startsWith("dup") || name.equals("open") || name.equals("openat") || name.equals("openat2")
                            || name.equals("creat") ? NAMED_BY_ENTRY : NOTHING;
            exitActions[call] = action;
        }
        if (action == CLOSES) {
            syscalls.descriptorClosed(cpu, time, ret);
        } else if (action == NAMED_BY_ENTRY) {
            syscalls.descriptorMade(cpu, time, ret, null);
        } else if (action != NOTHING) {
            syscalls.descriptorMade(cpu, time, ret, action);
        }
    }

    /** A system call's entry or exit, as the process analysis follows it. */
    private EventHandler syscallCalls(EventType type, boolean entry) {
        String syscall = layout.syscallName(type);
        int cause = syscall == null ? WaitCauses.UNNAMED_SYSCALL : causes.ofSyscall(syscall);
        int id = callNames.id(syscall);
        FieldHandle returned = entry ? null : FieldHandle.integer(field(type, "ret"));
        EventHandler plain = returned == null ? e -> syscalls.syscall(cpu(e), e.timestamp(), entry, cause, id, Long.MIN_VALUE)
                : e -> syscalls.syscall(cpu(e), e.timestamp(), entry, cause, id, e.longValue(returned));
        if (syscall == null) {
            return plain;
        }
        boolean opens = syscall.equals("open") || syscall.equals("openat") || syscall.equals("openat2")
                || syscall.equals("creat");
        if (entry) {
            FieldHandle fd = FD_ARGUMENT.containsKey(syscall) ? FieldHandle.integer(field(type, FD_ARGUMENT.get(syscall))) : null;
            FieldHandle path = opens ? field(type, "filename") : null;
            if (fd != null) {
                return e -> {
                    plain.handle(e);
                    syscalls.syscallFd(cpu(e), e.timestamp(), (int) e.longValue(fd));
                };
            }
            if (path != null) {
                return e -> {
                    plain.handle(e);
                    syscalls.opening(cpu(e), e.timestamp(), e.stringValue(path));
                };
            }
            return plain;
        }
        FieldHandle ret = FieldHandle.integer(field(type, "ret"));
        boolean dup = syscall.startsWith("dup");
        if (ret == null || !(opens || dup || MAKES.containsKey(syscall) || syscall.equals("close"))) {
            return plain;
        }
        String kind = MAKES.get(syscall);
        boolean close = syscall.equals("close");
        return e -> {
            plain.handle(e);
            if (close) {
                syscalls.descriptorClosed(cpu(e), e.timestamp(), e.longValue(ret));
            } else {
                syscalls.descriptorMade(cpu(e), e.timestamp(), e.longValue(ret), kind);
            }
        };
    }

    /**
     * A hard IRQ handler's entry: {@code irq_handler_entry} names its IRQ (and, once per IRQ, its name); an x86 vector
     * without an IRQ descriptor is named by its event (the local timer's wakeups are timer expiries).
     */
    private EventHandler irqEntry(EventType type) {
        String name = type.name();
        if (name.startsWith("x86_irq_vectors_") || name.startsWith("irq_vectors:")) {
            String what = name.replaceFirst("^(x86_)?irq_vectors[_:]", "").replaceFirst("_entry$", "");
            // the local timer's wakeups are timer expiries
            boolean timer = what.equals("local_timer");
            FieldHandle vector = FieldHandle.integer(field(type, "vector"));
            return e -> {
                int id = VECTOR | (vector == null ? 0 : (int) e.longValue(vector) & 0xFFFF);
                if (!interrupts.irqNamed(id)) {
                    interrupts.nameIrq(id, what.replace('_', ' '));
                }
                interrupts.interruptEntry(cpu(e), e.timestamp(), timer ? Waker.of(Waker.TIMER, 0) : Waker.of(Waker.IRQ, id),
                        Waker.of(Waker.IRQ, id));
            };
        }
        FieldHandle irq = FieldHandle.integer(field(type, "irq"));
        FieldHandle irqName = field(type, "name");
        if (irq == null) {
            return e -> interrupts.interruptEntry(cpu(e), e.timestamp());
        }
        return e -> {
            int id = (int) e.longValue(irq) & (VECTOR - 1);
            if (irqName != null && !interrupts.irqNamed(id)) {
                interrupts.nameIrq(id, e.stringValue(irqName));
            }
            int handler = Waker.of(Waker.IRQ, id);
            interrupts.interruptEntry(cpu(e), e.timestamp(), handler, handler);
        };
    }

    /** A hard IRQ handler's exit: {@code irq_handler_exit} names its IRQ, an x86 vector's exit its vector. */
    private EventHandler irqExit(EventType type) {
        boolean vectors = type.name().startsWith("x86_irq_vectors_") || type.name().startsWith("irq_vectors:");
        FieldHandle id = FieldHandle.integer(field(type, vectors ? "vector" : "irq"));
        if (id == null) {
            return e -> interrupts.interruptExit(cpu(e), e.timestamp());
        }
        return vectors ? e -> interrupts.interruptExit(cpu(e), e.timestamp(), Waker.of(Waker.IRQ, VECTOR | (int) e.longValue(id) & 0xFFFF))
                : e -> interrupts.interruptExit(cpu(e), e.timestamp(), Waker.of(Waker.IRQ, (int) e.longValue(id) & (VECTOR - 1)));
    }
}

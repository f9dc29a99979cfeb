package org.lttbench.core.trace;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How one LTTng kernel trace names its events and encodes {@code prev_state}, resolved once from the metadata's
 * environment (tracer name and version, kernel release) and its declared event classes. Analyses ask it for the
 * {@link Role} of each event class once, then dispatch on roles, never on names.
 *
 * <ul>
 * <li>System calls: {@code sys_<name>} / {@code compat_sys_<name>} and one {@code exit_syscall} before
 * lttng-modules 2.6; {@code syscall_entry_<name>} / {@code syscall_exit_<name>} (and {@code compat_} forms) from
 * 2.6.</li>
 * <li>Softirqs: {@code softirq_entry/exit/raise} before 2.7, {@code irq_softirq_entry/exit/raise} from 2.7.</li>
 * <li>Hard interrupts: {@code irq_handler_entry/exit}, and the x86 vectors without an IRQ descriptor
 * ({@code x86_irq_vectors_*_entry/exit}: local timer, IPIs) from 2.7.</li>
 * <li>{@code sched_waking} (kernels from 4.3, in the waker's context) when declared; {@code sched_wakeup} otherwise;
 * {@code sched_wakeup_new} for new tasks.</li>
 * <li>{@code prev_state}: the raw {@code task->state} bits, a preempted task reported as
 * {@code TASK_RUNNING | TASK_STATE_MAX}; the bit values and {@code TASK_STATE_MAX} depend on the kernel (TASK_PARKED
 * from 3.9, TASK_NOLOAD from 4.2, TASK_NEW from 4.8, and from 4.14 TASK_PARKED 0x40 and TASK_DEAD 0x80). On kernels
 * from 4.14 traced by lttng-modules 2.9.15, 2.10.12, 2.11 or later, the kernel's report encoding instead:
 * {@code 1 << (task_state_index - 1)}: 0x1 S, 0x2 D, 0x4 T, 0x8 t, 0x10 X, 0x20 Z, 0x40 P (parked), 0x80 I (idle
 * kernel thread, blocked), and 0x100 ({@code TASK_REPORT_MAX}) for a preempted task. (The shared trace
 * {@code kernel-tracefile-rotation}, lttng-modules 2.10.8 on Linux 4.15, has the raw encoding: 0x402, 0x102, 0x80
 * as TASK_DEAD, 4096 preempted.) On kernels from 4.14 the values decide which ({@link PrevStateEncoding}): the
 * version only breaks ties.</li>
 * </ul>
 * When the environment lacks the tracer version, the naming is inferred from the declared event classes.
 */
public final class KernelLayout {

    /** What an event class means to the kernel analyses. */
    public enum Role {
        SCHED_SWITCH, SCHED_WAKEUP, SCHED_WAKING, SCHED_WAKEUP_NEW, SCHED_MIGRATE_TASK,
        /** A thread's priority is changed by priority inheritance ({@code sched_pi_setprio}). */
        SCHED_PI_SETPRIO, PROCESS_FORK, PROCESS_EXEC,
        PROCESS_EXIT, PROCESS_FREE, SYSCALL_ENTRY, SYSCALL_EXIT, IRQ_ENTRY, IRQ_EXIT, SOFTIRQ_ENTRY, SOFTIRQ_EXIT,
        SOFTIRQ_RAISE, BLOCK_RQ_INSERT, BLOCK_RQ_ISSUE, BLOCK_RQ_COMPLETE, BLOCK_BIO_COMPLETE, STATEDUMP_START,
        STATEDUMP_END, STATEDUMP_PROCESS_STATE, STATEDUMP_BLOCK_DEVICE, STATEDUMP_FILE_DESCRIPTOR,
        /** A timer's callback starts or ends: an hrtimer's ({@code hrtimer_expire_*}) or a timer wheel's ({@code timer_expire_*}). */
        TIMER_EXPIRE_ENTRY, TIMER_EXPIRE_EXIT,
        /**
         * A network interface sends a packet ({@code net_dev_xmit}) or receives one ({@code netif_receive_skb}, which
         * lttng-modules names {@code net_if_receive_skb} from 2.7 on, and perf {@code net:netif_receive_skb}).
         */
        NET_DEV_XMIT, NET_RECEIVE_SKB, OTHER
    }

    /** What {@code prev_state} says of the task leaving the CPU. */
    public enum PrevState {
        /** Runnable: it yielded or was preempted, and waits for a CPU. */
        RUNNABLE,
        /**
         * Blocked, but never on I/O: an interruptible sleep, stopped, traced, parked, or an idle kernel thread
         * ({@code TASK_IDLE}: uninterruptible but counted as nothing).
         */
        BLOCKED,
        /** An uninterruptible sleep ({@code D}, killable included): where a task waits for block-device I/O, among others. */
        UNINTERRUPTIBLE,
        /** Stopped by a signal ({@code T}) or a debugger ({@code t}). */
        STOPPED,
        /** Exiting: zombie or dead, it will not run again. */
        DEAD
    }

    /** {@code lttng_statedump_process_state}'s status values (lttng-modules' {@code lttng_process_status}). */
    public static final int STATUS_WAIT_FORK = 1, STATUS_WAIT_CPU = 2, STATUS_EXIT = 3, STATUS_ZOMBIE = 4,
            STATUS_WAIT = 5, STATUS_RUN = 6, STATUS_DEAD = 7;
    /** {@code lttng_statedump_process_state}'s type of a kernel thread. */
    public static final long KERNEL_THREAD = 1;
    /** {@code kthreadd}'s TID: the threads it forks are kernel threads. */
    public static final int KTHREADD_TID = 2;
    /** CPU numbers from this one on are not a machine's (a corrupt field): their events are left out. */
    public static final int CPU_BOUND = 1 << 16;

    private static final Map<String, Role> FIXED = Map.ofEntries(Map.entry("sched_switch", Role.SCHED_SWITCH),
            Map.entry("sched_wakeup", Role.SCHED_WAKEUP), Map.entry("sched_waking", Role.SCHED_WAKING),
            Map.entry("sched_wakeup_new", Role.SCHED_WAKEUP_NEW), Map.entry("sched_migrate_task", Role.SCHED_MIGRATE_TASK),
            Map.entry("sched_pi_setprio", Role.SCHED_PI_SETPRIO),
            Map.entry("sched_process_fork", Role.PROCESS_FORK), Map.entry("sched_process_exec", Role.PROCESS_EXEC),
            Map.entry("sched_process_exit", Role.PROCESS_EXIT), Map.entry("sched_process_free", Role.PROCESS_FREE),
            Map.entry("irq_handler_entry", Role.IRQ_ENTRY), Map.entry("irq_handler_exit", Role.IRQ_EXIT),
            Map.entry("block_rq_insert", Role.BLOCK_RQ_INSERT), Map.entry("block_rq_issue", Role.BLOCK_RQ_ISSUE),
            Map.entry("block_rq_complete", Role.BLOCK_RQ_COMPLETE),
            Map.entry("block_bio_complete", Role.BLOCK_BIO_COMPLETE),
            Map.entry("lttng_statedump_block_device", Role.STATEDUMP_BLOCK_DEVICE),
            Map.entry("lttng_statedump_file_descriptor", Role.STATEDUMP_FILE_DESCRIPTOR),
            Map.entry("lttng_statedump_start", Role.STATEDUMP_START), Map.entry("lttng_statedump_end", Role.STATEDUMP_END),
            Map.entry("lttng_statedump_process_state", Role.STATEDUMP_PROCESS_STATE),
            // lttng-modules names the hrtimer events timer_hrtimer_* from 2.7, hrtimer_* before (and perf, after "timer:")
            Map.entry("hrtimer_expire_entry", Role.TIMER_EXPIRE_ENTRY), Map.entry("hrtimer_expire_exit", Role.TIMER_EXPIRE_EXIT),
            Map.entry("timer_hrtimer_expire_entry", Role.TIMER_EXPIRE_ENTRY),
            Map.entry("timer_hrtimer_expire_exit", Role.TIMER_EXPIRE_EXIT),
            Map.entry("timer_expire_entry", Role.TIMER_EXPIRE_ENTRY), Map.entry("timer_expire_exit", Role.TIMER_EXPIRE_EXIT),
            Map.entry("net_dev_xmit", Role.NET_DEV_XMIT), Map.entry("netif_receive_skb", Role.NET_RECEIVE_SKB),
            Map.entry("net_if_receive_skb", Role.NET_RECEIVE_SKB));

    /**
     * perf's CTF conversion ({@code perf data convert --to-ctf}): tracepoints named {@code subsystem:event}
     * ({@code sched:sched_switch}, {@code raw_syscalls:sys_enter}, {@code irq:softirq_entry}), the kernel's own field
     * names ({@code prev_pid}: a TID), {@code common_pid} (the running TID) in every tracepoint, no statedump.
     */
    private final boolean perf;
    /** Fields perf's tracepoints name otherwise than lttng-modules' (lttng's name, then perf's; empty: none). */
    private static final Map<Role, Map<String, String>> PERF_FIELDS = Map.of(
            Role.SCHED_SWITCH, Map.of("prev_tid", "prev_pid", "next_tid", "next_pid"),
            Role.SCHED_WAKEUP, Map.of("tid", "pid"), Role.SCHED_WAKING, Map.of("tid", "pid"),
            Role.SCHED_WAKEUP_NEW, Map.of("tid", "pid"), Role.SCHED_MIGRATE_TASK, Map.of("tid", "pid"),
            Role.SCHED_PI_SETPRIO, Map.of("tid", "pid"),
            Role.PROCESS_EXEC, Map.of("tid", "pid"), Role.PROCESS_EXIT, Map.of("tid", "pid"),
            Role.PROCESS_FREE, Map.of("tid", "pid"),
            // the kernel's fork tracepoint names TIDs "pid" and has no process IDs
            Role.PROCESS_FORK, Map.of("parent_tid", "parent_pid", "child_tid", "child_pid", "parent_pid", "",
                    "child_pid", ""));

    private final String tracerName;
    private final int tracerMajor;
    private final int tracerMinor;
    private final int tracerPatch;
    private final boolean reportByVersion;
    private final int kernelMajor;
    private final int kernelMinor;
    private final boolean newSyscallNames;
    private final boolean newSoftirqNames;
    private final Map<String, Role> roles = new HashMap<>();
    private final Set<Role> declared = EnumSet.noneOf(Role.class);
    /** Whether x86's local timer interrupt (a vector event) is declared. */
    private final boolean localTimer;

    private KernelLayout(Map<String, Object> env, List<? extends EventType> types) {
        tracerName = env.get("tracer_name") == null ? null : env.get("tracer_name").toString();
        tracerMajor = integer(env.get("tracer_major"));
        tracerMinor = integer(env.get("tracer_minor"));
        tracerPatch = integer(env.get("tracer_patchlevel"));
        int[] kernel = kernelVersion(env.get("kernel_release") != null ? env.get("kernel_release") : env.get("release"));
        kernelMajor = kernel[0];
        kernelMinor = kernel[1];
        boolean anyNewSyscall = false;
        boolean anyOldSyscall = false;
        boolean anyNewSoftirq = false;
        boolean anyOldSoftirq = false;
        boolean perfNames = "perf".equals(tracerName);
        boolean timerVector = false;
        for (EventType t : types) {
            String n = t.name();
            perfNames |= n.equals("sched:sched_switch");
            timerVector |= n.equals("x86_irq_vectors_local_timer_entry") || n.equals("irq_vectors:local_timer_entry");
            anyNewSyscall |= n.startsWith("syscall_entry_") || n.startsWith("syscall_exit_");
            anyOldSyscall |= n.equals("exit_syscall") || n.startsWith("sys_");
            anyNewSoftirq |= n.startsWith("irq_softirq_");
            anyOldSoftirq |= n.startsWith("softirq_");
        }
        perf = perfNames;
        localTimer = timerVector;
        boolean versionKnown = tracerMajor >= 0 && tracerMinor >= 0;
        newSyscallNames = preferred(versionKnown && atLeast(2, 6), versionKnown, anyNewSyscall, anyOldSyscall);
        newSoftirqNames = preferred(versionKnown && atLeast(2, 7), versionKnown, anyNewSoftirq, anyOldSoftirq);
        reportByVersion = kernelAtLeast(4, 14) && (!versionKnown || tracerReportsTaskStateIndex());
        for (EventType t : types) {
            Role r = classify(t.name());
            roles.put(t.name(), r);
            declared.add(r);
        }
    }

    /** The version's naming, unless the trace declares only the other one (a tracer that did not follow it). */
    private static boolean preferred(boolean byVersion, boolean versionKnown, boolean anyNew, boolean anyOld) {
        if (versionKnown && (byVersion ? anyNew || !anyOld : anyOld || !anyNew)) {
            return byVersion;
        }
        return anyNew;
    }

    /** The layout of a kernel trace, from its metadata. */
    public static KernelLayout of(Trace trace) {
        return new KernelLayout(trace.environment(), trace.eventTypes());
    }

    /** The layout of a trace with this environment and these declared event classes. */
    public static KernelLayout of(Map<String, Object> environment, List<? extends EventType> types) {
        return new KernelLayout(environment, types);
    }

    private Role classify(String name) {
        if (perf) {
            return perfRole(name);
        }
        Role fixed = FIXED.get(name);
        if (fixed != null) {
            return fixed;
        }
        if (newSyscallNames) {
            if (name.startsWith("syscall_entry_") || name.startsWith("compat_syscall_entry_")) {
                return Role.SYSCALL_ENTRY;
            }
            if (name.startsWith("syscall_exit_") || name.startsWith("compat_syscall_exit_")) {
                return Role.SYSCALL_EXIT;
            }
        } else {
            if (name.startsWith("sys_") || name.startsWith("compat_sys_")) {
                return Role.SYSCALL_ENTRY;
            }
            if (name.equals("exit_syscall") || name.equals("compat_exit_syscall")) {
                return Role.SYSCALL_EXIT;
            }
        }
        // x86 interrupt vectors without an IRQ descriptor (local timer, IPIs...), traced from lttng-modules 2.7
        if (name.startsWith("x86_irq_vectors_")) {
            return name.endsWith("_entry") ? Role.IRQ_ENTRY : name.endsWith("_exit") ? Role.IRQ_EXIT : Role.OTHER;
        }
        String softirq = newSoftirqNames ? "irq_softirq_" : "softirq_";
        if (name.startsWith(softirq)) {
            return switch (name.substring(softirq.length())) {
                case "entry" -> Role.SOFTIRQ_ENTRY;
                case "exit" -> Role.SOFTIRQ_EXIT;
                case "raise" -> Role.SOFTIRQ_RAISE;
                default -> Role.OTHER;
            };
        }
        return Role.OTHER;
    }

    /** The role of a perf tracepoint, {@code subsystem:event}. */
    private static Role perfRole(String name) {
        int colon = name.indexOf(':');
        if (colon < 0) {
            return Role.OTHER; // perf's own records (perf_comm, perf_fork, perf_mmap...) and samples
        }
        String subsystem = name.substring(0, colon);
        String event = name.substring(colon + 1);
        return switch (subsystem) {
            case "raw_syscalls" -> event.equals("sys_enter") ? Role.SYSCALL_ENTRY
                    : event.equals("sys_exit") ? Role.SYSCALL_EXIT : Role.OTHER;
            case "syscalls" -> event.startsWith("sys_enter_") ? Role.SYSCALL_ENTRY
                    : event.startsWith("sys_exit_") ? Role.SYSCALL_EXIT : Role.OTHER;
            case "irq" -> switch (event) {
                case "softirq_entry" -> Role.SOFTIRQ_ENTRY;
                case "softirq_exit" -> Role.SOFTIRQ_EXIT;
                case "softirq_raise" -> Role.SOFTIRQ_RAISE;
                default -> FIXED.getOrDefault(event, Role.OTHER);
            };
            // x86 vectors without an IRQ descriptor (local timer, IPIs)
            case "irq_vectors" -> event.endsWith("_entry") ? Role.IRQ_ENTRY
                    : event.endsWith("_exit") ? Role.IRQ_EXIT : Role.OTHER;
            case "sched", "block", "timer", "net" -> FIXED.getOrDefault(event, Role.OTHER);
            default -> Role.OTHER;
        };
    }

    /**
     * The payload field of an event class that lttng-modules names {@code name} ({@code prev_tid}, {@code tid},
     * {@code child_pid}...), under this tracer's name for it; null when the class has none.
     */
    public FieldHandle payloadField(EventType type, String name) {
        if (perf) {
            String theirs = PERF_FIELDS.getOrDefault(role(type), Map.of()).getOrDefault(name, name);
            return theirs.isEmpty() ? null : type.payloadField(theirs);
        }
        FieldHandle f = type.payloadField(name);
        if (f == null && name.equals("tid") && role(type) == Role.PROCESS_EXEC) {
            f = type.payloadField("pid"); // lttng-modules before 2.4 calls the TID pid
        }
        return f;
    }

    /**
     * A field that holds the TID running on the event's CPU: lttng's {@code tid} context ({@code lttng add-context
     * -t tid}), perf's {@code common_pid} (every tracepoint); null when the class has none.
     */
    public FieldHandle runningTidField(EventType type) {
        FieldHandle f = type.contextField("tid");
        if (f == null && perf) {
            f = type.payloadField("common_pid");
            if (f == null) {
                f = type.payloadField("perf_tid");
            }
        }
        return f;
    }

    /** A field that holds the running thread's process ID: lttng's {@code pid} context, perf's {@code perf_pid}. */
    public FieldHandle runningPidField(EventType type) {
        FieldHandle f = type.contextField("pid");
        return f == null && perf ? type.payloadField("perf_pid") : f;
    }

    /**
     * The system call an entry or exit event class is of ({@code read} for {@code syscall_entry_read},
     * {@code sys_read}, {@code syscalls:sys_enter_read}), or null when the class does not name it (perf's
     * {@code raw_syscalls}, lttng's {@code exit_syscall}).
     */
    public String syscallName(EventType type) {
        String name = type.name();
        for (String prefix : perf ? List.of("syscalls:sys_enter_", "syscalls:sys_exit_")
                : newSyscallNames ? List.of("syscall_entry_", "syscall_exit_", "compat_syscall_entry_", "compat_syscall_exit_")
                        : List.of("sys_", "compat_sys_")) {
            if (name.startsWith(prefix)) {
                return name.substring(prefix.length());
            }
        }
        return null;
    }

    /** Whether the trace is perf's CTF conversion, not lttng-modules'. */
    public boolean perf() {
        return perf;
    }

    public Role role(EventType type) {
        Role r = roles.get(type.name());
        return r == null ? classify(type.name()) : r;
    }

    /** Whether the metadata declares at least one event class of that role. */
    public boolean declares(Role role) {
        return declared.contains(role);
    }

    /** Whether the trace has wakeup events ({@code sched_waking} or {@code sched_wakeup}): without, it names no waker. */
    public boolean declaresWakeups() {
        return declares(Role.SCHED_WAKING) || declares(Role.SCHED_WAKEUP);
    }

    /**
     * What a thread the trace names as a waker may have been instead ({@link WakerDoubt}), from the event classes it
     * declares and the names of the hard IRQs it entered ({@code irqsEntered}): a wakeup made in an interrupt the trace
     * does not show is put down to the thread that interrupt stopped. A hard IRQ named for a timer (ARM's
     * {@code arch_timer}, an old x86 kernel's {@code timer}) shows where timers expire, as their callbacks' events do.
     */
    public WakerDoubt wakerDoubt(java.util.Collection<String> irqsEntered) {
        if (!declaresWakeups()) {
            return WakerDoubt.NONE; // it names no waker
        }
        if (declares(Role.TIMER_EXPIRE_ENTRY) || localTimer
                || irqsEntered.stream().anyMatch(n -> n != null && n.toLowerCase(java.util.Locale.ROOT).contains("timer"))) {
            return WakerDoubt.NONE;
        }
        return declares(Role.IRQ_ENTRY) || declares(Role.SOFTIRQ_ENTRY) ? WakerDoubt.TIMERS : WakerDoubt.INTERRUPTS;
    }

    /** What a thread named as a waker may have been instead: an interrupt it took that the trace does not show. */
    public enum WakerDoubt {
        /**
         * Nothing: the trace shows timers' expiries too (their callbacks, x86's local timer interrupt, or a hard IRQ
         * of a timer).
         */
        NONE,
        /**
         * A timer interrupt: the trace shows hard IRQs or softirqs, not timers' expiries (on x86 the local timer
         * interrupt, where high-resolution timers end sleeps and timeouts, is a vector of its own, not
         * {@code irq_handler_entry}).
         */
        TIMERS,
        /** Any interrupt: the trace shows none. */
        INTERRUPTS
    }

    /**
     * A decoder of this trace's {@code prev_state} values, which decides the encoding from them (one per pass: it
     * keeps what the values told).
     */
    public PrevStateEncoding prevStateEncoding() {
        return new PrevStateEncoding(this, kernelAtLeast(4, 14), reportByVersion);
    }

    /**
     * {@code prev_state} in the kernel's report encoding ({@code 1 << (task_state_index - 1)}, from Linux 4.14):
     * 0x100 preempted, 0x80 an idle kernel thread.
     */
    static PrevState reportPrevState(long value) {
        if (value == 0 || (value & 0x100) != 0) {
            return PrevState.RUNNABLE;
        }
        if ((value & 0x30) != 0) {
            return PrevState.DEAD;
        }
        if ((value & 0x2) != 0) {
            return PrevState.UNINTERRUPTIBLE;
        }
        if (value == 0x4 || value == 0x8) {
            return PrevState.STOPPED;
        }
        return (value & 0xCD) != 0 ? PrevState.BLOCKED : PrevState.RUNNABLE; // 0x80: an idle kernel thread
    }

    /**
     * {@code prev_state} as raw {@code task->state} bits on this kernel, a preempted task as
     * {@code TASK_RUNNING | TASK_STATE_MAX}.
     */
    PrevState rawPrevState(long value) {
        long state = value & (taskStateMax() - 1);
        if (state == 0) {
            return PrevState.RUNNABLE;
        }
        boolean from414 = kernelAtLeast(4, 14);
        // EXIT_ZOMBIE and EXIT_DEAD (16 and 32, in either order), TASK_DEAD (64, or 0x80 from 4.14)
        if ((state & (from414 ? 0xB0 : 0x70)) != 0) {
            return PrevState.DEAD;
        }
        // S, D, T, t; TASK_PARKED (0x200 from 3.9, 0x40 from 4.14); TASK_NOLOAD (0x400, with D) from 4.2
        long parked = from414 ? 0x40 : kernelAtLeast(3, 9) ? 0x200 : 0;
        long noload = kernelAtLeast(4, 2) ? 0x400 : 0;
        // TASK_IDLE (D | TASK_NOLOAD) is an idle kernel thread's wait, not an uninterruptible one
        if ((state & 0x2) != 0 && (state & noload) == 0) {
            return PrevState.UNINTERRUPTIBLE;
        }
        // __TASK_STOPPED 4, __TASK_TRACED 8 (with TASK_WAKEKILL), not sleeping
        if ((state & 0xC) != 0 && (state & 0x3) == 0) {
            return PrevState.STOPPED;
        }
        long blocked = 0xF | parked | noload;
        return (state & blocked) != 0 ? PrevState.BLOCKED : PrevState.RUNNABLE; // WAKEKILL alone, WAKING, NEW
    }

    /** Whether this lttng-modules reports {@code prev_state} as the kernel's task state index (on kernels from 4.14). */
    private boolean tracerReportsTaskStateIndex() {
        if (tracerMajor != 2) {
            return tracerMajor > 2;
        }
        return switch (tracerMinor) {
            case 9 -> tracerPatch >= 15;
            case 10 -> tracerPatch >= 12;
            default -> tracerMinor >= 11;
        };
    }

    /** {@code TASK_STATE_MAX}, or 1 << 62 when the kernel version is unknown (no bit masked). */
    private long taskStateMax() {
        if (kernelMajor < 0) {
            return 1L << 62;
        }
        if (kernelAtLeast(4, 8)) {
            return 4096;
        }
        if (kernelAtLeast(4, 2)) {
            return 2048;
        }
        return kernelAtLeast(3, 9) ? 1024 : 512;
    }

    /**
     * What to take from a wakeup's {@code prio} ({@code sched_waking}, {@code sched_wakeup}, {@code sched_wakeup_new})
     * to read it as {@code sched_switch}'s prios are: lttng-modules wrote the kernel's own {@code prio} there (120 for
     * a nice 0 thread) before 2.7.1, and {@code prio - MAX_RT_PRIO} (20), as in {@code sched_switch}, from 2.7.1 on;
     * 0 when the tracer's version is unknown, or for perf (whose prios are all the kernel's).
     */
    public int wakeupPrioOffset() {
        boolean before271 = tracerMajor >= 0 && tracerMinor >= 0 && !perf
                && (!atLeast(2, 7) || (tracerMajor == 2 && tracerMinor == 7 && tracerPatch < 1));
        return before271 ? MAX_RT_PRIO : 0;
    }

    /** The kernel's {@code MAX_RT_PRIO}: lttng-modules' prios are the kernel's less it. */
    private static final int MAX_RT_PRIO = 100;

    public boolean kernelAtLeast(int major, int minor) {
        return kernelMajor > major || (kernelMajor == major && kernelMinor >= minor);
    }

    private boolean atLeast(int major, int minor) {
        return tracerMajor > major || (tracerMajor == major && tracerMinor >= minor);
    }

    /**
     * Whether the tracer's version and the kernel's mean the report encoding of {@code prev_state} (0x100 preempted,
     * 0x80 idle): only a tie-breaker, {@link #prevStateEncoding()} decides from the values.
     */
    public boolean reportEncodingByVersion() {
        return reportByVersion;
    }

    public boolean newSyscallNames() {
        return newSyscallNames;
    }

    public boolean newSoftirqNames() {
        return newSoftirqNames;
    }

    /**
     * One line naming the tracer, kernel and conventions chosen, for reports and errors; {@code prevState}, the
     * encoding of {@code prev_state} as the values decided it, ends it.
     */
    public String describe(String prevState) {
        String tracer = tracerName == null ? "unknown tracer" : tracerName
                + (tracerMajor >= 0 ? " " + tracerMajor + "." + tracerMinor + (tracerPatch >= 0 ? "." + tracerPatch : "") : "");
        String kernel = kernelMajor < 0 ? "unknown kernel" : "Linux " + kernelMajor + "." + kernelMinor;
        if (perf) {
            return String.format(Locale.ROOT, "%s (perf data convert --to-ctf) on %s: subsystem:event names "
                    + "(sched:sched_switch, raw_syscalls:sys_enter), %s, prev_state %s", tracer, kernel,
                    declares(Role.SCHED_WAKING) ? "sched:sched_waking" : "sched:sched_wakeup only", prevState);
        }
        return String.format(Locale.ROOT, "%s on %s: %s, %s, %s, prev_state %s", tracer, kernel,
                newSyscallNames ? "syscall_entry_*/syscall_exit_*" : "sys_*/exit_syscall",
                newSoftirqNames ? "irq_softirq_*" : "softirq_*",
                declares(Role.SCHED_WAKING) ? "sched_waking" : "sched_wakeup only",
                prevState);
    }

    private static int integer(Object value) {
        if (value instanceof Number n) {
            return n.intValue();
        }
        if (value != null) {
            try {
                return Integer.parseInt(value.toString().trim());
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }

    /** {major, minor} of a release such as {@code 4.15.0-65-generic}, or {-1, -1}. */
    static int[] kernelVersion(Object release) {
        if (release == null) {
            return new int[] { -1, -1 };
        }
        String[] parts = release.toString().split("[^0-9]+", 3);
        try {
            return new int[] { Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 0 };
        } catch (NumberFormatException e) {
            return new int[] { -1, -1 };
        }
    }
}

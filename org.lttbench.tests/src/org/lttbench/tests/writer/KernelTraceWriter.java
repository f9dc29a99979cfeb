package org.lttbench.tests.writer;

import static org.lttbench.tests.writer.TraceMetadata.field;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.lttbench.tests.writer.CtfType.IntegerType;
import org.lttbench.tests.writer.CtfType.StringType;
import org.lttbench.tests.writer.CtfType.TextArrayType;
import org.lttbench.tests.writer.TraceMetadata.Field;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;

/**
 * Writes an LTTng kernel trace (metadata of the given {@link KernelTracer}, one {@code channel0_<cpu>} stream per
 * CPU) from calls that read like the kernel's tracepoints. Timestamps are clock values in ns; a reader reports them
 * plus {@link #clockOffset()}. Each CPU's events must be written in time order.
 */
public final class KernelTraceWriter implements Closeable {
    /** {@code lttng_statedump_process_state} status values (lttng-modules' {@code lttng_process_status}). */
    public static final int STATUS_UNNAMED = 0, STATUS_WAIT_FORK = 1, STATUS_WAIT_CPU = 2, STATUS_EXIT = 3,
            STATUS_ZOMBIE = 4, STATUS_WAIT = 5, STATUS_RUN = 6, STATUS_DEAD = 7;
    public static final int USER_THREAD = 0, KERNEL_THREAD = 1;

    private final KernelTracer tracer;
    private final TraceMetadata metadata;
    private final StreamClass stream;
    private final CtfTraceWriter writer;
    private final int contexts;
    private final Map<Integer, long[]> contextValues = new LinkedHashMap<>();

    /**
     * @param syscalls the system calls to declare (entry and exit classes), e.g. {@code read}, {@code futex}
     */
    public KernelTraceWriter(Path dir, KernelTracer tracer, List<String> syscalls, boolean keepLog) throws IOException {
        this(dir, tracer, syscalls, keepLog, List.of());
    }

    /**
     * @param contexts integer context fields of the channel's stream event context ({@code lttng add-context -k},
     *                 e.g. {@code tid}, {@code pid}); their values per CPU come from {@link #context(int, long...)}
     */
    public KernelTraceWriter(Path dir, KernelTracer tracer, List<String> syscalls, boolean keepLog, List<String> contexts)
            throws IOException {
        this.tracer = tracer;
        this.contexts = contexts.size();
        this.metadata = new TraceMetadata(ByteOrder.LITTLE_ENDIAN,
                UUID.nameUUIDFromBytes(dir.toAbsolutePath().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        if (tracer.perf()) {
            // what perf data convert --to-ctf writes (tools/perf/util/data-convert-bt.c)
            metadata.env("host", "scenario").env("sysname", "Linux").env("release", tracer.kernelRelease())
                    .env("version", "#1 SMP PREEMPT").env("machine", "x86_64").env("domain", "kernel")
                    .env("tracer_name", "perf");
        } else {
            metadata.env("hostname", "scenario").env("domain", "kernel").env("sysname", "Linux")
                    .env("kernel_release", tracer.kernelRelease()).env("kernel_version", "#1 SMP PREEMPT")
                    .env("tracer_name", "lttng-modules").env("tracer_major", tracer.major())
                    .env("tracer_minor", tracer.minor()).env("tracer_patchlevel", tracer.patch());
        }
        if (tracer.naturalAlignment()) {
            metadata.headerIntegerAlignment(64);
        }
        if (tracer.eventCpuField() != null) {
            metadata.withoutPacketCpuId();
        }
        List<Field> context = new ArrayList<>();
        for (String c : contexts) {
            context.add(field(c, s32()));
        }
        this.stream = metadata.streamClass(tracer.header(), context, tracer.packetSequenceNumber());
        declare(syscalls);
        this.writer = new CtfTraceWriter(dir, metadata, keepLog);
    }

    public CtfTraceWriter ctf() {
        return writer;
    }

    public TraceMetadata metadata() {
        return metadata;
    }

    public KernelTracer tracer() {
        return tracer;
    }

    /** ns since the epoch of clock value 0. */
    public long clockOffset() {
        return metadata.clock().offsetCycles();
    }

    private IntegerType s32() {
        return integer(32, true);
    }

    private IntegerType u32() {
        return integer(32, false);
    }

    private IntegerType s64() {
        return integer(64, true);
    }

    private IntegerType u64() {
        return integer(64, false);
    }

    private IntegerType integer(int bits, boolean signed) {
        return new IntegerType(bits, signed, tracer.naturalAlignment() ? bits : 8, 10);
    }

    private final Map<String, List<Field>> declared = new LinkedHashMap<>();

    private void event(String name, Field... fields) {
        if (tracer.omitted().contains(name)) {
            return;
        }
        List<Field> all = new ArrayList<>();
        if (tracer.eventCpuField() != null) {
            all.add(field(tracer.eventCpuField(), u32()));
        }
        if (!tracer.perf()) {
            all.addAll(List.of(fields));
            declared.put(name, all);
            return;
        }
        // perf: the tracepoint's common fields first, then its own under the kernel's names (a TID is a "pid")
        all.addAll(List.of(field("common_type", integer(16, false)),
                field("common_flags", integer(8, false)), field("common_preempt_count", integer(8, false)),
                field("common_pid", s32())));
        for (Field f : fields) {
            all.add(field(PERF_FIELD_NAMES.getOrDefault(f.name(), f.name()), f.type()));
        }
        declared.put(tracer.eventName(name), all);
    }

    /** The kernel's tracepoint field names where lttng-modules' differ. */
    private static final Map<String, String> PERF_FIELD_NAMES = Map.of("prev_tid", "prev_pid", "next_tid", "next_pid",
            "tid", "pid", "old_tid", "old_pid", "parent_tid", "parent_pid", "child_tid", "child_pid");

    /** perf: the TID each CPU runs (its {@code common_pid}), from its switches or as a scenario says. */
    private final Map<Integer, Integer> running = new java.util.HashMap<>();

    /** perf: the thread {@code cpu} runs before its first switch (the {@code common_pid} of its events). */
    public KernelTraceWriter running(int cpu, int tid) {
        running.put(cpu, tid);
        return this;
    }

    private void declare(List<String> syscalls) {
        TextArrayType comm = new TextArrayType(16);
        boolean ns = tracer.atLeast(2, 7);
        event("sched_switch", field("prev_comm", comm), field("prev_tid", s32()), field("prev_prio", s32()),
                field("prev_state", tracer.naturalAlignment() ? s32() : s64()), field("next_comm", comm),
                field("next_tid", s32()), field("next_prio", s32()));
        List<Field> wakeup = new ArrayList<>(List.of(field("comm", comm), field("tid", s32()), field("prio", s32())));
        if (!tracer.kernelAtLeast(4, 3)) {
            wakeup.add(field("success", s32()));
        }
        wakeup.add(field("target_cpu", s32()));
        if (tracer.hasWaking()) {
            event("sched_waking", wakeup.toArray(Field[]::new));
        }
        event("sched_wakeup", wakeup.toArray(Field[]::new));
        event("sched_wakeup_new", wakeup.toArray(Field[]::new));
        event("sched_migrate_task", field("comm", comm), field("tid", s32()), field("prio", s32()),
                field("orig_cpu", s32()), field("dest_cpu", s32()));
        List<Field> fork = new ArrayList<>(List.of(field("parent_comm", comm), field("parent_tid", s32()),
                field("parent_pid", s32())));
        if (ns) {
            fork.add(field("parent_ns_inum", u32()));
        }
        fork.add(field("child_comm", comm));
        fork.add(field("child_tid", s32()));
        if (ns) {
            fork.add(field("_vtids_length", integer(8, false).aligned(8)));
            fork.add(field("vtids", CtfType.ArrayType.sequence(s32(), "__vtids_length")));
        }
        fork.add(field("child_pid", s32()));
        if (ns) {
            fork.add(field("child_ns_inum", u32()));
        }
        if (tracer.perf()) {
            event("sched_process_fork", field("parent_comm", comm), field("parent_tid", s32()), field("child_comm", comm),
                    field("child_tid", s32()));
        } else {
            event("sched_process_fork", fork.toArray(Field[]::new));
        }
        event("sched_process_exec", field("filename", new StringType()), field("tid", s32()), field("old_tid", s32()));
        event("sched_process_exit", field("comm", comm), field("tid", s32()), field("prio", s32()));
        event("sched_process_free", field("comm", comm), field("tid", s32()), field("prio", s32()));
        event("sched_stat_runtime", field("comm", comm), field("tid", s32()), field("runtime", u64()),
                field("vruntime", u64()));
        event("irq_handler_entry", field("irq", s32()), field("name", new StringType()));
        event("irq_handler_exit", field("irq", s32()), field("ret", s32()));
        if (tracer.atLeast(2, 7)) {
            event("x86_irq_vectors_local_timer_entry", field("vector", s32()));
            event("x86_irq_vectors_local_timer_exit", field("vector", s32()));
        }
        for (String what : List.of("entry", "exit", "raise")) {
            event(tracer.softirq(what), field("vec", u32()));
        }
        event(tracer.hrtimer("expire_entry"), field("hrtimer", u64()), field("now", s64()), field("function", u64()));
        event(tracer.hrtimer("expire_exit"), field("hrtimer", u64()));
        event("timer_expire_entry", field("timer", u64()), field("now", u64()), field("function", u64()));
        event("timer_expire_exit", field("timer", u64()));
        List<Field> rq = List.of(field("dev", u32()), field("sector", u64()), field("nr_sector", u32()),
                field("errors", s32()), field("rwbs", u32()), field("_cmd_length", u32()),
                field("cmd", CtfType.ArrayType.sequence(new IntegerType(8, false, 8, 16), "__cmd_length")));
        // block_rq_insert and block_rq_issue as lttng-modules 2.10 writes them (the issuing thread's tid and comm)
        List<Field> issue = List.of(field("dev", u32()), field("sector", u64()), field("nr_sector", u32()),
                field("bytes", u32()), field("tid", s32()), field("rwbs", u32()), field("_cmd_length", u32()),
                field("cmd", CtfType.ArrayType.sequence(new IntegerType(8, false, 8, 16), "__cmd_length")),
                field("comm", comm));
        if (tracer.perf()) {
            for (String name : List.of("block_rq_insert", "block_rq_issue")) {
                event(name, field("dev", u32()), field("sector", u64()), field("nr_sector", u32()),
                        field("bytes", u32()), field("rwbs", new StringType()), field("comm", comm),
                        field("cmd", new StringType()));
            }
            event("block_rq_complete", field("dev", u32()), field("sector", u64()), field("nr_sector", u32()),
                    field("error", s32()), field("rwbs", new StringType()), field("cmd", new StringType()));
        } else {
            event("block_rq_insert", issue.toArray(Field[]::new));
            event("block_rq_issue", issue.toArray(Field[]::new));
            event("block_rq_complete", rq.toArray(Field[]::new));
        }
        event("lttng_statedump_block_device", field("dev", u32()), field("diskname", new StringType()));
        event("lttng_statedump_file_descriptor", field("pid", s32()), field("fd", s32()), field("flags", u32()),
                field("fmode", u32()), field("filename", new StringType()));
        event("lttng_statedump_start");
        event("lttng_statedump_end");
        List<Field> sd = new ArrayList<>(List.of(field("tid", s32()), field("vtid", s32()), field("pid", s32()),
                field("vpid", s32()), field("ppid", s32()), field("vppid", s32()), field("name", comm)));
        if (tracer.atLeast(2, 11)) {
            sd.add(field("type", new CtfType.EnumType(s32(), Map.of("USER_THREAD", 0L, "KERNEL_THREAD", 1L))));
            sd.add(field("mode", s32()));
            sd.add(field("submode", s32()));
            Map<String, Long> status = new LinkedHashMap<>();
            String[] labels = { "UNNAMED", "WAIT_FORK", "WAIT_CPU", "EXIT", "ZOMBIE", "WAIT", "RUN", "DEAD" };
            for (int i = 0; i < labels.length; i++) {
                status.put(labels[i], (long) i);
            }
            sd.add(field("status", new CtfType.EnumType(s32(), status)));
        } else {
            sd.addAll(List.of(field("type", s32()), field("mode", s32()), field("submode", s32()), field("status", s32())));
        }
        sd.add(field("ns_level", s32()));
        if (tracer.atLeast(2, 8)) {
            sd.add(field("ns_inum", u32()));
        }
        if (tracer.atLeast(2, 10)) {
            sd.add(field("cpu", u32()));
        }
        event("lttng_statedump_process_state", sd.toArray(Field[]::new));
        // net_dev_xmit's rc came after len before lttng-modules 2.7 (as kernel-arm-bug446190 shows), before it from 2.7
        event("net_dev_xmit", tracer.atLeast(2, 7)
                ? new Field[] { field("skbaddr", u64()), field("rc", s32()), field("len", u32()), field("name", new StringType()) }
                : new Field[] { field("skbaddr", u64()), field("len", u32()), field("rc", s32()), field("name", new StringType()) });
        event(tracer.netifReceiveSkb(), field("skbaddr", u64()), field("len", u32()), field("name", new StringType()));
        if (tracer.perf() && !syscalls.isEmpty()) {
            event("raw_syscalls:sys_enter", field("id", s64()), field("args", new CtfType.ArrayType(u64(), 6)));
            event("raw_syscalls:sys_exit", field("id", s64()), field("ret", s64()));
            syscalls = List.of();
        }
        for (String sc : syscalls) {
            event(tracer.syscallEntry(sc), syscallArgs(sc));
            if (tracer.newSyscallNames()) {
                event(tracer.syscallExit(sc), field("ret", s64()));
            }
        }
        if (!tracer.perf() && !tracer.newSyscallNames() && !syscalls.isEmpty()) {
            event("exit_syscall", field("ret", tracer.naturalAlignment() ? s32() : s64()));
        }
        for (var e : declared.entrySet()) {
            stream.event(e.getKey(), e.getValue());
        }
    }

    private Field[] syscallArgs(String syscall) {
        return switch (syscall) {
            case "read", "write" -> new Field[] { field("fd", u32()), field("buf", u64()), field("count", u64()) };
            case "openat" -> new Field[] { field("dfd", s32()), field("filename", new StringType()),
                    field("flags", s32()), field("mode", u32()) };
            case "close" -> new Field[] { field("fd", u32()) };
            case "dup" -> new Field[] { field("fildes", u32()) };
            case "socket" -> new Field[] { field("family", s32()), field("type", s32()), field("protocol", s32()) };
            case "accept" -> new Field[] { field("fd", s32()), field("upeer_sockaddr", u64()),
                    field("upeer_addrlen", u64()) };
            case "futex" -> new Field[] { field("uaddr", u64()), field("op", s32()), field("val", u32()),
                    field("utime", u64()), field("uaddr2", u64()), field("val3", u32()) };
            case "execve" -> new Field[] { field("filename", new StringType()), field("argv", u64()), field("envp", u64()) };
            case "clone" -> new Field[] { field("clone_flags", u64()), field("newsp", u64()), field("parent_tid", u64()),
                    field("child_tid", u64()) };
            default -> new Field[] { field("arg", u64()) };
        };
    }

    private CtfStreamWriter cpu(int cpu) throws IOException {
        return writer.stream(stream, "channel0", cpu);
    }

    /**
     * Writes any declared event with its payload values in declaration order; an event of a class the tracer omits
     * is not written (a trace recorded without that event).
     */
    public KernelTraceWriter event(long ts, int cpu, String name, Object... payload) throws IOException {
        if (tracer.omitted().contains(name)) {
            return this;
        }
        if (tracer.perf() && !name.contains(":")) {
            return perfEvent(ts, cpu, tracer.eventName(name), payload);
        }
        int cpuFields = tracer.eventCpuField() == null ? 0 : 1;
        if (contexts == 0 && cpuFields == 0) {
            cpu(cpu).event(ts, name, payload);
            return this;
        }
        long[] ctx = contextValues.getOrDefault(cpu, new long[contexts]);
        Object[] all = new Object[contexts + cpuFields + payload.length];
        for (int i = 0; i < contexts; i++) {
            all[i] = ctx[i];
        }
        if (cpuFields == 1) {
            all[contexts] = (long) cpu;
        }
        System.arraycopy(payload, 0, all, contexts + cpuFields, payload.length);
        cpu(cpu).event(ts, name, all);
        return this;
    }

    /** Events of this CPU the tracer lost (counted in the packet being written). */
    public KernelTraceWriter discard(int cpu, long count) throws IOException {
        cpu(cpu).discard(count);
        return this;
    }

    /** The context values (in the order declared) of this CPU's next events, e.g. its current TID and PID. */
    public KernelTraceWriter context(int cpu, long... values) {
        if (values.length != contexts) {
            throw new IllegalArgumentException(contexts + " context values expected");
        }
        contextValues.put(cpu, values.clone());
        return this;
    }

    public KernelTraceWriter schedSwitch(long ts, int cpu, String prevComm, int prevTid, long prevState, String nextComm,
            int nextTid) throws IOException {
        return schedSwitch(ts, cpu, prevComm, prevTid, prevState, nextComm, nextTid, 20);
    }

    /** The same, the next thread running at that priority (lttng's {@code next_prio}: the kernel's prio - 100). */
    public KernelTraceWriter schedSwitch(long ts, int cpu, String prevComm, int prevTid, long prevState, String nextComm,
            int nextTid, int nextPrio) throws IOException {
        event(ts, cpu, "sched_switch", prevComm, prevTid, 20, prevState, nextComm, nextTid, nextPrio);
        running.put(cpu, nextTid);
        return this;
    }

    private Object[] wakeupValues(String comm, int tid, int targetCpu) {
        return tracer.kernelAtLeast(4, 3) ? new Object[] { comm, tid, 20, targetCpu }
                : new Object[] { comm, tid, 20, 1, targetCpu };
    }

    public KernelTraceWriter waking(long ts, int cpu, String comm, int tid, int targetCpu) throws IOException {
        return event(ts, cpu, "sched_waking", wakeupValues(comm, tid, targetCpu));
    }

    public KernelTraceWriter wakeup(long ts, int cpu, String comm, int tid, int targetCpu) throws IOException {
        return event(ts, cpu, "sched_wakeup", wakeupValues(comm, tid, targetCpu));
    }

    public KernelTraceWriter wakeupNew(long ts, int cpu, String comm, int tid, int targetCpu) throws IOException {
        return event(ts, cpu, "sched_wakeup_new", wakeupValues(comm, tid, targetCpu));
    }

    public KernelTraceWriter migrate(long ts, int cpu, String comm, int tid, int origCpu, int destCpu) throws IOException {
        return event(ts, cpu, "sched_migrate_task", comm, tid, 20, origCpu, destCpu);
    }

    public KernelTraceWriter fork(long ts, int cpu, String parentComm, int parentTid, int parentPid, String childComm,
            int childTid, int childPid) throws IOException {
        if (tracer.perf()) {
            return event(ts, cpu, "sched_process_fork", parentComm, parentTid, childComm, childTid);
        }
        if (tracer.atLeast(2, 7)) {
            return event(ts, cpu, "sched_process_fork", parentComm, parentTid, parentPid, 0xF0000000L, childComm, childTid,
                    1, new long[] { childTid }, childPid, 0xF0000000L);
        }
        return event(ts, cpu, "sched_process_fork", parentComm, parentTid, parentPid, childComm, childTid, childPid);
    }

    public KernelTraceWriter exec(long ts, int cpu, String filename, int tid) throws IOException {
        return event(ts, cpu, "sched_process_exec", filename, tid, tid);
    }

    public KernelTraceWriter processExit(long ts, int cpu, String comm, int tid) throws IOException {
        return event(ts, cpu, "sched_process_exit", comm, tid, 20);
    }

    public KernelTraceWriter processFree(long ts, int cpu, String comm, int tid) throws IOException {
        return event(ts, cpu, "sched_process_free", comm, tid, 20);
    }

    public KernelTraceWriter syscallEntry(long ts, int cpu, String syscall) throws IOException {
        if (tracer.perf()) {
            return perfEvent(ts, cpu, "raw_syscalls:sys_enter", (long) SYSCALLS.indexOf(syscall), new long[6]);
        }
        List<Field> fields = metadata.eventClass(tracer.syscallEntry(syscall)).fields();
        int first = tracer.eventCpuField() == null ? 0 : 1; // event() writes the CPU field
        Object[] values = new Object[fields.size() - first];
        for (int i = 0; i < values.length; i++) {
            values[i] = fields.get(first + i).type() instanceof StringType ? "/bin/" + syscall : (Object) 0L;
        }
        return event(ts, cpu, tracer.syscallEntry(syscall), values);
    }

    /**
     * A system call's entry at {@code entry} with these argument values (in its fields' order: {@code read} and
     * {@code write} fd, buf, count; {@code openat} dfd, filename, flags, mode; {@code close} fd; {@code dup} fildes),
     * and its exit at {@code exit} returning {@code ret}. Not for perf, whose entries carry no named arguments.
     */
    public KernelTraceWriter syscall(long entry, long exit, int cpu, String syscall, long ret, Object... args)
            throws IOException {
        event(entry, cpu, tracer.syscallEntry(syscall), args);
        return syscallExit(exit, cpu, syscall, ret);
    }

    public KernelTraceWriter syscallExit(long ts, int cpu, String syscall, long ret) throws IOException {
        if (tracer.perf()) {
            return perfEvent(ts, cpu, "raw_syscalls:sys_exit", (long) SYSCALLS.indexOf(syscall), ret);
        }
        return event(ts, cpu, tracer.syscallExit(syscall), ret);
    }

    public KernelTraceWriter irqEntry(long ts, int cpu, int irq, String name) throws IOException {
        return event(ts, cpu, "irq_handler_entry", irq, name);
    }

    public KernelTraceWriter irqExit(long ts, int cpu, int irq) throws IOException {
        return event(ts, cpu, "irq_handler_exit", irq, 1);
    }

    /**
     * The local timer interrupt: the x86 vector events from lttng-modules 2.7; before, an IRQ handler (how older
     * traces show a timer interrupt), so both give the same IRQ time.
     */
    public KernelTraceWriter localTimer(long entry, long exit, int cpu) throws IOException {
        if (tracer.atLeast(2, 7)) {
            event(entry, cpu, "x86_irq_vectors_local_timer_entry", 239);
            return event(exit, cpu, "x86_irq_vectors_local_timer_exit", 239);
        }
        irqEntry(entry, cpu, 0, "timer");
        return irqExit(exit, cpu, 0);
    }

    public KernelTraceWriter softirqRaise(long ts, int cpu, int vec) throws IOException {
        return event(ts, cpu, tracer.softirq("raise"), (long) vec);
    }

    public KernelTraceWriter softirqEntry(long ts, int cpu, int vec) throws IOException {
        return event(ts, cpu, tracer.softirq("entry"), (long) vec);
    }

    public KernelTraceWriter softirqExit(long ts, int cpu, int vec) throws IOException {
        return event(ts, cpu, tracer.softirq("exit"), (long) vec);
    }

    /** An hrtimer's callback runs on {@code cpu} from {@code entry} to {@code exit} (write what it does between). */
    public KernelTraceWriter hrtimerExpireEntry(long ts, int cpu) throws IOException {
        return event(ts, cpu, tracer.hrtimer("expire_entry"), HRTIMER, ts, TIMER_FUNCTION);
    }

    public KernelTraceWriter hrtimerExpireExit(long ts, int cpu) throws IOException {
        return event(ts, cpu, tracer.hrtimer("expire_exit"), HRTIMER);
    }

    /** A timer wheel's callback ({@code timer_list}) starts on {@code cpu}. */
    public KernelTraceWriter timerExpireEntry(long ts, int cpu) throws IOException {
        return event(ts, cpu, "timer_expire_entry", TIMER_LIST, ts / 4_000_000, TIMER_FUNCTION);
    }

    public KernelTraceWriter timerExpireExit(long ts, int cpu) throws IOException {
        return event(ts, cpu, "timer_expire_exit", TIMER_LIST);
    }

    /** Kernel addresses of a timer and its callback, as the timer events give them. */
    private static final long HRTIMER = 0xFFFF88003FC0E8A0L, TIMER_LIST = 0xFFFF88003FC0F000L,
            TIMER_FUNCTION = 0xFFFFFFFF810B5A40L;

    /** The device {@code blockRq*} writes unless told: 8:0 (sda), as a kernel {@code dev_t}. */
    public static final long SDA = 8L << 20;

    public KernelTraceWriter blockRqIssue(long ts, int cpu, long sector) throws IOException {
        return blockRqIssue(ts, cpu, SDA, sector);
    }

    public KernelTraceWriter blockRqComplete(long ts, int cpu, long sector) throws IOException {
        return blockRqComplete(ts, cpu, SDA, sector);
    }

    /** lttng-modules' {@code rwbs} flags of a read and of a write (RWBS_FLAG_READ, RWBS_FLAG_WRITE). */
    public static final long READ = 1 << 2, WRITE = 1 << 0;

    /** A read of 8 sectors from {@code sector} issued to the device {@code dev} (a kernel {@code dev_t}) by "dd" 401. */
    public KernelTraceWriter blockRqIssue(long ts, int cpu, long dev, long sector) throws IOException {
        return blockRqIssue(ts, cpu, dev, sector, 8, READ, 401, "dd");
    }

    public KernelTraceWriter blockRqComplete(long ts, int cpu, long dev, long sector) throws IOException {
        return blockRqComplete(ts, cpu, dev, sector, 8, READ);
    }

    /** A request inserted into the device's I/O scheduler queue by thread {@code tid}. */
    public KernelTraceWriter blockRqInsert(long ts, int cpu, long dev, long sector, long sectors, long rwbs, int tid,
            String comm) throws IOException {
        return blockRq("block_rq_insert", ts, cpu, dev, sector, sectors, rwbs, tid, comm);
    }

    /** A request of {@code sectors} issued to the device by thread {@code tid}; {@code rwbs}: {@link #READ}... */
    public KernelTraceWriter blockRqIssue(long ts, int cpu, long dev, long sector, long sectors, long rwbs, int tid,
            String comm) throws IOException {
        return blockRq("block_rq_issue", ts, cpu, dev, sector, sectors, rwbs, tid, comm);
    }

    private KernelTraceWriter blockRq(String name, long ts, int cpu, long dev, long sector, long sectors, long rwbs,
            int tid, String comm) throws IOException {
        if (tracer.perf()) {
            return event(ts, cpu, name, dev, sector, sectors, sectors * 512, perfRwbs(rwbs), comm, "");
        }
        return event(ts, cpu, name, dev, sector, sectors, sectors * 512, tid, rwbs, 0L, new long[0], comm);
    }

    /** Completion of {@code sectors} from {@code sector} (all of a request, or its first part). */
    public KernelTraceWriter blockRqComplete(long ts, int cpu, long dev, long sector, long sectors, long rwbs)
            throws IOException {
        if (tracer.perf()) {
            return event(ts, cpu, "block_rq_complete", dev, sector, sectors, 0, perfRwbs(rwbs), "");
        }
        return event(ts, cpu, "block_rq_complete", dev, sector, sectors, 0, rwbs, 0L, new long[0]);
    }

    /** The kernel's rwbs letters of lttng's flags, as perf writes them. */
    private static String perfRwbs(long rwbs) {
        return (rwbs & WRITE) != 0 ? "W" : (rwbs & READ) != 0 ? "R" : "N";
    }

    /** perf: an event of a class whose name is already perf's, its common fields first. */
    private KernelTraceWriter perfEvent(long ts, int cpu, String name, Object... payload) throws IOException {
        Object[] all = new Object[4 + payload.length];
        all[0] = 0L;
        all[1] = 0L;
        all[2] = 0L;
        all[3] = running.getOrDefault(cpu, 0);
        System.arraycopy(payload, 0, all, 4, payload.length);
        return event(ts, cpu, name, all);
    }

    /** The syscall numbers perf's raw_syscalls give (any stable numbering does for a scenario). */
    private static final List<String> SYSCALLS = List.of("read", "write", "futex", "nanosleep", "clone", "execve",
            "wait4", "exit", "exit_group");

    /** {@code net_dev_xmit}: a packet of {@code len} bytes sent on that network interface. */
    public KernelTraceWriter netDevXmit(long ts, int cpu, String netif, long len) throws IOException {
        long skb = 0xFFFF888000000000L + ts;
        return tracer.atLeast(2, 7) ? event(ts, cpu, "net_dev_xmit", skb, 0, len, netif)
                : event(ts, cpu, "net_dev_xmit", skb, len, 0, netif);
    }

    /** A packet of {@code len} bytes received on that network interface ({@link KernelTracer#netifReceiveSkb()}). */
    public KernelTraceWriter netifReceiveSkb(long ts, int cpu, String netif, long len) throws IOException {
        return event(ts, cpu, tracer.netifReceiveSkb(), 0xFFFF888000000000L + ts, len, netif);
    }

    /** {@code lttng_statedump_block_device}: the disk name of a device. */
    public KernelTraceWriter statedumpBlockDevice(long ts, int cpu, long dev, String name) throws IOException {
        return event(ts, cpu, "lttng_statedump_block_device", dev, name);
    }

    /** {@code lttng_statedump_file_descriptor}: a descriptor open in a process when the statedump ran. */
    public KernelTraceWriter statedumpFileDescriptor(long ts, int cpu, int pid, int fd, String filename) throws IOException {
        return event(ts, cpu, "lttng_statedump_file_descriptor", pid, fd, 0L, 0x1FL, filename);
    }

    public KernelTraceWriter statedumpStart(long ts, int cpu) throws IOException {
        return event(ts, cpu, "lttng_statedump_start");
    }

    public KernelTraceWriter statedumpEnd(long ts, int cpu) throws IOException {
        return event(ts, cpu, "lttng_statedump_end");
    }

    /** One {@code lttng_statedump_process_state}: a thread alive when the trace started, and its status. */
    public KernelTraceWriter statedumpProcess(long ts, int cpu, int tid, int pid, int ppid, String name, int type,
            int status, int threadCpu) throws IOException {
        List<Object> v = new ArrayList<>(List.of(tid, tid, pid, pid, ppid, ppid, name, type, 5, 0, status, 0));
        if (tracer.atLeast(2, 8)) {
            v.add(0xF0000000L);
        }
        if (tracer.atLeast(2, 10)) {
            v.add((long) threadCpu);
        }
        return event(ts, cpu, "lttng_statedump_process_state", v.toArray());
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }
}

package org.lttbench.tests.writer;

import java.util.Set;

import org.lttbench.tests.writer.TraceMetadata.HeaderKind;

/**
 * Which lttng-modules wrote a kernel trace and on which kernel: decides event names and fields the way the real
 * tracer versions did (as the shared real traces show): {@code sys_*}/{@code exit_syscall} before 2.6,
 * {@code syscall_entry_*}/{@code syscall_exit_*} from 2.6; {@code softirq_*} before 2.7, {@code irq_softirq_*} from
 * 2.7; {@code netif_receive_skb} before 2.7, {@code net_if_receive_skb} from 2.7; {@code sched_waking} on kernels
 * from 4.3; {@code success} in wakeups before 4.3; the statedump's {@code cpu} field from 2.10 and its enumerations
 * from 2.11. Written independently of the analysis's own layout, so scenario
 * tests check it rather than repeat it.
 *
 * @param naturalAlignment integers aligned on their size (ARM traces) instead of packed on bytes (x86)
 * @param omitted          event classes not declared (a trace recorded without them)
 * @param rawPrevState     {@code prev_state} as raw {@code task->state} bits whatever the version says (a
 *                         pre-release build that calls itself 2.11.0 but predates the report encoding)
 * @param perf             not lttng-modules but perf's CTF conversion ({@code perf data convert --to-ctf}) of a
 *                         {@code perf record} of the kernel's tracepoints: {@code subsystem:event} names, the kernel's
 *                         field names ({@code prev_pid}), the {@code common_*} fields first, {@code raw_syscalls},
 *                         no statedump; {@code prev_state} as the kernel writes it (the report encoding from 4.14)
 * @param eventCpuField    null: each CPU's packets say their CPU ({@code cpu_id} in the packet context, as LTTng and
 *                         perf write); else the packet context has no CPU and every event's payload starts with this
 *                         field holding it ({@code cpu_id}, as babeltrace 1's CTF writer is used by lttng-analyses'
 *                         tests; {@code perf_cpu}, perf's field for a sample's CPU)
 */
public record KernelTracer(int major, int minor, int patch, String kernelRelease, HeaderKind header,
        boolean naturalAlignment, boolean packetSequenceNumber, Set<String> omitted, boolean rawPrevState,
        boolean perf, String eventCpuField) {

    public KernelTracer {
        omitted = Set.copyOf(omitted);
    }

    /** An x86 lttng-modules trace with compact headers and {@code packet_seq_num} (as from 2.8 on). */
    public static KernelTracer lttng(int major, int minor, String kernelRelease) {
        boolean seq = major > 2 || minor >= 8;
        return new KernelTracer(major, minor, 0, kernelRelease, HeaderKind.COMPACT, false, seq, Set.of(), false, false, null);
    }

    public KernelTracer withPatch(int patchlevel) {
        return new KernelTracer(major, minor, patchlevel, kernelRelease, header, naturalAlignment, packetSequenceNumber, omitted, rawPrevState, perf, eventCpuField);
    }

    /** perf's CTF conversion of a kernel recording on that kernel (the "version" is the naming of lttng-modules 2.13's). */
    public static KernelTracer perf(String kernelRelease) {
        return new KernelTracer(2, 13, 0, kernelRelease, HeaderKind.LARGE, false, false,
                Set.of("lttng_statedump_block_device", "lttng_statedump_start", "lttng_statedump_end",
                        "lttng_statedump_process_state", "lttng_statedump_file_descriptor"),
                false, true, null);
    }

    /** The same version and kernel, writing raw {@code task->state} bits as a pre-release build did. */
    public KernelTracer withRawPrevState() {
        return new KernelTracer(major, minor, patch, kernelRelease, header, naturalAlignment, packetSequenceNumber, omitted, true, perf, eventCpuField);
    }

    public KernelTracer withHeader(HeaderKind kind) {
        return new KernelTracer(major, minor, patch, kernelRelease, kind, naturalAlignment, packetSequenceNumber, omitted, rawPrevState, perf, eventCpuField);
    }

    /** The same tracer with each event's CPU in its payload's first field of that name, none in the packet context. */
    public KernelTracer withCpuInEvents(String field) {
        return new KernelTracer(major, minor, patch, kernelRelease, header, naturalAlignment, packetSequenceNumber, omitted, rawPrevState, perf, field);
    }

    public KernelTracer withNaturalAlignment() {
        return new KernelTracer(major, minor, patch, kernelRelease, header, true, packetSequenceNumber, omitted, rawPrevState, perf, eventCpuField);
    }

    public KernelTracer without(String... eventNames) {
        var all = new java.util.HashSet<>(omitted);
        all.addAll(Set.of(eventNames));
        return new KernelTracer(major, minor, patch, kernelRelease, header, naturalAlignment, packetSequenceNumber, all, rawPrevState, perf, eventCpuField);
    }

    boolean atLeast(int maj, int min) {
        return major > maj || (major == maj && minor >= min);
    }

    boolean kernelAtLeast(int maj, int min) {
        String[] parts = kernelRelease.split("[.-]");
        int kMaj = Integer.parseInt(parts[0]);
        int kMin = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
        return kMaj > maj || (kMaj == maj && kMin >= min);
    }

    public boolean newSyscallNames() {
        return atLeast(2, 6);
    }

    public boolean newSoftirqNames() {
        return atLeast(2, 7);
    }

    public boolean hasWaking() {
        return atLeast(2, 7) && kernelAtLeast(4, 3);
    }

    /**
     * Whether {@code prev_state} is the kernel's report encoding (0x100 for a preempted task): kernels from 4.14
     * traced by lttng-modules 2.9.15, 2.10.12, 2.11 or later. Otherwise it is the raw {@code task->state}.
     */
    public boolean reportsPreemptionAs0x100() {
        boolean fixed = major > 2 || minor >= 11 || (minor == 10 && patch >= 12) || (minor == 9 && patch >= 15);
        return kernelAtLeast(4, 14) && (fixed || perf) && !rawPrevState;
    }

    /** The name of an event class that lttng-modules names {@code lttngName}, as this tracer writes it. */
    public String eventName(String lttngName) {
        if (!perf) {
            return lttngName;
        }
        if (lttngName.startsWith("irq_softirq_")) {
            return "irq:softirq_" + lttngName.substring("irq_softirq_".length());
        }
        if (lttngName.startsWith("x86_irq_vectors_")) {
            return "irq_vectors:" + lttngName.substring("x86_irq_vectors_".length());
        }
        if (lttngName.startsWith("timer_hrtimer_")) {
            return "timer:" + lttngName.substring("timer_".length());
        }
        if (lttngName.startsWith("timer_")) {
            return "timer:" + lttngName; // the timer wheel's: timer:timer_expire_entry
        }
        if (lttngName.startsWith("net_") || lttngName.startsWith("netif_")) {
            return "net:" + lttngName;
        }
        int underscore = lttngName.indexOf('_');
        String subsystem = underscore < 0 ? lttngName : lttngName.substring(0, underscore);
        return switch (subsystem) {
            case "sched", "irq", "block" -> subsystem + ":" + lttngName;
            default -> lttngName;
        };
    }

    public String syscallEntry(String syscall) {
        return perf ? "raw_syscalls:sys_enter" : (newSyscallNames() ? "syscall_entry_" : "sys_") + syscall;
    }

    public String syscallExit(String syscall) {
        return perf ? "raw_syscalls:sys_exit" : newSyscallNames() ? "syscall_exit_" + syscall : "exit_syscall";
    }

    public String softirq(String what) {
        return (newSoftirqNames() ? "irq_softirq_" : "softirq_") + what;
    }

    /**
     * The event of a packet received: {@code netif_receive_skb} before 2.7, {@code net_if_receive_skb} from 2.7
     * (lttng-modules' "Fix: net instrumentation namespacing"; perf keeps the kernel's name).
     */
    public String netifReceiveSkb() {
        return atLeast(2, 7) && !perf ? "net_if_receive_skb" : "netif_receive_skb";
    }

    /** An hrtimer event ({@code expire_entry}): {@code timer_hrtimer_*} from 2.7 (as 2.10 writes), {@code hrtimer_*} before (2.5). */
    public String hrtimer(String what) {
        return (atLeast(2, 7) ? "timer_hrtimer_" : "hrtimer_") + what;
    }
}

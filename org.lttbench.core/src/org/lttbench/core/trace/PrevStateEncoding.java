package org.lttbench.core.trace;

import java.util.Locale;
import java.util.function.LongFunction;

import org.lttbench.core.trace.KernelLayout.PrevState;

/**
 * Which {@code prev_state} encoding one kernel trace uses, decided by the values its {@code sched_switch} events
 * hold; the tracer's version only breaks ties. Kernels before 4.14 have only the raw {@code task->state} bits. From
 * 4.14 a tracer may write either, and its version number is not proof: a pre-release lttng-modules that calls itself
 * 2.11.0 writes raw bits (0x402 for an idle kernel thread, 0x1000 preempted, 0x102 killable), which read as the
 * report encoding make idle workers' sleeps I/O waits.
 *
 * <p>The report encoding ({@code 1 << (task_state_index - 1)}, 0x100 preempted) only writes 0 or one bit up to
 * 0x100, so any other value means raw bits; 0x100 alone means the report encoding (raw, it is {@code TASK_WAKEKILL}
 * without a sleep, which no task switches out in). Over the values the report encoding writes, both encodings mean
 * the same but for 0x80 (raw: {@code TASK_DEAD}, report: an idle kernel thread). An exiting task's last switch
 * decides too: raw bits give it 0x80, the report encoding 0x10 or 0x20. Until a value decides, only 0x80 follows the
 * version, and is counted.
 */
public final class PrevStateEncoding {
    private static final long REPORT_PREEMPTED = 0x100;
    /** The one value whose meaning differs between the encodings: raw TASK_DEAD, report TASK_REPORT_IDLE. */
    private static final long AMBIGUOUS = 0x80;

    private final KernelLayout layout;
    /** Whether the kernel allows both encodings (from 4.14); before, only the raw bits exist. */
    private final boolean eitherPossible;
    private final boolean reportByVersion;
    /** Decided by a value: null while undecided. */
    private Boolean report;
    private long decidingValue;
    private long decidedAt;
    private long readByVersion;
    private long contradicting;

    PrevStateEncoding(KernelLayout layout, boolean eitherPossible, boolean reportByVersion) {
        this.layout = layout;
        this.eitherPossible = eitherPossible;
        this.reportByVersion = reportByVersion;
    }

    /** What {@code value}, read from a switch at {@code time}, says of the task leaving the CPU. */
    public PrevState decode(long value, long time) {
        return decode(value, time, false);
    }

    /**
     * The same, for a task that may be exiting (it was the subject of {@code sched_process_exit}): its 0x80 is then
     * raw {@code TASK_DEAD}, as the report encoding never gives it.
     */
    public PrevState decode(long value, long time, boolean exiting) {
        if (!eitherPossible) {
            return layout.rawPrevState(value);
        }
        boolean reportWrites = value == 0 || (Long.bitCount(value) == 1 && value <= REPORT_PREEMPTED);
        if (report == null) {
            if (!reportWrites || value == REPORT_PREEMPTED || (exiting && value == AMBIGUOUS)) {
                report = reportWrites && value != AMBIGUOUS;
                decidingValue = value;
                decidedAt = time;
            } else if (value == AMBIGUOUS) {
                readByVersion++;
                return reportByVersion ? KernelLayout.reportPrevState(value) : layout.rawPrevState(value);
            }
        } else if (report && !reportWrites) {
            contradicting++;
        }
        boolean asReport = report == null ? reportByVersion : report;
        return asReport ? KernelLayout.reportPrevState(value) : layout.rawPrevState(value);
    }

    /** Whether the values read so far use the report encoding (the version's guess while they have not told). */
    public boolean reportEncoding() {
        return eitherPossible && (report == null ? reportByVersion : report);
    }

    /**
     * The encoding as a report names it, and what chose it: the value that decided (and whether the tracer's version
     * said otherwise), or the version when no value could.
     *
     * @param clock how the report writes a time
     */
    public String describe(LongFunction<String> clock) {
        String name = reportEncoding() ? "task_state_index bits (0x100 preempted, 0x80 idle)"
                : "task->state bits (preempted: TASK_STATE_MAX)";
        if (!eitherPossible) {
            return name;
        }
        StringBuilder s = new StringBuilder(name);
        if (report == null) {
            s.append(", by the tracer's version: no value told the encodings apart");
            if (readByVersion > 0) {
                s.append(String.format(Locale.ROOT, " (%d switch(es) out with 0x80, %s by that version)", readByVersion,
                        reportByVersion ? "an idle kernel thread's wait" : "a dead task"));
            }
        } else {
            s.append(String.format(Locale.ROOT, ", chosen by the values: the first switch with 0x%x at %s", decidingValue,
                    clock.apply(decidedAt)));
            if (report != reportByVersion) {
                s.append(", although the tracer's version means the other encoding");
            }
            if (readByVersion > 0) {
                s.append(String.format(Locale.ROOT, "; %d earlier switch(es) out with 0x80 were read as %s, as that "
                        + "version means", readByVersion, reportByVersion ? "an idle kernel thread's wait" : "a dead task"));
            }
            if (contradicting > 0) {
                s.append(String.format(Locale.ROOT, "; %d later value(s) only raw bits can hold contradict it",
                        contradicting));
            }
        }
        return s.toString();
    }
}

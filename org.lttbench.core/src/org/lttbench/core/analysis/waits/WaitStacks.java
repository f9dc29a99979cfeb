package org.lttbench.core.analysis.waits;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ThreadLedger;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.kernel.Waker;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;

/**
 * Where the threads' time went, as folded stacks for flame graphs: {@code process;thread;state} weighted by
 * nanoseconds, and a blocked state split by {@code cause;waker}. Frames are names, never PIDs or TIDs, so that two
 * runs' stacks match (a pool of threads of one name is one frame), and the files open in the usual flame-graph tools
 * (flamegraph.pl, speedscope, Firefox Profiler's import). The figures are the process analysis's own: each thread's
 * stacks add up to its row of the threads table, and its blocked stacks to its causes and wakers in the waits tables.
 */
public final class WaitStacks {
    private static final String BLOCKED = frame(ThreadState.WAIT_BLOCKED.legend());
    private final Map<String, Long> ns = new TreeMap<>();
    private final long coveredNs;
    private final boolean byHost;

    private WaitStacks(long coveredNs, boolean byHost) {
        this.coveredNs = coveredNs;
        this.byHost = byHost;
    }

    /**
     * The stacks of a run's process analysis (its own, or the one the waits, latencies or critical path built on), or
     * null when none of the analyses run follows the threads' states.
     */
    public static WaitStacks ofRun(java.util.List<? extends org.lttbench.core.analysis.Analysis> ran) {
        for (var a : ran) {
            if (a instanceof ProcessAnalysis p) {
                return of(p);
            }
        }
        for (var a : ran) {
            if (a instanceof org.lttbench.core.analysis.process.ProcessPass.User u && u.processPass().analysis() != null) {
                return of(u.processPass().analysis());
            }
        }
        return null;
    }

    /** Whether one of these analyses follows the threads' states: the process analysis, or one built on it. */
    public static boolean follows(java.util.List<? extends org.lttbench.core.analysis.Analysis> analyses) {
        return analyses.stream().anyMatch(a -> a instanceof ProcessAnalysis
                || a instanceof org.lttbench.core.analysis.process.ProcessPass.User);
    }

    /** The stacks of a process analysis that has done its pass, over its range. */
    public static WaitStacks of(ProcessAnalysis done) {
        ThreadLedger ledger = done.ledger();
        TimeRange covered = ledger.covered(0);
        boolean hosts = done.traceFacts().size() > 1;
        WaitStacks stacks = new WaitStacks(covered == null ? 0 : covered.duration(), hosts);
        Map<Trace, Map<Integer, String>> processNames = new java.util.HashMap<>();
        for (ThreadRecord r : ledger.threads()) {
            if (r.tid() == r.pid() && r.name() != null) {
                processNames.computeIfAbsent(r.trace(), t -> new java.util.HashMap<>()).put(r.pid(), r.name());
            }
        }
        Map<ThreadRecord, String> prefixes = new java.util.HashMap<>();
        for (ThreadRecord r : ledger.threads()) {
            if (r.idleCpu() >= 0) {
                continue; // a CPU's idle thread is no process's time
            }
            String name = r.name() == null ? "?" : r.name();
            String process = processNames.getOrDefault(r.trace(), Map.of()).getOrDefault(r.pid(), name);
            String prefix = (hosts ? frame(done.host(r.trace())) + ";" : "") + frame(process) + ";" + frame(name) + ";";
            prefixes.put(r, prefix);
            for (ThreadState s : ThreadState.values()) {
                if (s != ThreadState.WAIT_BLOCKED && s != ThreadState.PARKED && s != ThreadState.NOT_ALIVE) {
                    stacks.add(prefix + frame(s.legend()), ledger.time(r, s, 0));
                }
            }
        }
        WaitCauses causes = done.causes();
        Map<ThreadRecord, Long> split = new java.util.HashMap<>();
        for (ThreadLedger.BlockedTally t : ledger.blocked(0)) {
            String prefix = prefixes.get(t.thread());
            if (prefix != null) {
                stacks.add(prefix + BLOCKED + ";" + frame(causes.label(t.cause())) + ";" + frame(waker(t.waker(), t.thread().trace(), ledger, done)), t.ns());
                split.merge(t.thread(), t.ns(), Long::sum);
            }
        }
        // Blocked time with no reason told (none is expected: every wait closes with one) stays a frame of its own.
        prefixes.forEach((r, prefix) -> stacks.add(prefix + BLOCKED,
                ledger.time(r, ThreadState.WAIT_BLOCKED, 0) - split.getOrDefault(r, 0L)));
        return stacks;
    }

    private void add(String stack, long time) {
        if (time > 0) {
            ns.merge(stack, time, Long::sum);
        }
    }

    /** A waker as a frame: what it is and its name, without the numbers that differ from run to run. */
    private static String waker(int w, Trace trace, ThreadLedger ledger, ProcessAnalysis done) {
        return switch (Waker.kind(w)) {
            case Waker.THREAD -> {
                ThreadRecord waker = ledger.thread(Waker.id(w));
                yield "woken by " + (waker == null || waker.name() == null ? "a thread" : waker.name());
            }
            case Waker.IRQ -> {
                String name = done.traceFacts().containsKey(trace) ? done.traceFacts().get(trace).irqNames().get(Waker.id(w)) : null;
                yield "woken by IRQ " + (name != null ? name : String.valueOf(Waker.id(w) & 0xFFFF));
            }
            case Waker.SOFTIRQ -> "woken by softirq " + Waker.softirqName(Waker.id(w));
            case Waker.TIMER -> "woken by a timer";
            case Waker.UNKNOWN -> "woken by an unknown waker";
            default -> "not woken (the trace ended)";
        };
    }

    /** A name as one frame: a separator or a line break in it would split it. */
    private static String frame(String name) {
        return name.replace(';', ',').replace('\n', ' ').replace('\r', ' ');
    }

    /** Each stack and its nanoseconds. */
    public Map<String, Long> stacks() {
        return java.util.Collections.unmodifiableMap(ns);
    }

    /** Whether each stack starts with its machine's frame (several kernel traces read together). */
    public boolean byHost() {
        return byHost;
    }

    /** The traced time the stacks cover, in ns (what a comparison normalises by). */
    public long coveredNs() {
        return coveredNs;
    }

    /** One line per stack, {@code frames nanoseconds}, in the order of the stacks. */
    public void write(Writer out) throws IOException {
        for (Map.Entry<String, Long> e : ns.entrySet()) {
            out.write(e.getKey() + " " + e.getValue() + "\n");
        }
    }

    /**
     * Two runs' stacks as a difference, one line per stack of either, {@code frames a b}: each run's nanoseconds per
     * second of its traced time (runs of different lengths compare), as the usual differential flame-graph tools
     * (difffolded.pl's output, flamegraph.pl's input) read two counts.
     */
    public static void writeDifference(WaitStacks a, WaitStacks b, Writer out) throws IOException {
        Set<String> all = new TreeSet<>(a.ns.keySet());
        all.addAll(b.ns.keySet());
        for (String stack : all) {
            out.write(stack + " " + a.perSecond(stack) + " " + b.perSecond(stack) + "\n");
        }
    }

    /** Each stack's nanoseconds per second of traced time, rounded, as {@link #writeDifference} writes them. */
    public Map<String, Long> perSecond() {
        Map<String, Long> each = new TreeMap<>();
        ns.keySet().forEach(stack -> each.put(stack, perSecond(stack)));
        return each;
    }

    /** A stack's nanoseconds per second of traced time, rounded. */
    long perSecond(String stack) {
        long v = ns.getOrDefault(stack, 0L);
        return coveredNs <= 0 ? v : Math.round(v * 1e9 / coveredNs);
    }
}

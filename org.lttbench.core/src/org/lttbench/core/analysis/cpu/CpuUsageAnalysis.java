package org.lttbench.core.analysis.cpu;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisDescriptor;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.AnalysisProvider;
import org.lttbench.core.analysis.process.ProcessAnalysis;
import org.lttbench.core.analysis.process.ProcessPass;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;

/**
 * Each CPU's utilisation and run queue, for the range and over time (what Trace Compass shows as CPU Usage, per CPU
 * rather than per thread): from the thread states the process analysis follows in the same pass, a CPU is busy while
 * it runs any thread but its idle thread, or an interrupt handler whatever it interrupted; it is known from the first
 * time the trace names what it runs; its run queue is the threads waiting for it (woken for it, or preempted on it).
 * Each thread's states come in time order, so every interval is added as it closes: no order across threads is needed.
 */
public final class CpuUsageAnalysis implements ProcessPass.User, ThreadStateSink {

    public static final AnalysisProvider PROVIDER = new AnalysisDescriptor("cpu",
            "Per CPU: busy time and share (threads other than its idle thread, and interrupt handlers), IRQ "
                    + "time, and the run queue's mean length, for the range and over time (LTTng kernel traces)",
            () -> CpuUsageTables.TABLES, CpuUsageAnalysis::new)
            .withCharts(() -> CpuUsageTables.CHARTS)
            .withHighlights(CpuHighlights::of);

    /** Bins of the timeline over the range (the last may be shorter). */
    static final int BINS = 200;
    /** The bins' width when the range's length is not known at the start (a live session). */
    private static final long LIVE_BIN_NS = 100_000_000L;

    private final AnalysisOptions options;
    private final ProcessPass pass;
    private TraceSet traces;
    /** Per kernel trace: its CPUs' tallies. */
    private final Map<Trace, CpuTally[]> cpus = new IdentityHashMap<>();
    /** Per thread (its record's index): the state it is in, since when, on which CPU. */
    private int[] state = new int[0];
    private long[] since = new long[0];
    private int[] cpuOf = new int[0];
    private long rangeBegin;
    private long rangeEnd;
    private long binOrigin = Long.MIN_VALUE;
    private long binWidth;
    /** Waits for a CPU the trace does not name (a wakeup without a target CPU). */
    private long unplacedWaitNs;

    public CpuUsageAnalysis(AnalysisOptions options) {
        this.options = options;
        this.pass = new ProcessPass(options, this);
    }

    @Override
    public ProcessPass processPass() {
        return pass;
    }

    @Override
    public String nameInReasons() {
        return "the cpu analysis";
    }

    @Override
    public void start(TraceSet traceSet) {
        traces = traceSet;
        TimeRange span = traceSet.span();
        rangeBegin = Math.max(options.range().begin(), span.begin());
        rangeEnd = Math.min(options.range().end(), span.end());
        if (rangeEnd > rangeBegin && rangeEnd != Long.MAX_VALUE && rangeBegin != Long.MIN_VALUE) {
            binOrigin = rangeBegin;
            binWidth = Math.max(1, (rangeEnd - rangeBegin + BINS - 1) / BINS);
        } else {
            binWidth = LIVE_BIN_NS;
        }
        pass.start(traceSet);
    }

    // ---------------------------------------------------------------- the thread states

    @Override
    public void stateChange(ThreadRecord thread, ThreadState newState, long time, int cpu) {
        int i = thread.index();
        if (i >= state.length) {
            int n = Math.max(i + 1, state.length * 2);
            int from = state.length;
            state = Arrays.copyOf(state, n);
            since = Arrays.copyOf(since, n);
            cpuOf = Arrays.copyOf(cpuOf, n);
            Arrays.fill(state, from, n, -1);
        }
        if (state[i] >= 0) {
            close(thread, state[i], since[i], time, cpuOf[i]);
        }
        state[i] = newState.ordinal();
        since[i] = time;
        cpuOf[i] = cpu;
    }

    /** Reads nothing but its calls' arguments while the pass runs: its calls may come on another thread. */
    @Override
    public boolean mayBeToldLater() {
        return true;
    }

    @Override
    public void end(Trace trace, long time) {
        for (ThreadRecord t : pass.analysis().ledger().threads()) {
            int i = t.index();
            if (t.trace() == trace && i < state.length && state[i] >= 0) {
                close(t, state[i], since[i], time, cpuOf[i]);
                state[i] = -1;
            }
        }
    }

    /** The thread was in that state on (or waiting for) that CPU from {@code from} to {@code to}. */
    private void close(ThreadRecord thread, int stateOrdinal, long from, long to, int cpu) {
        long a = Math.max(from, rangeBegin);
        long b = Math.min(to, rangeEnd);
        if (b <= a) {
            return;
        }
        ThreadState s = ThreadState.of(stateOrdinal);
        if (s == ThreadState.WAIT_CPU) {
            if (cpu < 0) {
                unplacedWaitNs += b - a;
            } else {
                tally(thread.trace(), cpu).add(CpuTally.QUEUE, a, b, bin(a), bin(b - 1), this);
            }
        } else if (s.running() && cpu >= 0) {
            CpuTally c = tally(thread.trace(), cpu);
            int first = bin(a);
            int last = bin(b - 1);
            c.add(CpuTally.KNOWN, a, b, first, last, this);
            if (thread.idleCpu() < 0 || s == ThreadState.IRQ) {
                c.add(CpuTally.BUSY, a, b, first, last, this);
            }
            if (s == ThreadState.IRQ) {
                c.add(CpuTally.IRQ, a, b, first, last, this);
            }
        }
    }

    private CpuTally tally(Trace trace, int cpu) {
        CpuTally[] of = cpus.get(trace);
        if (of == null || cpu >= of.length) {
            of = of == null ? new CpuTally[cpu + 1] : Arrays.copyOf(of, cpu + 1);
            cpus.put(trace, of);
        }
        if (of[cpu] == null) {
            of[cpu] = new CpuTally(cpu);
        }
        return of[cpu];
    }

    /** The bin holding {@code t} (from the first interval's start when the range was not known at the start). */
    int bin(long t) {
        if (binOrigin == Long.MIN_VALUE) {
            binOrigin = t - Math.floorMod(t, binWidth);
        }
        return (int) Math.max(0, (t - binOrigin) / binWidth);
    }

    long binStart(int bin) {
        return binOrigin + bin * binWidth;
    }

    long binWidth() {
        return binWidth;
    }

    /** The bin's last ns: the range's end in the last bin (a bin never reaches past what the traces hold). */
    long binEnd(int bin) {
        return Math.min(binStart(bin) + binWidth - 1, rangeEnd);
    }

    // ---------------------------------------------------------------- the report

    @Override
    public Report report() {
        ProcessAnalysis processes = pass.analysis();
        List<Trace> kernels = ProcessAnalysis.kernelTraces(traces);
        boolean hosts = kernels.size() > 1;
        TimeRange range = new TimeRange(rangeBegin, rangeEnd);
        Report r = new Report(PROVIDER.name(), PROVIDER.tables().title(), range);
        Table perCpu = CpuUsageTables.perCpu(hosts);
        Table timeline = CpuUsageTables.timeline(hosts);
        long busy = 0;
        long known = 0;
        int count = 0;
        for (Trace t : kernels) {
            String host = hosts ? processes.host(t) : null;
            for (CpuTally c : cpus.getOrDefault(t, new CpuTally[0])) {
                if (c != null) {
                    count++;
                    busy += c.total(CpuTally.BUSY);
                    known += c.total(CpuTally.KNOWN);
                    CpuUsageTables.addCpu(perCpu, host, c, rangeEnd - rangeBegin);
                    CpuUsageTables.addTimeline(timeline, host, c, this);
                }
            }
        }
        r.add(perCpu);
        r.add(timeline);
        r.traces(kernels.stream().map(t -> t.path().toString()).toList());
        r.summary(SummaryLine.of("CPU usage").read(TraceNames.describe(kernels)).range(range)
                .add(SummaryLine.count(count) + (count == 1 ? " CPU" : " CPUs")).add("busy "
                        + CellFormat.percent(known == 0 ? 0 : (double) busy / known) + " of their known time")
                .toString());
        r.note("a CPU is busy while it runs a thread other than its idle thread, or an interrupt handler (even one that "
                + "interrupted the idle thread); it is known from the first time the trace names what it runs; its run "
                + "queue holds the threads waiting for it (woken for it, or preempted on it)");
        if (unplacedWaitNs > 0) {
            r.note("waits for a CPU of " + CellFormat.duration(unplacedWaitNs) + " in all were for no CPU the trace "
                    + "names (a wakeup without its target CPU): in no run queue");
        }
        return r;
    }
}

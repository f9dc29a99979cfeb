package org.lttbench.core.analysis.process;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.kernel.BlockOperation;
import org.lttbench.core.kernel.DescriptorType;
import org.lttbench.core.kernel.InterruptSink;
import org.lttbench.core.kernel.SyscallSink;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.WakeupSink;
import org.lttbench.core.trace.Trace;

/**
 * Tells several sinks the same calls, in the same order; the state changes only to those that follow them
 * ({@link ThreadStateSink#followsStates()}): a latency analysis needs none of the machine's most frequent call.
 */
final class FanOutSink implements ThreadStateSink {
    private final ThreadStateSink[] all;
    private final ThreadStateSink[] states;
    /** The frequent calls go only to the sinks that implement them: a call site that sees one class is cheaper. */
    private final ThreadStateSink[] syscalls;
    private final ThreadStateSink[] scheduled;
    private final ThreadStateSink[] interrupts;
    private final ThreadStateSink[] migrations;
    private final ThreadStateSink[] priorities;
    private final ThreadStateSink[] files;
    private final ThreadStateSink[] network;

    FanOutSink(List<ThreadStateSink> sinks) {
        this.all = sinks.toArray(new ThreadStateSink[0]);
        this.states = sinks.stream().filter(ThreadStateSink::followsStates).toArray(ThreadStateSink[]::new);
        this.syscalls = implementing(sinks, SyscallSink.class, "syscall", ThreadRecord.class, int.class,
                long.class, long.class, long.class, long.class, long.class);
        this.scheduled = implementing(sinks, WakeupSink.class, "scheduled", ThreadRecord.class, int.class,
                long.class, long.class, int.class, int.class, int.class);
        this.interrupts = implementing(sinks, InterruptSink.class, "interrupt", Trace.class, int.class, int.class,
                long.class, long.class, long.class);
        this.migrations = implementing(sinks, WakeupSink.class, "migrated", Trace.class, int.class, long.class,
                int.class, int.class);
        this.priorities = sinks.stream().filter(ThreadStateSink::followsPriorities).toArray(ThreadStateSink[]::new);
        this.files = sinks.stream().filter(ThreadStateSink::followsFiles).toArray(ThreadStateSink[]::new);
        this.network = sinks.stream().filter(ThreadStateSink::followsNetwork).toArray(ThreadStateSink[]::new);
    }

    /** The sinks whose class implements that call (not the default of the sink declaring it, which does nothing). */
    private static ThreadStateSink[] implementing(List<ThreadStateSink> sinks, Class<?> declaring, String call,
            Class<?>... params) {
        return sinks.stream().filter(s -> {
            try {
                return s.getClass().getMethod(call, params).getDeclaringClass() != declaring;
            } catch (NoSuchMethodException e) {
                return true;
            }
        }).toArray(ThreadStateSink[]::new);
    }

    /** The sinks of {@code first} (itself, or those it tells) and then {@code second}. */
    static ThreadStateSink of(ThreadStateSink first, ThreadStateSink second) {
        List<ThreadStateSink> sinks = new ArrayList<>(first instanceof FanOutSink s ? List.of(s.all) : List.of(first));
        sinks.add(second);
        return new FanOutSink(sinks);
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        for (ThreadStateSink s : states) {
            s.stateChange(thread, state, time, cpu);
        }
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        for (ThreadStateSink s : states) {
            s.stateChange(thread, state, time, cpu, why);
        }
    }

    @Override
    public void threadUpdated(ThreadRecord thread, long time) {
        for (ThreadStateSink s : all) {
            s.threadUpdated(thread, time);
        }
    }

    @Override
    public void ioWait(ThreadRecord thread, long device, long from, long to) {
        for (ThreadStateSink s : states) {
            s.ioWait(thread, device, from, to);
        }
    }

    @Override
    public void syscall(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked,
            long waitCpu) {
        for (ThreadStateSink s : syscalls) {
            s.syscall(thread, syscall, entry, exit, ret, blocked, waitCpu);
        }
    }

    @Override
    public void scheduled(ThreadRecord thread, int kind, long runnable, long running, int cpu, int prio, int waker) {
        for (ThreadStateSink s : scheduled) {
            s.scheduled(thread, kind, runnable, running, cpu, prio, waker);
        }
    }

    @Override
    public void interrupt(Trace trace, int cpu, int handler, long raised, long entry, long exit) {
        for (ThreadStateSink s : interrupts) {
            s.interrupt(trace, cpu, handler, raised, entry, exit);
        }
    }

    @Override
    public void blockRequest(Trace trace, long device, BlockOperation op, long sectors, long inserted, long issued,
            long completed, ThreadRecord issuer) {
        for (ThreadStateSink s : all) {
            s.blockRequest(trace, device, op, sectors, inserted, issued, completed, issuer);
        }
    }

    @Override
    public void migrated(Trace trace, int tid, long time, int from, int to) {
        for (ThreadStateSink s : migrations) {
            s.migrated(trace, tid, time, from, to);
        }
    }

    @Override
    public void priority(ThreadRecord thread, long time, int prio) {
        for (ThreadStateSink s : priorities) {
            s.priority(thread, time, prio);
        }
    }

    @Override
    public boolean followsPriorities() {
        return priorities.length > 0;
    }

    @Override
    public void fileIo(ThreadRecord thread, long time, int fd, String name, DescriptorType type, long bytes,
            boolean written) {
        for (ThreadStateSink s : files) {
            s.fileIo(thread, time, fd, name, type, bytes, written);
        }
    }

    @Override
    public boolean followsFiles() {
        return files.length > 0;
    }

    @Override
    public void networkPacket(Trace trace, long time, String netif, long bytes, boolean sent) {
        for (ThreadStateSink s : network) {
            s.networkPacket(trace, time, netif, bytes, sent);
        }
    }

    @Override
    public boolean followsNetwork() {
        return network.length > 0;
    }

    @Override
    public boolean mayBeToldLater() {
        return java.util.Arrays.stream(all).allMatch(ThreadStateSink::mayBeToldLater);
    }

    @Override
    public void end(Trace trace, long time) {
        for (ThreadStateSink s : all) {
            s.end(trace, time);
        }
    }
}

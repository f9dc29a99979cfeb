package org.lttbench.tests.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.kernel.BlockDevice;
import org.lttbench.core.kernel.BlockOperation;
import org.lttbench.core.kernel.DescriptorType;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.Waker;
import org.lttbench.core.trace.Trace;

/**
 * A sink that writes down every call the trackers make, in order, one line each: what the trackers' tests compare
 * with what they expect. A thread is named by its TID ({@code idle0} for CPU 0's idle thread, {@code unnamed} for a
 * CPU's thread the trace has not named); a waker by its kind, and its thread, IRQ or vector.
 */
class Heard implements ThreadStateSink {
    private final List<String> calls = new ArrayList<>();
    private final Map<Integer, ThreadRecord> byIndex = new HashMap<>();
    private final boolean files;

    Heard() {
        this(false);
    }

    /** @param files whether it hears the I/O per file ({@link #followsFiles()}) */
    Heard(boolean files) {
        this.files = files;
    }

    /** Every call, in order. */
    List<String> all() {
        return List.copyOf(calls);
    }

    /** The calls whose line begins with that word ({@code state}, {@code scheduled}...), in order. */
    List<String> of(String kind) {
        return calls.stream().filter(c -> c.startsWith(kind + " ")).toList();
    }

    /** The calls of that kind ({@code thread}, {@code priority}...) about that thread, in order. */
    List<String> of(String kind, String thread) {
        return of(kind).stream().filter(c -> c.startsWith(kind + " " + thread + " ")).toList();
    }

    /** The state changes of that thread, as {@code "time STATE"}. */
    List<String> states(String thread) {
        String prefix = "state " + thread + " ";
        return calls.stream().filter(c -> c.startsWith(prefix)).map(c -> c.substring(prefix.length()))
                .map(c -> c.replaceFirst(" (cpu[0-9]|cause ).*", "")).toList();
    }

    /** What ended each blocked wait of that thread, as {@code "time waker"} (the wait's start, its waker). */
    List<String> wakers(String thread) {
        String prefix = "state " + thread + " ";
        return calls.stream().filter(c -> c.startsWith(prefix) && c.contains(" WAIT_BLOCKED "))
                .map(c -> c.substring(prefix.length()).replaceFirst(" WAIT_BLOCKED .* by ", " ")).toList();
    }

    private String who(ThreadRecord r) {
        byIndex.putIfAbsent(r.index(), r);
        return r.placeholder() ? "unnamed" : r.idleCpu() >= 0 ? "idle" + r.idleCpu() : Integer.toString(r.tid());
    }

    private String waker(int w) {
        String kind = Waker.kindName(w);
        return switch (Waker.kind(w)) {
            case Waker.THREAD -> kind + " " + (byIndex.containsKey(Waker.id(w)) ? who(byIndex.get(Waker.id(w))) : "?");
            case Waker.IRQ, Waker.SOFTIRQ -> kind + " " + Waker.id(w);
            default -> kind;
        };
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        throw new AssertionError("the trackers tell a state's reason");
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        String line = "state " + who(thread) + " " + time + " " + state + (cpu >= 0 ? " cpu" + cpu : "");
        if (state == ThreadState.WAIT_BLOCKED || state == ThreadState.WAIT_IO) {
            line += " cause " + ThreadStateSink.cause(why) + " by " + waker(ThreadStateSink.waker(why));
        }
        calls.add(line);
    }

    @Override
    public void threadUpdated(ThreadRecord thread, long time) {
        calls.add("thread " + who(thread) + " " + time + " " + thread.name() + " pid " + thread.pid()
                + (thread.kernelThread() ? " kernel" : ""));
    }

    @Override
    public void priority(ThreadRecord thread, long time, int prio) {
        calls.add("priority " + who(thread) + " " + time + " " + prio);
    }

    @Override
    public boolean followsPriorities() {
        return true;
    }

    @Override
    public void scheduled(ThreadRecord thread, int kind, long runnable, long running, int cpu, int prio, int waker) {
        String why = switch (kind) {
            case WOKEN -> "woken";
            case NEW_THREAD -> "new";
            case PREEMPTED -> "preempted";
            default -> "kind " + kind;
        };
        calls.add("scheduled " + who(thread) + " " + why + " " + runnable + "-" + running + " cpu" + cpu
                + (prio != Integer.MIN_VALUE ? " prio " + prio : "") + " by " + waker(waker));
    }

    @Override
    public void migrated(Trace trace, int tid, long time, int from, int to) {
        calls.add("migrated " + tid + " " + time + " cpu" + from + "->cpu" + to);
    }

    @Override
    public void syscall(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked,
            long waitCpu) {
        calls.add("syscall " + who(thread) + " " + syscall + " " + entry + "-" + exit + " ret " + ret + " blocked "
                + blocked + " waitCpu " + waitCpu);
    }

    @Override
    public void fileIo(ThreadRecord thread, long time, int fd, String name, DescriptorType type, long bytes,
            boolean written) {
        calls.add("fileIo " + who(thread) + " " + time + " fd " + fd + " " + name + " " + type + " "
                + (written ? "wrote " : "read ") + bytes);
    }

    @Override
    public boolean followsFiles() {
        return files;
    }

    @Override
    public void networkPacket(Trace trace, long time, String netif, long bytes, boolean sent) {
        calls.add("packet " + time + " " + netif + " " + (sent ? "sent " : "received ") + bytes);
    }

    @Override
    public boolean followsNetwork() {
        return true;
    }

    @Override
    public void interrupt(Trace trace, int cpu, int handler, long raised, long entry, long exit) {
        calls.add("interrupt cpu" + cpu + " " + waker(handler) + " " + entry + "-" + exit
                + (raised != Long.MIN_VALUE ? " raised " + raised : ""));
    }

    @Override
    public void ioWait(ThreadRecord thread, long device, long from, long to) {
        calls.add("ioWait " + who(thread) + " " + BlockDevice.numbers(device) + " " + from + "-" + to);
    }

    @Override
    public void blockRequest(Trace trace, long device, BlockOperation op, long sectors, long inserted, long issued,
            long completed, ThreadRecord issuer) {
        calls.add("request " + BlockDevice.numbers(device) + " " + op.label() + " " + sectors + " sectors "
                + (inserted != Long.MIN_VALUE ? inserted + "/" : "") + issued + "-" + completed + " by "
                + (issuer == null ? "?" : who(issuer)));
    }

    @Override
    public void end(Trace trace, long time) {
        calls.add("end " + time);
    }
}

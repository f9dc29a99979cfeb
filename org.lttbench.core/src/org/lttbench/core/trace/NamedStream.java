package org.lttbench.core.trace;

/**
 * A stream as every reader names and places it: its trace, file name, channel, CPU and dense index. What the
 * packet context declares is the reader's own to say.
 */
public abstract class NamedStream implements Stream {
    private final Trace trace;
    private final String name;
    private final String channel;
    private final int cpu;
    private final int index;

    protected NamedStream(Trace trace, String name, String channel, int cpu, int index) {
        this.trace = trace;
        this.name = name;
        this.channel = channel;
        this.cpu = cpu;
        this.index = index;
    }

    @Override
    public final Trace trace() {
        return trace;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String channel() {
        return channel;
    }

    @Override
    public final int cpu() {
        return cpu;
    }

    @Override
    public final int index() {
        return index;
    }

    /** The stream's first file. */
    @Override
    public String toString() {
        return trace.path().resolve(name).toString();
    }
}

package org.lttbench.core.trace;

/** An event class as every reader names it: its trace, name, id and dense index. Its fields are the reader's own. */
public abstract class NamedEventType implements EventType {
    private final Trace trace;
    private final String name;
    private final long id;
    private final int index;

    protected NamedEventType(Trace trace, String name, long id, int index) {
        this.trace = trace;
        this.name = name;
        this.id = id;
        this.index = index;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final long id() {
        return id;
    }

    @Override
    public final int index() {
        return index;
    }

    @Override
    public final Trace trace() {
        return trace;
    }

    @Override
    public String toString() {
        return name;
    }
}

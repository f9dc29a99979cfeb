package org.lttbench.core.trace;

/**
 * An event class of one trace. Analyses resolve what they need from it once (field handles, the handler to run)
 * and then dispatch on {@link #index()}, never on the name, for each event.
 */
public interface EventType {

    /** Event name as the metadata gives it, e.g. {@code sched_switch} or {@code ust_tests_hello:tptest}. */
    String name();

    /** The numeric id from the metadata within its stream class. */
    long id();

    /** Dense index, unique over all traces of one {@link TraceSet}: analyses use it to index arrays. */
    int index();

    Trace trace();

    /** A top-level payload field, or {@code null} when this event class has none of that name. */
    FieldHandle payloadField(String name);

    /**
     * A context field (the event's own context first, then the stream's event context), named without the
     * leading underscore, e.g. {@code tid}, {@code vpid}, {@code procname}; {@code null} when absent.
     */
    FieldHandle contextField(String name);

    /**
     * Names of every context field of this event class (the event's own context, then the stream's event context),
     * without the leading underscore: how an analysis finds fields it cannot name in advance, such as perf counter
     * contexts ({@code perf_thread_*}, {@code perf_cpu_*}). Resolve them with {@link #contextField(String)}.
     */
    default java.util.List<String> contextFieldNames() {
        return java.util.List.of();
    }
}

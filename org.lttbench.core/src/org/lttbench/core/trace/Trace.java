package org.lttbench.core.trace;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** One trace: one metadata and its streams. */
public interface Trace {

    /** The trace directory (the one holding {@code metadata}). */
    Path path();

    /** The metadata's {@code env} block: strings and integers (Long), e.g. {@code domain}, {@code tracer_major}. */
    Map<String, Object> environment();

    /** {@code kernel}, {@code ust}, or {@code null} when the environment does not say. */
    default String domain() {
        Object domain = environment().get("domain");
        return domain == null ? null : domain.toString();
    }

    /** Every event class the metadata declares, whether or not it occurs. */
    List<? extends EventType> eventTypes();

    List<? extends Stream> streams();
}

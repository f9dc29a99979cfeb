package org.lttbench.ui.compute;

import java.io.IOException;

import org.lttbench.core.trace.TraceSet;

/** Opens the traces a session reads; each run opens a fresh {@link TraceSet} and closes it after reading. */
@FunctionalInterface
public interface TraceSource {
    TraceSet open() throws IOException;
}

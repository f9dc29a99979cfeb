package org.lttbench.core.report;

import java.io.IOException;
import java.util.concurrent.ExecutionException;

/**
 * The failure of a writer run as a task on another thread (Trace Compass's kept reports, fleet's table files), thrown
 * again where the task is waited for.
 */
public final class TaskFailure {
    private TaskFailure() {
    }

    /**
     * Throws the task's {@link IOException} or {@link RuntimeException} as it was; returns any other cause (an
     * {@link Error}, a checked exception) for the caller to throw as its own contract says.
     */
    public static Throwable rethrow(ExecutionException e) throws IOException {
        if (e.getCause() instanceof IOException io) {
            throw io;
        }
        if (e.getCause() instanceof RuntimeException r) {
            throw r;
        }
        return e.getCause();
    }
}

package org.lttbench.tests.report;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.TaskFailure;

/** {@link TaskFailure#rethrow}: a task's I/O and runtime failures come back as they were; the rest is the caller's. */
class TaskFailureTest {

    @Test
    void anIoOrRuntimeFailureIsThrownAsItWas() {
        IOException io = new IOException("disk full");
        assertSame(io, assertThrows(IOException.class, () -> TaskFailure.rethrow(new ExecutionException(io))));
        IllegalStateException bug = new IllegalStateException("bug");
        assertSame(bug, assertThrows(IllegalStateException.class, () -> TaskFailure.rethrow(new ExecutionException(bug))));
    }

    @Test
    void anErrorOrAnotherCheckedExceptionIsReturned() throws IOException {
        OutOfMemoryError oom = new OutOfMemoryError("heap");
        assertSame(oom, TaskFailure.rethrow(new ExecutionException(oom)));
        TimeoutException late = new TimeoutException("late");
        assertSame(late, TaskFailure.rethrow(new ExecutionException(late)));
    }
}

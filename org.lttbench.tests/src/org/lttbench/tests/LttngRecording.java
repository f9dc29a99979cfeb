package org.lttbench.tests;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For test classes that record with LTTng ({@code @ExtendWith(LttngRecording.class)}): one such class at a time on the
 * machine. A user-space session records every process's tracepoints, so two test runs side by side (two checkouts,
 * or a benchmark) would record each other's workloads; a file lock in {@code /tmp} makes the second wait.
 */
public final class LttngRecording implements BeforeAllCallback, AfterAllCallback {
    private static final Path LOCK = Path.of(System.getProperty("java.io.tmpdir"), "lttbench-lttng-recording.lock");
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(LttngRecording.class);

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        FileChannel channel = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        if (lock == null) {
            System.out.println("waiting for another test run's LTTng recording to end (" + LOCK + ")");
            lock = channel.lock();
        }
        context.getStore(NS).put("lock", lock);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        FileLock lock = context.getStore(NS).remove("lock", FileLock.class);
        if (lock != null) {
            lock.release();
            lock.channel().close();
        }
    }
}

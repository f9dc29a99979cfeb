package org.lttbench.tests;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

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
        FileChannel channel = open();
        FileLock lock = channel.tryLock();
        if (lock == null) {
            System.out.println("waiting for another test run's LTTng recording to end (" + LOCK + ")");
            lock = channel.lock();
        }
        context.getStore(NS).put("lock", lock);
    }

    /**
     * The lock file, shared by every user of the machine (made writable for all by whoever creates it). One that
     * another user created without that (an older run) cannot be locked by us: then a lock of our own, and runs of
     * other users are not waited for.
     */
    private static FileChannel open() throws IOException {
        try {
            if (Files.exists(LOCK)) {
                // no CREATE: fs.protected_regular refuses O_CREAT on another user's file in a sticky directory
                return FileChannel.open(LOCK, StandardOpenOption.WRITE);
            }
            FileChannel channel = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                Files.setPosixFilePermissions(LOCK, PosixFilePermissions.fromString("rw-rw-rw-"));
            } catch (IOException | UnsupportedOperationException e) {
                // another user's run made it first: fine
            }
            return channel;
        } catch (AccessDeniedException e) {
            Path own = LOCK.resolveSibling(LOCK.getFileName() + "." + System.getProperty("user.name"));
            System.out.println(LOCK + " cannot be locked by " + System.getProperty("user.name") + " (another user's,"
                    + " not writable): locking " + own + " instead; LTTng test runs of other users are not waited for");
            return FileChannel.open(own, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        }
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

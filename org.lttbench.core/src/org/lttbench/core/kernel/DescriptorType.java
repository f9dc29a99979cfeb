package org.lttbench.core.kernel;

/**
 * What a file descriptor's reads and writes count as, as lttng-analyses 0.6.1 decides it (its {@code FDType}, which
 * its {@code iousagetop} splits each process's bytes by): {@link #DISK} for a descriptor an open call made (whatever
 * the path: {@code /dev/null} too), {@link #NETWORK} for one {@code socket} or {@code accept} made, a copy's type
 * for a copy ({@code dup*}, a child's after {@code fork}), and {@link #UNKNOWN} for all the others: those the
 * statedump names (even a path or a socket: the statedump does not say how it was made), pipes, anonymous inodes, and
 * descriptors the trace never shows being made. (lttng-analyses 0.6.1 does not follow {@code accept}, nor
 * {@code creat} and {@code openat2}: for it, those are unknown.)
 */
public enum DescriptorType {
    DISK, NETWORK, UNKNOWN;

    /**
     * The system calls whose bytes lttng-analyses counts as a descriptor's reads and writes (its {@code SyscallConsts}
     * {@code READ_SYSCALLS} and {@code WRITE_SYSCALLS}): per file here ({@link ThreadStateSink#fileIo}), and the I/O
     * commands' read and write categories. Not {@code splice} and {@code sendfile64}, which it lists as both but never
     * follows.
     */
    public static final java.util.Set<String> READS = java.util.Set.of("read", "readv", "pread", "pread64", "preadv",
            "recvfrom", "recvmsg");
    public static final java.util.Set<String> WRITES = java.util.Set.of("write", "writev", "pwrite", "pwrite64",
            "pwritev", "sendto", "sendmsg");
}

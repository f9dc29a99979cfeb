package org.lttbench.core.kernel;

import org.lttbench.core.trace.Trace;

/** Hears the system calls, the I/O they do on descriptors, and the machine's network packets. */
public interface SyscallSink {

    /**
     * A system call of the thread ended at {@code exit} (told at once, beside the state changes, which may come
     * later): the call ({@link SyscallNames}), its entry, its return value ({@link Long#MIN_VALUE} when the exit
     * event has none), and the parts of it the thread spent off a CPU: {@code blocked} (asleep, until woken) and
     * {@code waitCpu} (runnable, until it ran again). Only calls whose entry the trace showed, in process context.
     */
    default void syscall(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked, long waitCpu) {
    }

    /**
     * A read or write system call of the thread (lttng-analyses' families: {@code read}, {@code readv},
     * {@code pread64}, {@code preadv}, {@code recvfrom}, {@code recvmsg}; {@code write}, {@code writev},
     * {@code pwrite64}, {@code pwritev}, {@code sendto}, {@code sendmsg}) on descriptor {@code fd} returned
     * {@code bytes} (0 or more) at {@code time}; {@code name} is what the descriptor is as far as the trace tells (the
     * statedump's or the opened path, {@code socket}, {@code anon_inode:[eventfd]}...; null when it does not), and
     * {@code type} what its bytes count as ({@link DescriptorType}). Told at the call's exit, for calls whose entry the
     * trace showed, only if some sink {@link #followsFiles()}: the descriptors' names and types and the calls'
     * descriptors are followed only then.
     */
    default void fileIo(ThreadRecord thread, long time, int fd, String name, DescriptorType type, long bytes,
            boolean written) {
    }

    /** Whether this sink hears {@link #fileIo}. */
    default boolean followsFiles() {
        return false;
    }

    /**
     * That trace's machine sent a packet of {@code bytes} on network interface {@code netif} ({@code net_dev_xmit}'s
     * {@code len} and {@code name}), or received one ({@code sent} false: {@code netif_receive_skb}'s, which
     * lttng-modules names {@code net_if_receive_skb} from 2.7). Told only if some sink {@link #followsNetwork()}: these
     * events are not read otherwise.
     */
    default void networkPacket(Trace trace, long time, String netif, long bytes, boolean sent) {
    }

    /** Whether this sink hears {@link #networkPacket}. */
    default boolean followsNetwork() {
        return false;
    }
}

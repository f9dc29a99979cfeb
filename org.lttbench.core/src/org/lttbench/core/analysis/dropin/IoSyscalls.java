package org.lttbench.core.analysis.dropin;

import java.util.List;
import java.util.Map;

/**
 * The system calls lttng-analyses' I/O commands count, by category ({@code SyscallConsts} of its state provider):
 * opening ({@code open}, {@code openat}, {@code socket}, {@code dup*}; its {@code fcntl(F_DUPFD)} is left out here, the
 * command not being told), reading, writing, syncing. Not {@code splice} and {@code sendfile64}: lttng-analyses 0.6.1
 * lists them as both reading and writing, but its state provider follows only its read and write lists, so no table
 * of its counts them (as {@code iousagetop}'s bytes here do not).
 */
final class IoSyscalls {
    private IoSyscalls() {
    }

    /** lttng-analyses' categories, in the order its tables list them, and their calls. */
    static final Map<String, List<String>> CATEGORIES = new java.util.LinkedHashMap<>();
    static {
        CATEGORIES.put("open", List.of("open", "openat", "socket", "dup", "dup2", "dup3"));
        CATEGORIES.put("read", List.of("read", "recvmsg", "recvfrom", "readv", "pread", "pread64", "preadv"));
        CATEGORIES.put("write", List.of("write", "sendmsg", "sendto", "writev", "pwrite", "pwrite64", "pwritev"));
        CATEGORIES.put("sync", List.of("sync", "sync_file_range", "fsync", "fdatasync"));
    }

    /** Whether the call is of that category. */
    static boolean in(String category, String syscall) {
        return CATEGORIES.get(category).contains(syscall);
    }

    /** lttng-analyses' name of a disk: the statedump's, else {@code (major,minor)}; from a device's label. */
    static String disk(String label) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(.*) \\((\\d+):(\\d+)\\)$").matcher(label);
        if (m.matches()) {
            return m.group(1);
        }
        return label.matches("\\d+:\\d+") ? "(" + label.replace(':', ',') + ")" : label;
    }
}

package org.lttbench.core.analysis.dropin;

import java.util.Map;
import java.util.Set;

import org.lttbench.core.kernel.DescriptorType;

/**
 * The system calls lttng-analyses' I/O commands count, by category ({@code SyscallConsts} of its state provider):
 * opening ({@code open}, {@code openat}, {@code socket}, {@code dup*}; its {@code fcntl(F_DUPFD)} is left out here, the
 * command not being told), reading and writing ({@link DescriptorType#READS} and {@link DescriptorType#WRITES}: not
 * {@code splice} and {@code sendfile64}, which it lists but never follows, as {@code iousagetop}'s bytes here do
 * not), syncing.
 */
final class IoSyscalls {
    private IoSyscalls() {
    }

    /** lttng-analyses' categories, in the order its tables list them, and their calls. */
    static final Map<String, Set<String>> CATEGORIES = new java.util.LinkedHashMap<>();
    static {
        CATEGORIES.put("open", Set.of("open", "openat", "socket", "dup", "dup2", "dup3"));
        CATEGORIES.put("read", DescriptorType.READS);
        CATEGORIES.put("write", DescriptorType.WRITES);
        CATEGORIES.put("sync", Set.of("sync", "sync_file_range", "fsync", "fdatasync"));
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

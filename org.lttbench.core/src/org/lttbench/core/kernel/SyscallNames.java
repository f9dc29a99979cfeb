package org.lttbench.core.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The system calls of one run, numbered densely as the event classes name them (resolved once per class), so that
 * sinks keep per-call figures in arrays. One run's machines share one, on the pass's thread.
 */
public final class SyscallNames {
    /** A call whose event classes do not name it (perf's {@code raw_syscalls}). */
    public static final int UNNAMED = 0;
    /** No call: the thread is not in one the trace showed the entry of. */
    public static final int NONE = -1;

    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> names = new ArrayList<>(List.of("unknown"));

    /** The id of a call's name ({@link #UNNAMED} for null). */
    public int id(String name) {
        if (name == null) {
            return UNNAMED;
        }
        return ids.computeIfAbsent(name, n -> {
            names.add(n);
            return names.size() - 1;
        });
    }

    /** The name of an id; {@code unknown} for {@link #UNNAMED}. */
    public String name(int id) {
        return id >= 0 && id < names.size() ? names.get(id) : "unknown";
    }

    /** Ids are below this. */
    public int size() {
        return names.size();
    }
}

package org.lttbench.core.ctf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.lttbench.core.trace.Trace;

/**
 * One CTF trace: a metadata and its streams. Directories whose metadata share a UUID (session-rotation chunks of
 * one trace) form one trace, as babeltrace2 merges them; {@link #path()} is the first of them.
 */
final class CtfTrace implements Trace {
    private final List<Path> directories;
    final Metadata metadata;
    final List<CtfEventType> eventTypes = new ArrayList<>();
    final List<CtfStream> streams = new ArrayList<>();

    CtfTrace(List<Path> directories, Metadata metadata) {
        this.directories = List.copyOf(directories);
        this.metadata = metadata;
    }

    @Override
    public Path path() {
        return directories.get(0);
    }

    /** Every directory of this trace (several for session-rotation chunks). */
    List<Path> directories() {
        return directories;
    }

    @Override
    public Map<String, Object> environment() {
        return Collections.unmodifiableMap(metadata.environment);
    }

    @Override
    public List<CtfEventType> eventTypes() {
        return Collections.unmodifiableList(eventTypes);
    }

    @Override
    public List<CtfStream> streams() {
        return Collections.unmodifiableList(streams);
    }

    @Override
    public String toString() {
        return path().toString();
    }
}

package org.lttbench.core.ctf;

import java.nio.file.Path;

/** One data stream file of a trace (a stream may have several: tracefile rotation, session rotation chunks). */
final class StreamFile {
    final Path path;
    final long size;

    StreamFile(Path path, long size) {
        this.path = path;
        this.size = size;
    }

    @Override
    public String toString() {
        return path.toString();
    }
}

package org.lttbench.tracecompass.core.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.lttbench.tracecompass.core.tracetype.LttbenchCtfTrace;

/**
 * The CTF directories behind what Trace Compass opened (a trace, or every trace of an experiment), for LTTbench's own
 * reader, and a fingerprint of their files: a kept result is used again only for the same files, unchanged.
 *
 * @param directories one per trace, in Trace Compass's order; empty when some trace has no directory of its own
 *                    (then the module reads through Trace Compass)
 */
record TraceFiles(List<Path> directories, String fingerprint) {

    static TraceFiles of(ITmfTrace trace) throws IOException {
        List<Path> dirs = new ArrayList<>();
        for (ITmfTrace t : TmfTraceManager.getTraceSet(trace)) {
            if (!(t instanceof CtfTmfTrace || t instanceof LttbenchCtfTrace) || t.getPath() == null) {
                continue;
            }
            Path dir = Path.of(t.getPath());
            if (!Files.exists(dir)) {
                // deleted or moved since it was opened: Trace Compass's own reading would only say its parser failed
                throw new java.nio.file.NoSuchFileException(dir.toString(), null, "the trace is no longer there");
            }
            if (!Files.isRegularFile(dir.resolve("metadata"))) {
                return new TraceFiles(List.of(), "");
            }
            dirs.add(dir);
        }
        return new TraceFiles(List.copyOf(dirs), fingerprint(dirs));
    }

    boolean readable() {
        return !directories.isEmpty();
    }

    /** Every file's path, size and modification time: what changes when a trace is rewritten or grows. */
    private static String fingerprint(List<Path> dirs) throws IOException {
        StringBuilder b = new StringBuilder();
        for (Path dir : dirs) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(dir)) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                b.append(f).append(' ').append(Files.size(f)).append(' ').append(Files.getLastModifiedTime(f).toMillis())
                        .append('\n');
            }
        }
        return Integer.toHexString(b.toString().hashCode()) + "-" + b.length();
    }
}

package org.lttbench.tracecompass.core.tracetype;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceImportException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.lttbench.core.ctf.TraceDiscovery;

/**
 * The trace type Trace Compass gives an LTTng trace directory: its own choice ({@link TmfTraceType#selectTraceType}:
 * the valid types by confidence), of which the first LTTng kernel or user-space type, Trace Compass's or LTTbench's.
 * Where Trace Compass's choice cannot be made because one of its own CTF types throws while it validates the trace
 * (Trace Compass 11.3's CTF 2 parser on LTTng's field locations: {@code IllegalStateException: Not a JSON Object}),
 * the choice is made among LTTbench's types, by their validation, as Trace Compass would have made it.
 * <p>
 * {@link #lttbench} is the other choice, the one a user makes by asking for LTTbench's reader: always one of
 * LTTbench's types, whatever Trace Compass's own reader makes of the trace.
 */
public final class TraceTypeChoice {
    /** LTTbench's trace types, by the ids plugin.xml declares them with. */
    public static final String KERNEL_TYPE = "org.lttbench.tracecompass.tracetype.kernel";
    public static final String UST_TYPE = "org.lttbench.tracecompass.tracetype.ust";
    public static final String CTF_TYPE = "org.lttbench.tracecompass.tracetype.ctf";
    /** The file that makes a directory a CTF trace. */
    private static final String METADATA = "metadata";

    private TraceTypeChoice() {
    }

    /** The LTTng kernel or user-space trace type for the directory, or {@code null} when it is neither. */
    public static TraceTypeHelper lttng(String path) {
        List<TraceTypeHelper> candidates;
        try {
            candidates = TmfTraceType.selectTraceType(path, null);
        } catch (TmfTraceImportException e) {
            return null; // no type at all
        } catch (RuntimeException e) {
            candidates = ours(path);
        }
        for (TraceTypeHelper t : candidates) {
            if (isLttng(t.getTraceClass())) {
                return t;
            }
        }
        return null;
    }

    /** LTTbench's LTTng types that validate the trace, by confidence. */
    private static List<TraceTypeHelper> ours(String path) {
        record Valid(TraceTypeHelper type, int confidence) {
        }
        List<Valid> valid = new ArrayList<>();
        for (String id : List.of(KERNEL_TYPE, UST_TYPE)) {
            TraceTypeHelper t = TmfTraceType.getTraceType(id);
            if (t != null && t.isEnabled()) {
                int confidence = t.validateWithConfidence(path);
                if (confidence > 0) {
                    valid.add(new Valid(t, confidence));
                }
            }
        }
        return valid.stream().sorted(Comparator.comparingInt(Valid::confidence).reversed()).map(Valid::type).toList();
    }

    private static boolean isLttng(Class<?> c) {
        return LttngKernelTrace.class.isAssignableFrom(c) || LttngUstTrace.class.isAssignableFrom(c)
                || LttbenchKernelTrace.class.isAssignableFrom(c) || LttbenchUstTrace.class.isAssignableFrom(c);
    }

    /**
     * LTTbench's type for a trace, or why it has none.
     *
     * @param type    the type, or {@code null}
     * @param refusal when there is no type: why, naming the path: it is no trace directory (and which traces it holds
     *                further down), or the reader's message from the generic CTF type's validation, which takes any
     *                trace LTTbench's reader reads
     */
    public record LttbenchType(TraceTypeHelper type, String refusal) {
    }

    /**
     * LTTbench's type for the trace directory: its kernel type, else its user-space type, else its generic CTF type,
     * the first whose validation takes it (they read the metadata and the first records with LTTbench's reader).
     * Where none does, the refusal says why: the reader's message (file, place, what it expected), or, for a
     * directory without a metadata file, that it is not a trace directory, and which traces it holds further down
     * if it does (an LTTng session's output holds a kernel and a user-space trace).
     */
    public static LttbenchType lttbench(Path dir) {
        Path path = dir.toAbsolutePath().normalize();
        if (!Files.exists(path)) {
            return new LttbenchType(null, path + ": no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            return new LttbenchType(null, path + " is a file, not a trace directory");
        }
        if (!Files.exists(path.resolve(METADATA))) {
            return new LttbenchType(null, notATraceDirectory(path));
        }
        IStatus last = null;
        for (String id : List.of(KERNEL_TYPE, UST_TYPE, CTF_TYPE)) {
            TraceTypeHelper t = TmfTraceType.getTraceType(id);
            if (t == null) {
                continue;
            }
            IStatus status = t.validate(path.toString());
            if (status.getSeverity() != IStatus.ERROR) {
                return new LttbenchType(t, null);
            }
            last = status;
        }
        return new LttbenchType(null, last == null ? "LTTbench's trace types are not installed" : last.getMessage());
    }

    /** Why a directory without a metadata file is no trace, and which traces it holds further down. */
    private static String notATraceDirectory(Path dir) {
        String not = dir + " is not a trace directory (it has no metadata file)";
        List<Path> traces;
        try {
            traces = TraceDiscovery.below(dir, unreadable -> {
                // a directory the walk may not enter: passed by, as it holds no trace it can name
            });
        } catch (IOException e) {
            return not;
        }
        if (traces.isEmpty()) {
            return not + ", nor does any directory below it";
        }
        return not + " but holds " + traces.size() + (traces.size() == 1 ? " trace: " : " traces: ")
                + traces.stream().map(t -> dir.relativize(t).toString()).sorted().collect(Collectors.joining(", "))
                + "; open " + (traces.size() == 1 ? "it" : "one of them");
    }
}

package org.lttbench.core.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One name per trace of a run, the same in every table and summary: a lone trace by its directory's name
 * ({@code ust-hello-lost}); several by their paths below the directory they share ({@code kernel},
 * {@code ust/uid/1000/64-bit}), so two traces never read the same.
 */
public final class TraceNames {
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Path common;

    private TraceNames(Collection<String> paths) {
        Set<String> distinct = new LinkedHashSet<>(paths);
        Path shared = null;
        for (String p : distinct) {
            Path path = Path.of(p).normalize();
            shared = shared == null ? path.getParent() : commonAncestor(shared, path);
        }
        common = shared;
        for (String p : distinct) {
            String name = null;
            if (distinct.size() > 1 && common != null) {
                Path relative = common.relativize(Path.of(p).normalize());
                name = relative.toString().isEmpty() ? null : relative.toString();
            }
            names.put(p, name != null ? name : lastSegment(p));
        }
    }

    /** Names for these trace paths. */
    public static TraceNames of(Collection<String> paths) {
        return new TraceNames(paths);
    }

    /** Names for these traces' paths. */
    public static TraceNames ofTraces(Collection<? extends org.lttbench.core.trace.Trace> traces) {
        List<String> paths = new ArrayList<>();
        for (org.lttbench.core.trace.Trace t : traces) {
            paths.add(t.path().toString());
        }
        return of(paths);
    }

    /** The name of a trace path (its directory's name when the path is not one of the run's). */
    public String name(String path) {
        String n = names.get(path);
        return n != null ? n : lastSegment(path);
    }

    /** The names, in the order the paths came. */
    public List<String> names() {
        return List.copyOf(names.values());
    }

    /** The directory several traces share (their names are below it), or {@code null} for one trace. */
    public Path commonDirectory() {
        return names.size() > 1 ? common : null;
    }

    /** The names as a short list for a sentence: all of them up to four, else the first three and how many more. */
    public String shortList() {
        List<String> all = names();
        if (all.size() <= 4) {
            return String.join(", ", all);
        }
        return String.join(", ", all.subList(0, 3)) + " and " + (all.size() - 3) + " more";
    }

    /**
     * What a summary says was read: {@code ust-hello-lost (user space)}, or {@code 2 traces (kernel, user space)
     * in session-multi-domains: kernel, ust/uid/1000/64-bit}.
     */
    public static String describe(List<? extends org.lttbench.core.trace.Trace> traces) {
        TraceNames names = ofTraces(traces);
        if (traces.size() == 1) {
            return names.names().get(0) + " (" + domain(traces.get(0)) + ")";
        }
        Set<String> domains = new LinkedHashSet<>();
        for (org.lttbench.core.trace.Trace t : traces) {
            domains.add(domain(t));
        }
        Path dir = names.commonDirectory();
        return traces.size() + " traces (" + String.join(", ", domains) + ")"
                + (dir != null && dir.getFileName() != null ? " in " + dir.getFileName() : "") + ": " + names.shortList();
    }

    private static String domain(org.lttbench.core.trace.Trace t) {
        String d = t.domain();
        return "kernel".equals(d) ? "kernel" : "ust".equals(d) ? "user space" : d == null ? "CTF" : d;
    }

    static String lastSegment(String path) {
        Path p = Path.of(path).getFileName();
        return p == null ? path : p.toString();
    }

    private static Path commonAncestor(Path a, Path b) {
        Path x = a;
        while (x != null && !b.startsWith(x)) {
            x = x.getParent();
        }
        return x;
    }
}

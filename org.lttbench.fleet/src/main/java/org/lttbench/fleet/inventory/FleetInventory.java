package org.lttbench.fleet.inventory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.ctf.TraceDiscovery;
import org.lttbench.core.trace.TraceFormatException;

/**
 * Finds every LTTng trace under a fleet's root and groups them into {@link FleetTrace} units, one Spark task each.
 * <ul>
 * <li>relayd layout, {@code ROOT/.../HOST/SESSION-YYYYMMDD-HHMMSS/kernel|ust/...}: one unit per session directory, its
 * host the directory above it (the session's kernel and user-space traces are read together, as
 * {@code lttbench analyze SESSION_DIR} reads them);</li>
 * <li>anything else: the traces under each directory of the root (or the root itself when it is one trace or one
 * session), one unit per hostname their metadata gives, so traces of two machines are never read as one.</li>
 * </ul>
 * A directory that cannot be read becomes a unit of its own, whose task then fails with the reason: the job reports
 * it instead of losing what is below it silently.
 */
public final class FleetInventory {
    /** What lttng-relayd and lttng-sessiond name a session's output directory: {@code NAME-YYYYMMDD-HHMMSS}. */
    private static final Pattern SESSION_DIR = Pattern.compile(".+-\\d{8}-\\d{6}");
    /** The directories a session's output holds its traces in. */
    private static final Set<String> SESSION_PARTS = Set.of("kernel", "ust", "archives");
    private static final String METADATA_FILE = "metadata";

    private final Path root;
    private final List<Path> traceDirs = new ArrayList<>();
    private final List<Path> unreadable = new ArrayList<>();

    private FleetInventory(Path root) {
        this.root = root;
    }

    /**
     * The units under the root, sorted by host then session.
     *
     * @throws TraceFormatException when the root is missing, not a readable directory, or holds no trace
     */
    public static List<FleetTrace> scan(Path given) throws IOException {
        Path root = given.toAbsolutePath().normalize();
        if (!Files.exists(root)) {
            throw new TraceFormatException(root, -1, "no such file or directory");
        }
        if (!Files.isDirectory(root)) {
            throw new TraceFormatException(root, -1, "is a file, not a directory of traces");
        }
        if (!Files.isReadable(root)) {
            throw new TraceFormatException(root, -1, "cannot read this directory (permission denied)");
        }
        FleetInventory inventory = new FleetInventory(root);
        inventory.walk();
        if (inventory.traceDirs.isEmpty() && inventory.unreadable.isEmpty()) {
            throw new TraceFormatException(root, -1, "holds no CTF trace: no directory at or below it has a metadata file");
        }
        return inventory.units();
    }

    private void walk() throws IOException {
        // a directory we may not enter is a unit of its own, which fails with the reason (see the class comment)
        traceDirs.addAll(TraceDiscovery.below(root, unreadable::add));
    }

    /** Where a trace directory belongs: its unit's directory, and the host when the relayd path names it. */
    private record Place(Path unitDir, String session, String relaydHost) {
    }

    private List<FleetTrace> units() throws IOException {
        Map<List<String>, List<Path>> groups = new LinkedHashMap<>();
        Map<List<String>, Place> places = new LinkedHashMap<>();
        Map<List<String>, String> origins = new LinkedHashMap<>();
        for (Path dir : traceDirs) {
            Place place = place(dir);
            String host = place.relaydHost;
            String origin = FleetTrace.RELAYD_PATH;
            if (host == null) {
                host = hostname(dir);
                origin = host == null ? FleetTrace.DIRECTORY : FleetTrace.METADATA;
                if (host == null) {
                    host = place.session.equals(".") ? root.getFileName().toString() : place.session;
                }
            }
            List<String> key = List.of(place.unitDir.toString(), host);
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(dir);
            places.putIfAbsent(key, place);
            origins.putIfAbsent(key, origin);
        }
        List<FleetTrace> units = new ArrayList<>();
        groups.forEach((key, dirs) -> {
            long bytes = dirs.stream().mapToLong(FleetInventory::streamBytes).sum();
            units.add(new FleetTrace(key.get(1), origins.get(key), places.get(key).session,
                    dirs.stream().map(Path::toString).sorted().toList(), bytes));
        });
        for (Path dir : unreadable) {
            Place place = place(dir);
            String host = place.relaydHost != null ? place.relaydHost : dir.getFileName().toString();
            units.add(new FleetTrace(host, place.relaydHost != null ? FleetTrace.RELAYD_PATH : FleetTrace.DIRECTORY,
                    place.session, List.of(dir.toString()), 0));
        }
        units.sort(Comparator.comparing(FleetTrace::host).thenComparing(FleetTrace::session)
                .thenComparing(u -> u.directories().get(0)));
        return units;
    }

    private Place place(Path dir) {
        Path rel = root.relativize(dir);
        int n = rel.toString().isEmpty() ? 0 : rel.getNameCount();
        for (int i = 1; i < n - 1; i++) {
            if (SESSION_DIR.matcher(rel.getName(i).toString()).matches() && hasSessionPart(rel, i + 1, n)) {
                return new Place(root.resolve(rel.subpath(0, i + 1)), rel.getName(i).toString(),
                        rel.getName(i - 1).toString());
            }
        }
        if (n == 0 || SESSION_PARTS.contains(rel.getName(0).toString())) {
            return new Place(root, ".", null); // the root is one trace, or one session's output
        }
        return new Place(root.resolve(rel.getName(0)), rel.getName(0).toString(), null);
    }

    private static boolean hasSessionPart(Path rel, int from, int to) {
        for (int j = from; j < to; j++) {
            if (SESSION_PARTS.contains(rel.getName(j).toString())) {
                return true;
            }
        }
        return false;
    }

    /** The metadata's {@code hostname}, or null when it has none or cannot be read (its task will say why). */
    private static String hostname(Path dir) {
        try (CtfTraceSet set = CtfTraceSet.open(List.of(dir))) {
            Object host = set.traces().get(0).environment().get("hostname");
            return host == null || host.toString().isBlank() ? null : host.toString();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Bytes of a trace directory's stream files: every regular file in it but the metadata. */
    static long streamBytes(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> !f.getFileName().toString().equals(METADATA_FILE) && Files.isRegularFile(f))
                    .mapToLong(f -> {
                        try {
                            return Files.size(f);
                        } catch (IOException e) {
                            return 0;
                        }
                    }).sum();
        } catch (IOException e) {
            return 0;
        }
    }
}

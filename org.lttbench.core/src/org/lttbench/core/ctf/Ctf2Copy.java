package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * CTF 2 copies of CTF 1.8 traces: the same data streams described by CTF 2 metadata (JSON), for testing and
 * benchmarking the CTF 2 reader on any trace LTTng 2.13 and older recorded. The data stream and index files are
 * symbolic links to the originals, so a copy costs only its metadata.
 */
public final class Ctf2Copy {
    private Ctf2Copy() {
    }

    /** The metadata of the CTF 1.8 trace in {@code traceDir}, written as CTF 2 metadata. */
    public static String metadata(Path traceDir) throws IOException {
        return Ctf2MetadataWriter.write(MetadataFile.read(traceDir));
    }

    /**
     * Writes under {@code target} a CTF 2 copy of every CTF 1.8 trace at or below {@code source}, in the same
     * directory layout: CTF 2 metadata, and every other file of the trace directory as a symbolic link to the
     * original. Returns the copies' trace directories.
     */
    public static List<Path> copy(Path source, Path target) throws IOException {
        Path root = source.toAbsolutePath().normalize();
        List<Path> copies = new ArrayList<>();
        for (Path dir : TraceDiscovery.traceDirectories(List.of(root))) {
            Path copy = target.resolve(root.relativize(dir).toString());
            Files.createDirectories(copy);
            Files.writeString(copy.resolve(MetadataFile.NAME), metadata(dir), StandardCharsets.UTF_8);
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path f : walk.filter(Files::isRegularFile).toList()) {
                    Path rel = dir.relativize(f);
                    if (rel.toString().equals(MetadataFile.NAME)) {
                        continue;
                    }
                    Path link = copy.resolve(rel.toString());
                    Files.createDirectories(link.getParent());
                    Files.deleteIfExists(link);
                    Files.createSymbolicLink(link, f.toAbsolutePath());
                }
            }
            copies.add(copy);
        }
        return copies;
    }

    /** {@code Ctf2Copy SOURCE TARGET}: what {@link #copy} does, from a shell (the benchmarks use it). */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: Ctf2Copy SOURCE_TRACE_DIR TARGET_DIR");
            System.exit(2);
        }
        for (Path p : copy(Path.of(args[0]), Path.of(args[1]))) {
            System.out.println(p);
        }
    }
}

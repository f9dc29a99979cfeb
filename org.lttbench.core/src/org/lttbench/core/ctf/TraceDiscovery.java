package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.lttbench.core.trace.TraceFormatException;

/**
 * Finds the trace directories (those holding a {@code metadata} file) at or below the given paths: a trace
 * directory itself, an LTTng session output ({@code kernel/}, {@code ust/uid/<uid>/<bits>/}, {@code ust/pid/...}),
 * session-rotation chunk directories, or any directory holding traces further down.
 */
public final class TraceDiscovery {
    private static final int MAX_DEPTH = 32;

    private TraceDiscovery() {
    }

    /**
     * The trace directories at or below the given paths, spelled as the user gave them (absolute, normalized: a
     * symbolic link stays the user's link in every report), each once even when two paths reach it.
     */
    static List<Path> traceDirectories(List<Path> paths) throws IOException {
        Set<Path> seen = new HashSet<>();
        Set<Path> found = new LinkedHashSet<>();
        for (Path given : paths) {
            Path p = given.toAbsolutePath().normalize();
            if (!Files.exists(p)) {
                throw new TraceFormatException(p, -1, "no such file or directory");
            }
            if (!Files.isDirectory(p)) {
                throw new TraceFormatException(p, -1, "is a file, not a trace directory: give the directory that"
                        + " holds the trace's metadata file, or a directory above it");
            }
            if (!Files.isReadable(p)) {
                throw new TraceFormatException(p, -1, "cannot read this directory (permission denied)");
            }
            List<Path> below = below(p);
            if (below.isEmpty()) {
                throw new TraceFormatException(p, -1, "holds no CTF trace: no directory at or below it has a metadata file");
            }
            for (Path d : below) {
                if (seen.add(d.toRealPath())) {
                    found.add(d);
                }
            }
        }
        List<Path> sorted = new ArrayList<>(found);
        sorted.sort(null);
        return sorted;
    }

    private static List<Path> below(Path root) throws IOException {
        return below(root, null);
    }

    /**
     * The trace directories at or below {@code root}, in the order the walk finds them (links followed, loops and
     * the subtrees of a trace directory passed by).
     *
     * @param unreadable where a directory the walk may not enter goes, so that the walk goes on; null: it is an
     *                   error, as is a metadata file that is not a regular file
     */
    public static List<Path> below(Path root, Consumer<Path> unreadable) throws IOException {
        List<Path> dirs = new ArrayList<>();
        Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), MAX_DEPTH, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path metadata = dir.resolve(MetadataFile.NAME);
                if (Files.isRegularFile(metadata)) {
                    dirs.add(dir);
                    return FileVisitResult.SKIP_SUBTREE;
                }
                if (unreadable == null && Files.exists(metadata) && !Files.isDirectory(metadata)) {
                    // a FIFO, socket or device where a trace's metadata should be: say so rather than pass it by
                    throw new TraceFormatException(metadata, -1, "the metadata file is " + StreamFile.kind(metadata)
                            + ", not a regular file");
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof FileSystemLoopException) {
                    return FileVisitResult.CONTINUE;
                }
                if (e instanceof AccessDeniedException) {
                    if (unreadable == null) {
                        throw new TraceFormatException(file, -1, "cannot read this directory (permission denied)", e);
                    }
                    unreadable.accept(file);
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }
        });
        return dirs;
    }
}

package org.lttbench.core.batch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.lttbench.core.trace.TraceSet;

/**
 * The TRACE arguments of a batch run, checked before anything is read: each is a trace directory (it holds a
 * {@code metadata} file) or a directory holding traces below it, as an LTTng session directory does
 * ({@code kernel/}, {@code ust/uid/1000/64-bit/}, rotation chunks).
 */
public final class TraceArguments {
    /** Deep enough for {@code session/archives/chunk/ust/uid/1000/64-bit/}. */
    private static final int MAX_DEPTH = 8;

    private TraceArguments() {
    }

    /**
     * The trace directories the arguments name, in argument order, each once.
     *
     * @throws BatchFailure exit code 3 naming the argument: missing, a file, unreadable, or holding no trace
     */
    public static List<Path> traceDirectories(List<Path> arguments) throws BatchFailure {
        Set<Path> found = new LinkedHashSet<>();
        for (Path argument : arguments) {
            found.addAll(traceDirectories(argument));
        }
        return new ArrayList<>(found);
    }

    /**
     * Opens the traces the arguments name, as one set.
     *
     * @throws BatchFailure exit code 3 when an argument is not a trace or a trace cannot be read
     */
    public static TraceSet open(List<Path> arguments) throws BatchFailure {
        List<Path> dirs = traceDirectories(arguments);
        // TODO(batch): CtfTraceSet.open(dirs) once the reader is on main
        throw BatchFailure.unreadableTrace("no trace reader yet: " + dirs);
    }

    private static List<Path> traceDirectories(Path argument) throws BatchFailure {
        if (!Files.exists(argument)) {
            throw BatchFailure.unreadableTrace(argument + ": no such file or directory");
        }
        if (!Files.isDirectory(argument)) {
            throw BatchFailure.unreadableTrace(argument + " is a file, not a trace directory (give the directory that holds the trace's 'metadata' file)");
        }
        if (!Files.isReadable(argument)) {
            throw BatchFailure.unreadableTrace(argument + ": permission denied");
        }
        Path dir = argument.toAbsolutePath().normalize();
        if (Files.isRegularFile(dir.resolve("metadata"))) {
            return List.of(dir);
        }
        List<Path> traces;
        try (Stream<Path> walk = Files.walk(dir, MAX_DEPTH, FileVisitOption.FOLLOW_LINKS)) {
            traces = walk.filter(p -> p.getFileName().toString().equals("metadata") && Files.isRegularFile(p))
                    .map(Path::getParent).sorted().toList();
        } catch (UncheckedIOException | IOException e) {
            IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
            if (cause instanceof AccessDeniedException denied) {
                throw BatchFailure.unreadableTrace(denied.getFile() + ": permission denied");
            }
            throw BatchFailure.unreadableTrace(argument + ": cannot list the directory: " + BatchFailure.oneLine(String.valueOf(cause.getMessage())));
        }
        if (traces.isEmpty()) {
            throw BatchFailure.unreadableTrace(argument + " holds no trace: no 'metadata' file in it or in its subdirectories");
        }
        return traces;
    }
}

package org.lttbench.testing;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/** The files of the tests: fresh work directories and copies of trace trees, in every test bundle alike. */
public final class TestFiles {

    /** What a copy does to each file it made, beyond copying it: its permissions, for one. */
    @FunctionalInterface
    public interface EachCopied {
        void copied(Path source, Path target) throws IOException;
    }

    /** {@code dir}, empty: what an earlier run left there is deleted first. */
    public static Path fresh(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        return Files.createDirectories(dir);
    }

    /** Copies {@code from} (a file or a directory tree) to {@code to}, each file then handed to {@code each}. */
    public static void copyTree(Path from, Path to, EachCopied each) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                    each.copied(p, target);
                }
            }
        }
    }

    /** A copy the tests may change (a trace truncated, a file rewritten): every file writable. */
    public static void writableCopy(Path from, Path to) throws IOException {
        copyTree(from, to, (source, target) -> target.toFile().setWritable(true));
    }

    /**
     * Where the tests cut kernel-scp-src's first stream file (channel0_0) to make a trace that is read in part, as a copy
     * made while LTTng wrote it would be: byte 1,000,000, inside its fourth packet (256 KiB each, from byte 786,432).
     */
    public static final long CUT_AT = 1_000_000;

    /** Cuts a copy's stream file at {@link #CUT_AT}: it then ends inside a packet. */
    public static void cutShort(Path streamFile) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(streamFile.toFile(), "rw")) {
            f.setLength(CUT_AT);
        }
    }

    private TestFiles() {
    }
}

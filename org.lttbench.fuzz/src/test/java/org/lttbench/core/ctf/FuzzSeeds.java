package org.lttbench.core.ctf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes the fuzzers' seed corpora from the shared traces into the build directory (the build runs it before the
 * fuzzing runs; nothing of the traces goes into the repository): every metadata file of the shared traces, CTF 1.8
 * and CTF 2, for {@link MetadataFuzzTest}; for {@link StreamFuzzTest}, the first 64 KiB of each stream file of the
 * {@link FuzzTraces#STREAM_TRACES}, after the byte that picks the trace. Also makes the (empty) corpus directories
 * the fuzzers write to.
 */
public final class FuzzSeeds {
    /** Most bytes of a stream file in a seed: its first packets, all the decoder needs. */
    static final int STREAM_SEED_BYTES = 1 << 16;

    private FuzzSeeds() {
    }

    /** @param args the shared traces, the shared CTF 2 traces, the seeds directory, the corpus directory */
    public static void main(String[] args) throws IOException {
        Path traces = Path.of(args[0]);
        Path tracesCtf2 = Path.of(args[1]);
        Path seeds = Path.of(args[2]);
        Path corpus = Path.of(args[3]);
        for (String fuzzer : List.of("metadata", "stream", "ranges")) {
            Files.createDirectories(corpus.resolve(fuzzer));
        }
        if (!Files.isDirectory(traces)) {
            System.out.println("fuzz seeds: no shared traces at " + traces + ": the fuzzers start from nothing");
            return;
        }
        Path metadata = clean(seeds.resolve("metadata"));
        int n = 0;
        for (Path root : List.of(traces, tracesCtf2)) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path m : walk.filter(p -> p.getFileName().toString().equals("metadata") && Files.isRegularFile(p))
                        .sorted().toList()) {
                    String name = root.relativize(m.getParent()).toString().replace('/', '_');
                    Files.copy(m, metadata.resolve((root == tracesCtf2 ? "ctf2_" : "") + name));
                    n++;
                }
            }
        }
        Path stream = clean(seeds.resolve("stream"));
        int s = 0;
        for (int i = 0; i < FuzzTraces.STREAM_TRACES.size(); i++) {
            Path dir = streamTrace(traces, tracesCtf2, i);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            for (Path file : FuzzTraces.streamFiles(dir)) {
                byte[] head;
                try (InputStream in = Files.newInputStream(file)) {
                    head = in.readNBytes(STREAM_SEED_BYTES);
                }
                byte[] seed = new byte[head.length + 1];
                seed[0] = (byte) i;
                System.arraycopy(head, 0, seed, 1, head.length);
                Files.write(stream.resolve(i + "_" + dir.getFileName() + "_" + file.getFileName()), seed);
                s++;
            }
        }
        System.out.println("fuzz seeds: " + n + " metadata files and " + s + " stream heads in " + seeds);
    }

    private static Path streamTrace(Path traces, Path tracesCtf2, int index) {
        String name = FuzzTraces.STREAM_TRACES.get(index);
        return name.startsWith("ctf2:") ? tracesCtf2.resolve(name.substring(5)) : traces.resolve(name);
    }

    private static Path clean(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(dir);
    }
}

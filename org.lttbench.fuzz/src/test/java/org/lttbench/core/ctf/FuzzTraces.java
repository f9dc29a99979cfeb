package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The shared traces the fuzzers start from. {@link #STREAM_TRACES}: the traces whose metadata {@link StreamFuzzTest}
 * reads its fuzzed stream bytes with, picked by an input's first byte. The findings kept name a trace by its index:
 * add to the end only.
 */
final class FuzzTraces {
    /** {@code "ctf2:"} names a trace of the CTF 2 traces' directory. */
    static final List<String> STREAM_TRACES = List.of(
            "ust-hello-lost", // UST: sequences, strings, discarded events
            "ust-memory-libc", // UST: pointers, integers
            "kernel-bigendian", // kernel, big-endian
            "ust-ros2", // UST: many event classes, strings
            "kernel-uneven-streams-partial", // kernel: syscalls, enumerations, variants (event header)
            "ust-sequence-empty-aarch64", // UST: empty sequences
            "ust-lttng-crash", // UST: packets lttng-crash recovered
            "ctf2:vl-ints", // CTF 2: variable-length integers
            "ctf2:meta-variant-no-underscore", // CTF 2: variants
            "ctf2:trace-with-index", // CTF 2 as LTTng 2.15 writes it
            "ctf2:barectf-event-before-packet"); // CTF 2 from barectf

    private FuzzTraces() {
    }

    static Path traces() {
        return Path.of(required("lttbench.traces"));
    }

    static Path tracesCtf2() {
        return Path.of(required("lttbench.traces.ctf2"));
    }

    /** The directory of the stream trace of that index. */
    static Path streamTrace(int index) {
        String name = STREAM_TRACES.get(index);
        return name.startsWith("ctf2:") ? tracesCtf2().resolve(name.substring(5)) : traces().resolve(name);
    }

    /** The data stream files of a trace directory (not its metadata, index or hidden files), sorted. */
    static List<Path> streamFiles(Path dir) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("metadata"))
                    .filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    /** A scratch directory of the fuzz module's build. */
    static Path work(String name) throws IOException {
        return Files.createDirectories(Path.of(required("lttbench.work"), name));
    }

    static String required(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set: run through Maven");
        }
        return value;
    }
}

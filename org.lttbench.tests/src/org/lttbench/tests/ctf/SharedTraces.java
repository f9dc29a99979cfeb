package org.lttbench.tests.ctf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.lttbench.tests.TestPaths;

/** The real traces of {@code ../shared/traces}: one test case per top-level directory. */
final class SharedTraces {
    /** A parameterized test's {@code @MethodSource}: a case per shared trace. */
    static final String EACH = "org.lttbench.tests.ctf.SharedTraces#all";

    private SharedTraces() {
    }

    static List<Path> all() throws IOException {
        try (Stream<Path> list = Files.list(TestPaths.traces())) {
            return list.filter(Files::isDirectory).sorted().toList();
        }
    }
}

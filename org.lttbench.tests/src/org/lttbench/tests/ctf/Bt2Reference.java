package org.lttbench.tests.ctf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.lttbench.tests.ReferenceOutput;

/**
 * babeltrace2's records for some trace directories, through {@code python3-bt2} and our reference script
 * ({@code org.lttbench.tests/scripts/bt2_dump.py}): the jsonl of {@code lttbench dump --format jsonl}, stream
 * after stream.
 */
final class Bt2Reference {
    private Bt2Reference() {
    }

    /** Hands each line of babeltrace2's records for {@code dirs} to {@code consumer}. */
    static void records(List<Path> dirs, ReferenceOutput.LineConsumer consumer) throws IOException, InterruptedException {
        ReferenceOutput.lines("bt2_dump.py", dirs, consumer);
    }
}

package org.lttbench.core.batch;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import org.lttbench.core.run.ExitCode;

/**
 * The training run the build makes {@code ./lttbench}'s class archive from ({@code releng/scripts/make-class-archive}):
 * the commands users run most, over the two example traces of the repository, in one JVM, their output thrown away.
 * The classes they load and link (and, on JDK 25 and newer, the profiles of their hot methods) go into the archive,
 * so every later run starts from them instead of loading, verifying and linking them again. Nothing else uses it.
 */
public final class AotTraining {
    /** Passes over the examples after the commands: the reader's profiles are then those of a long read. */
    private static final int READ_PASSES = 30;

    private AotTraining() {
    }

    /** @param args the repository's {@code examples} directory */
    public static void main(String[] args) {
        Path examples = Path.of(args.length > 0 ? args[0] : "examples");
        String kernel = examples.resolve("kernel-demo").toString();
        String ust = examples.resolve("ust-calibrate").toString();
        List<String[]> commands = List.of(
                new String[] { "--version" },
                new String[] { "--mi-version" },
                new String[] { "--help" },
                new String[] { "dump", "--count", kernel, ust },
                new String[] { "dump", kernel },
                new String[] { "dump", "--format", "jsonl", ust },
                new String[] { "analyze", kernel, ust },
                new String[] { "analyze", "--format", "json", kernel },
                new String[] { "analyze", "--format", "csv", "--by", "process", ust },
                new String[] { "lami", "process", "--mi-version" },
                new String[] { "lami", "process", "--metadata" },
                new String[] { "lami", "process", "--output-progress", kernel },
                new String[] { "lami", "overhead", ust },
                new String[] { "lami", "discarded", kernel },
                new String[] { "diff", kernel, kernel },
                new String[] { "diff", "--format", "json", kernel, kernel });
        PrintWriter none = Main.writer(OutputStream.nullOutputStream());
        int failed = 0;
        for (String[] command : commands) {
            int code = Main.run(none, none, command);
            if (code != ExitCode.OK) {
                failed++;
                System.err.println("training: lttbench " + String.join(" ", command) + " exited with " + code);
            }
        }
        for (int i = 0; i < READ_PASSES; i++) {
            Main.run(none, none, "dump", "--count", ust, kernel);
        }
        System.exit(failed == 0 ? 0 : 1);
    }
}

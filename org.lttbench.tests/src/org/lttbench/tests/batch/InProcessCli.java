package org.lttbench.tests.batch;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.lttbench.core.batch.Main;
import org.lttbench.tests.batch.LauncherTest.Result;

/** Runs the command line in this JVM ({@link Main#run}), capturing stdout and stderr. */
final class InProcessCli {
    private InProcessCli() {
    }

    static synchronized Result run(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = Main.run(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}

package org.lttbench.tests.batch;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.lttbench.core.batch.Main;
import org.lttbench.tests.batch.LauncherTest.Result;

/** Runs the command line in this JVM ({@link Main#run}), capturing what it writes to stdout and stderr. */
public final class InProcessCli {
    private InProcessCli() {
    }

    public static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }
}

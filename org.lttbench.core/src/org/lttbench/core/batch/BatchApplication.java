package org.lttbench.core.batch;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;

/**
 * The batch run as an Eclipse application ({@code org.lttbench.core.batch}), so an Equinox or Trace Compass install
 * runs {@code -application org.lttbench.core.batch -nosplash analyze TRACE...} with the same arguments, output and
 * exit codes as {@code ./lttbench}.
 */
public final class BatchApplication implements IApplication {

    @Override
    public Object start(IApplicationContext context) {
        Object args = context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        context.applicationRunning();
        return Integer.valueOf(Main.run(Main.writer(System.out), Main.writer(System.err),
                args instanceof String[] a ? a : new String[0]));
    }

    @Override
    public void stop() {
        // A batch run ends on its own; nothing to interrupt.
    }
}

package org.lttbench.ui.viewer;

import org.lttbench.core.batch.SubcommandProvider;

/** Puts {@code view} on the {@code lttbench} command line (listed in META-INF/services). */
public final class ViewCommandProvider implements SubcommandProvider {
    @Override
    public String name() {
        return "view";
    }

    @Override
    public Object command() {
        return new ViewCommand();
    }
}

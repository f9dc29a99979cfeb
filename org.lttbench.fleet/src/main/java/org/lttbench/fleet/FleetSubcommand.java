package org.lttbench.fleet;

import org.lttbench.core.batch.SubcommandProvider;

/** Adds {@code fleet} to the command line when this jar (and Spark) are on the class path: {@code ./lttbench fleet}. */
public final class FleetSubcommand implements SubcommandProvider {

    @Override
    public String name() {
        return "fleet";
    }

    @Override
    public Object command() {
        return new FleetCommand();
    }
}

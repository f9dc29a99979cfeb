package org.lttbench.fleet;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.batch.Main;

/**
 * The entry point for {@code spark-submit --class org.lttbench.fleet.FleetMain org.lttbench.fleet-*-spark.jar ROOT
 * --out DIR}: the same job as {@code lttbench fleet ROOT --out DIR}, on the master spark-submit gives.
 */
public final class FleetMain {
    private FleetMain() {
    }

    public static void main(String[] args) {
        List<String> command = new ArrayList<>(List.of("fleet"));
        command.addAll(List.of(args));
        Main.main(command.toArray(String[]::new));
    }
}

package org.lttbench.fleet;

import java.net.URISyntaxException;
import java.net.URL;
import java.util.Map;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.spark.sql.SparkSession;
import org.lttbench.core.run.RunFailure;

/**
 * The Spark session a fleet job runs on: the one already running in this JVM if any (a test's, an application's),
 * else a new one, which the lease stops when closed. Under spark-submit the master and settings are spark-submit's;
 * run by {@code ./lttbench fleet}, Spark is embedded: local mode on every core unless {@code --master} says otherwise,
 * its log quiet.
 */
final class SparkLease implements AutoCloseable {
    private final SparkSession spark;
    private final boolean owned;

    private SparkLease(SparkSession spark, boolean owned) {
        this.spark = spark;
        this.owned = owned;
    }

    /**
     * @param master   a Spark master URL, or null for spark-submit's (else {@code local[*]})
     * @param settings Spark settings given on the command line
     * @param ui       whether Spark's web UI runs
     * @param jar      this job's jar for a cluster's executors (the launcher names it), or null
     */
    static SparkLease open(String master, Map<String, String> settings, boolean ui, String jar) {
        var running = SparkSession.getActiveSession();
        if (running.isEmpty()) {
            running = SparkSession.getDefaultSession();
        }
        if (running.isDefined()) {
            return new SparkLease(running.get(), false);
        }
        boolean submitted = System.getProperty("spark.master") != null; // spark-submit passes its settings so
        String chosen = master != null ? master : submitted ? null : "local[*]";
        if (!submitted) {
            quietLogging();
        }
        SparkSession.Builder builder = SparkSession.builder().appName("LTTbench fleet")
                .config("spark.ui.enabled", ui)
                .config("spark.ui.showConsoleProgress", false); // our own progress line says traces and bytes
        if (chosen != null) {
            builder.master(chosen);
        }
        if (!submitted && chosen.startsWith("local")) {
            // one machine: no need for the host name to resolve (containers, laptops off the network)
            builder.config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1");
        } else if (!submitted && jar != null) {
            builder.config("spark.jars", jar); // a cluster's executors need LTTbench's classes
        }
        settings.forEach(builder::config);
        return new SparkLease(builder.getOrCreate(), true);
    }

    SparkSession spark() {
        return spark;
    }

    /** The web UI's address, or null without one. */
    String uiUrl() {
        var url = spark.sparkContext().uiWebUrl();
        return url.isDefined() ? url.get() : null;
    }

    @Override
    public void close() {
        if (owned) {
            spark.stop();
        }
    }

    /** Errors only, one line each, unless LTTBENCH_DEBUG asks for Spark's own log. */
    private static void quietLogging() {
        if (RunFailure.debugging()) {
            return;
        }
        URL config = SparkLease.class.getResource("log4j2-fleet.properties");
        try {
            ((LoggerContext) LogManager.getContext(false)).setConfigLocation(config.toURI());
        } catch (URISyntaxException | ClassCastException e) {
            // another logging back end: Spark's log stays as it is
        }
    }
}

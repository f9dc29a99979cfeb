package org.lttbench.fleet;

import org.apache.spark.sql.SparkSession;

/** One local Spark (two cores) for every test of the module: starting one costs seconds. Stopped at JVM exit. */
public final class LocalSpark {
    private static SparkSession spark;

    private LocalSpark() {
    }

    public static synchronized SparkSession session() {
        if (spark == null) {
            spark = SparkSession.builder().master("local[2]").appName("LTTbench fleet tests")
                    .config("spark.ui.enabled", false)
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.sql.shuffle.partitions", 2)
                    .getOrCreate();
        }
        return spark;
    }
}

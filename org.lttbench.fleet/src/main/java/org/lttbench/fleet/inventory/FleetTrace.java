package org.lttbench.fleet.inventory;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;

/**
 * One unit of a fleet job, read in one pass by one Spark task: the traces of one host's session (kernel and user
 * space together, as {@code lttbench analyze SESSION_DIR} reads them), or the plain traces of one host under one
 * directory of the root.
 *
 * @param host        the machine: the relayd path's host directory, else the metadata's {@code hostname}, else the
 *                    directory
 * @param hostOrigin  where {@code host} comes from: {@link #RELAYD_PATH}, {@link #METADATA} or {@link #DIRECTORY}
 * @param session     the relayd session directory ({@code NAME-YYYYMMDD-HHMMSS}), or for plain traces their directory
 *                    under the root ({@code .} when the root is itself a trace)
 * @param directories the trace directories (those holding {@code metadata}), absolute, as found under the root
 * @param bytes       bytes of the stream files (the metadata and index files left out): the job's measure of progress
 */
public record FleetTrace(String host, String hostOrigin, String session, List<String> directories, long bytes)
        implements Serializable {

    public static final String RELAYD_PATH = "relayd path";
    public static final String METADATA = "metadata";
    public static final String DIRECTORY = "directory";

    public FleetTrace {
        directories = List.copyOf(directories);
    }

    public List<Path> paths() {
        return directories.stream().map(Path::of).toList();
    }
}

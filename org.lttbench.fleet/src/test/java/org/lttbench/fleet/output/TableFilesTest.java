package org.lttbench.fleet.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The output directory is the one the user named, whatever characters its path has. */
class TableFilesTest {

    @Test
    void aDirectoryWithASpaceIsThatDirectoryGivenAsAUriOrAsAPath() {
        Path dir = Path.of("/tmp/fleet out/with space");
        // as the command line gives it (Path.toUri: the space escaped), and as a user may give it to spark-submit
        assertEquals(dir.toString(), TableFiles.root(dir.toUri().toString()).toUri().getPath().replaceAll("/$", ""));
        assertEquals(dir.toString(), TableFiles.root(dir.toString()).toUri().getPath());
        assertEquals("hdfs://namenode:8020/fleet/out", TableFiles.root("hdfs://namenode:8020/fleet/out").toString());
    }
}

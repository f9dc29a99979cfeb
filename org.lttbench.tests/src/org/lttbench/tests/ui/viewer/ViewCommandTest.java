package org.lttbench.tests.ui.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest;

/** {@code ./lttbench view} from the built jars: found by the core's command line, one clear line when it cannot run. */
class ViewCommandTest {

    private static Path launcher() {
        return TestPaths.repository().resolve("lttbench");
    }

    @Test
    void theCoreCommandLineListsView() throws Exception {
        LauncherTest.Result help = LauncherTest.run(launcher(), Map.of(), "--help");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().lines().anyMatch(l -> l.strip().startsWith("view ")), help.out());
        LauncherTest.Result viewHelp = LauncherTest.run(launcher(), Map.of(), "view", "--help");
        assertEquals(0, viewHelp.code(), viewHelp.err());
        assertTrue(viewHelp.out().contains("Usage: lttbench view"), viewHelp.out());
    }

    @Test
    void withoutADisplayItSaysSoInOneLine() throws Exception {
        LauncherTest.Result r = LauncherTest.run(launcher(), Map.of("DISPLAY", "", "WAYLAND_DISPLAY", ""), "view",
                TestPaths.trace("ust-ros2").toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("no display"), r.err());
    }

    @Test
    void aWrongPathIsOneLineBeforeAnyWindow() throws Exception {
        Path missing = TestPaths.workDir("view-missing").resolve("no-such-trace");
        LauncherTest.Result r = LauncherTest.run(launcher(), Map.of(), "view", missing.toString());
        assertEquals(3, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(missing.toString()), r.err());
    }

    @Test
    void aWrongRunToCompareWithIsOneLineBeforeAnyWindow() throws Exception {
        Path missing = TestPaths.workDir("view-missing").resolve("no-such-run");
        LauncherTest.Result r = LauncherTest.run(launcher(), Map.of(), "view", "--against", missing.toString(),
                TestPaths.trace("kernel-scp-dest").toString());
        assertEquals(3, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(missing.toString()), r.err());
    }

    @Test
    void aMalformedTimeIsOneLineBeforeAnyWindow() throws Exception {
        LauncherTest.Result r = LauncherTest.run(launcher(), Map.of(), "view", "--begin", "25:00:00",
                TestPaths.trace("ust-ros2").toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--begin '25:00:00' is not a time"), r.err());
    }
}

package org.lttbench.tests.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.batch.LauncherTest.Result;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The Eclipse application {@code org.lttbench.core.batch} in a headless Equinox that the test launches the way a user
 * would ({@code java -jar org.eclipse.equinox.launcher.jar -application org.lttbench.core.batch -nosplash ...}), with
 * the bundles of this test runtime less the tests, the UI and SWT: same output and exit code as {@code ./lttbench}.
 */
// It only waits on programs it launches: it runs beside the other tests (its own cases one at a time, they share
// scratch directories), never beside the @Isolated ones that measure or record with LTTng.
@Execution(ExecutionMode.CONCURRENT)
class BatchApplicationTest {

    /** Bundles left out of the Equinox: the test harness, and the UI stack, to show the batch run is headless. */
    private static boolean leftOut(String symbolicName) {
        return symbolicName.startsWith("org.lttbench.tests") || symbolicName.startsWith("org.lttbench.ui")
                || symbolicName.startsWith("org.eclipse.tycho") || symbolicName.startsWith("junit") || symbolicName.startsWith("org.junit")
                || symbolicName.startsWith("org.opentest4j") || symbolicName.startsWith("org.apiguardian")
                || symbolicName.startsWith("org.eclipse.swt") || symbolicName.startsWith("org.eclipse.jface")
                || symbolicName.startsWith("com.github.weisj") || symbolicName.startsWith("org.apache.aries.spifly")
                || symbolicName.startsWith("org.objectweb.asm") || symbolicName.equals("org.eclipse.core.commands");
    }

    /**
     * The path of a {@code file:} URL as Equinox writes them: escaped, or (its install area, bundle locations) with
     * the path as it is, spaces included, which {@link URI} refuses.
     */
    static Path fileUrlPath(String url) {
        try {
            return Path.of(new URI(url));
        } catch (URISyntaxException | IllegalArgumentException e) {
            String path = url.replaceFirst("^file:", "");
            return Path.of(path.startsWith("//") ? path.substring(2) : path);
        }
    }

    /**
     * Runs the application in a fresh Equinox configuration. One at a time: every run remakes the same scratch
     * directory, and other test classes (Ctf2CommandsTest) run it beside this one.
     */
    static synchronized Result runApplication(String... args) throws IOException, InterruptedException {
        Bundle[] bundles = FrameworkUtil.getBundle(BatchApplicationTest.class).getBundleContext().getBundles();
        Path installArea = fileUrlPath(System.getProperty("osgi.install.area"));
        Map<Path, String> names = new HashMap<>();
        Path launcher = null;
        for (Bundle b : bundles) {
            String location = b.getLocation().replaceFirst("^initial@", "").replaceFirst("^reference:", "");
            if (!location.startsWith("file:")) {
                continue; // the system bundle
            }
            Path path = installArea.resolve(location.substring("file:".length())).normalize();
            names.put(path, b.getSymbolicName());
            if ("org.eclipse.equinox.launcher".equals(b.getSymbolicName())) {
                launcher = path;
            }
        }
        assertNotNull(launcher, "no org.eclipse.equinox.launcher bundle in the test runtime");
        // The test runtime's own osgi.bundles (absolute paths, with start levels), less what is left out.
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("osgi.bundles").split(",")) {
            Path path = Path.of(entry.replaceFirst("^reference:file:", "").replaceFirst("@.*$", "")).normalize();
            String name = names.get(path);
            assertNotNull(name, "osgi.bundles entry of no installed bundle: " + entry);
            if (!leftOut(name)) {
                entries.add(entry);
            }
        }
        Path area = TestPaths.workDir("equinox-application");
        Files.createDirectories(area.resolve("configuration"));
        Files.writeString(area.resolve("configuration/config.ini"),
                "osgi.bundles=" + String.join(",", entries) + "\nosgi.bundles.defaultStartLevel=4\n");

        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dosgi.framework=" + System.getProperty("osgi.framework"), "-jar", launcher.toString(),
                "-install", area.toString(), "-configuration", area.resolve("configuration").toString(), "-data", area.resolve("data").toString(),
                "-application", "org.lttbench.core.batch", "-nosplash"));
        command.addAll(List.of(args));
        Path out = area.resolve("stdout");
        Path err = area.resolve("stderr");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the Equinox application did not finish");
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    static Result runCli(String... args) throws IOException, InterruptedException {
        return LauncherTest.run(TestPaths.repository().resolve("lttbench"), Map.of(), args);
    }

    private static void assertSameAsCli(String... args) throws IOException, InterruptedException {
        Result cli = runCli(args);
        Result app = runApplication(args);
        assertEquals(cli, app, "Eclipse application and ./lttbench differ for " + List.of(args));
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void theApplicationAnalyzesARealTraceLikeTheCommandLine() throws Exception {
        String trace = TestPaths.trace("kernel-arm-bug446190").toString();
        Result app = runApplication("analyze", "--analysis", "process", "--format", "csv", trace);
        assertEquals(0, app.code(), app.err());
        assertTrue(app.out().startsWith("# threads\ntid,pid,name,"), app.out().lines().limit(2).toList().toString());
        assertTrue(app.out().lines().count() > 10, "a row per thread: " + app.out());
        assertEquals(runCli("analyze", "--analysis", "process", "--format", "csv", trace), app);
        assertSameAsCli("analyze", "--format", "json", trace);
        assertSameAsCli("lami", "process", "--output-progress", trace);
        assertSameAsCli("--version");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void errorsGiveTheSameLineAndExitCode() throws Exception {
        Result unknown = runApplication("lami", "no-such-analysis", "--metadata");
        assertEquals(2, unknown.code());
        assertEquals(1, unknown.err().lines().count(), unknown.err());
        assertSameAsCli("lami", "no-such-analysis", "--metadata");
        assertSameAsCli("analyze", "--analysis", "process", TestPaths.trace("ust-hello-lost").toString());
    }
}

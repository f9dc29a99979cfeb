package org.lttbench.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs the command line as a user for whom permissions hold. As a normal user that is oneself. As root (who reads
 * everything) it is {@code nobody}, who may not enter the clone (a home directory is mode 0700, and so may be any of
 * its parents): so the launcher, its jars and the files of the test are set up for it in a directory anyone may enter,
 * and taken away after.
 */
public final class OtherUser implements AutoCloseable {
    private static final String NOBODY = "65534";

    private final Path root;
    private final Path launcher;

    private OtherUser(Path root, Path launcher) {
        this.root = root;
        this.launcher = launcher;
    }

    public static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /**
     * Why the test cannot run as another user here (printed by the test that skips), or null when it can: as root it
     * needs {@code setpriv}, a directory {@code nobody} may enter, and a JDK {@code nobody} may run.
     */
    public static String whyNot() throws IOException, InterruptedException {
        if (!isRoot()) {
            return null;
        }
        if (!Files.isExecutable(Path.of("/usr/bin/setpriv"))) {
            return "running as root, and /usr/bin/setpriv (util-linux) is missing to run as another user";
        }
        if (base() == null) {
            return "running as root, and no directory that user nobody may enter was found (/tmp, /var/tmp, /dev/shm)";
        }
        String java = System.getProperty("java.home") + "/bin/java";
        if (run(List.of("test", "-x", java)) != 0) {
            return "running as root, and user nobody may not run this JDK (" + java + ")";
        }
        return null;
    }

    /** A directory whose parents anyone may enter, to hold what nobody must reach. */
    private static Path base() {
        for (String dir : List.of(System.getProperty("java.io.tmpdir"), "/tmp", "/var/tmp", "/dev/shm")) {
            Path p = Path.of(dir).toAbsolutePath();
            boolean open = Files.isDirectory(p) && Files.isWritable(p);
            for (Path q = p; open && q != null; q = q.getParent()) {
                try {
                    open = Files.getPosixFilePermissions(q).contains(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE);
                } catch (IOException e) {
                    open = false;
                }
            }
            if (open) {
                return p;
            }
        }
        return null;
    }

    private static int run(List<String> command) throws IOException, InterruptedException {
        List<String> c = new ArrayList<>(List.of("/usr/bin/setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"));
        c.addAll(command);
        Process p = new ProcessBuilder(c).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(1, TimeUnit.MINUTES) ? p.exitValue() : -1;
    }

    /**
     * Sets up the command line for the other user: as root, a copy of the launcher and the jars it runs, in a fresh
     * directory anyone may enter; otherwise the repository's own launcher. Call {@link #whyNot} first.
     */
    public static OtherUser prepare() throws IOException {
        Path repo = TestPaths.repository();
        if (!isRoot()) {
            return new OtherUser(null, repo.resolve("lttbench"));
        }
        Path root = Files.createTempDirectory(base(), "lttbench-other-user-");
        Path copy = root.resolve("lttbench-repo");
        for (String f : TestPaths.LAUNCHER_FILES) {
            copyTree(repo.resolve(f), copy.resolve(f));
        }
        try (Stream<Path> list = Files.list(repo.resolve("org.lttbench.ui/target"))) {
            for (Path jar : list.filter(p -> p.getFileName().toString().matches("org\\.lttbench\\.ui-.*\\.jar")).toList()) {
                copyTree(jar, copy.resolve("org.lttbench.ui/target").resolve(jar.getFileName().toString()));
            }
        }
        copyTree(repo.resolve("org.lttbench.ui/target/lib"), copy.resolve("org.lttbench.ui/target/lib"));
        openDirectories(root);
        return new OtherUser(root, copy.resolve("lttbench"));
    }

    /** A fresh directory the other user may enter and read, for the files of the test. */
    public Path workDir(String name) throws IOException {
        if (root == null) {
            return TestPaths.workDir(name);
        }
        Path dir = root.resolve("work").resolve(name);
        Files.createDirectories(dir);
        openDirectories(root.resolve("work"));
        return dir;
    }

    /**
     * Copies {@code from} (a file or a directory tree) to {@code to}, every file 0644 (0755 when executable) whatever
     * the umask: readable by the other user once its directories are opened ({@link #openDirectories}).
     */
    public static void copyTree(Path from, Path to) throws IOException {
        org.lttbench.testing.TestFiles.copyTree(from, to, (source, target) -> Files.setPosixFilePermissions(target,
                PosixFilePermissions.fromString(Files.isExecutable(source) ? "rwxr-xr-x" : "rw-r--r--")));
    }

    /** Makes every directory at or below {@code dir} 0755: the other user may enter and list them. */
    public static void openDirectories(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path d : walk.filter(Files::isDirectory).toList()) {
                open(d);
            }
        }
    }

    private static void open(Path dir) throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The launcher, as the other user, with these arguments: its exit code and stderr. */
    public Result launch(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (root != null) {
            command.addAll(List.of("/usr/bin/setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"));
        }
        command.add(launcher.toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        if (root != null) {
            pb.directory(root.toFile()); // a working directory nobody may enter
            pb.environment().put("HOME", root.toString());
        }
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("the launcher did not end within 2 minutes");
        }
        return new Result(p.exitValue(), err);
    }

    public record Result(int exitCode, String stderr) {
    }

    @Override
    public void close() throws IOException {
        if (root != null) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}

package org.lttbench.core.batch;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The top-level {@code lttbench} command; each job is a subcommand. */
@Command(name = "lttbench", mixinStandardHelpOptions = true, versionProvider = LttbenchCommand.Version.class,
        description = "Answers three questions from LTTng traces: where each process's time went, "
                + "what the tracing cost, and what the trace lost.")
public final class LttbenchCommand implements Runnable {

    /**
     * The core's subcommands, made when they are added: picocli reads a command's annotations (by reflection) as it
     * is added, and a run needs only the one it runs.
     */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = new LinkedHashMap<>();
    static {
        SUBCOMMANDS.put("dump", DumpCommand::new);
        SUBCOMMANDS.put("analyze", AnalyzeCommand::new);
        SUBCOMMANDS.put("diff", DiffCommand::new);
        SUBCOMMANDS.put("calibrate", CalibrateCommand::new);
        SUBCOMMANDS.put("lami", LamiCommand::new);
        SUBCOMMANDS.put("live", LiveCommand::new);
        SUBCOMMANDS.put("top", TopCommand::new);
        SUBCOMMANDS.put("help", HelpCommand::new);
    }

    /**
     * The command line for these arguments: when they start with a core subcommand's name, with only that subcommand;
     * otherwise (help, a misspelt or installed subcommand such as {@code view}) with every one, the installed ones
     * ({@link SubcommandProvider}) too, so that help lists them all and errors can suggest them.
     */
    public static CommandLine commandLine(String... args) {
        CommandLine line = new CommandLine(new LttbenchCommand());
        // help names the others: it needs them all
        Supplier<Object> one = args.length > 0 && !args[0].equals("help") ? SUBCOMMANDS.get(args[0]) : null;
        if (one != null) {
            return line.addSubcommand(args[0], one.get());
        }
        SUBCOMMANDS.forEach((name, make) -> line.addSubcommand(name, make.get()));
        return SubcommandProvider.addInstalled(line);
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Trace Compass asks the program of an External Analysis, without its arguments, for its LAMI version. */
    @CommandLine.Option(names = "--mi-version", hidden = true)
    boolean miVersion;

    @Override
    public void run() {
        if (miVersion) {
            spec.commandLine().getOut().println(org.lttbench.core.report.LamiReportWriter.MI_VERSION);
            spec.commandLine().getOut().flush();
            return;
        }
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Version of the core bundle, read from its manifest so it is never stale. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            return new String[] { "lttbench " + bundleVersion() };
        }
    }

    static String bundleVersion() throws IOException {
        String own = ownVersion();
        if (own != null) {
            return own;
        }
        Enumeration<URL> manifests = LttbenchCommand.class.getClassLoader().getResources("META-INF/MANIFEST.MF");
        while (manifests.hasMoreElements()) {
            try (InputStream in = manifests.nextElement().openStream()) {
                var attributes = new Manifest(in).getMainAttributes();
                if ("org.lttbench.core".equals(symbolicName(attributes.getValue("Bundle-SymbolicName")))) {
                    return attributes.getValue("Bundle-Version");
                }
            }
        }
        return "(unknown version)";
    }

    /**
     * The version in the manifest of the jar (or directory) this class comes from, or null where that is not a file
     * (a bundle inside OSGi): read without looking at every jar of the class path, several of which are signed and
     * would be verified just to be read (a tenth of a second).
     */
    private static String ownVersion() {
        try {
            CodeSource source = LttbenchCommand.class.getProtectionDomain().getCodeSource();
            URL location = source == null ? null : source.getLocation();
            if (location == null || !"file".equals(location.getProtocol())) {
                return null;
            }
            Path path = Path.of(location.toURI());
            Manifest manifest;
            if (Files.isDirectory(path)) {
                Path file = path.resolve("META-INF/MANIFEST.MF");
                if (!Files.isRegularFile(file)) {
                    return null;
                }
                try (InputStream in = Files.newInputStream(file)) {
                    manifest = new Manifest(in);
                }
            } else {
                try (JarFile jar = new JarFile(path.toFile(), false)) {
                    manifest = jar.getManifest();
                }
            }
            if (manifest == null) {
                return null;
            }
            var attributes = manifest.getMainAttributes();
            String version = attributes.getValue("Bundle-Version");
            // a source tree's manifest says ".qualifier": the built bundle's version is elsewhere
            return "org.lttbench.core".equals(symbolicName(attributes.getValue("Bundle-SymbolicName"))) && version != null
                    && !version.endsWith("qualifier") ? version : null;
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private static String symbolicName(String header) {
        return header == null ? null : header.split(";", 2)[0].trim();
    }
}

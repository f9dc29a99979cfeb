package org.lttbench.core.batch;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.jar.Manifest;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The top-level {@code lttbench} command; each job is a subcommand. */
@Command(name = "lttbench", mixinStandardHelpOptions = true, versionProvider = LttbenchCommand.Version.class,
        subcommands = { DumpCommand.class, AnalyzeCommand.class, CalibrateCommand.class },
        description = "Answers three questions from LTTng traces: where each process's time went, "
                + "what the tracing cost, and what the trace lost.")
public final class LttbenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
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

    private static String symbolicName(String header) {
        return header == null ? null : header.split(";", 2)[0].trim();
    }
}

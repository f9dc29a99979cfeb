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
        subcommands = { DumpCommand.class, AnalyzeCommand.class, CalibrateCommand.class, LamiCommand.class },
        description = "Answers three questions from LTTng traces: where each process's time went, "
                + "what the tracing cost, and what the trace lost.")
public final class LttbenchCommand implements Runnable {

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

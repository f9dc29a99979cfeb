package org.lttbench.traceserver.tests;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.tracecompass.incubator.internal.trace.server.jersey.rest.core.webapp.TraceServerConfiguration;
import org.eclipse.tracecompass.incubator.internal.trace.server.jersey.rest.core.webapp.WebApplication;
import org.eclipse.tracecompass.tmf.core.TmfCommonConstants;

/**
 * The Trace Compass trace server, started in this OSGi framework as its own tests start it (a {@link WebApplication}
 * with a configuration), on a free port of the loopback address only. One server for every test class: opening
 * kernel-many-threads and running LTTbench's pass is the expensive part, and the server keeps its experiments.
 */
public final class TraceServer {
    private static final String HOST = "127.0.0.1";
    private static TraceServer shared;

    private final WebApplication application;
    private final URI base;

    private TraceServer(int port) throws Exception {
        // a server as a user first starts it: no project, so no results kept by an earlier run of these tests (kept
        // results would answer at once, and keep whatever an earlier run's answers were)
        IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(TmfCommonConstants.DEFAULT_TRACE_PROJECT_NAME);
        if (project.exists()) {
            project.delete(true, true, null);
        }
        application = new WebApplication(new TraceServerConfiguration(HOST, port, false, null, null));
        application.start();
        base = URI.create("http://" + HOST + ":" + port + "/tsp/api/");
        Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "trace server stop"));
    }

    /** The running server, started on first use. */
    public static synchronized TraceServer shared() throws Exception {
        if (shared == null) {
            shared = new TraceServer(freePort());
        }
        return shared;
    }

    /** Where the TSP endpoints are: {@code http://127.0.0.1:PORT/tsp/api/}. */
    public URI base() {
        return base;
    }

    private void stop() {
        application.dispose();
        application.stop();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return s.getLocalPort();
        }
    }
}

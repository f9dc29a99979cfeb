package org.lttbench.tests.live;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code lttng-relayd} of the test's own, on free local ports, writing what it receives under {@code output}:
 * started by the test, stopped (and waited for) on {@link #close()}.
 */
final class RelayDaemon implements AutoCloseable {
    final int controlPort;
    final int dataPort;
    final int livePort;
    final Path output;
    private final Process process;

    private RelayDaemon(Path output, int[] ports) throws IOException {
        this.output = output;
        this.controlPort = ports[0];
        this.dataPort = ports[1];
        this.livePort = ports[2];
        process = new ProcessBuilder("lttng-relayd", "-o", output.toString(), "-C", "tcp://127.0.0.1:" + controlPort,
                "-D", "tcp://127.0.0.1:" + dataPort, "-L", "tcp://127.0.0.1:" + livePort)
                .redirectErrorStream(true).redirectOutput(output.resolveSibling(output.getFileName() + ".log").toFile()).start();
    }

    static RelayDaemon start(Path output) throws IOException, InterruptedException {
        RelayDaemon d = new RelayDaemon(output, freePorts(3));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", d.livePort), 500);
                return d;
            } catch (IOException e) {
                if (!d.process.isAlive() || System.nanoTime() > deadline) {
                    d.close();
                    throw new IOException("lttng-relayd did not start (see " + output.resolveSibling(output.getFileName() + ".log") + ")", e);
                }
                Thread.sleep(50);
            }
        }
    }

    private static int[] freePorts(int n) throws IOException {
        ServerSocket[] sockets = new ServerSocket[n];
        int[] ports = new int[n];
        try {
            for (int i = 0; i < n; i++) {
                sockets[i] = new ServerSocket(0);
                ports[i] = sockets[i].getLocalPort();
            }
        } finally {
            for (ServerSocket s : sockets) {
                if (s != null) {
                    s.close();
                }
            }
        }
        return ports;
    }

    /** {@code net://127.0.0.1:LIVE} */
    String liveUrl() {
        return "net://127.0.0.1:" + livePort;
    }

    /** The URL {@code lttng create --set-url} takes to stream a session here. */
    String sessionUrl() {
        return "net://127.0.0.1:" + controlPort + ":" + dataPort;
    }

    long pid() {
        return process.pid();
    }

    /** Sends a signal to the daemon ({@code STOP}, {@code CONT}, {@code KILL}). */
    void signal(String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
    }

    boolean alive() {
        return process.isAlive();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}

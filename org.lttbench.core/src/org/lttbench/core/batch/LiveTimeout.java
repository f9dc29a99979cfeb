package org.lttbench.core.batch;

import java.io.IOException;
import java.util.List;

import org.lttbench.core.live.LiveSession;
import org.lttbench.core.live.RelayUrl;
import org.lttbench.core.run.RunFailure;

import picocli.CommandLine.Option;

/** The {@code --timeout} option of the commands that talk to a relay daemon, and what they ask of it with it. */
public final class LiveTimeout {
    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "10",
            description = "A live session: how long the relay daemon may take to answer before the session counts as "
                    + "stalled (default: ${DEFAULT-VALUE})")
    int seconds;

    /**
     * The live session an address names, attached (its streams come with {@link LiveSession#awaitTraces()}); a usage
     * error when the address names no session.
     */
    public LiveSession attach(String address) throws IOException, RunFailure {
        return attach(address, seconds);
    }

    /** The same, with that timeout. */
    public static LiveSession attach(String address, int seconds) throws IOException, RunFailure {
        RelayUrl url = url(address);
        if (!url.namesSession()) {
            throw RunFailure.usage(url + " names no session: give net://RELAYD[:PORT]/host/HOST/SESSION (lttbench live "
                    + "--list " + url + " lists them)");
        }
        return LiveSession.attach(url, millis(seconds));
    }

    /** The sessions a relay daemon lists. */
    List<LiveSession.Listed> list(RelayUrl url) throws IOException, RunFailure {
        return LiveSession.list(url, millis(seconds));
    }

    /** The address, or a usage error saying the forms taken. */
    static RelayUrl url(String address) throws RunFailure {
        try {
            return RelayUrl.parse(address);
        } catch (IllegalArgumentException e) {
            throw RunFailure.usage(e.getMessage());
        }
    }

    private static int millis(int seconds) throws RunFailure {
        if (seconds < 1 || seconds > 3600) {
            throw RunFailure.usage("--timeout " + seconds + ": give 1 to 3600 seconds");
        }
        return seconds * 1000;
    }
}

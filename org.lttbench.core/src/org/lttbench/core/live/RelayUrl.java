package org.lttbench.core.live;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A relay daemon's live address as babeltrace2 writes it: {@code net://RELAYD[:PORT]} (the daemon, to list its
 * sessions) or {@code net://RELAYD[:PORT]/host/HOST/SESSION} (a session of a traced host). The port defaults to
 * LTTng's live port, 5344; {@code net4://} and {@code net6://} are taken too.
 */
public record RelayUrl(String relay, int port, String host, String session) {
    /** lttng-relayd's default live port. */
    public static final int DEFAULT_PORT = 5344;
    private static final Pattern FORM = Pattern.compile(
            "net[46]?://(\\[[^\\]]+\\]|[^/:\\[\\]]+)(?::(\\d{1,5}))?(?:/host/([^/]+)/([^/]+))?/?");

    /** Whether the argument is meant as a relay daemon's address rather than a path. */
    public static boolean isUrl(String argument) {
        return argument.startsWith("net://") || argument.startsWith("net4://") || argument.startsWith("net6://");
    }

    /** Parses the address; the message of the exception says what form is expected. */
    public static RelayUrl parse(String url) {
        Matcher m = FORM.matcher(url);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + url + "' is not a relay daemon's live address: expected "
                    + "net://RELAYD[:PORT] or net://RELAYD[:PORT]/host/HOST/SESSION");
        }
        int port = m.group(2) == null ? DEFAULT_PORT : Integer.parseInt(m.group(2));
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("'" + url + "': port " + port + " is not between 1 and 65535");
        }
        String relay = m.group(1).startsWith("[") ? m.group(1).substring(1, m.group(1).length() - 1) : m.group(1);
        return new RelayUrl(relay, port, m.group(3), m.group(4));
    }

    /** Whether it names a session (else only the relay daemon). */
    public boolean namesSession() {
        return session != null;
    }

    /** {@code RELAYD:PORT}, for messages. */
    public String relayAddress() {
        return (relay.contains(":") ? "[" + relay + "]" : relay) + ":" + port;
    }

    @Override
    public String toString() {
        return "net://" + relayAddress() + (session == null ? "" : "/host/" + host + "/" + session);
    }
}

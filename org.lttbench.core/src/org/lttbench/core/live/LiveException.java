package org.lttbench.core.live;

import java.io.IOException;

/** Why following a live session failed, in one sentence, and what kind of failure it is. */
public final class LiveException extends IOException {
    private static final long serialVersionUID = 1L;

    /** The relay daemon cannot be reached, or does not speak the live protocol. */
    public static final int UNREACHABLE = 1;
    /** The relay daemon has no such session, or it cannot be followed. */
    public static final int NO_SESSION = 2;
    /** The relay daemon went away (closed the connection) or failed during the session. */
    public static final int LOST = 3;
    /** The relay daemon did not answer within the timeout. */
    public static final int STALLED = 4;

    private final int kind;

    public LiveException(int kind, String message) {
        super(message);
        this.kind = kind;
    }

    /** One of {@link #UNREACHABLE}, {@link #NO_SESSION}, {@link #LOST}, {@link #STALLED}. */
    public int kind() {
        return kind;
    }

    /** Whether it happened while following a session (the figures so far stand), not before. */
    public boolean midSession() {
        return kind == LOST || kind == STALLED;
    }
}

package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Where a stream's packets come from when they are not in files (a live session's relay daemon): one packet at a
 * time, as it arrives. A {@link StreamReader} asks for the next one when it is done with the last, so only one packet
 * per stream is held.
 */
public interface PacketFeed {

    /** The stream's next packet, an inactivity (no record before a time), or its end; waits as long as needed. */
    Next next() throws IOException;

    /**
     * What came: a packet ({@code bytes} from its first byte to at least its content's end, {@code packetBytes} its
     * whole size, {@code offset} where it is in its source, for errors), or a time on the stream's clock before which
     * it has no record ({@code quietUntilRaw}), or the end (neither). {@code streamClassId}: the packets' stream class,
     * -1 where the source does not say.
     */
    record Next(ByteBuffer bytes, long packetBytes, long offset, long quietUntilRaw, long streamClassId) {
        public static final Next END = new Next(null, 0, 0, 0, -1);

        public static Next packet(ByteBuffer bytes, long packetBytes, long offset, long streamClassId) {
            return new Next(bytes, packetBytes, offset, 0, streamClassId);
        }

        public static Next quiet(long untilRaw, long streamClassId) {
            return new Next(null, 0, 0, untilRaw, streamClassId);
        }

        public boolean isPacket() {
            return bytes != null;
        }

        public boolean isEnd() {
            return this == END;
        }
    }
}

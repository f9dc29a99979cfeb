package org.lttbench.tests.analysis.discarded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A minimal CTF 1.8 trace whose packet context has no {@code events_discarded} (nor {@code packet_seq_num}), as
 * some tracers write: one stream, two packets of ten events each. Written by hand because the scenario writer
 * always writes the counter; babeltrace2 reading it back is what shows it is valid CTF.
 */
final class CounterlessTrace {
    static final int PACKETS = 2;
    static final int EVENTS_PER_PACKET = 10;
    private static final int PACKET_BYTES = 4096;
    private static final long START_NS = 1_000_000;

    private static final String METADATA = """
            /* CTF 1.8 */
            typealias integer { size = 32; align = 8; signed = false; } := uint32_t;
            typealias integer { size = 64; align = 8; signed = false; } := uint64_t;
            trace {
                major = 1;
                minor = 8;
                byte_order = le;
                packet.header := struct { uint32_t magic; uint32_t stream_id; };
            };
            env { domain = "ust"; tracer_name = "lttng-ust"; tracer_major = 2; tracer_minor = 0; };
            clock { name = "monotonic"; freq = 1000000000; offset_s = 1700000000; };
            typealias integer { size = 64; align = 8; signed = false; map = clock.monotonic.value; }
                := uint64_clock_monotonic_t;
            stream {
                id = 0;
                packet.context := struct {
                    uint64_clock_monotonic_t timestamp_begin;
                    uint64_clock_monotonic_t timestamp_end;
                    uint64_t content_size;
                    uint64_t packet_size;
                    uint32_t cpu_id;
                };
                event.header := struct { uint32_t id; uint64_clock_monotonic_t timestamp; };
            };
            event { name = "lttbench:tick"; id = 0; stream_id = 0; fields := struct { uint32_t n; }; };
            """;

    private CounterlessTrace() {
    }

    static Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("metadata"), METADATA, StandardCharsets.US_ASCII);
        ByteBuffer data = ByteBuffer.allocate(PACKETS * PACKET_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        int n = 0;
        for (int p = 0; p < PACKETS; p++) {
            int base = p * PACKET_BYTES;
            long begin = START_NS + p * 1_000L;
            long end = begin + 900;
            int content = 8 + 36 + EVENTS_PER_PACKET * 16;
            data.position(base);
            data.putInt(0xC1FC1FC1).putInt(0);
            data.putLong(begin).putLong(end).putLong(content * 8L).putLong(PACKET_BYTES * 8L).putInt(0);
            for (int e = 0; e < EVENTS_PER_PACKET; e++) {
                data.putInt(0).putLong(begin + 10 + e * 50L).putInt(n++);
            }
        }
        Files.write(dir.resolve("chan_0"), data.array());
        return dir;
    }
}

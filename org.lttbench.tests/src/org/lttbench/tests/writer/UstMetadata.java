package org.lttbench.tests.writer;

import static org.lttbench.tests.writer.TraceMetadata.field;

import java.nio.ByteOrder;
import java.util.UUID;

import org.lttbench.tests.writer.TraceMetadata.Field;

/**
 * Pieces of LTTng-UST metadata: the {@code env} of an lttng-ust tracer and the context fields
 * {@code lttng add-context -u} adds to a channel's stream event context ({@code vpid}, {@code vtid},
 * {@code procname}, perf counters such as {@code perf_thread_cpu_cycles}).
 *
 * <pre>
 * TraceMetadata m = UstMetadata.metadata(2, 13, "host");
 * StreamClass channel = m.streamClass(HeaderKind.LARGE,
 *         List.of(UstMetadata.vpid(), UstMetadata.vtid(), UstMetadata.perfCounter("perf_thread_cpu_cycles")), true);
 * channel.event("my_provider:my_event", field("value", CtfType.s32()));
 * try (CtfTraceWriter w = new CtfTraceWriter(dir, m, false)) {
 *     w.stream(channel, "channel0", 0).event(1000, "my_provider:my_event", 42L, 7L, 123456L, 5L);
 * }
 * </pre>
 */
public final class UstMetadata {
    private UstMetadata() {
    }

    public static TraceMetadata metadata(int tracerMajor, int tracerMinor, String hostname) {
        return metadata(tracerMajor, tracerMinor, hostname, UUID.randomUUID());
    }

    /** The same with this trace UUID (which orders the events of one ns from several traces, as babeltrace2 does). */
    public static TraceMetadata metadata(int tracerMajor, int tracerMinor, String hostname, UUID uuid) {
        TraceMetadata m = new TraceMetadata(ByteOrder.LITTLE_ENDIAN, uuid);
        m.env("domain", "ust").env("tracer_name", "lttng-ust").env("tracer_major", tracerMajor)
                .env("tracer_minor", tracerMinor).env("tracer_buffering_scheme", "uid").env("tracer_buffering_id", 1000)
                .env("architecture_bit_width", 64).env("hostname", hostname);
        return m;
    }

    public static Field vpid() {
        return field("vpid", CtfType.s32());
    }

    public static Field vtid() {
        return field("vtid", CtfType.s32());
    }

    public static Field procname() {
        return field("procname", new CtfType.TextArrayType(17));
    }

    /** A perf counter context, e.g. {@code perf_thread_cpu_cycles}: a 64-bit unsigned count. */
    public static Field perfCounter(String name) {
        return field(name, CtfType.u64());
    }
}

/**
 * Writes real CTF traces for tests whose answers are known by construction: CTF 1.8 (TSDL metadata), or the same
 * data streams with CTF 2 metadata ({@link org.lttbench.tests.writer.CtfTraceWriter#format}, what LTTng 2.15 records
 * by default; {@link org.lttbench.tests.writer.TraceMetadata#ctf2()}).
 *
 * <ul>
 * <li>{@link org.lttbench.tests.writer.TraceMetadata}: LTTng-style TSDL (env, clock, stream classes with compact
 * or large event headers and a stream event context, event classes with {@link org.lttbench.tests.writer.CtfType}
 * fields); little- or big-endian, packed or naturally aligned.</li>
 * <li>{@link org.lttbench.tests.writer.CtfTraceWriter} and {@link org.lttbench.tests.writer.CtfStreamWriter}: the
 * metadata file (plain or packetized) and one file per channel and CPU, in packets with LTTng's header and
 * context; {@code discard(n)} raises the stream's {@code events_discarded} counter, {@code losePackets(n)} skips
 * {@code packet_seq_num}s.</li>
 * <li>{@link org.lttbench.tests.writer.KernelTraceWriter} with a {@link org.lttbench.tests.writer.KernelTracer}:
 * kernel traces as a given lttng-modules version on a given kernel names and encodes them (syscalls,
 * softirqs, sched_waking, statedump fields, prev_state).</li>
 * <li>{@link org.lttbench.tests.writer.UstMetadata}: lttng-ust env and context fields (vpid, vtid, procname, perf
 * counters such as {@code perf_thread_cpu_cycles}).</li>
 * <li>{@link org.lttbench.tests.writer.WrittenTraceCheck}: babeltrace2 must read back exactly what was written
 * (call it on every new kind of trace a test writes).</li>
 * </ul>
 */
package org.lttbench.tests.writer;

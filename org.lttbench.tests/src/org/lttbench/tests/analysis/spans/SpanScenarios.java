package org.lttbench.tests.analysis.spans;

import static org.lttbench.tests.writer.TraceMetadata.field;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.lttbench.tests.analysis.latency.LatencyScenarios;
import org.lttbench.tests.writer.CtfStreamWriter;
import org.lttbench.tests.writer.CtfTraceWriter;
import org.lttbench.tests.writer.CtfType;
import org.lttbench.tests.writer.KernelTraceWriter;
import org.lttbench.tests.writer.KernelTracer;
import org.lttbench.tests.writer.TraceMetadata;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;
import org.lttbench.tests.writer.UstMetadata;

/**
 * A session's kernel and user-space traces written together, on one clock, whose spans' splits are known by
 * construction (to the ns). Thread "app" (701, CPU 0) opens {@code app:request_begin} / {@code app:request_end} spans
 * and {@code -finstrument-functions} function spans:
 * <ul>
 * <li>request 1, 10 to 20 µs, computes: user 8.5 µs, a write system call of 1 µs, an IRQ of 500 ns; inside it function
 * 0x401000 (11 to 16 µs) and in that one 0x402000 (11.5 to 14 µs);</li>
 * <li>function 0x404000, 21 to 24 µs, user; inside it 0x405000, whose exit the trace lost (abandoned);</li>
 * <li>request 2, 30 to 45 µs, reads a pipe: asleep from 31.5 µs until "writer" (801) wakes it at 40 µs, on a CPU
 * again at 41 µs;</li>
 * <li>request 3, 50 to 60 µs, preempted by "hog" (901) from 52 to 56 µs;</li>
 * <li>request 4, 70 to 85 µs, reads the disk: in an uninterruptible sleep from 72 µs until the disk's completion
 * wakes it at 80.2 µs, on a CPU again at 81 µs;</li>
 * <li>request 6 at 110 µs and function 0x403000 at 112 µs: never closed (unfinished).</li>
 * </ul>
 * Thread "ctr" of a container (kernel TID and PID 1701; vtid 1, vpid 1 in its PID namespace, where the host's TID 1 is
 * systemd, PID 1) opens request 5, 90 to 100 µs, on CPU 2: a nanosleep from 92 µs, asleep from 92.1 µs until a timer
 * wakes it at 96 µs, on its CPU again at 96.5 µs.
 */
public final class SpanScenarios {
    private SpanScenarios() {
    }

    public static final List<KernelTracer> TRACERS = List.of(KernelTracer.lttng(2, 6, "3.19.0-generic"),
            KernelTracer.lttng(2, 8, "4.4.3-1-ARCH"), KernelTracer.lttng(2, 13, "5.15.0-91-generic"));

    static final long SLEEPING = 1;
    static final long DISK = 2;
    static final String BEGIN = "app:request_begin";
    static final String END = "app:request_end";
    static final String ENTRY = "lttng_ust_cyg_profile:func_entry";
    static final String EXIT = "lttng_ust_cyg_profile:func_exit";
    public static final String REQUEST = "request=" + BEGIN + ".." + END;

    static String name(KernelTracer t) {
        return "lttng" + t.major() + "." + t.minor();
    }

    /** The kernel trace of the session. */
    public static KernelTraceWriter kernel(Path dir, KernelTracer tracer) throws IOException {
        try (KernelTraceWriter w = new KernelTraceWriter(dir, tracer, List.of("read", "write", "nanosleep"), true)) {
            w.schedSwitch(1_000, 0, "swapper/0", 0, 0, "app", 701);
            w.schedSwitch(1_000, 1, "swapper/1", 0, 0, "writer", 801);
            w.schedSwitch(1_000, 2, "swapper/2", 0, 0, "ctr", 1701);
            w.statedumpStart(1_005, 0);
            w.statedumpProcess(1_010, 0, 1, 1, 0, "systemd", KernelTraceWriter.USER_THREAD, KernelTraceWriter.STATUS_WAIT, 0);
            w.statedumpProcess(1_011, 0, 2, 2, 0, "kthreadd", KernelTraceWriter.KERNEL_THREAD, KernelTraceWriter.STATUS_WAIT, 0);
            w.statedumpProcess(1_012, 0, 701, 701, 1, "app", KernelTraceWriter.USER_THREAD, KernelTraceWriter.STATUS_RUN, 0);
            w.statedumpProcess(1_013, 0, 801, 801, 1, "writer", KernelTraceWriter.USER_THREAD, KernelTraceWriter.STATUS_RUN, 1);
            w.statedumpProcess(1_014, 0, 901, 901, 1, "hog", KernelTraceWriter.USER_THREAD, KernelTraceWriter.STATUS_WAIT, 0);
            w.statedumpProcess(1_015, 0, 1701, 1701, 1, "ctr", KernelTraceWriter.USER_THREAD, KernelTraceWriter.STATUS_RUN, 2);
            w.statedumpFileDescriptor(1_020, 0, 701, 0, "pipe:[99]");
            w.statedumpEnd(1_090, 0);
            // request 1: a write, an IRQ
            w.syscallEntry(12_000, 0, "write");
            w.syscallExit(13_000, 0, "write", 1);
            w.irqEntry(15_000, 0, 19, "eth0");
            w.irqExit(15_500, 0, 19);
            // request 2: a pipe's read, the writer wakes it
            w.syscallEntry(31_000, 0, "read");
            w.schedSwitch(31_500, 0, "app", 701, SLEEPING, "swapper/0", 0);
            w.syscallEntry(39_000, 1, "write");
            LatencyScenarios.wake(w, 40_000, 1, "app", 701, 0);
            w.syscallExit(40_500, 1, "write", 1);
            w.schedSwitch(41_000, 0, "swapper/0", 0, 0, "app", 701);
            w.syscallExit(41_500, 0, "read", 1);
            // request 3: preempted by the hog
            LatencyScenarios.wake(w, 51_000, 1, "hog", 901, 0);
            w.schedSwitch(52_000, 0, "app", 701, LatencyScenarios.preempted(w.tracer()), "hog", 901);
            w.schedSwitch(56_000, 0, "hog", 901, SLEEPING, "app", 701);
            // request 4: a disk read
            w.syscallEntry(71_000, 0, "read");
            w.blockRqIssue(71_500, 0, 7);
            w.schedSwitch(72_000, 0, "app", 701, DISK, "swapper/0", 0);
            w.irqEntry(80_000, 1, 16, "ahci");
            w.blockRqComplete(80_100, 1, 7);
            LatencyScenarios.wake(w, 80_200, 1, "app", 701, 0);
            w.irqExit(80_300, 1, 16);
            w.schedSwitch(81_000, 0, "swapper/0", 0, 0, "app", 701);
            w.syscallExit(81_500, 0, "read", 4096);
            // request 5, in the container: a nanosleep a timer ends
            w.syscallEntry(92_000, 2, "nanosleep");
            w.schedSwitch(92_100, 2, "ctr", 1701, SLEEPING, "swapper/2", 0);
            w.hrtimerExpireEntry(95_990, 2);
            LatencyScenarios.wake(w, 96_000, 2, "ctr", 1701, 2);
            w.hrtimerExpireExit(96_100, 2);
            w.schedSwitch(96_500, 2, "swapper/2", 0, 0, "ctr", 1701);
            w.syscallExit(96_600, 2, "nanosleep", 0);
            w.syscallEntry(120_000, 0, "write");
            return w;
        }
    }

    /** The user-space trace of the session (lttng-ust 2.13, vpid, vtid and procname contexts). */
    public static CtfTraceWriter ust(Path dir) throws IOException {
        return ust(dir, true, false, false);
    }

    /**
     * The user-space trace of the session, recorded with the vpid, vtid and procname contexts or without any (the
     * events name no thread: each is the one its kernel ran on the event's CPU then); {@code atSwitch} adds one
     * function entry (0x406000, never exited) at the very ns of the context switch from "app" to "hog" on CPU 0, which
     * the merge puts before the switch when {@code firstAtOneNs} (the lowest trace UUID), else after it.
     */
    public static CtfTraceWriter ust(Path dir, boolean contexts, boolean atSwitch, boolean firstAtOneNs)
            throws IOException {
        TraceMetadata m = UstMetadata.metadata(2, 13, "scenario", firstAtOneNs ? new java.util.UUID(0, 0)
                : new java.util.UUID(-1, -1));
        StreamClass channel = m.streamClass(HeaderKind.LARGE, contexts
                ? List.of(UstMetadata.vpid(), UstMetadata.vtid(), UstMetadata.procname()) : List.of(), true);
        channel.event(BEGIN, field("id", CtfType.u64()));
        channel.event(END, field("id", CtfType.u64()));
        channel.event(ENTRY, field("addr", CtfType.u64()), field("call_site", CtfType.u64()));
        channel.event(EXIT, field("addr", CtfType.u64()), field("call_site", CtfType.u64()));
        List<Object> appContext = contexts ? List.of(701L, 701L, "app") : List.of();
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, true)) {
            CtfStreamWriter app = w.stream(channel, "channel0", 0);
            event(app, appContext, 10_000, BEGIN, 1L);
            event(app, appContext, 11_000, ENTRY, 0x401000L, CALL_SITE);
            event(app, appContext, 11_500, ENTRY, 0x402000L, CALL_SITE);
            event(app, appContext, 14_000, EXIT, 0x402000L, CALL_SITE);
            event(app, appContext, 16_000, EXIT, 0x401000L, CALL_SITE);
            event(app, appContext, 20_000, END, 1L);
            event(app, appContext, 21_000, ENTRY, 0x404000L, CALL_SITE);
            event(app, appContext, 22_000, ENTRY, 0x405000L, CALL_SITE);
            event(app, appContext, 24_000, EXIT, 0x404000L, CALL_SITE);
            event(app, appContext, 30_000, BEGIN, 2L);
            event(app, appContext, 45_000, END, 2L);
            event(app, appContext, 50_000, BEGIN, 3L);
            if (atSwitch) {
                event(app, appContext, 52_000, ENTRY, 0x406000L, CALL_SITE);
            }
            event(app, appContext, 60_000, END, 3L);
            event(app, appContext, 70_000, BEGIN, 4L);
            event(app, appContext, 85_000, END, 4L);
            event(app, appContext, 110_000, BEGIN, 6L);
            event(app, appContext, 112_000, ENTRY, 0x403000L, CALL_SITE);
            CtfStreamWriter ctr = w.stream(channel, "channel0", 2);
            List<Object> ctrContext = contexts ? List.of(1L, 1L, "ctr") : List.of();
            event(ctr, ctrContext, 90_000, BEGIN, 5L);
            event(ctr, ctrContext, 100_000, END, 5L);
            return w;
        }
    }

    private static final long CALL_SITE = 0x400100L;

    private static void event(CtfStreamWriter s, List<Object> context, long t, String event, Object... payload)
            throws IOException {
        List<Object> values = new java.util.ArrayList<>(context);
        values.addAll(List.of(payload));
        s.event(t, event, values.toArray());
    }

    static final String CALLBACK_START = "ros2:callback_start";
    static final String CALLBACK_END = "ros2:callback_end";
    static final String REGISTER = "ros2:rclcpp_callback_register";
    static final String TIMER_ADDED = "ros2:rclcpp_timer_callback_added";
    static final String SUBSCRIPTION_ADDED = "ros2:rclcpp_subscription_callback_added";
    static final long TIMER = 0xA000, SUBSCRIPTION = 0xB000, UNNAMED = 0xC000;

    /**
     * A ROS 2 user-space trace of the same session (ros2_tracing's events, no {@code --span} needed), its callbacks
     * run at the requests' times so that their splits are the requests' (the kernel trace is {@link #kernel}'s). Thread
     * "app" (701) runs callback 0xA000 (a timer's, registered as {@code MinimalPublisher::timer_callback()}) from 10 to
     * 20 µs, from 50 to 60 µs and from 110 to 118 µs; 0xB000 (added to a subscription, no symbol registered) from 30 to
     * 45 µs, and again from 105 µs, never ended; 0xC000 (neither added nor registered) from 70 to 85 µs, and from 112
     * µs inside 0xA000, whose end comes first (its end lost: abandoned); an end of 0xD000 that never started. The
     * container's thread "ctr" (vtid 1, vpid 1) registers the same address 0xA000 as {@code Other::cb()} (another
     * process: another callback) and runs it from 90 to 100 µs.
     */
    public static CtfTraceWriter ros2(Path dir) throws IOException {
        TraceMetadata m = UstMetadata.metadata(2, 13, "scenario");
        StreamClass channel = m.streamClass(HeaderKind.LARGE,
                List.of(UstMetadata.vpid(), UstMetadata.vtid(), UstMetadata.procname()), true);
        CtfType pointer = new CtfType.IntegerType(64, false, 8, 16);
        channel.event(TIMER_ADDED, field("timer_handle", pointer), field("callback", pointer));
        channel.event(SUBSCRIPTION_ADDED, field("subscription", pointer), field("callback", pointer));
        channel.event(REGISTER, field("callback", pointer), field("symbol", new CtfType.StringType()));
        channel.event(CALLBACK_START, field("callback", pointer), field("is_intra_process", CtfType.s32()));
        channel.event(CALLBACK_END, field("callback", pointer));
        try (CtfTraceWriter w = new CtfTraceWriter(dir, m, true)) {
            CtfStreamWriter app = w.stream(channel, "channel0", 0);
            app.event(2_000, TIMER_ADDED, 701L, 701L, "app", 0x9000L, TIMER);
            app.event(2_100, REGISTER, 701L, 701L, "app", TIMER, "MinimalPublisher::timer_callback()");
            app.event(2_200, SUBSCRIPTION_ADDED, 701L, 701L, "app", 0x9100L, SUBSCRIPTION);
            callback(app, 10_000, 20_000, TIMER);
            callback(app, 30_000, 45_000, SUBSCRIPTION);
            callback(app, 50_000, 60_000, TIMER);
            callback(app, 70_000, 85_000, UNNAMED);
            app.event(105_000, CALLBACK_START, 701L, 701L, "app", SUBSCRIPTION, 0L);
            app.event(110_000, CALLBACK_START, 701L, 701L, "app", TIMER, 0L);
            app.event(112_000, CALLBACK_START, 701L, 701L, "app", UNNAMED, 0L);
            app.event(118_000, CALLBACK_END, 701L, 701L, "app", TIMER);
            app.event(119_000, CALLBACK_END, 701L, 701L, "app", 0xD000L);
            CtfStreamWriter ctr = w.stream(channel, "channel0", 2);
            ctr.event(2_500, REGISTER, 1L, 1L, "ctr", TIMER, "Other::cb()");
            ctr.event(90_000, CALLBACK_START, 1L, 1L, "ctr", TIMER, 1L);
            ctr.event(100_000, CALLBACK_END, 1L, 1L, "ctr", TIMER);
            return w;
        }
    }

    private static void callback(CtfStreamWriter s, long start, long end, long callback) throws IOException {
        s.event(start, CALLBACK_START, 701L, 701L, "app", callback, 0L);
        s.event(end, CALLBACK_END, 701L, 701L, "app", callback);
    }
}

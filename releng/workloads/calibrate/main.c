/*
 * Calibration workload: a tight loop that times itself, for measuring what an LTTng-UST tracepoint costs.
 *
 * Built twice from this file: "calibrate" has the tracepoint lttbench_calibrate:iteration in its loop, and
 * "calibrate-notp" (LTTBENCH_NO_TRACEPOINT) has the same loop without it. Running "calibrate" without a
 * recording session that enables the event measures an inactive tracepoint; with one, an active tracepoint.
 *
 * It prints one machine-readable line per repetition and a summary line, fields as key=value:
 *   lttbench-calibrate kind=repeat build=tracepoint tracing=active repeat=0 iterations=N wall_ns=T cpu_ns=C
 *       ns_per_iteration=X cpu_ns_per_iteration=Y pid=P tid=T cpu_begin=A cpu_end=B begin_ns=M0 end_ns=M1
 *   lttbench-calibrate kind=summary build=... tracing=... repeats=R iterations=N ns_per_iteration=median
 *       cpu_ns_per_iteration=median min_cpu_ns_per_iteration=min pid=P tid=T
 * Wall times are CLOCK_MONOTONIC (the clock LTTng timestamps events with); CPU times are the thread's own
 * (CLOCK_THREAD_CPUTIME_ID), which leave out the time other programs held the CPU: the figure to trust on a
 * loaded machine.
 *
 * With -p (the traced build only), what an event costs with work between events: each iteration first does -s
 * rounds of work (a dependent xorshift chain: CPU time, no memory traffic), and the repetitions come in pairs, one
 * firing the tracepoint and one not (in turns first), so that their difference is free of the drift between two runs:
 *   lttbench-calibrate kind=pair repeat=0 iterations=N spins=S traced_cpu_ns=T untraced_cpu_ns=U
 *   lttbench-calibrate kind=pairs build=tracepoint tracing=active pairs=R iterations=N spins=S
 *       traced_cpu_ns_per_iteration=median untraced_cpu_ns_per_iteration=median cost_ns=D pid=P tid=T
 * (D: the median over the pairs of their difference, per iteration). Only iteration events are fired. With -f it
 * first asks for the real-time policy SCHED_FIFO (granted to root) and stays on the CPU it started on: a thread
 * preempted or moved between two events finds the caches cold, which is the machine's load, not the tracer's cost;
 * the summary says policy=fifo or policy=other (not granted).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define WORKLOAD "calibrate"
#include "../common/workload.h"

#ifndef LTTBENCH_NO_TRACEPOINT
#include "tp.h"
#define BUILD "tracepoint"
#else
#define BUILD "none"
#endif

static uint64_t now_ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* The loop under test. The empty asm keeps the compiler from folding the loop away in the build without
 * the tracepoint, at no cost of its own. */
static void __attribute__((noinline)) timed_loop(uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) {
#ifndef LTTBENCH_NO_TRACEPOINT
        lttng_ust_tracepoint(lttbench_calibrate, iteration, i);
#endif
        __asm__ __volatile__("" : : "r"(i) : "memory");
    }
}

#ifndef LTTBENCH_NO_TRACEPOINT
static uint64_t work_state = 0x9e3779b97f4a7c15u;

/* The loop of paired mode: work (a chain of xorshift rounds, each on the last one's result), then the tracepoint
 * when emit is set. */
static void __attribute__((noinline)) worked_loop(uint64_t n, uint64_t spins, int emit)
{
    uint64_t x = work_state;
    for (uint64_t i = 0; i < n; i++) {
        for (uint64_t k = spins; k > 0; k--) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            __asm__ __volatile__("" : "+r"(x));
        }
        if (emit) {
            lttng_ust_tracepoint(lttbench_calibrate, iteration, i);
        }
    }
    work_state = x;
}
#endif

static const char *tracing_state(void)
{
#ifndef LTTBENCH_NO_TRACEPOINT
    return lttng_ust_tracepoint_enabled(lttbench_calibrate, iteration) ? "active" : "inactive";
#else
    return "none";
#endif
}

static void usage(FILE *out)
{
    fprintf(out, "usage: calibrate [-n ITERATIONS] [-r REPEATS] [-w WARMUP_ITERATIONS] [-c CPU]\n"
                 "  -n  iterations per timed repetition (default 1000000)\n"
                 "  -r  timed repetitions; the summary gives their median (default 5)\n"
                 "  -w  untimed iterations first, to fault in the ring buffer (default 10000)\n"
                 "  -c  pin the thread to this CPU (default: not pinned)\n"
                 "  -p  paired mode: REPEATS pairs of repetitions, traced and not (traced build only)\n"
                 "  -s  with -p: rounds of work before each event (default 0)\n"
                 "  -f  with -p: real-time policy (SCHED_FIFO) when permitted, on the CPU it starts on\n");
}

#ifndef LTTBENCH_NO_TRACEPOINT
/* Paired mode: the cost of an event with SPINS rounds of work before it. */
static void paired(uint64_t iterations, uint64_t pairs, uint64_t warmup, uint64_t spins, int fifo, long pid, long tid)
{
    static uint64_t traced[1000], untraced[1000];
    if (fifo) {
        struct sched_param param = { .sched_priority = 1 };
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(sched_getcpu(), &set);
        fifo = sched_setscheduler(0, SCHED_FIFO, &param) == 0 && sched_setaffinity(0, sizeof set, &set) == 0;
    }
    static int64_t difference[1000];
    worked_loop(warmup, spins, 1);
    for (uint64_t r = 0; r < pairs; r++) {
        for (int k = 0; k < 2; k++) {
            int emit = (k == 0) == ((r & 1) == 0);
            uint64_t c0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
            worked_loop(iterations, spins, emit);
            (emit ? traced : untraced)[r] = now_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
        }
        difference[r] = (int64_t) (traced[r] - untraced[r]);
        printf("lttbench-calibrate kind=pair repeat=%" PRIu64 " iterations=%" PRIu64 " spins=%" PRIu64
               " traced_cpu_ns=%" PRIu64 " untraced_cpu_ns=%" PRIu64 "\n", r, iterations, spins, traced[r], untraced[r]);
    }
    qsort(traced, pairs, sizeof traced[0], compare_u64);
    qsort(untraced, pairs, sizeof untraced[0], compare_u64);
    qsort(difference, pairs, sizeof difference[0], compare_i64);
    double t = (traced[(pairs - 1) / 2] + traced[pairs / 2]) / 2.0;
    double u = (untraced[(pairs - 1) / 2] + untraced[pairs / 2]) / 2.0;
    double d = (difference[(pairs - 1) / 2] + difference[pairs / 2]) / 2.0;
    printf("lttbench-calibrate kind=pairs build=%s tracing=%s pairs=%" PRIu64 " iterations=%" PRIu64 " spins=%" PRIu64
           " traced_cpu_ns_per_iteration=%.4f untraced_cpu_ns_per_iteration=%.4f cost_ns=%.4f policy=%s pid=%ld"
           " tid=%ld state=%" PRIu64 "\n", BUILD, tracing_state(), pairs, iterations, spins, t / iterations,
           u / iterations, d / iterations, fifo ? "fifo" : "other", pid, tid, work_state);
}
#endif

int main(int argc, char **argv)
{
    uint64_t iterations = 1000000, repeats = 5, warmup = 10000, spins = 0;
    long cpu = -1;
    int opt, pairs = 0, fifo = 0;
    while ((opt = getopt(argc, argv, "n:r:w:c:s:pfh")) != -1) {
        switch (opt) {
        case 'n': iterations = parse_count("-n", optarg, 1); break;
        case 'r': repeats = parse_count("-r", optarg, 1); break;
        case 'w': warmup = parse_count("-w", optarg, 0); break;
        case 'c': cpu = (long) parse_count("-c", optarg, 0); break;
        case 's': spins = parse_count("-s", optarg, 0); break;
        case 'p': pairs = 1; break;
        case 'f': fifo = 1; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind != argc || repeats > 1000 || ((spins > 0 || fifo) && !pairs)) {
        usage(stderr);
        return 2;
    }
#ifdef LTTBENCH_NO_TRACEPOINT
    if (pairs) {
        fprintf(stderr, "calibrate: -p needs the build with the tracepoint\n");
        return 2;
    }
#endif
    pin_to_cpu(cpu);
    long pid = getpid(), tid = syscall(SYS_gettid);
    uint64_t wall[1000], cputime[1000];
#ifndef LTTBENCH_NO_TRACEPOINT
    if (pairs) {
        paired(iterations, repeats, warmup, spins, fifo, pid, tid);
        return 0;
    }
#endif

    timed_loop(warmup);
    for (uint64_t r = 0; r < repeats; r++) {
#ifndef LTTBENCH_NO_TRACEPOINT
        lttng_ust_tracepoint(lttbench_calibrate, loop_begin, iterations);
#endif
        int cpu_begin = sched_getcpu();
        uint64_t c0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
        uint64_t t0 = now_ns(CLOCK_MONOTONIC);
        timed_loop(iterations);
        uint64_t t1 = now_ns(CLOCK_MONOTONIC);
        uint64_t c1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
        int cpu_end = sched_getcpu();
        wall[r] = t1 - t0;
        cputime[r] = c1 - c0;
#ifndef LTTBENCH_NO_TRACEPOINT
        lttng_ust_tracepoint(lttbench_calibrate, loop_end, iterations, wall[r], cputime[r]);
#endif
        printf("lttbench-calibrate kind=repeat build=%s tracing=%s repeat=%" PRIu64 " iterations=%" PRIu64
               " wall_ns=%" PRIu64 " cpu_ns=%" PRIu64 " ns_per_iteration=%.4f cpu_ns_per_iteration=%.4f"
               " pid=%ld tid=%ld cpu_begin=%d cpu_end=%d begin_ns=%" PRIu64 " end_ns=%" PRIu64 "\n",
               BUILD, tracing_state(), r, iterations, wall[r], cputime[r], (double) wall[r] / iterations,
               (double) cputime[r] / iterations, pid, tid, cpu_begin, cpu_end, t0, t1);
    }
    uint64_t min_cpu = cputime[0];
    for (uint64_t r = 1; r < repeats; r++) {
        if (cputime[r] < min_cpu) {
            min_cpu = cputime[r];
        }
    }
    qsort(wall, repeats, sizeof wall[0], compare_u64);
    qsort(cputime, repeats, sizeof cputime[0], compare_u64);
    /* The median of an even number of repetitions is the mean of the middle two. */
    double median_wall = (wall[(repeats - 1) / 2] + wall[repeats / 2]) / 2.0;
    double median_cpu = (cputime[(repeats - 1) / 2] + cputime[repeats / 2]) / 2.0;
    printf("lttbench-calibrate kind=summary build=%s tracing=%s repeats=%" PRIu64 " iterations=%" PRIu64
           " ns_per_iteration=%.4f cpu_ns_per_iteration=%.4f min_cpu_ns_per_iteration=%.4f pid=%ld tid=%ld\n",
           BUILD, tracing_state(), repeats, iterations, median_wall / iterations, median_cpu / iterations,
           (double) min_cpu / iterations, pid, tid);
    return 0;
}

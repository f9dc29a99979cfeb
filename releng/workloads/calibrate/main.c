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

static const char *tracing_state(void)
{
#ifndef LTTBENCH_NO_TRACEPOINT
    return lttng_ust_tracepoint_enabled(lttbench_calibrate, iteration) ? "active" : "inactive";
#else
    return "none";
#endif
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
    return x < y ? -1 : x > y;
}

static uint64_t parse_count(const char *option, const char *text, uint64_t min)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || end == text || v < min) {
        fprintf(stderr, "calibrate: %s wants an integer >= %" PRIu64 ", got '%s'\n", option, min, text);
        exit(2);
    }
    return v;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: calibrate [-n ITERATIONS] [-r REPEATS] [-w WARMUP_ITERATIONS] [-c CPU]\n"
                 "  -n  iterations per timed repetition (default 1000000)\n"
                 "  -r  timed repetitions; the summary gives their median (default 5)\n"
                 "  -w  untimed iterations first, to fault in the ring buffer (default 10000)\n"
                 "  -c  pin the thread to this CPU (default: not pinned)\n");
}

int main(int argc, char **argv)
{
    uint64_t iterations = 1000000, repeats = 5, warmup = 10000;
    long cpu = -1;
    int opt;
    while ((opt = getopt(argc, argv, "n:r:w:c:h")) != -1) {
        switch (opt) {
        case 'n': iterations = parse_count("-n", optarg, 1); break;
        case 'r': repeats = parse_count("-r", optarg, 1); break;
        case 'w': warmup = parse_count("-w", optarg, 0); break;
        case 'c': cpu = (long) parse_count("-c", optarg, 0); break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind != argc || repeats > 1000) {
        usage(stderr);
        return 2;
    }
    if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        if (sched_setaffinity(0, sizeof set, &set) != 0) {
            fprintf(stderr, "calibrate: cannot pin to CPU %ld: %s\n", cpu, strerror(errno));
            return 1;
        }
    }
    long pid = getpid(), tid = syscall(SYS_gettid);
    uint64_t wall[1000], cputime[1000];

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

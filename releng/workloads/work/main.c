/*
 * Work workload: a program that does a known amount of work between two tracepoints, and measures what the
 * tracepoints cost it.
 *
 * Each step does SPINS rounds of a dependent multiply-add chain (pure CPU work, no memory traffic), then fires
 * lttbench_work:step. Repetitions come in pairs, one firing the tracepoint and one not (the same loop, the same
 * process, the same CPU; in turns first): the median over the pairs of their difference in CPU time per step is what
 * tracing cost the program per event, measured directly and free of the drift between two runs or two moments.
 *
 * It prints one line per repetition and a summary, fields as key=value:
 *   lttbench-work kind=repeat emit=1 repeat=0 steps=N spins=S cpu_ns=C cpu_ns_per_step=X
 *   lttbench-work kind=summary steps=N spins=S repeats=R traced_cpu_ns_per_step=T untraced_cpu_ns_per_step=U
 *       cost_ns=D pid=P tid=T
 * (T, U: medians over the repetitions of each kind; D: the median of the pairs' differences; CPU time is the
 * thread's own, CLOCK_THREAD_CPUTIME_ID).
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

#define WORKLOAD "work"
#include "../common/workload.h"

#include "tp.h"

#define REPEATS_MAX 10000

static uint64_t cpu_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static uint64_t chain;

/* The program's work: a chain of multiply-adds, each depending on the previous one. */
static inline uint64_t work(uint64_t x, uint64_t spins)
{
    for (uint64_t k = 0; k < spins; k++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        __asm__ __volatile__("" : "+r"(x));
    }
    return x;
}

static void __attribute__((noinline)) steps_loop(uint64_t n, uint64_t spins, int emit)
{
    uint64_t x = chain;
    for (uint64_t i = 0; i < n; i++) {
        x = work(x, spins);
        if (emit) {
            lttng_ust_tracepoint(lttbench_work, step, i, x);
        }
    }
    chain = x;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: work [-n STEPS] [-s SPINS] [-r REPEATS] [-c CPU]\n"
                 "  -n  steps per timed repetition (default 100000)\n"
                 "  -s  rounds of work per step (default 100)\n"
                 "  -r  pairs of repetitions, one traced and one not (default 5)\n"
                 "  -c  pin the thread to this CPU (default: not pinned)\n");
}

static double median(uint64_t *v, uint64_t n)
{
    qsort(v, n, sizeof v[0], compare_u64);
    return (v[(n - 1) / 2] + v[n / 2]) / 2.0;
}

int main(int argc, char **argv)
{
    uint64_t steps = 100000, spins = 100, repeats = 5;
    long cpu = -1;
    int opt;
    while ((opt = getopt(argc, argv, "n:s:r:c:h")) != -1) {
        switch (opt) {
        case 'n': steps = parse_count("-n", optarg, 1); break;
        case 's': spins = parse_count("-s", optarg, 0); break;
        case 'r': repeats = parse_count("-r", optarg, 1); break;
        case 'c': cpu = (long) parse_count("-c", optarg, 0); break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind != argc || repeats > REPEATS_MAX) {
        usage(stderr);
        return 2;
    }
    pin_to_cpu(cpu);
    long pid = getpid(), tid = syscall(SYS_gettid);
    static uint64_t traced[REPEATS_MAX], untraced[REPEATS_MAX];
    static int64_t difference[REPEATS_MAX];
    steps_loop(steps / 10 + 1, spins, 1); /* warm up: fault in the ring buffer, settle the clock */
    for (uint64_t r = 0; r < repeats; r++) {
        /* A pair of repetitions, traced and untraced, in turns first: their difference is free of slow drift. */
        for (int k = 0; k < 2; k++) {
            int emit = (k == 0) == ((r & 1) == 0);
            uint64_t c0 = cpu_now_ns();
            steps_loop(steps, spins, emit);
            uint64_t c = cpu_now_ns() - c0;
            (emit ? traced : untraced)[r] = c;
            printf("lttbench-work kind=repeat emit=%d repeat=%" PRIu64 " steps=%" PRIu64 " spins=%" PRIu64
                   " cpu_ns=%" PRIu64 " cpu_ns_per_step=%.4f\n", emit, r, steps, spins, c, (double) c / steps);
        }
        difference[r] = (int64_t) (traced[r] - untraced[r]);
    }
    qsort(difference, repeats, sizeof difference[0], compare_i64);
    double cost = (difference[(repeats - 1) / 2] + difference[repeats / 2]) / 2.0 / steps;
    double t = median(traced, repeats) / steps, u = median(untraced, repeats) / steps;
    printf("lttbench-work kind=summary steps=%" PRIu64 " spins=%" PRIu64 " repeats=%" PRIu64
           " traced_cpu_ns_per_step=%.4f untraced_cpu_ns_per_step=%.4f cost_ns=%.4f pid=%ld tid=%ld chain=%" PRIu64 "\n",
           steps, spins, repeats, t, u, cost, pid, tid, chain);
    return 0;
}

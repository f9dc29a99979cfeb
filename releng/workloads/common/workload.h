/*
 * What the timing workloads (calibrate, work) share: reading their counts, pinning their thread and ordering their
 * samples. Include after defining _GNU_SOURCE (for the CPU affinity) and WORKLOAD, the program's name in its error
 * messages.
 */
#ifndef LTTBENCH_WORKLOAD_H
#define LTTBENCH_WORKLOAD_H

#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
    return x < y ? -1 : x > y;
}

static inline int compare_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
    return x < y ? -1 : x > y;
}

/* The option's value as an integer of at least min, or the program ends saying which option and what it got. */
static uint64_t parse_count(const char *option, const char *text, uint64_t min)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || end == text || v < min) {
        fprintf(stderr, WORKLOAD ": %s wants an integer >= %" PRIu64 ", got '%s'\n", option, min, text);
        exit(2);
    }
    return v;
}

/* Pins the calling thread to the CPU (none when it is negative), or the program ends saying why it cannot. */
static void pin_to_cpu(long cpu)
{
    if (cpu < 0) {
        return;
    }
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        fprintf(stderr, WORKLOAD ": cannot pin to CPU %ld: %s\n", cpu, strerror(errno));
        exit(1);
    }
}

#endif

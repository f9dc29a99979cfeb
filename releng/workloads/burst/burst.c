/*
 * burst: emits bursts of lttbench_burst:event as fast as it can (or at a given rate), so that a channel with
 * too small buffers loses events (discard mode) or packets (overwrite mode). It prints what it emitted, which is
 * the ground truth a test compares the trace with:
 *   burst emitted=N bursts=K events_per_burst=E payload=B elapsed_ns=T cpu=C
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tp.h"

#define MAX_PAYLOAD 65536

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static void usage(FILE *out)
{
    fprintf(out,
        "usage: burst [--events N] [--payload BYTES] [--rate EVENTS_PER_S] [--bursts K] [--gap-ms MS] [--cpu C]\n"
        "  --events N      events per burst (default 100000)\n"
        "  --payload B     payload bytes per event, 0..%d (default 32)\n"
        "  --rate R        pace each burst at R events/s (default 0: as fast as possible)\n"
        "  --bursts K      number of bursts (default 1)\n"
        "  --gap-ms MS     idle time between bursts (default 100)\n"
        "  --cpu C         pin the thread to CPU C, so one stream takes the burst (default: not pinned)\n",
        MAX_PAYLOAD);
}

static long long number(const char *option, const char *value, long long min, long long max)
{
    char *end;
    errno = 0;
    long long v = strtoll(value, &end, 10);
    if (errno != 0 || *end != '\0' || end == value || v < min || v > max) {
        fprintf(stderr, "burst: %s wants an integer in [%lld, %lld], got '%s'\n", option, min, max, value);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    long long events = 100000, payload = 32, rate = 0, bursts = 1, gap_ms = 100, cpu = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "burst: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return 2;
        }
        const char *v = argv[++i];
        if (strcmp(a, "--events") == 0) {
            events = number(a, v, 0, 1000000000LL);
        } else if (strcmp(a, "--payload") == 0) {
            payload = number(a, v, 0, MAX_PAYLOAD);
        } else if (strcmp(a, "--rate") == 0) {
            rate = number(a, v, 0, 1000000000LL);
        } else if (strcmp(a, "--bursts") == 0) {
            bursts = number(a, v, 1, 1000000);
        } else if (strcmp(a, "--gap-ms") == 0) {
            gap_ms = number(a, v, 0, 3600000);
        } else if (strcmp(a, "--cpu") == 0) {
            cpu = number(a, v, 0, CPU_SETSIZE - 1);
        } else {
            fprintf(stderr, "burst: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET((int) cpu, &set);
        if (sched_setaffinity(0, sizeof(set), &set) != 0) {
            fprintf(stderr, "burst: cannot pin to CPU %lld: %s\n", cpu, strerror(errno));
            return 1;
        }
    }

    static uint8_t buffer[MAX_PAYLOAD];
    for (long long i = 0; i < payload; i++) {
        buffer[i] = (uint8_t) i;
    }

    uint64_t seq = 0;
    uint64_t start = now_ns();
    for (long long b = 0; b < bursts; b++) {
        if (b > 0 && gap_ms > 0) {
            struct timespec gap = { gap_ms / 1000, (gap_ms % 1000) * 1000000L };
            while (nanosleep(&gap, &gap) != 0 && errno == EINTR) {
            }
        }
        uint64_t burst_start = now_ns();
        for (long long i = 0; i < events; i++) {
            if (rate > 0 && (i & 63) == 0) {
                /* Pace: wait until event i is due. */
                uint64_t due = burst_start + (uint64_t) ((double) i * 1e9 / (double) rate);
                while (now_ns() < due) {
                }
            }
            lttng_ust_tracepoint(lttbench_burst, event, seq, (uint32_t) b, buffer, (uint32_t) payload);
            seq++;
        }
    }
    uint64_t elapsed = now_ns() - start;
    printf("burst emitted=%llu bursts=%lld events_per_burst=%lld payload=%lld elapsed_ns=%llu cpu=%lld\n",
        (unsigned long long) seq, bursts, events, payload, (unsigned long long) elapsed, cpu);
    return 0;
}

/*
 * spans: function spans for -finstrument-functions under LTTng-UST's liblttng-ust-cyg-profile.so (LD_PRELOAD), whose
 * durations the program measures itself. Each request sleeps 1, 2 or 3 ms and computes a little; main times every
 * call around it with CLOCK_MONOTONIC (LTTng's clock). Prints the request function's address, then one line per
 * call: its measured duration in ns. EXTRA_US: a further sleep in each request, in µs (a known change between two runs).
 *
 * usage: spans [CALLS [EXTRA_US]]
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;
static long extra_ns;

__attribute__((no_instrument_function)) static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

__attribute__((noinline)) static void compute(int n)
{
    for (int i = 0; i < n; i++) {
        sink += (unsigned long) i * 2654435761u;
    }
}

__attribute__((noinline)) static void request(int i)
{
    struct timespec pause = { 0, (i % 3 + 1) * 1000000L + extra_ns };
    nanosleep(&pause, NULL);
    compute(20000 * (i % 4 + 1));
}

__attribute__((no_instrument_function)) int main(int argc, char **argv)
{
    int calls = argc > 1 ? atoi(argv[1]) : 20;
    extra_ns = argc > 2 ? atol(argv[2]) * 1000L : 0;
    if (calls <= 0 || extra_ns < 0 || extra_ns > 990000000L) {
        fprintf(stderr, "usage: spans [CALLS [EXTRA_US]]: CALLS > 0, EXTRA_US from 0 to 990000\n");
        return 2;
    }
    long long *measured = calloc(calls, sizeof *measured);
    if (measured == NULL) {
        return 1;
    }
    for (int i = 0; i < calls; i++) {
        long long t0 = now_ns();
        request(i);
        measured[i] = now_ns() - t0;
    }
    printf("%p\n", (void *) request);
    for (int i = 0; i < calls; i++) {
        printf("%lld\n", measured[i]);
    }
    free(measured);
    return 0;
}

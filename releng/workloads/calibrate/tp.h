/* Tracepoint provider of the calibration workload (LTTng-UST 2.13 API). */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttbench_calibrate

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./tp.h"

#if !defined(LTTBENCH_CALIBRATE_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define LTTBENCH_CALIBRATE_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

/* Before a timed loop: how many iterations it will run. */
LTTNG_UST_TRACEPOINT_EVENT(lttbench_calibrate, loop_begin,
    LTTNG_UST_TP_ARGS(uint64_t, iterations),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_integer(uint64_t, iterations, iterations)
    )
)

/* The event under test: one per iteration; the iteration number lets a reader see which ones were discarded. */
LTTNG_UST_TRACEPOINT_EVENT(lttbench_calibrate, iteration,
    LTTNG_UST_TP_ARGS(uint64_t, i),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_integer(uint64_t, i, i)
    )
)

/* After a timed loop: what the workload measured itself (the same figures as its printed line). */
LTTNG_UST_TRACEPOINT_EVENT(lttbench_calibrate, loop_end,
    LTTNG_UST_TP_ARGS(uint64_t, iterations, uint64_t, wall_ns, uint64_t, cpu_ns),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_integer(uint64_t, iterations, iterations)
        lttng_ust_field_integer(uint64_t, wall_ns, wall_ns)
        lttng_ust_field_integer(uint64_t, cpu_ns, cpu_ns)
    )
)

#endif /* LTTBENCH_CALIBRATE_TP_H */

#include <lttng/tracepoint-event.h>

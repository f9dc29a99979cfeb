/* Tracepoint provider of the work workload (LTTng-UST 2.13 API). */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttbench_work

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./tp.h"

#if !defined(LTTBENCH_WORK_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define LTTBENCH_WORK_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

/* One per step of work: the program's own tracepoint, with its work between two of them. */
LTTNG_UST_TRACEPOINT_EVENT(lttbench_work, step,
    LTTNG_UST_TP_ARGS(uint64_t, i, uint64_t, value),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_integer(uint64_t, i, i)
        lttng_ust_field_integer(uint64_t, value, value)
    )
)

#endif /* LTTBENCH_WORK_TP_H */

#include <lttng/tracepoint-event.h>

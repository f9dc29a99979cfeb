/* Tracepoint provider of the burst workload: one event class whose payload size the caller chooses. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttbench_burst

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./tp.h"

#if !defined(LTTBENCH_BURST_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define LTTBENCH_BURST_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(
    lttbench_burst,
    event,
    LTTNG_UST_TP_ARGS(uint64_t, seq, uint32_t, burst, const uint8_t *, payload, uint32_t, payload_len),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_integer(uint64_t, seq, seq)
        lttng_ust_field_integer(uint32_t, burst, burst)
        lttng_ust_field_sequence(uint8_t, payload, payload, uint32_t, payload_len)
    )
)

#endif

#include <lttng/tracepoint-event.h>

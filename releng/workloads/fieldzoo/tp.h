/* Tracepoint provider "fieldzoo": one event per kind of field LTTng-UST can write, so that reading them back can
 * be compared with babeltrace2 field by field. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER fieldzoo

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./tp.h"

#if !defined(FIELDZOO_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define FIELDZOO_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_ENUM(fieldzoo, color,
	LTTNG_UST_TP_ENUM_VALUES(
		lttng_ust_field_enum_value("red", 0)
		lttng_ust_field_enum_value("green", 1)
		lttng_ust_field_enum_value("blue", 2)
		lttng_ust_field_enum_range("many", 10, 20)
	)
)

LTTNG_UST_TRACEPOINT_ENUM(fieldzoo, sign,
	LTTNG_UST_TP_ENUM_VALUES(
		lttng_ust_field_enum_range("negative", -1000, -1)
		lttng_ust_field_enum_value("zero", 0)
		lttng_ust_field_enum_range("small", 1, 9)
		lttng_ust_field_enum_range("single_digit", 0, 9)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(fieldzoo, ints,
	LTTNG_UST_TP_ARGS(int8_t, s8, uint8_t, u8, int16_t, s16, uint16_t, u16, int32_t, s32, uint32_t, u32,
		int64_t, s64, uint64_t, u64),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int8_t, s8, s8)
		lttng_ust_field_integer(uint8_t, u8, u8)
		lttng_ust_field_integer(int16_t, s16, s16)
		lttng_ust_field_integer(uint16_t, u16, u16)
		lttng_ust_field_integer(int32_t, s32, s32)
		lttng_ust_field_integer(uint32_t, u32, u32)
		lttng_ust_field_integer(int64_t, s64, s64)
		lttng_ust_field_integer(uint64_t, u64, u64)
		lttng_ust_field_integer_hex(uint32_t, hex32, u32)
		lttng_ust_field_integer_hex(int64_t, hex64, s64)
		lttng_ust_field_integer_network(int32_t, net32, s32)
		lttng_ust_field_integer_network_hex(uint16_t, net16hex, u16)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(fieldzoo, floats,
	LTTNG_UST_TP_ARGS(float, f, double, d),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_float(float, f, f)
		lttng_ust_field_float(double, d, d)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(fieldzoo, strings,
	LTTNG_UST_TP_ARGS(const char *, s, const char *, text, unsigned int, text_len),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(str, s)
		lttng_ust_field_array_text(char, fixed_text, text, 8)
		lttng_ust_field_sequence_text(char, seq_text, text, unsigned int, text_len)
		lttng_ust_field_string(after, "end")
	)
)

LTTNG_UST_TRACEPOINT_EVENT(fieldzoo, arrays,
	LTTNG_UST_TP_ARGS(const int32_t *, a, const uint16_t *, seq, size_t, seq_len, const uint8_t *, bytes),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_array(int32_t, array3, a, 3)
		lttng_ust_field_sequence(uint16_t, seq16, seq, size_t, seq_len)
		lttng_ust_field_array_hex(uint8_t, bytes4, bytes, 4)
		lttng_ust_field_sequence_network(uint32_t, netseq, a, size_t, seq_len > 3 ? 3 : seq_len)
		lttng_ust_field_sequence(int64_t, empty, (const int64_t *) a, uint8_t, 0)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(fieldzoo, enums,
	LTTNG_UST_TP_ARGS(int, color, int, sign),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_enum(fieldzoo, color, int, color, color)
		lttng_ust_field_enum(fieldzoo, sign, int16_t, sign, sign)
	)
)

/* The smallest event, for floods that fill tiny buffers. */
LTTNG_UST_TRACEPOINT_EVENT(fieldzoo, tick,
	LTTNG_UST_TP_ARGS(uint64_t, n),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, n, n)
	)
)

#endif /* FIELDZOO_TP_H */

#include <lttng/tracepoint-event.h>

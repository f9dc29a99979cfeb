/* fieldzoo COUNT [all|ticks]: emits COUNT rounds of events with many field types (all, the default), or COUNT
 * fieldzoo:tick events (ticks, a tight loop for floods). Values vary with the round number and hit the edges:
 * extreme integers, negative numbers, empty and non-ASCII strings, empty sequences, unmapped enumeration values,
 * infinities and NaN. Prints the number of events emitted. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tp.h"

static const char *strings[] = {
	"", "hello", "caf\xc3\xa9 \xe2\x88\x82 \xe6\x97\xa5\xe6\x9c\xac", "quote \" backslash \\ tab \t newline \n",
	"a longer string that goes on for a while so that it spans more than a few words of the packet, "
	"which is what real applications log all the time",
	"not utf-8: \xff\xfe end",
};

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s COUNT [all|ticks]\n", argv[0]);
		return 2;
	}
	long count = strtol(argv[1], NULL, 10);
	int ticks = argc > 2 && strcmp(argv[2], "ticks") == 0;
	long emitted = 0;

	for (long i = 0; i < count; i++) {
		if (ticks) {
			lttng_ust_tracepoint(fieldzoo, tick, (uint64_t) i);
			emitted++;
			continue;
		}
		int64_t s64 = (i % 2) ? INT64_MIN + i : INT64_MAX - i;
		lttng_ust_tracepoint(fieldzoo, ints, (int8_t) (i * 37), (uint8_t) (i * 7), (int16_t) (-i * 1000),
			(uint16_t) (65535 - i), (int32_t) (i - 5), (uint32_t) (0xdeadbeefu ^ (uint32_t) i), s64,
			UINT64_MAX - (uint64_t) i);
		float f = (float) i / 3.0f;
		double d = i * 1e-7;
		if (i % 17 == 3) {
			f = INFINITY;
			d = -INFINITY;
		} else if (i % 17 == 5) {
			f = -0.0f;
			d = NAN;
		}
		lttng_ust_tracepoint(fieldzoo, floats, f, d);
		const char *s = strings[i % (sizeof(strings) / sizeof(strings[0]))];
		lttng_ust_tracepoint(fieldzoo, strings, s, "wxyzabcd", (unsigned int) (i % 5));
		int32_t a[3] = { (int32_t) i, (int32_t) -i, (int32_t) (i * i) };
		uint16_t seq[5] = { 1, 2, 3, 4, (uint16_t) i };
		uint8_t bytes[4] = { 0, 0x7f, 0x80, (uint8_t) i };
		lttng_ust_tracepoint(fieldzoo, arrays, a, seq, (size_t) (i % 6 == 5 ? 5 : i % 5), bytes);
		lttng_ust_tracepoint(fieldzoo, enums, (int) (i % 25), (int) ((i % 30) - 15));
		emitted += 5;
	}
	printf("%ld\n", emitted);
	return 0;
}

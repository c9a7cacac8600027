// SPDX-License-Identifier: GPL-2.0
/*
 * Offset-stamped data patterns; see gendisk_pattern.h.
 */
#include <string.h>

#include "gendisk_pattern.h"

/* Every 8-byte word is a function of its own device offset and the seed. */
static uint64_t gd_pattern_word(uint64_t offset, uint32_t seed)
{
	uint64_t x = offset ^ ((uint64_t)seed << 32 | seed);

	x *= 0x9e3779b97f4a7c15ULL;
	return x ^ (x >> 29) ^ offset;
}

void gd_pattern_fill(void *buf, size_t len, uint64_t offset, uint32_t seed)
{
	unsigned char *p = buf;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		uint64_t w = gd_pattern_word(offset + i, seed);

		memcpy(p + i, &w, 8);
	}
	for (; i < len; i++)
		p[i] = (unsigned char)gd_pattern_word(offset + i, seed);
}

long gd_pattern_check(const void *buf, size_t len, uint64_t offset,
		      uint32_t seed)
{
	const unsigned char *p = buf;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		uint64_t w = gd_pattern_word(offset + i, seed);

		if (memcmp(p + i, &w, 8)) {
			size_t j = 0;

			while (p[i + j] == ((unsigned char *)&w)[j])
				j++;
			return (long)(i + j);
		}
	}
	for (; i < len; i++)
		if (p[i] != (unsigned char)gd_pattern_word(offset + i, seed))
			return (long)i;
	return -1;
}

long gd_zero_check(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return (long)i;
	return -1;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Data patterns that encode their own device offset and a seed, so a block
 * that landed at the wrong place, a stale block and a torn block are all
 * told apart from the right data.
 */
#ifndef GENDISK_PATTERN_H
#define GENDISK_PATTERN_H

#include <stddef.h>
#include <stdint.h>

/* Fill @buf, which will live at device offset @offset (8-byte aligned). */
void gd_pattern_fill(void *buf, size_t len, uint64_t offset, uint32_t seed);

/*
 * Check @buf against the pattern.  Returns -1 when it matches, else the
 * index of the first wrong byte.
 */
long gd_pattern_check(const void *buf, size_t len, uint64_t offset,
		      uint32_t seed);

/* -1 when @buf is all zero, else the index of the first non-zero byte. */
long gd_zero_check(const void *buf, size_t len);

#endif /* GENDISK_PATTERN_H */

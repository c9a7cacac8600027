/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whole-range I/O on a block device node: loops that do not stop at short
 * transfers, and the pattern write/verify passes built on them.
 */
#ifndef GENDISK_BLOCKIO_H
#define GENDISK_BLOCKIO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Chunk size of the whole-range passes; a multiple of any block size. */
#define GD_IO_CHUNK (1024 * 1024)

/* Memory aligned for O_DIRECT (4096 bytes), or NULL. */
void *gd_io_alloc(size_t len);

/*
 * pwrite/pread all of @len at @offset.  Returns 0, a negative errno, or
 * -ENODATA when the device ended early (a short transfer of 0 bytes).
 */
int gd_pwrite_all(int fd, const void *buf, size_t len, off_t offset);
int gd_pread_all(int fd, void *buf, size_t len, off_t offset);

/*
 * Write the pattern of @seed over [@start, @start + @len), chunk by chunk
 * (@fd may be O_DIRECT: all sizes must then be block multiples).
 */
int gd_pattern_write_range(int fd, uint64_t start, uint64_t len,
			   uint32_t seed);

/*
 * Read [@start, @start + @len) back and compare with the pattern of @seed
 * (@seed 0 means "all zero").  Returns 0, a negative errno, or 1 with the
 * device offset of the first wrong byte in @bad_offset.
 */
int gd_pattern_verify_range(int fd, uint64_t start, uint64_t len,
			    uint32_t seed, uint64_t *bad_offset);

#endif /* GENDISK_BLOCKIO_H */

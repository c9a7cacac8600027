// SPDX-License-Identifier: GPL-2.0
/*
 * Whole-range block device I/O; see gendisk_blockio.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "gendisk_blockio.h"
#include "gendisk_pattern.h"

void *gd_io_alloc(size_t len)
{
	void *p;

	if (posix_memalign(&p, 4096, len))
		return NULL;
	return p;
}

/* The loop of gd_pwrite_all() (@write) and gd_pread_all(). */
static int gd_rw_all(int fd, char *p, size_t len, off_t offset, bool write)
{
	while (len) {
		ssize_t n = write ? pwrite(fd, p, len, offset) :
				    pread(fd, p, len, offset);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			return -ENODATA;
		p += n;
		len -= n;
		offset += n;
	}
	return 0;
}

int gd_pwrite_all(int fd, const void *buf, size_t len, off_t offset)
{
	/* pwrite() only reads the buffer: the cast drops no promise. */
	return gd_rw_all(fd, (char *)buf, len, offset, true);
}

int gd_pread_all(int fd, void *buf, size_t len, off_t offset)
{
	return gd_rw_all(fd, buf, len, offset, false);
}

int gd_pattern_write_range(int fd, uint64_t start, uint64_t len,
			   uint32_t seed)
{
	void *buf = gd_io_alloc(GD_IO_CHUNK);
	uint64_t done;
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	for (done = 0; done < len && !ret; done += GD_IO_CHUNK) {
		size_t n = len - done < GD_IO_CHUNK ? len - done : GD_IO_CHUNK;

		gd_pattern_fill(buf, n, start + done, seed);
		ret = gd_pwrite_all(fd, buf, n, start + done);
	}
	free(buf);
	return ret;
}

int gd_pattern_verify_range(int fd, uint64_t start, uint64_t len,
			    uint32_t seed, uint64_t *bad_offset)
{
	void *buf = gd_io_alloc(GD_IO_CHUNK);
	uint64_t done;
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	for (done = 0; done < len && !ret; done += GD_IO_CHUNK) {
		size_t n = len - done < GD_IO_CHUNK ? len - done : GD_IO_CHUNK;
		long bad;

		ret = gd_pread_all(fd, buf, n, start + done);
		if (ret)
			break;
		bad = seed ? gd_pattern_check(buf, n, start + done, seed) :
			     gd_zero_check(buf, n);
		if (bad >= 0) {
			*bad_offset = start + done + bad;
			ret = 1;
		}
	}
	free(buf);
	return ret;
}

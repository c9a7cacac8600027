// SPDX-License-Identifier: GPL-2.0
/*
 * Test markers in the kernel log; see gendisk_kmsg.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "gendisk_kmsg.h"

void gd_kmsg_mark(const char *event, const char *fixture, const char *test)
{
	char line[256];
	int fd, n;

	fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = snprintf(line, sizeof(line), "gdc-test: %s %s.%s\n", event,
		     fixture, test);
	if (n > 0 && (size_t)n < sizeof(line) && write(fd, line, n) != n)
		n = -1;	/* nothing to do: the marker is best effort */
	close(fd);
}

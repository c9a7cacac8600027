// SPDX-License-Identifier: GPL-2.0
/*
 * Per-task fault injection through fail-nth; see gendisk_failnth.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"
#include "gendisk_failnth.h"

#define GD_FAILNTH "/proc/thread-self/fail-nth"
#define GD_FI_DEBUGFS "/sys/kernel/debug"

/* The debugfs knobs gd_failnth_setup() changes, and the value it sets. */
static const struct {
	const char *path;
	const char *value;
} gd_fi_knobs[] = {
	{ GD_FI_DEBUGFS "/failslab/ignore-gfp-wait", "N" },
	{ GD_FI_DEBUGFS "/fail_page_alloc/ignore-gfp-wait", "N" },
	{ GD_FI_DEBUGFS "/fail_page_alloc/ignore-gfp-highmem", "N" },
	{ GD_FI_DEBUGFS "/fail_page_alloc/min-order", "0" },
};

#define GD_FI_NKNOBS ARRAY_SIZE(gd_fi_knobs)

static char gd_fi_saved[GD_FI_NKNOBS][32];

static int gd_fi_read(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static int gd_fi_write(const char *path, const char *value)
{
	ssize_t n;
	int fd;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, value, strlen(value));
	close(fd);
	return n < 0 ? -errno : 0;
}

int gd_failnth_setup(char *err, size_t errlen)
{
	size_t i;
	int ret;

	if (access(GD_FAILNTH, W_OK)) {
		snprintf(err, errlen,
			 "%s: %s (kernel without CONFIG_FAULT_INJECTION?)",
			 GD_FAILNTH, strerror(errno));
		return -1;
	}
	for (i = 0; i < GD_FI_NKNOBS; i++) {
		ret = gd_fi_read(gd_fi_knobs[i].path, gd_fi_saved[i],
				 sizeof(gd_fi_saved[i]));
		if (!ret)
			ret = gd_fi_write(gd_fi_knobs[i].path,
					  gd_fi_knobs[i].value);
		if (ret) {
			snprintf(err, errlen,
				 "%s: %s (needs CONFIG_FAILSLAB, CONFIG_FAIL_PAGE_ALLOC, CONFIG_FAULT_INJECTION_DEBUG_FS and debugfs)",
				 gd_fi_knobs[i].path, strerror(-ret));
			gd_fi_saved[i][0] = '\0';
			gd_failnth_restore();
			return -1;
		}
	}
	return 0;
}

void gd_failnth_restore(void)
{
	size_t i;

	for (i = 0; i < GD_FI_NKNOBS; i++)
		if (gd_fi_saved[i][0] &&
		    !gd_fi_write(gd_fi_knobs[i].path, gd_fi_saved[i]))
			gd_fi_saved[i][0] = '\0';
}

int gd_failnth_open(void)
{
	int fd = open(GD_FAILNTH, O_RDWR | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

int gd_failnth_arm(int fd, unsigned int n)
{
	char num[16];
	int len = snprintf(num, sizeof(num), "%u", n);

	if (pwrite(fd, num, len, 0) != len)
		return -errno;
	return 0;
}

long gd_failnth_left(int fd)
{
	char num[16];
	ssize_t n = pread(fd, num, sizeof(num) - 1, 0);

	if (n <= 0)
		return -1;
	num[n] = '\0';
	return strtol(num, NULL, 10);
}

long gd_failnth_disarm(int fd)
{
	/* The read first: disarming overwrites the counter. */
	long left = gd_failnth_left(fd);

	gd_failnth_arm(fd, 0);
	return left;
}

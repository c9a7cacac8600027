// SPDX-License-Identifier: GPL-2.0
/*
 * Module load/unload through the raw system calls; see gendisk_module.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "gendisk_module.h"
#include "gendisk_time.h"

int gd_module_load(const struct gd_profile *p, const char *extra)
{
	char params[2 * GD_STR_MAX + 2];
	int fd, ret;

	snprintf(params, sizeof(params), "%s%s%s", p->params,
		 extra && *extra && p->params[0] ? " " : "",
		 extra ? extra : "");
	fd = open(p->module_path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = syscall(SYS_finit_module, fd, params, 0);
	if (ret)
		ret = -errno;
	close(fd);
	return ret;
}

int gd_module_unload(const struct gd_profile *p)
{
	if (syscall(SYS_delete_module, p->module, O_NONBLOCK))
		return -errno;
	return 0;
}

/*
 * A driver's own asynchronous work (a controller's reset or namespace
 * scan) may hold a reference on its module for a moment after its disk
 * appeared or was closed; rmmod in that window fails with EWOULDBLOCK.
 * Retry for up to GD_UNLOAD_SETTLE_MS (times the kernel's time factor)
 * and say so in the KTAP stream, so the wait is seen, not hidden.
 */
#define GD_UNLOAD_SETTLE_MS 2000

int gd_module_unload_settled(const struct gd_profile *p)
{
	const struct timespec tick = { 0, 20 * 1000 * 1000 };
	unsigned int waited = 0, limit = GD_UNLOAD_SETTLE_MS * gd_time_factor();
	int ret;

	while ((ret = gd_module_unload(p)) == -EWOULDBLOCK && waited < limit) {
		nanosleep(&tick, NULL);
		waited += 20;
	}
	if (waited)
		printf("# unloading %s: busy (EWOULDBLOCK) for %u ms with no disk open, %s\n",
		       p->module, waited, ret ? "still busy" : "then unloaded");
	return ret;
}

static void gd_module_attr_path(const struct gd_profile *p, const char *attr,
				char *buf, size_t len)
{
	snprintf(buf, len, "/sys/module/%s/%s", p->module, attr);
}

bool gd_module_loaded(const struct gd_profile *p)
{
	char path[GD_STR_MAX + 32];

	gd_module_attr_path(p, "initstate", path, sizeof(path));
	return access(path, F_OK) == 0;
}

long gd_module_refcnt(const struct gd_profile *p)
{
	char path[GD_STR_MAX + 32];
	long n = -1;
	FILE *f;

	gd_module_attr_path(p, "refcnt", path, sizeof(path));
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &n) != 1)
		n = -1;
	fclose(f);
	return n;
}

bool gd_wait_path(const char *path, bool present, unsigned int timeout_ms)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	unsigned int waited = 0;

	timeout_ms *= gd_time_factor();

	for (;;) {
		bool exists = access(path, F_OK) == 0;

		if (exists == present)
			return true;
		if (waited >= timeout_ms)
			return false;
		nanosleep(&tick, NULL);
		waited += 10;
	}
}

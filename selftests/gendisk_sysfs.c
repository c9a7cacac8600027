// SPDX-License-Identifier: GPL-2.0
/*
 * Readers for /sys/block and /proc/partitions; see gendisk_sysfs.h.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gendisk_sysfs.h"

int gd_sysfs_read(const char *disk, const char *attr, char *buf, size_t len)
{
	char path[512];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/sys/block/%s/%s", disk, attr);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	if (n < 0) {
		n = -errno;
		close(fd);
		return n;
	}
	close(fd);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

int gd_sysfs_u64(const char *disk, const char *attr, uint64_t *out)
{
	char buf[64], *end;
	int ret;

	ret = gd_sysfs_read(disk, attr, buf, sizeof(buf));
	if (ret)
		return ret;
	errno = 0;
	*out = strtoull(buf, &end, 10);
	if (errno || end == buf || *end)
		return -EINVAL;
	return 0;
}

int gd_sysfs_devnum(const char *disk, unsigned int *major,
		    unsigned int *minor)
{
	char buf[64], tail;
	int ret;

	ret = gd_sysfs_read(disk, "dev", buf, sizeof(buf));
	if (ret)
		return ret;
	if (sscanf(buf, "%u:%u%c", major, minor, &tail) != 2)
		return -EINVAL;
	return 0;
}

int gd_proc_partitions_find(const char *name, unsigned int *major,
			    unsigned int *minor, uint64_t *blocks)
{
	char line[256], part[128];
	int ret = -ENOENT;
	FILE *f;

	f = fopen("/proc/partitions", "r");
	if (!f)
		return -errno;
	/* "major minor  #blocks  name", a blank line, then one per disk. */
	while (fgets(line, sizeof(line), f)) {
		unsigned int ma, mi;
		uint64_t b;

		if (sscanf(line, " %u %u %" SCNu64 " %127s",
			   &ma, &mi, &b, part) != 4)
			continue;
		if (strcmp(part, name))
			continue;
		*major = ma;
		*minor = mi;
		*blocks = b;
		ret = 0;
		break;
	}
	fclose(f);
	return ret;
}

int gd_sysfs_count_disks(const char *prefix, char *first, size_t len)
{
	size_t plen = strlen(prefix);
	struct dirent *de;
	int count = 0;
	DIR *d;

	if (len)
		first[0] = '\0';
	d = opendir("/sys/block");
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, prefix, plen) ||
		    !isdigit((unsigned char)de->d_name[plen]))
			continue;
		if (!count++ && len)
			snprintf(first, len, "%s", de->d_name);
	}
	closedir(d);
	return count;
}

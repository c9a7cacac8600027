/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the block layer publishes about a disk: /sys/block/NAME attributes
 * and /proc/partitions.
 */
#ifndef GENDISK_SYSFS_H
#define GENDISK_SYSFS_H

#include <stddef.h>
#include <stdint.h>

/* /sys/block/DISK/ATTR into @buf without the trailing newline: 0/-errno. */
int gd_sysfs_read(const char *disk, const char *attr, char *buf, size_t len);

/* The same attribute parsed as an unsigned decimal number: 0/-errno. */
int gd_sysfs_u64(const char *disk, const char *attr, uint64_t *out);

/* The "dev" attribute ("MAJOR:MINOR"): 0/-errno. */
int gd_sysfs_devnum(const char *disk, unsigned int *major,
		    unsigned int *minor);

/*
 * Find NAME in /proc/partitions: its numbers and size in 1 KiB blocks.
 * Returns 0, -ENOENT when absent, or another negative errno.
 */
int gd_proc_partitions_find(const char *name, unsigned int *major,
			    unsigned int *minor, uint64_t *blocks);

/*
 * Count the /sys/block entries named PREFIX followed by a digit; the first
 * one found is copied into @first.  Returns the count or -errno.
 */
int gd_sysfs_count_disks(const char *prefix, char *first, size_t len);

#endif /* GENDISK_SYSFS_H */

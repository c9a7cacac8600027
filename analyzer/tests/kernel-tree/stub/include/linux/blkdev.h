/* SPDX-License-Identifier: GPL-2.0 */
/* Stub tree: the few block layer declarations the test driver uses. */
#ifndef _GDSTUB_BLKDEV_H
#define _GDSTUB_BLKDEV_H

#define __init
#define __exit
#define __must_check __attribute__((warn_unused_result))
#define NULL ((void *)0)
#define MAX_ERRNO 4095

static inline int IS_ERR(const void *ptr)
{
	return (unsigned long)ptr >= (unsigned long)-MAX_ERRNO;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

struct gendisk {
	int major;
	int first_minor;
	int minors;
	const void *fops;
};

struct gendisk *blk_alloc_disk(void *lim, int node);
int __must_check device_add_disk(void *parent, struct gendisk *disk, void *groups);
static inline int __must_check add_disk(struct gendisk *disk)
{
	return device_add_disk(NULL, disk, NULL);
}
void del_gendisk(struct gendisk *disk);
void put_disk(struct gendisk *disk);

/* only in the tree's own headers, not in the stub kdir's */
void blk_stub_tree_only(struct gendisk *disk);

#endif

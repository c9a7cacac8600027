// SPDX-License-Identifier: GPL-2.0
/*
 * wx_find_disk() returns a struct gendisk * that the driver already holds
 * (a lookup: its body allocates nothing), and the caller checks it for
 * NULL: no allocation, so the -ENODEV return after it leaks nothing.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define WX_NR 2

static struct gendisk *wx_disks[WX_NR];

static struct gendisk *wx_find_disk(unsigned int i)
{
	if (i >= WX_NR)
		return NULL;
	return wx_disks[i];
}

int wx_resize(unsigned int i, sector_t sectors);
int wx_resize(unsigned int i, sector_t sectors)
{
	struct gendisk *disk;

	disk = wx_find_disk(i);
	if (!disk)
		return -ENODEV;
	if (!sectors)
		return -EINVAL;
	set_capacity_and_notify(disk, sectors);
	return 0;
}

static void __exit wx_exit(void)
{
	unsigned int i;

	for (i = 0; i < WX_NR; i++) {
		if (!wx_disks[i])
			continue;
		del_gendisk(wx_disks[i]);
		put_disk(wx_disks[i]);
	}
}

module_exit(wx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a disk lookup checked for NULL is no allocation
 */

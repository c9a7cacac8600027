// SPDX-License-Identifier: GPL-2.0
/*
 * The exit path walks an array of units with a moving pointer (cd++), as
 * paride's pcd and pf did: each iteration deletes and puts another disk.
 * A pointer that moves reaches other disks through its fields, so the
 * second iteration's put is no double put.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define PW_UNITS 4

struct pw_unit {
	int present;
	struct gendisk *disk;
};

static struct pw_unit pw_units[PW_UNITS];

static int __init pw_init(void)
{
	return 0;
}

static void __exit pw_exit(void)
{
	struct pw_unit *cd;
	int unit;

	for (unit = 0, cd = pw_units; unit < PW_UNITS; unit++, cd++) {
		if (!cd->present)
			continue;
		del_gendisk(cd->disk);
		put_disk(cd->disk);
	}
}

module_init(pw_init);
module_exit(pw_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del+put in a loop whose pointer moves
 * check-headers: 6.12 none
 */

// SPDX-License-Identifier: GPL-2.0
/*
 * The other file of the module tdmod2 (Kbuild): it allocates the device's
 * disk and puts it only when that fails half-way.  Not a fixture itself;
 * fire-teardown-module-no-put.c's remove relies on it.
 */
#include <linux/module.h>
#include "tdmod2.h"

int tdm2_alloc_disk(struct tdm2_dev *dev)
{
	struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

	if (IS_ERR(disk))
		return PTR_ERR(disk);
	if (snprintf(disk->disk_name, DISK_NAME_LEN, "tdm2_%d", dev->id) >= DISK_NAME_LEN) {
		put_disk(disk);
		return -EINVAL;
	}
	dev->disk = disk;
	return 0;
}

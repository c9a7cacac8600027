// SPDX-License-Identifier: GPL-2.0
/*
 * The other file of the module tdmod (Kbuild): it allocates the device's
 * disk and holds the kref release function, which puts it.  Not a fixture
 * itself; ok-teardown-put-in-module-file.c's remove relies on it.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "tdmod.h"

int tdm_alloc_disk(struct tdm_dev *dev)
{
	struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

	if (IS_ERR(disk))
		return PTR_ERR(disk);
	dev->disk = disk;
	return 0;
}

void tdm_release(struct kref *ref)
{
	struct tdm_dev *dev = container_of(ref, struct tdm_dev, ref);

	put_disk(dev->disk);
	kfree(dev);
}

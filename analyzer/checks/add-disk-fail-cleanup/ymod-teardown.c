// SPDX-License-Identifier: GPL-2.0
/*
 * The other file of the module ymod (Kbuild): the unwinding of a failed
 * add, which only puts the disk.  Not a fixture itself.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "ymod.h"

void ymod_put_unadded(struct ymod_dev *dev)
{
	put_disk(dev->disk);
	kfree(dev);
}

void ymod_remove(struct ymod_dev *dev)
{
	del_gendisk(dev->disk);
	put_disk(dev->disk);
	kfree(dev);
}

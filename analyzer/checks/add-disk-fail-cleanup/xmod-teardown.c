// SPDX-License-Identifier: GPL-2.0
/*
 * The other file of the module xmod (Kbuild): its teardown helper deletes
 * and puts the device's disk through a static function of this file.  Not
 * a fixture itself; the summary of xmod_teardown() is what
 * fire-helper-in-module-file.c's call gets.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "xmod.h"

static void xmod_drop_disk(struct xmod_dev *dev)
{
	del_gendisk(dev->disk);
	put_disk(dev->disk);
}

void xmod_teardown(struct xmod_dev *dev)
{
	xmod_drop_disk(dev);
	kfree(dev);
}

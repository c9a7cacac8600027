// SPDX-License-Identifier: GPL-2.0
/*
 * A driver of the 5.x generation parsed with 6.12's headers: alloc_disk()
 * and blk_cleanup_queue() are not declared there.  gendisk-lint must say
 * once that the file uses another kernel generation's API (and that the
 * parse is degraded), and still analyse the calls by what they meant.
 * gdo_platform_probe() is undeclared too but no block API: not named.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *gdo_disk;

static int __init gdo_init(void)
{
	gdo_disk = alloc_disk(1);
	if (!gdo_disk)
		return -ENOMEM;
	gdo_platform_probe();
	add_disk(gdo_disk);
	return 0;
}

static void __exit gdo_exit(void)
{
	del_gendisk(gdo_disk);
	blk_cleanup_queue(gdo_disk->queue);
	put_disk(gdo_disk);
}

module_init(gdo_init);
module_exit(gdo_exit);
MODULE_LICENSE("GPL");

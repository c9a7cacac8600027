// SPDX-License-Identifier: GPL-2.0
/*
 * partition-api: a legacy driver adding and deleting partitions itself.
 * gendisk-cocci: legacy input (uses API absent from 6.1/6.12); report only.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *fx_disk;

static int __init fx_init(void)
{
	add_partition(fx_disk, 1, 0, 1024);
	return 0;
}

static void __exit fx_exit(void)
{
	delete_partition(fx_disk, 1);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");

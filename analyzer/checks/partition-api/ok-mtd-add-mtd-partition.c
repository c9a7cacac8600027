// SPDX-License-Identifier: GPL-2.0
/*
 * MTD's mtd_add_partition()/mtd_del_partition() are the exported MTD API
 * (include/linux/mtd/partitions.h), not the block layer's partition
 * internals: a near-miss by name.
 */
#include <linux/module.h>
#include <linux/mtd/mtd.h>
#include <linux/mtd/partitions.h>

static struct mtd_info *part_master;

static int __init part_init(void)
{
	part_master = get_mtd_device(NULL, 0);
	if (IS_ERR(part_master))
		return PTR_ERR(part_master);
	return mtd_add_partition(part_master, "extra", 0, 0x10000);
}

static void __exit part_exit(void)
{
	mtd_del_partition(part_master, 1);
	put_mtd_device(part_master);
}

module_init(part_init);
module_exit(part_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: mtd_add_partition is the MTD API, not add_partition
 */

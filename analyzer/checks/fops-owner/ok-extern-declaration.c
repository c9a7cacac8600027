// SPDX-License-Identifier: GPL-2.0
/*
 * Only definitions are judged: this file declares a fops table that
 * another file of the driver defines (with .owner), the way multi-file
 * drivers such as drivers/block/aoe share aoe_bdops, and it has a local
 * struct block_device_operations pointer, which is no definition of a table.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

extern const struct block_device_operations shared_fops;

static const struct block_device_operations *shared_fops_ptr = &shared_fops;

static const struct block_device_operations *shared_get_fops(void)
{
	return shared_fops_ptr;
}

static int __init shared_init(void)
{
	return shared_get_fops() ? 0 : -ENODEV;
}

static void __exit shared_exit(void)
{
}

module_init(shared_init);
module_exit(shared_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: extern fops declaration and a pointer to fops
 */

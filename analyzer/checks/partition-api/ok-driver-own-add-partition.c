// SPDX-License-Identifier: GPL-2.0
/*
 * A driver's own file-local add_partition(): the name is the block
 * layer's, the function is not.  A call is the kernel's API only when the
 * kernel declares the callee (or, without headers, when the file does not
 * define a function of that name).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct ap_table {
	int nparts;
	sector_t start[4];
};

static struct ap_table ap_table;

static int add_partition(struct ap_table *t, sector_t start)
{
	if (t->nparts >= 4)
		return -ENOSPC;
	t->start[t->nparts++] = start;
	return 0;
}

static int __init ap_init(void)
{
	return add_partition(&ap_table, 2048);
}

static void __exit ap_exit(void)
{
}

module_init(ap_init);
module_exit(ap_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a static add_partition() of the driver's own
 * check-headers: 6.12 none
 */

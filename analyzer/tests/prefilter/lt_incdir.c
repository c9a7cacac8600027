// SPDX-License-Identifier: GPL-2.0
/*
 * Token prefilter: every trigger token of the rules is only
 * in hdrs/lt_hidden.h, found through -Ihdrs only.  The file must still be parsed: its
 * failed lt_register() returns without lt_forget(), a leak.
 */
#include <linux/module.h>
#include "lt_hidden.h"

static struct gendisk *lt;

static int __init lt_init(void)
{
	struct gendisk *d = lt_new(NUMA_NO_NODE);
	int err;

	if (IS_ERR(d))
		return PTR_ERR(d);
	err = lt_register(d);
	if (err)
		return err;
	lt = d;
	return 0;
}
module_init(lt_init);
MODULE_LICENSE("GPL");

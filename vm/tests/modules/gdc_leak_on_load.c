// SPDX-License-Identifier: GPL-2.0
/*
 * gdc_leak_on_load - a module whose init allocates memory and forgets it.
 *
 * Test fixture of gendisk-check's vm/: on a kernel with kmemleak, a run
 * with --kmemleak that loads it must fail with an "unreferenced object"
 * report whose backtrace names this module.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

static int __init gdc_leak_on_load_init(void)
{
	char *p = kmalloc(200, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	/* Used, so the allocation stays; never freed nor stored anywhere. */
	strscpy(p, "gdc_leak_on_load: deliberately leaked", 200);
	pr_info("%s\n", p);
	return 0;
}

static void __exit gdc_leak_on_load_exit(void)
{
}

module_init(gdc_leak_on_load_init);
module_exit(gdc_leak_on_load_exit);
MODULE_DESCRIPTION("Test fixture: leaks 200 bytes when loaded");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * gdc_warn_on_load - a module whose init triggers a kernel WARNING.
 *
 * Test fixture of gendisk-check's vm/: a run that loads it must be
 * reported as a failure, with the WARNING lines printed.
 */
#include <linux/bug.h>
#include <linux/init.h>
#include <linux/module.h>

static int __init gdc_warn_on_load_init(void)
{
	WARN(1, "gdc_warn_on_load: deliberate warning for the vm/ tests\n");
	return 0;
}

static void __exit gdc_warn_on_load_exit(void)
{
}

module_init(gdc_warn_on_load_init);
module_exit(gdc_warn_on_load_exit);
MODULE_DESCRIPTION("Test fixture: WARNs when loaded");
MODULE_LICENSE("GPL");

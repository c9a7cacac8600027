// SPDX-License-Identifier: GPL-2.0
/*
 * gdc_oops_on_load - a module whose init dereferences a NULL pointer.
 *
 * Test fixture of gendisk-check's vm/: the kernel oopses (insmod is
 * killed, the kernel goes on) and the run must be reported as a failure.
 */
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/module.h>

static int __init gdc_oops_on_load_init(void)
{
	int *target = NULL;

	/* The compiler must not see that the store below is to NULL. */
	OPTIMIZER_HIDE_VAR(target);
	*target = 1;
	return 0;
}

static void __exit gdc_oops_on_load_exit(void)
{
}

module_init(gdc_oops_on_load_init);
module_exit(gdc_oops_on_load_exit);
MODULE_DESCRIPTION("Test fixture: NULL pointer dereference when loaded");
MODULE_LICENSE("GPL");

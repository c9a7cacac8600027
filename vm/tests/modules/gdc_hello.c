// SPDX-License-Identifier: GPL-2.0
/*
 * gdc_hello - a well-behaved module with a parameter.
 *
 * Test fixture of gendisk-check's vm/: proves that --module and
 * --insmod 'NAME PARAMS' deliver a module and its parameters to the guest.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>

static char *greeting = "hello";
module_param(greeting, charp, 0444);
MODULE_PARM_DESC(greeting, "Word printed when the module loads");

static int __init gdc_hello_init(void)
{
	pr_info("gdc_hello: %s\n", greeting);
	return 0;
}

static void __exit gdc_hello_exit(void)
{
	pr_info("gdc_hello: bye\n");
}

module_init(gdc_hello_init);
module_exit(gdc_hello_exit);
MODULE_DESCRIPTION("Test fixture: a module that loads cleanly");
MODULE_LICENSE("GPL");

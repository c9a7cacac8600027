// SPDX-License-Identifier: GPL-2.0
/*
 * gdc_hung_on_load - a module whose init sleeps uninterruptibly.
 *
 * Test fixture of gendisk-check's vm/: insmod stays in D state longer
 * than the guest's hung_task_timeout_secs, the kernel reports a hung task
 * and the run must be reported as a failure.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>

static unsigned int seconds = 12;
module_param(seconds, uint, 0444);
MODULE_PARM_DESC(seconds, "How long init sleeps in D state");

static int __init gdc_hung_on_load_init(void)
{
	schedule_timeout_uninterruptible(seconds * HZ);
	return 0;
}

static void __exit gdc_hung_on_load_exit(void)
{
}

module_init(gdc_hung_on_load_init);
module_exit(gdc_hung_on_load_exit);
MODULE_DESCRIPTION("Test fixture: sleeps in D state when loaded");
MODULE_LICENSE("GPL");

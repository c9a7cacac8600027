// SPDX-License-Identifier: GPL-2.0
/*
 * gdc_sleep_in_atomic_on_load - a module whose init calls a function that
 * may sleep while it holds a spinlock.
 *
 * Test fixture of gendisk-check's vm/: on a kernel with
 * DEBUG_ATOMIC_SLEEP it reports "BUG: sleeping function called from
 * invalid context".  might_sleep() only checks; nothing really sleeps.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(gdc_lock);

static int __init gdc_sleep_in_atomic_on_load_init(void)
{
	spin_lock(&gdc_lock);
	might_sleep();
	spin_unlock(&gdc_lock);
	return 0;
}

static void __exit gdc_sleep_in_atomic_on_load_exit(void)
{
}

module_init(gdc_sleep_in_atomic_on_load_init);
module_exit(gdc_sleep_in_atomic_on_load_exit);
MODULE_DESCRIPTION("Test fixture: might_sleep() under a spinlock when loaded");
MODULE_LICENSE("GPL");

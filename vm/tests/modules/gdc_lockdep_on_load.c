// SPDX-License-Identifier: GPL-2.0
/*
 * gdc_lockdep_on_load - a module whose init takes two mutexes in both
 * orders (A then B, later B then A).
 *
 * Test fixture of gendisk-check's vm/: nothing deadlocks (one thread),
 * but on a kernel with lockdep (PROVE_LOCKING) the second order makes it
 * report "possible circular locking dependency detected".
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(gdc_lock_a);
static DEFINE_MUTEX(gdc_lock_b);

static int __init gdc_lockdep_on_load_init(void)
{
	mutex_lock(&gdc_lock_a);
	mutex_lock(&gdc_lock_b);
	mutex_unlock(&gdc_lock_b);
	mutex_unlock(&gdc_lock_a);

	mutex_lock(&gdc_lock_b);
	mutex_lock(&gdc_lock_a);
	mutex_unlock(&gdc_lock_a);
	mutex_unlock(&gdc_lock_b);
	return 0;
}

static void __exit gdc_lockdep_on_load_exit(void)
{
}

module_init(gdc_lockdep_on_load_init);
module_exit(gdc_lockdep_on_load_exit);
MODULE_DESCRIPTION("Test fixture: AB-BA lock order when loaded");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * The other file of the module dqmod (Kbuild): it lists the units, runs
 * dq_unit_gdalloc() of ok-module-work-cleared.c from a work item and,
 * at exit, deletes and puts every unit's disk it finds set.  Not a fixture
 * itself.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "dpmod.h"

static LIST_HEAD(dq_units);

static void dq_unit_free(struct dp_unit *u)
{
	if (u->gd) {
		del_gendisk(u->gd);
		put_disk(u->gd);
	}
	list_del(&u->node);
	kfree(u);
}

static void dq_unit_work(struct work_struct *work)
{
	struct dp_unit *u = container_of(work, struct dp_unit, work);

	dq_unit_gdalloc(u);
}

static int __init dq_init(void)
{
	struct dp_unit *u = kzalloc(sizeof(*u), GFP_KERNEL);

	if (!u)
		return -ENOMEM;
	INIT_WORK(&u->work, dq_unit_work);
	list_add(&u->node, &dq_units);
	schedule_work(&u->work);
	return 0;
}

static void __exit dq_exit(void)
{
	struct dp_unit *u, *n;

	flush_scheduled_work();
	list_for_each_entry_safe(u, n, &dq_units, node)
		dq_unit_free(u);
}

module_init(dq_init);
module_exit(dq_exit);
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * The other file of the module dpmod (Kbuild): it lists the units, runs
 * dp_unit_gdalloc() of fire-module-work-void-arg.c from a work item and,
 * at exit, deletes and puts every unit's disk it finds set.  Not a fixture
 * itself.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "dpmod.h"

static LIST_HEAD(dp_units);

static void dp_unit_free(struct dp_unit *u)
{
	if (u->gd) {
		del_gendisk(u->gd);
		put_disk(u->gd);
	}
	list_del(&u->node);
	kfree(u);
}

static void dp_unit_work(struct work_struct *work)
{
	struct dp_unit *u = container_of(work, struct dp_unit, work);

	dp_unit_gdalloc(u);
}

static int __init dp_init(void)
{
	struct dp_unit *u = kzalloc(sizeof(*u), GFP_KERNEL);

	if (!u)
		return -ENOMEM;
	INIT_WORK(&u->work, dp_unit_work);
	list_add(&u->node, &dp_units);
	schedule_work(&u->work);
	return 0;
}

static void __exit dp_exit(void)
{
	struct dp_unit *u, *n;

	flush_scheduled_work();
	list_for_each_entry_safe(u, n, &dp_units, node)
		dp_unit_free(u);
}

module_init(dp_init);
module_exit(dp_exit);
MODULE_LICENSE("GPL");

/* fail-after-add: an error return after add_disk() succeeded, disk still live. */
#include "rules.h"

static void on_event(const struct lint_event *ev)
{
	if (ev->kind != EV_RETURN)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		if (!ev_return_is_error(ev, c))
			continue;
		for (unsigned o = 0; o < ev->fa->nobjs; o++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);
			struct finding *f;

			if (!(st->bits & DS_ADDED) || !st->add_loc.line ||
			    !ev_is_group_leader(ev, c, (int)o) ||
			    ev_return_hands_over(ev, c, (int)o) ||
			    ev_group_is_weak(ev, c, (int)o))
				continue;
			f = lint_report(ev, "fail-after-add", ev->loc,
					"error return leaves '%s' added: del_gendisk() and put_disk() missing on this path",
					ev_obj_path(ev, (int)o));
			lint_note(f, st->add_loc, "add_disk() succeeded here");
			return;
		}
	}
}

const struct rule rule_fail_after_add = {
	.id = "fail-after-add",
	.severity = "warning",
	.confidence = "high",
	.summary = "init/probe returns an error after add_disk succeeded, without del_gendisk + put_disk",
	.explain =
		"Why: once add_disk() returned 0 the disk is live (disk_live(), set by bdev_add\n"
		"during add_disk, block/genhd.c:385-405 in 6.12): user space can open it and\n"
		"I/O can arrive.  A probe or init that then fails and returns an error\n"
		"leaves a registered disk behind whose driver thinks it failed - typically its\n"
		"private data and tag set are freed next, and the live disk points at freed\n"
		"memory.  Teardown of an added disk is del_gendisk() then put_disk()\n"
		"(gendisk-api.md 2.8).\n"
		"\n"
		"Wrong:\n"
		"\terr = add_disk(disk);\n"
		"\tif (err)\n"
		"\t\tgoto out_put_disk;\n"
		"\terr = sysfs_create_group(&disk_to_dev(disk)->kobj, &attr_group);\n"
		"\tif (err)\n"
		"\t\tgoto out_put_disk;\t/* disk still added */\n"
		"\n"
		"Right:\n"
		"\terr = sysfs_create_group(&disk_to_dev(disk)->kobj, &attr_group);\n"
		"\tif (err)\n"
		"\t\tgoto out_del_disk;\n"
		"\t...\n"
		"out_del_disk:\n"
		"\tdel_gendisk(disk);\n"
		"out_put_disk:\n"
		"\tput_disk(disk);\n"
		"\n"
		"Fix: do everything that can fail before add_disk() (add_disk is the last step\n"
		"of probe), or unwind with del_gendisk() + put_disk() after it.\n"
		"\n"
		"Module init is stricter than probe: on 6.12 returning an error from\n"
		"module_init after a successful add_disk() is unsafe even with a correct\n"
		"del_gendisk() + put_disk() unwind.  add_disk()'s partition scan opens the\n"
		"disk as a file and fput()s it (disk_scan_partitions(), block/genhd.c:343-382);\n"
		"from insmod the final release is deferred to task_work that runs on the way\n"
		"back to user space, after do_init_module() freed the failed module\n"
		"(kernel/module/main.c:2839-2848, whatever its reference count), so\n"
		"bdev_release() -> blkdev_put_whole() calls through disk->fops into freed\n"
		"memory: an oops on every such load in this project's reference driver\n"
		"(reference-driver/README.md; none on 6.1, none with GENHD_FL_NO_PART).  Any\n"
		"other opener still holding the disk (udev's blkid) hits the same on every\n"
		"kernel.  So in init: prepare every disk first, add them last, and after a\n"
		"disk went live handle a failure by removing the disks and returning 0.  In\n"
		"a probe function (the module stays loaded) the del_gendisk() + put_disk()\n"
		"unwind followed by an error return is fine.  This rule reports the missing\n"
		"unwind; it does not (yet) tell init from probe.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

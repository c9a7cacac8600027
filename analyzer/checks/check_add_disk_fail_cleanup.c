/* add-disk-fail-cleanup: del_gendisk() after a failed add_disk(), or no put_disk(). */
#include "rules.h"

static void on_del(const struct lint_event *ev)
{
	if (ev->fa->objs[ev->obj].weak)
		return; /* one name for many disks: another element may be the added one */
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);
		struct finding *f;

		if (!(st->bits & DS_ADD_FAILED))
			continue;
		f = lint_report(ev, "add-disk-fail-cleanup", ev->loc,
				"del_gendisk() after add_disk() failed: call put_disk() only");
		lint_note(f, st->add_loc, "add_disk() failed on this path");
		lint_note(f, st->alloc_loc, "'%s' allocated here", ev_obj_path(ev, st->group));
		return;
	}
}

static void on_return(const struct lint_event *ev)
{
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		for (unsigned o = 0; o < ev->fa->nobjs; o++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);
			struct finding *f;

			if (!(st->bits & DS_ADD_FAILED) || !st->alloc_loc.line || st->escaped ||
			    !ev_is_group_leader(ev, c, (int)o) ||
			    ev_return_hands_over(ev, c, (int)o) ||
			    ev_group_is_weak(ev, c, (int)o))
				continue;
			f = lint_report(ev, "add-disk-fail-cleanup", ev->loc,
					"'%s' leaked: add_disk() failed and this path returns without put_disk()",
					ev_obj_path(ev, (int)o));
			lint_note(f, st->add_loc, "add_disk() failed on this path");
			lint_note(f, st->alloc_loc, "'%s' allocated here", ev_obj_path(ev, (int)o));
			return;
		}
	}
}

static void on_event(const struct lint_event *ev)
{
	if (ev->kind == EV_DEL)
		on_del(ev);
	else if (ev->kind == EV_RETURN)
		on_return(ev);
}

const struct rule rule_add_disk_fail_cleanup = {
	.id = "add-disk-fail-cleanup",
	.severity = "warning",
	.confidence = "high",
	.summary = "after add_disk failed: del_gendisk called (wrong) or put_disk missing (leak)",
	.explain =
		"Why: when add_disk() fails it undoes everything it did (block/genhd.c:543-565\n"
		"in 6.12, :559-582 in 6.1); the disk was never live.  The caller must call\n"
		"put_disk() and nothing else - what brd (6.12 brd.c:404-411), virtio_blk\n"
		"(6.12 virtio_blk.c:1538-1545), null_blk and zram do.  del_gendisk() on it hits\n"
		"WARN_ON_ONCE(!disk_live(disk)) at its first line (genhd.c:660 in 6.12, :625 in\n"
		"6.1); returning without put_disk() leaks the gendisk, its queue and its\n"
		"part0 block device (->free_disk is not called for a never-added disk,\n"
		"genhd.c:1228).\n"
		"\n"
		"Wrong:\n"
		"\terr = add_disk(disk);\n"
		"\tif (err) {\n"
		"\t\tdel_gendisk(disk);\n"
		"\t\treturn err;\n"
		"\t}\n"
		"\n"
		"Right:\n"
		"\terr = add_disk(disk);\n"
		"\tif (err) {\n"
		"\t\tput_disk(disk);\n"
		"\t\treturn err;\n"
		"\t}\n"
		"\n"
		"Fix: on add_disk() failure, put_disk() (before blk_mq_free_tag_set() for\n"
		"blk-mq disks) and free the driver's own data yourself.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

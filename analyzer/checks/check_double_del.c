/* double-del: del_gendisk() twice on one path. */
#include "rules.h"
#include "typestate.h"

static void on_event(const struct lint_event *ev)
{
	int weak;

	if (ev->kind != EV_DEL)
		return;
	/* a collapsed array element (devs[]->disk) stands for many disks: only
	 * a second call on the same element, devs[i] both times, is judged */
	weak = ev->fa->objs[ev->obj].weak;
	if (weak && !ev->elem)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);
		struct finding *f;

		if (!(st->bits & DS_DELETED) || (weak && !ev_same_element(ev, st->del_elem)))
			continue;
		f = lint_report(ev, "double-del", ev->loc, "del_gendisk() called twice on '%s'",
				ev->path);
		lint_note(f, st->del_loc, "first del_gendisk() here");
		return;
	}
}

const struct rule rule_double_del = {
	.id = "double-del",
	.severity = "warning",
	.confidence = "high",
	.summary = "del_gendisk twice on one path",
	.explain =
		"Why: del_gendisk() unhashes the disk (disk_live() becomes false) and marks\n"
		"it dead; a second call hits WARN_ON_ONCE(!disk_live(disk) && !(disk->flags &\n"
		"GENHD_FL_HIDDEN)) at its first statement (block/genhd.c:660 in 6.12, :625 in\n"
		"6.1), and for hidden disks tears down objects twice.\n"
		"\n"
		"Wrong:\n"
		"\tdel_gendisk(dev->disk);\n"
		"\tmydev_cleanup(dev);\t/* also calls del_gendisk(dev->disk) */\n"
		"\n"
		"Right:\n"
		"\tmydev_cleanup(dev);\t/* the one del_gendisk + put_disk */\n"
		"\n"
		"Fix: delete each disk exactly once, in the remove path; helpers that delete\n"
		"are summarised, so the second call is often one level down.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

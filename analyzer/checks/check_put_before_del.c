/* put-before-del: put_disk() on a disk that is still added. */
#include "put_while_added.h"
#include "rules.h"
#include "typestate.h"

static void on_event(const struct lint_event *ev)
{
	if ((ev->kind != EV_PUT && ev->kind != EV_DEL) || ev->fa->objs[ev->obj].weak)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);
		struct finding *f;

		if (ev->kind == EV_DEL) {
			/* put_disk(); del_gendisk(); - reported at the put */
			if (!put_while_maybe_added(st))
				continue;
			f = lint_report(ev, "put-before-del", st->put_loc,
					"put_disk() on '%s' while it is still added: call del_gendisk() first",
					ev->path);
			if (st->put_from & DS_ADDED)
				lint_note(f, st->add_loc, "add_disk() succeeded here");
			lint_note(f, ev->loc, "del_gendisk() after put_disk() here");
			return;
		}
		if (!(st->bits & DS_ADDED))
			continue;
		f = lint_report(ev, "put-before-del", ev->loc,
				"put_disk() on '%s' while it is still added: call del_gendisk() first",
				ev->path);
		lint_note(f, st->add_loc, "add_disk() succeeded here");
		return;
	}
}

const struct rule rule_put_before_del = {
	.id = "put-before-del",
	.severity = "warning",
	.confidence = "high",
	.summary = "put_disk before del_gendisk on an added disk",
	.explain =
		"Why: add_disk is device_add, del_gendisk is device_del, put_disk is\n"
		"put_device (gendisk-api.md 2.1; the 2.6 article's object model).  While the\n"
		"disk is added, the block class holds its own device reference\n"
		"(drivers/base/class.c:164-168 in 6.12), so put_disk() alone never frees it:\n"
		"the disk stays live, visible in /dev and sysfs, with the driver gone - and\n"
		"del_gendisk() afterwards, if any, works on a disk whose owner dropped it\n"
		"(measured: a WARN in kernfs on 6.12).\n"
		"\n"
		"Wrong:\n"
		"\tstatic void mydev_remove(struct mydev *dev)\n"
		"\t{\n"
		"\t\tput_disk(dev->disk);\n"
		"\t\tdel_gendisk(dev->disk);\n"
		"\t}\n"
		"\n"
		"Right:\n"
		"\t\tdel_gendisk(dev->disk);\n"
		"\t\tput_disk(dev->disk);\n"
		"\n"
		"Fix: tear an added disk down with del_gendisk() first, then put_disk().\n"
		"\n"
		"Also reported: put_disk() followed on the same path by del_gendisk() of\n"
		"the same disk where the function does not see the add - a remove or exit\n"
		"function taking the disk from its device struct.  The del_gendisk() says\n"
		"the disk was added; the finding is at the put_disk(), with a note at the\n"
		"del_gendisk().  That del_gendisk() is not reported again as use-after-put\n"
		"(the block class still holds the added disk there); after the put of a\n"
		"disk known never added it is (see --explain use-after-put).\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

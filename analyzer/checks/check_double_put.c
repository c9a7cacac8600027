/* double-put: put_disk() twice on one path. */
#include "rules.h"
#include "typestate.h"

static void on_event(const struct lint_event *ev)
{
	int weak;

	if (ev->kind != EV_PUT)
		return;
	/* a collapsed array element (devs[]->disk) stands for many disks: only
	 * a second call on the same element, devs[i] both times, is judged */
	weak = ev->fa->objs[ev->obj].weak;
	if (weak && !ev->elem)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);
		struct finding *f;

		if (!(st->bits & DS_PUT) || (weak && !ev_same_element(ev, st->put_elem)))
			continue;
		f = lint_report(ev, "double-put", ev->loc, "put_disk() called twice on '%s'",
				ev->path);
		lint_note(f, st->put_loc, "first put_disk() here");
		return;
	}
}

const struct rule rule_double_put = {
	.id = "double-put",
	.severity = "warning",
	.confidence = "high",
	.summary = "put_disk twice on one path",
	.explain =
		"Why: put_disk() drops the driver's one reference (put_device,\n"
		"block/genhd.c:1466 in 6.12); the second call drops a reference the driver\n"
		"does not hold - a use after free of the gendisk and an underflow of its\n"
		"refcount.  It typically comes from error labels that fall through into a\n"
		"second put, or a helper (summarised here) that already put the disk.\n"
		"\n"
		"Wrong:\n"
		"out_put:\n"
		"\tput_disk(disk);\n"
		"out_free:\n"
		"\tput_disk(disk);\n"
		"\tkfree(dev);\n"
		"\n"
		"Right:\n"
		"out_put:\n"
		"\tput_disk(disk);\n"
		"out_free:\n"
		"\tkfree(dev);\n"
		"\n"
		"Fix: one put_disk() per path; set the pointer to NULL after putting it if a\n"
		"later, shared cleanup may see it again.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

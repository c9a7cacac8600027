/* alloc-unchecked: a possibly-failed gendisk pointer used without a failure check. */
#include "rules.h"
#include "typestate.h"

static void on_event(const struct lint_event *ev)
{
	if (ev->kind != EV_USE || ev->fa->objs[ev->obj].weak)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);
		struct finding *f;

		if (!(st->bits & DS_UNCHECKED))
			continue;
		f = lint_report(ev, "alloc-unchecked", ev->loc,
				"'%s' may be %s here: result of %s() is not checked", ev->path,
				st->conv == ALLOC_RETURNS_NULL ? "NULL" : "an ERR_PTR",
				st->alloc_fn ? st->alloc_fn : "the allocator");
		lint_note(f, st->alloc_loc, "'%s' allocated here", ev_obj_path(ev, st->group));
		return;
	}
}

const struct rule rule_alloc_unchecked = {
	.in_driver_headers = 1,
	.id = "alloc-unchecked",
	.severity = "warning",
	.confidence = "high",
	.summary = "result of alloc_disk / blk_alloc_disk / blk_mq_alloc_disk used without a failure check",
	.explain =
		"Why: a gendisk allocation can fail.  The 2.6 article \"Driver porting: the\n"
		"gendisk interface\" already says the result of alloc_disk() \"should always be\n"
		"checked\"; today blk_mq_alloc_disk() returns ERR_PTR(-ENOMEM) or ERR_PTR(-EINVAL)\n"
		"(block/blk-mq.c:4410,4416 in 6.12), blk_alloc_disk() returns NULL on 6.1\n"
		"(block/genhd.c:1469,1474) and an ERR_PTR on 6.12 (genhd.c:1436-1443), e.g. when\n"
		"the queue limits do not validate.  Dereferencing the result, or passing it on,\n"
		"oopses on the failure path.\n"
		"\n"
		"Wrong:\n"
		"\tdisk = blk_mq_alloc_disk(&dev->tag_set, &lim, dev);\n"
		"\tdisk->fops = &mydev_fops;\n"
		"\n"
		"Right:\n"
		"\tdisk = blk_mq_alloc_disk(&dev->tag_set, &lim, dev);\n"
		"\tif (IS_ERR(disk)) {\n"
		"\t\tret = PTR_ERR(disk);\n"
		"\t\tgoto out_free_tag_set;\n"
		"\t}\n"
		"\tdisk->fops = &mydev_fops;\n"
		"\n"
		"Fix: test the result right after the call with the check the allocator needs\n"
		"(IS_ERR() for ERR_PTR-returning allocators, a NULL test for NULL-returning ones;\n"
		"IS_ERR_OR_NULL() is right for both) and unwind on failure.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

/* alloc-wrong-check: a NULL test on an ERR_PTR allocator, or IS_ERR on a NULL one. */
#include "rules.h"
#include "typestate.h"

static void on_event(const struct lint_event *ev)
{
	if (ev->kind != EV_ALLOC_CHECK || ev->check == CHECK_IS_ERR_OR_NULL)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);
		struct finding *f = NULL;

		if (!(st->bits & DS_UNCHECKED) || !st->alloc_fn)
			continue;
		if (ev->check == CHECK_NULL && st->conv == ALLOC_RETURNS_ERR_PTR &&
		    !ev_cond_has_check(ev, CHECK_IS_ERR) && !ev_cond_has_check(ev, CHECK_IS_ERR_OR_NULL)) {
			const struct ir_node *later = ev_check_follows(ev, CHECK_IS_ERR);

			if (!later)
				later = ev_check_follows(ev, CHECK_IS_ERR_OR_NULL);
			if (later) {
				/* harmless: the failure is caught on the next test */
				f = lint_report(ev, "alloc-wrong-check", ev->loc,
						"dead NULL test, IS_ERR() follows: %s() returns an "
						"ERR_PTR on failure, never NULL, and the test on line "
						"%u catches it; drop this one", st->alloc_fn,
						later->loc.line);
				if (f)
					f->severity = "info";
			} else {
				f = lint_report(ev, "alloc-wrong-check", ev->loc,
						"IS_ERR() missing: %s() returns an ERR_PTR on failure, "
						"never NULL, so this test lets it through and the error "
						"pointer is dereferenced: use IS_ERR()", st->alloc_fn);
			}
		} else if (ev->check == CHECK_IS_ERR && st->conv == ALLOC_RETURNS_NULL &&
			 !ev_cond_has_check(ev, CHECK_NULL) && st->conv_by_call)
			f = lint_report(ev, "alloc-wrong-check", ev->loc,
					"%s() as called here (the API of Linux 6.8 and before) "
					"returns NULL on failure: IS_ERR() misses it", st->alloc_fn);
		else if (ev->check == CHECK_IS_ERR && st->conv == ALLOC_RETURNS_NULL &&
			 !ev_cond_has_check(ev, CHECK_NULL))
			f = lint_report(ev, "alloc-wrong-check", ev->loc,
					"%s() returns NULL on failure on Linux %s: IS_ERR() misses it",
					st->alloc_fn, ev_target_version(ev));
		else
			continue;
		lint_note(f, st->alloc_loc, "'%s' allocated here", ev_obj_path(ev, st->group));
		return;
	}
}

const struct rule rule_alloc_wrong_check = {
	.in_driver_headers = 1,
	.id = "alloc-wrong-check",
	.severity = "error",
	.confidence = "high",
	.summary = "NULL check on an ERR_PTR-returning allocator (info when IS_ERR() follows) or IS_ERR on a NULL-returning one (version-aware)",
	.explain =
		"Why: the allocators do not agree on how they fail, and blk_alloc_disk()\n"
		"changed.  blk_mq_alloc_disk() returns an ERR_PTR on both 6.1 and 6.12\n"
		"(block/blk-mq.c:4207,4213 / 4410,4416), never NULL, so \"if (!disk)\" never\n"
		"fires and the ERR_PTR is dereferenced.  blk_alloc_disk() returns NULL on 6.1\n"
		"(block/genhd.c:1469,1474) but an ERR_PTR on 6.12 (genhd.c:1436-1443; the\n"
		"kerneldoc at include/linux/blkdev.h:881 says \"Returns an ERR_PTR on error\");\n"
		"the cut-over was 6.9.  alloc_disk() (2.6-5.x) returned NULL.  The target\n"
		"kernel is LINUX_VERSION_CODE of the headers parsed, or --kernel.\n"
		"\n"
		"Wrong (6.12):\n"
		"\tdisk = blk_alloc_disk(&lim, NUMA_NO_NODE);\n"
		"\tif (!disk)\n"
		"\t\treturn -ENOMEM;\n"
		"\n"
		"Right (6.12):\n"
		"\tdisk = blk_alloc_disk(&lim, NUMA_NO_NODE);\n"
		"\tif (IS_ERR(disk))\n"
		"\t\treturn PTR_ERR(disk);\n"
		"\n"
		"Two cases of a NULL test on an ERR_PTR allocator are told apart:\n"
		"- \"IS_ERR() missing: ... the error pointer is dereferenced\" (severity\n"
		"  error): the NULL test is the only check, the ERR_PTR goes on as a disk\n"
		"  and the first disk->... oopses;\n"
		"- \"dead NULL test, IS_ERR() follows\" (severity info): an IS_ERR() or\n"
		"  IS_ERR_OR_NULL() test of the same pointer comes right after (the next\n"
		"  statements of the block, none of which uses the pointer, or the test's\n"
		"  else-if), so the failure is caught: the NULL test is dead code, harmless,\n"
		"  and only misleads the reader.\n"
		"\n"
		"Dead (info):\n"
		"\tdisk = blk_mq_alloc_disk(&set, NULL, dev);\n"
		"\tif (!disk)\n"
		"\t\treturn -ENOMEM;\n"
		"\tif (IS_ERR(disk))\n"
		"\t\treturn PTR_ERR(disk);\n"
		"\n"
		"Fix: use IS_ERR()/PTR_ERR() for ERR_PTR-returning allocators and a NULL test\n"
		"for NULL-returning ones; code that must build for both 6.1 and 6.12 can use\n"
		"IS_ERR_OR_NULL() or a LINUX_VERSION_CODE switch.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

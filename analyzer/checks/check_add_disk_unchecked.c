/* add-disk-unchecked: the result of add_disk()/device_add_disk() is thrown away. */
#include "kernel_version.h"
#include "rules.h"
#include "typestate.h"

static void on_event(const struct lint_event *ev)
{
	if (ev->kind != EV_ADD || !ev->result_discarded || ev->via_helper ||
	    !add_disk_returns_int(ev->fa->target))
		return;
	lint_report(ev, "add-disk-unchecked", ev->loc, "return value of %s() is ignored",
		    ev->callee);
}

const struct rule rule_add_disk_unchecked = {
	.id = "add-disk-unchecked",
	.severity = "warning",
	.confidence = "high",
	.summary = "return value of add_disk / device_add_disk ignored",
	.explain =
		"Why: add_disk() was void in 2.6 (the article: add_disk(), then the disk is\n"
		"live) but has returned int since 5.15 and is __must_check since 5.16\n"
		"(include/linux/blkdev.h:754-756 in 6.1, :792-794 in 6.12).  It fails for\n"
		"real: a duplicate name, dev_t exhaustion, -EINVAL when major == 0 with\n"
		"minors > 0 (block/genhd.c:455-476 in 6.12).  After a failure the disk is\n"
		"not live, must not be deleted, and must be put; a driver that ignores the\n"
		"result goes on as if the disk existed.\n"
		"\n"
		"Wrong:\n"
		"\tadd_disk(disk);\n"
		"\treturn 0;\n"
		"\n"
		"Right:\n"
		"\terr = add_disk(disk);\n"
		"\tif (err)\n"
		"\t\tgoto out_put_disk;\n"
		"\treturn 0;\n"
		"out_put_disk:\n"
		"\tput_disk(disk);\n"
		"\treturn err;\n"
		"\n"
		"Fix: keep the result, and on failure unwind with put_disk() only (see\n"
		"add-disk-fail-cleanup).  A (void) cast does not make it right.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

/* use-after-put: the disk (or disk->queue, disk->private_data) used after put_disk(). */
#include "put_while_added.h"
#include "rules.h"
#include "typestate.h"

static void on_event(const struct lint_event *ev)
{
	/* del_gendisk()/add_disk() on a put disk pass it to a function, too */
	if ((ev->kind != EV_USE && ev->kind != EV_DEL && ev->kind != EV_ADD) ||
	    ev->fa->objs[ev->obj].weak)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);
		struct finding *f;

		if (!(st->bits & DS_PUT))
			continue;
		/* put_disk(); del_gendisk(); on an added disk: put-before-del's */
		if (ev->kind == EV_DEL && put_while_maybe_added(st))
			continue;
		f = lint_report(ev, "use-after-put", ev->loc, "'%s' used after put_disk()", ev->path);
		lint_note(f, st->put_loc, "put_disk() here");
		return;
	}
}

const struct rule rule_use_after_put = {
	.id = "use-after-put",
	.severity = "warning",
	.confidence = "high",
	.summary = "disk, disk->queue or disk->private_data used after put_disk",
	.explain =
		"Why: the final put_disk() runs disk_release(), which puts the queue\n"
		"(blk_put_queue(disk->queue), block/genhd.c:1226 in 6.12) and frees the\n"
		"gendisk through its part0 inode (genhd.c:1231).  Any access afterwards -\n"
		"disk->queue, disk->private_data, disk->disk_name, passing the disk on - is a\n"
		"use after free.  Runtime checkers often miss it: the memory is freed later,\n"
		"with the block device inode (measured on 6.12 with KASAN).\n"
		"\n"
		"Wrong:\n"
		"\tdel_gendisk(dev->disk);\n"
		"\tput_disk(dev->disk);\n"
		"\tkfree(dev->disk->private_data);\n"
		"\n"
		"Right:\n"
		"\tdel_gendisk(dev->disk);\n"
		"\tpriv = dev->disk->private_data;\n"
		"\tput_disk(dev->disk);\n"
		"\tkfree(priv);\n"
		"\n"
		"Fix: read what you need before put_disk(), or free private data in\n"
		"->free_disk; put_disk() is the last thing done with the disk.\n"
		"\n"
		"del_gendisk() after put_disk(): when the disk may still have been added at\n"
		"the put (added in this function, or taken from outside it as in a remove\n"
		"function), the pair is reported once, as put-before-del at the put; when\n"
		"the disk was never added (its put was the last reference), the\n"
		"del_gendisk() is reported here.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

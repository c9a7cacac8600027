/* use-after-put: the disk (or disk->queue, disk->private_data) used after
 * put_disk(); and the driver struct a ->free_disk frees, used after the
 * last put of an added disk (free_disk_private.h). */
#include "file_rules.h"
#include "free_disk_private.h"
#include "local_disks.h"
#include "put_while_added.h"
#include "rules.h"
#include "summary_table.h"
#include "typestate.h"

#include <stdio.h>
#include <string.h>

#define UAP_PATH_LEN 256

struct owner_use {
	const char *owner;    /* the private data's path: dd */
	struct ir_loc after;  /* the put */
	struct ir_loc jump;   /* the first return/goto after it (line 0: none) */
	struct ir_loc use;    /* out: the first use of owner in between */
	char text[UAP_PATH_LEN];
};

static int jump_visit(const struct ir_node *n, void *data)
{
	struct owner_use *u = data;

	if ((n->kind == IR_RETURN || n->kind == IR_GOTO) && n->loc.line > u->after.line &&
	    (!u->jump.line || ir_loc_before(n->loc, u->jump)))
		u->jump = n->loc;
	return 1;
}

/* owner->member, or owner passed to a call */
static int use_visit(const struct ir_node *n, void *data)
{
	struct owner_use *u = data;
	const struct ir_node *base = NULL;
	char buf[UAP_PATH_LEN];

	if (n->loc.line <= u->after.line || (u->jump.line && !ir_loc_before(n->loc, u->jump)) ||
	    (u->use.line && !ir_loc_before(n->loc, u->use)))
		return 1;
	if (n->kind == IR_MEMBER && (n->flags & IRF_ARROW) && n->nkids == 1)
		base = n->kids[0];
	else if (n->kind == IR_CALL)
		for (unsigned k = 0; k < ir_call_nargs(n) && !base; k++)
			if (ir_path_text(ir_call_arg(n, k), buf, sizeof(buf)) && !strcmp(buf, u->owner))
				base = ir_call_arg(n, k);
	if (base && ir_path_text(base, buf, sizeof(buf)) && !strcmp(buf, u->owner)) {
		u->use = n->kind == IR_CALL ? base->loc : n->loc;
		snprintf(u->text, sizeof(u->text), "%s", buf);
	}
	return 1;
}

/*
 * The last put of a disk that was added runs its ->free_disk; when that
 * frees the disk's private data (free_disk_private.h), the driver struct
 * is gone after the put: its first use on the stretch that falls through
 * from the put (up to the next return or goto) is a use after free
 * (mtip_block_initialize()'s unwind: put_disk(dd->disk), then
 * blk_mq_free_tag_set(&dd->tags)).
 */
static void on_put(const struct lint_event *ev)
{
	const struct summary_table *t = ev->fa->summaries;
	struct free_disk_private fdp;
	struct owner_use u = { 0 };
	char owner[UAP_PATH_LEN];
	const uint16_t live = DS_ADDED | DS_DELETED;
	int added = 0;
	struct finding *f;

	if (ev->fa->objs[ev->obj].weak || ev->via_helper || !t || !t->facts || !t->lf ||
	    !ev->path)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev) && !added; c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);

		added = st->added_once && (st->bits & live) && !(st->bits & ~live) &&
			!st->escaped;
	}
	if (!added || !free_disk_private_of(t->facts, t->lf, ev->path, &fdp) ||
	    !ir_path_text(fdp.owner, owner, sizeof(owner)))
		return;
	u.owner = owner;
	u.after = ev->loc;
	ir_walk(ev->fa->fn->body, jump_visit, &u);
	ir_walk(ev->fa->fn->body, use_visit, &u);
	if (!u.use.line)
		return;
	f = lint_report(ev, "use-after-put", u.use,
			"'%s' used after put_disk() of the added '%s': its ->free_disk, %s(), frees '%s' (its private_data)",
			owner, ev->path, fdp.free_disk->name, owner);
	lint_note(f, ev->loc, "put_disk() here");
	if (lowered_function_index(t->lf, fdp.free_disk->name) >= 0)
		lint_note(f, fdp.free_loc, "%s() frees it here", fdp.free_disk->name);
}

static void on_event(const struct lint_event *ev)
{
	if (ev->kind == EV_PUT)
		on_put(ev);
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
		"del_gendisk() is reported here.\n"
		"\n"
		"The driver struct after the last put of an added disk: disk_release()\n"
		"calls the fops' ->free_disk for a disk that was added (6.12 genhd.c:\n"
		"1228-1229).  When the disk's fops (disk->fops = &foo_fops, set in the\n"
		"file) has a .free_disk that frees its private_data, and the file sets\n"
		"disk->private_data = dev, then after put_disk() of that disk on a path\n"
		"where add_disk() succeeded (and del_gendisk() ran) dev is freed: its first\n"
		"use on the stretch that falls through from the put, up to the next return\n"
		"or goto, is reported (mtip_block_initialize() in 6.12: put_disk(dd->disk),\n"
		"then blk_mq_free_tag_set(&dd->tags)).  A put after a failed add runs no\n"
		"->free_disk and is not judged.  Fix: make the put the last use of dev, or\n"
		"let nothing fail once the disk is added.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

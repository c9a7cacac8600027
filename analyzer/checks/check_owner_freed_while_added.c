/*
 * owner-freed-while-added: the structure that holds a disk (dev for
 * dev->disk, or the disk's private_data) is freed while the disk may
 * still be added on that path: del_gendisk() has not run, so user space
 * can open the disk and I/O can arrive, and the driver's callbacks reach
 * the freed structure.
 */
#include "file_rules.h"
#include "owner_fields.h"
#include "rules.h"
#include "summaries.h"
#include "typestate.h"

#include <string.h>

#define OWNER_PATH_LEN 160

struct private_of {
	const char *disk;  /* a tracked disk's path */
	const char *owner; /* the freed object's path */
	int hit;
};

/* disk->private_data = owner somewhere in the function */
static int private_visit(const struct ir_node *n, void *data)
{
	struct private_of *p = data;
	const struct ir_node *l;
	char lb[OWNER_PATH_LEN], rb[OWNER_PATH_LEN];

	if (p->hit)
		return 0;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    (l = ir_strip(n->kids[0])) != NULL && l->kind == IR_MEMBER && l->name &&
	    !strcmp(l->name, "private_data") && l->nkids == 1 &&
	    ir_path_text(l->kids[0], lb, sizeof(lb)) && !strcmp(lb, p->disk) &&
	    ir_path_text(n->kids[1], rb, sizeof(rb)) && !strcmp(rb, p->owner))
		p->hit = 1;
	return !p->hit;
}

static int holds(const struct lint_event *ev, int obj, const char *owner)
{
	struct private_of p = { .disk = ev->fa->objs[obj].path, .owner = owner };

	if (owner_path_under(p.disk, owner))
		return 1;
	ir_walk(ev->fa->fn->body, private_visit, &p);
	return p.hit;
}

static void on_event(const struct lint_event *ev)
{
	const struct lowered_file *lf = ev->fa->summaries ? ev->fa->summaries->lf : NULL;
	const struct ir_node *owner;
	char path[OWNER_PATH_LEN];

	if (ev->kind != EV_CALL || !ev->call)
		return;
	owner = owner_released_by(ev->call);
	if (!owner && lf)
		owner = owner_freed_by_helper(lf, ev->call);
	if (!owner || !ir_path_text(owner, path, sizeof(path)))
		return;
	for (unsigned o = 0; o < ev->fa->nobjs; o++) {
		if (ev->fa->objs[o].weak || !holds(ev, (int)o, path))
			continue;
		for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);
			struct finding *f;

			if (!(st->bits & DS_ADDED) || !st->add_loc.line || ev_group_is_weak(ev, c, (int)o))
				continue;
			if (owner_path_under(ev_obj_path(ev, (int)o), path))
				f = lint_report(ev, "owner-freed-while-added", ev->loc,
						"'%s' freed while '%s' is still added: del_gendisk() missing before this",
						path, ev_obj_path(ev, (int)o));
			else
				f = lint_report(ev, "owner-freed-while-added", ev->loc,
						"'%s' freed while the disk '%s' it is the private_data of is still added: del_gendisk() missing before this",
						path, ev_obj_path(ev, (int)o));
			lint_note(f, st->add_loc, "add_disk() succeeded here");
			return;
		}
	}
}

const struct rule rule_owner_freed_while_added = {
	.id = "owner-freed-while-added",
	.severity = "warning",
	.confidence = "high",
	.summary = "the struct holding an added disk (or its private_data) freed before del_gendisk",
	.explain =
		"Why: after add_disk() succeeded the disk is live (block/genhd.c:385-405 in\n"
		"6.12): udev opens it to scan it, user space can open it, I/O arrives.  The\n"
		"driver's callbacks - ->open, ->release, ->ioctl, ->submit_bio, queue_rq -\n"
		"reach the driver's device struct through disk->private_data or\n"
		"container_of().  Freeing that struct (kfree, kvfree, devm_kfree, the last\n"
		"kobject_put()/put_device() of the refcount it embeds, or a same-file helper\n"
		"that kfree()s its parameter) while the disk is still added leaves a live disk\n"
		"whose callbacks run on freed memory, and the dev->disk pointer needed to\n"
		"remove the disk is lost with it.  Only del_gendisk() ends the disk's live\n"
		"period; the owner may go only after it (and, when ->release or ->ioctl read\n"
		"private_data, only once the last opener closed it: free it from ->free_disk,\n"
		"6.0+, or after put_disk()).\n"
		"\n"
		"Wrong:\n"
		"\terr = add_disk(dev->disk);\n"
		"\tif (err)\n"
		"\t\tgoto out_put_disk;\n"
		"\terr = foo_setup_sysfs(dev);\n"
		"\tif (err)\n"
		"\t\tgoto out_free_dev;\t/* the disk is still added */\n"
		"\t...\n"
		"out_free_dev:\n"
		"\tkfree(dev);\n"
		"\n"
		"Right:\n"
		"\tif (err)\n"
		"\t\tgoto out_del_disk;\n"
		"\t...\n"
		"out_del_disk:\n"
		"\tdel_gendisk(dev->disk);\n"
		"out_put_disk:\n"
		"\tput_disk(dev->disk);\n"
		"out_free_dev:\n"
		"\tkfree(dev);\n"
		"\n"
		"Fix: del_gendisk() first, then put_disk(), then free the owner - or free it\n"
		"from the disk's ->free_disk callback (6.0+), which runs when the last\n"
		"reference to the disk is gone.\n"
		"\n"
		"Reported at the free, when a disk the function added (held in a field of\n"
		"the freed object, or given it as private_data in the function) may still\n"
		"be added on that path.  Not judged: disks added elsewhere (a remove\n"
		"function does not know whether its disk was added), and freeing the\n"
		"private data after del_gendisk() but before the last close (most drivers\n"
		"that remove disks at run time refuse while the disk is open: pktcdvd's\n"
		"refcnt, zram's and dcssblk's disk_openers() checks).\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

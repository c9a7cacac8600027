/*
 * private-freed-while-open: the other half of owner-freed-while-added.
 * A driver's .remove (hot unplug, or an unbind through sysfs) deletes
 * the disk and frees the structure its callbacks reach through
 * disk->private_data; del_gendisk() does not wait for the openers, so
 * one that still holds the block device calls ->release (or ->ioctl)
 * later, on freed memory.  Decided with the module's fact base: the
 * ops tables (which fops callbacks there are, whether there is a
 * ->free_disk) and the call graph (the function is reached from a
 * driver's .remove slot, not only from module_exit(), which cannot run
 * while an opener pins the module through .owner).
 */
#include "file_rules.h"
#include "module_facts.h"
#include "owner_fields.h"
#include "rules.h"
#include "summary_table.h"
#include "typestate.h"

#include <string.h>

#define PFO_PATH_LEN 160
#define FOPS_TYPE "struct block_device_operations"
#define GENDISK_RECORD "c:@S@gendisk"

/* the fops callbacks an opener can still reach after del_gendisk() */
static const char *const late_slots[] = { "release", "ioctl", "compat_ioctl", "getgeo" };

struct private_link {
	const char *disk;  /* a tracked disk's path */
	const char *owner; /* the freed object's path */
	int hit;
};

static int is_private_of(const struct ir_node *n, const char *disk)
{
	char buf[PFO_PATH_LEN];

	n = ir_strip(n);
	return n && n->kind == IR_MEMBER && n->name && !strcmp(n->name, "private_data") &&
	       n->nkids == 1 && ir_path_text(n->kids[0], buf, sizeof(buf)) && !strcmp(buf, disk);
}

static int is_path(const struct ir_node *n, const char *path)
{
	char buf[PFO_PATH_LEN];

	return ir_path_text(n, buf, sizeof(buf)) && !strcmp(buf, path);
}

/* disk->private_data = owner, owner = disk->private_data, or a
 * declaration of owner initialised with disk->private_data, in fn */
static int link_visit(const struct ir_node *n, void *data)
{
	struct private_link *p = data;

	if (p->hit)
		return 0;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    ((is_private_of(n->kids[0], p->disk) && is_path(n->kids[1], p->owner)) ||
	     (is_path(n->kids[0], p->owner) && is_private_of(n->kids[1], p->disk))))
		p->hit = 1;
	if (n->kind == IR_DECL && n->name && n->nkids == 1 && !strcmp(n->name, p->owner) &&
	    is_private_of(n->kids[0], p->disk))
		p->hit = 1;
	return !p->hit;
}

static int holds(const struct lint_event *ev, int obj, const char *owner)
{
	struct private_link p = { .disk = ev->fa->objs[obj].path, .owner = owner };

	if (owner_path_under(p.disk, owner))
		return 1;
	ir_walk(ev->fa->fn->body, link_visit, &p);
	return p.hit;
}

/* A late fops callback of the module that reads disk->private_data
 * (itself or through a function it calls), or, for a freed object
 * rooted at a file-scope variable (gd.cd_info), that path itself: the
 * callbacks of a driver with one global device reach it directly.  Its
 * slot, or NULL. */
static const struct ops_slot *late_reader(const struct module_facts *mf, const char *global,
					  const struct ir_function **where)
{
	for (size_t i = 0; i < sizeof(late_slots) / sizeof(late_slots[0]); i++) {
		const struct ops_slot *s;
		int from = -1;

		while ((s = module_facts_slot(mf, FOPS_TYPE, late_slots[i], &from)) != NULL) {
			int fi = module_facts_function(mf, s->function);

			if (global ? module_facts_reads_global_path(mf, fi, global, where) :
				     module_facts_reads_field(mf, fi, GENDISK_RECORD, "private_data",
							      where))
				return s;
		}
	}
	return NULL;
}

/* The disk's live period ended on this path, openers may remain: it was
 * deleted (and maybe put), or put_disk() put it as it came into the
 * function -- a .remove path's disk is the one its probe added, deleted
 * by a caller or by a helper under a flag the engine does not follow.
 * The location to point at, or NULL. */
static const struct ir_loc *ended_at(const struct obj_state *st, int *by_put)
{
	*by_put = 0;
	if (st->del_loc.line && ((st->bits & DS_DELETED) ||
				 ((st->bits & DS_PUT) && (st->put_from & DS_DELETED))))
		return &st->del_loc;
	if (st->put_loc.line && (st->bits & DS_PUT) && (st->put_from & DS_ENTRY)) {
		*by_put = 1;
		return &st->put_loc;
	}
	return NULL;
}

static int report(const struct lint_event *ev, int obj, const char *path, int global,
		   const struct ops_slot *reader, const struct ir_function *where)
{
	const struct summary_table *t = ev->fa->summaries;

	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, obj);
		const struct ir_loc *at;
		struct finding *f;
		int by_put;

		if ((at = ended_at(st, &by_put)) == NULL)
			continue;
		f = lint_report(ev, "private-freed-while-open", ev->loc,
				"'%s' freed after %s(%s) while the disk may still be open: "
				"%s's .%s (%s) reads %s later; free it from ->free_disk",
				path, by_put ? "put_disk" : "del_gendisk", ev_obj_path(ev, obj),
				reader->table, reader->slot, where ? where->name : reader->function,
				global ? path : "disk->private_data");
		lint_note(f, *at, by_put ? "put_disk() here drops only the driver's reference, "
					   "an opener keeps the disk"
					 : "del_gendisk() here does not wait for the openers");
		if (reader->file == t->facts->lf)
			lint_note(f, reader->loc, "the callback an opener still calls");
		return 1;
	}
	return 0;
}

/* A disk of a file-scope variable too (gd.disk): its callbacks read the
 * freed global. */
static int global_disk(const struct tracked_object *o)
{
	return o->param < 0 && !o->local && !o->local_root;
}

static void on_event(const struct lint_event *ev)
{
	const struct summary_table *t = ev->fa->summaries;
	const struct module_facts *mf = t ? t->facts : NULL;
	const struct ir_function *where = NULL;
	const struct ops_slot *reader;
	const struct ir_node *owner;
	char path[PFO_PATH_LEN];
	int global;

	/* reached from a driver's .remove: a module_exit()-only path cannot
	 * run while an opener pins the module (fops-owner judges .owner);
	 * the cheap test first, every call of every function is an event */
	if (ev->kind != EV_CALL || !ev->call || !mf ||
	    !(module_facts_reach(mf, ev->fa->fn->name) & REACH_REMOVE))
		return;
	owner = owner_freed_by(ev->call);
	if (!owner)
		owner = owner_freed_by_helper(t->lf, ev->call);
	if (!owner || !ir_path_text(owner, path, sizeof(path)) ||
	    module_facts_has_slot(mf, FOPS_TYPE, "free_disk"))
		return;
	/* a global the callbacks read directly, or the private data */
	global = module_facts_global_path(owner) &&
		 late_reader(mf, path, &where) != NULL;
	if ((reader = late_reader(mf, global ? path : NULL, &where)) == NULL)
		return;
	/* a collapsed array element (swd->unit[].disk) counts too: the
	 * freed object holds every element, so ending the live period of
	 * any of them is enough */
	for (unsigned o = 0; o < ev->fa->nobjs; o++)
		if ((global ? global_disk(&ev->fa->objs[o]) : holds(ev, (int)o, path)) &&
		    report(ev, (int)o, path, global, reader, where))
			return;
}

const struct rule rule_private_freed_while_open = {
	.id = "private-freed-while-open",
	.severity = "warning",
	.confidence = "medium",
	.summary = "a .remove frees the disk's private data after del_gendisk while it may be open",
	.explain =
		"Why: del_gendisk() makes the disk dead for new opens and I/O, but it does\n"
		"not wait for the openers: a process (or a mounted file system) that still\n"
		"holds the block device calls the driver's ->release when it closes it, and\n"
		"may issue ->ioctl/->getgeo before that (block/bdev.c blkdev_put_whole() calls\n"
		"disk->fops->release after the disk was deleted).  Those callbacks reach the\n"
		"driver's structure through disk->private_data.  A driver's .remove callback\n"
		"(hot unplug, or an unbind written to sysfs) that frees that structure right\n"
		"after del_gendisk()/put_disk() leaves them reading freed memory; put_disk()\n"
		"only drops the driver's reference, the opener keeps the disk.  6.0 added\n"
		"->free_disk for this: the block layer calls it when the last reference to\n"
		"the disk is gone (disk_release()), after the last close.\n"
		"Module unload is not such a path: with .owner = THIS_MODULE an opener pins\n"
		"the module, so module_exit() cannot run while the disk is open (fops-owner\n"
		"judges a missing .owner).\n"
		"\n"
		"Wrong:\n"
		"\tstatic void foo_release(struct gendisk *disk)\n"
		"\t{\n"
		"\t\tstruct foo_dev *dev = disk->private_data;\n"
		"\t\tatomic_dec(&dev->users);\n"
		"\t}\n"
		"\t...\n"
		"\tstatic void foo_remove(struct platform_device *pdev)\n"
		"\t{\n"
		"\t\tdel_gendisk(dev->disk);\n"
		"\t\tput_disk(dev->disk);\n"
		"\t\tkfree(dev);\t/* an opener's ->release still reads it */\n"
		"\t}\n"
		"\n"
		"Right:\n"
		"\tstatic void foo_free_disk(struct gendisk *disk)\n"
		"\t{\n"
		"\t\tkfree(disk->private_data);\n"
		"\t}\n"
		"\t(.free_disk = foo_free_disk in the fops)\n"
		"\tstatic void foo_remove(struct platform_device *pdev)\n"
		"\t{\n"
		"\t\tdel_gendisk(dev->disk);\n"
		"\t\tput_disk(dev->disk);\t/* the last put frees dev */\n"
		"\t}\n"
		"\n"
		"Fix: free the private data from the fops' ->free_disk callback (6.0+), or\n"
		"keep a reference of its own that ->release drops.\n"
		"\n"
		"Reported at the free (kfree, kvfree, devm_kfree, a same-file helper that\n"
		"frees its parameter) of the structure holding the disk (dev for dev->disk,\n"
		"host for every host->unit[].disk) or given to it as private_data, or of a\n"
		"file-scope object the late callbacks read directly (gd.cd_info), after\n"
		"del_gendisk() of that disk on the path, or after put_disk() of the disk as\n"
		"the function got it (deleted by a caller, or by a helper under a flag),\n"
		"in a function reached from a driver model .remove, .remove_new or\n"
		".disconnect slot, when the module's block_device_operations have no\n"
		".free_disk and their .release, .ioctl, .compat_ioctl or .getgeo (or a\n"
		"function they call) reads disk->private_data (or that global).  Not judged: functions reached\n"
		"only from module_exit(), drivers whose callbacks do not read private_data.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};

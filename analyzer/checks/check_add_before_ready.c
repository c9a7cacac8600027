/*
 * add-before-ready: add_disk() of a disk that is not ready to go live: no
 * fops or no disk_name set before it in the function that allocated the
 * disk, or a bio-based disk (blk_alloc_disk) given a fops table of this file
 * that has no .submit_bio.
 */
#include "module_facts.h"
#include "file_rules.h"
#include "local_disks.h"
#include "rules.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct name_writes {
	const struct local_disks *ld;
	const char *disk;
	struct ir_loc before;
	int found;   /* <disk>->disk_name appears (snprintf, strscpy_pad's local, ...) */
	int handed;  /* the disk or its container is passed to a call (a helper may set it) */
};

static int starts_path(const char *path, const char *prefix)
{
	size_t n = strlen(prefix);

	return !strncmp(path, prefix, n) && (path[n] == '\0' || path[n] == '-' || path[n] == '.');
}

/* Calls that take the disk but set neither fops nor disk_name. */
static int is_inert_call(const char *fn)
{
	static const char *const prefixes[] = {
		"blk_", "disk_", "bdev_", "queue_", "set_capacity", "set_disk_ro", "get_capacity",
		"IS_ERR", "PTR_ERR", "printk", "_printk", "pr_", "dev_", "__dynamic", "kfree",
		"mem", "str", "sized_str", "snprintf", "sprintf", "scnprintf", NULL,
	};

	for (const char *const *p = prefixes; *p; p++)
		if (!strncmp(fn, *p, strlen(*p)))
			return 1;
	return 0;
}

static int find_name_write(const struct ir_node *n, void *data)
{
	struct name_writes *w = data;
	char base[LD_PATH_LEN];

	if (!ir_loc_before(n->loc, w->before))
		return 1;
	if (n->kind == IR_MEMBER && n->name && !strcmp(n->name, "disk_name") && n->nkids == 1 &&
	    ir_path_text(n->kids[0], base, sizeof(base)) && local_disks_same(w->ld, base, w->disk))
		w->found = 1;
	if (n->kind == IR_CALL && !is_inert_call(ir_call_name(n))) {
		for (unsigned i = 0; i < ir_call_nargs(n); i++) {
			const struct ir_node *a = ir_call_arg(n, i);

			if (a && a->kind == IR_UNARY && a->op == CXUnaryOperator_AddrOf && a->nkids == 1)
				a = a->kids[0];
			if (a && ir_path_text(a, base, sizeof(base)) &&
			    (local_disks_same(w->ld, base, w->disk) || starts_path(w->disk, base)))
				w->handed = 1;
		}
	}
	return 1;
}

static const struct ld_item *last_member(const struct local_disks *ld, const char *disk,
					 const char *member, struct ir_loc before)
{
	const struct ld_item *last = NULL;

	for (unsigned i = 0; i < ld->members.len; i++) {
		const struct ld_item *m = &ld->members.items[i];

		if (!strcmp(m->member, member) && ir_loc_before(m->loc, before) &&
		    local_disks_same(ld, m->path, disk))
			last = m;
	}
	return last;
}

static const struct ir_global *fops_table(const struct file_context *fc, const struct ir_node *v)
{
	v = ir_strip(v);
	if (!v || v->kind != IR_UNARY || v->op != CXUnaryOperator_AddrOf || v->nkids != 1)
		return NULL;
	v = ir_strip(v->kids[0]);
	if (!v || v->kind != IR_DECLREF || !v->name)
		return NULL;
	for (size_t i = 0; i < fc->lf->nglobals; i++)
		if (!strcmp(fc->lf->globals[i].name, v->name) &&
		    !strcmp(fc->lf->globals[i].type, "struct block_device_operations"))
			return &fc->lf->globals[i];
	return NULL;
}

static void judge_add(const struct file_context *fc, const struct ir_function *fn,
		      const struct local_disks *ld, const struct ld_item *add)
{
	const struct ld_item *alloc = local_disks_alloc_before(ld, add->path, add->loc);
	const struct ld_item *fops;
	struct name_writes w = { ld, add->path, add->loc, 0, 0 };
	struct finding *f = NULL;
	char *note;

	if (!alloc)
		return;
	fops = last_member(ld, add->path, "fops", add->loc);
	ir_walk(fn->body, find_name_write, &w);
	if (alloc->via && alloc->via->sets_fops && !fops)
		return; /* the wrapper set them: its table is not judged here */
	if (alloc->via && alloc->via->sets_name)
		w.found = 1;
	if (!fops && !w.handed) {
		f = file_report(fc, add->loc, fn->name,
				"%s() of '%s' before its fops are set: device_add_disk() "
				"dereferences disk->fops (NULL pointer oops)", add->callee, add->path);
	} else if (!fops) {
		/* a helper given the disk may set them: nothing to judge */
	} else if (!w.found && !w.handed) {
		f = file_report(fc, add->loc, fn->name,
				"%s() of '%s' before its disk_name is set: an empty device name "
				"fails device_add() with a WARN", add->callee, add->path);
	} else if (!strcmp(alloc->callee, "blk_alloc_disk")) {
		const struct ir_global *g = fops_table(fc, fops->value);

		if (g && !ir_global_field(g, "submit_bio"))
			f = file_report(fc, fops->loc, fn->name,
					"bio-based disk '%s' (blk_alloc_disk) gets '%s', which has no "
					".submit_bio: the first bio (the partition scan in add_disk) oopses",
					fops->path, g->name);
	}
	if (f && asprintf(&note, "'%s' allocated here", alloc->path) >= 0)
		finding_add_note(f, alloc->loc, note);
}

static void on_file(const struct file_context *fc)
{
	/* the fact base finds the allocator wrappers once for every rule */
	const struct disk_wrappers *dw = module_facts_wrappers(fc->facts);

	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		struct local_disks ld;

		local_disks_collect_via(&ld, &fc->lf->funcs[i], dw);
		for (unsigned a = 0; a < ld.adds.len; a++)
			judge_add(fc, &fc->lf->funcs[i], &ld, &ld.adds.items[a]);
		local_disks_free(&ld);
	}
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "alloc_disk");
	string_list_push(out, "add_disk");
}

const struct rule rule_add_before_ready = {
	.id = "add-before-ready",
	.severity = "warning",
	.confidence = "medium",
	.summary = "add_disk before fops / disk_name are set, or a bio-based disk without .submit_bio",
	.explain =
		"Why: add_disk() makes the disk live at once (gendisk-api.md 2.2):\n"
		"device_add_disk() dereferences disk->fops unconditionally (6.1 genhd.c:418,\n"
		"6.12 :423; 6.12 also reads fops->submit_bio, :436-437), names the device from\n"
		"disk_name (an empty name fails kobject_add with a WARN), and the partition\n"
		"scan reads the disk before add_disk() returns.  A bio-based disk\n"
		"(blk_alloc_disk) has no blk-mq queue: every bio goes to fops->submit_bio,\n"
		"so a table without it oopses on the first read.  The 2.6 article says the\n"
		"same: once add_disk() is called the disk is live, so set everything first.\n"
		"Checked in the function that allocated the disk, by source order before\n"
		"add_disk; an allocator wrapper of the file or of the driver's own header (a\n"
		"function returning the disk it got from blk_alloc_disk/blk_mq_alloc_disk)\n"
		"counts as the allocation, with the fops and disk_name it sets itself.\n"
		"Once the disk (or the struct holding it) is passed to another function\n"
		"before add_disk, that helper may set them and nothing is reported.\n"
		"Hence confidence medium.\n"
		"\n"
		"Wrong:\n"
		"\tdisk = blk_alloc_disk(NULL, NUMA_NO_NODE);\n"
		"\terr = add_disk(disk);\n"
		"\tdisk->fops = &foo_fops;\n"
		"\n"
		"Right:\n"
		"\tdisk = blk_alloc_disk(NULL, NUMA_NO_NODE);\n"
		"\tdisk->fops = &foo_fops;\t\t/* with .submit_bio for bio-based */\n"
		"\tstrscpy(disk->disk_name, \"foo0\", DISK_NAME_LEN);\n"
		"\tset_capacity(disk, nr_sectors);\n"
		"\terr = add_disk(disk);\n"
		"\n"
		"Fix: set fops, disk_name, capacity and private_data before add_disk(); give a\n"
		"bio-based disk's fops a .submit_bio (or allocate with blk_mq_alloc_disk).\n",
	.on_file = on_file,
	.tokens = tokens,
};

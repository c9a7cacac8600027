/*
 * devt-dynamic-minors: add_disk() of a disk whose dev_t fields cannot
 * work: major 0 (dynamic dev_t) with minors > 0, or a major with minors 0.
 * Both are a WARN plus -EINVAL in device_add_disk.  Judged per function on
 * disks allocated there (blk_alloc_disk/blk_mq_alloc_disk start with
 * major = minors = 0), following plain copies between access paths.
 */
#include "module_facts.h"
#include "file_rules.h"
#include "local_disks.h"
#include "rules.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

struct field {
	const struct ld_item *it;
	int known;
	long long value;
};

/* The last assignment of <path>->member before loc, in source order. */
static struct field last_field(const struct local_disks *ld, const char *path, struct ir_loc before,
			       const char *member)
{
	struct field f = { 0 };

	for (unsigned i = 0; i < ld->members.len; i++) {
		const struct ld_item *m = &ld->members.items[i];

		if (strcmp(m->member, member) || !ir_loc_before(m->loc, before) ||
		    !local_disks_same(ld, path, m->path))
			continue;
		f.it = m;
		f.known = ir_const_value(m->value, &f.value);
	}
	return f;
}

static void judge_add(const struct file_context *fc, const char *function,
		      const struct local_disks *ld, const struct ld_item *add)
{
	struct field major, minors;
	struct finding *f = NULL;

	if (!local_disks_alloc_before(ld, add->path, add->loc))
		return;
	major = last_field(ld, add->path, add->loc, "major");
	minors = last_field(ld, add->path, add->loc, "minors");
	if (minors.it && minors.known && minors.value > 0 &&
	    (!major.it || (major.known && major.value == 0)))
		f = file_report(fc, minors.it->loc, function,
			"'%s->minors' is %lld but '%s->major' is 0: add_disk() WARNs and fails "
			"with -EINVAL for a dynamic dev_t with minors; leave minors 0",
			minors.it->path, minors.value, minors.it->path);
	else if (major.it && !(major.known && major.value == 0) &&
		 (!minors.it || (minors.known && minors.value == 0)))
		f = file_report(fc, major.it->loc, function,
			"'%s->major' is set but '%s->minors' is 0: add_disk() WARNs and fails "
			"with -EINVAL; set minors (1 for a single minor)",
			major.it->path, major.it->path);
	if (f)
		finding_add_note(f, add->loc, strdup("add_disk() fails here"));
}

/* Does a function of the file other than fn assign some ->major? */
struct major_scan {
	int found;
};

static int find_major_write(const struct ir_node *n, void *data)
{
	struct major_scan *ms = data;
	const struct ir_node *lhs;

	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		lhs = ir_strip(n->kids[0]);
		if (lhs && lhs->kind == IR_MEMBER && lhs->name && !strcmp(lhs->name, "major"))
			ms->found = 1;
	}
	return !ms->found;
}

static int major_set_elsewhere(const struct lowered_file *lf, const struct ir_function *fn)
{
	struct major_scan ms = { 0 };

	for (size_t i = 0; i < lf->nfuncs && !ms.found; i++)
		if (&lf->funcs[i] != fn)
			ir_walk(lf->funcs[i].body, find_major_write, &ms);
	return ms.found;
}

static int added_after(const struct local_disks *ld, const struct ld_item *alloc)
{
	for (unsigned a = 0; a < ld->adds.len; a++)
		if (ir_loc_before(alloc->loc, ld->adds.items[a].loc) &&
		    local_disks_same(ld, alloc->path, ld->adds.items[a].path))
			return 1;
	return 0;
}

/*
 * A disk prepared in one function and added in another (gdram's
 * prepare_one / add_disk split): minors > 0 left at the end of the
 * allocating function with major 0 -- set to 0 there, or never set by
 * any function of the file -- fails whichever add_disk() comes later.
 */
static void judge_prepared(const struct file_context *fc, const struct ir_function *fn,
			   const struct local_disks *ld, const struct ld_item *alloc)
{
	struct field major, minors;
	struct finding *f;
	char *note;

	if (added_after(ld, alloc))
		return;
	major = last_field(ld, alloc->path, fn->end_loc, "major");
	minors = last_field(ld, alloc->path, fn->end_loc, "minors");
	if (!minors.it || !minors.known || minors.value <= 0 ||
	    !ir_loc_before(alloc->loc, minors.it->loc))
		return;
	if (major.it ? !(major.known && major.value == 0) : major_set_elsewhere(fc->lf, fn))
		return;
	f = file_report(fc, minors.it->loc, fn->name,
			"'%s->minors' is %lld but '%s->major' is 0 as %s() leaves the disk for a "
			"later add_disk(): it WARNs and fails with -EINVAL for a dynamic dev_t with "
			"minors; leave minors 0",
			minors.it->path, minors.value, minors.it->path, fn->name);
	if (f && asprintf(&note, "'%s' allocated here", alloc->path) >= 0)
		finding_add_note(f, alloc->loc, note);
}

static void on_file(const struct file_context *fc)
{
	/* the fact base finds the allocator wrappers once for every rule */
	const struct disk_wrappers *dw = module_facts_wrappers(fc->facts);

	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		const struct ir_function *fn = &fc->lf->funcs[i];
		struct local_disks ld;

		local_disks_collect_via(&ld, fn, dw);
		for (unsigned a = 0; a < ld.adds.len; a++)
			judge_add(fc, fn->name, &ld, &ld.adds.items[a]);
		for (unsigned a = 0; a < ld.allocs.len; a++)
			judge_prepared(fc, fn, &ld, &ld.allocs.items[a]);
		local_disks_free(&ld);
	}
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "alloc_disk");
	string_list_push(out, "add_disk");
}

const struct rule rule_devt_dynamic_minors = {
	.id = "devt-dynamic-minors",
	.severity = "warning",
	.confidence = "medium",
	.summary = "dynamic dev_t (major 0) with minors > 0, or a major with minors 0",
	.explain =
		"Why: device_add_disk checks the dev_t fields (6.1 block/genhd.c:444-467,\n"
		"6.12 :453-476, gendisk-api.md 2.2): with major != 0 it does\n"
		"WARN_ON(!disk->minors) and returns -EINVAL; with major == 0 (no\n"
		"register_blkdev: a dynamic dev_t under BLOCK_EXT_MAJOR) it does\n"
		"WARN_ON(disk->minors) and returns -EINVAL.  The 2.6 article's drivers\n"
		"always registered a major and set minors; a port to blk_alloc_disk() that\n"
		"drops register_blkdev() but keeps 'disk->minors = 16' splats and fails.\n"
		"Partitions of a dynamic-dev_t disk get extended minors anyway.\n"
		"Judged on disks allocated in the same function (blk_alloc_disk,\n"
		"blk_mq_alloc_disk or an allocator wrapper of the file or the driver's own\n"
		"header: both fields start 0), from the last assignments before add_disk in\n"
		"source order.  A disk allocated in one function and added in another (a\n"
		"prepare/add split) is judged at the end of the allocating function: minors\n"
		"> 0 with major set to 0 there, or never set by any function of the file.\n"
		"Hence confidence medium.\n"
		"\n"
		"Wrong:\n"
		"\tdisk = blk_alloc_disk(NULL, NUMA_NO_NODE);\n"
		"\t...\n"
		"\tdisk->minors = 16;\t\t/* but no major */\n"
		"\terr = add_disk(disk);\t\t/* WARN, -EINVAL */\n"
		"\n"
		"Right (dynamic dev_t):\n"
		"\tdisk = blk_alloc_disk(NULL, NUMA_NO_NODE);\n"
		"\t...\n"
		"\terr = add_disk(disk);\n"
		"Right (own major):\n"
		"\tdisk->major = foo_major;\t/* from register_blkdev(0, \"foo\") */\n"
		"\tdisk->first_minor = index * 16;\n"
		"\tdisk->minors = 16;\n"
		"\n"
		"Fix: either leave major, first_minor and minors 0 (preferred for new\n"
		"drivers: the struct gendisk comment says they \"should not be set by any new\n"
		"driver\") or set all three.\n",
	.on_file = on_file,
	.tokens = tokens,
};
